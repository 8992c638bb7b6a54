//! The English texts of the pairing explanation.

use std::fmt::Write as _;

use super::list;
use crate::domain::ids::PlayerNo;
use crate::domain::pairing::explain::{Break, Criterion, Line, Overridden};
use crate::domain::rules::Lang;
use crate::domain::swiss::colour::Reason;

pub fn criterion(c: Criterion) -> &'static str {
    match c {
        Criterion::Legal => "the hard rules (no rematch, colour rules 4–5)",
        Criterion::Score => "criterion 6, score structure",
        Criterion::Colour => "criterion 7, colour balance",
        Criterion::FloatHistory => "criterion 8, float history",
        Criterion::Rank => "criterion 9, lowest-ranked floats",
    }
}

pub fn colour_break(b: Break) -> String {
    match b {
        Break::ThirdInRow(p, s) => format!("{p} gets {s} a third time in a row"),
        Break::Difference(p, s) => format!("{p} reaches a colour difference of 3 with {s}"),
    }
}

pub fn reason(r: Reason) -> &'static str {
    match r {
        Reason::Balance => "colour step 1 (balance)",
        Reason::BlackStreak => "colour step 1 (longer black streak)",
        Reason::History => "colour step 2 (latest differing game)",
        Reason::Identical => "colour step 3 (same history: round parity and number)",
        Reason::HigherScore => "colour step 4 (higher score's need, last three rounds)",
        Reason::Forced => "colour forced (no third in a row, no difference of 3)",
    }
}

pub fn line(l: &Line) -> String {
    match l {
        Line::Groups(groups) => {
            let mut s = String::from("score groups (points: players):");
            for (score, n) in groups {
                let _ = write!(s, " {score}: {n}");
            }
            s
        }
        Line::FloatsDown {
            score,
            players,
            why,
        } => format!(
            "score group {score}: {} float{} down (how many: criterion 6; who: {})",
            list(players),
            if players.len() == 1 { "s" } else { "" },
            criterion(*why)
        ),
        Line::Bye { to, passed_over } => {
            let mut s = format!(
                "bye: {to} (lowest score without a bye whose removal leaves a legal pairing)"
            );
            if !passed_over.is_empty() {
                let _ = write!(
                    s,
                    "; {} passed over (no legal pairing without them)",
                    list(passed_over)
                );
            }
            s
        }
        Line::Board {
            red,
            black,
            scores,
            repeat_float,
            colour,
            breaks,
        } => board(*red, *black, *scores, *repeat_float, *colour, breaks),
        Line::Relaxed(breaks) => format!(
            "colour rules relaxed: {} (keeping them would leave the round unpairable or the score groups worse)",
            breaks
                .iter()
                .map(|b| colour_break(*b))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        Line::Round1 { red, black, halves } => format!(
            "{red} v {black}: round 1 by number ({})",
            if *halves { "halves" } else { "adjacent" }
        ),
        Line::Round1Bye(p) => format!("odd field: the highest number {p} has the bye"),
        Line::Berger {
            red,
            black,
            table_round,
            swapped,
        } => format!(
            "{red} v {black}: Berger table round {table_round}{}",
            if *swapped {
                " (second cycle, colours swapped)"
            } else {
                ""
            }
        ),
        Line::BergerBye(p) => format!("odd field: {p} has the Berger table's bye"),
        Line::OpponentWithdrew {
            present,
            absent,
            annulled,
        } => {
            if *annulled {
                format!(
                    "{present}'s opponent {absent} withdrew before playing half of the games: all of {absent}'s results are annulled; no game, no points for {present} this round"
                )
            } else {
                format!(
                    "{present}'s opponent {absent} withdrew after playing half or more: {present} wins this game by forfeit"
                )
            }
        }
        // The stage by its command-line name (docs/cli.md `game`).
        Line::Knockout { red, black, stage } => {
            format!("{red} v {black}: {} knockout", stage.word())
        }
        Line::OnBoard(board, line) => format!("board {board}: {}", self::line(line)),
        Line::InSection(name, line) => format!("{name}: {}", self::line(line)),
        Line::NotPaired(r) => format!("round {r} has not been paired"),
        Line::HandChanged(r) => format!(
            "note: the boards of round {r} differ from the engine's proposal explained above (changed by hand or by a knockout colour choice)"
        ),
        Line::TeamMatch {
            index,
            first,
            second,
            berger,
        } => format!(
            "match {index}: {first} (first move, red on odd boards) v {second}{}",
            if *berger {
                " (Berger table)"
            } else {
                " (Swiss by match points)"
            }
        ),
        Line::TeamBye(t) => format!("bye: {t}"),
        Line::DefaultLineups(v) => format!(
            "no lineup handed in, registered board order played: {}",
            v.join(", ")
        ),
        Line::Override(Overridden::Break(b)) => format!(
            "accepted override: {}",
            crate::i18n::errors::rule_break(b, Lang::En)
        ),
        Line::Override(Overridden::Words(w)) => format!("accepted override: {w}"),
        Line::Decision { manual, reason } => format!(
            "head arbiter's decision: {}; reason: {reason}",
            if *manual {
                "round paired by hand"
            } else {
                "paired with the colour rules relaxed"
            }
        ),
    }
}

fn board(
    red: PlayerNo,
    black: PlayerNo,
    (sr, sb): (u32, u32),
    repeat: bool,
    colour: Reason,
    breaks: &[Break],
) -> String {
    let mut s = format!("{red} v {black}: ");
    let (hi, _) = if sr >= sb { (red, black) } else { (black, red) };
    let (hs, ls) = (sr.max(sb), sr.min(sb));
    if hs == ls {
        let _ = write!(s, "score group {hs}");
    } else {
        let _ = write!(s, "{hi} floated down ({hs} v {ls})");
        if repeat {
            s.push_str(", also floated down last round");
        }
    }
    let _ = write!(s, "; {}", reason(colour));
    for b in breaks {
        let _ = write!(s, "; colour rule relaxed: {}", colour_break(*b));
    }
    s
}
