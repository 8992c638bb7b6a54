//! Issue 9 (bad input) and issue 2 (refused commands leave the log byte-identical): a table of
//! malformed inputs — corrupt log lines, rules files, CSV files, command arguments, board
//! numbers, result, side and foul words, times, clock readings, oversized and non-UTF-8 data —
//! and refused commands (unknown board, a result on a finished board, a player after capacity,
//! a duplicate player, …). Each must give a one-line error on standard error that names the
//! place, a non-zero exit, no panic, and leave every log byte-identical.

use crate::support::reliability as reliability_support;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use bianpai::domain::{Command, Rules};
use bianpai::log::Log;
use reliability_support::{all_ok, entry, head, ok, open_rules, records, refused};

/// How the error may be spread over standard error.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lines {
    /// Exactly one line.
    One,
    /// One line per bad row, each naming the file, then the one-line summary.
    PerRow,
}

struct Case {
    name: String,
    args: Vec<OsString>,
    /// At least one of these must appear in the error line (the place it names).
    place: Vec<String>,
    lines: Lines,
    stdin: Option<Vec<u8>>,
}

fn os(s: &str) -> OsString {
    OsString::from(s)
}

fn case(name: &str, args: &[&str], place: &[&str]) -> Case {
    Case {
        name: name.to_string(),
        args: args.iter().map(|a| os(a)).collect(),
        place: place.iter().map(|p| (*p).to_string()).collect(),
        lines: Lines::One,
        stdin: None,
    }
}

fn case_os(name: &str, args: Vec<OsString>, place: &[&str]) -> Case {
    Case {
        name: name.to_string(),
        args,
        place: place.iter().map(|p| (*p).to_string()).collect(),
        lines: Lines::One,
        stdin: None,
    }
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut m = BTreeMap::new();
    for e in std::fs::read_dir(dir).expect("read dir").flatten() {
        let p = e.path();
        if p.is_file() {
            m.insert(p.clone(), std::fs::read(&p).expect("read"));
        }
    }
    m
}

fn check(case: &Case, logs: &Path) {
    check_in(case, logs, Some("en"));
}

/// Runs `case` with `--lang LANG` (unless the case sets a language itself), checks the
/// refusal, and returns its error line.
fn check_in(case: &Case, logs: &Path, lang: Option<&str>) -> String {
    let before = snapshot(logs);
    let mut cmd = std::process::Command::new(reliability_support::bin());
    if let Some(l) = lang
        && !case.args.iter().any(|a| a == "--lang")
    {
        cmd.args(["--lang", l]);
    }
    cmd.args(&case.args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("spawn");
    if let Some(mut stdin) = child.stdin.take() {
        use std::io::Write as _;
        if let Some(data) = &case.stdin {
            let _ = stdin.write_all(data);
        }
    }
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{}: accepted", case.name);
    assert!(
        !stderr.contains("panicked"),
        "{}: panicked: {stderr}",
        case.name
    );
    let line = match case.lines {
        Lines::One => refused(&out, &case.name),
        Lines::PerRow => {
            let lines: Vec<&str> = stderr.lines().collect();
            let last = lines.last().copied().unwrap_or_default().to_string();
            assert!(last.starts_with("bianpai: "), "{}: {stderr}", case.name);
            last
        }
    };
    assert!(
        lang != Some("en") || case.place.iter().any(|p| line.contains(p.as_str())),
        "{}: the error must name the place (one of {:?}): {}",
        case.name,
        case.place,
        line.chars().take(400).collect::<String>()
    );
    assert!(
        line.len() < 2_000_000,
        "{}: an error line of {} bytes",
        case.name,
        line.len()
    );
    let after = snapshot(logs);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>(),
        "{}: files appeared or vanished",
        case.name
    );
    for (p, bytes) in &before {
        assert!(
            after.get(p) == Some(bytes),
            "{}: {} changed",
            case.name,
            p.display()
        );
    }
    line
}

/// A log line with a correct hash over whatever body it is given (`(v:…` without the `)`).
fn forge(body: &str) -> String {
    let d = Sha256::digest(body.as_bytes());
    let hex = d.iter().take(16).fold(String::new(), |mut s, b| {
        use std::fmt::Write as _;
        let _ = write!(s, "{b:02x}");
        s
    });
    format!("{body},hash:\"{hex}\")")
}

struct Fixture {
    _dir: tempfile::TempDir,
    logs: PathBuf,
    inputs: PathBuf,
    /// Round 1 started, 8 boards, board 1 has a result.
    good: String,
    /// The qigu preset (capacity 40) with 40 players.
    full: String,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().expect("temp dir");
    let logs = dir.path().join("logs");
    let inputs = dir.path().join("inputs");
    std::fs::create_dir(&logs).expect("mkdir");
    std::fs::create_dir(&inputs).expect("mkdir");
    let good = reliability_support::started_event(&logs, "good.log", 16, open_rules());
    let g = good.to_string_lossy().into_owned();
    ok(&["result", &g, "1", "red_win"]);
    ok(&["player", "withdraw", &g, "16"]);
    ok(&[
        "player",
        "add",
        &g,
        "--name",
        "王五",
        "--birth",
        "1990-01-02",
    ]);

    let full = logs.join("full.log");
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.roles.clear();
    let mut log = Log::create(
        &full,
        "满员",
        rules,
        &reliability_support::me(),
        chrono::Utc::now(),
    )
    .expect("create");
    let mut regs: Vec<Command> = (1..=39)
        .map(|i| Command::RegisterPlayer(entry(&format!("满员{i}"))))
        .collect();
    let mut last = entry("王五");
    last.birth = chrono::NaiveDate::from_ymd_opt(1990, 1, 2);
    regs.push(Command::RegisterPlayer(last));
    all_ok(&mut log, &head(), &regs);
    Fixture {
        logs,
        inputs,
        good: g,
        full: full.to_string_lossy().into_owned(),
        _dir: dir,
    }
}

fn write_input(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("write input");
    p.to_string_lossy().into_owned()
}

