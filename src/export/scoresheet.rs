//! Scoresheets (记录单): one result slip per board of a round, which both players sign after
//! the game and the arbiter countersigns (seed 000). A slip names the event, the round and
//! board, the time control of the game, each side's number, name, club and colour, has
//! result boxes (红胜 / 和 / 黑胜) and three signature lines. In html four slips share an A4
//! page, separated by dashed cut lines; in txt the slips follow each other between cut lines.
//! The slip carries no player's code: each player gets their own slip (`export --what slips`,
//! `player_slip.rs`, docs/self-report.md). With `self_report` a slip names the board's report
//! address as text, when the room page's address is known.

use std::fmt::Write as _;

use super::html::{self, escape};
use super::report::Masthead;
use super::rows::{club, name, result_text};
use crate::domain::event::GameKind;
use crate::domain::result::GameResult;
use crate::domain::rules::Lang;
use crate::domain::{PlayerNo, Round, Side, Tournament};
use crate::i18n::print::{Header, SlipLabel, Title, header, slip_label, slip_where, time_control};

/// One side of a slip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlipSide {
    pub no: u32,
    pub name: String,
    pub club: String,
}

/// One board's slip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slip {
    pub round: u32,
    pub board: u32,
    /// Empty for a Swiss game; the knockout stage and game otherwise ("半决赛 快棋").
    pub stage: String,
    pub time_control: String,
    pub red: SlipSide,
    pub black: SlipSide,
    /// The board's report address (`self_report`, when the room page's address is known):
    /// public, it carries no code.
    pub link: Option<String>,
    /// An armageddon: a draw counts as a black win, so its box reads 和棋黑胜, never 和.
    pub armageddon: bool,
    /// An armageddon whose colours the lot has not given yet: each side's colour reads
    /// 待抽签 (the players write it in after the lot).
    pub lot_pending: bool,
}

/// The slips of every board of `round`, in board order.
pub fn slips(t: &Tournament, round: Round, lang: Lang) -> Vec<Slip> {
    let Some(r) = t.round(round) else {
        return Vec::new();
    };
    let side = |no: PlayerNo| SlipSide {
        no: no.0,
        name: name(t, no),
        club: club(t, no),
    };
    let mut out: Vec<Slip> = r
        .games
        .iter()
        .map(|g| {
            let tc = match g.game {
                GameKind::Slow => t.rules.time_controls.swiss,
                GameKind::Rapid => t.rules.time_controls.rapid,
                GameKind::Armageddon => t.rules.time_controls.armageddon,
            };
            Slip {
                round: round.0,
                board: g.board.0,
                stage: crate::i18n::print::slip_stage(g.stage, g.game, lang),
                time_control: time_control(tc, lang),
                red: side(g.red),
                black: side(g.black),
                link: None,
                armageddon: g.game == GameKind::Armageddon,
                lot_pending: super::knockout_text::lot_pending(g),
            }
        })
        .collect();
    out.sort_by_key(|s| s.board);
    out
}

/// A side's colour on the slip; before an armageddon's lot, `待抽签`.
pub(super) fn colour(s: &Slip, side: Side, lang: Lang) -> &'static str {
    if s.lot_pending {
        return super::knockout_text::lot_pending_word(lang);
    }
    slip_label(SlipLabel::Seat(side), lang)
}

const RESULTS: [GameResult; 3] = [GameResult::RedWin, GameResult::Draw, GameResult::BlackWin];

/// The words of a result box: an armageddon's draw is a black win (seed 003 "和棋黑胜").
fn box_word(s: &Slip, r: GameResult, lang: Lang) -> &'static str {
    if s.armageddon && r == GameResult::Draw {
        slip_label(SlipLabel::ArmageddonDraw, lang)
    } else {
        result_text(r, lang)
    }
}

