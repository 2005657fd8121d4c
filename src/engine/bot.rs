//! Computer opponents: what a bot seat does, from what that seat may know.
//!
//! A bot decides from a [`BotView`], never from a [`Hand`]: the view is the hand with every card the seat may not
//! see replaced by a placeholder ([`Hand::as_seen_by`]), so no decision can read another player's cards, its own
//! before it looks, the community cards still face down or the pack. In cobra the view follows what a cobra player
//! sees: everyone's card but its own.
//!
//! Its strength comes from the hand it could end with: the hidden cards are dealt at random many times from the
//! cards the bot cannot see ([`Hand::fill_hidden`]), and each deal is judged by the engine's own ranking under the
//! table's rules and variation. That gives the chance of beating one other hand and of beating every player still
//! in; a hand the bot holds whole (no cards still to come) also gets its exact percentile among every hand of the
//! pack, worked out once per ranking scheme ([`Brain`] keeps it). The strategies are described in `docs/bots.md`.
//! Pure like the rest of the engine: randomness is passed in.

use std::cmp::Ordering;

use rand::seq::SliceRandom;
use rand::Rng;

use super::agent::RandomAgent;
use super::cards::{full_deck, Card, JOKERS};
use super::hand::{Action, DrawOffer, Hand, Legal, Phase, Seat, SeatState};
use super::rank::{HandValue, Scheme};
use super::rules::{Chips, HighLow};

/// How well a computer player plays (`/table addbot level:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Level {
    /// Loose and predictable: plays most hands, always the minimum, and never bluffs.
    Easy = 0,
    /// The strongest we have: pot odds, raises with strong hands, sideshows to thin a field, some bluffs.
    #[default]
    Hard = 1,
}

impl Level {
    pub const ALL: [Level; 2] = [Level::Easy, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Hard => "hard",
        }
    }

    pub fn parse(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s.trim().to_ascii_lowercase())
    }

    /// The level's number in a computer player's id (`UserId::bot`), and back.
    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(i: u8) -> Option<Level> {
        Level::ALL.get(usize::from(i)).copied()
    }

    /// Deals of the hidden cards this level judges its hand by.
    fn samples(self) -> usize {
        match self {
            Level::Easy => EASY_SAMPLES,
            Level::Hard => HARD_SAMPLES,
        }
    }
}

/// Who plays a seat in a measurement (`teenpatti-bot bots`): a bot of a level, the fixed baseline, or a random
/// legal player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Strategy {
    Bot(Level),
    /// Always blind the minimum, see after two blind bets, chaal the minimum, show (once seen) when allowed,
    /// accept every sideshow.
    Baseline,
    /// A random legal action ([`RandomAgent`]'s default weights).
    Random,
}

impl Strategy {
    pub fn parse(s: &str) -> Option<Strategy> {
        match s.trim().to_ascii_lowercase().as_str() {
            "baseline" => Some(Strategy::Baseline),
            "random" => Some(Strategy::Random),
            other => Level::parse(other).map(Strategy::Bot),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Bot(l) => l.name(),
            Strategy::Baseline => "baseline",
            Strategy::Random => "random",
        }
    }
}

/// A hand as one seat sees it: built only by [`BotView::new`], which hides what the seat may not see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotView {
    seat: Seat,
    hand: Hand,
    legal: Legal,
}

impl BotView {
    /// What `seat` may know of `hand` now, and what it may do.
    pub fn new(hand: &Hand, seat: Seat) -> BotView {
        BotView { seat, legal: hand.legal_actions(seat), hand: hand.as_seen_by(seat) }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    pub fn legal(&self) -> &Legal {
        &self.legal
    }

    /// Its own down cards, once it has seen them (never in cobra).
    pub fn own_cards(&self) -> Option<&[Card]> {
        let s = self.hand.seat(self.seat)?;
        (s.seen && !self.hand.plan().forehead).then_some(&s.cards[..])
    }
}

/// What a bot makes of its hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Assessment {
    /// Among every hand of the pack (ties as half): exact for a whole hand it has seen; otherwise the sampled chance
    /// of beating one other hand.
    pub percentile: f64,
    pub exact: bool,
    /// The sampled chance of beating one other player still in (ties as half).
    pub vs_one: f64,
    /// The sampled chance of beating every other player still in (ties as half).
    pub vs_all: f64,
    /// At a high-low table: the chance of the best low among the players still in.
    pub low_vs_all: Option<f64>,
}