/// Corrupt records appended to copies of the good log: every command refuses, naming the line.
fn log_line_cases(f: &Fixture) -> Vec<Case> {
    let recs = records(Path::new(&f.good));
    let last = recs.last().expect("records");
    let n = recs.len();
    let next = n + 1;
    let seq = last.seq + 1;
    let prev = &last.hash;
    let head =
        format!("(v:1,seq:{seq},at:\"2024-07-06T01:00:00Z\",by:\"root\",role:head,prev:\"{prev}\"");
    let ev = "ev:FoulRecorded(round:1,board:2,side:red,kind:phone)";
    let good_line = std::fs::read_to_string(&f.good)
        .expect("read")
        .lines()
        .last()
        .expect("a line")
        .to_string();
    let mut edited = good_line.clone().into_bytes();
    let mid = edited.len() / 2;
    edited[mid] = if edited[mid] == b'1' { b'2' } else { b'1' };
    let deep = format!(
        "{head},ev:FoulRecorded(round:1,board:{}",
        "[".repeat(50_000)
    );
    let corrupt: Vec<(&str, Vec<u8>)> = vec![
        ("empty line", b"\n".to_vec()),
        ("garbage", b"garbage\n".to_vec()),
        ("unit", b"()\n".to_vec()),
        ("edited copy of a line", [edited.as_slice(), b"\n"].concat()),
        ("duplicate of the last line", format!("{good_line}\n").into_bytes()),
        ("short hash", format!("{head},{ev},hash:\"abc\")\n").into_bytes()),
        ("no hash", format!("{head},{ev})\n").into_bytes()),
        ("unknown event", format!("{}\n", forge(&format!("{head},ev:Bogus(x:1)"))).into_bytes()),
        ("unknown field", format!("{}\n", forge(&format!("{head},{ev},extra:1"))).into_bytes()),
        ("newer version", format!("{}\n", forge(&format!("(v:2,seq:{seq},at:\"2024-07-06T01:00:00Z\",by:\"root\",role:head,prev:\"{prev}\",{ev}"))).into_bytes()),
        ("sequence gap", format!("{}\n", forge(&format!("(v:1,seq:{},at:\"2024-07-06T01:00:00Z\",by:\"root\",role:head,prev:\"{prev}\",{ev}", seq + 5))).into_bytes()),
        ("wrong prev", format!("{}\n", forge(&format!("(v:1,seq:{seq},at:\"2024-07-06T01:00:00Z\",by:\"root\",role:head,prev:\"00000000000000000000000000000000\",{ev}"))).into_bytes()),
        ("second tournament", format!("{}\n", forge(&format!("{head},ev:Created(title:\"x\",rules:{})", Rules::preset("qigu-2024-07").expect("p").to_ron().replace('\n', "")))).into_bytes()),
        ("missing by", format!("{}\n", forge(&format!("(v:1,seq:{seq},at:\"2024-07-06T01:00:00Z\",role:head,prev:\"{prev}\",{ev}"))).into_bytes()),
        ("seq overflow", format!("{}\n", forge(&format!("(v:1,seq:99999999999999999999999,at:\"2024-07-06T01:00:00Z\",by:\"root\",role:head,prev:\"{prev}\",{ev}"))).into_bytes()),
        ("bad time", format!("{}\n", forge(&format!("(v:1,seq:{seq},at:\"yesterday\",by:\"root\",role:head,prev:\"{prev}\",{ev}"))).into_bytes()),
        ("unknown role", format!("{}\n", forge(&format!("(v:1,seq:{seq},at:\"2024-07-06T01:00:00Z\",by:\"root\",role:boss,prev:\"{prev}\",{ev}"))).into_bytes()),
        ("unknown side", format!("{}\n", forge(&format!("{head},ev:FoulRecorded(round:1,board:2,side:green,kind:phone)"))).into_bytes()),
        ("negative board", format!("{}\n", forge(&format!("{head},ev:FoulRecorded(round:1,board:-2,side:red,kind:phone)"))).into_bytes()),
        ("deep nesting", format!("{}\n", forge(&deep)).into_bytes()),
        ("CRLF line end", format!("{}\r\n", forge(&format!("{head},{ev}"))).into_bytes()),
        ("NUL bytes", b"\0\0\0\0\n".to_vec()),
        ("not UTF-8", b"(v:1,seq:\xff\xfe\n".to_vec()),
        ("byte order mark", format!("\u{feff}{}\n", forge(&format!("{head},{ev}"))).into_bytes()),
        ("3 MB line", [vec![b'x'; 3 << 20], b"\n".to_vec()].concat()),
        ("3 MB torn tail", vec![b'('; 3 << 20]),
        ("torn half record", forge(&format!("{head},{ev}")).as_bytes()[..60].to_vec()),
    ];
    let mut cases = Vec::new();
    let good_bytes = std::fs::read(&f.good).expect("read");
    for (i, (what, bytes)) in corrupt.into_iter().enumerate() {
        let copy = f.logs.join(format!("corrupt{i}.log"));
        std::fs::write(&copy, [good_bytes.as_slice(), &bytes].concat()).expect("write copy");
        let c = copy.to_string_lossy().into_owned();
        let place = format!("line {next}");
        let cmd: &[&str] = match i % 4 {
            0 => &["result", &c, "2", "draw"],
            1 => &["foul", &c, "3", "red", "phone"],
            2 => &["clock", &c, "4", "press", "black"],
            _ => &["absent", &c, "5", "red"],
        };
        cases.push(case(&format!("log: {what}"), cmd, &[&place]));
        cases.push(case(&format!("verify: {what}"), &["verify", &c], &[&place]));
    }
    cases
}

