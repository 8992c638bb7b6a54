//! The competition format (docs/rules.md#12-formats): a Swiss by score with knockout finals or
//! without, a round robin on the Berger table (single or double), or a team match paired by
//! either. One type that cannot hold a combination the rules refuse: the rules file's fields
//! `system`, `knockout`, `team_match` and `round_robin_order` become a `Format` only through
//! `Format::from_wire`, and `to_wire` gives them back unchanged for the log.
//!
//! The code asks the format in one place (`domain::competition`): a new format makes the compiler
//! list every site that must learn it.

use serde::{Deserialize, Serialize};

use super::knockout::config::Knockout;
use super::team::config::TeamMatch;

/// The rules file's word for the pairing system (`system`): Swiss by score (积分编排), or a round
/// robin on the Berger table (贝格尔编排), single (单循环) or double (双循环).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    #[default]
    Swiss,
    RoundRobin,
    DoubleRoundRobin,
}

impl System {
    pub fn word(self) -> &'static str {
        match self {
            System::Swiss => "swiss",
            System::RoundRobin => "round_robin",
            System::DoubleRoundRobin => "double_round_robin",
        }
    }
}

/// The order of a double round robin's rounds (rules field `round_robin_order`), the same for
/// individuals and teams.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundRobinOrder {
    /// FIDE C.05 annex 1: the last two rounds of the first cycle are played in reverse order, so
    /// that no seat has the same colour three times in a row across the change of cycle.
    #[default]
    Fide,
    /// The plain Chinese table: the second cycle repeats the first with colours swapped.
    Plain,
}

impl RoundRobinOrder {
    pub fn word(self) -> &'static str {
        match self {
            RoundRobinOrder::Fide => "fide",
            RoundRobinOrder::Plain => "plain",
        }
    }
}

/// A round robin's schedule: one cycle or two, and the order of a double one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    pub double: bool,
    pub order: RoundRobinOrder,
}

impl RoundRobin {
    pub fn single() -> RoundRobin {
        RoundRobin {
            double: false,
            order: RoundRobinOrder::Fide,
        }
    }

    pub fn double() -> RoundRobin {
        RoundRobin {
            double: true,
            order: RoundRobinOrder::Fide,
        }
    }

    /// Cycles of the Berger table: 1, or 2 for a double round robin.
    /// The table's own number of rounds for a field of `n`: n−1 (even) or n (odd) per cycle.
    pub fn rounds_for(self, n: usize) -> u32 {
        super::round_robin::berger::rounds_per_cycle(u32::try_from(n).unwrap_or(u32::MAX))
            * self.cycles()
    }

    pub fn cycles(self) -> u32 {
        if self.double { 2 } else { 1 }
    }

    /// Whether the first cycle's last two rounds are swapped (a double round robin in the FIDE
    /// order with at least three rounds a cycle).
    pub fn swaps_last_two(self) -> bool {
        self.double && self.order == RoundRobinOrder::Fide
    }

    fn system(self) -> System {
        if self.double {
            System::DoubleRoundRobin
        } else {
            System::RoundRobin
        }
    }
}

/// How the teams of a team match meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamSchedule {
    /// A Swiss of teams by match points.
    Swiss,
    /// A round robin of teams on the Berger table.
    RoundRobin(RoundRobin),
}

/// The competition format.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// A Swiss by score (积分编排), with knockout finals for the top four or not.
    Swiss { knockout: Option<Knockout> },
    /// An individual round robin (单循环 / 双循环).
    RoundRobin(RoundRobin),
    /// A team match event (团体赛): teams meet on several boards.
    Team {
        config: TeamMatch,
        schedule: TeamSchedule,
    },
}

impl Default for Format {
    fn default() -> Self {
        Format::Swiss { knockout: None }
    }
}

/// The format's fields as the rules file holds them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormatWire {
    pub system: System,
    pub knockout: Option<Knockout>,
    pub team_match: Option<TeamMatch>,
    pub round_robin_order: Option<RoundRobinOrder>,
}

/// A combination of the format's fields that no format holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatFault {
    /// Knockout finals after a round robin (they follow Swiss rounds only).
    KnockoutAfterRoundRobin,
    /// Knockout finals in a team match event.
    KnockoutInTeamMatch,
    /// `round_robin_order` in a Swiss.
    OrderWithoutRoundRobin,
}

impl Format {
    /// The one checked way in from the rules file's fields; the field at fault on refusal.
    ///
    /// # Errors
    /// A combination no format holds, with the field to name.
    pub fn from_wire(w: FormatWire) -> Result<Format, (&'static str, FormatFault)> {
        let order = w.round_robin_order.unwrap_or_default();
        let round_robin = |double| RoundRobin { double, order };
        let schedule = match w.system {
            System::Swiss if w.round_robin_order.is_some() => {
                return Err(("round_robin_order", FormatFault::OrderWithoutRoundRobin));
            }
            System::Swiss => None,
            System::RoundRobin => Some(round_robin(false)),
            System::DoubleRoundRobin => Some(round_robin(true)),
        };
        match (w.team_match, w.knockout, schedule) {
            (Some(_), Some(_), _) => Err(("knockout", FormatFault::KnockoutInTeamMatch)),
            (None, Some(_), Some(_)) => Err(("knockout", FormatFault::KnockoutAfterRoundRobin)),
            (Some(config), None, schedule) => Ok(Format::Team {
                config,
                schedule: schedule.map_or(TeamSchedule::Swiss, TeamSchedule::RoundRobin),
            }),
            (None, knockout, None) => Ok(Format::Swiss { knockout }),
            (None, None, Some(rr)) => Ok(Format::RoundRobin(rr)),
        }
    }

