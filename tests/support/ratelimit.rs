//! Discord's rate limits, as the stand-in answers them. Discord documents the headers and the rules, not the
//! figures (and asks bots not to hard-code them), so the figures are settings of the stand-in
//! ([`RateLimits`]) with realistic defaults: 5 messages per 5 s per channel, 50 requests a second overall.
//!
//! - Every answer carries `X-RateLimit-Limit`, `-Remaining`, `-Reset` (unix seconds), `-Reset-After` (seconds)
//!   and `-Bucket` (an opaque hash per bucket), as Discord's do.
//! - A request over its bucket, or over the global limit, is answered 429 with `X-RateLimit-Scope` (`user`, or
//!   `global`), `X-RateLimit-Global` on a global one, `Retry-After` (whole seconds) and a JSON body
//!   `{"message", "retry_after", "global", "code": 0}`; the request is not carried out.
//! - Interaction callbacks and the interaction-token webhook routes (follow-ups, edits of replies) are not
//!   counted against the global limit, as on Discord; they have a bucket per interaction (`interaction`).
//! - On the plain listener (the bot behind `DISCORD_API_URL`, a rate-limit proxy's place) the limits are not
//!   enforced (the proxy does that job): the headers are still sent.

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// One bucket's size: `limit` requests per `per`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    pub limit: u32,
    pub per: Duration,
}

impl Rate {
    pub const fn new(limit: u32, per_ms: u64) -> Rate {
        Rate { limit, per: Duration::from_millis(per_ms) }
    }
}

/// The stand-in's rate limits (settings; see the module's summary).
#[derive(Clone, Debug)]
pub struct RateLimits {
    /// Posts, edits and deletes of messages, per channel and per kind of request.
    pub channel_messages: Rate,
    /// Opening a DM channel.
    pub dm_open: Rate,
    /// Any other route (per route).
    pub other: Rate,
    /// Every request of the bot together, interaction routes apart.
    pub global: Rate,
    /// One interaction's callback, follow-ups and edits together (per interaction token).
    pub interaction: Rate,
}

impl Default for RateLimits {
    fn default() -> RateLimits {
        RateLimits {
            channel_messages: Rate::new(5, 5_000),
            dm_open: Rate::new(10, 10_000),
            other: Rate::new(20, 1_000),
            global: Rate::new(50, 1_000),
            interaction: Rate::new(30, 5_000),
        }
    }
}

#[derive(Debug)]
struct Bucket {
    rate: Rate,
    used: u32,
    window_start: Instant,
    hash: String,
}

impl Bucket {
    fn new(rate: Rate, hash: String) -> Bucket {
        Bucket { rate, used: 0, window_start: Instant::now(), hash }
    }

    fn roll(&mut self, now: Instant) {
        if now.duration_since(self.window_start) >= self.rate.per {
            self.used = 0;
            self.window_start = now;
        }
    }

    fn reset_after(&self, now: Instant) -> Duration {
        self.rate.per.saturating_sub(now.duration_since(self.window_start))
    }
}

/// The buckets of one stand-in, and the counts a test reads.
#[derive(Debug, Default)]
pub struct Buckets {
    buckets: HashMap<String, Bucket>,
    global: Option<Bucket>,
    /// 429s answered (by scope).
    pub limited: u64,
    /// Requests that took a bucket's last slot (its remaining count down to 0): the bucket was filled.
    pub filled: u64,
    pub limited_global: u64,
}

/// What the rate limits say of one request: its headers, and whether it is over a limit.
#[derive(Debug)]
pub struct Verdict {
    pub headers: Vec<(&'static str, String)>,
    /// Over a limit: seconds to wait, and whether it is the global one.
    pub limited: Option<(f64, bool)>,
}

/// The bucket a route falls in, its rate, and whether it counts against the global limit (the interaction
/// routes do not).
fn bucket_of(limits: &RateLimits, route: &str, channel: Option<u64>, token: Option<&str>) -> (String, Rate, bool) {
    if route.contains("{interaction_token}") || route.contains("{webhook_token}") {
        return (format!("interaction {}", token.unwrap_or("")), limits.interaction, false);
    }
    if route.contains("/channels/{channel_id}/messages") {
        let kind = route.split(' ').next().unwrap_or("");
        return (format!("{kind} messages of {}", channel.unwrap_or(0)), limits.channel_messages, true);
    }
    if route == "POST /users/@me/channels" {
        return (route.to_string(), limits.dm_open, true);
    }
    (route.to_string(), limits.other, true)
}

impl Buckets {
    /// Counts a request to `route` (of `channel`, for a channel's routes) and says whether it may go on. With
    /// `enforce` false (the proxy's listener), a request over a limit goes on anyway; its headers say so.
    pub fn check(
        &mut self,
        limits: &RateLimits,
        route: &str,
        channel: Option<u64>,
        token: Option<&str>,
        enforce: bool,
    ) -> Verdict {
        let now = Instant::now();
        let (key, rate, counts_global) = bucket_of(limits, route, channel, token);
        let global = self.global.get_or_insert_with(|| Bucket::new(limits.global, "global".into()));
        global.roll(now);
        let (global_over, global_wait) = (counts_global && global.used >= global.rate.limit, global.reset_after(now));
        let n = self.buckets.len() as u64;
        let bucket = self.buckets.entry(key).or_insert_with(|| Bucket::new(rate, format!("{:016x}", 0x5eed_0000 + n)));
        bucket.roll(now);
        let over = bucket.used >= bucket.rate.limit;
        let limited = match (enforce, global_over, over) {
            (true, true, _) => Some((global_wait.as_secs_f64().max(0.001), true)),
            (true, false, true) => Some((bucket.reset_after(now).as_secs_f64().max(0.001), false)),
            _ => None,
        };
        if limited.is_none() {
            bucket.used += 1;
            if bucket.used == bucket.rate.limit && counts_global {
                self.filled += 1;
            }
        }
        let reset_after = bucket.reset_after(now).as_secs_f64();
        let mut headers = vec![
            ("x-ratelimit-limit", bucket.rate.limit.to_string()),
            ("x-ratelimit-remaining", bucket.rate.limit.saturating_sub(bucket.used).to_string()),
            ("x-ratelimit-reset", format!("{:.3}", unix_now() + reset_after)),
            ("x-ratelimit-reset-after", format!("{reset_after:.3}")),
            ("x-ratelimit-bucket", bucket.hash.clone()),
        ];
        match limited {
            None => {
                if let Some(g) = self.global.as_mut().filter(|_| counts_global) {
                    g.used += 1;
                }
            }
            Some((wait, global)) => {
                if global {
                    self.limited_global += 1;
                    headers.push(("x-ratelimit-global", "true".into()));
                    headers.push(("x-ratelimit-scope", "global".into()));
                } else {
                    self.limited += 1;
                    headers.push(("x-ratelimit-scope", "user".into()));
                }
                headers.push(("retry-after", format!("{}", wait.ceil() as u64)));
            }
        }
        Verdict { headers, limited }
    }
}

/// Unix seconds now, with milliseconds.
pub fn unix_now() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}
