//! One source file read as the compiler reads its names: tokens (comments, strings, characters
//! and lifetimes skipped), then the facts of each module in it: the children it declares, the
//! items it defines, the leaves of its `use` trees and every other path it names. What a
//! `#[cfg(test)]` marks is left out (a test module's file is kept as a name only).

/// A token; only what a path, a `use` tree or an item's edges need is told apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A word: a keyword, a name, a number, `$crate`.
    Ident(String),
    /// `::`
    Colons,
    Open(char),
    Close(char),
    Comma,
    Semi,
    Star,
    Pound,
    Bang,
    Eq,
    /// A string literal's text (a serde attribute names functions in one).
    Str(String),
    Other,
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    pub line: u32,
}

fn word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The tokens of a source text.
pub fn lex(text: &str) -> Vec<Token> {
    let c: Vec<char> = text.chars().collect();
    let at = |i: usize| c.get(i).copied().unwrap_or('\0');
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    let mut push = |tok, line| out.push(Token { tok, line });
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() {
            i += 1;
        } else if ch == '/' && at(i + 1) == '/' {
            while i < c.len() && c[i] != '\n' {
                i += 1;
            }
        } else if ch == '/' && at(i + 1) == '*' {
            let mut depth = 0;
            while i < c.len() {
                if c[i] == '/' && at(i + 1) == '*' {
                    depth += 1;
                    i += 2;
                } else if c[i] == '*' && at(i + 1) == '/' {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    line += u32::from(c[i] == '\n');
                    i += 1;
                }
            }
        } else if word_char(ch) {
            let start = i;
            while i < c.len() && word_char(c[i]) {
                i += 1;
            }
            let word: String = c[start..i].iter().collect();
            let hashes = (i..c.len()).take_while(|&k| c[k] == '#').count();
            if matches!(word.as_str(), "r" | "br" | "cr") && at(i + hashes) == '"' {
                // a raw string: r#"…"#
                let from = i + hashes + 1;
                let mut k = from;
                while k < c.len() && !(c[k] == '"' && (1..=hashes).all(|h| at(k + h) == '#')) {
                    k += 1;
                }
                let text: String = c[from..k.min(c.len())].iter().collect();
                push(Tok::Str(text.clone()), line);
                line += text.matches('\n').count() as u32;
                i = k + 1 + hashes;
            } else if word == "r" && hashes == 1 && word_char(at(i + 1)) {
                // a raw identifier: r#type
                i += 1;
                let start = i;
                while i < c.len() && word_char(c[i]) {
                    i += 1;
                }
                push(Tok::Ident(c[start..i].iter().collect()), line);
            } else if matches!(word.as_str(), "b" | "c") && matches!(at(i), '"' | '\'') {
                // b"…", c"…", b'…': the literal follows
            } else {
                push(Tok::Ident(word), line);
            }
        } else if ch == '$' && c[i + 1..].starts_with(&['c', 'r', 'a', 't', 'e']) {
            push(Tok::Ident("$crate".into()), line);
            i += 6;
        } else if ch == '"' {
            let from = i + 1;
            i = from;
            while i < c.len() && c[i] != '"' {
                i += if c[i] == '\\' { 2 } else { 1 };
            }
            let text: String = c[from..i.min(c.len())].iter().collect();
            push(Tok::Str(text.clone()), line);
            line += text.matches('\n').count() as u32;
            i += 1;
        } else if ch == '\'' {
            if at(i + 1) == '\\' {
                // '\n', '\'', '\u{…}'
                i += 3;
                while i < c.len() && c[i] != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == '\'' {
                i += 3;
            } else {
                // a lifetime or a label
                i += 1;
                while i < c.len() && word_char(c[i]) {
                    i += 1;
                }
            }
            push(Tok::Other, line);
        } else if ch == ':' && at(i + 1) == ':' {
            push(Tok::Colons, line);
            i += 2;
        } else {
            push(
                match ch {
                    '{' | '(' | '[' => Tok::Open(ch),
                    '}' | ')' | ']' => Tok::Close(ch),
                    ',' => Tok::Comma,
                    ';' => Tok::Semi,
                    '*' => Tok::Star,
                    '#' => Tok::Pound,
                    '!' => Tok::Bang,
                    '=' => Tok::Eq,
                    _ => Tok::Other,
                },
                line,
            );
            i += 1;
        }
    }
    out
}

