//! The head arbiter's way out when `P` (or the automatic advance) finds no legal pairing before
//! the last round (docs/rules.md#3-pairing): the same two choices as `bianpai pair --relax
//! colours` and `bianpai pair --manual`, in a prompt. Nothing here decides: the previews come
//! from the domain (`decide` on the current state, exactly what would be written), and the
//! command chosen goes to the log like any other, after a reason and a confirm step.
//!
//! Steps (Esc cancels at each, nothing written):
//! 1. the refusal naming the players, and the choices `1` (relax) / `2` (by hand);
//! 2. relax: the preview (boards, colour rules broken), a reason, a confirm;
//! 3. by hand: pairs `3-8,5-1,…` (a parse error names the pair and keeps the prompt open), an
//!    optional bye, every hard rule broken listed (the domain's manual check), a reason, an
//!    explicit confirm (the `--force` when a rule is broken).

use super::app::{App, Mode, Pending, Purpose};
use crate::domain::event::{Event, Pairing};
use crate::domain::pairing::Break;
use crate::domain::{Command, PlayerNo, Refusal, Role, Round};
use crate::i18n::screen::fill;

/// What the pairing-decision panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairPanel {
    /// The round that cannot be paired.
    pub round: Round,
    pub section: Option<String>,
    /// The players left unpaired, as the refusal names them.
    pub players: Vec<PlayerNo>,
    /// Choice 1: the relaxed pairing as it would be written.
    pub relax: Option<RelaxPreview>,
    /// Choice 2: the pairing typed so far.
    pub manual: Option<ManualEntry>,
    /// The last parse error or refusal, shown in the panel.
    pub error: Option<String>,
}

/// The engine's pairing with colour rules 4–5 relaxed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelaxPreview {
    pub games: Vec<Pairing>,
    pub byes: Vec<PlayerNo>,
    pub breaks: Vec<Break>,
}

/// The round typed by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManualEntry {
    pub games: Vec<(PlayerNo, PlayerNo)>,
    pub byes: Vec<PlayerNo>,
    /// Every hard rule broken (the domain's check), once the bye is in.
    pub warnings: Option<Vec<String>>,
}

/// The players of an unpairable refusal, if `e` is one.
pub fn unpairable(e: &Refusal) -> Option<(Option<String>, Vec<PlayerNo>)> {
    match e {
        Refusal::Unpairable { section, players } => Some((section.clone(), players.clone())),
        _ => None,
    }
}

