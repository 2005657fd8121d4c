//! Provably fair deals (issue 16): a hand's deck comes from a 256-bit secret seed and the players' entropy by a
//! documented shuffle that anyone can redo with standard tools (`docs/provably-fair.md`, `scripts/verify_deck.py`).
//!
//! - The **commitment** is `SHA-256(seed)`, published before the deal (and before any player entropy the deal
//!   uses can be set or changed). The seed is revealed when the hand is over.
//! - The **deck key** is `SHA-256("teenpatti-deck-v1" || 0x00 || seed || entropy)`, `entropy` the UTF-8 text the
//!   players gave (empty when none). The prefix keeps the key apart from the commitment, so an empty entropy
//!   does not make the key public.
//! - The **stream**: block `k` (from 0) is `SHA-256(key || k as 8 bytes big-endian)`; the stream is the blocks one
//!   after another, read 4 bytes at a time as big-endian 32-bit numbers.
//! - **A number below `n`**: take the next number `x`; if `x >= 2^32 - (2^32 mod n)` take another; return
//!   `x mod n` (no bias).
//! - **The shuffle** (Fisher-Yates): the pack in its canonical order (2c 2d 2h 2s 3c ... As: rank by rank from the
//!   two, clubs, diamonds, hearts, spades; then the printed jokers Xb, Xr when the rules use them); for `i` from
//!   the last position down to 1, swap position `i` with position `j`, a number below `i + 1`. Dealing starts at
//!   position 0.

use std::fmt;

use sha2::{Digest, Sha256};

use super::cards::{full_deck, Card, JOKERS};

/// A hand's secret seed: 256 bits. Its `Debug` never prints it; [`Seed::to_hex`] does, for the reveal alone.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(<secret>)")
    }
}

impl Seed {
    /// A seed from the operating system's randomness.
    pub fn random() -> Seed {
        use rand::RngCore;
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Seed(bytes)
    }

    /// A seed drawn from a generator (the seeded simulations, so that they replay).
    pub fn from_rng<R: rand::RngCore + ?Sized>(rng: &mut R) -> Seed {
        let mut bytes = [0u8; 32];
        rng.fill_bytes(&mut bytes);
        Seed(bytes)
    }

    /// 64 lowercase hex digits: what the reveal shows once the hand is over.
    pub fn to_hex(&self) -> String {
        hex(&self.0)
    }

    /// A seed written as 64 hex digits (either case).
    pub fn from_hex(text: &str) -> Option<Seed> {
        let text = text.trim();
        if text.len() != 64 || !text.is_ascii() {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(Seed(bytes))
    }

    /// `SHA-256(seed)` in hex: the commitment published before the deal.
    pub fn commitment(&self) -> String {
        hex(&Sha256::digest(self.0))
    }
}

/// Lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The deck of a hand: the pack (with `jokers` printed jokers, 0 to 2) shuffled from `seed` and `entropy` as the
/// module says.
pub fn fair_deck(seed: &Seed, entropy: &str, jokers: usize) -> Vec<Card> {
    let mut key = Sha256::new();
    key.update(b"teenpatti-deck-v1\0");
    key.update(seed.0);
    key.update(entropy.as_bytes());
    let key: [u8; 32] = key.finalize().into();
    let mut stream = Stream { key, block: [0; 32], counter: 0, used: 32 };
    let mut deck = full_deck();
    deck.extend(JOKERS.iter().take(jokers.min(JOKERS.len())));
    for i in (1..deck.len()).rev() {
        let j = stream.below(i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// The hash stream of a deck key.
struct Stream {
    key: [u8; 32],
    block: [u8; 32],
    counter: u64,
    used: usize,
}

impl Stream {
    fn next_u32(&mut self) -> u32 {
        if self.used == self.block.len() {
            let mut h = Sha256::new();
            h.update(self.key);
            h.update(self.counter.to_be_bytes());
            self.block = h.finalize().into();
            self.counter += 1;
            self.used = 0;
        }
        let b = &self.block[self.used..self.used + 4];
        self.used += 4;
        u32::from_be_bytes([b[0], b[1], b[2], b[3]])
    }

    /// A number below `n` (1 or more), without bias.
    fn below(&mut self, n: u32) -> u32 {
        let limit = (1u64 << 32) - ((1u64 << 32) % u64::from(n));
        loop {
            let x = self.next_u32();
            if u64::from(x) < limit {
                return x % n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::cards::format_cards;

    fn seed(byte: u8) -> Seed {
        Seed([byte; 32])
    }

    #[test]
    fn the_same_seed_and_entropy_give_the_same_deck() {
        let a = fair_deck(&seed(7), "asha:hello", 0);
        assert_eq!(a, fair_deck(&seed(7), "asha:hello", 0));
        assert_ne!(a, fair_deck(&seed(7), "asha:hellp", 0), "the entropy changes the deck");
        assert_ne!(a, fair_deck(&seed(8), "asha:hello", 0), "the seed changes the deck");
        let mut sorted = a.clone();
        sorted.sort();
        let mut pack = full_deck();
        pack.sort();
        assert_eq!(sorted, pack, "a permutation of the pack");
        assert_eq!(fair_deck(&seed(7), "", 2).len(), 54);
    }

    /// Fixed vectors from the offline procedure: a change of the shuffle is a change of the published procedure.
    #[test]
    fn known_answers() {
        let s = Seed::from_hex(&"00".repeat(32)).unwrap_or(seed(0));
        assert_eq!(s.commitment(), "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
        // As `scripts/verify_deck.py --seed 00...00` prints it.
        assert_eq!(format_cards(&fair_deck(&s, "", 0)[..6]), "7s 5s 2c 9s Jh 9c");
    }

    #[test]
    fn hex_round_trips_and_debug_hides_the_seed() {
        let s = Seed::random();
        assert_eq!(Seed::from_hex(&s.to_hex()), Some(s));
        assert_eq!(Seed::from_hex(&s.to_hex().to_uppercase()), Some(s));
        assert!(Seed::from_hex("zz").is_none() && Seed::from_hex(&"g".repeat(64)).is_none());
        assert_eq!(format!("{s:?}"), "Seed(<secret>)");
        assert_ne!(s, Seed::random(), "256 bits from the operating system");
    }

    #[test]
    fn the_shuffle_is_uniform_enough() {
        // The first card over 5,200 decks: each of the 52 cards about 100 times.
        let mut counts = [0u32; 52];
        for i in 0..5200u32 {
            let mut b = [0u8; 32];
            b[..4].copy_from_slice(&i.to_be_bytes());
            counts[usize::from(fair_deck(&Seed(b), "", 0)[0].index())] += 1;
        }
        assert!(counts.iter().all(|&c| (50..=160).contains(&c)), "{counts:?}");
    }
}
