//! What a seat may do now: the bet it may make ([`BetRange`]), every action open to it ([`Legal`]), and the
//! checks [`Hand::apply`] makes before it changes anything.

use super::*;

/// The bet a seat may make now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetRange {
    pub min: Chips,
    pub max: Chips,
    /// 2 for seen bets (even amounts), 1 for blind bets.
    pub step: Chips,
    pub blind: bool,
}

impl BetRange {
    pub fn contains(&self, amount: Chips) -> bool {
        (self.min..=self.max).contains(&amount) && amount.is_multiple_of(self.step)
    }

    /// The raise offered beside the minimum bet: twice the minimum, capped at
    /// the maximum and rounded down to the step; None when that is no more
    /// than the minimum.
    pub fn raise(&self) -> Option<Chips> {
        let raise = self.min.saturating_mul(2).min(self.max);
        let raise = raise - raise % self.step;
        (raise > self.min).then_some(raise)
    }
}

/// Everything one seat may do now: drives the buttons.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    pub see: bool,
    pub pack: bool,
    pub bet: Option<BetRange>,
    /// The cost of a show, if one may be asked for now.
    pub show: Option<Chips>,
    /// The cost of a sideshow and whom it would ask.
    pub sideshow: Option<(Chips, Seat)>,
    /// May accept or deny a sideshow, or (`answer_show`) show or concede a show called against them.
    pub respond: bool,
    /// The answer `respond` gives is to a show: Accept shows the cards, Deny concedes the pot unseen.
    pub answer_show: bool,
    /// The answer `respond` gives is to an offer to share the pot: Accept ends the hand, Deny plays on.
    pub answer_split: bool,
    /// May offer the other player to end the hand and share the pot (`agreed_split`).
    pub split: bool,
    /// May change cards now.
    pub draw: Option<DrawOffer>,
    /// May declare high or low (a high-low show by declaration).
    pub declare: bool,
}

/// A draw a seat may make now: up to `max` of its down cards (at least `min`), each for `price`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    pub min: usize,
    pub max: usize,
    pub price: Chips,
}

impl Legal {
    pub fn any(&self) -> bool {
        self.see
            || self.pack
            || self.bet.is_some()
            || self.show.is_some()
            || self.sideshow.is_some()
            || self.respond
            || self.draw.is_some()
            || self.declare
    }
}

/// The checks: each says whether an action is open to a seat now, and why not.
impl Hand {
    /// Range for a bet by `seat` now, ignoring whose turn it is.
    pub(super) fn bet_range(&self, seat: Seat) -> Result<BetRange, RuleError> {
        let s = &self.seats[seat];
        if !s.seen {
            if let Some(limit) = self.rules.blind_turn_limit {
                if s.blind_bets >= limit {
                    return Err(RuleError::MustSee(limit));
                }
            }
        }
        let stake = self.stake;
        // The largest seen bet under the structure (001 "Limits"); a blind bet may be half of it.
        let seen_min = 2 * stake;
        let seen_max = match self.rules.bet_structure {
            BetStructure::Fixed => 2 * seen_min,
            BetStructure::Spread => self.rules.spread_limit.unwrap_or(seen_min).max(seen_min),
            BetStructure::SpreadRaise => seen_min.saturating_add(self.rules.spread_limit.unwrap_or(0)),
            // Call, then raise by the pot after the call.
            BetStructure::Pot => seen_min.saturating_mul(2).saturating_add(self.pot),
            BetStructure::PotSimple => self.pot.max(seen_min),
            // Up to one's own stack; a blind player, half of it (a blind bet is half under every structure). Before
            // revision 1 the blind half was of an unbounded maximum: the whole stack.
            BetStructure::NoLimit if self.rules.revision >= 1 => s.stack.max(seen_min),
            BetStructure::NoLimit => Chips::MAX,
        };
        let (min, mut max, step) = if s.seen {
            let cap = self.rules.chaal_limit.map_or(Chips::MAX, |l| l.max(2 * stake));
            (seen_min, seen_max.min(cap), 2)
        } else {
            let cap = self.rules.chaal_limit.map_or(Chips::MAX, |l| (l / 2).max(stake));
            (stake, (seen_max / 2).max(stake).min(cap), 1)
        };
        max = max.min(s.stack);
        if step == 2 {
            max -= max % 2;
        }
        if max < min {
            return Err(RuleError::CannotCover(min));
        }
        Ok(BetRange { min, max, step, blind: !s.seen })
    }

    /// Shows and sideshows wait for `rounds_before_show` betting rounds to end.
    pub(super) fn check_show_round(&self) -> Result<(), RuleError> {
        if self.round <= self.plan.rounds_before_show {
            return Err(RuleError::ShowTooEarly(self.plan.rounds_before_show));
        }
        Ok(())
    }

    pub(super) fn show_cost(&self, seat: Seat) -> Result<Chips, RuleError> {
        let high_low = self.rules.high_low != HighLow::Off;
        if self.active_count() != 2 && !high_low {
            return Err(RuleError::ShowNeedsTwo);
        }
        self.check_show_round()?;
        let other = self.next_active(seat);
        let me = &self.seats[seat];
        if !me.seen {
            if let Some(limit) = self.rules.blind_turn_limit {
                if me.blind_bets >= limit {
                    return Err(RuleError::MustSee(limit));
                }
            }
        }
        let base = if !me.seen {
            self.stake
        } else if self.seats[other].seen || high_low {
            // A high-low show is every hand's: the payer's own bet now, whoever is still in.
            2 * self.stake
        } else if !self.rules.seen_can_show_blind {
            return Err(RuleError::SeenCannotShowBlind);
        } else if self.rules.show_cost == ShowCost::Current {
            // The current bet level: a seen player's bet, whoever the other is.
            2 * self.stake
        } else {
            4 * self.stake
        };
        let cost = if self.rules.show_cost == ShowCost::Double { 2 * base } else { base };
        if cost > me.stack {
            return Err(RuleError::CannotAffordShow { need: cost, have: me.stack });
        }
        Ok(cost)
    }

