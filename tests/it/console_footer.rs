//! The footer at 80 columns while a decision waits (docs/console.md#the-status-line): the
//! decision and the role's key hints do not fit one line there, so the decision takes a line of
//! its own above the hints, each whole, in Chinese and in English; the tabs' line names the
//! round paired on an old result, whole too.

use crate::support::console as console_common;

use bianpai::console::ui;
use bianpai::domain::Role;
use bianpai::domain::rules::Lang;
use console_common::{app_as, event, minutes, type_keys};

/// Round 1 complete and round 2 paired, then round 1 board 1 corrected: round 2 waits for the
/// head arbiter's decision (re-pair or keep).
fn outdated(dir: &std::path::Path) -> std::path::PathBuf {
    let path = event(dir, "f.log", 8, 9, true);
    let mut h = app_as(&path, "wang", Role::Head, Lang::Zh, minutes(30));
    type_keys(&mut h, "1r\n2r\n3r\n4r\n", minutes(30));
    console_common::correct_board_one(&path, minutes(31));
    path
}

#[test]
fn the_waiting_decision_and_the_hints_are_whole_at_80_columns() {
    let dir = tempfile::tempdir().unwrap();
    let path = outdated(dir.path());
    for (lang, header, decision, hints, name) in [
        (
            Lang::Zh,
            "第2轮按更正前结果编排",
            "第2轮待决定: v 看变化  R 重新编排  K 保留",
            "数字+r/b/d 录入结果  Tab 切换  ? 帮助  q 退出",
            "footer_decision_outdated_zh_80x24",
        ),
        (
            Lang::En,
            "round 2: old results",
            "round 2 to decide: v changes  R re-pair  K keep",
            "digits+r/b/d result  Tab screens  ? help  q quit",
            "footer_decision_outdated_en_80x24",
        ),
    ] {
        let mut h = app_as(&path, "wang", Role::Head, lang, minutes(32));
        h.prepare(minutes(32));
        let screen = ui::render_text(&h, 80, 24);
        let lines: Vec<&str> = screen.lines().collect();
        assert_eq!(lines.len(), 24, "{screen}");
        assert_eq!(lines[23], hints, "{screen}");
        assert_eq!(lines[22], decision, "{screen}");
        // The tabs' line names the round paired on an old result, whole.
        assert!(lines[0].ends_with(&format!(" {header}")), "{screen}");
        // At 120 columns both still share one line.
        let wide = ui::render_text(&h, 120, 24);
        let last = wide.lines().last().unwrap().to_string();
        assert_eq!(last, format!("{decision}  {hints}"), "{wide}");
        insta::assert_snapshot!(name, screen);
    }
}
