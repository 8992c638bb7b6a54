//! `export --format trf`: the event as a FIDE tournament report (TRF-2026, readable as TRF16;
//! docs/formats.md#trf). Tournament records, one `001` line per player with every Swiss
//! round (opponent, colour `w` = red, result), and `###` comment lines for what no field
//! means: fouls, the knockout's games, a colour-dependent draw's declaration.
//!
//! The totals written are the sums of the rounds written, in the scoring the `162` record
//! declares, so a reader that checks a file before it accepts it reconciles every total.

use crate::domain::event::Stage;
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::{Gender, Points, Tiebreak};
use crate::domain::side::Side;
use crate::domain::tournament::Tournament;
use crate::domain::zone::EventZone;

/// One round of one player as TRF writes it: opponent (0 for none), colour, result letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    opponent: u32,
    colour: char,
    mark: char,
    /// Table points of the cell.
    points: u32,
}

/// Blank: not paired.
const BLANK: Cell = Cell {
    opponent: 0,
    colour: ' ',
    mark: ' ',
    points: 0,
};

/// Tenths of a printed point as TRF writes them (`13.0`, `6.5`).
fn tenths(table: u32, per_point: u32) -> String {
    let t = u64::from(table) * 10 / u64::from(per_point.max(1));
    format!("{}.{}", t / 10, t % 10)
}

/// FIDE's code of a criterion of the chain, where FIDE has one.
fn fide_code(tb: Tiebreak) -> Option<&'static str> {
    Some(match tb {
        Tiebreak::FideBh => "BH",
        Tiebreak::FideBhC1 => "BH/C1",
        Tiebreak::FideBhM1 => "BH/M1",
        Tiebreak::FideAob => "AOB",
        Tiebreak::FideFb => "FB",
        Tiebreak::FideSb => "SB",
        Tiebreak::FideSbC1 => "SB/C1",
        Tiebreak::FideWin => "WIN",
        Tiebreak::FideWon => "WON",
        Tiebreak::FideBpg => "BPG",
        Tiebreak::FideBwg => "BWG",
        Tiebreak::FideGe => "GE",
        Tiebreak::FidePs => "PS",
        Tiebreak::FidePsC1 => "PS/C1",
        Tiebreak::FideDe => "DE",
        Tiebreak::FideKs => "KS",
        _ => return None,
    })
}

/// The `162` record: the points of every result letter in printed points.
fn scoring(p: &Points) -> String {
    let pp = p.per_point();
    let s = |v: u32| tenths(v, pp);
    let by_colour =
        p.red_win != p.black_win || p.red_draw != p.black_draw || p.red_loss != p.black_loss;
    let games = if by_colour {
        format!(
            "WW {} BW {} WD {} BD {} WL {} BL {}",
            s(p.red_win),
            s(p.black_win),
            s(p.red_draw),
            s(p.black_draw),
            s(p.red_loss),
            s(p.black_loss)
        )
    } else {
        format!("W {} D {} L {}", s(p.red_win), s(p.red_draw), s(p.red_loss))
    };
    format!(
        "162 {games} FW {} FL {} PAB {} HPB {} FPB {} ZPB 0.0",
        s(p.red_win),
        s(p.red_loss),
        s(p.bye_points()),
        s(p.red_draw),
        s(p.red_win),
    )
}

/// Every player's Swiss rounds as cells, `[i][r]` for player number i + 1 and round r + 1.
fn cells(t: &Tournament) -> Vec<Vec<Cell>> {
    let n = t.players.len();
    let pts = &t.rules.points;
    let rounds = t.rounds.len();
    let mut out = vec![vec![BLANK; rounds]; n];
    let ix = |no: PlayerNo| (no.0 >= 1 && no.index() < n).then_some(no.index());
    for (r, round) in t.rounds.iter().enumerate() {
        for g in round.games.iter().filter(|g| g.stage == Stage::Swiss) {
            let Some(result) = g.result else { continue };
            for side in Side::BOTH {
                let (Some(me), Some(opp)) = (ix(g.player(side)), ix(g.player(side.other()))) else {
                    continue;
                };
                let mark = if result.is_forfeit() {
                    if result.forfeited_by(side) { '-' } else { '+' }
                } else {
                    match result.outcome(side) {
                        Outcome::Win => '1',
                        Outcome::Draw => '=',
                        Outcome::Loss => '0',
                    }
                };
                out[me][r] = Cell {
                    opponent: opp as u32 + 1,
                    colour: if side == Side::Red { 'w' } else { 'b' },
                    mark,
                    points: pts.for_result(result, side),
                };
            }
        }
        if !t.rules.format.follows_a_table() {
            for b in &round.byes {
                if let Some(i) = ix(*b) {
                    out[i][r] = Cell {
                        mark: 'U',
                        colour: '-',
                        points: pts.bye_points(),
                        ..BLANK
                    };
                }
            }
        }
        for b in &round.requested {
            if let Some(i) = ix(b.no) {
                out[i][r] = Cell {
                    mark: match b.points {
                        crate::domain::requested_bye::ByePoints::Half => 'H',
                        crate::domain::requested_bye::ByePoints::Zero => 'Z',
                        crate::domain::requested_bye::ByePoints::Full => 'F',
                    },
                    colour: '-',
                    points: b.points.points(pts),
                    ..BLANK
                };
            }
        }
    }
    out
}

