//! The game, pure: cards, hand ranking, rules and variants, the hand state
//! machine, hand scripts and computer players. No async, no I/O, no Discord
//! or SQL types; randomness is passed in.

pub mod agent;
pub mod bot;
pub mod cards;
pub mod export;
pub mod fair;
pub mod hand;
pub mod odds;
pub mod pot;
pub mod rank;
pub mod rules;
pub mod script;
pub mod tournament;

pub use agent::RandomAgent;
pub use cards::{Card, Rank, Suit};
pub use hand::{Action, Audience, Event, EventKind, Hand, HandSetup, Legal, RuleError, Seat};
pub use rank::{evaluate, Category, HandValue};
pub use rules::{Chips, Rules, Variant};
