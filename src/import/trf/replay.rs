//! A checked TRF file as the domain's own events (docs/cli.md#new---trf): the players in
//! the order of their start numbers (start number = 序号, fixed as `draw --in-order` does),
//! then per round its pairing
//! (`RoundPaired`, TRF `w` = red, the `U` players as its byes), the requested byes
//! (`RequestedByesRecorded`: `H` half, `F` full, `Z` zero), the round's start and every
//! result (`ResultRecorded`; `+`/`-` a forfeit, `-`/`-` a double forfeit). A blank round is
//! a player not paired: nothing is recorded for them.

use chrono::{DateTime, NaiveDate, Utc};

use super::check::Trf;
use super::fault::{TrfFault, TrfFaultKind, TrfField};
use super::record::{Mark, Scoring};
use crate::domain::event::{Cause, Event, Pairing, PlayerEntry};
use crate::domain::ids::{Board, PlayerNo, Round};
use crate::domain::requested_bye::{ByePoints, RequestedBye};
use crate::domain::result::GameResult;
use crate::domain::rules::{Gender, Points, Rules};

/// The factor that turns the file's points into whole table points: 1 for 1/0, 2 for
/// FIDE's 1/½/0 (held as 2/1/0), up to 10 for tenths.
pub fn scale_of(s: &Scoring) -> u32 {
    let all = [
        s.white_win,
        s.black_win,
        s.white_draw,
        s.black_draw,
        s.white_loss,
        s.black_loss,
        s.forfeit_win,
        s.forfeit_loss,
        s.pairing_bye,
        s.half_bye,
        s.full_bye,
        s.zero_bye,
    ];
    [1, 2, 4, 5, 10]
        .into_iter()
        .find(|k| all.iter().all(|v| (v * k) % 10 == 0))
        .unwrap_or(10)
}

/// A date as TRF files write it: `2024-08-01`, `2024/08/01`, `08/04/2018` (day first),
/// `08.04.2018`, or a round date `18/04/08` (year first).
pub fn date(s: &str) -> Option<NaiveDate> {
    let s = s.trim();
    // A two-digit year (`24/08/05`, the 132 record's round dates) is 2024, not the year 24.
    let short = s.len() == 8 && s.chars().nth(2).is_some_and(|c| c == '/' || c == '-');
    let long = [
        "%Y-%m-%d", "%Y/%m/%d", "%d/%m/%Y", "%d.%m.%Y", "%y/%m/%d", "%y-%m-%d",
    ];
    let formats: &[&str] = if short { &long[4..] } else { &long };
    for f in formats {
        if let Ok(d) = NaiveDate::parse_from_str(s, f) {
            return Some(d);
        }
    }
    None
}

/// The event's rules for the file: `base` (a preset or rules file) with the file's title,
/// date and number of rounds; `own_points` (no preset or rules file given): the file's
/// scoring record, held in whole points by [`scale_of`] and printed divided by it.
pub fn rules_for(trf: &Trf, mut base: Rules, own_points: bool) -> Rules {
    if !trf.records.name.trim().is_empty() {
        base.title = trf.records.name.trim().to_string();
    }
    if let Some(d) = date(&trf.records.start_date) {
        base.date = Some(d);
    }
    base.rounds = trf.rounds;
    if own_points {
        let s = &trf.scoring;
        let k = scale_of(s);
        let p = |v: u32| v * k / 10;
        base.points = Points {
            red_win: p(s.white_win),
            red_draw: p(s.white_draw),
            red_loss: p(s.white_loss),
            black_win: p(s.black_win),
            black_draw: p(s.black_draw),
            black_loss: p(s.black_loss),
            bye: Some(p(s.pairing_bye)),
            per_point: (k > 1).then_some(k),
        };
    }
    if !trf.records.chief_arbiter.trim().is_empty() {
        base.officials.chief_arbiter = Some(trf.records.chief_arbiter.trim().to_string());
    }
    base
}