/// Deals of the hidden cards each level judges its hand by.
const HARD_SAMPLES: usize = 300;
const EASY_SAMPLES: usize = 100;

/// A bot's memory between decisions: the sorted values of every hand of the pack under the last ranking scheme it
/// met (for exact percentiles). One per table; it holds no cards of any hand.
#[derive(Default)]
pub struct Brain {
    percentiles: Option<(Scheme, Vec<HandValue>)>,
}

impl Brain {
    /// The action of a bot of `level` now. Always one the view's legal actions allow (a seat with none packs).
    pub fn decide<R: Rng + ?Sized>(&mut self, level: Level, view: &BotView, rng: &mut R) -> Action {
        let Some(me) = view.hand.seat(view.seat) else { return give_up(&view.legal) };
        if view.legal.respond {
            return self.answer(level, view, rng);
        }
        if view.legal.declare {
            return declare(self.assess(view, level.samples(), rng));
        }
        match level {
            Level::Easy => self.easy(view, me, rng),
            Level::Hard => self.hard(view, me, rng),
        }
    }

    /// An answer to a question put to the seat: a show called against it is always shown; an offer to share the
    /// pot is taken when behind; a sideshow is accepted by easy always, by hard above the 65th percentile (the
    /// asker has seen and chose to compare, so their hand is likely better than a random one).
    fn answer<R: Rng + ?Sized>(&mut self, level: Level, view: &BotView, rng: &mut R) -> Action {
        let legal = &view.legal;
        if legal.answer_show || (level == Level::Easy && !legal.answer_split) {
            return Action::Accept;
        }
        let a = self.assess(view, level.samples(), rng);
        let take = if legal.answer_split {
            (if level == Level::Easy { a.percentile } else { a.vs_all }) < 0.5
        } else {
            a.percentile >= 0.65
        };
        if take {
            Action::Accept
        } else {
            Action::Deny
        }
    }

    /// The action of `strategy` (the baseline and the random player need no brain, but share the signature).
    pub fn play<R: Rng + ?Sized>(&mut self, strategy: Strategy, view: &BotView, rng: &mut R) -> Action {
        match strategy {
            Strategy::Bot(level) => self.decide(level, view, rng),
            Strategy::Baseline => baseline(view),
            Strategy::Random => RandomAgent::default().choose(&view.legal, view.hand.actions().len(), false, rng),
        }
    }

    /// What the seat makes of its hand, from `samples` deals of what it cannot see. Where hands are dealt whole,
    /// each deal is weighed by how well the other players' hands fit what they did ([`reads`]).
    pub fn assess<R: Rng + ?Sized>(&mut self, view: &BotView, samples: usize, rng: &mut R) -> Assessment {
        let table = if dealt_whole(&view.hand) { self.table(&view.hand) } else { None };
        let sampled = sample_with(view, 0, samples, table.map(|t| (t, reads(&view.hand, view.seat))), rng);
        let exact = match (table, view.own_cards().is_some()) {
            (Some(t), true) => percentile_in(t, &view.hand, view.seat),
            _ => None,
        };
        Assessment {
            percentile: exact.unwrap_or(sampled.vs_one),
            exact: exact.is_some(),
            vs_one: sampled.vs_one,
            vs_all: sampled.vs_all,
            low_vs_all: sampled.low_vs_all,
        }
    }

    /// The sorted values of every hand of the pack under `hand`'s ranking scheme (worked out once per scheme).
    fn table(&mut self, hand: &Hand) -> Option<&[HandValue]> {
        let e = hand.evaluator()?;
        let scheme = *e.scheme();
        if self.percentiles.as_ref().is_none_or(|(s, _)| *s != scheme) {
            let mut pack = full_deck();
            pack.extend(JOKERS.iter().take(hand.rules().jokers as usize));
            let mut all = Vec::new();
            super::odds::each_hand(&pack, scheme.hand_size(), &mut |cards| {
                if let Ok(v) = e.evaluate(cards) {
                    all.push(v);
                }
            });
            all.sort_unstable();
            self.percentiles = Some((scheme, all));
        }
        self.percentiles.as_ref().map(|(_, t)| &t[..])
    }

