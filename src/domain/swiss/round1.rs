//! Round 1 by player number (docs/rules.md#2-player-numbers-and-round-1): `adjacent` (1–2, 4–3, 5–6, …) or `halves`.
//! With an odd field the highest number gets the bye. Optionally, players of the same club
//! are not paired together (swap with the next board).

use crate::domain::ids::PlayerNo;
use crate::domain::pairing::explain::Line;
use crate::domain::pairing::input::Entrant;
use crate::domain::pairing::section::SectionPairing;
use crate::domain::rules::Round1Mode;
use crate::domain::tournament::Tournament;

pub(crate) fn pair(t: &Tournament, list: &[Entrant]) -> SectionPairing {
    let mut nos: Vec<PlayerNo> = list.iter().map(|e| e.no).collect();
    nos.sort();
    let bye = if nos.len() % 2 == 1 { nos.pop() } else { None };
    let n = nos.len();
    let mut pairs: Vec<(PlayerNo, PlayerNo)> = match t.rules.round1 {
        Round1Mode::Adjacent => (0..n / 2).map(|k| (nos[2 * k], nos[2 * k + 1])).collect(),
        Round1Mode::Halves => (0..n / 2).map(|k| (nos[k], nos[k + n / 2])).collect(),
    };
    if t.rules.round1_separate_clubs {
        separate_clubs(t, &mut pairs);
    }
    // Colours: on odd boards the smaller number has red, on even boards the larger.
    let pairs = pairs
        .into_iter()
        .enumerate()
        .map(|(k, (a, b))| {
            let (lo, hi) = (a.min(b), a.max(b));
            if k % 2 == 0 { (lo, hi) } else { (hi, lo) }
        })
        .collect::<Vec<_>>();
    let halves = t.rules.round1 == Round1Mode::Halves;
    let notes = pairs
        .iter()
        .map(|&(red, black)| Line::Round1 { red, black, halves })
        .collect();
    SectionPairing {
        pairs,
        bye,
        notes,
        general: bye.map(|b| vec![Line::Round1Bye(b)]).unwrap_or_default(),
        breaks: Vec::new(),
    }
}

fn club(t: &Tournament, no: PlayerNo) -> &str {
    t.player(no).map_or("", |p| p.entry.club.trim())
}

/// Swaps the second player with the next board's (or the previous board's) second player
/// when both players of a board are from the same club and the swap helps.
fn separate_clubs(t: &Tournament, pairs: &mut [(PlayerNo, PlayerNo)]) {
    let same = |t: &Tournament, a: PlayerNo, b: PlayerNo| {
        let c = club(t, a);
        !c.is_empty() && c == club(t, b)
    };
    for k in 0..pairs.len() {
        if !same(t, pairs[k].0, pairs[k].1) {
            continue;
        }
        let candidates = (k + 1..pairs.len()).chain((0..k).rev());
        for j in candidates {
            let (first, second) = pairs[k];
            let (other_first, other_second) = pairs[j];
            if !same(t, first, other_second) && !same(t, other_first, second) {
                pairs[k] = (first, other_second);
                pairs[j] = (other_first, second);
                break;
            }
        }
    }
}
