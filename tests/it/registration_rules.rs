//! Every entry rule (RULES.md §9) through the real binary: each refusal names the player and
//! the field, exits non-zero, and leaves the log byte-identical. Rules are checked the same
//! way for `player add` and for each row of `player import`.

use crate::support::cli as cli_support;

use bianpai::domain::registration::fee_totals;
use bianpai::log::Log;

use cli_support::{Event, ok};

impl Event {
    fn count(&self) -> usize {
        Log::open(&self.log).unwrap().state().players.len()
    }
}

#[test]
fn capacity_seed_000_is_40() {
    let e = Event::new("qigu-2024-07");
    let csv: String = std::iter::once("姓名".to_string())
        .chain((1..=39).map(|i| format!("棋手{i}")))
        .collect::<Vec<_>>()
        .join("\n");
    ok(&[
        "player",
        "import",
        e.log_str(),
        e.file("39.csv", &csv).to_str().unwrap(),
    ]);
    // Two more rows: the first fits, the second does not; nothing is imported.
    let two = e.file("two.csv", "姓名\n第四十\n第四十一\n");
    let err = e.refused_import(&two, &[]);
    assert!(
        err.contains("line 3: 第四十一: the event is full (40 players registered, 限额40人)"),
        "{err}"
    );
    assert!(!err.contains("line 2:"), "{err}");
    assert_eq!(e.count(), 39);
    e.add(&["--name", "第四十"]);
    let err = e.refused_add(&["--name", "第四十一"]);
    assert!(err.contains("第四十一: the event is full"), "{err}");
    assert_eq!(e.count(), 40);
}

#[test]
fn seed_000_under_70_on_the_event_day() {
    let e = Event::new("qigu-2024-07");
    let err = e.refused_add(&["--name", "老将", "--birth", "1954-07-06"]);
    assert!(
        err.contains(
            "老将: birth: born 1954-07-06, must be under 70 on 2024-07-06 (born after 1954-07-06)"
        ),
        "{err}"
    );
    let err = e.refused_import(
        &e.file("old.csv", "姓名,出生日期\n老将,1954年7月6日\n"),
        &[],
    );
    assert!(
        err.contains("line 2: 老将: birth: born 1954-07-06, must be under 70"),
        "{err}"
    );
    e.add(&["--name", "老将", "--birth", "1954-07-07"]);
    assert_eq!(e.count(), 1);
}

#[test]
fn seed_003_born_on_or_after_1959() {
    let e = Event::new("lvliang-2024");
    let err = e.refused_add(&["--name", "老李", "--birth", "1958-12-31"]);
    assert!(
        err.contains("老李: birth: born 1958-12-31, must be born on or after 1959-01-01"),
        "{err}"
    );
    e.add(&["--name", "老李", "--birth", "1959-01-01"]);
    assert_eq!(e.count(), 1);
}

#[test]
fn duplicates_against_the_event_and_inside_the_file() {
    let e = Event::new("qigu-2024-07");
    e.add(&["--name", "张三", "--birth", "1990-05-01"]);
    let err = e.refused_add(&["--name", "张 三", "--birth", "1990/5/1"]);
    assert!(
        err.contains("张三: already registered as player 1 (same name and birth date 1990-05-01)"),
        "{err}"
    );
    let err = e.refused_import(
        &e.file(
            "dup.csv",
            "姓名,出生日期\n李四,2000-01-01\n王五,2001-01-01\n李四,2000/1/1\n张三,1990-05-01\n",
        ),
        &[],
    );
    assert!(
        err.contains("line 4: 李四: duplicate of line 2 (same name and birth date 2000-01-01)"),
        "{err}"
    );
    assert!(
        err.contains("line 5: 张三: already registered as player 1"),
        "{err}"
    );
    // Same name, another birth date: two different people.
    e.add(&["--name", "张三", "--birth", "1991-05-01"]);
    assert_eq!(e.count(), 2);
}

#[test]
fn unknown_group() {
    let e = Event::new("qiyuan-2019");
    let err = e.refused_add(&["--name", "小明", "--group", "老年组"]);
    assert!(
        err.contains("小明: group: unknown group '老年组' (known: 公开组 (open), 少年组 (junior))"),
        "{err}"
    );
    e.add(&["--name", "小明", "--group", "JUNIOR"]);
    let log = Log::open(&e.log).unwrap();
    assert_eq!(log.state().players[0].entry.group, "少年组");
}

#[test]
fn birth_in_the_future_or_after_the_event() {
    let e = Event::new("qiyuan-2019");
    // The event is on 2019-07-10: a child born later cannot play, though the date is past.
    let err = e.refused_add(&["--name", "婴儿", "--birth", "2019-07-11"]);
    assert!(
        err.contains("婴儿: birth: 2019-07-11 is after the event date 2019-07-10"),
        "{err}"
    );
    let err = e.refused_add(&["--name", "未来", "--birth", "2999-01-01"]);
    assert!(
        err.contains("--birth: 2999-01-01 is in the future"),
        "{err}"
    );
    let err = e.refused_import(
        &e.file("future.csv", "姓名,出生日期\n未来,2999年1月1日\n"),
        &[],
    );
    assert!(
        err.contains("line 2: 未来: birth: 2999-01-01 is in the future"),
        "{err}"
    );
    let err = e.refused_add(&["--name", "坏", "--birth", "2010-02-30"]);
    assert!(err.contains("--birth: '2010-02-30' is not a date"), "{err}");
    assert_eq!(e.count(), 0);
}

#[test]
fn empty_name() {
    let e = Event::new("qigu-2024-07");
    let err = e.refused_add(&["--name", "  "]);
    assert!(err.contains("name: must not be empty"), "{err}");
    let err = e.refused_import(&e.file("noname.csv", "姓名,性别\n,男\n"), &[]);
    assert!(
        err.contains("line 2: name: empty (the row has: 男)"),
        "{err}"
    );
}

#[test]
fn no_entry_after_the_last_round_is_paired() {
    let ron = ok(&["presets", "--show", "qigu-2024-07"]);
    assert!(ron.contains("rounds: 9,"), "{ron}");
    let e = Event::from_rules(&ron.replacen("rounds: 9,", "rounds: 1,", 1));
    e.add(&["--name", "甲"]);
    e.add(&["--name", "乙"]);
    ok(&["draw", e.log_str(), "--in-order"]);
    ok(&["pair", e.log_str()]);
    let err = e.refused_add(&["--name", "丙"]);
    assert!(
        err.contains("丙: too late to enter: all 1 rounds have been paired"),
        "{err}"
    );
}

#[test]
fn fee_totals_seed_000() {
    let e = Event::new("qigu-2024-07");
    // Free under 14: born after 2010-07-06.
    ok(&[
        "player",
        "import",
        e.log_str(),
        e.file(
            "fees.csv",
            "姓名,出生日期\n小一,2010-07-07\n十四,2010-07-06\n大人,1980-01-01\n不详,\n",
        )
        .to_str()
        .unwrap(),
    ]);
    let log = Log::open(&e.log).unwrap();
    let s = fee_totals(log.state());
    assert_eq!(s.players, 4);
    assert_eq!(s.free, 1);
    assert_eq!(s.paying, 3);
    assert_eq!(s.total_yuan, 300);
}
