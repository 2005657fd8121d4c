//! Teen Patti for Discord. `engine` is the pure game; `store` keeps chips and
//! hands in SQLite; `table` runs one actor per live table; `discord` is the
//! thin poise/serenity layer; `ownership` holds the shard leases that say which tables this process runs.
//! `echo` quotes user input briefly, for every message that does.

pub mod art;
pub mod cli;
pub mod clock;
pub mod config;
pub mod discord;
pub mod echo;
pub mod engine;
pub mod i18n;
pub mod ids;
pub mod ownership;
pub mod sim;
pub mod store;
pub mod table;
pub mod tools;