/// A line of `width` spaces with `text` set from 1-based column `at` (cut at `len` characters).
fn put(line: &mut Vec<char>, at: usize, len: usize, text: &str, right: bool) {
    let chars: Vec<char> = text.chars().take(len).collect();
    let pad = if right { len - chars.len() } else { 0 };
    let end = at - 1 + len;
    if line.len() < end {
        line.resize(end, ' ');
    }
    for (k, c) in chars.into_iter().enumerate() {
        line[at - 1 + pad + k] = c;
    }
}

/// The file's text. `private`: the reader may see birth dates (they are written only then).
pub fn write(t: &Tournament, private: bool) -> String {
    let pts = &t.rules.points;
    let pp = pts.per_point();
    let zone = EventZone::of(&t.rules);
    let rounds = t.rounds.len();
    let mut out: Vec<String> = Vec::new();
    let text = |s: &str| crate::domain::text::escape(s).into_owned();
    out.push(format!("012 {}", text(&t.rules.title)));
    let starts: Vec<Option<String>> = t
        .rounds
        .iter()
        .map(|r| r.started_at.map(|at| zone.format(at, "%Y/%m/%d")))
        .collect();
    let first = t
        .rules
        .date
        .map(|d| d.format("%Y/%m/%d").to_string())
        .or_else(|| starts.iter().flatten().next().cloned());
    if let Some(d) = &first {
        out.push(format!("042 {d}"));
    }
    if let Some(d) = starts.iter().flatten().last() {
        out.push(format!("052 {d}"));
    }
    out.push(format!("062 {}", t.players.len()));
    let kind = match t.rules.format.round_robin() {
        Some(rr) if rr.double => "Double round robin",
        Some(_) => "Round robin",
        None => "Swiss",
    };
    out.push(format!("092 {kind}"));
    if let Some(a) = &t.rules.officials.chief_arbiter {
        out.push(format!("102 {}", text(a)));
    }
    let tc = &t.rules.time_controls.swiss;
    out.push(format!("122 {}+{}", tc.red_base_s, tc.increment_s));
    if starts.iter().any(Option::is_some) {
        let mut line: Vec<char> = "132".chars().collect();
        for (r, d) in starts.iter().enumerate() {
            let short = d.as_deref().map(|d| d.get(2..).unwrap_or(d).to_string());
            put(
                &mut line,
                92 + 10 * r,
                8,
                short.as_deref().unwrap_or(""),
                false,
            );
        }
        out.push(line.into_iter().collect::<String>().trim_end().to_string());
    }
    out.push(format!("142 {}", t.rules.rounds.max(rounds as u32)));
    out.push(format!("XXR {}", t.rules.rounds.max(rounds as u32)));
    out.push(scoring(pts));
    let codes: Vec<&str> = t
        .rules
        .tiebreaks
        .iter()
        .filter_map(|tb| fide_code(*tb))
        .collect();
    if !codes.is_empty() {
        out.push(format!("202 {}", codes.join(" ")));
    }
    let others: Vec<&str> = t
        .rules
        .tiebreaks
        .iter()
        .filter(|tb| fide_code(**tb).is_none())
        .map(|tb| tb.word())
        .collect();
    if !others.is_empty() {
        out.push(format!("### bianpai tiebreaks {}", others.join(" ")));
    }
    if let Some(rr) = t.rules.format.round_robin()
        && rr.double
        && rr.order != crate::domain::format::RoundRobinOrder::default()
    {
        out.push(format!("### bianpai round_robin_order {}", rr.order.word()));
    }
    if pts.red_draw != pts.black_draw {
        out.push(format!(
            "### bianpai colour-dependent draw: red (w) {}, black (b) {}",
            tenths(pts.red_draw, pp),
            tenths(pts.black_draw, pp)
        ));
    }
    let cells = cells(t);
    let table = crate::domain::standings::standings(t, Round(rounds as u32));
    for (i, p) in t.players.iter().enumerate() {
        let mut line: Vec<char> = "001".chars().collect();
        put(&mut line, 5, 4, &p.no.0.to_string(), true);
        let sex = match p.entry.gender {
            Some(Gender::M) => "m",
            Some(Gender::F) => "w",
            None => "",
        };
        put(&mut line, 10, 1, sex, false);
        put(&mut line, 15, 33, &text(&p.entry.name), false);
        let club = text(&p.entry.club);
        if club.chars().count() <= 3 {
            put(&mut line, 54, 3, &club, false);
        }
        if private && let Some(b) = p.entry.birth {
            put(&mut line, 70, 10, &b.format("%Y/%m/%d").to_string(), false);
        }
        let total: u32 = cells[i].iter().map(|c| c.points).sum();
        put(&mut line, 81, 4, &tenths(total, pp), true);
        let rank = table.iter().find(|s| s.no == p.no).map_or(0, |s| s.rank);
        put(&mut line, 86, 4, &rank.to_string(), true);
        for (r, c) in cells[i].iter().enumerate() {
            let at = 92 + 10 * r;
            if *c == BLANK {
                put(&mut line, at, 8, "", false);
                continue;
            }
            let opponent = if c.opponent == 0 {
                "0000".to_string()
            } else {
                c.opponent.to_string()
            };
            put(&mut line, at, 4, &opponent, true);
            put(&mut line, at + 5, 1, &c.colour.to_string(), false);
            put(&mut line, at + 7, 1, &c.mark.to_string(), false);
        }
        out.push(line.into_iter().collect::<String>().trim_end().to_string());
    }
    // A team match's teams (013: the name, then its roster's start numbers), for readers
    // that know team files; bianpai does not read them back (docs/formats.md#trf).
    for team in &t.team_event.teams {
        let mut line: Vec<char> = "013".chars().collect();
        put(&mut line, 5, 32, &text(&team.name), false);
        for (k, no) in team.roster().enumerate() {
            put(&mut line, 37 + 5 * k, 4, &no.0.to_string(), true);
        }
        out.push(line.into_iter().collect::<String>().trim_end().to_string());
    }
    out.extend(comments(t));
    let mut s = out.join("\n");
    s.push('\n');
    s
}