/// A module the file declares: `mod name;` (its own file) or `mod name { … }` (inline).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModDecl {
    /// The module it is declared in, relative to the file's own (inline modules nest).
    pub scope: Vec<String>,
    pub name: String,
    pub inline: bool,
    /// Under `#[cfg(test)]`: its file is a test file.
    pub test: bool,
    /// `#[path = "…"]`
    pub path: Option<String>,
}

/// One leaf of a `use` tree: `use a::{b::c, d::*}` has the leaves `a::b::c` and `a::d::*`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UseLeaf {
    pub scope: Vec<String>,
    pub path: Vec<String>,
    /// The name it brings into scope (none for a glob or `as _`).
    pub bind: Option<String>,
    pub glob: bool,
    pub line: u32,
}

/// A path named outside a `use` (an expression, a type, a pattern, an attribute's string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub scope: Vec<String>,
    pub path: Vec<String>,
    pub line: u32,
}

/// What one file holds, test code left out.
#[derive(Clone, Debug, Default)]
pub struct Facts {
    pub mods: Vec<ModDecl>,
    pub uses: Vec<UseLeaf>,
    pub paths: Vec<Named>,
    /// (scope, name) of each item a module defines itself.
    pub items: Vec<(Vec<String>, String)>,
    /// `#![cfg(test)]` at the top: the whole file is a test.
    pub test: bool,
}

const ITEMS: &[&str] = &[
    "fn", "struct", "enum", "union", "trait", "type", "const", "static",
];

struct Reader<'a> {
    t: &'a [Token],
    facts: Facts,
}

fn is(t: &[Token], i: usize, tok: &Tok) -> bool {
    t.get(i).is_some_and(|x| x.tok == *tok)
}

