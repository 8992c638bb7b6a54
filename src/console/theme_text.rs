//! A console theme that cannot be used (`theme::ThemeFault`) in words: the console words its
//! own faults through the catalog's helpers for files and RON (`i18n::errors`).

use super::theme::ThemeFault as F;
use crate::domain::rules::Lang;
use crate::i18n::errors;

/// A console theme that cannot be used (`console::theme::ThemeFault`).
pub fn theme(f: &F, lang: Lang) -> String {
    if lang == Lang::En {
        return f.to_string();
    }
    match f {
        F::Unknown { name, known } => format!(
            "没有名为 '{name}' 的主题 (可用: {}, 或一个 .ron 主题文件)",
            known.join("、")
        ),
        F::Read { path, error } => format!("主题文件 {path}: {}", errors::io(error, lang)),
        F::Syntax {
            name,
            line,
            column,
            code,
        } => format!(
            "主题 {name}: 第{line}行第{column}列: {}",
            errors::ron(code, lang)
        ),
        F::Colour { name, value } => {
            format!("主题 {name}: '{value}' 不是颜色名 (如 red、lightyellow 或 #rrggbb)")
        }
        F::Attribute { name, value } => {
            format!("主题 {name}: '{value}' 不是文字样式 (bold、dim、italic、underlined、reversed)")
        }
    }
}
