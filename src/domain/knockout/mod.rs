//! Knockout finals for the top four after the configured Swiss round (docs/rules.md#7-knockout, seed 003).
//!
//! After round `after_round` the top four (of the first section, active players) leave the
//! Swiss: semi-finals 1 v 4 and 2 v 3 in the next round, then the final and the third-place
//! match in the round after. Each match is one slow game; if drawn, a rapid game with colours
//! swapped; if drawn again, an armageddon game with colours by lot (a recorded seed), where a
//! draw counts as a black win. Knockout games sit in the same rounds as the Swiss boards of
//! the others and never count for Swiss points (standings add the slow games' points to a
//! finalist's score for opponent score only).

pub mod config;
pub mod placing;

use sha2::{Digest, Sha256};

use crate::domain::event::{Event, GameKind, Pairing, Stage};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::refusal::Refusal;
use crate::domain::result::GameResult;
use crate::domain::side::Side;
use crate::domain::standings;
use crate::domain::tournament::{Game, Status, Tournament};

/// The four finalists in seed order (1st to 4th after the Swiss round), once that round is
/// complete; empty before, or when the event has no knockout.
pub fn seeds(t: &Tournament) -> Vec<PlayerNo> {
    let Some(k) = t.rules.format.knockout() else {
        return Vec::new();
    };
    if t.completed_rounds() < k.after_round {
        return Vec::new();
    }
    let table = standings::standings(t, Round(k.after_round));
    // Once the semi-finals are paired the seeds are fixed: a finalist who withdraws later
    // (by hand or by the consecutive-forfeit rule) stays a seed, and the knockout goes on.
    if let Some(first) = t.round(Round(k.after_round + 1)) {
        let semi: Vec<PlayerNo> = first
            .games
            .iter()
            .filter(|g| g.stage == Stage::SemiFinal)
            .flat_map(|g| [g.red, g.black])
            .collect();
        if !semi.is_empty() {
            return table
                .into_iter()
                .filter(|s| semi.contains(&s.no))
                .map(|s| s.no)
                .collect();
        }
    }
    table
        .into_iter()
        .filter(|s| s.section == 0)
        .filter(|s| t.player(s.no).is_some_and(|p| p.status == Status::Active))
        .take(k.players as usize)
        .map(|s| s.no)
        .collect()
}

/// Players who have left the Swiss for the knockout by `round`.
pub fn finalists(t: &Tournament, round: Round) -> Vec<PlayerNo> {
    match t.rules.format.knockout() {
        Some(k) if round.0 > k.after_round => seeds(t),
        _ => Vec::new(),
    }
}

/// Red and black counts over every game a player has been paired in so far.
fn colour_counts(t: &Tournament, no: PlayerNo) -> (i64, i64) {
    let mut counts = (0, 0);
    for g in t.rounds.iter().flat_map(|r| &r.games) {
        match g.side_of(no) {
            Some(Side::Red) => counts.0 += 1,
            Some(Side::Black) => counts.1 += 1,
            None => {}
        }
    }
    counts
}

/// Colours of a slow knockout game between `higher` (the better seed) and `lower`: the
/// player with fewer reds relative to blacks gets red; if equal, the higher-ranked player
/// chooses (`choices` holds players who asked for red); without a choice, red.
fn slow_colours(
    t: &Tournament,
    higher: PlayerNo,
    lower: PlayerNo,
    choices: &[PlayerNo],
) -> (PlayerNo, PlayerNo) {
    let (hr, hb) = colour_counts(t, higher);
    let (lr, lb) = colour_counts(t, lower);
    match (hr - hb).cmp(&(lr - lb)) {
        std::cmp::Ordering::Less => (higher, lower),
        std::cmp::Ordering::Greater => (lower, higher),
        std::cmp::Ordering::Equal => {
            if choices.contains(&lower) && !choices.contains(&higher) {
                (lower, higher)
            } else {
                (higher, lower)
            }
        }
    }
}

/// The games of one match (same stage, same two players) in `round`, in board order.
fn match_games(t: &Tournament, round: Round, stage: Stage, a: PlayerNo, b: PlayerNo) -> Vec<&Game> {
    t.round(round).map_or_else(Vec::new, |r| {
        r.games
            .iter()
            .filter(|g| g.stage == stage && g.side_of(a).is_some() && g.side_of(b).is_some())
            .collect()
    })
}