fn word(t: &[Token], i: usize) -> Option<&str> {
    match t.get(i).map(|x| &x.tok) {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

/// The index just after the bracket that closes the one at `open`.
fn after_close(t: &[Token], open: usize) -> usize {
    let mut depth = 0usize;
    for (k, x) in t.iter().enumerate().skip(open) {
        match x.tok {
            Tok::Open(_) => depth += 1,
            Tok::Close(_) => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            _ => {}
        }
    }
    t.len()
}

/// Past `pub`, `pub(crate)`, `pub(in path)`.
fn past_visibility(t: &[Token], i: usize) -> usize {
    if word(t, i) != Some("pub") {
        return i;
    }
    if is(t, i + 1, &Tok::Open('(')) {
        after_close(t, i + 1)
    } else {
        i + 1
    }
}

/// The index just after the item or statement that starts at `i`: its `;`, or the block that
/// ends it (a `fn`, `mod`, `impl`, `struct … { }`).
fn item_end(t: &[Token], i: usize) -> usize {
    let first = word(t, past_visibility(t, i));
    let second = word(t, past_visibility(t, i) + 1);
    let to_semi = matches!(first, Some("let" | "static" | "use" | "type"))
        || (first == Some("const") && second != Some("fn"))
        || (first == Some("extern") && second == Some("crate"));
    let mut k = i;
    while k < t.len() {
        match t[k].tok {
            Tok::Semi => return k + 1,
            Tok::Open(ch) => {
                k = after_close(t, k);
                if ch == '{' && !to_semi {
                    return k;
                }
                continue;
            }
            Tok::Close(_) => return k,
            _ => {}
        }
        k += 1;
    }
    k
}

impl Reader<'_> {
    /// The items of a module body, `t[i..end]`.
    fn items(&mut self, mut i: usize, end: usize, scope: &[String]) {
        while i < end {
            let mut test = false;
            let mut path = None;
            // outer attributes, and the file's inner ones
            while is(self.t, i, &Tok::Pound) {
                let inner = is(self.t, i + 1, &Tok::Bang);
                let open = i + 1 + usize::from(inner);
                if !is(self.t, open, &Tok::Open('[')) {
                    break;
                }
                let close = after_close(self.t, open);
                let attr = &self.t[open + 1..close - 1];
                if cfg_test(attr) {
                    if inner {
                        self.facts.test = true;
                        return;
                    }
                    test = true;
                } else if word(attr, 0) == Some("path") && is(attr, 1, &Tok::Eq) {
                    if let Some(Tok::Str(p)) = attr.get(2).map(|x| &x.tok) {
                        path = Some(p.clone());
                    }
                } else {
                    self.soup(open + 1, close - 1, scope, true);
                }
                i = close;
            }
            if i >= end {
                break;
            }
            let j = past_visibility(self.t, i);
            if word(self.t, j) == Some("mod")
                && let Some(name) = word(self.t, j + 1)
            {
                let inline = is(self.t, j + 2, &Tok::Open('{'));
                self.facts.mods.push(ModDecl {
                    scope: scope.to_vec(),
                    name: name.to_string(),
                    inline,
                    test,
                    path,
                });
                if inline {
                    let close = after_close(self.t, j + 2);
                    if !test {
                        let mut inner = scope.to_vec();
                        inner.push(name.to_string());
                        self.items(j + 3, close - 1, &inner);
                    }
                    i = close;
                } else {
                    i = item_end(self.t, j);
                }
                continue;
            }
            let next = item_end(self.t, i).min(end).max(i + 1);
            if test {
                i = next;
                continue;
            }
            if word(self.t, j) == Some("use") {
                i = self.use_tree(j + 1, &[], scope);
                continue;
            }
            if word(self.t, j) == Some("macro_rules") && is(self.t, j + 1, &Tok::Bang) {
                if let Some(name) = word(self.t, j + 2) {
                    self.facts.items.push((scope.to_vec(), name.to_string()));
                }
            } else {
                let mut k = j;
                while matches!(word(self.t, k), Some("unsafe" | "async" | "extern"))
                    || (word(self.t, k) == Some("const") && word(self.t, k + 1) == Some("fn"))
                    || matches!(self.t.get(k).map(|x| &x.tok), Some(Tok::Str(_)))
                {
                    k += 1;
                }
                if let Some(kw) = word(self.t, k)
                    && ITEMS.contains(&kw)
                    && let Some(name) = word(self.t, k + 1)
                {
                    self.facts.items.push((scope.to_vec(), name.to_string()));
                }
            }
            self.soup(j, next, scope, false);
            i = next;
        }
    }

    /// Every path in `t[i..end]`, code inside items: a local `use` is a `use`, a
    /// `#[cfg(test)]` statement is skipped, and inside an attribute (`attr`) a string that is
    /// only a path names it (serde's `default = "…"`, `skip_serializing_if = "…"`).
    fn soup(&mut self, mut i: usize, end: usize, scope: &[String], attr: bool) {
        while i < end {
            let starts = i == 0
                || matches!(
                    self.t[i - 1].tok,
                    Tok::Semi | Tok::Open('{') | Tok::Close('}' | ']')
                );
            if is(self.t, i, &Tok::Pound) && is(self.t, i + 1, &Tok::Open('[')) {
                let close = after_close(self.t, i + 1);
                if cfg_test(&self.t[i + 2..close - 1]) {
                    i = item_end(self.t, close).min(end);
                } else {
                    self.soup(i + 2, close - 1, scope, true);
                    i = close;
                }
                continue;
            }
            match &self.t[i].tok {
                Tok::Ident(w) if w == "use" && starts => {
                    i = self.use_tree(i + 1, &[], scope);
                }
                Tok::Ident(_) if i == 0 || self.t[i - 1].tok != Tok::Colons => {
                    let mut path = Vec::new();
                    let mut k = i;
                    while let Some(w) = word(self.t, k) {
                        path.push(w.to_string());
                        if !is(self.t, k + 1, &Tok::Colons) {
                            break;
                        }
                        k += 2;
                    }
                    if path.len() > 1 {
                        self.facts.paths.push(Named {
                            scope: scope.to_vec(),
                            path,
                            line: self.t[i].line,
                        });
                    }
                    i = k.max(i + 1);
                }
                Tok::Str(text) if attr => {
                    let inner = lex(text);
                    let is_path = inner.len() >= 3
                        && inner.iter().enumerate().all(|(k, x)| {
                            if k % 2 == 0 {
                                matches!(x.tok, Tok::Ident(_))
                            } else {
                                x.tok == Tok::Colons
                            }
                        });
                    if is_path {
                        self.facts.paths.push(Named {
                            scope: scope.to_vec(),
                            path: (0..inner.len())
                                .step_by(2)
                                .filter_map(|k| word(&inner, k).map(str::to_string))
                                .collect(),
                            line: self.t[i].line,
                        });
                    }
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }

    /// A `use` tree from `t[i]`, under `prefix`; the index after it (after the `;` at the top).
    fn use_tree(&mut self, mut i: usize, prefix: &[String], scope: &[String]) -> usize {
        let mut path = prefix.to_vec();
        if prefix.is_empty() && is(self.t, i, &Tok::Colons) {
            path.push("::".into());
            i += 1;
        }
        let leaf = |r: &mut Self, path: Vec<String>, bind: Option<String>, glob, i: usize| {
            let line = r.t.get(i.saturating_sub(1)).map_or(0, |x| x.line);
            r.facts.uses.push(UseLeaf {
                scope: scope.to_vec(),
                path,
                bind,
                glob,
                line,
            });
        };
        loop {
            match self.t.get(i).map(|x| &x.tok) {
                Some(Tok::Open('{')) => {
                    i += 1;
                    while i < self.t.len() && !is(self.t, i, &Tok::Close('}')) {
                        i = self.use_tree(i, &path, scope);
                        if is(self.t, i, &Tok::Comma) {
                            i += 1;
                        }
                    }
                    i += 1;
                    break;
                }
                Some(Tok::Star) => {
                    i += 1;
                    leaf(self, path, None, true, i);
                    break;
                }
                Some(Tok::Ident(w)) => {
                    let w = w.clone();
                    i += 1;
                    if is(self.t, i, &Tok::Colons) {
                        path.push(w);
                        i += 1;
                        continue;
                    }
                    let mut bind = Some(w.clone());
                    if w == "self" && !path.is_empty() {
                        bind = path.last().cloned();
                    } else {
                        path.push(w);
                    }
                    if word(self.t, i) == Some("as") {
                        bind = word(self.t, i + 1)
                            .filter(|b| *b != "_")
                            .map(str::to_string);
                        i += 2;
                    }
                    leaf(self, path, bind, false, i);
                    break;
                }
                _ => break,
            }
        }
        if prefix.is_empty() && is(self.t, i, &Tok::Semi) {
            i += 1;
        }
        i
    }
}

/// `cfg(test)` (not `cfg(not(test))`, not `cfg(all(test, …))`: the crate has neither).
fn cfg_test(attr: &[Token]) -> bool {
    let toks: Vec<&Tok> = attr.iter().map(|x| &x.tok).collect();
    matches!(
        toks.as_slice(),
        [Tok::Ident(c), Tok::Open('('), Tok::Ident(t), Tok::Close(')')] if c == "cfg" && t == "test"
    )
}

/// The facts of one source file.
pub fn read(text: &str) -> Facts {
    let t = lex(text);
    let mut r = Reader {
        t: &t,
        facts: Facts::default(),
    };
    r.items(0, t.len(), &[]);
    r.facts
}
