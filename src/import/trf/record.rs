//! The TRF records as they stand in the file (FIDE TRF16 and TRF-2026): each line cut into
//! its fields by the fixed columns of the format, every field read into its type, nothing
//! checked against another line (that is `check`). A field that cannot be read is a
//! [`TrfFault`] at its line and column.
//!
//! A player line (`001`), columns 1-based: start number 5–8, sex 10, title 11–13, name
//! 15–47, rating 49–52, federation 54–56, FIDE id 58–68, birth date 70–79, points 81–84,
//! rank 86–89; then one block of ten characters per round from column 92: opponent 92–95
//! (`0000` or blank: none), colour 97 (`w`, `b`, `-` or blank), result 99.

use super::fault::{TrfFault, TrfFaultKind, TrfField};

/// A colour as TRF writes it: `w` (white, bianpai's red), `b` (black), or none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
    None,
}

/// A round's result letter (TRF16 and TRF-2026 share them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `1`: won over the board.
    Win,
    /// `=`: drawn over the board.
    Draw,
    /// `0`: lost over the board.
    Loss,
    /// `W`, `D`, `L`: a game over the board that does not count for rating (its points do).
    UnratedWin,
    UnratedDraw,
    UnratedLoss,
    /// `+`: won by forfeit (the opponent did not come).
    ForfeitWin,
    /// `-`: lost by forfeit.
    ForfeitLoss,
    /// `U`: the pairing-allocated bye.
    PairingBye,
    /// `H`: a requested half-point bye.
    HalfBye,
    /// `F`: a requested full-point bye.
    FullBye,
    /// `Z`: a requested zero-point bye.
    ZeroBye,
    /// Blank: not paired.
    Blank,
}

impl Mark {
    pub fn from_char(c: char) -> Option<Mark> {
        Some(match c {
            '1' => Mark::Win,
            '=' => Mark::Draw,
            '0' => Mark::Loss,
            'W' | 'w' => Mark::UnratedWin,
            'D' | 'd' => Mark::UnratedDraw,
            'L' | 'l' => Mark::UnratedLoss,
            '+' => Mark::ForfeitWin,
            '-' => Mark::ForfeitLoss,
            'U' | 'u' => Mark::PairingBye,
            'H' | 'h' => Mark::HalfBye,
            'F' | 'f' => Mark::FullBye,
            'Z' | 'z' => Mark::ZeroBye,
            ' ' => Mark::Blank,
            _ => return None,
        })
    }

    /// The letter TRF writes.
    pub fn letter(self) -> char {
        match self {
            Mark::Win => '1',
            Mark::Draw => '=',
            Mark::Loss => '0',
            Mark::UnratedWin => 'W',
            Mark::UnratedDraw => 'D',
            Mark::UnratedLoss => 'L',
            Mark::ForfeitWin => '+',
            Mark::ForfeitLoss => '-',
            Mark::PairingBye => 'U',
            Mark::HalfBye => 'H',
            Mark::FullBye => 'F',
            Mark::ZeroBye => 'Z',
            Mark::Blank => ' ',
        }
    }

    /// A result of a game with an opponent (over the board or by forfeit).
    pub fn needs_opponent(self) -> bool {
        matches!(
            self,
            Mark::Win
                | Mark::Draw
                | Mark::Loss
                | Mark::UnratedWin
                | Mark::UnratedDraw
                | Mark::UnratedLoss
        )
    }

    /// A bye letter, which never has an opponent.
    pub fn is_bye(self) -> bool {
        matches!(
            self,
            Mark::PairingBye | Mark::HalfBye | Mark::FullBye | Mark::ZeroBye
        )
    }
}

/// One round of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The opponent's start number; `None` for `0000` or blank.
    pub opponent: Option<u32>,
    pub colour: Colour,
    pub mark: Mark,
    /// The column where the round's block starts (its opponent field), 1-based.
    pub column: usize,
}

/// A player line (001) with every field read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    pub line: usize,
    pub no: u32,
    /// `m`, `w` or `f`; `None` when blank.
    pub sex: Option<char>,
    pub title: String,
    pub name: String,
    pub rating: Option<u32>,
    pub federation: String,
    pub fide_id: String,
    /// As written (`1990/01/01`, `1981`, blank).
    pub birth: String,
    /// Points in tenths (`3.5` is 35).
    pub points: u32,
    pub rank: Option<u32>,
    pub rounds: Vec<Cell>,
}

/// Where the points field starts (1-based).
pub const POINTS_COLUMN: usize = 81;

/// The characters of a line between two 1-based columns (inclusive), blank past its end.
fn field(chars: &[char], from: usize, to: usize) -> String {
    let end = to.min(chars.len());
    if from > end {
        return String::new();
    }
    chars[from - 1..end].iter().collect()
}

