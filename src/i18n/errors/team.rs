//! Why a team command was refused (`domain::team::TeamFault`: registration, rosters,
//! lineups, the pairing of teams) in words: one function, the language asked once.

use crate::domain::TeamNo;
use crate::domain::rules::Lang;
use crate::domain::team::TeamFault as F;

/// A refused team command in `lang`.
pub fn team_fault(f: &F, lang: Lang) -> String {
    match f {
        F::NotTeamEvent => words!(
            lang,
            "本赛事不是团体赛 (规则中没有 team_match)",
            "this event is not a team match event (its rules have no team_match)"
        )
        .into(),
        F::NoName => words!(lang, "队名不能为空", "a team needs a name").into(),
        F::NameTaken(n) => words!(
            lang,
            format!("队名「{n}」已报名"),
            format!("team name '{n}' is already registered")
        ),
        F::TooFewPlayers {
            team,
            given,
            boards,
        } => words!(
            lang,
            format!("「{team}」台次顺序只列了{given}名队员, 每场比赛{boards}台"),
            format!(
                "team '{team}' lists {given} players for its board order; a match is played on {boards} boards"
            )
        ),
        F::PlayerTwice { team, no } => words!(
            lang,
            format!("{no}号在「{team}」中出现两次"),
            format!("player {no} is listed twice in team '{team}'")
        ),
        F::PlayerInOtherTeam { no, other } => words!(
            lang,
            format!("{no}号已是「{other}」的队员"),
            format!("player {no} already plays for team '{other}'")
        ),
        F::EnteredForOtherTeam {
            no,
            name,
            entered,
            team,
        } => words!(
            lang,
            format!("{no}号{name}报名时属「{entered}」, 不能编入「{team}」"),
            format!(
                "player {no} {name} was entered for team '{entered}' (player add --team), not for '{team}'"
            )
        ),
        F::ChangeNeedsReason => words!(
            lang,
            "更改参赛队名单须写明理由 (--reason)",
            "a roster correction needs the organizer's reason (--reason TEXT)"
        )
        .into(),
        F::AlreadyPlayed { team, no, round } => words!(
            lang,
            format!("「{team}」{no}号已在第{round}轮为本队出场, 不能再更换"),
            format!(
                "team '{team}': player {no} has played for the team (round {round}) and can no longer be replaced"
            )
        ),
        F::TeamsAfterPairing => words!(
            lang,
            "参赛队须在第1轮编排前报名",
            "teams are registered before round 1 is paired"
        )
        .into(),
        F::UnknownTeam(t) => words!(lang, format!("没有队伍 {t}"), format!("there is no team {t}")),
        F::LineupTooLate { round } => words!(
            lang,
            format!("第{round}轮已编排: 出场名单须在编排前提交 (或先撤销编排)"),
            format!(
                "round {round} is already paired: hand in the lineup before pairing (or unpair it first)"
            )
        ),
        F::LineupPastLastRound { round, rounds } => words!(
            lang,
            format!("本赛事共{rounds}轮: 没有第{round}轮, 不能为它提交出场名单"),
            format!(
                "the event has {rounds} rounds: there is no round {round} to hand a lineup in for"
            )
        ),
        F::LineupSize {
            team,
            given,
            boards,
        } => words!(
            lang,
            format!("「{team}」出场名单有{given}人, 每场比赛{boards}台"),
            format!(
                "team '{team}': a lineup names {given} players; a match is played on {boards} boards"
            )
        ),
        F::NotOnRoster { team, no } => words!(
            lang,
            format!("{no}号不在「{team}」的报名名单中"),
            format!("team '{team}': player {no} is not on its roster")
        ),
        F::Withdrawn { team, no } => words!(
            lang,
            format!("「{team}」{no}号已退赛"),
            format!("team '{team}': player {no} has withdrawn")
        ),
        F::OrderBroken {
            team,
            board,
            after,
            before_board,
            before,
        } => words!(
            lang,
            format!(
                "「{team}」第{board}台 ({after}号) 在报名台次顺序中排在第{before_board}台 ({before}号) 之后; 出场名单须保持报名顺序"
            ),
            format!(
                "team '{team}': board {board} ({after}) comes after board {before_board} ({before}) in the registered board order; a lineup keeps that order"
            )
        ),
        F::TooFewTeams => words!(
            lang,
            "至少需要两支队伍才能编排",
            "at least two teams are needed to pair a round"
        )
        .into(),
        F::BeyondSchedule {
            teams,
            rounds,
            round,
        } => words!(
            lang,
            format!("{teams}队循环共{rounds}轮: 第{round}轮没有比赛"),
            format!("the schedule of {teams} teams has {rounds} rounds: round {round} has no games")
        ),
        F::Unpairable(v) => {
            let v = list(v);
            words!(
                lang,
                format!("无合规编排: 第{v}队无法在不重复相遇的前提下编对"),
                format!("no legal pairing of teams: teams {v} cannot be paired without a rematch")
            )
        }
        F::NoDraw => words!(
            lang,
            "团体赛序号按报名顺序, 不抽签",
            "in a team match event numbers follow the registration order (no draw)"
        )
        .into(),
        F::HandChange => words!(
            lang,
            "团体赛各台对阵由出场名单和先走规则 (13.3) 决定: 如需更改, 请撤销本轮编排, 重新提交出场名单后再编排",
            "the boards of a team match follow the lineups and R2011 13.3: to change them, unpair the round, hand in new lineups and pair again"
        )
        .into(),
    }
}

