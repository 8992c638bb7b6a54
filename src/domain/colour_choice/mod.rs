//! The knockout's colour choice (docs/rules.md#7-knockout, seed 003 §2.2 "平衡双方的先后手，如果双方前面轮次先后手
//! 次数一样，由名次列前者选择先后手"): where the two players of a slow knockout game have had as
//! many reds as each other, the higher-ranked player chooses the colours. The tool never
//! chooses for them: a round with such a match is refused until each choice is given (the
//! automatic advance included), and the log records who chose what (`ColourChosen`).

use super::event::{Event, Stage};
use super::ids::{PlayerNo, Round};
use super::knockout;
use super::side::Side;
use super::tournament::{RoundState, Tournament};

pub mod due;
pub use due::ChoiceDue;

/// The matches of `round` whose colour choice is due: (higher-ranked, lower-ranked).
pub fn due(t: &Tournament, round: Round) -> Vec<(PlayerNo, PlayerNo)> {
    knockout::colour_choices(t, round)
}

/// The choices of `round` that `red` (the players who take red) does not answer, in the
/// order the pairing lists the matches, with names and stage for the refusal.
pub fn unanswered(t: &Tournament, round: Round, red: &[PlayerNo]) -> Vec<ChoiceDue> {
    let stages = knockout::pairings(t, round, &[]).unwrap_or_default();
    due(t, round)
        .into_iter()
        .filter(|(hi, lo)| !red.contains(hi) && !red.contains(lo))
        .map(|(higher, lower)| ChoiceDue {
            stage: stages
                .iter()
                .find(|(r, b, _)| [*r, *b].contains(&higher))
                .map_or(Stage::SemiFinal, |x| x.2),
            higher,
            higher_name: name(t, higher),
            lower,
            lower_name: name(t, lower),
        })
        .collect()
}

/// The `ColourChosen` records of a pairing of `round` given `red`: one per match whose choice
/// was due, the colour its higher-ranked player chose.
pub fn chosen(t: &Tournament, round: Round, red: &[PlayerNo]) -> Vec<Event> {
    due(t, round)
        .into_iter()
        .filter_map(|(hi, lo)| {
            let side = if red.contains(&hi) {
                Side::Red
            } else if red.contains(&lo) {
                Side::Black
            } else {
                return None;
            };
            Some(Event::ColourChosen {
                round,
                player: hi,
                side,
            })
        })
        .collect()
}

/// The players who take red by the choices recorded for `r` (a pairing about to be
/// discarded and paired again): the chooser for red, the chooser's opponent for black.
pub fn reds_of(r: &RoundState) -> Vec<PlayerNo> {
    r.choices
        .iter()
        .filter_map(|&(player, side)| match side {
            Side::Red => Some(player),
            Side::Black => r
                .games
                .iter()
                .find(|g| g.stage != Stage::Swiss && g.side_of(player).is_some())
                .map(|g| if g.red == player { g.black } else { g.red }),
        })
        .collect()
}

fn name(t: &Tournament, no: PlayerNo) -> String {
    t.player(no)
        .map_or_else(|| no.to_string(), |p| p.entry.name.clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Command;
    use crate::domain::knockout::fixture::{eight_after_round_one, head};
    use crate::domain::refusal::Refusal;
    use crate::domain::result::GameResult;

    /// Eight players, knockout after round 1 of 3; round 1 is 1–2, 3–4, 5–6, 7–8 with every
    /// red winning, so the four finalists have had one red each: both semi-finals are level.
    fn level() -> Tournament {
        let red = GameResult::RedWin;
        eight_after_round_one(&[(1, 2, red), (3, 4, red), (5, 6, red), (7, 8, red)])
    }

    #[test]
    fn a_level_match_is_not_paired_without_the_higher_ranked_players_choice() {
        let t = level();
        let due = due(&t, Round(2));
        assert_eq!(due.len(), 2, "both semi-finals are level: {due:?}");
        let Err(Refusal::ColourChoiceDue { round, due: open }) =
            t.decide(&head(), &Command::PairNextRound)
        else {
            panic!("pairing without the choice must be refused");
        };
        assert_eq!(round, Round(2));
        assert_eq!(open.len(), 2);
        assert_eq!((open[0].higher, open[0].lower), due[0]);
        assert_eq!(open[0].stage, Stage::SemiFinal);
        // The automatic advance does not choose either.
        let now = chrono::DateTime::<chrono::Utc>::UNIX_EPOCH;
        assert!(matches!(
            t.decide(&head(), &Command::AutoAdvance { now }),
            Err(Refusal::ColourChoiceDue { .. })
        ));
        // One choice of two is not enough.
        let (hi, _) = due[0];
        assert!(matches!(
            t.decide(&head(), &Command::PairNextRoundWith { red: vec![hi] }),
            Err(Refusal::ColourChoiceDue { due, .. }) if due.len() == 1
        ));
    }

    #[test]
    fn the_choice_gives_the_colours_and_is_recorded() {
        let mut t = level();
        let d = due(&t, Round(2));
        // The first chooser takes red, the second black (their opponent takes red).
        let red = vec![d[0].0, d[1].1];
        let evs = t
            .decide(&head(), &Command::PairNextRoundWith { red })
            .unwrap();
        assert!(matches!(evs.first(), Some(Event::RoundPaired { .. })));
        let chosen: Vec<&Event> = evs
            .iter()
            .filter(|e| matches!(e, Event::ColourChosen { .. }))
            .collect();
        assert_eq!(
            chosen,
            [
                &Event::ColourChosen {
                    round: Round(2),
                    player: d[0].0,
                    side: Side::Red
                },
                &Event::ColourChosen {
                    round: Round(2),
                    player: d[1].0,
                    side: Side::Black
                }
            ]
        );
        for e in &evs {
            t.apply(e);
        }
        let r = t.round(Round(2)).unwrap();
        let game = |p: PlayerNo| r.game_of(p).unwrap();
        assert_eq!(game(d[0].0).red, d[0].0);
        assert_eq!(game(d[1].0).black, d[1].0);
        assert_eq!(r.choices, vec![(d[0].0, Side::Red), (d[1].0, Side::Black)]);
        // A re-pair of the same matches keeps the choices made.
        assert_eq!(reds_of(r), vec![d[0].0, d[1].1]);
    }
}
