//! Teen Patti for Discord. `engine` is the pure game; `store` keeps chips and
//! hands in SQLite or PostgreSQL; `table` runs one actor per live table; `discord` is the
//! thin poise/serenity layer; `ownership` holds the shard leases that say which tables this process runs.
//! `echo` quotes user input briefly, for every message that does; `i18n` is the catalogue and `words` the game's
//! words written from it for every presenter (Discord, the script transcript).

// Standard output and error go through `output` (a closed pipe must not panic): see src/output.rs.
#![cfg_attr(not(test), deny(clippy::print_stdout, clippy::print_stderr))]

pub mod activity;
pub mod art;
pub mod cli;
pub mod clock;
pub mod config;
pub mod discord;
pub mod echo;
pub mod engine;
pub mod i18n;
pub mod ids;
pub mod logs;
pub mod metrics;
pub mod output;
pub mod ownership;
pub mod redact;
pub mod signals;
pub mod sim;
pub mod store;
pub mod table;
pub mod tools;
pub mod web;
pub mod words;
