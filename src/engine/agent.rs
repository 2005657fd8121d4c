//! Computer players: given a hand and a seat, an agent chooses that seat's
//! action. Pure like the rest of the engine: no I/O, randomness passed in.
//!
//! [`RandomAgent`] plays random legal actions, with tunable weights and named
//! profiles: the simulator plays [`RandomAgent::impatient`], the property
//! tests [`RandomAgent::explorer`], the hand benchmark the default. Strategic
//! agents (computer opponents) belong beside it in this module.

use rand::Rng;

use super::hand::{Action, BetRange, DrawOffer, Hand, Legal, Seat};
use super::rules::Chips;

/// A player who picks at random among the actions legal now.
///
/// Asked for a sideshow, it accepts with the chance `accept` and denies
/// otherwise. Otherwise each kind of action legal now (see, bet, show,
/// sideshow, pack, and a timeout when it is the seat to act) is drawn in
/// proportion to its weight; a bet is for a legal amount chosen by
/// `min_bet` and `max_raise_steps`. A weight of 0 never draws that action; if
/// every legal kind weighs 0, it packs.
///
/// For a seat still in the hand the action is always one [`Hand::apply`]
/// accepts (for the seat to act, or the target of a pending sideshow, there
/// is always one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RandomAgent {
    /// Weights, relative to one another: see, bet, show, sideshow, pack.
    pub see: f64,
    pub bet: f64,
    pub show: f64,
    pub sideshow: f64,
    pub pack: f64,
    /// Letting the turn timer run out (which packs); only for the seat to act.
    pub timeout: f64,
    /// Changing cards, where a draw is offered (some of them, at random).
    pub draw: f64,
    /// The chance of accepting a sideshow when asked.
    pub accept: f64,
    /// The chance that a bet is the minimum (which keeps hands long).
    pub min_bet: f64,
    /// Other bets go at most this many steps above the minimum; None: up to the maximum.
    pub max_raise_steps: Option<Chips>,
    /// Gives up long hands, so that they end.
    pub long_hand: Option<LongHand>,
}

/// Once a hand has more than `after` actions, the agent first gives up with
/// the chance `give_up`: it packs or lets the timer run out (by the weights
/// of those two) before anything else is considered.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LongHand {
    pub after: usize,
    pub give_up: f64,
}

impl Default for RandomAgent {
    /// Looks, bets, shows and asks for sideshows at plausible rates, for any
    /// legal amount; packs now and then; never lets the timer run out.
    fn default() -> Self {
        RandomAgent {
            see: 3.0,
            bet: 6.0,
            show: 3.0,
            sideshow: 3.0,
            pack: 1.0,
            timeout: 0.0,
            draw: 2.0,
            accept: 0.5,
            min_bet: 0.0,
            max_raise_steps: None,
            long_hand: None,
        }
    }
}

impl RandomAgent {
    /// Every legal option about as likely as another (a bet twice as likely,
    /// half of the bets the minimum), looks at its cards less often and packs
    /// rarely: hands run long and reach rare states such as sideshows.
    pub fn explorer() -> Self {
        RandomAgent { see: 0.3, bet: 2.0, show: 1.0, sideshow: 1.0, pack: 0.05, min_bet: 0.5, ..RandomAgent::default() }
    }

    /// Small bets (up to three steps above the minimum), sometimes lets the
    /// timer run out, and gives up half the time once a hand passes 40
    /// actions: hands end in tens of actions, as at a busy table.
    pub fn impatient() -> Self {
        RandomAgent {
            see: 1.0,
            bet: 2.0,
            show: 1.0,
            sideshow: 0.6,
            pack: 0.2,
            timeout: 0.07,
            draw: 1.0,
            accept: 0.5,
            min_bet: 0.0,
            max_raise_steps: Some(3),
            long_hand: Some(LongHand { after: 40, give_up: 0.5 }),
        }
    }

    /// The action of `seat` in `hand` now.
    pub fn act<R: Rng + ?Sized>(&self, hand: &Hand, seat: Seat, rng: &mut R) -> Action {
        self.choose(&hand.legal_actions(seat), hand.actions().len(), hand.to_act() == Some(seat), rng)
    }

