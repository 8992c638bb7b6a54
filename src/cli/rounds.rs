//! `pair`, `unpair`, `start`, `result`, `absent`/`arrive`, `foul`, `clock`, `flag`, `tick`.
//! The floor commands take their time from `--at` (RFC 3339) or now; the rules
//! they apply are in `domain::floor`.

use std::path::Path;

use chrono::{DateTime, Utc};

use super::args::{PairArgs, SeatArgs};
use super::{
    CliError, CliResult, Ctx, board_arg, execute, fail, fail_msg, foul_kind_arg, open_log,
    result_arg, round_arg, side_arg, time_arg,
};
use crate::domain::clock::{ClockReading, format_ms, parse_ms};
use crate::domain::event::ClockAction;
use crate::domain::{Command, Event, GameResult, PlayerNo, Side};
use crate::export;
use crate::i18n::cli::Msg;
use crate::log::Log;

/// Runs a command and prints what it recorded.
pub fn simple(ctx: &Ctx, path: &Path, cmd: &Command) -> CliResult {
    run_and_print(ctx, path, cmd).map(|_| ())
}

/// Runs a command against the log, prints what it recorded and returns the log (opened and
/// replayed once: a long log is not read twice for the printout).
fn run_and_print(ctx: &Ctx, path: &Path, cmd: &Command) -> Result<(Log, usize), CliError> {
    let mut log = open_log(path)?;
    let recs = super::execute_in(ctx, &mut log, cmd)?;
    let (lang, zone) = (super::out_lang(), super::out_zone());
    for r in &recs {
        crate::outln!("{}", crate::i18n::describe(log.state(), &r.ev, lang, zone));
    }
    Ok((log, recs.len()))
}

/// Parses `--manual "3-8,5-1"`: (red, black) pairs in board order.
fn manual_pairs(text: &str) -> Result<Vec<(PlayerNo, PlayerNo)>, CliError> {
    let mut out = Vec::new();
    for (k, part) in text.split(',').enumerate() {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let Some((red, black)) = part.split_once('-') else {
            return fail(&Msg::ManualNotPair {
                board: k + 1,
                part: part.to_string(),
            });
        };
        out.push((super::player_arg(red)?, super::player_arg(black)?));
    }
    if out.is_empty() {
        return fail(&Msg::ManualEmpty);
    }
    Ok(out)
}

/// The head arbiter's commands for an unpairable round (`--relax colours`, `--manual`).
fn decision_cmd(a: &PairArgs) -> Result<Option<Command>, CliError> {
    let reason = a.reason.clone().unwrap_or_default();
    if let Some(kind) = &a.relax {
        if !matches!(kind.trim(), "colours" | "colors") {
            return fail(&Msg::RelaxOnlyColours(kind.clone()));
        }
        if reason.trim().is_empty() {
            return fail(&Msg::RelaxNeedsReason);
        }
        return Ok(Some(Command::PairRelaxed { reason }));
    }
    if let Some(text) = &a.manual {
        if reason.trim().is_empty() {
            return fail(&Msg::ManualNeedsReason);
        }
        let byes = a
            .bye
            .iter()
            .map(|b| super::player_arg(b))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Some(Command::PairManual {
            games: manual_pairs(text)?,
            byes,
            reason,
            force: a.force,
        }));
    }
    if !a.bye.is_empty() {
        return fail(&Msg::ByeWithoutManual);
    }
    Ok(None)
}

/// `pair` without `--choose` where a knockout match's colour counts are level: a script (or an
/// arbiter at the command line) that gave no choice gets the usual one, the higher-ranked player
/// on red, recorded as that player's choice like any other (`ColourChosen`), and a line says so
/// with the way to change it. The console asks instead.
fn default_choices(ctx: &super::Ctx, log: &Path) -> Result<Command, CliError> {
    let reader = super::open_reader(ctx, log, false)?;
    let t = reader.state();
    let round = crate::domain::Round(t.current_round().0 + 1);
    let due = crate::domain::colour_choice::due(t, round);
    if due.is_empty() {
        return Ok(Command::PairNextRound);
    }
    let choosers: Vec<String> = due.iter().map(|(hi, _)| hi.to_string()).collect();
    eprintln!(
        "{}",
        super::msg(&Msg::ChoiceDefaulted {
            round: round.0,
            choosers,
        })
    );
    Ok(Command::PairNextRoundWith {
        red: due.into_iter().map(|(hi, _)| hi).collect(),
    })
}

