//! FIDE's direct encounter (Tie-Break Regulations C.07, 2023, art. 6;
//! docs/rules.md#fide-tiebreaks): the place of each player inside a group still tied, a
//! sibling of the Chinese 直胜 in `tiebreak.rs`.

use super::rules::Points;
use super::tiebreak::Met;

/// FIDE's direct encounter (C.07 art. 6, docs/rules.md#fide-tiebreaks) inside one tied
/// group: each member's place in the group, 1 first, members the rule cannot part sharing a
/// place. `games[i]` are the Swiss games of `group[i]`; in a Swiss only games over the board
/// count (a forfeit is no encounter), in a `round_robin` (the schedule had them meet) every
/// game counts as recorded, forfeits too. When every member met every other (always in a
/// round robin), the points scored among them order the group; otherwise a member
/// goes ahead only with more points among them than any member behind could still reach
/// with a win against every member not met. Each part still tied is decided again among
/// itself.
pub fn direct_encounter(
    group: &[usize],
    games: &[&[Met]],
    points: &Points,
    round_robin: bool,
) -> Vec<u32> {
    let members: Vec<usize> = (0..group.len()).collect();
    let mut place = vec![1_u32; group.len()];
    let mut ahead = 0_u32;
    for class in de_classes(members, group, games, points, round_robin) {
        for &k in &class {
            place[k] = ahead + 1;
        }
        ahead += class.len() as u32;
    }
    place
}

/// The ordered classes (ties) of `members` (indices into `group`) by direct encounter.
fn de_classes(
    members: Vec<usize>,
    group: &[usize],
    games: &[&[Met]],
    points: &Points,
    round_robin: bool,
) -> Vec<Vec<usize>> {
    let m = members.len();
    if m < 2 {
        return vec![members];
    }
    let local = |player: usize| members.iter().position(|&k| group[k] == player);
    // Per member: (sum, games) against each other member, over the board only.
    let mut met: Vec<Vec<(i64, i64)>> = vec![vec![(0, 0); m]; m];
    for (a, &k) in members.iter().enumerate() {
        for g in games[k]
            .iter()
            .filter(|g| round_robin || !g.result.is_forfeit())
        {
            if let Some(b) = local(g.opponent).filter(|&b| b != a) {
                met[a][b].0 += i64::from(points.for_result(g.result, g.side));
                met[a][b].1 += 1;
            }
        }
    }
    // Scores are averaged per opponent met more than once: scale by the counts' lcm.
    let scale = met
        .iter()
        .flatten()
        .map(|&(_, c)| c.max(1))
        .fold(1_i64, |l, c| (l * c / gcd(l, c)).min(1 << 20));
    let win = i64::from(points.win_points()) * scale;
    let score: Vec<i64> = met
        .iter()
        .map(|row| {
            row.iter()
                .filter(|x| x.1 > 0)
                .map(|&(s, c)| s * scale / c)
                .sum()
        })
        .collect();
    let opponents: Vec<usize> = met
        .iter()
        .map(|row| row.iter().filter(|x| x.1 > 0).count())
        .collect();
    let all_met = round_robin || opponents.iter().all(|&o| o == m - 1);
    let best: Vec<i64> = (0..m)
        .map(|a| {
            if all_met {
                score[a]
            } else {
                score[a] + (m - 1 - opponents[a]) as i64 * win
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| score[b].cmp(&score[a]).then(best[b].cmp(&best[a])));
    let mut classes: Vec<Vec<usize>> = vec![vec![order[0]]];
    let mut parted = true;
    for i in 1..m {
        let prev = order[i - 1];
        let apart = if all_met {
            score[order[i]] != score[prev]
        } else {
            parted && order[i..].iter().all(|&b| score[prev] > best[b])
        };
        parted &= apart || all_met;
        if apart {
            classes.push(vec![order[i]]);
        } else if let Some(last) = classes.last_mut() {
            last.push(order[i]);
        }
    }
    if classes.len() == 1 {
        return vec![members];
    }
    classes
        .into_iter()
        .flat_map(|c| {
            let c: Vec<usize> = c.into_iter().map(|a| members[a]).collect();
            de_classes(c, group, games, points, round_robin)
        })
        .collect()
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 { a.max(1) } else { gcd(b, a % b) }
}

#[cfg(test)]
mod tests {
    use crate::domain::fide_tiebreak::tests::{EXPECTED, RR, SWISS_5, SWISS_9, event};
    use crate::domain::rules::Tiebreak;

    /// The exercise's DE ranks: points first, then FIDE's direct encounter, places shared
    /// where the rule cannot part players (a place = the players ahead on points + the
    /// place inside the group).
    fn check_de(file: &str, text: &str, key: &str) {
        let mut t = event(file, text);
        t.rules.tiebreaks = vec![Tiebreak::FideDe];
        let rows = crate::domain::standings::without_finals(&t, crate::domain::ids::Round(99));
        let all: serde_json::Value = serde_json::from_str(EXPECTED).unwrap();
        let want = all[file][key]
            .as_object()
            .unwrap_or_else(|| panic!("{key}"));
        let mut bad = Vec::new();
        for (no, x) in want {
            let no: u32 = no.parse().unwrap();
            let me = rows.iter().find(|r| r.no.0 == no).unwrap();
            let better = rows.iter().filter(|r| r.points > me.points).count() as i64;
            let place = better + me.value(Tiebreak::FideDe).unwrap_or(1);
            if place != x.as_i64().unwrap() {
                bad.push(format!("{no}: {place} (want {x})"));
            }
        }
        assert!(bad.is_empty(), "{file} {key}: {}", bad.join(", "));
    }

    #[test]
    fn held_direct_encounter_ranks_are_reproduced() {
        check_de("held_swiss_5.trf", SWISS_5, "DE rank (exercise 23)");
        check_de("held_swiss_5.trf", SWISS_5, "DE rank (exercise 24)");
        check_de(
            "held_swiss_9.trf",
            SWISS_9,
            "DE rank with PTS first (exercise 25)",
        );
        check_de(
            "held_round_robin.trf",
            RR,
            "DE rank with PTS first (exercise 26)",
        );
    }
}
