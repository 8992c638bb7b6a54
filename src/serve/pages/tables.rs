//! The standings, crosstable, team and prize pages: the printouts' own reports
//! (`export::rows` and `export::awards`) laid out as HTML tables.

use maud::{Markup, html};

use super::{Ctx, report};
use crate::export::Report;
use crate::i18n::room::Label;

/// A report page's `main`, or a note when it has nothing to show yet.
pub fn page(ctx: &Ctx, r: Option<&Report>, empty: Label) -> Markup {
    html! {
        @match r {
            Some(r) if r.tables.iter().any(|t| !t.rows.is_empty()) => (report(r)),
            Some(r) => { h2 { (r.title) } p.muted { (ctx.label(empty)) } },
            None => p.muted { (ctx.label(empty)) },
        }
    }
}
