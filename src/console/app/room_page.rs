//! The `Q` overlay's content: the room page of a running `bianpai serve`, or how to start one.

use crate::domain::Role;

/// The `Q` overlay: the room page's address and QR code when a `bianpai serve`
/// of this log is running, else the command that starts one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoomPage {
    Served { url: String, code: Vec<String> },
    NotServed { log: String },
}

impl RoomPage {
    /// Looks for a running server of the log at `log` (its `LOG.serve` answering; a state
    /// file in the temporary directory counts when its owner is the head arbiter or the
    /// organizer by `rules`).
    pub fn of(log: &std::path::Path, rules: &crate::domain::Rules) -> RoomPage {
        let trusted = |user: &str| {
            rules
                .roles_of(user)
                .iter()
                .any(|r| matches!(r, Role::Head | Role::Organizer))
        };
        crate::serve::running::find(log, &trusted)
            .and_then(|url| {
                crate::serve::qr::lines(&url).map(|code| RoomPage::Served { url, code })
            })
            .unwrap_or_else(|| RoomPage::NotServed {
                log: log.display().to_string(),
            })
    }
}
