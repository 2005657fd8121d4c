//! The two databases behind one small query API: SQLite (embedded, the default) and PostgreSQL (several
//! processes on one database).
//!
//! The store's methods are written once. A statement is built with [`sql`] and its values bound with
//! [`Sql::bind`]; it runs on a connection or a pool of either database ([`On`]), and rows decode into any type
//! that sqlx's `FromRow` can read from both (tuples, `#[derive(sqlx::FromRow)]` structs: see [`Fetch`]).
//! Placeholders are `$1`, `$2`… (both databases read them; SQLite binds `$N` to the N-th value). Where the SQL
//! itself differs (the hot path's bulk statements, casts of JSON) the caller picks the text by [`Backend`].
//!
//! What each database does of its own (SQLite's pragmas, integrity check and WAL checkpoints; PostgreSQL's
//! sequences) stays with the concrete sqlx types, in `open.rs`, `writer.rs` and `pg.rs`.

use std::borrow::Cow;

use sqlx::postgres::{PgArguments, PgConnection, PgPool, PgRow, Postgres};
use sqlx::sqlite::{Sqlite, SqliteArguments, SqliteConnection, SqlitePool, SqliteRow};
use sqlx::{Arguments, FromRow};

use crate::ids::{ChannelId, GuildId, HandId, MessageId, TableId, TournamentId, UserId};

/// Which database a store runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The name people know it by.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        }
    }
}

/// A connection the store owns (the writer's).
#[derive(Debug)]
pub(crate) enum Conn {
    Sqlite(SqliteConnection),
    Pg(PgConnection),
}

impl Conn {
    pub fn backend(&self) -> Backend {
        match self {
            Conn::Sqlite(_) => Backend::Sqlite,
            Conn::Pg(_) => Backend::Postgres,
        }
    }

    /// Closes the connection cleanly.
    pub async fn close(self) -> Result<(), sqlx::Error> {
        use sqlx::Connection;
        match self {
            Conn::Sqlite(c) => c.close().await,
            Conn::Pg(c) => c.close().await,
        }
    }
}

/// The readers' pool.
#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Pg(PgPool),
}

impl Pool {
    pub fn backend(&self) -> Backend {
        match self {
            Pool::Sqlite(_) => Backend::Sqlite,
            Pool::Pg(_) => Backend::Postgres,
        }
    }

    pub async fn close(&self) {
        match self {
            Pool::Sqlite(p) => p.close().await,
            Pool::Pg(p) => p.close().await,
        }
    }

    /// One connection of the pool, held until dropped (a read that needs one snapshot: see [`Held::begin`]).
    pub async fn acquire(&self) -> Result<Held, sqlx::Error> {
        Ok(match self {
            Pool::Sqlite(p) => Held::Sqlite(p.acquire().await?),
            Pool::Pg(p) => Held::Pg(p.acquire().await?),
        })
    }
}

/// A connection taken from the pool.
pub(crate) enum Held {
    Sqlite(sqlx::pool::PoolConnection<Sqlite>),
    Pg(sqlx::pool::PoolConnection<Postgres>),
}

impl Held {
    /// Starts a read-only transaction that sees one snapshot of the database for all its statements (SQLite's
    /// read transactions always do; PostgreSQL needs REPEATABLE READ for it). End it with `COMMIT`.
    pub async fn begin_snapshot(&mut self) -> Result<(), sqlx::Error> {
        let begin = match self {
            Held::Sqlite(_) => "BEGIN",
            Held::Pg(_) => "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
        };
        sql(begin).execute(&mut *self).await.map(|_| ())
    }

    /// Closes the connection now, rather than giving it back to the pool: a pool's own `close` may miss a
    /// connection that was on its way back to it as it started (sqlx 0.8), and leave it open.
    pub async fn close(self) -> Result<(), sqlx::Error> {
        match self {
            Held::Sqlite(c) => c.close().await,
            Held::Pg(c) => c.close().await,
        }
    }
}

