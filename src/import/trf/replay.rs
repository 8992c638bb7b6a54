//! A checked TRF file as the domain's own events (docs/cli.md#new---trf): the players in
//! the order of their start numbers (start number = 序号, fixed as `draw --in-order` does),
//! then per round its pairing (`RoundPaired`, TRF `w` = red, the `U` players as its byes; a
//! round robin's boards in the table's order with the table's rest; a knockout round's games
//! from bianpai's notes first), the requested byes (`RequestedByesRecorded`: `H` half, `F`
//! full, `Z` zero), the round's start, every result (`ResultRecorded`; `+`/`-` a forfeit,
//! `-`/`-` a double forfeit), a knockout match's rapid and armageddon games (`GameAdded`,
//! the lot `LotDrawn`), the noted fouls and withdrawals. A blank round is a player not
//! paired: nothing is recorded for them.

use chrono::{DateTime, Utc};

use super::check::{Trf, TrfGame, TrfRound};
use super::event_rules::date;
use super::fault::{TrfFault, TrfFaultKind, TrfField};
use super::notes::{EntryField, KnockoutNote, Notes};
use super::record::Mark;
use super::table::{TableRound, on_table};
use crate::domain::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::knockout::config::Knockout;
use crate::domain::requested_bye::{ByePoints, RequestedBye};
use crate::domain::result::GameResult;
use crate::domain::rules::{Gender, Rules};
use crate::domain::side::Side;

/// What the replay follows besides the checked file: bianpai's own notes (fouls,
/// withdrawals, knockout games) and, for a round robin, each round in the table's order.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    pub notes: Notes,
    pub table: Option<Vec<TableRound>>,
    /// The event's groups (sections) in the rules' order: a Swiss round's boards go group
    /// by group, as the pairing puts them.
    pub sections: Vec<String>,
    /// The rules' knockout, `None` without one: knockout notes outside its rounds are
    /// refused.
    pub knockout: Option<Knockout>,
}

/// What the replay of `trf` under `rules` follows: its bianpai `notes`, and for a round
/// robin the file's rounds in the table's order (checked against the table, the noted
/// withdrawals' games left off).
///
/// # Errors
/// A round robin's round that is not the table's, at its first differing cell.
pub fn plan(trf: &Trf, rules: &Rules, notes: Notes) -> Result<Plan, TrfFault> {
    let table = match rules.format.round_robin() {
        Some(rr) => {
            let mut out_from = vec![None; trf.players.len()];
            for w in &notes.withdrawn {
                if let Ok(i) = trf.players.binary_search_by_key(&w.no, |p| p.no) {
                    out_from[i] = Some(w.from);
                }
            }
            Some(on_table(trf, rr, &out_from)?)
        }
        None => None,
    };
    Ok(Plan {
        notes,
        table,
        sections: rules.sections.iter().map(|s| s.name.clone()).collect(),
        knockout: rules.format.knockout().cloned(),
    })
}

/// One board of a replayed round, in player indices.
#[derive(Clone, Copy, Debug)]
struct Seat {
    red: usize,
    black: usize,
    stage: Stage,
    kind: GameKind,
    result: Option<GameResult>,
    lot: bool,
}

impl Seat {
    fn pairing(&self, board: usize) -> Pairing {
        Pairing {
            board: Board(board as u32 + 1),
            red: no(self.red),
            black: no(self.black),
            stage: self.stage,
            game: self.kind,
        }
    }
}

fn no(i: usize) -> PlayerNo {
    PlayerNo(i as u32 + 1)
}

/// The result a Swiss game's two marks give.
fn result_of(g: &TrfGame) -> Option<GameResult> {
    match (g.white_mark, g.black_mark) {
        (Mark::Win | Mark::UnratedWin, _) => Some(GameResult::RedWin),
        (Mark::Loss | Mark::UnratedLoss, _) => Some(GameResult::BlackWin),
        (Mark::Draw | Mark::UnratedDraw, _) => Some(GameResult::Draw),
        (Mark::ForfeitWin, _) => Some(GameResult::RedWinForfeit),
        (Mark::ForfeitLoss, Mark::ForfeitWin) => Some(GameResult::BlackWinForfeit),
        (Mark::ForfeitLoss, _) => Some(GameResult::DoubleForfeit),
        _ => None,
    }
}

/// The requested byes of a Swiss round (`H`, `F`/`+`, `Z`/`-` without an opponent).
fn requested(tr: &TrfRound) -> Vec<RequestedBye> {
    tr.byes
        .iter()
        .filter_map(|b| {
            let points = match b.mark {
                Mark::HalfBye => ByePoints::Half,
                Mark::FullBye | Mark::ForfeitWin => ByePoints::Full,
                Mark::ZeroBye | Mark::ForfeitLoss => ByePoints::Zero,
                _ => return None,
            };
            Some(RequestedBye {
                no: no(b.player),
                points,
            })
        })
        .collect()
}

