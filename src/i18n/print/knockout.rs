//! Results, stages and the knockout's outcome as the printouts word them (docs/rules.md#7-knockout,
//! seed 003): the result words of the wall sheet, the stage of a knockout game, an armageddon
//! draw that is a black win, the lot still to draw, and the places 1–4 the knockout decides.
//! Where the bytes are the shared nouns' (`i18n::result_word`, `stage`, `game_kind`) they are
//! called; the printouts' own spellings are keys of their own.

use crate::domain::event::{GameKind, Stage};
use crate::domain::knockout::placing::Placing;
use crate::domain::result::GameResult;
use crate::domain::rules::Lang;

/// A result as every printout prints it (pairings, knockout bracket, scoresheets): the words of
/// the wall sheet, 红胜 / 和 / 黑胜 (the shared result word), never the log's `red_win` or
/// `1-0`; in English the shared word with a capital, as a cell begins.
pub fn result_text(r: GameResult, lang: Lang) -> &'static str {
    words!(
        lang,
        super::super::result_word(r, lang),
        match r {
            GameResult::RedWin => "Red wins",
            GameResult::BlackWin => "Black wins",
            GameResult::Draw => "Draw",
            GameResult::RedWinForfeit => "Red wins by forfeit",
            GameResult::BlackWinForfeit => "Black wins by forfeit",
            GameResult::DoubleForfeit => "Double forfeit",
        }
    )
}

/// An armageddon draw's result: 和（黑胜） / Draw (black wins), so the eliminated player never
/// sees a plain 和.
pub fn armageddon_draw_result(lang: Lang) -> &'static str {
    words!(lang, "和（黑胜）", "Draw (black wins)")
}

/// A game's stage and kind in a pairing list: 积分编排, 半决赛, 决赛 快棋, 三四名 超快棋.
pub fn stage_text(s: Stage, g: GameKind, lang: Lang) -> String {
    let s = match s {
        Stage::Swiss => words!(lang, "积分编排", "Swiss"),
        s => super::super::stage(s, lang),
    };
    match g {
        GameKind::Slow => s.to_string(),
        g => format!("{s} {}", super::super::game_kind(g, lang)),
    }
}

/// A game's stage and kind on a scoresheet: 半决赛 快棋, nothing for a slow Swiss game.
pub fn slip_stage(s: Stage, g: GameKind, lang: Lang) -> String {
    let g = match g {
        GameKind::Slow => "",
        g => super::super::game_kind(g, lang),
    };
    [super::super::stage(s, lang), g]
        .iter()
        .filter(|w| !w.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A stage in the knockout bracket: 半决赛 / Semi-final.
pub fn bracket_stage(s: Stage, lang: Lang) -> &'static str {
    match s {
        Stage::Swiss => words!(lang, "积分编排", "Swiss"),
        Stage::QuarterFinal => words!(lang, super::super::stage(s, lang), "Quarter-final"),
        Stage::SemiFinal => words!(lang, super::super::stage(s, lang), "Semi-final"),
        Stage::Final => words!(lang, super::super::stage(s, lang), "Final"),
        Stage::ThirdPlace => words!(lang, super::super::stage(s, lang), "Third place"),
    }
}

/// A game's kind in the knockout bracket: 慢棋 / slow, 快棋 / rapid, 附加赛 / armageddon.
pub fn bracket_game(g: GameKind, lang: Lang) -> &'static str {
    match g {
        GameKind::Armageddon => words!(lang, "附加赛", super::super::game_kind(g, lang)),
        g => super::super::game_kind(g, lang),
    }
}

/// The mark of an armageddon before its lot: 待抽签 / lot to draw.
pub fn lot_pending_word(lang: Lang) -> &'static str {
    words!(lang, "待抽签", "lot to draw")
}

/// A knockout game's stage while its armageddon waits for the lot:
/// `半决赛 超快棋（待抽签定先后手）`.
pub fn stage_before_lot(stage: &str, lang: Lang) -> String {
    words!(
        lang,
        format!("{stage}（待抽签定先后手）"),
        format!("{stage} (colours by lot, not drawn yet)")
    )
}

/// The verdict of an armageddon draw in a sentence, `who` the black player: `和棋黑胜，薛平
/// 晋级` (a semi-final), `… 获冠军` (the final), `… 获季军` (the third-place match).
pub fn armageddon_verdict(who: &str, stage: Stage, lang: Lang) -> String {
    let what = match stage {
        Stage::Final => words!(lang, "获冠军", "wins the title"),
        Stage::ThirdPlace => words!(lang, "获季军", "takes third place"),
        Stage::Swiss | Stage::QuarterFinal | Stage::SemiFinal => {
            words!(lang, "晋级", "goes through")
        }
    };
    words!(
        lang,
        format!("和棋黑胜，{who} {what}"),
        format!("Draw counts as a black win: {who} {what}")
    )
}

/// The 备注 of a place the knockout decided: 淘汰赛冠军 / 亚军 / 季军 / 第四名, 进入淘汰赛 while
/// the matches are on, 进入决赛 / 三四名赛 once a semi-final is decided.
pub fn placing_word(p: Placing, lang: Lang) -> &'static str {
    match p {
        Placing::Champion => words!(lang, "淘汰赛冠军", "knockout champion"),
        Placing::RunnerUp => words!(lang, "淘汰赛亚军", "knockout runner-up"),
        Placing::Third => words!(lang, "淘汰赛季军", "knockout third place"),
        Placing::Fourth => words!(lang, "淘汰赛第四名", "knockout fourth place"),
        Placing::Finalist => words!(lang, "进入淘汰赛", "in the knockout"),
        Placing::InFinal => words!(lang, "进入决赛", "in the final"),
        Placing::InThirdPlace => words!(lang, "三四名赛", "third-place match"),
        Placing::InSemiFinal => words!(lang, "进入半决赛", "in the semi-finals"),
        Placing::Fifth => words!(lang, "淘汰赛第五名", "knockout fifth place"),
        Placing::Sixth => words!(lang, "淘汰赛第六名", "knockout sixth place"),
        Placing::Seventh => words!(lang, "淘汰赛第七名", "knockout seventh place"),
        Placing::Eighth => words!(lang, "淘汰赛第八名", "knockout eighth place"),
    }
}
