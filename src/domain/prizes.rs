//! Prizes (奖励, docs/rules.md#8-teams-groups-prizes): place prizes per section, lucky places, categories filtered by
//! section, gender, age or the local flag, and team certificates. Pure: takes the standings
//! to award (the caller chooses the round, and the knockout stage may have reordered the top).
//!
//! Choices where the rules are silent:
//! - A place prize or category with `section: None` applies to every section separately
//!   (each section has its own 1st place, its own best girl, …); with one section that is
//!   simply the event.
//! - Place prizes go by rank and are never skipped. Awarding order: place prizes, lucky
//!   prizes, team prizes, then categories in rules order.
//! - One player, one prize: a player who holds a place prize with a positive amount, or a
//!   category prize, is skipped by a category that does not `stack`, and the next eligible
//!   player takes it. A place that carries only a certificate (录取名次, amount 0) does not
//!   block: seed 003 speaks of "cash prizes" (现金奖励) when it allows stacking, and in seed 001
//!   a junior girl placed 9th–12th (certificate only) can still take the girls' prize.
//! - A lucky prize belongs to the place, not to merit: the player holding that place gets it
//!   whatever else they won, and it never blocks another prize.
//! - Team prizes: the top `teams.places_awarded` teams get a certificate (amount 0). When
//!   `prizes.team_and_individual` is false, members of those teams count as holding a prize
//!   for categories that do not stack (place prizes still go by rank).
//! - Age categories (`max_age`) need the player's birth date and the event date; without
//!   either the player is not eligible. Gender and local filters need the entry's data.
//! - Withdrawn players keep their place in the table and so their place prizes.

use std::collections::HashSet;

use super::ids::PlayerNo;
use super::registration::younger_than;
use super::rules::{Category, PlacePrize};
use super::standings::Standing;
use super::teams;
use super::tournament::{Player, Tournament};

/// What an award is for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AwardKind {
    Place,
    Lucky,
    /// A prize category, by name.
    Category(String),
    Team,
}

/// One prize given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub kind: AwardKind,
    /// The prize's label (place prizes), or the category name, or the team name.
    pub label: String,
    /// The section (index into `rules.sections`); `None` for team prizes.
    pub section: Option<usize>,
    /// The place the prize is for: the rank in the section (place, lucky), the place within
    /// the category, or the team's rank.
    pub place: u32,
    /// The player who takes it (`None` for a team prize).
    pub no: Option<PlayerNo>,
    /// The team (team prizes).
    pub team: Option<String>,
    /// Amount in yuan (0 for a certificate, medal or trophy only).
    pub amount: u32,
}

/// Awards every prize of the rules against `standings` (one table, every section).
pub fn award(t: &Tournament, standings: &[Standing]) -> Vec<Award> {
    let rules = &t.rules;
    let mut out = Vec::new();
    let mut holds: HashSet<PlayerNo> = HashSet::new();
    let at = |s: usize, place: u32| {
        standings
            .iter()
            .find(|r| r.section == s && r.rank == place)
            .map(|r| r.no)
    };
    let place_prizes = |list: &[PlacePrize], kind: AwardKind, out: &mut Vec<Award>| {
        let mut won = Vec::new();
        for p in list {
            for s in sections(t, p.section.as_deref()) {
                for place in p.from..=p.to {
                    if let Some(no) = at(s, place) {
                        out.push(Award {
                            kind: kind.clone(),
                            label: p.label.clone(),
                            section: Some(s),
                            place,
                            no: Some(no),
                            team: None,
                            amount: p.amount,
                        });
                        if p.amount > 0 {
                            won.push(no);
                        }
                    }
                }
            }
        }
        won
    };
    holds.extend(place_prizes(
        &rules.prizes.places,
        AwardKind::Place,
        &mut out,
    ));
    place_prizes(&rules.prizes.lucky, AwardKind::Lucky, &mut out);

    if let Some(cfg) = rules.teams.as_ref().filter(|c| c.places_awarded > 0) {
        for team in teams::standings(t)
            .into_iter()
            .take(cfg.places_awarded as usize)
        {
            if !rules.prizes.team_and_individual {
                holds.extend(team.members.iter().map(|m| m.no));
            }
            out.push(Award {
                kind: AwardKind::Team,
                label: team.team.clone(),
                section: None,
                place: team.rank,
                no: None,
                team: Some(team.team),
                amount: 0,
            });
        }
    }

    for c in &rules.prizes.categories {
        let mut taken = Vec::new();
        for s in sections(t, c.section.as_deref()) {
            let mut rows: Vec<&Standing> = standings.iter().filter(|r| r.section == s).collect();
            rows.sort_by_key(|r| r.rank);
            let mut amounts = c.amounts.iter().enumerate();
            for row in rows {
                let Some(p) = t.player(row.no) else { continue };
                if !eligible(t, c, p) || (!c.stacks && holds.contains(&row.no)) {
                    continue;
                }
                let Some((i, amount)) = amounts.next() else {
                    break;
                };
                out.push(Award {
                    kind: AwardKind::Category(c.name.clone()),
                    label: c.name.clone(),
                    section: Some(s),
                    place: i as u32 + 1,
                    no: Some(row.no),
                    team: None,
                    amount: *amount,
                });
                taken.push(row.no);
            }
        }
        holds.extend(taken);
    }
    out
}

