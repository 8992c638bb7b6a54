//! bianpai's own `###` lines in a TRF file (docs/formats.md#trf): what no TRF field means,
//! written by `export --format trf` and read back by `new --trf` so that a round trip keeps
//! it. Other programs' comment lines, and bianpai lines that are declarations only (the
//! tiebreak chain, the colour-dependent draw), are passed over. A bianpai line that cannot be
//! read is refused at its line and column, like any other field.
//!
//! - `bianpai foul round R board B w|b NO KIND`: a foul of player NO (`w` red, `b` black);
//! - `bianpai withdrawn NO from round R [by_rule]`: NO withdrew, out of rounds R on;
//! - `bianpai round_robin_order plain|fide`: a double round robin's order;
//! - `bianpai entry NO club|team|group TEXT`: what a player line has no room for (a club
//!   longer than the federation field, the team, the group of an event with several);
//! - `bianpai knockout round R board B STAGE KIND RED BLACK RESULT [lot]`: a knockout game
//!   (STAGE `quarter_final` … `third_place`, KIND `slow`, `rapid` or `armageddon`, RESULT a
//!   result word or `-` for none yet; `lot`: the armageddon's colours were drawn).

use super::fault::{TrfFault, TrfFaultKind, TrfField};
use crate::domain::event::{GameKind, Stage};
use crate::domain::format::RoundRobinOrder;
use crate::domain::result::GameResult;
use crate::domain::rules::FoulKind;
use crate::domain::side::Side;

/// A foul as the file notes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FoulNote {
    pub line: usize,
    pub round: u32,
    /// The board as written (the player's seat decides where it goes when boards differ).
    pub board: u32,
    pub side: Side,
    /// The start number.
    pub no: u32,
    pub kind: FoulKind,
}

/// A withdrawal as the file notes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WithdrawnNote {
    pub line: usize,
    /// The start number.
    pub no: u32,
    /// The first round the player is out of.
    pub from: u32,
    pub by_rule: bool,
}

/// A knockout game as the file notes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnockoutNote {
    pub line: usize,
    pub round: u32,
    pub board: u32,
    pub stage: Stage,
    pub kind: GameKind,
    /// Start numbers.
    pub red: u32,
    pub black: u32,
    pub result: Option<GameResult>,
    pub lot: bool,
}

/// Which entry field an `entry` note gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryField {
    Club,
    Team,
    Group,
}

impl EntryField {
    pub const ALL: [EntryField; 3] = [EntryField::Club, EntryField::Team, EntryField::Group];

    pub fn word(self) -> &'static str {
        match self {
            EntryField::Club => "club",
            EntryField::Team => "team",
            EntryField::Group => "group",
        }
    }
}

/// A player's entry field as the file notes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntryNote {
    pub line: usize,
    /// The start number.
    pub no: u32,
    pub field: EntryField,
    pub text: String,
}

/// Every bianpai note of a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    pub entries: Vec<EntryNote>,
    pub fouls: Vec<FoulNote>,
    pub knockout: Vec<KnockoutNote>,
    pub withdrawn: Vec<WithdrawnNote>,
    pub round_robin_order: Option<RoundRobinOrder>,
}

/// The column (1-based, counting the `###`) of the `k`-th word of a comment's text.
fn column(text: &str, k: usize) -> usize {
    let mut seen = 0;
    let mut in_word = false;
    for (i, c) in text.chars().enumerate() {
        let space = c.is_whitespace();
        if !space && !in_word {
            if seen == k {
                return i + 4;
            }
            seen += 1;
        }
        in_word = !space;
    }
    text.chars().count() + 4
}