/// `--choose [NO=]red|black`: the players who take red by the higher-ranked players' choices
/// for the next round's knockout matches whose colour counts are level. A bare colour goes
/// to the next match not named otherwise, in the order the refusal lists them.
fn chosen_reds(
    t: &crate::domain::Tournament,
    choices: &[String],
) -> Result<Vec<PlayerNo>, CliError> {
    let round = crate::domain::Round(t.current_round().0 + 1);
    let due = crate::domain::colour_choice::due(t, round);
    if due.is_empty() {
        return fail(&Msg::ChooseNoneDue(round.0));
    }
    let mut picked: Vec<Option<Side>> = vec![None; due.len()];
    let mut bare = Vec::new();
    for c in choices {
        match c.split_once(['=', ':']) {
            Some((no, colour)) => {
                let no = super::player_arg(no)?;
                let Some(i) = due.iter().position(|(hi, _)| *hi == no) else {
                    return fail(&Msg::ChooseNotChooser {
                        no: no.to_string(),
                        choosers: due.iter().map(|(hi, _)| hi.to_string()).collect(),
                    });
                };
                picked[i] = Some(side_arg(colour)?);
            }
            None => bare.push(side_arg(c)?),
        }
    }
    let mut bare = bare.into_iter();
    for p in picked.iter_mut().filter(|p| p.is_none()) {
        match bare.next() {
            Some(side) => *p = Some(side),
            None => break,
        }
    }
    if bare.next().is_some() {
        return fail(&Msg::ChooseTooMany {
            round: round.0,
            due: due.len(),
        });
    }
    Ok(due
        .iter()
        .zip(picked)
        .filter_map(|(&(hi, lo), side)| match side? {
            Side::Red => Some(hi),
            Side::Black => Some(lo),
        })
        .collect())
}

pub fn pair(ctx: &Ctx, a: &PairArgs) -> CliResult {
    if let Some(lot) = &a.lot {
        let higher: Side = side_arg(lot)?;
        let board = a.board.as_deref().map(board_arg).transpose()?;
        return simple(ctx, &a.log, &Command::DrawLot { board, higher });
    }
    if a.keep {
        let reason = a.reason.clone().unwrap_or_default();
        if reason.trim().is_empty() {
            return fail(&Msg::KeepNeedsReason);
        }
        return simple(ctx, &a.log, &Command::KeepPairing { reason });
    }
    super::prime(&a.log);
    let decision = decision_cmd(a)?;
    if a.force && decision.is_none() && a.reason.as_deref().is_none_or(|r| r.trim().is_empty()) {
        return fail(&Msg::ForceNeedsReason);
    }
    let cmd = command_of(ctx, a, decision)?;
    if a.preview {
        return preview(ctx, a, cmd.as_ref());
    }
    let cmd = match cmd {
        Some(cmd) => cmd,
        None => default_choices(ctx, &a.log)?,
    };
    let recs = execute(ctx, &a.log, &cmd)?;
    let log = open_log(&a.log)?;
    let t = log.state();
    let lang = super::lang(ctx.lang, Some(&t.rules));
    let round = t.current_round();
    crate::outln!("{}", export::text::pairings(t, round, lang).trim_end());
    if a.explain {
        crate::outln!();
        for line in export::text::explanation(t, round, lang) {
            crate::outln!("{line}");
        }
    } else if t.rules.format.is_team() {
        // A team round: the bye, the teams that play their registered order and the short
        // teams' vacant boards are said.
        for line in crate::domain::pairing::explain_round_lines(t, round) {
            if matches!(
                line,
                crate::domain::pairing::Line::TeamBye(_)
                    | crate::domain::pairing::Line::DefaultLineups(_)
                    | crate::domain::pairing::Line::ShortTeam { .. }
            ) {
                crate::outln!("{}", crate::i18n::explain::line(&line, lang));
            }
        }
    }
    print_records(t, a, &recs, lang);
    // The slips made void: the seats re-seated by hand, or changed by a re-pair.
    let seats = crate::domain::tournament::keep::reprint_of(t, recs.iter().map(|r| &r.ev));
    if !seats.is_empty() {
        crate::outln!("{}", crate::i18n::keep::reprint(&seats, lang));
    }
    Ok(())
}

