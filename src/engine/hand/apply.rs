//! [`Hand::apply`]: one action by one seat, checked whole before anything changes, and the moves it makes
//! (see, draw, bet, pack, sideshow, show, split offers, the turn passing on, the rounds and their community cards).

use super::*;

impl Hand {
    /// Applies one action by `seat`. On error nothing has changed.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        self.check_live(seat)?;
        if self.holds_bust(seat) && !matches!(action, Action::Pack | Action::Timeout) {
            return Err(RuleError::HoldsBust);
        }
        let mut events = Vec::new();
        match action {
            Action::See => {
                self.see_check(seat)?;
                let declaring = self.phase == Phase::Declaring;
                if self.rules.see_on_turn_only && !declaring && self.check_turn(seat).is_err() {
                    return Err(RuleError::SeeOnlyOnTurn);
                }
                self.see(seat, &mut events);
            }
            Action::Bet(amount) => {
                self.check_turn(seat)?;
                let range = self.bet_range(seat)?;
                if !(range.min..=range.max).contains(&amount) {
                    return Err(RuleError::BetOutOfRange { min: range.min, max: range.max });
                }
                if amount % range.step != 0 {
                    return Err(RuleError::OddBet);
                }
                self.put_in(seat, amount);
                let s = &mut self.seats[seat];
                s.has_bet = true;
                if range.blind {
                    s.blind_bets += 1;
                    self.stake = amount;
                } else {
                    self.stake = amount / 2;
                }
                events.push(Event::public(EventKind::Bet {
                    seat,
                    amount,
                    blind: range.blind,
                    stake: self.stake,
                    pot: self.pot,
                }));
                self.after_bet(seat, &mut events);
            }
            Action::Pack => {
                // A bust card packs its holder whenever (the check above let only a pack through).
                if !self.may_pack(seat) && !self.holds_bust(seat) {
                    return Err(RuleError::PackOnlyOnTurn);
                }
                self.pack(seat, PackReason::Folded, &mut events)
            }
            // A player who does not declare in time declares high (the side a hand is played for in every other
            // game). The timer runs out for every player who has not declared; the table times them out in turn.
            Action::Timeout if self.phase == Phase::Declaring => {
                if self.to_act() != Some(seat) {
                    return Err(if self.has_declared(seat) {
                        RuleError::AlreadyDeclared
                    } else {
                        RuleError::NotYourTurn
                    });
                }
                self.declare(seat, false, &mut events);
            }
            Action::DeclareHigh | Action::DeclareLow => {
                if self.phase != Phase::Declaring {
                    return Err(RuleError::NotDeclaring);
                }
                if self.has_declared(seat) {
                    return Err(RuleError::AlreadyDeclared);
                }
                self.declare(seat, action == Action::DeclareLow, &mut events);
            }
            // A called player who does not answer in time shows: the cards speak.
            Action::Timeout if self.open(Asked::Show).is_some_and(|(_, other)| other == seat) => {
                let (payer, other) = self.close(Asked::Show).unwrap_or((seat, seat));
                self.show(payer, other, &mut events);
            }
            Action::Timeout if self.open(Asked::Show).is_some() => return Err(RuleError::ShowPending),
            // An offer to share the pot not answered in time is refused.
            Action::Timeout if self.open(Asked::Split).is_some_and(|(_, other)| other == seat) => {
                self.refuse_split(&mut events);
            }
            Action::Timeout if self.open(Asked::Split).is_some() => return Err(RuleError::SplitPending),
            Action::Timeout => match self.open(Asked::Sideshow) {
                Some((asker, target)) if target == seat => self.deny(asker, target, &mut events),
                Some(_) => return Err(RuleError::SideshowPending),
                // Out of time in a drawing phase: no card is changed.
                None if seat == self.turn && self.phase == Phase::Drawing => self.draw(seat, 0, &mut events)?,
                None if seat == self.turn => self.pack(seat, PackReason::Timeout, &mut events),
                None => return Err(RuleError::NotYourTurn),
            },
            Action::Draw(mask) => {
                if self.phase == Phase::Declaring {
                    return Err(RuleError::Declaring);
                }
                if self.phase == Phase::Betting {
                    self.check_turn(seat)?;
                } else if seat != self.turn {
                    return Err(RuleError::NotYourTurn);
                }
                self.draw(seat, mask, &mut events)?;
            }
            Action::Show => {
                self.check_turn(seat)?;
                let cost = self.show_cost(seat)?;
                // At a high-low table a show is every hand's: `against` is the payer.
                let high_low = self.rules.high_low != HighLow::Off;
                let other = if high_low { seat } else { self.next_active(seat) };
                self.put_in(seat, cost);
                events.push(Event::public(EventKind::ShowCalled { seat, against: other, cost, pot: self.pot }));
                if high_low {
                    // Every hand still in is shown (by declaration, once all have declared).
                    self.showdown_all(EndedBy::Show, &mut events);
                } else if self.rules.show_concede {
                    // The other answers: show their cards, or give up the pot unseen.
                    self.ask(Asked::Show, seat, other);
                    events.push(Event::public(EventKind::Turn { seat: other, stake: self.stake }));
                } else {
                    self.show(seat, other, &mut events);
                }
            }
            Action::Sideshow => {
                self.check_turn(seat)?;
                if !self.seats[seat].seen {
                    return Err(RuleError::SideshowNeedsAllSeen);
                }
                let (amount, target) = self.sideshow_check(seat)?;
                self.asked = true;
                if amount > 0 {
                    self.put_in(seat, amount);
                    self.seats[seat].has_bet = true;
                    self.stake = amount / 2;
                }
                events.push(Event::public(EventKind::SideshowAsked {
                    seat,
                    target,
                    amount,
                    stake: self.stake,
                    pot: self.pot,
                }));
                if self.pot_limit_reached() {
                    self.pot_limit_showdown(&mut events);
                } else {
                    self.ask(Asked::Sideshow, seat, target);
                }
            }
            Action::Split => {
                self.check_turn(seat)?;
                self.split_check()?;
                let target = self.next_active(seat);
                self.asked = true;
                self.ask(Asked::Split, seat, target);
                events.push(Event::public(EventKind::SplitOffered { seat, target }));
                events.push(Event::public(EventKind::Turn { seat: target, stake: self.stake }));
            }
            Action::Accept | Action::Deny if self.open(Asked::Split).is_some() => {
                if self.open(Asked::Split).is_none_or(|(_, o)| o != seat) {
                    return Err(RuleError::NoSplitToAnswer);
                }
                if action == Action::Accept {
                    self.agreed_split(&mut events);
                } else {
                    self.refuse_split(&mut events);
                }
            }
            Action::Accept | Action::Deny if self.open(Asked::Show).is_some() => {
                let Some((payer, other)) = self.open(Asked::Show).filter(|&(_, o)| o == seat) else {
                    return Err(RuleError::NoShowToAnswer);
                };
                self.close(Asked::Show);
                if action == Action::Accept {
                    self.show(payer, other, &mut events);
                } else {
                    self.pack(other, PackReason::Conceded, &mut events);
                }
            }
            Action::Accept | Action::Deny => {
                let (asker, target) = match self.open(Asked::Sideshow) {
                    Some((a, t)) if t == seat => (a, t),
                    _ => return Err(RuleError::NoSideshowToAnswer),
                };
                if action == Action::Deny {
                    self.deny(asker, target, &mut events);
                } else {
                    self.accept(asker, target, &mut events);
                }
            }
        }
        self.actions.push((seat, action));
        Ok(events)
    }

    /// `seat` looks at their cards: public, the fact; private to them, the cards.
    pub(super) fn see(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let s = &mut self.seats[seat];
        s.seen = true;
        events.push(Event::public(EventKind::Saw { seat }));
        events.push(Event { audience: Audience::Seat(seat), kind: EventKind::Cards { seat, cards: s.cards.clone() } });
    }

    /// Changes the down cards of `seat` at the positions of `mask` for new ones from the pack, paying for each.
    /// Checked completely before anything changes. A blind player who changes a card looks at their cards
    /// first (one chooses what to discard by looking): they become seen.
    pub(super) fn draw(&mut self, seat: Seat, mask: u8, events: &mut Vec<Event>) -> Result<(), RuleError> {
        let offer = self.draw_offer(seat)?;
        let down = self.seats[seat].cards.len();
        let count = mask.count_ones() as usize;
        // In a drawing phase any of one's down cards; under draw=rounds exactly one.
        let most = if self.phase == Phase::Drawing { down } else { 1 };
        if usize::from(mask) >> down != 0 || count < offer.min || count > most {
            return Err(RuleError::BadDraw { min: offer.min, max: most });
        }
        if count > self.stock.len() {
            return Err(RuleError::PackEmpty { left: self.stock.len() });
        }
        let cost = offer.price.saturating_mul(count as Chips);
        if cost > self.seats[seat].stack {
            return Err(RuleError::CannotAffordDraw { need: cost, have: self.seats[seat].stack });
        }
        if count > 0 && !self.seats[seat].seen {
            // Looked at, but not told: the player is told the cards they hold after the draw (below).
            self.seats[seat].seen = true;
            events.push(Event::public(EventKind::Saw { seat }));
        }
        let mut new = self.stock.drain(..count);
        for (i, card) in self.seats[seat].cards.iter_mut().enumerate() {
            if mask & (1 << i) != 0 {
                if let Some(c) = new.next() {
                    *card = c;
                }
            }
        }
        drop(new);
        self.put_in(seat, cost);
        self.drew.insert(seat);
        events.push(Event::public(EventKind::Drew { seat, count, cost, pot: self.pot }));
        if count > 0 {
            let cards = self.seats[seat].cards.clone();
            events.push(Event { audience: Audience::Seat(seat), kind: EventKind::Cards { seat, cards } });
        }
        // A payment for new cards is not a bet: a pot it takes to the limit is shown down at the next bet (as a
        // pot already at the limit after the boots is), not now. Revision 0 showed it down at once.
        if self.rules.revision == 0 && self.pot_limit_reached() {
            self.pot_limit_showdown(events);
        } else if self.phase == Phase::Drawing {
            self.next_drawer(seat, events);
        } else {
            // Under draw=rounds the turn goes on: the player still bets (the timer starts again).
            events.push(Event::public(EventKind::Turn { seat, stake: self.stake }));
        }
        Ok(())
    }

    /// A drawing phase begins: each player still in draws in turn, from the dealer's left; betting then
    /// resumes where it stood.
    pub(super) fn begin_drawing(&mut self, events: &mut Vec<Event>) {
        self.phase = Phase::Drawing;
        self.drew.clear();
        self.resume = self.turn;
        self.turn = self.next_active(self.dealer);
        events.push(Event::public(EventKind::PhaseChanged { phase: Phase::Drawing }));
    }

    /// After `seat` drew: the next player still in who has not drawn, or the end of the drawing phase.
    pub(super) fn next_drawer(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let n = self.seats.len();
        let next = (1..=n).map(|i| (seat + i) % n).find(|&s| !self.seats[s].packed && !self.drew.contains(s));
        match next {
            Some(s) => self.turn = s,
            None => {
                self.phase = Phase::Betting;
                self.drew.clear();
                self.turn = if self.seats[self.resume].packed { self.next_active(self.resume) } else { self.resume };
                events.push(Event::public(EventKind::PhaseChanged { phase: Phase::Betting }));
            }
        }
        events.push(Event::public(EventKind::Turn { seat: self.turn, stake: self.stake }));
    }

    pub(super) fn put_in(&mut self, seat: Seat, amount: Chips) {
        let s = &mut self.seats[seat];
        s.stack -= amount;
        s.put_in += amount;
        self.pot += amount;
    }

    pub(super) fn pot_limit_reached(&self) -> bool {
        self.rules.pot_limit.is_some_and(|limit| self.pot >= limit)
    }

    pub(super) fn after_bet(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.pot_limit_reached() {
            self.pot_limit_showdown(events);
        } else {
            self.advance_from(seat, events);
        }
    }

    /// `seat`'s turn has ended: the round may end with it; the turn passes on.
    pub(super) fn advance_from(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.acted.insert(seat);
        self.asked = false;
        self.turn = self.next_active(seat);
        if self.round_complete() {
            self.end_round(events);
            if !self.betting_goes_on() {
                return;
            }
        }
        events.push(Event::public(EventKind::Turn { seat: self.turn, stake: self.stake }));
    }

    /// After a betting round ended: false when it ended the hand or began a declaration (a compulsory show).
    pub(super) fn betting_goes_on(&self) -> bool {
        self.outcome.is_none() && self.phase != Phase::Declaring
    }

    /// Every player still in has had a turn in this betting round.
    pub(super) fn round_complete(&self) -> bool {
        self.phase == Phase::Betting && self.active().all(|s| self.acted.contains(s))
    }

    /// Ends the betting round: the next begins; a community card may be turned up, a drawing phase begin.
    pub(super) fn end_round(&mut self, events: &mut Vec<Event>) {
        let ended = self.round;
        events.push(Event::public(EventKind::RoundEnded { round: ended }));
        self.round += 1;
        self.acted.clear();
        if self.rules.max_rounds == Some(ended) {
            events.push(Event::public(EventKind::RoundLimitReached { round: ended }));
            self.showdown_all(EndedBy::RoundLimit, events);
            return;
        }
        if self.plan.draw == DrawMode::Rounds {
            self.drew.clear();
        }
        if self.plan.community_turn == CommunityTurn::Rounds {
            self.turn_community(1, events);
        }
        if self.plan.draw == DrawMode::After && ended == 1 {
            self.begin_drawing(events);
        }
    }

    /// Turns up to `count` more community cards.
    pub(super) fn turn_community(&mut self, count: usize, events: &mut Vec<Event>) {
        for _ in 0..count {
            let index = self.board.community.len();
            let Some(&card) = self.community.get(index) else { return };
            self.board.community.push(card);
            events.push(Event::public(EventKind::CommunityTurned { card, index }));
        }
    }

    pub(super) fn pack(&mut self, seat: Seat, reason: PackReason, events: &mut Vec<Event>) {
        // A player holding a bust card packs because of it, whatever made them.
        let reason = if self.holds_bust(seat) { PackReason::Bust } else { reason };
        self.seats[seat].packed = true;
        events.push(Event::public(EventKind::Packed { seat, reason }));
        if self.active_count() == 1 {
            self.question = None;
            let winner = self.next_active(seat);
            self.finish(EndedBy::LastStanding, &[winner], events);
            return;
        }
        if self.phase == Phase::Declaring {
            // The show waits for the others' declarations only.
            self.after_declaration(events);
            return;
        }
        match self.open(Asked::Sideshow) {
            // The asker or the target packed, or too few players are left for
            // a sideshow: it lapses and play goes on after the asker.
            Some((asker, target)) if seat == asker || seat == target || self.active_count() < 3 => {
                self.close(Asked::Sideshow);
                self.advance_from(asker, events);
            }
            // Someone else packed: the sideshow still waits for its answer.
            Some(_) => {}
            None if seat == self.turn && self.phase == Phase::Drawing => self.next_drawer(seat, events),
            None if seat == self.turn => self.advance_from(seat, events),
            // A pack out of turn: the round may have been waiting only for this player.
            None if self.round_complete() => {
                self.end_round(events);
                if self.betting_goes_on() {
                    events.push(Event::public(EventKind::Turn { seat: self.turn, stake: self.stake }));
                }
            }
            None => {}
        }
    }

    pub(super) fn deny(&mut self, asker: Seat, target: Seat, events: &mut Vec<Event>) {
        self.close(Asked::Sideshow);
        events.push(Event::public(EventKind::SideshowDenied { seat: asker, target }));
        if self.rules.sideshow_order == SideshowOrder::AskFirst {
            // Refused: the asker must still bet (or pack) to stay in.
            self.keep_turn(asker, events);
        } else {
            self.advance_from(asker, events);
        }
    }

    /// Whether the player to act may offer to share the pot now.
    pub(super) fn split_check(&self) -> Result<(), RuleError> {
        if self.rules.agreed_split == AgreedSplit::Off {
            return Err(RuleError::SplitOff);
        }
        if self.active_count() != 2 {
            return Err(RuleError::SplitNeedsTwo);
        }
        if self.asked {
            return Err(RuleError::AskedThisTurn);
        }
        Ok(())
    }

    /// The offer to share the pot is refused (or not answered): its proposer acts on.
    pub(super) fn refuse_split(&mut self, events: &mut Vec<Event>) {
        let Some((seat, target)) = self.close(Asked::Split) else { return };
        events.push(Event::public(EventKind::SplitRefused { seat, target }));
        self.keep_turn(seat, events);
    }

    /// The last two agreed: the hand ends with no cards shown. `refund`: each takes back what they put in, and
    /// the chips of players who packed are halved between them; `halve`: the pot is halved. An odd chip goes to
    /// the first of the two left of the dealer.
    pub(super) fn agreed_split(&mut self, events: &mut Vec<Event>) {
        let Some((proposer, other)) = self.close(Asked::Split) else { return };
        let two = self.seat_order(&[proposer, other]);
        let pot = self.pot;
        let own: [Chips; 2] = match self.rules.agreed_split {
            AgreedSplit::Refund => [self.seats[two[0]].put_in, self.seats[two[1]].put_in],
            AgreedSplit::Halve | AgreedSplit::Off => [0, 0],
        };
        let rest = pot - own[0] - own[1];
        let amounts = [own[0] + rest - rest / 2, own[1] + rest / 2];
        let mut payouts = Vec::with_capacity(2);
        for (&seat, amount) in two.iter().zip(amounts) {
            self.seats[seat].stack += amount;
            payouts.push(Payout { seat, amount });
        }
        self.pot = 0;
        self.outcome = Some(Outcome { ended_by: EndedBy::Agreed, pot, payouts: payouts.clone() });
        events.push(Event::public(EventKind::Ended { ended_by: EndedBy::Agreed, pot, payouts }));
    }

    /// `seat` acts again: the turn stays (the sideshow took no turn of theirs).
    pub(super) fn keep_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.turn = seat;
        events.push(Event::public(EventKind::Turn { seat, stake: self.stake }));
    }

    pub(super) fn accept(&mut self, asker: Seat, target: Seat, events: &mut Vec<Event>) {
        self.close(Asked::Sideshow);
        let a = self.shown(asker);
        let t = self.shown(target);
        // Tie: the asker packs.
        let loser = if a.value > t.value { target } else { asker };
        events.push(Event {
            audience: Audience::Pair(asker, target),
            kind: EventKind::SideshowCompared { seat: asker, target, hands: vec![a, t], loser },
        });
        self.seats[loser].packed = true;
        events.push(Event::public(EventKind::Packed { seat: loser, reason: PackReason::SideshowLost }));
        if self.active_count() == 1 {
            let winner = self.next_active(loser);
            self.finish(EndedBy::LastStanding, &[winner], events);
            return;
        }
        if loser == target && self.rules.after_sideshow == AfterSideshow::AskerIfWon {
            self.keep_turn(asker, events);
        } else {
            self.advance_from(asker, events);
        }
    }
}