    fn easy<R: Rng + ?Sized>(&mut self, view: &BotView, me: &SeatState, rng: &mut R) -> Action {
        let legal = &view.legal;
        let hand = &view.hand;
        if let Some(offer) = legal.draw.filter(|_| hand.phase() == Phase::Drawing || legal.bet.is_none()) {
            let a = self.assess(view, Level::Easy.samples(), rng);
            let keep = a.percentile >= 0.5;
            return Action::Draw(lowest(view, offer, if keep { 0 } else { 1 }));
        }
        if !me.seen && legal.see && (me.blind_bets >= 3 || legal.bet.is_none()) {
            return Action::See;
        }
        if !me.seen && legal.see {
            return legal.bet.map_or(Action::See, |b| Action::Bet(b.min));
        }
        let a = self.assess(view, Level::Easy.samples(), rng);
        let p = a.percentile;
        if legal.show.is_some() && (p >= 0.45 || hand.round() >= 4) {
            return Action::Show;
        }
        match legal.bet {
            Some(b) if p >= 0.9 => Action::Bet(b.raise().unwrap_or(b.min)),
            Some(b) if p >= 0.2 => Action::Bet(b.min),
            _ if legal.show.is_some() && p >= 0.2 => Action::Show,
            _ => give_up(legal),
        }
    }

    fn hard<R: Rng + ?Sized>(&mut self, view: &BotView, me: &SeatState, rng: &mut R) -> Action {
        let legal = &view.legal;
        let hand = &view.hand;
        let boot = hand.rules().boot.max(1);
        // A blind player looks after two blind bets, or sooner when the stake has been raised; now and then it
        // stays blind a round longer.
        if !me.seen && legal.see {
            let raised = hand.stake() >= boot.saturating_mul(4);
            let look = me.blind_bets >= 2 || raised || legal.bet.is_none();
            if look && !rng.gen_bool(0.15) {
                return Action::See;
            }
            if let Some(b) = legal.bet {
                return Action::Bet(if rng.gen_bool(0.1) { b.raise().unwrap_or(b.min) } else { b.min });
            }
        }
        if let Some(offer) = legal.draw.filter(|_| hand.phase() == Phase::Drawing || legal.bet.is_none()) {
            return Action::Draw(self.best_draw(view, offer, rng));
        }
        let a = self.assess(view, Level::Hard.samples(), rng);
        let pot = hand.pot();
        let opponents = hand.active().filter(|&s| s != view.seat).count().max(1);
        let w = a.low_vs_all.map_or(a.vs_all, |low| a.vs_all.max(low));
        let strong = w >= 0.7 || (a.exact && a.percentile >= 0.93);
        let worth = |cost: Chips, margin: f64| w * (pot.saturating_add(cost)) as f64 >= cost as f64 * margin;
        if let Some(cost) = legal.show {
            if strong && hand.round() < 6 {
                if let Some(raise) = legal.bet.and_then(|b| b.raise()) {
                    return Action::Bet(raise);
                }
            }
            if w >= 0.5 || worth(cost, 1.0) {
                return Action::Show;
            }
            return give_up(legal);
        }
        if let Some(b) = legal.bet {
            // With two or more others, a player who cannot cover the next bet must pack at its next turn: rather
            // than pay now and pack then, it compares by sideshow or packs now.
            // Where nothing can settle the hand but packs (no sideshow to ask, as in cobra), it stops paying a few
            // rounds before that wall unless it is well ahead.
            // It also puts in at most a share of its chips by its chance: pot odds alone would pay on and on into a
            // pot that only the last one standing takes.
            let after = me.stack.saturating_sub(b.min);
            let walled = legal.sideshow.is_none() && after < b.min.saturating_mul(3) && w < 0.8;
            let chips = me.stack.saturating_add(me.put_in) as f64;
            let budget = chips * w * if legal.sideshow.is_none() { 0.5 } else { 1.0 };
            let over = me.put_in.saturating_add(b.min) as f64 > budget && !strong;
            if opponents >= 2 && (after < b.min || walled || over) {
                if legal.sideshow.is_some() && a.vs_one >= 0.5 {
                    return Action::Sideshow;
                }
                return give_up(legal);
            }
            // A raise it could not keep up for several rounds only hastens that.
            let deep = |raise: Chips| me.stack.saturating_sub(raise) >= raise.saturating_mul(6);
            if strong || rng.gen_bool(0.04) {
                if let Some(raise) = b.raise().filter(|&r| deep(r)) {
                    return Action::Bet(raise);
                }
            }
            if legal.sideshow.is_some() && opponents >= 2 && (0.45..0.8).contains(&a.percentile) {
                return Action::Sideshow;
            }
            let margin = 1.0 + 0.15 * opponents as f64;
            if worth(b.min, margin) || rng.gen_bool(0.03) {
                return Action::Bet(b.min);
            }
        }
        if let Some(offer) = legal.draw {
            return Action::Draw(self.best_draw(view, offer, rng));
        }
        give_up(legal)
    }

