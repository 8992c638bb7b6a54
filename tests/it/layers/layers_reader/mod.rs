//! The reader behind tests/it/layers.rs: the sources read as the compiler reads their names.
//! `lex`: one file's tokens, `use` trees, items and paths; `tree`: the modules from the root
//! file down and the file each path resolves to; `graph`: the cycles of the file graph.

pub mod graph;
pub mod lex;
pub mod tree;

#[cfg(test)]
mod tests;
