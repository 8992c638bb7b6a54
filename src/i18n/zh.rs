//! 中文文本 (the Chinese texts of the catalog, the default language).

use super::{EventZone, clock_time, foul_kind, game_kind, name, reason_for, role, side, stage};
use crate::domain::event::{Cause, Event, GameKind, Stage};
use crate::domain::refusal::{FloorWhy, OverFor, Refusal};
use crate::domain::rules::Lang;
use crate::domain::team::RosterChange;
use crate::domain::{GameResult, Tournament};

const L: Lang = Lang::Zh;

/// The one Chinese name of each result (`super::result_word`).
fn result_word(r: GameResult) -> &'static str {
    super::result_word(r, L)
}

fn role_word(word: &str) -> &'static str {
    word.parse::<crate::domain::Role>()
        .map_or("?", |r| role(r, L))
}

pub fn refusal(r: &Refusal, zone: EventZone) -> String {
    match r {
        Refusal::Report { round, board, why } => {
            format!("第{round}轮第{board}台: {}", super::self_report::why(why, L))
        }
        Refusal::NotAllowed { user, role, what } => {
            format!("{user} 以{}身份无权{}", role_word(role), super::deed::deed(*what, L))
        }
        Refusal::UnknownBoard { round, board } => format!("第{round}轮没有第{board}台"),
        Refusal::UnknownPlayer(no) => format!("没有{no}号棋手"),
        Refusal::NoRound => "尚未编排任何一轮".into(),
        Refusal::UnknownRound(round) => format!("第{round}轮尚未编排"),
        Refusal::HasResult {
            round,
            board,
            existing,
        } => format!(
            "第{round}轮第{board}台已有结果: {}; 更正须由裁判长填写理由 (--correct --reason 理由)",
            result_word(*existing)
        ),
        Refusal::RoundIncomplete {
            round,
            missing,
            first,
        } => format!("第{round}轮还有{missing}台没有结果 (首台: 第{first}台)"),
        Refusal::Pairing(m) => format!("无法编排: {m}"),
        Refusal::Registration(m) => format!("报名被拒: {}", super::errors::registration(m, L)),
        Refusal::Rule(m) => m.clone(),
        Refusal::FlagBeforeClockInput {
            round,
            board,
            since,
            at,
        } => format!(
            "第{round}轮第{board}台: 棋钟最后一次输入的时间是 {}, 晚于本次确认 ({}); 是否有棋钟输入用错了时区? 请先按棋盘上的钟校正 (clock set) 再确认超时",
            zone.format(*since, "%H:%M:%S"),
            zone.format(*at, "%H:%M:%S")
        ),
        Refusal::CorrectionWithoutTime => {
            "--correction 须与时间 (--at) 一起使用: 此命令不带时间".to_string()
        }
        Refusal::CorrectionWithoutReason => {
            "--correction 须写明理由 (--correction 理由)".to_string()
        }
        Refusal::Text(f) => super::faults::text_fault(f, L),
        Refusal::Team(f) => super::errors::team_fault(f, Lang::Zh),
        Refusal::Skew(s) => super::faults::time_skew(s, L),
        Refusal::RoundNotStarted { round } => format!(
            "第{round}轮尚未开始, 不能录入结果: 请先开始本轮 (控制台 S 开始本轮, 或 bianpai start LOG), 或在规则中设 auto_advance: pair_and_start"
        ),
        Refusal::RoundChanged { typed, current } => format!(
            "录入的是第{typed}轮, 但现在已是第{current}轮: 未记录 (请在第{current}轮重新输入)"
        ),
        Refusal::NumbersNotDrawn => {
            "尚未抽签排序号: 请先运行 bianpai draw LOG (或在规则中设 numbers_by_registration: true 按报名顺序编号)".into()
        }
        Refusal::AlreadyStarted { round, at } => format!(
            "第{round}轮已于 {} 开始",
            zone.format(*at, "%Y-%m-%d %H:%M:%S")
        ),
        Refusal::NotStartedYet(round) => format!("第{round}轮尚未开始, 没有开始时间可更正"),
        Refusal::AlreadyWithdrawn { no, name } => format!("{no}号{name}已退赛"),
        Refusal::NotWithdrawn { no, name } => format!("{no}号{name}并未退赛"),
        Refusal::ReasonNeeded(what) => reason_for(*what, L).to_string(),
        Refusal::DrawAfterPairing => "第1轮已编排公布, 不能再抽签排序号".into(),
        Refusal::NoPlayers => "尚无棋手报名".into(),
        Refusal::ResultsEntered(round) => format!("第{round}轮已录入结果, 编排不能再更改"),
        Refusal::AllRoundsPaired(n) => format!("全部{n}轮均已编排, 比赛已结束"),
        Refusal::Unpairable { section, players } => format!(
            "无合规编排: {}{}号无法在不重复对局、不二次轮空、(末轮前)不违反颜色规则的前提下编对; 请裁判长决定: `bianpai pair 日志 --relax colours --reason 理由` (颜色违规最少) 或 `bianpai pair 日志 --manual \"3-8,5-1,…\" [--bye 序号] --reason 理由` (手工编排)",
            section.as_ref().map(|s| format!("{s}: ")).unwrap_or_default(),
            players.iter().map(ToString::to_string).collect::<Vec<_>>().join("、")
        ),
        Refusal::NoneEligible(round) => format!("第{round}轮没有可编排的棋手"),
        Refusal::RelaxNotNeeded => "存在不违反任何规则的编排, 请正常编排 (不加 --relax)".into(),
        Refusal::RelaxInLastRound => "末轮在需要时会自动放宽颜色规则, 请正常编排".into(),
        Refusal::SwapSelf(board) => format!("第{board}台不能与自己交换"),
        Refusal::BreaksRule(w) => format!(
            "此更改违反规则: {}; 如确需更改, 加 --force --reason 理由",
            w.iter().map(|b| super::errors::rule_break(b, L)).collect::<Vec<_>>().join("; ")
        ),
        Refusal::SameResult {
            round,
            board,
            result,
        } => format!(
            "第{round}轮第{board}台的结果已是{}, 无需更正",
            result_word(*result)
        ),
        Refusal::NoLotDue(round) => format!("第{round}轮没有等待抽签定先后手的超快棋"),
        Refusal::LotFirst { round, board } => format!(
            "第{round}轮第{board}台是超快棋, 须先抽签定先后手再录入结果: 请先录入抽签结果 (裁判长或编排: 控制台按 L, 或 bianpai pair 日志 --lot red|black --board {board})"
        ),
        Refusal::NotOutdated(round) => {
            format!("第{round}轮编排后没有更正过前面轮次的结果, 无需保留或重新编排")
        }
        Refusal::OutdatedIsTheHeads { round, heads } => format!(
            "第{round}轮的编排已因更正前面轮次的结果而过时: 只有裁判长{}能决定重新编排 (撤销后重新编排) 或保留 (bianpai pair 日志 --keep --reason 理由)",
            if heads.is_empty() {
                String::new()
            } else {
                format!(" ({})", heads.join("、"))
            }
        ),
        Refusal::PressBeforeLast {
            round,
            board,
            at,
            last,
        } => format!(
            "第{round}轮第{board}台: 这次按钟的时间 {} 早于该台上一次按钟的时间 {}; 按钟须按时间顺序录入",
            zone.format(*at, "%H:%M:%S"),
            zone.format(*last, "%H:%M:%S")
        ),
        Refusal::OutdatedHasResults(round) => format!(
            "第{round}轮已有结果, 不能重新编排; 如保留现编排, 请记录决定: bianpai pair 日志 --keep --reason 理由 (控制台按 K)"
        ),
        Refusal::Floor { round, board, why } => {
            format!("第{round}轮第{board}台: {}", floor(why, zone))
        }
        Refusal::FloorGeneral(why) => floor(why, zone),
        Refusal::TooFewFinalists { found, after } => {
            format!("淘汰赛: 第{after}轮后只有{found}名棋手可进入决赛阶段, 需要4名")
        }
        Refusal::SemiFinalOpen { a, b } => format!("淘汰赛: 半决赛 {a}号 对 {b}号 尚未决出胜负"),
        Refusal::ColourChoiceDue { round, due } => format!(
            "第{round}轮淘汰赛: {}; 双方前面轮次先后手次数相同, 由名次列前者选择先后手, 未选择不编排: bianpai pair 日志 --choose red|black (每场一个, 按此顺序; 或 --choose 序号=red), 控制台按 P",
            due.iter()
                .map(|d| format!(
                    "{}{}号{} 对 {}号{} (由{}号{}选择)",
                    stage(d.stage, L),
                    d.higher,
                    d.higher_name,
                    d.lower,
                    d.lower_name,
                    d.higher,
                    d.higher_name
                ))
                .collect::<Vec<_>>()
                .join("; ")
        ),
    }
}

