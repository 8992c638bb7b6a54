//! What the integration tests share: running the binary, logs, `serve`, tmux, Chromium, OS users.

pub mod bin;
pub mod cli;
pub mod console;
pub mod export;
pub mod fide;
pub mod need;
pub mod oracle;
pub mod os;
pub mod pairing;
pub mod reliability;
pub mod self_report;
pub mod serve;
pub mod standings;
pub mod tmux;
