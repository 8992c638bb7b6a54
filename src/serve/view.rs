//! What the room pages show, computed from the tournament: the boards of a round, a player's
//! card, the matches of a search, the clocks and the late countdown. Pure data (time passed
//! in); the pages only lay it out. Names, results and stage labels come from `export::rows`,
//! so the room page and the printouts say the same thing.
//!
//! Nothing private is copied here: a player is a number, a name and a club (no birth date,
//! fee or note), so no page can show what it was never given.

use std::collections::HashMap;

use chrono::{DateTime, Utc};

use crate::domain::event::Stage;
use crate::domain::result::Outcome;
use crate::domain::rules::Lang;
use crate::domain::tournament::{Game, Status};
use crate::domain::{PlayerNo, Round, Side, Tournament};
use crate::export::knockout_text::{armageddon_verdict, game_result_text};
use crate::export::rows::{name, stage_text};
use crate::i18n::room::{Label, Msg, label, text};

/// A player as a page shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub no: u32,
    pub name: String,
    pub club: String,
    /// Points before the round shown (积分), in the event's printed scale.
    pub points: String,
    /// The seat is empty: the round has started, the game has no result and
    /// the player is not at the board (docs/rules.md#4-late-arrival-forfeits-withdrawal, late arrival).
    pub absent: bool,
}

/// One line of a round: a board, or the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    /// `None` for the bye.
    pub board: Option<u32>,
    pub red: Who,
    pub black: Option<Who>,
    /// The result in words (红胜 / 和 / 黑胜 …), the bye's word, or `None` while playing.
    pub result: Option<String>,
    /// The knockout stage and game (半决赛 快棋), `None` in a Swiss round.
    pub stage: Option<String>,
    /// An armageddon before its colour lot (seed 003 "抽签加赛"): the sides on record are
    /// provisional, so the pages say 待抽签 where the result goes and draw no colours.
    pub lot_pending: bool,
    /// The section's name (公开组) when the event has several, else `None`.
    pub section: Option<String>,
}

/// A round as the round page and the wall show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundView {
    pub round: u32,
    pub lines: Vec<BoardLine>,
    pub started: bool,
    pub reported: usize,
    pub boards: usize,
    /// Rounds paired so far (for links to the earlier ones).
    pub paired: u32,
    /// Each paired round's tag once it is finished, for its long-cacheable link
    /// (`serve::finished`); empty where the page shows no links.
    pub tags: Vec<Option<String>>,
}

fn who(t: &Tournament, no: PlayerNo, scores: &HashMap<PlayerNo, u32>) -> Who {
    Who {
        no: no.0,
        name: name(t, no),
        club: t
            .player(no)
            .map(|p| p.entry.club.clone())
            .unwrap_or_default(),
        points: crate::export::report::ratio_text(
            i64::from(scores.get(&no).copied().unwrap_or(0)),
            t.rules.points.per_point(),
        ),
        absent: false,
    }
}

/// The section's name when the event has several sections.
fn section(t: &Tournament, s: usize) -> Option<String> {
    (t.rules.sections.len() > 1).then(|| t.section_name(s).to_string())
}

fn board_line(
    t: &Tournament,
    g: &Game,
    started: bool,
    scores: &HashMap<PlayerNo, u32>,
    lang: Lang,
) -> BoardLine {
    let seat = |side: Side| {
        let mut w = who(t, g.player(side), scores);
        w.absent = started && g.result.is_none() && !g.seats.get(side).present;
        w
    };
    BoardLine {
        board: Some(g.board.0),
        red: seat(Side::Red),
        black: Some(seat(Side::Black)),
        result: game_result_text(g, lang),
        stage: (g.stage != Stage::Swiss).then(|| stage_text(g.stage, g.game, lang)),
        lot_pending: crate::export::knockout_text::lot_pending(g),
        section: section(t, g.section),
    }
}

