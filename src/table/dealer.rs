//! Who deals: the button passing left to the next player dealt in, and a finished hand's first winner (who deals
//! next under `deal_order=winner`).

use crate::engine::Hand;
use crate::ids::UserId;

/// The first winner (left of the dealer) of a finished `hand` whose seat i is `users[i]`.
pub(super) fn first_winner(hand: &Hand, users: &[UserId]) -> Option<UserId> {
    hand.outcome().and_then(|o| o.winners().first().and_then(|&w| users.get(w).copied()))
}

/// The dealer's seat among `dealt` (the users dealt in, in seat order): the button passes to the left, to the
/// next seated player after the last dealer who is dealt in; the first hand is dealt by the last seat.
pub(super) fn next_dealer(seated: &[UserId], dealt: &[UserId], last: Option<UserId>) -> usize {
    let Some(last) = last.and_then(|d| seated.iter().position(|&s| s == d)) else {
        return dealt.len().saturating_sub(1);
    };
    (1..=seated.len())
        .map(|i| seated[(last + i) % seated.len()])
        .find_map(|u| dealt.iter().position(|&x| x == u))
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_button_passes_left_to_the_next_player_dealt_in() {
        let seated: Vec<UserId> = (1..=4).map(UserId).collect();
        // First hand: the last seat dealt in deals.
        assert_eq!(next_dealer(&seated, &seated, None), 3);
        // After user 2 dealt, user 3 deals (seat 2).
        assert_eq!(next_dealer(&seated, &seated, Some(UserId(2))), 2);
        // User 3 is not dealt in (sitting out): user 4 deals, seat 2 among [1, 2, 4].
        let dealt = [UserId(1), UserId(2), UserId(4)];
        assert_eq!(next_dealer(&seated, &dealt, Some(UserId(2))), 2);
        // Wrapping round: after user 4, user 1.
        assert_eq!(next_dealer(&seated, &seated, Some(UserId(4))), 0);
        // A last dealer who left the table: as for a first hand.
        assert_eq!(next_dealer(&seated, &seated, Some(UserId(9))), 3);
    }
}
