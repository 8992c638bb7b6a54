//! Per-client limits of the room page: one phone or one script may not
//! take the hall's page away. Connections (event streams and requests still being sent
//! included) are counted per client address, IPv6 clients per /64 (a phone changes its
//! address inside its prefix); a client at [`PER_CLIENT`] open connections has further ones
//! closed at once, before they take one of the server's permits or a render slot. A hall has
//! one address per phone; a phone's page needs one event stream and a few requests.
//!
//! On loopback an address is not a person: any local user can bind any of 127.0.0.0/8's
//! sixteen million addresses. So all of loopback together holds at most
//! [`LOOPBACK_SHARE`] connections, and counts as one client for event streams. Event streams,
//! the long-lived connections, are capped per client ([`STREAMS_PER_CLIENT`]) and, by the
//! router, for the whole server below the number of connections: whatever the streams, pages
//! always have connections left.
//!
//! A connection that has not sent a whole request (its head and, for a report, its body)
//! [`HALF_OPEN_GRACE`] after it was accepted is half-open: a client (all of loopback as one)
//! may hold [`HALF_OPEN_PER_CLIENT`] of them, and one more is closed at once. A phone sends
//! its request within milliseconds of connecting; a browser's spare connections opened ahead
//! fit in the share. Half-sent requests from any number of loopback addresses, or from one
//! phone, therefore hold a handful of connections, and those only until the header or body
//! timeout (docs/room-page.md#budgets).

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::{Arc, Mutex};

/// Connections one client address may hold open at once.
pub const PER_CLIENT: usize = 100;
/// Connections all loopback addresses together may hold open at once.
pub const LOOPBACK_SHARE: usize = 250;
/// Event streams one client (all of loopback counting as one) may hold open at once.
pub const STREAMS_PER_CLIENT: usize = 50;
/// Half-open connections (no whole request [`HALF_OPEN_GRACE`] after being accepted) one
/// client (all of loopback counting as one) may hold at once.
pub const HALF_OPEN_PER_CLIENT: usize = 8;
/// How long a new connection may take to send its whole first request before it counts as
/// half-open.
pub const HALF_OPEN_GRACE: std::time::Duration = std::time::Duration::from_secs(2);

#[derive(Default)]
struct Open {
    connections: HashMap<IpAddr, usize>,
    loopback: usize,
    streams: HashMap<IpAddr, usize>,
    unsent: HashMap<IpAddr, usize>,
}

/// Open connections and event streams per client.
#[derive(Clone, Default)]
pub struct Clients {
    open: Arc<Mutex<Open>>,
}

/// One counted connection; uncounted when dropped.
pub struct Ticket {
    clients: Clients,
    key: IpAddr,
    loopback: bool,
}

/// One counted event stream; uncounted when dropped.
pub struct StreamTicket {
    clients: Clients,
    key: IpAddr,
}

/// One counted half-open connection; uncounted when dropped.
pub struct HalfOpenTicket {
    clients: Clients,
    key: IpAddr,
}

/// The client a connection came from, as the router sees it (a request extension).
#[derive(Clone)]
pub struct Peer {
    pub clients: Clients,
    pub ip: IpAddr,
}

impl Peer {
    /// Counts an event stream of this client, or `None` when it holds its share already.
    pub fn stream(&self) -> Option<StreamTicket> {
        self.clients.admit_stream(self.ip)
    }
}

/// The address a client is counted under (also for the wrong report codes, docs/self-report.md).
pub fn key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                IpAddr::V4(v4)
            } else {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        }
    }
}

/// The client `ip` counts as where all of loopback is one client: its event streams, its
/// half-open connections and its wrong report codes (docs/self-report.md).
pub fn client_key(ip: IpAddr) -> IpAddr {
    if is_loopback(ip) {
        IpAddr::V4(Ipv4Addr::LOCALHOST)
    } else {
        key(ip)
    }
}

/// Whether `ip` (v4, v6 or v4-mapped) is a loopback address: this machine's own users.
fn is_loopback(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_loopback(),
        IpAddr::V6(v6) => {
            v6.is_loopback() || v6.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
    }
}

impl Clients {
    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Counts a new connection from `ip`, or `None` when that client is at `max` already
    /// (or, on loopback, all of loopback is at [`LOOPBACK_SHARE`]).
    pub fn admit(&self, ip: IpAddr, max: usize) -> Option<Ticket> {
        let key = key(ip);
        let loopback = is_loopback(ip);
        let mut open = self.lock();
        if loopback && open.loopback >= LOOPBACK_SHARE {
            return None;
        }
        let n = open.connections.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        if loopback {
            open.loopback += 1;
        }
        Some(Ticket {
            clients: self.clone(),
            key,
            loopback,
        })
    }

