//! Wallets, the ledger, daily claims, admin grants and guild settings, on
//! real SQLite files and on PostgreSQL (the tests in `on_both_backends!`).

mod fixtures;

use std::sync::Arc;

use fixtures::{assert_books, temp_db, ADMIN, ALICE, BOB, G, G2};
use teenpatti::engine::Rules;
use teenpatti::ids::UserId;
use teenpatti::store::{DailyClaim, GuildSettings, OpenOptions, Reason, Store, StoreError, HOUSE_START};

#[tokio::test]
async fn creates_the_file_and_a_wallet_with_the_starting_grant() {
    let db = temp_db("teenpatti.db");
    assert!(!db.path.exists());
    let store = Store::open(&db.url).await.unwrap();
    assert!(db.path.exists());
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 1000);
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 1000, "the grant is made once");
    let ledger = store.ledger(G, ALICE, 10).await.unwrap();
    assert_eq!(ledger.len(), 1);
    assert_eq!((ledger[0].delta, ledger[0].reason), (1000, Reason::StartingGrant));
    // WAL mode is on.
    let mode: String = sqlx::query_scalar("PRAGMA journal_mode").fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    assert_eq!(mode, "wal");
    let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys").fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    assert_eq!(fk, 1);
    assert_books(&store).await;
}

async fn guilds_are_independent_and_settings_apply(store: Store) {
    assert_eq!(store.guild_settings(G2).await.unwrap(), GuildSettings::default());
    let custom = GuildSettings {
        starting_balance: 5000,
        daily_amount: 250,
        daily_cooldown_secs: 3600,
        default_rules: Rules { boot: 5, ..Rules::default() },
        turn_seconds: 30,
        language: teenpatti::i18n::Lang::Hi,
        private_language: teenpatti::i18n::PrivateLanguage::Reader,
        // Every economy setting round-trips through its JSON column.
        economy: teenpatti::store::Economy {
            give_min_account_days: 3,
            give_min_member_hours: 5,
            give_daily_cap: 700,
            give_fee_percent: 7,
            daily_min_account_days: 2,
            max_boot: 90,
            max_bet: 400,
            season_reset: true,
            season_channel: Some(1_234_567_890_123),
            season_days: 30,
        },
    };
    store.set_guild_settings(G2, &custom).await.unwrap();
    assert_eq!(store.guild_settings(G2).await.unwrap(), custom);
    assert_eq!(store.guild_settings(G).await.unwrap(), GuildSettings::default());
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 1000);
    assert_eq!(store.balance(G2, ALICE).await.unwrap(), 5000);
    store.admin_grant(G, ALICE, 7, ADMIN, "gift").await.unwrap();
    assert_eq!(store.balance(G2, ALICE).await.unwrap(), 5000, "another guild's wallet is untouched");
    let bad = GuildSettings { starting_balance: -1, ..GuildSettings::default() };
    assert!(matches!(store.set_guild_settings(G, &bad).await, Err(StoreError::Invalid(_))));
    assert_books(&store).await;
}

async fn daily_honours_the_cooldown(store: Store) {
    let t0 = 1_700_000_000;
    assert_eq!(store.claim_daily(G, ALICE, t0).await.unwrap(), DailyClaim::Claimed { amount: 100, balance: 1100 });
    assert_eq!(store.claim_daily(G, ALICE, t0 + 10).await.unwrap(), DailyClaim::TooSoon { next_at: t0 + 86_400 });
    assert_eq!(store.claim_daily(G, ALICE, t0 + 86_399).await.unwrap(), DailyClaim::TooSoon { next_at: t0 + 86_400 });
    assert_eq!(
        store.claim_daily(G, ALICE, t0 + 86_400).await.unwrap(),
        DailyClaim::Claimed { amount: 100, balance: 1200 }
    );
    // Bob's cooldown is his own.
    assert!(matches!(store.claim_daily(G, BOB, t0 + 10).await.unwrap(), DailyClaim::Claimed { .. }));
    let reasons: Vec<Reason> = store.ledger(G, ALICE, 10).await.unwrap().into_iter().map(|r| r.reason).collect();
    assert_eq!(reasons, [Reason::Daily, Reason::Daily, Reason::StartingGrant]);
    assert_books(&store).await;
}

