//! Where a board's signatures stand (docs/self-report.md): whose signatures the rules'
//! `self_report_signers` need (`both`, or under `winner` the winner's alone for a decisive
//! result and both for a draw), and whether they are in (待确认), awaited (待对方签认) or
//! contradict each other (待核对).

use super::record::{SignedBy, Signers};
use crate::domain::ids::Round;
use crate::domain::result::GameResult;
use crate::domain::side::Side;
use crate::domain::tournament::{Game, Tournament};

/// Where a board's signatures stand, under the rules' `self_report_signers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Signing {
    Unsigned,
    /// One side signed; another signature is needed (待对方签认). `winner_awaited`: under
    /// `self_report_signers: winner`, the lone signature is the loser's of a decisive result,
    /// and it is the winner's that is awaited.
    Lone {
        side: Side,
        result: GameResult,
        winner_awaited: bool,
    },
    /// Both reported different results (待核对).
    Disagree {
        red: GameResult,
        black: GameResult,
    },
    /// The signatures the rules need are there (待确认 until recorded): both sides', or the
    /// winner's alone under `self_report_signers: winner`.
    Agreed {
        result: GameResult,
        by: SignedBy,
    },
}

/// The side a decisive result is won by; `None` for a draw.
pub fn winner(result: GameResult) -> Option<Side> {
    Side::BOTH
        .into_iter()
        .find(|s| result.outcome(*s) == crate::domain::result::Outcome::Win)
}

/// Where the signatures of `g` stand under `signers` (docs/self-report.md).
pub fn signing(g: &Game, signers: Signers) -> Signing {
    let lone = |side: Side, result: GameResult| {
        let won = winner(result);
        match (signers, won) {
            (Signers::Winner, Some(w)) if w == side => Signing::Agreed {
                result,
                by: SignedBy::Winner(side),
            },
            (Signers::Winner, Some(_)) => Signing::Lone {
                side,
                result,
                winner_awaited: true,
            },
            _ => Signing::Lone {
                side,
                result,
                winner_awaited: false,
            },
        }
    };
    match (g.reports.red, g.reports.black) {
        (None, None) => Signing::Unsigned,
        (Some(r), None) => lone(Side::Red, r.result),
        (None, Some(b)) => lone(Side::Black, b.result),
        (Some(r), Some(b)) if r.result == b.result => Signing::Agreed {
            result: r.result,
            by: SignedBy::Both,
        },
        (Some(r), Some(b)) => Signing::Disagree {
            red: r.result,
            black: b.result,
        },
    }
}

/// The result the needed signatures await an arbiter for (待确认), while the board has none.
pub fn pending(g: &Game, signers: Signers) -> Option<GameResult> {
    match signing(g, signers) {
        Signing::Agreed { result, .. } if g.result.is_none() => Some(result),
        _ => None,
    }
}

/// Whether the board waits for a signature (待对方签认): one side signed, the rules need
/// another signature, and the board has no result. Not a contradiction.
pub fn awaiting(g: &Game, signers: Signers) -> bool {
    g.result.is_none() && matches!(signing(g, signers), Signing::Lone { .. })
}

/// Whether the arbiters should look at the board (待核对): two signatures that contradict each
/// other on a board without a result.
pub fn to_check(g: &Game, signers: Signers) -> bool {
    g.result.is_none() && matches!(signing(g, signers), Signing::Disagree { .. })
}

impl Tournament {
    /// Where the signatures of `g`, a game of `round`, stand.
    pub fn signing(&self, round: Round, g: &Game) -> Signing {
        signing(g, self.signers_in(round))
    }
}

#[cfg(test)]
mod tests {
    use super::super::SelfReport;
    use super::super::decide::tests::{code, event_signed, report, run, why};
    use super::*;
    use crate::domain::event::{Cause, Event};
    use crate::domain::ids::Board;
    use crate::domain::self_report::ReportWhy;
    use crate::domain::{Command, GameResult};

    fn board(t: &Tournament, b: u32) -> &Game {
        t.game(Round(1), Board(b)).unwrap()
    }

