//! From a parsed command line to the command family that runs it: the console and the
//! demo, or one of the headless commands (docs/cli.md).

use std::path::Path;

use super::args::{self, Cmd};
use super::{
    Cli, CliError, CliResult, Ctx, board_arg, fail_msg, feed, install, lang, out_lang, players,
    prime, round_arg, rounds, serve, set_asked, setup, side_arg, simulate, simulate_teams, teams,
    time_arg,
};
use crate::domain::{Command, Role, Round, Rules};
use crate::i18n::cli::Msg;

/// Runs one parsed command line.
pub fn run(cli: Cli) -> CliResult {
    let role = match &cli.role {
        Some(r) => Some(
            r.parse::<Role>()
                .map_err(|_| fail_msg(&Msg::UnknownRole(r.trim().to_string())))?,
        ),
        None => None,
    };
    let ctx = Ctx {
        role,
        lang: cli.lang,
        correction: cli.correction,
        allow_damaged: cli.allow_damaged,
    };
    set_asked(cli.lang);
    // The event's language (rules `lang`) from the start, so that even a mistyped board
    // number is refused in it.
    if let Some(path) = cli.cmd.as_ref().and_then(log_of) {
        prime(path);
    }
    match cli.cmd {
        None => crate::console::run_demo(None, lang(cli.lang, None)).map_err(CliError),
        Some(Cmd::Demo {
            theme, team: true, ..
        }) => {
            crate::console::run_team_demo(theme.as_deref(), lang(cli.lang, None)).map_err(CliError)
        }
        Some(Cmd::Demo { sample, theme, .. }) => {
            crate::console::run_demo_of(sample, theme.as_deref(), lang(cli.lang, None))
                .map_err(CliError)
        }
        Some(Cmd::Console { log, theme }) => crate::console::run_console(
            crate::log::Log::open(&log)?,
            role,
            theme.as_deref(),
            cli.lang.map(|l| lang(Some(l), None)),
        )
        .map_err(CliError),
        Some(cmd) => dispatch(&ctx, cmd),
    }
}

/// The log a command works on, if any.
fn log_of(cmd: &Cmd) -> Option<&Path> {
    use args::PlayerCmd as P;
    match cmd {
        Cmd::New { .. } | Cmd::Presets { .. } | Cmd::Simulate(_) | Cmd::Demo { .. } => None,
        Cmd::Player(
            P::Add { log, .. }
            | P::Import { log, .. }
            | P::Withdraw { log, .. }
            | P::Reinstate { log, .. }
            | P::List { log },
        )
        | Cmd::Team(
            args::TeamCmd::Add { log, .. }
            | args::TeamCmd::Change { log, .. }
            | args::TeamCmd::List { log },
        )
        | Cmd::Lineup { log, .. }
        | Cmd::Draw { log, .. }
        | Cmd::Pair(args::PairArgs { log, .. })
        | Cmd::Unpair { log, .. }
        | Cmd::Amend { log, .. }
        | Cmd::Start(args::StartArgs { log, .. })
        | Cmd::Result(args::ResultArgs { log, .. })
        | Cmd::Absent(args::SeatArgs { log, .. })
        | Cmd::Arrive(args::SeatArgs { log, .. })
        | Cmd::Foul { log, .. }
        | Cmd::Clock(args::ClockArgs { log, .. })
        | Cmd::Flag { log, .. }
        | Cmd::Claim { log, .. }
        | Cmd::Limit { log, .. }
        | Cmd::Unlock { log, .. }
        | Cmd::Bye { log, .. }
        | Cmd::Feed { log }
        | Cmd::Tick { log, .. }
        | Cmd::Export(args::ExportArgs { log, .. })
        | Cmd::Verify { log }
        | Cmd::Repair { log }
        | Cmd::Audit { log, .. }
        | Cmd::Console { log, .. }
        | Cmd::Install { log, .. } => Some(log),
        Cmd::Serve { log, .. } => log.as_deref(),
    }
}

