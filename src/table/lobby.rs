//! The lobby's jobs: join, leave, start, close, and coming back after sitting out.

use super::actor::{Deadline, Table};
use super::view::{PrivateNote, Update};
use super::{internal, Player, UserError};
use crate::engine::Action;
use crate::i18n::Msg;
use crate::store::StoreError;
use crate::tr;

impl Table {
    pub(super) async fn join(&mut self, player: Player) -> Result<Update, UserError> {
        if self.seated(player.id) {
            return Err(UserError::said(Msg::new("error-already-seated")));
        }
        if self.seats.len() >= self.row.max_players as usize {
            return Err(UserError::said(Msg::new("error-table-full-of").arg("max", self.row.max_players)));
        }
        let store = &self.deps.store;
        let balance =
            store.balance(self.row.wallet_guild(), player.id).await.map_err(|e| internal("reading a balance", e))?;
        let seat = store.add_seat(self.row.id, player.id).await.map_err(|e| match e {
            StoreError::TableFull(_) => UserError::said(Msg::new("error-table-full")),
            other => internal("seating a player", other),
        })?;
        self.seats.push(seat);
        let lang = self.private_lang();
        let mut notice =
            if self.in_play().is_some() { tr!(lang, "notice-seated-next-hand") } else { tr!(lang, "notice-seated") };
        if balance < self.row.rules.boot as i64 {
            notice.push(' ');
            notice.push_str(&tr!(lang, "notice-seated-short", balance = balance, boot = self.row.rules.boot));
        }
        self.schedule_if_idle();
        let dm_closed = self.send_note(player.id, &PrivateNote::Seated { table_id: self.id() }).await;
        let mut update = self.update(Vec::new(), Vec::new(), Some(notice));
        update.dm_closed = dm_closed;
        Ok(update)
    }

    /// Deals again after a break if the table is running, idle, and has two players who can be dealt in.
    pub(super) fn schedule_if_idle(&mut self) {
        let eligible = self.seats.iter().filter(|s| !s.sat_out).count();
        let idle = self.in_play().is_none() && self.next_hand.is_none() && self.picking.is_none();
        if self.running && idle && eligible >= 2 {
            self.next_hand = Some(Deadline::after(self.deps.timings.hand_break));
        }
    }

    pub(super) async fn leave(&mut self, player: Player, key: Option<&str>) -> Result<Update, UserError> {
        if !self.seated(player.id) {
            return Err(UserError::said(Msg::new("error-not-seated")));
        }
        let mut events = Vec::new();
        let in_hand = self.in_play().and_then(|l| l.seat_of(player.id).filter(|&s| !l.hand.seats()[s].packed));
        if let Some(seat) = in_hand {
            events = self.apply(seat, Action::Pack, key).await?.public;
        }
        if let Err(e) = self.deps.store.remove_seat(self.row.id, player.id).await {
            if in_hand.is_none() {
                return Err(internal("unseating a player", e));
            }
            // The pack is recorded; say so rather than "nothing was changed".
            tracing::error!(error = %e, "packed a leaving player but could not unseat them");
            let notice = tr!(self.private_lang(), "notice-leave-failed");
            return Ok(self.update(events, Vec::new(), Some(notice)));
        }
        self.seats.retain(|s| s.user != player.id);
        let notice = if in_hand.is_some() {
            tr!(self.private_lang(), "notice-packed-left")
        } else {
            tr!(self.private_lang(), "notice-left")
        };
        Ok(self.update(events, Vec::new(), Some(notice)))
    }

    /// Starting and closing a table is for its opener or anyone with Manage Server.
    /// `refusal`: the catalogue's id of the refusal (it names the opener).
    pub(super) fn require_manager(&self, player: Player, refusal: &'static str) -> Result<(), UserError> {
        if player.admin || player.id == self.row.opener {
            return Ok(());
        }
        Err(UserError::said(Msg::new(refusal).arg("opener", self.row.opener.mention())))
    }

