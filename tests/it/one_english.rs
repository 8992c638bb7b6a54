//! One spelling for each result, stage, place and role, in each language, on every surface a
//! person reads: the CLI's answers, the audit, the console, the txt/csv/html/xlsx printouts and
//! the room page. Every result is keyed on one round; a knockout event is played to its end for
//! the stages and places. Each surface must name a thing with the catalog's word (case aside:
//! a printout's cell begins with a capital) and never with a spelling that drifted before
//! (docs/architecture.md, "Words").

use std::path::{Path, PathBuf};

use bianpai::console::action::Screen;
use bianpai::console::ui;
use bianpai::domain::GameResult;
use bianpai::domain::event::Stage;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Role, Tournament};

use crate::support::bin::ok;
use crate::support::console::{app_as, event, minutes};
use crate::support::export::{read_xlsx, sheet_text};
use crate::support::serve::Server;

const LANGS: [(Lang, &str); 2] = [(Lang::Zh, "zh"), (Lang::En, "en")];

/// Spellings that once named the same things beside the catalog's; none may come back.
const DRIFTS: [&str; 14] = [
    "(forfeit)",
    "red_win",
    "black_win",
    "double_forfeit",
    "3rd place",
    "knockout 3rd",
    "knockout 4th",
    "1st ",
    "2nd ",
    "semi_final",
    "third_place",
    "Keys (head)",
    "红方胜",
    "黑方胜",
];

/// One surface's text, with the name that a failure shows.
struct Surface {
    name: String,
    text: String,
}

fn surface(name: impl Into<String>, text: impl Into<String>) -> Surface {
    Surface {
        name: name.into(),
        text: text.into(),
    }
}

fn word_in(text: &str, word: &str) -> bool {
    text.to_lowercase().contains(&word.to_lowercase())
}

fn no_drift(surfaces: &[Surface]) {
    for s in surfaces {
        for d in DRIFTS {
            assert!(
                !s.text.contains(d),
                "{}: a drifted spelling {d:?} is back:\n{}",
                s.name,
                s.text
            );
        }
    }
}

/// Twelve players, round 1 started: boards 1–6 get the six results in `GameResult::ALL` order.
fn every_result(dir: &Path) -> (PathBuf, Vec<Surface>) {
    let log = event(dir, "results.log", 12, 3, true);
    let l = log.to_str().expect("utf-8 path");
    let mut cli = Vec::new();
    for (i, r) in GameResult::ALL.into_iter().enumerate() {
        let board = (i + 1).to_string();
        let lang = if i % 2 == 0 { "en" } else { "zh" };
        let out = ok(&["--lang", lang, "result", l, &board, r.word()]);
        cli.push(surface(format!("result {board} ({lang})"), out));
    }
    (log, cli)
}

/// The printouts of `what` in txt, csv, html and xlsx, in `lang`.
fn printouts(log: &Path, what: &str, round: Option<u32>, lang: &str) -> Vec<Surface> {
    let l = log.to_str().expect("utf-8 path");
    let r = round.map(|r| r.to_string());
    let mut base = vec!["--lang", lang, "export", l, "--what", what];
    if let Some(r) = &r {
        base.extend_from_slice(&["--round", r]);
    }
    let mut out = Vec::new();
    for format in ["txt", "csv", "html"] {
        let mut args = base.clone();
        args.extend_from_slice(&["--format", format]);
        out.push(surface(format!("{what} {format} ({lang})"), ok(&args)));
    }
    let xlsx = log.with_extension(format!("{what}-{lang}.xlsx"));
    let mut args = base.clone();
    args.extend_from_slice(&["--format", "xlsx", "--out", xlsx.to_str().expect("utf-8")]);
    ok(&args);
    let text: String = read_xlsx(&xlsx)
        .iter()
        .flat_map(|(_, grid)| sheet_text(grid))
        .map(|row| row.join("\t") + "\n")
        .collect();
    out.push(surface(format!("{what} xlsx ({lang})"), text));
    out
}

fn console(log: &Path, screen: Screen, lang: Lang, at_minute: i64) -> String {
    let mut app = app_as(log, "head1", Role::Head, lang, minutes(at_minute));
    app.screen = screen;
    app.viewport = (160, 48);
    app.prepare(minutes(at_minute));
    ui::render_text(&app, 160, 48)
}

fn page(server: &Server, path: &str, lang: &str) -> Surface {
    let sep = if path.contains('?') { '&' } else { '?' };
    let r = server.get(&format!("{path}{sep}lang={lang}"));
    surface(format!("room page {path} ({lang})"), r.text())
}

