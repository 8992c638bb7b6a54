//! The standings screen of a round robin: the square crosstable (number, name, 单位, rows and
//! columns by number, 积分, 小分 and the 胜局 / 直胜 the rules rank by, 名次) as printed (`export::round_robin`), with each withdrawal and the rule of
//! R2011 ch.14 applied to it explained under the table. Computed here, laid out by `ui/`.

use super::tables::Table;
use crate::domain::standings::standings;
use crate::domain::tournament::Status;
use crate::domain::{PlayerNo, Round, Tournament};
use crate::i18n::screen::{Strings, fill};

/// The crosstable after the last complete round, every section one after the other.
pub fn round_robin_table(t: &Tournament, s: &Strings) -> Table {
    let after = Round(t.completed_rounds());
    let rows = standings(t, after);
    let report = crate::export::round_robin::crosstable(t, after, &rows, s.lang());
    let mut out = Table {
        title: report.title.clone(),
        ..Table::default()
    };
    for table in &report.tables {
        if out.header.is_empty() {
            out.header.clone_from(&table.header);
            out.right = table.numeric_columns();
        }
        if let Some(c) = &table.caption {
            out.notes.push(c.clone());
        }
        for row in &table.rows {
            let no = row.first().map(crate::export::report::Cell::text);
            let withdrawn = no
                .and_then(|n| n.parse::<u32>().ok())
                .and_then(|n| t.player(PlayerNo(n)))
                .is_some_and(|p| p.status != Status::Active);
            out.dim.push(withdrawn);
            out.rows
                .push(row.iter().map(crate::export::report::Cell::text).collect());
        }
        out.notes.extend(
            table
                .summary
                .iter()
                .map(|(k, v)| fill(s.summary_line, &[k, &v.text()])),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::Event;
    use crate::domain::rules::Lang;

    #[test]
    fn the_sample_round_robin_shows_its_square_table_and_the_withdrawal() {
        let text = include_str!("../../sample_events/round-robin-10.log");
        let events: Vec<Event> = text
            .lines()
            .map(|l| crate::log::record::decode(l).unwrap().ev)
            .collect();
        let t = Tournament::replay(&events).unwrap();
        let table = round_robin_table(&t, crate::i18n::screen::strings(Lang::Zh));
        // Three columns (序号, 姓名, 单位), one per player, then 积分, the chain's 小分 胜局 直胜,
        // 名次, 备注.
        assert_eq!(&table.header[..3], ["序号", "姓名", "单位"]);
        let n = t.players.len();
        assert_eq!(
            &table.header[3 + n..],
            ["积分", "小分", "胜局", "直胜", "名次", "备注"]
        );
        assert_eq!(table.rows.len(), n);
        // The diagonal.
        for (i, row) in table.rows.iter().enumerate() {
            assert_eq!(row[3 + i], "×");
        }
        // Player 8 withdrew after round 3: annulled, said under the table and dimmed.
        assert!(
            table
                .notes
                .iter()
                .any(|n| n.contains("8号") && n.contains("成绩全部取消"))
        );
        assert!(table.dim[7]);
    }
}
