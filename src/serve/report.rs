//! The players' reports on the room page (docs/self-report.md): `GET /report?round=R&board=B`
//! is the phone's form, `POST /report` takes a report (form fields `round`, `board`, `code`,
//! `result`) and hands it to the follower, which appends it through the log's locked append;
//! the domain decides it. The answers: 200 and what was recorded as whose report; 403 and
//! nothing written for a wrong code, a code of another board or round, or a round not
//! started; 409 when the board already has a result (or both signed and it waits for the
//! arbiter); 422 for what only an arbiter records; 429 once one client has given
//! [`WRONG_LIMIT`] wrong codes within [`WINDOW`]; 423 once the board has had
//! `self_report::WRONG_CODE_LIMIT` wrong codes this round, from any number of clients, until
//! an arbiter unlocks it. A wrong code is the domain's `WrongCodeGiven` record (the board's
//! count lives in the log), written through the same locked append as a report.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{FromRequest, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;

use super::follow::{Snapshot, WriteError};
use super::pages::report::{self as page, BoardForm, Seat};
use super::pages::{self, Ctx, Tab};
use super::routes::{App, Params, ctx, html};
use crate::domain::event::Event;
use crate::domain::refusal::Refusal;
use crate::domain::self_report::{ReportWhy, SelfReport, locked};
use crate::domain::{Board, Command, GameResult, Round, Side, Tournament};
use crate::i18n::room::{Label, Msg};
use crate::i18n::self_report as words;

/// Wrong codes one client may give within [`WINDOW`] before it is answered 429.
pub const WRONG_LIMIT: usize = 5;
/// How long a wrong code counts against its client.
pub const WINDOW: Duration = Duration::from_mins(10);
/// Clients remembered at most (a hall has a few hundred phones).
const CLIENTS_KEPT: usize = 4096;

/// The address a request came from (set on each connection by `serve`).
#[derive(Clone, Copy, Debug)]
pub struct Client(pub IpAddr);

/// Wrong codes per client (IPv6 per /64, all of loopback as one client, as
/// `per_client::client_key` counts them). A report takes a place ([`Guess`]) before the
/// domain judges its code, so however many arrive at once, no more than [`WRONG_LIMIT`]
/// are judged within [`WINDOW`]: the others are answered 429 without being judged.
#[derive(Clone, Default)]
pub struct Guesses {
    wrong: Arc<Mutex<HashMap<IpAddr, Tally>>>,
}

/// One client's wrong codes lately and its reports being judged now.
#[derive(Default)]
struct Tally {
    times: VecDeque<Instant>,
    judging: usize,
}

/// A report's place among its client's [`WRONG_LIMIT`]; given back when dropped unless its
/// code was wrong ([`Guess::wrong`]).
pub struct Guess {
    guesses: Guesses,
    key: IpAddr,
}

