//! The shape of the source tree (docs/architecture.md): the layers import only downwards, the
//! domain has no import cycle between its files, and the domain reads no file, clock, zone or
//! environment. Read from the sources themselves, so a change that breaks the shape fails here.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first. A file may name `crate::X` only for an X of a lower layer
/// (or its own top-level module).
const LAYERS: &[(&str, u32)] = &[
    ("platform", 0),
    ("domain", 1),
    ("log", 2),
    ("import", 2),
    ("i18n", 3),
    ("export", 4),
    ("serve", 5),
    ("console", 6),
    ("cli", 7),
];

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
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

/// The file's code outside its test module and comments.
fn code_of(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap();
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Whether a file is only tests (`tests.rs` or a file under a `tests` folder).
fn is_test_file(path: &Path) -> bool {
    path.file_stem().is_some_and(|s| s == "tests")
}

#[derive(Debug, PartialEq)]
enum Tok {
    Ident(String),
    Path,
    Open,
    Close,
    Comma,
    Other,
}

fn tokens(code: &str) -> Vec<Tok> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Tok::Ident(chars[start..i].iter().collect()));
            continue;
        }
        if c == '"' {
            // Skip string literals, but keep serde's `skip_serializing_if = "path"` paths:
            // they name code too.
            i += 1;
            let start = i;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            let lit: String = chars[start..i.min(chars.len())].iter().collect();
            if lit.starts_with("crate::") || lit.starts_with("super::") {
                out.extend(tokens(&lit));
            }
            out.push(Tok::Other);
            i += 1;
            continue;
        }
        if c == ':' && chars.get(i + 1) == Some(&':') {
            out.push(Tok::Path);
            i += 2;
            continue;
        }
        out.push(match c {
            '{' => Tok::Open,
            '}' => Tok::Close,
            ',' => Tok::Comma,
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            _ => Tok::Other,
        });
        i += 1;
    }
    out
}

/// Every path the code names from `crate`, `super` or `self`, groups expanded
/// (`use super::{a, b::c}` gives `super::a` and `super::b::c`).
fn paths(code: &str) -> Vec<Vec<String>> {
    fn group(toks: &[Tok], mut i: usize, prefix: &[String], out: &mut Vec<Vec<String>>) -> usize {
        // toks[i] is just after `{`
        let mut cur: Vec<String> = prefix.to_vec();
        while i < toks.len() {
            match &toks[i] {
                Tok::Ident(s) => cur.push(s.clone()),
                Tok::Open => {
                    i = group(toks, i + 1, &cur, out);
                    cur = prefix.to_vec();
                    continue;
                }
                Tok::Comma => {
                    if cur.len() > prefix.len() {
                        out.push(std::mem::replace(&mut cur, prefix.to_vec()));
                    }
                }
                Tok::Close => {
                    if cur.len() > prefix.len() {
                        out.push(cur);
                    }
                    return i + 1;
                }
                Tok::Path | Tok::Other => {}
            }
            i += 1;
        }
        i
    }
    let toks = tokens(code);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let Tok::Ident(head) = &toks[i] else {
            i += 1;
            continue;
        };
        let starts = matches!(head.as_str(), "crate" | "super" | "self")
            && toks.get(i + 1) == Some(&Tok::Path)
            && (i == 0 || toks[i - 1] != Tok::Path);
        if !starts {
            i += 1;
            continue;
        }
        let mut path = vec![head.clone()];
        i += 1;
        while i + 1 < toks.len() && toks[i] == Tok::Path {
            match &toks[i + 1] {
                Tok::Ident(s) => {
                    path.push(s.clone());
                    i += 2;
                }
                Tok::Open => {
                    i = group(&toks, i + 2, &path, &mut out);
                    path.clear();
                    break;
                }
                _ => break,
            }
        }
        if !path.is_empty() {
            out.push(path);
        }
    }
    out
}

/// The module path of a file under `src/` (`domain/pairing/mod.rs` → `domain::pairing`).
fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src()).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

/// A named path as an absolute module path, from the file `me` (`is_mod`: a `mod.rs`).
fn absolute(me: &[String], path: &[String]) -> Vec<String> {
    let mut cur: Vec<String> = me.to_vec();
    let mut rest = path;
    match path.first().map(String::as_str) {
        Some("crate") => {
            cur.clear();
            rest = &path[1..];
        }
        Some("self") => rest = &path[1..],
        Some("super") => {
            while rest.first().is_some_and(|s| s == "super") {
                cur.pop();
                rest = &rest[1..];
            }
        }
        _ => {}
    }
    cur.extend(rest.iter().cloned());
    cur
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let rank: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut wrong = Vec::new();
    for f in files.iter().filter(|f| !is_test_file(f)) {
        let me = module_of(f);
        let Some(&mine) = me.first().and_then(|m| rank.get(m.as_str())) else {
            continue;
        };
        for p in paths(&code_of(f)) {
            let abs = absolute(&me, &p);
            let Some(top) = abs.first() else { continue };
            if *top == me[0] {
                continue;
            }
            if let Some(&theirs) = rank.get(top.as_str())
                && theirs >= mine
            {
                wrong.push(format!(
                    "{} names {}",
                    f.strip_prefix(src()).unwrap().display(),
                    abs.join("::")
                ));
            }
        }
    }
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "arrows up or sideways:\n{}",
        wrong.join("\n")
    );
}

