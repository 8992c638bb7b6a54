//! The audit says what happened: the console's automatic advance (`auto_advance: pair`) is
//! the rule's act, shown as `自动（全部完赛）` with whose terminal triggered it, as the late
//! forfeits are; a correction shows the old result beside the new. Headless console (the
//! audit screen, snapshot), the command line's `audit`, and the real binary in tmux.

use crate::support::cli as cli_support;
use crate::support::console as console_common;
use crate::support::tmux as tmux_support;

use std::process::Command as Proc;
use std::time::Duration;

use crate::support::need::{Tool, need};
use bianpai::console::action::Screen;
use bianpai::console::ui;
use bianpai::domain::rules::Lang;
use bianpai::domain::{Board, Command, GameResult, Role, Round};
use bianpai::log::Log;
use cli_support::ok;
use console_common::{app_as, event, head, minutes, type_keys};

const BIN: &str = crate::support::bin::BIN;

fn audit(log: &std::path::Path, lang: &str) -> String {
    ok(&["audit", log.to_str().unwrap(), "--lang", lang])
}

/// The audit line whose event text contains `what`.
fn line<'a>(text: &'a str, what: &str) -> &'a str {
    text.lines()
        .find(|l| l.contains(what))
        .unwrap_or_else(|| panic!("no audit line with {what:?}:\n{text}"))
}

#[test]
fn the_automatic_advance_is_the_rules_act_and_a_correction_shows_the_old_result() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "a.log", 4, 3, true);
    // An assistant reports the last board: the console pairs round 2 by itself.
    let mut app = app_as(&path, "dayxasst1", Role::Assistant, Lang::Zh, minutes(30));
    type_keys(&mut app, "1r\n2b\n", minutes(30));
    assert_eq!(app.state().current_round(), Round(2));
    let mut log = Log::open(&path).unwrap();
    log.execute(
        &head(),
        &Command::RecordResult {
            round: Some(Round(1)),
            board: Board(1),
            result: GameResult::BlackWin,
            correct: Some("记分表核对".into()),
        },
        minutes(40),
    )
    .unwrap();
    let text = audit(&path, "zh");
    let paired = line(&text, "第2轮已编排");
    assert!(paired.contains("自动（全部完赛）"), "{paired}");
    assert!(paired.contains("（由 dayxasst1 的终端触发）"), "{paired}");
    assert!(!paired.contains("dayxasst1 裁判"), "{paired}");
    let marker = line(&text, "上一轮全部完赛, 按规程自动编排第2轮");
    assert!(marker.contains("自动（全部完赛）"), "{marker}");
    // The results typed by the assistant stay the assistant's.
    let typed = line(&text, "第1轮第2台: 黑胜");
    assert!(
        typed.contains("dayxasst1") && !typed.contains("自动"),
        "{typed}"
    );
    let fix = line(&text, "第1轮第1台 由红胜更正为黑胜: 记分表核对");
    assert!(fix.contains("head1"), "{fix}");
    let en = audit(&path, "en");
    assert!(
        line(&en, "round 2 paired").contains("automatic (round complete)"),
        "{en}"
    );
    assert!(
        en.contains("round 1 board 1: corrected from red wins to black wins: 记分表核对"),
        "{en}"
    );
    // The console's audit screen says the same.
    let mut app = app_as(&path, "head1", Role::Head, Lang::Zh, minutes(41));
    app.screen = Screen::Audit;
    app.prepare(minutes(41));
    let screen = ui::render_text(&app, 120, 20);
    insta::assert_snapshot!("audit_automatic_zh_120x20", screen);
    assert!(
        screen
            .lines()
            .any(|l| l.contains("第2轮已编排") && l.contains("自动（全部完赛）")),
        "{screen}"
    );
    assert!(screen.contains("由红胜更正为黑胜"), "{screen}");
}

