//! Signed results are kept on purpose (docs/self-report.md, "a signed result stands"): seed
//! 000 "一旦签字，成绩生效，不得更改". A correction of a result its players signed — the
//! signatures that made it: both, or the winner's under `self_report_signers: winner` — is
//! refused naming them, unless the head arbiter overrides them explicitly
//! (`Command::CorrectDespiteSignatures`), which the log records (`SignaturesOverridden`).

use super::record::SignedBy;
use super::signing::{Signing, signing};
use crate::domain::event::{Cause, Event};
use crate::domain::ids::{Board, Round};
use crate::domain::refusal::Refusal;
use crate::domain::result::GameResult;
use crate::domain::tournament::Tournament;

type Decision = Result<Vec<Event>, Refusal>;

impl Tournament {
    /// The board's result and the signatures that made it, when its players signed it.
    pub fn signed_result(&self, round: Round, board: Board) -> Option<(GameResult, SignedBy)> {
        let g = self.game(round, board)?;
        match signing(g, self.signers_in(round)) {
            Signing::Agreed { result, by } if g.result == Some(result) => Some((result, by)),
            _ => None,
        }
    }

    /// Refuses a correction of a signed result, naming the signatures.
    ///
    /// # Errors
    /// `Refusal::Signed` when the players signed the board's result.
    pub(in crate::domain) fn keep_signed(
        &self,
        round: Option<Round>,
        board: Board,
    ) -> Result<(), Refusal> {
        let at = round.unwrap_or(self.current_round());
        let Some((result, by)) = self.signed_result(at, board) else {
            return Ok(());
        };
        let g = self.board(round, board)?;
        let names = by
            .sides()
            .into_iter()
            .map(|s| {
                let no = g.player(s);
                let name = self
                    .player(no)
                    .map_or_else(|| no.to_string(), |p| p.entry.name.clone());
                (s, name)
            })
            .collect();
        Err(Refusal::Signed {
            round: at,
            board,
            result,
            by,
            names,
        })
    }

    /// The same check, for the console's second step before an override: the refusal names
    /// the signatures.
    ///
    /// # Errors
    /// `Refusal::Signed` when the players signed the board's result.
    pub fn keep_signed_for(&self, round: Round, board: Board) -> Result<(), Refusal> {
        self.keep_signed(Some(round), board)
    }

    /// The head arbiter's correction despite the signatures: the override, then the
    /// correction as any other. A board nobody signed is corrected as usual.
    pub(in crate::domain) fn decide_despite_signatures(
        &self,
        round: Option<Round>,
        board: Board,
        result: GameResult,
        reason: &String,
    ) -> Decision {
        let at = round.unwrap_or(self.current_round());
        let mut events = Vec::new();
        if let Some((signed, by)) = self.signed_result(at, board) {
            events.push(Event::SignaturesOverridden {
                round: at,
                board,
                signed,
                sides: by.sides(),
            });
        }
        events.extend(self.decide_result(round, board, result, Some(reason), Cause::Arbiter)?);
        Ok(events)
    }
}

#[cfg(test)]
mod tests {
    use super::super::decide::tests::{code, event_signed, head, report, run};
    use super::super::{SelfReport, Signers};
    use super::*;
    use crate::domain::{Actor, Command, Role, Side};

    fn correct(result: GameResult) -> Command {
        Command::RecordResult {
            round: Some(Round(1)),
            board: Board(1),
            result,
            correct: Some("记错".into()),
        }
    }

    fn despite(result: GameResult) -> Command {
        Command::CorrectDespiteSignatures {
            round: Some(Round(1)),
            board: Board(1),
            result,
            reason: "记错".into(),
        }
    }

    #[test]
    fn a_result_both_players_signed_is_kept_unless_the_head_overrides_it() {
        let mut t = event_signed(SelfReport::Auto, Signers::Both);
        for side in Side::BOTH {
            let c = code(&t, 1, side);
            run(&mut t, &report(1, GameResult::RedWin, &c));
        }
        assert_eq!(
            t.signed_result(Round(1), Board(1)),
            Some((GameResult::RedWin, SignedBy::Both))
        );
        match t.decide(&head(), &correct(GameResult::Draw)) {
            Err(Refusal::Signed {
                result, by, names, ..
            }) => {
                assert_eq!((result, by), (GameResult::RedWin, SignedBy::Both));
                assert_eq!(names.len(), 2);
                assert_eq!(names[0], (Side::Red, "甲".to_string()));
            }
            other => panic!("{other:?}"),
        }
        // Only the head arbiter overrides.
        let assistant = Actor {
            user: "li".into(),
            role: Role::Assistant,
        };
        assert!(matches!(
            t.decide(&assistant, &despite(GameResult::Draw)),
            Err(Refusal::NotAllowed { .. })
        ));
        let evs = run(&mut t, &despite(GameResult::Draw));
        assert!(matches!(
            evs.as_slice(),
            [
                Event::SignaturesOverridden {
                    signed: GameResult::RedWin,
                    ..
                },
                Event::ResultCorrected {
                    result: Some(GameResult::Draw),
                    ..
                },
                ..
            ]
        ));
        // The result no longer is the one signed: a further correction goes as usual.
        assert_eq!(t.signed_result(Round(1), Board(1)), None);
        assert!(t.decide(&head(), &correct(GameResult::BlackWin)).is_ok());
    }

    #[test]
    fn under_winner_the_winners_signature_keeps_the_result_and_unsigned_ones_are_corrected() {
        let mut t = event_signed(SelfReport::Auto, Signers::Winner);
        let c = code(&t, 1, Side::Black);
        run(&mut t, &report(1, GameResult::BlackWin, &c));
        match t.decide(&head(), &correct(GameResult::Draw)) {
            Err(Refusal::Signed { by, names, .. }) => {
                assert_eq!(by, SignedBy::Winner(Side::Black));
                assert_eq!(names, vec![(Side::Black, "乙".to_string())]);
            }
            other => panic!("{other:?}"),
        }
        // Board 2, keyed by an arbiter with no signature: corrected as before.
        run(
            &mut t,
            &Command::RecordResult {
                round: None,
                board: Board(2),
                result: GameResult::Draw,
                correct: None,
            },
        );
        let fix = Command::RecordResult {
            round: Some(Round(1)),
            board: Board(2),
            result: GameResult::RedWin,
            correct: Some("记错".into()),
        };
        assert!(t.decide(&head(), &fix).is_ok());
    }

    #[test]
    fn a_correction_that_clears_the_board_clears_its_signatures() {
        let mut t = event_signed(SelfReport::Auto, Signers::Both);
        let c = code(&t, 1, Side::Red);
        run(&mut t, &report(1, GameResult::Draw, &c));
        let c = code(&t, 1, Side::Black);
        run(&mut t, &report(1, GameResult::Draw, &c));
        t.apply(&Event::ResultCorrected {
            round: Round(1),
            board: Board(1),
            result: None,
            reason: "误报".into(),
            was: Some(GameResult::Draw),
        });
        let g = t.game(Round(1), Board(1)).unwrap();
        assert_eq!(
            (g.result, signing(g, Signers::Both)),
            (None, Signing::Unsigned)
        );
    }
}
