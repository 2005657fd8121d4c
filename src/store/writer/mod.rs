//! The one writer, with group commit.
//!
//! A single task owns the write connection. Every write of the store is a
//! job sent to it; the task takes whatever is queued (up to [`MAX_BATCH`])
//! and runs it in one transaction with one fsync, then answers each job.
//! A job's caller hears back only after the commit, so "persisted before
//! anyone is told" holds for every job in the batch.
//!
//! Two kinds of job. Hand starts and actions (the hot path, `actions.rs`)
//! are written all together with six multi-row statements, whatever their
//! number; if some of them cannot be (a wallet emptied by another table, a
//! repeated click), they are rolled back to a savepoint, the ones that failed
//! are set aside and the rest written together again; those set aside go one
//! at a time, each in its own savepoint, so that exactly the failing ones are
//! refused. Every other write is a closure, run in its own savepoint when the
//! batch holds more than one job (unless it is one statement): a job that
//! fails is rolled back alone and the others commit. On PostgreSQL an error aborts the whole transaction
//! unless it happened inside a savepoint, so the same design serves both.
//! If the transaction itself fails (the commit, or an error that SQLite
//! answers by rolling everything back, such as a full disk), every job of
//! the batch gets that error and none of them happened.
//!
//! On PostgreSQL, once a fence is set (`leases.rs`), each batch's transaction
//! starts by checking that this process still holds its shards' leases, in
//! [`commit`]; a batch that finds them taken over is refused whole.
//!
//! Because only this task writes, no write waits on SQLite's lock, and no
//! `SQLITE_BUSY` can reach a player. Readers use the pool beside it (WAL).

use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use sqlx::SqlitePool;
use tokio::sync::{mpsc, oneshot, watch};
use tracing::Level;

use super::actions::{self, ActionWrite, HandIds, Mode, Refused, StartWrite};
use super::db::{sql, Backend, Conn, Pool};
use super::leases::{check_fence, Fence};
use super::{Recorded, StoreError};
use crate::ids::HandId;
use crate::logs::Repeated;

mod bulk;
mod checkpoints;

use bulk::record_hands;
use checkpoints::{checkpoint, checkpoint_failures, checkpoint_kind, checkpoints, Checkpoint};

/// The most jobs one transaction takes. Larger batches amortize the fsync
/// further but make the first job of the batch wait longer.
pub(crate) const MAX_BATCH: usize = 512;

/// Jobs queued before `write` waits for room (back-pressure).
const QUEUE: usize = 4096;

/// How often the WAL is checkpointed into the database file, off the commit
/// path: the write connection never checkpoints (its `wal_autocheckpoint` is
/// 0), so a commit never waits for one.
const CHECKPOINT_EVERY: Duration = Duration::from_millis(20);

/// WAL frames (pages) past which the writer lets the WAL start over (the
/// default of `OpenOptions::wal_restart_frames`).
///
/// Under a steady stream of commits the background checkpoints never catch
/// up with the last commit, and SQLite only starts the WAL over when every
/// frame has been copied into the database: the WAL would grow without end
/// (1.7 GB in 20 s at 256 tables), and every page lookup with it. So, once
/// the WAL is past this size and at most once a second, the writer runs one
/// PASSIVE checkpoint itself between two batches: the background ones have
/// copied nearly everything, so it copies what the last commits wrote and
/// syncs the database file, and the next transaction starts the WAL over.
pub(crate) const RESTART_FRAMES: i64 = 16_384;

/// At most one checkpoint on the commit path per this long.
const RESTART_EVERY: Duration = Duration::from_millis(500);

/// Injected write failures, for the seeded simulation and the soak (`OpenOptions::faults`; hidden). Asked once
/// per batch, at the commit point: when it answers true, the batch is rolled back and every write in it fails
/// with an I/O error, as a commit that hit a failing disk would. Unset (the bot), it costs one check per batch.
#[derive(Clone)]
pub struct FaultPlan(Arc<dyn Fn() -> bool + Send + Sync>);

impl FaultPlan {
    /// `fail_batch` is called once per batch (on the writer's thread), in commit order.
    pub fn new(fail_batch: impl Fn() -> bool + Send + Sync + 'static) -> FaultPlan {
        FaultPlan(Arc::new(fail_batch))
    }

