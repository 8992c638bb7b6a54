//! The words of vacant boards (缺台, docs/rules.md#11-team-matches): the pairing's note on a
//! team short of players, the log's line, and the word a printout or screen shows in the
//! empty seat.

use crate::domain::ids::{Board, Round};
use crate::domain::rules::Lang;
use crate::domain::team::VacantBoard;
use crate::domain::tournament::Tournament;

/// "第4台、第8台" / "boards 4, 8".
fn boards_text(boards: &[Board], lang: Lang) -> String {
    let nos: Vec<String> = boards.iter().map(|b| b.0.to_string()).collect();
    words!(
        lang,
        nos.iter()
            .map(|n| format!("第{n}台"))
            .collect::<Vec<_>>()
            .join("、"),
        format!(
            "board{} {}",
            if nos.len() == 1 { "" } else { "s" },
            nos.join(", ")
        )
    )
}

/// The pairing's note: 「甲队」缺人: 第4台缺台, 判负 (对方不战而胜).
pub fn short_team(team: &str, boards: &[Board], lang: Lang) -> String {
    let b = boards_text(boards, lang);
    words!(
        lang,
        format!("「{team}」人数不足: {b}缺台, 按弃权判负 (对方该台不战而胜)"),
        format!(
            "team '{team}' is short of players: {b} vacant, lost by forfeit (a forfeit win for the opponent there)"
        )
    )
}

/// The log's line for `BoardsVacant`.
pub fn event(t: &Tournament, round: Round, boards: &[VacantBoard], lang: Lang) -> String {
    let mut parts = Vec::new();
    for v in boards {
        let short: Vec<String> = v
            .empty_sides()
            .map(|s| {
                let team = *v.teams.get(s);
                t.team_event
                    .team(team)
                    .map_or_else(|| team.to_string(), |x| x.name.clone())
            })
            .collect();
        let b = v.board;
        let who = short.join(words!(lang, "、", ", "));
        parts.push(words!(
            lang,
            format!("第{b}台「{who}」缺台"),
            format!("board {b}: '{who}' vacant")
        ));
    }
    let list = parts.join("; ");
    words!(
        lang,
        format!("第{round}轮缺台, 按弃权判负: {list}"),
        format!("round {round}: vacant boards lost by forfeit: {list}")
    )
}

/// The word in a vacant seat (printouts, screens, the room page).
pub fn seat(lang: Lang) -> &'static str {
    words!(lang, "缺台", "vacant")
}

/// Why a vacant board takes no result, clock or foul.
pub fn refused(board: Board, lang: Lang) -> String {
    words!(
        lang,
        format!("第{board}台缺台 (一方人数不足, 已按弃权判负), 不能录入"),
        format!(
            "board {board} is vacant (a team short of players; lost by forfeit): nothing can be entered there"
        )
    )
}
