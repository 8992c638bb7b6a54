//! Desktop notifications (round complete, next round paired, late window closed, a flag
//! fallen) through notify-rust, sent from a thread so the console never blocks. Without a
//! desktop session (over SSH: no `DISPLAY` / `WAYLAND_DISPLAY` or no session bus) the console rings
//! the terminal bell instead; the on-screen banner is shown either way.

use std::io::Write;

/// Whether a desktop session is there to show notifications.
pub fn desktop_available() -> bool {
    desktop_in(|k| std::env::var_os(k).map(|v| v.to_string_lossy().into_owned()))
}

/// `desktop_available` over any environment.
pub fn desktop_in(env: impl Fn(&str) -> Option<String>) -> bool {
    let set = |k: &str| env(k).is_some_and(|v| !v.is_empty());
    set("DBUS_SESSION_BUS_ADDRESS") && (set("DISPLAY") || set("WAYLAND_DISPLAY"))
}

/// Sends one notification, `title` over `text`, without waiting for it; failures are ignored.
pub fn send(title: &'static str, text: String) {
    let spawned = std::thread::Builder::new()
        .name("notify".into())
        .spawn(move || {
            let _ = notify_rust::Notification::new()
                .summary(title)
                .body(&text)
                .timeout(notify_rust::Timeout::Milliseconds(6000))
                .show();
        });
    drop(spawned);
}

/// Rings the terminal bell.
pub fn bell() {
    let mut out = std::io::stdout();
    let _ = out.write_all(b"\x07");
    let _ = out.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            vars.iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_string())
        }
    }

    #[test]
    fn ssh_without_a_session_bus_has_no_desktop() {
        assert!(!desktop_in(env(&[("SSH_TTY", "/dev/pts/1")])));
        assert!(!desktop_in(env(&[("DISPLAY", ":0")])));
        assert!(!desktop_in(env(&[
            ("DISPLAY", ""),
            ("DBUS_SESSION_BUS_ADDRESS", "x")
        ])));
        assert!(desktop_in(env(&[
            ("DISPLAY", ":0"),
            ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/b")
        ])));
        assert!(desktop_in(env(&[
            ("WAYLAND_DISPLAY", "w"),
            ("DBUS_SESSION_BUS_ADDRESS", "u")
        ])));
    }
}
