//! The standings, crosstable, team and prize pages: the printouts' own reports
//! (`export::rows` and `export::awards`) laid out as HTML tables.

use maud::{Markup, html};

use super::{Ctx, report};
use crate::export::Report;

/// A report page's `main`, or a note when it has nothing to show yet.
pub fn page(ctx: &Ctx, r: Option<&Report>, empty: (&'static str, &'static str)) -> Markup {
    html! {
        @match r {
            Some(r) if r.tables.iter().any(|t| !t.rows.is_empty()) => (report(r)),
            Some(r) => { h2 { (r.title) } p.muted { (ctx.t(empty.0, empty.1)) } },
            None => p.muted { (ctx.t(empty.0, empty.1)) },
        }
    }
}
