//! The shared machine attacked from the files bianpai writes and the role it reads with, as
//! the OS users who would abuse them: real OS users (useradd), the real setgid install.
//! Needs root (CI runs as root) and fails loudly without it (docs/trust.md).
//!
//! - The codes, the players' signing slips and the exports with the desk's private
//!   columns are written 0600 whatever the umask (also over an older 0666 file): a user with
//!   no role is refused reading them.
//! - `--role viewer` and `--role assistant` read as that role: the head arbiter gets no birth
//!   date or ID number from any format and is refused the codes.
//! - `audit` by a user without a role (and with `--role viewer`) shows every act without the
//!   correction's or the withdrawal's reason; the head arbiter reads the reasons.
//! - Every export (xlsx, json, csv, txt, html) of a log holding U+202E and ESC in a name,
//!   written outside bianpai, shows both as `\u{…}`: never raw, never as Excel's `_x001B_`.

use crate::support::os as os_support;

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

use crate::support::need::{Tool, need};
use bianpai::cli::execute_batch;
use bianpai::domain::id_number::IdNumber;
use bianpai::domain::self_report::SelfReport;
use bianpai::domain::{
    Actor, Board, Command as Cmd, Event, GameResult, PlayerEntry, PlayerNo, Role, Rules,
};
use bianpai::log::Log;
use chrono::Utc;
use os_support::{Sandbox, bin, must};

/// useradd and groupadd lock /etc/passwd: one test at a time makes users.
static USERS: Mutex<()> = Mutex::new(());

/// The correction's reason and the withdrawal's: words no act's description holds.
const CORRECTION: &str = "紫罗兰7731更正";
const WITHDRAWAL: &str = "海棠4410退赛";

/// A valid 身份证号 of someone born on 19(70+i)-01-01 in region 330106.
fn id_number(i: usize) -> String {
    const WEIGHTS: [u32; 17] = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const CHECK: [char; 11] = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];
    let body = format!("33010619{:02}0101{:03}", 70 + i, 11 + 2 * i);
    let sum: u32 = body
        .chars()
        .zip(WEIGHTS)
        .map(|(c, w)| c.to_digit(10).expect("digit") * w)
        .sum();
    format!("{body}{}", CHECK[(sum % 11) as usize])
}

/// Every way player `i`'s birth date could be written.
fn birth_forms(i: usize) -> Vec<String> {
    let y = 1970 + i;
    vec![
        format!("{y}-01-01"),
        format!("{y}/01/01"),
        format!("{y}0101"),
        format!("{y}年1月1日"),
    ]
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).expect("stat").permissions().mode() & 0o777
}

struct Ev {
    sb: Sandbox,
    head: String,
    asst: String,
    nobody: String,
    l: String,
    ib: String,
}

