//! What the round view shows, computed from the state at an injected `now`: the header
//! (round, times, the late-window countdown of docs/rules.md#4-late-arrival-forfeits-withdrawal) and one row per board (players,
//! clocks of seats, fouls of docs/rules.md#5-fouls, results). Drawing only lays these out.

use std::collections::HashMap;

use chrono::{DateTime, Duration, FixedOffset, Utc};

use crate::domain::clock::format_ms;
use crate::domain::tournament::RoundState;
use crate::domain::{Board, Round, Tournament};
use crate::i18n::screen::{Strings, fill};

mod board_row;

use board_row::board_row;

/// A clock reading is "low" under this many milliseconds.
pub const LOW_MS: u64 = 60_000;

/// How a side's clock cell is to be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockState {
    /// No clock data (nothing is shown).
    None,
    Stopped,
    Running,
    Low,
    Fallen,
    /// The seat is absent: the cell shows the countdown to the late forfeit.
    Absent,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCell {
    pub no: String,
    pub name: String,
    pub points: String,
    /// The clock reading (`*18:45` when running), or the absence countdown, or empty.
    pub clock: String,
    pub state: ClockState,
}

/// A note at the end of a board row; `urgent` ones need an arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub text: String,
    pub urgent: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardRow {
    pub board: Board,
    pub red: SideCell,
    pub black: SideCell,
    /// The result once reported, in words (红胜 / 和 / 黑胜), else empty.
    pub result: String,
    pub finished: bool,
    /// An absent player, a fallen flag or a second foul.
    pub attention: bool,
    /// Who changed this board a moment ago (another terminal or this one).
    pub changed_by: Option<String>,
    pub notes: Vec<Note>,
    /// A team event: the match this board opens (`第1场 杭州队–广州队`), drawn before the
    /// notes. Unlike a note it keeps no room from the names: the match lines under the
    /// boards say the same.
    pub match_tag: Option<String>,
    /// An armageddon before its lot: the sides on record are provisional, so the names are
    /// not drawn in red and black and the result column says 待抽签.
    pub colours_pending: bool,
    /// A knockout game's stage and kind (`半决赛·慢棋`), `None` in a Swiss round: a column of
    /// its own that the board grid keeps room for at every width, so a semi-final never
    /// looks like a Swiss board (docs/console.md#knockout-boards).
    pub stage: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub title: String,
    pub round: String,
    pub started: String,
    pub elapsed: String,
    /// The late-window countdown and whether it is under a minute.
    pub late: Option<(String, bool)>,
    pub reported: String,
    /// The players' reports (docs/self-report.md): `待确认 3` and `待核对 2`, when any.
    pub signed: Option<(String, bool)>,
    pub next_round: String,
    pub who: String,
    /// The log's condition when it needs saying: damaged (`true`, drawn as an error), or a
    /// write waiting for another process's lock.
    pub log: Option<(String, bool)>,
    /// An earlier round on screen (`[`): says so and how to come back, first on the header's
    /// second line (a long title never hides it).
    pub past: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundView {
    pub header: Header,
    pub rows: Vec<BoardRow>,
    /// `"轮空: 17 王五"` lines.
    pub byes: Vec<String>,
    /// Team match events: one line per match, `"第1场  南京队  4 : 4  武汉队"` (live score).
    pub matches: Vec<String>,
}

/// A recent change to a board, for the highlight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub by: String,
    pub until: DateTime<Utc>,
}

/// `M:SS` of a duration, never negative.
pub fn span(d: Duration) -> String {
    format_ms(u64::try_from(d.num_milliseconds()).unwrap_or(0))
}

/// `MM:SS` (two-digit minutes) for countdowns, rounding up so `00:00` means closed.
pub fn countdown(d: Duration) -> String {
    let ms = u64::try_from(d.num_milliseconds()).unwrap_or(0);
    let s = ms.div_ceil(1000);
    format!("{:02}:{:02}", s / 60, s % 60)
}

/// The late-window deadline of a started round.
pub fn deadline(t: &Tournament, r: &RoundState) -> Option<DateTime<Utc>> {
    r.started_at
        .map(|s| s + Duration::minutes(i64::from(t.rules.late_window_minutes)))
}

