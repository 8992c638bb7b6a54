//! A refused TRF file in words (`bianpai new --trf`): one line naming the file, the line and
//! the column, and what is wrong there.

use crate::domain::rules::Lang;
use crate::import::trf::{TrfFault, TrfFaultKind, TrfField};

fn field(f: TrfField, lang: Lang) -> &'static str {
    match f {
        TrfField::StartNumber => words!(lang, "起始编号", "start number"),
        TrfField::Name => words!(lang, "姓名", "name"),
        TrfField::Sex => words!(lang, "性别", "sex"),
        TrfField::Rating => words!(lang, "等级分", "rating"),
        TrfField::Points => words!(lang, "积分", "points"),
        TrfField::Rank => words!(lang, "名次", "rank"),
        TrfField::Opponent => words!(lang, "对手编号", "opponent"),
        TrfField::Colour => words!(lang, "先后手 (w/b)", "colour (w/b)"),
        TrfField::Result => words!(lang, "结果", "result"),
        TrfField::Rounds => words!(lang, "轮数", "number of rounds"),
        TrfField::Scoring => words!(lang, "计分记录 (162)", "scoring record (162)"),
        TrfField::Date => words!(lang, "日期", "date"),
        TrfField::Note => words!(lang, "bianpai 注释行 (###)", "bianpai note (###)"),
    }
}

/// Tenths as points (`35` → `3.5`).
fn pts(t: u32) -> String {
    if t.is_multiple_of(10) {
        format!("{}.0", t / 10)
    } else {
        format!("{}.{}", t / 10, t % 10)
    }
}

/// What is wrong, without the place.
pub fn trf_kind(k: &TrfFaultKind, lang: Lang) -> String {
    use TrfFaultKind as K;
    match k {
        K::NoPlayers => words!(
            lang,
            "文件中没有棋手行 (001)",
            "no player line (001) in the file"
        )
        .into(),
        K::Malformed { field: f, found } => {
            let f = field(*f, lang);
            words!(
                lang,
                format!("{f}无法识别: '{found}'"),
                format!("the {f} cannot be read: '{found}'")
            )
        }
        K::StartNumberTwice { no, first_line } => words!(
            lang,
            format!("起始编号 {no} 重复 (第{first_line}行已有)"),
            format!("start number {no} given twice (already on line {first_line})")
        ),
        K::NoSuchOpponent { round, opponent } => words!(
            lang,
            format!("第{round}轮对手 {opponent} 没有棋手行"),
            format!("round {round}: opponent {opponent} has no player line")
        ),
        K::PairedWithSelf { round } => words!(
            lang,
            format!("第{round}轮与自己对阵"),
            format!("round {round}: paired with themselves")
        ),
        K::PairingNotHeld {
            round,
            no,
            opponent,
            theirs,
        } => {
            let t = theirs.map_or_else(
                || words!(lang, "无对手", "no opponent").to_string(),
                |o| o.to_string(),
            );
            words!(
                lang,
                format!("第{round}轮 {no} 对 {opponent}, 但 {opponent} 的行中该轮是 {t}"),
                format!(
                    "round {round}: {no} plays {opponent}, but {opponent}'s line has {t} in that round"
                )
            )
        }
        K::SameColour { round, opponent } => words!(
            lang,
            format!("第{round}轮与 {opponent} 双方同为一种颜色"),
            format!("round {round}: both sides of the game with {opponent} hold the same colour")
        ),
        K::ResultsDisagree {
            round,
            opponent,
            mine,
            theirs,
        } => words!(
            lang,
            format!("第{round}轮与 {opponent} 的结果不相符: 本方 '{mine}', 对方 '{theirs}'"),
            format!(
                "round {round}: the results of the game with {opponent} do not fit: '{mine}' here, '{theirs}' there"
            )
        ),
        K::ResultWithoutGame { round, result } => words!(
            lang,
            format!("第{round}轮结果 '{result}' 与对手栏不符 (对局须有对手, 轮空不得有对手)"),
            format!(
                "round {round}: result '{result}' does not fit the opponent field (a game needs an opponent, a bye has none)"
            )
        ),
        K::TotalMismatch { declared, computed } => {
            let (d, c) = (pts(*declared), pts(*computed));
            words!(
                lang,
                format!("积分 {d} 与各轮结果按计分 (162) 所得 {c} 不符"),
                format!("total {d} is not what its results give under the scoring (162): {c}")
            )
        }
        K::TooManyRounds { rounds, found } => words!(
            lang,
            format!("该行有 {found} 轮, 比赛只有 {rounds} 轮"),
            format!("the line holds {found} rounds; the event has {rounds}")
        ),
        K::NoRoundCount => words!(
            lang,
            "文件未写明轮数 (XXR 或 142): 请加 --rounds N",
            "the file does not say the number of rounds (XXR or 142): give --rounds N"
        )
        .into(),
        K::NotTheTable {
            round,
            no,
            table,
            red,
        } => {
            let game = match (table, red) {
                (None, _) => words!(lang, "轮空".to_string(), "the rest".to_string()),
                (Some(o), true) => words!(lang, format!("执红对 {o}"), format!("red against {o}")),
                (Some(o), false) => {
                    words!(lang, format!("执黑对 {o}"), format!("black against {o}"))
                }
            };
            words!(
                lang,
                format!(
                    "循环赛第{round}轮不是贝格尔编排表的对阵: 表中 {no} 应{game} (按表进行的循环赛才能续编; 只导入成绩请用 --preset fide-swiss)"
                ),
                format!(
                    "round {round} of the round robin is not the Berger table's: the table gives {no} {game} (only a round robin on the table can go on; to import the results alone use --preset fide-swiss)"
                )
            )
        }
        K::KnockoutOutsideRules { round, rounds } => match rounds {
            None => words!(
                lang,
                format!("第{round}轮有淘汰赛对局, 但所用规程没有淘汰赛 (knockout)"),
                format!("a knockout game in round {round}, but the rules have no knockout")
            ),
            Some((a, b)) if a == b => words!(
                lang,
                format!("第{round}轮有淘汰赛对局, 但所用规程的淘汰赛在第{a}轮"),
                format!(
                    "a knockout game in round {round}, but the rules' knockout plays round {a}"
                )
            ),
            Some((a, b)) => words!(
                lang,
                format!("第{round}轮有淘汰赛对局, 但所用规程的淘汰赛在第{a}至{b}轮"),
                format!(
                    "a knockout game in round {round}, but the rules' knockout plays rounds {a} to {b}"
                )
            ),
        },
        K::NoteWithoutPlayer { round, no } => words!(
            lang,
            format!("第{round}轮没有编号 {no} 的对局"),
            format!("round {round} has no game of start number {no}")
        ),
    }
}

/// One line: the file, the place, what is wrong.
pub fn trf(e: &TrfFault, file: &str, lang: Lang) -> String {
    let (line, column) = (e.line, e.column);
    let what = trf_kind(&e.kind, lang);
    words!(
        lang,
        format!("{file}: 第{line}行第{column}列: {what}"),
        format!("{file}: line {line}, column {column}: {what}")
    )
}
