//! Which printouts an event's format has, decided in one place (docs/cli.md, `--what`).

use crate::domain::Tournament;
use crate::domain::format::{Format as EventFormat, TeamSchedule};

/// What an event's format prints besides the pairings and standings every event has, asked
/// once (docs/cli.md, `--what`): a new format is one more arm here, and every printout follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Sheets {
    /// The square crosstable of a round robin of players (else the round-by-round one).
    pub square_crosstable: bool,
    /// The 轮次表: of the players, of the teams, or none (a Swiss).
    pub schedule: Option<ScheduleOf>,
    /// The team matches and team standings of a team match event.
    pub team_matches: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ScheduleOf {
    Players,
    Teams,
}

pub(super) fn sheets(t: &Tournament) -> Sheets {
    match &t.rules.format {
        EventFormat::Swiss { .. } => Sheets {
            square_crosstable: false,
            schedule: None,
            team_matches: false,
        },
        EventFormat::RoundRobin(_) => Sheets {
            square_crosstable: true,
            schedule: Some(ScheduleOf::Players),
            team_matches: false,
        },
        EventFormat::Team { schedule, .. } => Sheets {
            square_crosstable: false,
            schedule: match schedule {
                TeamSchedule::RoundRobin(_) => Some(ScheduleOf::Teams),
                TeamSchedule::Swiss => None,
            },
            team_matches: true,
        },
    }
}
