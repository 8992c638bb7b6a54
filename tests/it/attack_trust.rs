//! The install mode attacked a third time, as the local users who would abuse it: real OS
//! users (useradd), the real setgid install, real symlinks in /tmp, GNU time measuring the
//! binary's peak memory. Needs root (CI runs as root) and fails loudly without it.
//!
//! - A user with no role, and an assistant, read from every export format only what the room
//!   page shows: no birth date, fee or ID number; the head arbiter and the organizer keep
//!   them, with an ID number masked so that the birth date beside it cannot complete it.
//! - `serve`'s announcement in /tmp follows no planted symlink and a planted file does not
//!   silence the console's `Q`.
//! - `--at` without an offset is the event's zone, whatever `TZ` the terminal has.
//! - A clock press before the board's last press is refused naming both times; one too far
//!   ahead names the allowance.
//! - `verify` by a user who may not lock never says 完好 over an unfinished last line.
//! - A log, rules file or import that is not a regular file is refused at once, in a few MB.
//! - Only the head arbiter decides an outdated round: the organizer's `unpair` and `pair`
//!   are refused naming the head arbiter.
//! - The lock holder's note is updated by every writer; refusals say the action in Chinese;
//!   a lineup for a round past the last is refused.

use crate::support::os as os_support;

use std::io::Write as _;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::support::need::{Tool, need};
use bianpai::cli::execute_batch;
use bianpai::domain::id_number::IdNumber;
use bianpai::domain::{Actor, Board, Command as Cmd, GameResult, PlayerEntry, Role, Rules};
use bianpai::log::Log;
use chrono::{DateTime, FixedOffset, Utc};
use os_support::{Sandbox, bin, must, read};

/// useradd and groupadd lock /etc/passwd: one test at a time makes users.
static USERS: Mutex<()> = Mutex::new(());

/// A valid 身份证号 of someone born on 2010-01-01 in region 330106, different for each `i`.
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

/// Beijing time, which every preset's `time_zone` is.
fn beijing() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).expect("offset")
}

/// `t` as a local Beijing time without an offset, as a person types it.
fn local(t: DateTime<Utc>) -> String {
    t.with_timezone(&beijing())
        .format("%Y-%m-%dT%H:%M:%S")
        .to_string()
}

fn clock_of(t: DateTime<Utc>) -> String {
    t.with_timezone(&beijing()).format("%H:%M:%S").to_string()
}

fn root() -> Actor {
    Actor {
        user: "root".into(),
        role: Role::Head,
    }
}

struct Ev {
    sb: Sandbox,
    head: String,
    asst: String,
    org: String,
    nobody: String,
    events: PathBuf,
    log: PathBuf,
    l: String,
    ib: String,
}

impl Ev {
    fn home(&self, user: &str) -> PathBuf {
        self.sb.dir.join("home").join(user)
    }

    /// Runs the installed binary as `user` with `envs`.
    fn run_env(&self, user: &str, args: &[&str], envs: &[(&str, &str)]) -> Output {
        let mut all = vec![self.ib.as_str()];
        all.extend_from_slice(args);
        self.sb.as_user(user, &all, envs)
    }

    fn run(&self, user: &str, args: &[&str]) -> Output {
        self.run_env(user, args, &[])
    }

