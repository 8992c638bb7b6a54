//! The keymap as data: `(role, mode, key) → Action` (atuin's keybinding rules). A key bound
//! for other roles becomes `Action::NotPermitted`, so the console says so instead of acting.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::action::{Action, Deed, ResultKey, Screen};
use crate::domain::rules::FoulKind;
use crate::domain::{Role, Side};

/// The input mode, as far as the keymap cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeKind {
    Normal,
    /// Typing a board number.
    Board,
    /// `f` was typed: the next key says who wins by forfeit.
    Forfeit,
    /// Choosing a side (absent, arrived, foul).
    Side,
    /// Choosing the kind of foul.
    FoulKind,
    /// An entry is complete and shown in the status line.
    Ready,
    /// Typing text (a reason, a note, a player number).
    Prompt,
    /// A destructive action waits for y / n.
    Confirm,
}

/// A key as the keymap matches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Char(char),
    AnyDigit,
    AnyChar,
    Enter,
    Esc,
    Backspace,
    Tab,
    BackTab,
    Up,
    Down,
    PageUp,
    PageDown,
    Home,
    End,
    CtrlC,
}

const ALL: &[Role] = &[Role::Head, Role::Assistant, Role::Organizer, Role::Viewer];
const ARB: &[Role] = &[Role::Head, Role::Assistant];
const ORG: &[Role] = &[Role::Head, Role::Organizer];
const HEAD: &[Role] = &[Role::Head];
const WRITE: &[Role] = &[Role::Head, Role::Assistant, Role::Organizer];

/// One binding: in `mode`, `key` does `action` for `roles`; `deed` names it.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub mode: ModeKind,
    pub key: Key,
    pub roles: &'static [Role],
    pub action: Action,
    pub deed: Deed,
}

const fn b(
    mode: ModeKind,
    key: Key,
    roles: &'static [Role],
    action: Action,
    deed: Deed,
) -> Binding {
    Binding {
        mode,
        key,
        roles,
        action,
        deed,
    }
}

use Key as K;
use ModeKind as M;

