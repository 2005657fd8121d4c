//! The ready-made `sqlite3` queries of the README's "Operating the bot" section run, as printed, against a
//! database the real table service wrote (`teenpatti-bot simulate`), and say what the README says they say.

use std::process::Command;

use sqlx::sqlite::SqlitePoolOptions;
use sqlx::{Row, SqlitePool};

/// The ```sql blocks of the README's "Operating the bot" section, in order.
fn operating_queries() -> Vec<String> {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let start = readme.find("\n## Operating the bot").expect("README has an \"Operating the bot\" section");
    let section = &readme[start + 1..];
    let section = &section[..section[3..].find("\n## ").map_or(section.len(), |end| end + 3)];
    let mut queries = Vec::new();
    let mut rest = section;
    while let Some(open) = rest.find("```sql\n") {
        let body = &rest[open + 7..];
        let close = body.find("```").expect("an sql block is closed");
        queries.push(body[..close].to_string());
        rest = &body[close..];
    }
    queries
}

/// Runs `sql` with `:guild`, `:user` and `:hand` bound: sqlx takes numbered parameters only, so each name
/// becomes `?N`, numbered by first appearance, as SQLite itself numbers named ones.
async fn run(pool: &SqlitePool, sql: &str, guild: i64, user: i64, hand: i64) -> Vec<sqlx::sqlite::SqliteRow> {
    let mut names: Vec<(usize, &str, i64)> = [(":guild", guild), (":user", user), (":hand", hand)]
        .into_iter()
        .filter_map(|(n, v)| sql.find(n).map(|at| (at, n, v)))
        .collect();
    names.sort();
    let mut numbered = sql.to_string();
    for (i, (_, name, _)) in names.iter().enumerate() {
        numbered = numbered.replace(name, &format!("?{}", i + 1));
    }
    let mut query = sqlx::query(&numbered);
    for (_, _, value) in names {
        query = query.bind(value);
    }
    query.fetch_all(pool).await.unwrap_or_else(|e| panic!("README query failed: {e}\n{sql}"))
}

#[tokio::test]
async fn the_operating_sections_queries_run_and_say_what_they_promise() {
    let queries = operating_queries();
    assert_eq!(queries.len(), 5, "the test knows five queries; update it with the README");

    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("readme.db");
    let out = Command::new(env!("CARGO_BIN_EXE_teenpatti-bot"))
        .args(["simulate", "--tables", "2", "--players", "4", "--hands", "3", "--seed", "11", "--database-url"])
        .arg(format!("sqlite://{}", db.display()))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(out.status.success(), "simulate failed: {}", String::from_utf8_lossy(&out.stderr));

    let pool = SqlitePoolOptions::new().connect(&format!("sqlite://{}?mode=ro", db.display())).await.unwrap();
    let (guild, user, balance): (i64, i64, i64) =
        sqlx::query_as("SELECT guild_id, user_id, balance FROM wallets ORDER BY balance DESC LIMIT 1")
            .fetch_one(&pool)
            .await
            .unwrap();
    let (hand, actions): (i64, i64) =
        sqlx::query_as("SELECT hand_id, count(*) FROM hand_actions GROUP BY hand_id ORDER BY count(*) DESC LIMIT 1")
            .fetch_one(&pool)
            .await
            .unwrap();

    // A player's last movements, newest first: the newest row's balance_after is the wallet's balance.
    let rows = run(&pool, &queries[0], guild, user, hand).await;
    assert!(!rows.is_empty() && rows.len() <= 20);
    assert_eq!(rows[0].get::<i64, _>("balance_after"), balance);
    assert!(rows[0].get::<String, _>("at").starts_with("20"), "a readable time");

    // The richest players: the first is the one we picked.
    let rows = run(&pool, &queries[1], guild, user, hand).await;
    assert_eq!((rows[0].get::<i64, _>("user_id"), rows[0].get::<i64, _>("balance")), (user, balance));

    // One hand's actions, in order, each with a user who sat in that hand.
    let rows = run(&pool, &queries[2], guild, user, hand).await;
    assert_eq!(rows.len() as i64, actions);
    let seats: String =
        sqlx::query_scalar("SELECT seats FROM hands WHERE id = ?").bind(hand).fetch_one(&pool).await.unwrap();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row.get::<i64, _>("seq"), i as i64);
        assert!(seats.contains(&row.get::<i64, _>("user_id").to_string()));
        assert!(!row.get::<String, _>("action").is_empty());
    }

    // simulate closes its tables and settles its hands: nothing is live.
    assert!(run(&pool, &queries[3], guild, user, hand).await.is_empty());

    // The books balance: no wallet differs from its ledger...
    assert!(run(&pool, &queries[4], guild, user, hand).await.is_empty());
    // ...and the query can see a difference when there is one.
    let broken = dir.path().join("broken.db");
    std::fs::copy(&db, &broken).unwrap();
    let rw = SqlitePoolOptions::new().connect(&format!("sqlite://{}", broken.display())).await.unwrap();
    sqlx::query("UPDATE wallets SET balance = balance + 1 WHERE guild_id = ? AND user_id = ?")
        .bind(guild)
        .bind(user)
        .execute(&rw)
        .await
        .unwrap();
    assert_eq!(run(&rw, &queries[4], guild, user, hand).await.len(), 1);
}
