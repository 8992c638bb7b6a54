//! The room pages as HTML (maud templates): one layout, phone-first, Chinese by default with
//! an English switch (`?lang=en`). Every page reads without JavaScript (and reloads itself
//! every 30 s); with it, a small inline script listens to `/events` and replaces `<main>`
//! with a fresh copy (the same URL with `part=main`) when the log changes. A phone refused a
//! stream reads that copy every few seconds instead (a 304 when nothing changed) and asks for
//! a stream again later (docs/room-page.md#budgets).

pub mod player;
pub mod report;
pub mod round;
pub mod tables;
pub mod team;
pub mod wall;

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::domain::rules::Lang;
use crate::export::report::Report;
use crate::i18n::room::{Label, Msg, html_lang, switch, url_lang};

/// What every page needs besides its own data.
#[derive(Clone, Debug)]
pub struct Ctx {
    pub lang: Lang,
    pub title: String,
    /// The log's damage, shown as a warning on every page.
    pub damage: Option<String>,
    /// The log was replaced by another file and read again: when, local time.
    pub replaced: Option<String>,
    pub version: u64,
    /// Milliseconds between the script's reads of the page when it has no live stream.
    pub poll_ms: u64,
    /// This run of the server's number: with `version`, the page's place in the live
    /// stream (`serve::delta`).
    pub run: u64,
    /// The live stream this page follows when it gets deltas (`serve::delta`); `/events`
    /// (an `update` on every change, and the page read again) when `None`.
    pub events: Option<String>,
    /// Whether the event has teams (a team match, or players entered for a team): the 团体
    /// tab is shown only then.
    pub teams: bool,
}

impl Ctx {
    /// `path` in the page's language (`?lang=en` kept on every link).
    pub fn href(&self, path: &str) -> String {
        href(self.lang, path)
    }

    /// A word of the page in its language.
    pub fn label(&self, l: Label) -> &'static str {
        crate::i18n::room::label(l, self.lang)
    }

    /// A message of the page in its language.
    pub fn text(&self, m: &Msg) -> String {
        crate::i18n::room::text(m, self.lang)
    }
}

/// `path` as a link in `lang`: with its `lang=` query, none for Chinese.
fn href(lang: Lang, path: &str) -> String {
    match url_lang(lang) {
        None => path.to_string(),
        Some(v) if path.contains('?') => format!("{path}&lang={v}"),
        Some(v) => format!("{path}?lang={v}"),
    }
}

/// Which tab of the navigation a page belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Round,
    Find,
    Standings,
    Crosstable,
    Teams,
    Prizes,
    Player,
}

const CSS: &str = include_str!("page.css");
const LIVE_JS: &str = include_str!("live.js");
/// Seconds between reloads of a live page in a browser without JavaScript.
const NOSCRIPT_REFRESH: &str = "30";

/// The damage warning, when the log could not be read to the end.
pub fn warning(ctx: &Ctx) -> Markup {
    html! {
        @if let Some(d) = &ctx.damage {
            p.warn role="alert" {
                (ctx.label(Label::Damaged))
                (d)
            }
        }
        @if let Some(at) = &ctx.replaced {
            p.warn role="alert" {
                (ctx.text(&Msg::Replaced { at: at.clone() }))
            }
        }
    }
}

/// A whole page: head, navigation, the damage warning, `main` and the live script.
/// `path` is the page's own path, for the language switch.
pub fn layout(ctx: &Ctx, tab: Tab, path: &str, heading: &str, main: &Markup) -> Markup {
    layout_with(ctx, tab, path, heading, main, true)
}

/// A page whose `main` is never swapped by the live script: a form being filled in (the
/// players' report, docs/self-report.md).
pub fn layout_static(ctx: &Ctx, tab: Tab, path: &str, heading: &str, main: &Markup) -> Markup {
    layout_with(ctx, tab, path, heading, main, false)
}

fn layout_with(
    ctx: &Ctx,
    tab: Tab,
    path: &str,
    heading: &str,
    main: &Markup,
    live: bool,
) -> Markup {
    let other = (
        ctx.label(Label::OtherLanguage),
        href(switch(ctx.lang), path),
    );
    let tabs = [
        (Tab::Round, "/", ctx.label(Label::TabRound)),
        (Tab::Find, "/find", ctx.label(Label::Find)),
        (Tab::Standings, "/standings", ctx.label(Label::TabStandings)),
        (
            Tab::Crosstable,
            "/crosstable",
            ctx.label(Label::TabCrosstable),
        ),
        (Tab::Teams, "/teams", ctx.label(Label::TabTeams)),
        (Tab::Prizes, "/prizes", ctx.label(Label::TabPrizes)),
    ];
    let tabs = tabs
        .into_iter()
        .filter(|(t, _, _)| *t != Tab::Teams || ctx.teams || tab == Tab::Teams);
    html! {
        (DOCTYPE)
        html lang=(html_lang(ctx.lang)) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (heading) " · " (ctx.title) }
                @if live { noscript { meta http-equiv="refresh" content=(NOSCRIPT_REFRESH); } }
                style { (PreEscaped(CSS)) }
            }
            body {
                header {
                    p.event { (ctx.title) }
                    nav {
                        @for (t, href, label) in tabs {
                            a href=(ctx.href(href)) aria-current=[(t == tab).then_some("page")] { (label) }
                        }
                        a.lang href=(other.1) { (other.0) }
                    }
                }
                div #warning { (warning(ctx)) }
                @if live {
                    main #main data-version=(ctx.version) data-run=(ctx.run) data-events=[ctx.events.as_deref()] data-poll=(ctx.poll_ms) { (main) }
                    footer {
                        span #live { (ctx.label(Label::ReloadForLatest)) }
                    }
                    script { (PreEscaped(live_script(ctx))) }
                } @else {
                    main { (main) }
                }
            }
        }
    }
}

/// The live script with the page's words filled in.
fn live_script(ctx: &Ctx) -> String {
    LIVE_JS
        .replace("LIVE_ON", ctx.label(Label::LiveOn))
        .replace("LIVE_OFF", ctx.label(Label::LiveOff))
        .replace("LIVE_POLL", ctx.label(Label::LivePolling))
}

/// A report (standings, crosstable, teams, prizes) as tables: the same rows as the printouts.
pub fn report(r: &Report) -> Markup {
    html! {
        h2 { (r.title) }
        @for table in &r.tables {
            @if let Some(c) = &table.caption { h3 { (c) } }
            @let numeric = table.numeric_columns();
            div.scroll {
                table.report {
                    thead { tr { @for (i, h) in table.header.iter().enumerate() { th.num[numeric.get(i).copied().unwrap_or(false)] { (h) } } } }
                    tbody {
                        @for row in &table.rows {
                            tr {
                                @for (i, cell) in row.iter().enumerate() {
                                    td.num[numeric.get(i).copied().unwrap_or(false)] { (cell.text()) }
                                }
                            }
                        }
                    }
                }
            }
            @if !table.summary.is_empty() {
                dl { @for (k, v) in &table.summary { dt { (k) } dd { (v.text()) } } }
            }
            @for note in &table.notes { p.note { (note) } }
        }
    }
}

/// The 404 page body.
pub fn not_found(ctx: &Ctx) -> Markup {
    html! {
        h2 { (ctx.label(Label::NoSuchPage)) }
        p { a href=(ctx.href("/")) { (ctx.label(Label::BackToRound)) } }
    }
}
