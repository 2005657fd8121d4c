//! What the drivers count while they play, shared by every table: counters,
//! and request latencies in one histogram (constant memory, however long the
//! run), so that a progress line can be read at any moment.

use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::time::Duration;

use hdrhistogram::Histogram;

/// Latencies are kept in microseconds, from 1 µs to an hour, to 3 significant digits.
const LATENCY_MAX_US: u64 = 3_600_000_000;

counters! {
    /// The counters, as read at one moment.
    Counts, Counters {
        /// Hands played to the end.
        hands,
        /// Actions the table service applied and persisted (committed).
        actions,
        /// Requests the service turned away by design: illegal, stale and duplicate clicks, bets a wallet could not
        /// cover, deals that could not happen.
        refused,
        /// Internal errors: a store or service failure (the apology `table::INTERNAL_ERROR`). Must stay 0.
        errors,
        /// Answers with the internal-error text explained by a store fault injected while the request was in the
        /// service (`--faults`): not errors. The driver retries the click (looks again) or skips the top-up.
        faulted,
        /// Of `refused`: the second click of a double click.
        duplicates,
        /// Of `refused`: clicks out of turn, on stale buttons, or with a bet out of range.
        illegal,
        /// Of `refused`: bets a wallet could not cover (another table had spent the chips); the player packed next.
        wallet_refused,
        /// Of `refused`: starts refused (a deal that could not happen); the table was started again after top-ups.
        refused_starts,
        /// Of `refused`: changes refused by a table paused for a full disk (its answer says so); the players wait
        /// and try again, as players would.
        paused,
        /// Wallets topped up between hands (an admin grant, ledgered).
        top_ups,
        /// Answers the service must never give: an illegal click applied, a double click applied twice, a legal
        /// click refused for another reason than the wallet. Each is logged; any fails the run.
        failed_checks,
    }
}

/// Request-to-answer latencies, as read at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Latency {
    pub count: u64,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

/// One kind of thing counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Count {
    Hand,
    Action,
    Error,
    /// An internal error explained by an injected fault.
    Faulted,
    TopUp,
    /// A refusal, of this kind.
    Refused(Refusal),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    Duplicate,
    Illegal,
    Wallet,
    Start,
    /// The table is paused for a full disk.
    Paused,
}

pub struct Stats {
    counters: Counters,
    latency: Mutex<Histogram<u64>>,
}

impl Stats {
    pub fn new() -> anyhow::Result<Stats> {
        let histogram = Histogram::new_with_bounds(1, LATENCY_MAX_US, 3)?;
        Ok(Stats { counters: Counters::default(), latency: Mutex::new(histogram) })
    }

    pub(super) fn add(&self, count: Count) {
        let c = &self.counters;
        let counter = match count {
            Count::Hand => &c.hands,
            Count::Action => &c.actions,
            Count::Error => &c.errors,
            Count::Faulted => &c.faulted,
            Count::TopUp => &c.top_ups,
            Count::Refused(kind) => {
                c.refused.fetch_add(1, Ordering::Relaxed);
                match kind {
                    Refusal::Duplicate => &c.duplicates,
                    Refusal::Illegal => &c.illegal,
                    Refusal::Wallet => &c.wallet_refused,
                    Refusal::Start => &c.refused_starts,
                    Refusal::Paused => &c.paused,
                }
            }
        };
        counter.fetch_add(1, Ordering::Relaxed);
    }

    /// An answer the service must never give: logged, and the run fails.
    pub(super) fn failed_check(&self, what: std::fmt::Arguments<'_>) {
        self.counters.failed_checks.fetch_add(1, Ordering::Relaxed);
        tracing::error!("check failed: {what}");
    }

    /// One request, from entering the service to its answer.
    pub(super) fn latency(&self, d: Duration) {
        let us = u64::try_from(d.as_micros()).unwrap_or(u64::MAX).max(1);
        self.lock().saturating_record(us);
    }

    pub fn counts(&self) -> Counts {
        self.counters.snapshot()
    }

    pub fn latencies(&self) -> Latency {
        let h = self.lock();
        let us = Duration::from_micros;
        if h.is_empty() {
            return Latency::default();
        }
        Latency {
            count: h.len(),
            p50: us(h.value_at_quantile(0.5)),
            p99: us(h.value_at_quantile(0.99)),
            max: us(h.max()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Histogram<u64>> {
        // A panic elsewhere mid-record leaves a histogram that is still usable.
        self.latency.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_count_in_refused_and_in_their_kind() {
        let stats = Stats::new().unwrap();
        stats.add(Count::Action);
        stats.add(Count::Refused(Refusal::Illegal));
        stats.add(Count::Refused(Refusal::Duplicate));
        stats.add(Count::Refused(Refusal::Duplicate));
        let c = stats.counts();
        assert_eq!((c.actions, c.refused, c.illegal, c.duplicates, c.errors), (1, 3, 1, 2, 0));
    }

    #[test]
    fn latency_quantiles_come_from_the_histogram() {
        let stats = Stats::new().unwrap();
        assert_eq!(stats.latencies(), Latency::default());
        for ms in 1..=100 {
            stats.latency(Duration::from_millis(ms));
        }
        let l = stats.latencies();
        assert_eq!(l.count, 100);
        let near = |d: Duration, ms: f64| (d.as_secs_f64() * 1e3 - ms).abs() < ms * 0.01;
        assert!(near(l.p50, 50.0), "{l:?}");
        assert!(near(l.p99, 99.0), "{l:?}");
        assert!(near(l.max, 100.0), "{l:?}");
    }
}
