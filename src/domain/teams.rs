//! Team standings (团体, docs/rules.md#8-teams-groups-prizes). A team is every player with the same non-empty
//! `entry.team`. The team's score comes from the individual standings after
//! `rules.teams.after_round` (seed 003: round 9, so rounds 10–11 do not count), or after the
//! last completed round when unset or not yet reached.
//!
//! - `points_sum` (default, seed 003): the sum of the best `members_counted` members' points,
//!   more first; ties by the team's best individual rank (in that round's standings).
//! - `rank_sum` (WXF): the sum of the best `members_counted` members' ranks, lower first.
//!   A team with fewer members than `members_counted` is placed after the complete teams
//!   (otherwise a missing member would lower its sum); ties again by the best individual rank.
//!
//! The team name breaks any tie left (places are never shared). Events whose rules have no
//! `teams` section are ranked with the defaults (three members, points sum).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::ids::{PlayerNo, Round};
use super::rules::{TeamMethod, Teams};
use super::standings::{self, Standing};
use super::tournament::Tournament;

/// One member of a team with their individual result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMember {
    pub no: PlayerNo,
    pub points: u32,
    /// Individual rank within the member's section.
    pub rank: u32,
    /// Whether this member's result counts for the team.
    pub counted: bool,
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStanding {
    /// Place, 1-based, never shared.
    pub rank: u32,
    pub team: String,
    /// Sum of the counted members' points.
    pub points: u32,
    /// Sum of the counted members' ranks.
    pub rank_sum: u32,
    /// The best individual rank among all members.
    pub best_rank: u32,
    /// How many members counted (fewer than `members_counted` for a short team).
    pub counted: u32,
    /// Counted members first (best first), then the others.
    pub members: Vec<TeamMember>,
}

/// The team settings of the event, or the defaults when the rules have none.
pub fn settings(t: &Tournament) -> Teams {
    t.rules.teams.clone().unwrap_or(Teams {
        after_round: None,
        members_counted: 3,
        method: TeamMethod::PointsSum,
        places_awarded: 0,
    })
}

/// The round whose standings count: `after_round`, or the last completed round when unset
/// or not reached yet.
pub fn counting_round(t: &Tournament, cfg: &Teams) -> Round {
    let done = t.completed_rounds();
    Round(cfg.after_round.map_or(done, |r| r.min(done)))
}

/// Team standings under the event's rules.
pub fn standings(t: &Tournament) -> Vec<TeamStanding> {
    let cfg = settings(t);
    let table = standings::standings(t, counting_round(t, &cfg));
    rank(t, &cfg, &table)
}

/// Team standings from a given individual table (the standings after the counting round).
pub fn rank(t: &Tournament, cfg: &Teams, table: &[Standing]) -> Vec<TeamStanding> {
    let mut by_team: BTreeMap<&str, Vec<TeamMember>> = BTreeMap::new();
    for row in table {
        let Some(p) = t.player(row.no) else { continue };
        let name = p.entry.team.trim();
        if name.is_empty() {
            continue;
        }
        by_team.entry(name).or_default().push(TeamMember {
            no: row.no,
            points: row.points,
            rank: row.rank,
            counted: false,
        });
    }
    let want = cfg.members_counted as usize;
    let mut teams: Vec<TeamStanding> = by_team
        .into_iter()
        .map(|(name, mut members)| {
            match cfg.method {
                TeamMethod::PointsSum => members.sort_by(|a, b| {
                    b.points
                        .cmp(&a.points)
                        .then(a.rank.cmp(&b.rank))
                        .then(a.no.cmp(&b.no))
                }),
                TeamMethod::RankSum => {
                    members.sort_by(|a, b| a.rank.cmp(&b.rank).then(a.no.cmp(&b.no)));
                }
            }
            for m in members.iter_mut().take(want) {
                m.counted = true;
            }
            let counted = members.iter().filter(|m| m.counted);
            TeamStanding {
                rank: 0,
                team: name.to_string(),
                points: counted
                    .clone()
                    .map(|m| m.points)
                    .fold(0, u32::saturating_add),
                rank_sum: counted.clone().map(|m| m.rank).fold(0, u32::saturating_add),
                best_rank: members.iter().map(|m| m.rank).min().unwrap_or(u32::MAX),
                counted: counted.count() as u32,
                members,
            }
        })
        .collect();
    teams.sort_by(|a, b| compare(cfg.method, a, b));
    for (i, team) in teams.iter_mut().enumerate() {
        team.rank = i as u32 + 1;
    }
    teams
}