    /// The error of a batch failed on purpose.
    fn error() -> StoreError {
        let io = std::io::Error::other("injected I/O fault (the store's fault plan)");
        StoreError::db("committing a batch of writes", sqlx::Error::Io(io))
    }
}

impl std::fmt::Debug for FaultPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FaultPlan")
    }
}

/// One write, as the store's methods express it: a function of the write
/// connection (inside the batch's transaction or a savepoint of it).
type WriteFn<T> = Box<dyn for<'c> FnOnce(&'c mut Conn) -> BoxFuture<'c, Result<T, StoreError>> + Send>;

/// A queued job, its result kept until the batch commits.
trait Job: Send {
    /// The write is one statement: it needs no savepoint of its own (a
    /// failed statement is undone alone, unless the error may have ended the
    /// whole transaction).
    fn single(&self) -> bool;
    /// Runs the write; the result is kept for [`Job::finish`].
    fn run<'c>(&'c mut self, conn: &'c mut Conn) -> BoxFuture<'c, ()>;
    /// Whether the write failed (its savepoint must be rolled back).
    fn failed(&self) -> bool;
    /// The write's error, again (for the rest of a batch it brought down).
    fn error(&self) -> Option<StoreError>;
    /// Answers the caller: its own result if the batch committed, else the batch's error.
    fn finish(self: Box<Self>, batch: Result<(), &StoreError>);
}

struct Pending<T> {
    single: bool,
    write: Option<WriteFn<T>>,
    result: Option<Result<T, StoreError>>,
    reply: oneshot::Sender<Result<T, StoreError>>,
}

impl<T: Send + 'static> Job for Pending<T> {
    fn single(&self) -> bool {
        self.single
    }

    fn run<'c>(&'c mut self, conn: &'c mut Conn) -> BoxFuture<'c, ()> {
        Box::pin(async move {
            if let Some(write) = self.write.take() {
                self.result = Some(write(conn).await);
            }
        })
    }

    fn failed(&self) -> bool {
        !matches!(self.result, Some(Ok(_)))
    }

    fn error(&self) -> Option<StoreError> {
        match &self.result {
            Some(Err(e)) => Some(e.again()),
            _ => None,
        }
    }

    fn finish(self: Box<Self>, batch: Result<(), &StoreError>) {
        answer(self.reply, self.result, batch);
    }
}

/// Answers a caller: its own result if the batch committed, else the batch's error.
fn answer<T>(
    reply: oneshot::Sender<Result<T, StoreError>>,
    result: Option<Result<T, StoreError>>,
    batch: Result<(), &StoreError>,
) {
    let result = match (batch, result) {
        (Ok(()), Some(result)) => result,
        (Err(e), _) => Err(e.again()),
        (Ok(()), None) => Err(StoreError::WriterStopped),
    };
    // The caller may have gone away; the write stands (or not) all the same.
    let _ = reply.send(result);
}

/// See [`Writer::hold`].
#[derive(Debug)]
pub struct WriteHold {
    release: oneshot::Sender<()>,
    done: tokio::task::JoinHandle<()>,
}

impl WriteHold {
    /// Lets the writer go on, and waits until the held batch is committed.
    pub async fn release(self) {
        let _ = self.release.send(());
        let _ = self.done.await;
    }
}

/// A queued hand start or action (see `actions.rs`).
struct Queued<W, T> {
    write: W,
    result: Option<Result<T, StoreError>>,
    reply: oneshot::Sender<Result<T, StoreError>>,
}

type StartJob = Queued<StartWrite, HandId>;
type ActionJob = Queued<ActionWrite, Recorded>;

impl<W, T> Queued<W, T> {
    fn finish(self, batch: Result<(), &StoreError>) {
        answer(self.reply, self.result, batch);
    }
}

/// The handle on the writer task; cheap to clone.
#[derive(Clone, Debug)]
pub(crate) struct Writer {
    tx: mpsc::Sender<Msg>,
    counts: Arc<Counts>,
    /// The shard leases every batch checks, and whether one was refused.
    fencing: Arc<Fencing>,
}

