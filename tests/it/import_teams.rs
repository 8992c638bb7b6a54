//! An entry sheet whose teams are only in 单位, imported into an event with team standings
//! (`lvliang-2024`, seed 003): the import says so in Chinese before anything is written, and
//! `--team-from-club` takes each club as the team, so the team standings have their rows.

use crate::support::cli as cli_support;

use cli_support::{Event, ok, run};

/// Six players of three clubs, no team column.
const SHEET: &str = "姓名,单位,出生日期\n甲一,金湖,1990-01-01\n甲二,金湖,1990-01-02\n甲三,金湖,1990-01-03\n乙一,淮安,1990-02-01\n乙二,淮安,1990-02-02\n丙一,清江浦,1990-03-01\n";

fn players(e: &Event) -> usize {
    bianpai::log::Log::open(&e.log)
        .unwrap()
        .state()
        .players
        .len()
}

#[test]
fn teams_only_in_the_club_column_are_said_at_import_and_nothing_is_written() {
    let e = Event::new("lvliang-2024");
    let sheet = e.file("clubs.csv", SHEET);
    let before = std::fs::read(&e.log).unwrap();
    let out = e.try_import(&sheet, &[]);
    assert!(!out.status.success(), "the import should stop");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("本赛事计团体成绩, 但表中没有团队 (团队/队名) 列, 只有单位"),
        "{err}"
    );
    assert!(err.contains("--team-from-club"), "{err}");
    assert!(err.contains("未导入任何棋手"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    assert_eq!(
        std::fs::read(&e.log).unwrap(),
        before,
        "the log is unchanged"
    );
    // In English with --lang en, the same refusal.
    let err = e.refused_import(&sheet, &[]);
    assert!(err.contains("only clubs (单位)"), "{err}");
    assert_eq!(players(&e), 0);
}

#[test]
fn team_from_club_gives_the_team_standings_their_rows() {
    let e = Event::new("lvliang-2024");
    let sheet = e.file("clubs.csv", SHEET);
    let out = ok(&[
        "player",
        "import",
        e.log_str(),
        sheet.to_str().unwrap(),
        "--team-from-club",
    ]);
    assert!(out.contains("以单位为团队: 6名棋手"), "{out}");
    assert_eq!(players(&e), 6);
    let teams = e.json("teams", None);
    let names: Vec<&str> = teams
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["team"].as_str().unwrap())
        .collect();
    for club in ["金湖", "淮安", "清江浦"] {
        assert!(names.contains(&club), "{names:?}");
    }
    let text = ok(&["export", e.log_str(), "--format", "txt", "--what", "teams"]);
    assert!(text.contains("金湖"), "{text}");
    assert!(!text.contains("没有棋手登记团队"), "{text}");
}

#[test]
fn no_teams_imports_knowingly_and_the_empty_team_standings_say_why() {
    let e = Event::new("lvliang-2024");
    let sheet = e.file("clubs.csv", SHEET);
    ok(&[
        "player",
        "import",
        e.log_str(),
        sheet.to_str().unwrap(),
        "--no-teams",
    ]);
    assert_eq!(players(&e), 6);
    let text = ok(&["export", e.log_str(), "--format", "txt", "--what", "teams"]);
    assert!(
        text.contains("注：没有棋手登记团队（团队列为空），故无团体成绩"),
        "{text}"
    );
}

#[test]
fn a_sheet_with_a_team_column_or_an_event_without_teams_is_imported_as_before() {
    let e = Event::new("lvliang-2024");
    let sheet = e.file(
        "teams.csv",
        "姓名,单位,队名\n甲一,金湖,金湖一队\n乙一,淮安,淮安队\n",
    );
    let out = e.import(&sheet);
    assert!(!out.contains("团体成绩将为空"), "{out}");
    assert_eq!(players(&e), 2);
    // Seed 000 has no team standings: clubs without teams need no word.
    let q = Event::new("qigu-2024-07");
    let out = q.import(&q.file("clubs.csv", SHEET));
    assert!(!out.contains("团体"), "{out}");
    // No team and no club under team standings: imported, with the note.
    let n = Event::new("lvliang-2024");
    let res = run(&[
        "player",
        "import",
        n.log_str(),
        n.file("bare.csv", "姓名\n甲\n乙\n").to_str().unwrap(),
    ]);
    assert!(res.status.success());
    let out = String::from_utf8_lossy(&res.stdout);
    assert!(
        out.contains("本赛事计团体成绩, 但表中没有团队 (团队/队名) 列: 团体成绩将为空"),
        "{out}"
    );
    assert_eq!(players(&n), 2);
}
