//! The team match demo (`bianpai demo --team`): a copy of the sample team event
//! (`sample_events/team-rr-8.log`, made by `sample_events/make-team-rr-8.sh` with the real
//! command line: 8 teams, 4 boards, round 6 of the round robin in play) in a temp dir, re-timed
//! so that round 6 started twenty minutes ago. The boards still playing are reported one by one
//! over the next minutes through the real `Log` API, the way an assistant's terminal would, so
//! the match scores (R2011 13) move live.

use std::path::{Path, PathBuf};

use chrono::{DateTime, Duration, Utc};

use super::demo::Scheduled;
use crate::domain::event::Event;
use crate::domain::{Actor, Command, GameResult};
use crate::log::Log;
use crate::log::record::decode;

/// The sample team event, embedded.
pub const TEAM_LOG: &str = include_str!("../../sample_events/team-rr-8.log");

/// Copies the sample team event into `dir`, its times moved so that its last round started
/// twenty minutes before `now`; returns the log and the results still to come.
///
/// # Errors
/// A sample that does not decode, or a log that cannot be written.
pub fn build(dir: &Path, now: DateTime<Utc>) -> Result<(PathBuf, Vec<Scheduled>), String> {
    let recs: Vec<_> = TEAM_LOG
        .lines()
        .enumerate()
        .map(|(i, l)| decode(l).map_err(|e| format!("demo: team sample line {}: {e}", i + 1)))
        .collect::<Result<_, _>>()?;
    let Some((first, rest)) = recs.split_first() else {
        return Err("demo: the team sample is empty".into());
    };
    let Event::Created { title, rules } = &first.ev else {
        return Err("demo: the team sample does not start with the event".into());
    };
    let last_start = rest
        .iter()
        .filter_map(|r| match &r.ev {
            Event::RoundStarted { at, .. } => Some(*at),
            _ => None,
        })
        .next_back()
        .unwrap_or(now);
    let shift = now - Duration::minutes(20) - last_start;
    let path = dir.join("team-demo.log");
    let err = |e: crate::log::LogError| format!("demo: {e}");
    let mut log = Log::create(
        &path,
        title,
        (**rules).clone(),
        &first.by,
        now - Duration::hours(2),
    )
    .map_err(err)?;
    let mut at = now - Duration::hours(2);
    for r in rest {
        let mut ev = r.ev.clone();
        match &mut ev {
            Event::RoundStarted { at: t, .. } | Event::TimeCorrected { at: t, .. } => {
                *t += shift;
                at = (*t).min(now);
            }
            _ => {}
        }
        let actor = Actor {
            user: r.by.clone(),
            role: r.role,
        };
        log.transact(&actor, at, |_| Ok(vec![ev])).map_err(err)?;
    }
    // The boards still playing finish one after another, 15 seconds apart.
    let t = log.state();
    let words = [GameResult::RedWin, GameResult::Draw, GameResult::BlackWin];
    let schedule = t
        .current()
        .map(|r| {
            r.games
                .iter()
                .filter(|g| g.result.is_none())
                .enumerate()
                .map(|(k, g)| Scheduled {
                    due: now + Duration::seconds(8 + 15 * k as i64),
                    cmd: Command::RecordResult {
                        round: None,
                        board: g.board,
                        result: words[(g.board.0 as usize) % words.len()],
                        correct: None,
                    },
                })
                .collect()
        })
        .unwrap_or_default();
    Ok((path, schedule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_team_demo_starts_mid_round_with_results_to_come() {
        let dir = tempfile::tempdir().unwrap();
        let now = Utc::now();
        let (path, schedule) = build(dir.path(), now).unwrap();
        let log = Log::open(&path).unwrap();
        let t = log.state();
        let r = t.current().unwrap();
        let started = r.started_at.unwrap();
        assert_eq!(started, now - Duration::minutes(20));
        assert_eq!(schedule.len(), r.games.len() - r.reported());
        assert!(!schedule.is_empty());
        assert_eq!(t.team_event.teams.len(), 8);
    }
}