impl Guesses {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, Tally>> {
        self.wrong
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A place for one report of `ip`'s to be judged, or `None` when its wrong codes within
    /// the window and its reports being judged reach [`WRONG_LIMIT`].
    pub fn reserve(&self, ip: IpAddr, now: Instant) -> Option<Guess> {
        let key = super::per_client::client_key(ip);
        let mut map = self.lock();
        if map.len() >= CLIENTS_KEPT {
            map.retain(|_, t| {
                t.judging > 0
                    || t.times
                        .back()
                        .is_some_and(|b| now.duration_since(*b) < WINDOW)
            });
        }
        let tally = map.entry(key).or_default();
        while tally
            .times
            .front()
            .is_some_and(|t| now.duration_since(*t) >= WINDOW)
        {
            tally.times.pop_front();
        }
        if tally.times.len() + tally.judging >= WRONG_LIMIT {
            return None;
        }
        tally.judging += 1;
        Some(Guess {
            guesses: self.clone(),
            key,
        })
    }
}

impl Guess {
    /// The code was wrong: the place stays taken for [`WINDOW`] from `now`.
    pub fn wrong(self, now: Instant) {
        let mut map = self.guesses.lock();
        let tally = map.entry(self.key).or_default();
        tally.times.push_back(now);
        while tally.times.len() > WRONG_LIMIT {
            tally.times.pop_front();
        }
    }
}

impl Drop for Guess {
    fn drop(&mut self) {
        let mut map = self.guesses.lock();
        if let Some(tally) = map.get_mut(&self.key) {
            tally.judging = tally.judging.saturating_sub(1);
            if tally.judging == 0 && tally.times.is_empty() {
                map.remove(&self.key);
            }
        }
    }
}

/// The query of the form page.
#[derive(Debug, Default, Deserialize)]
pub struct Where {
    round: Option<String>,
    board: Option<String>,
    lang: Option<String>,
}

/// The report's form fields.
#[derive(Debug, Default, Deserialize)]
pub struct Fields {
    round: Option<String>,
    board: Option<String>,
    code: Option<String>,
    result: Option<String>,
}

fn number(s: Option<&str>) -> Option<u32> {
    s?.trim().parse().ok().filter(|n| *n > 0)
}

fn params(lang: Option<String>) -> Params {
    Params {
        lang,
        part: None,
        q: None,
        v: None,
    }
}

/// The form's view of `board` of `round`, `None` when there is no such board.
fn board_form(t: &Tournament, round: Round, board: Board, ctx: &Ctx) -> Option<BoardForm> {
    let r = t.round(round)?;
    let g = r.game(board)?;
    let seat = |side: Side| Seat {
        no: g.player(side).0,
        name: crate::export::rows::name(t, g.player(side)),
        signed: g.reports.get(side).is_some(),
    };
    let closed = if r.started_at.is_none() {
        Some(words::why(&ReportWhy::NotStarted, ctx.lang))
    } else if round != t.current_round() {
        Some(ctx.label(Label::RoundOver).to_string())
    } else if locked(g) {
        Some(words::locked(ctx.lang))
    } else {
        t.reportable_board(g, Utc::now())
            .err()
            .map(|w| words::why(&w, ctx.lang))
    };
    Some(BoardForm {
        round: round.0,
        board: board.0,
        red: seat(Side::Red),
        black: seat(Side::Black),
        result: g
            .result
            .map(|x| crate::i18n::result_word(x, ctx.lang).to_string()),
        status: words::public_status(t.signing(round, g), ctx.lang),
        closed,
        mode: t.self_report_now(),
    })
}

fn page_response(status: StatusCode, ctx: &Ctx, heading: &str, main: &maud::Markup) -> Response {
    page_at(status, ctx, "/report", heading, main)
}

/// A page whose language switch keeps `path` (the board's form).
fn page_at(
    status: StatusCode,
    ctx: &Ctx,
    path: &str,
    heading: &str,
    main: &maud::Markup,
) -> Response {
    html(
        status,
        pages::layout_static(ctx, Tab::Find, path, heading, main).into_string(),
    )
}

fn board_path(round: u32, board: u32) -> String {
    format!("/report?round={round}&board={board}")
}

/// The event does not take reports: the page says so (404).
fn off(ctx: &Ctx) -> Response {
    let main = maud::html! {
        div.report { p.err { (words::why(&ReportWhy::Off, ctx.lang)) } }
    };
    page_response(
        StatusCode::NOT_FOUND,
        ctx,
        ctx.label(Label::SignTheResult),
        &main,
    )
}

/// `GET /report?round=R&board=B`: the board's form; without a board, the board chooser.
pub async fn form_page(State(app): State<App>, Query(w): Query<Where>) -> Response {
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &params(w.lang));
    let t = &snap.tournament;
    if t.self_report_now().is_off() {
        return off(&ctx);
    }
    let current = (!t.rounds.is_empty()).then(|| t.current_round().0);
    let round = number(w.round.as_deref()).or(current);
    let (Some(round), Some(board)) = (round, number(w.board.as_deref())) else {
        let main = page::chooser(&ctx, current, None);
        return page_response(StatusCode::OK, &ctx, ctx.label(Label::SignTheResult), &main);
    };
    let Some(f) = board_form(t, Round(round), Board(board), &ctx) else {
        let e = words::unknown_board(round, board, ctx.lang);
        let main = page::chooser(&ctx, current, Some(&e));
        return page_response(
            StatusCode::NOT_FOUND,
            &ctx,
            ctx.label(Label::SignTheResult),
            &main,
        );
    };
    let main = page::form(&ctx, &f, None, None);
    // The language switch keeps the board (docs/room-page.md).
    page_at(
        StatusCode::OK,
        &ctx,
        &board_path(round, board),
        &page::heading(&ctx, round, board),
        &main,
    )
}

