//! Colour history of one player and the colour allocation inside a pair (docs/rules.md#3-pairing: colour
//! rules 4 and 5, colour balance 7, and the allocation steps 1–4).
//!
//! The colour sequence is the player's games in order (forfeits included, byes skipped).

use crate::domain::ids::Round;
use crate::domain::pairing::input::Entrant;
use crate::domain::side::Side;

/// What a player's colours so far say about the next game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ColourState {
    pub reds: i32,
    pub blacks: i32,
    /// The latest colour and how many games in a row it was played.
    pub last: Option<Side>,
    pub streak: u32,
}

/// How much a player wants a colour: 2 for an unequal balance, 1 for an equal balance
/// (the colour opposite to the latest game).
pub type Strength = u8;

impl ColourState {
    pub fn of(colours: &[Side]) -> ColourState {
        let reds = colours.iter().filter(|c| **c == Side::Red).count() as i32;
        let last = colours.last().copied();
        let streak = last.map_or(0, |l| {
            colours.iter().rev().take_while(|c| **c == l).count() as u32
        });
        ColourState {
            reds,
            blacks: colours.len() as i32 - reds,
            last,
            streak,
        }
    }

    /// Reds minus blacks.
    pub fn balance(&self) -> i32 {
        self.reds - self.blacks
    }

    pub fn black_streak(&self) -> u32 {
        if self.last == Some(Side::Black) {
            self.streak
        } else {
            0
        }
    }

    /// How many of the colour rules (4: third same colour in a row, 5: difference of three)
    /// giving `side` next would break.
    pub fn breaks(&self, side: Side) -> u32 {
        let third = u32::from(self.last == Some(side) && self.streak >= 2);
        let delta = if side == Side::Red { 1 } else { -1 };
        let diff = u32::from((self.balance() + delta).abs() >= 3);
        third + diff
    }

    pub fn can_take(&self, side: Side) -> bool {
        self.breaks(side) == 0
    }

    /// The colour this player is due and how strongly (docs/rules.md#3-pairing, rule 7).
    pub fn due(&self) -> Option<(Side, Strength)> {
        match self.balance() {
            b if b < 0 => Some((Side::Red, 2)),
            b if b > 0 => Some((Side::Black, 2)),
            _ => self.last.map(|l| (l.other(), 1)),
        }
    }
}

/// The colour-balance penalty of pairing two players (rule 7): when both are due the same
/// colour, one of them will not get it; the penalty is the weaker of the two claims.
pub fn penalty(a: &ColourState, b: &ColourState) -> u32 {
    match (a.due(), b.due()) {
        (Some((sa, wa)), Some((sb, wb))) if sa == sb => u32::from(wa.min(wb)),
        _ => 0,
    }
}

/// How many colour-rule breaks the better of the two allocations of a pair causes.
pub fn least_breaks(a: &ColourState, b: &ColourState) -> u32 {
    let ab = a.breaks(Side::Red) + b.breaks(Side::Black);
    let ba = a.breaks(Side::Black) + b.breaks(Side::Red);
    ab.min(ba)
}

/// Which allocation step decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Step 1: the player with fewer reds than blacks gets red.
    Balance,
    /// Step 1: equal balance, the longer black streak gets red.
    BlackStreak,
    /// Step 2: the player who had black in the latest game where their colours differ.
    History,
    /// Step 3: identical histories, by round parity and number.
    Identical,
    /// Step 4: the higher-scored player's need, in the last three rounds.
    HigherScore,
    /// The step's choice would break rule 4 or 5 and the other allocation does not.
    Forced,
}

impl Reason {
    pub fn words(self) -> &'static str {
        match self {
            Reason::Balance => "colour step 1 (balance)",
            Reason::BlackStreak => "colour step 1 (longer black streak)",
            Reason::History => "colour step 2 (latest differing game)",
            Reason::Identical => "colour step 3 (same history: round parity and number)",
            Reason::HigherScore => "colour step 4 (higher score's need, last three rounds)",
            Reason::Forced => "colour forced (no third in a row, no difference of 3)",
        }
    }
}

/// The steps 1–3 of the allocation, without the score step or the rule check.
fn steps(
    a: &Entrant,
    b: &Entrant,
    ca: &ColourState,
    cb: &ColourState,
    round: Round,
) -> (bool, Reason) {
    if ca.balance() != cb.balance() {
        return (ca.balance() < cb.balance(), Reason::Balance);
    }
    if ca.black_streak() != cb.black_streak() {
        return (ca.black_streak() > cb.black_streak(), Reason::BlackStreak);
    }
    for (x, y) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
        if x != y {
            return (*x == Side::Black, Reason::History);
        }
    }
    let a_smaller = a.no < b.no;
    let odd = round.0 % 2 == 1;
    (a_smaller == odd, Reason::Identical)
}