    /// The action for a seat offered `legal` (as a table view shows it) in a
    /// hand that has had `actions_so_far` actions; a timeout is drawn only if
    /// `may_time_out` (the seat is the one to act, and the caller can time
    /// it out).
    pub fn choose<R: Rng + ?Sized>(
        &self,
        legal: &Legal,
        actions_so_far: usize,
        may_time_out: bool,
        rng: &mut R,
    ) -> Action {
        if legal.respond {
            return if chance(rng, self.accept) { Action::Accept } else { Action::Deny };
        }
        // A declaration at a high-low show: either half, evenly (or, rarely, out of time or packing).
        if legal.declare {
            let give_up = [
                (legal.pack.then_some(Action::Pack), self.pack),
                (may_time_out.then_some(Action::Timeout), self.timeout),
            ];
            let sides = [(Some(Action::DeclareHigh), 1.0), (Some(Action::DeclareLow), 1.0), give_up[0], give_up[1]];
            return draw(rng, &sides).unwrap_or(Action::DeclareHigh);
        }
        let give_up =
            [(legal.pack.then_some(Action::Pack), self.pack), (may_time_out.then_some(Action::Timeout), self.timeout)];
        if let Some(long) = self.long_hand {
            if actions_so_far > long.after && chance(rng, long.give_up) {
                return draw(rng, &give_up).unwrap_or(Action::Pack);
            }
        }
        let options = [
            (legal.see.then_some(Action::See), self.see),
            (legal.bet.map(|b| Action::Bet(b.min)), self.bet),
            (legal.show.map(|_| Action::Show), self.show),
            (legal.sideshow.map(|_| Action::Sideshow), self.sideshow),
            // An offer to share the pot, as often as half a sideshow request.
            (legal.split.then_some(Action::Split), self.sideshow / 2.0),
            (legal.draw.map(|o| Action::Draw(Self::discard(o, rng))), self.draw),
            give_up[0],
            give_up[1],
        ];
        match (draw(rng, &options), legal.bet) {
            (Some(Action::Bet(_)), Some(range)) => Action::Bet(self.amount(range, rng)),
            (Some(action), _) => action,
            (None, _) => Action::Pack,
        }
    }

    /// A legal amount in `range`: the minimum with the chance `min_bet`,
    /// otherwise a random one at most `max_raise_steps` steps above it.
    /// Some of the first `offer.max` down cards (from `offer.min` to `offer.max` of them), as a draw's mask.
    fn discard<R: Rng + ?Sized>(offer: DrawOffer, rng: &mut R) -> u8 {
        let mut positions: Vec<u8> = (0..offer.max.min(8) as u8).collect();
        let count = rng.gen_range(offer.min.min(positions.len())..=positions.len());
        let mut mask = 0u8;
        for _ in 0..count {
            let i = rng.gen_range(0..positions.len());
            mask |= 1 << positions.swap_remove(i);
        }
        mask
    }

    fn amount<R: Rng + ?Sized>(&self, range: BetRange, rng: &mut R) -> Chips {
        if chance(rng, self.min_bet) {
            return range.min;
        }
        let steps = range.max.saturating_sub(range.min) / range.step.max(1);
        let steps = self.max_raise_steps.map_or(steps, |most| steps.min(most));
        range.min + rng.gen_range(0..=steps) * range.step
    }
}

/// True with probability `p` (never for a `p` of 0 or less, or NaN).
fn chance<R: Rng + ?Sized>(rng: &mut R, p: f64) -> bool {
    rng.gen::<f64>() < p
}

