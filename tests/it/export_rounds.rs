//! Later rounds through the library (the Swiss engine is not needed: round 2 is applied as
//! `Event::RoundPaired` with explicit boards): points before the round on the pairing,
//! crosstable history, `--round` for standings, and the knockout stage column.

use bianpai::cli::args::{Format, What};
use bianpai::domain::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, GameResult, PlayerNo, Round, Rules, Tournament};
use bianpai::export::report::Cell;
use chrono::{TimeZone, Utc};

fn entry(name: &str) -> PlayerEntry {
    PlayerEntry::named(name)
}

fn pair(t: &mut Tournament, round: u32, games: &[(u32, u32, Stage)], byes: &[u32]) {
    t.apply(&Event::RoundPaired {
        round: Round(round),
        games: games
            .iter()
            .enumerate()
            .map(|(i, (r, b, stage))| Pairing {
                board: Board(i as u32 + 1),
                red: PlayerNo(*r),
                black: PlayerNo(*b),
                stage: *stage,
                game: GameKind::Slow,
            })
            .collect(),
        byes: byes.iter().map(|b| PlayerNo(*b)).collect(),
    });
}

fn result(t: &mut Tournament, round: u32, board: u32, r: GameResult) {
    t.apply(&Event::ResultRecorded {
        round: Round(round),
        board: Board(board),
        result: r,
        cause: Cause::Arbiter,
        at: None,
    });
}

/// Five players (seed 000 scoring: 2/1/0, bye 2); round 1 and round 2 finished.
fn two_rounds() -> Tournament {
    let mut t = Tournament::new("Two".into(), Rules::preset("qigu-2024-07").unwrap());
    for (i, n) in ["欧阳建国", "Li Wei", "王伟", "张三", "李四"]
        .iter()
        .enumerate()
    {
        t.apply(&Event::PlayerRegistered {
            no: PlayerNo(i as u32 + 1),
            entry: entry(n),
        });
    }
    let s = Stage::Swiss;
    pair(&mut t, 1, &[(1, 2, s), (4, 3, s)], &[5]);
    result(&mut t, 1, 1, GameResult::RedWin); // 1: 2, 2: 0
    result(&mut t, 1, 2, GameResult::Draw); // 4: 1, 3: 1
    pair(&mut t, 2, &[(5, 1, s), (3, 2, s)], &[4]);
    result(&mut t, 2, 1, GameResult::BlackWin); // 1: 4, 5: 2
    result(&mut t, 2, 2, GameResult::RedWinForfeit); // 3: 3, 2: 0
    t
}

fn rows(t: &Tournament, what: What, round: Option<u32>, lang: Lang) -> Vec<Vec<Cell>> {
    let now = Utc.with_ymd_and_hms(2024, 7, 6, 9, 0, 0).unwrap();
    let reports = bianpai::export::reports(t, what, round.map(Round), lang, now).unwrap();
    assert_eq!(reports.len(), 1);
    reports[0].grid()
}

#[test]
fn pairing_shows_points_before_the_round() {
    let t = two_rounds();
    let g = rows(&t, What::Pairings, Some(2), Lang::Zh);
    // Board 1: 5 (bye in round 1: 2 points) v 1 (won round 1: 2 points).
    assert_eq!(g[1][1], Cell::Int(5));
    assert_eq!(g[1][4], Cell::Int(2));
    assert_eq!(g[1][5], Cell::from("黑胜"));
    assert_eq!(g[1][6], Cell::Int(2));
    // Board 2: 3 (drew: 1) v 2 (lost: 0); red won by forfeit.
    assert_eq!(g[2][4], Cell::Int(1));
    assert_eq!(g[2][5], Cell::from("红不战胜"));
    assert_eq!(g[2][6], Cell::Int(0));
    // The bye after the last board, with 4's points before round 2.
    assert_eq!(g[3][0], Cell::Empty);
    assert_eq!(g[3][1], Cell::Int(4));
    assert_eq!(g[3][4], Cell::Int(1));
    assert_eq!(g.len(), 4);
    // Default: the current round.
    assert_eq!(rows(&t, What::Pairings, None, Lang::Zh), g);
}

