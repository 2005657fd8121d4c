//! A database written by an older binary is brought up to date with nothing lost.

mod fixtures;

use std::str::FromStr;

use fixtures::{assert_books, temp_db, G};
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};
use teenpatti::ids::UserId;
use teenpatti::store::{Reason, Store};

/// Schema v1 had a per-user index of every ledger row; v2 finds a user's bets through the hands they sat in
/// (`hand_players`, filled from the hands already played). A user's history, stats and ledger read the same.
#[tokio::test]
async fn a_v1_database_keeps_its_history_stats_and_ledger() {
    let db = temp_db("v1.db");
    // Schema v1 alone, as the first release created it.
    let v1 = tempfile::tempdir().unwrap();
    let init = "20240101000001_init.sql";
    std::fs::copy(format!("{}/migrations/sqlite/{init}", env!("CARGO_MANIFEST_DIR")), v1.path().join(init)).unwrap();
    let options = SqliteConnectOptions::from_str(&db.url).unwrap().create_if_missing(true);
    let pool = SqlitePool::connect_with(options).await.unwrap();
    Migrator::new(v1.path()).await.unwrap().run(&pool).await.unwrap();
    // One finished hand: users 1 and 2 each put in 10, user 1 won the pot of 20.
    let g = G.0 as i64;
    for sql in [
        "INSERT INTO game_tables (id, guild_id, channel_id, opener_id, rules, max_players, turn_seconds, status, \
         created_at) VALUES (1, ?1, 10, 1, '{}', 6, 60, 'closed', 0)",
        "INSERT INTO wallets (guild_id, user_id, balance, created_at) VALUES (?1, 1, 1010, 0), (?1, 2, 990, 0)",
        "INSERT INTO hands (id, table_id, guild_id, channel_id, rules, seats, setup, status, pot, winners, ended_by, \
         started_at, finished_at) VALUES (1, 1, ?1, 10, '{}', '[1,2]', '{}', 'finished', 20, '[1]', 'show', 0, 1)",
        "INSERT INTO ledger (guild_id, user_id, delta, reason, hand_id, created_at) VALUES \
         (?1, 1, 1000, 'starting_grant', NULL, 0), (?1, 2, 1000, 'starting_grant', NULL, 0), \
         (?1, 1, -10, 'bet', 1, 0), (?1, 2, -10, 'bet', 1, 0), (?1, 1, 20, 'pot_won', 1, 1)",
    ] {
        sqlx::query(sql).bind(g).execute(&pool).await.unwrap();
    }
    pool.close().await;

    let store = Store::open(&db.url).await.unwrap();
    for user in [UserId(1), UserId(2)] {
        let hands = store.recent_hands(G, None, Some(user), 10).await.unwrap();
        assert_eq!(hands.iter().map(|h| h.id.get()).collect::<Vec<_>>(), vec![1], "user {user}'s history");
        let bets: Vec<i64> = store
            .ledger(G, user, 10)
            .await
            .unwrap()
            .iter()
            .filter(|r| r.reason == Reason::Bet)
            .map(|r| r.delta)
            .collect();
        assert_eq!(bets, vec![-10], "user {user}'s bet in the ledger");
    }
    let stats = store.stats(G, UserId(1)).await.unwrap();
    assert_eq!((stats.hands_played, stats.hands_won, stats.biggest_pot, stats.net), (1, 1, 20, 10));
    let stats = store.stats(G, UserId(2)).await.unwrap();
    assert_eq!((stats.hands_played, stats.hands_won, stats.biggest_pot, stats.net), (1, 0, 0, -10));
    let reasons: Vec<Reason> = store.ledger(G, UserId(1), 10).await.unwrap().iter().map(|r| r.reason).collect();
    assert_eq!(reasons, vec![Reason::PotWon, Reason::Bet, Reason::StartingGrant], "newest first");
    assert_books(&store).await;
}

/// Earlier builds let `/config set joker 7` store a joker rank that play never read; tables now refuse the
/// option, so a stored one is dropped when the settings are read instead of breaking every `/table open`.
#[tokio::test]
async fn a_stored_joker_rank_from_an_earlier_build_is_dropped() {
    let db = temp_db("joker.db");
    let store = Store::open(&db.url).await.unwrap();
    let mut settings = store.guild_settings(G).await.unwrap();
    settings.default_rules.langdi = true;
    store.set_guild_settings(G, &settings).await.unwrap();
    let rules = r#"{"variant":"classic","boot":10,"langdi":true,"joker":"7"}"#;
    sqlx::query("UPDATE guild_settings SET default_rules = json_patch(default_rules, ?) WHERE guild_id = ?")
        .bind(rules)
        .bind(G.0 as i64)
        .execute(store.sqlite_pool().unwrap())
        .await
        .unwrap();
    let stored: String = sqlx::query_scalar("SELECT default_rules FROM guild_settings")
        .fetch_one(store.sqlite_pool().unwrap())
        .await
        .unwrap();
    assert!(stored.contains(r#""joker":"7""#), "the old value is stored: {stored}");
    let read = store.guild_settings(G).await.unwrap();
    assert_eq!(read.default_rules.joker, teenpatti::engine::rules::Turned::Off);
    assert!(read.default_rules.langdi, "the other options are kept");
    read.default_rules.validate().unwrap();
}
