//! The JSON export of docs/cli.md (`--what all`, `clocks`, and each report alone). Keys and
//! meanings follow the contract; extra keys (`fee`, `birth`, `section`, `crosstable`, …) are
//! additions the contract allows.

use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use crate::domain::Tournament;
use crate::domain::event::Stage;
use crate::domain::result::{GameResult, Outcome};
use crate::domain::rules::Tiebreak;
use crate::domain::standings::Standing;
use crate::domain::tournament::Status;
use crate::domain::{Round, Side};

/// Every text value of `v`, at every depth, as every other writer prints it
/// (`domain::text::escape`): a control or direction character an older log holds becomes
/// `\u{…}`, so a parser never hands it back raw.
pub fn escape_text(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let std::borrow::Cow::Owned(shown) = crate::domain::text::escape(s) {
                *s = shown;
            }
        }
        Value::Object(map) => map.values_mut().for_each(escape_text),
        Value::Array(items) => items.iter_mut().for_each(escape_text),
        _ => {}
    }
}

pub fn rules(t: &Tournament) -> Value {
    let r = &t.rules;
    let p = &r.points;
    let mut v = json!({
        "name": r.name,
        "system": r.format.system().word(),
        "rounds": r.rounds,
        "points": {
            "red_win": p.red_win, "red_draw": p.red_draw, "red_loss": p.red_loss,
            "black_win": p.black_win, "black_draw": p.black_draw, "black_loss": p.black_loss,
            "bye": r.bye_points(),
        },
        "tiebreaks": r.tiebreaks.iter().map(|t| t.word()).collect::<Vec<_>>(),
        "round1": r.round1.word(),
        "late_window_minutes": r.late_window_minutes,
        "withdraw_after_forfeits": r.withdraw_after_forfeits,
        "sections": r.sections.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
        "knockout": r.format.knockout().map(|k| json!({"after_round": k.after_round, "players": k.players})),
        "requested_byes": r.requested_byes.map(|b| json!({"max": b.max, "not_in_last": b.not_in_last})),
    });
    // A double round robin's order of rounds (docs/rules.md#12-formats).
    if let Some(rr) = r.format.round_robin().filter(|rr| rr.double)
        && let Some(o) = v.as_object_mut()
    {
        o.insert("round_robin_order".into(), json!(rr.order.word()));
    }
    // Shown while players report, or once an amendment changed it: the value in force for
    // the rounds not yet paired (docs/cli.md `amend`).
    if (!r.self_report.is_off() || !t.amendments.is_empty())
        && let Some(o) = v.as_object_mut()
    {
        o.insert("self_report".into(), json!(r.self_report.word()));
        o.insert(
            "self_report_signers".into(),
            json!(r.self_report_signers.word()),
        );
        if !t.amendments.is_empty() {
            let list: Vec<Value> = t
                .amendments
                .iter()
                .map(|(a, from)| json!({"field": a.field(), "value": a.value(), "from_round": from.0}))
                .collect();
            o.insert("amendments".into(), Value::Array(list));
        }
    }
    v
}

pub fn players(t: &Tournament) -> Value {
    Value::Array(
        t.players
            .iter()
            .map(|p| {
                let withdrawn_after = match p.status {
                    Status::Active => Value::Null,
                    Status::Withdrawn { .. } => t
                        .last_paired_round(p.no)
                        .map_or(Value::Null, |r| json!(r.0)),
                };
                json!({
                    "no": p.no.0,
                    "name": p.entry.name,
                    "club": p.entry.club,
                    "team": p.entry.team,
                    "group": p.entry.group,
                    "gender": p.entry.gender.map(crate::domain::rules::Gender::word),
                    "birth": p.entry.birth.map(|b| b.to_string()),
                    "local": p.entry.local,
                    "status": super::rows::status_word(p.status),
                    "withdrawn_after_round": withdrawn_after,
                    "fee": crate::domain::registration::fee(&t.rules, &p.entry),
                    "id_number": p.entry.id_number.as_ref().map(crate::domain::id_number::IdNumber::masked),
                    // A withdrawal the consecutive-forfeit rule made is automatic.
                    "withdrawn_automatic": matches!(p.status, Status::Withdrawn { by_rule: true })
                        .then(|| auto_json(t, crate::domain::event::AutoRule::ForfeitLimit)),
                })
            })
            .collect(),
    )
}