/// The command `pair`'s options ask for: a decision, a swap, a flip, the colours chosen;
/// `None` for the engine's pairing.
fn command_of(
    ctx: &Ctx,
    a: &PairArgs,
    decision: Option<Command>,
) -> Result<Option<Command>, CliError> {
    let force = if a.force { a.reason.clone() } else { None };
    Ok(if let Some(d) = decision {
        if a.preview && matches!(d, Command::PairManual { .. }) {
            return fail(&Msg::PreviewManual);
        }
        Some(d)
    } else if let Some(s) = &a.swap {
        let (Some(x), Some(y)) = (s.first(), s.get(1)) else {
            return fail(&Msg::SwapNeedsTwo);
        };
        Some(Command::SwapBoards {
            a: board_arg(x)?,
            b: board_arg(y)?,
            force,
        })
    } else if let Some(b) = &a.flip {
        Some(Command::FlipBoard {
            board: board_arg(b)?,
            force,
        })
    } else if a.red.is_empty() && a.choose.is_empty() {
        None
    } else {
        let mut red = a
            .red
            .iter()
            .map(|r| super::player_arg(r))
            .collect::<Result<Vec<_>, _>>()?;
        if !a.choose.is_empty() {
            let log = super::open_reader(ctx, &a.log, false)?;
            red.extend(chosen_reds(log.state(), &a.choose)?);
        }
        Some(Command::PairNextRoundWith { red })
    })
}

/// `pair --preview`: the pairing the engine would make, with its explanation, written nowhere.
fn preview(ctx: &Ctx, a: &PairArgs, cmd: Option<&Command>) -> CliResult {
    let log = super::open_reader(ctx, &a.log, false)?;
    let lang = super::lang(ctx.lang, Some(&log.state().rules));
    let relax = matches!(cmd, Some(Command::PairRelaxed { .. }));
    if cmd.is_none()
        && let Some(preview) = log.state().repair_preview()
    {
        // The round paired on an old result, re-paired on the corrected ones.
        for line in crate::i18n::boundary::preview_lines(log.state(), &preview?, lang) {
            crate::outln!("{line}");
        }
        return Ok(());
    }
    if cmd.is_none()
        && let Some(r) = log.state().outdated_round()
    {
        // Outdated, with results: only keeping it is left; said before the preview.
        crate::outln!("{}", crate::i18n::boundary::outdated_hint(r, lang));
    }
    let p = crate::domain::pairing::propose_opts(log.state(), &[], relax)?;
    for line in &p.lines {
        crate::outln!("{}", crate::i18n::explain::line(line, lang));
    }
    Ok(())
}

