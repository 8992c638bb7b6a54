//! A console theme that cannot be used (`ThemeFault`, what `console::theme` hands over) in
//! words, through the catalog's helpers for files and RON (`i18n::errors`) in Chinese.

use crate::domain::rules::Lang;
use crate::i18n::errors;

/// Why a theme could not be used.
#[derive(Debug)]
pub enum ThemeFault {
    /// No embedded theme has this name, and it is no `.ron` file.
    Unknown { name: String, known: Vec<String> },
    /// The theme file could not be read.
    Read { path: String, error: std::io::Error },
    /// The theme file is not valid RON.
    Syntax {
        name: String,
        line: usize,
        column: usize,
        code: ron::Error,
    },
    /// A style names no colour.
    Colour { name: String, value: String },
    /// A style names no text attribute.
    Attribute { name: String, value: String },
}

/// A console theme that cannot be used, in `lang`.
pub fn theme_fault(f: &ThemeFault, lang: Lang) -> String {
    use ThemeFault as F;
    match f {
        F::Unknown { name, known } => words!(
            lang,
            format!(
                "没有名为 '{name}' 的主题 (可用: {}, 或一个 .ron 主题文件)",
                known.join("、")
            ),
            format!(
                "unknown theme '{name}' (known: {}, or a .ron file)",
                known.join(", ")
            )
        ),
        F::Read { path, error } => words!(
            lang,
            format!("主题文件 {path}: {}", errors::io(error, lang)),
            format!("{path}: {error}")
        ),
        F::Syntax {
            name,
            line,
            column,
            code,
        } => words!(
            lang,
            format!(
                "主题 {name}: 第{line}行第{column}列: {}",
                errors::ron(code, lang)
            ),
            format!("theme {name}: line {line}, column {column}: {code}")
        ),
        F::Colour { name, value } => words!(
            lang,
            format!("主题 {name}: '{value}' 不是颜色名 (如 red、lightyellow 或 #rrggbb)"),
            format!("theme {name}: '{value}' is not a colour")
        ),
        F::Attribute { name, value } => words!(
            lang,
            format!(
                "主题 {name}: '{value}' 不是文字样式 (bold、dim、italic、underlined、reversed)"
            ),
            format!("theme {name}: '{value}' is not a text attribute")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The English is what the fault's `Display` said before it moved here.
    #[test]
    fn faults_in_both_languages() {
        let unknown = ThemeFault::Unknown {
            name: "neon".into(),
            known: vec!["dark".into(), "light".into()],
        };
        assert_eq!(
            theme_fault(&unknown, Lang::En),
            "unknown theme 'neon' (known: dark, light, or a .ron file)"
        );
        assert_eq!(
            theme_fault(&unknown, Lang::Zh),
            "没有名为 'neon' 的主题 (可用: dark、light, 或一个 .ron 主题文件)"
        );
        let attribute = ThemeFault::Attribute {
            name: "x".into(),
            value: "blink".into(),
        };
        assert_eq!(
            theme_fault(&attribute, Lang::En),
            "theme x: 'blink' is not a text attribute"
        );
        assert_eq!(
            theme_fault(&attribute, Lang::Zh),
            "主题 x: 'blink' 不是文字样式 (bold、dim、italic、underlined、reversed)"
        );
    }
}