    pub(super) fn sideshow_check(&self, seat: Seat) -> Result<(Chips, Seat), RuleError> {
        if self.rules.high_low != HighLow::Off {
            return Err(RuleError::NoSideshowHighLow);
        }
        if self.asked {
            return Err(RuleError::AskedThisTurn);
        }
        if self.active_count() < 3 {
            return Err(RuleError::SideshowNeedsThree);
        }
        if self.active().any(|s| !self.seats[s].seen) {
            return Err(RuleError::SideshowNeedsAllSeen);
        }
        self.check_show_round()?;
        let target = self.prev_active(seat);
        if !self.seats[target].has_bet {
            return Err(RuleError::SideshowNoTarget);
        }
        let range = self.bet_range(seat)?;
        // Asking first costs nothing; the bet comes after (the asker must still be able to cover it).
        let cost = if self.rules.sideshow_order == SideshowOrder::AskFirst { 0 } else { range.min };
        Ok((cost, target))
    }

    /// Whether `seat` may look at their cards now (ignoring whose turn it is).
    pub(super) fn see_check(&self, seat: Seat) -> Result<(), RuleError> {
        if self.plan.forehead {
            return Err(RuleError::Forehead);
        }
        if self.seats[seat].seen {
            return Err(RuleError::AlreadySeen);
        }
        if self.round <= self.plan.blind_rounds {
            return Err(RuleError::BlindRound(self.plan.blind_rounds));
        }
        Ok(())
    }

    /// The draw `seat` may make now, whose turn it is (to draw, or under `draw=rounds` to bet).
    pub(super) fn draw_offer(&self, seat: Seat) -> Result<DrawOffer, RuleError> {
        let down = self.seats[seat].cards.len();
        let (min, max) = match (self.phase, self.plan.draw) {
            (Phase::Drawing, _) => (0, down),
            (Phase::Betting, DrawMode::Rounds) if self.round <= 3 => {
                if self.drew.contains(seat) {
                    return Err(RuleError::DrewThisRound);
                }
                (1, 1)
            }
            _ => return Err(RuleError::NoDraw),
        };
        let affordable = self.seats[seat].stack.checked_div(self.draw_price).map_or(usize::MAX, |n| n as usize);
        Ok(DrawOffer { min, max: max.min(self.stock.len()).min(affordable), price: self.draw_price })
    }

    pub(super) fn check_live(&self, seat: Seat) -> Result<(), RuleError> {
        if self.outcome.is_some() {
            return Err(RuleError::HandOver);
        }
        let s = self.seats.get(seat).ok_or(RuleError::NoSuchSeat)?;
        if s.packed {
            return Err(RuleError::Packed);
        }
        Ok(())
    }

    /// `seat` is to act (bet, show, sideshow; draw under `draw=rounds`) in a betting phase.
    pub(super) fn check_turn(&self, seat: Seat) -> Result<(), RuleError> {
        if self.phase == Phase::Declaring {
            return Err(RuleError::Declaring);
        }
        if let Some(q) = self.question {
            return Err(q.kind.pending());
        }
        if seat != self.turn {
            return Err(RuleError::NotYourTurn);
        }
        if self.phase == Phase::Drawing {
            return Err(RuleError::Drawing);
        }
        Ok(())
    }

    /// Everything `seat` may do now (empty for a packed seat or a finished hand).
    pub fn legal_actions(&self, seat: Seat) -> Legal {
        if self.check_live(seat).is_err() {
            return Legal::default();
        }
        if self.holds_bust(seat) {
            return Legal { pack: true, ..Legal::default() };
        }
        // While a question waits (a sideshow, a called show, an offer to split) nobody is on turn; who it asks
        // answers it.
        let on_turn = self.check_turn(seat).is_ok();
        let drawing = self.phase == Phase::Drawing && seat == self.turn;
        let asked = |kind: Asked| self.open(kind).is_some_and(|(_, t)| t == seat);
        let seen = self.seats[seat].seen;
        let declaring = self.may_declare(seat);
        Legal {
            // During the declarations anyone still in may look (as `apply` allows), declared or not.
            see: self.see_check(seat).is_ok()
                && (on_turn || self.phase == Phase::Declaring || !self.rules.see_on_turn_only),
            pack: self.may_pack(seat),
            bet: on_turn.then(|| self.bet_range(seat).ok()).flatten(),
            show: on_turn.then(|| self.show_cost(seat).ok()).flatten(),
            sideshow: (on_turn && seen).then(|| self.sideshow_check(seat).ok()).flatten(),
            respond: self.question.is_some_and(|q| q.target == seat),
            answer_show: asked(Asked::Show),
            answer_split: asked(Asked::Split),
            split: on_turn && self.split_check().is_ok(),
            draw: (on_turn || drawing).then(|| self.draw_offer(seat).ok()).flatten().filter(|o| o.max >= o.min),
            declare: declaring,
        }
    }

    /// Whether `seat` may pack now: any time, or under `pack_on_turn_only` when the timer runs for them (at a
    /// declaration, for every player who has not declared).
    pub(super) fn may_pack(&self, seat: Seat) -> bool {
        !self.rules.pack_on_turn_only || self.to_act() == Some(seat) || self.may_declare(seat)
    }
}
