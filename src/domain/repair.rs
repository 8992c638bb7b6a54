//! A correction across a round boundary. A result of round r corrected after a
//! later round was paired leaves that pairing built on the old score (docs/rules.md#3-pairing pairs on
//! the scores before the round). The correction is written with a `PairingOutdated` record
//! naming the round; the head arbiter then either re-pairs it while it has no result
//! (`RepairRound`, or `unpair` + `pair`), previewing the boards that change first, or keeps it
//! with a reason (`KeepPairing`). Nothing re-pairs by itself: the automatic advance never
//! pairs a round the head arbiter discarded (`decide.rs`).

use super::event::Event;
use super::ids::{Board, PlayerNo, Round};
use super::pairing;
use super::refusal::{ReasonFor, Refusal};
use super::tournament::{RoundState, Tournament};

type Decision = Result<Vec<Event>, Refusal>;

/// A board of a pairing: its number and (red, black).
pub type BoardPair = (Board, (PlayerNo, PlayerNo));

/// What re-pairing the current round on the corrected results would change: pairs that go,
/// pairs that come, pairs that stay but move to another board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RepairPreview {
    pub round: Round,
    /// The corrected boards the current pairing rests on (round, board).
    pub corrected: Vec<(Round, Board)>,
    /// Boards of the current pairing a re-pair would not keep (colours included).
    pub removed: Vec<BoardPair>,
    /// Boards a re-pair would bring.
    pub added: Vec<BoardPair>,
    /// Pairs kept with their colours on another board: (red, black), board now, board then.
    pub moved: Vec<((PlayerNo, PlayerNo), Board, Board)>,
    /// Boards that would stay exactly as they are.
    pub unchanged: usize,
    pub byes_now: Vec<PlayerNo>,
    pub byes_then: Vec<PlayerNo>,
}

impl RepairPreview {
    /// Whether a re-pair would give the very same pairing.
    pub fn is_same(&self) -> bool {
        self.removed.is_empty()
            && self.added.is_empty()
            && self.moved.is_empty()
            && self.byes_now == self.byes_then
    }
}

impl Tournament {
    /// The current round when a correction of an earlier round outdated its pairing and the
    /// head arbiter has neither re-paired nor kept it.
    pub fn outdated_round(&self) -> Option<&RoundState> {
        self.current().filter(|r| !r.outdated.is_empty())
    }

    /// The record a correction of `board` in `round` brings: the current round, paired after
    /// `round`, rests on the old result.
    pub(super) fn outdating(&self, round: Round, board: Board) -> Option<Event> {
        let current = self.current_round();
        (round < current).then_some(Event::PairingOutdated {
            round: current,
            corrected_round: round,
            board,
        })
    }

    /// The current round, outdated, without a result yet (what a re-pair may replace).
    fn repairable(&self) -> Result<&RoundState, Refusal> {
        let r = self.current().ok_or(Refusal::NoRound)?;
        if r.outdated.is_empty() {
            return Err(Refusal::NotOutdated(r.round));
        }
        if r.has_any_result() {
            return Err(Refusal::OutdatedHasResults(r.round));
        }
        Ok(r)
    }

    /// `pair --keep --reason T`: the head arbiter keeps the outdated pairing.
    pub(super) fn decide_keep(&self, reason: &str) -> Decision {
        let r = self.current().ok_or(Refusal::NoRound)?;
        if r.outdated.is_empty() {
            return Err(Refusal::NotOutdated(r.round));
        }
        if reason.trim().is_empty() {
            return Err(Refusal::ReasonNeeded(ReasonFor::KeptPairing));
        }
        Ok(vec![Event::PairingKept {
            round: r.round,
            reason: reason.trim().to_string(),
        }])
    }

    /// The console's re-pair: the outdated round discarded and paired again, in one append.
    pub(super) fn decide_repair(&self, reason: &str) -> Decision {
        let r = self.repairable()?;
        let unpaired = Event::RoundUnpaired {
            round: r.round,
            reason: reason.trim().to_string(),
        };
        let mut after = self.clone();
        after.apply(&unpaired);
        let mut events = vec![unpaired];
        // The knockout's colour choices stand where the same players meet again.
        let red = super::colour_choice::reds_of(r);
        events.extend(after.decide_pair(&red)?);
        Ok(events)
    }