/// The round view of the current round at `now`.
pub fn round_view<H: std::hash::BuildHasher>(
    t: &Tournament,
    s: &Strings,
    now: DateTime<Utc>,
    tz: FixedOffset,
    highlights: &HashMap<Board, Highlight, H>,
    who: &str,
) -> RoundView {
    round_view_of(t, s, None, now, tz, highlights, who)
}

/// The round view of `shown` (an earlier round the head arbiter looks at to correct it), or
/// of the current round when `None`; an earlier round says so in its header, with the key
/// back to the current one.
pub fn round_view_of<H: std::hash::BuildHasher>(
    t: &Tournament,
    s: &Strings,
    shown: Option<Round>,
    now: DateTime<Utc>,
    tz: FixedOffset,
    highlights: &HashMap<Board, Highlight, H>,
    who: &str,
) -> RoundView {
    let mut header = Header {
        title: t.title.clone(),
        who: who.to_string(),
        ..Header::default()
    };
    let past = shown
        .and_then(|r| t.round(r))
        .filter(|r| r.round < t.current_round());
    let Some(r) = past.or_else(|| t.current()) else {
        header.round = s.no_round.to_string();
        return RoundView {
            header,
            ..RoundView::default()
        };
    };
    header.round = fill(s.round_of, &[&r.round, &t.rules.rounds]);
    if past.is_some() {
        header.past = Some(fill(s.past_round, &[&t.current_round()]));
    }
    // The highlights belong to the current round's boards.
    let highlights: HashMap<Board, Highlight> = if past.is_some() {
        HashMap::new()
    } else {
        highlights.iter().map(|(b, h)| (*b, h.clone())).collect()
    };
    header.reported = fill(s.reported, &[&r.reported(), &r.games.len()]);
    header.signed = signed_counts(t, r, s);
    // Countdowns stop once every board has reported; so does 已用: a finished
    // round (and an event that is over) has no running time to show.
    let complete = r.is_complete();
    match r.started_at {
        Some(start) => {
            let local = start.with_timezone(&tz).format("%H:%M").to_string();
            header.started = fill(s.started_at, &[&local]);
            if !complete {
                header.elapsed = fill(s.elapsed, &[&span(now - start)]);
            }
        }
        None => header.started = s.not_started.to_string(),
    }
    let late = deadline(t, r);
    if let Some(d) = late
        && now < d
        && !complete
    {
        let left = d - now;
        header.late = Some((
            fill(s.late, &[&countdown(left)]),
            left < Duration::minutes(1),
        ));
    }
    if complete && r.round.0 >= t.rules.rounds {
        // The end state: the last round is complete.
        header.next_round = s.event_over.to_string();
    } else if let Some(next) = t.rules.schedule.get(r.round.0 as usize)
        && r.started_at.is_some()
    {
        // The next round's time once this one is under way (not before round 1 starts).
        header.next_round = fill(s.next_round, &[&next.format("%H:%M")]);
    }
    // One 积分 per player: a finalist's counts the slow knockout games, as in the standings.
    let points = crate::domain::standings::points_before(t, r.round);
    let playing = r.games.iter().filter(|g| g.result.is_none()).count();
    let last_two = playing <= 2 && r.games.len() > 2 && r.started_at.is_some();
    let sections = t.rules.sections.len() > 1;
    let mut rows: Vec<BoardRow> = r
        .games
        .iter()
        .map(|g| {
            board_row(
                t,
                s,
                g,
                &points,
                late,
                now,
                &highlights,
                last_two,
                sections,
                t.signers_in(r.round),
            )
        })
        .collect();
    if !r.vacant.is_empty() {
        rows.extend(
            r.vacant
                .iter()
                .map(|v| board_row::vacant_row(t, s, v, &points)),
        );
        rows.sort_by_key(|row| row.board);
    }
    let mut byes: Vec<String> = r
        .byes
        .iter()
        .map(|no| {
            let name = t.player(*no).map_or("", |p| p.entry.name.as_str());
            format!("{}: {no} {name}", s.bye)
        })
        .collect();
    // Requested byes (docs/rules.md#requested-byes), with what each scores.
    byes.extend(r.requested.iter().map(|b| {
        let name = t.player(b.no).map_or("", |p| p.entry.name.as_str());
        format!(
            "{}: {} {name}",
            crate::i18n::bye::mark(b.points, s.lang()),
            b.no
        )
    }));
    // A round robin's games a withdrawal leaves off the boards (R2011 ch.14), explained.
    byes.extend(
        crate::domain::round_robin::withdrawal::unplayed(t, r.round)
            .into_iter()
            .map(|u| {
                let present = if u.absent == u.red { u.black } else { u.red };
                let line = crate::domain::pairing::Line::OpponentWithdrew {
                    present,
                    absent: u.absent,
                    annulled: u.verdict
                        == crate::domain::round_robin::withdrawal::Verdict::Annulled,
                };
                crate::i18n::explain::line(&line, s.lang())
            }),
    );
    let matches = team_lines(t, s, r.round, &mut rows, &mut byes);
    RoundView {
        header,
        rows,
        byes,
        matches,
    }
}

