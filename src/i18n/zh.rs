//! 中文文本 (the Chinese texts of the catalog, the default language).

use super::{EventZone, clock_time, foul_kind, game_kind, name, side, stage};
use crate::domain::event::{Cause, Event, GameKind, Stage};
use crate::domain::rules::Lang;
use crate::domain::team::RosterChange;
use crate::domain::{GameResult, Tournament};

const L: Lang = Lang::Zh;

/// The one Chinese name of each result (`super::result_word`).
fn result_word(r: GameResult) -> &'static str {
    super::result_word(r, L)
}

fn cause(c: Cause) -> &'static str {
    match c {
        // Both players signed (docs/self-report.md): the line names the signatures.
        Cause::Arbiter | Cause::Confirmed | Cause::Reported => "",
        Cause::LateWindow => " [迟到判负]",
        Cause::Fouls => " [犯规判负]",
        Cause::Time => " [超时判负]",
        Cause::FoulClaimed => " [犯规判负, 对方提出]",
    }
}

pub fn describe(t: &Tournament, ev: &Event, zone: EventZone) -> String {
    let local = |at| zone.format(at, "%Y-%m-%d %H:%M:%S");
    let n = |no| name(t, no);
    match ev {
        Event::Created { title, rules } => format!("创建比赛《{title}》({})", rules.name),
        Event::PlayerRegistered { no, entry } => {
            if entry.group.is_empty() {
                format!("登记 {no}号 {}", entry.name)
            } else {
                format!("登记 {no}号 {} ({})", entry.name, entry.group)
            }
        }
        Event::PlayerWithdrawn {
            no,
            by_rule,
            reason,
        } => {
            // The rule's own words for a withdrawal by rule (docs/rules.md#4-late-arrival-forfeits-withdrawal), not the English
            // kept in the log for scripts.
            let why = if *by_rule {
                format!("连续{}轮弃权", t.rules.withdraw_after_forfeits)
            } else {
                reason.clone()
            };
            format!(
                "{no}号{} {}: {why}",
                n(*no),
                if *by_rule {
                    "按规则判退"
                } else {
                    "退赛"
                }
            )
        }
        Event::PlayerReinstated { no, reason } => format!("{no}号{} 恢复参赛: {reason}", n(*no)),
        Event::NumbersDrawn { seed, order } => match seed {
            Some(s) => format!("{}名棋手抽签排序号 (种子 {s})", order.len()),
            None => format!("{}名棋手按报名顺序编号", order.len()),
        },
        Event::RoundPaired { round, games, byes } => {
            let bye = if byes.is_empty() {
                String::new()
            } else {
                format!(
                    ", 轮空 {}",
                    byes.iter()
                        .map(|b| format!("{b}号"))
                        .collect::<Vec<_>>()
                        .join("、")
                )
            };
            format!("第{round}轮已编排: {}台{bye}", games.len())
        }
        Event::RoundUnpaired { round, reason } => format!("撤销第{round}轮编排: {reason}"),
        Event::PairingOverridden { round, reason, .. } => {
            format!("第{round}轮编排已手工修改: {reason}")
        }
        Event::GameAdded { round, game, .. } => format!(
            "第{round}轮第{}台: 加赛{}{} {}号 对 {}号",
            game.board,
            stage(game.stage, L),
            game_kind(game.game, L),
            game.red,
            game.black
        ),
        Event::RoundStarted { round, at } => format!("第{round}轮于 {} 开始", local(*at)),
        Event::StartCorrected { round, at, reason } => {
            format!("第{round}轮开始时间更正为 {}: {reason}", local(*at))
        }
        Event::TimeCorrected { at, reason } => {
            format!("裁判长更正时间为 {}: {reason}", local(*at))
        }
        Event::ResultRecorded {
            round,
            board,
            result,
            cause: c,
            ..
        } => {
            let game = t.game(*round, *board);
            let who = game
                .map(|g| format!(" ({} 对 {})", n(g.red), n(g.black)))
                .unwrap_or_default();
            // An armageddon draw decides the match (docs/rules.md#7-knockout): say who goes on.
            let verdict = game
                .filter(|g| g.game == GameKind::Armageddon && *result == GameResult::Draw)
                .map_or_else(
                    || result_word(*result).to_string(),
                    |g| {
                        let what = match g.stage {
                            Stage::Final => "获冠军",
                            Stage::ThirdPlace => "获季军",
                            _ => "晋级",
                        };
                        format!("和棋黑胜，{} {what}", n(g.black))
                    },
                );
            format!(
                "第{round}轮第{board}台: {verdict}{who}{}{}",
                cause(*c),
                super::self_report::cause_words(*c, L).unwrap_or_default()
            )
        }
        Event::ResultCorrected {
            round,
            board,
            result,
            reason,
            was,
        } => format!(
            "第{round}轮第{board}台 {}更正为{}: {reason}",
            was.map(|w| format!("由{}", result_word(w)))
                .unwrap_or_default(),
            result.map_or("无结果", result_word)
        ),
        Event::SeatMarked {
            round,
            board,
            side: s,
            present,
            ..
        } => format!(
            "第{round}轮第{board}台: {}{}",
            side(*s, L),
            if *present { "到场" } else { "缺席" }
        ),
        Event::FoulRecorded {
            round,
            board,
            side: s,
            kind,
        } => format!(
            "第{round}轮第{board}台: {}犯规 ({})",
            side(*s, L),
            foul_kind(*kind, L)
        ),
        Event::Clock {
            round,
            board,
            action,
            at,
        } => format!(
            "第{round}轮第{board}台: 棋钟 {} ({})",
            super::clock_action(action, L),
            clock_time(zone, *at)
        ),
        Event::MoveLimitNoted { round, board, note } => {
            format!("第{round}轮第{board}台: 限着 {note}")
        }
        Event::PairingNoted { round, note } => {
            let mut parts: Vec<String> = note
                .colour_breaks
                .iter()
                .map(|b| super::explain::colour_break(*b, L))
                .collect();
            parts.extend(note.decision.iter().flat_map(|d| {
                if d.breaks.is_empty() {
                    d.warnings.clone()
                } else {
                    d.breaks
                        .iter()
                        .map(|b| super::errors::rule_break(b, L))
                        .collect()
                }
            }));
            let list = if parts.is_empty() {
                String::new()
            } else {
                format!(": {}", parts.join("; "))
            };
            match &note.decision {
                Some(d) if d.manual => format!("第{round}轮由裁判长手工编排 ({}){list}", d.reason),
                Some(d) => format!(
                    "第{round}轮由裁判长决定放宽颜色规则编排 ({}){list}",
                    d.reason
                ),
                None => format!("第{round}轮放宽颜色规则{list}"),
            }
        }
        Event::PairingOutdated {
            round,
            corrected_round,
            board,
        } => format!("第{round}轮是按第{corrected_round}轮第{board}台更正前的结果编排的"),
        Event::PairingKept { round, reason } => {
            format!("裁判长决定保留第{round}轮编排 (按更正前的结果编排): {reason}")
        }
        Event::LotDrawn {
            round,
            board,
            red,
            black,
        } => format!(
            "第{round}轮第{board}台: 抽签定先后手, {red}号{} 执红, {black}号{} 执黑",
            n(*red),
            n(*black)
        ),
        Event::TeamRegistered { team } => format!(
            "第{}队「{}」报名: 台次顺序 {}; 替补 {}",
            team.no,
            team.name,
            nos(&team.players),
            nos(&team.reserves)
        ),
        Event::LineupSubmitted { lineup } => format!(
            "第{}轮第{}队出场名单: {}",
            lineup.round,
            lineup.team,
            nos(&lineup.players)
        ),
        Event::TeamChanged {
            team,
            change,
            reason,
        } => {
            let name = t.team_event.team(*team).map_or("", |x| x.name.as_str());
            let what = match change {
                RosterChange::AddReserve(no) => format!("增补替补 {no}号 {}", n(*no)),
                RosterChange::Replace { old, new } => {
                    format!("{new}号 {} 替换 {old}号 {}", n(*new), n(*old))
                }
            };
            format!("第{team}队「{name}」更改名单: {what}; 理由: {reason}")
        }
        Event::CodesIssued { .. } | Event::ResultReported { .. } => {
            super::self_report::describe(ev, &n, L).unwrap_or_default()
        }
        Event::AutoAdvanced { round } => {
            format!("上一轮全部完赛, 按规程自动编排第{round}轮")
        }
        Event::ColourChosen {
            round,
            player,
            side: s,
        } => {
            let game = t.round(*round).and_then(|r| {
                r.games
                    .iter()
                    .find(|g| g.stage != Stage::Swiss && g.side_of(*player).is_some())
            });
            let place = game.map_or_else(String::new, |g| {
                format!("第{}台{} ", g.board, stage(g.stage, L))
            });
            format!(
                "第{round}轮{place}先后手次数相同, 名次列前的{player}号{}选择执{}",
                n(*player),
                match s {
                    crate::domain::Side::Red => "红",
                    crate::domain::Side::Black => "黑",
                }
            )
        }
    }
}

/// "3, 7, 9, 12" (or "—" for none).
fn nos(v: &[crate::domain::PlayerNo]) -> String {
    if v.is_empty() {
        return "—".into();
    }
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
