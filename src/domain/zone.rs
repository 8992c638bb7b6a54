//! The event's time zone (docs/rules.md: times in the event's local time). Times are stored in UTC
//! in the log; everything a person reads or types is in this zone. The zone comes from the
//! rules' `time_zone` field (an IANA name such as `Asia/Shanghai`, or a fixed offset such as
//! `+08:00`); without one, the machine's zone, which the program reads once where it starts
//! (`crate::machine_zone`) and hands in with `set_machine`: nothing here reads the machine.

use std::sync::OnceLock;

use chrono::{DateTime, FixedOffset, LocalResult, NaiveDateTime, TimeZone, Utc};

use super::rules::Rules;

/// The machine's zone as the edge resolved it (UTC until it is set).
static MACHINE: OnceLock<EventZone> = OnceLock::new();

/// Hands in the machine's zone, resolved where the program starts; the first call wins.
pub fn set_machine(zone: EventZone) {
    let _ = MACHINE.set(zone.resolved());
}

/// A resolved event time zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventZone {
    Named(chrono_tz::Tz),
    Fixed(FixedOffset),
    /// The machine's zone, as handed in with `set_machine`.
    Machine,
}

impl EventZone {
    /// The zone of an event's rules (the machine's when unset or unreadable; `Rules::validate`
    /// refuses an unreadable one).
    pub fn of(rules: &Rules) -> EventZone {
        rules
            .time_zone
            .as_deref()
            .and_then(|z| EventZone::parse(z).ok())
            .unwrap_or(EventZone::Machine)
    }

    /// Reads an IANA name or a `+HH:MM` / `-HH:MM` / `UTC` offset.
    ///
    /// # Errors
    /// A message naming the text that is neither.
    pub fn parse(text: &str) -> Result<EventZone, String> {
        let t = text.trim();
        if let Ok(tz) = t.parse::<chrono_tz::Tz>() {
            return Ok(EventZone::Named(tz));
        }
        if let Ok(dt) = DateTime::parse_from_rfc3339(&format!("2000-01-01T00:00:00{t}")) {
            return Ok(EventZone::Fixed(*dt.offset()));
        }
        Err(format!(
            "'{t}' is not a time zone (an IANA name like Asia/Shanghai or an offset like +08:00)"
        ))
    }

    /// The zone itself: `Machine` is the zone handed in with `set_machine` (UTC before).
    #[must_use]
    pub fn resolved(self) -> EventZone {
        match self {
            EventZone::Machine => MACHINE.get().copied().unwrap_or(EventZone::Fixed(utc())),
            z => z,
        }
    }

    /// The offset in force at `t`.
    pub fn offset_at(self, t: DateTime<Utc>) -> FixedOffset {
        match self.resolved() {
            EventZone::Named(tz) => {
                use chrono::Offset;
                tz.offset_from_utc_datetime(&t.naive_utc()).fix()
            }
            EventZone::Fixed(o) => o,
            // `resolved` never gives `Machine`.
            EventZone::Machine => utc(),
        }
    }

    /// `t` as a local time with its offset.
    pub fn local(self, t: DateTime<Utc>) -> DateTime<FixedOffset> {
        t.with_timezone(&self.offset_at(t))
    }

    /// `t` in local time with a chrono format string (e.g. `%H:%M:%S`, `%Y-%m-%d %H:%M`).
    pub fn format(self, t: DateTime<Utc>, fmt: &str) -> String {
        self.local(t).format(fmt).to_string()
    }

    /// A wall-clock time in this zone as UTC (the earlier one when a clock change repeats it;
    /// `None` when a clock change skips it).
    pub fn from_local(self, naive: NaiveDateTime) -> Option<DateTime<Utc>> {
        let earliest = |r: LocalResult<DateTime<FixedOffset>>| r.earliest();
        match self.resolved() {
            EventZone::Named(tz) => tz
                .from_local_datetime(&naive)
                .earliest()
                .map(|d| d.with_timezone(&Utc)),
            EventZone::Fixed(o) => earliest(o.from_local_datetime(&naive)).map(|d| d.to_utc()),
            // `resolved` never gives `Machine`.
            EventZone::Machine => earliest(utc().from_local_datetime(&naive)).map(|d| d.to_utc()),
        }
    }

    /// Reads a time typed by a person: RFC 3339 with an offset, or a local time in this zone
    /// without one (`2024-07-06T08:30:00`, `2024-07-06 08:30`, `2024-07-06T08:30`).
    ///
    /// # Errors
    /// A message naming the text when it is none of these, or a local time a clock change skips.
    pub fn parse_time(self, text: &str) -> Result<DateTime<Utc>, String> {
        let t = text.trim();
        if let Ok(dt) = DateTime::parse_from_rfc3339(t) {
            return Ok(dt.to_utc());
        }
        for fmt in [
            "%Y-%m-%dT%H:%M:%S%.f",
            "%Y-%m-%d %H:%M:%S%.f",
            "%Y-%m-%dT%H:%M",
            "%Y-%m-%d %H:%M",
        ] {
            if let Ok(naive) = NaiveDateTime::parse_from_str(t, fmt) {
                return self
                    .from_local(naive)
                    .ok_or_else(|| format!("'{t}' does not exist in the event's time zone"));
            }
        }
        Err(format!(
            "'{t}' is not a time (2024-07-06T08:30:00, 2024-07-06 08:30 or RFC 3339 with an offset)"
        ))
    }
}

fn utc() -> FixedOffset {
    use chrono::Offset;
    Utc.fix()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_zone_shows_and_reads_local_time() {
        let z = EventZone::parse("Asia/Shanghai").unwrap();
        let t = z.parse_time("2024-07-06T08:30:00").unwrap();
        assert_eq!(t.to_rfc3339(), "2024-07-06T00:30:00+00:00");
        assert_eq!(z.format(t, "%H:%M"), "08:30");
        let with_offset = z.parse_time("2024-07-06T08:30:00+08:00").unwrap();
        assert_eq!(with_offset, t);
    }

    #[test]
    fn fixed_offsets_and_bad_zones() {
        let z = EventZone::parse("+08:00").unwrap();
        let t = z.parse_time("2024-07-06 08:30").unwrap();
        assert_eq!(z.format(t, "%Y-%m-%d %H:%M:%S"), "2024-07-06 08:30:00");
        assert!(EventZone::parse("Mars/Olympus").is_err());
        assert!(z.parse_time("yesterday").is_err());
    }
}
