//! The command-line grammar (docs/cli.md). Parsing only; `cli::run` dispatches.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "bianpai",
    version,
    about = crate::i18n::cli::ABOUT_EN,
    long_about = None
)]
pub struct Cli {
    #[command(subcommand)]
    pub cmd: Option<Cmd>,
    /// Language of the console and printouts (zh by default).
    #[arg(long, global = true, value_enum)]
    pub lang: Option<LangArg>,
    /// Act in this role (must be one the OS user holds in the tournament's rules).
    #[arg(long, global = true)]
    pub role: Option<String>,
    /// Head arbiter: the `--at` time given is a correction, entered on purpose more than
    /// `clock_skew_seconds` before now; the reason is recorded in the log.
    #[arg(long, global = true, value_name = "REASON")]
    pub correction: Option<String>,
    /// Show a damaged log up to the damage (with a warning) instead of refusing it.
    #[arg(long, global = true)]
    pub allow_damaged: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LangArg {
    Zh,
    En,
}

#[derive(Subcommand, Debug)]
pub enum Cmd {
    /// List the embedded rule presets.
    Presets {
        /// Print the preset's full rules as RON.
        #[arg(long)]
        show: Option<String>,
    },
    /// Create a tournament log.
    New {
        log: PathBuf,
        #[arg(long, conflicts_with = "rules")]
        preset: Option<String>,
        #[arg(long)]
        rules: Option<PathBuf>,
        #[arg(long)]
        title: Option<String>,
        /// Event date YYYY-MM-DD (age rules are computed against it).
        #[arg(long)]
        date: Option<String>,
        /// The event's time zone (Asia/Shanghai or +08:00) when the rules file has none.
        #[arg(long)]
        zone: Option<String>,
        /// A FIDE tournament report file (TRF16 or TRF-2026): its players and every round.
        #[arg(long)]
        trf: Option<PathBuf>,
        /// The number of rounds, for a TRF file that does not say (XXR / 142).
        #[arg(long, requires = "trf")]
        rounds: Option<u32>,
    },
    /// Register, import, withdraw or reinstate players.
    #[command(subcommand)]
    Player(PlayerCmd),
    /// Team match events (团体赛): register a team with its board order, correct a roster,
    /// list the teams.
    #[command(subcommand)]
    Team(TeamCmd),
    /// Hand in a team's lineup (出场名单) for the next round, board 1 first.
    Lineup {
        log: PathBuf,
        /// The team: its number or its name.
        #[arg(long)]
        team: String,
        /// Player numbers in board order ("3,7,9,12").
        #[arg(long, value_name = "NOS")]
        players: String,
        /// The round (default: the next round to be paired).
        #[arg(long)]
        round: Option<u32>,
    },
    /// Draw player numbers (序号) at random.
    Draw {
        log: PathBuf,
        #[arg(long, conflicts_with = "in_order")]
        seed: Option<u64>,
        /// Fix the numbers in registration order instead of drawing them (recorded as such).
        #[arg(long)]
        in_order: bool,
    },
    /// Pair the next round and print it; or change the current round's pairing.
    Pair(PairArgs),
    /// Head arbiter: change an operational rule (`self_report`, `self_report_signers`,
    /// `auto_advance`) for the rounds not yet paired.
    Amend {
        log: PathBuf,
        field: String,
        value: String,
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Discard the current round's pairing before any result is entered.
    Unpair {
        log: PathBuf,
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Start the current round: clocks and the late window run from then.
    Start(StartArgs),
    /// Record a result by board number.
    Result(ResultArgs),
    /// Mark a seat absent.
    Absent(SeatArgs),
    /// Mark a seat arrived.
    Arrive(SeatArgs),
    /// Record a foul.
    Foul {
        log: PathBuf,
        board: String,
        side: String,
        kind: String,
        #[arg(long)]
        round: Option<u32>,
    },
    /// Clock input for a board: `press red|black`, `set --red M:SS --black M:SS`, `pause`, `resume`.
    Clock(ClockArgs),
    /// Confirm a fallen flag as a time loss for that side (refused unless the clock shows it).
    Flag {
        log: PathBuf,
        board: String,
        side: String,
        /// The moment the clock is read (RFC 3339); now by default.
        #[arg(long)]
        at: Option<String>,
        /// A board without clock data: the arbiter saw the flag fall (a clock that sends
        /// nothing) and records the loss on time by sight.
        #[arg(long)]
        observed: bool,
    },
    /// The opponent claims the loss of SIDE, who reached the foul limit, where the rules
    /// require the claim (`foul_loss_on_claim`).
    Claim {
        log: PathBuf,
        board: String,
        side: String,
        #[arg(long)]
        round: Option<u32>,
    },
    /// Let a board take the players' reports again after wrong codes locked it (head
    /// arbiter or assistant; docs/self-report.md).
    Unlock {
        log: PathBuf,
        board: String,
        #[arg(long)]
        round: Option<u32>,
    },
    /// A player's requested bye (organizer, before the round is paired;
    /// docs/rules.md#requested-byes): the pairing leaves them out; `--cancel` withdraws it.
    Bye {
        log: PathBuf,
        /// The player's number.
        no: String,
        /// The round (default: the next to be paired).
        #[arg(long)]
        round: Option<u32>,
        /// What the bye scores: half (the red draw points), zero or full (the red win points).
        #[arg(
            long,
            value_name = "half|zero|full",
            required_unless_present = "cancel"
        )]
        points: Option<String>,
        /// Why (recorded in the log; arbiters read it).
        #[arg(long)]
        reason: String,
        /// Withdraw the request instead.
        #[arg(long, conflicts_with = "points")]
        cancel: bool,
    },
    /// Note a move limit (限着) on a board (head arbiter).
    Limit {
        log: PathBuf,
        board: String,
        note: String,
    },
    /// Read clock events from standard input, one per line (see docs/cli.md).
    Feed { log: PathBuf },
    /// Apply every time-based rule that is due (late-window forfeits, withdrawals).
    Tick {
        log: PathBuf,
        #[arg(long)]
        at: Option<String>,
    },
    /// Write pairings, standings, crosstable, teams, prizes, players or clocks.
    Export(ExportArgs),
    /// Check the log's integrity end to end.
    Verify { log: PathBuf },
    /// Move a torn last line into a side file and truncate the log to its last whole record.
    Repair { log: PathBuf },
    /// Show who did what, when (the audit log).
    Audit {
        log: PathBuf,
        /// Only the last N records.
        #[arg(long)]
        last: Option<usize>,
    },
    /// Play a whole tournament with random results through the real engine and log.
    Simulate(SimulateArgs),
    /// The live console.
    Console {
        log: PathBuf,
        #[arg(long)]
        theme: Option<String>,
    },
    /// The console on the embedded demo tournament (same as no arguments); `demo
    /// round-robin` opens the 10-player round robin instead.
    Demo {
        /// Which sample: swiss (default) or round-robin.
        #[arg(value_enum, default_value = "swiss")]
        sample: crate::console::demo::Sample,
        #[arg(long)]
        theme: Option<String>,
        /// The team match demo (团体赛): 8 teams, 4 boards, a round robin round in play.
        #[arg(long)]
        team: bool,
    },
    /// As root: give the log to a writer group nobody belongs to and install this binary
    /// setgid to it, so the log is written only through the binary (see docs/trust.md, the threat
    /// model).
    Install {
        log: PathBuf,
        /// The writer group (created when missing; must have no members).
        #[arg(long, default_value = "bianpai")]
        group: String,
        /// Where the setgid binary goes.
        #[arg(long, default_value = "/usr/local/bin/bianpai")]
        bin: PathBuf,
    },
    /// The read-only room page: live pairings and standings for phones and the hall's TV.
    Serve {
        /// The log to follow (read only).
        #[arg(required_unless_present = "demo")]
        log: Option<PathBuf>,
        /// ADDR:PORT to listen on; 0.0.0.0:8080 opens it to the venue's LAN.
        #[arg(long, default_value = crate::serve::DEFAULT_BIND)]
        bind: String,
        /// Serve a copy of the embedded demo, its current round replaying live.
        #[arg(long, conflicts_with = "log")]
        demo: bool,
        /// Live event streams open at once, for the whole hall (phones past it poll).
        #[arg(long, default_value_t = crate::serve::MAX_STREAMS)]
        max_streams: usize,
        /// Seconds between a phone's reads when it has no live stream (jittered up to twice).
        #[arg(long, default_value_t = crate::serve::POLL_SECS, value_parser = clap::value_parser!(u64).range(1..=600))]
        poll: u64,
    },
}

#[derive(Subcommand, Debug)]
pub enum PlayerCmd {
    /// Register a player.
    Add {
        log: PathBuf,
        #[arg(long)]
        name: String,
        #[arg(long)]
        gender: Option<String>,
        #[arg(long)]
        birth: Option<String>,
        #[arg(long, default_value = "")]
        club: String,
        #[arg(long, default_value = "")]
        team: String,
        #[arg(long, default_value = "")]
        group: String,
        #[arg(long)]
        local: bool,
    },
    /// Register players from a .csv or .xlsx file.
    Import {
        log: PathBuf,
        file: PathBuf,
        /// Import the valid rows and list the others.
        #[arg(long)]
        skip_invalid: bool,
        /// Take each player's club (单位) as their team, where the team column is empty (an
        /// event with team standings whose sheet names the teams only in 单位).
        #[arg(long)]
        team_from_club: bool,
        /// Import a sheet without teams into an event with team standings, knowingly (the
        /// team standings stay empty).
        #[arg(long, conflicts_with = "team_from_club")]
        no_teams: bool,
    },
    /// Withdraw a player from the next round on.
    Withdraw {
        log: PathBuf,
        no: String,
        #[arg(long, default_value = "")]
        reason: String,
    },
    /// Reinstate a withdrawn player (head arbiter).
    Reinstate {
        log: PathBuf,
        no: String,
        #[arg(long)]
        reason: String,
    },
    /// List the players.
    List { log: PathBuf },
}

#[derive(Subcommand, Debug)]
pub enum TeamCmd {
    /// Register a team: its board order and reserves (player numbers). Without --players,
    /// the players entered under this team name (`player add --team`), in number order: as
    /// many as there are boards in the board order, the rest reserves.
    Add {
        /// The event's log file.
        log: PathBuf,
        /// The team's name (队名).
        #[arg(long, value_name = "TEAM")]
        name: String,
        /// Player numbers in board order ("3,7,9,12").
        #[arg(long, value_name = "NOS")]
        players: Option<String>,
        /// Reserve player numbers, in the order they come in ("15,16").
        #[arg(long, value_name = "NOS")]
        reserves: Option<String>,
    },
    /// Correct a registered team's roster, with the reason: add a reserve, or replace a
    /// player who has not yet played for the team.
    Change {
        /// The event's log file.
        log: PathBuf,
        /// The team: its number or its name.
        team: String,
        /// The player number of the new reserve.
        #[arg(long, value_name = "NO", required_unless_present = "replace")]
        add_reserve: Option<String>,
        /// The player leaving and the player taking their place.
        #[arg(long, num_args = 2, value_names = ["OLD", "NEW"], conflicts_with = "add_reserve")]
        replace: Option<Vec<String>>,
        /// Why the roster changes (recorded in the log).
        #[arg(long)]
        reason: String,
    },
    /// List the teams with their rosters.
    List {
        /// The event's log file.
        log: PathBuf,
    },
}

#[derive(Args, Debug)]
pub struct PairArgs {
    pub log: PathBuf,
    /// Explain the pairing: score groups, floats, colour reasons.
    #[arg(long)]
    pub explain: bool,
    /// Show the pairing the next round would get, without writing it.
    #[arg(long)]
    pub preview: bool,
    /// Swap the black players of two boards of the current round.
    #[arg(long, num_args = 2, value_names = ["B1", "B2"])]
    pub swap: Option<Vec<String>>,
    /// Swap the colours of a board of the current round.
    #[arg(long)]
    pub flip: Option<String>,
    /// Knockout: this player chooses red where the colour counts are equal (repeatable).
    #[arg(long)]
    pub red: Vec<String>,
    /// Knockout, colour counts level: the colour the higher-ranked player chose, one per
    /// match in the order the refusal lists them (`red` or `black`), or for a named chooser
    /// (`NO=red`). Repeatable.
    #[arg(long, value_name = "[NO=]red|black")]
    pub choose: Vec<String>,
    /// Accept an override that breaks a hard rule (needs --reason).
    #[arg(long)]
    pub force: bool,
    #[arg(long)]
    pub reason: Option<String>,
    /// Knockout armageddon: the colour lot drawn in the hall, the colour the higher-ranked
    /// player drew (red or black); entered before the game's result.
    #[arg(long, value_name = "red|black")]
    pub lot: Option<String>,
    /// With --lot: the armageddon board, when more than one waits for its lot.
    #[arg(long, requires = "lot")]
    pub board: Option<String>,
    /// Head arbiter, when no legal pairing exists before the last round: pair with the colour
    /// rules relaxed (`colours`: fewest breaks, then the usual order). Needs --reason.
    #[arg(long, value_name = "colours")]
    pub relax: Option<String>,
    /// Head arbiter: enter the next round by hand, red-black pairs in board order
    /// ("3-8,5-1,…"). Needs --reason; a pairing that breaks a hard rule also needs --force.
    #[arg(long, value_name = "PAIRS")]
    pub manual: Option<String>,
    /// With --manual: the player who gets the bye (repeatable).
    #[arg(long, value_name = "N")]
    pub bye: Vec<String>,
    /// Head arbiter: keep the current round's pairing although an earlier result was
    /// corrected after it was paired. Needs --reason.
    #[arg(long)]
    pub keep: bool,
}

#[derive(Args, Debug)]
pub struct SeatArgs {
    pub log: PathBuf,
    pub board: String,
    pub side: String,
    #[arg(long)]
    pub round: Option<u32>,
    #[arg(long)]
    pub at: Option<String>,
    /// After the late window closed: reverse the forfeit (head arbiter), with this reason.
    #[arg(long)]
    pub reverse: Option<String>,
}

#[derive(Args, Debug)]
pub struct StartArgs {
    pub log: PathBuf,
    /// Local time in the event's zone (2024-07-06T08:30:00) or RFC 3339 with an offset.
    #[arg(long)]
    pub at: Option<String>,
    /// Correct the start time of a round already started (head arbiter); needs --reason.
    #[arg(long)]
    pub correct: bool,
    #[arg(long)]
    pub reason: Option<String>,
}

#[derive(Args, Debug)]
pub struct ResultArgs {
    pub log: PathBuf,
    pub board: String,
    #[arg(required_unless_present = "confirm")]
    pub result: Option<String>,
    #[arg(long)]
    pub round: Option<u32>,
    /// Correct an existing result (head arbiter); needs --reason.
    #[arg(long)]
    pub correct: bool,
    #[arg(long)]
    pub reason: Option<String>,
    /// With --correct: the head arbiter corrects a result its players signed, overriding
    /// their signatures (recorded in the log; docs/self-report.md).
    #[arg(long, requires = "correct")]
    pub despite_signatures: bool,
    /// Accept the result both players signed on their phones (`self_report: confirm`).
    #[arg(long, conflicts_with_all = ["result", "correct"])]
    pub confirm: bool,
}

/// Whether `result` corrects, and whether despite the players' signatures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Correcting {
    No,
    Yes,
    /// `--correct --despite-signatures`: the head arbiter overrides the signatures.
    DespiteSignatures,
}

