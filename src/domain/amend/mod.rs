//! Amending an operational rule mid-event (`bianpai amend`, docs/cli.md,
//! docs/self-report.md): `self_report`, `self_report_signers` and `auto_advance` change for
//! the rounds not yet paired. A round already paired keeps the self-report settings it was
//! paired under; the automatic advance, which pairs the next round, follows the new value at
//! once. Fields that decide scores already earned are refused (`record::FIXED`).

pub mod record;

use record::{AmendFault, Amendment};

use super::event::Event;
use super::ids::Round;
use super::refusal::{ReasonFor, Refusal};
use super::self_report::record::{SelfReport, Signers};
use super::tournament::Tournament;

impl Tournament {
    /// The head arbiter's amendment: the field and value typed, checked, with a reason.
    pub(in crate::domain) fn decide_amend(
        &self,
        field: &str,
        value: &str,
        reason: &str,
    ) -> Result<Vec<Event>, Refusal> {
        let amendment = Amendment::parse(field, value).map_err(Refusal::Amend)?;
        if self.amendment_in_force(amendment) {
            return Err(Refusal::Amend(AmendFault::Unchanged {
                field: amendment.field(),
                value: amendment.value(),
            }));
        }
        if reason.trim().is_empty() {
            return Err(Refusal::ReasonNeeded(ReasonFor::Amendment));
        }
        let from = Round(if self.rounds.is_empty() {
            1
        } else {
            self.current_round().0 + 1
        });
        Ok(vec![Event::RulesAmended {
            amendment,
            from,
            reason: reason.to_string(),
        }])
    }

    fn amendment_in_force(&self, a: Amendment) -> bool {
        match a {
            Amendment::SelfReport(v) => self.rules.self_report == v,
            Amendment::SelfReportSigners(v) => self.rules.self_report_signers == v,
            Amendment::AutoAdvance(v) => self.rules.auto_advance == v,
        }
    }

    /// `apply` of an amendment: the rounds paired so far keep the self-report settings they
    /// were paired under; the rules take the new value.
    pub(in crate::domain) fn apply_amendment(&mut self, a: Amendment) {
        let kept = (self.rules.self_report, self.rules.self_report_signers);
        for r in &mut self.rounds {
            r.reporting.get_or_insert(kept);
        }
        match a {
            Amendment::SelfReport(v) => self.rules.self_report = v,
            Amendment::SelfReportSigners(v) => self.rules.self_report_signers = v,
            Amendment::AutoAdvance(v) => self.rules.auto_advance = v,
        }
    }

    /// The self-report setting of `round`: the one it was paired under.
    pub fn self_report_in(&self, round: Round) -> SelfReport {
        self.round(round)
            .and_then(|r| r.reporting)
            .map_or(self.rules.self_report, |(mode, _)| mode)
    }

    /// The self-report setting of the current round (the rules' before any round is paired):
    /// what the room page and the consoles follow.
    pub fn self_report_now(&self) -> SelfReport {
        if self.rounds.is_empty() {
            self.rules.self_report
        } else {
            self.self_report_in(self.current_round())
        }
    }

