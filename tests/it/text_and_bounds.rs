//! Issue 14, items 4 and 5, against logs written before the checks existed (their records
//! are appended through the library, as an older version would have written them):
//! - a points table that wraps a `u32` (`red_win: 4000000000`) no longer turns two wins into
//!   3705032704 points ranked below one win;
//! - control sequences in a club, a team, a title, a withdrawal reason and a move-limit note
//!   reach no terminal: `player list`, `audit`, `export --format txt|csv` and `pair --preview`
//!   print them escaped (`\u{1b}`), never raw.
//!
//! The refusals at input (rules bounds, the sanitiser) are rows of `tests/it/bad_input.rs`.

use crate::support::reliability as reliability_support;

use bianpai::domain::{Board, Command, Event, GameResult, PlayerEntry, PlayerNo, Round};
use bianpai::log::Log;
use chrono::Utc;
use reliability_support::{all_ok, entry, head, ok, open_rules};

const OSC: &str = "\u{1b}]0;pwned\u{7}";

#[test]
fn points_that_would_wrap_do_not_reorder_the_leaders() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("wrap.log");
    let mut rules = open_rules();
    rules.points.red_win = 4_000_000_000;
    rules.points.black_win = 4_000_000_000;
    // `Log::create` writes the rules as given, as versions before the bound did.
    let mut log = Log::create(&path, "积分溢出", rules, &head().user, Utc::now()).unwrap();
    let regs: Vec<Command> = (1..=8)
        .map(|i| Command::RegisterPlayer(entry(&format!("棋手{i}"))))
        .collect();
    all_ok(&mut log, &head(), &regs);
    for _ in 0..2 {
        let mut cmds = vec![
            Command::PairNextRound,
            Command::StartRound { at: Utc::now() },
        ];
        cmds.extend((1..=4).map(|b| Command::RecordResult {
            round: None,
            board: Board(b),
            result: GameResult::RedWin,
            correct: None,
        }));
        all_ok(&mut log, &head(), &cmds);
    }
    let l = path.to_string_lossy().into_owned();
    let json: serde_json::Value =
        serde_json::from_str(&ok(&["export", &l, "--format", "json", "--what", "all"])).unwrap();
    let rows = json["standings"].as_array().unwrap();
    let points: Vec<u64> = rows.iter().map(|r| r["points"].as_u64().unwrap()).collect();
    let wins: Vec<u64> = rows
        .iter()
        .map(|r| r["tiebreaks"]["wins"].as_u64().unwrap())
        .collect();
    assert!(!points.contains(&3_705_032_704), "wrapped: {points:?}");
    assert!(
        points.windows(2).all(|w| w[0] >= w[1]),
        "ranked by points: {points:?}"
    );
    assert!(
        wins.windows(2).all(|w| w[0] >= w[1]),
        "two wins rank above one: {wins:?} ({points:?})"
    );
    assert_eq!(wins[0], 2);
}

/// An event whose records hold terminal control sequences in every free-text field.
fn hostile_log(dir: &std::path::Path) -> String {
    let path = dir.join("old.log");
    let title = format!("月赛{OSC}");
    let mut log = Log::create(&path, &title, open_rules(), &head().user, Utc::now()).unwrap();
    let regs: Vec<Command> = (1..=7)
        .map(|i| Command::RegisterPlayer(entry(&format!("棋手{i}"))))
        .collect();
    all_ok(&mut log, &head(), &regs);
    let hostile = PlayerEntry {
        club: format!("俱乐部{OSC}"),
        team: "队\u{202E}abc".to_string(),
        ..PlayerEntry::named("王\u{1b}[31m五")
    };
    log.transact(&head(), Utc::now(), |_| {
        Ok(vec![Event::PlayerRegistered {
            no: PlayerNo(8),
            entry: hostile,
        }])
    })
    .unwrap();
    all_ok(
        &mut log,
        &head(),
        &[
            Command::PairNextRound,
            Command::StartRound { at: Utc::now() },
        ],
    );
    log.transact(&head(), Utc::now(), |_| {
        Ok(vec![
            Event::MoveLimitNoted {
                round: Round(1),
                board: Board(1),
                note: format!("长将{OSC}"),
            },
            Event::PlayerWithdrawn {
                no: PlayerNo(7),
                by_rule: false,
                reason: "\u{1b}[2J\u{1b}[H".to_string(),
            },
        ])
    })
    .unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn control_sequences_in_an_older_log_are_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let l = hostile_log(dir.path());
    let outputs = [
        vec!["player", "list", &l],
        vec!["audit", &l],
        vec!["export", &l, "--format", "txt", "--what", "all"],
        vec!["export", &l, "--format", "csv", "--what", "all"],
        vec!["export", &l, "--format", "txt", "--what", "players"],
        vec!["export", &l, "--format", "csv", "--what", "pairings"],
    ];
    for args in &outputs {
        let out = ok(args);
        for bad in ['\u{1b}', '\u{7}', '\u{202E}'] {
            assert!(
                !out.contains(bad),
                "{args:?} printed U+{:04X} raw: {out:?}",
                u32::from(bad)
            );
        }
    }
    let list = ok(&["player", "list", &l]);
    assert!(list.contains("俱乐部\\u{1b}]0;pwned\\u{7}"), "{list}");
    let audit = ok(&["audit", &l]);
    assert!(audit.contains("长将\\u{1b}]0;pwned\\u{7}"), "{audit}");
    // Written to a file, the txt export is escaped too.
    let file = dir.path().join("all.txt");
    ok(&[
        "export",
        &l,
        "--format",
        "txt",
        "--out",
        &file.to_string_lossy(),
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(
        !text.contains('\u{1b}') && text.contains("月赛\\u{1b}"),
        "{text}"
    );
}