/// The boards of `round` (then its byes), with each player's points before the round;
/// `None` when the round is not paired.
pub fn round(t: &Tournament, round: Round, lang: Lang) -> Option<RoundView> {
    let r = t.round(round)?;
    let scores = crate::domain::standings::points_before(t, round);
    let started = r.started_at.is_some();
    let mut lines: Vec<(usize, BoardLine)> = r
        .games
        .iter()
        .map(|g| (g.section, board_line(t, g, started, &scores, lang)))
        .collect();
    // Pairing byes, then requested byes (docs/rules.md#requested-byes) with what they score.
    let byes = r
        .byes
        .iter()
        .map(|b| (*b, label(Label::Bye, lang).to_string()));
    let requested = r
        .requested
        .iter()
        .map(|b| (b.no, crate::i18n::bye::mark(b.points, lang)));
    for (b, what) in byes.chain(requested) {
        let s = t.player(b).map_or(0, |p| p.section);
        let line = BoardLine {
            board: None,
            red: who(t, b, &scores),
            black: None,
            result: Some(what),
            stage: None,
            lot_pending: false,
            section: section(t, s),
        };
        lines.push((s, line));
    }
    // Grouped by section (boards keep their order within each); a bye after its section.
    lines.sort_by_key(|(s, _)| *s);
    let lines: Vec<BoardLine> = lines.into_iter().map(|(_, l)| l).collect();
    Some(RoundView {
        round: round.0,
        lines,
        started,
        reported: r.reported(),
        boards: r.games.len(),
        paired: t.rounds.len() as u32,
        tags: Vec::new(),
    })
}

/// One round of a player's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardLine {
    pub round: u32,
    /// `None` for a bye or a round the player was not paired in.
    pub board: Option<u32>,
    /// 红 / 黑, empty for a bye.
    pub colour: String,
    /// The player's side, `None` for a bye.
    pub side: Option<Side>,
    pub opponent: Option<(u32, String)>,
    /// 胜 / 和 / 负 (弃权), 轮空, or empty while the game is on.
    pub result: String,
    pub stage: Option<String>,
    /// Swiss points after this round (积分), once its result is in.
    pub running: Option<u32>,
}

/// A player's card: who they are and every round so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub no: u32,
    pub name: String,
    pub club: String,
    pub team: String,
    pub group: String,
    pub withdrawn: bool,
    pub lines: Vec<CardLine>,
    /// The current round's game while it has no result, with the players' reports on
    /// (docs/self-report.md): where the signatures stand and the board's form.
    pub report: Option<CardReport>,
}

/// The signing box of a player's card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardReport {
    pub round: u32,
    pub board: u32,
    /// 已签认 红胜, 等待对方签认 / … (nothing while nobody signed).
    pub status: Option<String>,
}

/// The signing box of `no`'s card: the current round's game, started, without a result.
fn card_report(t: &Tournament, no: PlayerNo, lang: Lang) -> Option<CardReport> {
    if t.self_report_now().is_off() {
        return None;
    }
    let r = t.current()?;
    r.started_at?;
    let g = r.game_of(no).filter(|g| g.result.is_none())?;
    let side = g.side_of(no)?;
    Some(CardReport {
        round: r.round.0,
        board: g.board.0,
        status: crate::i18n::self_report::card_status(t.signing(r.round, g), side, lang),
    })
}

fn outcome_word(outcome: Outcome, forfeit: bool, lang: Lang) -> String {
    text(&Msg::CardResult { outcome, forfeit }, lang)
}

/// Player `no`'s card, `None` for an unknown number.
pub fn card(t: &Tournament, no: PlayerNo, lang: Lang) -> Option<Card> {
    let p = t.player(no)?;
    let mut lines = Vec::new();
    for r in &t.rounds {
        let after = crate::domain::standings::points_before(t, Round(r.round.0 + 1));
        let running = after.get(&no).copied();
        let games: Vec<&Game> = r.games.iter().filter(|g| g.side_of(no).is_some()).collect();
        let bye = if r.byes.contains(&no) {
            Some(label(Label::Bye, lang).to_string())
        } else {
            r.requested
                .iter()
                .find(|b| b.no == no)
                .map(|b| crate::i18n::bye::mark(b.points, lang))
        };
        if let Some(result) = bye {
            lines.push(CardLine {
                round: r.round.0,
                board: None,
                colour: String::new(),
                side: None,
                opponent: None,
                result,
                stage: None,
                running,
            });
        }
        for g in games {
            let Some(side) = g.side_of(no) else { continue };
            let opp = g.player(side.other());
            lines.push(CardLine {
                round: r.round.0,
                board: Some(g.board.0),
                colour: label(Label::SideShort(side), lang).to_string(),
                side: Some(side),
                opponent: Some((opp.0, name(t, opp))),
                result: armageddon_verdict(t, g, lang).unwrap_or_else(|| {
                    g.result.map_or_else(String::new, |x| {
                        outcome_word(x.outcome(side), x.is_forfeit(), lang)
                    })
                }),
                stage: (g.stage != Stage::Swiss).then(|| stage_text(g.stage, g.game, lang)),
                running: g.result.and(running),
            });
        }
    }
    Some(Card {
        no: no.0,
        name: p.entry.name.clone(),
        club: p.entry.club.clone(),
        team: p.entry.team.clone(),
        group: if t.rules.sections.len() > 1 {
            t.section_name(p.section).to_string()
        } else {
            String::new()
        },
        withdrawn: matches!(p.status, Status::Withdrawn { .. }),
        lines,
        report: card_report(t, no, lang),
    })
}

