//! Button `custom_id`s: structured, so a button works after a restart with no
//! in-memory collector, and a stale or forged one is recognised.
//!
//! Format: `tp:<table>:<hand>:<seq>:<tag>[:<amount>]`, at most 100 characters.
//! `hand` is 0 for lobby buttons; `seq` is the number of actions the hand had
//! when the button was drawn (bets, shows and sideshows must match it, so a
//! double click or a click on an old message is refused; see and pack only
//! need the hand to match). The tag names the [`Command`] the button sends.

use std::fmt;
use std::str::FromStr;

use super::Command;
use crate::engine::Action;
use crate::ids::{HandId, TableId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ButtonId {
    pub table: TableId,
    /// The hand the button belongs to; `None` for the lobby's buttons (Join, Leave, Start, I'm back).
    pub hand: Option<HandId>,
    pub seq: u32,
    pub command: Command,
}

impl ButtonId {
    /// Whether a click must come from the exact turn it was drawn for.
    pub fn needs_current_turn(&self) -> bool {
        matches!(self.command, Command::Play(Action::Bet(_) | Action::Show | Action::Sideshow))
    }
}

/// The tag of each command a button can carry. Commands not listed here (close, status, a timeout) are never
/// drawn as buttons, and a custom_id naming them is refused.
fn tag(command: Command) -> Option<&'static str> {
    Some(match command {
        Command::Join => "join",
        Command::Leave => "leave",
        Command::Start => "start",
        Command::Back => "back",
        Command::Cards => "cards",
        Command::Play(Action::See) => "see",
        Command::Play(Action::Bet(_)) => "bet",
        Command::Play(Action::Pack) => "pack",
        Command::Play(Action::Show) => "show",
        Command::Play(Action::Sideshow) => "side",
        Command::Play(Action::Accept) => "accept",
        Command::Play(Action::Deny) => "deny",
        Command::Close | Command::Status | Command::Play(Action::Timeout) => return None,
    })
}

impl fmt::Display for ButtonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hand = self.hand.map_or(0, HandId::get);
        write!(f, "tp:{}:{hand}:{}:{}", self.table, self.seq, tag(self.command).unwrap_or("none"))?;
        if let Command::Play(Action::Bet(n)) = self.command {
            write!(f, ":{n}")?;
        }
        Ok(())
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
        let (table, hand, seq, name, amount) = match parts.as_slice() {
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
        let command = match (name, amount) {
            ("bet", Some(a)) => Command::Play(Action::Bet(a.parse().map_err(|_| BadButton)?)),
            (name, None) => BUTTONS.iter().copied().find(|c| tag(*c) == Some(name)).ok_or(BadButton)?,
            _ => return Err(BadButton),
        };
        Ok(ButtonId { table: TableId(table), hand: (hand > 0).then_some(HandId(hand)), seq, command })
    }
}

/// Every command a button can carry, but bets (which carry their amount).
const BUTTONS: [Command; 11] = [
    Command::Join,
    Command::Leave,
    Command::Start,
    Command::Back,
    Command::Cards,
    Command::Play(Action::See),
    Command::Play(Action::Pack),
    Command::Play(Action::Show),
    Command::Play(Action::Sideshow),
    Command::Play(Action::Accept),
    Command::Play(Action::Deny),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let all = BUTTONS.iter().copied().chain([Command::Play(Action::Bet(u64::MAX))]);
        for command in all {
            for hand in [None, Some(HandId(i64::MAX))] {
                let id = ButtonId { table: TableId(i64::MAX), hand, seq: u32::MAX, command };
                let s = id.to_string();
                assert!(s.len() <= 100, "{s}");
                assert_eq!(s.parse::<ButtonId>(), Ok(id));
            }
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
            "tp:1:2:3:none",
            "tp:1:2:3:timeout",
            "tp:1:2:3:close",
        ] {
            assert_eq!(s.parse::<ButtonId>(), Err(BadButton), "{s}");
        }
        assert!(format!("tp:1:2:3:bet:{}", "9".repeat(100)).parse::<ButtonId>().is_err());
    }
}
