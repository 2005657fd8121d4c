//! Command-line tools around the engine and the store.

pub mod rank_cmd;
pub mod replay_cmd;
pub mod simulate_cmd;
