//! A table's click rate: one click per period on average, each gap drawn
//! between half and one and a half periods and the first one at a random
//! phase, so that the tables' clicks spread over each second instead of
//! arriving in bursts on the tick.

use std::time::Duration;

use rand::Rng;
use tokio::time::Instant;

pub(super) struct Pace {
    period: Duration,
    next: Instant,
}

impl Pace {
    /// `rate` clicks per second (above 0).
    pub fn new<R: Rng>(rate: f64, rng: &mut R) -> Pace {
        let period = Duration::from_secs_f64(1.0 / rate);
        Pace { period, next: Instant::now() + period.mul_f64(rng.gen::<f64>()) }
    }

    /// Restarts the schedule from now (when play begins, after the tables were set up).
    pub fn restart<R: Rng>(&mut self, rng: &mut R) {
        self.next = Instant::now() + self.period.mul_f64(rng.gen::<f64>());
    }

    /// Waits for the next click's moment. False (once `until` has come) when that moment is at or past `until`.
    pub async fn wait<R: Rng>(&mut self, rng: &mut R, until: Option<Instant>) -> bool {
        let now = Instant::now();
        if self.next + self.period < now {
            // More than a period behind (the service answered slowly): go on from now rather than catch up in a
            // burst. The rate is an upper bound; the achieved rate is what the run reports.
            self.next = now;
        }
        let at = self.next;
        if let Some(until) = until.filter(|&u| at >= u) {
            tokio::time::sleep_until(until).await;
            return false;
        }
        tokio::time::sleep_until(at).await;
        self.next = at + self.period.mul_f64(0.5 + rng.gen::<f64>());
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// 50 clicks at 200/s take about a quarter of a second (a gap averages one period, and is never below half
    /// of one), and the gaps differ.
    #[tokio::test]
    async fn clicks_come_at_the_rate_with_jitter() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut pace = Pace::new(200.0, &mut rng);
        let mut at = Vec::new();
        for _ in 0..50 {
            assert!(pace.wait(&mut rng, None).await);
            at.push(Instant::now());
        }
        let total = (at[49] - at[0]).as_secs_f64();
        assert!((0.12..2.0).contains(&total), "{total}");
        let gaps: Vec<Duration> = at.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(gaps.windows(2).any(|w| w[0] != w[1]), "{gaps:?}");
    }

    #[tokio::test]
    async fn stops_at_the_deadline() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut pace = Pace::new(1.0, &mut rng);
        let until = Instant::now() + Duration::from_millis(1);
        while pace.wait(&mut rng, Some(until)).await {}
        assert!(Instant::now() >= until);
    }
}