/// The fence the writer checks, and whether it has refused a batch.
#[derive(Debug)]
struct Fencing {
    /// This process's shard leases, checked at the start of every batch once set (see `leases.rs`).
    fence: std::sync::Mutex<Option<Arc<Fence>>>,
    /// Why this process must stop writing, once it must: a batch was refused by the fence, or a table found
    /// its hand changed by another process ([`Writer::taken_over`]). `ownership::keep` and the tools wait on it.
    refused: watch::Sender<Option<String>>,
}

impl Fencing {
    fn current(&self) -> Option<Arc<Fence>> {
        self.fence.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }
}

/// What the writer has done so far.
#[derive(Debug, Default)]
struct Counts {
    batches: AtomicU64,
    writes: AtomicU64,
    retried: AtomicU64,
    /// Frames in the WAL, as the last background checkpoint saw them.
    wal_frames: AtomicI64,
    /// Checkpoints the writer ran itself to let the WAL start over.
    restarts: AtomicU64,
}

/// Transactions the writer committed (or tried to), and the writes in them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WriteStats {
    pub batches: u64,
    pub writes: u64,
    /// Batches whose hot path was refused (some writes set aside).
    pub retried: u64,
    /// Checkpoints the writer ran between batches to let the WAL start over.
    pub wal_restarts: u64,
}

enum Msg {
    Job(Box<dyn Job>),
    Start(Box<StartJob>),
    Action(Box<ActionJob>),
    /// Commit what came before, close the connection, then answer.
    Close(oneshot::Sender<()>),
}

impl Msg {
    /// Answers a job the writer will not run (it was queued after a close),
    /// or a close once the writer has stopped.
    fn refuse(self) {
        let stopped = Err(&StoreError::WriterStopped);
        match self {
            Msg::Job(job) => job.finish(stopped),
            Msg::Start(s) => s.finish(stopped),
            Msg::Action(a) => a.finish(stopped),
            Msg::Close(done) => {
                let _ = done.send(());
            }
        }
    }
}

impl std::fmt::Debug for Msg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Msg::Job(_) => "Job",
            Msg::Start(_) => "Start",
            Msg::Action(_) => "Action",
            Msg::Close(_) => "Close",
        })
    }
}

