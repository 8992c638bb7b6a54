//! FIDE's C.07 tiebreaks (docs/rules.md#fide-tiebreaks) through the real binary: FIDE's
//! tie-break exercise (tests/data/trf/README.md) brought in with `new --trf`, its published
//! values read back from the JSON standings under the `fide_*` keys, in the event's points
//! scale (halves); the `fide-swiss` preset's chain ranks by them.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::bin::ok;
use crate::trf_import::data;

/// The exercise's key (as published) and the JSON key it is written under.
const KEYS: [(&str, &str); 13] = [
    ("BH/V1", "fide_bh"),
    ("BH/C1/V1", "fide_bh_c1"),
    ("AOB/V1", "fide_aob"),
    ("FB/V1", "fide_fb"),
    ("SB/V1", "fide_sb"),
    ("SB/C1/V1", "fide_sb_c1"),
    ("WIN", "fide_win"),
    ("WON", "fide_won"),
    ("BPG", "fide_bpg"),
    ("BWG", "fide_bwg"),
    ("GE", "fide_ge"),
    ("PS", "fide_ps"),
    ("PS/C1", "fide_ps_c1"),
];

/// A rules file: the `fide-swiss` preset with `chain` as its tiebreaks.
fn rules_with(dir: &Path, chain: &[&str]) -> PathBuf {
    let preset = ok(&["presets", "--show", "fide-swiss"]);
    let start = preset
        .find("tiebreaks: [")
        .expect("tiebreaks in the preset");
    let end = start + preset[start..].find(']').expect("end of the chain");
    let text = format!(
        "{}tiebreaks: [{}{}",
        &preset[..start],
        chain.join(", "),
        &preset[end..]
    );
    let file = dir.join("rules.ron");
    std::fs::write(&file, text).expect("write rules");
    file
}

fn standings(dir: &Path, trf: &str, rules: &Path) -> Vec<Value> {
    let log = dir.join("event.log");
    ok(&[
        "new",
        log.to_str().unwrap(),
        "--trf",
        data(trf).to_str().unwrap(),
        "--rules",
        rules.to_str().unwrap(),
    ]);
    crate::trf_import::standings(&log)
}

fn expected() -> Value {
    let text = std::fs::read_to_string(data("held_c07_expected.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn the_exercise_values_come_out_in_the_json_under_their_keys() {
    let dir = tempfile::tempdir().unwrap();
    let chain: Vec<&str> = KEYS.iter().map(|(_, k)| *k).collect();
    let rows = standings(
        dir.path(),
        "held_swiss_5.trf",
        &rules_with(dir.path(), &chain),
    );
    let want = expected();
    let mut bad = Vec::new();
    for (published, key) in KEYS {
        for (no, value) in want["held_swiss_5.trf"][published].as_object().unwrap() {
            let value: f64 = value.as_str().unwrap().parse().unwrap();
            let row = rows
                .iter()
                .find(|r| r["no"].as_u64() == no.parse().ok())
                .expect("the player's row");
            let got = row["tiebreaks"][key].as_f64();
            if got.is_none_or(|g| (g - value).abs() > 1e-9) {
                bad.push(format!("{key} of {no}: {got:?}, published {value}"));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("; "));
    // Points in halves, as the file has them.
    let bruno = rows.iter().find(|r| r["no"] == 2).unwrap();
    assert_eq!(bruno["points"].as_f64(), Some(4.0));
}

#[test]
fn the_round_robin_exercise_gives_koya_and_sonneborn_berger() {
    let dir = tempfile::tempdir().unwrap();
    let rules = rules_with(dir.path(), &["fide_sb", "fide_sb_c1", "fide_ks"]);
    let rows = standings(dir.path(), "held_round_robin.trf", &rules);
    let want = expected();
    for (published, key) in [
        ("SB/V1", "fide_sb"),
        ("SB/C1/V1", "fide_sb_c1"),
        ("KS", "fide_ks"),
    ] {
        for (no, value) in want["held_round_robin.trf"][published].as_object().unwrap() {
            let value: f64 = value.as_str().unwrap().parse().unwrap();
            let row = rows
                .iter()
                .find(|r| r["no"].as_u64() == no.parse().ok())
                .unwrap();
            assert_eq!(row["tiebreaks"][key].as_f64(), Some(value), "{key} of {no}");
        }
    }
}

/// The preset's chain orders the table: every pair of neighbours level on points is in
/// the order of the first FIDE criterion that parts them.
#[test]
fn the_fide_preset_ranks_by_its_chain() {
    let dir = tempfile::tempdir().unwrap();
    let chain = ["fide_bh_c1", "fide_bh", "fide_sb", "fide_win"];
    let rows = standings(
        dir.path(),
        "held_swiss_9.trf",
        &rules_with(dir.path(), &chain),
    );
    for pair in rows.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let (pa, pb) = (a["points"].as_f64().unwrap(), b["points"].as_f64().unwrap());
        assert!(pa >= pb, "points out of order: {a} {b}");
        if pa > pb {
            continue;
        }
        let parted = chain.iter().find_map(|k| {
            let (x, y) = (
                a["tiebreaks"][k].as_f64().unwrap(),
                b["tiebreaks"][k].as_f64().unwrap(),
            );
            ((x - y).abs() > 1e-9).then_some(x > y)
        });
        assert_ne!(parted, Some(false), "{} before {}", a["no"], b["no"]);
    }
}
