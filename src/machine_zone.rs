//! The machine's time zone, read once where the program starts and handed to the domain
//! (`domain::zone::set_machine`): an event whose rules name no zone shows its times in it
//! (docs/rules.md: times in the event's local time).

use crate::domain::zone::EventZone;

/// The machine's zone: the one `TZ` names (an IANA name, `:Asia/Shanghai`, `UTC`, or a path
/// into a zoneinfo folder); without `TZ`, the zone `/etc/localtime` links to; otherwise (a
/// POSIX rule in `TZ`, a copied `/etc/localtime`, Windows) the machine's offset now.
pub fn resolve() -> EventZone {
    match std::env::var("TZ") {
        Ok(tz) => {
            let name = tz.strip_prefix(':').unwrap_or(&tz);
            if let Some(z) = named(name) {
                return z;
            }
        }
        Err(_) => {
            if let Some(z) = std::fs::read_link("/etc/localtime")
                .ok()
                .and_then(|target| named(&target.to_string_lossy()))
            {
                return z;
            }
        }
    }
    EventZone::Fixed(*chrono::Local::now().offset())
}

/// An IANA name, or the name after `zoneinfo/` in a path.
fn named(text: &str) -> Option<EventZone> {
    let name = text.rsplit_once("zoneinfo/").map_or(text, |(_, n)| n);
    name.parse::<chrono_tz::Tz>().ok().map(EventZone::Named)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_zoneinfo_paths_are_read() {
        assert_eq!(
            named("Asia/Shanghai"),
            Some(EventZone::Named(chrono_tz::Asia::Shanghai))
        );
        assert_eq!(
            named("/usr/share/zoneinfo/Etc/UTC"),
            Some(EventZone::Named(chrono_tz::Etc::UTC))
        );
        assert_eq!(named("CST-8"), None);
    }
}
