//! The room page's words (`src/serve/`): the pages' labels, headings, notes and status words
//! ([`Label`], [`label`]), its messages with data ([`Msg`], [`text`]), the lines `serve`
//! prints at start and its own faults ([`Fault`], [`fault`]). The pages hand typed keys and
//! hold no word themselves; the players' reports are worded in `i18n::self_report`, results,
//! sides and roles by the shared nouns of `i18n`.

mod label;
mod msg;

pub use label::{Label, label};
pub use msg::{Fault, Msg, fault, text};

use crate::domain::rules::Lang;

/// The page's language tag (`<html lang=…>`).
pub fn html_lang(lang: Lang) -> &'static str {
    words!(lang, "zh-CN", "en")
}

/// The `lang=` value a link of the page carries: none for Chinese (the default).
pub fn url_lang(lang: Lang) -> Option<&'static str> {
    words!(lang, None, Some("en"))
}

/// The language the page's switch offers.
pub fn switch(lang: Lang) -> Lang {
    words!(lang, Lang::En, Lang::Zh)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::result::Outcome;
    use crate::domain::{Board, GameResult, Side};

    #[test]
    fn the_pages_words_are_chinese_by_default_and_english_on_request() {
        assert_eq!(label(Label::OtherLanguage, Lang::Zh), "English");
        assert_eq!(label(Label::OtherLanguage, Lang::En), "中文");
        assert_eq!(label(Label::SideShort(Side::Black), Lang::Zh), "黑");
        assert_eq!(html_lang(Lang::Zh), "zh-CN");
        assert_eq!(
            text(
                &Msg::Seat {
                    board: 2,
                    side: Side::Black
                },
                Lang::Zh
            ),
            "第2台 黑方"
        );
        assert_eq!(
            text(
                &Msg::Seat {
                    board: 2,
                    side: Side::Black
                },
                Lang::En
            ),
            "Board 2, black"
        );
        assert_eq!(
            text(
                &Msg::LateSeat {
                    board: Board(3),
                    side: Side::Red,
                    name: "张三".into()
                },
                Lang::Zh
            ),
            "第3台红 张三"
        );
        let forfeit = Msg::CardResult {
            outcome: Outcome::Win,
            forfeit: true,
        };
        assert_eq!(text(&forfeit, Lang::Zh), "胜 (弃权)");
        assert_eq!(text(&forfeit, Lang::En), "win by forfeit");
        let option = |result| Msg::SignOption {
            result,
            red: "甲".into(),
            black: "乙".into(),
        };
        assert_eq!(
            text(&option(GameResult::BlackWin), Lang::Zh),
            "黑胜（乙胜）"
        );
        assert_eq!(text(&option(GameResult::Draw), Lang::En), "Draw");
        assert!(fault(&Fault::Bind("x".into()), Lang::En).starts_with("--bind x: expected"));
    }
}