    /// The draw whose hands, sampled, do best: every choice of the cards to change (as many as the offer allows,
    /// each paid for), judged by the chance of beating one other hand less the price as a share of the pot.
    fn best_draw<R: Rng + ?Sized>(&mut self, view: &BotView, offer: DrawOffer, rng: &mut R) -> u8 {
        let Some(own) = view.own_cards() else { return lowest(view, offer, offer.min) };
        let n = own.len().min(offer.max).min(8);
        let mut best = (f64::MIN, lowest(view, offer, offer.min));
        let pot = view.hand.pot().max(1) as f64;
        for mask in 0u16..(1 << n) {
            let count = mask.count_ones() as usize;
            if count < offer.min || count > offer.max {
                continue;
            }
            let score = sample_with(view, mask as u8, 60, None, rng).vs_one
                - offer.price.saturating_mul(count as Chips) as f64 / pot;
            if score > best.0 {
                best = (score, mask as u8);
            }
        }
        best.1
    }
}

/// The most actions a hand played by [`play_hand`] may take before it is called off (bots always end a hand
/// long before; the cap keeps a broken strategy from looping).
pub const MAX_ACTIONS: usize = 5_000;

/// Plays a hand from `setup` to its end, each seat by its strategy: players holding a bust card pack first, as
/// the table packs them. Fails on an action the rules refuse, or a hand longer than [`MAX_ACTIONS`].
pub fn play_hand<R: Rng + ?Sized>(
    setup: &super::hand::HandSetup,
    seats: &[Strategy],
    brain: &mut Brain,
    rng: &mut R,
) -> Result<Hand, String> {
    let (mut hand, _) = Hand::start(setup).map_err(|e| e.to_string())?;
    for seat in hand.must_pack() {
        hand.apply(seat, Action::Pack).map_err(|e| e.to_string())?;
    }
    while let Some(seat) = hand.to_act() {
        let strategy = seats.get(seat).copied().unwrap_or(Strategy::Baseline);
        let action = brain.play(strategy, &BotView::new(&hand, seat), rng);
        hand.apply(seat, action).map_err(|e| format!("{} played {action:?}: {e}", strategy.name()))?;
        if hand.actions().len() > MAX_ACTIONS {
            return Err(format!("a hand ran past {MAX_ACTIONS} actions"));
        }
    }
    Ok(hand)
}

/// The fixed baseline: blind the minimum, see after two blind bets, chaal the minimum, show (once seen) when
/// allowed.
fn baseline(view: &BotView) -> Action {
    let legal = &view.legal;
    let seen = view.hand.seat(view.seat).is_some_and(|s| s.seen);
    let blind_bets = view.hand.seat(view.seat).map_or(0, |s| s.blind_bets);
    if legal.respond {
        return Action::Accept;
    }
    if legal.declare {
        return Action::DeclareHigh;
    }
    if !seen && legal.see && (blind_bets >= 2 || legal.bet.is_none()) {
        return Action::See;
    }
    if seen && legal.show.is_some() {
        return Action::Show;
    }
    if let Some(b) = legal.bet {
        return Action::Bet(b.min);
    }
    if let Some(offer) = legal.draw {
        return Action::Draw(lowest(view, offer, offer.min));
    }
    give_up(legal)
}

/// Packs if it may; otherwise the first thing it may do (a seat always has one while it is asked).
fn give_up(legal: &Legal) -> Action {
    if legal.pack {
        Action::Pack
    } else if let Some(b) = legal.bet {
        Action::Bet(b.min)
    } else if legal.show.is_some() {
        Action::Show
    } else if let Some(offer) = legal.draw {
        Action::Draw(((1u16 << offer.min.min(8)) - 1) as u8)
    } else if legal.see {
        Action::See
    } else {
        Action::Pack
    }
}