async fn concurrent_daily_claims_pay_once(store: Store) {
    let now = 1_700_000_000;
    for round in 0..10u64 {
        let user = UserId(400_000_000_000_000_000 + round);
        let barrier = Arc::new(tokio::sync::Barrier::new(8));
        let tasks: Vec<_> = (0..8)
            .map(|_| {
                let (store, barrier) = (store.clone(), barrier.clone());
                tokio::spawn(async move {
                    barrier.wait().await;
                    store.claim_daily(G, user, now).await.unwrap()
                })
            })
            .collect();
        let mut paid = 0;
        for t in tasks {
            if matches!(t.await.unwrap(), DailyClaim::Claimed { .. }) {
                paid += 1;
            }
        }
        assert_eq!(paid, 1, "round {round}: exactly one of eight concurrent claims pays");
        assert_eq!(store.balance(G, user).await.unwrap(), 1100);
    }
    assert_books(&store).await;
}

async fn admin_grants_never_go_below_zero(store: Store) {
    assert_eq!(store.admin_grant(G, ALICE, 500, ADMIN, "prize").await.unwrap(), 1500);
    assert_eq!(store.admin_grant(G, ALICE, -1500, ADMIN, "fine").await.unwrap(), 0);
    let err = store.admin_grant(G, ALICE, -1, ADMIN, "too much").await.unwrap_err();
    assert!(matches!(err, StoreError::InsufficientFunds { user: ALICE, need: 1, have: 0 }), "{err:?}");
    assert_eq!(err.to_string(), format!("user {ALICE} needs 1 chips but has 0"));
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 0);
    let last = &store.ledger(G, ALICE, 1).await.unwrap()[0];
    assert_eq!((last.delta, last.actor, last.note.as_deref()), (-1500, Some(ADMIN), Some("fine")));
    // The starting grant, the prize and the fine: the refused grant wrote no row.
    assert_eq!(store.ledger(G, ALICE, 100).await.unwrap().len(), 3);
    assert_books(&store).await;
}

async fn the_schema_refuses_a_negative_balance(store: Store) {
    store.balance(G, ALICE).await.unwrap();
    let err = store.raw_execute(&format!("UPDATE wallets SET balance = -1 WHERE user_id = {ALICE}")).await.unwrap_err();
    let msg = err.to_string();
    // SQLite's words, then PostgreSQL's.
    assert!(msg.contains("CHECK constraint failed") || msg.contains("violates check constraint"), "{msg}");
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 1000);
    assert_books(&store).await;
}

async fn the_audit_sees_a_tampered_balance(store: Store) {
    store.balance(G, ALICE).await.unwrap();
    store.raw_execute("UPDATE wallets SET balance = balance + 5").await.unwrap();
    let audit = store.audit().await.unwrap();
    assert!(!audit.ok());
    assert_eq!(audit.wallet_mismatches.len(), 1);
    assert_eq!((audit.wallet_mismatches[0].balance, audit.wallet_mismatches[0].ledger_sum), (1005, 1000));
}

