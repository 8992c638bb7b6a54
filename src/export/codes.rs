//! The players' codes (docs/self-report.md): `export --what codes` and the code stubs of the
//! scoresheets, for the head arbiter and the organizer only. Nothing else exports a code:
//! the JSON of every other `--what`, the room page and the audit never carry one.

use std::fmt::Write as _;

use qrcode::{Color, EcLevel, QrCode};
use serde_json::{Value, json};

use crate::domain::side::BySide;
use crate::domain::{Round, Tournament};

/// `[{"round": 1, "board": 3, "side": "red", "no": 17, "code": "…"}]` for `round`.
pub fn json(t: &Tournament, round: Round) -> Value {
    Value::Array(
        t.seat_codes(round)
            .into_iter()
            .map(|c| {
                json!({
                    "round": c.round.0,
                    "board": c.board.0,
                    "side": c.side.word(),
                    "no": c.player.0,
                    "code": c.code.digits(),
                })
            })
            .collect(),
    )
}

/// The address a board's QR code opens: `{base}report?round=R&board=B`.
pub fn report_link(base: &str, round: u32, board: u32) -> String {
    let base = base.trim().trim_end_matches('/');
    format!("{base}/report?round={round}&board={board}")
}

/// Whether `url`'s host is this machine's own (127.0.0.0/8, `::1`, `localhost`): an address
/// the players' phones cannot open.
pub fn is_loopback(url: &str) -> bool {
    let rest = url.trim();
    let rest = rest.split_once("://").map_or(rest, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = if let Some(v6) = host_port.strip_prefix('[') {
        v6.split(']').next().unwrap_or("")
    } else {
        host_port.split(':').next().unwrap_or("")
    };
    let host = host.to_ascii_lowercase();
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    host.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

/// What a slip carries when its codes are printed: each side's code (`1234 5678`) and the
/// board's report address, when the room page's address is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlipCodes {
    pub codes: BySide<String>,
    pub link: Option<String>,
}

/// The codes of every board of `round`, by board number, with links under `base`.
pub fn slip_codes(t: &Tournament, round: Round, base: Option<&str>) -> Vec<(u32, SlipCodes)> {
    let all = t.seat_codes(round);
    let mut out: Vec<(u32, SlipCodes)> = Vec::new();
    for c in all {
        let board = c.board.0;
        let text = c.code.grouped();
        if let Some((_, s)) = out.iter_mut().find(|(b, _)| *b == board) {
            *s.codes.get_mut(c.side) = text;
        } else {
            let mut codes = BySide::new(String::new(), String::new());
            *codes.get_mut(c.side) = text;
            out.push((
                board,
                SlipCodes {
                    codes,
                    link: base.map(|b| report_link(b, round.0, board)),
                },
            ));
        }
    }
    out
}

/// A QR code of `text` as an inline SVG `size_mm` wide (dark modules black on white, with
/// the quiet zone scanners want); `None` when the text is too long for a code.
pub fn qr_svg(text: &str, size_mm: u32) -> Option<String> {
    const QUIET: usize = 2;
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let w = code.width();
    let n = w + 2 * QUIET;
    let colors = code.to_colors();
    let mut path = String::new();
    for y in 0..w {
        for x in 0..w {
            if colors[y * w + x] == Color::Dark {
                let _ = write!(path, "M{},{}h1v1h-1z", x + QUIET, y + QUIET);
            }
        }
    }
    Some(format!(
        "<svg class=\"qr\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {n} {n}\" width=\"{size_mm}mm\" height=\"{size_mm}mm\" shape-rendering=\"crispEdges\"><rect width=\"{n}\" height=\"{n}\" fill=\"#fff\"/><path d=\"{path}\" fill=\"#000\"/></svg>"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_is_the_boards_form() {
        assert_eq!(
            report_link("http://192.168.1.20:8080/", 3, 12),
            "http://192.168.1.20:8080/report?round=3&board=12"
        );
        assert_eq!(
            report_link("http://h:1", 1, 1),
            "http://h:1/report?round=1&board=1"
        );
    }

    #[test]
    fn loopback_addresses_are_told_from_the_halls() {
        for l in [
            "http://127.0.0.1:8080/",
            "http://127.3.4.5",
            "http://[::1]:8080/",
            "http://localhost:8080/x",
            "HTTP://LOCALHOST",
        ] {
            assert!(is_loopback(l), "{l}");
        }
        for h in [
            "http://192.168.1.20:8080/",
            "http://0.0.0.0:8080/",
            "http://[fe80::1]:80/",
            "http://hall.example/",
            "http://10.127.0.1/",
        ] {
            assert!(!is_loopback(h), "{h}");
        }
    }

    #[test]
    fn a_qr_is_a_square_svg_with_dark_modules() {
        let svg = qr_svg("http://192.168.1.20:8080/report?round=3&board=12", 22).unwrap();
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("width=\"22mm\" height=\"22mm\""));
        assert!(svg.matches("h1v1h-1z").count() > 100, "modules drawn");
        assert!(qr_svg(&"x".repeat(5000), 22).is_none());
    }
}