fn compare(method: TeamMethod, a: &TeamStanding, b: &TeamStanding) -> Ordering {
    let main = match method {
        TeamMethod::PointsSum => b.points.cmp(&a.points),
        TeamMethod::RankSum => b.counted.cmp(&a.counted).then(a.rank_sum.cmp(&b.rank_sum)),
    };
    main.then(a.best_rank.cmp(&b.best_rank))
        .then_with(|| a.team.cmp(&b.team))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, Event, Pairing, PlayerEntry};
    use crate::domain::ids::Board;
    use crate::domain::result::GameResult;
    use crate::domain::rules::Rules;

    fn entry(name: &str, team: &str) -> PlayerEntry {
        PlayerEntry {
            name: name.into(),
            gender: None,
            birth: None,
            club: String::new(),
            team: team.into(),
            group: String::new(),
            local: false,
            id_number: None,
        }
    }

    /// Eight players in one round (seed 000 points: win 2, draw 1): boards
    /// 1–2 red wins, 4–3 draw, 5–6 black wins, 8–7 red wins.
    /// Points: 1:2, 2:0, 3:1, 4:1, 5:0, 6:2, 7:0, 8:2.
    fn event(teams: [&str; 8], cfg: Teams) -> Tournament {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.teams = Some(cfg);
        let mut ev = vec![Event::Created {
            title: "t".into(),
            rules: Box::new(rules),
        }];
        for (i, team) in teams.iter().enumerate() {
            ev.push(Event::PlayerRegistered {
                no: PlayerNo(i as u32 + 1),
                entry: entry(&format!("p{}", i + 1), team),
            });
        }
        let boards = [(1, 2), (4, 3), (5, 6), (8, 7)];
        ev.push(Event::RoundPaired {
            round: Round(1),
            games: boards
                .iter()
                .enumerate()
                .map(|(k, (r, b))| Pairing {
                    board: Board(k as u32 + 1),
                    red: PlayerNo(*r),
                    black: PlayerNo(*b),
                    stage: crate::domain::event::Stage::Swiss,
                    game: crate::domain::event::GameKind::Slow,
                })
                .collect(),
            byes: vec![],
        });
        for (b, res) in [
            GameResult::RedWin,
            GameResult::Draw,
            GameResult::BlackWin,
            GameResult::RedWin,
        ]
        .into_iter()
        .enumerate()
        {
            ev.push(Event::ResultRecorded {
                round: Round(1),
                board: Board(b as u32 + 1),
                result: res,
                cause: Cause::Arbiter,
                at: None,
            });
        }
        Tournament::replay(&ev).unwrap()
    }

    fn cfg(method: TeamMethod, members: u32) -> Teams {
        Teams {
            after_round: None,
            members_counted: members,
            method,
            places_awarded: 0,
        }
    }

    // Individual order after round 1 (seed 000 chain: opponent score, wins, fouls, black
    // games, black wins, previous round rank (none), number):
    // 2-pointers 1, 6, 8 all have opponent score 0 (they beat 0-point players), one win each,
    // no fouls; black games: 6 played black (1), 1 and 8 red (0) → 6 first; 1 and 8 tie on
    // black wins 0 → number: 1 before 8. So 6 = 1st, 1 = 2nd, 8 = 3rd.
    // 1-pointers 3 (black) and 4 (red): opponent score 1 each, no wins, black games 3 → 3 =
    // 4th, 4 = 5th. 0-pointers 2, 5, 7: opponent score 2 each, no wins, black games: 2 and 7
    // played black → 2 = 6th, 7 = 7th, 5 = 8th.

    #[test]
    fn points_sum_ties_broken_by_best_rank() {
        // A: 1, 2, 3 → 2 + 0 + 1 = 3 points, best rank 2.
        // B: 4, 5, 6 → 1 + 0 + 2 = 3 points, best rank 1.
        // C: 7, 8 → 0 + 2 = 2 points.
        let t = event(
            ["A", "A", "A", "B", "B", "B", "C", "C"],
            cfg(TeamMethod::PointsSum, 3),
        );
        let teams = standings(&t);
        let names: Vec<&str> = teams.iter().map(|t| t.team.as_str()).collect();
        assert_eq!(names, ["B", "A", "C"]);
        assert_eq!(teams[0].points, 3);
        assert_eq!(teams[0].best_rank, 1);
        assert_eq!(teams[1].points, 3);
        assert_eq!(teams[1].best_rank, 2);
        assert_eq!(teams[2].points, 2);
        assert_eq!(teams[2].counted, 2);
        let ranks: Vec<u32> = teams.iter().map(|t| t.rank).collect();
        assert_eq!(ranks, [1, 2, 3]);
        // Members of B, best first: 6 (2 pts), 4 (1), 5 (0).
        let b: Vec<u32> = teams[0].members.iter().map(|m| m.no.0).collect();
        assert_eq!(b, [6, 4, 5]);
    }

    #[test]
    fn only_the_best_members_count() {
        // One team of five with two counted: 1 (2 pts) and 6 (2 pts) count; 3, 4, 2 do not.
        // Team Z (8 alone, 2 pts) is short a member but sums 2 < 4.
        let t = event(
            ["A", "A", "A", "A", "", "A", "", "Z"],
            cfg(TeamMethod::PointsSum, 2),
        );
        let teams = standings(&t);
        assert_eq!(teams[0].team, "A");
        assert_eq!(teams[0].points, 4);
        let counted: Vec<u32> = teams[0]
            .members
            .iter()
            .filter(|m| m.counted)
            .map(|m| m.no.0)
            .collect();
        assert_eq!(counted, [6, 1]);
        assert_eq!(teams[0].members.len(), 5);
        assert_eq!(teams[1].team, "Z");
        // Players without a team are in no team.
        assert!(teams.iter().all(|t| t.members.iter().all(|m| m.no.0 != 5)));
    }

    #[test]
    fn rank_sum_lower_first_and_short_teams_last() {
        // Ranks: 6=1, 1=2, 8=3, 3=4, 4=5, 2=6, 7=7, 5=8.
        // A: 1, 3, 5 → 2 + 4 + 8 = 14. B: 2, 4, 6 → 6 + 5 + 1 = 12. C: 7, 8 → 10 but short.
        let t = event(
            ["A", "B", "A", "B", "A", "B", "C", "C"],
            cfg(TeamMethod::RankSum, 3),
        );
        let teams = standings(&t);
        let got: Vec<(&str, u32)> = teams
            .iter()
            .map(|t| (t.team.as_str(), t.rank_sum))
            .collect();
        assert_eq!(got, [("B", 12), ("A", 14), ("C", 10)]);
    }

    #[test]
    fn rank_sum_tie_broken_by_best_rank() {
        // A: 1, 4 → 2 + 5 = 7, best 2. B: 6, 7 → 1 + 7 = 8. C: 8, 3 → 3 + 4 = 7, best 3.
        // D: 2, 5 → 6 + 8 = 14.
        let t = event(
            ["A", "D", "C", "A", "D", "B", "B", "C"],
            cfg(TeamMethod::RankSum, 2),
        );
        let names: Vec<String> = standings(&t).into_iter().map(|t| t.team).collect();
        assert_eq!(names, ["A", "C", "B", "D"]);
    }

    #[test]
    fn after_round_caps_the_counting_round() {
        let t = event(["A"; 8], cfg(TeamMethod::PointsSum, 3));
        let mut c = cfg(TeamMethod::PointsSum, 3);
        c.after_round = Some(9);
        assert_eq!(counting_round(&t, &c), Round(1));
        c.after_round = Some(0);
        assert_eq!(counting_round(&t, &c), Round(0));
        // After round 0 nobody has points.
        let table = crate::domain::standings::standings(&t, Round(0));
        assert_eq!(rank(&t, &c, &table)[0].points, 0);
    }
}
