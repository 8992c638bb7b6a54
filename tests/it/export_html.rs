//! The html printouts are well-formed (checked by a small strict XML-style parser: every
//! tag closed and properly nested, attributes quoted, `&` only in known entities, `<` never
//! raw in text), self-contained, escaped, and set up for A4.

use crate::support::export as export_support;

use export_support::*;

const ENTITIES: [&str; 5] = ["amp", "lt", "gt", "quot", "#39"];

/// Checks a character-data run: no raw `<`, every `&` starts a known entity.
fn check_text(s: &str, at: usize) -> Result<(), String> {
    if s.contains('<') {
        return Err(format!("raw '<' in text near byte {at}"));
    }
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        let tail = &rest[i + 1..];
        let end = tail
            .find(';')
            .ok_or_else(|| format!("'&' without ';' near byte {at}"))?;
        let name = &tail[..end];
        if !ENTITIES.contains(&name) {
            return Err(format!("unknown entity '&{name};' near byte {at}"));
        }
        rest = &tail[end + 1..];
    }
    Ok(())
}

/// Parses `name attr="v" …` of a start tag; returns the element name and whether it closes
/// itself (`/>`).
fn parse_start_tag(inner: &str, at: usize) -> Result<(String, bool), String> {
    let (inner, self_closing) = match inner.strip_suffix('/') {
        Some(s) => (s, true),
        None => (inner, false),
    };
    let name_end = inner
        .find(|c: char| c.is_whitespace())
        .unwrap_or(inner.len());
    let name = &inner[..name_end];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(format!("bad element name '{name}' near byte {at}"));
    }
    let mut rest = inner[name_end..].trim_start();
    let mut seen = Vec::new();
    while !rest.is_empty() {
        let eq = rest
            .find('=')
            .ok_or_else(|| format!("attribute without value in <{name}> near byte {at}"))?;
        let attr = rest[..eq].trim();
        if attr.is_empty() || !attr.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(format!("bad attribute name '{attr}' near byte {at}"));
        }
        if seen.contains(&attr) {
            return Err(format!("duplicate attribute '{attr}' near byte {at}"));
        }
        seen.push(attr);
        let after = rest[eq + 1..].trim_start();
        let after = after
            .strip_prefix('"')
            .ok_or_else(|| format!("unquoted attribute '{attr}' near byte {at}"))?;
        let close = after
            .find('"')
            .ok_or_else(|| format!("unterminated attribute '{attr}' near byte {at}"))?;
        check_text(&after[..close], at)?;
        rest = after[close + 1..].trim_start();
    }
    Ok((name.to_string(), self_closing))
}