    /// The rules file's fields of this format (an order equal to the default is not written, so
    /// rules written before the setting re-encode unchanged).
    pub fn to_wire(&self) -> FormatWire {
        let rr_order =
            |rr: &RoundRobin| (rr.order != RoundRobinOrder::default()).then_some(rr.order);
        match self {
            Format::Swiss { knockout } => FormatWire {
                system: System::Swiss,
                knockout: knockout.clone(),
                ..FormatWire::default()
            },
            Format::RoundRobin(rr) => FormatWire {
                system: rr.system(),
                round_robin_order: rr_order(rr),
                ..FormatWire::default()
            },
            Format::Team { config, schedule } => FormatWire {
                system: match schedule {
                    TeamSchedule::Swiss => System::Swiss,
                    TeamSchedule::RoundRobin(rr) => rr.system(),
                },
                team_match: Some(config.clone()),
                round_robin_order: match schedule {
                    TeamSchedule::Swiss => None,
                    TeamSchedule::RoundRobin(rr) => rr_order(rr),
                },
                ..FormatWire::default()
            },
        }
    }

    /// The same format paired by `system` instead (a team match stays a team match).
    ///
    /// # Errors
    /// The combination no format holds (knockout finals with a round robin).
    pub fn with_system(&self, system: System) -> Result<Format, (&'static str, FormatFault)> {
        let mut wire = self.to_wire();
        wire.system = system;
        if system == System::Swiss {
            wire.round_robin_order = None;
        }
        Format::from_wire(wire)
    }

    /// The rules file's `system` word.
    pub fn system(&self) -> System {
        self.to_wire().system
    }

    /// Whether the event is played in team matches (its tables are of teams).
    pub fn is_team(&self) -> bool {
        match self {
            Format::Team { .. } => true,
            Format::Swiss { .. } | Format::RoundRobin(_) => false,
        }
    }

    /// Whether the event follows a round-robin table (of players or of teams): the field is
    /// fixed once round 1 is paired, `rounds: 0` means the table's own number, and the bye of
    /// an odd field is a rest that scores nothing (docs/rules.md#1-scoring).
    pub fn follows_a_table(&self) -> bool {
        match self {
            Format::RoundRobin(_)
            | Format::Team {
                schedule: TeamSchedule::RoundRobin(_),
                ..
            } => true,
            Format::Swiss { .. }
            | Format::Team {
                schedule: TeamSchedule::Swiss,
                ..
            } => false,
        }
    }

    /// The round-robin schedule the event follows: the individuals' or the teams'.
    pub fn round_robin(&self) -> Option<RoundRobin> {
        match self {
            Format::RoundRobin(rr)
            | Format::Team {
                schedule: TeamSchedule::RoundRobin(rr),
                ..
            } => Some(*rr),
            Format::Swiss { .. }
            | Format::Team {
                schedule: TeamSchedule::Swiss,
                ..
            } => None,
        }
    }

    /// The knockout finals, in a Swiss that has them.
    pub fn knockout(&self) -> Option<&Knockout> {
        match self {
            Format::Swiss { knockout } => knockout.as_ref(),
            Format::RoundRobin(_) | Format::Team { .. } => None,
        }
    }

    /// The team match settings, in a team match event.
    pub fn team(&self) -> Option<&TeamMatch> {
        match self {
            Format::Team { config, .. } => Some(config),
            Format::Swiss { .. } | Format::RoundRobin(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wire(system: System) -> FormatWire {
        FormatWire {
            system,
            ..FormatWire::default()
        }
    }

    #[test]
    fn every_format_goes_to_the_wire_and_back() {
        let ko = Knockout {
            after_round: 9,
            players: 4,
        };
        let plain = RoundRobin {
            double: true,
            order: RoundRobinOrder::Plain,
        };
        for f in [
            Format::Swiss { knockout: None },
            Format::Swiss { knockout: Some(ko) },
            Format::RoundRobin(RoundRobin::single()),
            Format::RoundRobin(RoundRobin::double()),
            Format::RoundRobin(plain),
            Format::Team {
                config: TeamMatch::default(),
                schedule: TeamSchedule::Swiss,
            },
            Format::Team {
                config: TeamMatch::default(),
                schedule: TeamSchedule::RoundRobin(plain),
            },
        ] {
            assert_eq!(Format::from_wire(f.to_wire()), Ok(f.clone()), "{f:?}");
        }
    }

    #[test]
    fn refused_combinations_name_their_field() {
        let ko = Some(Knockout {
            after_round: 5,
            players: 4,
        });
        let mut w = wire(System::RoundRobin);
        w.knockout = ko.clone();
        assert_eq!(
            Format::from_wire(w),
            Err(("knockout", FormatFault::KnockoutAfterRoundRobin))
        );
        let mut w = wire(System::Swiss);
        w.knockout = ko;
        w.team_match = Some(TeamMatch::default());
        assert_eq!(
            Format::from_wire(w),
            Err(("knockout", FormatFault::KnockoutInTeamMatch))
        );
        let mut w = wire(System::Swiss);
        w.round_robin_order = Some(RoundRobinOrder::Plain);
        assert_eq!(
            Format::from_wire(w),
            Err(("round_robin_order", FormatFault::OrderWithoutRoundRobin))
        );
    }
}
