//! The individual round robin (单循环 / 双循环, docs/rules.md): the Berger table of the drawn
//! numbers (`berger`, `table`; a round paired from it: `schedule`) and the rulebook's withdrawal rule (`withdrawal`).

pub mod berger;
pub mod schedule;
pub mod table;
pub mod withdrawal;