#[test]
fn the_real_console_logs_its_advance_as_automatic() {
    if !need(
        "the_real_console_logs_its_advance_as_automatic",
        &[Tool::Tmux],
    ) {
        return;
    }
    assert!(
        Proc::new("tmux").arg("-V").output().is_ok(),
        "tmux is needed for this test (apt-get install tmux)"
    );
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("t.log");
    let l = log.to_str().unwrap();
    ok(&["new", l, "--preset", "qigu-2024-07", "--title", "自动"]);
    for n in ["王伟", "李娜", "张强", "刘洋"] {
        ok(&["player", "add", l, "--name", n]);
    }
    ok(&["draw", l, "--seed", "7"]);
    ok(&["pair", l]);
    ok(&["start", l]);
    let tmux = tmux_support::Tmux::new("auto");
    tmux.session("c");
    let cmd = format!("{BIN} console {l} --role assistant; echo CONSOLE-EXITED-$?");
    tmux.keys("c", &[&cmd, "Enter"]);
    tmux.wait_for("c", "第1轮/共9轮", Duration::from_secs(20));
    tmux.keys("c", &["1", "r", "Enter"]);
    tmux.wait_for("c", "已报 1/2", Duration::from_secs(5));
    tmux.keys("c", &["2", "d", "Enter"]);
    // The last board reported: the console pairs round 2 by itself.
    tmux.wait_for("c", "第2轮/共9轮", Duration::from_secs(10));
    tmux.keys("c", &["l"]);
    // The audit's line (the status line says 第2轮已编排 too, before the audit is drawn).
    tmux.wait_for("c", "第2轮已编排: 2台", Duration::from_secs(5));
    let pane = tmux.pane("c");
    let paired = pane
        .lines()
        .find(|l| l.contains("第2轮已编排: 2台"))
        .unwrap_or_default();
    assert!(paired.contains("自动（全部完赛）"), "{pane}");
    tmux.keys("c", &["q"]);
    tmux.wait_for("c", "CONSOLE-EXITED-0", Duration::from_secs(5));
    let text = audit(&log, "zh");
    let paired = line(&text, "第2轮已编排");
    assert!(paired.contains("自动（全部完赛）"), "{paired}");
    assert!(paired.contains("的终端触发）"), "{paired}");
}

/// The audit's role column starts at the same display column on every line whose `who` fits
/// its column, whether `who` is a login (`dayxasst1`) or the rule's act in Chinese
/// (`自动（全部完赛）`, two columns a character).
#[test]
fn the_audit_columns_line_up_by_display_width() {
    use unicode_width::UnicodeWidthStr;
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path(), "a.log", 4, 3, true);
    let mut app = app_as(&path, "dayxasst1", Role::Assistant, Lang::Zh, minutes(30));
    type_keys(&mut app, "1r\n2b\n", minutes(30));
    let text = audit(&path, "zh");
    let roles = ["裁判长", "裁判", "编排"];
    // (who, the display column where the role word starts)
    let starts: Vec<(String, usize)> = text
        .lines()
        .filter_map(|l| {
            let after_time = l.match_indices(':').nth(1).map(|(i, _)| i + 3)?;
            let rest = &l[after_time..];
            let who = rest.split_whitespace().next()?.to_string();
            let at = roles
                .iter()
                .filter_map(|r| rest.find(&format!(" {r} ")).map(|i| i + 1))
                .min()?;
            Some((who, l[..after_time + at].width()))
        })
        .collect();
    let whos: std::collections::BTreeSet<&str> = starts.iter().map(|(w, _)| w.as_str()).collect();
    assert!(
        whos.contains("dayxasst1") && whos.iter().any(|w| w.starts_with("自动")),
        "a login and the rule's act: {whos:?}\n{text}"
    );
    let cols: std::collections::BTreeSet<usize> = starts.iter().map(|(_, c)| *c).collect();
    assert_eq!(cols.len(), 1, "role columns {starts:?}\n{text}");
}
