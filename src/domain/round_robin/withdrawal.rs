//! Withdrawal from a round robin (退赛), the Chinese rule (《象棋竞赛规则》2011, ch.14): a player
//! who withdraws having played fewer than half of their games has every result annulled (成绩
//!取消: their games count for nobody, and they are ranked after the field); a player who has
//! played half or more keeps the results, and each remaining game of the schedule is lost by
//! forfeit (对手不战胜: the opponent scores the forfeit win of the table's colour).
//!
//! "Played" counts the boards the player sat at (forfeits included, docs/rules.md#3-pairing counts them as
//! met); "their games" are the games the schedule gives them within the event's rounds (the
//! bye is no game). Swiss events keep docs/rules.md#4-late-arrival-forfeits-withdrawal (results stay, nothing else changes).

use super::table::scheduled;
use crate::domain::format::{Format, RoundRobin};
use crate::domain::ids::{PlayerNo, Round};
use crate::domain::result::GameResult;
use crate::domain::side::Side;
use crate::domain::tournament::{Status, Tournament};

/// What the rule decides for one withdrawn player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Fewer than half played: every result annulled.
    Annulled,
    /// Half or more played: the remaining games are forfeited.
    Forfeits,
}

/// One withdrawn player of a round robin and the rule's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Withdrawal {
    pub no: PlayerNo,
    /// Games played (boards sat at).
    pub played: u32,
    /// Games the schedule gives the player.
    pub scheduled: u32,
    pub verdict: Verdict,
}

/// A game of the schedule not put on a board because a player had withdrawn; with the
/// `Forfeits` verdict it counts as `result` (the present side wins by forfeit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unplayed {
    pub round: Round,
    pub red: PlayerNo,
    pub black: PlayerNo,
    pub absent: PlayerNo,
    pub verdict: Verdict,
}

impl Unplayed {
    /// The result it counts as: a forfeit win of the present side, or none when annulled.
    pub fn result(&self) -> Option<GameResult> {
        match self.verdict {
            Verdict::Annulled => None,
            Verdict::Forfeits if self.absent == self.black => Some(GameResult::RedWinForfeit),
            Verdict::Forfeits => Some(GameResult::BlackWinForfeit),
        }
    }

    pub fn player(&self, side: Side) -> PlayerNo {
        match side {
            Side::Red => self.red,
            Side::Black => self.black,
        }
    }
}

/// The withdrawn players of a round robin played on `rr`, in number order, with the rule's
/// verdict.
/// Empty unless the event is an individual round robin.
pub fn withdrawals(t: &Tournament) -> Vec<Withdrawal> {
    match &t.rules.format {
        Format::RoundRobin(rr) => withdrawals_in(t, *rr),
        Format::Swiss { .. } | Format::Team { .. } => Vec::new(),
    }
}

/// The verdicts as a fixed point: a game against a player whose results are annulled is no
/// game, so an annulment can bring another (R2011 ch.14), whatever the order the withdrawals
/// came in. Starts from no annulment and adds the ones the count gives until none is added.
fn withdrawals_in(t: &Tournament, rr: RoundRobin) -> Vec<Withdrawal> {
    let mut annulled: Vec<PlayerNo> = Vec::new();
    loop {
        let w = withdrawals_given(t, rr, &annulled);
        let now: Vec<PlayerNo> = w
            .iter()
            .filter(|x| x.verdict == Verdict::Annulled)
            .map(|x| x.no)
            .collect();
        if now.len() == annulled.len() {
            return w;
        }
        annulled = now;
    }
}

/// The verdicts when the players `annulled` have every result annulled.
fn withdrawals_given(t: &Tournament, rr: RoundRobin, annulled: &[PlayerNo]) -> Vec<Withdrawal> {
    t.players
        .iter()
        .filter(|p| matches!(p.status, Status::Withdrawn { .. }))
        .filter_map(|p| {
            let seats = t.table_field(p.section);
            if !seats.contains(&p.no) {
                return None;
            }
            let played = played(t, rr, &seats, p.no, annulled);
            let scheduled = (1..=t.rules.rounds)
                .flat_map(|r| scheduled(&seats, rr, r))
                .filter(|g| g.black.is_some() && (g.red == p.no || g.black == Some(p.no)))
                .count() as u32;
            let verdict = if played * 2 < scheduled {
                Verdict::Annulled
            } else {
                Verdict::Forfeits
            };
            Some(Withdrawal {
                no: p.no,
                played,
                scheduled,
                verdict,
            })
        })
        .collect()
}

