//! Deciding the players' reports and the arbiter's acceptance (docs/self-report.md).

use chrono::{DateTime, Utc};

use super::{ReportWhy, SeatCode, SelfReport, Signing, locked, pending, reportable, signing};
use crate::domain::event::{Cause, Event, GameKind};
use crate::domain::ids::{Board, Round};
use crate::domain::refusal::Refusal;
use crate::domain::result::GameResult;
use crate::domain::side::Side;
use crate::domain::tournament::{Game, Tournament};

type Decision = Result<Vec<Event>, Refusal>;

impl Tournament {
    /// Every player's code of `round`, board by board, red first; empty without codes.
    pub fn seat_codes(&self, round: Round) -> Vec<SeatCode> {
        let Some(r) = self.round(round) else {
            return Vec::new();
        };
        let Some(key) = &r.codes else {
            return Vec::new();
        };
        r.games
            .iter()
            .flat_map(|g| {
                Side::BOTH.map(|side| SeatCode {
                    round,
                    board: g.board,
                    side,
                    player: g.player(side),
                    code: key.code(round, g.board, side, g.player(side)),
                })
            })
            .collect()
    }

    /// A player's report through the room page: the side is the one whose code was given.
    pub(in crate::domain) fn decide_report(
        &self,
        round: Round,
        board: Board,
        result: GameResult,
        code: &str,
        at: DateTime<Utc>,
    ) -> Decision {
        let refuse = |why| Refusal::Report { round, board, why };
        // The setting the round was paired under (an amendment applies to later rounds).
        if self.self_report_in(round).is_off() {
            return Err(refuse(ReportWhy::Off));
        }
        let r = self.round(round).ok_or(Refusal::UnknownRound(round))?;
        let g = r
            .game(board)
            .ok_or(Refusal::UnknownBoard { round, board })?;
        if let Some(existing) = g.result {
            return Err(refuse(ReportWhy::Finished(existing)));
        }
        if r.started_at.is_none() {
            return Err(refuse(ReportWhy::NotStarted));
        }
        let Some(key) = &r.codes else {
            return Err(refuse(ReportWhy::NoCodes));
        };
        if locked(g) {
            // The code is not judged: the board's guesses are spent (docs/self-report.md).
            return Err(refuse(ReportWhy::Locked));
        }
        let Some(side) = Side::BOTH
            .into_iter()
            .find(|s| key.code(round, board, *s, g.player(*s)).matches(code))
        else {
            // Counted in the log, so the bound holds across every client and every restart;
            // the room page answers it as refused (403).
            return Ok(vec![Event::WrongCodeGiven { round, board }]);
        };
        if !reportable(result) {
            return Err(refuse(ReportWhy::NotReportable(result)));
        }
        self.reportable_board(g, at).map_err(refuse)?;
        let signers = self.signers_in(round);
        if let Signing::Agreed { result: agreed, by } = signing(g, signers)
            && by.sides().contains(&side)
        {
            // The signatures that make the result are in; a change goes to the arbiter. Under
            // `winner`, the other side may still sign: agreeing, or contradicting (which
            // blocks, docs/self-report.md).
            return Err(refuse(ReportWhy::AwaitingArbiter(agreed, by)));
        }
        if g.reports.get(side).is_some_and(|r| r.result == result) {
            // Signed already: a second tap records nothing.
            return Ok(Vec::new());
        }
        let report = Event::ResultReported {
            round,
            board,
            side,
            player: g.player(side),
            result,
            at,
        };
        let mut after = self.clone();
        after.apply(&report);
        let mut events = vec![report];
        if self.self_report_in(round) == SelfReport::Auto
            && let Some(agreed) = after.game(round, board).and_then(|g| pending(g, signers))
        {
            events.extend(after.decide_result(
                Some(round),
                board,
                agreed,
                None,
                Cause::Reported,
            )?);
        }
        Ok(events)
    }