/// A player found by the search, with where they sit in the current round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub no: u32,
    pub name: String,
    pub club: String,
    /// The current round's board, side and opponent; `None` when not paired (or the bye).
    pub seat: Option<(u32, Side, String)>,
    pub bye: bool,
}

/// At most this many matches are listed.
pub const FIND_LIMIT: usize = 30;

/// Players whose number is `query`, or whose name (or club) contains it, ignoring case and
/// spaces; the exact number first.
pub fn find(t: &Tournament, query: &str) -> Vec<Found> {
    let q: String = query.chars().filter(|c| !c.is_whitespace()).collect();
    let q = q.to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let number = q.parse::<u32>().ok();
    let matches = |no: PlayerNo, name: &str| {
        number == Some(no.0)
            || name
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .to_lowercase()
                .contains(&q)
    };
    let mut hits: Vec<&crate::domain::tournament::Player> = t
        .players
        .iter()
        .filter(|p| matches(p.no, &p.entry.name))
        .collect();
    hits.sort_by_key(|p| (number != Some(p.no.0), p.no));
    let current = t.current();
    hits.into_iter()
        .take(FIND_LIMIT)
        .map(|p| {
            let game = current.and_then(|r| r.game_of(p.no));
            let seat = game.and_then(|g| {
                let side = g.side_of(p.no)?;
                Some((g.board.0, side, name(t, g.player(side.other()))))
            });
            Found {
                no: p.no.0,
                name: p.entry.name.clone(),
                club: p.entry.club.clone(),
                seat,
                bye: current.is_some_and(|r| {
                    r.byes.contains(&p.no) || r.requested.iter().any(|b| b.no == p.no)
                }),
            }
        })
        .collect()
}

/// A board's clock for the wall: remaining milliseconds per side and the running side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockLine {
    pub board: u32,
    pub red_ms: u64,
    pub black_ms: u64,
    pub running: Option<Side>,
    pub flag: Option<Side>,
}

/// The clocks of the current round's unfinished boards that have clock data (not an
/// armageddon's before its lot: whose 6:00 and whose 4:00 is not known yet).
pub fn clocks(t: &Tournament, now: DateTime<Utc>) -> Vec<ClockLine> {
    let Some(r) = t.current() else {
        return Vec::new();
    };
    r.games
        .iter()
        .filter(|g| g.result.is_none() && !crate::export::knockout_text::lot_pending(g))
        .filter_map(|g| {
            let c = g.clock.as_ref()?.read(now);
            Some(ClockLine {
                board: g.board.0,
                red_ms: c.red_ms,
                black_ms: c.black_ms,
                running: c.running,
                flag: c.flag,
            })
        })
        .collect()
}

/// The late window of the current round: milliseconds left and the seats still empty, while
/// the round runs, the window is open and someone is missing.
pub fn late(t: &Tournament, now: DateTime<Utc>, lang: Lang) -> Option<(u64, Vec<String>)> {
    let left = t.late_window_remaining_ms(now)?;
    let seats: Vec<String> = t
        .absent_seats(now)
        .iter()
        .map(|s| {
            let seat = Msg::LateSeat {
                board: s.board,
                side: s.side,
                name: name(t, s.player),
            };
            text(&seat, lang)
        })
        .collect();
    (left > 0 && !seats.is_empty()).then_some((left, seats))
}