#[test]
fn crosstable_lists_every_round_and_the_total() {
    let t = two_rounds();
    let g = rows(&t, What::Crosstable, None, Lang::Zh);
    assert_eq!(
        g[0].iter().map(Cell::text).collect::<Vec<_>>(),
        ["名次", "序号", "姓名", "单位", "第1轮", "第2轮", "积分"]
    );
    let row = |no: i64| g.iter().find(|r| r[1] == Cell::Int(no)).unwrap().clone();
    assert_eq!(
        row(1)[4..],
        [Cell::from("2红胜"), Cell::from("5黑胜"), Cell::Int(4)]
    );
    assert_eq!(
        row(2)[4..],
        [Cell::from("1黑负"), Cell::from("3黑-"), Cell::Int(0)]
    );
    assert_eq!(
        row(3)[4..],
        [Cell::from("4黑和"), Cell::from("2红+"), Cell::Int(3)]
    );
    assert_eq!(
        row(4)[4..],
        [Cell::from("3红和"), Cell::from("轮空"), Cell::Int(3)]
    );
    assert_eq!(
        row(5)[4..],
        [Cell::from("轮空"), Cell::from("1红负"), Cell::Int(2)]
    );
    // The leader is ranked first (4 points).
    assert_eq!(g[1][1], Cell::Int(1));
    let en = rows(&t, What::Crosstable, None, Lang::En);
    let row = en.iter().find(|r| r[1] == Cell::Int(2)).unwrap();
    assert_eq!(row[4..6], [Cell::from("1B L"), Cell::from("3B -")]);
    // After round 1 only one round column.
    let g1 = rows(&t, What::Crosstable, Some(1), Lang::Zh);
    assert_eq!(g1[0].len(), 6);
}

#[test]
fn standings_after_a_chosen_round() {
    let t = two_rounds();
    let points = |g: &[Vec<Cell>], no: i64| {
        g.iter()
            .find(|r| r[1] == Cell::Int(no))
            .map(|r| r[4].clone())
            .unwrap()
    };
    let last = rows(&t, What::Standings, None, Lang::Zh);
    let first = rows(&t, What::Standings, Some(1), Lang::Zh);
    assert_eq!(points(&last, 1), Cell::Int(4));
    assert_eq!(points(&first, 1), Cell::Int(2));
    assert_eq!(points(&first, 5), Cell::Int(2));
    // One column per tiebreak of the chain, between the points and the remark.
    assert_eq!(last[0].len(), 5 + t.rules.tiebreaks.len() + 1);
    let now = Utc.with_ymd_and_hms(2024, 7, 6, 9, 0, 0).unwrap();
    let txt = bianpai::export::render(
        &t,
        Format::Txt,
        What::Standings,
        Some(Round(1)),
        Lang::Zh,
        now,
    )
    .unwrap();
    assert!(String::from_utf8(txt).unwrap().contains("成绩表 第1轮后"));
}

#[test]
fn knockout_rounds_get_a_stage_column() {
    let mut t = two_rounds();
    pair(
        &mut t,
        3,
        &[(1, 4, Stage::SemiFinal), (3, 5, Stage::SemiFinal)],
        &[],
    );
    let g = rows(&t, What::Pairings, Some(3), Lang::Zh);
    assert_eq!(g[0].last(), Some(&Cell::from("赛段")));
    assert_eq!(g[1].last(), Some(&Cell::from("半决赛")));
    assert!(g[1][5].is_empty(), "no result yet");
    // Unfinished games show opponent and colour only in the crosstable.
    let c = rows(&t, What::Crosstable, Some(3), Lang::Zh);
    let row = c.iter().find(|r| r[1] == Cell::Int(1)).unwrap();
    assert_eq!(row[6], Cell::from("4红"));
}