/// `待确认 3  待核对 2  待对方签认 1` when the players report their results (docs/self-report.md); urgent
/// when a board waits for acceptance.
fn signed_counts(t: &Tournament, r: &RoundState, s: &Strings) -> Option<(String, bool)> {
    use crate::domain::self_report::{awaiting, pending, to_check};
    if t.self_report_in(r.round).is_off() {
        return None;
    }
    let signers = t.signers_in(r.round);
    let accept = r
        .games
        .iter()
        .filter(|g| pending(g, signers).is_some())
        .count();
    let check = r.games.iter().filter(|g| to_check(g, signers)).count();
    let lone = r.games.iter().filter(|g| awaiting(g, signers)).count();
    let wrong: u32 = r.games.iter().map(|g| g.wrong_codes).sum();
    let locked = r
        .games
        .iter()
        .filter(|g| g.result.is_none() && crate::domain::self_report::locked(g))
        .count();
    let mut parts = Vec::new();
    if accept > 0 {
        parts.push(fill(s.to_accept, &[&accept]));
    }
    if check > 0 {
        parts.push(fill(s.to_check, &[&check]));
    }
    if lone > 0 {
        parts.push(fill(s.to_await, &[&lone]));
    }
    if wrong > 0 {
        // Wrong codes on the room page (docs/self-report.md, "wrong codes").
        parts.push(fill(s.wrong_codes, &[&wrong]));
    }
    if locked > 0 {
        parts.push(fill(s.locked_boards, &[&locked]));
    }
    (!parts.is_empty()).then(|| (parts.join("  "), accept > 0 || locked > 0))
}

/// A team match event (R2011 13): one line per match with its live score, the match tagged on
/// its first board, and the team with the bye. Nothing for an individual event.
fn team_lines(
    t: &Tournament,
    s: &Strings,
    round: Round,
    rows: &mut [BoardRow],
    byes: &mut Vec<String>,
) -> Vec<String> {
    use crate::export::team_match::{match_rows, team_name};
    if !t.rules.format.is_team() {
        return Vec::new();
    }
    let mut lines = Vec::new();
    for m in match_rows(t, round) {
        let score = if m.score.is_final() {
            format!("{} : {}", m.score.first, m.score.second)
        } else {
            format!(
                "{} : {} {}",
                m.score.first,
                m.score.second,
                fill(s.team_match_done, &[&m.score.finished, &m.score.boards])
            )
        };
        lines.push(fill(
            s.team_match_line,
            &[&m.index, &m.first_name, &score, &m.second_name],
        ));
        if let Some(b) = m.boards.first()
            && let Some(row) = rows.iter_mut().find(|r| r.board == b.board)
        {
            row.match_tag = Some(fill(
                s.team_match_tag,
                &[&m.index, &m.first_name, &m.second_name],
            ));
        }
    }
    if let Some(bye) = crate::domain::team::matches::bye_team(t, round) {
        byes.push(format!("{}: {}", s.bye, team_name(t, bye)));
    }
    lines
}

