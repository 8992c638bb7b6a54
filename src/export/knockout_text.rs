//! How the knockout's outcome reads on paper and on screen (docs/rules.md#7-knockout, seed 003): an
//! armageddon draw is a black win (`和（黑胜）`, `和棋黑胜，X 晋级`), and places 1–4 come from
//! the knockout, so their rows carry a 备注 (淘汰赛冠军 …) and the table a note saying why.
//! Shared by every printout, the JSON, the room page and the console.

use super::rows::{name, result_text};
use crate::domain::Tournament;
use crate::domain::event::GameKind;
use crate::domain::result::GameResult;
use crate::domain::rules::Lang;
use crate::domain::standings::Standing;
use crate::domain::tournament::Game;
use crate::i18n::print::{Note, note};

/// Whether `g` is an armageddon game drawn: the one 和 that decides a match (docs/rules.md#7-knockout,
/// seed 003 "附加赛（和棋黑胜）").
pub fn armageddon_draw(g: &Game) -> bool {
    g.game == GameKind::Armageddon && g.result == Some(GameResult::Draw)
}

/// A game's result as every table prints it: the result words, except an armageddon draw,
/// which reads `和（黑胜）` so the eliminated player never sees a plain 和.
pub fn game_result_text(g: &Game, lang: Lang) -> Option<String> {
    let r = g.result?;
    Some(if armageddon_draw(g) {
        crate::i18n::print::armageddon_draw_result(lang).to_string()
    } else {
        result_text(r, lang).to_string()
    })
}

/// Whether `g` is an armageddon whose colours the hall's lot has not given yet (seed 003
/// "抽签加赛"): the colours on record are provisional, and so are the clocks (红方6分钟, 黑方4分钟),
/// so every table marks it 待抽签 instead.
pub fn lot_pending(g: &Game) -> bool {
    g.game == GameKind::Armageddon && !g.lot && g.result.is_none()
}

/// The mark of an armageddon before its lot: `待抽签` (the catalog's word).
pub use crate::i18n::print::lot_pending_word;

/// A knockout game's stage and kind as the pairing tables print it (`半决赛 超快棋`), with
/// `（待抽签定先后手）` while an armageddon waits for its lot.
pub fn stage_with_lot(g: &Game, lang: Lang) -> String {
    let text = super::rows::stage_text(g.stage, g.game, lang);
    if lot_pending(g) {
        crate::i18n::print::stage_before_lot(&text, lang)
    } else {
        text
    }
}

/// The verdict of an armageddon draw in a sentence: `和棋黑胜，薛平 晋级` (a semi-final),
/// `… 获冠军` (the final), `… 获季军` (the third-place match); `None` for any other game.
pub fn armageddon_verdict(t: &Tournament, g: &Game, lang: Lang) -> Option<String> {
    if !armageddon_draw(g) {
        return None;
    }
    Some(crate::i18n::print::armageddon_verdict(
        &name(t, g.black),
        g.stage,
        lang,
    ))
}

/// The 备注 of a place the knockout decided (docs/rules.md#7-knockout): 淘汰赛冠军 / 亚军 / 季军 / 第四名,
/// 进入淘汰赛 while the matches are on, 进入决赛 / 三四名赛 once a semi-final is decided (the
/// catalog's words).
pub use crate::i18n::print::placing_word;

/// The sentence under a standings table whose top places the knockout decided, so that no
/// reader sees place 5 with more points than place 1 without the reason; `None` when no row
/// of `rows` carries a knockout mark.
pub fn placing_note(t: &Tournament, rows: &[Standing], lang: Lang) -> Option<String> {
    let k = t.rules.format.knockout()?;
    if rows.iter().all(|r| r.placing.is_none()) {
        return None;
    }
    Some(note(
        Note::Knockout {
            players: k.players,
            after: k.after_round,
        },
        lang,
    ))
}