/// Where a statement runs.
pub(crate) enum On<'a> {
    SqliteConn(&'a mut SqliteConnection),
    PgConn(&'a mut PgConnection),
    SqlitePool(&'a SqlitePool),
    PgPool(&'a PgPool),
}

impl<'a> From<&'a mut Conn> for On<'a> {
    fn from(c: &'a mut Conn) -> On<'a> {
        match c {
            Conn::Sqlite(c) => On::SqliteConn(c),
            Conn::Pg(c) => On::PgConn(c),
        }
    }
}

impl<'a> From<&'a Pool> for On<'a> {
    fn from(p: &'a Pool) -> On<'a> {
        match p {
            Pool::Sqlite(p) => On::SqlitePool(p),
            Pool::Pg(p) => On::PgPool(p),
        }
    }
}

impl<'a> From<&'a mut Held> for On<'a> {
    fn from(h: &'a mut Held) -> On<'a> {
        match h {
            Held::Sqlite(c) => On::SqliteConn(c),
            Held::Pg(c) => On::PgConn(c),
        }
    }
}

/// A value bound to a statement. Every type the store writes is one of these.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    Int(Option<i64>),
    Text(Option<String>),
    Bool(bool),
    /// A stored name (see [`stored_names`]).
    Name(&'static str),
    /// JSON text: a `TEXT` column on SQLite, `JSONB` on PostgreSQL.
    Json(String),
}

impl From<i64> for Arg {
    fn from(v: i64) -> Arg {
        Arg::Int(Some(v))
    }
}

impl From<Option<i64>> for Arg {
    fn from(v: Option<i64>) -> Arg {
        Arg::Int(v)
    }
}

impl From<bool> for Arg {
    fn from(v: bool) -> Arg {
        Arg::Bool(v)
    }
}

impl From<String> for Arg {
    fn from(v: String) -> Arg {
        Arg::Text(Some(v))
    }
}

impl From<&str> for Arg {
    fn from(v: &str) -> Arg {
        Arg::Text(Some(v.to_owned()))
    }
}

impl From<Option<String>> for Arg {
    fn from(v: Option<String>) -> Arg {
        Arg::Text(v)
    }
}

impl From<Option<&str>> for Arg {
    fn from(v: Option<&str>) -> Arg {
        Arg::Text(v.map(str::to_owned))
    }
}

/// Ids bind as the integer the database holds (a snowflake below 2^63, bit for bit).
macro_rules! id_args {
    ($($id:ty),*) => {$(
        impl From<$id> for Arg {
            fn from(v: $id) -> Arg {
                Arg::Int(Some(v.0 as i64))
            }
        }
        impl From<Option<$id>> for Arg {
            fn from(v: Option<$id>) -> Arg {
                Arg::Int(v.map(|v| v.0 as i64))
            }
        }
    )*};
}
id_args!(GuildId, UserId, ChannelId, MessageId, TableId, HandId, TournamentId);

/// A JSON value to bind (`TEXT` on SQLite, `JSONB` on PostgreSQL).
pub(crate) fn json_arg<T: serde::Serialize + ?Sized>(value: &T) -> Result<Arg, serde_json::Error> {
    serde_json::to_string(value).map(Arg::Json)
}

/// Rows that decode from both databases.
pub(crate) trait Fetch: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin {}
impl<T> Fetch for T where T: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin {}

/// Runs `$sql` where `$on` is: built with `$build` (`sqlx::query_with` or `sqlx::query_as_with`) on that
/// database's arguments, run with `$run`, its result mapped by `$then` (each database has its own result type: the
/// mapping is written out in each arm).
macro_rules! on_either {
    ($sql:expr, $on:expr, $build:path, $run:ident, |$done:ident| $then:expr) => {{
        let Sql { text, args } = $sql;
        Ok(match $on.into() {
            On::SqliteConn(c) => {
                let $done = $build(&text, lite(args)?).$run(c).await?;
                $then
            }
            On::SqlitePool(p) => {
                let $done = $build(&text, lite(args)?).$run(p).await?;
                $then
            }
            On::PgConn(c) => {
                let $done = $build(&text, pg(args)?).$run(c).await?;
                $then
            }
            On::PgPool(p) => {
                let $done = $build(&text, pg(args)?).$run(p).await?;
                $then
            }
        })
    }};
}

/// A statement and its values.
#[must_use]
pub(crate) struct Sql<'s> {
    text: Cow<'s, str>,
    args: Vec<Arg>,
}

/// A statement to bind values to and run.
pub(crate) fn sql<'s>(text: impl Into<Cow<'s, str>>) -> Sql<'s> {
    Sql { text: text.into(), args: Vec::new() }
}