/// The round being shown and how many boards it has.
pub fn round_size(t: &Tournament) -> (Round, usize) {
    t.current()
        .map_or((Round(0), 0), |r| (r.round, r.games.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{ClockAction, Event, Pairing, PlayerEntry};
    use crate::domain::{GameResult, Rules};
    use crate::domain::{PlayerNo, Side};
    use crate::i18n::screen::{EN, ZH};
    use chrono::TimeZone;

    fn at(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(1_720_227_600 + s, 0).unwrap()
    }

    fn event(players: u32) -> Tournament {
        let mut t = Tournament::new("T".into(), Rules::preset("qigu-2024-07").unwrap());
        for i in 0..players {
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i + 1),
                entry: PlayerEntry::named(format!("王{}", i + 1)),
            });
        }
        let games = (0..players / 2)
            .map(|k| Pairing {
                board: Board(k + 1),
                red: PlayerNo(2 * k + 1),
                black: PlayerNo(2 * k + 2),
                stage: crate::domain::event::Stage::default(),
                game: crate::domain::event::GameKind::default(),
            })
            .collect();
        t.apply(&Event::RoundPaired {
            round: Round(1),
            games,
            byes: vec![],
        });
        t.apply(&Event::RoundStarted {
            round: Round(1),
            at: at(0),
        });
        t
    }

    fn view(t: &Tournament, now: i64) -> RoundView {
        let tz = FixedOffset::east_opt(8 * 3600).unwrap();
        round_view(t, &ZH, at(now), tz, &HashMap::new(), "u")
    }

    #[test]
    fn clocks_show_nothing_until_clock_data_exists() {
        let mut t = event(4);
        let v = view(&t, 60);
        assert_eq!(v.rows[0].red.clock, "");
        assert_eq!(v.rows[0].red.state, ClockState::None);
        t.apply(&Event::Clock {
            round: Round(1),
            board: Board(1),
            action: ClockAction::Press(Side::Red),
            at: at(30),
        });
        // 20+5: red used 30 s and got 5 s back; black has run 30 s since.
        let v = view(&t, 60);
        assert_eq!(v.rows[0].red.clock, " 19:35");
        assert_eq!(v.rows[0].black.clock, "*19:30");
        assert_eq!(v.rows[0].black.state, ClockState::Running);
        assert_eq!(v.rows[1].red.clock, "");
    }

    #[test]
    fn low_time_and_fallen_flag_need_attention() {
        let mut t = event(4);
        t.apply(&Event::Clock {
            round: Round(1),
            board: Board(1),
            action: ClockAction::Set {
                red_ms: 50_000,
                black_ms: 600_000,
            },
            at: at(100),
        });
        let v = view(&t, 110);
        assert_eq!(v.rows[0].red.state, ClockState::Low);
        assert!(!v.rows[0].attention);
        let v = view(&t, 151);
        assert_eq!(v.rows[0].red.state, ClockState::Fallen);
        assert!(v.rows[0].attention);
        assert!(v.rows[0].notes.iter().any(|n| n.urgent && n.text == "超时"));
    }

    #[test]
    fn late_window_countdown_and_absent_seat() {
        let mut t = event(4);
        t.apply(&Event::SeatMarked {
            round: Round(1),
            board: Board(2),
            side: Side::Black,
            present: false,
            at: at(5),
        });
        let v = view(&t, 142);
        // 10-minute window: 7:38 left.
        assert_eq!(v.header.late, Some(("迟到判负 07:38".into(), false)));
        assert_eq!(v.rows[1].black.clock, "缺07:38");
        assert!(v.rows[1].attention);
        let v = view(&t, 570);
        assert_eq!(v.header.late, Some(("迟到判负 00:30".into(), true)));
        let v = view(&t, 600);
        assert_eq!(v.header.late, None);
        assert_eq!(v.header.elapsed, "已用 10:00");
    }

    #[test]
    fn last_two_boards_are_marked_and_results_dim() {
        let mut t = event(8);
        for b in [1, 2] {
            t.apply(&Event::ResultRecorded {
                round: Round(1),
                board: Board(b),
                result: GameResult::Draw,
                cause: crate::domain::event::Cause::Arbiter,
                at: None,
            });
        }
        let v = round_view(
            &t,
            &EN,
            at(60),
            FixedOffset::east_opt(0).unwrap(),
            &HashMap::new(),
            "u",
        );
        assert_eq!(v.header.reported, "reported 2/4");
        assert!(v.rows[0].finished);
        assert_eq!(v.rows[0].result, "draw");
        assert!(v.rows[2].notes.iter().any(|n| n.text == "last two"));
        assert!(!v.rows[0].notes.iter().any(|n| n.text == "last two"));
    }

    #[test]
    fn second_foul_stands_out() {
        let mut t = event(4);
        for _ in 0..2 {
            t.apply(&Event::FoulRecorded {
                round: Round(1),
                board: Board(1),
                side: Side::Red,
                kind: crate::domain::rules::FoulKind::Other,
            });
        }
        let v = view(&t, 60);
        assert!(v.rows[0].attention);
        assert!(
            v.rows[0]
                .notes
                .iter()
                .any(|n| n.text == "犯2/0" && n.urgent)
        );
    }
}
