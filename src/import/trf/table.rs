//! A round robin from a TRF file (docs/cli.md#new---trf): the file's rounds held against the
//! Berger table of its start numbers, as bianpai pairs a round robin (docs/rules.md#12-formats).
//! Only a round robin on the table can go on here: the rounds still to play come from the
//! same table. Each round's games come back in the table's order, which is the order of its
//! boards, with the table's rest.

use super::check::Trf;
use super::fault::{TrfFault, TrfFaultKind};
use crate::domain::format::RoundRobin;
use crate::domain::ids::PlayerNo;
use crate::domain::round_robin::table::scheduled;

/// One round of the file in the table's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TableRound {
    /// Indices into the file round's `games`, board 1 first.
    pub games: Vec<usize>,
    /// The player (index into [`Trf::players`]) the table gives the rest, if still in.
    pub rest: Option<usize>,
}

/// The file's rounds in the table's order. `out_from[i]`: the first round player i is out of
/// (a withdrawal), whose table games are not played.
///
/// # Errors
/// The first cell that is not the table's, at its line and column: a game the table does not
/// give, a colour it gives the other side, a table game missing.
pub fn on_table(
    trf: &Trf,
    rr: RoundRobin,
    out_from: &[Option<u32>],
) -> Result<Vec<TableRound>, TrfFault> {
    let n = trf.players.len();
    let field: Vec<PlayerNo> = (0..n)
        .filter(|i| out_from.get(*i).copied().flatten() != Some(1))
        .map(|i| PlayerNo(i as u32 + 1))
        .collect();
    let mut out = Vec::with_capacity(trf.played.len());
    for (r, played) in trf.played.iter().enumerate() {
        let round = r as u32 + 1;
        let active = |no: PlayerNo| {
            out_from
                .get(no.index())
                .copied()
                .flatten()
                .is_none_or(|f| round < f)
        };
        let table = scheduled(&field, rr, round);
        // The table's game of each player this round: (opponent, red).
        let mut theirs: Vec<Option<(Option<u32>, bool)>> = vec![None; n];
        for g in &table {
            let start = |no: PlayerNo| trf.players[no.index()].no;
            theirs[g.red.index()] = Some((g.black.map(start), true));
            if let Some(b) = g.black {
                theirs[b.index()] = Some((Some(start(g.red)), false));
            }
        }
        let fault = |i: usize, extra: usize| {
            let p = &trf.players[i];
            let column = p.rounds.get(r).map_or(92 + 10 * r, |c| c.column) + extra;
            let (table, red) = theirs[i].unwrap_or((None, true));
            TrfFault {
                line: p.line,
                column,
                kind: TrfFaultKind::NotTheTable {
                    round,
                    no: p.no,
                    table,
                    red,
                },
            }
        };
        let mut tr = TableRound::default();
        let mut used = vec![false; played.games.len()];
        for g in &table {
            let Some(black) = g.black else {
                tr.rest = active(g.red).then_some(g.red.index());
                continue;
            };
            if !(active(g.red) && active(black)) {
                continue;
            }
            let (ri, bi) = (g.red.index(), black.index());
            match played
                .games
                .iter()
                .position(|x| (x.white, x.black) == (ri, bi))
            {
                Some(k) => {
                    used[k] = true;
                    tr.games.push(k);
                }
                None if played.games.iter().any(|x| (x.white, x.black) == (bi, ri)) => {
                    return Err(fault(ri, 5));
                }
                None => return Err(fault(ri, 0)),
            }
        }
        if let Some(k) = used.iter().position(|u| !u) {
            return Err(fault(played.games[k].white, 0));
        }
        out.push(tr);
    }
    Ok(out)
}
