//! A batch's hand starts and actions written all at once, and what is done when a check refuses them: the
//! writes it names set aside, the rest tried again together, the ones set aside made one at a time.

use super::*;

/// Bulk attempts before the writes still left are made one at a time.
pub(super) const BULK_ATTEMPTS: usize = 3;

/// Starts the batch's hands and records its actions all at once. If that is
/// refused, the writes the refusal names are set aside and the rest tried
/// again together; the writes set aside are then made one at a time, so
/// that only the writes that cannot be made are refused. An error means the
/// transaction is gone.
///
/// `alone`: the transaction holds nothing else yet, so the first attempt goes
/// without a savepoint and a refusal rolls the whole transaction back and
/// begins it again.
pub(super) async fn record_hands(
    conn: &mut Conn,
    hand_ids: &mut HandIds,
    starts: &mut [StartJob],
    actions: &mut [ActionJob],
    counts: &Counts,
    fence: Option<&Fence>,
    alone: bool,
) -> Result<(), StoreError> {
    let writer = fence.map(|f| f.owner.as_str());
    let mut bulk_starts: Vec<usize> = (0..starts.len()).collect();
    let mut bulk_actions: Vec<usize> = (0..actions.len()).collect();
    for attempt in 0..BULK_ATTEMPTS {
        if bulk_starts.is_empty() && bulk_actions.is_empty() {
            break;
        }
        let bare = alone && attempt == 0;
        if !bare {
            savepoint(conn).await?;
        }
        let s: Vec<&StartWrite> = bulk_starts.iter().map(|&i| &starts[i].write).collect();
        let a: Vec<&ActionWrite> = bulk_actions.iter().map(|&i| &actions[i].write).collect();
        let refusal = match actions::record_all(conn, hand_ids, &s, &a, Mode::Count, writer).await {
            Ok(ids) => {
                if !bare {
                    release(conn, false).await?;
                }
                for (&i, id) in bulk_starts.iter().zip(ids) {
                    starts[i].result = Some(Ok(id));
                }
                for &i in &bulk_actions {
                    actions[i].result = Some(Ok(Recorded::Applied));
                }
                break;
            }
            Err(refusal) => refusal,
        };
        if bare {
            // The transaction held only this attempt: roll it all back (SQLite may have done so itself) and begin
            // again, as ROLLBACK TO the savepoint would have left it.
            let _ = exec(conn, "ROLLBACK").await;
            hand_ids.forget();
            begin(conn, fence).await?;
        } else {
            release(conn, true).await?;
        }
        if attempt == 0 {
            counts.retried.fetch_add(1, Ordering::Relaxed);
        }
        // Counting said a check failed; once more, naming the writes that failed it, then rolled back again.
        let refusal = match refusal.refused {
            Refused::Check(_) if bulk_starts.len() + bulk_actions.len() > 1 => {
                savepoint(conn).await?;
                let named = actions::record_all(conn, hand_ids, &s, &a, Mode::Name, writer).await;
                release(conn, true).await?;
                named.err().unwrap_or(refusal)
            }
            _ => refusal,
        };
        if let ([], [i]) = (&bulk_starts[..], &bulk_actions[..]) {
            // Alone already: say why.
            let a = &mut actions[*i];
            a.result = Some(actions::diagnose(conn, &a.write, refusal.refused).await);
            bulk_actions.clear();
            break;
        }
        match refusal.suspects {
            Some(set) if !(set.starts.is_empty() && set.actions.is_empty()) => {
                let (s, a) = (set.starts, set.actions);
                bulk_starts = bulk_starts.iter().enumerate().filter(|(k, _)| !s.contains(k)).map(|(_, &i)| i).collect();
                bulk_actions =
                    bulk_actions.iter().enumerate().filter(|(k, _)| !a.contains(k)).map(|(_, &i)| i).collect();
            }
            _ => {
                bulk_starts.clear();
                bulk_actions.clear();
            }
        }
    }
    // What is still unanswered goes one at a time, in the order it came.
    for s in starts.iter_mut().filter(|s| s.result.is_none()) {
        savepoint(conn).await?;
        let result = actions::start_alone(conn, hand_ids, &s.write).await;
        if result.is_err() {
            hand_ids.forget();
        }
        release(conn, result.is_err()).await?;
        s.result = Some(result);
    }
    for a in actions.iter_mut().filter(|a| a.result.is_none()) {
        savepoint(conn).await?;
        let refusal = actions::record_all(conn, hand_ids, &[], &[&a.write], Mode::Count, writer).await.err();
        release(conn, refusal.is_some()).await?;
        a.result = Some(match refusal {
            None => Ok(Recorded::Applied),
            Some(refusal) => actions::diagnose(conn, &a.write, refusal.refused).await,
        });
    }
    Ok(())
}
