//! The hand's own unit tests (the rules' scenarios are in `tests/`).

use super::*;

fn range(min: Chips, max: Chips, step: Chips) -> BetRange {
    BetRange { min, max, step, blind: step == 1 }
}

#[test]
fn raise_is_twice_the_minimum_capped_and_on_the_step() {
    // Blind: stake 1, bets 1 to 2.
    assert_eq!(range(1, 2, 1).raise(), Some(2));
    // Seen: stake 2, bets 4 to 8.
    assert_eq!(range(4, 8, 2).raise(), Some(8));
    // Capped at the maximum (a short stack or a chaal limit).
    assert_eq!(range(4, 6, 2).raise(), Some(6));
    assert_eq!(range(3, 5, 1).raise(), Some(5));
    // The cap rounded down to the step: a seen maximum of 7 allows 6.
    assert_eq!(range(4, 7, 2).raise(), Some(6));
    // Nothing above the minimum: no raise.
    assert_eq!(range(4, 4, 2).raise(), None);
    assert_eq!(range(4, 5, 2).raise(), None);
    assert_eq!(range(1, 1, 1).raise(), None);
}