/// Rules files for `new --rules`: each refused, naming the file (and where it can, the field).
fn rules_cases(f: &Fixture) -> Vec<Case> {
    let base = Rules::preset("qigu-2024-07").expect("preset").to_ron();
    let edit = |from: &str, to: &str| {
        assert!(base.contains(from), "the preset text has '{from}'");
        base.replacen(from, to, 1)
    };
    // Cut at the end of a line near the middle: a word cut in two would be a new English
    // word of the test's own making, not of the program's message.
    let mid = base.floor_char_boundary(base.len() / 2);
    let half = base[..base[..mid].rfind('\n').map_or(mid, |i| i + 1)].to_string();
    let mut big = base.clone();
    big.push_str(&"垃圾".repeat(2 << 20)); // ~12 MB of trailing garbage
    let files: Vec<(&str, Vec<u8>, &[&str])> = vec![
        ("empty file", Vec::new(), &[]),
        (
            "binary garbage",
            (0..4096u32).map(|i| (i * 131 % 251) as u8).collect(),
            &[],
        ),
        (
            "not UTF-8",
            b"(name: \"\xc6\xe5\xb9\xc4\")".to_vec(),
            &["UTF-8"],
        ),
        ("unit", b"()".to_vec(), &[]),
        (
            "unknown field",
            edit("rounds:", "roundz:").into_bytes(),
            &["roundz"],
        ),
        (
            "missing rounds",
            edit("rounds: 9,", "").into_bytes(),
            &["rounds"],
        ),
        (
            "rounds 0",
            edit("rounds: 9", "rounds: 0").into_bytes(),
            &["rounds"],
        ),
        (
            "rounds 1000",
            edit("rounds: 9", "rounds: 1000").into_bytes(),
            &["rounds"],
        ),
        (
            "rounds -1",
            edit("rounds: 9", "rounds: -1").into_bytes(),
            &["line"],
        ),
        (
            "rounds as text",
            edit("rounds: 9", "rounds: \"nine\"").into_bytes(),
            &["line"],
        ),
        (
            "rounds overflow",
            edit("rounds: 9", "rounds: 99999999999999").into_bytes(),
            &["line"],
        ),
        (
            "negative points",
            edit("red_win: 2", "red_win: -2").into_bytes(),
            &["line"],
        ),
        (
            "empty tiebreaks",
            {
                let s = base.find("tiebreaks: [").expect("tiebreaks");
                let e = s + base[s..].find(']').expect("end");
                format!("{}tiebreaks: []{}", &base[..s], &base[e + 1..]).into_bytes()
            },
            &["tiebreaks"],
        ),
        (
            "duplicate tiebreak",
            edit("wins,", "wins,\n        wins,").into_bytes(),
            &["tiebreaks"],
        ),
        (
            "unknown tiebreak",
            edit("wins,", "luck,").into_bytes(),
            &["luck"],
        ),
        (
            "unknown round1 mode",
            edit("round1: adjacent", "round1: random").into_bytes(),
            &["random"],
        ),
        (
            "late window two days",
            edit("late_window_minutes: 10", "late_window_minutes: 2880").into_bytes(),
            &["late_window"],
        ),
        (
            "foul limit 0",
            edit("count: 2", "count: 0").into_bytes(),
            &["foul_limits"],
        ),
        (
            "unknown foul kind",
            edit("move_rule", "spitting").into_bytes(),
            &["spitting"],
        ),
        (
            "zero base time",
            edit("red_base_s: 1200", "red_base_s: 0").into_bytes(),
            &["time_controls"],
        ),
        (
            "prize range 0",
            edit("from: 1,", "from: 0,").into_bytes(),
            &["prizes"],
        ),
        (
            "unknown role word",
            edit("roles: {}", "roles: {\"root\": [boss]}").into_bytes(),
            &["boss"],
        ),
        (
            "bad date",
            edit("Some(\"2024-07-06\")", "Some(\"2024-13-45\")").into_bytes(),
            &["line"],
        ),
        ("truncated", half.into_bytes(), &["line"]),
        (
            "trailing garbage",
            format!("{base} ) ) extra").into_bytes(),
            &["line"],
        ),
        (
            "deep nesting",
            edit("rounds: 9", &format!("rounds: {}", "[".repeat(100_000))).into_bytes(),
            &["line"],
        ),
        ("12 MB file", big.into_bytes(), &["line"]),
        // Issue 14: numbers bounded so that no total can wrap around, names checked.
        (
            "points that would wrap around",
            edit("red_win: 2", "red_win: 4000000000").into_bytes(),
            &["red_win: 4000000000 is more than 1000"],
        ),
        (
            "bye points too large",
            edit("bye: None", "bye: Some(5000)").into_bytes(),
            &["points.bye"],
        ),
        (
            "base time of a year",
            edit("red_base_s: 1200", "red_base_s: 31536000").into_bytes(),
            &["red_base_s"],
        ),
        (
            "clock skew 0",
            edit("clock_skew_seconds: 120", "clock_skew_seconds: 0").into_bytes(),
            &["clock_skew_seconds"],
        ),
        (
            "a user named twice in the roles map",
            edit(
                "roles: {}",
                "roles: {\"ann\": [head], \"bob\": [assistant], \"ann\": [assistant]}",
            )
            .into_bytes(),
            &["'ann' appears twice"],
        ),
        (
            "a role given twice",
            edit("roles: {}", "roles: {\"ann\": [head, head]}").into_bytes(),
            &["role head twice"],
        ),
        (
            "a section name with a direction override",
            edit("name: \"公开组\"", "name: \"公开\u{202E}组\"").into_bytes(),
            &["sections", "U+202E"],
        ),
        (
            "a title with a terminal escape",
            edit("title: \"", "title: \"\u{1b}]0;pwned\u{7}").into_bytes(),
            &["title", "U+001B"],
        ),
    ];
    let mut cases = Vec::new();
    for (i, (what, bytes, field)) in files.into_iter().enumerate() {
        let name = format!("rules{i}.ron");
        let path = write_input(&f.inputs, &name, &bytes);
        let log = f
            .logs
            .join(format!("new{i}.log"))
            .to_string_lossy()
            .into_owned();
        let args = ["new", log.as_str(), "--rules", path.as_str()];
        // The file is named; where the fault is in a field, the field is named too.
        cases.push(case(&format!("rules: {what}"), &args, &[&name]));
        if !field.is_empty() {
            cases.push(case(&format!("rules (field): {what}"), &args, field));
        }
    }
    let missing = f.inputs.join("no-such-rules.ron");
    cases.push(case(
        "rules: missing file",
        &[
            "new",
            &f.logs.join("m.log").to_string_lossy(),
            "--rules",
            &missing.to_string_lossy(),
        ],
        &["no-such-rules.ron"],
    ));
    cases.push(case(
        "rules: a directory",
        &[
            "new",
            &f.logs.join("m.log").to_string_lossy(),
            "--rules",
            &f.inputs.to_string_lossy(),
        ],
        &["inputs"],
    ));
    cases
}

/// CSV and spreadsheet files for `player import`: failures whatever the import module does.
fn import_cases(f: &Fixture) -> Vec<Case> {
    let garbage: Vec<u8> = (0..8192u32).map(|i| (i * 197 % 256) as u8).collect();
    let bin_csv = write_input(&f.inputs, "garbage.csv", &garbage);
    let bin_xlsx = write_input(&f.inputs, "garbage.xlsx", &garbage);
    let nul_csv = write_input(&f.inputs, "nul.csv", &[0u8; 1000]);
    let missing = f.inputs.join("missing.csv").to_string_lossy().into_owned();
    let dir = f.inputs.to_string_lossy().into_owned();
    let g = &f.good;
    let mut cases = vec![
        case(
            "csv: missing file",
            &["player", "import", g, &missing],
            &["missing.csv"],
        ),
        case(
            "csv: a directory",
            &["player", "import", g, &dir],
            &["inputs"],
        ),
        case(
            "csv: binary garbage",
            &["player", "import", g, &bin_csv],
            &["garbage.csv"],
        ),
        case(
            "xlsx: binary garbage",
            &["player", "import", g, &bin_xlsx],
            &["garbage.xlsx"],
        ),
        case(
            "csv: NUL bytes",
            &["player", "import", g, &nul_csv],
            &["nul.csv"],
        ),
        case(
            "csv: into a missing log",
            &["player", "import", &format!("{g}.nope"), &missing],
            &["missing", "nope"],
        ),
    ];
    for c in &mut cases {
        c.lines = Lines::PerRow;
    }
    cases
}