/// Who won a decided knockout game: an armageddon draw counts as a black win; a double
/// forfeit decides nothing.
fn game_winner(g: &Game) -> Option<PlayerNo> {
    let r = g.result?;
    match r {
        GameResult::RedWin | GameResult::RedWinForfeit => Some(g.red),
        GameResult::BlackWin | GameResult::BlackWinForfeit => Some(g.black),
        GameResult::Draw if g.game == GameKind::Armageddon => Some(g.black),
        GameResult::Draw | GameResult::DoubleForfeit => None,
    }
}

/// The winner and loser of a match, once decided.
pub fn match_result(
    t: &Tournament,
    round: Round,
    stage: Stage,
    a: PlayerNo,
    b: PlayerNo,
) -> Option<(PlayerNo, PlayerNo)> {
    let games = match_games(t, round, stage, a, b);
    for kind in [GameKind::Slow, GameKind::Rapid, GameKind::Armageddon] {
        let g = games.iter().find(|g| g.game == kind)?;
        g.result?;
        if let Some(w) = game_winner(g) {
            return Some((w, if w == a { b } else { a }));
        }
        if g.result == Some(GameResult::DoubleForfeit) {
            // Both absent: the better seed goes through (nothing else decides it).
            let seeds = seeds(t);
            let pos = |p| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
            return Some(if pos(a) <= pos(b) { (a, b) } else { (b, a) });
        }
    }
    None
}

/// The semi-final pairs as (better seed, worse seed): 1 v 4 and 2 v 3.
fn semi_pairs(seeds: &[PlayerNo]) -> Option<[(PlayerNo, PlayerNo); 2]> {
    match seeds {
        [a, b, c, d] => Some([(*a, *d), (*b, *c)]),
        _ => None,
    }
}

/// The knockout boards (red, black, stage) to pair in `round`. `choices` are players who
/// chose red where colour counts are equal.
pub fn pairings(
    t: &Tournament,
    round: Round,
    choices: &[PlayerNo],
) -> Result<Vec<(PlayerNo, PlayerNo, Stage)>, Refusal> {
    let Some(k) = t.rules.format.knockout() else {
        return Ok(Vec::new());
    };
    let seeds = seeds(t);
    let rank = |p: PlayerNo| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
    if round.0 == k.after_round + 1 {
        let Some(semis) = semi_pairs(&seeds) else {
            return Err(Refusal::TooFewFinalists {
                found: seeds.len(),
                after: Round(k.after_round),
            });
        };
        return Ok(semis
            .iter()
            .map(|(a, b)| {
                let (r, bl) = slow_colours(t, *a, *b, choices);
                (r, bl, Stage::SemiFinal)
            })
            .collect());
    }
    if round.0 == k.after_round + 2 {
        let semi_round = Round(k.after_round + 1);
        let Some(semis) = semi_pairs(&seeds) else {
            return Ok(Vec::new());
        };
        let mut winners = Vec::new();
        let mut losers = Vec::new();
        for (a, b) in semis {
            let Some((w, l)) = match_result(t, semi_round, Stage::SemiFinal, a, b) else {
                return Err(Refusal::SemiFinalOpen { a, b });
            };
            winners.push(w);
            losers.push(l);
        }
        let ordered = |x: PlayerNo, y: PlayerNo| if rank(x) <= rank(y) { (x, y) } else { (y, x) };
        let (fa, fb) = ordered(winners[0], winners[1]);
        let (ta, tb) = ordered(losers[0], losers[1]);
        let (fr, fbk) = slow_colours(t, fa, fb, choices);
        let (tr, tbk) = slow_colours(t, ta, tb, choices);
        return Ok(vec![(fr, fbk, Stage::Final), (tr, tbk, Stage::ThirdPlace)]);
    }
    Ok(Vec::new())
}

