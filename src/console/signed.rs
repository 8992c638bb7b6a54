//! The console's side of the players' reports (docs/self-report.md): `c` takes the first
//! board whose two reports agree (待确认), `7 c` board 7; Enter then records the signed
//! result as the arbiter's acceptance (`Command::ConfirmReport`), decided by the domain.
//! The round view marks each board (待确认 红胜, 待对方签认 红:红胜, 待核对 红:红胜 黑:和,
//! 签认已锁定) and counts them in the
//! header. `7 u` then Enter unlocks board 7 after wrong codes locked it (`Command::UnlockReports`).

use super::app::{App, Mode, Pending, Purpose};
use crate::domain::tournament::Game;
use crate::domain::{Board, Command, GameResult, Round};
use crate::i18n::screen::fill;

/// `c` alone: the first board of the round waiting for acceptance.
pub fn accept_first(app: &mut App) -> Mode {
    let Some(&(board, _)) = app.log.state().pending_boards().first() else {
        app.error(app.s.nothing_to_accept.to_string());
        return Mode::Normal;
    };
    app.entry_round = Some(app.log.state().current_round());
    accept_entry(app, board)
}

/// A board typed, then `c`: its signed result, ready for Enter; refused at once (with the
/// domain's reason) when there are not two matching reports to accept.
pub fn accept_entry(app: &mut App, board: Board) -> Mode {
    let cmd = Command::ConfirmReport {
        round: app.entry_round,
        board,
    };
    let round = app
        .entry_round
        .unwrap_or_else(|| app.log.state().current_round());
    let signers = app.log.state().signers_in(round);
    ready(app, board, cmd, |app, g| {
        crate::domain::self_report::pending(g, signers)
            .map(|result| fill(app.s.accept_what, &[&app.s.result(result)]))
    })
}

/// A board typed, then `u`: unlock its reports after wrong codes (签认已锁定), ready for
/// Enter; refused at once when the board has no wrong code.
pub fn unlock_entry(app: &mut App, board: Board) -> Mode {
    let cmd = Command::UnlockReports {
        round: app.entry_round,
        board,
    };
    ready(app, board, cmd, |app, g| {
        Some(fill(app.s.unlock_what, &[&g.wrong_codes]))
    })
}

/// A result keyed over a board the players signed (a lone signature, a contradiction, a
/// result to accept): the label names the signatures, `红胜 · 待核对 红:红胜 黑:和`.
pub fn with_signatures(app: &App, round: Round, board: Board, label: String) -> String {
    let t = app.log.state();
    let mark = t
        .game(round, board)
        .and_then(|g| crate::i18n::self_report::board_mark(t.signing(round, g), app.lang));
    match mark {
        Some(mark) => format!("{label} · {mark}"),
        None => label,
    }
}

/// The correction of a result its players signed (docs/self-report.md, "a signed result
/// stands"): a prompt naming the signatures whose own key `!` leads to the confirm step of
/// the override; `None` for a result nobody signed.
pub fn override_step(
    app: &App,
    round: Round,
    board: Board,
    result: GameResult,
    reason: &str,
    label: &str,
) -> Option<Mode> {
    let t = app.log.state();
    if let Err(crate::domain::refusal::Refusal::Signed { .. }) = t.keep_signed_for(round, board) {
        let purpose = Purpose::OverrideSignatures {
            pending: Pending {
                cmd: Command::CorrectDespiteSignatures {
                    round: Some(round),
                    board,
                    result,
                    reason: reason.to_string(),
                },
                label: format!("{label} · {}", app.s.override_signatures),
            },
        };
        return Some(Mode::Prompt {
            label: override_label(app, &purpose),
            purpose,
            text: String::new(),
        });
    }
    None
}