/// The slips' own CSS, after `html::STYLE`.
const SLIP_STYLE: &str = "\
div.slip { height: 66mm; padding: 3mm 2mm 2mm; border-bottom: 0.8pt dashed #555; position: relative; break-inside: avoid; page-break-inside: avoid; overflow: hidden }
div.slip:nth-of-type(4n+1) { border-top: 0.8pt dashed #555 }
div.slip:nth-of-type(4n) { break-after: page; page-break-after: always }
div.slip:last-of-type { break-after: auto; page-break-after: auto }
div.slip span.cut { position: absolute; left: 0; bottom: -2.2mm; font-size: 8pt; background: #fff; color: #555; line-height: 1 }
div.slip div.head { display: flex; justify-content: space-between; font-size: 10pt; margin-bottom: 1.5mm }
div.slip div.head b { font-size: 11pt }
div.slip table { font-size: 10.5pt; margin-bottom: 2mm; table-layout: fixed }
div.slip td { height: 8.5mm }
div.slip th.side { width: 16mm }
div.slip th.n { width: 14mm }
div.slip th.name { width: 44mm }
div.slip th.sig { width: 52mm }
div.slip div.result { display: flex; justify-content: space-between; align-items: center; font-size: 11pt; margin-top: 1mm }
div.slip span.box { display: inline-block; width: 4.5mm; height: 4.5mm; border: 0.8pt solid #000; vertical-align: -0.8mm; margin-right: 1.2mm }
div.slip span.opt { margin-right: 6mm }
div.slip span.line { display: inline-block; min-width: 38mm; border-bottom: 0.7pt solid #000 }
div.slip div.link { font-size: 8.5pt; margin-top: 1.5mm; font-family: monospace; overflow-wrap: anywhere }
";

/// The scoresheets of a round as an html page: four slips to an A4 page with cut lines.
pub fn html(m: &Masthead, round: Round, slips: &[Slip]) -> String {
    let lang = m.lang;
    let title = crate::i18n::print::title(Title::Scoresheets(round), lang);
    let mut out = html::page_start(&format!("{} — {title}", m.event), lang, SLIP_STYLE);
    out.push_str("<section class=\"sheet slips\">\n");
    if slips.is_empty() {
        html::masthead_html(&mut out, m, &title);
    }
    for s in slips {
        out.push_str("<div class=\"slip\">\n");
        let _ = writeln!(
            out,
            "<div class=\"head\"><b>{}</b><span>{}</span></div>",
            escape(&m.event),
            escape(&slip_where(s.round, s.board, &s.stage, lang))
        );
        let _ = writeln!(
            out,
            "<div class=\"head\"><span>{}{}</span><span>{}</span></div>",
            slip_label(SlipLabel::TimeControl, lang),
            escape(&s.time_control),
            escape(&m.date.map(|d| d.to_string()).unwrap_or_default())
        );
        let _ = writeln!(
            out,
            "<table>\n<thead>\n<tr><th class=\"side\">{}</th><th class=\"n\">{}</th><th class=\"name\">{}</th><th>{}</th><th class=\"sig\">{}</th></tr>\n</thead>\n<tbody>",
            header(Header::Colour, lang),
            header(Header::No, lang),
            header(Header::Name, lang),
            header(Header::Club, lang),
            header(Header::Signature, lang),
        );
        for (side, p) in [(Side::Red, &s.red), (Side::Black, &s.black)] {
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td class=\"n\">{}</td><td>{}</td><td>{}</td><td class=\"sig\"></td></tr>",
                colour(s, side, lang),
                p.no,
                escape(&p.name),
                escape(&p.club)
            );
        }
        out.push_str("</tbody>\n</table>\n<div class=\"result\"><span>");
        let _ = write!(out, "{}", slip_label(SlipLabel::Result, lang));
        for r in RESULTS {
            let _ = write!(
                out,
                "<span class=\"opt\"><span class=\"box\"></span>{}</span>",
                box_word(s, r, lang)
            );
        }
        let _ = writeln!(
            out,
            "</span><span>{}<span class=\"line\"></span></span></div>",
            slip_label(SlipLabel::Arbiter, lang)
        );
        if let Some(link) = &s.link {
            let _ = writeln!(
                out,
                "<div class=\"link\">{}{}</div>",
                slip_label(SlipLabel::ReportAt, lang),
                escape(link)
            );
        }
        out.push_str("<span class=\"cut\">✂</span>\n</div>\n");
    }
    out.push_str("</section>\n</body>\n</html>\n");
    out
}

/// The scoresheets as plain text, slip after slip between cut lines.
pub fn text(m: &Masthead, slips: &[Slip]) -> String {
    let lang = m.lang;
    let cut = format!("{}\n", "- ".repeat(36).trim_end());
    let mut out = String::new();
    out.push_str(&cut);
    for s in slips {
        let _ = writeln!(
            out,
            "{}    {}",
            m.event,
            slip_where(s.round, s.board, &s.stage, lang)
        );
        let _ = writeln!(
            out,
            "{}{}",
            slip_label(SlipLabel::TimeControl, lang),
            s.time_control
        );
        out.push('\n');
        for (side, p) in [(Side::Red, &s.red), (Side::Black, &s.black)] {
            let _ = writeln!(
                out,
                "{} {:>3}  {}  {}    {}______________",
                colour(s, side, lang),
                p.no,
                super::text::pad(&p.name, 12),
                super::text::pad(&p.club, 16),
                slip_label(SlipLabel::Signature, lang)
            );
        }
        out.push('\n');
        let boxes: Vec<String> = RESULTS
            .iter()
            .map(|r| format!("[ ] {}", box_word(s, *r, lang)))
            .collect();
        let _ = writeln!(
            out,
            "{}{}    {}______________",
            slip_label(SlipLabel::Result, lang),
            boxes.join("   "),
            slip_label(SlipLabel::Arbiter, lang)
        );
        if let Some(link) = &s.link {
            let _ = writeln!(out, "{}{link}", slip_label(SlipLabel::ReportAt, lang));
        }
        out.push_str(&cut);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rules::TimeControl;

    #[test]
    fn time_controls_read_as_an_arbiter_writes_them() {
        let tc = TimeControl::fischer(60, 30);
        assert_eq!(time_control(tc, Lang::Zh), "每方60分钟，每步加30秒");
        let arm = TimeControl {
            red_base_s: 360,
            black_base_s: 240,
            increment_s: 3,
        };
        assert_eq!(
            time_control(arm, Lang::Zh),
            "红方6分钟，黑方4分钟，每步加3秒"
        );
        assert_eq!(
            time_control(TimeControl::fischer(15, 0), Lang::En),
            "15 min each"
        );
    }
}