    /// Refuses a board whose result is the arbiters' to record: an absent seat, a flag down,
    /// a foul limit reached, an armageddon before its lot.
    pub fn reportable_board(&self, g: &Game, at: DateTime<Utc>) -> Result<(), ReportWhy> {
        if g.game == GameKind::Armageddon && !g.lot {
            return Err(ReportWhy::LotFirst);
        }
        for side in Side::BOTH {
            if !g.seats.get(side).present {
                return Err(ReportWhy::Absent(side));
            }
        }
        if let Some(side) = g.clock.as_ref().and_then(|c| c.read(at).flag) {
            return Err(ReportWhy::FlagDown(side));
        }
        if let Some(side) = Side::BOTH
            .into_iter()
            .find(|s| self.foul_limit_reached_by(g, *s))
        {
            return Err(ReportWhy::FoulLimit(side));
        }
        Ok(())
    }

    /// An arbiter accepts the result two matching reports signed (`result --confirm`, the
    /// console's key): recorded as any result, with its consequences.
    pub(in crate::domain) fn decide_confirm(&self, round: Option<Round>, board: Board) -> Decision {
        let at = round.unwrap_or(self.current_round());
        if self.self_report_in(at).is_off() {
            return Err(Refusal::Report {
                round: at,
                board,
                why: ReportWhy::Off,
            });
        }
        let g = self.board(round, board)?;
        if let Some(existing) = g.result {
            return Err(Refusal::HasResult {
                round: at,
                board,
                existing,
            });
        }
        let Some(agreed) = pending(g, self.signers_in(at)) else {
            return Err(Refusal::Report {
                round: at,
                board,
                why: ReportWhy::NothingPending {
                    red: g.reports.red.map(|r| r.result),
                    black: g.reports.black.map(|r| r.result),
                },
            });
        };
        self.decide_result(round, board, agreed, None, Cause::Confirmed)
    }

