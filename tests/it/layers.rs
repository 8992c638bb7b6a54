//! The shape of the source tree (docs/architecture.md): the layers import only downwards, the
//! domain has no import cycle between its files, and the domain reads no file, clock, zone or
//! environment. Read from the sources themselves, as the compiler reads them (`layers_reader/`:
//! tokens, `use` trees, items and paths; the modules from `lib.rs` down and the file each path
//! resolves to), so a change that breaks the shape fails here.

mod layers_reader;

use layers_reader::graph;
use layers_reader::tree::{self, Tree};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

/// The layers, lowest first. A file may name `crate::X` only for an X of a lower layer
/// (or its own top-level module). Every module of `lib.rs` has one; the three files at the top
/// of `src/` sit with the layers they serve: the machine's zone and the language choice read
/// only the domain, the rules file reads through `platform` and `log`'s limit.
const LAYERS: &[(&str, u32)] = &[
    ("platform", 0),
    ("domain", 1),
    ("log", 2),
    ("import", 2),
    ("machine_zone", 2),
    ("lang_choice", 2),
    ("i18n", 3),
    ("rules_file", 3),
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

/// The library crate, from `src/lib.rs` down.
fn library() -> Tree {
    Tree::read(&src().join("lib.rs"), &|p| fs::read_to_string(p).ok())
}

fn shown(f: &Path) -> String {
    f.strip_prefix(src()).unwrap_or(f).display().to_string()
}

#[test]
fn every_source_file_is_a_module_the_reader_found() {
    let lib = library();
    let bin = Tree::read(&src().join("main.rs"), &|p| fs::read_to_string(p).ok());
    let mut missing = lib.missing.clone();
    missing.extend(bin.missing.iter().cloned());
    assert!(
        missing.is_empty(),
        "declared, not found:\n{}",
        missing.join("\n")
    );
    let found: BTreeSet<&Path> = lib
        .modules
        .values()
        .chain(bin.modules.values())
        .map(|m| m.file.as_path())
        .collect();
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let unread: Vec<String> = files
        .iter()
        .filter(|f| !found.contains(f.as_path()))
        .map(|f| shown(f))
        .collect();
    assert!(
        unread.is_empty(),
        "files no `mod` reaches (the reader would not see their imports):\n{}",
        unread.join("\n")
    );
}

#[test]
fn each_layer_imports_only_the_layers_below_it() {
    let rank: BTreeMap<&str, u32> = LAYERS.iter().copied().collect();
    let tree = library();
    let unranked: Vec<&String> = tree.modules[&Vec::new()]
        .children
        .iter()
        .filter(|c| !rank.contains_key(c.as_str()))
        .collect();
    assert!(unranked.is_empty(), "modules of no layer: {unranked:?}");
    let mut wrong = Vec::new();
    for m in &tree.mentions {
        let Some(module) = tree.modules.get(&m.module).filter(|x| !x.test) else {
            continue;
        };
        let Some(&mine) = m.module.first().and_then(|t| rank.get(t.as_str())) else {
            continue;
        };
        let Some(abs) = tree.absolute(&m.module, &m.path) else {
            continue;
        };
        let Some(top) = abs.first().filter(|t| **t != m.module[0]) else {
            continue;
        };
        if rank.get(top.as_str()).is_some_and(|&theirs| theirs >= mine) {
            wrong.push(format!(
                "{}:{} names {} ({})",
                shown(&module.file),
                m.line,
                m.path.join("::"),
                abs.join("::")
            ));
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

/// Each file and the files it names.
type Graph = BTreeMap<PathBuf, BTreeSet<PathBuf>>;
/// The first line behind each arrow of a graph.
type Arrows = BTreeMap<(PathBuf, PathBuf), tree::Edge>;

/// The domain's file graph, and the first line behind each of its arrows.
fn domain_graph(tree: &Tree) -> (Graph, Arrows) {
    let domain = src().join("domain");
    let mut graph: Graph = tree
        .files()
        .into_iter()
        .filter(|f| f.starts_with(&domain))
        .map(|f| (f.to_path_buf(), BTreeSet::new()))
        .collect();
    let edges: Arrows = tree
        .edges()
        .into_iter()
        .filter(|((from, to), _)| graph.contains_key(from) && graph.contains_key(to))
        .collect();
    for (from, to) in edges.keys() {
        graph.get_mut(from).unwrap().insert(to.clone());
    }
    (graph, edges)
}

/// The knots of the graph, each as one cycle in the order its imports run.
fn cycles_shown(graph: &Graph, edges: &Arrows) -> Vec<String> {
    graph::knots(graph)
        .iter()
        .map(|knot| {
            let cycle = graph::shortest_cycle(graph, knot);
            let mut out = format!(
                "a cycle of {} files{}:\n",
                cycle.len(),
                if knot.len() > cycle.len() {
                    format!(" (in a knot of {})", knot.len())
                } else {
                    String::new()
                }
            );
            for (k, from) in cycle.iter().enumerate() {
                let to = &cycle[(k + 1) % cycle.len()];
                let e = &edges[&(from.clone(), to.clone())];
                let _ = writeln!(
                    out,
                    "  {}:{} names {} -> {}",
                    shown(from),
                    e.line,
                    e.named,
                    shown(to)
                );
            }
            let rest: Vec<String> = knot
                .iter()
                .filter(|f| !cycle.contains(f))
                .map(|f| shown(f))
                .collect();
            if !rest.is_empty() {
                let _ = writeln!(out, "  the knot's other files: {}", rest.join(", "));
            }
            out
        })
        .collect()
}

#[test]
fn the_vocabulary_and_the_matching_are_leaves() {
    let domain = src().join("domain");
    let leaf = |f: &Path| {
        let rel = f.strip_prefix(&domain).unwrap();
        ["ids.rs", "side.rs", "result.rs", "role.rs", "lang.rs"]
            .iter()
            .any(|l| rel == Path::new(l))
            || rel.starts_with("matching")
    };
    let tree = library();
    let (graph, edges) = domain_graph(&tree);
    let mut wrong = Vec::new();
    for (from, to) in graph.iter().filter(|(f, _)| leaf(f)) {
        for t in to.iter().filter(|t| !leaf(t)) {
            let e = &edges[&(from.clone(), t.clone())];
            wrong.push(format!(
                "{}:{} names {} ({})",
                shown(from),
                e.line,
                e.named,
                shown(t)
            ));
        }
    }
    assert!(
        graph.keys().filter(|f| leaf(f)).count() >= 8,
        "the leaves were not found"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_file_of_the_domain_imports_itself_back() {
    let tree = library();
    let (graph, edges) = domain_graph(&tree);
    assert!(
        graph.len() > 40 && edges.len() > 100,
        "the domain's files were not read: {} files, {} arrows",
        graph.len(),
        edges.len()
    );
    let found = cycles_shown(&graph, &edges);
    assert!(
        found.is_empty(),
        "import cycles among the domain's files (a file names only files below it: move the \
         data a file needs below it):\n{}",
        found.join("")
    );
}

#[test]
fn the_domain_reads_no_file_clock_zone_or_environment() {
    const READS: &[&[&str]] = &[
        &["std", "fs"],
        &["std", "env"],
        &["std", "time", "SystemTime"],
        &["std", "time", "Instant"],
        &["chrono", "Local"],
        &["chrono", "Utc", "now"],
        &["crate", "platform"],
    ];
    let tree = library();
    let mut found = Vec::new();
    for m in &tree.mentions {
        let Some(module) = tree.modules.get(&m.module).filter(|x| !x.test) else {
            continue;
        };
        if m.module.first().is_none_or(|t| t != "domain") {
            continue;
        }
        let spelled = tree.spelled(&m.module, &m.path);
        let reads = READS.iter().any(|r| {
            let starts = |a: &[String], b: &[&str]| a.iter().zip(b).all(|(x, y)| x == y);
            (spelled.len() >= r.len() && starts(&spelled, r))
                || (m.glob && spelled.len() < r.len() && starts(&spelled, r))
        });
        if reads {
            found.push(format!(
                "{}:{}: {}",
                shown(&module.file),
                m.line,
                spelled.join("::")
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
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
            (n > 600).then(|| format!("{}: {n} lines", shown(f)))
        })
        .collect();
    assert!(long.is_empty(), "split by concern:\n{}", long.join("\n"));
}