    /// Whose signatures make a result in `round`: the setting it was paired under.
    pub fn signers_in(&self, round: Round) -> Signers {
        self.round(round)
            .and_then(|r| r.reporting)
            .map_or(self.rules.self_report_signers, |(_, s)| s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, PlayerEntry};
    use crate::domain::self_report::with_codes;
    use crate::domain::{Actor, Board, Command, GameResult, Role, Rules, Side};
    use chrono::{TimeZone, Utc};

    fn head() -> Actor {
        Actor {
            user: "wang".into(),
            role: Role::Head,
        }
    }

    fn run(t: &mut Tournament, cmd: &Command) -> Vec<Event> {
        let events = t.decide(&head(), cmd).unwrap();
        let events = with_codes(t, events, &[7; 32]);
        for e in &events {
            t.apply(e);
        }
        events
    }

    fn amend(field: &str, value: &str) -> Command {
        Command::AmendRules {
            field: field.into(),
            value: value.into(),
            reason: "裁判组决定".into(),
        }
    }

    /// Four players, `self_report: mode`, both sign; round 1 paired and started.
    fn event(mode: SelfReport) -> Tournament {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        rules.self_report = mode;
        rules.self_report_signers = Signers::Both;
        let mut t = Tournament::new("T".into(), rules);
        for n in ["甲", "乙", "丙", "丁"] {
            run(&mut t, &Command::RegisterPlayer(PlayerEntry::named(n)));
        }
        run(&mut t, &Command::PairNextRound);
        let at = Utc.with_ymd_and_hms(2026, 4, 1, 1, 0, 0).unwrap();
        run(&mut t, &Command::StartRound { at });
        t
    }

    fn report(t: &Tournament, round: u32, board: u32, side: Side, result: GameResult) -> Command {
        let code = t
            .seat_codes(Round(round))
            .into_iter()
            .find(|c| c.board == Board(board) && c.side == side)
            .unwrap()
            .code
            .digits()
            .to_string();
        Command::ReportResult {
            round: Round(round),
            board: Board(board),
            result,
            code,
            at: Utc.with_ymd_and_hms(2026, 4, 1, 2, 0, 0).unwrap(),
        }
    }

    fn finish_round(t: &mut Tournament) {
        for b in 1..=2 {
            run(
                t,
                &Command::RecordResult {
                    round: None,
                    board: Board(b),
                    result: GameResult::Draw,
                    correct: None,
                },
            );
        }
    }

    #[test]
    fn an_amendment_applies_from_the_next_round_and_the_round_under_way_keeps_its_own() {
        let mut t = event(SelfReport::Confirm);
        let evs = run(&mut t, &amend("self_report", "auto"));
        assert!(matches!(
            evs.as_slice(),
            [Event::RulesAmended {
                amendment: Amendment::SelfReport(SelfReport::Auto),
                from: Round(2),
                ..
            }]
        ));
        assert_eq!(t.rules.self_report, SelfReport::Auto, "the value in force");
        assert_eq!(t.self_report_in(Round(1)), SelfReport::Confirm);
        // Round 1 still waits for the arbiter.
        for side in Side::BOTH {
            let cmd = report(&t, 1, 1, side, GameResult::RedWin);
            run(&mut t, &cmd);
        }
        assert_eq!(t.game(Round(1), Board(1)).unwrap().result, None);
        finish_round(&mut t);
        run(&mut t, &Command::PairNextRound);
        let at = Utc.with_ymd_and_hms(2026, 4, 1, 3, 0, 0).unwrap();
        run(&mut t, &Command::StartRound { at });
        // Round 2 records at once.
        for side in Side::BOTH {
            let cmd = report(&t, 2, 1, side, GameResult::BlackWin);
            run(&mut t, &cmd);
        }
        let g = t.game(Round(2), Board(1)).unwrap();
        assert_eq!(
            (g.result, g.cause),
            (Some(GameResult::BlackWin), Cause::Reported)
        );
    }

    #[test]
    fn switching_reports_on_gives_the_next_round_its_codes() {
        let mut t = event(SelfReport::Off);
        run(&mut t, &amend("self_report", "confirm"));
        assert!(
            t.seat_codes(Round(1)).is_empty(),
            "round 1 was paired without"
        );
        finish_round(&mut t);
        run(&mut t, &Command::PairNextRound);
        assert_eq!(t.seat_codes(Round(2)).len(), 4);
        assert_eq!(t.self_report_in(Round(2)), SelfReport::Confirm);
        assert_eq!(t.self_report_in(Round(1)), SelfReport::Off);
    }

    #[test]
    fn fields_that_decide_scores_unknown_fields_and_bad_values_are_refused() {
        let t = event(SelfReport::Confirm);
        let refused = |f: &str, v: &str| match t.decide(&head(), &amend(f, v)) {
            Err(Refusal::Amend(fault)) => fault,
            other => panic!("{other:?}"),
        };
        assert_eq!(refused("points", "x"), AmendFault::Fixed("points".into()));
        assert_eq!(
            refused("tiebreaks", "x"),
            AmendFault::Fixed("tiebreaks".into())
        );
        assert_eq!(
            refused("colour", "x"),
            AmendFault::UnknownField("colour".into())
        );
        assert!(matches!(
            refused("self_report_signers", "loser"),
            AmendFault::BadValue {
                takes: &["both", "winner"],
                ..
            }
        ));
        assert!(matches!(
            refused("self_report", "confirm"),
            AmendFault::Unchanged { .. }
        ));
        let assistant = Actor {
            user: "li".into(),
            role: Role::Assistant,
        };
        assert!(matches!(
            t.decide(&assistant, &amend("auto_advance", "off")),
            Err(Refusal::NotAllowed { .. })
        ));
        let no_reason = Command::AmendRules {
            field: "auto_advance".into(),
            value: "off".into(),
            reason: " ".into(),
        };
        assert_eq!(
            t.decide(&head(), &no_reason),
            Err(Refusal::ReasonNeeded(ReasonFor::Amendment))
        );
    }
}