fn argument_cases(f: &Fixture) -> Vec<Case> {
    let g = f.good.as_str();
    let nolog = format!("{}/absent.log", f.logs.display());
    let empty = write_input(&f.inputs, "empty.log", b"");
    let no_theme = format!("{}/missing.ron", f.inputs.display());
    let bad_colour = write_input(
        &f.inputs,
        "ultraviolet.ron",
        include_str!("../../themes/dark.ron")
            .replacen("lightyellow", "ultraviolet", 1)
            .as_bytes(),
    );
    let bad_theme = write_input(&f.inputs, "broken.ron", b"(text: (fg: \"purple\"))");
    let mut v = vec![
        // The console refuses before it takes the terminal.
        case(
            "console of a missing log",
            &["console", &nolog],
            &["absent.log"],
        ),
        case(
            "console with an unknown theme",
            &["console", g, "--theme", "neon"],
            &["neon"],
        ),
        case(
            "console with a missing theme file",
            &["console", g, "--theme", &no_theme],
            &["missing.ron"],
        ),
        case(
            "console with a colour no terminal has",
            &["console", g, "--theme", &bad_colour],
            &["ultraviolet"],
        ),
        case(
            "console with a broken theme file",
            &["console", g, "--theme", &bad_theme],
            &["broken.ron"],
        ),
        case(
            "demo with an unknown theme",
            &["demo", "--theme", "neon"],
            &["neon"],
        ),
        case("unknown command", &["frobnicate", g], &["frobnicate"]),
        case(
            "result without a board",
            &["result", g],
            &["BOARD", "board", "required"],
        ),
        case("result without a log", &["result"], &["LOG", "required"]),
        case(
            "unknown flag",
            &["result", g, "1", "draw", "--loud"],
            &["--loud"],
        ),
        case(
            "round 0",
            &["result", g, "2", "draw", "--round", "0"],
            &["round"],
        ),
        case(
            "round -1",
            &["result", g, "2", "draw", "--round", "-1"],
            &["-1", "round"],
        ),
        case(
            "round abc",
            &["result", g, "2", "draw", "--round", "abc"],
            &["abc"],
        ),
        case(
            "round 7 (not paired)",
            &["result", g, "2", "draw", "--round", "7"],
            &["round 7"],
        ),
        case("seed abc", &["draw", g, "--seed", "abc"], &["abc"]),
        case("seed -1", &["draw", g, "--seed", "-1"], &["-1", "seed"]),
        case(
            "missing log",
            &["result", &nolog, "2", "draw"],
            &["absent.log"],
        ),
        case(
            "log is a directory",
            &["result", &f.logs.to_string_lossy(), "2", "draw"],
            &["logs"],
        ),
        case(
            "empty log",
            &["result", &empty, "2", "draw"],
            &["empty.log"],
        ),
        case(
            "new over an existing log",
            &["new", g, "--preset", "qigu-2024-07"],
            &["already exists"],
        ),
        case(
            "new with an unknown preset",
            &[
                "new",
                &f.logs.join("p.log").to_string_lossy(),
                "--preset",
                "nope",
            ],
            &["nope"],
        ),
        case(
            "presets --show with an unknown preset",
            &["presets", "--show", "nope"],
            &["nope"],
        ),
        case(
            "new without preset or rules",
            &["new", &f.logs.join("p.log").to_string_lossy()],
            &["--preset"],
        ),
        case(
            "new with a bad date",
            &[
                "new",
                &f.logs.join("p.log").to_string_lossy(),
                "--preset",
                "qigu-2024-07",
                "--date",
                "2024-02-30",
            ],
            &["--date"],
        ),
        case(
            "new with an empty title",
            &[
                "new",
                &f.logs.join("p.log").to_string_lossy(),
                "--preset",
                "qigu-2024-07",
                "--title",
                "  ",
            ],
            &["title"],
        ),
        case(
            "unknown role word",
            &["--role", "boss", "result", g, "2", "draw"],
            &["boss"],
        ),
        case("unknown language", &["--lang", "fr", "verify", g], &["fr"]),
        case(
            "export format pdf",
            &["export", g, "--format", "pdf"],
            &["pdf"],
        ),
        case(
            "export what nothing",
            &["export", g, "--what", "nothing"],
            &["nothing"],
        ),
        case(
            "withdraw player 0",
            &["player", "withdraw", g, "0"],
            &["player '0'"],
        ),
        case(
            "withdraw player 99",
            &["player", "withdraw", g, "99"],
            &["99"],
        ),
        case(
            "withdraw player abc",
            &["player", "withdraw", g, "abc"],
            &["abc"],
        ),
        case("withdraw twice", &["player", "withdraw", g, "16"], &["16"]),
        case(
            "reinstate without reason",
            &["player", "reinstate", g, "16", "--reason", " "],
            &["reason"],
        ),
        case(
            "reinstate an active player",
            &["player", "reinstate", g, "3", "--reason", "r"],
            &["3"],
        ),
        case(
            "gender x",
            &["player", "add", g, "--name", "甲", "--gender", "x"],
            &["--gender"],
        ),
        case(
            "birth not a date",
            &["player", "add", g, "--name", "甲", "--birth", "1990-13-01"],
            &["--birth"],
        ),
        case(
            "empty name",
            &["player", "add", g, "--name", "   "],
            &["name"],
        ),
        case(
            "name with a newline",
            &["player", "add", g, "--name", "甲\n乙"],
            &["name"],
        ),
        case(
            "board with a newline",
            &["result", g, "1\n2", "draw"],
            &["board"],
        ),
        case(
            "board with a tab",
            &["foul", g, "3\t4", "red", "phone"],
            &["board"],
        ),
        case(
            "unknown group",
            &["player", "add", g, "--name", "甲", "--group", "火星组"],
            &["火星组"],
        ),
        case(
            "100 KB name",
            &["player", "add", g, "--name", &"长".repeat(34_000)],
            &["name"],
        ),
        case(
            "swap a board with itself",
            &["pair", g, "--swap", "2", "2"],
            &["board 2", "round 1"],
        ),
        case(
            "swap with board 99",
            &["pair", g, "--swap", "2", "99"],
            &["99", "round 1"],
        ),
        case(
            "force without reason",
            &["pair", g, "--flip", "2", "--force"],
            &["--reason"],
        ),
        case("pair with boards open", &["pair", g], &["board"]),
        case("unpair after results", &["unpair", g], &["round 1"]),
        case("start twice", &["start", g], &["round 1"]),
        case(
            "draw after round 1",
            &["draw", g, "--seed", "5"],
            &["round 1"],
        ),
        case(
            "correct without reason",
            &["result", g, "1", "draw", "--correct"],
            &["reason"],
        ),
        case(
            "correct to the same result",
            &["result", g, "1", "red_win", "--correct", "--reason", "x"],
            &["red wins"],
        ),
        case(
            "arrive with reverse",
            &["arrive", g, "3", "red", "--reverse", "x"],
            &["board 3"],
        ),
        case(
            "arrive when present",
            &["arrive", g, "3", "red"],
            &["board 3"],
        ),
        case("limit on board 99", &["limit", g, "99", "长将"], &["99"]),
        case(
            "bye where the rules allow none",
            &["bye", g, "3", "--points", "half", "--reason", "病假"],
            &["requested_byes"],
        ),
        case(
            "bye scored an unknown way",
            &["bye", g, "3", "--points", "halb", "--reason", "病假"],
            &["halb"],
        ),
        case(
            "bye of player 0",
            &["bye", g, "0", "--points", "half", "--reason", "病假"],
            &["'0'"],
        ),
        case(
            "flag on a finished board",
            &["flag", g, "1", "red"],
            &["board 1"],
        ),
        case(
            "audit of a missing log",
            &["audit", &nolog],
            &["absent.log"],
        ),
    ];
    // Board numbers, on every command that takes one.
    for board in [
        "0",
        "-1",
        "999",
        "abc",
        "1e3",
        "",
        " ",
        "1.5",
        "0x1",
        "１",
        "99999999999999999999",
    ] {
        for cmd in [
            vec!["result", g, board, "draw"],
            vec!["foul", g, board, "red", "phone"],
            vec!["clock", g, board, "press", "red"],
            vec!["absent", g, board, "black"],
        ] {
            let place: &[&str] = if board.trim().is_empty() {
                &["board", "BOARD"]
            } else {
                &[board, "board"]
            };
            v.push(case(&format!("{} board {board:?}", cmd[0]), &cmd, place));
        }
    }
    // Result words.
    for word in [
        "red",
        "win",
        "1-1",
        "",
        "redwin",
        "0",
        "红负",
        "red_win_forfeitx",
        "DRAW!",
        "½",
    ] {
        let place: &[&str] = if word.is_empty() {
            &["result", "''"]
        } else {
            &[word, "result"]
        };
        v.push(case(
            &format!("result word {word:?}"),
            &["result", g, "2", word],
            place,
        ));
    }
    // Side words.
    for side in ["green", "", "r b", "白", "0", "redd"] {
        let place: &[&str] = if side.trim().is_empty() {
            &["side"]
        } else {
            &[side, "side"]
        };
        v.push(case(
            &format!("foul side {side:?}"),
            &["foul", g, "2", side, "phone"],
            place,
        ));
        v.push(case(
            &format!("absent side {side:?}"),
            &["absent", g, "2", side],
            place,
        ));
    }
    // Foul kinds.
    for kind in ["spitting", "", "PHONE", "move-rule", "other2", "犯规"] {
        let place: &[&str] = if kind.is_empty() {
            &["foul kind"]
        } else {
            &[kind]
        };
        v.push(case(
            &format!("foul kind {kind:?}"),
            &["foul", g, "2", "red", kind],
            place,
        ));
    }
    // Times.
    for at in [
        "yesterday",
        "2024-13-01T00:00:00Z",
        // (A local time without an offset, `2024-07-06 08:30`, is good input since issue 13:
        // it is read in the event's zone.)
        "",
        "9999999999",
        "2024-07-06T25:00:00Z",
        "2024-02-30T00:00:00Z",
        "T",
        &"9".repeat(5000),
    ] {
        v.push(case(
            &format!("clock --at {at:.20}"),
            &["clock", g, "2", "press", "red", "--at", at],
            &["--at"],
        ));
        v.push(case(
            &format!("absent --at {at:.20}"),
            &["absent", g, "2", "red", "--at", at],
            &["--at"],
        ));
    }
    v.push(case("tick --at", &["tick", g, "--at", "noon"], &["--at"]));
    v.push(case("start --at", &["start", g, "--at", "noon"], &["--at"]));
    // Clock actions and readings.
    for (what, args) in [
        ("clock action", vec!["clock", g, "2", "jump"]),
        ("press without side", vec!["clock", g, "2", "press"]),
        ("set without readings", vec!["clock", g, "2", "set"]),
        (
            "set --red abc",
            vec!["clock", g, "2", "set", "--red", "abc", "--black", "1:00"],
        ),
        (
            "set --red 1:60",
            vec!["clock", g, "2", "set", "--red", "1:60", "--black", "1:00"],
        ),
        (
            "set --black -1:00",
            vec!["clock", g, "2", "set", "--red", "1:00", "--black", "-1:00"],
        ),
        (
            "set overflow",
            vec![
                "clock",
                g,
                "2",
                "set",
                "--red",
                "999999999999999999:00",
                "--black",
                "1:00",
            ],
        ),
        (
            "set over a day",
            vec![
                "clock", g, "2", "set", "--red", "25:00:00", "--black", "1:00",
            ],
        ),
        (
            "clock on a finished board",
            vec!["clock", g, "1", "press", "red"],
        ),
    ] {
        v.push(case(
            &format!("clock: {what}"),
            &args,
            &["clock", "--red", "--black", "board", "jump", "side", "-1"],
        ));
    }
    // Non-UTF-8 arguments.
    let bad = |b: &[u8]| OsString::from_vec(b.to_vec());
    v.push(case_os(
        "non-UTF-8 board",
        vec![os("result"), os(g), bad(b"\xff\xfe"), os("draw")],
        &["UTF-8"],
    ));
    v.push(case_os(
        "non-UTF-8 result word",
        vec![os("result"), os(g), os("2"), bad(b"dr\xffaw")],
        &["UTF-8"],
    ));
    v.push(case_os(
        "non-UTF-8 name",
        vec![
            os("player"),
            os("add"),
            os(g),
            os("--name"),
            bad(b"\xc0\xc1"),
        ],
        &["UTF-8"],
    ));
    v.push(case_os(
        "non-UTF-8 log path",
        vec![os("result"), bad(b"/tmp/\xff\xfe.log"), os("2"), os("draw")],
        &[".log"],
    ));
    v.push(case_os(
        "non-UTF-8 --at",
        vec![
            os("clock"),
            os(g),
            os("2"),
            os("press"),
            os("red"),
            os("--at"),
            bad(b"\xff"),
        ],
        &["UTF-8"],
    ));
    // Issue 14: free text through the one sanitiser, each refusal naming the field.
    let club = "棋".repeat(30_000);
    let new_log = f.logs.join("titled.log").to_string_lossy().into_owned();
    for (what, args, place) in [
        (
            "club with an OSC sequence",
            vec![
                "player",
                "add",
                g,
                "--name",
                "赵六",
                "--club",
                "\u{1b}]0;pwned\u{7}",
            ],
            vec!["club", "U+001B"],
        ),
        (
            "club of 30,000 characters",
            vec!["player", "add", g, "--name", "赵六", "--club", &club],
            vec!["club: 30000 characters"],
        ),
        (
            "team with a direction override",
            vec![
                "player",
                "add",
                g,
                "--name",
                "赵六",
                "--team",
                "abc\u{202E}",
            ],
            vec!["team", "U+202E"],
        ),
        (
            "group with a line separator",
            vec![
                "player",
                "add",
                g,
                "--name",
                "赵六",
                "--group",
                "open\u{2028}",
            ],
            vec!["group", "U+2028"],
        ),
        (
            "name of zero-width spaces",
            vec!["player", "add", g, "--name", "\u{200B}\u{200B}"],
            vec!["name", "U+200B"],
        ),
        (
            "name of direction marks",
            vec!["player", "add", g, "--name", "\u{200E}\u{200F}"],
            vec!["name", "U+200E"],
        ),
        (
            "name of joiners only",
            vec!["player", "add", g, "--name", "\u{200D}\u{200C}"],
            vec!["name: shows nothing"],
        ),
        (
            "name with a line separator",
            vec!["player", "add", g, "--name", "张\u{2028}三"],
            vec!["name", "U+2028"],
        ),
        (
            "withdraw reason with an escape",
            vec!["player", "withdraw", g, "3", "--reason", "\u{1b}[2J"],
            vec!["reason", "U+001B"],
        ),
        (
            "move-limit note with an OSC sequence",
            vec!["limit", g, "2", "\u{1b}]0;x\u{7}"],
            vec!["note", "U+001B"],
        ),
        (
            "correction reason with a direction override",
            vec![
                "result",
                g,
                "1",
                "draw",
                "--correct",
                "--reason",
                "x\u{202E}y",
            ],
            vec!["reason", "U+202E"],
        ),
        (
            "title with an escape",
            vec![
                "new",
                &new_log,
                "--preset",
                "qigu-2024-07",
                "--title",
                "\u{1b}]2;x\u{7}",
            ],
            vec!["--title", "U+001B"],
        ),
    ] {
        v.push(case(what, &args, &place));
    }
    // Refused commands of issue 2 on a valid log.
    let full = f.full.as_str();
    v.push(case(
        "player after capacity",
        &["player", "add", full, "--name", "第四十一"],
        &["full", "限额"],
    ));
    v.push(case(
        "duplicate player",
        &[
            "player",
            "add",
            g,
            "--name",
            "王五",
            "--birth",
            "1990-01-02",
        ],
        &["王五"],
    ));
    v.push(case(
        "unknown board",
        &["result", g, "9", "draw"],
        &["board 9"],
    ));
    v.push(case(
        "result on a finished board",
        &["result", g, "1", "black_win"],
        &["red wins"],
    ));
    v.push(case(
        "foul on a finished board",
        &["foul", g, "1", "red", "phone"],
        &["board 1"],
    ));
    v.push(case(
        "absent on a finished board",
        &["absent", g, "1", "red"],
        &["board 1"],
    ));
    v
}