    pub(super) async fn start(&mut self, player: Player) -> Result<Update, UserError> {
        self.require_manager(player, "error-manager-start")?;
        if self.in_play().is_some() {
            return Err(UserError::said(Msg::new("error-hand-running")));
        }
        if let Some(p) = &self.picking {
            return Err(UserError::said(Msg::new("error-choosing").arg("dealer", p.view.dealer.mention())));
        }
        // A Start refused (fewer than two who can be dealt in) leaves the table as it was: stopped, its Start
        // still offered, and no deal of its own when a second player joins.
        let was_running = std::mem::replace(&mut self.running, true);
        if let Err(e) = self.deal_next().await {
            self.running = was_running;
            return Err(e);
        }
        let notice = match &self.picking {
            Some(p) => tr!(self.private_lang(), "notice-choosing-first", dealer = p.view.dealer.mention()),
            None => tr!(self.private_lang(), "notice-dealt"),
        };
        Ok(self.update(Vec::new(), Vec::new(), Some(notice)))
    }

    pub(super) async fn close(&mut self, player: Player) -> Result<Update, UserError> {
        self.require_manager(player, "error-manager-close")?;
        let notice = self.close_now().await?;
        Ok(self.update(Vec::new(), Vec::new(), Some(notice)))
    }

    /// Closes the table: a hand in play is refunded, computer players go back to the house. Returns the notice.
    pub(super) async fn close_now(&mut self) -> Result<String, UserError> {
        let store = &self.deps.store;
        let mut notice = tr!(self.private_lang(), "notice-closed");
        if let Some(live) = self.in_play() {
            store
                .refund_hand(live.hand_id, "table closed during the hand")
                .await
                .map_err(|e| internal("refunding a hand", e))?;
            notice.push(' ');
            notice.push_str(&tr!(self.private_lang(), "notice-closed-refunded"));
            self.live = None;
        }
        store.close_table(self.row.id).await.map_err(|e| internal("closing a table", e))?;
        self.unstake_bots().await;
        self.closed = true;
        self.running = false;
        self.next_hand = None;
        self.picking = None;
        // The hand message must not keep offering a cancelled hand's buttons (or the next hand's countdown).
        self.redraw("after closing").await;
        Ok(notice)
    }

    pub(super) async fn back(&mut self, player: Player) -> Result<Update, UserError> {
        let Some(seat) = self.seats.iter_mut().find(|s| s.user == player.id) else {
            return Err(UserError::said(Msg::new("error-not-seated")));
        };
        if !seat.sat_out {
            return Err(UserError::said(Msg::new("error-not-sitting-out")));
        }
        seat.sat_out = false;
        seat.timeouts = 0;
        let store = &self.deps.store;
        store.set_sat_out(self.row.id, player.id, false).await.map_err(|e| internal("seating back", e))?;
        store.set_timeouts(self.row.id, player.id, 0).await.map_err(|e| internal("seating back", e))?;
        self.schedule_if_idle();
        Ok(self.update(Vec::new(), Vec::new(), Some(tr!(self.private_lang(), "notice-back"))))
    }

    /// Posts the table's message in its channel (the lobby, or the hand in play) and makes it the one later
    /// changes edit: a table opened from the Activity, which no command's reply shows. A refusal is answered as
    /// any of Discord's is (`refused.rs`).
    pub(super) async fn post_table(&mut self) -> Result<Update, UserError> {
        if !self.closed && !self.channel_gone {
            match self.deps.presenter.post_hand(&self.view()).await {
                Ok(id) => {
                    self.row.message_id = Some(id);
                    if let Err(e) = self.deps.store.set_table_message(self.row.id, id).await {
                        tracing::warn!(error = %e, "could not store the table message id");
                    }
                }
                Err(e) => Box::pin(self.refused(&e, "posting the table")).await,
            }
        }
        Ok(self.update(Vec::new(), Vec::new(), None))
    }
}
