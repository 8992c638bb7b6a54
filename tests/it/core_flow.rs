//! Issue 2 acceptance, through the real binary: `new --preset P`, 40 × `player add`,
//! `draw --seed 1`, `pair`, `start`, 20 × `result`, `export --format json --what all` gives
//! round 1 as 1–2, 4–3, 5–6, … (RULES.md §2 `adjacent`) with the right points for every result
//! word (RULES.md §1), under every preset — seed 003's red draw 1 / black draw 2 included.
//!
//! The expected points tables are the regulations' (RULES.md §1), written here, not read from
//! the code.

use crate::support::reliability as reliability_support;

use std::collections::BTreeMap;

use serde_json::Value;

use reliability_support::ok;

const WORDS: [&str; 6] = [
    "red_win",
    "black_win",
    "draw",
    "red_win_forfeit",
    "black_win_forfeit",
    "double_forfeit",
];

/// `[red_win, red_draw, red_loss, black_win, black_draw, black_loss]` per RULES.md §1.
fn table(preset: &str) -> [u64; 6] {
    match preset {
        "qigu-2024-07" | "qiyuan-2019" => [2, 1, 0, 2, 1, 0],
        "lvliang-2024" => [3, 1, 0, 3, 2, 0],
        other => panic!("no table for {other}"),
    }
}

/// Points of (red, black) for a result word under a table (forfeit: the present side gets its
/// colour's win points, the absent side the loss points; double forfeit: both lose).
fn points(word: &str, t: [u64; 6]) -> (u64, u64) {
    let [rw, rd, rl, bw, bd, bl] = t;
    match word {
        "red_win" | "red_win_forfeit" => (rw, bl),
        "black_win" | "black_win_forfeit" => (rl, bw),
        "draw" => (rd, bd),
        "double_forfeit" => (rl, bl),
        other => panic!("unknown word {other}"),
    }
}

fn flow(preset: &str) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(format!("{preset}.log"));
    let log = path.to_string_lossy().into_owned();
    ok(&["new", &log, "--preset", preset]);
    for i in 1..=40 {
        ok(&[
            "player",
            "add",
            &log,
            "--name",
            &format!("选手{i:02}"),
            "--club",
            &format!("俱乐部{}", i % 5),
        ]);
    }
    ok(&["draw", &log, "--seed", "1"]);
    ok(&["pair", &log]);
    ok(&["start", &log]);
    for board in 1..=20usize {
        ok(&["result", &log, &board.to_string(), WORDS[(board - 1) % 6]]);
    }
    ok(&["verify", &log]);
    let json = ok(&["export", &log, "--format", "json", "--what", "all"]);
    let v: Value = serde_json::from_str(&json).expect("export is JSON");

    // The rules' points table as exported.
    let t = table(preset);
    let p = &v["rules"]["points"];
    let exported = [
        "red_win",
        "red_draw",
        "red_loss",
        "black_win",
        "black_draw",
        "black_loss",
    ]
    .map(|k| p[k].as_u64().unwrap_or(u64::MAX));
    assert_eq!(exported, t, "{preset}: exported points table");

    // Round 1: board k pairs 2k−1 and 2k; odd boards the smaller number has red.
    let games = v["rounds"][0]["games"].as_array().expect("round 1 games");
    assert_eq!(games.len(), 20, "{preset}: 20 boards");
    assert_eq!(v["rounds"][0]["round"], 1);
    assert!(v["rounds"][0]["bye"].is_null());
    let mut expected_points: BTreeMap<u64, u64> = BTreeMap::new();
    for (k, g) in games.iter().enumerate() {
        let board = k as u64 + 1;
        let (lo, hi) = (2 * board - 1, 2 * board);
        let (red, black) = if board % 2 == 1 { (lo, hi) } else { (hi, lo) };
        assert_eq!(g["board"], board, "{preset}");
        assert_eq!(g["red"], red, "{preset}: board {board} red");
        assert_eq!(g["black"], black, "{preset}: board {board} black");
        assert_eq!(g["stage"], "swiss");
        let word = WORDS[k % 6];
        assert_eq!(g["result"], word, "{preset}: board {board} result");
        let (rp, bp) = points(word, t);
        expected_points.insert(red, rp);
        expected_points.insert(black, bp);
    }
    // Every player once in the standings, with the points the table gives.
    let standings = v["standings"].as_array().expect("standings");
    assert_eq!(standings.len(), 40, "{preset}: every player once");
    let mut seen = BTreeMap::new();
    for s in standings {
        let no = s["no"].as_u64().expect("no");
        let pts = s["points"].as_u64().expect("points");
        assert!(
            seen.insert(no, pts).is_none(),
            "{preset}: player {no} twice"
        );
        assert_eq!(
            Some(&pts),
            expected_points.get(&no),
            "{preset}: player {no} points"
        );
    }
    // Ranks are 1..=40 and points never increase down the table.
    let ranks: Vec<u64> = standings
        .iter()
        .map(|s| s["rank"].as_u64().unwrap_or(0))
        .collect();
    assert_eq!(ranks, (1..=40).collect::<Vec<u64>>(), "{preset}");
    let pts: Vec<u64> = standings
        .iter()
        .map(|s| s["points"].as_u64().unwrap_or(0))
        .collect();
    assert!(pts.windows(2).all(|w| w[0] >= w[1]), "{preset}: {pts:?}");
    // Players: 40, numbers 1..=40, all active.
    let players = v["players"].as_array().expect("players");
    assert_eq!(players.len(), 40);
    for (i, p) in players.iter().enumerate() {
        assert_eq!(p["no"], i as u64 + 1);
        assert_eq!(p["status"], "active");
    }
}

#[test]
fn qigu_2024_07() {
    flow("qigu-2024-07");
}

#[test]
fn qiyuan_2019() {
    flow("qiyuan-2019");
}

#[test]
fn lvliang_2024() {
    flow("lvliang-2024");
}

#[test]
fn the_draw_is_reproducible() {
    // Same seed, same numbers: two logs built the same way draw the same order.
    let dir = tempfile::tempdir().expect("temp dir");
    let mut lists = Vec::new();
    for n in 0..2 {
        let log = dir.path().join(format!("d{n}.log"));
        let log = log.to_string_lossy().into_owned();
        ok(&["new", &log, "--preset", "qigu-2024-07"]);
        for i in 1..=12 {
            ok(&["player", "add", &log, "--name", &format!("棋手{i}")]);
        }
        ok(&["draw", &log, "--seed", "7"]);
        let json = ok(&["export", &log, "--format", "json", "--what", "players"]);
        let v: Value = serde_json::from_str(&json).expect("JSON");
        let players = v
            .get("players")
            .unwrap_or(&v)
            .as_array()
            .cloned()
            .unwrap_or_default();
        let names: Vec<String> = players
            .iter()
            .map(|p| p["name"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(names.len(), 12);
        lists.push(names);
    }
    assert_eq!(lists[0], lists[1], "same seed, same numbers");
    let registration: Vec<String> = (1..=12).map(|i| format!("棋手{i}")).collect();
    assert_ne!(
        lists[0], registration,
        "the draw shuffles (1 in 12! to fail by chance)"
    );
}
