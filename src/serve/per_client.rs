//! Per-client limits of the room page (issue 22, finding 7): one phone or one script may not
//! take the hall's page away. Connections (event streams and requests still being sent
//! included) are counted per client address, IPv6 clients per /64 (a phone changes its
//! address inside its prefix); a client at [`PER_CLIENT`] open connections has further ones
//! closed at once, before they take one of the server's permits or a render slot. A hall has
//! one address per phone; a phone's page needs one event stream and a few requests.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// Connections one client address may hold open at once.
pub const PER_CLIENT: usize = 100;

/// Open connections per client address.
#[derive(Clone, Default)]
pub struct Clients {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One counted connection; uncounted when dropped.
pub struct Ticket {
    clients: Clients,
    key: IpAddr,
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

impl Clients {
    /// Counts a new connection from `ip`, or `None` when that client is at `max` already.
    pub fn admit(&self, ip: IpAddr, max: usize) -> Option<Ticket> {
        let key = key(ip);
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let n = open.entry(key).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Ticket {
            clients: self.clone(),
            key,
        })
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self
            .clients
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
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
}