/// Allocates the colours of a pair (docs/rules.md#3-pairing, steps 1–4). Returns whether `a` gets red,
/// and which step decided. Never picks an allocation that breaks rule 4 or 5 more often
/// than the other allocation would.
pub fn allocate(a: &Entrant, b: &Entrant, round: Round, late_rounds: bool) -> (bool, Reason) {
    let (ca, cb) = (ColourState::of(&a.colours), ColourState::of(&b.colours));
    let higher = match a.score.cmp(&b.score) {
        std::cmp::Ordering::Greater => Some((true, ca.due())),
        std::cmp::Ordering::Less => Some((false, cb.due())),
        std::cmp::Ordering::Equal => None,
    };
    let (a_red, reason) = match higher {
        Some((a_higher, Some((side, _)))) if late_rounds => {
            // The higher-scored player gets the colour they are due.
            (a_higher == (side == Side::Red), Reason::HigherScore)
        }
        _ => steps(a, b, &ca, &cb, round),
    };
    let cost = |a_red: bool| {
        if a_red {
            ca.breaks(Side::Red) + cb.breaks(Side::Black)
        } else {
            ca.breaks(Side::Black) + cb.breaks(Side::Red)
        }
    };
    if cost(!a_red) < cost(a_red) {
        (!a_red, Reason::Forced)
    } else {
        (a_red, reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ids::PlayerNo;
    use Side::{Black as B, Red as R};

    fn ent(no: u32, score: u32, colours: &[Side]) -> Entrant {
        Entrant {
            no: PlayerNo(no),
            score,
            opponents: Vec::new(),
            colours: colours.to_vec(),
            had_bye: false,
            floats: Vec::new(),
            rank: no,
        }
    }

    fn red_of(a: &Entrant, b: &Entrant, round: u32, late: bool) -> (u32, Reason) {
        let (a_red, why) = allocate(a, b, Round(round), late);
        (if a_red { a.no.0 } else { b.no.0 }, why)
    }

    #[test]
    fn state_counts_streaks_and_rules() {
        let s = ColourState::of(&[R, B, B]);
        assert_eq!((s.reds, s.blacks, s.last, s.streak), (1, 2, Some(B), 2));
        assert_eq!(s.breaks(B), 1, "third black in a row");
        assert_eq!(s.breaks(R), 0);
        let d = ColourState::of(&[R, R, B, R]);
        assert_eq!(d.balance(), 2);
        assert_eq!(d.breaks(R), 1, "difference would reach 3");
        assert_eq!(d.due(), Some((B, 2)));
        assert_eq!(ColourState::of(&[R, B]).due(), Some((R, 1)));
        assert_eq!(ColourState::of(&[]).due(), None);
    }

    #[test]
    fn step1_fewer_reds_gets_red() {
        let a = ent(1, 4, &[R, R, B]);
        let b = ent(2, 4, &[B, R, B]);
        assert_eq!(red_of(&a, &b, 4, false), (2, Reason::Balance));
        assert_eq!(red_of(&b, &a, 4, false), (2, Reason::Balance));
    }

    #[test]
    fn step1_equal_balance_longer_black_streak_gets_red() {
        let a = ent(1, 4, &[R, R, B, B]);
        let b = ent(2, 4, &[R, B, R, B]);
        assert_eq!(red_of(&a, &b, 5, false), (1, Reason::BlackStreak));
        assert_eq!(red_of(&b, &a, 5, false), (1, Reason::BlackStreak));
    }

    #[test]
    fn step2_black_in_latest_differing_game_gets_red() {
        // Same balance, both ended on two reds; going back, the fourth-latest game differs:
        // a had black there, b red.
        let a = ent(1, 4, &[R, B, B, R, R]);
        let b = ent(2, 4, &[B, R, B, R, R]);
        assert_eq!(
            ColourState::of(&a.colours).balance(),
            ColourState::of(&b.colours).balance()
        );
        assert_eq!(red_of(&a, &b, 6, false).0, 1);
        assert_eq!(red_of(&b, &a, 6, false), (1, Reason::History));
    }

    #[test]
    fn step3_identical_histories_by_round_parity() {
        let a = ent(3, 2, &[R, B]);
        let b = ent(8, 2, &[R, B]);
        assert_eq!(red_of(&a, &b, 3, false), (3, Reason::Identical));
        assert_eq!(red_of(&b, &a, 3, false), (3, Reason::Identical));
        assert_eq!(red_of(&a, &b, 4, false), (8, Reason::Identical));
    }

    #[test]
    fn step4_higher_score_need_wins_late() {
        // a (higher) is mildly due red, b strongly due red: step 1 would give b red.
        let a = ent(1, 8, &[R, B, R, B]);
        let b = ent(2, 6, &[R, B, B, R, B]);
        assert_eq!(red_of(&a, &b, 7, false), (2, Reason::Balance));
        assert_eq!(red_of(&a, &b, 7, true), (1, Reason::HigherScore));
        // Equal scores: step 4 does not apply.
        let c = Entrant {
            score: 6,
            ..a.clone()
        };
        assert_eq!(red_of(&c, &b, 7, true), (2, Reason::Balance));
    }

    #[test]
    fn never_a_third_colour_or_difference_three_when_avoidable() {
        // Step 4 would give the higher-scored a red, but b must not take a third black.
        let a = ent(1, 8, &[B, R, B, R, B]);
        let b = ent(2, 6, &[R, R, B, B]);
        // a is due red (2B vs 3B? a: 2R 3B -> due red strong); b: equal, last B: due red.
        let (a_red, why) = allocate(&a, &b, Round(6), true);
        assert!(!a_red, "b has two blacks in a row and must get red");
        assert_eq!(why, Reason::Forced);
        // Both would break something either way: stays with the step's choice.
        let c = ent(3, 6, &[B, B]);
        let d = ent(4, 6, &[B, B]);
        let (c_red, why) = allocate(&c, &d, Round(3), false);
        assert!(c_red, "step 3: odd round, smaller number red");
        assert_eq!(why, Reason::Identical);
    }

    #[test]
    fn penalty_is_the_weaker_claim() {
        let strong_red = ColourState::of(&[B]);
        let mild_red = ColourState::of(&[R, B]);
        let strong_black = ColourState::of(&[R]);
        assert_eq!(penalty(&strong_red, &mild_red), 1);
        assert_eq!(penalty(&strong_red, &strong_red), 2);
        assert_eq!(penalty(&strong_red, &strong_black), 0);
        assert_eq!(penalty(&ColourState::of(&[]), &strong_red), 0);
    }
}
