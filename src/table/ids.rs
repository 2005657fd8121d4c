//! Button `custom_id`s: structured, so a button works after a restart with no
//! in-memory collector, and a stale or forged one is recognised.
//!
//! Format: `tp:<table>:<hand>:<seq>:<verb>[:<amount>]`, at most 100 characters.
//! `hand` is 0 for lobby buttons; `seq` is the number of actions the hand had
//! when the button was drawn (bets, shows and sideshows must match it, so a
//! double click or a click on an old message is refused; see and pack only
//! need the hand to match).

use std::fmt;
use std::str::FromStr;

use crate::engine::Chips;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Join,
    Leave,
    Start,
    Back,
    See,
    Bet(Chips),
    Pack,
    Show,
    Sideshow,
    Accept,
    Deny,
    Cards,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonId {
    pub table: i64,
    pub hand: i64,
    pub seq: u32,
    pub verb: Verb,
}

impl Verb {
    /// Whether a click must come from the exact turn it was drawn for.
    pub fn needs_current_turn(self) -> bool {
        matches!(self, Verb::Bet(_) | Verb::Show | Verb::Sideshow)
    }
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let verb = match self.verb {
            Verb::Join => "join".to_string(),
            Verb::Leave => "leave".to_string(),
            Verb::Start => "start".to_string(),
            Verb::Back => "back".to_string(),
            Verb::See => "see".to_string(),
            Verb::Bet(n) => format!("bet:{n}"),
            Verb::Pack => "pack".to_string(),
            Verb::Show => "show".to_string(),
            Verb::Sideshow => "side".to_string(),
            Verb::Accept => "accept".to_string(),
            Verb::Deny => "deny".to_string(),
            Verb::Cards => "cards".to_string(),
        };
        write!(f, "tp:{}:{}:{}:{}", self.table, self.hand, self.seq, verb)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unrecognised button")]
pub struct BadButton;

impl FromStr for ButtonId {
    type Err = BadButton;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.len() > 100 {
            return Err(BadButton);
        }
        let parts: Vec<&str> = s.split(':').collect();
        let (table, hand, seq, verb, amount) = match parts.as_slice() {
            ["tp", t, h, q, v] => (*t, *h, *q, *v, None),
            ["tp", t, h, q, v, a] => (*t, *h, *q, *v, Some(*a)),
            _ => return Err(BadButton),
        };
        let table: i64 = table.parse().map_err(|_| BadButton)?;
        let hand: i64 = hand.parse().map_err(|_| BadButton)?;
        let seq: u32 = seq.parse().map_err(|_| BadButton)?;
        if table <= 0 || hand < 0 {
            return Err(BadButton);
        }
        let verb = match (verb, amount) {
            ("join", None) => Verb::Join,
            ("leave", None) => Verb::Leave,
            ("start", None) => Verb::Start,
            ("back", None) => Verb::Back,
            ("see", None) => Verb::See,
            ("bet", Some(a)) => Verb::Bet(a.parse().map_err(|_| BadButton)?),
            ("pack", None) => Verb::Pack,
            ("show", None) => Verb::Show,
            ("side", None) => Verb::Sideshow,
            ("accept", None) => Verb::Accept,
            ("deny", None) => Verb::Deny,
            ("cards", None) => Verb::Cards,
            _ => return Err(BadButton),
        };
        Ok(ButtonId { table, hand, seq, verb })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for verb in [
            Verb::Join,
            Verb::Leave,
            Verb::Start,
            Verb::Back,
            Verb::See,
            Verb::Bet(u64::MAX),
            Verb::Pack,
            Verb::Show,
            Verb::Sideshow,
            Verb::Accept,
            Verb::Deny,
            Verb::Cards,
        ] {
            let id = ButtonId { table: i64::MAX, hand: i64::MAX, seq: u32::MAX, verb };
            let s = id.to_string();
            assert!(s.len() <= 100, "{s}");
            assert_eq!(s.parse::<ButtonId>(), Ok(id));
        }
    }

    #[test]
    fn forged_ids_are_refused() {
        for s in [
            "",
            "tp",
            "tp:1:2:3",
            "tp:1:2:3:bet",
            "tp:1:2:3:bet:-5",
            "tp:1:2:3:bet:x",
            "tp:x:2:3:see",
            "tp:0:2:3:see",
            "tp:1:-2:3:see",
            "tp:1:2:3:fold",
            "xx:1:2:3:see",
            "tp:1:2:3:see:9",
        ] {
            assert_eq!(s.parse::<ButtonId>(), Err(BadButton), "{s}");
        }
        assert!(format!("tp:1:2:3:bet:{}", "9".repeat(100)).parse::<ButtonId>().is_err());
    }
}
