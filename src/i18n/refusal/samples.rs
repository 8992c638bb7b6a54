//! One refusal of each kind (and of each floor reason, each missing reason), for the
//! snapshot of every refusal in both languages.

use crate::domain::amend::record::AmendFault;
use crate::domain::refusal::{FloorWhy, OverFor, ReasonFor, Refusal, RuleBreak, Who};
use crate::domain::{Board, GameResult, PlayerNo, Round, Side};
use chrono::TimeZone;

/// One refusal of each kind (and of each floor reason, each missing reason).
pub(super) fn samples() -> Vec<Refusal> {
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
        Refusal::VacantBoard {
            round: Round(2),
            board: Board(4),
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
            needed: 4,
        },
        Refusal::MatchOpen {
            stage: crate::domain::event::Stage::SemiFinal,
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
    rs.extend(bye_samples());
    rs
}

/// Every refusal of a requested bye.
fn bye_samples() -> Vec<Refusal> {
    use crate::domain::requested_bye::ByeFault as F;
    let (no, name, round) = (PlayerNo(7), String::from("王天一"), Round(4));
    [
        F::NotAllowed,
        F::Format,
        F::Paired(round),
        F::Beyond { round, rounds: 3 },
        F::LastRounds {
            round,
            not_in_last: 2,
        },
        F::Limit {
            no,
            name: name.clone(),
            max: 1,
        },
        F::Twice {
            no,
            name: name.clone(),
            round,
        },
        F::NoRequest {
            no,
            name: name.clone(),
            round,
        },
        F::Finalist {
            no,
            name: name.clone(),
            round,
        },
        F::Seated { no, name, round },
    ]
    .into_iter()
    .map(Refusal::Bye)
    .chain([
        Refusal::ReasonNeeded(ReasonFor::RequestedBye),
        Refusal::ReasonNeeded(ReasonFor::Amendment),
        Refusal::Amend(AmendFault::UnknownField("colour".into())),
        Refusal::Amend(AmendFault::Fixed("points".into())),
        Refusal::Amend(AmendFault::BadValue {
            field: "self_report".into(),
            value: "maybe".into(),
            takes: &["off", "confirm", "auto"],
        }),
        Refusal::Amend(AmendFault::Unchanged {
            field: "auto_advance",
            value: "pair",
        }),
        Refusal::Signed {
            round: Round(3),
            board: Board(5),
            result: crate::domain::GameResult::RedWin,
            by: crate::domain::self_report::SignedBy::Both,
            names: vec![
                (crate::domain::Side::Red, "张三".into()),
                (crate::domain::Side::Black, "李四".into()),
            ],
        },
    ])
    .collect()
}
