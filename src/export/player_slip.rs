//! Signing slips (签认条, docs/self-report.md): one slip per player of a round, to hand to
//! that player alone — the event, round, board, the player's colour, number and name, the
//! player's own code, and the board's report address as text and as a QR code. A board's
//! two codes never share a slip, so no player can sign for the other. In board order, red
//! before black, between cut lines; in html eight slips to an A4 page. For the head arbiter
//! and the organizer only (as `--what codes`).

use std::fmt::Write as _;

use super::html::{self, escape};
use super::report::Masthead;
use super::scoresheet::{self, Slip};
use crate::domain::rules::Lang;
use crate::domain::{Round, Side, Tournament};
use crate::i18n::errors::{RoomWarning, room_warning_short};
use crate::i18n::print::{SlipLabel, Title, slip_label, slip_player, slip_where};

/// One player's slip.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerSlip {
    pub round: u32,
    pub board: u32,
    /// The knockout stage and game, empty for a Swiss game.
    pub stage: String,
    /// The seat's colour as printed (待抽签 before an armageddon's lot).
    pub colour: &'static str,
    pub no: u32,
    pub name: String,
    /// The player's code, grouped (`1234 5678`).
    pub code: String,
    /// The board's report address, when the room page's address is known.
    pub link: Option<String>,
}

/// The slips of every player seated in `round`, in board order, red first, with the report
/// address under `base`.
pub fn slips(t: &Tournament, round: Round, lang: Lang, base: Option<&str>) -> Vec<PlayerSlip> {
    let boards: Vec<Slip> = scoresheet::slips(t, round, lang);
    let codes = super::codes::slip_codes(t, round, base);
    let mut out = Vec::new();
    for s in &boards {
        let Some((_, c)) = codes.iter().find(|(b, _)| *b == s.board) else {
            continue;
        };
        for (side, p) in [(Side::Red, &s.red), (Side::Black, &s.black)] {
            out.push(PlayerSlip {
                round: s.round,
                board: s.board,
                stage: s.stage.clone(),
                colour: scoresheet::colour(s, side, lang),
                no: p.no,
                name: p.name.clone(),
                code: c.codes.get(side).clone(),
                link: c.link.clone(),
            });
        }
    }
    out
}

/// The slips' own CSS, after `html::STYLE`: eight slips of 34 mm to an A4 page.
const STYLE: &str = "\
div.pslip { height: 34mm; box-sizing: border-box; padding: 2.5mm 2mm; border-bottom: 0.8pt dashed #555; display: flex; align-items: center; position: relative; break-inside: avoid; page-break-inside: avoid; overflow: hidden }
div.pslip:nth-of-type(8n+1) { border-top: 0.8pt dashed #555 }
div.pslip:nth-of-type(8n) { break-after: page; page-break-after: always }
div.pslip:last-of-type { break-after: auto; page-break-after: auto }
div.pslip span.cut { position: absolute; left: 0; bottom: -2.2mm; font-size: 8pt; background: #fff; color: #555; line-height: 1 }
div.pslip svg.qr { flex: 0 0 auto; margin-right: 4mm }
div.pslip div.t { display: flex; flex-direction: column; font-size: 10pt; line-height: 1.35; min-width: 0; flex: 1 1 auto }
div.pslip div.t b.event { font-size: 10.5pt }
div.pslip b.code { font: bold 15pt monospace; letter-spacing: 0.5pt; white-space: nowrap }
div.pslip span.link { font: 8.5pt monospace; overflow-wrap: anywhere }
div.pslip span.warn { font-size: 8.5pt; font-weight: bold }
";

/// The slips of a round as an html page; `warning` is printed on every slip.
pub fn html(
    m: &Masthead,
    round: Round,
    slips: &[PlayerSlip],
    warning: Option<&RoomWarning>,
) -> String {
    let lang = m.lang;
    let title = crate::i18n::print::title(Title::Slips(round), lang);
    let mut out = html::page_start(&format!("{} — {title}", m.event), lang, STYLE);
    out.push_str("<section class=\"sheet slips\">\n");
    if slips.is_empty() {
        html::masthead_html(&mut out, m, &title);
    }
    for s in slips {
        out.push_str("<div class=\"pslip\">");
        if let Some(svg) = s.link.as_deref().and_then(|l| super::codes::qr_svg(l, 28)) {
            out.push_str(&svg);
        }
        let _ = write!(
            out,
            "<div class=\"t\"><b class=\"event\">{}</b><span>{}</span><span>{}</span><span>{}<b class=\"code\">{}</b></span>",
            escape(&m.event),
            escape(&slip_where(s.round, s.board, &s.stage, lang)),
            escape(&slip_player(s.colour, s.no, &s.name, lang)),
            slip_label(SlipLabel::CodeLine, lang),
            escape(&s.code),
        );
        match &s.link {
            Some(link) => {
                let _ = write!(
                    out,
                    "<span class=\"link\">{}{}</span>",
                    slip_label(SlipLabel::ReportAt, lang),
                    escape(link)
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<span>{}</span>",
                    slip_label(SlipLabel::SignOnRoomPage, lang)
                );
            }
        }
        if let Some(w) = warning {
            let _ = write!(
                out,
                "<span class=\"warn\">{}</span>",
                escape(&room_warning_short(w, lang))
            );
        }
        out.push_str("</div><span class=\"cut\">✂</span></div>\n");
    }
    out.push_str("</section>\n</body>\n</html>\n");
    out
}

/// The slips as plain text, one after the other between cut lines.
pub fn text(m: &Masthead, slips: &[PlayerSlip], warning: Option<&RoomWarning>) -> String {
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
        let _ = writeln!(out, "{}", slip_player(s.colour, s.no, &s.name, lang));
        let _ = writeln!(out, "{}{}", slip_label(SlipLabel::CodeLine, lang), s.code);
        match &s.link {
            Some(link) => {
                let _ = writeln!(out, "{}{link}", slip_label(SlipLabel::ReportAt, lang));
            }
            None => {
                let _ = writeln!(out, "{}", slip_label(SlipLabel::SignOnRoomPage, lang));
            }
        }
        if let Some(w) = warning {
            let _ = writeln!(out, "{}", room_warning_short(w, lang));
        }
        out.push_str(&cut);
    }
    out
}