    /// The boards of the current round whose two reports await an arbiter (待确认), in board
    /// order, with the result they signed.
    pub fn pending_boards(&self) -> Vec<(Board, GameResult)> {
        self.current().map_or_else(Vec::new, |r| {
            let signers = self.signers_in(r.round);
            r.games
                .iter()
                .filter_map(|g| pending(g, signers).map(|res| (g.board, res)))
                .collect()
        })
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::domain::event::PlayerEntry;
    use crate::domain::self_report::{SignedBy, Signers, awaiting, to_check, with_codes};
    use crate::domain::{Actor, Command, Role, Rules};
    use chrono::TimeZone;

    // Given an event with self_report, four players, round 1 paired and started.
    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 4, 1, 1, 0, 0).unwrap()
    }

    pub(in crate::domain::self_report) fn head() -> Actor {
        Actor {
            user: "wang".into(),
            role: Role::Head,
        }
    }

    pub(in crate::domain::self_report) fn event(mode: SelfReport) -> Tournament {
        // Both sign every result here; `winner` has its own tests (signing.rs).
        event_signed(mode, Signers::Both)
    }

    pub(in crate::domain::self_report) fn event_signed(
        mode: SelfReport,
        signers: Signers,
    ) -> Tournament {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        rules.self_report = mode;
        rules.self_report_signers = signers;
        let mut t = Tournament::new("T".into(), rules);
        for n in ["甲", "乙", "丙", "丁"] {
            run(&mut t, &Command::RegisterPlayer(PlayerEntry::named(n)));
        }
        let paired = t.decide(&head(), &Command::PairNextRound).unwrap();
        for e in with_codes(&t, paired, &[9; 32]) {
            t.apply(&e);
        }
        run(&mut t, &Command::StartRound { at: t0() });
        t
    }

    pub(in crate::domain::self_report) fn run(t: &mut Tournament, cmd: &Command) -> Vec<Event> {
        let events = t.decide(&head(), cmd).unwrap();
        for e in &events {
            t.apply(e);
        }
        events
    }

    pub(in crate::domain::self_report) fn code(t: &Tournament, board: u32, side: Side) -> String {
        t.seat_codes(Round(1))
            .into_iter()
            .find(|c| c.board == Board(board) && c.side == side)
            .unwrap()
            .code
            .digits()
            .to_string()
    }

    pub(in crate::domain::self_report) fn report(
        board: u32,
        result: GameResult,
        code: &str,
    ) -> Command {
        Command::ReportResult {
            round: Round(1),
            board: Board(board),
            result,
            code: code.into(),
            at: t0() + chrono::Duration::minutes(50),
        }
    }

    /// Whether the report is taken as a wrong code: counted, nothing else.
    fn counted_wrong(t: &Tournament, cmd: &Command) -> bool {
        matches!(
            t.decide(&head(), cmd).as_deref(),
            Ok([Event::WrongCodeGiven { .. }])
        )
    }

    pub(in crate::domain::self_report) fn why(t: &Tournament, cmd: &Command) -> ReportWhy {
        match t.decide(&head(), cmd) {
            Err(Refusal::Report { why, .. }) => why,
            other => panic!("not a report refusal: {other:?}"),
        }
    }

    #[test]
    fn codes_come_with_the_pairing_only_when_the_rules_ask() {
        let t = event(SelfReport::Confirm);
        let codes = t.seat_codes(Round(1));
        assert_eq!(codes.len(), 4, "two boards, two sides");
        let off = event(SelfReport::Off);
        assert!(off.seat_codes(Round(1)).is_empty());
        assert!(off.round(Round(1)).unwrap().codes.is_none());
    }

    #[test]
    fn two_matching_reports_wait_for_an_arbiter_who_accepts_them() {
        let mut t = event(SelfReport::Confirm);
        let red = code(&t, 1, Side::Red);
        let black = code(&t, 1, Side::Black);
        let evs = run(&mut t, &report(1, GameResult::RedWin, &red));
        assert!(matches!(
            evs.as_slice(),
            [Event::ResultReported {
                side: Side::Red,
                ..
            }]
        ));
        let g = t.game(Round(1), Board(1)).unwrap();
        assert_eq!(
            signing(g, Signers::Both),
            Signing::Lone {
                side: Side::Red,
                result: GameResult::RedWin,
                winner_awaited: false,
            }
        );
        // One signature awaits the other: not a contradiction (待核对).
        assert!(awaiting(g, Signers::Both) && !to_check(g, Signers::Both));
        assert!(pending(g, Signers::Both).is_none());
        // A second tap of the same report writes nothing.
        assert!(run(&mut t, &report(1, GameResult::RedWin, &red)).is_empty());
        run(&mut t, &report(1, GameResult::RedWin, &black));
        let g = t.game(Round(1), Board(1)).unwrap();
        assert_eq!(pending(g, Signers::Both), Some(GameResult::RedWin));
        assert_eq!(g.result, None, "nothing recorded before an arbiter accepts");
        assert_eq!(t.pending_boards(), vec![(Board(1), GameResult::RedWin)]);
        assert_eq!(
            why(&t, &report(1, GameResult::Draw, &red)),
            ReportWhy::AwaitingArbiter(GameResult::RedWin, SignedBy::Both)
        );
        let evs = run(
            &mut t,
            &Command::ConfirmReport {
                round: None,
                board: Board(1),
            },
        );
        assert!(matches!(
            evs.as_slice(),
            [Event::ResultRecorded {
                result: GameResult::RedWin,
                cause: Cause::Confirmed,
                ..
            }]
        ));
        assert!(t.pending_boards().is_empty());
        assert_eq!(
            why(&t, &report(1, GameResult::RedWin, &red)),
            ReportWhy::Finished(GameResult::RedWin)
        );
    }

    #[test]
    fn auto_records_two_matching_reports_in_the_same_append() {
        let mut t = event(SelfReport::Auto);
        let c = code(&t, 2, Side::Black);
        run(&mut t, &report(2, GameResult::Draw, &c));
        assert_eq!(t.game(Round(1), Board(2)).unwrap().result, None);
        let c = code(&t, 2, Side::Red);
        let evs = run(&mut t, &report(2, GameResult::Draw, &c));
        assert!(matches!(
            evs.as_slice(),
            [
                Event::ResultReported {
                    side: Side::Red,
                    ..
                },
                Event::ResultRecorded {
                    result: GameResult::Draw,
                    cause: Cause::Reported,
                    ..
                }
            ]
        ));
        assert_eq!(
            t.game(Round(1), Board(2)).unwrap().result,
            Some(GameResult::Draw)
        );
    }

    #[test]
    fn reports_that_disagree_record_nothing_and_a_side_may_revise_its_own() {
        let mut t = event(SelfReport::Auto);
        let (red, black) = (code(&t, 1, Side::Red), code(&t, 1, Side::Black));
        run(&mut t, &report(1, GameResult::RedWin, &red));
        run(&mut t, &report(1, GameResult::BlackWin, &black));
        let g = t.game(Round(1), Board(1)).unwrap();
        assert_eq!(g.result, None);
        assert_eq!(
            signing(g, Signers::Both),
            Signing::Disagree {
                red: GameResult::RedWin,
                black: GameResult::BlackWin
            }
        );
        assert!(to_check(g, Signers::Both));
        // Red sees the mistake and signs black's win: now they agree, and auto records it.
        let evs = run(&mut t, &report(1, GameResult::BlackWin, &red));
        assert_eq!(evs.len(), 2);
        assert_eq!(
            t.game(Round(1), Board(1)).unwrap().result,
            Some(GameResult::BlackWin)
        );
    }

    #[test]
    fn wrong_codes_other_boards_forfeits_and_unstarted_rounds_are_refused() {
        let mut t = event(SelfReport::Confirm);
        let red1 = code(&t, 1, Side::Red);
        assert!(
            counted_wrong(&t, &report(2, GameResult::RedWin, &red1)),
            "board 1's code on board 2"
        );
        assert!(counted_wrong(
            &t,
            &report(1, GameResult::RedWin, "00000000")
        ));
        assert_eq!(
            why(&t, &report(1, GameResult::RedWinForfeit, &red1)),
            ReportWhy::NotReportable(GameResult::RedWinForfeit)
        );
        assert_eq!(
            t.decide(
                &head(),
                &Command::ReportResult {
                    round: Round(2),
                    board: Board(1),
                    result: GameResult::Draw,
                    code: red1.clone(),
                    at: t0(),
                }
            ),
            Err(Refusal::UnknownRound(Round(2)))
        );
        assert_eq!(
            why(
                &event(SelfReport::Off),
                &report(1, GameResult::RedWin, &red1)
            ),
            ReportWhy::Off
        );
        // Not started: a fresh event paired but not started.
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        rules.self_report = SelfReport::Confirm;
        let mut u = Tournament::new("U".into(), rules);
        for n in ["甲", "乙"] {
            run(&mut u, &Command::RegisterPlayer(PlayerEntry::named(n)));
        }
        let paired = u.decide(&head(), &Command::PairNextRound).unwrap();
        for e in with_codes(&u, paired, &[3; 32]) {
            u.apply(&e);
        }
        let c = u.seat_codes(Round(1))[0].code.digits().to_string();
        assert_eq!(
            why(&u, &report(1, GameResult::Draw, &c)),
            ReportWhy::NotStarted
        );
        // A board with an absent seat, a foul limit reached: the arbiters'.
        run(
            &mut t,
            &Command::MarkSeat {
                round: None,
                board: Board(2),
                side: Side::Black,
                present: false,
                at: t0(),
                reverse_reason: None,
            },
        );
        assert_eq!(
            why(&t, &report(2, GameResult::RedWin, &code(&t, 2, Side::Red))),
            ReportWhy::Absent(Side::Black)
        );
        // Nothing was written by any refusal: board 1 has no report yet.
        assert_eq!(
            signing(t.game(Round(1), Board(1)).unwrap(), Signers::Both),
            Signing::Unsigned
        );
    }

    #[test]
    fn a_flipped_board_gets_new_codes() {
        let mut t = event(SelfReport::Confirm);
        let before = code(&t, 1, Side::Red);
        run(
            &mut t,
            &Command::FlipBoard {
                board: Board(1),
                force: Some("交换先后手".into()),
            },
        );
        assert_ne!(code(&t, 1, Side::Red), before);
        assert!(counted_wrong(&t, &report(1, GameResult::Draw, &before)));
    }

    #[test]
    fn confirm_without_two_matching_reports_is_refused() {
        let mut t = event(SelfReport::Confirm);
        let c = code(&t, 1, Side::Red);
        run(&mut t, &report(1, GameResult::Draw, &c));
        let cmd = Command::ConfirmReport {
            round: None,
            board: Board(1),
        };
        match t.decide(&head(), &cmd) {
            Err(Refusal::Report {
                why: ReportWhy::NothingPending { red, black },
                ..
            }) => {
                assert_eq!((red, black), (Some(GameResult::Draw), None));
            }
            other => panic!("{other:?}"),
        }
        // An assistant may accept, a viewer may not report nor accept.
        let viewer = Actor {
            user: "guest".into(),
            role: Role::Viewer,
        };
        assert!(matches!(
            t.decide(&viewer, &cmd),
            Err(Refusal::NotAllowed { .. })
        ));
    }

    #[test]
    fn foul_limits_and_fallen_flags_are_the_arbiters() {
        let mut t = event(SelfReport::Confirm);
        t.rules.foul_loss_on_claim = true;
        for _ in 0..3 {
            run(
                &mut t,
                &Command::RecordFoul {
                    round: None,
                    board: Board(1),
                    side: Side::Black,
                    kind: crate::domain::rules::FoulKind::Phone,
                },
            );
        }
        assert_eq!(
            t.game(Round(1), Board(1)).unwrap().result,
            None,
            "the claim waits"
        );
        assert_eq!(
            why(&t, &report(1, GameResult::RedWin, &code(&t, 1, Side::Red))),
            ReportWhy::FoulLimit(Side::Black)
        );
        // Board 2: red presses, black's time runs out.
        let press = Command::Clock {
            round: None,
            board: Board(2),
            action: crate::domain::event::ClockAction::Press(Side::Red),
            at: t0() + chrono::Duration::seconds(10),
        };
        run(&mut t, &press);
        let late = Command::ReportResult {
            round: Round(1),
            board: Board(2),
            result: GameResult::RedWin,
            code: code(&t, 2, Side::Red),
            at: t0() + chrono::Duration::hours(5),
        };
        assert_eq!(why(&t, &late), ReportWhy::FlagDown(Side::Black));
    }

    #[test]
    fn the_last_board_reported_completes_the_round_for_the_advance() {
        let mut t = event(SelfReport::Auto);
        for b in [1, 2] {
            for side in Side::BOTH {
                let c = code(&t, b, side);
                run(&mut t, &report(b, GameResult::Draw, &c));
            }
        }
        assert!(t.current().unwrap().is_complete());
        let next = t
            .decide(&head(), &Command::AutoAdvance { now: t0() })
            .unwrap();
        assert!(
            next.iter().any(|e| matches!(
                e,
                Event::RoundPaired {
                    round: Round(2),
                    ..
                }
            )),
            "the advance pairs round 2 as after an arbiter's entry: {next:?}"
        );
        let sealed = with_codes(&t, next, &[4; 32]);
        assert!(matches!(
            sealed.last(),
            Some(Event::CodesIssued {
                round: Round(2),
                ..
            })
        ));
    }
}