/// A note that names a start number or a game the file has not, refused at its line.
fn without_game(line: usize, round: u32, no: u32) -> TrfFault {
    TrfFault {
        line,
        column: 4,
        kind: TrfFaultKind::NoteWithoutPlayer { round, no },
    }
}

/// A note's start number as a player index, or the note refused at its line.
fn index_of(trf: &Trf, no: u32, round: u32, line: usize) -> Result<usize, TrfFault> {
    trf.players
        .binary_search_by_key(&no, |p| p.no)
        .map_err(|_| without_game(line, round, no))
}

fn knockout_seat(trf: &Trf, k: &KnockoutNote) -> Result<Seat, TrfFault> {
    Ok(Seat {
        red: index_of(trf, k.red, k.round, k.line)?,
        black: index_of(trf, k.black, k.round, k.line)?,
        stage: k.stage,
        kind: k.kind,
        result: k.result,
        lot: k.lot,
    })
}

fn players(trf: &Trf, notes: &Notes, events: &mut Vec<Event>) -> Result<(), TrfFault> {
    let mut entries: Vec<PlayerEntry> = trf
        .players
        .iter()
        .map(|p| PlayerEntry::named(p.name.clone()))
        .collect();
    for e in &notes.entries {
        let i = index_of(trf, e.no, 0, e.line)?;
        let field = match e.field {
            EntryField::Club => &mut entries[i].club,
            EntryField::Team => &mut entries[i].team,
            EntryField::Group => &mut entries[i].group,
        };
        field.clone_from(&e.text);
    }
    for (i, p) in trf.players.iter().enumerate() {
        crate::domain::text::check("name", &p.name, crate::domain::text::NAME_MAX).map_err(
            |_| TrfFault {
                line: p.line,
                column: 15,
                kind: TrfFaultKind::Malformed {
                    field: TrfField::Name,
                    found: p.name.clone(),
                },
            },
        )?;
        let mut entry = entries[i].clone();
        entry.gender = match p.sex {
            Some('m') => Some(Gender::M),
            Some('w' | 'f') => Some(Gender::F),
            _ => None,
        };
        entry.birth = date(&p.birth);
        if entry.club.is_empty() {
            entry.club.clone_from(&p.federation);
        }
        events.push(Event::PlayerRegistered { no: no(i), entry });
    }
    // The start numbers are the numbers (序号): fixed in registration order, as `draw
    // --in-order` records it.
    events.push(Event::NumbersDrawn {
        seed: None,
        order: (0..trf.players.len()).map(no).collect(),
    });
    Ok(())
}