/// Whether `no` was out of the event (withdrawn) in `round`.
fn out_in(t: &Tournament, no: PlayerNo, round: Round) -> bool {
    t.player(no)
        .and_then(|p| p.withdrawn_from)
        .is_some_and(|from| from <= round)
}

/// The games `no` has played: the boards they sat at that have a result, and the forfeit wins
/// the table gave them over an opponent who had withdrawn before them; a game against a player
/// of `annulled` counts for neither.
fn played(
    t: &Tournament,
    rr: RoundRobin,
    seats: &[PlayerNo],
    no: PlayerNo,
    annulled: &[PlayerNo],
) -> u32 {
    let on_boards = t
        .rounds
        .iter()
        .filter_map(|r| r.game_of(no))
        .filter(|g| g.result.is_some())
        .filter(|g| {
            g.side_of(no)
                .is_some_and(|s| !annulled.contains(&g.player(s.other())))
        })
        .count();
    let forfeit_wins = t
        .rounds
        .iter()
        .filter(|r| !out_in(t, no, r.round) && r.game_of(no).is_none())
        .filter(|r| {
            scheduled(seats, rr, r.round.0).iter().any(|g| {
                let opponent = match g.black {
                    Some(b) if g.red == no => b,
                    Some(b) if b == no => g.red,
                    _ => return false,
                };
                out_in(t, opponent, r.round)
                    && r.game_of(opponent).is_none()
                    && !annulled.contains(&opponent)
            })
        })
        .count();
    (on_boards + forfeit_wins) as u32
}

/// The verdict for `no`, if they withdrew from a round robin.
pub fn verdict(t: &Tournament, no: PlayerNo) -> Option<Verdict> {
    withdrawals(t)
        .into_iter()
        .find(|w| w.no == no)
        .map(|w| w.verdict)
}

/// Whether `no`'s results are annulled.
pub fn is_annulled(t: &Tournament, no: PlayerNo) -> bool {
    verdict(t, no) == Some(Verdict::Annulled)
}

/// The games of round `round` the schedule gives a player who had withdrawn by then and that
/// are on no board: a forfeit win of the opponent still in the event (both withdrawn by then:
/// left out, nobody scores). A round not yet paired shows them too, so the 轮次表 says the
/// forfeits at once.
pub fn unplayed(t: &Tournament, round: Round) -> Vec<Unplayed> {
    let w = withdrawals(t);
    unplayed_with(t, round, &w)
}

