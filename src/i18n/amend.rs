//! The words of an amendment of the rules (`bianpai amend`, docs/cli.md): its audit line and
//! why one is refused, once per language.

use crate::domain::amend::record::{AMENDABLE, AmendFault, Amendment};
use crate::domain::ids::Round;
use crate::domain::rules::Lang;

/// The audit's line: `修改规则 self_report = auto, 自第3轮起生效; 理由: …`.
pub fn amended(a: Amendment, from: Round, reason: &str, lang: Lang) -> String {
    let (field, value) = (a.field(), a.value());
    words!(
        lang,
        format!(
            "修改规则 {field} = {value}, 自第{from}轮起生效 (已编排的轮次不变); 理由: {reason}"
        ),
        format!(
            "rules amended: {field} = {value} from round {from} on (rounds already paired keep theirs): {reason}"
        )
    )
}

/// A refused amendment, naming the field and what it takes.
pub fn fault(f: &AmendFault, lang: Lang) -> String {
    let fields = AMENDABLE.join(", ");
    match f {
        AmendFault::UnknownField(field) => words!(
            lang,
            format!("没有可修改的规则项 '{field}'; 可修改: {fields}"),
            format!("'{field}' is not a rule amend changes; it changes: {fields}")
        ),
        AmendFault::Fixed(field) => words!(
            lang,
            format!(
                "规则项 {field} 不得在赛中修改: 它决定已得的积分或比赛的编排方式; 可修改: {fields}"
            ),
            format!(
                "{field} may not change during the event: it decides points already earned or the event's shape; amend changes: {fields}"
            )
        ),
        AmendFault::BadValue {
            field,
            value,
            takes,
        } => {
            let takes = takes.join(" | ");
            words!(
                lang,
                format!("规则项 {field} 不能取值 '{value}'; 可取: {takes}"),
                format!("{field} does not take '{value}'; it takes: {takes}")
            )
        }
        AmendFault::Unchanged { field, value } => words!(
            lang,
            format!("规则项 {field} 已经是 {value}, 无需修改"),
            format!("{field} is {value} already; nothing to amend")
        ),
    }
}

/// `amend` without a reason.
pub fn reason_needed(lang: Lang) -> &'static str {
    words!(
        lang,
        "修改规则须填写理由 (--reason 理由)",
        "amending the rules (--reason TEXT) needs a reason"
    )
}
