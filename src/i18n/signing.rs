//! The words of where a board's signatures stand (docs/self-report.md): the console's mark
//! (待确认, 待对方签认, 待核对), the player's card and the room page's status.

use crate::domain::rules::Lang;
use crate::domain::self_report::{SignedBy, Signing};
use crate::domain::{GameResult, Side};

use super::{result_word, side};

/// A board's signatures for the arbiters: `待确认 红胜`, `待对方签认 红:红胜` (one signature,
/// the other awaited; `待胜方签认 黑:红胜` when the winner's is), `待核对 红:红胜 黑:和` (a
/// contradiction); `None` when nobody signed.
pub fn board_mark(s: Signing, lang: Lang) -> Option<String> {
    let short = |x: Side| match x {
        Side::Red => words!(lang, "红", "red"),
        Side::Black => words!(lang, "黑", "black"),
    };
    let r = |x: GameResult| super::result_short(x, lang);
    Some(match s {
        Signing::Unsigned => return None,
        Signing::Agreed {
            result: x,
            by: SignedBy::Both,
        } => {
            let x = r(x);
            words!(lang, format!("待确认 {x}"), format!("to accept: {x}"))
        }
        Signing::Agreed {
            result: x,
            by: SignedBy::Winner(w),
        } => {
            let (x, w) = (r(x), short(w));
            words!(
                lang,
                format!("待确认 {x} (胜方{w}签认)"),
                format!("to accept: {x} (signed by the winner, {w})")
            )
        }
        Signing::Lone {
            side: sd,
            result,
            winner_awaited,
        } => {
            // One signature waits for another: not a contradiction (待核对 is for those).
            let (sd, result) = (short(sd), r(result));
            if winner_awaited {
                words!(
                    lang,
                    format!("待胜方签认 {sd}:{result}"),
                    format!("awaiting the winner's signature {sd}:{result}")
                )
            } else {
                words!(
                    lang,
                    format!("待对方签认 {sd}:{result}"),
                    format!("awaiting the other signature {sd}:{result}")
                )
            }
        }
        Signing::Disagree { red, black } => {
            let (rs, red, bs, black) = (short(Side::Red), r(red), short(Side::Black), r(black));
            words!(
                lang,
                format!("待核对 {rs}:{red} {bs}:{black}"),
                format!("to check {rs}:{red} {bs}:{black}")
            )
        }
    })
}

/// What the player's own card says once they signed: 已签认 红胜, then who is awaited.
pub fn card_status(s: Signing, me: Side, lang: Lang) -> Option<String> {
    let r = |x: GameResult| result_word(x, lang);
    Some(match s {
        Signing::Unsigned => return None,
        Signing::Agreed { result, by } => agreed(r(result), by, lang),
        Signing::Lone {
            side: sd,
            result,
            winner_awaited,
        } if sd == me => {
            let result = r(result);
            if winner_awaited {
                words!(
                    lang,
                    format!("已签认 {result}, 等待胜方签认"),
                    format!("signed {result}; waiting for the winner's signature")
                )
            } else {
                words!(
                    lang,
                    format!("已签认 {result}, 等待对方签认"),
                    format!("signed {result}; waiting for the opponent")
                )
            }
        }
        Signing::Lone {
            result,
            winner_awaited,
            ..
        } => {
            let result = r(result);
            if winner_awaited {
                words!(
                    lang,
                    format!("对方已签认 {result}, 须由胜方 (你) 核对后签认"),
                    format!("the opponent signed {result}; the winner (you) signs it")
                )
            } else {
                words!(
                    lang,
                    format!("对方已签认 {result}, 请核对后签认"),
                    format!("the opponent signed {result}; check it and sign")
                )
            }
        }
        Signing::Disagree { red, black } => {
            let (red, black) = (r(red), r(black));
            words!(
                lang,
                format!("双方签认不一致 (红方: {red}, 黑方: {black}), 请找裁判核对"),
                format!("the signatures differ (red: {red}, black: {black}); see the arbiter")
            )
        }
    })
}

/// The signatures the rules need are in (both players', or the winner's alone): the result
/// waits for the arbiter.
fn agreed(result: &str, by: SignedBy, lang: Lang) -> String {
    match by {
        SignedBy::Both => words!(
            lang,
            format!("双方已签认 {result}, 等待裁判确认"),
            format!("both signed {result}; waiting for the arbiter")
        ),
        SignedBy::Winner(_) => words!(
            lang,
            format!("胜方已签认 {result}, 等待裁判确认"),
            format!("the winner signed {result}; waiting for the arbiter")
        ),
    }
}

/// Where a board's signatures stand, for anyone reading the room page.
pub fn public_status(s: Signing, lang: Lang) -> Option<String> {
    let r = |x: GameResult| result_word(x, lang);
    Some(match s {
        Signing::Unsigned => return None,
        Signing::Agreed { result, by } => agreed(r(result), by, lang),
        Signing::Lone {
            side: sd,
            result,
            winner_awaited,
        } => {
            let (sd, result, other) = (side(sd, lang), r(result), side(sd.other(), lang));
            if winner_awaited {
                words!(
                    lang,
                    format!("待胜方签认: {sd}已签认 {result}, 等待胜方{other}签认"),
                    format!(
                        "awaiting the winner's signature: {sd} signed {result}; waiting for the winner, {other}"
                    )
                )
            } else {
                words!(
                    lang,
                    format!("待对方签认: {sd}已签认 {result}, 等待{other}签认"),
                    format!(
                        "awaiting the other signature: {sd} signed {result}; waiting for {other}"
                    )
                )
            }
        }
        Signing::Disagree { .. } => return card_status(s, Side::Red, lang),
    })
}
