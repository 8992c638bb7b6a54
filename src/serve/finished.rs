//! Long-cacheable addresses of finished rounds (docs/room-page.md#budgets): a round whose
//! every board has a result is linked as `/round/N?v=TAG`, where the tag is a digest of
//! everything that page shows (the rounds up to it, the players, the rules, the title, how
//! many rounds are paired, whether the log is damaged). That address is answered with
//! `Cache-Control: private, max-age=31536000, immutable`, so a phone keeps it; a correction
//! changes the tag and so the address, and a stale tag gets the fresh page uncached.

use sha2::{Digest, Sha256};

use crate::domain::{Round, Tournament};

/// What a versioned address is answered with.
pub const IMMUTABLE: &str = "private, max-age=31536000, immutable";

/// The tag of each paired round (index `round - 1`), `None` for a round not finished.
pub fn tags(t: &Tournament, damaged: bool) -> Vec<Option<String>> {
    let mut h = Sha256::new();
    h.update(format!("{:?}{:?}{:?}", t.title, t.rules, t.players).as_bytes());
    h.update([u8::from(damaged)]);
    h.update((t.rounds.len() as u64).to_be_bytes());
    t.rounds
        .iter()
        .map(|r| {
            h.update(format!("{r:?}").as_bytes());
            r.is_complete().then(|| {
                let d = h.clone().finalize();
                let mut first = [0u8; 8];
                first.copy_from_slice(&d[..8]);
                format!("{:016x}", u64::from_be_bytes(first))
            })
        })
        .collect()
}

/// Whether `given` is the current tag of `round`.
pub fn current(tags: &[Option<String>], round: Round, given: Option<&str>) -> bool {
    let at = (round.0 as usize).checked_sub(1);
    matches!((at.and_then(|i| tags.get(i)), given), (Some(Some(tag)), Some(g)) if tag == g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::event::{Cause, Event, GameKind, Pairing, PlayerEntry, Stage};
    use crate::domain::result::GameResult;
    use crate::domain::{Board, PlayerNo, Rules};

    #[test]
    fn a_finished_round_has_a_tag_that_a_correction_changes() {
        let mut t = Tournament::new("t".into(), Rules::preset("qigu-2024-07").unwrap());
        for i in 1..=2 {
            t.apply(&Event::PlayerRegistered {
                no: PlayerNo(i),
                entry: PlayerEntry::named(format!("p{i}")),
            });
        }
        t.apply(&Event::RoundPaired {
            round: Round(1),
            games: vec![Pairing {
                board: Board(1),
                red: PlayerNo(1),
                black: PlayerNo(2),
                stage: Stage::Swiss,
                game: GameKind::Slow,
            }],
            byes: vec![],
        });
        assert_eq!(tags(&t, false), vec![None], "not finished");
        t.apply(&Event::ResultRecorded {
            round: Round(1),
            board: Board(1),
            result: GameResult::RedWin,
            cause: Cause::Arbiter,
            at: None,
        });
        let before = tags(&t, false);
        let tag = before[0].clone().expect("finished");
        assert!(current(&before, Round(1), Some(&tag)));
        assert!(!current(&before, Round(1), Some("0")));
        assert!(!current(&before, Round(2), Some(&tag)));
        assert!(!current(&before, Round(0), Some(&tag)));
        assert_ne!(tags(&t, true), before, "a damaged log shows a warning");
        t.apply(&Event::ResultCorrected {
            round: Round(1),
            board: Board(1),
            result: Some(GameResult::Draw),
            was: Some(GameResult::RedWin),
            reason: String::new(),
        });
        assert!(!current(&tags(&t, false), Round(1), Some(&tag)));
    }
}
