//! Fouls and move limits at the board (docs/rules.md#5-fouls): a foul recorded, a claimed foul
//! loss, the foul limits and the move-limit note.

use crate::domain::event::{Cause, Event};
use crate::domain::ids::{Board, Round};
use crate::domain::refusal::{FloorWhy, OverFor, Refusal};
use crate::domain::result::GameResult;
use crate::domain::rules::FoulKind;
use crate::domain::side::Side;
use crate::domain::tournament::{Game, Tournament};

use super::Decision;

impl Tournament {
    /// Whether `fouls` reach one of the rules' foul limits (the last one counted).
    pub(in crate::domain) fn foul_limit_reached(&self, fouls: &[FoulKind]) -> bool {
        let Some(last) = fouls.last() else {
            return false;
        };
        self.rules.foul_limits.iter().any(|l| {
            l.counts(*last) && fouls.iter().filter(|k| l.counts(**k)).count() as u32 >= l.count
        })
    }

    /// Whether `side` has reached a foul limit on this game (any foul as the last counted).
    pub fn foul_limit_reached_by(&self, g: &Game, side: Side) -> bool {
        let fouls = g.fouls.get(side);
        (1..=fouls.len()).any(|n| self.foul_limit_reached(&fouls[..n]))
    }

    /// The opponent claims the loss of `side`, who reached a foul limit.
    pub(in crate::domain) fn decide_claim_foul(
        &self,
        round: Option<Round>,
        board: Board,
        side: Side,
    ) -> Decision {
        let (g, round) = self.unfinished_board(round, board)?;
        if !self.foul_limit_reached_by(g, side) {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::FoulLimitNotReached { side },
            });
        }
        Ok(self.with_consequences(vec![Event::ResultRecorded {
            round,
            board,
            result: GameResult::win_for(side.other(), false),
            cause: Cause::FoulClaimed,
            at: None,
        }]))
    }

    /// Records a foul; reaching one of the preset's limits records the loss (or, where the
    /// rules want the opponent's claim, waits for it).
    pub(in crate::domain) fn decide_foul(
        &self,
        round: Option<Round>,
        board: Board,
        side: Side,
        kind: FoulKind,
    ) -> Decision {
        let g = self.board(round, board)?;
        let round = round.unwrap_or(self.current_round());
        if let Some(existing) = g.result {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::GameOver {
                    existing,
                    what: OverFor::Foul,
                },
            });
        }
        let mut events = vec![Event::FoulRecorded {
            round,
            board,
            side,
            kind,
        }];
        crate::domain::decide::lot_first(g, round)?;
        let mut fouls = g.fouls.get(side).clone();
        fouls.push(kind);
        if self.foul_limit_reached(&fouls) && !self.rules.foul_loss_on_claim {
            events.push(Event::ResultRecorded {
                round,
                board,
                result: GameResult::win_for(side.other(), false),
                cause: Cause::Fouls,
                at: None,
            });
        }
        Ok(self.with_consequences(events))
    }

    /// The head arbiter's move-limit note (限着) on a board still playing.
    pub(in crate::domain) fn decide_move_limit(&self, board: Board, note: &str) -> Decision {
        let g = self.board(None, board)?;
        let round = self.current_round();
        if note.trim().is_empty() {
            return Err(Refusal::FloorGeneral(FloorWhy::NoteNeedsText));
        }
        if let Some(existing) = g.result {
            return Err(Refusal::Floor {
                round,
                board,
                why: FloorWhy::GameOver {
                    existing,
                    what: OverFor::Note,
                },
            });
        }
        Ok(vec![Event::MoveLimitNoted {
            round,
            board,
            note: note.trim().to_string(),
        }])
    }
}