/// What `pair` says after the pairing is written: the override's warnings, who chose the
/// colours of a knockout match, and the rule breaks noted with the pairing.
fn print_records(
    t: &crate::domain::Tournament,
    a: &PairArgs,
    recs: &[crate::log::Record],
    lang: crate::domain::rules::Lang,
) {
    for r in recs {
        if let Event::PairingOverridden {
            games,
            changed: Some(changed),
            ..
        } = &r.ev
        {
            // Each re-seated board and what it dropped.
            for c in changed {
                crate::outln!("{}", crate::i18n::keep::board_change(c, games, lang));
            }
        }
        if let Event::PairingOverridden {
            warnings, breaks, ..
        } = &r.ev
        {
            // In the reader's language; an older record has only the English words.
            let words: Vec<String> = if breaks.is_empty() {
                warnings.clone()
            } else {
                breaks
                    .iter()
                    .map(|b| crate::i18n::errors::rule_break(b, lang))
                    .collect()
            };
            for w in &words {
                crate::outln!(
                    "{}",
                    crate::i18n::cli(&crate::i18n::CliMsg::OverrideWarning(w.clone()), lang)
                );
            }
        }
        if let Event::ColourChosen { .. } = &r.ev {
            // Who chose the colours of a knockout match, as the log records it.
            crate::outln!(
                "{}",
                crate::i18n::describe(t, &r.ev, lang, super::out_zone())
            );
        }
        if let Event::PairingNoted { round, .. } = &r.ev
            && !a.explain
        {
            // Rule breaks are always shown with the pairing.
            for line in crate::domain::pairing::explain_round_lines(t, *round) {
                if matches!(
                    line,
                    crate::domain::pairing::Line::Relaxed(_)
                        | crate::domain::pairing::Line::Decision { .. }
                        | crate::domain::pairing::Line::Override(_)
                ) {
                    crate::outln!("{}", crate::i18n::explain::line(&line, lang));
                }
            }
        }
    }
}

pub fn result(
    ctx: &Ctx,
    path: &Path,
    board: &str,
    result: &str,
    round: Option<u32>,
    correcting: super::args::Correcting,
    reason: Option<String>,
) -> CliResult {
    let board = board_arg(board)?;
    let result: GameResult = result_arg(result)?;
    let round = round_arg(round)?;
    let correct = if correcting == super::args::Correcting::No {
        None
    } else {
        match reason {
            Some(r) if !r.trim().is_empty() => Some(r),
            _ => return fail(&Msg::CorrectNeedsReason),
        }
    };
    let cmd = match (correcting, correct) {
        (super::args::Correcting::DespiteSignatures, Some(reason)) => {
            Command::CorrectDespiteSignatures {
                round,
                board,
                result,
                reason,
            }
        }
        (_, correct) => Command::RecordResult {
            round,
            board,
            result,
            correct,
        },
    };
    let correcting = correcting != super::args::Correcting::No;
    let (log, _) = run_and_print(ctx, path, &cmd)?;
    // A correction of an earlier round names the round paired on the old result
    // and the way forward.
    let t = log.state();
    if correcting
        && round.is_some_and(|r| r < t.current_round())
        && let Some(r) = t.outdated_round()
    {
        crate::outln!(
            "{}",
            crate::i18n::boundary::outdated_hint(r, super::out_lang())
        );
    }
    Ok(())
}

/// `result LOG BOARD --confirm`: an arbiter accepts the result both players signed on their
/// phones (docs/self-report.md).
pub fn confirm(ctx: &Ctx, path: &Path, board: &str, round: Option<u32>) -> CliResult {
    let board = board_arg(board)?;
    let round = round_arg(round)?;
    simple(ctx, path, &Command::ConfirmReport { round, board })
}

pub fn seat(ctx: &Ctx, s: &SeatArgs, present: bool) -> CliResult {
    let board = board_arg(&s.board)?;
    let side: Side = side_arg(&s.side)?;
    super::prime(&s.log);
    let at = time_arg(s.at.as_deref())?;
    if s.reverse.is_some() && !present {
        return fail(&Msg::ReverseWithArrive);
    }
    simple(
        ctx,
        &s.log,
        &Command::MarkSeat {
            round: round_arg(s.round)?,
            board,
            side,
            present,
            at,
            reverse_reason: s.reverse.clone(),
        },
    )
}

