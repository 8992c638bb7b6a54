//! Reading a FIDE tournament report file (TRF16, TRF-2026): the world's exchange format
//! (docs/cli.md#new---trf). Three steps, each its own file: `record` cuts the lines into
//! typed fields (a field that cannot be read is refused at its line and column), `check`
//! holds the lines against each other (pairings both sides hold, one colour each, results
//! that fit, totals that follow from the results and the scoring record, start numbers
//! once) and `replay` turns the checked file into the domain's own events.
//!
//! The text may be UTF-8 (with or without a BOM) or Latin-1 (any other bytes), its lines
//! ended by CR LF, LF or CR.

mod check;
mod event_rules;
mod fault;
mod notes;
mod record;
mod replay;
mod table;

pub use check::{Trf, TrfBye, TrfGame, TrfRound, check};
pub use event_rules::{base_rules, date, round_robin_of, rules_for, scale_of};
pub use fault::{TrfFault, TrfFaultKind, TrfField};
pub use notes::{EntryField, EntryNote, FoulNote, KnockoutNote, Notes, WithdrawnNote, notes};
pub use record::{Cell, Colour, Mark, PlayerLine, Records, Scoring, records, tenths};
pub use replay::{Plan, plan, replay};
pub use table::{TableRound, on_table};

/// The largest TRF file read, in bytes (5,000 players × 99 rounds fit easily).
pub const MAX_BYTES: u64 = 64 * 1024 * 1024;

/// The file's bytes as text: UTF-8 when they are, else Latin-1 (each byte one character).
pub fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_string(),
        Err(_) => bytes.iter().map(|b| char::from(*b)).collect(),
    }
}

/// Reads and checks a TRF text (`rounds`: `--rounds`, for a file that does not say).
///
/// # Errors
/// The first defect, at its line and column.
pub fn read(text: &str, rounds: Option<u32>) -> Result<Trf, TrfFault> {
    check(records(text)?, rounds)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "012 Test\nXXR 2\n";

    fn line(no: u32, points: &str, rounds: &[(u32, char, char)]) -> String {
        let mut l = format!(
            "001 {no:>4} m    {:<33} 1500 NOR           0 1990/01/01 {points:>4} {no:>4}",
            format!("Player {no}")
        );
        for (o, c, r) in rounds {
            use std::fmt::Write as _;
            let _ = write!(l, "  {o:>4} {c} {r}");
        }
        l
    }

    fn file(lines: &[String]) -> String {
        format!("{HEAD}{}\n", lines.join("\n"))
    }

    #[test]
    fn a_good_file_reads_with_every_ending() {
        let lines = [
            line(1, "1.5", &[(2, 'w', '1'), (0, '-', 'H')]),
            line(2, "1.0", &[(1, 'b', '0'), (0, '-', 'U')]),
        ];
        for sep in ["\n", "\r\n", "\r"] {
            let text = file(&lines).replace('\n', sep);
            let t = read(&text, None).unwrap();
            assert_eq!(t.players.len(), 2);
            assert_eq!(t.played.len(), 2);
            assert_eq!(t.played[0].games.len(), 1);
            assert_eq!(t.played[1].byes.len(), 2);
        }
    }

    #[test]
    fn latin1_names_are_read() {
        let mut bytes = b"012 T\nXXR 1\n".to_vec();
        let l = line(1, "0.0", &[]).replace("Player 1", "Jos\u{e9}    ");
        bytes.extend(l.chars().map(|c| c as u32 as u8));
        let t = read(&decode(&bytes), None).unwrap();
        assert_eq!(t.players[0].name, "José");
    }

    fn fault(lines: &[String]) -> TrfFault {
        read(&file(lines), None).unwrap_err()
    }

    #[test]
    fn a_pairing_one_side_does_not_hold_is_refused_at_its_place() {
        let f = fault(&[
            line(1, "1.0", &[(2, 'w', '1')]),
            line(2, "0.0", &[(0, '-', 'Z')]),
        ]);
        assert_eq!((f.line, f.column), (3, 92));
        assert!(matches!(f.kind, TrfFaultKind::PairingNotHeld { .. }));
    }

    #[test]
    fn a_colour_both_sides_hold_is_refused() {
        let f = fault(&[
            line(1, "1.0", &[(2, 'w', '1')]),
            line(2, "0.0", &[(1, 'w', '0')]),
        ]);
        assert_eq!((f.line, f.column), (3, 97));
        assert!(matches!(f.kind, TrfFaultKind::SameColour { .. }));
    }

    #[test]
    fn a_total_the_results_do_not_give_is_refused() {
        let f = fault(&[
            line(1, "1.0", &[(2, 'w', '1')]),
            line(2, "0.5", &[(1, 'b', '0')]),
        ]);
        assert_eq!((f.line, f.column), (4, 81));
        assert_eq!(
            f.kind,
            TrfFaultKind::TotalMismatch {
                declared: 5,
                computed: 0
            }
        );
    }

    #[test]
    fn a_start_number_twice_is_refused() {
        let f = fault(&[line(1, "0.0", &[]), line(1, "0.0", &[])]);
        assert_eq!((f.line, f.column), (4, 5));
    }

    #[test]
    fn results_that_do_not_fit_are_refused() {
        let f = fault(&[
            line(1, "1.0", &[(2, 'w', '1')]),
            line(2, "1.0", &[(1, 'b', '1')]),
        ]);
        assert_eq!((f.line, f.column), (3, 99));
    }

    #[test]
    fn the_scoring_record_decides_the_totals() {
        let text = format!(
            "{HEAD}162 W 3.0 D 1.0 L 0.0\n{}\n{}\n",
            line(1, "3.0", &[(2, 'w', '1')]),
            line(2, "0.0", &[(1, 'b', '0')])
        );
        assert!(read(&text, None).is_ok());
    }

    #[test]
    fn without_a_round_count_rounds_must_be_given() {
        let text = format!("012 T\n{}\n", line(1, "0.0", &[]));
        assert_eq!(
            read(&text, None).unwrap_err().kind,
            TrfFaultKind::NoRoundCount
        );
        assert_eq!(read(&text, Some(5)).unwrap().rounds, 5);
    }
}