/// Every binding, first match wins.
pub const BINDINGS: &[Binding] = &[
    // Everywhere outside text prompts.
    b(M::Normal, K::Char('q'), ALL, Action::Quit, Deed::Quit),
    b(M::Normal, K::CtrlC, ALL, Action::Quit, Deed::Quit),
    b(M::Normal, K::Char('Q'), ALL, Action::ToggleQr, Deed::RoomQr),
    b(
        M::Normal,
        K::Char('?'),
        ALL,
        Action::Show(Screen::Help),
        Deed::Help,
    ),
    b(M::Normal, K::Tab, ALL, Action::NextScreen, Deed::Screens),
    b(
        M::Normal,
        K::BackTab,
        ALL,
        Action::PrevScreen,
        Deed::Screens,
    ),
    b(
        M::Normal,
        K::Char('o'),
        ALL,
        Action::Show(Screen::Round),
        Deed::Screens,
    ),
    b(
        M::Normal,
        K::Char('s'),
        ALL,
        Action::Show(Screen::Standings),
        Deed::Screens,
    ),
    b(
        M::Normal,
        K::Char('v'),
        ALL,
        Action::Show(Screen::Preview),
        Deed::Screens,
    ),
    b(
        M::Normal,
        K::Char('u'),
        ALL,
        Action::Show(Screen::Players),
        Deed::Screens,
    ),
    b(
        M::Normal,
        K::Char('l'),
        ALL,
        Action::Show(Screen::Audit),
        Deed::Screens,
    ),
    b(M::Normal, K::Up, ALL, Action::ScrollUp, Deed::Scroll),
    b(M::Normal, K::Down, ALL, Action::ScrollDown, Deed::Scroll),
    b(M::Normal, K::Char('k'), ALL, Action::ScrollUp, Deed::Scroll),
    b(
        M::Normal,
        K::Char('j'),
        ALL,
        Action::ScrollDown,
        Deed::Scroll,
    ),
    b(M::Normal, K::PageUp, ALL, Action::PageUp, Deed::Scroll),
    b(M::Normal, K::PageDown, ALL, Action::PageDown, Deed::Scroll),
    b(M::Normal, K::Home, ALL, Action::Top, Deed::Scroll),
    b(M::Normal, K::End, ALL, Action::Bottom, Deed::Scroll),
    b(M::Normal, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    // The event line's automatic acts, read (docs/console.md#the-event-line).
    b(
        M::Normal,
        K::Char('A'),
        ALL,
        Action::AcknowledgeAuto,
        Deed::AcknowledgeAuto,
    ),
    // Earlier rounds on the round screen (a correction after the next round was paired).
    b(
        M::Normal,
        K::Char('['),
        ALL,
        Action::RoundBack,
        Deed::Rounds,
    ),
    b(
        M::Normal,
        K::Char(']'),
        ALL,
        Action::RoundForward,
        Deed::Rounds,
    ),
    // Result entry by board number.
    b(
        M::Normal,
        K::AnyDigit,
        ARB,
        Action::Digit(0),
        Deed::EnterResult,
    ),
    // The organizer's round keys.
    b(M::Normal, K::Char('P'), ORG, Action::PairNext, Deed::Pair),
    b(
        M::Normal,
        K::Char('S'),
        ORG,
        Action::StartRound,
        Deed::Start,
    ),
    b(M::Normal, K::Char('U'), ORG, Action::Unpair, Deed::Unpair),
    b(
        M::Normal,
        K::Char('W'),
        ORG,
        Action::Withdraw,
        Deed::Withdraw,
    ),
    b(M::Normal, K::Char('L'), ORG, Action::DrawLot, Deed::Lot),
    // A correction across a round boundary: the head arbiter's keys.
    b(M::Normal, K::Char('R'), HEAD, Action::Repair, Deed::Repair),
    b(
        M::Normal,
        K::Char('K'),
        HEAD,
        Action::KeepPairing,
        Deed::Keep,
    ),
    b(M::Normal, K::Char('T'), ORG, Action::Lineup, Deed::Lineup),
    // The players' signed results (docs/self-report.md): the first one waiting.
    b(
        M::Normal,
        K::Char('c'),
        ARB,
        Action::AcceptSigned,
        Deed::AcceptSigned,
    ),
    // After a board number.
    b(M::Board, K::AnyDigit, ARB, Action::Digit(0), Deed::Edit),
    b(M::Board, K::Backspace, ALL, Action::Backspace, Deed::Edit),
    b(
        M::Board,
        K::Char('r'),
        ARB,
        Action::Result(ResultKey::Red),
        Deed::EnterResult,
    ),
    b(
        M::Board,
        K::Char('b'),
        ARB,
        Action::Result(ResultKey::Black),
        Deed::EnterResult,
    ),
    b(
        M::Board,
        K::Char('d'),
        ARB,
        Action::Result(ResultKey::Draw),
        Deed::EnterResult,
    ),
    b(M::Board, K::Char('f'), ARB, Action::Forfeit, Deed::Forfeit),
    b(
        M::Board,
        K::Char('a'),
        ARB,
        Action::Seat { present: false },
        Deed::MarkAbsent,
    ),
    b(
        M::Board,
        K::Char('i'),
        ARB,
        Action::Seat { present: true },
        Deed::MarkArrived,
    ),
    b(M::Board, K::Char('x'), ARB, Action::Foul, Deed::Foul),
    b(M::Board, K::Char('t'), ARB, Action::Flag, Deed::Flag),
    b(
        M::Board,
        K::Char('c'),
        ARB,
        Action::AcceptSigned,
        Deed::AcceptSigned,
    ),
    b(
        M::Board,
        K::Char('u'),
        ARB,
        Action::UnlockReports,
        Deed::UnlockReports,
    ),
    b(
        M::Board,
        K::Char('n'),
        HEAD,
        Action::MoveLimit,
        Deed::MoveLimit,
    ),
    b(M::Board, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    b(
        M::Forfeit,
        K::Char('r'),
        ARB,
        Action::Result(ResultKey::Red),
        Deed::Forfeit,
    ),
    b(
        M::Forfeit,
        K::Char('b'),
        ARB,
        Action::Result(ResultKey::Black),
        Deed::Forfeit,
    ),
    b(
        M::Forfeit,
        K::Char('d'),
        ARB,
        Action::Result(ResultKey::Draw),
        Deed::Forfeit,
    ),
    b(
        M::Forfeit,
        K::Char('f'),
        ARB,
        Action::Forfeit,
        Deed::Forfeit,
    ),
    b(M::Forfeit, K::Backspace, ALL, Action::Backspace, Deed::Edit),
    b(M::Forfeit, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    b(
        M::Side,
        K::Char('r'),
        ALL,
        Action::Side(Side::Red),
        Deed::Edit,
    ),
    b(
        M::Side,
        K::Char('b'),
        ALL,
        Action::Side(Side::Black),
        Deed::Edit,
    ),
    b(M::Side, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    b(M::Side, K::Backspace, ALL, Action::Backspace, Deed::Edit),
    b(
        M::FoulKind,
        K::Char('1'),
        ALL,
        Action::FoulKind(FoulKind::MoveRule),
        Deed::Edit,
    ),
    b(
        M::FoulKind,
        K::Char('2'),
        ALL,
        Action::FoulKind(FoulKind::Phone),
        Deed::Edit,
    ),
    b(
        M::FoulKind,
        K::Char('3'),
        ALL,
        Action::FoulKind(FoulKind::LeavingSeat),
        Deed::Edit,
    ),
    b(
        M::FoulKind,
        K::Char('4'),
        ALL,
        Action::FoulKind(FoulKind::DisturbedPieces),
        Deed::Edit,
    ),
    b(
        M::FoulKind,
        K::Char('5'),
        ALL,
        Action::FoulKind(FoulKind::Other),
        Deed::Edit,
    ),
    b(M::FoulKind, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    b(
        M::FoulKind,
        K::Backspace,
        ALL,
        Action::Backspace,
        Deed::Edit,
    ),
    b(M::Ready, K::Enter, WRITE, Action::Submit, Deed::Submit),
    b(M::Ready, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    b(M::Ready, K::Backspace, ALL, Action::Backspace, Deed::Edit),
    // Text prompts take every character.
    b(M::Prompt, K::Enter, ALL, Action::Submit, Deed::Submit),
    b(M::Prompt, K::Esc, ALL, Action::Cancel, Deed::Cancel),
    b(M::Prompt, K::Backspace, ALL, Action::Backspace, Deed::Edit),
    b(M::Prompt, K::AnyChar, ALL, Action::Char(' '), Deed::Edit),
    b(M::Confirm, K::Char('y'), ALL, Action::Confirm, Deed::Submit),
    b(M::Confirm, K::Enter, ALL, Action::Confirm, Deed::Submit),
    b(M::Confirm, K::Char('n'), ALL, Action::Cancel, Deed::Cancel),
    b(M::Confirm, K::Esc, ALL, Action::Cancel, Deed::Cancel),
];

impl Key {
    fn matches(self, ev: &KeyEvent) -> bool {
        let ctrl = ev.modifiers.contains(KeyModifiers::CONTROL);
        match (self, ev.code) {
            (Key::CtrlC, KeyCode::Char('c')) => ctrl,
            (_, KeyCode::Char(_)) if ctrl => false,
            (Key::Char(k), KeyCode::Char(c)) => k == c,
            (Key::AnyDigit, KeyCode::Char(c)) => c.is_ascii_digit(),
            (Key::AnyChar, KeyCode::Char(_))
            | (Key::Enter, KeyCode::Enter)
            | (Key::Esc, KeyCode::Esc)
            | (Key::Backspace, KeyCode::Backspace)
            | (Key::Tab, KeyCode::Tab)
            | (Key::BackTab, KeyCode::BackTab)
            | (Key::Up, KeyCode::Up)
            | (Key::Down, KeyCode::Down)
            | (Key::PageUp, KeyCode::PageUp)
            | (Key::PageDown, KeyCode::PageDown)
            | (Key::Home, KeyCode::Home)
            | (Key::End, KeyCode::End) => true,
            _ => false,
        }
    }

    /// How the help screen writes the key.
    pub fn label(self) -> String {
        match self {
            Key::Char(c) => c.to_string(),
            Key::AnyDigit => "0-9".into(),
            Key::AnyChar => "…".into(),
            Key::Enter => "Enter".into(),
            Key::Esc => "Esc".into(),
            Key::Backspace => "⌫".into(),
            Key::Tab => "Tab".into(),
            Key::BackTab => "S-Tab".into(),
            Key::Up => "↑".into(),
            Key::Down => "↓".into(),
            Key::PageUp => "PgUp".into(),
            Key::PageDown => "PgDn".into(),
            Key::Home => "Home".into(),
            Key::End => "End".into(),
            Key::CtrlC => "C-c".into(),
        }
    }
}

/// The action `ev` means for `role` in `mode`, if any.
pub fn lookup(role: Role, mode: ModeKind, ev: &KeyEvent) -> Option<Action> {
    let bind = BINDINGS
        .iter()
        .find(|bd| bd.mode == mode && bd.key.matches(ev))?;
    if !bind.roles.contains(&role) {
        return Some(Action::NotPermitted(bind.deed));
    }
    let action = match (bind.action, ev.code) {
        (Action::Digit(_), KeyCode::Char(c)) => Action::Digit(c.to_digit(10).unwrap_or(0) as u8),
        (Action::Char(_), KeyCode::Char(c)) => Action::Char(c),
        (a, _) => a,
    };
    Some(action)
}

/// The key that does `action` in the normal mode, as the help screen writes it (the event
/// line names its key from here).
pub fn normal_key(action: Action) -> Option<String> {
    BINDINGS
        .iter()
        .find(|bd| bd.mode == ModeKind::Normal && bd.action == action)
        .map(|bd| bd.key.label())
}

/// The bindings of the normal and board modes a role may use, for the help screen.
pub fn help_for(role: Role) -> Vec<&'static Binding> {
    BINDINGS
        .iter()
        .filter(|bd| matches!(bd.mode, ModeKind::Normal | ModeKind::Board))
        .filter(|bd| bd.roles.contains(&role) && bd.deed != Deed::Edit)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(c: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)
    }

    #[test]
    fn digits_start_entry_for_arbiters_only() {
        assert_eq!(
            lookup(Role::Assistant, ModeKind::Normal, &key('7')),
            Some(Action::Digit(7))
        );
        assert_eq!(
            lookup(Role::Viewer, ModeKind::Normal, &key('7')),
            Some(Action::NotPermitted(Deed::EnterResult))
        );
        assert_eq!(
            lookup(Role::Organizer, ModeKind::Normal, &key('7')),
            Some(Action::NotPermitted(Deed::EnterResult))
        );
    }

    #[test]
    fn the_same_key_means_different_things_by_mode() {
        assert_eq!(
            lookup(Role::Head, ModeKind::Board, &key('r')),
            Some(Action::Result(ResultKey::Red))
        );
        assert_eq!(
            lookup(Role::Head, ModeKind::Side, &key('r')),
            Some(Action::Side(Side::Red))
        );
        assert_eq!(
            lookup(Role::Head, ModeKind::Prompt, &key('r')),
            Some(Action::Char('r'))
        );
        assert_eq!(lookup(Role::Head, ModeKind::Normal, &key('r')), None);
    }

    #[test]
    fn organizer_keys_refuse_assistants() {
        assert_eq!(
            lookup(Role::Assistant, ModeKind::Normal, &key('P')),
            Some(Action::NotPermitted(Deed::Pair))
        );
        assert_eq!(
            lookup(Role::Organizer, ModeKind::Normal, &key('P')),
            Some(Action::PairNext)
        );
        assert_eq!(
            lookup(Role::Assistant, ModeKind::Board, &key('n')),
            Some(Action::NotPermitted(Deed::MoveLimit))
        );
    }

    #[test]
    fn ctrl_c_quits_and_is_not_a_letter() {
        let ev = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            lookup(Role::Viewer, ModeKind::Normal, &ev),
            Some(Action::Quit)
        );
        assert_eq!(lookup(Role::Head, ModeKind::Prompt, &ev), None);
    }

    #[test]
    fn help_lists_only_permitted_keys() {
        let head = help_for(Role::Head);
        let viewer = help_for(Role::Viewer);
        assert!(head.iter().any(|b| b.deed == Deed::EnterResult));
        assert!(!viewer.iter().any(|b| b.deed == Deed::EnterResult));
        assert!(viewer.iter().any(|b| b.deed == Deed::Quit));
    }
}