pub fn foul(
    ctx: &Ctx,
    path: &Path,
    board: &str,
    side: &str,
    kind: &str,
    round: Option<u32>,
) -> CliResult {
    let board = board_arg(board)?;
    let side: Side = side_arg(side)?;
    let kind = foul_kind_arg(kind)?;
    simple(
        ctx,
        path,
        &Command::RecordFoul {
            round: round_arg(round)?,
            board,
            side,
            kind,
        },
    )
}

/// Parses the words of a clock action: `press red`, `set` with readings, `pause`, `resume`.
pub fn clock_action(
    action: &str,
    side: Option<&str>,
    red: Option<&str>,
    black: Option<&str>,
) -> Result<ClockAction, CliError> {
    match action.trim() {
        "press" => {
            let Some(side) = side else {
                return fail(&Msg::PressWhichSide);
            };
            Ok(ClockAction::Press(side_arg(side)?))
        }
        "set" => {
            let (Some(r), Some(b)) = (red, black) else {
                return fail(&Msg::SetNeedsReadings);
            };
            let reading = |flag: &str, text: &str| {
                parse_ms(text).map_err(|_| {
                    fail_msg(&Msg::NotReading {
                        flag: flag.to_string(),
                        text: text.to_string(),
                    })
                })
            };
            Ok(ClockAction::Set {
                red_ms: reading("--red", r)?,
                black_ms: reading("--black", b)?,
            })
        }
        "pause" => Ok(ClockAction::Pause),
        "resume" => Ok(ClockAction::Resume),
        other => fail(&Msg::UnknownClockAction(other.to_string())),
    }
}

#[allow(clippy::too_many_arguments)]
pub fn clock(
    ctx: &Ctx,
    path: &Path,
    board: &str,
    action: &str,
    side: Option<&str>,
    red: Option<&str>,
    black: Option<&str>,
    at: Option<&str>,
) -> CliResult {
    let board = board_arg(board)?;
    let action = clock_action(action, side, red, black)?;
    super::prime(path);
    let at = time_arg(at)?;
    let (log, _) = run_and_print(
        ctx,
        path,
        &Command::Clock {
            round: None,
            board,
            action,
            at,
        },
    )?;
    if let Ok(g) = log.state().board(None, board)
        && let Some(c) = &g.clock
    {
        crate::outln!("{}", clock_line(&c.read(at)));
    }
    Ok(())
}

/// `red 18:45  black 19:30  (black running)` for one reading (红方 18:45  黑方 19:30 …).
pub fn clock_line(r: &ClockReading) -> String {
    let lang = super::out_lang();
    let side = |s| crate::i18n::side(s, lang);
    let state = super::msg(&Msg::ClockState {
        flag: r.flag,
        running: r.running,
    });
    format!(
        "{} {}  {} {}  ({state})",
        side(crate::domain::Side::Red),
        format_ms(r.red_ms),
        side(crate::domain::Side::Black),
        format_ms(r.black_ms)
    )
}

/// `bianpai flag LOG BOARD SIDE [--at TIME]`: confirms a fallen flag as a time loss; with
/// `--observed`, on a board without clock data, the loss the arbiter saw.
pub fn flag(
    ctx: &Ctx,
    path: &Path,
    board: &str,
    side: &str,
    at: Option<&str>,
    observed: bool,
) -> CliResult {
    let board = board_arg(board)?;
    let side: Side = side_arg(side)?;
    if observed {
        return simple(
            ctx,
            path,
            &Command::TimeLoss {
                round: None,
                board,
                side,
            },
        );
    }
    super::prime(path);
    let at = time_arg(at)?;
    simple(ctx, path, &Command::ConfirmFlag { board, side, at })
}

pub fn tick(ctx: &Ctx, path: &Path, now: DateTime<Utc>) -> CliResult {
    let (_, written) = run_and_print(ctx, path, &Command::Tick { now })?;
    if written == 0 {
        crate::outln!(
            "{}",
            crate::i18n::cli(&crate::i18n::CliMsg::NothingDue, super::out_lang())
        );
    }
    Ok(())
}