/// The refused commands of the table (the domain's refusals, not malformed words).
const REFUSALS: &[&str] = &[
    "bye where the rules allow none",
    "withdraw player 99",
    "withdraw twice",
    "reinstate without reason",
    "reinstate an active player",
    "swap a board with itself",
    "swap with board 99",
    "pair with boards open",
    "unpair after results",
    "start twice",
    "draw after round 1",
    "correct to the same result",
    "arrive when present",
    "limit on board 99",
    "flag on a finished board",
];

/// ASCII words allowed in a Chinese message: command and field names (RON and CLI), units,
/// the program's name.
const ALLOWED: &[&str] = &[
    "bianpai",
    "LOG",
    "correct",
    "reason",
    "force",
    "auto_advance",
    "pair_and_start",
    "numbers_by_registration",
    // The rules field a refused `bye` names.
    "requested_byes",
    "true",
    "draw",
    "start",
    "HH",
    "MM",
    "SS",
];

/// English words (three letters or more) in `line` outside the allow-list.
fn english_words(line: &str) -> Vec<String> {
    line.split(|c: char| !c.is_ascii_alphabetic() && c != '_')
        .filter(|w| w.len() >= 3 && !ALLOWED.contains(w))
        .map(str::to_string)
        .collect()
}

#[test]
fn refusals_speak_chinese_by_default() {
    let f = fixture();
    let cases: Vec<Case> = argument_cases(&f)
        .into_iter()
        .filter(|c| REFUSALS.contains(&c.name.as_str()))
        .collect();
    assert_eq!(
        cases.len(),
        REFUSALS.len(),
        "every named refusal is in the table"
    );
    for c in &cases {
        let line = check_in(c, &f.logs, None);
        let english = english_words(line.trim_start_matches("bianpai: "));
        assert!(
            english.is_empty(),
            "{}: English {english:?} in: {line}",
            c.name
        );
        let zh = check_in(c, &f.logs, Some("zh"));
        assert_eq!(zh, line, "{}: Chinese is the default", c.name);
    }
}