fn malformed(line: usize, column: usize, field: TrfField, found: &str) -> TrfFault {
    TrfFault {
        line,
        column,
        kind: TrfFaultKind::Malformed {
            field,
            found: found.trim().to_string(),
        },
    }
}

/// A decimal number with at most one decimal place, in tenths (`3.5` → 35, `4` → 40).
pub fn tenths(s: &str) -> Option<u32> {
    let s = s.trim();
    let (whole, frac) = match s.split_once(['.', ',']) {
        Some((w, f)) => (w, f),
        None => (s, ""),
    };
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    if !whole.chars().all(|c| c.is_ascii_digit()) || !frac.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let w: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let f = frac.trim_end_matches('0');
    if f.len() > 1 {
        return None;
    }
    let f: u32 = if f.is_empty() { 0 } else { f.parse().ok()? };
    w.checked_mul(10)?.checked_add(f)
}

/// Reads one `001` line (`line` is its 1-based number, `chars` its text).
///
/// # Errors
/// A field that cannot be read, at its column.
pub fn player_line(line: usize, chars: &[char]) -> Result<PlayerLine, TrfFault> {
    let no_text = field(chars, 5, 8);
    let no: u32 = no_text
        .trim()
        .parse()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| malformed(line, 5, TrfField::StartNumber, &no_text))?;
    let sex = match field(chars, 10, 10).chars().next().unwrap_or(' ') {
        ' ' => None,
        c @ ('m' | 'M' | 'w' | 'W' | 'f' | 'F') => Some(c.to_ascii_lowercase()),
        c => return Err(malformed(line, 10, TrfField::Sex, &c.to_string())),
    };
    let rating_text = field(chars, 49, 52);
    let rating = match rating_text.trim() {
        "" => None,
        t => Some(
            t.parse::<u32>()
                .map_err(|_| malformed(line, 49, TrfField::Rating, t))?,
        ),
    }
    .filter(|r| *r > 0);
    let points_text = field(chars, POINTS_COLUMN, 84);
    let points = if points_text.trim().is_empty() {
        0
    } else {
        tenths(&points_text)
            .ok_or_else(|| malformed(line, POINTS_COLUMN, TrfField::Points, &points_text))?
    };
    let rank_text = field(chars, 86, 89);
    let rank = match rank_text.trim() {
        "" => None,
        t => Some(
            t.parse::<u32>()
                .map_err(|_| malformed(line, 86, TrfField::Rank, t))?,
        ),
    };
    let mut rounds = Vec::new();
    let mut at = 92;
    while at <= chars.len() {
        let block = field(chars, at, at + 7);
        if block.trim().is_empty() {
            rounds.push(Cell {
                opponent: None,
                colour: Colour::None,
                mark: Mark::Blank,
                column: at,
            });
            at += 10;
            continue;
        }
        let opp_text = field(chars, at, at + 3);
        let opponent = match opp_text.trim() {
            "" => None,
            t => match t.parse::<u32>() {
                Ok(0) => None,
                Ok(n) => Some(n),
                Err(_) => return Err(malformed(line, at, TrfField::Opponent, t)),
            },
        };
        let colour_text = field(chars, at + 5, at + 5);
        let colour = match colour_text.chars().next().unwrap_or(' ') {
            'w' | 'W' => Colour::White,
            'b' | 'B' => Colour::Black,
            '-' | ' ' => Colour::None,
            c => return Err(malformed(line, at + 5, TrfField::Colour, &c.to_string())),
        };
        let result_text = field(chars, at + 7, at + 7);
        let c = result_text.chars().next().unwrap_or(' ');
        let mark = Mark::from_char(c)
            .ok_or_else(|| malformed(line, at + 7, TrfField::Result, &c.to_string()))?;
        let extra = field(chars, at + 8, at + 9);
        if !extra.trim().is_empty() {
            return Err(malformed(line, at + 8, TrfField::Result, &extra));
        }
        rounds.push(Cell {
            opponent,
            colour,
            mark,
            column: at,
        });
        at += 10;
    }
    while rounds
        .last()
        .is_some_and(|c| c.mark == Mark::Blank && c.opponent.is_none())
    {
        rounds.pop();
    }
    Ok(PlayerLine {
        line,
        no,
        sex,
        title: field(chars, 11, 13).trim().to_string(),
        name: field(chars, 15, 47).trim().to_string(),
        rating,
        federation: field(chars, 54, 56).trim().to_string(),
        fide_id: field(chars, 58, 68).trim().to_string(),
        birth: field(chars, 70, 79).trim().to_string(),
        points,
        rank,
        rounds,
    })
}

