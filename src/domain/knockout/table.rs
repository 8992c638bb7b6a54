//! The table that selects the finalists (docs/rules.md#7-knockout), computed once and kept
//! until an event can change it, instead of once per question about the knockout (each
//! pairing, lot, colour choice and tie-break game asked for it again:
//! docs/performance.md#a-whole-event-linear-in-the-field).
//!
//! The table after the selecting round reads the rules, the players and the rounds up to that
//! round. An event bound to a later round changes only that round, so the table is kept;
//! every other event forgets it.

use std::sync::OnceLock;

use crate::domain::event::Event;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::rules::Rules;
use crate::domain::standings::calc as swiss_table;
use crate::domain::tournament::Tournament;

/// The selecting table's order (player and section, best first), once asked for, with the
/// rules and the size of the field it was computed for (a state changed outside `apply`, as
/// tests do, computes it afresh).
#[derive(Clone, Debug, Default)]
pub struct SelectingTable(OnceLock<Memo>);

#[derive(Clone, Debug)]
struct Memo {
    rules: Rules,
    players: usize,
    order: Vec<(PlayerNo, usize)>,
}

/// A memo of the other fields of the state, not a fact of the log: two states equal in their
/// facts are equal whether or not either has computed it.
impl PartialEq for SelectingTable {
    fn eq(&self, _: &SelectingTable) -> bool {
        true
    }
}

impl Eq for SelectingTable {}

impl SelectingTable {
    /// The table after `after` without the finals, as `standings::calc::without_finals`
    /// orders it.
    pub fn get(t: &Tournament, after: Round) -> std::borrow::Cow<'_, [(PlayerNo, usize)]> {
        let order = || {
            swiss_table::without_finals(t, after)
                .into_iter()
                .map(|s| (s.no, s.section))
                .collect::<Vec<_>>()
        };
        let memo = t.selecting.0.get_or_init(|| Memo {
            rules: t.rules.clone(),
            players: t.players.len(),
            order: order(),
        });
        if memo.players == t.players.len() && memo.rules == t.rules {
            std::borrow::Cow::Borrowed(&memo.order)
        } else {
            std::borrow::Cow::Owned(order())
        }
    }

    /// Forgets the table unless `event` (applied to a state with these `rules`) is bound to a
    /// round after the selecting one.
    pub fn after(&mut self, event: &Event, rules: &Rules) {
        let keep = rules
            .format
            .knockout()
            .zip(round_of(event))
            .is_some_and(|(k, r)| r.0 > k.after_round);
        if !keep {
            self.0 = OnceLock::new();
        }
    }
}

