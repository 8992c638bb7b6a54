//! The printouts' words (`src/export/`): column headers, titles, labels, notes and remarks,
//! and the export's own faults. The export computes a report as data and hands this catalog
//! typed keys (a `Header`, a `Label`, an `ExportFault` …), never text; each key's Chinese and
//! English stand side by side in one `words!`. A printout names a shared noun (a result, a
//! side, a stage, a place) with `i18n`'s shared word, so each has one spelling on every surface
//! (a cell may begin with a capital).

mod fault;
mod header;
mod knockout;
mod label;
mod note;
mod slip;
mod title;

pub use fault::{ExportFault, fault};
pub use header::{Header, header, headers, round_column, team_tiebreak, tiebreak};
pub use knockout::{
    armageddon_draw_result, armageddon_verdict, bracket_game, bracket_stage, lot_pending_word,
    placing_word, result_text, slip_stage, stage_before_lot, stage_text,
};
pub use label::{
    CrossMark, Label, Official, Prize, Summary, caption, colon, cross_cell, date_line, html_lang,
    label, listing, official, prize, signature_line, summary,
};
pub use note::{Note, note};
pub use slip::{SlipLabel, slip_label, slip_player, slip_where, stub_place, time_control};
pub use title::{Kind, Sheet, Title, sheet, title};