/// The points of each result under a scoring record, in tenths (FIDE's defaults: 1, ½, 0;
/// every bye and forfeit as its letter says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    pub white_win: u32,
    pub black_win: u32,
    pub white_draw: u32,
    pub black_draw: u32,
    pub white_loss: u32,
    pub black_loss: u32,
    pub forfeit_win: u32,
    pub forfeit_loss: u32,
    pub pairing_bye: u32,
    pub half_bye: u32,
    pub full_bye: u32,
    pub zero_bye: u32,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            white_win: 10,
            black_win: 10,
            white_draw: 5,
            black_draw: 5,
            white_loss: 0,
            black_loss: 0,
            forfeit_win: 10,
            forfeit_loss: 0,
            pairing_bye: 10,
            half_bye: 5,
            full_bye: 10,
            zero_bye: 0,
        }
    }
}

impl Scoring {
    /// The points of one round's result for the side with `colour`.
    pub fn of(&self, mark: Mark, colour: Colour) -> u32 {
        let black = colour == Colour::Black;
        match mark {
            Mark::Win | Mark::UnratedWin => {
                if black {
                    self.black_win
                } else {
                    self.white_win
                }
            }
            Mark::Draw | Mark::UnratedDraw => {
                if black {
                    self.black_draw
                } else {
                    self.white_draw
                }
            }
            Mark::Loss | Mark::UnratedLoss => {
                if black {
                    self.black_loss
                } else {
                    self.white_loss
                }
            }
            Mark::ForfeitWin => self.forfeit_win,
            Mark::ForfeitLoss => self.forfeit_loss,
            Mark::PairingBye => self.pairing_bye,
            Mark::HalfBye => self.half_bye,
            Mark::FullBye => self.full_bye,
            Mark::ZeroBye | Mark::Blank => self.zero_bye,
        }
    }

    /// Reads a `162` record: pairs of a code and its points (`W 1.0 D 0.5 L 0.0`, or by
    /// colour `WW 1.0 BW 1.0 WD 0.5 BD 0.5 WL 0 BL 0`, and `PAB`/`U`, `HPB`/`H`, `FPB`/`F`,
    /// `ZPB`/`Z`, `FW`/`+`, `FL`/`-`); codes not named keep FIDE's defaults.
    ///
    /// # Errors
    /// An unknown code or a number that cannot be read, at its column.
    pub fn read(line: usize, chars: &[char]) -> Result<Scoring, TrfFault> {
        let mut s = Scoring::default();
        let text: String = chars.iter().collect();
        let mut tokens: Vec<(usize, &str)> = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            if c.is_whitespace() {
                if let Some(b) = start.take() {
                    tokens.push((b, &text[b..i]));
                }
            } else if start.is_none() {
                start = Some(i);
            }
        }
        if let Some(b) = start {
            tokens.push((b, &text[b..]));
        }
        // Byte offsets to columns: the record is ASCII in practice; count characters anyway.
        let col = |b: usize| text[..b].chars().count() + 1;
        let mut it = tokens.into_iter().skip(1);
        while let Some((b, code)) = it.next() {
            let Some((vb, value)) = it.next() else {
                return Err(malformed(line, col(b), TrfField::Scoring, code));
            };
            let v =
                tenths(value).ok_or_else(|| malformed(line, col(vb), TrfField::Scoring, value))?;
            match code.to_ascii_uppercase().as_str() {
                "W" | "1" => {
                    s.white_win = v;
                    s.black_win = v;
                }
                "D" | "=" => {
                    s.white_draw = v;
                    s.black_draw = v;
                }
                "L" | "0" => {
                    s.white_loss = v;
                    s.black_loss = v;
                }
                "WW" => s.white_win = v,
                "BW" => s.black_win = v,
                "WD" => s.white_draw = v,
                "BD" => s.black_draw = v,
                "WL" => s.white_loss = v,
                "BL" => s.black_loss = v,
                "FW" | "+" => s.forfeit_win = v,
                "FL" | "-" => s.forfeit_loss = v,
                "PAB" | "U" => s.pairing_bye = v,
                "HPB" | "H" => s.half_bye = v,
                "FPB" | "F" => s.full_bye = v,
                "ZPB" | "Z" => s.zero_bye = v,
                _ => return Err(malformed(line, col(b), TrfField::Scoring, code)),
            }
        }
        Ok(s)
    }
}

/// Every record of the file that the reader uses, each read into its type.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Records {
    /// 012 tournament name.
    pub name: String,
    /// 022 city.
    pub city: String,
    /// 042 / 052 start and end dates, as written.
    pub start_date: String,
    pub end_date: String,
    /// 092 type of tournament.
    pub kind: String,
    /// 102 chief arbiter.
    pub chief_arbiter: String,
    /// 122 time control.
    pub time_control: String,
    /// 132 round dates, as written (one per round).
    pub round_dates: Vec<String>,
    /// 142 or XXR: the number of rounds, with the line that says it.
    pub rounds: Option<(u32, usize)>,
    /// 162 scoring, when present.
    pub scoring: Option<Scoring>,
    pub players: Vec<PlayerLine>,
    /// `###` comment lines: their line and text as written (without the `###`).
    pub comments: Vec<(usize, String)>,
}