/// One of the offered actions (`Some`), drawn in proportion to its weight;
/// None if they all weigh nothing.
fn draw<R: Rng + ?Sized>(rng: &mut R, options: &[(Option<Action>, f64)]) -> Option<Action> {
    let weighted = || options.iter().filter_map(|&(action, weight)| Some((action?, weight.max(0.0))));
    let total: f64 = weighted().map(|(_, w)| w).sum();
    if !(total > 0.0 && total.is_finite()) {
        return None;
    }
    let mut x = rng.gen::<f64>() * total;
    let mut last = None;
    for (action, weight) in weighted().filter(|&(_, w)| w > 0.0) {
        if x < weight {
            return Some(action);
        }
        x -= weight;
        last = Some(action);
    }
    // Rounding left `x` past the end: the last one with any weight.
    last
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::cards::seeded_deck;
    use crate::engine::hand::HandSetup;
    use crate::engine::rules::Rules;

    fn setup(seats: usize, seed: u64) -> HandSetup {
        let rules = Rules { chaal_limit: Some(64), ..Rules::default() };
        HandSetup {
            rules,
            stacks: vec![200; seats],
            dealer: 0,
            deck: seeded_deck(seed),
            kaana_dormant: false,
            posts: Vec::new(),
        }
    }

    /// Plays a hand to its end; every action must be accepted.
    fn play(agent: &RandomAgent, setup: &HandSetup, rng: &mut ChaCha8Rng) -> Hand {
        let (mut hand, _) = Hand::start(setup).unwrap();
        while let Some(seat) = hand.to_act() {
            let action = agent.act(&hand, seat, rng);
            hand.apply(seat, action).unwrap_or_else(|e| panic!("{agent:?} played {action:?}: {e}"));
            assert!(hand.actions().len() < 10_000, "the hand does not end");
        }
        hand
    }

    #[test]
    fn every_profile_plays_legal_actions_to_the_end() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for agent in [RandomAgent::default(), RandomAgent::explorer(), RandomAgent::impatient()] {
            for seed in 0..200 {
                let hand = play(&agent, &setup(2 + seed as usize % 5, seed), &mut rng);
                assert!(hand.is_over());
            }
        }
    }

    /// What `agent` plays in `hand` for `seat`, over many draws.
    fn plays(agent: RandomAgent, hand: &Hand, seat: Seat, rng: &mut ChaCha8Rng) -> HashSet<Action> {
        (0..100).map(|_| agent.act(hand, seat, rng)).collect()
    }

    #[test]
    fn weights_decide_what_is_drawn() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (hand, _) = Hand::start(&setup(4, 1)).unwrap();
        let seat = hand.to_act().unwrap();
        let set = |actions: &[Action]| actions.iter().copied().collect::<HashSet<_>>();
        let nothing = RandomAgent { see: 0.0, bet: 0.0, show: 0.0, sideshow: 0.0, pack: 0.0, ..RandomAgent::default() };
        assert_eq!(plays(nothing, &hand, seat, &mut rng), set(&[Action::Pack]), "all weights 0: pack");
        assert_eq!(plays(RandomAgent { see: 1.0, ..nothing }, &hand, seat, &mut rng), set(&[Action::See]));
        assert_eq!(plays(RandomAgent { timeout: 1.0, ..nothing }, &hand, seat, &mut rng), set(&[Action::Timeout]));
        // A blind player at stake 1 bets 1 or 2, each drawn; with no step above the minimum allowed, 1.
        let bettor = RandomAgent { bet: 1.0, ..nothing };
        assert_eq!(plays(bettor, &hand, seat, &mut rng), set(&[Action::Bet(1), Action::Bet(2)]));
        let small = RandomAgent { max_raise_steps: Some(0), ..bettor };
        assert_eq!(plays(small, &hand, seat, &mut rng), set(&[Action::Bet(1)]));
        let least = RandomAgent { min_bet: 1.0, ..bettor };
        assert_eq!(plays(least, &hand, seat, &mut rng), set(&[Action::Bet(1)]));
        // Even weights: everything legal comes up.
        let even = RandomAgent { see: 1.0, bet: 1.0, pack: 1.0, timeout: 1.0, ..nothing };
        let all = set(&[Action::See, Action::Bet(1), Action::Bet(2), Action::Pack, Action::Timeout]);
        assert_eq!(plays(even, &hand, seat, &mut rng), all);
        // From a view's legal actions: no timeout unless the caller can time the seat out.
        let legal = hand.legal_actions(seat);
        let drawn: HashSet<Action> = (0..100).map(|_| even.choose(&legal, 0, false, &mut rng)).collect();
        assert_eq!(drawn, set(&[Action::See, Action::Bet(1), Action::Bet(2), Action::Pack]));
    }

    #[test]
    fn long_hands_are_given_up() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut hand, _) = Hand::start(&setup(3, 2)).unwrap();
        for _ in 0..3 {
            let seat = hand.to_act().unwrap();
            hand.apply(seat, Action::Bet(hand.stake())).unwrap();
        }
        let seat = hand.to_act().unwrap();
        let quitter = RandomAgent { long_hand: Some(LongHand { after: 2, give_up: 1.0 }), ..RandomAgent::default() };
        assert!((0..50).all(|_| quitter.act(&hand, seat, &mut rng) == Action::Pack));
        let patient = RandomAgent { long_hand: Some(LongHand { after: 3, give_up: 1.0 }), pack: 0.0, ..quitter };
        assert!((0..50).all(|_| patient.act(&hand, seat, &mut rng) != Action::Pack));
    }

    #[test]
    fn a_sideshow_is_answered() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        // Three seen players; after two bets the third asks the second for a sideshow.
        let (mut hand, _) = Hand::start(&setup(3, 4)).unwrap();
        for seat in 0..3 {
            hand.apply(seat, Action::See).unwrap();
        }
        for _ in 0..2 {
            let seat = hand.to_act().unwrap();
            hand.apply(seat, Action::Bet(2 * hand.stake())).unwrap();
        }
        let asker = hand.to_act().unwrap();
        hand.apply(asker, Action::Sideshow).unwrap();
        let target = hand.to_act().unwrap();
        let always = RandomAgent { accept: 1.0, ..RandomAgent::default() };
        assert_eq!(always.act(&hand, target, &mut rng), Action::Accept);
        assert_eq!(RandomAgent { accept: 0.0, ..always }.act(&hand, target, &mut rng), Action::Deny);
    }
}