#[test]
fn every_result_has_one_spelling_on_every_surface_in_both_languages() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (log, mut all) = every_result(dir.path());
    let l = log.to_str().expect("utf-8 path");
    let server = Server::start(&log);
    for (lang, code) in LANGS {
        let mut here = vec![
            surface(format!("audit ({code})"), ok(&["--lang", code, "audit", l])),
            surface(
                format!("console audit ({code})"),
                console(&log, Screen::Audit, lang, 30),
            ),
            page(&server, "/round/1", code),
        ];
        here.extend(printouts(&log, "pairings", Some(1), code));
        for s in &here {
            for r in GameResult::ALL {
                let word = bianpai::i18n::result_word(r, lang);
                assert!(
                    word_in(&s.text, word),
                    "{}: {r:?} is not named {word:?}:\n{}",
                    s.name,
                    s.text
                );
            }
        }
        all.extend(here);
    }
    // Each CLI answer names its own result with the word of its language.
    for (i, r) in GameResult::ALL.into_iter().enumerate() {
        let lang = if i % 2 == 0 { Lang::En } else { Lang::Zh };
        let word = bianpai::i18n::result_word(r, lang);
        assert!(
            word_in(&all[i].text, word),
            "{}: {}",
            all[i].name,
            all[i].text
        );
    }
    no_drift(&all);
}

/// The lvliang-2024 preset (seed 003): top four after the Swiss play semi-finals, a final and a
/// match for third place.
fn knockout_event(dir: &Path) -> PathBuf {
    let log = dir.join("knockout.log");
    let l = log.to_str().expect("utf-8 path");
    ok(&[
        "simulate",
        "--preset",
        "lvliang-2024",
        "--players",
        "16",
        "--seed",
        "5",
        "--out",
        l,
    ]);
    log
}

#[test]
fn every_stage_place_and_role_has_one_spelling_on_every_surface_in_both_languages() {
    let dir = tempfile::tempdir().expect("temp dir");
    let log = knockout_event(dir.path());
    let l = log.to_str().expect("utf-8 path");
    let t: Tournament = bianpai::log::Log::open(&log).expect("open").state().clone();
    let knockout_rounds: Vec<u32> = t
        .rounds
        .iter()
        .filter(|r| r.games.iter().any(|g| g.stage != Stage::Swiss))
        .map(|r| r.round.0)
        .collect();
    assert!(
        !knockout_rounds.is_empty(),
        "the simulation reached the knockout"
    );
    let server = Server::start(&log);
    let mut all = Vec::new();
    for (lang, code) in LANGS {
        // Places: the standings on paper, on the room page and in the console.
        let mut places = printouts(&log, "standings", None, code);
        places.push(page(&server, "/standings", code));
        places.push(surface(
            format!("console standings ({code})"),
            console(&log, Screen::Standings, lang, 0),
        ));
        let place_words: [&str; 4] = match lang {
            Lang::Zh => ["冠军", "亚军", "季军", "第四名"],
            Lang::En => ["champion", "runner-up", "third place", "fourth place"],
        };
        for s in &places {
            for w in place_words {
                assert!(word_in(&s.text, w), "{}: no {w:?}:\n{}", s.name, s.text);
            }
        }
        // Stages: every knockout round's pairings.
        let mut stages = Vec::new();
        for r in &knockout_rounds {
            stages.extend(printouts(&log, "pairings", Some(*r), code));
        }
        for stage in [Stage::SemiFinal, Stage::Final, Stage::ThirdPlace] {
            let word = bianpai::i18n::stage(stage, lang);
            assert!(
                stages.iter().any(|s| word_in(&s.text, word)),
                "{stage:?} is never named {word:?} in the knockout pairings ({code})"
            );
        }
        // Roles: the audit and the console's help name the head arbiter with the one word.
        let head = bianpai::i18n::role(Role::Head, lang);
        let roles = vec![
            surface(format!("audit ({code})"), ok(&["--lang", code, "audit", l])),
            surface(
                format!("console help ({code})"),
                console(&log, Screen::Help, lang, 0),
            ),
        ];
        for s in &roles {
            assert!(
                word_in(&s.text, head),
                "{}: no {head:?}:\n{}",
                s.name,
                s.text
            );
        }
        all.extend(places);
        all.extend(stages);
        all.extend(roles);
    }
    no_drift(&all);
}
