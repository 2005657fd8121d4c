//! [`SeatSet`]: a set of seats, one bit a seat (rs-poker's `PlayerBitSet` is the model). The hand keeps four:
//! who has had a turn this betting round, who has drawn, who has declared, and who declared low.

use serde::{Deserialize, Serialize};

use super::{Seat, MAX_SEATS};

/// A set of seats of one hand. A seat past [`MAX_SEATS`] is never in it (inserting one does nothing).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatSet(u16);

// Every seat a hand may have fits in the bits.
const _: () = assert!(MAX_SEATS <= u16::BITS as usize);

impl SeatSet {
    pub const EMPTY: SeatSet = SeatSet(0);

    fn bit(seat: Seat) -> u16 {
        if seat < MAX_SEATS {
            1 << seat
        } else {
            0
        }
    }

    pub fn contains(self, seat: Seat) -> bool {
        self.0 & Self::bit(seat) != 0
    }

    pub fn insert(&mut self, seat: Seat) {
        self.0 |= Self::bit(seat);
    }

    /// The seats of `self` that are also in `other`.
    pub fn intersect(self, other: SeatSet) -> SeatSet {
        SeatSet(self.0 & other.0)
    }

    /// The set of `seat` alone (empty for a seat past [`MAX_SEATS`]).
    pub fn only(seat: Seat) -> SeatSet {
        SeatSet(Self::bit(seat))
    }

    pub fn clear(&mut self) {
        self.0 = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_in_and_out_and_past_the_table() {
        let mut s = SeatSet::EMPTY;
        s.insert(0);
        s.insert(9);
        s.insert(MAX_SEATS);
        s.insert(usize::MAX);
        assert!(s.contains(0) && s.contains(9));
        assert!(!s.contains(1) && !s.contains(MAX_SEATS) && !s.contains(usize::MAX));
        assert_eq!(s.intersect(SeatSet::only(9)), SeatSet::only(9));
        assert_eq!(SeatSet::only(MAX_SEATS), SeatSet::EMPTY);
        assert_eq!(serde_json::to_string(&s).ok().as_deref(), Some("513"), "stored as the bits, as before");
        s.clear();
        assert_eq!(s, SeatSet::EMPTY);
    }
}