    /// What a re-pair of the outdated current round would change; `None` when no round is
    /// outdated or it already has a result (then only keeping it is left).
    ///
    /// # Errors
    /// The engine's refusal when the corrected results cannot be paired.
    pub fn repair_preview(&self) -> Option<Result<RepairPreview, Refusal>> {
        let r = self.repairable().ok()?;
        let mut after = self.clone();
        after.apply(&Event::RoundUnpaired {
            round: r.round,
            reason: String::new(),
        });
        Some(pairing::propose_opts(&after, &[], false).map(|p| {
            let now: Vec<BoardPair> = r
                .games
                .iter()
                .map(|g| (g.board, (g.red, g.black)))
                .collect();
            let then: Vec<BoardPair> = p
                .games
                .iter()
                .map(|g| (g.board, (g.red, g.black)))
                .collect();
            let find =
                |list: &[BoardPair], pair| list.iter().find(|(_, x)| *x == pair).map(|x| x.0);
            let mut preview = RepairPreview {
                round: r.round,
                corrected: r.outdated.clone(),
                removed: Vec::new(),
                added: Vec::new(),
                moved: Vec::new(),
                unchanged: 0,
                byes_now: r.byes.clone(),
                byes_then: p.byes.clone(),
            };
            for &(board, pair) in &now {
                match find(&then, pair) {
                    None => preview.removed.push((board, pair)),
                    Some(b) if b == board => preview.unchanged += 1,
                    Some(b) => preview.moved.push((pair, board, b)),
                }
            }
            for &(board, pair) in &then {
                if find(&now, pair).is_none() {
                    preview.added.push((board, pair));
                }
            }
            preview
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::PlayerEntry;
    use crate::domain::result::GameResult;
    use crate::domain::rules::{Role, Rules};
    use crate::domain::{Actor, Command};
    use chrono::{DateTime, Utc};

    fn head() -> Actor {
        Actor {
            user: "wang".into(),
            role: Role::Head,
        }
    }

    fn when(t: &mut Tournament, cmd: &Command) -> Vec<Event> {
        let evs = t
            .decide(&head(), cmd)
            .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
        for e in &evs {
            t.apply(e);
        }
        evs
    }

    fn result(board: u32, result: GameResult, correct: Option<&str>) -> Command {
        Command::RecordResult {
            round: Some(Round(1)),
            board: Board(board),
            result,
            correct: correct.map(str::to_string),
        }
    }

    /// Eight players, round 1 played with `first` on board 1 and red wins elsewhere, round 2
    /// paired on those results.
    fn given(first: GameResult) -> Tournament {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        let mut t = Tournament::new("T".into(), rules);
        for i in 1..=8 {
            when(
                &mut t,
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            );
        }
        when(&mut t, &Command::PairNextRound);
        when(
            &mut t,
            &Command::StartRound {
                at: DateTime::<Utc>::UNIX_EPOCH,
            },
        );
        when(&mut t, &result(1, first, None));
        for b in 2..=4 {
            when(&mut t, &result(b, GameResult::RedWin, None));
        }
        when(&mut t, &Command::PairNextRound);
        t
    }

    fn pairs(t: &Tournament) -> Vec<(PlayerNo, PlayerNo)> {
        t.current()
            .unwrap()
            .games
            .iter()
            .map(|g| (g.red, g.black))
            .collect()
    }

    #[test]
    fn a_correction_after_the_next_round_is_paired_names_that_round() {
        let mut t = given(GameResult::RedWin);
        let evs = when(&mut t, &result(1, GameResult::BlackWin, Some("记分表核对")));
        assert!(evs.contains(&Event::PairingOutdated {
            round: Round(2),
            corrected_round: Round(1),
            board: Board(1),
        }));
        assert_eq!(t.outdated_round().map(|r| r.round), Some(Round(2)));
        // A correction within the current round outdates nothing.
        let mut u = given(GameResult::RedWin);
        when(
            &mut u,
            &Command::StartRound {
                at: DateTime::<Utc>::UNIX_EPOCH,
            },
        );
        u.apply(&Event::ResultRecorded {
            round: Round(2),
            board: Board(1),
            result: GameResult::Draw,
            cause: crate::domain::event::Cause::Arbiter,
            at: None,
        });
        let evs = when(
            &mut u,
            &Command::RecordResult {
                round: Some(Round(2)),
                board: Board(1),
                result: GameResult::RedWin,
                correct: Some("x".into()),
            },
        );
        assert!(
            !evs.iter()
                .any(|e| matches!(e, Event::PairingOutdated { .. }))
        );
    }

    #[test]
    fn the_re_pair_is_the_pairing_the_right_result_would_have_given() {
        let right = given(GameResult::BlackWin);
        let mut t = given(GameResult::RedWin);
        let old = pairs(&t);
        // The corrected result changes the pairing (else this test shows nothing).
        assert_ne!(old, pairs(&right));
        when(&mut t, &result(1, GameResult::BlackWin, Some("记分表核对")));
        let preview = t.repair_preview().unwrap().unwrap();
        // The preview lists exactly the pairs that go and come.
        for (_, p) in &preview.removed {
            assert!(old.contains(p) && !pairs(&right).contains(p), "{p:?}");
        }
        for (_, p) in &preview.added {
            assert!(pairs(&right).contains(p) && !old.contains(p), "{p:?}");
        }
        assert_eq!(
            preview.removed.len() + preview.moved.len() + preview.unchanged,
            old.len()
        );
        let evs = when(
            &mut t,
            &Command::RepairRound {
                reason: "重编".into(),
            },
        );
        assert!(matches!(
            evs[0],
            Event::RoundUnpaired {
                round: Round(2),
                ..
            }
        ));
        assert_eq!(pairs(&t), pairs(&right));
        assert!(t.outdated_round().is_none());
    }

    #[test]
    fn nothing_re_pairs_by_itself_after_the_round_is_discarded() {
        let mut t = given(GameResult::RedWin);
        when(&mut t, &result(1, GameResult::BlackWin, Some("核对")));
        when(
            &mut t,
            &Command::UnpairRound {
                reason: "重编".into(),
            },
        );
        let now = DateTime::<Utc>::UNIX_EPOCH;
        assert_eq!(
            t.decide(&head(), &Command::AutoAdvance { now }),
            Ok(Vec::new())
        );
        // The head arbiter pairs it by hand; then the advance works again as before.
        when(&mut t, &Command::PairNextRound);
        assert_eq!(t.current_round(), Round(2));
        assert_eq!(t.discarded, None);
    }

    #[test]
    fn once_the_round_has_results_only_keeping_it_is_left_and_needs_a_reason() {
        let mut t = given(GameResult::RedWin);
        when(
            &mut t,
            &Command::StartRound {
                at: DateTime::<Utc>::UNIX_EPOCH,
            },
        );
        when(
            &mut t,
            &Command::RecordResult {
                round: None,
                board: Board(1),
                result: GameResult::Draw,
                correct: None,
            },
        );
        when(&mut t, &result(1, GameResult::BlackWin, Some("核对")));
        assert!(t.repair_preview().is_none());
        let repair = Command::RepairRound { reason: "x".into() };
        assert_eq!(
            t.decide(&head(), &repair),
            Err(Refusal::OutdatedHasResults(Round(2)))
        );
        let keep = |r: &str| Command::KeepPairing { reason: r.into() };
        assert_eq!(
            t.decide(&head(), &keep(" ")),
            Err(Refusal::ReasonNeeded(ReasonFor::KeptPairing))
        );
        let evs = when(&mut t, &keep("第2轮已开赛, 保留"));
        assert_eq!(
            evs,
            vec![Event::PairingKept {
                round: Round(2),
                reason: "第2轮已开赛, 保留".into()
            }]
        );
        assert!(t.outdated_round().is_none());
        assert_eq!(
            t.current().unwrap().kept.as_deref(),
            Some("第2轮已开赛, 保留")
        );
        // Nothing left to keep.
        assert_eq!(
            t.decide(&head(), &keep("again")),
            Err(Refusal::NotOutdated(Round(2)))
        );
        // An assistant may do neither.
        let assistant = Actor {
            user: "li".into(),
            role: Role::Assistant,
        };
        assert!(t.decide(&assistant, &keep("x")).is_err());
    }
}
