//! Store latency: one `record_action` alone (one write transaction: action
//! row, ledger row, wallet debit) against a real SQLite file in WAL
//! mode with synchronous=FULL.
//!
//! cargo bench --bench store -- --warm-up-time 1 --measurement-time 3

use std::time::Instant;

use criterion::{criterion_group, criterion_main, Criterion};
use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::{Action, Hand, HandSetup, Rules};
use teenpatti::ids::{ChannelId, GuildId, HandId, UserId};
use teenpatti::store::{ActionRecord, HandRef, NewHand, NewTable, Store};

const G: GuildId = GuildId(1);
const USERS: [UserId; 3] = [UserId(1), UserId(2), UserId(3)];

struct Bench {
    store: Store,
    hand_id: HandId,
    hand: Hand,
    keys: u64,
}

async fn setup(dir: &std::path::Path) -> Bench {
    let store = Store::open(&format!("sqlite://{}", dir.join("bench.db").display())).await.unwrap();
    let table = store
        .open_table(NewTable {
            guild: G,
            channel: ChannelId(1),
            opener: UserId(1),
            rules: Rules::default(),
            max_players: 6,
            turn_seconds: 60,
        })
        .await
        .unwrap();
    for u in [1, 2, 3] {
        store.admin_grant(G, UserId(u), 1_000_000_000_000, UserId(0), "bench").await.unwrap();
    }
    let setup = HandSetup {
        rules: Rules::default(),
        stacks: vec![1_000_000_000_000; 3],
        dealer: 2,
        deck: seeded_deck(1),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    let (hand, events) = Hand::start(&setup).unwrap();
    let hand_id = store
        .start_hand(NewHand {
            table_id: table.id,
            guild: G,
            channel: ChannelId(1),
            users: USERS.to_vec(),
            setup: &setup,
            seed: None,
            fair: None,
            events: &events,
        })
        .await
        .unwrap();
    Bench { store, hand_id, hand, keys: 0 }
}

impl Bench {
    /// One blind bet of the stake (the hand never ends: no limits set), as
    /// the table service does it: apply on a clone, persist, keep.
    async fn bet(&mut self) {
        let seat = self.hand.to_act().unwrap();
        let amount = self.hand.legal_actions(seat).bet.unwrap().min;
        let mut next = self.hand.clone();
        let events = next.apply(seat, Action::Bet(amount)).unwrap();
        self.keys += 1;
        let key = format!("bench-{}", self.keys);
        let seq = self.hand.actions().len() as i64;
        self.store
            .record_action(
                HandRef { id: self.hand_id, guild: G, users: &USERS },
                ActionRecord { seq, seat, action: Action::Bet(amount), key: Some(&key), events: &events },
            )
            .await
            .unwrap();
        self.hand = next;
    }
}

fn record_action(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut bench = rt.block_on(setup(dir.path()));
    let mut group = c.benchmark_group("store");
    group.sample_size(20);
    group.bench_function("record_action_bet", |b| {
        b.iter_custom(|iters| {
            rt.block_on(async {
                let start = Instant::now();
                for _ in 0..iters {
                    bench.bet().await;
                }
                start.elapsed()
            })
        })
    });
    group.finish();
    let audit = rt.block_on(bench.store.audit()).unwrap();
    assert!(audit.ok(), "{audit:?}");
}

criterion_group!(benches, record_action);
criterion_main!(benches);
