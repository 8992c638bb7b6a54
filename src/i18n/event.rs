//! One line describing an event (command output, the console's status line, the audit): one
//! exhaustive `match` over `domain::event::Event`, the Chinese and the English of each event
//! side by side, times in the event's zone.

mod parts;

use super::{EventZone, game_kind, result_word, side, stage};
use crate::domain::event::{Event, GameKind, Stage};
use crate::domain::rules::Lang;
use crate::domain::team::RosterChange;
use crate::domain::{GameResult, Tournament};
use parts::{Times, added_stage, cause, clock_action, foul_named, named, nos};

/// What the audit shows in place of a reason to a reader who reads none (docs/trust.md).
pub fn reason_hidden(lang: Lang) -> &'static str {
    words!(lang, "理由仅裁判可见", "reason shown to arbiters only")
}

/// One line describing an event (command output, the console's status line, the audit),
/// times in `zone`.
pub fn describe(t: &Tournament, ev: &Event, lang: Lang, zone: EventZone) -> String {
    line(t, ev, lang, Times(zone))
}

fn line(t: &Tournament, ev: &Event, lang: Lang, times: Times) -> String {
    let n = |no| named(t, no, lang);
    match ev {
        Event::Created { title, rules } => words!(
            lang,
            format!("创建比赛《{title}》({})", rules.name),
            format!("created '{title}' ({})", rules.name)
        ),
        Event::PlayerRegistered { no, entry } => {
            let (name, group) = (&entry.name, &entry.group);
            words!(
                lang,
                if group.is_empty() {
                    format!("登记 {no}号 {name}")
                } else {
                    format!("登记 {no}号 {name} ({group})")
                },
                format!("registered {no} {name} ({group})")
            )
        }
        Event::PlayerWithdrawn {
            no,
            by_rule,
            reason,
        } => {
            let name = n(*no);
            words!(
                lang,
                {
                    // The rule's own words for a withdrawal by rule
                    // (docs/rules.md#4-late-arrival-forfeits-withdrawal), not the English kept
                    // in the log for scripts.
                    let (what, why) = if *by_rule {
                        let after = t.rules.withdraw_after_forfeits;
                        ("按规则判退", format!("连续{after}轮弃权"))
                    } else {
                        ("退赛", reason.clone())
                    };
                    format!("{no}号{name} {what}: {why}")
                },
                format!(
                    "player {no} {name} withdrawn{}: {reason}",
                    if *by_rule { " by rule" } else { "" }
                )
            )
        }
        Event::PlayerReinstated { no, reason } => {
            let name = n(*no);
            words!(
                lang,
                format!("{no}号{name} 恢复参赛: {reason}"),
                format!("player {no} {name} reinstated: {reason}")
            )
        }
        Event::NumbersDrawn { seed, order } => {
            let count = order.len();
            match seed {
                Some(s) => words!(
                    lang,
                    format!("{count}名棋手抽签排序号 (种子 {s})"),
                    format!("numbers drawn for {count} players (seed {s})")
                ),
                None => words!(
                    lang,
                    format!("{count}名棋手按报名顺序编号"),
                    format!("numbers fixed in registration order for {count} players")
                ),
            }
        }
        Event::RoundPaired { round, games, byes } => {
            let boards = games.len();
            let bye = if byes.is_empty() {
                String::new()
            } else {
                let list = byes
                    .iter()
                    .map(|b| words!(lang, format!("{b}号"), b.to_string()))
                    .collect::<Vec<_>>()
                    .join(words!(lang, "、", ", "));
                words!(lang, format!(", 轮空 {list}"), format!(", bye {list}"))
            };
            words!(
                lang,
                format!("第{round}轮已编排: {boards}台{bye}"),
                format!("round {round} paired: {boards} boards{bye}")
            )
        }
        Event::RoundUnpaired { round, reason } => words!(
            lang,
            format!("撤销第{round}轮编排: {reason}"),
            format!("round {round} pairing discarded: {reason}")
        ),
        Event::PairingOverridden {
            round,
            reason,
            games,
            changed,
            ..
        } => {
            let head = words!(
                lang,
                format!("第{round}轮编排已手工修改: {reason}"),
                format!("round {round} pairing changed by hand: {reason}")
            );
            // What each re-seated board dropped (an older record replaced every board).
            let boards: Vec<String> = changed
                .iter()
                .flatten()
                .map(|c| super::keep::board_change(c, games, lang))
                .collect();
            if boards.is_empty() {
                head
            } else {
                format!("{head}; {}", boards.join("; "))
            }
        }
        Event::GameAdded { round, game, .. } => {
            let (board, red, black) = (game.board, game.red, game.black);
            let (stage, kind) = (added_stage(game.stage, lang), game_kind(game.game, lang));
            words!(
                lang,
                format!("第{round}轮第{board}台: 加赛{stage}{kind} {red}号 对 {black}号"),
                format!("round {round} board {board}: {stage} {kind} game added, {red} v {black}")
            )
        }
        Event::RoundStarted { round, at } => words!(
            lang,
            format!("第{round}轮于 {} 开始", times.local(*at)),
            format!("round {round} started at {}", times.stamp(*at))
        ),
        Event::StartCorrected { round, at, reason } => words!(
            lang,
            format!("第{round}轮开始时间更正为 {}: {reason}", times.local(*at)),
            format!(
                "round {round} start corrected to {}: {reason}",
                times.stamp(*at)
            )
        ),
        Event::TimeCorrected { at, reason } => words!(
            lang,
            format!("裁判长更正时间为 {}: {reason}", times.local(*at)),
            format!(
                "time corrected by the head arbiter: {} ({reason})",
                times.local(*at)
            )
        ),
        Event::ResultRecorded {
            round,
            board,
            result,
            cause: c,
            ..
        } => {
            let game = t.game(*round, *board);
            let who = game
                .map(|g| {
                    let (red, black) = (n(g.red), n(g.black));
                    words!(
                        lang,
                        format!(" ({red} 对 {black})"),
                        format!(" ({red} v {black})")
                    )
                })
                .unwrap_or_default();
            // The signatures that made a signed result: both, or the winner's alone.
            let by = game
                .and_then(|g| match t.signing(*round, g) {
                    crate::domain::self_report::Signing::Agreed { by, .. } => Some(by),
                    _ => None,
                })
                .unwrap_or(crate::domain::self_report::SignedBy::Both);
            let cause = format!(
                "{}{}",
                cause(*c, lang),
                super::self_report::cause_words(*c, by, lang).unwrap_or_default()
            );
            // An armageddon draw decides the match (docs/rules.md#7-knockout): the Chinese says
            // who goes on.
            let verdict = words!(
                lang,
                game.filter(|g| g.game == GameKind::Armageddon && *result == GameResult::Draw)
                    .map_or_else(
                        || result_word(*result, lang).to_string(),
                        |g| {
                            let what = match g.stage {
                                Stage::Final => "获冠军",
                                Stage::ThirdPlace => "获季军",
                                _ => "晋级",
                            };
                            format!("和棋黑胜，{} {what}", n(g.black))
                        },
                    ),
                result_word(*result, lang).to_string()
            );
            words!(
                lang,
                format!("第{round}轮第{board}台: {verdict}{who}{cause}"),
                format!("round {round} board {board}: {verdict}{who}{cause}")
            )
        }
        Event::ResultCorrected {
            round,
            board,
            result,
            reason,
            was,
        } => {
            let was = was.map_or_else(String::new, |w| {
                let w = result_word(w, lang);
                words!(lang, format!("由{w}"), format!("from {w} "))
            });
            let now = result.map_or(words!(lang, "无结果", "no result"), |r| {
                result_word(r, lang)
            });
            words!(
                lang,
                format!("第{round}轮第{board}台 {was}更正为{now}: {reason}"),
                format!("round {round} board {board}: corrected {was}to {now}: {reason}")
            )
        }
        Event::SeatMarked {
            round,
            board,
            side: s,
            present,
            ..
        } => {
            let s = side(*s, lang);
            let mark = if *present {
                words!(lang, "到场", "present")
            } else {
                words!(lang, "缺席", "absent")
            };
            words!(
                lang,
                format!("第{round}轮第{board}台: {s}{mark}"),
                format!("round {round} board {board}: {s} {mark}")
            )
        }
        Event::FoulRecorded {
            round,
            board,
            side: s,
            kind,
        } => {
            let s = side(*s, lang);
            let kind = foul_named(*kind, lang);
            words!(
                lang,
                format!("第{round}轮第{board}台: {s}犯规 ({kind})"),
                format!("round {round} board {board}: foul by {s} ({kind})")
            )
        }
        Event::Clock {
            round,
            board,
            action,
            at,
        } => {
            let (what, at) = (clock_action(action, lang), times.clock(*at));
            words!(
                lang,
                format!("第{round}轮第{board}台: 棋钟 {what} ({at})"),
                format!("round {round} board {board}: clock {what} at {at}")
            )
        }
        Event::MoveLimitNoted { round, board, note } => words!(
            lang,
            format!("第{round}轮第{board}台: 限着 {note}"),
            format!("round {round} board {board}: move limit: {note}")
        ),
        Event::PairingNoted { round, note } => {
            let mut parts: Vec<String> = note
                .colour_breaks
                .iter()
                .map(|b| super::explain::colour_break(*b, lang))
                .collect();
            // The Chinese words the breaks the log keeps as data; the English gives the
            // record's own text (`warnings`).
            parts.extend(note.decision.iter().flat_map(|d| {
                words!(
                    lang,
                    if d.breaks.is_empty() {
                        d.warnings.clone()
                    } else {
                        d.breaks
                            .iter()
                            .map(|b| super::errors::rule_break(b, lang))
                            .collect()
                    },
                    d.warnings.clone()
                )
            }));
            let list = if parts.is_empty() {
                String::new()
            } else {
                format!(": {}", parts.join("; "))
            };
            match &note.decision {
                Some(d) => {
                    let reason = &d.reason;
                    words!(
                        lang,
                        if d.manual {
                            format!("第{round}轮由裁判长手工编排 ({reason}){list}")
                        } else {
                            format!("第{round}轮由裁判长决定放宽颜色规则编排 ({reason}){list}")
                        },
                        format!(
                            "round {round}: {} by the head arbiter ({reason}){list}",
                            if d.manual {
                                "paired by hand"
                            } else {
                                "paired with colour rules relaxed"
                            }
                        )
                    )
                }
                None => words!(
                    lang,
                    format!("第{round}轮放宽颜色规则{list}"),
                    format!("round {round}: colour rules relaxed: {}", parts.join("; "))
                ),
            }
        }
        Event::PairingOutdated {
            round,
            corrected_round,
            board,
        } => words!(
            lang,
            format!("第{round}轮是按第{corrected_round}轮第{board}台更正前的结果编排的"),
            format!(
                "round {round} was paired on the old result of round {corrected_round} board {board}"
            )
        ),
        Event::PairingKept { round, reason } => words!(
            lang,
            format!("裁判长决定保留第{round}轮编排 (按更正前的结果编排): {reason}"),
            format!(
                "round {round} pairing kept by the head arbiter despite the correction: {reason}"
            )
        ),
        Event::LotDrawn {
            round,
            board,
            red,
            black,
        } => words!(
            lang,
            format!(
                "第{round}轮第{board}台: 抽签定先后手, {red}号{} 执红, {black}号{} 执黑",
                n(*red),
                n(*black)
            ),
            format!("round {round} board {board}: colour lot, {red} red v {black} black")
        ),
        Event::TeamRegistered { team } => {
            let (no, name) = (team.no, &team.name);
            let (players, reserves) = (nos(&team.players, lang), nos(&team.reserves, lang));
            words!(
                lang,
                format!("第{no}队「{name}」报名: 台次顺序 {players}; 替补 {reserves}"),
                format!(
                    "team {no} '{name}' registered: board order {players}; reserves {reserves}"
                )
            )
        }
        Event::LineupSubmitted { lineup } => {
            let (round, team) = (lineup.round, lineup.team);
            let players = nos(&lineup.players, lang);
            words!(
                lang,
                format!("第{round}轮第{team}队出场名单: {players}"),
                format!("round {round}: team {team} lineup {players}")
            )
        }
        Event::TeamChanged {
            team,
            change,
            reason,
        } => {
            let name = t.team_event.team(*team).map_or("", |x| x.name.as_str());
            let what = match change {
                RosterChange::AddReserve(no) => {
                    let who = n(*no);
                    words!(
                        lang,
                        format!("增补替补 {no}号 {who}"),
                        format!("reserve {no} {who} added")
                    )
                }
                RosterChange::Replace { old, new } => {
                    let (old_name, new_name) = (n(*old), n(*new));
                    words!(
                        lang,
                        format!("{new}号 {new_name} 替换 {old}号 {old_name}"),
                        format!("{new} {new_name} replaces {old} {old_name}")
                    )
                }
            };
            words!(
                lang,
                format!("第{team}队「{name}」更改名单: {what}; 理由: {reason}"),
                format!("team {team} '{name}' roster corrected: {what}: {reason}")
            )
        }
        Event::CodesIssued { .. }
        | Event::ResultReported { .. }
        | Event::WrongCodeGiven { .. }
        | Event::ReportsUnlocked { .. }
        | Event::SignaturesOverridden { .. } => {
            super::self_report::describe(ev, &n, lang).unwrap_or_default()
        }
        Event::BoardsVacant { round, boards } => super::vacant::event(t, *round, boards, lang),
        Event::RequestedByesRecorded { round, byes } => {
            let list: Vec<String> = byes
                .iter()
                .map(|b| {
                    let what = match b.points {
                        crate::domain::requested_bye::ByePoints::Half => {
                            words!(lang, "半分", "half")
                        }
                        crate::domain::requested_bye::ByePoints::Zero => {
                            words!(lang, "零分", "zero")
                        }
                        crate::domain::requested_bye::ByePoints::Full => {
                            words!(lang, "全分", "full")
                        }
                    };
                    format!("{} {} ({what})", b.no, n(b.no))
                })
                .collect();
            let list = list.join(", ");
            words!(
                lang,
                format!("第{round}轮请假轮空: {list}"),
                format!("round {round} requested byes: {list}")
            )
        }
        Event::ByeRequested { request } => super::bye::requested(t, request, lang),
        Event::RulesAmended {
            amendment,
            from,
            reason,
        } => super::amend::amended(*amendment, *from, reason, lang),
        Event::ByeCancelled { round, no, reason } => {
            super::bye::cancelled(t, *round, *no, reason, lang)
        }
        Event::AutoAdvanced { round } => words!(
            lang,
            format!("上一轮全部完赛, 按规程自动编排第{round}轮"),
            format!(
                "round {round} paired by the automatic advance (every board of the round before reported)"
            )
        ),
        Event::ColourChosen {
            round,
            player,
            side: s,
        } => {
            let name = n(*player);
            words!(
                lang,
                {
                    let game = t.round(*round).and_then(|r| {
                        r.games
                            .iter()
                            .find(|g| g.stage != Stage::Swiss && g.side_of(*player).is_some())
                    });
                    let place = game.map_or_else(String::new, |g| {
                        format!("第{}台{} ", g.board, stage(g.stage, lang))
                    });
                    let colour = match s {
                        crate::domain::Side::Red => "红",
                        crate::domain::Side::Black => "黑",
                    };
                    format!(
                        "第{round}轮{place}先后手次数相同, 名次列前的{player}号{name}选择执{colour}"
                    )
                },
                format!(
                    "round {round}: the colour counts were level; the higher-ranked {player} {name} chose {}",
                    side(*s, lang)
                )
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rules::Rules;

    #[test]
    fn a_corrected_time_reads_in_the_events_zone_in_both_languages() {
        let t = Tournament::new("t".into(), Rules::preset("qigu-2024-07").expect("preset"));
        let zone = EventZone::parse("Asia/Shanghai").expect("zone");
        let at = chrono::DateTime::parse_from_rfc3339("2024-07-06T00:30:00Z")
            .expect("time")
            .to_utc();
        let ev = Event::TimeCorrected {
            at,
            reason: "r".into(),
        };
        for lang in [Lang::Zh, Lang::En] {
            let line = describe(&t, &ev, lang, zone);
            assert!(line.contains("2024-07-06 08:30:00"), "{lang:?}: {line}");
        }
    }
}
