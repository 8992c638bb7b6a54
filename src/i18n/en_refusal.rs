//! The English words of a refusal (`domain::refusal::Refusal`), times in the event's zone:
//! one exhaustive `match`, so a new refusal makes the compiler ask for its words. The
//! Chinese beside it is `zh::refusal`.

use super::EventZone;
use crate::domain::refusal::{FloorWhy, OverFor, ReasonFor, Refusal};
use crate::domain::rules::Lang;

const L: Lang = Lang::En;

fn list<T: ToString>(xs: &[T], sep: &str) -> String {
    xs.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

pub fn refusal(r: &Refusal, zone: EventZone) -> String {
    let hms = |t| zone.format(t, "%H:%M:%S");
    match r {
        Refusal::NotAllowed { user, role, what } => {
            format!("{user} acting as {role} may not {}", super::deed::deed(*what, L))
        }
        Refusal::UnknownBoard { round, board } => format!("round {round}: there is no board {board}"),
        Refusal::UnknownPlayer(no) => format!("there is no player number {no}"),
        Refusal::NoRound => "no round has been paired yet".into(),
        Refusal::UnknownRound(round) => format!("round {round} has not been paired"),
        Refusal::HasResult {
            round,
            board,
            existing,
        } => format!(
            "round {round} board {board} already has a result: {}; only the head arbiter can correct it (--correct --reason TEXT)",
            existing.word()
        ),
        Refusal::RoundIncomplete {
            round,
            missing,
            first,
        } => format!("round {round}: {missing} board(s) without a result (first: board {first})"),
        Refusal::Pairing(m) => format!("pairing failed: {m}"),
        Refusal::Unpairable { section, players } => format!(
            "no legal pairing: {}players {} cannot be paired without a rematch, a second bye or (before the last round) a colour rule broken; the head arbiter decides: `bianpai pair LOG --relax colours --reason TEXT` (fewest colour-rule breaks) or `bianpai pair LOG --manual \"3-8,5-1,…\" [--bye N] --reason TEXT` (the round entered by hand)",
            section.as_ref().map(|s| format!("{s}: ")).unwrap_or_default(),
            list(players, ", ")
        ),
        Refusal::NoneEligible(round) => format!("round {round}: no players are eligible"),
        Refusal::Registration(f) => {
            format!("registration refused: {}", super::errors::registration(f, L))
        }
        Refusal::Rule(m) => m.clone(),
        Refusal::FlagBeforeClockInput {
            round,
            board,
            since,
            at,
        } => format!(
            "round {round} board {board}: the clock's last input is stamped {}, after this confirmation ({}); a clock input in the wrong time zone? Set the clock from the board (clock set) before confirming a flag",
            hms(*since),
            hms(*at)
        ),
        Refusal::CorrectionWithoutTime => {
            "--correction goes with a time (--at): this command carries none".into()
        }
        Refusal::CorrectionWithoutReason => {
            "--correction needs a reason (--correction REASON)".into()
        }
        Refusal::Text(f) => super::faults::text_fault(f, L),
        Refusal::Team(f) => super::errors::team_fault(f, L),
        Refusal::Skew(s) => super::faults::time_skew(s, L),
        Refusal::RoundNotStarted { round } => format!(
            "round {round} has not started: start it first (`bianpai start LOG`, console key S), or set auto_advance: pair_and_start"
        ),
        Refusal::RoundChanged { typed, current } => format!(
            "the entry was for round {typed}, but round {current} is now on: nothing recorded"
        ),
        Refusal::NumbersNotDrawn => "player numbers have not been drawn: run `bianpai draw LOG` first (or set numbers_by_registration: true in the rules)".into(),
        Refusal::AlreadyStarted { round, at } => format!(
            "round {round} already started at {}",
            zone.format(*at, "%Y-%m-%d %H:%M:%S")
        ),
        Refusal::NotStartedYet(round) => {
            format!("round {round} has not started: there is no start time to correct")
        }
        Refusal::AlreadyWithdrawn { no, name } => {
            format!("player {no} ({name}) has already withdrawn")
        }
        Refusal::NotWithdrawn { no, name } => format!("player {no} ({name}) is not withdrawn"),
        Refusal::ReasonNeeded(what) => reason_for(*what).into(),
        Refusal::DrawAfterPairing => {
            "numbers can only be drawn before round 1 is paired (round 1 is published)".into()
        }
        Refusal::NoPlayers => "no players are registered yet".into(),
        Refusal::ResultsEntered(round) => {
            format!("round {round}: results have been entered; the pairing can no longer be changed")
        }
        Refusal::AllRoundsPaired(n) => format!("all {n} rounds have been paired"),
        Refusal::SwapSelf(board) => format!("board {board}: cannot swap a board with itself"),
        Refusal::BreaksRule(breaks) => format!(
            "the change breaks a rule: {}; repeat with --force --reason TEXT to accept",
            breaks
                .iter()
                .map(|b| super::errors::rule_break(b, L))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Refusal::SameResult {
            round,
            board,
            result,
        } => format!(
            "round {round} board {board}: the result is already {}",
            result.word()
        ),
        Refusal::NoLotDue(round) => format!(
            "round {round}: no knockout game waits for a colour lot (an armageddon game without a result)"
        ),
        Refusal::Floor { round, board, why } => {
            format!("round {round} board {board}: {}", floor(why, zone))
        }
        Refusal::FloorGeneral(why) => floor(why, zone),
        Refusal::TooFewFinalists { found, after } => {
            format!("knockout: {found} eligible finalists after round {after}, 4 needed")
        }
        Refusal::SemiFinalOpen { a, b } => {
            format!("knockout: the semi-final {a} v {b} is not decided yet")
        }
        Refusal::LotFirst { round, board } => format!(
            "round {round} board {board}: the armageddon's colours are drawn by lot first: enter the lot (`bianpai pair LOG --lot red|black --board {board}`, console key L), then the result"
        ),
        Refusal::NotOutdated(round) => format!(
            "round {round}: no earlier result was corrected after it was paired; nothing to keep or re-pair"
        ),
        Refusal::OutdatedHasResults(round) => format!(
            "round {round} already has results and cannot be re-paired; record the decision to keep it: `bianpai pair LOG --keep --reason TEXT` (console key K)"
        ),
        Refusal::OutdatedIsTheHeads { round, heads } => format!(
            "round {round}'s pairing is outdated by a corrected result: only the head arbiter{} decides it (re-pair: unpair and pair; keep: pair --keep --reason TEXT)",
            if heads.is_empty() {
                String::new()
            } else {
                format!(" ({})", heads.join(", "))
            }
        ),
        Refusal::PressBeforeLast {
            round,
            board,
            at,
            last,
        } => format!(
            "round {round} board {board}: a press at {} is before the board's last press at {}; presses are recorded in order",
            hms(*at),
            hms(*last)
        ),
        Refusal::RelaxNotNeeded => "a pairing that keeps every rule exists: pair normally".into(),
        Refusal::RelaxInLastRound => {
            "the last round relaxes colour rules 4–5 by itself when needed: pair it normally".into()
        }
        Refusal::Report { round, board, why } => format!(
            "round {round} board {board}: {}",
            super::self_report::why(why, L)
        ),
        Refusal::ColourChoiceDue { round, due } => format!(
            "round {round}: the colour counts are level in {}; the higher-ranked player chooses the colours: `bianpai pair LOG --choose red|black` (one per match, in this order; or --choose NO=red), console key P",
            due.iter()
                .map(|d| format!(
                    "{} {} v {} {} (chosen by {})",
                    d.higher, d.higher_name, d.lower, d.lower_name, d.higher
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

/// A floor refusal (seats, clocks, fouls, flags, move limits), times in the event's zone.
fn floor(why: &FloorWhy, zone: EventZone) -> String {
    let hms = |t| zone.format(t, "%H:%M:%S");
    match why {
        FloorWhy::GameOver { existing, what } => format!(
            "the game is over ({}){}",
            existing.word(),
            match what {
                OverFor::Clock => "; clock input ignored",
                OverFor::Foul => "; fouls are recorded during play",
                OverFor::Note => "",
            }
        ),
        FloorWhy::ClockOverADay => "a clock reading over a day".into(),
        FloorWhy::NoClockData => "no clock data for this board; a flag the arbiter saw fall is recorded with `flag LOG BOARD SIDE --observed` (console: board, t, side, confirm)".into(),
        FloorWhy::HasClockData => "this board has clock data: the time loss is confirmed from the clock (`flag` without --observed)".into(),
        FloorWhy::WrongFlag { fallen, side } => format!(
            "it is {}'s flag that fell, not {}'s",
            fallen.word(),
            side.word()
        ),
        FloorWhy::FlagNotFallen { side, left_ms, at } => format!(
            "{}'s flag has not fallen ({} left at {})",
            side.word(),
            crate::domain::clock::format_ms(*left_ms),
            hms(*at)
        ),
        FloorWhy::ReverseIsAnArrival => "a forfeit is reversed by an arrival (arrive --reverse)".into(),
        FloorWhy::ArrivedAfterWindow { side } => format!(
            "{} arrived after the late window closed; the forfeit stands unless the head arbiter reverses it (arrive --reverse REASON)",
            side.word()
        ),
        FloorWhy::AlreadyMarked { side, present } => format!(
            "{} is already marked {}",
            side.word(),
            if *present { "present" } else { "absent" }
        ),
        FloorWhy::ArrivalTooLate { side, at, deadline } => format!(
            "{} arrived at {}, after the late window closed at {}; the forfeit is due (the next tick records it) unless the head arbiter reverses it (arrive --reverse REASON)",
            side.word(),
            hms(*at),
            hms(*deadline)
        ),
        FloorWhy::ReverseNeedsReason => "reversing a forfeit needs a reason (--reverse REASON)".into(),
        FloorWhy::NotMarkedAbsent { side } => format!(
            "{} is not marked absent; there is no late forfeit to reverse",
            side.word()
        ),
        FloorWhy::WindowStillOpen => {
            "the late window is still open; a plain `arrive` stops the countdown".into()
        }
        FloorWhy::NotAForfeitAgainst { side, existing } => format!(
            "the result ({}) is not a forfeit against {}; correct it with `result --correct`",
            existing.map_or("none", crate::domain::GameResult::word),
            side.word()
        ),
        FloorWhy::NoteNeedsText => "a move-limit note needs a text".into(),
        FloorWhy::FoulLimitNotReached { side } => format!(
            "{} has not reached a foul limit in this game; there is no foul loss to claim",
            side.word()
        ),
    }
}

/// What a reason was missing for, in English (`Refusal::ReasonNeeded`).
pub(super) fn reason_for(r: ReasonFor) -> &'static str {
    match r {
        ReasonFor::Correction => "a correction (--reason TEXT) needs a reason",
        ReasonFor::Reinstatement => "reinstating a player needs a reason",
        ReasonFor::StartCorrection => "correcting a start time (--reason TEXT) needs a reason",
        ReasonFor::RelaxedPairing => {
            "pairing with relaxed colour rules (--reason TEXT) needs a reason"
        }
        ReasonFor::KeptPairing => {
            "keeping a pairing made on an old result (--reason TEXT) needs a reason"
        }
        ReasonFor::ManualPairing => "a pairing entered by hand (--reason TEXT) needs a reason",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::refusal::{RuleBreak, Who};
    use crate::domain::{Board, GameResult, PlayerNo, Round, Side};
    use chrono::TimeZone;
    use std::fmt::Write as _;

    /// One refusal of each kind (and of each floor reason, each missing reason).
    fn samples() -> Vec<Refusal> {
        let t = chrono::Utc.timestamp_opt(1_700_000_000, 0).unwrap();
        let t2 = chrono::Utc.timestamp_opt(1_700_000_100, 0).unwrap();
        let who = Who {
            no: PlayerNo(3),
            name: "王五".into(),
        };
        let mut floors = vec![
            FloorWhy::GameOver {
                existing: GameResult::Draw,
                what: OverFor::Clock,
            },
            FloorWhy::GameOver {
                existing: GameResult::RedWinForfeit,
                what: OverFor::Foul,
            },
            FloorWhy::GameOver {
                existing: GameResult::BlackWin,
                what: OverFor::Note,
            },
            FloorWhy::ClockOverADay,
            FloorWhy::NoClockData,
            FloorWhy::HasClockData,
            FloorWhy::WrongFlag {
                fallen: Side::Red,
                side: Side::Black,
            },
            FloorWhy::FlagNotFallen {
                side: Side::Black,
                left_ms: 61_000,
                at: t,
            },
            FloorWhy::ReverseIsAnArrival,
            FloorWhy::ArrivedAfterWindow { side: Side::Red },
            FloorWhy::AlreadyMarked {
                side: Side::Red,
                present: true,
            },
            FloorWhy::AlreadyMarked {
                side: Side::Black,
                present: false,
            },
            FloorWhy::ArrivalTooLate {
                side: Side::Red,
                at: t,
                deadline: t2,
            },
            FloorWhy::ReverseNeedsReason,
            FloorWhy::NotMarkedAbsent { side: Side::Black },
            FloorWhy::WindowStillOpen,
            FloorWhy::NotAForfeitAgainst {
                side: Side::Red,
                existing: None,
            },
            FloorWhy::NotAForfeitAgainst {
                side: Side::Red,
                existing: Some(GameResult::Draw),
            },
            FloorWhy::NoteNeedsText,
            FloorWhy::FoulLimitNotReached { side: Side::Black },
        ];
        let mut rs: Vec<Refusal> = floors
            .drain(..)
            .flat_map(|w| {
                [
                    Refusal::Floor {
                        round: Round(2),
                        board: Board(3),
                        why: w.clone(),
                    },
                    Refusal::FloorGeneral(w),
                ]
            })
            .collect();
        rs.extend([
            Refusal::NotAllowed {
                user: "li".into(),
                role: "viewer",
                what: crate::domain::command::Deed::PairManual,
            },
            Refusal::UnknownBoard {
                round: Round(1),
                board: Board(9),
            },
            Refusal::UnknownPlayer(PlayerNo(7)),
            Refusal::NoRound,
            Refusal::UnknownRound(Round(4)),
            Refusal::HasResult {
                round: Round(1),
                board: Board(2),
                existing: GameResult::BlackWinForfeit,
            },
            Refusal::RoundIncomplete {
                round: Round(1),
                missing: 2,
                first: Board(3),
            },
            Refusal::Pairing("x y".into()),
            Refusal::Unpairable {
                section: None,
                players: vec![PlayerNo(1), PlayerNo(4)],
            },
            Refusal::Unpairable {
                section: Some("女子组".into()),
                players: vec![PlayerNo(2)],
            },
            Refusal::NoneEligible(Round(3)),
            Refusal::Registration(crate::domain::registration::RegistrationFault::NameEmpty),
            Refusal::Registration(crate::domain::registration::RegistrationFault::NotAName(
                "1".into(),
            )),
            Refusal::Rule("a rule".into()),
            Refusal::CorrectionWithoutTime,
            Refusal::CorrectionWithoutReason,
            Refusal::Text(crate::domain::text::check("reason", "a\u{202E}", 500).unwrap_err()),
            Refusal::Team(crate::domain::team::fault::TeamFault::NameTaken(
                "杭州".into(),
            )),
            Refusal::Skew(crate::domain::skew::TimeSkew {
                at: "a".into(),
                now: "b".into(),
                off_s: -185,
                limit_s: 120,
                correction: false,
            }),
            Refusal::RoundNotStarted { round: Round(2) },
            Refusal::RoundChanged {
                typed: Round(1),
                current: Round(2),
            },
            Refusal::NumbersNotDrawn,
            Refusal::NotStartedYet(Round(2)),
            Refusal::AlreadyWithdrawn {
                no: PlayerNo(2),
                name: "张三".into(),
            },
            Refusal::NotWithdrawn {
                no: PlayerNo(2),
                name: "张三".into(),
            },
            Refusal::ReasonNeeded(ReasonFor::Correction),
            Refusal::ReasonNeeded(ReasonFor::Reinstatement),
            Refusal::ReasonNeeded(ReasonFor::StartCorrection),
            Refusal::ReasonNeeded(ReasonFor::RelaxedPairing),
            Refusal::ReasonNeeded(ReasonFor::ManualPairing),
            Refusal::ReasonNeeded(ReasonFor::KeptPairing),
            Refusal::DrawAfterPairing,
            Refusal::NoPlayers,
            Refusal::ResultsEntered(Round(1)),
            Refusal::AllRoundsPaired(9),
            Refusal::SwapSelf(Board(2)),
            Refusal::BreaksRule(vec![
                RuleBreak::NotPaired { who: who.clone() },
                RuleBreak::ThirdInRow {
                    board: Board(1),
                    who: who.clone(),
                    side: Side::Red,
                },
            ]),
            Refusal::SameResult {
                round: Round(1),
                board: Board(1),
                result: GameResult::Draw,
            },
            Refusal::NoLotDue(Round(8)),
            Refusal::TooFewFinalists {
                found: 3,
                after: Round(7),
            },
            Refusal::SemiFinalOpen {
                a: PlayerNo(1),
                b: PlayerNo(4),
            },
            Refusal::LotFirst {
                round: Round(9),
                board: Board(1),
            },
            Refusal::NotOutdated(Round(3)),
            Refusal::OutdatedHasResults(Round(3)),
            Refusal::OutdatedIsTheHeads {
                round: Round(3),
                heads: vec![],
            },
            Refusal::OutdatedIsTheHeads {
                round: Round(3),
                heads: vec!["wang".into(), "li".into()],
            },
            Refusal::PressBeforeLast {
                round: Round(1),
                board: Board(2),
                at: t,
                last: t2,
            },
            Refusal::RelaxNotNeeded,
            Refusal::RelaxInLastRound,
            Refusal::Report {
                round: Round(1),
                board: Board(2),
                why: crate::domain::self_report::record::ReportWhy::WrongCode,
            },
            Refusal::ColourChoiceDue {
                round: Round(8),
                due: vec![
                    crate::domain::colour_choice::due::ChoiceDue {
                        stage: crate::domain::event::Stage::Final,
                        higher: PlayerNo(1),
                        higher_name: "甲".into(),
                        lower: PlayerNo(2),
                        lower_name: "乙".into(),
                    },
                    crate::domain::colour_choice::due::ChoiceDue {
                        stage: crate::domain::event::Stage::ThirdPlace,
                        higher: PlayerNo(3),
                        higher_name: "丙".into(),
                        lower: PlayerNo(4),
                        lower_name: "丁".into(),
                    },
                ],
            },
        ]);
        rs.extend([
            Refusal::AlreadyStarted {
                round: Round(1),
                at: t,
            },
            Refusal::FlagBeforeClockInput {
                round: Round(1),
                board: Board(2),
                since: t2,
                at: t,
            },
        ]);
        rs
    }

    /// Every refusal in English and in Chinese, times in the event's zone (Beijing): the
    /// English was checked byte for byte against the words the domain's `Display` gave before
    /// they moved here.
    #[test]
    fn every_refusal_in_both_languages() {
        let zone = EventZone::parse("Asia/Shanghai").unwrap();
        let mut out = String::new();
        for r in samples() {
            let en = refusal(&r, zone);
            assert_eq!(crate::i18n::refusal(&r, Lang::En, zone), en);
            let zh = crate::i18n::refusal(&r, Lang::Zh, zone);
            assert!(!en.is_empty() && !zh.is_empty(), "{r:?}");
            // Words, never the developer's `Display` of the value.
            assert_ne!(en, r.to_string());
            let _ = write!(out, "en: {en}\nzh: {zh}\n\n");
        }
        insta::assert_snapshot!(out);
    }
}
