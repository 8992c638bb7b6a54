//! The pairing list by name (对阵表 按姓名): every player of the round once, sorted by name
//! in pinyin order (a Chinese name sorts by the toneless pinyin of its characters, a Latin
//! name by its lowercased words), with board, colour and opponent, and the bye. This is the
//! wall list players scan for their name when 40 boards hang side by side.

use super::report::{Cell, Report};
use super::rows::{club, name, per_section, section_of};
use crate::domain::rules::Lang;
use crate::domain::{PlayerNo, Round, Side, Tournament};
use crate::i18n::print::{Header, Label, Sheet, Title, headers, label, sheet, title};
use crate::i18n::read::sort_key;

/// The round's pairing by name: name, number, club, board, colour, opponent and the
/// opponent's number; a bye says 轮空 in the opponent column.
pub fn pairings_by_name(t: &Tournament, round: Round, lang: Lang) -> Report {
    let h = headers(
        &[
            Header::Name,
            Header::No,
            Header::Club,
            Header::Board,
            Header::Colour,
            Header::Opponent,
            Header::OpponentNo,
        ],
        lang,
    );
    let mut seats: Vec<(PlayerNo, Vec<Cell>)> = Vec::new();
    if let Some(r) = t.round(round) {
        for g in &r.games {
            for side in [Side::Red, Side::Black] {
                let me = g.player(side);
                let opp = g.player(side.other());
                seats.push((
                    me,
                    vec![
                        Cell::from(name(t, me)),
                        Cell::from(me.0),
                        Cell::from(club(t, me)),
                        Cell::from(g.board.0),
                        Cell::from(label(Label::Side(side), lang)),
                        Cell::from(name(t, opp)),
                        Cell::from(opp.0),
                    ],
                ));
            }
        }
        for b in &r.byes {
            seats.push((
                *b,
                vec![
                    Cell::from(name(t, *b)),
                    Cell::from(b.0),
                    Cell::from(club(t, *b)),
                    Cell::Empty,
                    Cell::Empty,
                    Cell::from(label(Label::Bye, lang)),
                    Cell::Empty,
                ],
            ));
        }
        for b in &r.requested {
            seats.push((
                b.no,
                vec![
                    Cell::from(name(t, b.no)),
                    Cell::from(b.no.0),
                    Cell::from(club(t, b.no)),
                    Cell::Empty,
                    Cell::Empty,
                    Cell::from(crate::i18n::bye::mark(b.points, lang)),
                    Cell::Empty,
                ],
            ));
        }
    }
    // A player in two games of a round (knockout rapid after slow) is listed once per game.
    seats.sort_by_cached_key(|(no, row)| (sort_key(&name(t, *no)), no.0, row[3].text()));
    let tables = per_section(t, &h, |s| {
        seats
            .iter()
            .filter(|(no, _)| section_of(t, *no) == s || t.rules.sections.len() <= 1)
            .map(|(_, row)| row.clone())
            .collect()
    });
    Report {
        name: sheet(Sheet::ByName, lang),
        title: title(Title::ByName(round), lang),
        tables,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(names: &[&str]) -> Vec<String> {
        let mut v: Vec<&str> = names.to_vec();
        v.sort_by_cached_key(|n| sort_key(n));
        v.into_iter().map(String::from).collect()
    }

    #[test]
    fn chinese_names_sort_in_pinyin_order() {
        // an guo, li si, wang wei, zhang san, zhao liu
        assert_eq!(
            sorted(&["张三", "王伟", "李四", "赵六", "安国"]),
            vec!["安国", "李四", "王伟", "张三", "赵六"]
        );
    }

    #[test]
    fn latin_and_chinese_names_interleave_by_sound_and_surnames_read_right() {
        assert_eq!(
            sorted(&["Wang Fang", "李伟", "Li Ming", "单雄"]),
            // li ming, li wei, shan xiong, wang fang
            vec!["Li Ming", "李伟", "单雄", "Wang Fang"]
        );
    }
}
