//! The phone's scoresheet (docs/self-report.md): the form a player opens from the QR code on
//! their slip (`/report?round=R&board=B`), the board chooser, and the page that answers a
//! report. Laid out for a 390-px phone; no code is ever written into a page.

use maud::{Markup, html};

use super::Ctx;
use crate::domain::GameResult;
use crate::domain::self_report::SelfReport;
use crate::i18n::room::{Label, Msg, url_lang};

/// One side of the board, as the form names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub no: u32,
    pub name: String,
    /// Whether this side has signed (public: the room page says 已签认, never what or how).
    pub signed: bool,
}

/// What the form shows of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardForm {
    pub round: u32,
    pub board: u32,
    pub red: Seat,
    pub black: Seat,
    /// The result once recorded, in words.
    pub result: Option<String>,
    /// Where the signatures stand, in words (待确认, waiting for the opponent, …).
    pub status: Option<String>,
    /// Why the board takes no report now (not started, the arbiters'), in words.
    pub closed: Option<String>,
    pub mode: SelfReport,
}

/// The three results a player reports.
pub const RESULTS: [GameResult; 3] = [GameResult::RedWin, GameResult::Draw, GameResult::BlackWin];

/// The form's heading.
pub fn heading(ctx: &Ctx, round: u32, board: u32) -> String {
    ctx.text(&Msg::SignHeading { round, board })
}

fn option_label(ctx: &Ctx, f: &BoardForm, result: GameResult) -> String {
    ctx.text(&Msg::SignOption {
        result,
        red: f.red.name.clone(),
        black: f.black.name.clone(),
    })
}

fn seat(ctx: &Ctx, colour: &str, s: &Seat) -> Markup {
    html! {
        div.seat {
            span.colour { (colour) }
            b { (s.no) " " (s.name) }
            @if s.signed {
                span.signed { (ctx.label(Label::Signed)) }
            }
        }
    }
}

/// The board's form: who plays, where the signatures stand, the three results and the code.
/// `error` is shown above it (the code field is always empty).
pub fn form(ctx: &Ctx, f: &BoardForm, error: Option<&str>, chosen: Option<GameResult>) -> Markup {
    html! {
        h2 { (heading(ctx, f.round, f.board)) }
        div.report {
            div.board {
                (seat(ctx, ctx.label(Label::HeadRed), &f.red))
                (seat(ctx, ctx.label(Label::HeadBlack), &f.black))
            }
            @if let Some(e) = error { p.err role="alert" { (e) } }
            @if let Some(r) = &f.result {
                p.ok { (ctx.label(Label::ResultIsRecorded)) b { (r) } }
            } @else if let Some(why) = &f.closed {
                // The refusal just shown is often why the board is closed: said once.
                @if error != Some(why.as_str()) { p.err { (why) } }
            } @else {
                @if let Some(s) = &f.status { p.status { (s) } }
                form method="post" action=(ctx.href("/report")) autocomplete="off" {
                    input type="hidden" name="round" value=(f.round);
                    input type="hidden" name="board" value=(f.board);
                    fieldset {
                        legend { (ctx.label(Label::TheResult)) }
                        @for r in RESULTS {
                            label.opt {
                                input type="radio" name="result" value=(r.word()) required checked[chosen == Some(r)];
                                span { (option_label(ctx, f, r)) }
                            }
                        }
                    }
                    label.code for="code" { (ctx.label(Label::YourCode)) }
                    input.code #code type="text" name="code" inputmode="numeric" maxlength="20"
                        required autocomplete="off" placeholder="1234 5678";
                    button type="submit" { (ctx.label(Label::Sign)) }
                }
                p.muted {
                    (ctx.label(Label::HowSigned(f.mode)))
                    " "
                    (ctx.label(Label::RaiseYourHand))
                }
            }
        }
    }
}

/// Without a board: the board number to open (the current round).
pub fn chooser(ctx: &Ctx, round: Option<u32>, error: Option<&str>) -> Markup {
    html! {
        div.report {
            @if let Some(e) = error { p.err role="alert" { (e) } }
            @if let Some(r) = round {
                form.find method="get" action="/report" {
                    @if let Some(v) = url_lang(ctx.lang) { input type="hidden" name="lang" value=(v); }
                    input type="hidden" name="round" value=(r);
                    input type="number" name="board" min="1" inputmode="numeric" required
                        aria-label=(ctx.label(Label::BoardField))
                        placeholder=(ctx.label(Label::BoardNumber));
                    button type="submit" { (ctx.label(Label::Open)) }
                }
                p.muted { (ctx.label(Label::OrScan)) }
            } @else {
                p.muted { (ctx.label(Label::NoRoundPaired)) }
            }
        }
    }
}

/// The answer to a report: what was recorded as whose report (or why not), then where the
/// board's signatures stand while it has no result. A board with a result has it said once,
/// by `said` (`双方签认一致, 结果已记录: 和`, `本台已有结果: 红胜`).
pub fn answer(ctx: &Ctx, f: &BoardForm, said: &str, ok: bool) -> Markup {
    html! {
        h2 { (heading(ctx, f.round, f.board)) }
        div.report {
            div.board {
                (seat(ctx, ctx.label(Label::HeadRed), &f.red))
                (seat(ctx, ctx.label(Label::HeadBlack), &f.black))
            }
            @if ok { p.ok role="status" { (said) } } @else { p.err role="alert" { (said) } }
            @if f.result.is_none() {
                @if let Some(s) = &f.status { p.status { (s) } }
            }
            p {
                a href=(ctx.href(&format!("/report?round={}&board={}", f.round, f.board))) {
                    (ctx.label(Label::BackToForm))
                }
                " · "
                a href=(ctx.href(&format!("/round/{}#b{}", f.round, f.board))) {
                    (ctx.label(Label::RoundPairings))
                }
            }
        }
    }
}