fn declare(a: Assessment) -> Action {
    match a.low_vs_all {
        Some(low) if low > a.vs_all => Action::DeclareLow,
        _ => Action::DeclareHigh,
    }
}

/// A draw of `count` (within the offer) of the lowest of the seat's down cards (any, if it has not seen them).
fn lowest(view: &BotView, offer: DrawOffer, count: usize) -> u8 {
    let count = count.clamp(offer.min, offer.max).min(8);
    let Some(own) = view.own_cards() else { return ((1u16 << count) - 1) as u8 };
    let mut order: Vec<usize> = (0..own.len().min(8)).collect();
    order.sort_by_key(|&i| own[i].rank.value());
    order.iter().take(count).fold(0u8, |m, &i| m | 1 << i)
}

/// Whether every hand of `hand` is dealt whole and hidden (no community or face-up cards, no forehead).
fn dealt_whole(hand: &Hand) -> bool {
    let plan = hand.plan();
    plan.community == 0 && plan.up == 0 && !plan.forehead && hand.rules().common.is_none()
}

/// The percentile of `seat`'s hand in `table` (ties as half).
fn percentile_in(table: &[HandValue], hand: &Hand, seat: Seat) -> Option<f64> {
    let mine = hand.value_with(seat, hand.evaluator()?, false)?;
    let below = table.partition_point(|v| *v < mine);
    let equal = table.partition_point(|v| *v <= mine) - below;
    Some((below as f64 + equal as f64 / 2.0) / table.len().max(1) as f64)
}

/// What each seat's public play says of its hand: the percentile below which its hand is unlikely, by what it
/// did after looking at its cards (0 for a blind player). A seen player who keeps betting holds at least a
/// middling hand; each raise after looking says more. Read from the public actions alone.
fn reads(hand: &Hand, me: Seat) -> Vec<f64> {
    let n = hand.seats().len();
    let mut seen = vec![false; n];
    let mut floor = vec![0.0f64; n];
    let mut stake = hand.rules().boot.max(1);
    for &(seat, action) in hand.actions() {
        let Some(f) = floor.get_mut(seat) else { continue };
        match action {
            Action::See => seen[seat] = true,
            Action::Bet(amount) => {
                let new = if seen[seat] { amount / 2 } else { amount };
                if seen[seat] {
                    *f = f.max(0.3);
                    if new > stake {
                        *f = (*f + 0.2).min(0.9);
                    }
                }
                stake = stake.max(new);
            }
            Action::Show | Action::Sideshow if seen[seat] => *f = f.max(0.4),
            _ => {}
        }
    }
    floor[me] = 0.0;
    floor
}

/// The sampled chances of a view.
struct Sampled {
    vs_one: f64,
    vs_all: f64,
    low_vs_all: Option<f64>,
}

/// Deals the hidden cards `samples` times (and new cards for the seat's own down cards in `discard`, given up) and
/// judges every hand still in by the engine's ranking.
/// With `weigh` (the table of every hand's value and each seat's [`reads`]), a deal where another player's hand is
/// below what their play says counts a fifth as much.
fn sample_with<R: Rng + ?Sized>(
    view: &BotView,
    discard: u8,
    samples: usize,
    weigh: Option<(&[HandValue], Vec<f64>)>,
    rng: &mut R,
) -> Sampled {
    let hand = &view.hand;
    let me = view.seat;
    let rules = hand.rules();
    // The pack less every card the seat sees (its own included, so the cards it gives up go out of play).
    let mut pool = full_deck();
    pool.extend(JOKERS.iter().take(rules.jokers as usize));
    for c in hand.visible_to(me) {
        if let Some(i) = pool.iter().position(|p| *p == c) {
            pool.swap_remove(i);
        }
    }
    let mut scratch = hand.clone();
    let need = scratch.hidden_count(me, discard);
    let opponents: Vec<Seat> = hand.active().filter(|&s| s != me).collect();
    let high_low = rules.high_low != HighLow::Off;
    let (mut one, mut all, mut low, mut n) = (0.0, 0.0, 0.0, 0.0f64);
    for _ in 0..samples {
        let take = need.min(pool.len());
        let (dealt, _) = pool.partial_shuffle(rng, take);
        scratch.fill_hidden(me, discard, dealt);
        let Some(e) = scratch.evaluator() else { continue };
        let Some(mine) = scratch.value_with(me, e, false) else { continue };
        let weight = match &weigh {
            Some((table, floors)) => opponents
                .iter()
                .filter(|&&o| percentile_in(table, &scratch, o).is_some_and(|p| p < floors[o]))
                .fold(1.0, |w, _| w * 0.2),
            None => 1.0,
        };
        let (o, a) = contest(&scratch, &opponents, e, false, mine);
        one += weight * o;
        all += weight * a;
        if high_low {
            if let Some(my_low) = scratch.value_with(me, e, true) {
                low += weight * contest(&scratch, &opponents, e, true, my_low).1;
            }
        }
        n += weight;
    }
    let share = |x: f64| if n <= 0.0 { 1.0 / (opponents.len() + 1) as f64 } else { x / n };
    Sampled { vs_one: share(one), vs_all: share(all), low_vs_all: high_low.then(|| share(low)) }
}

