//! The crate's modules as the compiler finds them, from the root file down through every
//! `mod` (`name.rs`, `name/mod.rs`, `#[path]`, inline `mod name { }`), and what each path a
//! module names resolves to: the crate-absolute path (through `crate`, `$crate`, `self`,
//! `super` at any depth, a declared child, a name a `use` brought in, a glob's names), then the
//! file that defines it (a `pub use` re-export is followed to the file behind it).

use super::lex::{self, Facts};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path from the crate root (`["domain", "pairing"]`).
pub type ModPath = Vec<String>;

#[derive(Debug, Default)]
pub struct Module {
    /// The file it is written in (an inline module: the file around it).
    pub file: PathBuf,
    /// Under `#[cfg(test)]` (or inside a module that is).
    pub test: bool,
    pub children: BTreeSet<String>,
    pub items: BTreeSet<String>,
    /// name → the paths (as written) a `use` binds it to
    pub binds: BTreeMap<String, Vec<Vec<String>>>,
    /// the modules (as written) a `use …::*` imports
    pub globs: Vec<Vec<String>>,
}

/// A path a module names, as written, and where.
#[derive(Clone, Debug)]
pub struct Mention {
    pub module: ModPath,
    pub path: Vec<String>,
    pub glob: bool,
    pub line: u32,
}

/// One file naming what another file defines: the first line that does.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Edge {
    pub from: PathBuf,
    pub to: PathBuf,
    pub line: u32,
    /// the path as written, `::`-joined
    pub named: String,
}

#[derive(Debug, Default)]
pub struct Tree {
    pub modules: BTreeMap<ModPath, Module>,
    pub mentions: Vec<Mention>,
    /// Declared modules whose file was not found.
    pub missing: Vec<String>,
}

/// How deep a chain of `use`s is followed (a chain that loops is not Rust, but a reader must
/// still stop).
const DEPTH: u32 = 24;

/// A module still to read: its path, the files it may be in (each with the folder its
/// children live in), and whether it is a test.
type ToRead = (ModPath, Vec<(PathBuf, PathBuf)>, bool);

fn join(m: &[String], name: &str) -> ModPath {
    let mut out = m.to_vec();
    out.push(name.to_string());
    out
}

impl Tree {
    /// The modules reachable from `root` (`src/lib.rs`), read through `source`.
    pub fn read(root: &Path, source: &dyn Fn(&Path) -> Option<String>) -> Tree {
        let mut tree = Tree::default();
        let dir = root.parent().unwrap_or(Path::new("")).to_path_buf();
        let mut todo: Vec<ToRead> = vec![(ModPath::new(), vec![(root.to_path_buf(), dir)], false)];
        while let Some((module, candidates, test)) = todo.pop() {
            let Some((file, dir, text)) = candidates
                .iter()
                .find_map(|(f, d)| source(f).map(|t| (f.clone(), d.clone(), t)))
            else {
                let tried: Vec<String> = candidates
                    .iter()
                    .map(|(f, _)| f.display().to_string())
                    .collect();
                tree.missing
                    .push(format!("{}: {}", module.join("::"), tried.join(" or ")));
                continue;
            };
            let facts = lex::read(&text);
            let test = test || facts.test;
            tree.modules.insert(
                module.clone(),
                Module {
                    file: file.clone(),
                    test,
                    ..Module::default()
                },
            );
            todo.extend(tree.take(&module, &file, &dir, test, facts));
        }
        tree
    }

