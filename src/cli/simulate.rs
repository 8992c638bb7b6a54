//! `bianpai simulate`: a whole tournament with random results, forfeits, fouls and a
//! withdrawal, through the real engine and the real log (benchmarks, demos, tests).

use std::path::Path;

use chrono::{Duration, TimeZone, Utc};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::{CliError, CliResult, execute_batch, fail, msg};
use crate::domain::event::PlayerEntry;
use crate::domain::rules::{FoulKind, Gender};
use crate::domain::tournament::Status;
use crate::domain::{Actor, Command, GameResult, Role, Rules, Side};
use crate::i18n::cli::Msg;
use crate::i18n::cli::sample::{CLUBS, GIVEN, GIVEN_ONE, SURNAMES, standings_team};
use crate::log::{Log, user};

/// A random index below `n`.
pub(super) fn draw_index(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The `k`-th name of the simulation: a surname and a given name, never a digit. Unique for
/// every `k` (a mixed radix over surname, then the given names, then one-character pairs and
/// longer as the field grows); `offset` (from the seed) varies who gets which name.
pub(super) fn name(k: u64, offset: u64) -> String {
    let n = SURNAMES.len() as u64;
    let surname = SURNAMES[((k + offset) % n) as usize];
    let mut r = k / n;
    let given = GIVEN.len() as u64;
    if r < given {
        return format!("{surname}{}", GIVEN[r as usize]);
    }
    r -= given;
    let base = GIVEN_ONE.len() as u64;
    // At least two characters, more when the field outgrows them.
    let mut given_name = String::new();
    let mut digits = 0;
    while digits < 2 || r > 0 {
        given_name.push_str(GIVEN_ONE[(r % base) as usize]);
        r /= base;
        digits += 1;
    }
    format!("{surname}{given_name}")
}

/// Where the simulated event's rules come from: a preset or a rules file (`new`'s choice).
pub enum Source {
    Preset(String),
    File(std::path::PathBuf),
}

impl Source {
    /// Exactly one of `--preset` and `--rules`.
    ///
    /// # Errors
    /// Neither or both given.
    pub fn of(preset: Option<&str>, rules: Option<&Path>) -> Result<Source, CliError> {
        match (preset, rules) {
            (Some(p), None) => Ok(Source::Preset(p.to_string())),
            (None, Some(f)) => Ok(Source::File(f.to_path_buf())),
            _ => Err(CliError(msg(&Msg::SimNeedsRules))),
        }
    }

    /// The rules named: the preset's, or the file's.
    ///
    /// # Errors
    /// An unknown preset, a file that cannot be read or is no valid rules file.
    pub fn rules(&self) -> Result<Rules, CliError> {
        let lang = super::out_lang();
        match self {
            Source::Preset(p) => Rules::preset(p),
            Source::File(f) => crate::rules_file::read(f),
        }
        .map_err(|e| CliError(crate::i18n::errors::rules(&e, lang)))
    }
}

/// How much of the event to play: `rounds` overrides the rules' number of rounds; `played`
/// stops after that many rounds, leaving the event live to go on by hand.
#[derive(Clone, Copy)]
pub struct Span {
    pub rounds: Option<u32>,
    pub played: Option<u32>,
}

/// The simulated event's log, written by the head arbiter of this account: a simulation is not
/// an entry desk, so the capacity is lifted (any field size can be played) and the roles map
/// cleared. Also the first round's start: the event date at `hour_min` UTC, or now.
pub(super) fn create_event(
    rules: &mut Rules,
    seed: u64,
    out: &Path,
    (hour, min): (u32, u32),
) -> Result<(Log, Actor, chrono::DateTime<Utc>), CliError> {
    rules.registration.capacity = None;
    rules.roles.clear();
    let title = msg(&Msg::SimTitle {
        title: rules.title.clone(),
        seed,
    });
    let me = user::current_user();
    let start = rules
        .date
        .and_then(|d| d.and_hms_opt(hour, min, 0))
        .map_or_else(Utc::now, |d| Utc.from_utc_datetime(&d));
    let log = Log::create(out, &title, rules.clone(), &me, Utc::now())?;
    let actor = Actor {
        user: me,
        role: Role::Head,
    };
    Ok((log, actor, start))
}

/// A random result: mostly played games, a few forfeits.
pub(super) fn random_result(rng: &mut ChaCha8Rng) -> GameResult {
    match rng.next_u64() % 1000 {
        0..=19 => GameResult::RedWinForfeit,
        20..=39 => GameResult::BlackWinForfeit,
        40..=44 => GameResult::DoubleForfeit,
        45..=424 => GameResult::RedWin,
        425..=774 => GameResult::BlackWin,
        _ => GameResult::Draw,
    }
}

pub fn run(mut rules: Rules, players: u32, span: Span, seed: u64, out: &Path) -> CliResult {
    if players < 2 {
        return fail(&Msg::SimPlayers);
    }
    if let Some(r) = span.rounds {
        if r == 0 {
            return fail(&Msg::SimRounds);
        }
        rules.rounds = r;
        if let crate::domain::format::Format::Swiss { knockout } = &mut rules.format
            && knockout.as_ref().is_some_and(|k| k.after_round + 2 > r)
        {
            *knockout = None;
        }
    }
    // A round robin's `rounds: 0` is the schedule's own number, known once the field is in.
    if let Some(play) = span.played
        && rules.rounds > 0
        && play > rules.rounds
    {
        return fail(&Msg::SimPlayedBeyond {
            played: play,
            rounds: rules.rounds,
        });
    }
    let (mut log, actor, start) = create_event(&mut rules, seed, out, (0, 30))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let offset = rng.next_u64() % SURNAMES.len() as u64;
    let cmds = entries(&rules, players, offset, &mut rng);
    batch(&mut log, &actor, &cmds)?;
    batch(&mut log, &actor, &[Command::DrawNumbers { seed }])?;
    // A round robin's `rounds: 0` is resolved from the field once numbers are drawn.
    let rounds = log.state().rules.rounds;
    let withdraw_round = rounds.div_ceil(2);
    let mut stopped = None;
    let play = span.played.unwrap_or(rounds).min(rounds);
    for r in 1..=play {
        // A small field can run out of legal pairings (everyone left has met): the engine
        // refuses rather than break a hard rule, and the simulation ends with the rounds played.
        let pair = next_pairing(log.state());
        let (_, refused) = execute_batch(&mut log, &actor, &[pair], Utc::now())?;
        if let Some((_, e)) = refused.into_iter().next() {
            stopped = Some(msg(&Msg::SimCannotPair {
                round: r,
                why: CliError::from(e).0,
            }));
            break;
        }
        let at = start + Duration::hours(i64::from(r));
        batch(&mut log, &actor, &[Command::StartRound { at }])?;
        record_results(&mut log, &actor, &mut rng)?;
        if r == withdraw_round && r < rounds {
            withdraw_one(&mut log, &actor, &mut rng)?;
        }
    }
    let t = log.state();
    crate::outln!(
        "{}",
        msg(&Msg::SimDone {
            players: t.players.len(),
            rounds: t.rounds.len(),
            out: out.display().to_string(),
        })
    );
    if let Some(why) = stopped {
        eprintln!("{}", msg(&Msg::SimStopped(why)));
    }
    Ok(())
}

/// The simulated field's entries: names, genders, clubs and sections drawn from `rng`.
fn entries(rules: &Rules, players: u32, offset: u64, rng: &mut ChaCha8Rng) -> Vec<Command> {
    let sections = rules.sections.len();
    (0..players)
        .map(|i| {
            let section = usize::from(sections > 1 && i % 3 == 2);
            Command::RegisterPlayer(PlayerEntry {
                name: name(u64::from(i), offset),
                gender: Some(if rng.next_u64().is_multiple_of(4) {
                    Gender::F
                } else {
                    Gender::M
                }),
                birth: None,
                club: CLUBS[draw_index(rng, CLUBS.len())].to_string(),
                team: if rules.teams.is_some() && i < 30 {
                    standings_team(i / 3 + 1)
                } else {
                    String::new()
                },
                group: rules.sections[section].name.clone(),
                local: rng.next_u64().is_multiple_of(10),
                id_number: None,
            })
        })
        .collect()
}

/// The next round's pairing command: a knockout match with level colour counts gets the
/// simulated higher-ranked player's choice of red, as an arbiter would enter it.
fn next_pairing(t: &crate::domain::Tournament) -> Command {
    let next = crate::domain::Round(t.current_round().0 + 1);
    let due = crate::domain::colour_choice::due(t, next);
    if due.is_empty() {
        Command::PairNextRound
    } else {
        Command::PairNextRoundWith {
            red: due.iter().map(|(hi, _)| *hi).collect(),
        }
    }
}

/// Results until every board of the current round has one (knockout tie-breaks add boards as
/// they go); now and then a foul first.
fn record_results(log: &mut Log, actor: &Actor, rng: &mut ChaCha8Rng) -> CliResult {
    // Results until every board has one (knockout tie-breaks add boards as they go).
    for _ in 0..4 {
        let t = log.state();
        let Some(round) = t.current() else { break };
        let mut cmds = Vec::new();
        for g in round.games.iter().filter(|g| g.result.is_none()) {
            if g.game == crate::domain::event::GameKind::Armageddon && !g.lot {
                // The armageddon's lot comes first: the higher-ranked player
                // draws red here (no draw from the random stream, so the results of a
                // seed stay what they were).
                cmds.push(Command::DrawLot {
                    board: Some(g.board),
                    higher: Side::Red,
                });
            }
            if rng.next_u64().is_multiple_of(25) {
                let side = if rng.next_u64().is_multiple_of(2) {
                    Side::Red
                } else {
                    Side::Black
                };
                cmds.push(Command::RecordFoul {
                    round: None,
                    board: g.board,
                    side,
                    kind: FoulKind::Other,
                });
            }
            let mut result = random_result(rng);
            if g.stage != crate::domain::event::Stage::Swiss && result.is_forfeit() {
                result = GameResult::Draw;
            }
            cmds.push(Command::RecordResult {
                round: None,
                board: g.board,
                result,
                correct: None,
            });
        }
        if cmds.is_empty() {
            break;
        }
        // A foul may already have decided a game: its result command is then refused.
        let _ = execute_batch(log, actor, &cmds, Utc::now())?;
    }
    Ok(())
}

/// One active player withdraws (the simulated mid-event withdrawal), if more than two are left.
fn withdraw_one(log: &mut Log, actor: &Actor, rng: &mut ChaCha8Rng) -> CliResult {
    let active: Vec<_> = log
        .state()
        .players
        .iter()
        .filter(|p| p.status == Status::Active)
        .map(|p| p.no)
        .collect();
    if active.len() > 2 {
        let no = active[draw_index(rng, active.len())];
        batch(
            log,
            actor,
            &[Command::WithdrawPlayer {
                no,
                reason: msg(&Msg::SimWithdrawal),
            }],
        )?;
    }
    Ok(())
}

/// Runs commands that must all succeed.
pub(super) fn batch(log: &mut Log, actor: &Actor, cmds: &[Command]) -> CliResult {
    let (_, refused) = execute_batch(log, actor, cmds, Utc::now())?;
    if let Some((_, e)) = refused.first() {
        let why = crate::i18n::refusal(e, super::out_lang(), super::out_zone());
        return fail(&Msg::SimRefused(why));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_never_carry_a_digit() {
        let names: Vec<String> = (0..20_000).map(|k| name(k, 5)).collect();
        let mut seen = std::collections::HashSet::new();
        for n in &names {
            assert!(!n.chars().any(|c| c.is_ascii_digit()), "{n}");
            assert!(seen.insert(n.clone()), "{n} twice");
        }
        // The first names are the common two-character ones.
        assert_eq!(names[0].chars().count(), 2);
    }
}
