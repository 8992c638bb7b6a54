//! 编排说明的中文文本.

use std::fmt::Write as _;

use super::list;
use crate::domain::event::Stage;
use crate::domain::ids::PlayerNo;
use crate::domain::pairing::explain::{Break, Criterion, Line, Overridden};
use crate::domain::rules::Lang;
use crate::domain::side::Side;
use crate::domain::swiss::colour::Reason;

pub fn criterion(c: Criterion) -> &'static str {
    match c {
        Criterion::Legal => "硬性规则（不重复相遇、不连三、不多三）",
        Criterion::Score => "第6条 同分、近分相遇",
        Criterion::Colour => "第7条 先后手平衡",
        Criterion::FloatHistory => "第8条 不连续两轮浮动",
        Criterion::Rank => "第9条 组内名次最低者下浮",
    }
}

pub fn colour_break(b: Break) -> String {
    match b {
        Break::ThirdInRow(p, s) => format!("{p}号连续第三次执{}", side(s)),
        Break::Difference(p, s) => format!("{p}号执{}后先后手差达到3", side(s)),
    }
}

fn side(s: Side) -> &'static str {
    match s {
        Side::Red => "先手（红）",
        Side::Black => "后手（黑）",
    }
}

pub fn reason(r: Reason) -> &'static str {
    match r {
        Reason::Balance => "先后手规则1（先手少者执先）",
        Reason::BlackStreak => "先后手规则1（连续后手多者执先）",
        Reason::History => "先后手规则2（最近不同的一轮执后者执先）",
        Reason::Identical => "先后手规则3（历史相同：按轮次奇偶与序号）",
        Reason::HigherScore => "先后手规则4（最后三轮高分者优先）",
        Reason::Forced => "先后手受限（避免连三或多三）",
    }
}

pub fn line(l: &Line) -> String {
    match l {
        Line::Groups(groups) => {
            let mut s = String::from("积分组（积分：人数）：");
            for (score, n) in groups {
                let _ = write!(s, " {score}分：{n}人");
            }
            s
        }
        Line::FloatsDown {
            score,
            players,
            why,
        } => format!(
            "{score}分组：{} 下浮（人数由第6条决定；人选由{}决定）",
            list(players),
            criterion(*why)
        ),
        Line::Bye { to, passed_over } => {
            let mut s = format!("轮空：{to}号（最低分组中轮空后其余选手仍可合法编排者）");
            if !passed_over.is_empty() {
                let _ = write!(s, "；{} 轮空将无法合法编排，跳过", list(passed_over));
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
            "先后手规则放宽：{}（不放宽则无法编排或积分组结果更差）",
            breaks
                .iter()
                .map(|b| colour_break(*b))
                .collect::<Vec<_>>()
                .join("；")
        ),
        Line::Round1 { red, black, halves } => format!(
            "{red}号对{black}号：第一轮按序号编排（{}）",
            if *halves {
                "上下半区"
            } else {
                "相邻序号"
            }
        ),
        Line::Round1Bye(p) => format!("人数为奇数：最大序号{p}号轮空"),
        Line::Berger {
            red,
            black,
            table_round,
            swapped,
        } => format!(
            "{red}号对{black}号：贝格尔编排表第{table_round}轮{}",
            if *swapped {
                "（第二循环，先后手互换）"
            } else {
                ""
            }
        ),
        Line::BergerBye(p) => format!("人数为奇数：按贝格尔编排表{p}号轮空"),
        Line::OpponentWithdrew {
            present,
            absent,
            annulled,
        } => {
            if *annulled {
                format!(
                    "{present}号的对手{absent}号已退赛（已赛不足一半，成绩全部取消）：本轮不赛，{present}号不得分"
                )
            } else {
                format!(
                    "{present}号的对手{absent}号已退赛（已赛满一半，其余各局判负）：本局{present}号对手不战胜"
                )
            }
        }
        Line::Knockout { red, black, stage } => {
            let name = match stage {
                Stage::SemiFinal => "半决赛",
                Stage::Final => "决赛",
                Stage::ThirdPlace => "三四名决赛",
                Stage::Swiss => "积分编排",
            };
            format!("{red}号对{black}号：淘汰赛{name}")
        }
        Line::OnBoard(board, line) => format!("第{board}台：{}", self::line(line)),
        Line::InSection(name, line) => format!("{name}: {}", self::line(line)),
        Line::NotPaired(r) => format!("第{r}轮尚未编排"),
        Line::HandChanged(r) => {
            format!("注意：第{r}轮的对阵与上述程序编排不同（人工调整或淘汰赛选先）")
        }
        Line::TeamMatch {
            index,
            first,
            second,
            berger,
        } => format!(
            "第{index}场：{first}（先走，单数台执红）— {second}{}",
            if *berger {
                "（贝格尔编排）"
            } else {
                "（按场分编排）"
            }
        ),
        Line::TeamBye(t) => format!("轮空：{t}"),
        Line::DefaultLineups(v) => {
            format!("未提交出场名单，按报名台次顺序出场：{}", v.join("、"))
        }
        Line::Override(Overridden::Break(b)) => {
            format!(
                "已接受的人工调整：{}",
                crate::i18n::errors::rule_break(b, Lang::Zh)
            )
        }
        Line::Override(Overridden::Words(w)) => format!("已接受的人工调整：{w}"),
        Line::Decision { manual, reason } => format!(
            "裁判长决定：{}；理由：{reason}",
            if *manual {
                "人工编排本轮"
            } else {
                "放宽先后手规则编排"
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
    let mut s = format!("{red}号对{black}号：");
    let (hi, lo) = if sr >= sb { (red, black) } else { (black, red) };
    let (hs, ls) = (sr.max(sb), sr.min(sb));
    if hs == ls {
        let _ = write!(s, "{hs}分组内");
    } else {
        let _ = write!(s, "{hi}号下浮（{hs}分对{ls}分，{lo}号上浮）");
        if repeat {
            s.push_str("，连续两轮浮动");
        }
    }
    let _ = write!(s, "；{}", reason(colour));
    for b in breaks {
        let _ = write!(s, "；放宽：{}", colour_break(*b));
    }
    s
}