fn round_json(t: &Tournament, r: &crate::domain::tournament::RoundState) -> Value {
    let stage = if r.games.iter().any(|g| g.stage == Stage::Swiss) || r.games.is_empty() {
        Stage::Swiss
    } else {
        r.games[0].stage
    };
    let mut games: Vec<Value> = r
        .games
        .iter()
        .map(|g| {
            let mut game = json!({
                "board": g.board.0,
                "red": g.red.0,
                "black": g.black.0,
                "result": g.result.map(GameResult::word),
                "fouls": {"red": g.fouls.red.len(), "black": g.fouls.black.len()},
                "stage": g.stage.word(),
                "game": g.game.word(),
                "section": t.section_name(g.section),
                "cause": format!("{:?}", g.cause).to_lowercase(),
                // A result the rules recorded by themselves, named as automatic.
                "automatic": crate::domain::event::AutoRule::of_cause(g.cause)
                    .map(|r| auto_json(t, r)),
            });
            if !t.self_report_in(r.round).is_off()
                && let Some(o) = game.as_object_mut()
            {
                // The players' reports (docs/self-report.md); never their codes.
                let reports: Vec<Value> = g
                    .reports
                    .iter()
                    .filter_map(|(side, r)| {
                        r.map(|r| {
                            json!({"side": side.word(), "result": r.result.word(), "at": r.at.to_rfc3339()})
                        })
                    })
                    .collect();
                o.insert("reports".into(), Value::Array(reports));
                let signing = t.signing(r.round, g);
                o.insert(
                    "pending".into(),
                    json!(
                        crate::domain::self_report::pending(g, t.signers_in(r.round))
                            .map(GameResult::word)
                    ),
                );
                // Whose signature the board waits for (docs/self-report.md), or null.
                o.insert(
                    "awaiting".into(),
                    json!(match signing {
                        crate::domain::self_report::Signing::Lone { side, .. }
                            if g.result.is_none() =>
                            Some(side.other().word()),
                        _ => None,
                    }),
                );
                // Wrong codes given on the room page since the pairing or the last unlock,
                // and whether the board takes no report until an arbiter unlocks it.
                o.insert("wrong_codes".into(), json!(g.wrong_codes));
                o.insert(
                    "reports_locked".into(),
                    json!(crate::domain::self_report::locked(g)),
                );
            }
            game
        })
        .collect();
    if !r.vacant.is_empty() {
        // A team round's vacant boards (缺台): the empty seat is null, the result its forfeit.
        games.extend(r.vacant.iter().map(|v| {
            json!({
                "board": v.board.0,
                "red": v.players.red.map(|p| p.0),
                "black": v.players.black.map(|p| p.0),
                "result": v.result().word(),
                "fouls": {"red": 0, "black": 0},
                "stage": Stage::Swiss.word(),
                "game": crate::domain::event::GameKind::Slow.word(),
                "section": t.section_name(0),
                "cause": "vacant",
                "automatic": Value::Null,
                "vacant": v.empty_sides().map(crate::domain::side::Side::word).collect::<Vec<_>>(),
            })
        }));
        games.sort_by_key(|g| g["board"].as_u64());
    }
    json!({
        "round": r.round.0,
        "stage": stage.word(),
        "started_at": r.started_at.map(|s| s.to_rfc3339()),
        "games": games,
        "bye": r.byes.first().map(|b| b.0),
        "byes": r.byes.iter().map(|b| b.0).collect::<Vec<_>>(),
        "requested_byes": r.requested.iter().map(|b| json!({"no": b.no.0, "points": b.points.word()})).collect::<Vec<_>>(),
    })
}

/// An automatic act: the rule's code and its words in the event's language
/// (`{"rule": "late_window", "text": "自动（迟到超时）"}`).
fn auto_json(t: &Tournament, rule: crate::domain::event::AutoRule) -> Value {
    let lang = t.rules.lang.unwrap_or(crate::domain::rules::Lang::Zh);
    json!({"rule": rule.word(), "text": crate::i18n::auto::label(rule, lang)})
}

pub fn rounds(t: &Tournament, only: Option<Round>) -> Value {
    Value::Array(
        t.rounds
            .iter()
            .filter(|r| only.is_none_or(|o| o == r.round))
            .map(|r| round_json(t, r))
            .collect(),
    )
}

/// The event's language (Chinese unless the rules say English), for the few words the JSON
/// carries for people (`remark`, `standings_note`).
fn lang_of(t: &Tournament) -> crate::domain::rules::Lang {
    t.rules.lang.unwrap_or(crate::domain::rules::Lang::Zh)
}

/// A number of table points in the event's printed scale (`points.per_point`,
/// docs/rules.md#1-scoring): whole where it divides, else a decimal.
fn scaled(x: i64, den: u32) -> Value {
    if den <= 1 || x % i64::from(den) == 0 {
        json!(x / i64::from(den.max(1)))
    } else {
        json!(x as f64 / f64::from(den))
    }
}

