//! A hand as one seat may see it (computer opponents, `engine::bot`): the cards it may not see hidden, and
//! the hidden cards filled in by a sample.

use super::*;

/// The card that stands for one a player may not see, in a hand as that player sees it ([`Hand::as_seen_by`]).
/// Which cards are hidden follows from the hand's public state alone, so the placeholder never has to be told
/// apart from a real card.
pub(super) const HIDDEN: Card = Card { rank: Rank::TWO, suit: Suit::Clubs };

/// A hand as one seat may see it, and the sampled hands of what it cannot (computer opponents, `engine::bot`).
impl Hand {
    /// Whether `seat` may see `other`'s down cards now: its own once it has looked (never in cobra, where the
    /// down card is on its forehead); another player's only in cobra.
    fn sees_down(&self, seat: Seat, other: Seat) -> bool {
        if self.plan.forehead {
            other != seat
        } else {
            other == seat && self.seats[seat].seen
        }
    }

    /// A copy of this hand with every card `seat` may not see replaced by [`HIDDEN`]: the other players' down
    /// cards (in cobra, its own), its own before it looks, the community cards still face down and the undealt
    /// pack. The other players' secret declarations read as high, and what the ending showed is dropped. What
    /// remains is public, or `seat`'s own to know.
    pub(crate) fn as_seen_by(&self, seat: Seat) -> Hand {
        let mut h = self.clone();
        for other in 0..h.seats.len() {
            if !self.sees_down(seat, other) {
                h.seats[other].cards.fill(HIDDEN);
            }
        }
        let up = h.board.community.len();
        h.community.iter_mut().skip(up).for_each(|c| *c = HIDDEN);
        h.stock.fill(HIDDEN);
        h.declared_low = h.declared_low.intersect(SeatSet::only(seat));
        for (s, action) in h.actions.iter_mut() {
            if *s != seat && *action == Action::DeclareLow {
                *action = Action::DeclareHigh;
            }
        }
        h.kaana_show = false;
        h
    }

    /// How many cards [`Hand::fill_hidden`] fills for `seat`: the hidden down cards of the players still in, the
    /// community cards still face down, and the seat's own down cards in `renew` (not the undealt pack).
    pub(crate) fn hidden_count(&self, seat: Seat, renew: u8) -> usize {
        let down: usize = (0..self.seats.len())
            .filter(|&s| !self.seats[s].packed && !self.sees_down(seat, s))
            .map(|s| self.seats[s].cards.len())
            .sum();
        let own =
            self.seats.get(seat).map_or(0, |s| (0..s.cards.len().min(8)).filter(|i| renew & (1 << i) != 0).count());
        down + own + self.community.len().saturating_sub(self.board.community.len())
    }

    /// Puts `cards` (at least [`Hand::hidden_count`] of them) where `seat` cannot see and in place of its own down
    /// cards in `renew` (bit `i` for the `i`-th, as a draw's mask), in a fixed order, and turns every community
    /// card up: the hand as it could end, for judging with [`Hand::value_with`].
    pub(crate) fn fill_hidden(&mut self, seat: Seat, renew: u8, cards: &[Card]) {
        let mut next = cards.iter().copied();
        for s in 0..self.seats.len() {
            let hidden = !self.seats[s].packed && !self.sees_down(seat, s);
            for (i, c) in self.seats[s].cards.iter_mut().enumerate() {
                if hidden || (s == seat && i < 8 && renew & (1 << i) != 0) {
                    *c = next.next().unwrap_or(HIDDEN);
                }
            }
        }
        let up = self.board.community.len();
        for c in self.community.iter_mut().skip(up) {
            *c = next.next().unwrap_or(HIDDEN);
        }
        self.board.community.clone_from(&self.community);
    }

    /// What `seat`'s hand is worth under `e` (the hand's [`Hand::evaluator`], worked out once for many seats), and
    /// as a low hand when `low`.
    pub(crate) fn value_with(&self, seat: Seat, e: Evaluator, low: bool) -> Option<HandValue> {
        let e = if low { Evaluator::for_scheme(Scheme { lowball: true, ..*e.scheme() }) } else { e };
        if !self.plan.exact_use {
            // The value alone: what it counts as (`explain`) is not needed, and costs most with wild cards.
            return e.evaluate(&self.hand_cards(seat)?).ok();
        }
        self.judge_by(seat, e).map(|(v, _)| v)
    }

    /// The cards `seat` sees: its own known down cards, every face-up card and draw, and (cobra) the others'.
    pub(crate) fn visible_to(&self, seat: Seat) -> Vec<Card> {
        let mut seen: Vec<Card> = Vec::new();
        for (s, state) in self.seats.iter().enumerate() {
            if self.sees_down(seat, s) {
                seen.extend(&state.cards);
            }
            seen.extend(&state.up);
        }
        seen.extend(&self.board.community);
        seen.extend([self.board.joker, self.board.wild_suit, self.board.bust].into_iter().flatten());
        seen
    }
}