/// Cuts text into lines at CR LF, LF or CR.
pub fn lines(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(i) = rest.find(['\r', '\n']) {
            out.push(&rest[..i]);
            let skip = if rest[i..].starts_with("\r\n") { 2 } else { 1 };
            rest = &rest[i + skip..];
        } else {
            out.push(rest);
            rest = "";
        }
    }
    out
}

/// Reads every record of the text.
///
/// # Errors
/// The first field that cannot be read.
pub fn records(text: &str) -> Result<Records, TrfFault> {
    let mut r = Records::default();
    for (i, raw) in lines(text).into_iter().enumerate() {
        let line = i + 1;
        let raw = raw.strip_prefix('\u{feff}').unwrap_or(raw);
        let chars: Vec<char> = raw.chars().collect();
        let code: String = chars.iter().take(3).collect();
        let rest = || field(&chars, 5, chars.len()).trim().to_string();
        match code.as_str() {
            "001" => r.players.push(player_line(line, &chars)?),
            "012" => r.name = rest(),
            "022" => r.city = rest(),
            "042" => r.start_date = rest(),
            "052" => r.end_date = rest(),
            "092" => r.kind = rest(),
            "102" => r.chief_arbiter = rest(),
            "122" => r.time_control = rest(),
            "132" => {
                let mut at = 92;
                while at <= chars.len() {
                    r.round_dates
                        .push(field(&chars, at, at + 7).trim().to_string());
                    at += 10;
                }
            }
            "142" | "XXR" => {
                let t = rest();
                let n = t
                    .split_whitespace()
                    .next()
                    .and_then(|w| w.parse::<u32>().ok())
                    .filter(|n| *n > 0 && *n <= 99)
                    .ok_or_else(|| malformed(line, 5, TrfField::Rounds, &t))?;
                r.rounds = Some((n, line));
            }
            "162" => r.scoring = Some(Scoring::read(line, &chars)?),
            "###" => r.comments.push((line, chars.iter().skip(3).collect())),
            _ => {}
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_read_points() {
        assert_eq!(tenths("3.5"), Some(35));
        assert_eq!(tenths(" 4.0"), Some(40));
        assert_eq!(tenths("12"), Some(120));
        assert_eq!(tenths("0,5"), Some(5));
        assert_eq!(tenths("1.25"), None);
        assert_eq!(tenths("x"), None);
        assert_eq!(tenths(""), None);
    }

    #[test]
    fn lines_split_at_every_ending() {
        assert_eq!(lines("a\r\nb\rc\nd"), vec!["a", "b", "c", "d"]);
        assert_eq!(lines("a\n\nb\n"), vec!["a", "", "b"]);
    }

    #[test]
    fn a_player_line_reads_its_rounds() {
        let l = "001    4 m    David                             2050 NOR           0 1990/01/01  3.5    4    12 b 1     0 - H    13 w 1";
        let chars: Vec<char> = l.chars().collect();
        let p = player_line(7, &chars).unwrap();
        assert_eq!(
            (p.no, p.points, p.rank, p.rating),
            (4, 35, Some(4), Some(2050))
        );
        assert_eq!(p.name, "David");
        assert_eq!(p.rounds.len(), 3);
        assert_eq!(p.rounds[0].opponent, Some(12));
        assert_eq!(p.rounds[0].colour, Colour::Black);
        assert_eq!(p.rounds[1].mark, Mark::HalfBye);
        assert_eq!(p.rounds[1].opponent, None);
        assert_eq!(p.rounds[2].column, 112);
    }

    #[test]
    fn a_bad_result_letter_names_its_column() {
        let l = "001    4 m    David                             2050 NOR           0 1990/01/01  3.5    4    12 b 1    13 w X";
        let chars: Vec<char> = l.chars().collect();
        let e = player_line(3, &chars).unwrap_err();
        assert_eq!((e.line, e.column), (3, 109));
    }

    #[test]
    fn scoring_reads_codes() {
        let l: Vec<char> = "162 W 3.0 WD 1.0 BD 2.0 L 0".chars().collect();
        let s = Scoring::read(1, &l).unwrap();
        assert_eq!(
            (s.white_win, s.white_draw, s.black_draw, s.half_bye),
            (30, 10, 20, 5)
        );
        let l: Vec<char> = "162 Q 3.0".chars().collect();
        assert_eq!(Scoring::read(1, &l).unwrap_err().column, 5);
    }
}
