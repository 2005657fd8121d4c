//! How a hand ends: shows and showdowns, high-low declarations and halves, the pot paid out, and each seat's
//! net.

use super::*;

impl Hand {
    pub(super) fn shown(&self, seat: Seat) -> ShownHand {
        let cards = self.own_cards(seat).unwrap_or_default();
        let (value, made) = self.judge(seat).unwrap_or((HandValue { category: Category::HighCard, strength: 0 }, None));
        ShownHand { seat, cards, value, made }
    }

    /// What `seat`'s hand counts as, for people (see [`Evaluator::explain`]).
    pub fn made_of(&self, seat: Seat) -> Option<Made> {
        self.judge(seat).and_then(|(_, made)| made)
    }

    /// Equal hands go by suits: under `show_tie = suit_order`, and always in the variations whose text says
    /// suit rules apply (the incomplete ones). The cards compared are each player's own.
    pub(super) fn suits_decide(&self) -> bool {
        self.rules.show_tie == ShowTie::SuitOrder || self.rules.parts().is_ok_and(|p: Parts| p.suit_ties)
    }

    /// Of equal hands, the one whose own cards' suits rank highest (the last of `seats` on an exact tie: at a
    /// show, the payer's opponent).
    pub(super) fn by_suits(&self, seats: &[Seat]) -> Seat {
        let order = self.rules.suit_order;
        let key = |seat: &Seat| suit_key(&self.own_cards(*seat).unwrap_or_default(), order);
        seats.iter().copied().max_by_key(key).unwrap_or(self.dealer)
    }

    pub(super) fn show(&mut self, payer: Seat, other: Seat, events: &mut Vec<Event>) {
        let rest = self.community.len() - self.board.community.len();
        self.turn_community(rest, events);
        let p = self.shown(payer);
        let o = self.shown(other);
        let winners: Vec<Seat> = match p.value.cmp(&o.value) {
            std::cmp::Ordering::Greater => vec![payer],
            std::cmp::Ordering::Less => vec![other],
            std::cmp::Ordering::Equal if self.suits_decide() => vec![self.by_suits(&[payer, other])],
            std::cmp::Ordering::Equal => match self.rules.show_tie {
                ShowTie::Split => self.seat_order(&[payer, other]),
                ShowTie::PayerLoses | ShowTie::SuitOrder => vec![other],
            },
        };
        self.kaana_show = self.kaana_show || self.holds_kaana(other);
        events
            .push(Event::public(EventKind::Showdown { hands: self.seat_sorted(vec![p, o]), winners: winners.clone() }));
        self.finish(EndedBy::Show, &winners, events);
    }

    pub(super) fn pot_limit_showdown(&mut self, events: &mut Vec<Event>) {
        self.close(Asked::Sideshow);
        events.push(Event::public(EventKind::PotLimitReached { pot: self.pot }));
        self.showdown_all(EndedBy::PotLimit, events);
    }

    /// Every hand still in is shown (a pot limit reached, a compulsory show, a high-low show), compared whole:
    /// the community cards still face down are turned up first. By declaration, the players declare first.
    pub(super) fn showdown_all(&mut self, ended_by: EndedBy, events: &mut Vec<Event>) {
        let rest = self.community.len() - self.board.community.len();
        self.turn_community(rest, events);
        if self.rules.high_low == HighLow::Declare {
            self.phase = Phase::Declaring;
            self.ending = Some(ended_by);
            self.declared.clear();
            self.declared_low.clear();
            events.push(Event::public(EventKind::PhaseChanged { phase: Phase::Declaring }));
            if let Some(first) = self.to_act() {
                self.turn = first;
                events.push(Event::public(EventKind::Turn { seat: first, stake: self.stake }));
            }
            return;
        }
        self.compare_all(ended_by, events);
    }

    /// `seat` declares high or low: public, only the fact.
    pub(super) fn declare(&mut self, seat: Seat, low: bool, events: &mut Vec<Event>) {
        self.declared.insert(seat);
        if low {
            self.declared_low.insert(seat);
        }
        events.push(Event::public(EventKind::Declared { seat }));
        self.after_declaration(events);
    }

    /// Once every player still in has declared: the declarations are revealed together, then the hands.
    pub(super) fn after_declaration(&mut self, events: &mut Vec<Event>) {
        if let Some(next) = self.to_act() {
            self.turn = next;
            return;
        }
        let seats = self.seat_order(&self.active().collect::<Vec<_>>());
        let (low, high): (Vec<Seat>, Vec<Seat>) = seats.into_iter().partition(|&s| self.declared_low(s));
        events.push(Event::public(EventKind::Declarations { high, low }));
        let ended_by = self.ending.take().unwrap_or(EndedBy::Show);
        self.compare_all(ended_by, events);
    }

    /// Shows every hand still in and pays the pot: to the best hand (ties split; suits decide in the variations
    /// whose text says so), or at a high-low table half to the best high hand and half to the best low one.
    pub(super) fn compare_all(&mut self, ended_by: EndedBy, events: &mut Vec<Event>) {
        let hands: Vec<ShownHand> = self.active().map(|s| self.shown(s)).collect();
        if self.rules.high_low == HighLow::Off {
            let best = hands.iter().map(|h| h.value).max();
            let mut winners: Vec<Seat> = hands.iter().filter(|h| Some(h.value) == best).map(|h| h.seat).collect();
            if winners.len() > 1 && self.rules.parts().is_ok_and(|p| p.suit_ties) {
                winners = vec![self.by_suits(&winners)];
            }
            let winners = self.seat_order(&winners);
            events.push(Event::public(EventKind::Showdown { hands, winners: winners.clone() }));
            self.finish(ended_by, &winners, events);
            return;
        }
        let (high, low) = self.halves(&hands);
        let mut winners = high.clone();
        winners.extend(low.iter().filter(|s| !high.contains(s)));
        let winners = self.seat_order(&winners);
        self.kaana_show = self.kaana_show || hands.iter().any(|h| self.holds_kaana(h.seat));
        events.push(Event::public(EventKind::Showdown { hands, winners }));
        events.push(Event::public(EventKind::HalvesWon { high: high.clone(), low: low.clone() }));
        self.finish_parts(ended_by, &[&high, &low], events);
    }