/// Reads the notes among the comment lines (`(line, text after ###)`).
///
/// # Errors
/// A bianpai foul, withdrawal or order line that cannot be read, at the word at fault.
pub fn notes(comments: &[(usize, String)]) -> Result<Notes, TrfFault> {
    let mut out = Notes::default();
    for (line, text) in comments {
        let w: Vec<&str> = text.split_whitespace().collect();
        if w.first() != Some(&"bianpai") {
            continue;
        }
        let bad = |k: usize| TrfFault {
            line: *line,
            column: column(text, k),
            kind: TrfFaultKind::Malformed {
                field: TrfField::Note,
                found: w.get(k).copied().unwrap_or("").to_string(),
            },
        };
        let num = |k: usize| {
            w.get(k)
                .and_then(|s| s.parse::<u32>().ok())
                .filter(|n| *n > 0)
                .ok_or_else(|| bad(k))
        };
        let word = |k: usize, want: &str| {
            if w.get(k) == Some(&want) {
                Ok(())
            } else {
                Err(bad(k))
            }
        };
        match w.get(1).copied() {
            Some("foul") => {
                word(2, "round")?;
                word(4, "board")?;
                let side = match w.get(6).copied() {
                    Some("w") => Side::Red,
                    Some("b") => Side::Black,
                    _ => return Err(bad(6)),
                };
                let kind = FoulKind::ALL
                    .into_iter()
                    .find(|k| w.get(8) == Some(&k.word()))
                    .ok_or_else(|| bad(8))?;
                if w.len() > 9 {
                    return Err(bad(9));
                }
                out.fouls.push(FoulNote {
                    line: *line,
                    round: num(3)?,
                    board: num(5)?,
                    side,
                    no: num(7)?,
                    kind,
                });
            }
            Some("withdrawn") => {
                word(3, "from")?;
                word(4, "round")?;
                let by_rule = match w.get(6).copied() {
                    None => false,
                    Some("by_rule") if w.len() == 7 => true,
                    Some(_) => return Err(bad(6)),
                };
                out.withdrawn.push(WithdrawnNote {
                    line: *line,
                    no: num(2)?,
                    from: num(5)?,
                    by_rule,
                });
            }
            Some("knockout") => {
                word(2, "round")?;
                word(4, "board")?;
                let stage = [
                    Stage::QuarterFinal,
                    Stage::SemiFinal,
                    Stage::Final,
                    Stage::ThirdPlace,
                ]
                .into_iter()
                .find(|s| w.get(6) == Some(&s.word()))
                .ok_or_else(|| bad(6))?;
                let kind = [GameKind::Slow, GameKind::Rapid, GameKind::Armageddon]
                    .into_iter()
                    .find(|k| w.get(7) == Some(&k.word()))
                    .ok_or_else(|| bad(7))?;
                let result = match w.get(10).copied() {
                    Some("-") => None,
                    Some(r) => Some(r.parse::<GameResult>().map_err(|_| bad(10))?),
                    None => return Err(bad(10)),
                };
                let lot = match w.get(11).copied() {
                    None => false,
                    Some("lot") if w.len() == 12 && kind == GameKind::Armageddon => true,
                    Some(_) => return Err(bad(11)),
                };
                out.knockout.push(KnockoutNote {
                    line: *line,
                    round: num(3)?,
                    board: num(5)?,
                    stage,
                    kind,
                    red: num(8)?,
                    black: num(9)?,
                    result,
                    lot,
                });
            }
            Some("entry") => {
                let field = EntryField::ALL
                    .into_iter()
                    .find(|f| w.get(3) == Some(&f.word()))
                    .ok_or_else(|| bad(3))?;
                // The text: everything after the field's word, as written.
                let at = column(text, 4) - 4;
                let value: String = text.chars().skip(at).collect();
                let max = match field {
                    EntryField::Group => crate::domain::text::GROUP_MAX,
                    EntryField::Club | EntryField::Team => crate::domain::text::CLUB_MAX,
                };
                crate::domain::text::check(field.word(), value.trim_end(), max)
                    .map_err(|_| bad(4))?;
                out.entries.push(EntryNote {
                    line: *line,
                    no: num(2)?,
                    field,
                    text: value.trim_end().to_string(),
                });
            }
            Some("round_robin_order") => {
                out.round_robin_order = Some(match w.get(2).copied() {
                    Some("plain") => RoundRobinOrder::Plain,
                    Some("fide") => RoundRobinOrder::Fide,
                    _ => return Err(bad(2)),
                });
            }
            _ => {}
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(text: &str) -> Result<Notes, TrfFault> {
        notes(&[(7, text.to_string())])
    }

    #[test]
    fn the_lines_export_writes_are_read() {
        let n = one(" bianpai foul round 3 board 1 w 12 phone").unwrap();
        assert_eq!(
            n.fouls,
            vec![FoulNote {
                line: 7,
                round: 3,
                board: 1,
                side: Side::Red,
                no: 12,
                kind: FoulKind::Phone
            }]
        );
        let n = one(" bianpai withdrawn 4 from round 2 by_rule").unwrap();
        assert_eq!(
            (
                n.withdrawn[0].no,
                n.withdrawn[0].from,
                n.withdrawn[0].by_rule
            ),
            (4, 2, true)
        );
        let n = one(" bianpai knockout round 10 board 4 semi_final armageddon 7 2 black_win lot")
            .unwrap();
        assert_eq!(
            n.knockout,
            vec![KnockoutNote {
                line: 7,
                round: 10,
                board: 4,
                stage: Stage::SemiFinal,
                kind: GameKind::Armageddon,
                red: 7,
                black: 2,
                result: Some(GameResult::BlackWin),
                lot: true
            }]
        );
        let n = one(" bianpai knockout round 11 board 1 final slow 2 12 -").unwrap();
        assert_eq!(n.knockout[0].result, None);
        let n = one(" bianpai entry 3 club 深圳 市 棋院").unwrap();
        assert_eq!(
            n.entries,
            vec![EntryNote {
                line: 7,
                no: 3,
                field: EntryField::Club,
                text: "深圳 市 棋院".into()
            }]
        );
        let n = one(" bianpai round_robin_order plain").unwrap();
        assert_eq!(n.round_robin_order, Some(RoundRobinOrder::Plain));
    }

    #[test]
    fn other_comments_and_declarations_are_passed_over() {
        for t in [
            " made by Swiss-Manager",
            " bianpai tiebreaks fouls",
            " bianpai colour-dependent draw: red (w) 1.0, black (b) 2.0",
            "",
        ] {
            assert_eq!(one(t).unwrap(), Notes::default(), "{t}");
        }
    }

    #[test]
    fn a_bad_word_is_refused_at_its_column() {
        let e = one(" bianpai foul round 3 board 1 x 12 phone").unwrap_err();
        assert_eq!((e.line, e.column), (7, 34));
        let e = one(" bianpai foul round 3 board 1 w 12 shouting").unwrap_err();
        assert_eq!(e.column, 39);
        let e = one(" bianpai withdrawn 4 from round zero").unwrap_err();
        assert_eq!(e.column, 36);
        let e = one(" bianpai knockout round 10 board 1 semi_final slow 7 2 draw lot").unwrap_err();
        assert_eq!(e.column, 64);
    }
}
