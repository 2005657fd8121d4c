//! The turn timer's job: a player who does not act in time packs (or refuses
//! a pending sideshow); two timeouts in a row and they sit out until they
//! press I'm back.

use super::actor::{Deadline, Table};
use crate::engine::hand::PackReason;
use crate::engine::{Action, EventKind, Seat};
use crate::ids::UserId;

/// Timeouts in a row after which a player sits out.
const SIT_OUT_AFTER: i64 = 2;

impl Table {
    pub(super) async fn timeout(&mut self, seat: Seat) {
        let Some(user) = self.live.as_ref().and_then(|l| l.users.get(seat).copied()) else { return };
        match self.apply(seat, Action::Timeout, None).await {
            Ok(applied) => {
                let packed = applied
                    .public
                    .iter()
                    .any(|e| matches!(e.kind, EventKind::Packed { reason: PackReason::Timeout, seat: s } if s == seat));
                if packed {
                    self.count_timeout(user).await;
                }
            }
            Err(e) if e.is_disk_full() => return self.pause().await,
            Err(e) => {
                // Nothing changed; try again after another turn's time rather than spinning. The cause was logged
                // where it happened (once per kind, `table::internal`).
                tracing::debug!(error = %e, "timeout could not be applied");
                let d = Deadline::after(self.turn_duration());
                if let Some(l) = self.live.as_mut() {
                    l.deadline = Some(d);
                }
            }
        }
        self.redraw("after a timeout").await;
    }

    async fn count_timeout(&mut self, user: UserId) {
        let Some(s) = self.seats.iter_mut().find(|s| s.user == user) else { return };
        s.timeouts += 1;
        let n = s.timeouts;
        if n >= SIT_OUT_AFTER {
            s.sat_out = true;
        }
        let (store, table) = (&self.deps.store, self.row.id);
        let r = store.set_timeouts(table, user, n.clamp(0, u32::MAX as i64) as u32).await;
        let r2 = if n >= SIT_OUT_AFTER { store.set_sat_out(table, user, true).await } else { Ok(()) };
        if let Err(e) = r.and(r2) {
            tracing::warn!(error = %e, "could not record a timeout");
        }
    }

    /// Acting resets the count of timeouts in a row.
    pub(super) async fn reset_timeouts(&mut self, user: UserId) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.user == user && s.timeouts > 0) {
            s.timeouts = 0;
            if let Err(e) = self.deps.store.set_timeouts(self.row.id, user, 0).await {
                tracing::warn!(error = %e, "could not reset a timeout count");
            }
        }
    }
}
