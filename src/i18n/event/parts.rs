//! The parts an event line is made of: its times, the players' names and numbers, an added
//! game's stage, a result's cause and a clock input.

use chrono::{DateTime, Utc};

use super::super::{EventZone, foul_kind, side, stage};
use crate::domain::event::{Cause, ClockAction, Stage};
use crate::domain::rules::{FoulKind, Lang};
use crate::domain::{PlayerNo, Tournament};

/// Where an event line reads its times: in the event's zone.
#[derive(Clone, Copy)]
pub(super) struct Times(pub(super) EventZone);

impl Times {
    /// `2024-07-06 08:30:00`.
    pub(super) fn local(self, at: DateTime<Utc>) -> String {
        self.0.format(at, "%Y-%m-%d %H:%M:%S")
    }

    /// `2024-07-06 08:30:00+08:00`.
    pub(super) fn stamp(self, at: DateTime<Utc>) -> String {
        self.0.format(at, "%Y-%m-%d %H:%M:%S%:z")
    }

    /// `08:30:00`.
    pub(super) fn clock(self, at: DateTime<Utc>) -> String {
        self.0.format(at, "%H:%M:%S")
    }
}

/// A player's name; unknown, the number in Chinese and nothing in English (as each line has
/// always given it).
pub(super) fn named(t: &Tournament, no: PlayerNo, lang: Lang) -> String {
    words!(
        lang,
        super::super::name(t, no),
        t.player(no)
            .map(|p| p.entry.name.clone())
            .unwrap_or_default()
    )
}

/// "3, 7, 9, 12" (or a dash for none).
pub(super) fn nos(v: &[PlayerNo], lang: Lang) -> String {
    if v.is_empty() {
        return words!(lang, "—", "-").into();
    }
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The stage of an added game, in the one word of each stage (`stage`; "Swiss" in English).
pub(super) fn added_stage(s: Stage, lang: Lang) -> &'static str {
    match s {
        Stage::Swiss => words!(lang, stage(s, lang), "Swiss"),
        s => stage(s, lang),
    }
}

/// A foul's kind: in Chinese `foul_kind`, in English as the command line takes it
/// (`move_rule`), so an audit line can be typed back.
pub(super) fn foul_named(k: FoulKind, lang: Lang) -> &'static str {
    match k {
        FoulKind::MoveRule => words!(lang, foul_kind(k, lang), "move_rule"),
        FoulKind::Phone => words!(lang, foul_kind(k, lang), "phone"),
        FoulKind::LeavingSeat => words!(lang, foul_kind(k, lang), "leaving_seat"),
        FoulKind::DisturbedPieces => words!(lang, foul_kind(k, lang), "disturbed_pieces"),
        FoulKind::Other => words!(lang, foul_kind(k, lang), "other"),
    }
}

/// Why a result was recorded, after its line; an arbiter's and a signed result say nothing
/// here (the signatures follow: `self_report::cause_words`). The English names the cause as
/// the log does, run together.
pub(super) fn cause(c: Cause, lang: Lang) -> &'static str {
    match c {
        Cause::Arbiter | Cause::Confirmed | Cause::Reported => "",
        Cause::LateWindow => words!(lang, " [迟到判负]", " [latewindow]"),
        Cause::Fouls => words!(lang, " [犯规判负]", " [fouls]"),
        Cause::Time => words!(lang, " [超时判负]", " [time]"),
        Cause::FoulClaimed => words!(lang, " [犯规判负, 对方提出]", " [foulclaimed]"),
    }
}

/// A clock input: 红方按钟 / "red pressed".
pub(super) fn clock_action(a: &ClockAction, lang: Lang) -> String {
    use crate::domain::clock::format_ms;
    match a {
        ClockAction::Press(s) => {
            let s = side(*s, lang);
            words!(lang, format!("{s}按钟"), format!("{s} pressed"))
        }
        ClockAction::Pause => words!(lang, "暂停", "paused").into(),
        ClockAction::Resume => words!(lang, "继续", "resumed").into(),
        ClockAction::Set { red_ms, black_ms } => {
            let (red, black) = (format_ms(*red_ms), format_ms(*black_ms));
            words!(
                lang,
                format!("校时 红{red} 黑{black}"),
                format!("set to {red} / {black}")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English of a foul's line names the kind as the command line takes it.
    #[test]
    fn a_foul_kind_reads_as_typed_in_english() {
        for k in FoulKind::ALL {
            assert_eq!(foul_named(k, Lang::En).parse::<FoulKind>(), Ok(k), "{k:?}");
            assert_eq!(foul_named(k, Lang::Zh), foul_kind(k, Lang::Zh), "{k:?}");
        }
    }
}