/// What no TRF field means, as `###` lines: withdrawals, fouls and the knockout's games
/// (`new --trf` reads the first two back, docs/formats.md#trf).
fn comments(t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    let groups = t.rules.sections.len() > 1;
    for p in &t.players {
        let e = &p.entry;
        let fields = [
            ("club", &e.club, e.club.chars().count() > 3),
            ("team", &e.team, true),
            ("group", &e.group, groups),
        ];
        for (word, text, needed) in fields {
            if needed && !text.is_empty() {
                out.push(format!(
                    "### bianpai entry {} {word} {}",
                    p.no.0,
                    crate::domain::text::escape(text)
                ));
            }
        }
    }
    for p in &t.players {
        if let (crate::domain::tournament::Status::Withdrawn { by_rule }, Some(from)) =
            (p.status, p.withdrawn_from)
        {
            out.push(format!(
                "### bianpai withdrawn {} from round {}{}",
                p.no.0,
                from.0,
                if by_rule { " by_rule" } else { "" }
            ));
        }
    }
    for round in &t.rounds {
        for g in &round.games {
            for side in Side::BOTH {
                for f in g.fouls.get(side) {
                    out.push(format!(
                        "### bianpai foul round {} board {} {} {} {}",
                        round.round.0,
                        g.board.0,
                        if side == Side::Red { "w" } else { "b" },
                        g.player(side).0,
                        f.word()
                    ));
                }
            }
            if g.stage != Stage::Swiss {
                out.push(format!(
                    "### bianpai knockout round {} board {} {} {} {} {} {}{}",
                    round.round.0,
                    g.board.0,
                    g.stage.word(),
                    g.game.word(),
                    g.red.0,
                    g.black.0,
                    g.result.map_or("-", GameResult::word),
                    if g.lot { " lot" } else { "" }
                ));
            }
        }
    }
    out
}
