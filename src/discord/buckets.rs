//! serenity's rate limiter keeps one bucket per route and id and never lets one go. An interaction's answer is a
//! route of its own (`/interactions/{id}/{token}/callback`, keyed by the interaction's id), so every click the
//! bot ever answered would stay in that map, about 150 bytes each, for the life of the process (a million clicks:
//! some 150 MB). Every five seconds the buckets that hold nothing to wait for are dropped: no reset in the future,
//! and no request holding one (every minute let a busy bot's map reach a minute of clicks, some 12,000 buckets at
//! 200 clicks a second, scanned under its write lock). serenity makes a fresh bucket the next time such a route is
//! used, which is all it would know of it anyway.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use poise::serenity_prelude as serenity;
use serenity::Ratelimit;
use tokio::sync::{Mutex, RwLock};

/// How often idle buckets are dropped.
const PRUNE_EVERY: Duration = Duration::from_secs(5);

/// Drops `http`'s idle rate-limit buckets every [`PRUNE_EVERY`], for ever (nothing to do without a rate
/// limiter: behind a proxy).
pub async fn prune_forever(http: Arc<serenity::Http>) {
    let Some(limiter) = http.ratelimiter.as_ref() else { return };
    let routes = limiter.routes();
    let mut tick = tokio::time::interval(PRUNE_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let (dropped, kept) = prune(&routes, SystemTime::now()).await;
        if dropped > 0 {
            tracing::debug!(dropped, kept, "dropped idle rate-limit buckets");
        }
    }
}

/// Drops the buckets with no reset after `now` that no request holds; returns how many went and stayed.
pub async fn prune<K: Eq + Hash>(
    routes: &RwLock<HashMap<K, Arc<Mutex<Ratelimit>>>>,
    now: SystemTime,
) -> (usize, usize) {
    let mut map = routes.write().await;
    let before = map.len();
    map.retain(|_, bucket| {
        // Held by a request on its way (it will update it), or locked right now: kept.
        if Arc::strong_count(bucket) > 1 {
            return true;
        }
        match bucket.try_lock() {
            Ok(limit) => limit.reset().is_some_and(|reset| reset > now),
            Err(_) => true,
        }
    });
    (before - map.len(), map.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Buckets with nothing to wait for go; one a request holds stays.
    #[tokio::test]
    async fn idle_buckets_are_dropped_and_held_ones_kept() {
        let limiter = serenity::Ratelimiter::new(reqwest::Client::new(), "token");
        let routes = limiter.routes();
        let bucket = |id: u64| {
            let id = serenity::InteractionId::new(id);
            serenity::Route::InteractionResponse { interaction_id: id, token: "t" }.ratelimiting_bucket()
        };
        let held = Arc::new(Mutex::new(Ratelimit::default()));
        {
            let mut map = routes.write().await;
            for id in 1..=1000 {
                map.insert(bucket(id), Arc::default());
            }
            map.insert(bucket(5000), held.clone());
        }
        assert_eq!(prune(&routes, SystemTime::now()).await, (1000, 1));
        drop(held);
        assert_eq!(prune(&routes, SystemTime::now()).await, (1, 0));
    }
}
