//! The sentences printed under a table: why the knockout's places do not follow points, why
//! there are no team standings, which category prize the one-prize rule moved down, and a
//! round robin's withdrawal with the rule applied (R2011 ch.14).

use crate::domain::PlayerNo;
use crate::domain::round_robin::withdrawal::Verdict;
use crate::domain::rules::Lang;

/// A sentence under a table, with its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Note<'a> {
    /// Places 1–`players` come from the knockout after round `after`, not from points.
    Knockout { players: u32, after: u32 },
    /// No player is registered with a team, so the team standings are empty.
    NoTeams,
    /// The one-prize rule moved `category`'s prize (of section `group` when the event has
    /// several) down to `places`.
    MovedDown {
        category: &'a str,
        group: Option<&'a str>,
        places: &'a [u32],
    },
    /// Player `no` withdrew after round `after` having played `played` of `scheduled`
    /// games; `verdict` is the rule applied.
    Withdrawal {
        no: PlayerNo,
        name: &'a str,
        after: u32,
        played: u32,
        scheduled: u32,
        verdict: Verdict,
    },
}

/// The sentence in `lang`.
pub fn note(n: Note<'_>, lang: Lang) -> String {
    match n {
        Note::Knockout { players: 2, after } => words!(
            lang,
            format!(
                "注：第1–2名由决赛决定（第{after}轮后前2名进行决赛），不按积分排列；其积分为前{after}轮积分加决赛慢棋积分，即计算对手分所用的积分。第3名起按积分及破同分规则排列。"
            ),
            format!(
                "Note: places 1–2 are decided by the final (the top 2 after round {after}), not by points; their points are the {after} Swiss rounds plus the slow game of the final, as counted in opponent score. From place 3 on, points and the tiebreaks decide."
            )
        ),
        Note::Knockout { players: 8, after } => words!(
            lang,
            format!(
                "注：第1–8名由淘汰赛决定（第{after}轮后前8名进行四分之一决赛、半决赛、决赛及三四名赛；四分之一决赛负者按第{after}轮后的名次列第5–8名），不按积分排列；其积分为前{after}轮积分加淘汰赛慢棋积分，即计算对手分所用的积分。第9名起按积分及破同分规则排列。"
            ),
            format!(
                "Note: places 1–8 are decided by the knockout (the top 8 after round {after}: quarter-finals, semi-finals, final and third-place match; the quarter-finals' losers take places 5–8 in their order after round {after}), not by points; their points are the {after} Swiss rounds plus the slow knockout games, as counted in opponent score. From place 9 on, points and the tiebreaks decide."
            )
        ),
        Note::Knockout { players: n, after } => words!(
            lang,
            format!(
                "注：第1–{n}名由淘汰赛决定（第{after}轮后前{n}名进行半决赛、决赛及三四名赛），不按积分排列；其积分为前{after}轮积分加淘汰赛慢棋积分，即计算对手分所用的积分。第{}名起按积分及破同分规则排列。",
                n + 1
            ),
            format!(
                "Note: places 1–{n} are decided by the knockout (the top {n} after round {after}: semi-finals, final and third-place match), not by points; their points are the {after} Swiss rounds plus the slow knockout games, as counted in opponent score. From place {} on, points and the tiebreaks decide.",
                n + 1
            )
        ),
        Note::NoTeams => words!(
            lang,
            "注：没有棋手登记团队（团队列为空），故无团体成绩；团队只写在单位列的名单，导入时加 --team-from-club 以单位为团队。",
            "Note: no player is registered with a team (the team column is empty), so there are no team standings; for a sheet that names the teams only as clubs (单位), import it with --team-from-club."
        )
        .to_string(),
        Note::MovedDown {
            category,
            group,
            places,
        } => {
            let group = group.map_or(String::new(), |g| format!("（{g}）"));
            let places: Vec<String> = places.iter().map(u32::to_string).collect();
            words!(
                lang,
                format!(
                    "注：每人只领一项奖（不兼得）。{category}{group}由第{}名获得：排名在前的符合条件者已获其他奖项，奖项依次顺延。",
                    places.join("、")
                ),
                format!(
                    "Note: one prize per player. {category}{group} went to places {}: better-placed eligible players already held a prize, so it moved down the table.",
                    places.join(", ")
                )
            )
        }
        Note::Withdrawal {
            no,
            name,
            after,
            played,
            scheduled,
            verdict,
        } => match verdict {
            Verdict::Annulled => words!(
                lang,
                format!(
                    "{no}号{name}第{after}轮后退赛，已赛{played}局，不足应赛{scheduled}局的一半：已赛成绩全部取消（对手与其对局不计分），名次列于最后"
                ),
                format!(
                    "{no} {name} withdrew after round {after} having played {played} of {scheduled} games (under half): all results annulled (games against them count for nobody), ranked last"
                )
            ),
            Verdict::Forfeits => words!(
                lang,
                format!(
                    "{no}号{name}第{after}轮后退赛，已赛{played}局，满应赛{scheduled}局的一半：已赛成绩有效，其余各局判对手不战胜"
                ),
                format!(
                    "{no} {name} withdrew after round {after} having played {played} of {scheduled} games (half or more): results stand, the remaining games are won by forfeit by the opponents"
                )
            ),
        },
    }
}