/// The knockout matches of `round` whose colour counts are equal, so that the higher-ranked
/// player chooses (docs/rules.md#7-knockout): (higher-ranked, lower-ranked) pairs. Empty when no choice is
/// due (or the round cannot be paired yet).
pub fn colour_choices(t: &Tournament, round: Round) -> Vec<(PlayerNo, PlayerNo)> {
    let seeds = seeds(t);
    let rank = |p: PlayerNo| seeds.iter().position(|s| *s == p).unwrap_or(usize::MAX);
    pairings(t, round, &[])
        .unwrap_or_default()
        .into_iter()
        .filter_map(|(r, b, _)| {
            let (rr, rb) = colour_counts(t, r);
            let (br, bb) = colour_counts(t, b);
            (rr - rb == br - bb).then(|| if rank(r) <= rank(b) { (r, b) } else { (b, r) })
        })
        .collect()
}

/// A deterministic lot for the armageddon's colours, derived from the event and the match so
/// that anyone can reproduce it; the seed is recorded in the event.
fn lot_seed(t: &Tournament, round: Round, one: PlayerNo, two: PlayerNo) -> u64 {
    let mut hasher = Sha256::new();
    hasher.update(t.title.as_bytes());
    hasher.update(round.0.to_le_bytes());
    hasher.update(one.0.min(two.0).to_le_bytes());
    hasher.update(one.0.max(two.0).to_le_bytes());
    let d = hasher.finalize();
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&d[..8]);
    u64::from_le_bytes(bytes)
}

/// After a result on a knockout board (`after` already holds it): the tie-break game the
/// match needs next, if any.
pub fn follow_up(after: &Tournament, round: Round, board: Board) -> Option<Event> {
    let g = after.game(round, board)?;
    if g.stage == Stage::Swiss || g.result != Some(GameResult::Draw) {
        return None;
    }
    let games = match_games(after, round, g.stage, g.red, g.black);
    let next = match g.game {
        GameKind::Slow => GameKind::Rapid,
        GameKind::Rapid => GameKind::Armageddon,
        GameKind::Armageddon => return None,
    };
    if games.iter().any(|x| x.game == next) {
        return None;
    }
    let r = after.round(round)?;
    let (red, black, lot) = if next == GameKind::Rapid {
        // Rapid: colours swapped from the slow game.
        (g.black, g.red, None)
    } else {
        let seed = lot_seed(after, round, g.red, g.black);
        let (lo, hi) = (g.red.min(g.black), g.red.max(g.black));
        if seed.is_multiple_of(2) {
            (lo, hi, Some(seed))
        } else {
            (hi, lo, Some(seed))
        }
    };
    Some(Event::GameAdded {
        round,
        game: Pairing {
            board: Board(r.games.len() as u32 + 1),
            red,
            black,
            stage: g.stage,
            game: next,
        },
        lot_seed: lot,
    })
}

/// Places 1–4 from the knockout once the final and the third-place match are decided.
pub fn final_places(t: &Tournament) -> Option<[PlayerNo; 4]> {
    let k = t.rules.format.knockout()?;
    let round = Round(k.after_round + 2);
    let r = t.round(round)?;
    let find = |stage: Stage| {
        r.games
            .iter()
            .find(|g| g.stage == stage && g.game == GameKind::Slow)
    };
    let f = find(Stage::Final)?;
    let third = find(Stage::ThirdPlace)?;
    let (w1, l1) = match_result(t, round, Stage::Final, f.red, f.black)?;
    let (w3, l3) = match_result(t, round, Stage::ThirdPlace, third.red, third.black)?;
    Some([w1, l1, w3, l3])
}

/// The order of the finalists at the top of the first section after `after`: the knockout's
/// places once the final and third-place matches are decided, the seed order before.
/// `None` when the event has no knockout or the Swiss round that selects it is not past.
pub fn places_after(t: &Tournament, after: Round) -> Option<Vec<PlayerNo>> {
    let k = t.rules.format.knockout()?;
    if after.0 <= k.after_round {
        return None;
    }
    if after.0 >= k.after_round + 2
        && let Some(places) = final_places(t)
    {
        return Some(places.to_vec());
    }
    let seeds = seeds(t);
    (!seeds.is_empty()).then_some(seeds)
}

