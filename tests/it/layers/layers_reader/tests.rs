//! The reader itself, one path form at a time, on small crates held in memory: each test
//! names the arrows (file → file) the form must give.

use super::graph;
use super::lex::{self, Tok};
use super::tree::Tree;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A crate of the given files (`src/lib.rs` is its root).
fn crate_of(files: &[(&str, &str)]) -> Tree {
    let files: BTreeMap<PathBuf, String> = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), (*t).to_string()))
        .collect();
    let tree = Tree::read(Path::new("src/lib.rs"), &|p| files.get(p).cloned());
    assert!(tree.missing.is_empty(), "{:?}", tree.missing);
    tree
}

/// The arrows between files, as `from -> to`, without `src/`.
fn arrows(tree: &Tree) -> Vec<String> {
    let short = |p: &Path| p.strip_prefix("src").unwrap().display().to_string();
    let mut out: Vec<String> = tree
        .edges()
        .keys()
        .map(|(f, t)| format!("{} -> {}", short(f), short(t)))
        .collect();
    out.sort();
    out
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| (*s).to_string()).collect()
}

#[test]
fn comments_strings_characters_and_lifetimes_name_nothing() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        (
            "src/a.rs",
            "// crate::b::X\n/* crate::b::X /* nested */ crate::b::X */\n\
             /// crate::b::X\nfn f<'a>(s: &'a str) -> char { let _ = \"crate::b::X is text\"; \
             let _ = r#\"crate::b::X\"#; let _ = b\"crate::b\"; 'x' }\n",
        ),
        ("src/b.rs", "pub struct X;\n"),
    ]);
    assert_eq!(arrows(&tree), Vec::<String>::new());
    // a string that is only a path names it: serde's `default = "…"`, `with = "…"`
    let facts = lex::read("#[serde(default = \"super::x::zero\")]\nstruct S;");
    assert_eq!(facts.paths[0].path, strings(&["super", "x", "zero"]));
    let toks = lex::lex("'\\'' r#type a::b");
    assert_eq!(toks[1].tok, Tok::Ident("type".into()));
    assert_eq!(toks[3].tok, Tok::Colons);
}

#[test]
fn crate_self_and_super_at_any_depth() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod top;\nmod a;\n"),
        ("src/top.rs", "pub fn t() {}\n"),
        ("src/a/mod.rs", "mod b;\npub fn in_a() {}\n"),
        ("src/a/b/mod.rs", "mod c;\nfn here() { self::c::f(); }\n"),
        (
            "src/a/b/c.rs",
            "use super::super::in_a;\nuse crate::top::t;\npub fn f() { super::super::super::top::t(); }\n",
        ),
    ]);
    assert_eq!(
        arrows(&tree),
        [
            "a/b/c.rs -> a/mod.rs",
            "a/b/c.rs -> top.rs",
            "a/b/mod.rs -> a/b/c.rs"
        ]
    );
}

#[test]
fn a_declared_childs_path_in_a_use_and_inline() {
    let tree = crate_of(&[
        ("src/lib.rs", "pub mod p;\n"),
        (
            "src/p/mod.rs",
            "mod used;\nmod called;\nuse used::Thing;\nfn g() -> Thing { called::make() }\n",
        ),
        ("src/p/used.rs", "pub struct Thing;\n"),
        (
            "src/p/called.rs",
            "pub fn make() -> super::Thing { super::Thing }\n",
        ),
    ]);
    // called.rs names `super::Thing`: p/mod.rs only binds it, used.rs defines it
    assert_eq!(
        arrows(&tree),
        [
            "p/called.rs -> p/used.rs",
            "p/mod.rs -> p/called.rs",
            "p/mod.rs -> p/used.rs"
        ]
    );
}