    fn ok(&self, user: &str, args: &[&str]) -> String {
        let out = self.run(user, args);
        assert!(
            out.status.success(),
            "{user} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A command that must be refused with the log unchanged: its standard error.
    fn refused(&self, user: &str, args: &[&str]) -> String {
        let before = read(&self.log);
        let out = self.run(user, args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!out.status.success(), "{user} {args:?} was accepted: {err}");
        assert_eq!(read(&self.log), before, "{user} {args:?} changed the log");
        err
    }
}

/// The uid of OS user `user`.
fn uid(user: &str) -> u32 {
    must(Command::new("id").args(["-u", user]))
        .trim()
        .parse()
        .expect("uid")
}

/// An installed event of `preset`: the roles a head arbiter, an assistant and an organizer
/// (root holds none: it sets the event up through the library), a fourth user with no role;
/// `setup` writes the event's records before the install.
fn installed(tag: &str, preset: &str, setup: impl FnOnce(&mut Log)) -> Ev {
    let users = USERS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut sb = Sandbox::new(&format!("trust{tag}"));
    let head = sb.user(&format!("h{tag}"));
    let asst = sb.user(&format!("a{tag}"));
    let org = sb.user(&format!("o{tag}"));
    let nobody = sb.user(&format!("n{tag}"));
    let group = sb.name(&format!("w{tag}"));
    sb.group(&group);
    let events = sb.subdir("events");
    let bindir = sb.subdir("bin");
    let log = events.join("day.log");
    let l = log.to_string_lossy().into_owned();
    let mut rules = Rules::preset(preset).expect("preset");
    rules.foul_limits.clear();
    rules.registration.capacity = None;
    rules.roles.clear();
    rules.roles.insert(head.clone(), vec![Role::Head]);
    rules.roles.insert(asst.clone(), vec![Role::Assistant]);
    rules.roles.insert(org.clone(), vec![Role::Organizer]);
    let mut lg = Log::create(&log, "信任测试", rules, "root", Utc::now()).expect("create");
    setup(&mut lg);
    drop(lg);
    let ib = bindir.join("bianpai").to_string_lossy().into_owned();
    must(Command::new(bin()).args(["install", &l, "--group", &group, "--bin", &ib]));
    drop(users);
    Ev {
        sb,
        head,
        asst,
        org,
        nobody,
        events,
        log,
        l,
        ib,
    }
}

/// Runs `cmds` as root (head arbiter) in one append; every one must be accepted.
fn write(lg: &mut Log, cmds: &[Cmd]) {
    let (_, refused) = execute_batch(lg, &root(), cmds, Utc::now()).expect("append");
    assert!(refused.is_empty(), "{refused:?}");
}

/// Eight players with ID numbers and birth dates, numbers drawn, round 1 paired.
fn eight_paired(lg: &mut Log) {
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
    write(lg, &regs);
    write(lg, &[Cmd::DrawNumbers { seed: 1 }, Cmd::PairNextRound]);
}

/// Every way a birth date could be written.
fn birth_forms(id: &str) -> Vec<String> {
    let (y, m, d) = (&id[6..10], &id[10..12], &id[12..14]);
    vec![
        format!("{y}-{m}-{d}"),
        format!("{y}/{m}/{d}"),
        format!("{y}{m}{d}"),
        format!("{y}.{m}.{d}"),
        format!(
            "{y}年{}月{}日",
            m.trim_start_matches('0'),
            d.trim_start_matches('0')
        ),
    ]
}

/// The text of every part of an xlsx file.
fn xlsx_text(path: &Path) -> String {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(path).expect("xlsx")).expect("zip");
    let mut all = String::new();
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).expect("part");
        let mut s = String::new();
        let _ = std::io::Read::read_to_string(&mut part, &mut s);
        all.push_str(&s);
    }
    all
}

/// What `user` gets from `export --what WHAT` in every format (xlsx into their home).
fn exports(ev: &Ev, user: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for what in ["players", "all"] {
        for format in ["json", "csv", "txt", "html"] {
            let text = ev.ok(user, &["export", &ev.l, "--format", format, "--what", what]);
            out.push((format!("{format} {what}"), text));
        }
        let file = ev.home(user).join(format!("{what}.xlsx"));
        let f = file.to_string_lossy().into_owned();
        ev.ok(
            user,
            &[
                "export", &ev.l, "--format", "xlsx", "--what", what, "--out", &f,
            ],
        );
        out.push((format!("xlsx {what}"), xlsx_text(&file)));
    }
    out
}

