//! PostgreSQL: opening a store on a server (`DATABASE_URL=postgres://…`), for several processes on one
//! database. The start-up check matches SQLite's where it applies: a URL that parses, a server that answers, a
//! database that is ours (empty, or this bot's migrations), a committed write. Integrity and free space are the
//! server's business.

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgConnection, PgPool, PgPoolOptions};
use sqlx::{ConnectOptions, Connection};

use super::db::Pool;
use super::{migrate_error, open, refuse_foreign, OpenOptions, StoreError, PG_MIGRATOR};

/// How long opening waits for the server (each connection).
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

pub(crate) fn is_postgres_url(url: &str) -> bool {
    url.starts_with("postgres://") || url.starts_with("postgresql://")
}

/// How long a session may sit in an open transaction doing nothing before the server ends it. Every transaction
/// of the store runs its statements back to back, so only a frozen or cut-off process reaches it.
const IDLE_IN_TRANSACTION: &str = "10s";

/// Opens the readers' pool and the writer's connection, after the start-up check.
pub(crate) async fn open(url: &str, opts: &OpenOptions) -> Result<(PgPool, PgConnection), StoreError> {
    let shown = open::shown_url(url);
    let connect = connect_options(url)?;
    let cannot = |context: &str, e: sqlx::Error| unreachable(&shown, context, e);
    // The writer's connection first: one attempt, whose error says what is wrong (the pool would retry until
    // its timeout and say only that it timed out).
    let mut writer = tokio::time::timeout(CONNECT_TIMEOUT, connect.connect())
        .await
        .map_err(|_| cannot("connecting to the server", sqlx::Error::PoolTimedOut))?
        .map_err(|e| cannot("connecting to the server", e))?;
    let pool = PgPoolOptions::new()
        .max_connections(opts.max_connections.max(1))
        .acquire_timeout(CONNECT_TIMEOUT)
        .connect_with(connect.clone())
        .await
        .map_err(|e| cannot("connecting to the server", e))?;
    let tables = tables(&pool, &shown).await?;
    refuse_foreign(&Pool::Pg(pool.clone()), &PG_MIGRATOR, &shown, &tables, |e| cannot("reading the schema", e)).await?;
    // Several processes may start at once: sqlx takes an advisory lock around the migrations.
    PG_MIGRATOR.run(&pool).await.map_err(|e| migrate_error(&shown, e))?;
    write_probe(&mut writer).await?;
    tracing::info!(url = %shown, "database ready (PostgreSQL)");
    Ok((pool, writer))
}

/// The connection settings of every connection to `url`, the bot's and the operator's tools' alike.
pub(crate) fn connect_options(url: &str) -> Result<PgConnectOptions, StoreError> {
    let shown = open::shown_url(url);
    Ok(PgConnectOptions::from_str(url)
        .map_err(|e| StoreError::BadUrl { url: shown.clone(), why: format!("does not parse ({e})") })?
        .application_name("teenpatti-bot")
        // Statements are logged by the store's own spans; sqlx's per-statement INFO lines would flood the log.
        .disable_statement_logging()
        .options([
            // The server's notices ("relation … already exists, skipping" when two processes migrate at once) are
            // not the operator's business.
            ("client_min_messages", "warning"),
            // A process frozen in the middle of a transaction would hold its row locks, the lease rows' among
            // them, until it woke: the server ends such a session instead, so a replacement can take over.
            ("idle_in_transaction_session_timeout", IDLE_IN_TRANSACTION),
        ]))
}

/// A connection that failed (`shown`: the URL without its password), as the one line an operator reads.
pub(crate) fn unreachable(shown: &str, context: &str, e: sqlx::Error) -> StoreError {
    StoreError::Unreachable {
        url: shown.to_string(),
        detail: format!("{context}: {}", crate::echo::cut(&e.to_string(), 300)),
    }
}

/// The names of the database's tables in its current schema, sorted (what `refuse_foreign` reads).
pub(crate) async fn tables(pool: &PgPool, shown: &str) -> Result<Vec<String>, StoreError> {
    sqlx::query_scalar("SELECT tablename::text FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1")
        .fetch_all(pool)
        .await
        .map_err(|e| unreachable(shown, "reading the schema", e))
}

/// A committed write that changes nothing (the first migration's row written over with itself): the server
/// takes writes from this user on this database now.
pub(crate) async fn write_probe(conn: &mut PgConnection) -> Result<(), StoreError> {
    const CONTEXT: &str = "checking that the database can be written";
    let mut tx = conn.begin().await.map_err(|e| classify(CONTEXT, e))?;
    sqlx::query(
        "UPDATE _sqlx_migrations SET version = version WHERE version = (SELECT MIN(version) FROM _sqlx_migrations)",
    )
    .execute(&mut *tx)
    .await
    .map_err(|e| classify(CONTEXT, e))?;
    tx.commit().await.map_err(|e| classify(CONTEXT, e))
}

fn classify(context: &'static str, e: sqlx::Error) -> StoreError {
    match super::dialect::pg_code(&e).as_deref() {
        Some(super::dialect::PG_READ_ONLY) => {
            StoreError::ReadOnly { path: "the PostgreSQL database".into(), detail: e.to_string() }
        }
        _ => StoreError::db(context, e),
    }
}

/// Hand ids for `n` new hands, from the hands' sequence: several processes start hands at once.
pub(crate) async fn next_hand_ids(conn: &mut PgConnection, n: usize) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT nextval(pg_get_serial_sequence('hands', 'id')) FROM generate_series(1, $1)")
        .bind(n as i64)
        .fetch_all(conn)
        .await
}
