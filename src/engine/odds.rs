//! Exact odds of a hand (issue 17, first part): the chance that it beats one unknown hand dealt from the cards
//! the player does not know, under a table's rules; its percentile among every hand of the pack; and its chance
//! against several unknown hands, estimated by sampling with a stated error. Pure: no I/O, randomness passed in.

use rand::seq::SliceRandom;
use rand::Rng;

use super::cards::{full_deck, Card, JOKERS};
use super::rank::{Evaluator, RankError};
use super::rules::Rules;

/// A hand's odds against one unknown hand, as fractions of all the hands that could be dealt (each counted once).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Odds {
    pub win: f64,
    pub tie: f64,
    pub lose: f64,
    /// Among every hand of the pack: the share it beats, ties counted as half.
    pub percentile: f64,
    /// The hands compared against one unknown hand (the enumeration's size).
    pub hands: u64,
}

/// The chance against several unknown hands, by sampling: `win` and `tie` as fractions of `samples` deals, and
/// the half-width of a 95% confidence interval around `win`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sampled {
    pub opponents: usize,
    pub win: f64,
    pub tie: f64,
    pub error: f64,
    pub samples: u32,
}

impl Sampled {
    /// `win` wins and `tie` ties in `samples` deals, with the 95% error bar of the win rate.
    fn of(opponents: usize, win: u32, tie: u32, samples: u32) -> Sampled {
        let n = f64::from(samples.max(1));
        let p = f64::from(win) / n;
        Sampled { opponents, win: p, tie: f64::from(tie) / n, error: 1.96 * (p * (1.0 - p) / n).sqrt(), samples }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OddsError {
    #[error("{0}")]
    Rank(#[from] RankError),
    #[error("{0} appears twice among the cards given")]
    Duplicate(Card),
    #[error("odds are computed for hands dealt whole; this variation turns cards up during the hand")]
    Board,
    #[error("there are not enough cards left to deal {0} more hands")]
    TooFew(usize),
}

/// The pack of `rules` less `out`.
fn remaining(rules: &Rules, out: &[Card]) -> Result<Vec<Card>, OddsError> {
    let mut seen: Vec<Card> = Vec::new();
    for &c in out {
        if seen.contains(&c) {
            return Err(OddsError::Duplicate(c));
        }
        seen.push(c);
    }
    let mut pack = full_deck();
    pack.extend(JOKERS.iter().take(rules.jokers as usize));
    pack.retain(|c| !seen.contains(c));
    Ok(pack)
}

/// Calls `f` with every `k`-card combination of `pack` (in a buffer it reuses).
pub(crate) fn each_hand(pack: &[Card], k: usize, f: &mut impl FnMut(&[Card])) {
    fn go(pack: &[Card], k: usize, from: usize, buf: &mut Vec<Card>, f: &mut impl FnMut(&[Card])) {
        if buf.len() == k {
            f(buf);
            return;
        }
        let need = k - buf.len();
        for i in from..=pack.len().saturating_sub(need) {
            buf.push(pack[i]);
            go(pack, k, i + 1, buf, f);
            buf.pop();
        }
    }
    let mut buf = Vec::with_capacity(k);
    if k <= pack.len() {
        go(pack, k, 0, &mut buf, f);
    }
}

fn evaluator(rules: &Rules) -> Result<Evaluator, OddsError> {
    let parts = rules.parts().map_err(|e| OddsError::Rank(RankError::Rules(e)))?;
    if parts.plan.community > 0 || parts.plan.up > 0 || parts.plan.forehead || rules.common.is_some() {
        return Err(OddsError::Board);
    }
    Ok(Evaluator::new(rules, rules.joker.fixed())?)
}

/// The exact odds of `hand` against one unknown hand dealt from the pack less `hand` and `known` (cards the player
/// has seen elsewhere), and its percentile among every hand of the full pack.
pub fn against_one(hand: &[Card], known: &[Card], rules: &Rules) -> Result<Odds, OddsError> {
    let eval = evaluator(rules)?;
    let mine = eval.evaluate(hand)?;
    let size = eval.scheme().hand_size();
    let out: Vec<Card> = hand.iter().chain(known).copied().collect();
    let pack = remaining(rules, &out)?;
    let (mut win, mut tie, mut lose) = (0u64, 0u64, 0u64);
    let mut failed = None;
    each_hand(&pack, size, &mut |other| match eval.evaluate(other) {
        Ok(v) if mine > v => win += 1,
        Ok(v) if mine == v => tie += 1,
        Ok(_) => lose += 1,
        Err(e) => failed = Some(e),
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    let full = remaining(rules, &[])?;
    let (mut below, mut equal, mut all) = (0u64, 0u64, 0u64);
    each_hand(&full, size, &mut |other| {
        if let Ok(v) = eval.evaluate(other) {
            all += 1;
            match v.cmp(&mine) {
                std::cmp::Ordering::Less => below += 1,
                std::cmp::Ordering::Equal => equal += 1,
                std::cmp::Ordering::Greater => {}
            }
        }
    });
    let hands = win + tie + lose;
    let share = |n: u64, of: u64| if of == 0 { 0.0 } else { n as f64 / of as f64 };
    Ok(Odds {
        win: share(win, hands),
        tie: share(tie, hands),
        lose: share(lose, hands),
        percentile: (below as f64 + equal as f64 / 2.0) / all.max(1) as f64,
        hands,
    })
}

/// The chance that `hand` beats every one of `opponents` unknown hands (a tie: no hand better, one equal), by
/// dealing `samples` random deals from the pack less `hand` and `known`.
pub fn against_many<R: Rng + ?Sized>(
    hand: &[Card],
    known: &[Card],
    rules: &Rules,
    opponents: usize,
    samples: u32,
    rng: &mut R,
) -> Result<Sampled, OddsError> {
    let eval = evaluator(rules)?;
    let mine = eval.evaluate(hand)?;
    let size = eval.scheme().hand_size();
    let out: Vec<Card> = hand.iter().chain(known).copied().collect();
    let mut pack = remaining(rules, &out)?;
    if pack.len() < opponents * size {
        return Err(OddsError::TooFew(opponents));
    }
    let (mut win, mut tie) = (0u32, 0u32);
    for _ in 0..samples {
        let (dealt, _) = pack.partial_shuffle(rng, opponents * size);
        let mut best = std::cmp::Ordering::Greater;
        for other in dealt.chunks_exact(size) {
            let v = eval.evaluate(other)?;
            best = best.min(mine.cmp(&v));
        }
        match best {
            std::cmp::Ordering::Greater => win += 1,
            std::cmp::Ordering::Equal => tie += 1,
            std::cmp::Ordering::Less => {}
        }
    }
    Ok(Sampled::of(opponents, win, tie, samples))
}

/// The chances of a hand nobody has looked at (a blind player's): against one unknown hand (win, tie; losing is as
/// likely as winning) and against `opponents` unknown hands, by dealing `samples` random deals of the whole pack.
/// The same for every blind player, so telling one reveals nothing.
pub fn unseen<R: Rng + ?Sized>(
    rules: &Rules,
    opponents: usize,
    samples: u32,
    rng: &mut R,
) -> Result<(Sampled, Sampled), OddsError> {
    let eval = evaluator(rules)?;
    let size = eval.scheme().hand_size();
    let mut pack = remaining(rules, &[])?;
    if pack.len() < (opponents + 1) * size {
        return Err(OddsError::TooFew(opponents));
    }
    let (mut one, mut tie_one, mut all, mut tie_all) = (0u32, 0u32, 0u32, 0u32);
    for _ in 0..samples {
        let (dealt, _) = pack.partial_shuffle(rng, (opponents + 1) * size);
        let mine = eval.evaluate(&dealt[..size])?;
        let mut best = std::cmp::Ordering::Greater;
        for (i, other) in dealt[size..].chunks_exact(size).enumerate() {
            let c = mine.cmp(&eval.evaluate(other)?);
            if i == 0 {
                one += u32::from(c == std::cmp::Ordering::Greater);
                tie_one += u32::from(c == std::cmp::Ordering::Equal);
            }
            best = best.min(c);
        }
        all += u32::from(best == std::cmp::Ordering::Greater);
        tie_all += u32::from(best == std::cmp::Ordering::Equal);
    }
    Ok((Sampled::of(1, one, tie_one, samples), Sampled::of(opponents, all, tie_all, samples)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::parse_cards;

    #[test]
    fn the_best_and_worst_classic_hands() {
        let rules = Rules::default();
        let trail = parse_cards("Ah Ad Ac").unwrap_or_default();
        let odds = against_one(&trail, &[], &rules).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(odds.hands, 18_424);
        assert_eq!((odds.win, odds.tie, odds.lose), (1.0, 0.0, 0.0));
        let worst = parse_cards("5h 3d 2c").unwrap_or_default();
        let odds = against_one(&worst, &[], &rules).unwrap_or_else(|e| panic!("{e}"));
        assert!(odds.win < 0.01 && odds.percentile < 0.01, "{odds:?}");
        assert!(matches!(against_one(&worst, &worst[..1], &rules), Err(OddsError::Duplicate(_))));
    }

    #[test]
    fn an_unseen_hand_wins_as_often_as_it_loses() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let (one, many) = unseen(&Rules::default(), 3, 40_000, &mut rng).unwrap_or_else(|e| panic!("{e}"));
        // Symmetry: against one hand, a win is as likely as a loss; against three, about a quarter of the deals.
        assert!((one.win - (1.0 - one.tie) / 2.0).abs() < 2.0 * one.error, "{one:?}");
        assert!((many.win - 0.25).abs() < 0.02, "{many:?}");
        assert!(matches!(
            unseen(&Rules { variant: crate::engine::Variant::Cobra, ..Rules::default() }, 1, 10, &mut rng),
            Err(OddsError::Board)
        ));
    }
}