#[test]
fn a_reader_without_a_desk_role_gets_only_what_the_room_page_shows() {
    if !need(
        "a_reader_without_a_desk_role_gets_only_what_the_room_page_shows",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("x", "qigu-2024-07", eight_paired);
    let ids: Vec<String> = (0..8).map(id_number).collect();
    for user in [&ev.nobody, &ev.asst] {
        for (what, text) in exports(&ev, user) {
            for id in &ids {
                assert!(!text.contains(id.as_str()), "{user}: {what} shows {id}");
                for b in birth_forms(id) {
                    assert!(
                        !text.contains(&b),
                        "{user}: {what} shows the birth date {b}"
                    );
                }
            }
            for word in [
                "\"birth\"",
                "\"fee\"",
                "\"id_number\"",
                "出生",
                "身份证",
                "报名费",
                "Birth",
                "Fee",
            ] {
                assert!(!text.contains(word), "{user}: {what} shows {word}:\n{text}");
            }
            assert!(
                text.contains("棋手3"),
                "{user}: {what} still lists the players"
            );
        }
    }
    // The head arbiter and the organizer keep the desk's columns; the masked number hides
    // the region too, so the birth date shown beside it cannot complete it.
    for user in [&ev.head, &ev.org] {
        let all = exports(&ev, user);
        let json = &all
            .iter()
            .find(|(w, _)| w == "json players")
            .expect("json")
            .1;
        let players: serde_json::Value = serde_json::from_str(json).expect("json");
        let p = &players.as_array().expect("list")[0];
        let id = ids
            .iter()
            .find(|id| p["birth"] == format!("{}-{}-{}", &id[6..10], &id[10..12], &id[12..14]))
            .expect("the birth date is shown to the desk");
        assert_eq!(p["fee"], 100, "{user}: {json}");
        assert_eq!(
            p["id_number"],
            format!("{}{}", "*".repeat(14), &id[14..]),
            "{user}"
        );
        for (what, text) in &all {
            for id in &ids {
                assert!(!text.contains(id.as_str()), "{user}: {what} shows {id}");
                assert!(
                    !text.contains(&format!("{}*", &id[..6])),
                    "{user}: {what} shows the region of {id} beside its birth date"
                );
            }
        }
        let txt = &all.iter().find(|(w, _)| w == "txt players").expect("txt").1;
        assert!(txt.contains("出生日期") && txt.contains("报名费"), "{txt}");
    }
}

/// The `/tmp` state files a `serve` of `log` may leave, by name.
fn tmp_announcements(log: &Path) -> Vec<PathBuf> {
    let base = bianpai::serve::running::fallback_path(log);
    let name = base
        .file_name()
        .expect("name")
        .to_string_lossy()
        .into_owned();
    std::fs::read_dir(base.parent().expect("tmp"))
        .expect("tmp")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&name))
        .map(|e| e.path())
        .collect()
}

#[test]
fn a_planted_link_or_file_in_tmp_neither_redirects_nor_silences_serve() {
    if !need(
        "a_planted_link_or_file_in_tmp_neither_redirects_nor_silences_serve",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("t", "qigu-2024-07", eight_paired);
    let base = bianpai::serve::running::fallback_path(&ev.log);
    for old in tmp_announcements(&ev.log) {
        let _ = std::fs::remove_file(old);
    }
    // The organizer's own file, the target of the attacker's links.
    let precious = ev.home(&ev.org).join("notes.txt");
    std::fs::write(&precious, "the organizer's notes\n").expect("notes");
    must(Command::new("chown").args([&ev.org, &precious.to_string_lossy().into_owned()]));
    // The attacker (no role) plants, for every pid the next processes may get, a link where
    // `serve` writes its announcement, and a file of their own under the announcement's
    // name, pointing at a page of theirs.
    let evil = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let evil_port = evil.local_addr().expect("addr").port();
    let next: u32 = std::fs::read_to_string("/proc/sys/kernel/ns_last_pid")
        .expect("last pid")
        .trim()
        .parse()
        .expect("pid");
    let script = format!(
        "printf 'url=http://127.0.0.1:{evil_port}/\\nprobe=127.0.0.1:{evil_port}\\npid=1\\n' > {b}; \
         for p in $(seq {from} {to}); do ln -s {target} {b}.$p.tmp; done",
        b = base.display(),
        from = next,
        to = next + 3000,
        target = precious.display(),
    );
    let planted = ev.sb.as_user(&ev.nobody, &["/bin/sh", "-c", &script], &[]);
    assert!(
        planted.status.success(),
        "{}",
        String::from_utf8_lossy(&planted.stderr)
    );
    // The organizer serves the installed log (its directory is root's: the announcement
    // goes to /tmp).
    let mut serve = Command::new("runuser")
        .args([
            "-u",
            &ev.org,
            "--",
            &ev.ib,
            "serve",
            &ev.l,
            "--bind",
            "127.0.0.1:0",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serve");
    let mut first = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(serve.stdout.take().expect("stdout")),
        &mut first,
    )
    .expect("serve prints its address");
    let url = first.trim().to_string();
    let rules = Log::open(&ev.log).expect("log").state().rules.clone();
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut shown = bianpai::console::app::RoomPage::of(&ev.log, &rules);
    while !matches!(&shown, bianpai::console::app::RoomPage::Served { .. })
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(100));
        shown = bianpai::console::app::RoomPage::of(&ev.log, &rules);
    }
    let precious_after = std::fs::read_to_string(&precious).unwrap_or_default();
    let _ = serve.kill();
    let _ = serve.wait();
    let leftovers = tmp_announcements(&ev.log);
    for f in &leftovers {
        let _ = std::fs::remove_file(f);
    }
    drop(evil);
    assert_eq!(
        precious_after, "the organizer's notes\n",
        "serve wrote through the attacker's link"
    );
    match shown {
        bianpai::console::app::RoomPage::Served { url: seen, .. } => {
            assert_eq!(seen, url, "the console's Q shows the organizer's page");
        }
        other @ bianpai::console::app::RoomPage::NotServed { .. } => {
            panic!("the planted file silenced the console's Q: {other:?}")
        }
    }
}