/// The house stakes computer players and takes their chips back, each movement a transfer row on both sides; it
/// never goes below zero, and an admin sets its bankroll with one grant row of the difference.
async fn the_house_stakes_computer_players_within_its_bankroll(store: Store) {
    let bot = UserId::bot(teenpatti::ids::TableId(7), 1, 0).unwrap();
    assert_eq!(store.balance(G, bot).await.unwrap(), 0, "a computer player starts with nothing");
    assert_eq!(store.stake_bot(G, bot, 1000).await.unwrap(), 1000);
    assert_eq!(store.stake_bot(G, bot, 1000).await.unwrap(), 0, "already staked");
    assert_eq!(store.balance(G, UserId::HOUSE).await.unwrap(), HOUSE_START - 1000);
    let rows = store.ledger(G, bot, 10).await.unwrap();
    assert_eq!((rows[0].delta, rows[0].reason, rows[0].actor), (1000, Reason::Transfer, Some(UserId::HOUSE)));
    // A short house stakes what it has, and no more.
    assert_eq!(store.set_house(G, 300, ADMIN).await.unwrap(), 300);
    let other = UserId::bot(teenpatti::ids::TableId(7), 1, 1).unwrap();
    assert_eq!(store.stake_bot(G, other, 1000).await.unwrap(), 300);
    assert_eq!(store.balance(G, UserId::HOUSE).await.unwrap(), 0);
    // Back to the house, whole.
    assert_eq!(store.unstake_bot(G, bot).await.unwrap(), 1000);
    assert_eq!(store.unstake_bot(G, other).await.unwrap(), 300);
    assert_eq!(store.balance(G, UserId::HOUSE).await.unwrap(), 1300);
    let house = store.ledger(G, UserId::HOUSE, 100).await.unwrap();
    assert_eq!(house.iter().map(|r| r.delta).sum::<i64>(), 1300);
    assert!(house.iter().any(|r| r.reason == Reason::AdminGrant && r.delta == 300 - (HOUSE_START - 1000)));
    assert_books(&store).await;
}

/// A player's ledger by pages, newest first, each row with the balance just after it.
async fn the_ledger_pages_back_from_the_balance(store: Store) {
    for n in 1..=12 {
        store.admin_grant(G, ALICE, n, ADMIN, "step").await.unwrap();
    }
    let first = store.ledger_page(G, ALICE, 1, 10).await.unwrap();
    assert_eq!((first.balance, first.rows.len(), first.more), (1078, 10, true));
    let deltas: Vec<i64> = first.rows.iter().map(|(r, _)| r.delta).collect();
    assert_eq!(deltas, (3..=12).rev().collect::<Vec<i64>>());
    assert_eq!(first.rows[0].1, 1078);
    assert_eq!(first.rows[9].1, 1000 + (1..=3).sum::<i64>());
    let second = store.ledger_page(G, ALICE, 2, 10).await.unwrap();
    let rows: Vec<(i64, Reason, i64)> = second.rows.iter().map(|(r, after)| (r.delta, r.reason, *after)).collect();
    assert_eq!(
        rows,
        vec![(2, Reason::AdminGrant, 1003), (1, Reason::AdminGrant, 1001), (1000, Reason::StartingGrant, 1000)]
    );
    assert!(!second.more);
    let beyond = store.ledger_page(G, ALICE, 3, 10).await.unwrap();
    assert!(beyond.rows.is_empty() && !beyond.more && beyond.balance == 1078);
    // A player with no wallet yet: it is made (the starting balance) and is its only row.
    let fresh = store.ledger_page(G, BOB, 1, 10).await.unwrap();
    assert_eq!(fresh.rows.len(), 1);
    assert_eq!((fresh.rows[0].0.reason, fresh.rows[0].1), (Reason::StartingGrant, 1000));
}

