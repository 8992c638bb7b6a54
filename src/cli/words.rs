//! The words typed on the command line for a board, a player, a round, a side, a result, a
//! foul kind or a time, each read or refused with a one-line reason in the output language.

use chrono::{DateTime, Utc};

use super::{CliError, fail, fail_msg, out_zone};
use crate::domain::{Board, PlayerNo, Round};
use crate::i18n::cli::Msg;

pub fn board_arg(s: &str) -> Result<Board, CliError> {
    match s.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(Board(n)),
        _ => fail(&Msg::NotBoard(s.to_string())),
    }
}

pub fn player_arg(s: &str) -> Result<PlayerNo, CliError> {
    match s.trim().parse::<u32>() {
        Ok(n) if n > 0 => Ok(PlayerNo(n)),
        _ => fail(&Msg::NotPlayer(s.to_string())),
    }
}

pub fn round_arg(r: Option<u32>) -> Result<Option<Round>, CliError> {
    match r {
        Some(0) => fail(&Msg::RoundZero),
        other => Ok(other.map(Round)),
    }
}

/// A side typed on the command line (`red`, `b`, `红方`).
pub fn side_arg(s: &str) -> Result<crate::domain::Side, CliError> {
    s.parse()
        .map_err(|_| fail_msg(&Msg::UnknownSide(s.trim().to_string())))
}

/// What a requested bye scores, typed on the command line (`half`, `半分`, `½`).
pub fn bye_points_arg(s: &str) -> Result<crate::domain::requested_bye::ByePoints, CliError> {
    use crate::domain::requested_bye::ByePoints;
    match s.trim().to_lowercase().as_str() {
        "half" | "h" | "½" | "0.5" | "半分" => Ok(ByePoints::Half),
        "zero" | "z" | "0" | "零分" => Ok(ByePoints::Zero),
        "full" | "f" | "1" | "全分" => Ok(ByePoints::Full),
        _ => fail(&Msg::UnknownByePoints(s.trim().to_string())),
    }
}

/// A result word typed on the command line (`red_win`, `和`, `1-0`).
pub fn result_arg(s: &str) -> Result<crate::domain::GameResult, CliError> {
    s.parse()
        .map_err(|_| fail_msg(&Msg::UnknownResult(s.trim().to_string())))
}

/// A foul kind typed on the command line (`phone`).
pub fn foul_kind_arg(s: &str) -> Result<crate::domain::rules::FoulKind, CliError> {
    s.parse()
        .map_err(|_| fail_msg(&Msg::UnknownFoulKind(s.trim().to_string())))
}

/// A time typed on the command line, or now: RFC 3339 with an offset, or a local time in the
/// event's zone without one (`2024-07-06T08:30:00`, `2024-07-06 08:30`).
pub fn time_arg(s: Option<&str>) -> Result<DateTime<Utc>, CliError> {
    match s {
        None => Ok(Utc::now()),
        Some(s) => out_zone()
            .parse_time(s)
            .or_else(|_| fail(&Msg::NotTime(s.to_string()))),
    }
}