#[test]
fn a_time_without_an_offset_is_the_events_zone_whatever_tz_says() {
    if !need(
        "a_time_without_an_offset_is_the_events_zone_whatever_tz_says",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("z", "qigu-2024-07", eight_paired);
    // The head arbiter over SSH on a UTC server enters the round's start ten minutes late.
    let start = Utc::now() - chrono::Duration::minutes(10);
    let out = ev.run_env(
        &ev.head,
        &[
            "start",
            &ev.l,
            "--at",
            &local(start),
            "--correction",
            "补录开赛时间",
        ],
        &[("TZ", "UTC")],
    );
    assert!(
        out.status.success(),
        "start --at in Beijing time: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rounds: serde_json::Value = serde_json::from_str(&ev.ok(
        &ev.head,
        &["export", &ev.l, "--format", "json", "--what", "pairings"],
    ))
    .expect("json");
    let started: DateTime<Utc> = rounds[0]["started_at"]
        .as_str()
        .expect("started")
        .parse()
        .expect("time");
    assert!(
        (started - start).num_seconds().abs() <= 1,
        "recorded {started}, meant {start}"
    );
    // The assistant in New York and in Auckland: a seat and a clock press, Beijing times.
    let now = Utc::now();
    for (args, tz) in [
        (
            vec!["absent", &ev.l, "1", "red", "--at", &local(now)],
            "America/New_York",
        ),
        (
            vec!["clock", &ev.l, "2", "press", "red", "--at", &local(now)],
            "Pacific/Auckland",
        ),
    ] {
        let out = ev.run_env(&ev.asst, &args, &[("TZ", tz)]);
        assert!(
            out.status.success(),
            "{args:?} under TZ={tz}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn clock_presses_go_forward_and_never_far_ahead() {
    if !need(
        "clock_presses_go_forward_and_never_far_ahead",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("c", "qigu-2024-07", |lg| {
        eight_paired(lg);
        write(
            lg,
            &[Cmd::StartRound {
                at: Utc::now() - chrono::Duration::minutes(5),
            }],
        );
    });
    let now = Utc::now();
    let first = now - chrono::Duration::seconds(10);
    ev.ok(
        &ev.asst,
        &["clock", &ev.l, "1", "press", "red", "--at", &local(first)],
    );
    // Backwards on the same board: refused, naming both times.
    let back = now - chrono::Duration::seconds(60);
    let err = ev.refused(
        &ev.asst,
        &["clock", &ev.l, "1", "press", "black", "--at", &local(back)],
    );
    assert!(
        err.contains(&clock_of(back)) && err.contains(&clock_of(first)),
        "names both times: {err}"
    );
    assert!(err.contains("第1台"), "names the board: {err}");
    // Too far ahead: refused, naming the allowance.
    let ahead = now + chrono::Duration::seconds(200);
    let err = ev.refused(
        &ev.asst,
        &["clock", &ev.l, "1", "press", "black", "--at", &local(ahead)],
    );
    assert!(err.contains("120秒"), "names clock_skew_seconds: {err}");
    // Forward again, and another board keeps its own order.
    ev.ok(
        &ev.asst,
        &["clock", &ev.l, "1", "press", "black", "--at", &local(now)],
    );
    ev.ok(
        &ev.asst,
        &["clock", &ev.l, "2", "press", "red", "--at", &local(back)],
    );
}

#[test]
fn verify_never_calls_an_unfinished_last_line_whole() {
    if !need(
        "verify_never_calls_an_unfinished_last_line_whole",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("v", "qigu-2024-07", eight_paired);
    std::fs::OpenOptions::new()
        .append(true)
        .open(&ev.log)
        .expect("log")
        .write_all(b"(v:1,seq:99")
        .expect("tear");
    // A user without a role and root (in no role) through the installed binary, and the
    // head arbiter.
    for user in [ev.nobody.as_str(), "root", ev.head.as_str()] {
        let out = ev.run(user, &["verify", &ev.l]);
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!out.status.success(), "{user}: verify succeeded: {all}");
        assert!(!all.contains("完好"), "{user}: {all}");
        assert!(all.contains("行"), "{user}: names the line: {all}");
    }
}

/// Runs `args` as `user` under GNU time: (refused?, standard error, peak RSS in KiB, time).
fn measured(ev: &Ev, user: &str, args: &[&str]) -> (bool, String, u64, Duration) {
    // Bounded whatever the binary does: 10 s, 3 GB of address space.
    let mut all = vec![
        "/usr/bin/time",
        "-f",
        "peak-kib %M",
        "timeout",
        "10",
        "prlimit",
        "--as=3221225472",
        &ev.ib,
    ];
    all.extend_from_slice(args);
    let t = Instant::now();
    let out = ev.sb.as_user(user, &all, &[]);
    let took = t.elapsed();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let peak = err
        .lines()
        .filter_map(|l| l.strip_prefix("peak-kib "))
        .next_back()
        .and_then(|k| k.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak in: {err}"));
    (!out.status.success(), err, peak, took)
}

#[test]
fn what_is_not_a_regular_file_is_refused_at_once() {
    if !need(
        "what_is_not_a_regular_file_is_refused_at_once",
        &[Tool::Root, Tool::GnuTime],
    ) {
        return;
    }
    let ev = installed("m", "qigu-2024-07", eight_paired);
    let home = ev.home(&ev.nobody);
    let link = home.join("entries.csv");
    let made = ev.sb.as_user(
        &ev.nobody,
        &["ln", "-s", "/dev/urandom", &link.to_string_lossy()],
        &[],
    );
    assert!(made.status.success());
    let new_log = home.join("new.log").to_string_lossy().into_owned();
    let link_s = link.to_string_lossy().into_owned();
    let before = read(&ev.log);
    for (user, args) in [
        (&ev.nobody, vec!["verify", "/dev/zero"]),
        (&ev.nobody, vec!["player", "list", "/dev/zero"]),
        (&ev.nobody, vec!["export", "/dev/zero"]),
        (&ev.nobody, vec!["new", &new_log, "--rules", "/dev/zero"]),
        (&ev.org, vec!["player", "import", &ev.l, &link_s]),
    ] {
        let (refused, err, peak_kib, took) = measured(&ev, user, &args);
        println!("{args:?}: refused in {took:?}, peak {peak_kib} KiB");
        assert!(refused, "{args:?}: {err}");
        assert!(took < Duration::from_secs(10), "{args:?} took {took:?}");
        assert!(peak_kib < 50 * 1024, "{args:?}: peak memory {peak_kib} KiB");
        assert!(err.contains("普通文件"), "{args:?}: says why: {err}");
    }
    assert_eq!(read(&ev.log), before);
    assert!(!Path::new(&new_log).exists());
}

/// Round 1 played (every board a red win), round 2 paired.
fn round_two_paired(lg: &mut Log) {
    eight_paired(lg);
    write(lg, &[Cmd::StartRound { at: Utc::now() }]);
    let results: Vec<Cmd> = (1..=4)
        .map(|b| Cmd::RecordResult {
            round: None,
            board: Board(b),
            result: GameResult::RedWin,
            correct: None,
        })
        .collect();
    write(lg, &results);
    write(lg, &[Cmd::PairNextRound]);
}

#[test]
fn only_the_head_arbiter_decides_an_outdated_round() {
    if !need(
        "only_the_head_arbiter_decides_an_outdated_round",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("o", "qigu-2024-07", round_two_paired);
    // A correction of round 1 outdates round 2's pairing.
    ev.ok(
        &ev.head,
        &[
            "result",
            &ev.l,
            "1",
            "black_win",
            "--round",
            "1",
            "--correct",
            "--reason",
            "记错",
        ],
    );
    for args in [
        vec!["unpair", ev.l.as_str(), "--reason", "重排"],
        vec!["pair", ev.l.as_str()],
    ] {
        let err = ev.refused(&ev.org, &args);
        assert!(
            err.contains("裁判长") && err.contains(&ev.head),
            "{args:?} names the head arbiter: {err}"
        );
        assert!(err.contains("第2轮"), "{args:?} names the round: {err}");
    }
    // The head arbiter's own decision goes through.
    ev.ok(
        &ev.head,
        &["unpair", &ev.l, "--reason", "按更正后的成绩重排"],
    );
    ev.ok(&ev.head, &["pair", &ev.l]);
}

/// The holder's note: (pid, uid).
fn note(ev: &Ev) -> (u32, u32) {
    let text = std::fs::read_to_string(ev.events.join(".bianpai").join("day.log.lock-info"))
        .expect("a lock note");
    let mut w = text.split_whitespace();
    (
        w.next().and_then(|p| p.parse().ok()).expect("pid"),
        w.next().and_then(|u| u.parse().ok()).expect("uid"),
    )
}

#[test]
fn every_writer_updates_the_lock_note() {
    if !need("every_writer_updates_the_lock_note", &[Tool::Root]) {
        return;
    }
    let ev = installed("k", "qigu-2024-07", |lg| {
        eight_paired(lg);
        write(lg, &[Cmd::StartRound { at: Utc::now() }]);
    });
    ev.ok(&ev.head, &["result", &ev.l, "1", "draw"]);
    assert_eq!(note(&ev).1, uid(&ev.head));
    let path = ev.events.join(".bianpai").join("day.log.lock-info");
    let mode = std::fs::metadata(&path).expect("note").mode() & 0o777;
    assert_eq!(mode, 0o660, "the note is the writers' to update: {mode:o}");
    ev.ok(&ev.asst, &["result", &ev.l, "2", "draw"]);
    assert_eq!(note(&ev).1, uid(&ev.asst), "the assistant's lock is noted");
    ev.ok(
        &ev.org,
        &["player", "withdraw", &ev.l, "8", "--reason", "因病"],
    );
    assert_eq!(note(&ev).1, uid(&ev.org), "the organizer's lock is noted");
}

/// A team match event of three teams of four boards (a round robin of three rounds).
fn three_teams(lg: &mut Log) {
    let regs: Vec<Cmd> = (1..=12)
        .map(|i| Cmd::RegisterPlayer(PlayerEntry::named(format!("队员{i}"))))
        .collect();
    write(lg, &regs);
    let teams: Vec<Cmd> = ["杭州队", "上海队", "北京队"]
        .iter()
        .enumerate()
        .map(|(k, name)| Cmd::RegisterTeam {
            name: (*name).to_string(),
            players: (1..=4)
                .map(|b| bianpai::domain::PlayerNo((k * 4 + b) as u32))
                .collect(),
            reserves: Vec::new(),
        })
        .collect();
    write(lg, &teams);
}

/// The words after `无权` in a refusal: the action, which must be Chinese.
fn action(err: &str) -> &str {
    let at = err
        .find("无权")
        .unwrap_or_else(|| panic!("not a role refusal: {err}"));
    err[at..].lines().next().unwrap_or("")
}

#[test]
fn refusals_say_the_action_in_chinese_and_a_lineup_keeps_to_the_rounds() {
    if !need(
        "refusals_say_the_action_in_chinese_and_a_lineup_keeps_to_the_rounds",
        &[Tool::Root],
    ) {
        return;
    }
    let ev = installed("r", "team-rr-8", three_teams);
    let now = local(Utc::now() - chrono::Duration::minutes(3));
    for args in [
        vec!["team", "add", ev.l.as_str(), "--name", "广州队"],
        vec![
            "lineup",
            ev.l.as_str(),
            "--team",
            "1",
            "--players",
            "1,2,3,4",
        ],
        vec![
            "clock",
            ev.l.as_str(),
            "1",
            "press",
            "red",
            "--at",
            &now,
            "--correction",
            "补录",
        ],
    ] {
        let err = ev.refused(&ev.asst, &args);
        let words = action(&err);
        assert!(
            !words.chars().any(|c| c.is_ascii_alphabetic()),
            "{args:?}: English inside a Chinese refusal: {err}"
        );
    }
    let err = ev.refused(
        &ev.head,
        &[
            "lineup",
            &ev.l,
            "--team",
            "1",
            "--players",
            "1,2,3,4",
            "--round",
            "999",
        ],
    );
    assert!(err.contains("999") && err.contains('3'), "{err}");
    ev.ok(
        &ev.head,
        &[
            "lineup",
            &ev.l,
            "--team",
            "1",
            "--players",
            "1,2,3,4",
            "--round",
            "3",
        ],
    );
}