/// The answer to a refused report, and whether it was a wrong code.
fn refused_status(e: &WriteError) -> (StatusCode, bool) {
    match e {
        WriteError::Log(crate::log::LogError::Refused(r)) => match r {
            Refusal::Report { why, .. } => match why {
                ReportWhy::WrongCode => (StatusCode::FORBIDDEN, true),
                ReportWhy::NotStarted | ReportWhy::NoCodes => (StatusCode::FORBIDDEN, false),
                ReportWhy::Finished(_) | ReportWhy::AwaitingArbiter(..) => {
                    (StatusCode::CONFLICT, false)
                }
                ReportWhy::Off => (StatusCode::NOT_FOUND, false),
                ReportWhy::Locked => (StatusCode::LOCKED, false),
                ReportWhy::NotReportable(_)
                | ReportWhy::Absent(_)
                | ReportWhy::FlagDown(_)
                | ReportWhy::FoulLimit(_)
                | ReportWhy::LotFirst
                | ReportWhy::NothingPending { .. }
                | ReportWhy::NotLocked => (StatusCode::UNPROCESSABLE_ENTITY, false),
            },
            Refusal::HasResult { .. } => (StatusCode::CONFLICT, false),
            Refusal::UnknownRound(_)
            | Refusal::UnknownBoard { .. }
            | Refusal::VacantBoard { .. } => (StatusCode::NOT_FOUND, false),
            // A time too far from this machine's clock, and the like.
            _ => (StatusCode::UNPROCESSABLE_ENTITY, false),
        },
        WriteError::Log(_) | WriteError::NoWriter | WriteError::Stopped => {
            (StatusCode::SERVICE_UNAVAILABLE, false)
        }
    }
}

/// What a refused or failed write says to the player.
fn refused_text(e: &WriteError, snap: &Snapshot, lang: crate::domain::rules::Lang) -> String {
    let zone = crate::domain::zone::EventZone::of(&snap.tournament.rules);
    match e {
        WriteError::Log(crate::log::LogError::Refused(Refusal::Report { why, .. })) => {
            words::why(why, lang)
        }
        WriteError::Log(crate::log::LogError::Refused(r)) => crate::i18n::refusal(r, lang, zone),
        WriteError::Log(other) => {
            words::not_written(&crate::i18n::errors::log(other, lang, zone), lang)
        }
        WriteError::NoWriter => words::no_writer(lang),
        WriteError::Stopped => words::not_written("", lang),
    }
}

/// What a report that was written says, in one message: the result when the report recorded
/// it (`self_report: auto`: both signatures, or the winner's alone), else whose report of what.
fn written_text(events: &[Event], t: &Tournament, lang: crate::domain::rules::Lang) -> String {
    let recorded = events.iter().find_map(|e| match e {
        Event::ResultRecorded {
            round,
            board,
            result,
            ..
        } => {
            let by = t
                .game(*round, *board)
                .and_then(|g| match t.signing(*round, g) {
                    crate::domain::self_report::Signing::Agreed { by, .. } => Some(by),
                    _ => None,
                })
                .unwrap_or(crate::domain::self_report::SignedBy::Both);
            Some(words::recorded_result(*result, by, lang))
        }
        _ => None,
    });
    let reported = || {
        events.iter().find_map(|e| match e {
            Event::ResultReported { side, result, .. } => {
                Some(words::recorded_report(*side, *result, lang))
            }
            _ => None,
        })
    };
    recorded.or_else(reported).unwrap_or_default()
}

