//! The phone's scoresheet (docs/self-report.md): the form a player opens from the QR code on
//! their slip (`/report?round=R&board=B`), the board chooser, and the page that answers a
//! report. Laid out for a 390-px phone; no code is ever written into a page.

use maud::{Markup, html};

use super::Ctx;
use crate::domain::GameResult;
use crate::domain::rules::Lang;
use crate::domain::self_report::SelfReport;

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

fn where_text(ctx: &Ctx, round: u32, board: u32) -> String {
    match ctx.lang {
        Lang::Zh => format!("第{round}轮 第{board}台"),
        Lang::En => format!("Round {round}, board {board}"),
    }
}

/// The form's heading.
pub fn heading(ctx: &Ctx, round: u32, board: u32) -> String {
    match ctx.lang {
        Lang::Zh => format!("签认结果 · {}", where_text(ctx, round, board)),
        Lang::En => format!("Sign the result · {}", where_text(ctx, round, board)),
    }
}

fn option_label(ctx: &Ctx, f: &BoardForm, r: GameResult) -> String {
    match (r, ctx.lang) {
        (GameResult::RedWin, Lang::Zh) => format!("红胜（{}胜）", f.red.name),
        (GameResult::BlackWin, Lang::Zh) => format!("黑胜（{}胜）", f.black.name),
        (GameResult::RedWin, Lang::En) => format!("Red wins ({})", f.red.name),
        (GameResult::BlackWin, Lang::En) => format!("Black wins ({})", f.black.name),
        (_, Lang::Zh) => "和棋".to_string(),
        (_, Lang::En) => "Draw".to_string(),
    }
}

fn seat(ctx: &Ctx, colour: &str, s: &Seat) -> Markup {
    html! {
        div.seat {
            span.colour { (colour) }
            b { (s.no) " " (s.name) }
            @if s.signed {
                span.signed { (ctx.t("已签认", "signed")) }
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
                (seat(ctx, ctx.t("红方", "Red"), &f.red))
                (seat(ctx, ctx.t("黑方", "Black"), &f.black))
            }
            @if let Some(e) = error { p.err role="alert" { (e) } }
            @if let Some(r) = &f.result {
                p.ok { (ctx.t("本台结果已记录：", "The result is recorded: ")) b { (r) } }
            } @else if let Some(why) = &f.closed {
                p.err { (why) }
            } @else {
                @if let Some(s) = &f.status { p.status { (s) } }
                form method="post" action=(ctx.href("/report")) autocomplete="off" {
                    input type="hidden" name="round" value=(f.round);
                    input type="hidden" name="board" value=(f.board);
                    fieldset {
                        legend { (ctx.t("本局结果", "The result")) }
                        @for r in RESULTS {
                            label.opt {
                                input type="radio" name="result" value=(r.word()) required checked[chosen == Some(r)];
                                span { (option_label(ctx, f, r)) }
                            }
                        }
                    }
                    label.code for="code" { (ctx.t("你的签认码（记录单上，8位数字）", "Your code (on your slip, 8 digits)")) }
                    input.code #code type="text" name="code" inputmode="numeric" maxlength="20"
                        required autocomplete="off" placeholder="1234 5678";
                    button type="submit" { (ctx.t("签认", "Sign")) }
                }
                p.muted {
                    @match (f.mode, ctx.lang) {
                        (SelfReport::Auto, Lang::Zh) => "双方各用自己的签认码签认；两人签认一致，结果即记录。",
                        (SelfReport::Auto, Lang::En) => "Each player signs with their own code; when both agree, the result is recorded.",
                        (_, Lang::Zh) => "双方各用自己的签认码签认；两人签认一致后，由裁判确认记录。",
                        (_, Lang::En) => "Each player signs with their own code; when both agree, an arbiter accepts the result.",
                    }
                    " "
                    (ctx.t("弃权、超时和犯规判负请举手找裁判。", "Forfeits, time losses and foul losses: raise your hand for the arbiter."))
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
                    @if ctx.lang == Lang::En { input type="hidden" name="lang" value="en"; }
                    input type="hidden" name="round" value=(r);
                    input type="number" name="board" min="1" inputmode="numeric" required
                        aria-label=(ctx.t("台号", "Board"))
                        placeholder=(ctx.t("输入台号", "Board number"));
                    button type="submit" { (ctx.t("打开", "Open")) }
                }
                p.muted { (ctx.t("或扫描记录单上的二维码。", "Or scan the QR code on your slip.")) }
            } @else {
                p.muted { (ctx.t("本轮尚未编排。", "No round is paired yet.")) }
            }
        }
    }
}

/// The answer to a report: what was recorded as whose report, then where the board stands.
pub fn answer(ctx: &Ctx, f: &BoardForm, said: &str, ok: bool) -> Markup {
    html! {
        h2 { (heading(ctx, f.round, f.board)) }
        div.report {
            div.board {
                (seat(ctx, ctx.t("红方", "Red"), &f.red))
                (seat(ctx, ctx.t("黑方", "Black"), &f.black))
            }
            @if ok { p.ok role="status" { (said) } } @else { p.err role="alert" { (said) } }
            @if let Some(r) = &f.result {
                p.ok { (ctx.t("本台结果已记录：", "The result is recorded: ")) b { (r) } }
            } @else if let Some(s) = &f.status {
                p.status { (s) }
            }
            p {
                a href=(ctx.href(&format!("/report?round={}&board={}", f.round, f.board))) {
                    (ctx.t("返回本台签认页", "Back to this board's form"))
                }
                " · "
                a href=(ctx.href(&format!("/round/{}#b{}", f.round, f.board))) {
                    (ctx.t("查看本轮对阵", "The round's pairings"))
                }
            }
        }
    }
}
