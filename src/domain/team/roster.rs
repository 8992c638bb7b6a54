//! Roster corrections (更改报名名单) of a team match event, after R2011 chapter 13: once the
//! teams are registered, the organizer may still add a reserve (增补替补) or replace a player
//! (更换队员), with the reason, as long as the player leaving has not played for the team. The
//! newcomer takes the leaver's place in the registered order, so lineups handed in for rounds
//! not yet paired keep their order with the newcomer in it (see `docs/rules.md`, team matches).
//!
//! Who may join a team at all is one rule for registration and corrections: a registered
//! player, active, on no team's roster yet, and not entered for another team at the desk
//! (`player add --team`).

use super::super::event::Event;
use super::super::ids::{PlayerNo, Round, TeamNo};
use super::super::refusal::Refusal;
use super::super::tournament::{Status, Tournament};
use super::{RosterChange, TeamFault};

/// The number of boards of a match, or a refusal when the event is not a team event.
pub fn boards_of(t: &Tournament) -> Result<u32, Refusal> {
    t.rules
        .format
        .team()
        .map(|m| m.boards)
        .ok_or(Refusal::Team(TeamFault::NotTeamEvent))
}

/// Whether player `no` may be put on the roster of the team named `team`: registered, on no
/// team's roster yet, and not entered at the desk for a team of another name.
///
/// # Errors
/// An unknown player, a player already on a roster (that team named), or a player whose entry
/// names another team.
pub fn admit(t: &Tournament, team: &str, no: PlayerNo) -> Result<(), Refusal> {
    let p = t.player(no).ok_or(Refusal::UnknownPlayer(no))?;
    if let Some(other) = t.team_event.team_of(no) {
        return Err(Refusal::Team(TeamFault::PlayerInOtherTeam {
            no,
            other: other.name.clone(),
        }));
    }
    let entered = p.entry.team.trim();
    if !entered.is_empty() && entered != team.trim() {
        return Err(Refusal::Team(TeamFault::EnteredForOtherTeam {
            no,
            name: p.entry.name.clone(),
            entered: entered.to_string(),
            team: team.trim().to_string(),
        }));
    }
    Ok(())
}

/// The first round in which `no` was on a board, if any.
fn first_played(t: &Tournament, no: PlayerNo) -> Option<Round> {
    t.rounds
        .iter()
        .find(|r| r.game_of(no).is_some())
        .map(|r| r.round)
}