fn dispatch(ctx: &Ctx, cmd: Cmd) -> CliResult {
    match cmd {
        Cmd::Presets { show } => setup::presets(show.as_deref()),
        Cmd::New {
            log,
            preset,
            rules,
            title,
            zone,
            trf: Some(file),
            rounds,
            ..
        } => super::trf_in::new_trf(
            &log,
            &file,
            super::trf_in::TrfArgs {
                preset: preset.as_deref(),
                rules_file: rules.as_deref(),
                rounds,
                title,
                zone: zone.as_deref(),
            },
        ),
        Cmd::New {
            log,
            preset,
            rules,
            title,
            date,
            zone,
            ..
        } => setup::new(
            &log,
            preset.as_deref(),
            rules.as_deref(),
            title,
            date.as_deref(),
            zone.as_deref(),
        ),
        Cmd::Player(p) => players::run(ctx, p),
        Cmd::Team(c) => teams::run(ctx, c),
        Cmd::Lineup {
            log,
            team,
            players,
            round,
        } => teams::lineup(ctx, &log, &team, &players, round),
        Cmd::Draw {
            log,
            seed,
            in_order,
        } => {
            if in_order {
                rounds::simple(ctx, &log, &Command::NumberInOrder)
            } else {
                players::draw(ctx, &log, seed)
            }
        }
        Cmd::Pair(a) => rounds::pair(ctx, &a),
        Cmd::Unpair { log, reason } => rounds::simple(ctx, &log, &Command::UnpairRound { reason }),
        Cmd::Amend {
            log,
            field,
            value,
            reason,
        } => rounds::simple(
            ctx,
            &log,
            &Command::AmendRules {
                field,
                value,
                reason,
            },
        ),
        Cmd::Start(a) => start(ctx, a),
        Cmd::Result(a) if a.confirm => rounds::confirm(ctx, &a.log, &a.board, a.round),
        Cmd::Result(a) => rounds::result(
            ctx,
            &a.log,
            &a.board,
            a.result.as_deref().unwrap_or_default(),
            a.round,
            a.correcting(),
            a.reason,
        ),
        Cmd::Absent(s) => rounds::seat(ctx, &s, false),
        Cmd::Arrive(s) => rounds::seat(ctx, &s, true),
        Cmd::Foul {
            log,
            board,
            side,
            kind,
            round,
        } => rounds::foul(ctx, &log, &board, &side, &kind, round),
        Cmd::Clock(a) => rounds::clock(
            ctx,
            &a.log,
            &a.board,
            &a.action,
            a.side.as_deref(),
            a.red.as_deref(),
            a.black.as_deref(),
            a.at.as_deref(),
        ),
        Cmd::Flag {
            log,
            board,
            side,
            at,
            observed,
        } => rounds::flag(ctx, &log, &board, &side, at.as_deref(), observed),
        Cmd::Claim {
            log,
            board,
            side,
            round,
        } => {
            let board = board_arg(&board)?;
            let side: crate::domain::Side = side_arg(&side)?;
            let round = round_arg(round)?;
            rounds::simple(ctx, &log, &Command::ClaimFoulLoss { round, board, side })
        }
        Cmd::Unlock { log, board, round } => {
            let board = board_arg(&board)?;
            let round = round_arg(round)?;
            rounds::simple(ctx, &log, &Command::UnlockReports { round, board })
        }
        Cmd::Bye {
            log,
            no,
            round,
            points,
            reason,
            cancel,
        } => {
            let no = super::player_arg(&no)?;
            let round = round_arg(round)?;
            let cmd = match points {
                Some(p) if !cancel => Command::RequestBye {
                    round,
                    no,
                    points: super::words::bye_points_arg(&p)?,
                    reason,
                },
                _ => Command::CancelBye { round, no, reason },
            };
            rounds::simple(ctx, &log, &cmd)
        }
        Cmd::Limit { log, board, note } => {
            let board = board_arg(&board)?;
            rounds::simple(ctx, &log, &Command::NoteMoveLimit { board, note })
        }
        Cmd::Feed { log } => feed::run(ctx, &log),
        Cmd::Tick { log, at } => {
            prime(&log);
            let now = time_arg(at.as_deref())?;
            rounds::tick(ctx, &log, now)
        }
        Cmd::Export(a) => export(ctx, a),
        Cmd::Verify { log } => setup::verify(&log),
        Cmd::Repair { log } => setup::repair(&log),
        Cmd::Audit { log, last } => setup::audit(ctx, &log, last),
        Cmd::Simulate(a) => simulation(&a),
        Cmd::Install { log, group, bin } => install::run(&log, &group, &bin),
        Cmd::Serve {
            log,
            bind,
            demo,
            max_streams,
            poll,
        } => {
            let opts = crate::serve::Options {
                max_streams,
                poll: std::time::Duration::from_secs(poll),
            };
            serve::run(ctx, log.as_deref(), &bind, demo, opts)
        }
        Cmd::Console { .. } | Cmd::Demo { .. } => Ok(()),
    }
}