#[test]
fn malformed_inputs_are_refused_cleanly() {
    let f = fixture();
    let mut cases = Vec::new();
    cases.extend(log_line_cases(&f));
    cases.extend(rules_cases(&f));
    cases.extend(import_cases(&f));
    cases.extend(argument_cases(&f));
    // A 10 MB line on the clock feed: refused as a line, nothing written.
    let mut feed = case("feed: 10 MB line", &["feed", &f.good], &["feed"]);
    feed.stdin = Some([vec![b'7'; 10 << 20], b"\n".to_vec()].concat());
    feed.lines = Lines::PerRow;
    cases.push(feed);
    let mut feed = case("feed: non-UTF-8 line", &["feed", &f.good], &["feed"]);
    feed.stdin = Some(b"2 press \xff\xfe\n".to_vec());
    feed.lines = Lines::PerRow;
    cases.push(feed);
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    for c in &cases {
        check(c, &f.logs);
    }
    eprintln!("{} malformed inputs refused cleanly", cases.len());
    // The logs still verify and take appends.
    ok(&["verify", &f.good]);
    ok(&["result", &f.good, "2", "draw"]);
}

/// Words of the command line a Chinese arbiter types and reads in a Chinese product too:
/// command names, the words of `clock` and `feed`, result, side, foul-kind and role words
/// (the RON names), and the names of standards shown with them.
const CLI_WORDS: &[&str] = &[
    // A rules field the list of known fields names though a preset's text leaves it out
    // (written only when not the default).
    "round_robin_order",
    "self_report",
    // The rules field of requested byes and what `bye --points` takes.
    "requested_byes",
    "half",
    "zero",
    "full",
    // The export word of the players' codes (`--what codes`).
    "codes",
    // Theme names and the values a theme file takes (`--theme`).
    "dark",
    "light",
    "high",
    "contrast",
    "monochrome",
    "lightyellow",
    "rrggbb",
    "bold",
    "dim",
    "italic",
    "underlined",
    "reversed",
    "None",
    "Some",
    "clock",
    "feed",
    "arrive",
    "presets",
    "player",
    "list",
    "help",
    "press",
    "set",
    "pause",
    "resume",
    "red",
    "black",
    "red_win",
    "black_win",
    "red_win_forfeit",
    "black_win_forfeit",
    "double_forfeit",
    "move_rule",
    "phone",
    "leaving_seat",
    "disturbed_pieces",
    "other",
    "head",
    "assistant",
    "organizer",
    "viewer",
    "colours",
    "UTF",
    "ron",
    // The RON field of a move-limit note, named by a refusal of its text.
    "note",
    // A section's key in the rules (RON), shown beside its name: `公开组 (open)`.
    "open",
    // The values of `export --format` and `--what`.
    "json",
    "csv",
    "txt",
    "html",
    "xlsx",
    "trf",
    "pairings",
    "standings",
    "crosstable",
    "teams",
    "prizes",
    "players",
    "clocks",
    "all",
    "scoresheets",
    "schedule",
    "matches",
    "codes",
    "slips",
];