/// `team change`: a reserve added to `team`, or one of its players replaced, with the reason.
///
/// # Errors
/// Not a team event, an unknown team, no reason, a newcomer `admit` refuses or who has
/// withdrawn, a player to replace who is not on the roster or has already been on a board.
pub fn change(
    t: &Tournament,
    team: TeamNo,
    change: RosterChange,
    reason: &str,
) -> Result<Vec<Event>, Refusal> {
    boards_of(t)?;
    let Some(tm) = t.team_event.team(team) else {
        return Err(Refusal::Team(TeamFault::UnknownTeam(team.to_string())));
    };
    if reason.trim().is_empty() {
        return Err(Refusal::Team(TeamFault::ChangeNeedsReason));
    }
    let new = match change {
        RosterChange::AddReserve(new) => new,
        RosterChange::Replace { old, new } => {
            if !tm.has(old) {
                return Err(Refusal::Team(TeamFault::NotOnRoster {
                    team: tm.name.clone(),
                    no: old,
                }));
            }
            if let Some(round) = first_played(t, old) {
                return Err(Refusal::Team(TeamFault::AlreadyPlayed {
                    team: tm.name.clone(),
                    no: old,
                    round,
                }));
            }
            new
        }
    };
    admit(t, &tm.name, new)?;
    if t.player(new).is_some_and(|p| p.status != Status::Active) {
        return Err(Refusal::Team(TeamFault::Withdrawn {
            team: tm.name.clone(),
            no: new,
        }));
    }
    Ok(vec![Event::TeamChanged {
        team,
        change,
        reason: reason.trim().to_string(),
    }])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::command::{Actor, Command};
    use crate::domain::event::PlayerEntry;
    use crate::domain::rules::{Role, Rules};

    fn head() -> Actor {
        Actor {
            user: "li".into(),
            role: Role::Head,
        }
    }

    fn organizer() -> Actor {
        Actor {
            user: "wang".into(),
            role: Role::Organizer,
        }
    }

    /// Runs `cmd`, folds its events, returns the refusal if any.
    fn run(t: &mut Tournament, by: &Actor, cmd: &Command) -> Result<(), Refusal> {
        for e in t.decide(by, cmd)? {
            t.apply(&e);
        }
        Ok(())
    }

    /// Given two teams of four boards (杭州队 1–4 with reserve 5, 上海队 6–9), players 10 and 11
    /// entered without a team and player 12 entered for 北京队.
    fn event() -> Tournament {
        let rules = Rules::preset("team-rr-8").unwrap();
        let mut t = Tournament::replay(&[Event::Created {
            title: "t".into(),
            rules: Box::new(rules),
        }])
        .unwrap();
        for i in 1..=12 {
            let mut e = PlayerEntry::named(format!("p{i}"));
            e.team = match i {
                1..=5 => "杭州队",
                6..=9 => "上海队",
                12 => "北京队",
                _ => "",
            }
            .into();
            run(&mut t, &head(), &Command::RegisterPlayer(e)).unwrap();
        }
        for (name, players, reserves) in [
            ("杭州队", vec![1, 2, 3, 4], vec![5]),
            ("上海队", vec![6, 7, 8, 9], vec![]),
        ] {
            run(
                &mut t,
                &head(),
                &Command::RegisterTeam {
                    name: name.into(),
                    players: players.into_iter().map(PlayerNo).collect(),
                    reserves: reserves.into_iter().map(PlayerNo).collect(),
                },
            )
            .unwrap();
        }
        t
    }

    fn change_cmd(team: u32, change: RosterChange, reason: &str) -> Command {
        Command::ChangeTeam {
            team: TeamNo(team),
            change,
            reason: reason.into(),
        }
    }

    fn nos(v: &[PlayerNo]) -> Vec<u32> {
        v.iter().map(|p| p.0).collect()
    }

    #[test]
    fn the_organizer_adds_a_reserve_with_a_reason() {
        let mut t = event();
        let cmd = change_cmd(2, RosterChange::AddReserve(PlayerNo(10)), "报名表漏填");
        run(&mut t, &organizer(), &cmd).unwrap();
        let team = t.team_event.team(TeamNo(2)).unwrap();
        assert_eq!(nos(&team.players), [6, 7, 8, 9]);
        assert_eq!(nos(&team.reserves), [10]);
        // A second time: 10 is on the team now.
        let again = t.decide(&organizer(), &cmd).unwrap_err();
        assert_eq!(
            again,
            Refusal::Team(TeamFault::PlayerInOtherTeam {
                no: PlayerNo(10),
                other: "上海队".into()
            })
        );
    }

    #[test]
    fn a_replacement_takes_the_leavers_place_in_roster_and_pending_lineups() {
        let mut t = event();
        let lineup = Command::SubmitLineup {
            round: None,
            team: TeamNo(1),
            players: [1, 3, 4, 5].map(PlayerNo).to_vec(),
        };
        run(&mut t, &head(), &lineup).unwrap();
        let cmd = change_cmd(
            1,
            RosterChange::Replace {
                old: PlayerNo(3),
                new: PlayerNo(11),
            },
            "伤病",
        );
        run(&mut t, &organizer(), &cmd).unwrap();
        let team = t.team_event.team(TeamNo(1)).unwrap().clone();
        assert_eq!(nos(&team.players), [1, 2, 11, 4]);
        assert_eq!(nos(&team.reserves), [5]);
        assert_eq!(t.team_event.team_of(PlayerNo(3)), None);
        let l = t.team_event.lineup(Round(1), TeamNo(1)).unwrap();
        assert_eq!(nos(&l.players), [1, 11, 4, 5]);
        assert_eq!(
            super::super::lineup::effective(&t, &team, Round(1), 4),
            [1, 11, 4, 5].map(PlayerNo)
        );
    }

    #[test]
    fn a_player_who_has_played_for_the_team_cannot_be_replaced() {
        let mut t = event();
        run(&mut t, &head(), &Command::PairNextRound).unwrap();
        let err = t
            .decide(
                &organizer(),
                &change_cmd(
                    1,
                    RosterChange::Replace {
                        old: PlayerNo(2),
                        new: PlayerNo(10),
                    },
                    "换人",
                ),
            )
            .unwrap_err();
        assert_eq!(
            err,
            Refusal::Team(TeamFault::AlreadyPlayed {
                team: "杭州队".into(),
                no: PlayerNo(2),
                round: Round(1),
            })
        );
        let words = crate::i18n::refusal(
            &err,
            crate::domain::rules::Lang::En,
            crate::domain::zone::EventZone::Machine,
        );
        assert!(words.contains("round 1"), "{words}");
        // The reserve who sat out round 1 may still be replaced, and a reserve added.
        for change in [
            RosterChange::Replace {
                old: PlayerNo(5),
                new: PlayerNo(10),
            },
            RosterChange::AddReserve(PlayerNo(11)),
        ] {
            run(&mut t, &organizer(), &change_cmd(1, change, "换人")).unwrap();
        }
        assert_eq!(
            nos(&t.team_event.team(TeamNo(1)).unwrap().reserves),
            [10, 11]
        );
    }

    #[test]
    fn corrections_are_refused_with_the_reason_why() {
        let t = event();
        let cases = [
            (
                change_cmd(1, RosterChange::AddReserve(PlayerNo(10)), "  "),
                Refusal::Team(TeamFault::ChangeNeedsReason),
            ),
            (
                change_cmd(3, RosterChange::AddReserve(PlayerNo(10)), "r"),
                Refusal::Team(TeamFault::UnknownTeam("3".into())),
            ),
            (
                change_cmd(1, RosterChange::AddReserve(PlayerNo(99)), "r"),
                Refusal::UnknownPlayer(PlayerNo(99)),
            ),
            (
                change_cmd(1, RosterChange::AddReserve(PlayerNo(6)), "r"),
                Refusal::Team(TeamFault::PlayerInOtherTeam {
                    no: PlayerNo(6),
                    other: "上海队".into(),
                }),
            ),
            (
                change_cmd(1, RosterChange::AddReserve(PlayerNo(12)), "r"),
                Refusal::Team(TeamFault::EnteredForOtherTeam {
                    no: PlayerNo(12),
                    name: "p12".into(),
                    entered: "北京队".into(),
                    team: "杭州队".into(),
                }),
            ),
            (
                change_cmd(
                    1,
                    RosterChange::Replace {
                        old: PlayerNo(6),
                        new: PlayerNo(10),
                    },
                    "r",
                ),
                Refusal::Team(TeamFault::NotOnRoster {
                    team: "杭州队".into(),
                    no: PlayerNo(6),
                }),
            ),
        ];
        for (cmd, want) in cases {
            assert_eq!(t.decide(&organizer(), &cmd).unwrap_err(), want, "{cmd:?}");
        }
        // An assistant may not correct a roster.
        let assistant = Actor {
            user: "zhao".into(),
            role: Role::Assistant,
        };
        let cmd = change_cmd(1, RosterChange::AddReserve(PlayerNo(10)), "r");
        assert!(matches!(
            t.decide(&assistant, &cmd),
            Err(Refusal::NotAllowed { .. })
        ));
    }

    #[test]
    fn a_withdrawn_player_does_not_come_in() {
        let mut t = event();
        run(
            &mut t,
            &head(),
            &Command::WithdrawPlayer {
                no: PlayerNo(10),
                reason: "病".into(),
            },
        )
        .unwrap();
        let err = t
            .decide(
                &organizer(),
                &change_cmd(1, RosterChange::AddReserve(PlayerNo(10)), "r"),
            )
            .unwrap_err();
        assert!(
            matches!(err, Refusal::Team(TeamFault::Withdrawn { no, .. }) if no == PlayerNo(10))
        );
    }

    #[test]
    fn registration_refuses_a_player_entered_for_another_team() {
        let t = event();
        let cmd = Command::RegisterTeam {
            name: "广州队".into(),
            players: [10, 11, 12, 5].map(PlayerNo).to_vec(),
            reserves: vec![],
        };
        assert_eq!(
            t.decide(&head(), &cmd).unwrap_err(),
            Refusal::Team(TeamFault::EnteredForOtherTeam {
                no: PlayerNo(12),
                name: "p12".into(),
                entered: "北京队".into(),
                team: "广州队".into(),
            })
        );
    }
}
