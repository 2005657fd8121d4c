//! What the process tells an operator about itself: Prometheus metrics, and the state `/readyz` reads
//! ([`health`]), served on `METRICS_ADDR` ([`serve`]). Off by default; recorded always (a few atomic adds a
//! click), so turning the endpoint on changes nothing else.
//!
//! One registry a process ([`get`]). The layers record into it through the functions below (the Discord layer
//! its interactions, REST calls and shards, the writer its batches, each table actor its own share of the live
//! gauges): plain atomics, no I/O, nothing that can fail. Labels name kinds, outcomes, route templates, shard
//! numbers and variants: never a server, channel, user, table or hand, so the series stay few whatever the
//! number of servers (and say nothing about who plays). docs/operating.md lists every metric.

pub mod health;
pub mod serve;

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use prometheus_client::encoding::{EncodeLabelSet, EncodeMetric, MetricEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::MetricType;
use prometheus_client::registry::{Registry, Unit};

/// What answered interaction was it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Command,
    Button,
    /// A choice in one of our select menus (a draw, the dealer's game).
    Menu,
}

impl Kind {
    fn label(self) -> &'static str {
        match self {
            Kind::Command => "command",
            Kind::Button => "button",
            Kind::Menu => "menu",
        }
    }
}

/// How an interaction's first answer went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Answered with what was asked.
    Answered,
    /// Answered with a refusal (a rule, a permission, a forged button): the user's side.
    Refused,
    /// Our side: the apology, or the answer could not be sent.
    Failed,
    /// Past Discord's deadline for a first answer: acknowledged by the watchdog (a deferred update), or refused
    /// by Discord as expired.
    Late,
}

