//! What a changed round keeps (docs/rules.md#3-pairing, "a change by hand" and "re-pairing a
//! round"): a change by hand re-seats only the boards it names, and every other board keeps its
//! fouls, absent marks, clock and signatures. A re-seated board starts afresh, but a player's
//! absent mark follows the player (their late window still runs). A slip (签认条) holds while its
//! seat keeps its player: only re-seated seats are printed again.

use super::{Game, RoundState};
use crate::domain::event::{BoardChange, Pairing};
use crate::domain::ids::Board;
use crate::domain::side::Side;

/// Whether `p` seats the game `g` exactly as it is.
fn same_seating(g: &Game, p: &Pairing) -> bool {
    g.board == p.board
        && g.red == p.red
        && g.black == p.black
        && g.stage == p.stage
        && g.game == p.game
}

/// The boards of `r` that the pairing `games` re-seats, with what each would lose.
pub fn changes(r: &RoundState, games: &[Pairing]) -> Vec<BoardChange> {
    r.games
        .iter()
        .filter(|g| {
            games
                .iter()
                .find(|p| p.board == g.board)
                .is_none_or(|p| !same_seating(g, p))
        })
        .map(|g| BoardChange {
            board: g.board,
            was: (g.red, g.black),
            clock_inputs: g.clock_inputs,
            fouls: (g.fouls.red.len() + g.fouls.black.len()) as u32,
            reports: g.reports.iter().filter(|(_, r)| r.is_some()).count() as u32,
            move_limit: g.move_limit.is_some(),
        })
        .collect()
}

/// The games of `r` after a change by hand to `games`: a board seated as before keeps its
/// game as it is; a re-seated board is `fresh`, each player with the seat state (present,
/// marked absent, arrived) they had in the round.
pub fn overridden(
    r: &RoundState,
    games: &[Pairing],
    fresh: impl Fn(&Pairing) -> Game,
) -> Vec<Game> {
    games
        .iter()
        .map(|p| {
            if let Some(g) = r.game(p.board).filter(|g| same_seating(g, p)) {
                return g.clone();
            }
            let mut g = fresh(p);
            for side in [Side::Red, Side::Black] {
                let player = g.player(side);
                if let Some(old) = r.game_of(player)
                    && let Some(was) = old.side_of(player)
                {
                    *g.seats.get_mut(side) = *old.seats.get(was);
                }
            }
            g
        })
        .collect()
}

/// The seats of `after` whose slip does not hold against `before`: another player in the
/// seat, or a board `before` did not have.
pub fn reseated(before: &[Game], after: &[Game]) -> Vec<(Board, Side)> {
    let mut seats = Vec::new();
    for g in after {
        let old = before.iter().find(|o| o.board == g.board);
        for side in [Side::Red, Side::Black] {
            if old.is_none_or(|o| o.player(side) != g.player(side)) {
                seats.push((g.board, side));
            }
        }
    }
    seats
}

/// Every seat of `games` (a round whose codes all changed).
pub fn every_seat(games: &[Game]) -> Vec<(Board, Side)> {
    games
        .iter()
        .flat_map(|g| [(g.board, Side::Red), (g.board, Side::Black)])
        .collect()
}

/// Adds `seats` to `list`, each once, in board then side order.
pub fn add_seats(list: &mut Vec<(Board, Side)>, seats: impl IntoIterator<Item = (Board, Side)>) {
    for s in seats {
        if !list.contains(&s) {
            list.push(s);
        }
    }
    list.sort_by_key(|&(b, side)| (b, side == Side::Black));
}

/// The seats a change by hand re-seated: on each changed board, the sides whose player is
/// not the one who sat there before.
pub fn override_seats(changed: &[BoardChange], games: &[Pairing]) -> Vec<(Board, Side)> {
    let mut seats = Vec::new();
    for c in changed {
        let now = games.iter().find(|p| p.board == c.board);
        if now.is_none_or(|p| p.red != c.was.0) {
            seats.push((c.board, Side::Red));
        }
        if now.is_none_or(|p| p.black != c.was.1) {
            seats.push((c.board, Side::Black));
        }
    }
    seats
}

/// The slips the events of one append made void, read in `t` after them: the seats a
/// change by hand re-seated, and the changed seats of a round paired again.
pub fn reprint_of<'a>(
    t: &super::Tournament,
    events: impl IntoIterator<Item = &'a crate::domain::event::Event>,
) -> Vec<(Board, Side)> {
    use crate::domain::event::Event;
    let mut seats = Vec::new();
    for e in events {
        match e {
            Event::PairingOverridden {
                games,
                changed: Some(changed),
                ..
            } => add_seats(&mut seats, override_seats(changed, games)),
            Event::RoundPaired { round, .. } => {
                if let Some(r) = t.round(*round) {
                    add_seats(&mut seats, r.reprint.iter().copied());
                }
            }
            _ => {}
        }
    }
    seats
}

#[cfg(test)]
mod tests;