fn floor(why: &FloorWhy, zone: EventZone) -> String {
    let hms = |t| zone.format(t, "%H:%M:%S");
    match why {
        FloorWhy::GameOver { existing, what } => format!(
            "对局已结束 ({}){}",
            result_word(*existing),
            match what {
                OverFor::Clock => ", 棋钟输入不予记录",
                OverFor::Foul => ", 犯规须在对局中记录",
                OverFor::Note => "",
            }
        ),
        FloorWhy::ClockOverADay => "棋钟读数超过一天".into(),
        FloorWhy::NoClockData => {
            "本台没有棋钟数据, 无从依据棋钟确认; 裁判亲见落旗时: bianpai flag 日志 台号 方 --observed (控制台: 台号 t 方 确认)".into()
        }
        FloorWhy::HasClockData => {
            "本台有棋钟数据, 超时负依据棋钟确认 (bianpai flag 日志 台号 方, 不加 --observed)".into()
        }
        FloorWhy::WrongFlag { fallen, side: s } => {
            format!("落旗的是{}, 不是{}", side(*fallen, L), side(*s, L))
        }
        FloorWhy::FlagNotFallen {
            side: s,
            left_ms,
            at,
        } => format!(
            "{}尚未落旗 ({} 时还剩 {})",
            side(*s, L),
            hms(*at),
            crate::domain::clock::format_ms(*left_ms)
        ),
        FloorWhy::ReverseIsAnArrival => "撤销弃权须以到场办理 (arrive --reverse 理由)".into(),
        FloorWhy::ArrivedAfterWindow { side: s } => format!(
            "{}在迟到时限过后才到场, 弃权有效, 除非裁判长撤销 (arrive --reverse 理由)",
            side(*s, L)
        ),
        FloorWhy::AlreadyMarked { side: s, present } => format!(
            "{}已标记为{}",
            side(*s, L),
            if *present { "到场" } else { "缺席" }
        ),
        FloorWhy::ArrivalTooLate {
            side: s,
            at,
            deadline,
        } => format!(
            "{}于 {} 到场, 迟到时限已于 {} 截止; 将判弃权 (下次计时检查记录), 除非裁判长撤销 (arrive --reverse 理由)",
            side(*s, L),
            hms(*at),
            hms(*deadline)
        ),
        FloorWhy::ReverseNeedsReason => "撤销弃权须填写理由 (--reverse 理由)".into(),
        FloorWhy::NotMarkedAbsent { side: s } => {
            format!("{}未被标记缺席, 没有迟到弃权可撤销", side(*s, L))
        }
        FloorWhy::WindowStillOpen => "迟到时限尚未截止; 直接标记到场即可停止倒计时".into(),
        FloorWhy::NotAForfeitAgainst { side: s, existing } => format!(
            "本台结果 ({}) 不是{}弃权; 请用 result --correct 更正",
            existing.map_or("无", result_word),
            side(*s, L)
        ),
        FloorWhy::NoteNeedsText => "限着说明不能为空".into(),
        FloorWhy::FoulLimitNotReached { side: s } => {
            format!("{}本局犯规未达判负次数, 无从提出判负", side(*s, L))
        }
    }
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
