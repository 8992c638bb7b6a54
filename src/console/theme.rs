//! Console colours as data: RON files in `themes/` (dark, light, high-contrast, monochrome),
//! embedded so the binary works alone. `NO_COLOR` selects monochrome unless a theme is named.

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// Why a theme could not be used (worded by `i18n::screen::theme_fault`).
pub use crate::i18n::screen::ThemeFault;

/// What is wrong with one style of a theme file.
enum StyleFault {
    Colour(String),
    Attribute(String),
}

/// The embedded themes, by name.
pub const THEMES: [(&str, &str); 4] = [
    ("dark", include_str!("../../themes/dark.ron")),
    ("light", include_str!("../../themes/light.ron")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.ron"),
    ),
    ("monochrome", include_str!("../../themes/monochrome.ron")),
];

/// One style as written in a theme file: colour names or `#rrggbb`, and modifiers.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct StyleSpec {
    #[serde(default)]
    fg: Option<String>,
    #[serde(default)]
    bg: Option<String>,
    #[serde(default)]
    mods: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeSpec {
    text: StyleSpec,
    dim: StyleSpec,
    title: StyleSpec,
    header: StyleSpec,
    red: StyleSpec,
    black: StyleSpec,
    running: StyleSpec,
    low_time: StyleSpec,
    urgent: StyleSpec,
    attention: StyleSpec,
    highlight: StyleSpec,
    banner: StyleSpec,
    error: StyleSpec,
    info: StyleSpec,
    pending: StyleSpec,
    tab: StyleSpec,
    tab_active: StyleSpec,
}

/// The styles the drawing code uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    pub name: String,
    pub text: Style,
    pub dim: Style,
    pub title: Style,
    pub header: Style,
    pub red: Style,
    pub black: Style,
    pub running: Style,
    pub low_time: Style,
    pub urgent: Style,
    pub attention: Style,
    pub highlight: Style,
    pub banner: Style,
    pub error: Style,
    pub info: Style,
    pub pending: Style,
    pub tab: Style,
    pub tab_active: Style,
}

fn style(spec: &StyleSpec) -> Result<Style, StyleFault> {
    let mut s = Style::default();
    let colour = |c: &str| {
        c.parse::<Color>()
            .map_err(|_| StyleFault::Colour(c.to_string()))
    };
    if let Some(fg) = &spec.fg {
        s = s.fg(colour(fg)?);
    }
    if let Some(bg) = &spec.bg {
        s = s.bg(colour(bg)?);
    }
    for m in &spec.mods {
        let m = match m.as_str() {
            "bold" => Modifier::BOLD,
            "dim" => Modifier::DIM,
            "italic" => Modifier::ITALIC,
            "underlined" => Modifier::UNDERLINED,
            "reversed" => Modifier::REVERSED,
            other => return Err(StyleFault::Attribute(other.to_string())),
        };
        s = s.add_modifier(m);
    }
    Ok(s)
}

impl Theme {
    /// Parses a theme file.
    pub fn from_ron(name: &str, text: &str) -> Result<Theme, ThemeFault> {
        let t: ThemeSpec = ron::from_str(text).map_err(|e| ThemeFault::Syntax {
            name: name.to_string(),
            line: e.span.start.line,
            column: e.span.start.col,
            code: e.code,
        })?;
        let st = |s: &StyleSpec| {
            style(s).map_err(|e| match e {
                StyleFault::Colour(value) => ThemeFault::Colour {
                    name: name.to_string(),
                    value,
                },
                StyleFault::Attribute(value) => ThemeFault::Attribute {
                    name: name.to_string(),
                    value,
                },
            })
        };
        Ok(Theme {
            name: name.to_string(),
            text: st(&t.text)?,
            dim: st(&t.dim)?,
            title: st(&t.title)?,
            header: st(&t.header)?,
            red: st(&t.red)?,
            black: st(&t.black)?,
            running: st(&t.running)?,
            low_time: st(&t.low_time)?,
            urgent: st(&t.urgent)?,
            attention: st(&t.attention)?,
            highlight: st(&t.highlight)?,
            banner: st(&t.banner)?,
            error: st(&t.error)?,
            info: st(&t.info)?,
            pending: st(&t.pending)?,
            tab: st(&t.tab)?,
            tab_active: st(&t.tab_active)?,
        })
    }

    /// An embedded theme by name, or a theme file by path.
    pub fn named(name: &str) -> Result<Theme, ThemeFault> {
        if let Some((n, text)) = THEMES.iter().find(|(n, _)| *n == name) {
            return Theme::from_ron(n, text);
        }
        let path = std::path::Path::new(name);
        if path.extension().is_some_and(|e| e == "ron") {
            let text = crate::platform::read_regular(path, 1024 * 1024)
                .and_then(|b| {
                    String::from_utf8(b).map_err(|e| {
                        std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string())
                    })
                })
                .map_err(|error| ThemeFault::Read {
                    path: name.to_string(),
                    error,
                })?;
            return Theme::from_ron(name, &text);
        }
        Err(ThemeFault::Unknown {
            name: name.to_string(),
            known: THEMES.iter().map(|(n, _)| (*n).to_string()).collect(),
        })
    }

    /// The theme asked for; else monochrome when `no_color`; else dark.
    pub fn choose(name: Option<&str>, no_color: bool) -> Result<Theme, ThemeFault> {
        match name {
            Some(n) => Theme::named(n),
            None if no_color => Theme::named("monochrome"),
            None => Theme::named("dark"),
        }
    }

    /// Whether the environment asks for no colour (`NO_COLOR` set and not empty).
    pub fn no_color_env() -> bool {
        std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_theme_parses() {
        for (name, _) in THEMES {
            let t = Theme::named(name).unwrap();
            assert_eq!(t.name, name);
        }
    }

    #[test]
    fn monochrome_has_no_colours() {
        let t = Theme::named("monochrome").unwrap();
        for s in [t.red, t.running, t.attention, t.urgent, t.banner] {
            assert_eq!(s.fg, None);
            assert_eq!(s.bg, None);
        }
        assert!(t.attention.add_modifier.contains(Modifier::REVERSED));
    }

    #[test]
    fn no_color_picks_monochrome_unless_named() {
        assert_eq!(Theme::choose(None, true).unwrap().name, "monochrome");
        assert_eq!(Theme::choose(None, false).unwrap().name, "dark");
        assert_eq!(Theme::choose(Some("light"), true).unwrap().name, "light");
        assert!(Theme::choose(Some("neon"), false).is_err());
    }

    #[test]
    fn bad_colour_is_reported() {
        let text = THEMES[0].1.replacen("lightyellow", "ultraviolet", 1);
        let err = Theme::from_ron("x", &text).unwrap_err();
        let en = crate::i18n::screen::theme_fault(&err, crate::domain::rules::Lang::En);
        assert!(en.contains("ultraviolet"), "{en}");
        let zh = crate::i18n::screen::theme_fault(&err, crate::domain::rules::Lang::Zh);
        assert_eq!(
            zh,
            "主题 x: 'ultraviolet' 不是颜色名 (如 red、lightyellow 或 #rrggbb)"
        );
    }
}