    /// The winners of each half of a high-low pot, each from the dealer's left. Cards speak: every hand shown
    /// contests both halves; by declaration, each the half its player declared. A half goes to the best hand
    /// that contests it and meets the qualifier (equal hands share it: no suits, no payer loses); a half nobody
    /// wins is empty, and the other half takes the whole pot. When neither half has a winner (everyone declared
    /// a half no hand of theirs qualifies for), the best high hand shown takes the pot.
    pub(super) fn halves(&self, hands: &[ShownHand]) -> (Vec<Seat>, Vec<Seat>) {
        let declared = self.rules.high_low == HighLow::Declare;
        let low_of = |seat: Seat| self.low_value(seat).unwrap_or(HandValue { category: Category::Bust, strength: 0 });
        let eight = self.eight_or_better();
        let qualifier = self.rules.qualifier;
        let high_ok = |v: HandValue| {
            qualifier != Qualifier::AnyPairNoPair || !matches!(v.category, Category::HighCard | Category::Bust)
        };
        let low_ok = |v: HandValue| match qualifier {
            Qualifier::None => true,
            Qualifier::EightOrBetter => v.category == Category::HighCard && eight.is_some_and(|e| v >= e),
            Qualifier::AnyPairNoPair => v.category == Category::HighCard,
        };
        let high: Vec<(Seat, HandValue)> = hands
            .iter()
            .filter(|h| !(declared && self.declared_low(h.seat)) && high_ok(h.value))
            .map(|h| (h.seat, h.value))
            .collect();
        let low: Vec<(Seat, HandValue)> = hands
            .iter()
            .filter(|h| !declared || self.declared_low(h.seat))
            .map(|h| (h.seat, low_of(h.seat)))
            .filter(|&(_, v)| low_ok(v))
            .collect();
        let best = |contest: &[(Seat, HandValue)]| -> Vec<Seat> {
            let top = contest.iter().map(|&(_, v)| v).max();
            self.seat_order(&contest.iter().filter(|&&(_, v)| Some(v) == top).map(|&(s, _)| s).collect::<Vec<_>>())
        };
        let (high, low) = (best(&high), best(&low));
        if high.is_empty() && low.is_empty() {
            let all: Vec<(Seat, HandValue)> = hands.iter().map(|h| (h.seat, h.value)).collect();
            return (best(&all), low);
        }
        (high, low)
    }

    /// The weakest low of eight or better under this hand's ranking options: 8-7-5 of mixed suits.
    pub(super) fn eight_or_better(&self) -> Option<HandValue> {
        let e = self.evaluator()?;
        let plain = Scheme {
            lowball: true,
            held: 3,
            wild: Wild::None,
            wild_suits: 0,
            wild_cards: 0,
            pairs: Virtual::None,
            imagined: 0,
            bust: 0,
            ..*e.scheme()
        };
        let card = |rank: u8, suit: Suit| Rank::new(rank).map(|r| Card::new(r, suit));
        let cards = [card(8, Suit::Spades)?, card(7, Suit::Hearts)?, card(5, Suit::Diamonds)?];
        Evaluator::for_scheme(plain).evaluate(&cards).ok()
    }

    /// `seats` ordered starting left of the dealer (who gets odd chips first).
    pub(super) fn seat_order(&self, seats: &[Seat]) -> Vec<Seat> {
        let n = self.seats.len();
        let mut v = seats.to_vec();
        v.sort_by_key(|&s| (s + n - self.dealer - 1) % n);
        v
    }

    pub(super) fn seat_sorted(&self, mut hands: Vec<ShownHand>) -> Vec<ShownHand> {
        hands.sort_by_key(|h| h.seat);
        hands
    }

    pub(super) fn finish(&mut self, ended_by: EndedBy, winners: &[Seat], events: &mut Vec<Event>) {
        self.finish_parts(ended_by, &[winners], events);
    }

    /// Ends the hand, the pot divided into `parts` (one, or a high and a low half) by [`crate::engine::pot::divide`].
    pub(super) fn finish_parts(&mut self, ended_by: EndedBy, parts: &[&[Seat]], events: &mut Vec<Event>) {
        let pot = self.pot;
        let payouts = crate::engine::pot::divide(pot, parts);
        for p in &payouts {
            self.seats[p.seat].stack += p.amount;
        }
        self.pot = 0;
        let outcome = Outcome { ended_by, pot, payouts: payouts.clone() };
        self.outcome = Some(outcome);
        events.push(Event::public(EventKind::Ended { ended_by, pot, payouts }));
    }

    /// Chips each seat has won (+) or lost (-) so far, against its stack
    /// before the boot. Sums to minus the pot while the hand is live, zero after.
    pub fn nets(&self) -> Vec<i64> {
        let mut nets: Vec<i64> = self.seats.iter().map(|s| -(s.put_in as i64)).collect();
        for p in self.outcome.iter().flat_map(|o| &o.payouts) {
            nets[p.seat] += p.amount as i64;
        }
        nets
    }
}
