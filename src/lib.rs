//! Teen Patti for Discord. `engine` is the pure game; everything else drives it.

pub mod cli;
pub mod engine;
pub mod sim;
pub mod store;
pub mod tools;
