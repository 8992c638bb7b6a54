//! What a key asks the console to do. A key becomes an `Action` through the keymap (data);
//! `update` turns actions into domain commands. Imperative names (STYLE.md).

use crate::domain::Side;
use crate::domain::rules::FoulKind;

/// The console's screens, one key away from each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Screen {
    Round,
    Standings,
    Preview,
    Players,
    Audit,
    Help,
}

impl Screen {
    pub const ALL: [Screen; 6] = [
        Screen::Round,
        Screen::Standings,
        Screen::Preview,
        Screen::Players,
        Screen::Audit,
        Screen::Help,
    ];

    pub fn index(self) -> usize {
        Screen::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    #[must_use]
    pub fn next(self) -> Screen {
        Screen::ALL[(self.index() + 1) % Screen::ALL.len()]
    }

    #[must_use]
    pub fn prev(self) -> Screen {
        Screen::ALL[(self.index() + Screen::ALL.len() - 1) % Screen::ALL.len()]
    }
}

/// The result key typed after a board number (`r`, `b`, `d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultKey {
    Red,
    Black,
    Draw,
}

/// What a binding does (its words are the catalog's: `i18n::screen`).
pub use crate::i18n::screen::Deed;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Quit,
    Show(Screen),
    NextScreen,
    PrevScreen,
    ScrollUp,
    ScrollDown,
    PageUp,
    PageDown,
    Top,
    Bottom,
    /// A digit of a board number.
    Digit(u8),
    Backspace,
    Cancel,
    Submit,
    Result(ResultKey),
    Forfeit,
    Seat {
        present: bool,
    },
    Foul,
    Flag,
    MoveLimit,
    Side(Side),
    FoulKind(FoulKind),
    /// A typed character in a text prompt.
    Char(char),
    Confirm,
    PairNext,
    StartRound,
    Unpair,
    Withdraw,
    /// Enter the armageddon colour lot drawn in the hall.
    DrawLot,
    /// Hand in a team's lineup for the next round (团体赛).
    Lineup,
    /// The role may not do this; say so instead of acting.
    NotPermitted(Deed),
    /// Show or hide the QR code of the room page (`bianpai serve`).
    ToggleQr,
    /// Re-pair the current round on corrected results.
    Repair,
    /// Keep the current round's pairing despite a correction.
    KeepPairing,
    /// Accept the result both players signed (待确认): the board typed, or the first waiting.
    AcceptSigned,
    /// Unlock the typed board's reports after wrong codes locked it (签认已锁定).
    UnlockReports,
    /// The round screen shows the round before the one shown (`[`).
    RoundBack,
    /// The round screen shows the round after the one shown, up to the current one (`]`).
    RoundForward,
    /// The event line's automatic acts have been read: it empties.
    AcknowledgeAuto,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_cycle_both_ways() {
        for s in Screen::ALL {
            assert_eq!(s.next().prev(), s);
        }
        assert_eq!(Screen::Help.next(), Screen::Round);
        assert_eq!(Screen::Round.prev(), Screen::Help);
    }
}