#[test]
fn grouped_and_nested_use_trees_with_self_and_renames() {
    let facts = lex::read("pub use a::{b::c, d::{self, e as f, g::{h, _i}}, *};\n");
    let got: Vec<(String, Option<String>, bool)> = facts
        .uses
        .iter()
        .map(|u| (u.path.join("::"), u.bind.clone(), u.glob))
        .collect();
    let want = [
        ("a::b::c", Some("c"), false),
        ("a::d", Some("d"), false),
        ("a::d::e", Some("f"), false),
        ("a::d::g::h", Some("h"), false),
        ("a::d::g::_i", Some("_i"), false),
        ("a", None, true),
    ]
    .map(|(p, b, g)| (p.to_string(), b.map(str::to_string), g));
    assert_eq!(got, want);
    let tree = crate_of(&[
        ("src/lib.rs", "mod x;\nmod y;\nmod z;\n"),
        (
            "src/x.rs",
            "use crate::{y::{Y, self as yy}, z::{Z}};\nfn f() { yy::g(); }\n",
        ),
        ("src/y.rs", "pub struct Y;\npub fn g() {}\n"),
        ("src/z.rs", "pub struct Z;\n"),
    ]);
    assert_eq!(arrows(&tree), ["x.rs -> y.rs", "x.rs -> z.rs"]);
}

#[test]
fn a_pub_use_is_an_arrow_and_is_followed_to_the_file_behind_it() {
    let tree = crate_of(&[
        ("src/lib.rs", "pub mod d;\nmod user;\n"),
        (
            "src/d/mod.rs",
            "mod inner;\npub use inner::{Deep, deep as shallow};\n",
        ),
        ("src/d/inner.rs", "pub struct Deep;\npub fn deep() {}\n"),
        (
            "src/user.rs",
            "use crate::d::Deep;\nfn f() { crate::d::shallow(); }\n",
        ),
    ]);
    assert_eq!(
        arrows(&tree),
        ["d/mod.rs -> d/inner.rs", "user.rs -> d/inner.rs"]
    );
}

#[test]
fn paths_in_expressions_types_patterns_and_macros() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod a;\nmod t;\nmod e;\nmod m;\nmod k;\n"),
        (
            "src/a.rs",
            "struct S { t: Vec<crate::t::T> }\nfn f(x: u8) -> bool {\n\
             let _ = crate::k::K::<u8>::new();\n\
             match x { crate::e::E => matches!(x, crate::m::M) } }\n",
        ),
        ("src/t.rs", "pub struct T;\n"),
        ("src/e.rs", "pub const E: u8 = 1;\n"),
        ("src/m.rs", "pub const M: u8 = 1;\n"),
        ("src/k.rs", "pub struct K<X>(X);\n"),
    ]);
    assert_eq!(
        arrows(&tree),
        [
            "a.rs -> e.rs",
            "a.rs -> k.rs",
            "a.rs -> m.rs",
            "a.rs -> t.rs"
        ]
    );
}

#[test]
fn a_name_a_use_brings_in_heads_a_path() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod a;\nmod up;\n"),
        ("src/up/mod.rs", "pub mod low;\n"),
        ("src/up/low.rs", "pub fn f() {}\n"),
        (
            "src/a.rs",
            "use crate::up;\nfn g() { use up::low as l; l::f(); }\n",
        ),
    ]);
    // `use crate::up;` binds a module: no arrow to up/mod.rs, the path through it says
    assert_eq!(arrows(&tree), ["a.rs -> up/low.rs"]);
}

#[test]
fn a_glob_names_its_module_and_lends_its_names() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod p;\n"),
        (
            "src/p/mod.rs",
            "pub mod kid;\npub mod other;\npub fn f() {}\n",
        ),
        ("src/p/kid.rs", "use super::*;\nfn g() { other::h(); }\n"),
        ("src/p/other.rs", "pub fn h() {}\n"),
    ]);
    assert_eq!(
        arrows(&tree),
        ["p/kid.rs -> p/mod.rs", "p/kid.rs -> p/other.rs"]
    );
}