fn list(v: &[TeamNo]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{PlayerNo, Round};
    use std::fmt::Write as _;

    /// One fault of each kind.
    fn samples() -> Vec<F> {
        let team = || "北京队".to_string();
        vec![
            F::NotTeamEvent,
            F::NoName,
            F::NameTaken(team()),
            F::TooFewPlayers {
                team: team(),
                given: 3,
                boards: 4,
            },
            F::PlayerTwice {
                team: team(),
                no: PlayerNo(7),
            },
            F::PlayerInOtherTeam {
                no: PlayerNo(7),
                other: "上海队".into(),
            },
            F::EnteredForOtherTeam {
                no: PlayerNo(12),
                name: "p12".into(),
                entered: team(),
                team: "广州队".into(),
            },
            F::ChangeNeedsReason,
            F::AlreadyPlayed {
                team: team(),
                no: PlayerNo(3),
                round: Round(2),
            },
            F::TeamsAfterPairing,
            F::UnknownTeam("9".into()),
            F::LineupTooLate { round: Round(3) },
            F::LineupPastLastRound {
                round: Round(8),
                rounds: 7,
            },
            F::LineupSize {
                team: team(),
                given: 5,
                boards: 4,
            },
            F::NotOnRoster {
                team: team(),
                no: PlayerNo(20),
            },
            F::Withdrawn {
                team: team(),
                no: PlayerNo(4),
            },
            F::OrderBroken {
                team: team(),
                board: 2,
                after: PlayerNo(1),
                before_board: 3,
                before: PlayerNo(5),
            },
            F::TooFewTeams,
            F::BeyondSchedule {
                teams: 8,
                rounds: 7,
                round: Round(8),
            },
            F::Unpairable(vec![TeamNo(1), TeamNo(4)]),
            F::NoDraw,
            F::HandChange,
        ]
    }

    /// Every team fault in English and in Chinese: both were checked byte for byte against
    /// the words the domain's `Display` and `zh` gave before they moved here.
    #[test]
    fn every_team_fault_in_both_languages() {
        let mut out = String::new();
        for f in samples() {
            let _ = write!(
                out,
                "en: {}\nzh: {}\n\n",
                team_fault(&f, Lang::En),
                team_fault(&f, Lang::Zh)
            );
        }
        insta::assert_snapshot!(out);
    }
}
