//! Each client address's rate limit on the web pages: a token bucket an address (a reader's browser asks for a
//! page, its stylesheet, its script and a picture at once: the burst), in memory, bounded.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Requests a second one address may make, on average.
pub const PER_SECOND: f64 = 20.0;
/// Requests one address may make at once.
pub const BURST: f64 = 40.0;
/// Addresses remembered at most: past it, those whose bucket has filled again are forgotten (they are as new).
const MAX_CLIENTS: usize = 50_000;

pub struct Limiter {
    per_second: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Limiter {
    pub fn new(per_second: f64, burst: f64) -> Limiter {
        Limiter { per_second, burst, buckets: Mutex::new(HashMap::new()) }
    }

    /// Whether `client` may have one more request now (taking it).
    pub fn allow(&self, client: IpAddr) -> bool {
        self.allow_at(client, Instant::now())
    }

    fn allow_at(&self, client: IpAddr, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= MAX_CLIENTS && !buckets.contains_key(&client) {
            let (rate, burst) = (self.per_second, self.burst);
            buckets.retain(|_, (tokens, at)| *tokens + now.saturating_duration_since(*at).as_secs_f64() * rate < burst);
            if buckets.len() >= MAX_CLIENTS {
                // Every address is busy: the newest one waits its turn.
                return false;
            }
        }
        let (tokens, at) = buckets.entry(client).or_insert((self.burst, now));
        *tokens = (*tokens + now.saturating_duration_since(*at).as_secs_f64() * self.per_second).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_client_gets_its_burst_then_its_rate_and_others_are_not_held_up() {
        let l = Limiter::new(10.0, 5.0);
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let t = Instant::now();
        assert_eq!((0..8).filter(|_| l.allow_at(a, t)).count(), 5, "the burst");
        assert!(l.allow_at(b, t), "another address has its own bucket");
        assert!(!l.allow_at(a, t + Duration::from_millis(50)), "half a token");
        assert!(l.allow_at(a, t + Duration::from_millis(110)), "one token back after 0.1 s");
        assert_eq!((0..20).filter(|_| l.allow_at(a, t + Duration::from_secs(60))).count(), 5, "never past the burst");
    }
}