    #[test]
    fn under_winner_the_winners_signature_alone_waits_for_the_arbiter() {
        let mut t = event_signed(SelfReport::Confirm, Signers::Winner);
        let (red, black) = (code(&t, 1, Side::Red), code(&t, 1, Side::Black));
        // The loser's signature alone never counts: the winner's is awaited.
        run(&mut t, &report(1, GameResult::RedWin, &black));
        assert_eq!(
            t.signing(Round(1), board(&t, 1)),
            Signing::Lone {
                side: Side::Black,
                result: GameResult::RedWin,
                winner_awaited: true
            }
        );
        assert!(t.pending_boards().is_empty());
        // The winner signs: 待确认, signed by the winner.
        run(&mut t, &report(1, GameResult::RedWin, &red));
        assert_eq!(t.pending_boards(), vec![(Board(1), GameResult::RedWin)]);
        // Board 2: the winner alone makes it.
        let winner = code(&t, 2, Side::Black);
        run(&mut t, &report(2, GameResult::BlackWin, &winner));
        assert_eq!(
            t.signing(Round(1), board(&t, 2)),
            Signing::Agreed {
                result: GameResult::BlackWin,
                by: SignedBy::Winner(Side::Black)
            }
        );
        assert_eq!(
            why(&t, &report(2, GameResult::Draw, &winner)),
            ReportWhy::AwaitingArbiter(GameResult::BlackWin, SignedBy::Winner(Side::Black)),
            "a change goes to the arbiter"
        );
        // The other side's contradiction still blocks.
        let loser = code(&t, 2, Side::Red);
        run(&mut t, &report(2, GameResult::Draw, &loser));
        assert!(matches!(
            t.signing(Round(1), board(&t, 2)),
            Signing::Disagree { .. }
        ));
        assert_eq!(t.pending_boards(), vec![(Board(1), GameResult::RedWin)]);
        let confirm = Command::ConfirmReport {
            round: None,
            board: Board(2),
        };
        assert!(
            t.decide(&super::super::decide::tests::head(), &confirm)
                .is_err()
        );
    }

    #[test]
    fn under_winner_a_draw_needs_both_and_auto_records_the_winners_signature() {
        let mut t = event_signed(SelfReport::Auto, Signers::Winner);
        let c = code(&t, 1, Side::Red);
        run(&mut t, &report(1, GameResult::Draw, &c));
        assert_eq!(
            t.signing(Round(1), board(&t, 1)),
            Signing::Lone {
                side: Side::Red,
                result: GameResult::Draw,
                winner_awaited: false
            }
        );
        assert_eq!(board(&t, 1).result, None, "a draw waits for both");
        let c = code(&t, 1, Side::Black);
        run(&mut t, &report(1, GameResult::Draw, &c));
        assert_eq!(board(&t, 1).result, Some(GameResult::Draw));
        // A loser's report records nothing; the winner's records the result at once.
        let loser = code(&t, 2, Side::Red);
        assert_eq!(
            run(&mut t, &report(2, GameResult::BlackWin, &loser)).len(),
            1
        );
        assert_eq!(board(&t, 2).result, None);
        let winner = code(&t, 2, Side::Black);
        let evs = run(&mut t, &report(2, GameResult::BlackWin, &winner));
        assert!(matches!(
            evs.as_slice(),
            [
                Event::ResultReported { .. },
                Event::ResultRecorded {
                    result: GameResult::BlackWin,
                    cause: Cause::Reported,
                    ..
                }
            ]
        ));
    }

    #[test]
    fn a_lone_signature_awaits_the_other_and_only_a_contradiction_is_to_check() {
        let mut t = event_signed(SelfReport::Confirm, Signers::Both);
        let red = code(&t, 1, Side::Red);
        run(&mut t, &report(1, GameResult::RedWin, &red));
        let g = board(&t, 1);
        assert!(awaiting(g, Signers::Both) && !to_check(g, Signers::Both));
        let black = code(&t, 1, Side::Black);
        run(&mut t, &report(1, GameResult::Draw, &black));
        let g = board(&t, 1);
        assert!(!awaiting(g, Signers::Both) && to_check(g, Signers::Both));
    }

    #[test]
    fn under_both_a_lone_winner_still_waits() {
        let mut t = event_signed(SelfReport::Auto, Signers::Both);
        let winner = code(&t, 2, Side::Black);
        run(&mut t, &report(2, GameResult::BlackWin, &winner));
        assert_eq!(board(&t, 2).result, None);
        assert!(matches!(
            t.signing(Round(1), board(&t, 2)),
            Signing::Lone {
                winner_awaited: false,
                ..
            }
        ));
    }
}