    /// Counts an event stream from `ip`, or `None` when that client (all of loopback as
    /// one) holds [`STREAMS_PER_CLIENT`] already.
    pub fn admit_stream(&self, ip: IpAddr) -> Option<StreamTicket> {
        let key = client_key(ip);
        let mut open = self.lock();
        let n = open.streams.entry(key).or_insert(0);
        if *n >= STREAMS_PER_CLIENT {
            return None;
        }
        *n += 1;
        Some(StreamTicket {
            clients: self.clone(),
            key,
        })
    }
}

impl Clients {
    /// Counts a half-open connection from `ip`, or `None` when that client (all of loopback
    /// as one) holds [`HALF_OPEN_PER_CLIENT`] already: then the connection is closed.
    pub fn admit_half_open(&self, ip: IpAddr) -> Option<HalfOpenTicket> {
        let key = client_key(ip);
        let mut open = self.lock();
        let n = open.unsent.entry(key).or_insert(0);
        if *n >= HALF_OPEN_PER_CLIENT {
            return None;
        }
        *n += 1;
        Some(HalfOpenTicket {
            clients: self.clone(),
            key,
        })
    }
}

impl Drop for HalfOpenTicket {
    fn drop(&mut self) {
        release(&mut self.clients.lock().unsent, self.key);
    }
}

/// Takes one off `key`'s count, forgetting the key at zero.
fn release(map: &mut HashMap<IpAddr, usize>, key: IpAddr) {
    if let Some(n) = map.get_mut(&key) {
        *n -= 1;
        if *n == 0 {
            map.remove(&key);
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.clients.lock();
        release(&mut open.connections, self.key);
        if self.loopback {
            open.loopback = open.loopback.saturating_sub(1);
        }
    }
}

impl Drop for StreamTicket {
    fn drop(&mut self) {
        release(&mut self.clients.lock().streams, self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_at_its_limit_is_turned_away_and_others_are_not() {
        let c = Clients::default();
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.1".parse().unwrap();
        let held: Vec<Ticket> = (0..3).filter_map(|_| c.admit(a, 3)).collect();
        assert_eq!(held.len(), 3);
        assert!(c.admit(a, 3).is_none());
        assert!(c.admit(b, 3).is_some());
        drop(held);
        assert!(c.admit(a, 3).is_some());
        // One /64 is one client.
        let v6a: IpAddr = "2001:db8::1".parse().unwrap();
        let v6b: IpAddr = "2001:db8::2".parse().unwrap();
        let _t = c.admit(v6a, 1).unwrap();
        assert!(c.admit(v6b, 1).is_none());
    }

    #[test]
    fn half_open_connections_are_capped_per_client_and_loopback_is_one() {
        let c = Clients::default();
        let held: Vec<HalfOpenTicket> = (1..=20u8)
            .filter_map(|k| c.admit_half_open(IpAddr::V4(Ipv4Addr::new(127, 0, 0, k))))
            .collect();
        assert_eq!(held.len(), HALF_OPEN_PER_CLIENT, "all of loopback together");
        assert!(c.admit_half_open("::1".parse().unwrap()).is_none());
        let lan: Vec<HalfOpenTicket> = (0..20)
            .filter_map(|_| c.admit_half_open("192.0.2.7".parse().unwrap()))
            .collect();
        assert_eq!(lan.len(), HALF_OPEN_PER_CLIENT, "one LAN address");
        assert!(c.admit_half_open("192.0.2.8".parse().unwrap()).is_some());
        assert!(c.admit_half_open("2001:db8::1".parse().unwrap()).is_some());
        drop(held);
        assert!(c.admit_half_open("127.0.0.1".parse().unwrap()).is_some());
    }

    #[test]
    fn loopback_is_one_client_for_its_share_and_its_streams() {
        let c = Clients::default();
        let held: Vec<Ticket> = (0..=255u8)
            .flat_map(|k| std::iter::repeat_n(IpAddr::V4(Ipv4Addr::new(127, 0, 10, k)), 2))
            .filter_map(|ip| c.admit(ip, PER_CLIENT))
            .collect();
        assert_eq!(held.len(), LOOPBACK_SHARE, "all of loopback together");
        assert!(c.admit("127.9.9.9".parse().unwrap(), PER_CLIENT).is_none());
        assert!(c.admit("192.0.2.7".parse().unwrap(), PER_CLIENT).is_some());
        drop(held);
        let streams: Vec<StreamTicket> = (0..=255u8)
            .filter_map(|k| c.admit_stream(IpAddr::V4(Ipv4Addr::new(127, 0, 10, k))))
            .collect();
        assert_eq!(streams.len(), STREAMS_PER_CLIENT);
        assert!(c.admit_stream("::1".parse().unwrap()).is_none());
        assert!(c.admit_stream("192.0.2.7".parse().unwrap()).is_some());
        drop(streams);
        assert!(c.admit_stream("127.0.0.1".parse().unwrap()).is_some());
    }
}