impl<'s> Sql<'s> {
    pub fn bind(mut self, value: impl Into<Arg>) -> Self {
        self.args.push(value.into());
        self
    }

    /// Runs the statement; the number of rows it changed.
    pub async fn execute<'a>(self, on: impl Into<On<'a>>) -> Result<u64, sqlx::Error> {
        on_either!(self, on, sqlx::query_with, execute, |done| done.rows_affected())
    }

    /// Every row.
    pub async fn all<'a, T: Fetch>(self, on: impl Into<On<'a>>) -> Result<Vec<T>, sqlx::Error> {
        on_either!(self, on, sqlx::query_as_with, fetch_all, |rows| rows)
    }

    /// The first row, if any.
    pub async fn optional<'a, T: Fetch>(self, on: impl Into<On<'a>>) -> Result<Option<T>, sqlx::Error> {
        on_either!(self, on, sqlx::query_as_with, fetch_optional, |row| row)
    }

    /// The one row (an error if there is none).
    pub async fn one<'a, T: Fetch>(self, on: impl Into<On<'a>>) -> Result<T, sqlx::Error> {
        self.optional(on).await?.ok_or(sqlx::Error::RowNotFound)
    }

    /// The first column of the one row.
    pub async fn scalar<'a, T>(self, on: impl Into<On<'a>>) -> Result<T, sqlx::Error>
    where
        (T,): Fetch,
    {
        Ok(self.one::<(T,)>(on).await?.0)
    }

    /// The first column of the first row, if there is a row.
    pub async fn scalar_optional<'a, T>(self, on: impl Into<On<'a>>) -> Result<Option<T>, sqlx::Error>
    where
        (T,): Fetch,
    {
        Ok(self.optional::<(T,)>(on).await?.map(|(v,)| v))
    }
}

fn lite<'q>(args: Vec<Arg>) -> Result<SqliteArguments<'q>, sqlx::Error> {
    let mut out = SqliteArguments::default();
    for arg in args {
        match arg {
            Arg::Int(v) => out.add(v),
            Arg::Text(v) => out.add(v),
            Arg::Bool(v) => out.add(v),
            Arg::Name(v) => out.add(v),
            Arg::Json(v) => out.add(v),
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(out)
}

fn pg(args: Vec<Arg>) -> Result<PgArguments, sqlx::Error> {
    let mut out = PgArguments::default();
    for arg in args {
        match arg {
            Arg::Int(v) => out.add(v),
            Arg::Text(v) => out.add(v),
            Arg::Bool(v) => out.add(v),
            Arg::Name(v) => out.add(v),
            Arg::Json(v) => {
                let value: serde_json::Value = serde_json::from_str(&v).map_err(|e| sqlx::Error::Encode(e.into()))?;
                out.add(sqlx::types::Json(value))
            }
        }
        .map_err(sqlx::Error::Encode)?;
    }
    Ok(out)
}

/// A Rust enum stored as its snake_case name in a `TEXT` column, on either database: its `as_str`, its sqlx
/// `Type`/`Decode` (a name this binary does not know is a decode error, which the store reports as
/// [`super::StoreError::Corrupt`]) and its [`Arg`].
macro_rules! stored_names {
    ($(#[$m:meta])* $vis:vis enum $name:ident { $($(#[$vm:meta])* $variant:ident => $text:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $($(#[$vm])* $variant),*
        }

        impl $name {
            /// The stored name.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),*
                }
            }

            /// The value of a stored name.
            pub fn from_stored(name: &str) -> Option<$name> {
                match name {
                    $($text => Some($name::$variant),)*
                    _ => None,
                }
            }
        }

        impl<DB: sqlx::Database> sqlx::Type<DB> for $name
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }
            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $name
        where
            &'q str: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <&str as sqlx::Encode<'q, DB>>::encode(self.as_str(), buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $name
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                let name = <&str as sqlx::Decode<DB>>::decode(value)?;
                $name::from_stored(name)
                    .ok_or_else(|| format!("{name:?} is not a known {}", stringify!($name)).into())
            }
        }

        impl From<$name> for $crate::store::db::Arg {
            fn from(v: $name) -> $crate::store::db::Arg {
                $crate::store::db::Arg::Name(v.as_str())
            }
        }
    };
}
pub(crate) use stored_names;
