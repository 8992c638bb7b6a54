//! One board's row of the round view: each side's cell (number, name, points, the clock or
//! the absence countdown) and the row's notes (fouls, flags, arrivals, causes, the lot).

use crate::domain::self_report::Signers;
use std::collections::HashMap;

use chrono::{DateTime, Utc};

use super::{BoardRow, ClockState, Highlight, LOW_MS, Note, SideCell, countdown};
use crate::domain::clock::format_ms;
use crate::domain::tournament::Game;
use crate::domain::{Board, PlayerNo, Side, Tournament};
use crate::i18n::screen::{Strings, fill};

pub(super) fn side_cell(
    t: &Tournament,
    s: &Strings,
    g: &Game,
    side: Side,
    points: &HashMap<PlayerNo, u32>,
    late: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> SideCell {
    let no = g.player(side);
    let name = t.player(no).map_or(String::new(), |p| p.entry.name.clone());
    let seat = g.seats.get(side);
    let (clock, state) = if g.result.is_none() && !seat.present {
        let text = match late {
            Some(d) if now < d => format!("{}{}", s.absent, countdown(d - now)),
            _ => s.absent.to_string(),
        };
        (text, ClockState::Absent)
    } else if let Some(c) = &g.clock {
        let r = c.read(now);
        let ms = if side == Side::Red {
            r.red_ms
        } else {
            r.black_ms
        };
        let state = if r.flag == Some(side) && g.result.is_none() {
            ClockState::Fallen
        } else if r.running == Some(side) && ms < LOW_MS {
            ClockState::Low
        } else if r.running == Some(side) {
            ClockState::Running
        } else {
            ClockState::Stopped
        };
        let mark = if state == ClockState::Running || state == ClockState::Low {
            "*"
        } else {
            " "
        };
        (format!("{mark}{}", format_ms(ms)), state)
    } else {
        (String::new(), ClockState::None)
    };
    SideCell {
        no: no.to_string(),
        name,
        points: crate::export::report::ratio_text(
            i64::from(points.get(&no).copied().unwrap_or(0)),
            t.rules.points.per_point(),
        ),
        clock,
        state,
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn board_row<H: std::hash::BuildHasher>(
    t: &Tournament,
    s: &Strings,
    g: &Game,
    points: &HashMap<PlayerNo, u32>,
    late: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    highlights: &HashMap<Board, Highlight, H>,
    last_two: bool,
    sections: bool,
    signers: Signers,
) -> BoardRow {
    let mut red = side_cell(t, s, g, Side::Red, points, late, now);
    let mut black = side_cell(t, s, g, Side::Black, points, late, now);
    let colours_pending = crate::export::knockout_text::lot_pending(g);
    if colours_pending {
        // Whose clock is 6:00 and whose 4:00 is the lot's to say: no clock until then.
        for cell in [&mut red, &mut black] {
            if cell.state != ClockState::Absent {
                cell.clock = String::new();
                cell.state = ClockState::None;
            }
        }
    }
    let finished = g.result.is_some();
    let stage = (g.stage != crate::domain::event::Stage::Swiss).then(|| {
        let lang = s.lang();
        format!(
            "{}·{}",
            crate::i18n::stage(g.stage, lang),
            crate::i18n::game_kind(g.game, lang)
        )
    });
    let fallen = red.state == ClockState::Fallen || black.state == ClockState::Fallen;
    let absent = red.state == ClockState::Absent || black.state == ClockState::Absent;
    let fouls = (g.fouls.red.len(), g.fouls.black.len());
    let second_foul = !finished && (fouls.0 >= 2 || fouls.1 >= 2);
    let notes = row_notes(
        t,
        s,
        signers,
        g,
        (fallen, second_foul),
        last_two,
        sections,
        colours_pending,
    );
    let changed_by = highlights
        .get(&g.board)
        .filter(|h| h.until > now)
        .map(|h| h.by.clone());
    BoardRow {
        board: g.board,
        red,
        black,
        result: if crate::export::knockout_text::armageddon_draw(g) {
            crate::export::knockout_text::game_result_text(g, s.lang()).unwrap_or_default()
        } else if colours_pending {
            crate::export::knockout_text::lot_pending_word(s.lang()).to_string()
        } else {
            g.result.map_or(String::new(), |r| {
                crate::i18n::result_short(r, s.lang()).to_string()
            })
        },
        finished,
        attention: !finished
            && (fallen
                || absent
                || second_foul
                || crate::domain::self_report::pending(g, signers).is_some()),
        changed_by,
        notes,
        match_tag: None,
        colours_pending,
        stage,
    }
}

/// The notes at the end of a board's row, most pressing first (the knockout stage has a
/// column of its own, `BoardRow::stage`): the players' signatures, a fallen flag, the foul count, the last two boards, the move limit,
/// arrivals, how the game ended, the lot, the section.
#[allow(clippy::too_many_arguments)]
fn row_notes(
    t: &Tournament,
    s: &Strings,
    signers: Signers,
    g: &Game,
    (fallen, second_foul): (bool, bool),
    last_two: bool,
    sections: bool,
    colours_pending: bool,
) -> Vec<Note> {
    let finished = g.result.is_some();
    let fouls = (g.fouls.red.len(), g.fouls.black.len());
    let mut notes = Vec::new();
    if fallen {
        notes.push(Note {
            text: s.flag.to_string(),
            urgent: true,
        });
    }
    if fouls != (0, 0) {
        notes.push(Note {
            text: format!("{}{}/{}", s.foul, fouls.0, fouls.1),
            urgent: second_foul,
        });
    }
    if last_two && !finished {
        notes.push(Note {
            text: s.last_two.to_string(),
            urgent: false,
        });
    }
    if !finished
        && let Some(mark) = crate::i18n::self_report::board_mark(
            crate::domain::self_report::signing(g, signers),
            s.lang(),
        )
    {
        // The players' signatures: 待确认 needs an arbiter's key, 待核对 a look.
        let agreed = crate::domain::self_report::pending(g, signers).is_some();
        notes.insert(
            0,
            Note {
                text: mark,
                urgent: agreed,
            },
        );
    }
    if !finished && g.wrong_codes > 0 {
        // Wrong codes on the room page: the count, then 签认已锁定 once the board locks.
        let locked = crate::domain::self_report::locked(g);
        notes.insert(
            0,
            Note {
                text: if locked {
                    crate::i18n::self_report::locked_mark(s.lang()).to_string()
                } else {
                    fill(s.board_wrong_codes, &[&g.wrong_codes])
                },
                urgent: locked,
            },
        );
    }
    if let Some(limit) = &g.move_limit {
        notes.push(Note {
            text: format!("{}:{limit}", s.limit),
            urgent: false,
        });
    }
    for (side, seat) in g.seats.iter() {
        if seat.arrived_at.is_some() {
            notes.push(Note {
                text: format!("{}{}", s.side(side), s.arrived),
                urgent: false,
            });
        }
    }
    if let Some(res) = g.result {
        let cause = s.cause(g.cause);
        if !cause.is_empty() {
            notes.push(Note {
                text: cause.to_string(),
                urgent: false,
            });
        }
        let _ = res;
        if let Some(verdict) = crate::export::knockout_text::armageddon_verdict(t, g, s.lang()) {
            notes.push(Note {
                text: verdict,
                urgent: false,
            });
        }
    }
    if colours_pending {
        notes.push(Note {
            text: s.lot_pending_note.to_string(),
            urgent: true,
        });
    }
    if sections {
        notes.push(Note {
            text: t.section_name(g.section).to_string(),
            urgent: false,
        });
    }
    notes
}

/// A team round's vacant board (缺台): the player facing the empty seat, 缺台 in the other,
/// finished with its forfeit from the pairing on.
pub(super) fn vacant_row(
    t: &Tournament,
    s: &Strings,
    v: &crate::domain::team::VacantBoard,
    points: &HashMap<PlayerNo, u32>,
) -> BoardRow {
    let cell = |side: Side| match *v.players.get(side) {
        Some(no) => SideCell {
            no: no.to_string(),
            name: t.player(no).map_or(String::new(), |p| p.entry.name.clone()),
            points: crate::export::report::ratio_text(
                i64::from(points.get(&no).copied().unwrap_or(0)),
                t.rules.points.per_point(),
            ),
            clock: String::new(),
            state: ClockState::None,
        },
        None => SideCell {
            no: String::new(),
            name: crate::i18n::vacant::seat(s.lang()).to_string(),
            points: String::new(),
            clock: String::new(),
            state: ClockState::None,
        },
    };
    BoardRow {
        board: v.board,
        red: cell(Side::Red),
        black: cell(Side::Black),
        result: crate::i18n::result_short(v.result(), s.lang()).to_string(),
        finished: true,
        attention: false,
        changed_by: None,
        notes: Vec::new(),
        match_tag: None,
        colours_pending: false,
        stage: None,
    }
}
