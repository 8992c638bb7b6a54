//! A board locked after wrong codes (docs/self-report.md, "wrong codes"): the boards locked,
//! the round's count, and the arbiter's unlock. The count itself is the log's
//! (`Event::WrongCodeGiven`, written by `decide_report` for a code that is neither side's).

use super::{ReportWhy, locked};
use crate::domain::event::Event;
use crate::domain::ids::{Board, Round};
use crate::domain::refusal::Refusal;
use crate::domain::tournament::Tournament;

type Decision = Result<Vec<Event>, Refusal>;

impl Tournament {
    /// An arbiter unlocks a board's reports after wrong codes (`bianpai unlock`, the console's
    /// `u`): its count starts again; refused when the board has no wrong code to forget.
    pub(in crate::domain) fn decide_unlock(&self, round: Option<Round>, board: Board) -> Decision {
        let at = round.unwrap_or(self.current_round());
        let refuse = |why| Refusal::Report {
            round: at,
            board,
            why,
        };
        if self.self_report_in(at).is_off() {
            return Err(refuse(ReportWhy::Off));
        }
        let g = self.board(round, board)?;
        if g.wrong_codes == 0 {
            return Err(refuse(ReportWhy::NotLocked));
        }
        Ok(vec![Event::ReportsUnlocked { round: at, board }])
    }

    /// The boards of the current round locked after wrong codes (签认已锁定), in board order.
    pub fn locked_boards(&self) -> Vec<Board> {
        self.current().map_or_else(Vec::new, |r| {
            r.games
                .iter()
                .filter(|g| locked(g))
                .map(|g| g.board)
                .collect()
        })
    }

    /// The wrong codes given on the current round's boards since each was paired or unlocked.
    pub fn wrong_codes(&self) -> u32 {
        self.current()
            .map_or(0, |r| r.games.iter().map(|g| g.wrong_codes).sum())
    }
}

#[cfg(test)]
mod tests {
    use super::super::decide::tests::{code, event, head, report, run, why};
    use super::super::{SelfReport, WRONG_CODE_LIMIT, locked};
    use super::*;
    use crate::domain::{Actor, Command, GameResult, Role, Side};

    #[test]
    fn twenty_wrong_codes_lock_the_board_until_an_arbiter_unlocks_it() {
        let mut t = event(SelfReport::Confirm);
        let red = code(&t, 1, Side::Red);
        let unlock = Command::UnlockReports {
            round: None,
            board: Board(1),
        };
        assert_eq!(
            t.decide(&head(), &unlock),
            Err(Refusal::Report {
                round: Round(1),
                board: Board(1),
                why: ReportWhy::NotLocked
            })
        );
        for i in 0..WRONG_CODE_LIMIT {
            assert!(!locked(t.game(Round(1), Board(1)).unwrap()), "{i}");
            let evs = run(&mut t, &report(1, GameResult::RedWin, &format!("{i:08}")));
            assert_eq!(
                evs,
                vec![Event::WrongCodeGiven {
                    round: Round(1),
                    board: Board(1)
                }]
            );
        }
        assert_eq!(t.game(Round(1), Board(1)).unwrap().wrong_codes, 20);
        assert_eq!(t.locked_boards(), vec![Board(1)]);
        assert_eq!(t.wrong_codes(), 20);
        // Locked: the real code is not judged, a wrong one is not counted.
        assert_eq!(
            why(&t, &report(1, GameResult::RedWin, &red)),
            ReportWhy::Locked
        );
        assert_eq!(
            why(&t, &report(1, GameResult::RedWin, "12345678")),
            ReportWhy::Locked
        );
        // Another board goes on.
        let c = code(&t, 2, Side::Red);
        assert!(matches!(
            run(&mut t, &report(2, GameResult::Draw, &c)).as_slice(),
            [Event::ResultReported { .. }]
        ));
        // The organizer keys no results; an assistant may unlock.
        let organizer = Actor {
            user: "chen".into(),
            role: Role::Organizer,
        };
        assert!(matches!(
            t.decide(&organizer, &unlock),
            Err(Refusal::NotAllowed { .. })
        ));
        let assistant = Actor {
            user: "li".into(),
            role: Role::Assistant,
        };
        let evs = t.decide(&assistant, &unlock).unwrap();
        assert_eq!(
            evs,
            vec![Event::ReportsUnlocked {
                round: Round(1),
                board: Board(1)
            }]
        );
        t.apply(&evs[0]);
        assert_eq!(t.game(Round(1), Board(1)).unwrap().wrong_codes, 0);
        assert!(t.locked_boards().is_empty());
        assert!(matches!(
            run(&mut t, &report(1, GameResult::RedWin, &red)).as_slice(),
            [Event::ResultReported {
                side: Side::Red,
                ..
            }]
        ));
    }
}