impl Writer {
    /// Starts the writer task on `conn`, which it owns from now on, and the
    /// checkpoints (through a connection of `readers`).
    pub fn start(
        conn: Conn,
        readers: Pool,
        restart_frames: i64,
        faults: Option<FaultPlan>,
    ) -> Result<Writer, StoreError> {
        let (tx, rx) = mpsc::channel(QUEUE);
        let counts = Arc::new(Counts::default());
        // The writer runs on a thread of its own: each of its statements is a
        // round trip to SQLite's worker thread, and on the shared runtime each
        // return would wait its turn behind every table's task.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| StoreError::Invalid(format!("cannot start the writer's runtime: {e}")))?;
        let job_counts = counts.clone();
        let fencing = Arc::new(Fencing { fence: std::sync::Mutex::new(None), refused: watch::Sender::new(None) });
        let job_fencing = fencing.clone();
        let span = tracing::Span::current();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || {
                let _span = span.enter();
                runtime.block_on(run(conn, rx, job_counts, job_fencing, restart_frames, faults));
            })
            .map_err(|e| StoreError::Invalid(format!("cannot start the writer's thread: {e}")))?;
        if let Pool::Sqlite(readers) = readers {
            tokio::spawn(checkpoints(readers, counts.clone()));
        }
        Ok(Writer { tx, counts, fencing })
    }

    /// Returns once this process must stop writing (see [`Fencing::refused`]), with why.
    pub async fn fenced(&self) -> String {
        let mut seen = self.fencing.refused.subscribe();
        // An error here means the sender is gone, which cannot happen while `self` holds it.
        let why = seen.wait_for(Option::is_some).await.map(|why| why.clone().unwrap_or_default());
        match why {
            Ok(why) => why,
            Err(_) => std::future::pending().await,
        }
    }

    /// Another process has written this database's hands (a hand this process plays was ended, or had actions
    /// added, by someone else): this process must stop, as when it is fenced. The first reason given is kept.
    pub fn taken_over(&self, why: String) {
        self.fencing.refused.send_if_modified(|held| {
            if held.is_some() {
                return false;
            }
            *held = Some(why);
            true
        });
    }

    /// Every batch from now on first checks `fence` (see `leases.rs`).
    pub fn set_fence(&self, fence: Fence) {
        *self.fencing.fence.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(Arc::new(fence));
    }

    pub fn stats(&self) -> WriteStats {
        WriteStats {
            batches: self.counts.batches.load(Ordering::Relaxed),
            writes: self.counts.writes.load(Ordering::Relaxed),
            retried: self.counts.retried.load(Ordering::Relaxed),
            wal_restarts: self.counts.restarts.load(Ordering::Relaxed),
        }
    }

    /// Stops the writer once everything queued so far is committed, and closes its connection.
    pub async fn close(&self) {
        let (done, closed) = oneshot::channel();
        if self.tx.send(Msg::Close(done)).await.is_ok() {
            let _ = closed.await;
        }
    }

    /// Queues a write and waits until it is committed (or refused).
    pub async fn write<T, F>(&self, write: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn) -> BoxFuture<'c, Result<T, StoreError>> + Send + 'static,
    {
        self.queue(false, Box::new(write)).await
    }

    /// Like [`Writer::write`], for a write that runs exactly one statement
    /// (it is run without a savepoint).
    pub async fn write_one<T, F>(&self, write: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: for<'c> FnOnce(&'c mut Conn) -> BoxFuture<'c, Result<T, StoreError>> + Send + 'static,
    {
        self.queue(true, Box::new(write)).await
    }

    async fn queue<T: Send + 'static>(&self, single: bool, write: WriteFn<T>) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        let job: Box<dyn Job> = Box::new(Pending { single, write: Some(write), result: None, reply });
        self.tx.send(Msg::Job(job)).await.map_err(|_| StoreError::WriterStopped)?;
        answer.await.unwrap_or(Err(StoreError::WriterStopped))
    }

    /// Holds the writer until the returned hold is released: writes queued
    /// meanwhile are committed together, in one batch, once it is. For tests.
    pub async fn hold(&self) -> WriteHold {
        let (started, has_started) = oneshot::channel::<()>();
        let (release, released) = oneshot::channel::<()>();
        let writer = self.clone();
        let done = tokio::spawn(async move {
            let held = writer.write(move |_conn| {
                Box::pin(async move {
                    let _ = started.send(());
                    let _ = released.await;
                    Ok(())
                })
            });
            let _ = held.await;
        });
        let _ = has_started.await;
        WriteHold { release, done }
    }

    /// Writes queued and not yet taken by the writer.
    pub fn queued(&self) -> usize {
        self.tx.max_capacity() - self.tx.capacity()
    }

    /// Queues a hand start and waits until it is committed (or refused).
    pub async fn start_hand(&self, write: StartWrite) -> Result<HandId, StoreError> {
        self.enqueue(write, Msg::Start).await
    }

    /// Queues an action and waits until it is committed (or refused).
    pub async fn record(&self, write: ActionWrite) -> Result<Recorded, StoreError> {
        self.enqueue(write, Msg::Action).await
    }

    async fn enqueue<W, T>(&self, write: W, msg: fn(Box<Queued<W, T>>) -> Msg) -> Result<T, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.tx
            .send(msg(Box::new(Queued { write, result: None, reply })))
            .await
            .map_err(|_| StoreError::WriterStopped)?;
        answer.await.unwrap_or(Err(StoreError::WriterStopped))
    }
}

/// A batch: the closures, hand starts and actions taken from the queue together.
#[derive(Default)]
struct Batch {
    jobs: Vec<Box<dyn Job>>,
    starts: Vec<StartJob>,
    actions: Vec<ActionJob>,
}

impl Batch {
    fn len(&self) -> usize {
        self.jobs.len() + self.starts.len() + self.actions.len()
    }