/// Against the opponents' hands in `hand`: the share of them `mine` beats (ties as half), and whether it beats
/// them all (1, a tie for the best 0.5, else 0).
fn contest(hand: &Hand, opponents: &[Seat], e: super::rank::Evaluator, low: bool, mine: HandValue) -> (f64, f64) {
    if opponents.is_empty() {
        return (1.0, 1.0);
    }
    let mut beaten = 0.0;
    let mut worst = Ordering::Greater;
    for &o in opponents {
        let Some(v) = hand.value_with(o, e, low) else { continue };
        let c = mine.cmp(&v);
        beaten += match c {
            Ordering::Greater => 1.0,
            Ordering::Equal => 0.5,
            Ordering::Less => 0.0,
        };
        worst = worst.min(c);
    }
    let all = match worst {
        Ordering::Greater => 1.0,
        Ordering::Equal => 0.5,
        Ordering::Less => 0.0,
    };
    (beaten / opponents.len() as f64, all)
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::cards::seeded_deck;
    use crate::engine::hand::HandSetup;
    use crate::engine::rules::Rules;

    #[test]
    fn every_strategy_plays_legal_actions_to_the_end() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut brain = Brain::default();
        let strategies = [Strategy::Bot(Level::Hard), Strategy::Bot(Level::Easy), Strategy::Baseline, Strategy::Random];
        for seed in 0..60u64 {
            let setup = HandSetup {
                rules: Rules { boot: 10, ..Rules::default() },
                stacks: vec![1000; 2 + seed as usize % 4],
                dealer: 0,
                deck: seeded_deck(seed),
                kaana_dormant: false,
                posts: Vec::new(),
            };
            let seats: Vec<Strategy> = (0..setup.stacks.len()).map(|i| strategies[(i + seed as usize) % 4]).collect();
            let hand = play_hand(&setup, &seats, &mut brain, &mut rng).unwrap_or_else(|e| panic!("{e}"));
            assert!(hand.is_over());
        }
    }

    #[test]
    fn a_draw_is_judged_with_new_cards_for_those_given_up() {
        use crate::engine::cards::{full_deck, parse_cards};
        // Seat 0 holds three kings (the deal alternates from the dealer's left: seat 1, seat 0, …).
        let kings = parse_cards("Ks Kh Kd").unwrap_or_default();
        let mut deck: Vec<Card> = full_deck().into_iter().filter(|c| !kings.contains(c)).collect();
        for (i, k) in kings.iter().enumerate() {
            deck.insert(1 + 2 * i, *k);
        }
        let rules = Rules { variant: crate::engine::Variant::Draw, boot: 10, ..Rules::default() };
        let setup = HandSetup { rules, stacks: vec![1000; 2], dealer: 0, deck, kaana_dormant: false, posts: vec![] };
        let (mut hand, _) = Hand::start(&setup).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(hand.seat(0).map(|s| s.cards.clone()), Some(kings));
        hand.apply(0, Action::See).unwrap_or_else(|e| panic!("{e}"));
        let view = BotView::new(&hand, 0);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let keep = sample_with(&view, 0, 400, None, &mut rng).vs_one;
        let one = sample_with(&view, 0b001, 400, None, &mut rng).vs_one;
        let all = sample_with(&view, 0b111, 400, None, &mut rng).vs_one;
        // A trio beats nearly everything; a pair of kings and a new card most hands; three new cards half.
        assert!(keep > 0.97 && (0.75..0.97).contains(&one) && (0.35..0.65).contains(&all), "{keep} {one} {all}");
    }
}
