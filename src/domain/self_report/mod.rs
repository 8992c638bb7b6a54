//! Players sign their result on their phones: the electronic scoresheet (docs/self-report.md).
//!
//! The seeds have both players sign the scoresheet once the arbiter has the result (seed 000:
//! "由裁判确认比赛结果，双方签字认可"; seed 001: the loser signs, both sign a draw). With the
//! rules' `self_report`, each player of a round gets a secret code on that round's scoresheet
//! (记录单) and reports the result on the room page with it. A report records nothing by
//! itself: two matching reports make the board 待确认 until an arbiter accepts it
//! (`self_report: confirm`), or record the result at once (`auto`). A lone report waits for
//! the other signature (待对方签认); two that disagree leave the board to the arbiters (待核对). A forfeit, a foul-limit loss and a loss on
//! time are never self-reported: those boards are the arbiters'.
//!
//! The codes come from a secret recorded in the log with each round's pairing
//! (`Event::CodesIssued`): its randomness is drawn at the edge (the log's append) and passed
//! in, so the domain reads no randomness. A code is HMAC-SHA256 of that secret over the round,
//! board, side and the player in the seat, cut to eight digits: good for one board, one side
//! and one round, and a new one whenever the seat's player changes (a flip, a swap, a re-pair).

pub mod code;
mod decide;
mod kept;
mod lock;
pub mod record;
mod signing;

pub use code::{Code, ReportKey};
pub use record::{Report, ReportWhy, Reports, SelfReport, SignedBy, Signers, none_reported};
pub use signing::{Signing, awaiting, pending, signing, to_check, winner};

use super::event::Event;
use super::ids::{Board, PlayerNo, Round};
use super::result::GameResult;
use super::side::Side;
use super::tournament::{Game, Tournament};

/// Wrong codes a board takes per round before it is locked (docs/self-report.md, "wrong
/// codes"): each wrong code is judged against both sides' codes, so whatever the number of
/// phones or addresses guessing, at most this many guesses are judged on a board until an
/// arbiter unlocks it.
pub const WRONG_CODE_LIMIT: u32 = 20;

/// Whether the board takes no report until an arbiter unlocks it (签认已锁定).
pub fn locked(g: &Game) -> bool {
    g.wrong_codes >= WRONG_CODE_LIMIT
}

/// A result a player may report: a played game's (no forfeit).
pub fn reportable(result: GameResult) -> bool {
    !result.is_forfeit()
}

/// One player's code, for the scoresheet and `export --what codes`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatCode {
    pub round: Round,
    pub board: Board,
    pub side: Side,
    pub player: PlayerNo,
    pub code: Code,
}

/// The events of an append with the codes of every round it pairs (rules with
/// `self_report`): `CodesIssued` for each `RoundPaired`, from `entropy` drawn by the edge.
pub fn with_codes(t: &Tournament, events: Vec<Event>, entropy: &[u8; 32]) -> Vec<Event> {
    if t.rules.self_report.is_off() {
        return events;
    }
    if !events
        .iter()
        .any(|e| matches!(e, Event::RoundPaired { .. }))
    {
        return events;
    }
    // A round paired again after its pairing was discarded keeps the secret it had, so the
    // seats that keep their player keep their code (docs/self-report.md).
    let mut state = t.clone();
    let mut issued = Vec::new();
    for (n, e) in events.iter().enumerate() {
        if let Event::RoundPaired { round, .. } = e {
            let kept = state
                .discarded_round
                .as_ref()
                .filter(|d| d.round == *round)
                .and_then(|d| d.codes.clone());
            let key = kept.unwrap_or_else(|| ReportKey::from_entropy(entropy, issued.len() as u32));
            issued.push(Event::CodesIssued { round: *round, key });
        }
        if n + 1 < events.len() {
            state.apply(e);
        }
    }
    let mut events = events;
    events.extend(issued);
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Rules;

    #[test]
    fn rules_without_self_report_are_written_as_before() {
        let rules = Rules::preset("qigu-2024-07").unwrap();
        assert_eq!(rules.self_report, SelfReport::Off);
        let text = rules.to_ron();
        assert!(!text.contains("self_report:"), "{text}");
        // Seed 000: the winner signs a decisive result (由胜方签字，和棋则双方签字认可).
        assert_eq!(rules.self_report_signers, Signers::Winner);
        assert!(text.contains("self_report_signers: winner"), "{text}");
        // Rules without the field read as `both`, and `both` is not written.
        let old = text.replace("self_report_signers: winner,", "");
        let both = Rules::from_ron(&old, "t").unwrap();
        assert_eq!(both.self_report_signers, Signers::Both);
        assert!(!both.to_ron().contains("self_report_signers"));
        let mut on = rules.clone();
        on.self_report = SelfReport::Confirm;
        let text = on.to_ron();
        assert!(text.contains("self_report: confirm"), "{text}");
        assert_eq!(Rules::from_ron(&text, "t").unwrap(), on);
        let bad = text.replace("self_report: confirm", "self_report: maybe");
        assert!(Rules::from_ron(&bad, "t").is_err());
    }
}
