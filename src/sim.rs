//! The table simulator behind `teenpatti-bot simulate`: plays random legal
//! hands on concurrent tables through the real [`Store`], exactly as the
//! bot's table service does (apply on a clone of the hand, persist, then keep
//! the new state). Some players sit at two tables at once, so one wallet is
//! debited by two tables concurrently.

use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::engine::cards::seeded_deck;
use crate::engine::{Action, Hand, HandSetup, Rules, Seat};
use crate::ids::{ChannelId, GuildId, UserId};
use crate::store::{ActionRecord, NewHand, NewTable, Recorded, Store, StoreError};

/// The guild the simulator plays in.
pub const SIM_GUILD: GuildId = GuildId(900_000_000_000_000_001);
/// Channel of table `t` is `SIM_CHANNEL_BASE + t`.
pub const SIM_CHANNEL_BASE: u64 = 900_000_000_000_100_000;
/// Player ids start here.
pub const SIM_USER_BASE: u64 = 900_000_000_000_200_000;
/// The "admin" who tops up wallets.
pub const SIM_ADMIN: UserId = UserId(900_000_000_000_000_002);

const TOP_UP_BELOW: i64 = 200;
const TOP_UP: i64 = 2_000;

#[derive(Clone, Debug)]
pub struct SimConfig {
    pub tables: usize,
    pub hands: usize,
    pub players: usize,
    pub seed: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimReport {
    pub hands: u64,
    pub actions: u64,
    /// Actions the store refused because a wallet could not cover them
    /// (another table had spent the chips); the player packed instead.
    pub refused: u64,
    /// Hands that could not start because a wallet could not pay the boot.
    pub refused_starts: u64,
    /// Deliberate re-sends of an already recorded key (all must be Duplicate).
    pub duplicates: u64,
    pub top_ups: u64,
    pub elapsed: Duration,
}

impl SimReport {
    fn add(&mut self, o: &SimReport) {
        self.hands += o.hands;
        self.actions += o.actions;
        self.refused += o.refused;
        self.refused_starts += o.refused_starts;
        self.duplicates += o.duplicates;
        self.top_ups += o.top_ups;
    }
    pub fn actions_per_sec(&self) -> f64 {
        let secs = self.elapsed.as_secs_f64();
        if secs > 0.0 {
            self.actions as f64 / secs
        } else {
            0.0
        }
    }
}

/// Users of table `t`: consecutive tables share one player (the last seat
/// of table t is the first seat of table t+1).
pub fn table_users(t: usize, players: usize) -> Vec<UserId> {
    let stride = players.saturating_sub(1).max(1);
    (0..players).map(|i| UserId(SIM_USER_BASE + (t * stride + i) as u64)).collect()
}

/// Refunds every hand left live (by a crash). Returns how many.
pub async fn recover(store: &Store) -> Result<usize, StoreError> {
    let live = store.live_hands().await?;
    for h in &live {
        store.refund_hand(h.id, "refunded on restart: the hand was interrupted").await?;
    }
    Ok(live.len())
}

/// Plays `cfg.hands` hands on each of `cfg.tables` concurrent tables.
pub async fn run(store: &Store, cfg: &SimConfig) -> anyhow::Result<SimReport> {
    if !(2..=10).contains(&cfg.players) {
        anyhow::bail!("--players must be 2 to 10");
    }
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(cfg.tables);
    for t in 0..cfg.tables {
        let store = store.clone();
        let cfg = cfg.clone();
        tasks.push(tokio::spawn(async move { play_table(&store, &cfg, t).await }));
    }
    let mut total = SimReport::default();
    for task in tasks {
        let report = task.await??;
        total.add(&report);
    }
    total.elapsed = started.elapsed();
    Ok(total)
}

fn sim_rules() -> Rules {
    Rules { boot: 10, chaal_limit: Some(640), pot_limit: Some(8_000), ..Rules::default() }
}

async fn play_table(store: &Store, cfg: &SimConfig, t: usize) -> anyhow::Result<SimReport> {
    let channel = ChannelId(SIM_CHANNEL_BASE + t as u64);
    let users = table_users(t, cfg.players);
    let table = match store.table_in_channel(channel).await? {
        Some(table) => table,
        None => {
            store
                .open_table(NewTable {
                    guild: SIM_GUILD,
                    channel,
                    opener: users[0],
                    rules: sim_rules(),
                    max_players: cfg.players.max(2) as u32,
                    turn_seconds: 60,
                })
                .await?
        }
    };
    for &u in &users {
        store.add_seat(table.id, u).await?;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut report = SimReport::default();
    for h in 0..cfg.hands {
        let mut stacks = Vec::with_capacity(users.len());
        for &u in &users {
            let mut b = store.balance(SIM_GUILD, u).await?;
            if b < TOP_UP_BELOW {
                b = store.admin_grant(SIM_GUILD, u, TOP_UP, SIM_ADMIN, "simulate top-up").await?;
                report.top_ups += 1;
            }
            stacks.push(b as u64);
        }
        let deck_seed: u64 = rng.gen();
        let setup = HandSetup { rules: sim_rules(), stacks, dealer: h % users.len(), deck: seeded_deck(deck_seed) };
        let (mut hand, events) = Hand::start(&setup)?;
        let new = NewHand {
            table_id: table.id,
            guild: SIM_GUILD,
            channel,
            users: users.clone(),
            setup: &setup,
            seed: Some(deck_seed),
            events: &events,
        };
        let hand_id = match store.start_hand(new).await {
            Ok(id) => id,
            Err(StoreError::InsufficientFunds { .. }) => {
                report.refused_starts += 1;
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        report.hands += 1;
        let mut must_pack = false;
        while let Some(seat) = hand.to_act() {
            let action = if must_pack { Action::Pack } else { choose(&hand, seat, &mut rng) };
            let mut next = hand.clone();
            let events = next.apply(seat, action)?;
            let seq = hand.actions().len() as i64;
            let key = format!("sim-{hand_id}-{seq}");
            let rec = ActionRecord { seq, seat, action, key: Some(&key), events: &events };
            match store.record_action(hand_id, rec.clone()).await {
                Ok(_) => {
                    hand = next;
                    must_pack = false;
                    report.actions += 1;
                    if rng.gen_ratio(1, 50) {
                        // A retried interaction: must change nothing.
                        match store.record_action(hand_id, rec).await? {
                            Recorded::Duplicate => report.duplicates += 1,
                            Recorded::Applied => anyhow::bail!("hand {hand_id}: a repeated key was applied twice"),
                        }
                    }
                }
                Err(StoreError::InsufficientFunds { .. }) => {
                    report.refused += 1;
                    must_pack = true;
                }
                Err(e) => return Err(e.into()),
            }
        }
    }
    Ok(report)
}

/// A random legal action for `seat` (who is to act).
fn choose(hand: &Hand, seat: Seat, rng: &mut ChaCha8Rng) -> Action {
    let legal = hand.legal_actions(seat);
    if legal.respond {
        return if rng.gen_bool(0.5) { Action::Accept } else { Action::Deny };
    }
    let long = hand.actions().len() > 40;
    if rng.gen_ratio(1, 12) || (long && rng.gen_bool(0.5)) {
        return if rng.gen_ratio(1, 4) { Action::Timeout } else { Action::Pack };
    }
    if legal.see && rng.gen_ratio(1, 3) {
        return Action::See;
    }
    if legal.show.is_some() && rng.gen_ratio(1, 3) {
        return Action::Show;
    }
    if legal.sideshow.is_some() && rng.gen_ratio(1, 6) {
        return Action::Sideshow;
    }
    if let Some(range) = legal.bet {
        let steps = (range.max - range.min) / range.step;
        let amount = range.min + rng.gen_range(0..=steps.min(3)) * range.step;
        return Action::Bet(amount);
    }
    if legal.see {
        return Action::See;
    }
    if legal.show.is_some() {
        return Action::Show;
    }
    Action::Pack
}
