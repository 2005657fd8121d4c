//! Sit-and-go tournaments, the pure part: the boot schedule, who is knocked out before a deal and in which place,
//! and how the prize pool is split. The table service applies them (`table/tournament.rs`); the store keeps the
//! tournament and its entries.

use serde::{Deserialize, Serialize};

use super::rules::{Chips, Variant, MAX_AMOUNT};

/// When the boot rises to its next level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Every {
    /// After this many hands at each level.
    Hands(u32),
    /// After this many minutes at each level (from the first deal).
    Minutes(u32),
}

/// A tournament's plan: the boot at each level, when levels change, and the prize pool's split by place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The boot of each level, rising; the last one stays.
    pub boots: Vec<Chips>,
    pub every: Every,
    /// Percent of the pool for first, second, ... place; sums to 100.
    pub split: Vec<u32>,
    /// The game played (every other rule the defaults).
    #[serde(default = "classic")]
    pub variant: Variant,
}

fn classic() -> Variant {
    Variant::Classic
}

/// The most levels a schedule may have, and the most places a split may pay.
pub const MAX_LEVELS: usize = 20;

/// Why a plan is refused, for the user.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.msg())]
pub enum PlanError {
    /// The boots are not 1 to [`MAX_LEVELS`] amounts, each at least the one before.
    Boots,
    /// A level's length out of bounds.
    Every,
    /// The split does not fit the seats or add up to 100.
    Split { seats: usize },
}

impl PlanError {
    /// The refusal's message of the catalogue.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::Msg;
        match self {
            PlanError::Boots => Msg::new("plan-boots").arg("levels", MAX_LEVELS),
            PlanError::Every => Msg::new("plan-every"),
            PlanError::Split { seats } => Msg::new("plan-split").arg("seats", seats),
        }
    }
}

impl Plan {
    /// The default split for a table of `seats`: the winner takes all at 2 or 3 seats, 65/35 at 4 to 6, 50/30/20
    /// from 7.
    pub fn default_split(seats: usize) -> Vec<u32> {
        match seats {
            0..=3 => vec![100],
            4..=6 => vec![65, 35],
            _ => vec![50, 30, 20],
        }
    }

    /// Parses `10,20,40` boots, and a split like `65,35` (None: [`Plan::default_split`]).
    pub fn new(boots: &str, every: Every, split: Option<&str>, seats: usize) -> Result<Plan, PlanError> {
        let boots = parse_list::<Chips>(boots).filter(|b| !b.is_empty() && b.len() <= MAX_LEVELS);
        let boots =
            boots.filter(|b| b.iter().all(|&x| (1..=MAX_AMOUNT).contains(&x)) && b.windows(2).all(|w| w[0] <= w[1]));
        let boots = boots.ok_or(PlanError::Boots)?;
        let (Every::Hands(n) | Every::Minutes(n)) = every;
        if !(1..=1000).contains(&n) {
            return Err(PlanError::Every);
        }
        let split = match split {
            None => Plan::default_split(seats),
            Some(text) => {
                let s = parse_list::<u32>(text).ok_or(PlanError::Split { seats })?;
                let ok = !s.is_empty()
                    && s.len() <= seats
                    && s.iter().sum::<u32>() == 100
                    && s.windows(2).all(|w| w[0] >= w[1])
                    && s.iter().all(|&p| p > 0);
                if !ok {
                    return Err(PlanError::Split { seats });
                }
                s
            }
        };
        Ok(Plan { boots, every, split, variant: Variant::Classic })
    }

    /// The boot of the hand about to be dealt, `hands` hands after the first deal (0 for the first) and `minutes`
    /// minutes after it.
    pub fn boot(&self, hands: u64, minutes: u64) -> Chips {
        let (done, per) = match self.every {
            Every::Hands(n) => (hands, u64::from(n.max(1))),
            Every::Minutes(n) => (minutes, u64::from(n.max(1))),
        };
        let level = usize::try_from(done / per).unwrap_or(usize::MAX).min(self.boots.len().saturating_sub(1));
        self.boots.get(level).copied().unwrap_or(1)
    }

    /// Each place's prize from a pool of `pool` chips, first place first: the split's percentages rounded down,
    /// the chips left by rounding to first place. Only as many places as there were players are paid; the
    /// shares of places nobody took go to first place too.
    pub fn prizes(&self, pool: Chips, players: usize) -> Vec<Chips> {
        let paid = self.split.len().min(players.max(1));
        let mut prizes: Vec<Chips> =
            self.split[..paid].iter().map(|&p| (u128::from(pool) * u128::from(p) / 100) as Chips).collect();
        let given: Chips = prizes.iter().sum();
        if let Some(first) = prizes.first_mut() {
            *first += pool - given;
        }
        prizes
    }
}