/// The records after `Created` for the checked file; `starts[r]` is when
/// round r + 1 started (the last one repeats for rounds beyond).
///
/// # Errors
/// A name the event's text rules refuse (too long, control characters), or a note that
/// names a start number the file has not or a player without that game, at its place.
pub fn replay(trf: &Trf, plan: &Plan, starts: &[DateTime<Utc>]) -> Result<Vec<Event>, TrfFault> {
    let notes = &plan.notes;
    let bracket = plan.knockout.as_ref();
    if let Some(k) = notes
        .knockout
        .iter()
        .find(|k| !bracket.is_some_and(|b| b.plays(k.round)))
    {
        return Err(TrfFault {
            line: k.line,
            column: 4,
            kind: TrfFaultKind::KnockoutOutsideRules {
                round: k.round,
                rounds: bracket.map(|b| (b.after_round + 1, b.last_round())),
            },
        });
    }
    let last_ko = notes.knockout.iter().map(|k| k.round as usize).max();
    let rounds = trf.played.len().max(last_ko.unwrap_or(0));
    // Withdrawals by the round before the first one the player is out of.
    let mut withdrawn_after: Vec<Vec<(usize, bool)>> = vec![Vec::new(); rounds + 1];
    for w in &notes.withdrawn {
        let i = index_of(trf, w.no, w.from, w.line)?;
        withdrawn_after[(w.from as usize - 1).min(rounds)].push((i, w.by_rule));
    }
    let withdraw = |events: &mut Vec<Event>, list: &[(usize, bool)]| {
        for (i, by_rule) in list {
            events.push(Event::PlayerWithdrawn {
                no: no(*i),
                by_rule: *by_rule,
                reason: "TRF".into(),
            });
        }
    };
    let mut events = Vec::new();
    players(trf, notes, &mut events)?;
    withdraw(&mut events, &withdrawn_after[0]);
    // Points so far in the file's scoring (tenths), to order the boards as a pairing would.
    let mut so_far = vec![0_u32; trf.players.len()];
    let empty = TrfRound::default();
    let mut section = vec![0_usize; trf.players.len()];
    for e in notes
        .entries
        .iter()
        .filter(|e| e.field == EntryField::Group)
    {
        if let (Ok(i), Some(s)) = (
            trf.players.binary_search_by_key(&e.no, |p| p.no),
            plan.sections.iter().position(|s| *s == e.text),
        ) {
            section[i] = s;
        }
    }
    for r in 0..rounds {
        let round = Round(r as u32 + 1);
        let tr = trf.played.get(r).unwrap_or(&empty);
        let table = plan.table.as_ref().and_then(|t| t.get(r));
        let mut games = tr.games.clone();
        match table {
            // A round robin: the table's order is the order of its boards.
            Some(t) => games = t.games.iter().map(|k| tr.games[*k]).collect(),
            // A Swiss: boards as the pairing orders them, by the higher score of the pair,
            // then the lower, then the smaller number.
            None => games.sort_by_key(|g| {
                let (w, b) = (so_far[g.white], so_far[g.black]);
                (
                    section[g.white],
                    std::cmp::Reverse(w.max(b)),
                    std::cmp::Reverse(w.min(b)),
                    g.white.min(g.black),
                )
            }),
        }
        let mut ko: Vec<&KnockoutNote> = notes
            .knockout
            .iter()
            .filter(|k| k.round == round.0)
            .collect();
        ko.sort_by_key(|k| k.board);
        // The knockout's slow games come first (board 1 on), the Swiss boards after them;
        // rapid and armageddon games are added during the round.
        let mut seats = Vec::new();
        for k in ko.iter().filter(|k| k.kind == GameKind::Slow) {
            seats.push(knockout_seat(trf, k)?);
        }
        seats.extend(games.iter().map(|g| Seat {
            red: g.white,
            black: g.black,
            stage: Stage::Swiss,
            kind: GameKind::Slow,
            result: result_of(g),
            lot: false,
        }));
        let paired = seats.len();
        for k in ko.iter().filter(|k| k.kind != GameKind::Slow) {
            seats.push(knockout_seat(trf, k)?);
        }
        let byes: Vec<PlayerNo> = match table {
            Some(t) => t.rest.map(no).into_iter().collect(),
            None => tr
                .byes
                .iter()
                .filter(|b| b.mark == Mark::PairingBye)
                .map(|b| no(b.player))
                .collect(),
        };
        events.push(Event::RoundPaired {
            round,
            games: seats[..paired]
                .iter()
                .enumerate()
                .map(|(b, s)| s.pairing(b))
                .collect(),
            byes,
        });
        let asked = if table.is_none() {
            requested(tr)
        } else {
            Vec::new()
        };
        if !asked.is_empty() {
            events.push(Event::RequestedByesRecorded { round, byes: asked });
        }
        let at = starts
            .get(r)
            .or(starts.last())
            .copied()
            .unwrap_or(DateTime::<Utc>::UNIX_EPOCH);
        events.push(Event::RoundStarted { round, at });
        for (b, s) in seats.iter().enumerate() {
            let board = Board(b as u32 + 1);
            if b >= paired {
                events.push(Event::GameAdded {
                    round,
                    game: s.pairing(b),
                    lot_seed: None,
                });
            }
            if s.lot {
                events.push(Event::LotDrawn {
                    round,
                    board,
                    red: no(s.red),
                    black: no(s.black),
                });
            }
            if let Some(result) = s.result {
                events.push(Event::ResultRecorded {
                    round,
                    board,
                    result,
                    cause: Cause::Arbiter,
                    at: None,
                });
            }
        }
        for f in notes.fouls.iter().filter(|f| f.round == round.0) {
            let i = index_of(trf, f.no, f.round, f.line)?;
            let sits = |s: &Seat| match f.side {
                Side::Red => s.red == i,
                Side::Black => s.black == i,
            };
            // The board as written where the player sits there, else the player's seat.
            let written = (f.board as usize)
                .checked_sub(1)
                .filter(|b| seats.get(*b).is_some_and(sits));
            let b = written
                .or_else(|| seats.iter().position(sits))
                .ok_or_else(|| without_game(f.line, f.round, f.no))?;
            events.push(Event::FoulRecorded {
                round,
                board: Board(b as u32 + 1),
                side: f.side,
                kind: f.kind,
            });
        }
        withdraw(&mut events, &withdrawn_after[r + 1]);
        for (i, p) in trf.players.iter().enumerate() {
            if let Some(c) = p.rounds.get(r) {
                so_far[i] += trf.scoring.of(c.mark, c.colour);
            }
        }
    }
    if let Some(f) = notes
        .fouls
        .iter()
        .find(|f| f.round == 0 || f.round as usize > rounds)
    {
        return Err(without_game(f.line, f.round, f.no));
    }
    Ok(events)
}