/// `POST /report`: a player's report, decided by the domain and appended by the follower.
pub async fn submit(State(app): State<App>, Query(p): Query<Params>, req: Request) -> Response {
    let client = req.extensions().get::<Client>().map(|c| c.0);
    let snap = app.feed.current();
    let ctx = ctx(&app, &snap, &p);
    if snap.tournament.self_report_now().is_off() {
        return off(&ctx);
    }
    let now = Instant::now();
    // The place is taken before the code is judged, and given back unless it was wrong.
    let guess = match client {
        Some(ip) => match app.guesses.reserve(ip, now) {
            Some(g) => Some(g),
            None => return too_many_guesses(&ctx),
        },
        None => None,
    };
    let fields = match axum::Form::<Fields>::from_request(req, &()).await {
        Ok(axum::Form(f)) => f,
        Err(_) => Fields::default(),
    };
    let (Some(round), Some(board)) = (
        number(fields.round.as_deref()),
        number(fields.board.as_deref()),
    ) else {
        return chooser_response(
            StatusCode::BAD_REQUEST,
            &ctx,
            &snap.tournament,
            &words::bad_form(ctx.lang),
        );
    };
    let (round, board) = (Round(round), Board(board));
    let result = fields
        .result
        .as_deref()
        .and_then(|r| r.parse::<GameResult>().ok())
        .filter(|r| page::RESULTS.contains(r));
    let code: String = fields.code.unwrap_or_default().chars().take(40).collect();
    let Some(f) = board_form(&snap.tournament, round, board, &ctx) else {
        let e = words::unknown_board(round.0, board.0, ctx.lang);
        return chooser_response(StatusCode::NOT_FOUND, &ctx, &snap.tournament, &e);
    };
    let heading = page::heading(&ctx, round.0, board.0);
    if snap
        .tournament
        .game(round, board)
        .is_some_and(|g| g.result.is_none() && locked(g))
    {
        // Locked: refused without a trip to the log (the append refuses it as well).
        let main = page::answer(&ctx, &f, &words::locked(ctx.lang), false);
        return page_at(
            StatusCode::LOCKED,
            &ctx,
            &board_path(round.0, board.0),
            &heading,
            &main,
        );
    }
    let Some(result) = result else {
        let main = page::form(&ctx, &f, Some(&words::choose_result(ctx.lang)), None);
        return page_at(
            StatusCode::BAD_REQUEST,
            &ctx,
            &board_path(round.0, board.0),
            &heading,
            &main,
        );
    };
    let cmd = Command::ReportResult {
        round,
        board,
        result,
        code: code.clone(),
        at: Utc::now(),
    };
    match app.feed.writer.write(cmd).await {
        Ok((recs, after)) => {
            let events: Vec<Event> = recs.into_iter().map(|r| r.ev).collect();
            if events
                .iter()
                .any(|e| matches!(e, Event::WrongCodeGiven { .. }))
            {
                // A wrong code, counted against the board in the log: refused.
                if let Some(g) = guess {
                    g.wrong(Instant::now());
                }
                let f = board_form(&after.tournament, round, board, &ctx).unwrap_or(f);
                let text = words::why(&ReportWhy::WrongCode, ctx.lang);
                let main = page::form(&ctx, &f, Some(&text), Some(result));
                return page_at(
                    StatusCode::FORBIDDEN,
                    &ctx,
                    &board_path(round.0, board.0),
                    &heading,
                    &main,
                );
            }
            let said = if events.is_empty() {
                signed_before(&after.tournament, (round, board), &code, result, ctx.lang)
            } else {
                written_text(&events, &after.tournament, ctx.lang)
            };
            let side = events.iter().find_map(|e| match e {
                Event::ResultReported { side, .. } => Some(*side),
                _ => None,
            });
            let mut f = board_form(&after.tournament, round, board, &ctx).unwrap_or(f);
            if let (Some(side), Some(g)) = (side, after.tournament.game(round, board)) {
                f.status = words::card_status(after.tournament.signing(round, g), side, ctx.lang);
            }
            let main = page::answer(&ctx, &f, &said, true);
            page_at(
                StatusCode::OK,
                &ctx,
                &board_path(round.0, board.0),
                &heading,
                &main,
            )
        }
        Err(e) => {
            let (status, wrong) = refused_status(&e);
            if wrong && let Some(g) = guess {
                g.wrong(Instant::now());
            }
            let text = refused_text(&e, &snap, ctx.lang);
            let main = if status == StatusCode::CONFLICT
                || status == StatusCode::LOCKED
                || f.result.is_some()
            {
                page::answer(&ctx, &f, &text, false)
            } else {
                page::form(&ctx, &f, Some(&text), Some(result))
            };
            page_at(status, &ctx, &board_path(round.0, board.0), &heading, &main)
        }
    }
}

