//! Issue 22, findings 8 and 9, through the real binary:
//! - every invisible character the adversary run got past the sanitiser is refused in a
//!   player's name with one line naming the field, and the log stays byte for byte the same;
//!   a name that prints exactly like a registered one (it differs only in characters that
//!   show nothing) is refused even where the sanitiser lets those characters stand;
//! - a look-alike written with compatibility ideographs or a Kangxi radical (U+F9E1 李,
//!   U+F90A 金, U+2F00 一: the same after NFKC) is refused naming the player it copies, and a
//!   braille blank inside a name is a blank (`洪⠀智` is `洪智`);
//! - a look-alike beyond NFKC (a katakana mark for `一`, Cyrillic `а` for `a`) is refused by
//!   its confusable skeleton naming the player it resembles;
//! - the html export of an older log (written before the sanitiser) shows ESC, NUL and BS
//!   as `\u{…}`, never raw.

use crate::support::reliability as reliability_support;

use bianpai::domain::{Event, PlayerEntry, PlayerNo};
use bianpai::log::Log;
use chrono::Utc;
use reliability_support::{head, ok, open_rules, read, refused, run};

/// `copy` is refused naming `real`, and the log stays as it was.
fn refused_naming(l: &str, before: &[u8], copy: &str, real: &str) {
    let out = run(&["player", "add", l, "--name", copy]);
    let line = refused(&out, &format!("{copy:?}"));
    assert!(line.contains(real), "{copy:?} names {real}: {line}");
    assert_eq!(
        read(std::path::Path::new(l)),
        before,
        "{copy:?} reached the log"
    );
}

fn new_event(dir: &std::path::Path) -> String {
    let l = dir.join("day.log").to_string_lossy().into_owned();
    let rules = dir.join("rules.ron");
    std::fs::write(&rules, open_rules().to_ron()).expect("rules");
    ok(&["new", &l, "--rules", &rules.to_string_lossy()]);
    ok(&["player", "add", &l, "--name", "选手1"]);
    l
}

#[test]
fn each_invisible_character_of_the_adversary_run_is_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let l = new_event(dir.path());
    let before = read(std::path::Path::new(&l));
    let marks = "\u{0301}".repeat(40);
    let cases: Vec<(String, &str)> = vec![
        ("选手1\u{034F}".into(), "U+034F"),
        ("选手\u{3164}2".into(), "U+3164"),
        ("选手\u{17B4}3".into(), "U+17B4"),
        ("\u{115F}选手4".into(), "U+115F"),
        ("选手5\u{FE0F}".into(), "U+FE0F"),
        ("选手\u{1D173}6".into(), "U+1D173"),
        ("\u{0600}选手7".into(), "U+0600"),
        ("选手\u{206F}8".into(), "U+206F"),
        ("选手9\u{2800}".into(), "U+2800"),
        (format!("选手a{marks}"), "4"),
    ];
    for (name, shown) in &cases {
        let out = run(&["player", "add", &l, "--name", name]);
        let line = refused(&out, &format!("{name:?}"));
        assert!(
            line.contains("姓名"),
            "{name:?}: the field is named: {line}"
        );
        assert!(line.contains(shown), "{name:?}: {shown} is named: {line}");
        assert_eq!(
            read(std::path::Path::new(&l)),
            before,
            "{name:?} reached the log"
        );
    }
    // What real names need still passes: accents, a Vietnamese double mark, braille inside.
    for good in ["Nguyễn Văn Hải", "Lê Thị Hồng", "选⠀手"] {
        ok(&["player", "add", &l, "--name", good]);
    }
}

#[test]
fn a_name_that_prints_like_a_registered_one_is_refused() {
    let dir = tempfile::tempdir().expect("tmp");
    let l = new_event(dir.path());
    ok(&["player", "add", &l, "--name", "王五李"]);
    let before = read(std::path::Path::new(&l));
    // A joiner between two ideographs passes the sanitiser, but prints the same name.
    let out = run(&["player", "add", &l, "--name", "王五\u{200D}李"]);
    let line = refused(&out, "a look-alike name");
    assert!(
        line.contains("王五李"),
        "names the player it copies: {line}"
    );
    assert_eq!(read(std::path::Path::new(&l)), before);
}

#[test]
fn look_alike_ideographs_and_a_braille_blank_do_not_make_a_new_name() {
    let dir = tempfile::tempdir().expect("tmp");
    let l = new_event(dir.path());
    for real in ["李四", "金龙", "王一", "洪智"] {
        ok(&["player", "add", &l, "--name", real]);
    }
    let before = read(std::path::Path::new(&l));
    for (copy, real) in [
        ("\u{F9E1}四", "李四"),
        ("\u{F90A}龙", "金龙"),
        ("王\u{2F00}", "王一"),
        ("洪\u{2800}智", "洪智"),
    ] {
        refused_naming(&l, &before, copy, real);
    }
}

/// Look-alikes beyond NFKC, by their confusable skeleton (UTS #39): a katakana mark, a CJK
/// stroke, a dash or a box line for `一`, katakana for `力` and `二`, Cyrillic `а` for `a`;
/// each refused naming the player it resembles. Two real characters that merely resemble
/// each other (`士`/`土`, `未`/`末`) are two names.
#[test]
fn confusable_look_alikes_are_refused_naming_the_player() {
    let dir = tempfile::tempdir().expect("tmp");
    let l = new_event(dir.path());
    for real in ["王天一", "李力", "王二", "Wang", "王士", "李未"] {
        ok(&["player", "add", &l, "--name", real]);
    }
    let before = read(std::path::Path::new(&l));
    for (copy, real) in [
        ("王天\u{30FC}", "王天一"),
        ("王天\u{31D0}", "王天一"),
        ("王天\u{2014}", "王天一"),
        ("王天\u{2500}", "王天一"),
        ("李\u{30AB}", "李力"),
        ("王\u{30CB}", "王二"),
        ("W\u{0430}ng", "Wang"),
    ] {
        refused_naming(&l, &before, copy, real);
    }
    for other in ["王土", "李末", "Wong"] {
        ok(&["player", "add", &l, "--name", other]);
    }
}

#[test]
fn the_html_export_shows_control_bytes_of_an_older_log_escaped() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("old.log");
    let mut log = Log::create(
        &path,
        "月赛\u{1b}[2J",
        open_rules(),
        &head().user,
        Utc::now(),
    )
    .expect("create");
    // Appended through the library, as a version before the sanitiser wrote them.
    log.transact(&head(), Utc::now(), |_| {
        Ok(vec![
            Event::PlayerRegistered {
                no: PlayerNo(1),
                entry: PlayerEntry {
                    club: "俱乐部\u{0}零".into(),
                    ..PlayerEntry::named("王\u{8}\u{8}五\u{1b}]0;x\u{7}")
                },
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
    let out = dir.path().join("p.html");
    ok(&[
        "export",
        &l,
        "--format",
        "html",
        "--what",
        "players",
        "--out",
        &out.to_string_lossy(),
    ]);
    let page = std::fs::read_to_string(&out).expect("html");
    for bad in ['\u{1b}', '\u{0}', '\u{8}', '\u{7}'] {
        assert!(
            !page.contains(bad),
            "the html holds U+{:04X} raw",
            u32::from(bad)
        );
    }
    assert!(page.contains("王\\u{8}\\u{8}五\\u{1b}]0;x\\u{7}"), "{page}");
    assert!(page.contains("俱乐部\\u{0}零"), "{page}");
}