/// The records after `Created` for the checked file; `starts[r]` is when
/// round r + 1 started (the last one repeats for rounds beyond).
///
/// # Errors
/// A name the event's text rules refuse (too long, control characters), at its place.
pub fn replay(trf: &Trf, starts: &[DateTime<Utc>]) -> Result<Vec<Event>, TrfFault> {
    let mut events = Vec::new();
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
        let mut entry = PlayerEntry::named(p.name.clone());
        entry.gender = match p.sex {
            Some('m') => Some(Gender::M),
            Some('w' | 'f') => Some(Gender::F),
            _ => None,
        };
        entry.birth = date(&p.birth);
        entry.club.clone_from(&p.federation);
        events.push(Event::PlayerRegistered {
            no: PlayerNo(i as u32 + 1),
            entry,
        });
    }
    // The start numbers are the numbers (序号): fixed in registration order, as `draw
    // --in-order` records it.
    events.push(Event::NumbersDrawn {
        seed: None,
        order: (1..=trf.players.len() as u32).map(PlayerNo).collect(),
    });
    // Points so far in the file's scoring (tenths), to order the boards as a pairing would:
    // the higher score first, then the lower start number.
    let mut so_far = vec![0_u32; trf.players.len()];
    let no = |i: usize| PlayerNo(i as u32 + 1);
    for (r, tr) in trf.played.iter().enumerate() {
        let round = Round(r as u32 + 1);
        let mut games = tr.games.clone();
        games.sort_by_key(|g| {
            (
                std::cmp::Reverse(so_far[g.white].max(so_far[g.black])),
                g.white.min(g.black),
            )
        });
        let pairings: Vec<Pairing> = games
            .iter()
            .enumerate()
            .map(|(b, g)| Pairing {
                board: Board(b as u32 + 1),
                red: no(g.white),
                black: no(g.black),
                stage: crate::domain::event::Stage::default(),
                game: crate::domain::event::GameKind::default(),
            })
            .collect();
        let byes: Vec<PlayerNo> = tr
            .byes
            .iter()
            .filter(|b| b.mark == Mark::PairingBye)
            .map(|b| no(b.player))
            .collect();
        let requested: Vec<RequestedBye> = tr
            .byes
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
            .collect();
        events.push(Event::RoundPaired {
            round,
            games: pairings,
            byes,
        });
        if !requested.is_empty() {
            events.push(Event::RequestedByesRecorded {
                round,
                byes: requested,
            });
        }
        let at = starts
            .get(r)
            .or(starts.last())
            .copied()
            .unwrap_or(DateTime::<Utc>::UNIX_EPOCH);
        events.push(Event::RoundStarted { round, at });
        for (b, g) in games.iter().enumerate() {
            let result = match (g.white_mark, g.black_mark) {
                (Mark::Win | Mark::UnratedWin, _) => Some(GameResult::RedWin),
                (Mark::Loss | Mark::UnratedLoss, _) => Some(GameResult::BlackWin),
                (Mark::Draw | Mark::UnratedDraw, _) => Some(GameResult::Draw),
                (Mark::ForfeitWin, _) => Some(GameResult::RedWinForfeit),
                (Mark::ForfeitLoss, Mark::ForfeitWin) => Some(GameResult::BlackWinForfeit),
                (Mark::ForfeitLoss, _) => Some(GameResult::DoubleForfeit),
                _ => None,
            };
            if let Some(result) = result {
                events.push(Event::ResultRecorded {
                    round,
                    board: Board(b as u32 + 1),
                    result,
                    cause: Cause::Arbiter,
                    at: None,
                });
            }
        }
        for (i, p) in trf.players.iter().enumerate() {
            if let Some(c) = p.rounds.get(r) {
                so_far[i] += trf.scoring.of(c.mark, c.colour);
            }
        }
    }
    Ok(events)
}

/// The rules of an event imported without a preset or rules file: a Swiss with the file's
/// scoring (`rules_for`), FIDE's tiebreaks (docs/rules.md#fide-tiebreaks), no registration
/// limits, no prizes, no automatic advance, in UTC unless `--zone` says otherwise.
///
/// # Errors
/// None in practice: the built-in Swiss preset it starts from always reads.
pub fn base_rules() -> Result<Rules, crate::domain::rules::RulesError> {
    let mut r = Rules::preset("fide-swiss")?;
    r.name = "trf".into();
    r.description = "TRF".into();
    r.registration = crate::domain::rules::Registration::default();
    r.prizes = crate::domain::rules::Prizes::default();
    r.auto_advance = crate::domain::rules::AutoAdvance::Off;
    r.schedule = Vec::new();
    r.roles = std::collections::BTreeMap::new();
    r.time_zone = Some("+00:00".into());
    r.officials = crate::domain::rules::Officials::default();
    r.date = None;
    Ok(r)
}