/// `bianpai start`: the round's start, or with `--correct` a correction of it.
fn start(ctx: &Ctx, a: args::StartArgs) -> CliResult {
    prime(&a.log);
    let at = time_arg(a.at.as_deref())?;
    if a.correct {
        let reason = a.reason.unwrap_or_default();
        rounds::simple(ctx, &a.log, &Command::CorrectStart { at, reason })
    } else {
        rounds::simple(ctx, &a.log, &Command::StartRound { at })
    }
}

/// `bianpai export`: hands the request over to `crate::export::run`.
fn export(ctx: &Ctx, a: args::ExportArgs) -> CliResult {
    let args::ExportArgs {
        log,
        format,
        what,
        round,
        out,
        by,
        at,
        url,
    } = a;
    let now = time_arg(at.as_deref())?;
    // The scoresheets' QR codes open the room page: `--url`, else the running serve's.
    let room = |rules: &Rules| url.clone().or_else(|| room_url(&log, rules));
    crate::export::run(
        &log,
        crate::export::Request {
            format,
            what,
            round: round.map(Round),
            by: by.unwrap_or(crate::cli::args::By::Board),
        },
        out.as_deref(),
        // Asked for, else the event's own (primed from the log's first line).
        ctx.lang.map(|l| lang(Some(l), None)).or(Some(out_lang())),
        now,
        ctx.if_damaged(),
        &room,
        &|rules: &Rules| ctx.reads(rules).map_err(|e| e.0),
    )
    .map_err(CliError)
}

/// `bianpai simulate`: the rules decide what is simulated, a team match event or an
/// individual one, whether they come from a preset or a file.
fn simulation(a: &args::SimulateArgs) -> CliResult {
    let source = simulate::Source::of(a.preset.as_deref(), a.rules.as_deref())?;
    let rules = source.rules()?;
    let span = simulate::Span {
        rounds: a.rounds,
        played: a.rounds_played,
    };
    match simulate_teams::teams_for(&rules, a.teams, a.players) {
        Some(n) => simulate_teams::run(rules, n, span, a.seed, &a.out),
        None if a.teams.is_some() => simulate_teams::not_a_team_event(&source),
        None => simulate::run(rules, a.players.unwrap_or(0), span, a.seed, &a.out),
    }
}

/// The address of the room page a running `bianpai serve` of `log` announced (believed from
/// root, the head arbiter or the organizer, as the console's `Q` does).
fn room_url(log: &Path, rules: &Rules) -> Option<String> {
    let trusted = |user: &str| {
        rules
            .roles_of(user)
            .iter()
            .any(|r| matches!(r, Role::Head | Role::Organizer))
    };
    crate::serve::running::find(log, &trusted)
}
