//! The soak checks of `loadtest --soak` (and `--faults`): memory flat (resident memory sampled through play,
//! the median of the last quartile of the samples against that of the first), no task left (the runtime's
//! alive tasks after the tables closed against the count before they opened), the books exact (the audit, in
//! the command). The bounds are in `docs/chaos.md`, "Soak".

use std::time::Duration;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use super::rss;

/// Memory may grow by this fraction of the first quartile's median...
const RSS_GROWTH_PERCENT: u64 = 10;
/// ... plus this, in KiB: caches that fill once and stop (see `docs/chaos.md`).
const RSS_SLACK_KIB: u64 = 4 * 1024;
/// About this many samples in a run, however long.
const SAMPLES: u32 = 400;
/// And no more often than this.
const SAMPLE_EVERY_MIN: Duration = Duration::from_millis(100);
/// Tables' tasks end shortly after they close (an actor returns after its channel closed, a DM sent in the
/// background finishes): the count after is read once it is back to the count before, or after this long.
const SETTLE: Duration = Duration::from_secs(2);

/// What the soak checks found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SoakReport {
    /// Resident memory samples taken during play.
    pub samples: usize,
    /// Median of the first quartile of the samples, in KiB.
    pub rss_first_kib: u64,
    /// Median of the last quartile of the samples, in KiB.
    pub rss_last_kib: u64,
    /// The runtime's alive tasks before the tables opened.
    pub tasks_before: usize,
    /// The runtime's alive tasks after the tables closed.
    pub tasks_after: usize,
}

impl SoakReport {
    pub(super) fn new(samples: &[u64], tasks_before: usize, tasks_after: usize) -> SoakReport {
        let (rss_first_kib, rss_last_kib) = quartile_medians(samples);
        SoakReport { samples: samples.len(), rss_first_kib, rss_last_kib, tasks_before, tasks_after }
    }

    /// The most the last quartile's median may be: the first's, plus 10%, plus 4 MiB.
    pub fn rss_bound_kib(&self) -> u64 {
        self.rss_first_kib + self.rss_first_kib * RSS_GROWTH_PERCENT / 100 + RSS_SLACK_KIB
    }

    pub fn rss_ok(&self) -> bool {
        self.rss_last_kib <= self.rss_bound_kib()
    }

    pub fn tasks_ok(&self) -> bool {
        self.tasks_after <= self.tasks_before
    }

    pub fn ok(&self) -> bool {
        self.rss_ok() && self.tasks_ok()
    }
}

/// The medians of the first and of the last quartile of `samples` (in the order taken); with fewer than 4
/// samples, the first and the last sample.
fn quartile_medians(samples: &[u64]) -> (u64, u64) {
    let quarter = samples.len() / 4;
    if quarter == 0 {
        return (samples.first().copied().unwrap_or(0), samples.last().copied().unwrap_or(0));
    }
    let median = |part: &[u64]| {
        let mut part = part.to_vec();
        part.sort_unstable();
        part[part.len() / 2]
    };
    (median(&samples[..quarter]), median(&samples[samples.len() - quarter..]))
}

/// Tasks alive on the current runtime.
fn alive_tasks() -> usize {
    tokio::runtime::Handle::current().metrics().num_alive_tasks()
}

/// The alive tasks once the count holds still for 50 ms (or after [`SETTLE`]): the store's pool returns a
/// connection to its idle queue from a short task of its own, so the count read just after reads moves.
pub(super) async fn tasks_before() -> usize {
    let deadline = tokio::time::Instant::now() + SETTLE;
    let mut last = alive_tasks();
    loop {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let now = alive_tasks();
        if now == last || tokio::time::Instant::now() >= deadline {
            return now;
        }
        last = now;
    }
}

/// The alive tasks once they are back to `before` (or after [`SETTLE`], whatever they are then).
pub(super) async fn tasks_after(before: usize) -> usize {
    let deadline = tokio::time::Instant::now() + SETTLE;
    loop {
        let now = alive_tasks();
        if now <= before || tokio::time::Instant::now() >= deadline {
            return now;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Samples resident memory through play, about [`SAMPLES`] times in `play`.
pub(super) struct Sampler {
    stop: oneshot::Sender<()>,
    task: JoinHandle<Vec<u64>>,
}

impl Sampler {
    pub fn start(play: Option<Duration>) -> Sampler {
        let every = play.map_or(Duration::from_secs(1), |d| d / SAMPLES).max(SAMPLE_EVERY_MIN);
        let (stop, mut stopped) = oneshot::channel();
        let task = tokio::spawn(async move {
            let mut samples = Vec::with_capacity(SAMPLES as usize + 8);
            let mut tick = tokio::time::interval(every);
            loop {
                tokio::select! {
                    _ = tick.tick() => samples.push(rss::current_kib()),
                    _ = &mut stopped => return samples,
                }
            }
        });
        Sampler { stop, task }
    }

    /// Stops sampling (the task is gone when this returns) and gives the samples.
    pub async fn finish(self) -> Vec<u64> {
        let _ = self.stop.send(());
        self.task.await.unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_medians_of_the_first_and_last_quartiles() {
        let samples: Vec<u64> = (1..=16).collect();
        assert_eq!(quartile_medians(&samples), (3, 15));
        assert_eq!(quartile_medians(&[5, 9]), (5, 9));
        assert_eq!(quartile_medians(&[]), (0, 0));
        // A spike in a quartile does not move its median.
        assert_eq!(quartile_medians(&[10, 10, 900, 10, 10, 10, 10, 10, 10, 10, 10, 10]), (10, 10));
    }

    #[test]
    fn memory_may_grow_by_a_tenth_and_4_mib() {
        let flat = SoakReport::new(&[100_000; 8], 5, 5);
        assert_eq!(flat.rss_bound_kib(), 100_000 + 10_000 + 4_096);
        assert!(flat.ok());
        let grown = SoakReport::new(&[100_000, 100_000, 100_000, 100_000, 120_000, 120_000, 120_000, 120_000], 5, 5);
        assert_eq!((grown.rss_first_kib, grown.rss_last_kib), (100_000, 120_000));
        assert!(!grown.rss_ok() && grown.tasks_ok());
        let leaked = SoakReport::new(&[100_000; 8], 5, 6);
        assert!(leaked.rss_ok() && !leaked.tasks_ok());
    }
}
