//! Dividing a pot exactly: into parts (one today; a high and a low half for the split pots of issue 15), each part
//! among its winners. Every chip goes to someone: a part's odd chips go one each to its first winners, in the order
//! given (the hand gives them from the dealer's left), and the first part takes the pot's odd chip (the high half,
//! in a high-low split).

use super::hand::{Payout, Seat};
use super::rules::Chips;

/// `pot` divided into `parts.len()` parts as even as chips allow (the first parts take the odd chips), each part
/// among its seats as evenly (the first seats take the odd chips). A seat in several parts (a high-low scoop) is
/// paid once, the sum of its shares, in the order it first appears. Parts with no seat give their chips to the
/// first part (a half with no qualifying hand goes to the other). No part at all, or no seat: nothing is paid.
pub fn divide(pot: Chips, parts: &[&[Seat]]) -> Vec<Payout> {
    let parts: Vec<&[Seat]> = parts.iter().copied().filter(|p| !p.is_empty()).collect();
    let k = parts.len() as Chips;
    if k == 0 {
        return Vec::new();
    }
    let mut payouts: Vec<Payout> = Vec::new();
    let mut pay = |seat: Seat, amount: Chips| match payouts.iter_mut().find(|p| p.seat == seat) {
        Some(p) => p.amount += amount,
        None => payouts.push(Payout { seat, amount }),
    };
    for (i, seats) in parts.iter().enumerate() {
        let part = pot / k + Chips::from((i as Chips) < pot % k);
        let n = seats.len() as Chips;
        for (j, &seat) in seats.iter().enumerate() {
            pay(seat, part / n + Chips::from((j as Chips) < part % n));
        }
    }
    payouts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amounts(p: &[Payout]) -> Vec<(Seat, Chips)> {
        p.iter().map(|p| (p.seat, p.amount)).collect()
    }

    #[test]
    fn one_part_is_today_s_split() {
        assert_eq!(amounts(&divide(10, &[&[2]])), vec![(2, 10)]);
        // Odd chips one each to the first winners.
        assert_eq!(amounts(&divide(11, &[&[3, 1, 2]])), vec![(3, 4), (1, 4), (2, 3)]);
    }

    #[test]
    fn a_high_low_split_gives_the_odd_chip_to_the_high_half() {
        assert_eq!(amounts(&divide(11, &[&[0], &[1]])), vec![(0, 6), (1, 5)]);
        // Quarters: the low half shared by two.
        assert_eq!(amounts(&divide(12, &[&[0], &[1, 2]])), vec![(0, 6), (1, 3), (2, 3)]);
        // A scoop: one seat wins both halves.
        assert_eq!(amounts(&divide(11, &[&[1], &[1]])), vec![(1, 11)]);
        // No low qualifies: the high takes all.
        assert_eq!(amounts(&divide(11, &[&[0], &[]])), vec![(0, 11)]);
        assert!(divide(11, &[]).is_empty());
    }

    proptest::proptest! {
        /// Every chip of every pot goes to someone, and within a part no share differs from another by more than a
        /// chip, over random pots and random splits.
        #[test]
        fn every_chip_goes_to_someone(
            pot in 0u64..=1_000_000_000_000,
            parts in proptest::collection::vec(proptest::collection::vec(0usize..10, 0..5), 0..4),
        ) {
            let parts: Vec<Vec<Seat>> = parts
                .into_iter()
                .map(|mut p| { p.sort_unstable(); p.dedup(); p })
                .collect();
            let refs: Vec<&[Seat]> = parts.iter().map(|p| p.as_slice()).collect();
            let paid = divide(pot, &refs);
            let total: Chips = paid.iter().map(|p| p.amount).sum();
            let anyone = parts.iter().any(|p| !p.is_empty());
            proptest::prop_assert_eq!(total, if anyone { pot } else { 0 });
            let mut seats: Vec<Seat> = paid.iter().map(|p| p.seat).collect();
            seats.sort_unstable();
            seats.dedup();
            proptest::prop_assert_eq!(seats.len(), paid.len(), "each seat is paid once");
            // With one part, the shares differ by at most a chip.
            if parts.iter().filter(|p| !p.is_empty()).count() == 1 {
                let max = paid.iter().map(|p| p.amount).max().unwrap_or(0);
                let min = paid.iter().map(|p| p.amount).min().unwrap_or(0);
                proptest::prop_assert!(max - min <= 1);
            }
        }
    }
}