/// The one round an event changes, for the events that change nothing outside it. Every
/// event is named, so a new one must be placed here.
fn round_of(event: &Event) -> Option<Round> {
    match event {
        Event::RoundPaired { round, .. }
        | Event::RoundUnpaired { round, .. }
        | Event::PairingOverridden { round, .. }
        | Event::GameAdded { round, .. }
        | Event::RoundStarted { round, .. }
        | Event::StartCorrected { round, .. }
        | Event::ResultRecorded { round, .. }
        | Event::ResultCorrected { round, .. }
        | Event::SeatMarked { round, .. }
        | Event::FoulRecorded { round, .. }
        | Event::Clock { round, .. }
        | Event::MoveLimitNoted { round, .. }
        | Event::LotDrawn { round, .. }
        | Event::PairingOutdated { round, .. }
        | Event::PairingKept { round, .. }
        | Event::PairingNoted { round, .. }
        | Event::CodesIssued { round, .. }
        | Event::ResultReported { round, .. }
        | Event::ColourChosen { round, .. } => Some(*round),
        Event::Created { .. }
        | Event::PlayerRegistered { .. }
        | Event::PlayerWithdrawn { .. }
        | Event::PlayerReinstated { .. }
        | Event::NumbersDrawn { .. }
        | Event::TimeCorrected { .. }
        | Event::AutoAdvanced { .. }
        | Event::TeamRegistered { .. }
        | Event::LineupSubmitted { .. }
        | Event::TeamChanged { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    use super::*;
    use crate::domain::command::{Actor, Command};
    use crate::domain::event::{GameKind, PlayerEntry};
    use crate::domain::result::GameResult;
    use crate::domain::rules::{FoulKind, Role};
    use crate::domain::side::Side;

    const RESULTS: [GameResult; 5] = [
        GameResult::RedWin,
        GameResult::BlackWin,
        GameResult::Draw,
        GameResult::Draw,
        GameResult::RedWinForfeit,
    ];

    fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
        (rng.next_u64() % n.max(1) as u64) as usize
    }

    /// The seeds as a state that never kept the table finds them.
    fn fresh_seeds(t: &Tournament) -> Vec<PlayerNo> {
        let mut fresh = t.clone();
        fresh.selecting = SelectingTable::default();
        crate::domain::knockout::seeds(&fresh)
    }

    proptest::proptest! {
        /// Kept or computed afresh, the table gives the same seeds after every event of a
        /// knockout event played with corrections of the selecting rounds, fouls, lots and
        /// a withdrawal, in the order `apply` sees them.
        #[test]
        fn the_kept_table_gives_the_seeds_computed_afresh(seed in 0u64..u64::MAX, n in 8u32..15) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut rules = Rules::preset("lvliang-2024").unwrap();
            rules.registration.capacity = None;
            rules.rounds = 5;
            if let crate::domain::format::Format::Swiss { knockout: Some(k) } = &mut rules.format {
                k.after_round = 3;
            }
            let mut t = Tournament::new(rules.title.clone(), rules);
            let head = Actor { user: "test".into(), role: Role::Head };
            let run = |t: &mut Tournament, cmd: Command| -> Result<(), proptest::test_runner::TestCaseError> {
                if let Ok(evs) = t.decide(&head, &cmd) {
                    for e in &evs {
                        t.apply(e);
                        proptest::prop_assert_eq!(crate::domain::knockout::seeds(t), fresh_seeds(t));
                    }
                }
                Ok(())
            };
            for i in 0..n {
                run(&mut t, Command::RegisterPlayer(PlayerEntry {
                    name: format!("Player {i}"),
                    gender: None,
                    birth: None,
                    club: String::new(),
                    team: String::new(),
                    group: String::new(),
                    local: false,
                    id_number: None,
                }))?;
            }
            run(&mut t, Command::DrawNumbers { seed })?;
            for _ in 0..5 {
                let next = Round(t.current_round().0 + 1);
                let red: Vec<PlayerNo> = crate::domain::colour_choice::due(&t, next).iter().map(|(hi, _)| *hi).collect();
                run(&mut t, Command::PairNextRoundWith { red })?;
                run(&mut t, Command::StartRound { at: chrono::DateTime::UNIX_EPOCH })?;
                for _ in 0..4 {
                    let open: Vec<_> = t.current().map(|r| r.games.iter().filter(|g| g.result.is_none()).map(|g| (g.board, g.game)).collect()).unwrap_or_default();
                    for (board, game) in open {
                        if game == GameKind::Armageddon {
                            run(&mut t, Command::DrawLot { board: Some(board), higher: Side::Red })?;
                        }
                        if pick(&mut rng, 4) == 0 {
                            run(&mut t, Command::RecordFoul { round: None, board, side: Side::Red, kind: FoulKind::Other })?;
                        }
                        let result = RESULTS[pick(&mut rng, RESULTS.len())];
                        run(&mut t, Command::RecordResult { round: None, board, result, correct: None })?;
                    }
                }
                // A correction of an earlier board, the selecting rounds' included.
                if let Some(r) = t.rounds.get(pick(&mut rng, t.rounds.len())).map(|r| (r.round, r.games.len()))
                    && r.1 > 0
                {
                    let board = crate::domain::ids::Board(pick(&mut rng, r.1) as u32 + 1);
                    let result = RESULTS[pick(&mut rng, RESULTS.len())];
                    run(&mut t, Command::RecordResult { round: Some(r.0), board, result, correct: Some("fix".into()) })?;
                }
                if pick(&mut rng, 3) == 0 {
                    let no = PlayerNo(pick(&mut rng, n as usize) as u32 + 1);
                    run(&mut t, Command::WithdrawPlayer { no, reason: "x".into() })?;
                }
            }
        }
    }
}