/// The players knocked out before a deal: everyone still in who cannot pay `boot`, given as (player, chips).
/// Returns them worst place first: fewer chips is a worse place, and equal chips are ranked by the order given
/// (seat order). `still_in` is how many were in before; the first returned takes place `still_in`, the next
/// `still_in - 1`, and so on. If nobody could pay, the richest of them stays in (a tournament always has a
/// winner).
pub fn knocked_out<T: Copy>(players: &[(T, Chips)], boot: Chips) -> Vec<(T, usize)> {
    let mut out: Vec<(usize, T, Chips)> =
        players.iter().enumerate().filter(|(_, (_, c))| *c < boot).map(|(i, &(p, c))| (i, p, c)).collect();
    // Worst first: fewest chips, then the later seat.
    out.sort_by(|a, b| a.2.cmp(&b.2).then(b.0.cmp(&a.0)));
    if out.len() == players.len() {
        out.pop();
    }
    let still_in = players.len();
    out.into_iter().enumerate().map(|(k, (_, p, _))| (p, still_in - k)).collect()
}

fn parse_list<T: std::str::FromStr>(text: &str) -> Option<Vec<T>> {
    text.split([',', ' ', '/']).filter(|s| !s.trim().is_empty()).map(|s| s.trim().parse::<T>().ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boot_rises_by_hands_or_minutes_and_stays_at_the_last_level() {
        let plan = Plan::new("10,20,40", Every::Hands(3), None, 4).unwrap();
        let boots: Vec<Chips> = (0..10).map(|h| plan.boot(h, 0)).collect();
        assert_eq!(boots, [10, 10, 10, 20, 20, 20, 40, 40, 40, 40]);
        let timed = Plan { every: Every::Minutes(5), ..plan };
        assert_eq!([timed.boot(99, 0), timed.boot(0, 5), timed.boot(0, 9), timed.boot(0, 600)], [10, 20, 20, 40]);
    }

    #[test]
    fn plans_are_checked() {
        assert_eq!(Plan::new("10,5", Every::Hands(3), None, 4), Err(PlanError::Boots));
        assert_eq!(Plan::new("", Every::Hands(3), None, 4), Err(PlanError::Boots));
        assert_eq!(Plan::new("10", Every::Hands(0), None, 4), Err(PlanError::Every));
        assert_eq!(Plan::new("10", Every::Hands(1), Some("60,30"), 4), Err(PlanError::Split { seats: 4 }));
        assert_eq!(Plan::new("10", Every::Hands(1), Some("35,65"), 4), Err(PlanError::Split { seats: 4 }));
        assert_eq!(Plan::new("10", Every::Hands(1), Some("50,30,20"), 2), Err(PlanError::Split { seats: 2 }));
        assert_eq!(Plan::new("10 20", Every::Hands(1), Some("65/35"), 4).unwrap().split, [65, 35]);
        assert_eq!(Plan::default_split(2), [100]);
        assert_eq!(Plan::default_split(4), [65, 35]);
        assert_eq!(Plan::default_split(8), [50, 30, 20]);
    }

    #[test]
    fn prizes_add_up_to_the_pool() {
        let plan = Plan::new("10", Every::Hands(1), Some("50,30,20"), 8).unwrap();
        assert_eq!(plan.prizes(1000, 8), [500, 300, 200]);
        assert_eq!(plan.prizes(999, 8), [501, 299, 199], "rounding goes to first");
        assert_eq!(plan.prizes(1000, 2), [700, 300], "unpaid places go to first");
        for pool in [0, 1, 7, 400, 12_345] {
            assert_eq!(plan.prizes(pool, 8).iter().sum::<Chips>(), pool);
        }
    }

    #[test]
    fn the_poorest_go_out_first_and_someone_always_wins() {
        let players = [("a", 5), ("b", 100), ("c", 0), ("d", 5)];
        assert_eq!(knocked_out(&players, 10), [("c", 4), ("d", 3), ("a", 2)]);
        assert_eq!(knocked_out(&[("a", 3), ("b", 7)], 10), [("a", 2)], "the richer stays in to win");
        assert!(knocked_out(&players, 1).len() == 1);
    }
}