/// The override prompt's words: the signed result and its signers, and the key.
pub fn override_label(app: &App, purpose: &Purpose) -> String {
    let Purpose::OverrideSignatures { pending } = purpose else {
        return String::new();
    };
    let t = app.log.state();
    let names = match &pending.cmd {
        Command::CorrectDespiteSignatures { round, board, .. } => round
            .and_then(|r| t.keep_signed_for(r, *board).err())
            .and_then(|e| match e {
                crate::domain::refusal::Refusal::Signed {
                    result, by, names, ..
                } => Some((result, by, names)),
                _ => None,
            }),
        _ => None,
    };
    names.map_or_else(String::new, |(result, by, names)| {
        crate::i18n::self_report::override_prompt(result, by, &names, app.lang)
    })
}

/// `cmd` on `board`, ready for Enter with the words `label` gives for the board's game; the
/// domain's refusal at once instead, and nothing when there is no such game or no words.
fn ready(
    app: &mut App,
    board: Board,
    cmd: Command,
    label: impl FnOnce(&App, &Game) -> Option<String>,
) -> Mode {
    if let Err(e) = app.log.state().decide(&app.actor, &cmd) {
        let text = crate::i18n::refusal(&e, app.lang, app.zone());
        app.error(fill(app.s.refused, &[&text]));
        return Mode::Normal;
    }
    let t = app.log.state();
    let round = app.entry_round.unwrap_or_else(|| t.current_round());
    let Some(label) = t.game(round, board).and_then(|g| label(app, g)) else {
        return Mode::Normal;
    };
    Mode::Ready {
        digits: board.0.to_string(),
        pending: Pending { cmd, label },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::console::action::Action;
    use crate::console::theme::Theme;
    use crate::console::update::update;
    use crate::domain::event::Cause;
    use crate::domain::rules::Lang;
    use crate::domain::self_report::SelfReport;
    use crate::domain::{Actor, GameResult, PlayerEntry, Role, Round, Rules, Side};
    use crate::log::Log;
    use chrono::{TimeZone, Utc};

    /// A console (head arbiter) on an event with `self_report: confirm`: four players, round
    /// 1 started, board 1 signed `red_win` by both players, board 2 by red only.
    fn app(dir: &std::path::Path) -> App {
        let at = Utc.with_ymd_and_hms(2026, 4, 1, 1, 0, 0).unwrap();
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        rules.self_report = SelfReport::Confirm;
        rules.self_report_signers = crate::domain::self_report::Signers::Both;
        let mut log = Log::create(&dir.join("s.log"), "S", rules, "wang", at).unwrap();
        let head = Actor {
            user: "wang".into(),
            role: Role::Head,
        };
        for n in ["甲", "乙", "丙", "丁"] {
            log.execute(&head, &Command::RegisterPlayer(PlayerEntry::named(n)), at)
                .unwrap();
        }
        log.execute(&head, &Command::PairNextRound, at).unwrap();
        log.execute(&head, &Command::StartRound { at }, at).unwrap();
        let codes = log.state().seat_codes(Round(1));
        let code = |b: u32, s: Side| {
            codes
                .iter()
                .find(|c| c.board == Board(b) && c.side == s)
                .unwrap()
                .code
                .digits()
                .to_string()
        };
        let page = Actor {
            user: "chen".into(),
            role: Role::Organizer,
        };
        for (b, s) in [(1, Side::Red), (1, Side::Black), (2, Side::Red)] {
            let cmd = Command::ReportResult {
                round: Round(1),
                board: Board(b),
                result: GameResult::RedWin,
                code: code(b, s),
                at,
            };
            log.execute(&page, &cmd, at).unwrap();
        }
        let tz = chrono::FixedOffset::east_opt(8 * 3600).unwrap();
        let mut a = App::new(log, head, Lang::Zh, Theme::named("dark").unwrap(), tz);
        a.prepare(at);
        a
    }

    #[test]
    fn the_round_view_marks_and_counts_the_signatures() {
        let dir = tempfile::tempdir().unwrap();
        let a = app(dir.path());
        let h = &a.round_view.header;
        assert_eq!(
            h.signed,
            Some(("待确认 1  待对方签认 1".to_string(), true)),
            "{h:?}"
        );
        let note = |b: usize| {
            a.round_view.rows[b]
                .notes
                .iter()
                .map(|n| n.text.clone())
                .collect::<Vec<_>>()
        };
        assert!(
            note(0).contains(&"待确认 红胜".to_string()),
            "{:?}",
            note(0)
        );
        assert!(
            note(1).contains(&"待对方签认 红:红胜".to_string()),
            "{:?}",
            note(1)
        );
        assert!(
            a.round_view.rows[0].attention,
            "a board to accept wants the arbiter"
        );
    }

    #[test]
    fn c_then_enter_accepts_the_first_signed_result() {
        let dir = tempfile::tempdir().unwrap();
        let mut a = app(dir.path());
        let now = a.now;
        update(&mut a, Action::AcceptSigned, now);
        let Mode::Ready { pending, .. } = &a.mode else {
            panic!("not ready: {:?}", a.mode)
        };
        assert_eq!(pending.label, "接受棋手签认 红胜");
        update(&mut a, Action::Submit, now);
        let g = a.log.state().game(Round(1), Board(1)).unwrap();
        assert_eq!(
            (g.result, g.cause),
            (Some(GameResult::RedWin), Cause::Confirmed)
        );
        // Board 2 has one signature only: `2 c` is refused with the reason, nothing recorded.
        update(&mut a, Action::Digit(2), now);
        update(&mut a, Action::AcceptSigned, now);
        assert_eq!(a.mode, Mode::Normal);
        let msg = a
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        assert!(msg.contains("没有双方一致的签认"), "{msg}");
        assert_eq!(a.log.state().game(Round(1), Board(2)).unwrap().result, None);
        // Nothing left to accept.
        update(&mut a, Action::AcceptSigned, now);
        let msg = a
            .message
            .as_ref()
            .map(|m| m.text.clone())
            .unwrap_or_default();
        assert_eq!(msg, "没有待确认的签认结果");
    }

    #[test]
    fn keying_over_signatures_names_them_and_an_override_takes_its_own_key() {
        use crate::console::action::ResultKey;
        let dir = tempfile::tempdir().unwrap();
        let mut a = app(dir.path());
        let now = a.now;
        // Board 2 has red's signature alone: keying a result names it.
        update(&mut a, Action::Digit(2), now);
        update(&mut a, Action::Result(ResultKey::Red), now);
        let Mode::Ready { pending, .. } = &a.mode else {
            panic!("not ready: {:?}", a.mode)
        };
        assert!(pending.label.contains("红:红胜"), "{}", pending.label);
        update(&mut a, Action::Cancel, now);
        // Board 1: both signed red's win, accepted; the head arbiter corrects it to a draw.
        update(&mut a, Action::AcceptSigned, now);
        update(&mut a, Action::Submit, now);
        update(&mut a, Action::Digit(1), now);
        update(&mut a, Action::Result(ResultKey::Draw), now);
        for c in "记错".chars() {
            update(&mut a, Action::Char(c), now);
        }
        update(&mut a, Action::Submit, now);
        let Mode::Prompt { purpose, label, .. } = &a.mode else {
            panic!("no second step: {:?}", a.mode)
        };
        assert!(matches!(purpose, Purpose::OverrideSignatures { .. }));
        assert!(
            label.contains("由双方签认 (红方 甲、黑方 乙)") && label.contains('!'),
            "{label}"
        );
        // Enter and y are not the override's key.
        update(&mut a, Action::Submit, now);
        update(&mut a, Action::Char('y'), now);
        assert!(matches!(a.mode, Mode::Prompt { .. }), "{:?}", a.mode);
        assert_eq!(
            a.log.state().game(Round(1), Board(1)).unwrap().result,
            Some(GameResult::RedWin)
        );
        update(&mut a, Action::Char('!'), now);
        assert!(matches!(a.mode, Mode::Confirm { .. }), "{:?}", a.mode);
        update(&mut a, Action::Confirm, now);
        assert_eq!(
            a.log.state().game(Round(1), Board(1)).unwrap().result,
            Some(GameResult::Draw)
        );
    }
}