/// Tarjan's strongly connected components of the domain's file graph.
fn cycles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    struct S<'a> {
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        index: BTreeMap<&'a [String], usize>,
        low: BTreeMap<&'a [String], usize>,
        stack: Vec<&'a [String]>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn strong<'a>(s: &mut S<'a>, v: &'a [String]) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        for w in s.edges.get(v).into_iter().flatten() {
            let w: &'a [String] = w.as_slice();
            if !s.index.contains_key(w) {
                strong(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.stack.contains(&w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                comp.push(w.join("::"));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = S {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_slice()) {
            strong(&mut s, v);
        }
    }
    s.out
}

/// The domain's file graph: each file's module and the domain modules it names.
fn domain_edges() -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut files = Vec::new();
    rust_files(&src().join("domain"), &mut files);
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .filter(|f| !is_test_file(f))
        .map(|f| module_of(f))
        .collect();
    let resolve = |path: &[String]| {
        (1..=path.len())
            .rev()
            .map(|k| path[..k].to_vec())
            .find(|p| modules.contains(p))
    };
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for f in files.iter().filter(|f| !is_test_file(f)) {
        let me = module_of(f);
        let targets = edges.entry(me.clone()).or_default();
        for p in paths(&code_of(f)) {
            if let Some(t) = resolve(&absolute(&me, &p))
                && t != me
                && t.first().is_some_and(|d| d == "domain")
            {
                targets.insert(t);
            }
        }
    }
    edges
}

#[test]
fn the_vocabulary_and_the_matching_are_leaves() {
    let leaf = |m: &[String]| {
        m.len() >= 2
            && (matches!(m[1].as_str(), "ids" | "side" | "result" | "role" | "lang")
                || m[1] == "matching")
    };
    let edges = domain_edges();
    let mut wrong = Vec::new();
    for (from, to) in edges.iter().filter(|(m, _)| leaf(m)) {
        for t in to.iter().filter(|t| !leaf(t)) {
            wrong.push(format!("{} names {}", from.join("::"), t.join("::")));
        }
    }
    assert!(
        edges.keys().filter(|m| leaf(m)).count() >= 8,
        "the leaves were not found"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_file_of_the_domain_imports_itself_back() {
    let edges = domain_edges();
    assert!(
        edges.len() > 40,
        "the domain's files were not read: {}",
        edges.len()
    );
    let found = cycles(&edges);
    assert!(
        found.is_empty(),
        "import cycles among the domain's files:\n{}",
        found
            .iter()
            .map(|c| c.join(" <-> "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_domain_reads_no_file_clock_zone_or_environment() {
    let mut files = Vec::new();
    rust_files(&src().join("domain"), &mut files);
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !is_test_file(f)) {
        let code = code_of(f);
        for bad in [
            "std::fs",
            "File::",
            "chrono::Local",
            "Utc::now",
            "SystemTime",
            "env::var",
            "crate::platform",
        ] {
            if code.contains(bad) {
                found.push(format!(
                    "{}: {bad}",
                    f.strip_prefix(src()).unwrap().display()
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_path_reader_sees_groups_and_super_chains() {
    let got = paths(
        "use super::{a, b::{c, d}};\nlet x = crate::domain::ids::Round(1);\nuse super::super::e;",
    );
    let want: Vec<Vec<String>> = [
        vec!["super", "a"],
        vec!["super", "b", "c"],
        vec!["super", "b", "d"],
        vec!["crate", "domain", "ids", "Round"],
        vec!["super", "super", "e"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| (*s).to_string()).collect())
    .collect();
    assert_eq!(got, want);
    let me: Vec<String> = ["domain", "team", "lineup"]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
    assert_eq!(
        absolute(&me, &want[4]).join("::"),
        "domain::e",
        "each super goes one module up"
    );
}

#[test]
fn no_source_file_is_longer_than_a_person_can_hold() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(
        files.len() > 100,
        "the sources were not read: {}",
        files.len()
    );
    let long: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let n = fs::read_to_string(f).unwrap().lines().count();
            (n > 600).then(|| format!("{}: {n} lines", f.strip_prefix(src()).unwrap().display()))
        })
        .collect();
    assert!(long.is_empty(), "split by concern:\n{}", long.join("\n"));
}
