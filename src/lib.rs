//! bianpai (编排): a live console and command line for Xiangqi Swiss tournaments.

pub mod domain;
pub mod log;
