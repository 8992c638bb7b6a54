//! What an export asks for: the file format, the tables, the order of a pairing list. The
//! words belong here, where they mean something; the command line, the console and the room
//! page reuse them.

use clap::ValueEnum;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Json,
    Csv,
    Txt,
    Html,
    Xlsx,
    /// FIDE's tournament report file (TRF-2026, readable as TRF16): the whole event.
    Trf,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum What {
    Pairings,
    Standings,
    Crosstable,
    Teams,
    Prizes,
    Players,
    Clocks,
    All,
    /// One result slip per board of a round, for both players and the arbiter to sign.
    Scoresheets,
    /// A round robin's whole schedule (轮次表), printable before round 1.
    Schedule,
    /// Team match events: the team match table (each match with its boards) and the team
    /// standings.
    Matches,
    /// The players' secret codes of a round (head arbiter and organizer only)
    Codes,
    /// One signing slip per player of a round, with that player's code and the board's
    /// report address (head arbiter and organizer only).
    Slips,
}

/// The order of a pairing list (`export --by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum By {
    Board,
    Name,
}
