//! Every word a person reads has one home, `src/i18n/` (docs/architecture.md, "Words"): outside
//! it and outside `src/import/` (whose Chinese column names are input aliases kept with their
//! parser), the library's code may hold at most 30 lines with Chinese text in a string (the typed
//! aliases each parser reads: 红胜, 先手 …) and no `pick(lang, zh, en)` at all. Comments and the
//! unit tests at the bottom of a file (`#[cfg(test)] mod tests`) are not counted.

use std::fs;
use std::path::{Path, PathBuf};

/// The most lines of Chinese text the code outside the catalog may hold.
const MOST_CHINESE_LINES: usize = 30;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("read src")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

/// The files outside the catalog and the import's aliases, each with its text up to its unit
/// tests.
fn edge_code() -> Vec<(String, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let test_only = test_modules(&files);
    files
        .into_iter()
        .filter(|p| !test_only.contains(p))
        .filter_map(|p| {
            let shown = p.strip_prefix(&src).ok()?.display().to_string();
            if shown.starts_with("i18n/") || shown.starts_with("import/") {
                return None;
            }
            let text = fs::read_to_string(&p).ok()?;
            let code = text
                .find("#[cfg(test)]\nmod tests")
                .map_or(text.as_str(), |at| &text[..at])
                .to_string();
            Some((shown, code))
        })
        .collect()
}

/// The files that are whole unit-test modules (`#[cfg(test)] mod tests;`, a test fixture):
/// their text is the tests', not the program's.
fn test_modules(files: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for f in files {
        let Ok(text) = fs::read_to_string(f) else {
            continue;
        };
        let dir = if f
            .file_name()
            .is_some_and(|n| n == "mod.rs" || n == "lib.rs")
        {
            f.parent().map(Path::to_path_buf)
        } else {
            f.parent().zip(f.file_stem()).map(|(p, s)| p.join(s))
        };
        let Some(dir) = dir else { continue };
        let mut lines = text.lines().map(str::trim);
        while let Some(l) = lines.next() {
            if l != "#[cfg(test)]" {
                continue;
            }
            let Some(next) = lines.next() else { break };
            let name = next
                .trim_start_matches("pub(crate) ")
                .trim_start_matches("pub ")
                .strip_prefix("mod ")
                .and_then(|m| m.strip_suffix(';'));
            if let Some(name) = name {
                out.push(dir.join(format!("{name}.rs")));
                out.push(dir.join(name).join("mod.rs"));
            }
        }
    }
    out
}

fn is_chinese(c: char) -> bool {
    matches!(c, '\u{3000}'..='\u{303f}' | '\u{3400}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}')
}

/// The 1-based lines of `code` where a string or char literal holds Chinese text, and the lines
/// where `pick(` is called; comments are skipped.
fn scan(code: &str) -> (Vec<usize>, Vec<usize>) {
    #[derive(PartialEq)]
    enum In {
        Code,
        LineComment,
        BlockComment(u32),
        Str { raw: Option<usize> },
    }
    let chars: Vec<char> = code.chars().collect();
    let (mut chinese, mut picks) = (Vec::new(), Vec::new());
    let (mut state, mut line, mut i) = (In::Code, 1, 0);
    let at = |i: usize, s: &str| {
        s.chars()
            .enumerate()
            .all(|(k, c)| chars.get(i + k) == Some(&c))
    };
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            if state == In::LineComment {
                state = In::Code;
            }
            i += 1;
            continue;
        }
        match &mut state {
            In::Code => {
                if at(i, "//") {
                    state = In::LineComment;
                } else if at(i, "/*") {
                    state = In::BlockComment(1);
                    i += 1;
                } else if c == '"' {
                    state = In::Str { raw: None };
                } else if c == 'r' && (at(i, "r\"") || at(i, "r#")) && !prev_is_ident(&chars, i) {
                    let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
                    if chars.get(i + 1 + hashes) == Some(&'"') {
                        state = In::Str { raw: Some(hashes) };
                        i += 1 + hashes;
                    }
                } else if c == '\'' && chars.get(i + 1) == Some(&'\\') {
                    // An escaped char literal ('\n', '\''): nothing Chinese in it.
                    i += 2;
                    while chars.get(i + 1).is_some_and(|&q| q != '\'') {
                        i += 1;
                    }
                    i += 1;
                } else if c == '\'' && chars.get(i + 2) == Some(&'\'') {
                    if is_chinese(chars[i + 1]) && chinese.last() != Some(&line) {
                        chinese.push(line);
                    }
                    i += 2;
                } else if at(i, "pick(") && !prev_is_ident(&chars, i) {
                    picks.push(line);
                }
            }
            In::LineComment => {}
            In::BlockComment(depth) => {
                if at(i, "*/") {
                    *depth -= 1;
                    i += 1;
                    if *depth == 0 {
                        state = In::Code;
                    }
                } else if at(i, "/*") {
                    *depth += 1;
                    i += 1;
                }
            }
            In::Str { raw } => {
                if is_chinese(c) && chinese.last() != Some(&line) {
                    chinese.push(line);
                }
                match raw {
                    None if c == '\\' && chars.get(i + 1) != Some(&'\n') => i += 1,
                    None if c == '"' => state = In::Code,
                    Some(h) if c == '"' && chars[i + 1..].iter().take(*h).all(|&x| x == '#') => {
                        i += *h;
                        state = In::Code;
                    }
                    _ => {}
                }
            }
        }
        i += 1;
    }
    (chinese, picks)
}

fn prev_is_ident(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

#[test]
fn the_reader_sees_chinese_in_strings_and_picks_in_code_only() {
    let code = "// 注释\nlet a = \"红胜\";\n/* 块 */ let b = r#\"和\"#;\nlet c = '和';\nlet q = '\\'';\nlet d = pick(lang, \"x\", \"y\");\nlet e = \"pick(\"; // pick(\nfn unpick() {}\n";
    let (chinese, picks) = scan(code);
    assert_eq!(chinese, vec![2, 3, 4]);
    assert_eq!(picks, vec![6]);
}

#[test]
fn the_words_live_in_the_catalog() {
    let mut chinese = Vec::new();
    let mut picks = Vec::new();
    for (file, code) in edge_code() {
        let (c, p) = scan(&code);
        let lines: Vec<&str> = code.lines().collect();
        chinese.extend(
            c.into_iter()
                .map(|l| format!("{file}:{l}: {}", lines[l - 1].trim())),
        );
        picks.extend(p.into_iter().map(|l| format!("{file}:{l}")));
    }
    assert!(
        picks.is_empty(),
        "pick(lang, zh, en) outside src/i18n/ (word it in the catalog):\n{}",
        picks.join("\n")
    );
    assert!(
        chinese.len() <= MOST_CHINESE_LINES,
        "{} lines of Chinese text outside src/i18n/ and src/import/ (at most {MOST_CHINESE_LINES}):\n{}",
        chinese.len(),
        chinese.join("\n")
    );
    // The count is printed so a change that adds a line is seen before it reaches the limit.
    println!(
        "{} lines of Chinese text outside the catalog",
        chinese.len()
    );
}