    /// Records one file's facts; the child files still to read.
    fn take(
        &mut self,
        module: &[String],
        file: &Path,
        dir: &Path,
        test: bool,
        facts: Facts,
    ) -> Vec<ToRead> {
        let mut todo = Vec::new();
        let within = |scope: &[String]| [module, scope].concat();
        for decl in facts.mods {
            let parent = within(&decl.scope);
            let child = join(&parent, &decl.name);
            let test = test || decl.test || self.modules.get(&parent).is_some_and(|m| m.test);
            if let Some(p) = self.modules.get_mut(&parent) {
                p.children.insert(decl.name.clone());
            }
            let scope_dir = decl.scope.iter().fold(dir.to_path_buf(), |d, s| d.join(s));
            if decl.inline {
                self.modules.insert(
                    child,
                    Module {
                        file: file.to_path_buf(),
                        test,
                        ..Module::default()
                    },
                );
                continue;
            }
            let candidates = if let Some(p) = &decl.path {
                let base = if decl.scope.is_empty() {
                    file.parent().unwrap_or(Path::new("")).to_path_buf()
                } else {
                    scope_dir.clone()
                };
                let f = base.join(p);
                let d = f.parent().unwrap_or(Path::new("")).to_path_buf();
                vec![(f, d)]
            } else {
                let d = scope_dir.join(&decl.name);
                vec![
                    (scope_dir.join(format!("{}.rs", decl.name)), d.clone()),
                    (d.join("mod.rs"), d),
                ]
            };
            todo.push((child, candidates, test));
        }
        for (scope, name) in facts.items {
            if let Some(m) = self.modules.get_mut(&within(&scope)) {
                m.items.insert(name);
            }
        }
        for u in facts.uses {
            let at = within(&u.scope);
            if let Some(m) = self.modules.get_mut(&at) {
                if let Some(b) = &u.bind {
                    m.binds.entry(b.clone()).or_default().push(u.path.clone());
                }
                if u.glob {
                    m.globs.push(u.path.clone());
                }
            }
            self.mentions.push(Mention {
                module: at,
                path: u.path,
                glob: u.glob,
                line: u.line,
            });
        }
        for p in facts.paths {
            self.mentions.push(Mention {
                module: within(&p.scope),
                path: p.path,
                glob: false,
                line: p.line,
            });
        }
        todo
    }

    fn has(&self, m: &[String], name: &str) -> bool {
        self.modules.get(m).is_some_and(|m| {
            m.children.contains(name) || m.items.contains(name) || m.binds.contains_key(name)
        })
    }

    /// What a path's first segment names from module `at`; `None`: another crate, or a name
    /// local to the module (a type parameter, an item of its own).
    fn head(&self, at: &[String], head: &str, depth: u32) -> Option<ModPath> {
        match head {
            "crate" | "$crate" => Some(Vec::new()),
            "self" => Some(at.to_vec()),
            "super" => at.split_last().map(|(_, up)| up.to_vec()),
            _ => {
                let m = self.modules.get(at)?;
                if m.children.contains(head) || m.items.contains(head) {
                    return Some(join(at, head));
                }
                if let Some(raws) = m.binds.get(head) {
                    return raws.iter().find_map(|r| self.absolute_at(at, r, depth + 1));
                }
                m.globs.iter().find_map(|g| {
                    let gm = self.absolute_at(at, g, depth + 1)?;
                    self.has(&gm, head).then(|| join(&gm, head))
                })
            }
        }
    }

    /// The crate-absolute path a path written in module `at` names, if it is of this crate.
    pub fn absolute(&self, at: &[String], path: &[String]) -> Option<ModPath> {
        self.absolute_at(at, path, 0)
    }

    fn absolute_at(&self, at: &[String], path: &[String], depth: u32) -> Option<ModPath> {
        if depth > DEPTH {
            return None;
        }
        let (first, rest) = path.split_first()?;
        let mut cur = self.head(at, first, depth)?;
        for s in rest {
            match s.as_str() {
                "super" => {
                    cur.pop()?;
                }
                "self" => {}
                _ => cur.push(s.clone()),
            }
        }
        Some(cur)
    }

    /// The file that defines what a crate-absolute path names; `None` when it names a module
    /// and no item (`use super::pairing;` binds a name, the paths through it say what is used).
    pub fn defined_in(&self, abs: &[String]) -> Option<&Path> {
        self.defined_at(abs, 0)
    }

