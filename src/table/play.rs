//! Game actions: checked against the button they came from, applied to a
//! copy of the hand, persisted, and only then kept and told.

use super::actor::{Deadline, Live, Table};
use super::view::{Menu, PrivateNote, Update};
use super::{internal, ButtonId, Player, UserError};
use crate::engine::{Action, Event, EventKind, Seat};
use crate::i18n::{Lang, Msg};
use crate::store::{ActionRecord, HandRef, Recorded, StoreError};
use crate::tr;

/// What one applied action produced.
#[derive(Default)]
pub(super) struct Applied {
    /// Events everyone may see.
    pub public: Vec<Event>,
    /// The acting player's own private notes (their cards after See, a sideshow result).
    pub notes: Vec<PrivateNote>,
    /// The acting player's DMs are closed: their notes come as ephemeral replies.
    pub dm_closed: bool,
}

/// What a declaring player hears, privately: their own side, which nobody else learns before all have declared.
fn declared_notice(lang: Lang, action: Action) -> Option<String> {
    let side = match action {
        Action::DeclareHigh => tr!(lang, "side-high"),
        Action::DeclareLow => tr!(lang, "side-low"),
        _ => return None,
    };
    Some(tr!(lang, "declared-notice", side = side))
}

/// Refuses a button drawn for another hand, or (for bets, shows and sideshows) for an earlier turn.
fn check_button(live: &Live, button: Option<ButtonId>) -> Result<(), UserError> {
    let Some(b) = button else { return Ok(()) };
    if b.hand != Some(live.hand_id) {
        // A lobby button (no hand) counts as hand 0, older than any.
        let id = if b.hand.is_none_or(|h| h < live.hand_id) { "error-earlier-hand" } else { "error-other-hand" };
        return Err(UserError::said(Msg::new(id)));
    }
    if b.needs_current_turn() && b.seq as usize != live.hand.actions().len() {
        return Err(UserError::said(Msg::new("error-stale-button")));
    }
    Ok(())
}

impl Table {
    /// The hand `button` may act on, and the player's seat in it.
    pub(super) fn seat_for(&self, player: Player, button: Option<ButtonId>) -> Result<(&Live, Seat), UserError> {
        let live = self.live.as_ref().ok_or_else(|| UserError::said(Msg::new("error-no-hand")))?;
        check_button(live, button)?;
        if !live.in_play() {
            return Err(UserError::said(Msg::new("error-that-hand-over")));
        }
        if live.cancelled.is_some() {
            return Err(UserError::said(Msg::new("error-hand-cancelled")));
        }
        let seat = live.seat_of(player.id).ok_or_else(|| UserError::said(Msg::new("error-not-in-hand")))?;
        Ok((live, seat))
    }

    /// My cards again (and this hand's sideshow results), privately.
    pub(super) fn cards(&self, player: Player, button: Option<ButtonId>) -> Result<Update, UserError> {
        let (live, _) = self.seat_for(player, button)?;
        let notes = live.notes.of(player.id);
        if notes.is_empty() {
            return Err(UserError::said(Msg::new("error-blind")));
        }
        Ok(self.update(Vec::new(), notes, None))
    }

    /// The draw menu: the player's own down cards to choose from, privately, when they may change cards now.
    pub(super) fn draw_menu(&self, player: Player, button: Option<ButtonId>) -> Result<Update, UserError> {
        let (live, seat) = self.seat_for(player, button)?;
        let offer = live.hand.legal_actions(seat).draw.ok_or_else(|| UserError::said(Msg::new("error-cannot-draw")))?;
        let cards = live.hand.seat(seat).map(|s| s.cards.clone()).unwrap_or_default();
        let seq = live.hand.actions().len() as u32;
        let mut update = self.update(Vec::new(), Vec::new(), None);
        update.menu = Some(Menu::Draw { hand_id: live.hand_id, seq, cards, offer });
        Ok(update)
    }

    pub(super) async fn play(
        &mut self,
        player: Player,
        action: Action,
        button: Option<ButtonId>,
        key: Option<&str>,
    ) -> Result<Update, UserError> {
        let (_, seat) = self.seat_for(player, button)?;
        if action == Action::Timeout {
            return Err(UserError::said(Msg::new("error-timeout-only")));
        }
        let applied = self.apply(seat, action, key).await?;
        // Acting resets the count of timeouts in a row.
        self.reset_timeouts(player.id).await;
        let mut update = self.update(applied.public, applied.notes, declared_notice(self.private_lang(), action));
        update.dm_closed = applied.dm_closed;
        Ok(update)
    }

    /// Applies one action: on a copy of the hand, persisted, then kept. A
    /// refusal (by the rules or the wallet) changes nothing.
    pub(super) async fn apply(&mut self, seat: Seat, action: Action, key: Option<&str>) -> Result<Applied, UserError> {
        let turn_duration = self.turn_duration();
        let guild = self.row.wallet_guild();
        let live = self.live.as_mut().ok_or_else(|| UserError::said(Msg::new("error-no-hand")))?;
        let mut next = live.hand.clone();
        let seq = next.actions().len() as i64;
        let events = next.apply(seat, action).map_err(UserError::from)?;
        let record = ActionRecord { seq, seat, action, key, events: &events };
        let hand = HandRef { id: live.hand_id, guild, users: &live.users };
        let recorded = self.deps.store.record_action(hand, record).await.map_err(|e| match e {
            StoreError::InsufficientFunds { need, have, .. } => {
                UserError::said(Msg::new("error-wallet").arg("need", need).arg("have", have))
            }
            // This actor holds the hand live at this sequence: only another process can have ended it or added to
            // its log. Stop, once, rather than fail every click after (see `Store::taken_over`).
            e @ (StoreError::HandNotLive(_) | StoreError::OutOfOrder { .. }) => {
                self.deps.store.taken_over(format!(
                    "{e}, though this process plays it: it was changed outside this process (another process on \
                     this database?); stopping rather than write over it"
                ));
                internal("recording an action", e)
            }
            other => internal("recording an action", other),
        })?;
        if recorded == Recorded::Duplicate {
            return Ok(Applied::default());
        }
        live.hand = next;
        if events.iter().any(|e| matches!(e.kind, EventKind::Turn { .. } | EventKind::SideshowAsked { .. })) {
            live.deadline = Some(Deadline::after(turn_duration));
        }
        let private = super::notes::keep_private_notes(live, &events);
        let public: Vec<Event> = events.into_iter().filter(|e| e.audience.is_public()).collect();
        live.log.extend(&public);
        let actor = live.users[seat];
        if !live.in_play() {
            self.next_hand = Some(Deadline::after(self.deps.timings.hand_break));
        }
        Ok(Applied { public, ..self.deliver(actor, private).await })
    }
}