    fn finish(&mut self, outcome: Result<(), &StoreError>) {
        for job in self.jobs.drain(..) {
            job.finish(outcome);
        }
        for s in self.starts.drain(..) {
            s.finish(outcome);
        }
        for a in self.actions.drain(..) {
            a.finish(outcome);
        }
    }
}

async fn run(
    mut conn: Conn,
    mut rx: mpsc::Receiver<Msg>,
    counts: Arc<Counts>,
    fencing: Arc<Fencing>,
    restart_frames: i64,
    faults: Option<FaultPlan>,
) {
    let mut queued: Vec<Msg> = Vec::with_capacity(MAX_BATCH);
    let mut batch = Batch::default();
    // Who asked the writer to close: answered once everything before is committed.
    let mut closers = Vec::new();
    let mut restarted = std::time::Instant::now();
    let mut hand_ids = HandIds::default();
    let (batch_failed, checkpoint_failed) = (batch_failures(), checkpoint_failures());
    while closers.is_empty() && rx.recv_many(&mut queued, MAX_BATCH).await > 0 {
        for msg in queued.drain(..) {
            match msg {
                Msg::Close(done) => closers.push(done),
                // Queued after a close: refused.
                late if !closers.is_empty() => late.refuse(),
                Msg::Job(job) => batch.jobs.push(job),
                Msg::Start(s) => batch.starts.push(*s),
                Msg::Action(a) => batch.actions.push(*a),
            }
        }
        if batch.len() == 0 {
            continue;
        }
        let held = fencing.current();
        crate::metrics::health::batch_begun();
        let began = std::time::Instant::now();
        let outcome = commit(&mut conn, &mut batch, &mut hand_ids, &counts, held.as_deref(), faults.as_ref()).await;
        crate::metrics::get().batch(batch.len(), began.elapsed(), outcome.as_ref().err().map(StoreError::kind));
        counts.batches.fetch_add(1, Ordering::Relaxed);
        counts.writes.fetch_add(batch.len() as u64, Ordering::Relaxed);
        if let Err(e) = &outcome {
            if matches!(e, StoreError::Fenced) {
                fencing.refused.send_if_modified(|held| {
                    let first = held.is_none();
                    held.get_or_insert_with(|| {
                        "a write was refused: another process has taken over this process's shards".into()
                    });
                    first
                });
            }
            hand_ids.forget();
            batch_failed.failed(e.kind(), e);
        } else {
            batch_failed.succeeded();
        }
        batch.finish(outcome.as_ref().map(|_| ()));
        // The WAL is SQLite's: PostgreSQL checkpoints by itself.
        let Conn::Sqlite(lite) = &mut conn else { continue };
        if counts.wal_frames.load(Ordering::Relaxed) > restart_frames && restarted.elapsed() >= RESTART_EVERY {
            match checkpoint(&mut *lite).await {
                Ok(Checkpoint { busy: false, frames, copied }) if copied == frames => {
                    restarted = std::time::Instant::now();
                    counts.wal_frames.store(0, Ordering::Relaxed);
                    counts.restarts.fetch_add(1, Ordering::Relaxed);
                }
                // A background checkpoint is running, or a reader holds old frames: after the next batch.
                Ok(_) => {}
                Err(e) => {
                    restarted = std::time::Instant::now();
                    checkpoint_failed.failed(checkpoint_kind(&e), &e);
                }
            }
        }
    }
    rx.close();
    while let Some(msg) = rx.recv().await {
        msg.refuse();
    }
    if let Err(e) = conn.close().await {
        tracing::warn!(error = %e, "closing the write connection");
    }
    for done in closers {
        let _ = done.send(());
    }
}

/// Failed write batches, logged once per kind of failure while they go on (a full disk refuses every batch until
/// space is freed; see `logs::Repeated`). One gate a writer.
fn batch_failures() -> Repeated {
    Repeated::new("a write batch failed; nothing in it was written", "write batches are committed", Level::ERROR)
}