/// Points a finalist scored in slow knockout games up to `after` (for opponent score:
/// docs/rules.md#7-knockout, a drawn slow game still scores the draw points).
pub fn slow_game_points(t: &Tournament, no: PlayerNo, after: Round) -> u32 {
    t.rounds
        .iter()
        .take(after.index() + 1)
        .flat_map(|r| &r.games)
        .filter(|g| g.stage != Stage::Swiss && g.game == GameKind::Slow)
        .filter_map(|g| {
            let side = g.side_of(no)?;
            g.result.map(|res| t.rules.points.for_result(res, side))
        })
        .fold(0, u32::saturating_add)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, PlayerEntry};
    use crate::domain::rules::{Knockout, Role, Rules};
    use crate::domain::{Actor, Command};

    fn head() -> Actor {
        Actor {
            user: "t".into(),
            role: Role::Head,
        }
    }

    /// Eight players; knockout after round 1 of 3. Round 1: 1–2, 4–3, 5–6, 8–7 with red wins on
    /// boards 1–3 and a black win on board 4, so after round 1 the winners 1, 4, 5, 7 lead.
    fn event() -> Tournament {
        let mut rules = Rules::preset("lvliang-2024").unwrap();
        // Numbers in registration order: no random draw in this fixture.
        rules.numbers_by_registration = true;
        rules.rounds = 3;
        rules.format = crate::domain::format::Format::Swiss {
            knockout: Some(Knockout {
                after_round: 1,
                players: 4,
            }),
        };
        let mut t = Tournament::new("ko".into(), rules);
        for i in 1..=8 {
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i),
                entry: PlayerEntry::named(format!("P{i}")),
            });
        }
        t.apply(&Event::NumbersDrawn {
            seed: None,
            order: (1..=8).map(PlayerNo).collect(),
        });
        let games = [(1, 2), (4, 3), (5, 6), (8, 7)]
            .iter()
            .enumerate()
            .map(|(i, (r, b))| Pairing {
                board: Board(i as u32 + 1),
                red: PlayerNo(*r),
                black: PlayerNo(*b),
                stage: Stage::Swiss,
                game: GameKind::Slow,
            })
            .collect();
        t.apply(&Event::RoundPaired {
            round: Round(1),
            games,
            byes: vec![],
        });
        t.apply(&Event::RoundStarted {
            round: Round(1),
            at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
        });
        for (b, res) in [
            (1, GameResult::RedWin),
            (2, GameResult::RedWin),
            (3, GameResult::RedWin),
            (4, GameResult::BlackWin),
        ] {
            t.apply(&Event::ResultRecorded {
                round: Round(1),
                board: Board(b),
                result: res,
                cause: Cause::Arbiter,
                at: None,
            });
        }
        t
    }

    /// Knockout pairings as slow-game boards 1, 2, ….
    fn slow_boards(ko: &[(PlayerNo, PlayerNo, Stage)]) -> Vec<Pairing> {
        ko.iter()
            .enumerate()
            .map(|(i, (r, b, s))| Pairing {
                board: Board(i as u32 + 1),
                red: *r,
                black: *b,
                stage: *s,
                game: GameKind::Slow,
            })
            .collect()
    }

    /// Pairs round 2 with the knockout boards first and the others' Swiss boards by hand.
    fn pair_round2(t: &mut Tournament, choices: &[PlayerNo]) -> Vec<(PlayerNo, PlayerNo, Stage)> {
        let ko = pairings(t, Round(2), choices).unwrap();
        let mut games = slow_boards(&ko);
        for (r, b) in [(2, 6), (3, 8)] {
            games.push(Pairing {
                board: Board(games.len() as u32 + 1),
                red: PlayerNo(r),
                black: PlayerNo(b),
                stage: Stage::Swiss,
                game: GameKind::Slow,
            });
        }
        t.apply(&Event::RoundPaired {
            round: Round(2),
            games,
            byes: vec![],
        });
        t.apply(&Event::RoundStarted {
            round: Round(2),
            at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
        });
        ko
    }

    fn record(t: &mut Tournament, board: u32, result: GameResult) -> Vec<Event> {
        let evs = t
            .decide(
                &head(),
                &Command::RecordResult {
                    round: None,
                    board: Board(board),
                    result,
                    correct: None,
                },
            )
            .unwrap();
        for e in &evs {
            t.apply(e);
        }
        evs
    }

    #[test]
    fn top_four_leave_the_swiss_for_semi_finals_one_v_four_two_v_three() {
        let t = event();
        // Winners 1, 4, 5, 7 have 3 points; ties broken by the chain down to the number.
        let s = seeds(&t);
        assert_eq!(s.len(), 4);
        assert!(s.iter().all(|p| [1, 4, 5, 7].contains(&p.0)), "{s:?}");
        assert!(finalists(&t, Round(1)).is_empty());
        assert_eq!(finalists(&t, Round(2)), s);
        let ko = pairings(&t, Round(2), &[]).unwrap();
        let pair = |x: PlayerNo, y: PlayerNo| {
            ko.iter()
                .any(|(r, b, _)| (*r == x && *b == y) || (*r == y && *b == x))
        };
        assert!(pair(s[0], s[3]) && pair(s[1], s[2]), "{ko:?}");
    }

    #[test]
    fn slow_colours_balance_then_higher_rank_chooses() {
        let t = event();
        // 1 and 4 had red in round 1, 5 had red, 7 had black.
        let s = seeds(&t);
        for (r, b, _) in pairings(&t, Round(2), &[]).unwrap() {
            let (rr, rb) = colour_counts(&t, r);
            let (br, bb) = colour_counts(&t, b);
            assert!(
                rr - rb <= br - bb,
                "red {r} must not have more reds than black {b}"
            );
        }
        // Two players with equal counts: the higher-ranked takes red unless the lower was chosen.
        let reds: Vec<_> = s
            .iter()
            .copied()
            .filter(|p| colour_counts(&t, *p) == (1, 0))
            .collect();
        assert!(reds.len() >= 2);
        let (hi, lo) = (reds[0], reds[1]);
        assert_eq!(slow_colours(&t, hi, lo, &[]), (hi, lo));
        assert_eq!(slow_colours(&t, hi, lo, &[lo]), (lo, hi));
    }

    #[test]
    fn a_colour_choice_is_due_exactly_where_the_counts_are_level() {
        let t = event();
        let s = seeds(&t);
        let choices = colour_choices(&t, Round(2));
        let balance = |p: PlayerNo| {
            let (r, b) = colour_counts(&t, p);
            r - b
        };
        for (hi, lo) in [(s[0], s[3]), (s[1], s[2])] {
            let level = balance(hi) == balance(lo);
            assert_eq!(choices.contains(&(hi, lo)), level, "{hi} v {lo}");
        }
        // The choice goes to the higher-ranked: with it, the lower-ranked can still be given red.
        for (hi, lo) in choices {
            let semis = pairings(&t, Round(2), &[lo]).unwrap();
            assert!(semis.iter().any(|(r, b, _)| *r == lo && *b == hi));
        }
        assert!(colour_choices(&t, Round(1)).is_empty());
    }

    #[test]
    fn slow_game_decisive_ends_the_match() {
        let mut t = event();
        let ko = pair_round2(&mut t, &[]);
        let evs = record(&mut t, 1, GameResult::RedWin);
        assert_eq!(evs.len(), 1, "no tie-break game after a decisive slow game");
        let (r, b, _) = ko[0];
        assert_eq!(
            match_result(&t, Round(2), Stage::SemiFinal, r, b),
            Some((r, b))
        );
    }

    #[test]
    fn slow_drawn_then_rapid_decides_with_colours_swapped() {
        let mut t = event();
        let ko = pair_round2(&mut t, &[]);
        let (r, b, _) = ko[0];
        let evs = record(&mut t, 1, GameResult::Draw);
        let Some(Event::GameAdded { game, lot_seed, .. }) = evs.get(1) else {
            panic!("expected a rapid game, got {evs:?}");
        };
        assert_eq!(
            (game.game, game.red, game.black, *lot_seed),
            (GameKind::Rapid, b, r, None)
        );
        assert_eq!(game.board, Board(5));
        assert_eq!(match_result(&t, Round(2), Stage::SemiFinal, r, b), None);
        record(&mut t, 5, GameResult::RedWin);
        assert_eq!(
            match_result(&t, Round(2), Stage::SemiFinal, r, b),
            Some((b, r))
        );
        // The drawn slow game still scores the colour-dependent draw points (red 1, black 2);
        // the rapid game scores nothing.
        assert_eq!(slow_game_points(&t, r, Round(2)), 1);
        assert_eq!(slow_game_points(&t, b, Round(2)), 2);
    }

    #[test]
    fn armageddon_after_two_draws_and_a_draw_is_a_black_win() {
        let mut t = event();
        let ko = pair_round2(&mut t, &[]);
        let (r, b, _) = ko[1];
        record(&mut t, 2, GameResult::Draw);
        record(&mut t, 5, GameResult::Draw);
        let arm = t.round(Round(2)).unwrap().games.last().cloned().unwrap();
        assert_eq!(arm.game, GameKind::Armageddon);
        assert_eq!(arm.board, Board(6));
        // The lot comes first: the result is refused until it is entered.
        let cmd = Command::RecordResult {
            round: None,
            board: Board(6),
            result: GameResult::Draw,
            correct: None,
        };
        assert_eq!(
            t.decide(&head(), &cmd),
            Err(Refusal::LotFirst {
                round: Round(2),
                board: Board(6)
            })
        );
        let lot = t
            .decide(
                &head(),
                &Command::DrawLot {
                    board: Some(Board(6)),
                    higher: Side::Black,
                },
            )
            .unwrap();
        for e in &lot {
            t.apply(e);
        }
        let arm = t.round(Round(2)).unwrap().games[5].clone();
        assert!(arm.lot);
        let evs = record(&mut t, 6, GameResult::Draw);
        assert_eq!(evs.len(), 1, "no game after the armageddon");
        assert_eq!(
            match_result(&t, Round(2), Stage::SemiFinal, r, b),
            Some((arm.black, arm.red))
        );
    }

    #[test]
    fn armageddon_lot_is_recorded_and_reproducible() {
        let mut a = event();
        let mut b = event();
        pair_round2(&mut a, &[]);
        pair_round2(&mut b, &[]);
        record(&mut a, 1, GameResult::Draw);
        record(&mut b, 1, GameResult::Draw);
        let x = record(&mut a, 5, GameResult::Draw);
        let y = record(&mut b, 5, GameResult::Draw);
        assert_eq!(x, y);
        assert!(matches!(
            x.last(),
            Some(Event::GameAdded {
                lot_seed: Some(_),
                ..
            })
        ));
    }

    #[test]
    fn final_and_third_place_follow_the_semis_and_give_places_one_to_four() {
        let mut t = event();
        let ko = pair_round2(&mut t, &[]);
        record(&mut t, 1, GameResult::RedWin);
        record(&mut t, 2, GameResult::BlackWin);
        record(&mut t, 3, GameResult::Draw);
        record(&mut t, 4, GameResult::Draw);
        let f = pairings(&t, Round(3), &[]).unwrap();
        let winners = [ko[0].0, ko[1].1];
        let losers = [ko[0].1, ko[1].0];
        let fin = f.iter().find(|g| g.2 == Stage::Final).unwrap();
        let third = f.iter().find(|g| g.2 == Stage::ThirdPlace).unwrap();
        assert!(winners.contains(&fin.0) && winners.contains(&fin.1));
        assert!(losers.contains(&third.0) && losers.contains(&third.1));
        t.apply(&Event::RoundPaired {
            round: Round(3),
            games: slow_boards(&f),
            byes: vec![],
        });
        t.apply(&Event::RoundStarted {
            round: Round(3),
            at: chrono::DateTime::<chrono::Utc>::UNIX_EPOCH,
        });
        assert_eq!(final_places(&t), None);
        record(&mut t, 1, GameResult::BlackWin);
        record(&mut t, 2, GameResult::RedWin);
        assert_eq!(final_places(&t), Some([fin.1, fin.0, third.0, third.1]));
        // Opponent-score points: the winner of the final scored the black win (3) plus the
        // semi-final slow game.
        let semi_points = slow_game_points(&t, fin.1, Round(2));
        assert_eq!(slow_game_points(&t, fin.1, Round(3)), semi_points + 3);
    }
}