/// Strict well-formedness: one root element, every element closed and nested, only a
/// doctype before it and whitespace after it.
fn well_formed(doc: &str) -> Result<(), String> {
    let mut rest = doc.strip_prefix("<!DOCTYPE html>").ok_or("no doctype")?;
    let mut stack: Vec<String> = Vec::new();
    let mut roots = 0;
    let mut pos = doc.len() - rest.len();
    while !rest.is_empty() {
        let lt = rest.find('<').unwrap_or(rest.len());
        let text = &rest[..lt];
        if stack.is_empty() && !text.trim().is_empty() {
            return Err(format!("text outside the root element near byte {pos}"));
        }
        check_text(text, pos)?;
        if text.contains('>') && stack.last().is_none_or(|t| t != "style") {
            return Err(format!("raw '>' in text near byte {pos}"));
        }
        rest = &rest[lt..];
        pos += lt;
        if rest.is_empty() {
            break;
        }
        if rest.starts_with("<!--") {
            let end = rest.find("-->").ok_or("unterminated comment")?;
            rest = &rest[end + 3..];
            pos += end + 3;
            continue;
        }
        let gt = rest
            .find('>')
            .ok_or_else(|| format!("unterminated tag at byte {pos}"))?;
        let inner = &rest[1..gt];
        if let Some(name) = inner.strip_prefix('/') {
            let open = stack
                .pop()
                .ok_or_else(|| format!("</{name}> closes nothing at byte {pos}"))?;
            if open != name {
                return Err(format!("</{name}> closes <{open}> at byte {pos}"));
            }
        } else {
            let (name, self_closing) = parse_start_tag(inner, pos)?;
            if stack.is_empty() {
                roots += 1;
            }
            if !self_closing {
                stack.push(name);
            }
        }
        rest = &rest[gt + 1..];
        pos += gt + 1;
    }
    if let Some(open) = stack.last() {
        return Err(format!("<{open}> never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[test]
fn the_checker_rejects_broken_markup() {
    let ok = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"/></head><body><p>a &amp; b</p></body></html>\n";
    assert_eq!(well_formed(ok), Ok(()));
    for bad in [
        "<!DOCTYPE html><html><body><p>a</body></html>",
        "<!DOCTYPE html><html><meta charset=utf-8/></html>",
        "<!DOCTYPE html><html><p>a & b</p></html>",
        "<!DOCTYPE html><html><p>a < b</p></html>",
        "<!DOCTYPE html><html><p>a</p></html><html></html>",
        "<!DOCTYPE html><html><br></html>",
        "<!DOCTYPE html><html><p class=\"a\" class=\"b\">x</p></html>",
        "<html></html>",
    ] {
        assert!(well_formed(bad).is_err(), "accepted: {bad}");
    }
}

#[test]
fn html_pages_are_well_formed_escaped_and_print_on_a4() {
    let dir = tempfile::tempdir().unwrap();
    let log = round_one_event(dir.path());
    let l = log.to_str().unwrap();
    for lang in ["zh", "en"] {
        for what in [
            "pairings",
            "standings",
            "crosstable",
            "players",
            "clocks",
            "all",
            "scoresheets",
        ] {
            let page = String::from_utf8(ok(&[
                "export", l, "--format", "html", "--what", what, "--lang", lang,
            ]))
            .unwrap();
            if let Err(e) = well_formed(&page) {
                panic!("{what} {lang}: {e}\n{page}");
            }
            // Self-contained: no scripts, links or remote resources.
            for banned in ["<script", "<link", "src=", "http:", "https:", "url("] {
                assert!(!page.contains(banned), "{what}: {banned}");
            }
            assert!(page.contains("@page { size: A4 portrait; margin: 10mm }"));
            assert!(page.contains("@page wide { size: A4 landscape; margin: 10mm }"));
            assert!(page.contains("thead { display: table-header-group }"));
            assert!(page.contains("break-inside: avoid"));
            assert!(page.contains("测试赛 &lt;2024&gt; &amp; &quot;Cup&quot;</"));
            if what != "scoresheets" {
                assert!(page.contains("<h1>测试赛 &lt;2024&gt; &amp; &quot;Cup&quot;</h1>"));
            }
            if what != "scoresheets" {
                let sign = if lang == "zh" {
                    "裁判长："
                } else {
                    "Chief arbiter: "
                };
                assert!(page.contains(sign), "{what}: signature lines");
            }
            if what != "clocks" {
                assert!(
                    page.contains("&lt;b&gt;Tom &amp; &#39;Jerry&#39;&lt;/b&gt;"),
                    "{what}: the name is escaped"
                );
            }
            assert!(!page.contains("<b>Tom"), "{what}: raw markup leaked");
        }
    }
    let pairings =
        String::from_utf8(ok(&["export", l, "--format", "html", "--what", "pairings"])).unwrap();
    assert!(
        pairings.contains("<h2>对阵表 第1轮</h2>"),
        "round in the header"
    );
    let standings = String::from_utf8(ok(&[
        "export",
        l,
        "--format",
        "html",
        "--what",
        "standings",
        "--lang",
        "en",
    ]))
    .unwrap();
    assert!(standings.contains("<h2>Standings after round 1</h2>"));
    let all = String::from_utf8(ok(&["export", l, "--format", "html", "--what", "all"])).unwrap();
    // Pairings, standings, crosstable, teams, prizes, players.
    assert_eq!(all.matches("<section class=\"sheet").count(), 6);
    assert_eq!(all.matches("<footer class=\"sign\">").count(), 6);
    assert!(all.contains("page-break-before: always"));
}