pub fn standings(t: &Tournament, rows: &[Standing]) -> Value {
    let several = t.rules.sections.len() > 1;
    Value::Array(
        rows.iter()
            .map(|s| {
                let mut tb = Map::new();
                for (k, v) in &s.tiebreaks {
                    let den = k.divisor(&t.rules.points);
                    let value = match v {
                        None => Value::Null,
                        Some(x) if den <= 1 || x % i64::from(den) == 0 => {
                            json!(x / i64::from(den.max(1)))
                        }
                        Some(x) => json!(*x as f64 / f64::from(den)),
                    };
                    tb.insert(k.word().to_string(), value);
                }
                if !tb.contains_key(Tiebreak::DrawNumber.word()) {
                    tb.insert("draw_number".into(), json!(s.no.0));
                }
                let mut o = Map::new();
                o.insert("rank".into(), json!(s.rank));
                o.insert("no".into(), json!(s.no.0));
                o.insert("name".into(), json!(super::rows::name(t, s.no)));
                o.insert(
                    "points".into(),
                    scaled(i64::from(s.points), t.rules.points.per_point()),
                );
                if let Some(p) = s.placing {
                    // Placed by the knockout (docs/rules.md#7-knockout), not by points; `points` are the
                    // regulation's final points (nine rounds plus the slow knockout games).
                    o.insert("knockout".into(), json!(p.key()));
                    o.insert(
                        "remark".into(),
                        json!(super::knockout_text::placing_word(p, lang_of(t))),
                    );
                }
                o.insert("tiebreaks".into(), Value::Object(tb));
                if several {
                    o.insert("group".into(), json!(t.section_name(s.section)));
                }
                Value::Object(o)
            })
            .collect(),
    )
}

/// The clocks of `round` at `now` (docs/cli.md: the current round).
pub fn clocks(t: &Tournament, round: Round, now: DateTime<Utc>) -> Value {
    let Some(r) = t.round(round) else {
        return Value::Array(Vec::new());
    };
    Value::Array(
        r.games
            .iter()
            .map(|g| match &g.clock {
                None => json!({"board": g.board.0, "red_ms": null, "black_ms": null, "running": null, "flag": null}),
                Some(c) => {
                    let rd = c.read(now);
                    json!({
                        "board": g.board.0,
                        "red_ms": rd.red_ms,
                        "black_ms": rd.black_ms,
                        "running": rd.running.map(Side::word),
                        "flag": rd.flag.map(Side::word),
                    })
                }
            })
            .collect(),
    )
}

/// The crosstable after `after`: per player in standings order, each round's opponent,
/// colour and outcome for that player (`win`, `draw`, `loss`, null while unfinished), or a
/// bye; an empty list for a round the player was not in.
pub fn crosstable(t: &Tournament, after: Round, rows: &[Standing]) -> Value {
    let several = t.rules.sections.len() > 1;
    Value::Array(
        rows.iter()
            .map(|s| {
                let rounds: Vec<Value> = t
                    .rounds
                    .iter()
                    .take(after.0 as usize)
                    .map(|r| {
                        let games: Vec<Value> = r
                            .games
                            .iter()
                            .filter_map(|g| g.side_of(s.no).map(|side| (g, side)))
                            .map(|(g, side)| {
                                json!({
                                    "opponent": g.player(side.other()).0,
                                    "colour": side.word(),
                                    "outcome": g.result.map(|x| match x.outcome(side) {
                                        Outcome::Win => "win",
                                        Outcome::Draw => "draw",
                                        Outcome::Loss => "loss",
                                    }),
                                    "forfeit": g.result.is_some_and(GameResult::is_forfeit),
                                    "stage": g.stage.word(),
                                    "game": g.game.word(),
                                    // An armageddon draw counts as a black win (docs/rules.md#7-knockout).
                                    "counts_as": super::knockout_text::armageddon_draw(g).then_some(
                                        if side == crate::domain::Side::Black { "win" } else { "loss" }
                                    ),
                                })
                            })
                            .collect();
                        json!({
                            "round": r.round.0,
                            "bye": r.byes.contains(&s.no),
                            "games": games,
                        })
                    })
                    .collect();
                let mut o = Map::new();
                o.insert("rank".into(), json!(s.rank));
                o.insert("no".into(), json!(s.no.0));
                o.insert("name".into(), json!(super::rows::name(t, s.no)));
                if several {
                    o.insert("group".into(), json!(t.section_name(s.section)));
                }
                o.insert("rounds".into(), Value::Array(rounds));
                o.insert("points".into(), json!(s.points));
                Value::Object(o)
            })
            .collect(),
    )
}

/// The whole event (`--what all`): the docs/cli.md object, plus the crosstable.
pub fn all(t: &Tournament, standings_rows: &[Standing], standings_round: Round) -> Value {
    json!({
        "title": t.title,
        "rules": rules(t),
        "players": players(t),
        "rounds": rounds(t, None),
        "bye_requests": t.bye_requests.iter().filter(|q| t.round(q.round).is_none()).map(|q| json!({"round": q.round.0, "no": q.bye.no.0, "points": q.bye.points.word()})).collect::<Vec<_>>(),
        "standings_after_round": standings_round.0,
        "standings": standings(t, standings_rows),
        "standings_note": super::knockout_text::placing_note(t, standings_rows, lang_of(t)),
        "crosstable": crosstable(t, standings_round, standings_rows),
    })
}