/// Runs one batch in one transaction. A lone job needs no savepoint: if it
/// fails, the transaction is rolled back and the job answered with its error.
///
/// Transactions are plain SQL here, not sqlx's `Transaction`: SQLite rolls a
/// whole transaction back by itself on some errors (a full disk, an I/O
/// error), and the writer must then know that everything in the batch is
/// gone rather than believe it still has savepoints to roll back to.
async fn commit(
    conn: &mut Conn,
    batch: &mut Batch,
    hand_ids: &mut HandIds,
    counts: &Counts,
    fence: Option<&Fence>,
    faults: Option<&FaultPlan>,
) -> Result<(), StoreError> {
    let backend = conn.backend();
    begin(conn, fence).await?;
    if let ([job], [], []) = (batch.jobs.as_mut_slice(), batch.starts.as_slice(), batch.actions.as_slice()) {
        job.run(conn).await;
        if job.failed() {
            // Already rolled back if SQLite ended the transaction itself.
            let _ = exec(conn, "ROLLBACK").await;
            return Ok(());
        }
    } else {
        for job in batch.jobs.iter_mut() {
            // On PostgreSQL any failed statement ends the transaction unless a savepoint catches it.
            if job.single() && backend == Backend::Sqlite {
                job.run(conn).await;
                if let Some(e) = job.error().filter(StoreError::may_end_transaction) {
                    let _ = exec(conn, "ROLLBACK").await;
                    return Err(e);
                }
                continue;
            }
            savepoint(conn).await?;
            job.run(conn).await;
            if let Err(e) = release(conn, job.failed()).await {
                return Err(job.error().unwrap_or(e));
            }
        }
        if !(batch.starts.is_empty() && batch.actions.is_empty()) {
            // With no job before them, the hands' writes are all the transaction holds: their first attempt needs
            // no savepoint (two statements fewer on the hot path), as a refusal can begin the transaction again.
            let alone = batch.jobs.is_empty();
            record_hands(conn, hand_ids, &mut batch.starts, &mut batch.actions, counts, fence, alone).await?;
        }
    }
    if faults.is_some_and(|f| (f.0)()) {
        let _ = exec(conn, "ROLLBACK").await;
        return Err(FaultPlan::error());
    }
    if let Err(e) = exec(conn, "COMMIT").await {
        let _ = exec(conn, "ROLLBACK").await;
        return Err(ctx(e));
    }
    Ok(())
}

/// Begins a batch's transaction. SQLite: the write lock is taken now (the
/// writer is the file's only writer). PostgreSQL: rows are locked as
/// written, and this process must still run its shards: checked once per
/// transaction, before anything is written (see `leases.rs`); on SQLite the
/// file's lock is the fence (no other process can write), so it needs no
/// query.
async fn begin(conn: &mut Conn, fence: Option<&Fence>) -> Result<(), StoreError> {
    let backend = conn.backend();
    exec(conn, crate::store::sql::of(backend).begin_write).await.map_err(ctx)?;
    if let Some(fence) = fence.filter(|_| backend == Backend::Postgres) {
        if let Err(e) = check_fence(conn, fence).await {
            let _ = exec(conn, "ROLLBACK").await;
            return Err(e);
        }
    }
    Ok(())
}

fn ctx(e: sqlx::Error) -> StoreError {
    StoreError::db("committing a batch of writes", e)
}

async fn savepoint(conn: &mut Conn) -> Result<(), StoreError> {
    if let Err(e) = exec(conn, "SAVEPOINT job").await {
        let _ = exec(conn, "ROLLBACK").await;
        return Err(ctx(e));
    }
    Ok(())
}

/// Ends the savepoint: kept, or rolled back if its write failed. An error
/// means the transaction is gone (SQLite rolled it back on the write's
/// error): so is the whole batch.
async fn release(conn: &mut Conn, failed: bool) -> Result<(), StoreError> {
    let end = if failed { "ROLLBACK TO job" } else { "RELEASE job" };
    if let Err(e) = exec(conn, end).await {
        let _ = exec(conn, "ROLLBACK").await;
        return Err(ctx(e));
    }
    if failed {
        // ROLLBACK TO keeps the savepoint open.
        exec(conn, "RELEASE job").await.map_err(ctx)?;
    }
    Ok(())
}

async fn exec(conn: &mut Conn, text: &'static str) -> Result<(), sqlx::Error> {
    sql(text).execute(conn).await.map(|_| ())
}
