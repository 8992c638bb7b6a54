//! Whether a process that announced a room page still holds it (docs/trust.md, "the room
//! page's announcement"). On Linux from `/proc`: the process exists and its real uid is the
//! announcement's owner, and a listening TCP socket on the announced port belongs to that
//! uid (`/proc/net/tcp`, `/proc/net/tcp6`: the `st` column `0A` is LISTEN, the `uid`
//! column the socket's owner). Elsewhere nothing is checked here (the caller's connection
//! probe alone decides, as before).

/// Whether process `pid` runs as `uid` and a socket of `uid` listens on `port`.
#[cfg(target_os = "linux")]
pub fn holds(pid: u32, uid: u32, port: u16) -> bool {
    process_uid(pid) == Some(uid)
        && ["/proc/net/tcp", "/proc/net/tcp6"]
            .iter()
            .any(|table| std::fs::read_to_string(table).is_ok_and(|text| listens(&text, uid, port)))
}

/// Nothing to check without `/proc`.
#[cfg(not(target_os = "linux"))]
pub fn holds(_pid: u32, _uid: u32, _port: u16) -> bool {
    true
}

/// The real uid of process `pid` (`Uid:` of `/proc/PID/status`: real, effective, saved, fs).
#[cfg(target_os = "linux")]
fn process_uid(pid: u32) -> Option<u32> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("Uid:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Whether a `/proc/net/tcp`-shaped table holds a LISTEN socket of `uid` on `port`.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn listens(table: &str, uid: u32, port: u16) -> bool {
    table.lines().skip(1).any(|line| {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (Some(local), Some(state), Some(owner)) = (f.get(1), f.get(3), f.get(7)) else {
            return false;
        };
        let at = local
            .rsplit(':')
            .next()
            .and_then(|p| u16::from_str_radix(p, 16).ok());
        at == Some(port) && *state == "0A" && owner.parse::<u32>().ok() == Some(uid)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 4242 1 0 100 0 0 10 0
   1: 0100007F:1F91 0100007F:D2A4 01 00000000:00000000 00:00000000 00000000  1002        0 4243 1 0 100 0 0 10 0
";

    #[test]
    fn only_a_listening_socket_of_the_owner_on_the_port_counts() {
        assert!(listens(TABLE, 1001, 8080));
        assert!(!listens(TABLE, 1002, 8080), "another user's port");
        assert!(!listens(TABLE, 1002, 8081), "connected, not listening");
        assert!(!listens(TABLE, 1001, 9090), "another port");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_holds_its_listener_and_not_after_it_closes() {
        let me = std::process::id();
        let uid = rustix::process::getuid().as_raw();
        let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = l.local_addr().expect("addr").port();
        assert!(holds(me, uid, port));
        assert!(!holds(me, uid.wrapping_add(1), port), "another owner");
        drop(l);
        assert!(!holds(me, uid, port), "closed");
    }
}