impl Outcome {
    fn label(self) -> &'static str {
        match self {
            Outcome::Answered => "answered",
            Outcome::Refused => "refused",
            Outcome::Failed => "failed",
            Outcome::Late => "late",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InteractionLabels {
    kind: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RestLabels {
    route: &'static str,
    status: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct WaitLabels {
    route: &'static str,
    scope: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ShardLabel {
    shard: u32,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct VariantLabel {
    variant: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct VersionLabel {
    version: &'static str,
}

type FloatGauge = Gauge<f64, AtomicU64>;

/// A family of labelled series whose `# HELP` and `# TYPE` are written before its first series exists
/// (prometheus-client leaves an empty family out): every metric of the process is declared on every scrape, so a
/// dashboard or an alert names it before it first moves.
#[derive(Debug)]
struct Declared<F>(F);

impl<F: EncodeMetric> EncodeMetric for Declared<F> {
    fn encode(&self, encoder: MetricEncoder) -> Result<(), std::fmt::Error> {
        self.0.encode(encoder)
    }

    fn metric_type(&self) -> MetricType {
        self.0.metric_type()
    }
}
type FloatCounter = Counter<f64, AtomicU64>;

/// The process's metrics (see the module's summary).
pub struct Metrics {
    registry: Registry,
    interactions: Family<InteractionLabels, Counter>,
    answer_seconds: Family<KindLabel, Histogram>,
    requests: Family<RestLabels, Counter>,
    rate_limit_waits: Family<WaitLabels, Counter>,
    rate_limit_seconds: FloatCounter,
    shard_up: Family<ShardLabel, Gauge>,
    gateway_latency: Family<ShardLabel, FloatGauge>,
    lease_held: Family<ShardLabel, Gauge>,
    batch_writes: Histogram,
    commit_seconds: Histogram,
    batch_failures: Family<KindLabel, Counter>,
    queued_writes: Gauge,
    last_commit: FloatGauge,
    tables_live: Gauge,
    hands_live: Gauge,
    tables_paused: Gauge,
    pot_chips: Gauge,
    hands_finished: Family<VariantLabel, Counter>,
    ready: Gauge,
}

/// The seconds buckets of the click-to-answer histogram: Discord's 3 s deadline and the watchdog's 2 s among them.
const ANSWER_BUCKETS: [f64; 12] = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 2.5, 3.0, 5.0];
/// A batch's commit: an fsync (SQLite) or a round trip (PostgreSQL), from a tenth of a millisecond up.
const COMMIT_BUCKETS: [f64; 12] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5, 2.0];
/// Writes a batch holds: the writer takes up to `MAX_BATCH` at once.
const BATCH_BUCKETS: [f64; 9] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

static METRICS: OnceLock<Metrics> = OnceLock::new();

/// The process's metrics, made at first use.
pub fn get() -> &'static Metrics {
    METRICS.get_or_init(Metrics::new)
}

impl Metrics {
    fn new() -> Metrics {
        let mut r = Registry::default();
        let build: Family<VersionLabel, Gauge> = Family::default();
        build.get_or_create(&VersionLabel { version: env!("CARGO_PKG_VERSION") }).set(1);
        r.register("teenpatti_build_info", "The running version (always 1)", build);
        let start = FloatGauge::default();
        start.set(crate::clock::now_unix_f64());
        r.register_with_unit("process_start_time", "When the process started (unix time)", Unit::Seconds, start);
        let m = Metrics {
            interactions: Family::default(),
            answer_seconds: Family::new_with_constructor(|| Histogram::new(ANSWER_BUCKETS)),
            requests: Family::default(),
            rate_limit_waits: Family::default(),
            rate_limit_seconds: FloatCounter::default(),
            shard_up: Family::default(),
            gateway_latency: Family::default(),
            lease_held: Family::default(),
            batch_writes: Histogram::new(BATCH_BUCKETS),
            commit_seconds: Histogram::new(COMMIT_BUCKETS),
            batch_failures: Family::default(),
            queued_writes: Gauge::default(),
            last_commit: FloatGauge::default(),
            tables_live: Gauge::default(),
            hands_live: Gauge::default(),
            tables_paused: Gauge::default(),
            pot_chips: Gauge::default(),
            hands_finished: Family::default(),
            ready: Gauge::default(),
            registry: Registry::default(),
        };
        r.register(
            "teenpatti_interactions",
            "Interactions answered, by kind (command, button, menu) and outcome (answered, refused, failed, late)",
            Declared(m.interactions.clone()),
        );
        r.register_with_unit(
            "teenpatti_interaction_answer",
            "From an interaction's arrival to Discord's acceptance of its first answer",
            Unit::Seconds,
            Declared(m.answer_seconds.clone()),
        );
        r.register(
            "teenpatti_discord_requests",
            "Discord REST calls the bot made, by route template and status (2xx; the error status; error: no answer)",
            Declared(m.requests.clone()),
        );
        r.register(
            "teenpatti_discord_rate_limit_waits",
            "Waits the rate limiter made before a call or after a 429, by route template and scope (route, global)",
            Declared(m.rate_limit_waits.clone()),
        );
        r.register_with_unit(
            "teenpatti_discord_rate_limit_wait",
            "Time spent waiting on Discord's rate limits",
            Unit::Seconds,
            m.rate_limit_seconds.clone(),
        );
        r.register(
            "teenpatti_gateway_shard_up",
            "1 while the shard's gateway connection is up",
            Declared(m.shard_up.clone()),
        );
        r.register_with_unit(
            "teenpatti_gateway_latency",
            "The shard's last heartbeat round trip",
            Unit::Seconds,
            Declared(m.gateway_latency.clone()),
        );
        r.register(
            "teenpatti_lease_held",
            "1 while this process holds the shard's lease",
            Declared(m.lease_held.clone()),
        );
        r.register(
            "teenpatti_store_batch_writes",
            "Writes in each batch the writer committed (or tried to)",
            m.batch_writes.clone(),
        );
        r.register_with_unit(
            "teenpatti_store_commit",
            "Time a batch's transaction took, from its BEGIN to its COMMIT",
            Unit::Seconds,
            m.commit_seconds.clone(),
        );
        r.register(
            "teenpatti_store_batch_failures",
            "Batches that failed, by kind",
            Declared(m.batch_failures.clone()),
        );
        r.register("teenpatti_store_queued_writes", "Writes queued for the writer", m.queued_writes.clone());
        r.register_with_unit(
            "teenpatti_store_last_commit_timestamp",
            "When the writer last committed a batch (unix time; 0: not yet)",
            Unit::Seconds,
            m.last_commit.clone(),
        );
        r.register("teenpatti_tables_live", "Tables with a running actor in this process", m.tables_live.clone());
        r.register("teenpatti_hands_live", "Hands in play in this process", m.hands_live.clone());
        r.register("teenpatti_tables_paused", "Tables paused by a full disk", m.tables_paused.clone());
        r.register("teenpatti_live_pot_chips", "Chips in the pots of the hands in play", m.pot_chips.clone());
        r.register(
            "teenpatti_hands_finished",
            "Hands played to the end, by variant",
            Declared(m.hands_finished.clone()),
        );
        r.register("teenpatti_ready", "1 while /readyz answers ready", m.ready.clone());
        Metrics { registry: r, ..m }
    }

    /// The text a scrape returns (OpenMetrics), the gauges read at scrape time brought up to date first.
    pub fn encode(&self) -> String {
        health::refresh(self);
        let mut text = String::with_capacity(16 * 1024);
        // Writing into a String cannot fail; an encoder's error would be a bug, and the scrape still answers.
        if let Err(e) = prometheus_client::encoding::text::encode(&mut text, &self.registry) {
            tracing::error!(error = %e, "could not encode the metrics");
        }
        text
    }

    /// An interaction's first answer: `elapsed` since it arrived (when known).
    pub fn interaction(&self, kind: Kind, outcome: Outcome, elapsed: Option<Duration>) {
        self.interactions.get_or_create(&InteractionLabels { kind: kind.label(), outcome: outcome.label() }).inc();
        if let Some(elapsed) = elapsed {
            self.answer_seconds.get_or_create(&KindLabel { kind: kind.label() }).observe(elapsed.as_secs_f64());
        }
    }

    /// A REST call to Discord by its route template (a `&'static str` of [`crate::discord::rest`]'s: bounded).
    pub fn request(&self, route: &'static str, status: Option<u16>) {
        self.requests.get_or_create(&RestLabels { route, status: status_label(status) }).inc();
    }

    /// A wait serenity's rate limiter made (before a call whose bucket is empty, or after a 429).
    pub fn rate_limit_wait(&self, route: &'static str, global: bool, wait: Duration) {
        let scope = if global { "global" } else { "route" };
        self.rate_limit_waits.get_or_create(&WaitLabels { route, scope }).inc();
        self.rate_limit_seconds.inc_by(wait.as_secs_f64());
    }

    /// A shard's connection state and last heartbeat's round trip.
    pub fn shard(&self, shard: u32, up: bool, latency: Option<Duration>) {
        self.shard_up.get_or_create(&ShardLabel { shard }).set(i64::from(up));
        if let Some(l) = latency {
            self.gateway_latency.get_or_create(&ShardLabel { shard }).set(l.as_secs_f64());
        }
    }

    /// One batch of the writer: its writes, how long its transaction took, and its failure's kind.
    pub fn batch(&self, writes: usize, took: Duration, failed: Option<&'static str>) {
        self.batch_writes.observe(writes as f64);
        self.commit_seconds.observe(took.as_secs_f64());
        match failed {
            Some(kind) => {
                self.batch_failures.get_or_create(&KindLabel { kind }).inc();
            }
            None => {
                self.last_commit.set(crate::clock::now_unix_f64());
            }
        }
        health::batch_done(failed);
    }

    /// A hand played to the end.
    fn hand_finished(&self, variant: &'static str) {
        self.hands_finished.get_or_create(&VariantLabel { variant }).inc();
    }
}

/// A REST call's status as a label: the few a route answers, so the series stay few.
fn status_label(status: Option<u16>) -> &'static str {
    match status {
        None => "error",
        Some(200..=299) => "2xx",
        Some(400) => "400",
        Some(401) => "401",
        Some(403) => "403",
        Some(404) => "404",
        Some(429) => "429",
        Some(500..=599) => "5xx",
        Some(_) => "other",
    }
}

/// One table actor's share of the live gauges, given back when the actor ends (dropped). The actor reports its
/// state after each request or timer ([`TableGauge::report`]); the gauges move by the difference.
pub struct TableGauge {
    hand: Option<HandShare>,
    paused: bool,
}

/// What a table's hand adds to the gauges.
#[derive(Clone, Copy, PartialEq, Eq)]
struct HandShare {
    hand: i64,
    pot: i64,
    in_play: bool,
}

/// What a table is now, as [`TableGauge::report`] takes it.
pub struct TableState {
    /// The latest hand (id, chips in its pot, whether it is in play, its variant's name), if any.
    pub hand: Option<(i64, u64, bool, &'static str)>,
    /// A refunded hand (not played to the end) is not counted as finished.
    pub cancelled: bool,
    pub paused: bool,
}

impl TableGauge {
    /// A table actor began.
    pub fn start() -> TableGauge {
        get().tables_live.inc();
        TableGauge { hand: None, paused: false }
    }

    /// The table's state after a request or a timer.
    pub fn report(&mut self, now: TableState) {
        let m = get();
        let next = now.hand.map(|(hand, pot, in_play, _)| HandShare {
            hand,
            pot: if in_play { i64::try_from(pot).unwrap_or(i64::MAX) } else { 0 },
            in_play,
        });
        if let (Some(before), Some((hand, _, false, variant))) = (self.hand, now.hand) {
            if before.hand == hand && before.in_play && !now.cancelled {
                m.hand_finished(variant);
            }
        }
        if next != self.hand {
            self.give_back(m);
            if let Some(h) = next.filter(|h| h.in_play) {
                m.hands_live.inc();
                m.pot_chips.inc_by(h.pot);
            }
            self.hand = next;
        }
        if now.paused != self.paused {
            if now.paused {
                m.tables_paused.inc();
            } else {
                m.tables_paused.dec();
            }
            self.paused = now.paused;
        }
    }

    fn give_back(&self, m: &Metrics) {
        if let Some(h) = self.hand.filter(|h| h.in_play) {
            m.hands_live.dec();
            m.pot_chips.dec_by(h.pot);
        }
    }
}

impl Drop for TableGauge {
    fn drop(&mut self) {
        let m = get();
        self.give_back(m);
        if self.paused {
            m.tables_paused.dec();
        }
        m.tables_live.dec();
    }
}

/// Milliseconds since the process's first use of the metrics: the monotonic clock the health state keeps.
fn mono_ms() -> i64 {
    static ORIGIN: OnceLock<std::time::Instant> = OnceLock::new();
    let origin = *ORIGIN.get_or_init(std::time::Instant::now);
    i64::try_from(origin.elapsed().as_millis()).unwrap_or(i64::MAX)
}

/// An `AtomicI64` read and written relaxed: the health state's values are each read alone.
#[derive(Default)]
struct Cell(AtomicI64);

impl Cell {
    const fn new(v: i64) -> Cell {
        Cell(AtomicI64::new(v))
    }
    fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }
    fn set(&self, v: i64) {
        self.0.store(v, Ordering::Relaxed)
    }
}