/// `/give` (issue 18): a transfer row on each side, the daily cap over the last 24 hours (fees included), the
/// fee to the house as a fee row on each side, an overdraft refused; `/daily`'s account-age gate.
async fn gifts_are_ledgered_capped_and_charged(store: Store) {
    use teenpatti::store::Give;
    let given = store.give(G, ALICE, BOB, 100).await.unwrap();
    assert_eq!(given, Give::Given { received: 100, fee: 0, balance: 900, receiver_balance: 1100 });
    let bob = store.ledger(G, BOB, 1).await.unwrap();
    assert_eq!((bob[0].delta, bob[0].reason, bob[0].actor), (100, Reason::Transfer, Some(ALICE)));
    let mut s = store.guild_settings(G).await.unwrap();
    s.economy.give_daily_cap = 250;
    store.set_guild_settings(G, &s).await.unwrap();
    assert!(matches!(store.give(G, ALICE, BOB, 100).await.unwrap(), Give::Given { .. }));
    assert_eq!(store.give(G, ALICE, BOB, 100).await.unwrap(), Give::OverCap { cap: 250, left: 50 });
    // Another sender's cap is their own; another server's too.
    assert!(matches!(store.give(G, BOB, ALICE, 100).await.unwrap(), Give::Given { .. }));
    assert!(matches!(store.give(G2, ALICE, BOB, 200).await.unwrap(), Give::Given { .. }));
    s.economy.give_daily_cap = 10_000;
    s.economy.give_fee_percent = 10;
    store.set_guild_settings(G, &s).await.unwrap();
    let house = store.balance(G, UserId::HOUSE).await.unwrap();
    let given = store.give(G, ALICE, BOB, 55).await.unwrap();
    assert_eq!(given, Give::Given { received: 50, fee: 5, balance: 845, receiver_balance: 1150 });
    assert_eq!(store.balance(G, UserId::HOUSE).await.unwrap(), house + 5);
    let alice = store.ledger(G, ALICE, 2).await.unwrap();
    assert_eq!((alice[0].delta, alice[0].reason, alice[0].actor), (-5, Reason::Fee, Some(UserId::HOUSE)));
    assert_eq!((alice[1].delta, alice[1].reason), (-50, Reason::Transfer));
    match store.give(G, ALICE, BOB, 5_000).await {
        Err(StoreError::InsufficientFunds { have: 845, .. }) => {}
        other => panic!("an overdraft: {other:?}"),
    }
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 845, "a refused gift moves nothing");
    assert!(matches!(store.give(G, ALICE, ALICE, 5).await, Err(StoreError::Invalid(_))));
    // /daily's account-age gate: an account made a day ago, against one from 2017.
    s.economy.daily_min_account_days = 30;
    store.set_guild_settings(G, &s).await.unwrap();
    let now = teenpatti::clock::now_unix();
    let young = UserId((((now as u64) * 1000 - teenpatti::ids::DISCORD_EPOCH_MS - 86_400_000) << 22) | 1);
    assert_eq!(store.claim_daily(G, young, now).await.unwrap(), DailyClaim::TooNew { days: 30 });
    assert!(matches!(store.claim_daily(G, ALICE, now).await.unwrap(), DailyClaim::Claimed { .. }));
    assert_books(&store).await;
}

/// Seasons (issue 18): the final board kept, balances carried over or reset with a `season_reset` row each (the
/// house left alone), a schedule's tick ending only the season it names, and the schedule's due date.
async fn seasons_keep_their_board_and_reset_or_carry(store: Store) {
    store.admin_grant(G, ALICE, 500, ADMIN, "win").await.unwrap();
    store.balance(G, BOB).await.unwrap();
    let house = store.balance(G, UserId::HOUSE).await.unwrap();
    let (number, _) = store.current_season(G).await.unwrap();
    assert_eq!(number, 1);
    let end = store.new_season(G, None, Some(ADMIN)).await.unwrap().unwrap();
    assert_eq!((end.ended.number, end.number, end.reset_to, end.resets), (1, 2, None, 0));
    let board: Vec<(UserId, i64)> = end.ended.board.iter().map(|s| (s.user, s.balance)).collect();
    assert_eq!(board, vec![(ALICE, 1500), (BOB, 1000)], "the house is not on the board");
    assert_eq!(store.balance(G, ALICE).await.unwrap(), 1500, "carried over");
    let kept = store.season(G, 1).await.unwrap().unwrap();
    assert_eq!(kept.board, end.ended.board);
    assert!(store.season(G, 2).await.unwrap().unwrap().ended_at.is_none());
    assert!(store.season(G, 3).await.unwrap().is_none());

    let mut s = store.guild_settings(G).await.unwrap();
    s.economy.season_reset = true;
    s.economy.season_days = 1;
    store.set_guild_settings(G, &s).await.unwrap();
    let now = teenpatti::clock::now_unix();
    assert!(store.seasons_due(now).await.unwrap().is_empty(), "season 2 just began");
    assert_eq!(store.seasons_due(now + 86_400).await.unwrap(), vec![(G, 2)]);
    let end = store.new_season(G, Some(2), None).await.unwrap().unwrap();
    assert_eq!((end.number, end.reset_to, end.resets), (3, Some(1000), 1));
    assert_eq!(store.balances(G, &[ALICE, BOB]).await.unwrap(), vec![1000, 1000]);
    assert_eq!(store.balance(G, UserId::HOUSE).await.unwrap(), house, "the house is not reset");
    let row = &store.ledger(G, ALICE, 1).await.unwrap()[0];
    assert_eq!((row.delta, row.reason, row.note.as_deref()), (-500, Reason::SeasonReset, Some("season 3")));
    // A second tick for season 2 (another process) finds it over and does nothing.
    assert_eq!(store.new_season(G, Some(2), None).await.unwrap(), None);
    assert_eq!(store.current_season(G).await.unwrap().0, 3);
    // Another server's seasons are its own.
    assert_eq!(store.current_season(G2).await.unwrap().0, 1);
    assert_books(&store).await;
}

