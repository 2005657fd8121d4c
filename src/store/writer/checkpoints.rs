//! The WAL's checkpoints: every [`CHECKPOINT_EVERY`] through a reader (PASSIVE: never blocking the writer),
//! only after a batch was committed since the last full copy; the WAL's size told to the writer.

use super::*;

/// Failed WAL checkpoints, likewise (one gate a writer, one for its background checkpoints).
pub(super) fn checkpoint_failures() -> Repeated {
    Repeated::new("checkpointing the WAL failed", "the WAL is checkpointed", Level::WARN)
}

/// The kind of a checkpoint's failure, for [`CHECKPOINT_FAILED`].
pub(super) fn checkpoint_kind(e: &sqlx::Error) -> &'static str {
    match crate::store::dialect::sqlite_code(e) {
        Some(crate::store::dialect::SQLITE_FULL) => "the disk is full",
        Some(crate::store::dialect::SQLITE_IOERR) => "an I/O error",
        Some(_) => "a database error",
        None => "no connection",
    }
}

/// What `PRAGMA wal_checkpoint(PASSIVE)` did.
#[derive(Debug)]
pub(super) struct Checkpoint {
    /// Another checkpoint was running: nothing was done.
    pub(super) busy: bool,
    /// Frames in the WAL.
    pub(super) frames: i64,
    /// Frames now in the database file.
    pub(super) copied: i64,
}

pub(super) async fn checkpoint<'c, E: sqlx::SqliteExecutor<'c>>(conn: E) -> Result<Checkpoint, sqlx::Error> {
    let (busy, frames, copied): (i64, i64, i64) =
        sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)").fetch_one(conn).await?;
    Ok(Checkpoint { busy: busy != 0, frames, copied })
}

/// Checkpoints the WAL every [`CHECKPOINT_EVERY`] (PASSIVE: it never blocks
/// the writer) through a reader, until the readers' pool is closed, and
/// tells the writer how large the WAL is.
pub(super) async fn checkpoints(readers: SqlitePool, counts: Arc<Counts>) {
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    let failed = checkpoint_failures();
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    // The writer's batch count when a checkpoint last copied every frame: until another batch, there is nothing
    // to copy, and an idle bot asks nothing of SQLite (a query 50 times a second otherwise).
    let mut copied_all_at = None;
    loop {
        tick.tick().await;
        if readers.is_closed() {
            return;
        }
        let batches = counts.batches.load(Ordering::Relaxed);
        if copied_all_at == Some(batches) {
            continue;
        }
        match checkpoint(&readers).await {
            Ok(Checkpoint { busy: false, frames, copied }) => {
                counts.wal_frames.store(frames, Ordering::Relaxed);
                copied_all_at = (copied == frames).then_some(batches);
                failed.succeeded();
            }
            Ok(_) => {}
            Err(_) if readers.is_closed() => return,
            Err(e) => _ = failed.failed(checkpoint_kind(&e), &e),
        }
    }
}
