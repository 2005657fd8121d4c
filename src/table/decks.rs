//! Where each hand's deck seed comes from.

use std::sync::{Arc, Mutex};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::fair::Seed;

/// Where each hand's deck seed comes from: the system's randomness (the bot), or one seeded generator shared by a
/// service's tables, so that every deal of the seeded simulation (`sim::chaos`) replays from its seed.
#[derive(Clone, Default)]
pub struct Decks(Option<Arc<Mutex<ChaCha8Rng>>>);

impl Decks {
    pub fn seeded(seed: u64) -> Decks {
        Decks(Some(Arc::new(Mutex::new(ChaCha8Rng::seed_from_u64(seed)))))
    }

    /// A hand's secret seed: 256 bits from the operating system (or from the seeded generator).
    pub(super) fn next_seed(&self) -> Seed {
        match &self.0 {
            None => Seed::random(),
            // A poisoned lock only means another thread panicked mid-draw; the generator is still usable.
            Some(rng) => Seed::from_rng(&mut *rng.lock().unwrap_or_else(|p| p.into_inner())),
        }
    }
}