    fn defined_at(&self, abs: &[String], depth: u32) -> Option<&Path> {
        if depth > DEPTH {
            return None;
        }
        let k = (0..=abs.len())
            .rev()
            .find(|&k| self.modules.contains_key(&abs[..k]))?;
        let (m, rest) = abs.split_at(k);
        let module = &self.modules[m];
        let Some((name, more)) = rest.split_first() else {
            // a module, unless its parent also has an item of that name (`team::standings`
            // is a module and the function it re-exports)
            let (name, up) = m.split_last()?;
            let parent = &self.modules[up];
            if parent.items.contains(name) {
                return Some(&parent.file);
            }
            return parent.binds.get(name)?.iter().find_map(|r| {
                let a = self.absolute_at(up, r, depth + 1)?;
                (a != m).then(|| self.defined_at(&a, depth + 1)).flatten()
            });
        };
        if module.items.contains(name) {
            return Some(&module.file);
        }
        let through = |target: Option<ModPath>| {
            let mut a = target?;
            a.extend(more.iter().cloned());
            self.defined_at(&a, depth + 1)
        };
        if let Some(raws) = module.binds.get(name)
            && let Some(f) = raws
                .iter()
                .find_map(|r| through(self.absolute_at(m, r, depth + 1)))
        {
            return Some(f);
        }
        let from_glob = module.globs.iter().find_map(|g| {
            let gm = self.absolute_at(m, g, depth + 1)?;
            self.has(&gm, name)
                .then(|| through(Some(join(&gm, name))))?
        });
        // else an item the reader does not see by its keyword (one a macro makes)
        Some(from_glob.unwrap_or(&module.file))
    }

    /// The file a mention depends on, if another file of this crate: a glob on the module's
    /// (or the enum's) file, a path on the file that defines what it names.
    pub fn depends_on(&self, m: &Mention) -> Option<&Path> {
        let abs = self.absolute(&m.module, &m.path)?;
        let to = if m.glob {
            match self.modules.get(&abs) {
                Some(module) => &module.file,
                None => self.defined_in(&abs)?,
            }
        } else {
            self.defined_in(&abs)?
        };
        (*to != self.modules.get(&m.module)?.file).then_some(to)
    }

    /// A mention spelled out from the crate or the other crate it starts in: `Utc::now` after
    /// `use chrono::Utc` is `chrono::Utc::now`; a path of this crate starts with `crate`.
    pub fn spelled(&self, at: &[String], path: &[String]) -> Vec<String> {
        if let Some(abs) = self.absolute(at, path) {
            return [vec!["crate".to_string()], abs].concat();
        }
        let bound = path.split_first().and_then(|(first, rest)| {
            let m = self.modules.get(at)?;
            let to = m.binds.get(first)?.first()?;
            (to.len() > 1 || to[0] != *first).then(|| [to.clone(), rest.to_vec()].concat())
        });
        bound.unwrap_or_else(|| path.to_vec())
    }

    /// Every edge between two files, test code left out; the first mention of each pair.
    pub fn edges(&self) -> BTreeMap<(PathBuf, PathBuf), Edge> {
        let mut out = BTreeMap::new();
        for m in &self.mentions {
            let Some(from) = self.modules.get(&m.module).filter(|x| !x.test) else {
                continue;
            };
            let Some(to) = self.depends_on(m) else {
                continue;
            };
            let edge = Edge {
                from: from.file.clone(),
                to: to.to_path_buf(),
                line: m.line,
                named: m.path.join("::") + if m.glob { "::*" } else { "" },
            };
            out.entry((edge.from.clone(), edge.to.clone()))
                .and_modify(|e: &mut Edge| {
                    if edge.line < e.line {
                        *e = edge.clone();
                    }
                })
                .or_insert(edge);
        }
        out
    }

    /// The files of the modules that are not tests.
    pub fn files(&self) -> BTreeSet<&Path> {
        self.modules
            .values()
            .filter(|m| !m.test)
            .map(|m| m.file.as_path())
            .collect()
    }
}