/// `unplayed` with the withdrawals already computed.
pub fn unplayed_with(t: &Tournament, round: Round, w: &[Withdrawal]) -> Vec<Unplayed> {
    let Format::RoundRobin(rr) = t.rules.format else {
        return Vec::new();
    };
    if w.is_empty() {
        return Vec::new();
    }
    let state = t.round(round);
    let on_board = |no: PlayerNo| state.is_some_and(|s| s.game_of(no).is_some());
    let verdict = |no: PlayerNo| w.iter().find(|x| x.no == no).map(|x| x.verdict);
    let mut out = Vec::new();
    for s in 0..t.rules.sections.len().max(1) {
        let seats = t.table_field(s);
        for g in scheduled(&seats, rr, round.0) {
            let Some(black) = g.black else { continue };
            if on_board(g.red) || on_board(black) {
                continue;
            }
            let absent = match (out_in(t, g.red, round), out_in(t, black, round)) {
                (true, false) => g.red,
                (false, true) => black,
                _ => continue,
            };
            let Some(v) = verdict(absent) else { continue };
            out.push(Unplayed {
                round,
                red: g.red,
                black,
                absent,
                verdict: v,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Event, PlayerEntry};
    use crate::domain::format::Format;
    use crate::domain::ids::Board;
    use crate::domain::rules::{Role, Rules};
    use crate::domain::{Actor, Command};
    use chrono::{DateTime, Utc};

    fn head() -> Actor {
        Actor {
            user: "wang".into(),
            role: Role::Head,
        }
    }

    fn run(t: &mut Tournament, cmd: &Command) -> Vec<Event> {
        let evs = t
            .decide(&head(), cmd)
            .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
        for e in &evs {
            t.apply(e);
        }
        evs
    }

    /// A single round robin of `n` players, numbers in registration order.
    fn event(n: u32) -> Tournament {
        let mut rules = Rules::preset("qigu-2024-07").unwrap();
        rules.numbers_by_registration = true;
        rules.format = Format::RoundRobin(RoundRobin::single());
        rules.rounds = 0;
        let mut t = Tournament::new("T".into(), rules);
        for i in 1..=n {
            run(
                &mut t,
                &Command::RegisterPlayer(PlayerEntry::named(format!("P{i}"))),
            );
        }
        t
    }

    /// Pairs the next round, starts it and plays every board (red wins).
    fn play_round(t: &mut Tournament) {
        run(t, &Command::PairNextRound);
        run(
            t,
            &Command::StartRound {
                at: DateTime::<Utc>::UNIX_EPOCH,
            },
        );
        let boards = t.current().map_or(0, |r| r.games.len());
        for b in 1..=boards {
            run(
                t,
                &Command::RecordResult {
                    round: None,
                    board: Board(b as u32),
                    result: GameResult::RedWin,
                    correct: None,
                },
            );
        }
    }

    fn withdraw(t: &mut Tournament, no: u32) {
        run(
            t,
            &Command::WithdrawPlayer {
                no: PlayerNo(no),
                reason: "退赛".into(),
            },
        );
    }

    #[test]
    fn a_withdrawal_while_the_next_round_is_paired_still_forfeits_it_after_a_re_pair() {
        let mut t = event(6);
        for _ in 0..3 {
            play_round(&mut t);
        }
        run(&mut t, &Command::PairNextRound);
        // Player 2 withdraws with round 4 paired: 3 of 5 played, the rest forfeited.
        withdraw(&mut t, 2);
        assert_eq!(verdict(&t, PlayerNo(2)), Some(Verdict::Forfeits));
        run(
            &mut t,
            &Command::UnpairRound {
                reason: "重编".into(),
            },
        );
        run(&mut t, &Command::PairNextRound);
        let r4 = t.current().unwrap();
        assert!(r4.game_of(PlayerNo(2)).is_none(), "not paired again");
        let forfeits = unplayed(&t, Round(4));
        assert_eq!(forfeits.len(), 1, "{forfeits:?}");
        assert_eq!(forfeits[0].absent, PlayerNo(2));
        assert!(forfeits[0].result().is_some_and(GameResult::is_forfeit));
    }

    /// Games `b` sat at with a result against anyone but `annulled`.
    fn really_played(t: &Tournament, b: PlayerNo, annulled: PlayerNo) -> u32 {
        t.rounds
            .iter()
            .filter_map(|r| r.game_of(b))
            .filter(|g| g.result.is_some() && g.red != annulled && g.black != annulled)
            .count() as u32
    }

    #[test]
    fn a_game_against_an_annulled_player_is_no_game_for_a_later_withdrawal() {
        let mut t = event(7);
        play_round(&mut t);
        // Player 1 withdraws after round 1: under half, annulled.
        withdraw(&mut t, 1);
        assert_eq!(verdict(&t, PlayerNo(1)), Some(Verdict::Annulled));
        for _ in 0..2 {
            play_round(&mut t);
        }
        let mut bites = false;
        for b in 2..=7 {
            let mut u = t.clone();
            withdraw(&mut u, b);
            let w = withdrawals(&u);
            let x = w.iter().find(|x| x.no == PlayerNo(b)).unwrap();
            let played = really_played(&u, PlayerNo(b), PlayerNo(1));
            assert_eq!(x.played, played, "player {b}");
            let expect = if played * 2 < x.scheduled {
                Verdict::Annulled
            } else {
                Verdict::Forfeits
            };
            assert_eq!(x.verdict, expect, "player {b}: {x:?}");
            // The earlier withdrawal stays annulled, whatever came after.
            assert_eq!(verdict(&u, PlayerNo(1)), Some(Verdict::Annulled));
            // A case where counting the annulled player's games would keep the results.
            // Counting every round without a bye (the annulled player's games too).
            let naive = u
                .rounds
                .iter()
                .filter(|r| !r.byes.contains(&PlayerNo(b)))
                .count() as u32;
            bites |= naive * 2 >= x.scheduled && expect == Verdict::Annulled;
        }
        assert!(bites, "no player whose verdict the annulled games change");
    }
}
