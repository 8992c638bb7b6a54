//! What a changed round keeps, in words (docs/rules.md#3-pairing): the boards a change by hand
//! re-seated and what each dropped, and the slips (签认条) to print again.

use super::side;
use crate::domain::event::{BoardChange, Pairing};
use crate::domain::ids::Board;
use crate::domain::rules::Lang;
use crate::domain::side::Side;

/// One re-seated board: how it changed and what it dropped, e.g.
/// `第4台红黑对调: 该台2次按钟记录作废`.
pub fn board_change(c: &BoardChange, games: &[Pairing], lang: Lang) -> String {
    let board = c.board;
    let now = games
        .iter()
        .find(|p| p.board == board)
        .map(|p| (p.red, p.black));
    let how = match now {
        Some((red, black)) if (black, red) == c.was => {
            words!(
                lang,
                format!("第{board}台红黑对调"),
                format!("board {board} colours swapped")
            )
        }
        Some((red, black)) => words!(
            lang,
            format!("第{board}台改为 {red}号 对 {black}号"),
            format!("board {board} now {red} v {black}")
        ),
        None => words!(
            lang,
            format!("第{board}台撤销"),
            format!("board {board} removed")
        ),
    };
    let mut lost: Vec<String> = Vec::new();
    if c.clock_inputs > 0 {
        let n = c.clock_inputs;
        lost.push(words!(
            lang,
            format!("{n}次按钟记录"),
            format!("{n} clock input(s)")
        ));
    }
    if c.fouls > 0 {
        let n = c.fouls;
        lost.push(words!(lang, format!("{n}次犯规"), format!("{n} foul(s)")));
    }
    if c.reports > 0 {
        let n = c.reports;
        lost.push(words!(
            lang,
            format!("{n}份成绩签认"),
            format!("{n} signed report(s)")
        ));
    }
    if c.move_limit {
        lost.push(words!(
            lang,
            "限着记录".to_string(),
            "the move-limit note".to_string()
        ));
    }
    if lost.is_empty() {
        words!(
            lang,
            format!("{how}: 该台无记录作废"),
            format!("{how}: nothing recorded there is dropped")
        )
    } else {
        let zh = lost.join("、");
        let en = lost.join(", ");
        words!(
            lang,
            format!("{how}: 该台{zh}作废"),
            format!("{how}: {en} dropped")
        )
    }
}

/// The slips to print again, e.g. `需重印签认条: 第4台红方, 第4台黑方`.
pub fn reprint(seats: &[(Board, Side)], lang: Lang) -> String {
    let list: Vec<String> = seats
        .iter()
        .map(|&(b, s)| {
            let s = side(s, lang);
            words!(lang, format!("第{b}台{s}"), format!("board {b} {s}"))
        })
        .collect();
    let list = list.join(", ");
    words!(
        lang,
        format!("需重印签认条: {list}"),
        format!("slips to reprint: {list}")
    )
}