/// English words in a Chinese error line of `case`: flags (`--reason`) and the words the
/// person typed (echoed back as the value) are theirs, not the product's English.
fn english_in_chinese(case: &Case, line: &str) -> Vec<String> {
    let mut text = line.trim_start_matches("bianpai: ").to_string();
    // Flags, longest first so `--black` does not leave `--blackx` half-stripped.
    let mut flags: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ':' | '\''))
        .filter(|w| w.starts_with("--") && w.len() > 2)
        .collect();
    flags.sort_by_key(|f| std::cmp::Reverse(f.len()));
    let flags: Vec<String> = flags.into_iter().map(str::to_string).collect();
    for f in &flags {
        text = text.replace(f.as_str(), " ");
    }
    let typed: Vec<String> = case
        .args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    english_words(&text)
        .into_iter()
        .filter(|w| !CLI_WORDS.contains(&w.as_str()))
        .filter(|w| !typed.iter().any(|a| english_words(a).contains(w)))
        .collect()
}

/// The Chinese for the English place words of the table.
const ZH_PLACES: &[(&str, &[&str])] = &[
    ("board", &["台"]),
    ("BOARD", &["台号"]),
    ("round", &["轮", "--round"]),
    ("LOG", &["日志文件"]),
    ("required", &["缺少"]),
    ("side", &["方"]),
    ("result", &["结果"]),
    ("already exists", &["已存在"]),
    ("name", &["姓名", "--name", "name："]),
    ("reason", &["理由"]),
    ("title", &["标题", "--title"]),
    ("seed", &["--seed"]),
    ("foul kind", &["犯规类型"]),
    ("red_win", &["红胜"]),
    ("red wins", &["红胜"]),
    ("full", &["已满", "满额"]),
    ("clock", &["clock", "棋钟"]),
    ("feed", &["feed"]),
];

/// The Chinese names of the text fields a refusal names (`domain::text`).
const ZH_FIELDS: &[(&str, &str)] = &[
    ("name", "姓名"),
    ("club", "单位"),
    ("team", "队名"),
    ("group", "组别"),
    ("reason", "理由"),
    ("note", "说明"),
];

/// True when the Chinese `line` names one of the places the table gives for `case`: the
/// value, flag or field itself, `第N台` / `第N轮` / `序号 'N'` for `board N` / `round N` /
/// `player 'N'`, or the Chinese word for the place. (An English word of the table that
/// shows as is must also pass the English check.)
fn names_the_place_in_chinese(case: &Case, line: &str) -> bool {
    case.place.iter().any(|p| {
        if line.contains(p.as_str()) {
            return true;
        }
        // `field: detail`: the field named (a RON field name, `name：…`).
        if let Some((field, _)) = p.split_once(':')
            && (line.contains(&format!("{field}:")) || line.contains(&format!("{field}：")))
        {
            return true;
        }
        // The field by its Chinese name (`姓名：…` for `name: …`, issue 21).
        if let Some((field, _)) = p.split_once(':')
            && let Some((_, zh)) = ZH_FIELDS.iter().find(|(en, _)| *en == field)
            && line.contains(&format!("{zh}："))
        {
            return true;
        }
        let numbered = |word: &str, zh: &dyn Fn(&str) -> String| {
            p.strip_prefix(word)
                .map(str::trim)
                .is_some_and(|n| !n.is_empty() && line.contains(&zh(n)))
        };
        if numbered("board ", &|n| format!("第{n}台"))
            || numbered("round ", &|n| format!("第{n}轮"))
            || numbered("player ", &|n| format!("序号 {n}"))
        {
            return true;
        }
        if let Some((_, zh)) = ZH_PLACES.iter().find(|(en, _)| en == p) {
            return zh.iter().any(|z| line.contains(z));
        }
        // A place of words and a detail (`club: 30000 characters`): the detail.
        let details: Vec<&str> = p
            .split([' ', ':'])
            .filter(|t| t.chars().count() >= 3 && english_words(t).is_empty())
            .collect();
        !details.is_empty() && details.iter().all(|d| line.contains(d))
    })
}

