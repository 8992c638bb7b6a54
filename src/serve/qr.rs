//! A QR code of the page's address, drawn with Unicode half blocks (two modules a character
//! cell), for the terminal where `serve` starts and the console's `Q` overlay.

use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code, as the standard asks for scanners.
const QUIET: usize = 2;

/// The code of `text` as lines of `█ ▀ ▄` and spaces, dark modules drawn as blank (so it
/// reads on a dark terminal: the light modules are the printed blocks). `None` when the
/// text is too long for a QR code.
pub fn lines(text: &str) -> Option<Vec<String>> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::L).ok()?;
    let w = code.width();
    let colors = code.to_colors();
    let light = |x: usize, y: usize| -> bool {
        if x < QUIET || y < QUIET || x >= w + QUIET || y >= w + QUIET {
            return true;
        }
        colors[(y - QUIET) * w + (x - QUIET)] == Color::Light
    };
    let size = w + 2 * QUIET;
    let mut out = Vec::with_capacity(size.div_ceil(2));
    for y in (0..size).step_by(2) {
        let line: String = (0..size)
            .map(|x| {
                let top = light(x, y);
                let bottom = y + 1 < size && light(x, y + 1);
                match (top, bottom) {
                    (true, true) => '█',
                    (true, false) => '▀',
                    (false, true) => '▄',
                    (false, false) => ' ',
                }
            })
            .collect();
        out.push(line);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_is_square_with_its_quiet_zone() {
        let l = lines("http://192.168.1.20:8080/").expect("fits");
        let width = l[0].chars().count();
        // Version 2 (25 modules) for this length, plus the quiet zone on both sides.
        assert_eq!(width, 25 + 2 * QUIET);
        assert_eq!(l.len(), width.div_ceil(2));
        assert!(l.iter().all(|r| r.chars().count() == width));
        assert!(l[0].chars().all(|c| c == '█'), "the quiet zone is light");
    }

    #[test]
    fn too_long_is_none() {
        assert!(lines(&"x".repeat(5000)).is_none());
    }
}