/// True once every round of the event has been played (prizes are shown then).
pub fn event_over(t: &Tournament) -> bool {
    let done = t.completed_rounds();
    done > 0 && done as usize == t.rounds.len() && done >= t.rules.rounds
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, Event, Pairing, PlayerEntry};
    use crate::domain::result::GameResult;
    use crate::domain::rules::Rules;
    use crate::domain::{Board, Round};

    /// Five players; round 1: board 1 is 1 v 2, board 2 is 4 v 3, 5 has the bye.
    fn tournament() -> Tournament {
        let rules = Rules::preset("qigu-2024-07").expect("preset");
        let mut t = Tournament::new("t".into(), rules);
        for i in 1..=5 {
            let mut entry = PlayerEntry::named(format!("棋手{i}"));
            entry.club = format!("俱乐部{i}");
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i),
                entry,
            });
        }
        let pair = |board, red, black| Pairing {
            board: Board(board),
            red: PlayerNo(red),
            black: PlayerNo(black),
            stage: Stage::Swiss,
            game: crate::domain::event::GameKind::Slow,
        };
        t.apply(&Event::RoundPaired {
            round: Round(1),
            games: vec![pair(1, 1, 2), pair(2, 4, 3)],
            byes: vec![PlayerNo(5)],
        });
        t
    }

    fn result(t: &mut Tournament, board: u32, result: GameResult) {
        t.apply(&Event::ResultRecorded {
            round: Round(1),
            board: Board(board),
            result,
            cause: Cause::Arbiter,
            at: None,
        });
    }

    #[test]
    fn round_lists_boards_then_the_bye_with_results_as_they_come() {
        let mut t = tournament();
        result(&mut t, 2, GameResult::BlackWin);
        let v = round(&t, Round(1), Lang::Zh).expect("paired");
        assert_eq!(v.lines.len(), 3);
        assert_eq!(v.lines[0].result, None, "board 1 still playing");
        assert_eq!(v.lines[1].result.as_deref(), Some("黑胜"));
        assert_eq!(v.lines[1].red.club, "俱乐部4");
        assert_eq!(v.lines[2].board, None);
        assert_eq!(v.lines[2].red.no, 5);
        assert_eq!(v.reported, 1);
        assert!(round(&t, Round(2), Lang::Zh).is_none());
    }

    #[test]
    fn an_empty_seat_is_marked_while_the_game_is_on() {
        let mut t = tournament();
        let at = chrono::DateTime::<Utc>::UNIX_EPOCH;
        t.apply(&Event::RoundStarted {
            round: Round(1),
            at,
        });
        t.apply(&Event::SeatMarked {
            round: Round(1),
            board: Board(2),
            side: Side::Black,
            present: false,
            at,
        });
        let absent = |t: &Tournament| {
            let v = round(t, Round(1), Lang::Zh).expect("paired");
            v.lines
                .iter()
                .map(|l| (l.red.absent, l.black.as_ref().is_some_and(|b| b.absent)))
                .collect::<Vec<_>>()
        };
        assert_eq!(absent(&t), [(false, false), (false, true), (false, false)]);
        result(&mut t, 2, GameResult::RedWinForfeit);
        assert_eq!(
            absent(&t)[1],
            (false, false),
            "decided: no longer a seat to fill"
        );
        let v = round(&t, Round(1), Lang::Zh).expect("paired");
        assert!(v.lines.iter().all(|l| l.section.is_none()), "one section");
    }

    #[test]
    fn card_has_colour_opponent_result_and_running_points() {
        let mut t = tournament();
        result(&mut t, 1, GameResult::Draw);
        let c = card(&t, PlayerNo(2), Lang::Zh).expect("player 2");
        assert_eq!(c.lines.len(), 1);
        let l = &c.lines[0];
        assert_eq!((l.board, l.colour.as_str()), (Some(1), "黑"));
        assert_eq!(l.side, Some(Side::Black));
        assert_eq!(l.opponent, Some((1, "棋手1".to_string())));
        assert_eq!((l.result.as_str(), l.running), ("和", Some(1)));
        let bye = card(&t, PlayerNo(5), Lang::En).expect("player 5");
        assert_eq!(
            (bye.lines[0].result.as_str(), bye.lines[0].running),
            ("bye", Some(2))
        );
        let playing = card(&t, PlayerNo(4), Lang::Zh).expect("player 4");
        assert_eq!(
            playing.lines[0].running, None,
            "no points while the game is on"
        );
        assert!(card(&t, PlayerNo(9), Lang::Zh).is_none());
    }

    #[test]
    fn find_by_number_or_part_of_a_name_with_the_seat() {
        let t = tournament();
        let hits = find(&t, "3");
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].seat, Some((2, Side::Black, "棋手4".to_string())));
        let (board, side, _) = hits[0].seat.clone().expect("seated");
        assert_eq!(text(&Msg::Seat { board, side }, Lang::Zh), "第2台 黑方");
        assert_eq!(find(&t, " 棋手 ").len(), 5);
        assert!(find(&t, "5")[0].bye);
        assert!(find(&t, "").is_empty());
        assert!(find(&t, "nobody").is_empty());
    }

    #[test]
    fn result_words_follow_the_language() {
        assert_eq!(outcome_word(Outcome::Win, true, Lang::Zh), "胜 (弃权)");
        assert_eq!(outcome_word(Outcome::Draw, false, Lang::En), "draw");
    }
}
