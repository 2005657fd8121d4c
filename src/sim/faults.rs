//! Faults injected by `loadtest --faults RATE`: a fraction of the store's write batches fail (through the store's
//! hidden hook, [`FaultPlan`]), and the same fraction of Discord's posts, edits and DMs (in the [`Recorder`]).
//! Both draw from generators seeded from `--seed`. Faults are armed only during play: setting the tables up
//! and closing them are not what a soak measures.
//!
//! An answer with the internal-error text counts as *faulted*, not as an error, when a store fault was
//! injected while its request was in the service ([`Faults::store_injected`] moved between the request and its
//! answer); any other internal error stays unexplained.
//!
//! [`Recorder`]: super::Recorder

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::store::FaultPlan;

#[derive(Debug)]
pub struct Faults {
    rate: f64,
    armed: AtomicBool,
    store: Dice,
    discord: Dice,
}

/// One seeded source of faults, and how many it fired (`chaos` draws its store faults from one too).
#[derive(Debug)]
pub(super) struct Dice {
    rng: Mutex<ChaCha8Rng>,
    fired: AtomicU64,
}

impl Dice {
    pub(super) fn new(seed: u64) -> Dice {
        Dice { rng: Mutex::new(ChaCha8Rng::seed_from_u64(seed)), fired: AtomicU64::new(0) }
    }

    /// True (a fault) with chance `rate`, drawn in call order.
    pub(super) fn roll(&self, rate: f64) -> bool {
        let fail = self.rng.lock().unwrap_or_else(|p| p.into_inner()).gen_bool(rate);
        if fail {
            self.fired.fetch_add(1, Ordering::SeqCst);
        }
        fail
    }

    /// Faults fired so far.
    pub(super) fn fired(&self) -> u64 {
        self.fired.load(Ordering::SeqCst)
    }
}

impl Faults {
    /// `rate`: the fraction of batches (and of Discord calls) failed, 0 to 1.
    pub fn new(rate: f64, seed: u64) -> anyhow::Result<Arc<Faults>> {
        if !(0.0..=1.0).contains(&rate) {
            anyhow::bail!("--faults must be a fraction from 0 to 1 (say 0.01)");
        }
        let seed = seed ^ 0xFA17_5EED_FA17_5EED;
        Ok(Arc::new(Faults {
            rate,
            armed: AtomicBool::new(false),
            store: Dice::new(seed),
            discord: Dice::new(seed.rotate_left(32)),
        }))
    }

    /// The store's hook: asked once per write batch, on the writer's thread.
    pub fn plan(self: &Arc<Self>) -> FaultPlan {
        let faults = self.clone();
        FaultPlan::new(move || faults.armed() && faults.store.roll(faults.rate))
    }

    /// Faults fire only while armed (during play).
    pub fn arm(&self, armed: bool) {
        self.armed.store(armed, Ordering::SeqCst);
    }

    fn armed(&self) -> bool {
        self.armed.load(Ordering::SeqCst)
    }

    /// Whether this Discord call fails.
    pub(super) fn discord_fails(&self) -> bool {
        self.armed() && self.discord.roll(self.rate)
    }

    /// Store batches failed so far.
    pub fn store_injected(&self) -> u64 {
        self.store.fired()
    }

    /// Discord calls failed so far.
    pub fn discord_injected(&self) -> u64 {
        self.discord.fired()
    }
}