/// Too many wrong codes from one address: the form is closed to it for a while.
fn too_many_guesses(ctx: &Ctx) -> Response {
    let main = maud::html! { div.report { p.err role="alert" { (words::too_many(ctx.lang)) } } };
    let mut r = page_response(
        StatusCode::TOO_MANY_REQUESTS,
        ctx,
        ctx.label(Label::SignTheResult),
        &main,
    );
    r.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("600"));
    r
}

/// The board chooser again, with what was wrong.
fn chooser_response(status: StatusCode, ctx: &Ctx, t: &Tournament, wrong: &str) -> Response {
    let current = (!t.rounds.is_empty()).then(|| t.current_round().0);
    let main = page::chooser(ctx, current, Some(wrong));
    page_response(status, ctx, ctx.label(Label::SignTheResult), &main)
}

/// A report the log already holds: said for the side whose code this is.
fn signed_before(
    t: &Tournament,
    (round, board): (Round, Board),
    code: &str,
    result: GameResult,
    lang: crate::domain::rules::Lang,
) -> String {
    let side = t
        .seat_codes(round)
        .into_iter()
        .find(|c| c.board == board && c.code.matches(code))
        .map_or(Side::Red, |c| c.side);
    words::signed_before(side, result, lang)
}

/// What `serve` says at start when the event takes reports: where the form is and as whom
/// reports are written, or that they cannot be.
pub fn announce(t: &Tournament, url: &str, lang: crate::domain::rules::Lang) -> Option<String> {
    if t.self_report_now() == SelfReport::Off {
        return None;
    }
    let form = format!("{url}report");
    Some(match super::follow::writer_actor(t) {
        Some(a) => crate::i18n::room::text(
            &Msg::ReportsOn {
                mode: t.self_report_now(),
                form,
                user: a.user,
                role: a.role,
            },
            lang,
        ),
        None => words::no_writer(lang),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_is_blocked_after_the_limit_and_let_in_once_the_window_passes() {
        let g = Guesses::default();
        let a: IpAddr = "192.168.1.7".parse().unwrap();
        let b: IpAddr = "192.168.1.8".parse().unwrap();
        let t0 = Instant::now();
        for i in 0..WRONG_LIMIT {
            let place = g.reserve(a, t0);
            assert!(place.is_some(), "after {i} wrong codes");
            place.unwrap().wrong(t0);
        }
        assert!(g.reserve(a, t0).is_none());
        assert!(g.reserve(b, t0).is_some(), "another phone is not held back");
        assert!(
            g.reserve(a, t0 + WINDOW.saturating_sub(Duration::from_secs(1)))
                .is_none()
        );
        assert!(g.reserve(a, t0 + WINDOW).is_some(), "the window passed");
        // One /64 is one client, and all of loopback.
        let v6a: IpAddr = "2001:db8::1".parse().unwrap();
        let v6b: IpAddr = "2001:db8::2".parse().unwrap();
        for _ in 0..WRONG_LIMIT {
            g.reserve(v6a, t0).unwrap().wrong(t0);
        }
        assert!(g.reserve(v6b, t0).is_none());
        for _ in 0..WRONG_LIMIT {
            g.reserve("127.0.0.2".parse().unwrap(), t0)
                .unwrap()
                .wrong(t0);
        }
        assert!(g.reserve("127.0.9.9".parse().unwrap(), t0).is_none());
        assert!(g.reserve("::1".parse().unwrap(), t0).is_none());
    }

    #[test]
    fn places_being_judged_count_and_a_right_code_gives_its_place_back() {
        let g = Guesses::default();
        let a: IpAddr = "192.168.1.7".parse().unwrap();
        let t0 = Instant::now();
        let held: Vec<Guess> = (0..20).filter_map(|_| g.reserve(a, t0)).collect();
        assert_eq!(held.len(), WRONG_LIMIT, "at most the limit judged at once");
        drop(held);
        assert!(g.reserve(a, t0).is_some(), "not wrong: given back");
    }
}
