//! The roles of the people at the console: a leaf of the shared vocabulary.

use serde::{Deserialize, Serialize};

/// The roles of the people at the console.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Head,
    Assistant,
    Organizer,
    /// Read-only: a user who holds no role.
    Viewer,
}

impl Role {
    pub fn word(self) -> &'static str {
        match self {
            Role::Head => "head",
            Role::Assistant => "assistant",
            Role::Organizer => "organizer",
            Role::Viewer => "viewer",
        }
    }
}

impl std::str::FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "head" => Ok(Role::Head),
            "assistant" => Ok(Role::Assistant),
            "organizer" => Ok(Role::Organizer),
            "viewer" => Ok(Role::Viewer),
            other => Err(format!(
                "unknown role '{other}' (expected head, assistant, organizer or viewer)"
            )),
        }
    }
}