/// Tournaments (issue 18): buy-ins into the pool (`buy_in` rows), registration's refusals, tournament chips in
/// the purse, the prizes paid by the split once (`prize` rows), a cancellation refunding every buy-in (`refund`
/// rows), a tournament's channel closed to other tables, and the stats.
async fn tournaments_escrow_buy_ins_and_pay_the_pool(store: Store) {
    use teenpatti::engine::tournament::{Every, Plan};
    use teenpatti::ids::{ChannelId, GuildId};
    use teenpatti::store::{NewTable, NewTournament, OpenRefusal, Registration, TournamentStatus};
    let carol = UserId(300_000_000_000_000_003);
    let channel = ChannelId(77);
    let plan = Plan::new("10,20", Every::Hands(2), None, 2).unwrap();
    let new = |seats: u32, buy_in: i64| NewTournament {
        guild: G,
        channel,
        opener: ADMIN,
        buy_in,
        seats,
        stack: 500,
        turn_seconds: 60,
        plan: plan.clone(),
    };
    let t = store.open_tournament(new(2, 100)).await.unwrap().unwrap();
    assert_eq!(store.open_tournament(new(2, 100)).await.unwrap(), Err(OpenRefusal::TournamentHere));
    let cash = NewTable { guild: G, channel, opener: BOB, rules: Rules::default(), max_players: 6, turn_seconds: 60 };
    assert!(
        matches!(store.open_table(cash.clone()).await, Err(StoreError::TournamentHere { tournament, .. }) if tournament == t.id)
    );
    // carol cannot pay: 1000 - 950.
    store.admin_grant(G, carol, -950, ADMIN, "poor").await.unwrap();
    assert_eq!(store.register(t.id, carol).await.unwrap(), Registration::Funds { have: 50 });
    assert_eq!(store.register(t.id, ALICE).await.unwrap(), Registration::Registered { count: 1, full: false });
    assert_eq!(store.register(t.id, ALICE).await.unwrap(), Registration::Already);
    assert_eq!(store.register(t.id, BOB).await.unwrap(), Registration::Registered { count: 2, full: true });
    assert_eq!(store.register(t.id, carol).await.unwrap(), Registration::Full);
    assert_eq!(store.balance(G, UserId::pool(t.id)).await.unwrap(), 200);
    let row = &store.ledger(G, ALICE, 1).await.unwrap()[0];
    assert_eq!((row.delta, row.reason), (-100, Reason::BuyIn));
    assert_eq!(store.full_tournaments().await.unwrap().len(), 1, "full but not begun");

    let table = store.open_table_for(cash, Some(t.id)).await.unwrap();
    assert_eq!(table.wallet_guild(), GuildId::purse(t.id));
    assert_eq!(store.begin_tournament(t.id, table.id).await.unwrap(), vec![ALICE, BOB]);
    assert_eq!(store.begin_tournament(t.id, table.id).await.unwrap(), vec![ALICE, BOB], "a second begin deals nothing");
    assert_eq!(store.balances(GuildId::purse(t.id), &[ALICE, BOB]).await.unwrap(), vec![500, 500]);
    assert!(store.full_tournaments().await.unwrap().is_empty());
    assert_eq!(store.register(t.id, carol).await.unwrap(), Registration::Closed);
    assert!(!store.unregister(t.id, ALICE).await.unwrap(), "no unregistering once begun");
    store.knock_out(t.id, vec![(BOB, 2)]).await.unwrap();
    let results = store.finish_tournament(t.id, ALICE).await.unwrap();
    let places: Vec<(UserId, Option<i64>, i64)> = results.iter().map(|e| (e.user, e.place, e.prize)).collect();
    assert_eq!(places, vec![(ALICE, Some(1), 200), (BOB, Some(2), 0)], "two seats: the winner takes all");
    store.finish_tournament(t.id, ALICE).await.unwrap();
    assert_eq!(store.balances(G, &[ALICE, BOB]).await.unwrap(), vec![1100, 900], "paid once");
    assert_eq!(store.balance(G, UserId::pool(t.id)).await.unwrap(), 0);
    assert_eq!(store.tournament(t.id).await.unwrap().unwrap().status, TournamentStatus::Finished);
    let stats = store.tournament_stats(G, ALICE).await.unwrap();
    assert_eq!((stats.played, stats.won, stats.prizes), (1, 1, 200));
    assert!(store.cancel_tournament(t.id).await.unwrap().is_empty(), "a finished one cannot be cancelled");
    store.close_table(table.id).await.unwrap();

    // Cancelled while registering: every buy-in back.
    let t2 = store.open_tournament(new(3, 250)).await.unwrap().unwrap();
    store.register(t2.id, ALICE).await.unwrap();
    store.register(t2.id, BOB).await.unwrap();
    assert_eq!(store.cancel_tournament(t2.id).await.unwrap(), vec![ALICE, BOB]);
    assert_eq!(store.balances(G, &[ALICE, BOB]).await.unwrap(), vec![1100, 900]);
    assert_eq!(store.balance(G, UserId::pool(t2.id)).await.unwrap(), 0);
    let row = &store.ledger(G, BOB, 1).await.unwrap()[0];
    assert_eq!((row.delta, row.reason), (250, Reason::Refund));
    assert!(store.tournament_in_channel(channel).await.unwrap().is_none());
    assert_books(&store).await;
}