/// The sections a prize names: one by name or alias, or every section for `None`.
fn sections(t: &Tournament, name: Option<&str>) -> Vec<usize> {
    match name {
        Some(n) => t.rules.section_index(n).into_iter().collect(),
        None => (0..t.rules.sections.len()).collect(),
    }
}

/// Whether a player may take a category's prize (section is checked by the caller).
pub fn eligible(t: &Tournament, c: &Category, p: &Player) -> bool {
    if c.gender.is_some_and(|g| p.entry.gender != Some(g)) {
        return false;
    }
    if c.local.is_some_and(|local| p.entry.local != local) {
        return false;
    }
    if let Some(age) = c.max_age {
        match (p.entry.birth, t.rules.date) {
            (Some(birth), Some(on)) if younger_than(birth, age, on) => {}
            _ => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Event, PlayerEntry};
    use crate::domain::ids::Round;
    use crate::domain::rules::{Gender, Rules, TeamMethod, Teams};
    use crate::domain::tiebreak::Values;
    use chrono::NaiveDate;

    fn entry(i: u32) -> PlayerEntry {
        PlayerEntry::named(format!("p{i}"))
    }

    fn tournament(rules: Rules, entries: Vec<PlayerEntry>) -> Tournament {
        let mut ev = vec![Event::Created {
            title: "t".into(),
            rules: Box::new(rules),
        }];
        for (i, e) in entries.into_iter().enumerate() {
            ev.push(Event::PlayerRegistered {
                no: PlayerNo(i as u32 + 1),
                entry: e,
            });
        }
        Tournament::replay(&ev).unwrap()
    }

    /// A table where, in each section, players rank in number order.
    fn table(t: &Tournament) -> Vec<Standing> {
        let mut rank = vec![0_u32; t.rules.sections.len()];
        t.players
            .iter()
            .map(|p| {
                rank[p.section] += 1;
                Standing {
                    rank: rank[p.section],
                    no: p.no,
                    section: p.section,
                    points: 0,
                    placing: None,
                    tiebreaks: Vec::new(),
                    values: Values::default(),
                }
            })
            .collect()
    }

    fn who(awards: &[Award], kind: &AwardKind) -> Vec<(u32, u32, u32)> {
        awards
            .iter()
            .filter(|a| &a.kind == kind)
            .map(|a| (a.place, a.no.map_or(0, |n| n.0), a.amount))
            .collect()
    }

    #[test]
    fn seed_000_places_and_lucky_places() {
        let t = tournament(
            Rules::preset("qigu-2024-07").unwrap(),
            (1..=30).map(entry).collect(),
        );
        let awards = award(&t, &table(&t));
        let places = who(&awards, &AwardKind::Place);
        assert_eq!(places.len(), 10);
        assert_eq!(places[0], (1, 1, 1000));
        assert_eq!(places[1], (2, 2, 600));
        assert_eq!(places[2], (3, 3, 400));
        assert_eq!(places[3], (4, 4, 200));
        assert_eq!(places[9], (10, 10, 100));
        // 1000 + 600 + 400 + 200 + 6 × 100.
        assert_eq!(places.iter().map(|p| p.2).sum::<u32>(), 2800);
        assert_eq!(
            who(&awards, &AwardKind::Lucky),
            [(18, 18, 50), (28, 28, 50)]
        );
    }

    #[test]
    fn lucky_place_beyond_the_field_is_not_given() {
        let t = tournament(
            Rules::preset("qigu-2024-07").unwrap(),
            (1..=20).map(entry).collect(),
        );
        let awards = award(&t, &table(&t));
        assert_eq!(who(&awards, &AwardKind::Lucky), [(18, 18, 50)]);
    }

    #[test]
    fn junior_girls_skip_cash_prize_holders_and_other_sections() {
        // Seed 001: players 1–4 open, 5–20 junior (junior ranks 1–16 in number order).
        // Girls: 2 (open, not in the junior section), 6 (junior 2nd, 200 yuan), 9 (junior 5th,
        // 50 yuan), 14 (junior 10th, certificate only), 15, 17, 18.
        let girls = [2, 6, 9, 14, 15, 17, 18];
        let entries = (1..=20)
            .map(|i| PlayerEntry {
                group: if i <= 4 { "open" } else { "junior" }.into(),
                gender: Some(if girls.contains(&i) {
                    Gender::F
                } else {
                    Gender::M
                }),
                ..entry(i)
            })
            .collect();
        let t = tournament(Rules::preset("qiyuan-2019").unwrap(), entries);
        let awards = award(&t, &table(&t));
        // 6 and 9 hold cash place prizes and the category does not stack: skipped.
        // 14 holds only a certificate: takes the 1st girls' prize; then 15 and 17.
        assert_eq!(
            who(&awards, &AwardKind::Category("少年女子组".into())),
            [(1, 14, 50), (2, 15, 50), (3, 17, 50)]
        );
        // Junior places: 1st is player 5, 300 yuan; the junior 12th is player 16.
        let junior: Vec<_> = awards
            .iter()
            .filter(|a| a.kind == AwardKind::Place && a.section == Some(1))
            .collect();
        assert_eq!(junior.len(), 12);
        assert_eq!((junior[0].no, junior[0].amount), (Some(PlayerNo(5)), 300));
        assert_eq!(junior[11].no, Some(PlayerNo(16)));
        // Open has only 4 players: places 1–4 given, 5–12 have nobody.
        assert_eq!(
            awards
                .iter()
                .filter(|a| a.kind == AwardKind::Place && a.section == Some(0))
                .count(),
            4
        );
    }

    #[test]
    fn local_group_stacks_with_place_prizes_and_age_filter() {
        // Seed 003 with a cash top 3 and an under-14 category that does not stack.
        let mut rules = Rules::preset("lvliang-2024").unwrap();
        rules.prizes.places = vec![PlacePrize {
            section: None,
            from: 1,
            to: 3,
            amount: 500,
            label: "前3名".into(),
        }];
        rules.prizes.categories.push(Category {
            name: "少儿".into(),
            section: None,
            gender: None,
            max_age: Some(14),
            local: None,
            amounts: vec![100, 80],
            stacks: false,
        });
        rules.teams = None;
        // Event date 2024-07-26: under 14 means born after 2010-07-26.
        let young = NaiveDate::from_ymd_opt(2011, 1, 1);
        let exactly_14 = NaiveDate::from_ymd_opt(2010, 7, 26);
        let entries = (1..=10)
            .map(|i| PlayerEntry {
                local: [1, 5, 6, 9].contains(&i),
                birth: match i {
                    2 | 7 | 10 => young,
                    4 => exactly_14,
                    _ => None,
                },
                ..entry(i)
            })
            .collect();
        let t = tournament(rules, entries);
        let awards = award(&t, &table(&t));
        // Local (stacks): 1 (also 1st place), 5, 6.
        assert_eq!(
            who(&awards, &AwardKind::Category("本地组".into())),
            [(1, 1, 0), (2, 5, 0), (3, 6, 0)]
        );
        // Under 14 (does not stack): 2 holds 2nd place → skipped; 4 is 14 on the day → not
        // eligible; 7 and 10 take it.
        assert_eq!(
            who(&awards, &AwardKind::Category("少儿".into())),
            [(1, 7, 100), (2, 10, 80)]
        );
    }

    #[test]
    fn a_stacking_category_prize_blocks_a_later_non_stacking_one() {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.prizes.places.clear();
        rules.prizes.lucky.clear();
        rules.prizes.categories = vec![
            Category {
                name: "local".into(),
                section: None,
                gender: None,
                max_age: None,
                local: Some(true),
                amounts: vec![30],
                stacks: true,
            },
            Category {
                name: "women".into(),
                section: None,
                gender: Some(Gender::F),
                max_age: None,
                local: None,
                amounts: vec![20, 10],
                stacks: false,
            },
        ];
        let entries = (1..=5)
            .map(|i| PlayerEntry {
                local: i == 2,
                gender: Some(if i == 3 { Gender::M } else { Gender::F }),
                ..entry(i)
            })
            .collect();
        let t = tournament(rules, entries);
        let awards = award(&t, &table(&t));
        assert_eq!(
            who(&awards, &AwardKind::Category("local".into())),
            [(1, 2, 30)]
        );
        // 1 first woman; 2 already holds the local prize; 3 is a man; 4 second.
        assert_eq!(
            who(&awards, &AwardKind::Category("women".into())),
            [(1, 1, 20), (2, 4, 10)]
        );
    }

    #[test]
    fn team_certificates_and_stacking() {
        let mut rules = Rules::preset("lvliang-2024").unwrap();
        rules.prizes.places = vec![PlacePrize {
            section: None,
            from: 1,
            to: 1,
            amount: 500,
            label: "冠军".into(),
        }];
        rules.prizes.categories = vec![Category {
            name: "local".into(),
            section: None,
            gender: None,
            max_age: None,
            local: Some(true),
            amounts: vec![10],
            stacks: false,
        }];
        rules.teams = Some(Teams {
            after_round: None,
            members_counted: 1,
            method: TeamMethod::PointsSum,
            places_awarded: 1,
        });
        // No rounds played: every team has 0 points; ties by best rank (the draw number).
        // Team X = {2, 3}, best rank 2; team Y = {4}. X gets the certificate.
        let entries = (1..=4)
            .map(|i| PlayerEntry {
                team: match i {
                    2 | 3 => "X",
                    4 => "Y",
                    _ => "",
                }
                .into(),
                local: i >= 2,
                ..entry(i)
            })
            .collect();
        let t = tournament(rules.clone(), entries);
        let table = crate::domain::standings::standings(&t, Round(0));
        let awards = award(&t, &table);
        let team: Vec<_> = awards
            .iter()
            .filter(|a| a.kind == AwardKind::Team)
            .collect();
        assert_eq!(team.len(), 1);
        assert_eq!(team[0].team.as_deref(), Some("X"));
        assert_eq!(team[0].amount, 0);
        // team_and_individual (seed 003): player 2 of team X still takes the local prize.
        assert_eq!(
            who(&awards, &AwardKind::Category("local".into())),
            [(1, 2, 10)]
        );

        let mut rules2 = rules;
        rules2.prizes.team_and_individual = false;
        let t2 = Tournament { rules: rules2, ..t };
        let awards = award(&t2, &table);
        // Now X's members hold the team prize: the local prize goes to 4.
        assert_eq!(
            who(&awards, &AwardKind::Category("local".into())),
            [(1, 4, 10)]
        );
    }
}