/// Standard error of `case` run with no `--lang`, checked as `check_in` checks it.
fn chinese_stderr(case: &Case, logs: &Path) -> String {
    let last = check_in(case, logs, None);
    if case.lines == Lines::One {
        return last;
    }
    let mut cmd = std::process::Command::new(reliability_support::bin());
    cmd.args(&case.args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("spawn");
    if let (Some(mut stdin), Some(data)) = (child.stdin.take(), &case.stdin) {
        use std::io::Write as _;
        let _ = stdin.write_all(data);
    }
    let out = child.wait_with_output().expect("wait");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Fails with every row's fault at once (a language check finds many at a time).
fn no_failures(failures: &[String], rows: usize) {
    assert!(
        failures.is_empty(),
        "{} of {rows} rows:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn argument_rows_speak_chinese() {
    let f = fixture();
    let mut cases = argument_cases(&f);
    let mut feed = case("feed: 10 MB line", &["feed", &f.good], &["feed", "第1行"]);
    feed.stdin = Some([vec![b'7'; 10 << 20], b"\n".to_vec()].concat());
    feed.lines = Lines::PerRow;
    cases.push(feed);
    let mut feed = case(
        "feed: non-UTF-8 line",
        &["feed", &f.good],
        &["feed", "第1行"],
    );
    feed.stdin = Some(b"2 press \xff\xfe\n".to_vec());
    feed.lines = Lines::PerRow;
    cases.push(feed);
    let mut failures = Vec::new();
    for c in &cases {
        let stderr = chinese_stderr(c, &f.logs);
        for line in stderr.lines() {
            let english = english_in_chinese(c, line);
            if !english.is_empty() {
                failures.push(format!("{}: English {english:?} in: {line:.300}", c.name));
            }
        }
        if !names_the_place_in_chinese(c, &stderr) {
            failures.push(format!(
                "{}: the Chinese line names no place of {:?}: {:.300}",
                c.name, c.place, stderr
            ));
        }
        if c.lines == Lines::PerRow && !stderr.contains("标准输入第1行") {
            failures.push(format!(
                "{}: the line number is not named: {stderr:.300}",
                c.name
            ));
        }
    }
    no_failures(&failures, cases.len());
}

#[test]
fn parser_errors_follow_the_language() {
    let f = fixture();
    let args = ["result", f.good.as_str(), "2", "draw", "--round", "abc"];
    let zh = case("round abc", &args, &["--round"]);
    let line = check_in(&zh, &f.logs, None);
    assert!(
        line.contains("--round") && line.contains("'abc'") && line.contains("不是"),
        "{line}"
    );
    assert!(english_in_chinese(&zh, &line).is_empty(), "{line}");
    let line = check_in(&zh, &f.logs, Some("en"));
    assert!(line.contains("invalid value 'abc' for --round"), "{line}");
    let lang = case(
        "unknown language",
        &["--lang", "fr", "verify", &f.good],
        &["fr"],
    );
    let line = check_in(&lang, &f.logs, None);
    assert!(
        line.contains("'fr'") && line.contains("zh, en") && line.contains("无效"),
        "{line}"
    );
    let line = check_in(
        &case("", &["--lang", "en", "pair", &f.good, "--swap", "2"], &[]),
        &f.logs,
        None,
    );
    assert!(
        line.contains("--swap") && line.contains("wrong number of values"),
        "{line}"
    );
}

#[test]
fn an_english_event_is_refused_in_english() {
    let f = fixture();
    let rules = ok(&["presets", "--show", "qigu-2024-07"]).replace("lang: None", "lang: Some(en)");
    assert!(
        rules.contains("lang: Some(en)"),
        "the preset names its language"
    );
    let ron = write_input(&f.inputs, "english.ron", rules.as_bytes());
    let log = f.logs.join("english.log").to_string_lossy().into_owned();
    ok(&["new", &log, "--rules", &ron]);
    let c = case("board abc", &["result", &log, "abc", "draw"], &["abc"]);
    let line = check_in(&c, &f.logs, None);
    assert!(line.contains("board 'abc': not a board number"), "{line}");
    let line = check_in(&c, &f.logs, Some("zh"));
    assert!(line.contains("台号 'abc'"), "--lang zh wins: {line}");
}

/// The words of the rules' RON (field names and value words, taken from the presets' own
/// text), which a Chinese arbiter sees as they are in the file.
fn ron_words() -> Vec<String> {
    let mut words = Vec::new();
    for name in [
        "qigu-2024-07",
        "qiyuan-2019",
        "lvliang-2024",
        "club-rr-10",
        "team-rr-8",
        "fide-swiss",
    ] {
        let text = Rules::preset(name).expect("preset").to_ron();
        words.extend(english_words(&text));
    }
    // Every tiebreak's RON word, as the refusal of an unknown one lists them.
    for tb in bianpai::domain::rules::Tiebreak::ALL {
        words.extend(english_words(tb.word()));
    }
    // RON words the presets do not use: the other values of the rules' word lists, the log
    // record's fields, and the values the rows above typed into their files (shown back as
    // the place of the fault, like a player's name).
    words.extend(
        [
            "Some",
            "None",
            "hash",
            "seq",
            "prev",
            "more",
            "ron",
            "csv",
            "xlsx",
            "UTF",
            "GBK",
            "CSV",
            "IANA",
            "Asia",
            "Shanghai",
            "progressive",
            "previous_round_points",
            "halves",
            // The players' reports (docs/self-report.md): not written while `off`.
            "self_report",
            // The double round robin's order: not written while `fide`.
            "round_robin_order",
            "confirm",
            "auto",
            "leaving_seat",
            "disturbed_pieces",
            "other",
            "head",
            "assistant",
            "organizer",
            "viewer",
            "red",
            "black",
            "repair",
            "verify",
            "presets",
            "allow",
            "damaged",
            "Bogus",
            "extra",
            "green",
            "roundz",
            "nine",
            "luck",
            "random",
            "spitting",
            "boss",
            "ann",
            "bob",
            "pwned",
            "Excel",
        ]
        .map(str::to_string),
    );
    words
}

/// The line without the fixture's file paths (a path is the user's own text).
fn without_paths(line: &str, dir: &Path) -> String {
    let dir = dir.to_string_lossy();
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find(dir.as_ref()) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail
            .find(|c: char| c.is_whitespace() || c == ':' || c == ',' || c == ')')
            .unwrap_or(tail.len());
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

/// The place as the Chinese line names it: `line 7` is 第7行; a field or a file by its name.
fn place_zh(place: &str) -> String {
    if let Some(n) = place.strip_prefix("line ") {
        return format!("第{n}行");
    }
    if place == "line" {
        return "行".to_string();
    }
    place
        .split([' ', ':'])
        .find(|w| !w.is_empty())
        .unwrap_or(place)
        .trim_matches('\'')
        .to_string()
}

#[test]
fn file_rows_speak_chinese() {
    let f = fixture();
    let allowed = ron_words();
    let dir = f.logs.parent().expect("fixture dir").to_path_buf();
    let mut cases = Vec::new();
    cases.extend(log_line_cases(&f));
    cases.extend(rules_cases(&f));
    cases.extend(import_cases(&f));
    let mut failures = Vec::new();
    for c in &cases {
        let line = check_in(c, &f.logs, None);
        let shown = without_paths(&line, &dir);
        let english: Vec<String> = english_words(shown.trim_start_matches("bianpai: "))
            .into_iter()
            .filter(|w| !allowed.contains(w))
            .collect();
        if !english.is_empty() {
            failures.push(format!("{}: English {english:?} in: {line}", c.name));
        }
        let places: Vec<String> = c.place.iter().map(|p| place_zh(p)).collect();
        if !places.iter().any(|p| line.contains(p.as_str())) {
            failures.push(format!(
                "{}: the Chinese line must name the place (one of {places:?}): {line}",
                c.name
            ));
        }
    }
    no_failures(&failures, cases.len());
}