fn who(players: &[PlayerNo], sep: &str) -> String {
    players
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// The refusal in one line for a console that may not decide: who cannot be paired, and that
/// the head arbiter decides.
pub fn others_text(app: &App, round: Round, section: Option<&str>, players: &[PlayerNo]) -> String {
    let who = match section {
        Some(s) => format!("{s}: {}", who(players, app.s.list_sep)),
        None => who(players, app.s.list_sep),
    };
    fill(app.s.pp_others, &[&round, &who])
}

/// The refusal reached this console: the head arbiter gets the panel (when nothing else is
/// being typed), everyone else the refusal and that the head arbiter must decide.
/// Returns the mode to be in.
pub fn open(app: &mut App, section: Option<String>, players: Vec<PlayerNo>, mode: Mode) -> Mode {
    let round = Round(app.log.state().current_round().0 + 1);
    let busy = !matches!(mode, Mode::Normal);
    if app.role() != Role::Head || busy {
        let mut text = others_text(app, round, section.as_deref(), &players);
        if app.role() == Role::Head {
            text.push_str(app.s.pp_head_key);
        }
        app.error(fill(app.s.refused, &[&text]));
        return mode;
    }
    app.pair_panel = Some(PairPanel {
        round,
        section,
        players,
        relax: None,
        manual: None,
        error: None,
    });
    choose_prompt(app)
}

fn choose_prompt(app: &App) -> Mode {
    Mode::Prompt {
        purpose: Purpose::PairChoice,
        label: app.s.pp_choose.to_string(),
        text: String::new(),
    }
}

fn set_error(app: &mut App, text: String) {
    if let Some(p) = app.pair_panel.as_mut() {
        p.error = Some(text);
    }
}

fn refusal_text(app: &App, e: &Refusal) -> String {
    crate::i18n::refusal(e, app.lang, app.zone())
}

/// A key typed at the choice: `1` relax, `2` by hand; anything else keeps the choice open.
pub fn choose(app: &mut App, c: char) -> Mode {
    match c {
        '1' => relax(app),
        '2' => {
            if let Some(p) = app.pair_panel.as_mut() {
                p.manual = Some(ManualEntry {
                    games: Vec::new(),
                    byes: Vec::new(),
                    warnings: None,
                });
                p.relax = None;
                p.error = None;
            }
            pairs_prompt(app, String::new())
        }
        _ => {
            set_error(app, app.s.pp_choose.trim_end().to_string());
            choose_prompt(app)
        }
    }
}

/// Choice 1: the preview of the relaxed pairing, as the domain would write it.
fn relax(app: &mut App) -> Mode {
    let probe = Command::PairRelaxed { reason: "-".into() };
    match app.log.state().decide(&app.actor, &probe) {
        Ok(events) => {
            let mut preview = RelaxPreview {
                games: Vec::new(),
                byes: Vec::new(),
                breaks: Vec::new(),
            };
            for e in events {
                match e {
                    Event::RoundPaired { games, byes, .. } => {
                        preview.games = games;
                        preview.byes = byes;
                    }
                    Event::PairingNoted { note, .. } => preview.breaks = note.colour_breaks,
                    _ => {}
                }
            }
            if let Some(p) = app.pair_panel.as_mut() {
                p.relax = Some(preview);
                p.manual = None;
                p.error = None;
            }
            Mode::Prompt {
                purpose: Purpose::RelaxReason,
                label: app.s.pp_relax_reason.to_string(),
                text: String::new(),
            }
        }
        Err(e) => {
            let text = fill(app.s.pp_relax_failed, &[&refusal_text(app, &e)]);
            set_error(app, text);
            choose_prompt(app)
        }
    }
}

fn pairs_prompt(app: &App, text: String) -> Mode {
    Mode::Prompt {
        purpose: Purpose::ManualPairs,
        label: app.s.pp_manual_pairs.to_string(),
        text,
    }
}

/// Parses `3-8,5-1,…` (red-black numbers); the error names the pair.
pub fn parse_pairs(app: &App, text: &str) -> Result<Vec<(PlayerNo, PlayerNo)>, String> {
    let mut out = Vec::new();
    for (k, part) in text.split([',', '，', ';']).enumerate() {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        let pair = part
            .split_once(['-', '－', '—'])
            .and_then(|(r, b)| Some((r.trim().parse().ok()?, b.trim().parse().ok()?)));
        match pair {
            Some((r, b)) if r > 0 && b > 0 => out.push((PlayerNo(r), PlayerNo(b))),
            _ => return Err(fill(app.s.pp_bad_pair, &[&(k + 1), &part])),
        }
    }
    if out.is_empty() {
        return Err(app.s.pp_no_pairs.to_string());
    }
    Ok(out)
}

/// Parses the bye numbers (none, or numbers separated by commas or spaces).
pub fn parse_byes(app: &App, text: &str) -> Result<Vec<PlayerNo>, String> {
    text.split([',', '，', ' '])
        .filter(|w| !w.trim().is_empty())
        .map(|w| match w.trim().parse::<u32>() {
            Ok(n) if n > 0 => Ok(PlayerNo(n)),
            _ => Err(fill(app.s.pp_bad_bye, &[&w.trim()])),
        })
        .collect()
}

/// Enter at one of the panel's prompts.
pub fn submit(app: &mut App, purpose: Purpose, text: String) -> Mode {
    let round = app
        .pair_panel
        .as_ref()
        .map_or_else(|| app.log.state().current_round(), |p| p.round);
    match purpose {
        Purpose::PairChoice => match text.trim().chars().next() {
            Some(c) => choose(app, c),
            None => choose_prompt(app),
        },
        Purpose::RelaxReason => {
            let reason = text.trim().to_string();
            if reason.is_empty() {
                set_error(app, app.s.reason_needed.to_string());
                return Mode::Prompt {
                    purpose,
                    label: app.s.pp_relax_reason.to_string(),
                    text,
                };
            }
            Mode::Confirm {
                pending: Pending {
                    label: fill(app.s.pp_relax_what, &[&round, &reason]),
                    cmd: Command::PairRelaxed { reason },
                },
            }
        }
        Purpose::ManualPairs => match parse_pairs(app, &text) {
            Ok(games) => {
                if let Some(p) = app.pair_panel.as_mut() {
                    p.manual = Some(ManualEntry {
                        games,
                        byes: Vec::new(),
                        warnings: None,
                    });
                    p.error = None;
                }
                Mode::Prompt {
                    purpose: Purpose::ManualBye,
                    label: app.s.pp_manual_bye.to_string(),
                    text: String::new(),
                }
            }
            Err(e) => {
                // The prompt stays open with what was typed, so it can be mended.
                set_error(app, e);
                pairs_prompt(app, text)
            }
        },
        Purpose::ManualBye => match parse_byes(app, &text) {
            Ok(byes) => check_manual(app, byes),
            Err(e) => {
                set_error(app, e);
                Mode::Prompt {
                    purpose,
                    label: app.s.pp_manual_bye.to_string(),
                    text,
                }
            }
        },
        Purpose::ManualReason => {
            let reason = text.trim().to_string();
            if reason.is_empty() {
                set_error(app, app.s.reason_needed.to_string());
                return Mode::Prompt {
                    purpose,
                    label: app.s.pp_manual_reason.to_string(),
                    text,
                };
            }
            let Some(entry) = app.pair_panel.as_ref().and_then(|p| p.manual.clone()) else {
                return Mode::Normal;
            };
            let warnings = entry.warnings.unwrap_or_default();
            let force = !warnings.is_empty();
            let label = if force {
                fill(app.s.pp_manual_force, &[&round, &warnings.len(), &reason])
            } else {
                fill(app.s.pp_manual_what, &[&round, &reason])
            };
            Mode::Confirm {
                pending: Pending {
                    label,
                    cmd: Command::PairManual {
                        games: entry.games,
                        byes: entry.byes,
                        reason,
                        force,
                    },
                },
            }
        }
        // Not a panel prompt.
        _ => Mode::Normal,
    }
}

/// Runs the domain's manual check on the typed round: every hard rule broken is listed.
fn check_manual(app: &mut App, byes: Vec<PlayerNo>) -> Mode {
    let Some(mut entry) = app.pair_panel.as_ref().and_then(|p| p.manual.clone()) else {
        return Mode::Normal;
    };
    let probe = Command::PairManual {
        games: entry.games.clone(),
        byes: byes.clone(),
        reason: "-".into(),
        force: false,
    };
    let warnings = match app.log.state().decide(&app.actor, &probe) {
        Ok(_) => Vec::new(),
        Err(Refusal::BreaksRule(w)) => w
            .iter()
            .map(|b| crate::i18n::errors::rule_break(b, app.lang))
            .collect(),
        Err(e) => {
            // Not a rule the arbiter may break (e.g. the round is not complete): back to the
            // pairs, with the refusal.
            let text = refusal_text(app, &e);
            set_error(app, text);
            let typed = entry
                .games
                .iter()
                .map(|(r, b)| format!("{r}-{b}"))
                .collect::<Vec<_>>()
                .join(",");
            return pairs_prompt(app, typed);
        }
    };
    entry.byes = byes;
    entry.warnings = Some(warnings);
    if let Some(p) = app.pair_panel.as_mut() {
        p.manual = Some(entry);
        p.error = None;
    }
    Mode::Prompt {
        purpose: Purpose::ManualReason,
        label: app.s.pp_manual_reason.to_string(),
        text: String::new(),
    }
}

/// Whether `mode` belongs to the panel (it stays on screen through these).
pub fn is_panel_mode(mode: &Mode) -> bool {
    match mode {
        Mode::Prompt { purpose, .. } => matches!(
            purpose,
            Purpose::PairChoice
                | Purpose::RelaxReason
                | Purpose::ManualPairs
                | Purpose::ManualBye
                | Purpose::ManualReason
        ),
        Mode::Confirm { pending } => matches!(
            pending.cmd,
            Command::PairRelaxed { .. } | Command::PairManual { .. }
        ),
        _ => false,
    }
}