impl ResultArgs {
    /// Whether the entry corrects, and whether despite the players' signatures.
    pub fn correcting(&self) -> Correcting {
        match (self.correct, self.despite_signatures) {
            (false, _) => Correcting::No,
            (true, false) => Correcting::Yes,
            (true, true) => Correcting::DespiteSignatures,
        }
    }
}

#[derive(Args, Debug)]
pub struct ClockArgs {
    pub log: PathBuf,
    pub board: String,
    pub action: String,
    pub side: Option<String>,
    #[arg(long)]
    pub red: Option<String>,
    #[arg(long)]
    pub black: Option<String>,
    #[arg(long)]
    pub at: Option<String>,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    pub log: PathBuf,
    #[arg(long, value_enum, default_value = "txt")]
    pub format: Format,
    #[arg(long, value_enum, default_value = "all")]
    pub what: What,
    #[arg(long)]
    pub round: Option<u32>,
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The pairing list sorted by board (default) or by player name (pinyin order).
    #[arg(long, value_enum)]
    pub by: Option<By>,
    /// The print time shown on the printout (RFC 3339); now by default.
    #[arg(long)]
    pub at: Option<String>,
    /// The room page's address for the signing slips' QR codes and the scoresheets' report
    /// address (default: the running
    /// `bianpai serve` of this log).
    #[arg(long)]
    pub url: Option<String>,
}

#[derive(Args, Debug)]
pub struct SimulateArgs {
    #[arg(long, conflicts_with = "rules")]
    pub preset: Option<String>,
    #[arg(long)]
    pub rules: Option<PathBuf>,
    #[arg(long, required_unless_present = "teams")]
    pub players: Option<u32>,
    /// Team match events (preset or rules file): the number of teams (each of its boards
    /// plus one reserve).
    #[arg(long)]
    pub teams: Option<u32>,
    #[arg(long)]
    pub rounds: Option<u32>,
    #[arg(long)]
    pub rounds_played: Option<u32>,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long)]
    pub out: PathBuf,
}

pub use crate::export::query::{By, Format, What};
