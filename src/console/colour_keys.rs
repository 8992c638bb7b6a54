//! The knockout's colour choice in the console (seed 003 §2.2, `domain::colour_choice`): `P`
//! (or the automatic advance, refused for want of the choice) asks, match by match, which
//! colour the higher-ranked player chose — one key, `r` or `b` — then shows the pairing's
//! confirm step with every choice; `Esc` cancels and nothing is written.

use super::app::{App, Mode, Pending, Purpose};
use crate::domain::colour_choice::ChoiceDue;
use crate::domain::{Command, PlayerNo, Round, Side};
use crate::i18n::screen::fill;

/// The prompt for the first of `due` (the choices left), `red` holding the players who take
/// red by the choices already given and `said` their words for the confirm step.
pub fn ask(app: &App, round: Round, due: Vec<ChoiceDue>, red: Vec<PlayerNo>) -> Mode {
    let Some(d) = due.first() else {
        return Mode::Normal;
    };
    let label = fill(
        app.s.prompt_choose,
        &[
            &round,
            &crate::i18n::stage(d.stage, app.lang),
            &d.higher,
            &d.higher_name,
            &d.lower,
            &d.lower_name,
            &d.higher_name,
        ],
    );
    Mode::Prompt {
        purpose: Purpose::ColourChoice { round, due, red },
        label,
        text: String::new(),
    }
}

/// The key typed at the prompt: `r` (the higher-ranked player takes red) or `b` (black);
/// after the last match, the confirm step of the pairing.
pub fn key(app: &mut App, mode: Mode, c: char) -> Mode {
    let Mode::Prompt {
        purpose:
            Purpose::ColourChoice {
                round,
                mut due,
                mut red,
            },
        ..
    } = mode
    else {
        return mode;
    };
    let side = match c.to_ascii_lowercase() {
        'r' => Side::Red,
        'b' => Side::Black,
        _ => {
            app.error(fill(app.s.bad_choose, &[&c]));
            return ask(app, round, due, red);
        }
    };
    let d = due.remove(0);
    red.push(match side {
        Side::Red => d.higher,
        Side::Black => d.lower,
    });
    if !due.is_empty() {
        return ask(app, round, due, red);
    }
    // Every choice given: the words of each for the confirm step.
    let t = app.state();
    let said: Vec<String> = crate::domain::colour_choice::due(t, round)
        .iter()
        .map(|&(hi, lo)| {
            let side = if red.contains(&hi) {
                Side::Red
            } else if red.contains(&lo) {
                Side::Black
            } else {
                Side::Red
            };
            let name = t.player(hi).map_or(String::new(), |p| p.entry.name.clone());
            fill(app.s.chose_part, &[&hi, &name, &app.s.side(side)])
        })
        .collect();
    Mode::Confirm {
        pending: Pending {
            label: fill(app.s.choose_what, &[&round, &said.join(app.s.list_sep)]),
            cmd: Command::PairNextRoundWith { red },
        },
    }
}

/// `P` on a round whose knockout colour choice is due: the first question, or `None` when
/// no choice is due.
pub fn pair_key(app: &App) -> Option<Mode> {
    let t = app.state();
    let round = Round(t.current_round().0 + 1);
    let due = crate::domain::colour_choice::unanswered(t, round, &[]);
    (!due.is_empty()).then(|| ask(app, round, due, Vec::new()))
}

/// The automatic advance was refused for want of a colour choice: the console of a role that
/// may pair asks at once; any other says who decides.
pub fn advance_refused(app: &mut App, round: Round, due: &[ChoiceDue]) {
    let cmd = Command::PairNextRoundWith { red: Vec::new() };
    if cmd.allowed(app.role()) && app.can_write() {
        app.mode = ask(app, round, due.to_vec(), Vec::new());
    } else {
        let why = crate::domain::Refusal::ColourChoiceDue {
            round,
            due: due.to_vec(),
        };
        let text = crate::i18n::refusal(&why, app.lang, app.zone());
        app.error(fill(app.s.choose_others, &[&text]));
    }
}