impl Ev {
    /// The user's home, opened to everyone (0755) as many a shared machine has it.
    fn home(&self, user: &str) -> PathBuf {
        let h = self.sb.dir.join("home").join(user);
        std::fs::set_permissions(&h, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        h
    }

    /// The installed binary run as `user` under umask 000.
    fn run(&self, user: &str, args: &[&str]) -> Output {
        let mut all = vec![
            "sh",
            "-c",
            "umask 000; exec \"$0\" \"$@\"",
            self.ib.as_str(),
        ];
        all.extend_from_slice(args);
        self.sb.as_user(user, &all, &[])
    }

    fn ok(&self, user: &str, args: &[&str]) -> Output {
        let out = self.run(user, args);
        assert!(
            out.status.success(),
            "{user} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    }

    /// `user` tries to read `path` with `cat`.
    fn cat(&self, user: &str, path: &Path) -> Output {
        self.sb
            .as_user(user, &["cat", &path.to_string_lossy()], &[])
    }
}

/// An installed Swiss event with `self_report: confirm`: a head arbiter (who also holds the
/// assistant's role, to read as one), an assistant and a
/// user with no role (root holds none: it sets the event up through the library). Eight
/// players with birth dates and ID numbers, round 1 paired (its codes issued), board 1's
/// result corrected and player 8 withdrawn, each with a reason.
fn installed(tag: &str) -> Ev {
    let users = USERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut sb = Sandbox::new(&format!("files{tag}"));
    let head = sb.user(&format!("fh{tag}"));
    let asst = sb.user(&format!("fa{tag}"));
    let nobody = sb.user(&format!("fn{tag}"));
    let group = sb.name(&format!("fw{tag}"));
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    let l = log.to_string_lossy().into_owned();
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.foul_limits.clear();
    rules.registration.capacity = None;
    rules.self_report = SelfReport::Confirm;
    // Both players sign every result (the preset has the winner sign).
    rules.self_report_signers = bianpai::domain::self_report::Signers::Both;
    rules.roles.clear();
    rules
        .roles
        .insert(head.clone(), vec![Role::Head, Role::Assistant]);
    rules.roles.insert(asst.clone(), vec![Role::Assistant]);
    let mut lg = Log::create(&log, "文件测试", rules, "root", Utc::now()).expect("create");
    let root = Actor {
        user: "root".into(),
        role: Role::Head,
    };
    let write = |lg: &mut Log, cmds: &[Cmd]| {
        let (_, refused) = execute_batch(lg, &root, cmds, Utc::now()).expect("append");
        assert!(refused.is_empty(), "{refused:?}");
    };
    let regs: Vec<Cmd> = (0..8)
        .map(|i| {
            let id = IdNumber::parse(&id_number(i)).expect("valid ID");
            Cmd::RegisterPlayer(PlayerEntry {
                birth: Some(id.birth()),
                id_number: Some(id),
                ..PlayerEntry::named(format!("棋手{i}"))
            })
        })
        .collect();
    write(&mut lg, &regs);
    write(&mut lg, &[Cmd::DrawNumbers { seed: 1 }, Cmd::PairNextRound]);
    write(&mut lg, &[Cmd::StartRound { at: Utc::now() }]);
    let result = |correct: Option<&str>, result| Cmd::RecordResult {
        round: None,
        board: Board(1),
        result,
        correct: correct.map(str::to_string),
    };
    write(&mut lg, &[result(None, GameResult::RedWin)]);
    write(&mut lg, &[result(Some(CORRECTION), GameResult::Draw)]);
    write(
        &mut lg,
        &[Cmd::WithdrawPlayer {
            no: PlayerNo(8),
            reason: WITHDRAWAL.into(),
        }],
    );
    drop(lg);
    let ib = bindir.join("bianpai").to_string_lossy().into_owned();
    must(Command::new(bin()).args(["install", &l, "--group", &group, "--bin", &ib]));
    drop(users);
    Ev {
        sb,
        head,
        asst,
        nobody,
        l,
        ib,
    }
}

#[test]
fn codes_and_private_columns_are_written_for_their_owner_only() {
    if !need(
        "codes_and_private_columns_are_written_for_their_owner_only",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("m");
    let home = ev.home(&ev.head);
    // An older export left 0666 is narrowed too.
    let older = home.join("players.csv");
    std::fs::write(&older, "old\n").expect("older");
    std::fs::set_permissions(&older, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    must(Command::new("chown").arg(&ev.head).arg(&older));
    let cases: [(&str, &[&str]); 4] = [
        ("codes.json", &["--what", "codes", "--format", "json"]),
        (
            "r1.html",
            &[
                "--what",
                "slips",
                "--format",
                "html",
                "--url",
                "http://10.0.0.1:8080/",
            ],
        ),
        ("players.csv", &["--what", "players", "--format", "csv"]),
        ("all.json", &["--what", "all", "--format", "json"]),
    ];
    for (name, opts) in cases {
        let file = home.join(name);
        let f = file.to_string_lossy().into_owned();
        let mut args = vec!["export", &ev.l];
        args.extend_from_slice(opts);
        args.extend_from_slice(&["--out", &f]);
        let out = ev.ok(&ev.head, &args);
        assert_eq!(mode(&file), 0o600, "{name}: mode {:o}", mode(&file));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.matches("0600").count(),
            1,
            "{name}: said once on stderr: {err}"
        );
        assert!(err.contains(name) && err.contains("仅本人可读"), "{err}");
        let peek = ev.cat(&ev.nobody, &file);
        assert!(!peek.status.success(), "{name}: the no-role user read it");
        assert!(
            String::from_utf8_lossy(&peek.stderr).contains("Permission denied"),
            "{name}: {}",
            String::from_utf8_lossy(&peek.stderr)
        );
        assert!(
            ev.cat(&ev.head, &file).status.success(),
            "{name}: owner reads"
        );
    }
    // In English with --lang en.
    let f = home.join("codes-en.json").to_string_lossy().into_owned();
    let out = ev.ok(
        &ev.head,
        &[
            "--lang", "en", "export", &ev.l, "--what", "codes", "--format", "json", "--out", &f,
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("owner only") && err.contains("0600"), "{err}");
    // A file with nothing private keeps the umask's mode and says nothing.
    let pub_file = home.join("pairings.csv");
    let p = pub_file.to_string_lossy().into_owned();
    let out = ev.ok(
        &ev.head,
        &[
            "export", &ev.l, "--what", "pairings", "--format", "csv", "--out", &p,
        ],
    );
    assert_eq!(mode(&pub_file), 0o666);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("0600"));
}

#[test]
fn the_head_arbiter_reading_as_viewer_gets_the_room_pages_fields() {
    if !need(
        "the_head_arbiter_reading_as_viewer_gets_the_room_pages_fields",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("r");
    let births: Vec<String> = (0..8).flat_map(birth_forms).collect();
    let ids: Vec<String> = (0..8).map(id_number).collect();
    let read = |role: Option<&str>, what: &str, format: &str| {
        let mut args = vec![];
        if let Some(r) = role {
            args.extend_from_slice(&["--role", r]);
        }
        args.extend_from_slice(&["export", &ev.l, "--what", what, "--format", format]);
        String::from_utf8_lossy(&ev.ok(&ev.head, &args).stdout).into_owned()
    };
    // Without --role the head arbiter reads the desk's columns (the test can fail).
    let desk = read(None, "players", "json");
    assert!(desk.contains("\"birth\": \"1973-01-01\""), "{desk}");
    for role in ["viewer", "assistant"] {
        for what in ["players", "all", "standings"] {
            for format in ["json", "csv", "txt", "html"] {
                let text = read(Some(role), what, format);
                assert!(
                    text.contains("棋手3"),
                    "{role} {what} {format}: players listed"
                );
                for b in births.iter().chain(&ids) {
                    assert!(
                        !text.contains(b.as_str()),
                        "{role} {what} {format} shows {b}"
                    );
                }
                for word in ["\"birth\"", "\"id_number\"", "出生", "身份证"] {
                    assert!(!text.contains(word), "{role} {what} {format} shows {word}");
                }
            }
        }
        // The codes are refused as to a user with no role: nothing on standard output.
        for (what, format) in [("codes", "json"), ("slips", "html")] {
            let out = ev.run(
                &ev.head,
                &[
                    "--role", role, "export", &ev.l, "--what", what, "--format", format,
                ],
            );
            let err = String::from_utf8_lossy(&out.stderr);
            assert!(!out.status.success(), "{role} {what}: the codes were read");
            assert!(out.stdout.is_empty(), "{role} {what}: printed");
            assert!(err.contains("签认码"), "{role} {what}: {err}");
        }
    }
    // The assistant asking for the head arbiter's role is refused, as for an act.
    let out = ev.run(
        &ev.asst,
        &[
            "--role", "head", "export", &ev.l, "--what", "codes", "--format", "json",
        ],
    );
    assert!(!out.status.success() && out.stdout.is_empty());
}

#[test]
fn audit_without_a_role_shows_the_acts_not_their_reasons() {
    if !need(
        "audit_without_a_role_shows_the_acts_not_their_reasons",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("a");
    let audit = |user: &str, pre: &[&str]| {
        let mut args = pre.to_vec();
        args.extend_from_slice(&["audit", &ev.l]);
        String::from_utf8_lossy(&ev.ok(user, &args).stdout).into_owned()
    };
    let desk = audit(&ev.head, &[]);
    assert!(
        desk.contains(CORRECTION) && desk.contains(WITHDRAWAL),
        "{desk}"
    );
    for (who, text) in [
        ("no role", audit(&ev.nobody, &[])),
        ("head as viewer", audit(&ev.head, &["--role", "viewer"])),
    ] {
        for reason in [CORRECTION, WITHDRAWAL] {
            assert!(!text.contains(reason), "{who} reads {reason}:\n{text}");
        }
        assert_eq!(
            text.lines().count(),
            desk.lines().count(),
            "{who}: every act"
        );
        assert!(
            text.matches("理由仅裁判可见").count() >= 2,
            "{who}:\n{text}"
        );
        assert!(text.contains("退赛"), "{who}: the withdrawal is shown");
    }
    let en = audit(&ev.nobody, &["--lang", "en"]);
    assert!(en.contains("reason shown to arbiters only"), "{en}");
}

#[test]
fn every_export_escapes_a_bidi_override_and_escape_from_an_older_log() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("old.log");
    let mut rules = Rules::preset("qigu-2024-07").expect("preset");
    rules.roles.clear();
    let me = Actor {
        user: "root".into(),
        role: Role::Head,
    };
    let mut log = Log::create(&path, "旧记录", rules, &me.user, Utc::now()).expect("create");
    // Appended through the library, as a version before the sanitiser wrote them.
    log.transact(&me, Utc::now(), |_| {
        Ok(vec![
            Event::PlayerRegistered {
                no: PlayerNo(1),
                entry: PlayerEntry::named("王\u{202E}五\u{1b}[2J"),
            },
            Event::PlayerRegistered {
                no: PlayerNo(2),
                entry: PlayerEntry::named("李四"),
            },
        ])
    })
    .expect("append");
    drop(log);
    let l = path.to_string_lossy().into_owned();
    let raw = ['\u{202E}', '\u{1b}'];
    for format in ["xlsx", "json", "csv", "txt", "html"] {
        let out = dir.path().join(format!("players.{format}"));
        let o = out.to_string_lossy().into_owned();
        must(Command::new(bin()).args([
            "export", &l, "--what", "players", "--format", format, "--out", &o,
        ]));
        let text = if format == "xlsx" {
            let mut zip =
                zip::ZipArchive::new(std::fs::File::open(&out).expect("xlsx")).expect("zip");
            let mut all = String::new();
            for i in 0..zip.len() {
                let mut part = zip.by_index(i).expect("part");
                let _ = std::io::Read::read_to_string(&mut part, &mut all);
            }
            all
        } else {
            std::fs::read_to_string(&out).expect("text")
        };
        for c in raw {
            assert!(
                !text.contains(c),
                "{format} holds U+{:04X} raw",
                u32::from(c)
            );
        }
        assert!(
            !text.to_ascii_lowercase().contains("_x001b_"),
            "{format} writes ESC as _x001B_"
        );
        // A JSON parser gives the escaped text back, never the raw characters.
        let shown = if format == "json" {
            let v: serde_json::Value = serde_json::from_str(&text).expect("json");
            v[0]["name"].as_str().expect("name").to_string()
        } else {
            text
        };
        assert!(
            shown.contains("\\u{202e}") && shown.contains("\\u{1b}"),
            "{format}: {shown}"
        );
    }
}