#[test]
fn the_layouts_mod_rs_name_rs_inline_blocks_and_path_attributes() {
    let tree = crate_of(&[
        (
            "src/lib.rs",
            "mod a;\nmod b;\n#[path = \"elsewhere/c.rs\"]\nmod c;\n",
        ),
        // a.rs's children live in a/
        (
            "src/a.rs",
            "mod kid;\nmod inl {\n    pub fn f() { super::kid::k(); }\n    mod deep;\n}\n",
        ),
        ("src/a/kid.rs", "pub fn k() {}\n"),
        (
            "src/a/inl/deep.rs",
            "fn d() { super::f(); crate::b::x(); }\n",
        ),
        ("src/b/mod.rs", "pub fn x() { crate::c::y(); }\n"),
        ("src/elsewhere/c.rs", "pub fn y() {}\n"),
    ]);
    // the inline module is its file: a.rs
    assert_eq!(
        arrows(&tree),
        [
            "a.rs -> a/kid.rs",
            "a/inl/deep.rs -> a.rs",
            "a/inl/deep.rs -> b/mod.rs",
            "b/mod.rs -> elsewhere/c.rs"
        ]
    );
}

#[test]
fn what_cfg_test_marks_is_left_out() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        (
            "src/a.rs",
            "#[cfg(test)]\nuse crate::b::B;\n#[cfg(test)]\nmod fixture;\n\
             pub fn f() { #[cfg(test)]\n crate::b::g(); }\n\
             #[cfg(test)]\nmod tests { use crate::b::*; }\npub fn after() { crate::b::h(); }\n",
        ),
        ("src/a/fixture.rs", "use crate::b::B;\n"),
        ("src/b.rs", "pub struct B;\npub fn g() {}\npub fn h() {}\n"),
    ]);
    // only what follows the test items: `after` names b.rs
    assert_eq!(arrows(&tree), ["a.rs -> b.rs"]);
    let e = &tree.edges()[&(PathBuf::from("src/a.rs"), PathBuf::from("src/b.rs"))];
    assert_eq!((e.line, e.named.as_str()), (9, "crate::b::h"));
    assert!(tree.modules[&strings(&["a", "fixture"])].test);
}

/// The knots of a crate's file graph, each as its shortest cycle.
fn cycles_of(files: &[(&str, &str)]) -> Vec<Vec<String>> {
    let tree = crate_of(files);
    let mut g: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (f, t) in tree.edges().keys() {
        g.entry(f.clone()).or_default().insert(t.clone());
        g.entry(t.clone()).or_default();
    }
    graph::knots(&g)
        .iter()
        .map(|k| {
            graph::shortest_cycle(&g, k)
                .iter()
                .map(|p| p.display().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn a_cycle_is_found_and_told_in_the_order_its_imports_run() {
    let files = [
        ("src/lib.rs", "mod a;\nmod b;\nmod c;\nmod d;\n"),
        ("src/a.rs", "pub fn a() { crate::b::b(); }\n"),
        ("src/b.rs", "use super::c;\npub fn b() { c::c(); }\n"),
        ("src/c.rs", "pub fn c() { crate::a::a(); crate::d::d(); }\n"),
        ("src/d.rs", "pub fn d() {}\n"),
    ];
    assert_eq!(cycles_of(&files), [["src/a.rs", "src/b.rs", "src/c.rs"]]);
    // d naming c back makes one knot of four; the shortest cycle in it is told
    let mut files = files.to_vec();
    files[4].1 = "pub fn d() { super::c::c(); }\n";
    assert_eq!(cycles_of(&files), [["src/c.rs", "src/d.rs"]]);
}

#[test]
fn a_path_is_spelled_from_the_crate_it_starts_in() {
    let tree = crate_of(&[
        ("src/lib.rs", "mod a;\nmod b;\n"),
        (
            "src/a.rs",
            "use std::{fs, env as e};\nuse chrono::Utc;\n\
             fn f() { let _ = Utc::now(); fs::read(\"x\"); e::var(\"y\"); super::b::g(); }\n",
        ),
        ("src/b.rs", "pub fn g() {}\n"),
    ]);
    let spelled: Vec<String> = tree
        .mentions
        .iter()
        .map(|m| tree.spelled(&m.module, &m.path).join("::"))
        .collect();
    for want in [
        "std::fs",
        "std::env",
        "chrono::Utc::now",
        "std::fs::read",
        "std::env::var",
        "crate::b::g",
    ] {
        assert!(spelled.iter().any(|s| s == want), "{want} in {spelled:?}");
    }
}