/// Under a steady stream of commits the background checkpoints never catch up with the last commit, so SQLite
/// would never start the WAL over; the writer lets it, between two batches, once it is past its size.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_wal_starts_over_under_a_steady_stream_of_writes() {
    let db = temp_db("wal.db");
    let opts = OpenOptions { wal_restart_frames: 32, ..OpenOptions::default() };
    let store = Store::open_with(&db.url, opts).await.unwrap();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(3);
    let writers: Vec<_> = (1..=16u64)
        .map(|u| {
            let store = store.clone();
            tokio::spawn(async move {
                while tokio::time::Instant::now() < deadline && store.write_stats().wal_restarts < 2 {
                    store.admin_grant(G, UserId(u), 1, ADMIN, "a steady stream").await.unwrap();
                }
            })
        })
        .collect();
    for w in writers {
        w.await.unwrap();
    }
    let stats = store.write_stats();
    assert!(stats.wal_restarts >= 2, "the WAL never started over: {stats:?}");
    assert_books(&store).await;
}

on_both_backends!(
    guilds_are_independent_and_settings_apply,
    daily_honours_the_cooldown,
    concurrent_daily_claims_pay_once,
    admin_grants_never_go_below_zero,
    the_schema_refuses_a_negative_balance,
    the_audit_sees_a_tampered_balance,
    the_house_stakes_computer_players_within_its_bankroll,
    the_ledger_pages_back_from_the_balance,
    gifts_are_ledgered_capped_and_charged,
    seasons_keep_their_board_and_reset_or_carry,
    tournaments_escrow_buy_ins_and_pay_the_pool
);
