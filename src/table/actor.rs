//! The table actor: owns one table's state and its live hand.

use std::collections::HashMap;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use super::view::{HandSeat, HandView, PrivateNote, SeatView, TableView, Update};
use super::{internal, Act, Command, Msg, Player, Request, TableService, UserError};
use crate::engine::hand::{Action, HandSetup, PackReason, RuleError};
use crate::engine::{cards, Event, EventKind, Hand};
use crate::ids::{HandId, MessageId, TableId, UserId};
use crate::store::{ActionRecord, NewHand, Recorded, SeatRow, StoreError, TableRow};

/// A hand in play (or just finished, until the next deal).
struct Live {
    hand_id: i64,
    hand: Hand,
    users: Vec<u64>,
    /// Public events so far.
    log: Vec<Event>,
    /// Deadline of the seat the timer runs for.
    deadline: Option<(Instant, i64)>,
    /// Private notes per user this hand (the Cards button shows them again).
    notes: HashMap<u64, Vec<PrivateNote>>,
}

struct Table {
    service: TableService,
    row: TableRow,
    seats: Vec<SeatRow>,
    running: bool,
    closed: bool,
    live: Option<Live>,
    next_hand: Option<(Instant, i64)>,
    last_dealer: Option<u64>,
}

fn later(d: Duration) -> (Instant, i64) {
    (Instant::now() + d, crate::clock::now_unix() + d.as_secs().max(1) as i64)
}

pub(super) async fn run(service: TableService, table_id: i64, mut rx: mpsc::Receiver<Msg>) {
    let mut table = match Table::load(service, table_id).await {
        // Closed or unknown: answer whatever was queued, then stop.
        Ok(None) => return refuse_queued(rx, "That table is closed.").await,
        Ok(Some(t)) => t,
        Err(e) => {
            tracing::error!(table_id, error = %e, "could not load table");
            return refuse_queued(rx, super::INTERNAL_ERROR).await;
        }
    };
    loop {
        let wake = table.next_wake();
        tokio::select! {
            msg = rx.recv() => match msg {
                Some(Msg::Request(req)) => table.handle(req).await,
                Some(Msg::Shutdown) | None => break,
            },
            () = sleep_until(wake), if wake.is_some() => table.on_timer().await,
        }
        if table.closed {
            return refuse_queued(rx, "That table is closed.").await;
        }
    }
}

/// Stops taking requests and answers every one already queued with `why`.
async fn refuse_queued(mut rx: mpsc::Receiver<Msg>, why: &str) {
    rx.close();
    while let Some(msg) = rx.recv().await {
        if let Msg::Request(req) = msg {
            req.responder.respond(Err(UserError::new(why))).await;
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn rule_message(e: &RuleError) -> String {
    let s = e.to_string();
    let mut c = s.chars();
    match c.next() {
        Some(first) => format!("{}{}.", first.to_uppercase(), c.as_str()),
        None => s,
    }
}

impl Table {
    async fn load(service: TableService, table_id: i64) -> Result<Option<Table>, StoreError> {
        let store = service.store().clone();
        let Some(row) = store.table(TableId(table_id)).await? else { return Ok(None) };
        if row.status != crate::store::TableStatus::Open {
            return Ok(None);
        }
        let seats = store.seats(row.id).await?;
        let mut table = Table {
            service,
            row,
            seats,
            running: false,
            closed: false,
            live: None,
            next_hand: None,
            last_dealer: None,
        };
        table.recover().await?;
        Ok(Some(table))
    }

    /// Picks up a hand left live by a previous process: rebuilt from its
    /// action log, or refunded when that is impossible.
    async fn recover(&mut self) -> Result<(), StoreError> {
        let store = self.service.store().clone();
        let live = store.live_hands_at(self.row.id).await?;
        for stored in live {
            self.running = true;
            match Hand::replay(&stored.setup, &stored.actions) {
                Ok((hand, events)) if !hand.is_over() && self.live.is_none() => {
                    tracing::info!(
                        table = %self.row.id,
                        hand = %stored.id,
                        actions = stored.actions.len(),
                        "resumed hand"
                    );
                    let log = events.into_iter().filter(|e| e.audience.is_public()).collect();
                    let mut notes: HashMap<u64, Vec<PrivateNote>> = HashMap::new();
                    for (seat, s) in hand.seats().iter().enumerate() {
                        if s.seen {
                            if let Some(&user) = stored.users.get(seat) {
                                notes.entry(user.get()).or_default().push(cards_note(stored.id.get(), &hand, seat));
                            }
                        }
                    }
                    self.last_dealer = stored.users.get(hand.dealer()).map(|u| u.get());
                    self.live = Some(Live {
                        hand_id: stored.id.get(),
                        hand,
                        users: stored.users.iter().map(|u| u.get()).collect(),
                        log,
                        deadline: Some(later(self.turn_duration())),
                        notes,
                    });
                    let view = self.view();
                    let presenter = self.service.presenter();
                    let result = match view.message_id {
                        Some(_) => presenter.edit_hand(&view).await,
                        None => presenter.post_hand(&view).await.map(|_| ()),
                    };
                    if let Err(e) = result {
                        tracing::warn!(table = %self.row.id, error = %e, "could not update the table message after a restart");
                    }
                }
                outcome => {
                    let why = match outcome {
                        Err((i, e)) => format!("action {i} no longer replays: {e}"),
                        Ok(_) => "the table had another live hand".to_string(),
                    };
                    tracing::warn!(table = %self.row.id, hand = %stored.id, why, "refunding a hand after restart");
                    store.refund_hand(stored.id, &format!("refunded after restart: {why}")).await?;
                }
            }
        }
        if self.live.is_none() {
            // Between hands: a table that has dealt before keeps dealing (the button passes on from the last
            // dealer); one that never started waits for Start.
            let last = store.recent_hands(self.row.guild, Some(self.row.channel), None, 1).await?;
            if let Some(h) = last.into_iter().find(|h| h.table_id == self.row.id) {
                self.running = true;
                if let Some(rec) = store.hand_record(h.id).await? {
                    self.last_dealer = rec.summary.users.get(rec.setup.dealer).map(|u| u.get());
                }
            }
        }
        if self.live.is_none() && self.running {
            self.next_hand = Some(later(self.service.timings().hand_break));
        }
        Ok(())
    }

    fn turn_duration(&self) -> Duration {
        Duration::from_secs(self.row.turn_seconds.clamp(1, 3600) as u64)
    }

    fn next_wake(&self) -> Option<Instant> {
        let turn = self.live.as_ref().filter(|l| !l.hand.is_over()).and_then(|l| l.deadline).map(|d| d.0);
        match (turn, self.next_hand.map(|d| d.0)) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    fn view(&self) -> TableView {
        TableView {
            table_id: self.row.id.get(),
            guild: self.row.guild.get(),
            channel: self.row.channel.get(),
            opener: self.row.opener.get(),
            rules: self.row.rules.clone(),
            turn_seconds: self.row.turn_seconds,
            max_players: self.row.max_players,
            seated: self.seats.iter().map(|s| SeatView { user: s.user.get(), sat_out: s.sat_out }).collect(),
            running: self.running,
            closed: self.closed,
            message_id: self.row.message_id.map(|m| m.get()),
            hand: self.live.as_ref().map(|l| {
                let h = &l.hand;
                let to_act = h.to_act();
                HandView {
                    hand_id: l.hand_id,
                    seq: h.actions().len() as u32,
                    dealer: h.dealer(),
                    seats: h
                        .seats()
                        .iter()
                        .zip(&l.users)
                        .map(|(s, &user)| HandSeat {
                            user,
                            seen: s.seen,
                            packed: s.packed,
                            put_in: s.put_in,
                            stack: s.stack,
                        })
                        .collect(),
                    pot: h.pot(),
                    stake: h.stake(),
                    turn: h.turn(),
                    to_act,
                    deadline: l.deadline.filter(|_| !h.is_over()).map(|d| d.1),
                    pending_sideshow: h.pending_sideshow(),
                    joker: h.joker(),
                    legal: to_act.map(|s| h.legal_actions(s)).unwrap_or_default(),
                    log: l.log.clone(),
                    outcome: h.outcome().cloned(),
                }
            }),
            next_hand_at: self.next_hand.map(|d| d.1),
        }
    }

    fn update(&self, events: Vec<Event>, notes: Vec<PrivateNote>, notice: Option<String>) -> Update {
        Update { view: self.view(), events, notes, notice, dm_closed: false }
    }

    fn seated(&self, user: u64) -> bool {
        self.seats.iter().any(|s| s.user.get() == user)
    }

    async fn handle(&mut self, req: Request) {
        let Request { player, command, key, responder, edit_message } = req;
        let result = match command {
            Command::Join => self.join(&player).await,
            Command::Leave => self.leave(&player, key.as_deref()).await,
            Command::Start => self.start(&player).await,
            Command::Close => self.close(&player).await,
            Command::Back => self.back(&player).await,
            Command::Status => Ok(self.update(Vec::new(), Vec::new(), None)),
            Command::Act { action, button } => self.act(&player, action, button, key.as_deref()).await,
        };
        if let Ok(update) = &result {
            if edit_message && !update.events.is_empty() && update.view.message_id.is_some() {
                if let Err(e) = self.service.presenter().edit_hand(&update.view).await {
                    tracing::warn!(table = %self.row.id, error = %e, "could not edit the table message");
                }
            }
        }
        responder.respond(result).await;
    }

    async fn join(&mut self, player: &Player) -> Result<Update, UserError> {
        if self.seated(player.id) {
            return Err(UserError::new("You already have a seat at this table."));
        }
        if self.seats.len() >= self.row.max_players as usize {
            return Err(UserError::new(format!("The table is full ({} players).", self.row.max_players)));
        }
        let store = self.service.store().clone();
        let balance =
            store.balance(self.row.guild, UserId(player.id)).await.map_err(|e| internal("reading a balance", e))?;
        let seat = store.add_seat(self.row.id, UserId(player.id)).await.map_err(|e| match e {
            StoreError::TableFull(_) => UserError::new("The table is full."),
            other => internal("seating a player", other),
        })?;
        self.seats.push(seat);
        let mut notice = if self.live.as_ref().is_some_and(|l| !l.hand.is_over()) {
            "You have a seat; you will be dealt in from the next hand.".to_string()
        } else {
            "You have a seat.".to_string()
        };
        if balance < self.row.rules.boot as i64 {
            notice.push_str(&format!(
                " You have {balance} chips and the boot is {}: claim `/daily` to be dealt in.",
                self.row.rules.boot
            ));
        }
        self.schedule_if_idle();
        let view = self.view();
        let dm =
            self.service.presenter().dm(player.id, &view, &PrivateNote::Seated { table_id: self.row.id.get() }).await;
        let mut update = self.update(Vec::new(), Vec::new(), Some(notice));
        update.dm_closed = dm_failed(dm, player.id);
        Ok(update)
    }

    fn schedule_if_idle(&mut self) {
        let idle = self.live.as_ref().is_none_or(|l| l.hand.is_over());
        if self.running && idle && self.next_hand.is_none() && self.eligible_count() >= 2 {
            self.next_hand = Some(later(self.service.timings().hand_break));
        }
    }

    fn eligible_count(&self) -> usize {
        self.seats.iter().filter(|s| !s.sat_out).count()
    }

    async fn leave(&mut self, player: &Player, key: Option<&str>) -> Result<Update, UserError> {
        if !self.seated(player.id) {
            return Err(UserError::new("You are not seated at this table."));
        }
        let mut events = Vec::new();
        let in_hand = self.live.as_ref().and_then(|l| {
            let seat = l.users.iter().position(|&u| u == player.id)?;
            (!l.hand.is_over() && !l.hand.seats()[seat].packed).then_some(seat)
        });
        if let Some(seat) = in_hand {
            events = self.apply(seat, Action::Pack, key).await?.0;
        }
        let store = self.service.store().clone();
        if let Err(e) = store.remove_seat(self.row.id, UserId(player.id)).await {
            if in_hand.is_none() {
                return Err(internal("unseating a player", e));
            }
            // The pack is recorded; say so rather than "nothing was changed".
            tracing::error!(table = %self.row.id, error = %e, "packed a leaving player but could not unseat them");
            let notice = "You packed, but leaving the table failed; please try `/table leave` again.";
            return Ok(self.update(events, Vec::new(), Some(notice.to_string())));
        }
        self.seats.retain(|s| s.user.get() != player.id);
        let notice = if in_hand.is_some() { "You packed and left the table." } else { "You left the table." };
        Ok(self.update(events, Vec::new(), Some(notice.to_string())))
    }

    /// Starting and closing a table is for its opener or anyone with Manage Server.
    fn require_manager(&self, player: &Player, what: &str) -> Result<(), UserError> {
        if player.admin || player.id == self.row.opener.get() {
            return Ok(());
        }
        Err(UserError::new(format!(
            "Only the player who opened the table (<@{}>) or someone with Manage Server can {what} it.",
            self.row.opener
        )))
    }

    async fn start(&mut self, player: &Player) -> Result<Update, UserError> {
        self.require_manager(player, "start")?;
        if self.live.as_ref().is_some_and(|l| !l.hand.is_over()) {
            return Err(UserError::new("A hand is already being played."));
        }
        self.running = true;
        self.deal().await?;
        Ok(self.update(Vec::new(), Vec::new(), Some("The cards are dealt.".into())))
    }

    async fn close(&mut self, player: &Player) -> Result<Update, UserError> {
        self.require_manager(player, "close")?;
        let store = self.service.store().clone();
        let mut notice = "The table is closed.".to_string();
        if let Some(live) = self.live.as_ref().filter(|l| !l.hand.is_over()) {
            store
                .refund_hand(HandId(live.hand_id), "table closed during the hand")
                .await
                .map_err(|e| internal("refunding a hand", e))?;
            notice.push_str(" The hand in play was cancelled and every bet refunded.");
            self.live = None;
        }
        store.close_table(self.row.id).await.map_err(|e| internal("closing a table", e))?;
        self.closed = true;
        self.running = false;
        self.next_hand = None;
        // The hand message must not keep offering a cancelled hand's buttons (or the next hand's countdown).
        let view = self.view();
        if view.message_id.is_some() {
            if let Err(e) = self.service.presenter().edit_hand(&view).await {
                tracing::warn!(table = %self.row.id, error = %e, "could not edit the table message after closing");
            }
        }
        Ok(self.update(Vec::new(), Vec::new(), Some(notice)))
    }

    async fn back(&mut self, player: &Player) -> Result<Update, UserError> {
        let Some(seat) = self.seats.iter_mut().find(|s| s.user.get() == player.id) else {
            return Err(UserError::new("You are not seated at this table."));
        };
        if !seat.sat_out {
            return Err(UserError::new("You are not sitting out."));
        }
        seat.sat_out = false;
        seat.timeouts = 0;
        let store = self.service.store().clone();
        store.set_sat_out(self.row.id, UserId(player.id), false).await.map_err(|e| internal("seating back", e))?;
        store.set_timeouts(self.row.id, UserId(player.id), 0).await.map_err(|e| internal("seating back", e))?;
        self.schedule_if_idle();
        Ok(self.update(Vec::new(), Vec::new(), Some("Welcome back: you will be dealt in from the next hand.".into())))
    }

    async fn act(
        &mut self,
        player: &Player,
        act: Act,
        button: Option<super::ButtonId>,
        key: Option<&str>,
    ) -> Result<Update, UserError> {
        let live = self.live.as_ref().ok_or_else(|| UserError::new("No hand is being played at this table."))?;
        if let Some(b) = button {
            if b.hand != live.hand_id {
                let msg = if b.hand < live.hand_id {
                    "That button is from an earlier hand."
                } else {
                    "That button does not belong to the hand being played; nothing was done."
                };
                return Err(UserError::new(msg));
            }
            if b.verb.needs_current_turn() && b.seq != live.hand.actions().len() as u32 {
                return Err(UserError::new("The table has moved on since that button was drawn; nothing was done."));
            }
        }
        if live.hand.is_over() {
            return Err(UserError::new("That hand is over."));
        }
        let seat = live
            .users
            .iter()
            .position(|&u| u == player.id)
            .ok_or_else(|| UserError::new("You are not playing in this hand."))?;
        let action = match act {
            Act::Cards => {
                let notes = live.notes.get(&player.id).cloned().unwrap_or_default();
                if notes.is_empty() {
                    return Err(UserError::new("You are playing blind: press See to look at your cards."));
                }
                return Ok(self.update(Vec::new(), notes, None));
            }
            Act::See => Action::See,
            Act::Bet(n) => Action::Bet(n),
            Act::Pack => Action::Pack,
            Act::Show => Action::Show,
            Act::Sideshow => Action::Sideshow,
            Act::Accept => Action::Accept,
            Act::Deny => Action::Deny,
        };
        let (events, notes, dm_closed) = self.apply(seat, action, key).await?;
        // Acting resets the count of timeouts in a row.
        self.reset_timeouts(player.id).await;
        let mut update = self.update(events, notes, None);
        update.dm_closed = dm_closed;
        Ok(update)
    }

    async fn reset_timeouts(&mut self, user: u64) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.user.get() == user && s.timeouts > 0) {
            s.timeouts = 0;
            if let Err(e) = self.service.store().set_timeouts(self.row.id, UserId(user), 0).await {
                tracing::warn!(error = %e, "could not reset a timeout count");
            }
        }
    }

    /// Applies one action: on a copy of the hand, persisted, then kept.
    /// Returns the public events, the notes for the actor and whether the
    /// actor's DMs are closed.
    async fn apply(
        &mut self,
        seat: usize,
        action: Action,
        key: Option<&str>,
    ) -> Result<(Vec<Event>, Vec<PrivateNote>, bool), UserError> {
        let turn_duration = self.turn_duration();
        let live = self.live.as_mut().ok_or_else(|| UserError::new("No hand is being played at this table."))?;
        let mut next = live.hand.clone();
        let seq = next.actions().len() as i64;
        let events = next.apply(seat, action).map_err(|e| UserError::new(rule_message(&e)))?;
        let store = self.service.store().clone();
        let recorded = store
            .record_action(HandId(live.hand_id), ActionRecord { seq, seat, action, key, events: &events })
            .await
            .map_err(|e| match e {
                StoreError::InsufficientFunds { need, have, .. } => UserError::new(format!(
                    "Your wallet cannot cover that: it needs {need} and you have {have} (chips at another table count)."
                )),
                other => internal("recording an action", other),
            })?;
        if recorded == Recorded::Duplicate {
            return Ok((Vec::new(), Vec::new(), false));
        }
        live.hand = next;
        let hand_id = live.hand_id;
        let users = live.users.clone();
        let mut new_turn = false;
        let mut private: Vec<(u64, PrivateNote)> = Vec::new();
        for e in &events {
            match &e.kind {
                EventKind::Turn { .. } | EventKind::SideshowAsked { .. } => new_turn = true,
                EventKind::Cards { seat, .. } => private.push((users[*seat], cards_note(hand_id, &live.hand, *seat))),
                EventKind::SideshowCompared { seat, target, hands, loser } => {
                    let note = PrivateNote::Sideshow {
                        hand_id,
                        asker: users[*seat],
                        target: users[*target],
                        hands: hands.iter().map(|h| (users[h.seat], h.cards.clone(), h.value)).collect(),
                        loser: users[*loser],
                    };
                    private.push((users[*seat], note.clone()));
                    private.push((users[*target], note));
                }
                _ => {}
            }
        }
        let public: Vec<Event> = events.into_iter().filter(|e| e.audience.is_public()).collect();
        live.log.extend(public.iter().cloned());
        if new_turn {
            live.deadline = Some(later(turn_duration));
        }
        for (user, note) in &private {
            live.notes.entry(*user).or_default().push(note.clone());
        }
        let over = live.hand.is_over();
        let actor = users[seat];
        if over {
            self.next_hand = Some(later(self.service.timings().hand_break));
        }
        // Private notes go by DM; the actor also gets theirs in the reply.
        let view = self.view();
        let mut actor_notes = Vec::new();
        let mut actor_dm_closed = false;
        for (user, note) in private {
            if user != actor {
                // Another player's DM (a sideshow result) must not hold up the answer to this
                // click: Discord allows 3 s, and a DM retried through errors can take about 2.
                let presenter = self.service.presenter_arc();
                let view = view.clone();
                tokio::spawn(async move {
                    dm_failed(presenter.dm(user, &view, &note).await, user);
                });
                continue;
            }
            let dm = self.service.presenter().dm(user, &view, &note).await;
            actor_dm_closed |= dm_failed(dm, user);
            actor_notes.push(note);
        }
        Ok((public, actor_notes, actor_dm_closed))
    }

    async fn on_timer(&mut self) {
        let now = Instant::now();
        let turn_due = self
            .live
            .as_ref()
            .filter(|l| !l.hand.is_over())
            .and_then(|l| l.deadline.filter(|d| d.0 <= now).and(l.hand.to_act()));
        if let Some(seat) = turn_due {
            self.timeout(seat).await;
            return;
        }
        if self.next_hand.is_some_and(|d| d.0 <= now) {
            self.next_hand = None;
            if let Err(e) = self.deal().await {
                tracing::info!(table = %self.row.id, reason = %e, "no new hand dealt");
                // The last hand's message announced this deal: it now waits for players instead.
                let view = self.view();
                if view.message_id.is_some() && view.hand.is_some() {
                    if let Err(e) = self.service.presenter().edit_hand(&view).await {
                        tracing::warn!(table = %self.row.id, error = %e, "could not edit the table message");
                    }
                }
            }
        }
    }

    async fn timeout(&mut self, seat: usize) {
        let Some(user) = self.live.as_ref().and_then(|l| l.users.get(seat).copied()) else { return };
        match self.apply(seat, Action::Timeout, None).await {
            Ok((events, _, _)) => {
                let packed = events
                    .iter()
                    .any(|e| matches!(e.kind, EventKind::Packed { reason: PackReason::Timeout, seat: s } if s == seat));
                if packed {
                    self.count_timeout(user).await;
                }
            }
            Err(e) => {
                // Nothing changed; try again after another turn's time rather than spinning.
                tracing::error!(table = %self.row.id, error = %e, "timeout could not be applied");
                let d = later(self.turn_duration());
                if let Some(l) = self.live.as_mut() {
                    l.deadline = Some(d);
                }
            }
        }
        let view = self.view();
        if let Err(e) = self.service.presenter().edit_hand(&view).await {
            tracing::warn!(table = %self.row.id, error = %e, "could not edit the table message after a timeout");
        }
    }

    async fn count_timeout(&mut self, user: u64) {
        let store = self.service.store().clone();
        let Some(s) = self.seats.iter_mut().find(|s| s.user.get() == user) else { return };
        s.timeouts += 1;
        let n = s.timeouts;
        if n >= 2 {
            s.sat_out = true;
        }
        let table = self.row.id;
        let r = store.set_timeouts(table, UserId(user), n.clamp(0, u32::MAX as i64) as u32).await;
        let r2 = if n >= 2 { store.set_sat_out(table, UserId(user), true).await } else { Ok(()) };
        if let Err(e) = r.and(r2) {
            tracing::warn!(%table, error = %e, "could not record a timeout");
        }
    }

    /// Deals a new hand to every seated player who is not sitting out and can
    /// pay the boot, and posts its message.
    async fn deal(&mut self) -> Result<(), UserError> {
        let store = self.service.store().clone();
        let boot = self.row.rules.boot;
        let mut users = Vec::new();
        let mut stacks = Vec::new();
        for s in self.seats.iter().filter(|s| !s.sat_out) {
            let balance = store.balance(self.row.guild, s.user).await.map_err(|e| internal("reading a balance", e))?;
            if balance >= boot as i64 {
                users.push(s.user.get());
                // A hand takes at most MAX_AMOUNT from anyone (the engine refuses a larger stack); the store debits
                // the wallet itself, so a richer wallet just plays with that much.
                stacks.push((balance as u64).min(crate::engine::rules::MAX_AMOUNT));
            }
        }
        if users.len() < 2 {
            return Err(UserError::new(
                "At least two seated players who are not sitting out and can pay the boot are needed to deal.",
            ));
        }
        let users: Vec<u64> = users.into_iter().take(crate::engine::hand::MAX_SEATS).collect();
        stacks.truncate(users.len());
        // The button passes to the left: the next dealer follows the last one.
        let dealer = match self.last_dealer.and_then(|d| self.seats.iter().position(|s| s.user.get() == d)) {
            Some(last) => {
                let order: Vec<u64> = self.seats.iter().map(|s| s.user.get()).collect();
                (1..=order.len())
                    .map(|i| order[(last + i) % order.len()])
                    .find_map(|u| users.iter().position(|&x| x == u))
                    .unwrap_or(0)
            }
            None => users.len() - 1,
        };
        let seed: u64 = rand::random();
        let setup = HandSetup { rules: self.row.rules.clone(), stacks, dealer, deck: cards::seeded_deck(seed) };
        let (hand, events) = Hand::start(&setup).map_err(|e| UserError::new(rule_message(&e)))?;
        let hand_id = store
            .start_hand(NewHand {
                table_id: self.row.id,
                guild: self.row.guild,
                channel: self.row.channel,
                users: users.iter().map(|&u| UserId(u)).collect(),
                setup: &setup,
                seed: Some(seed),
                events: &events,
            })
            .await
            .map_err(|e| match e {
                StoreError::InsufficientFunds { user, .. } => {
                    UserError::new(format!("<@{user}> can no longer pay the boot; try again."))
                }
                other => internal("starting a hand", other),
            })?;
        let previous_dealer = self.last_dealer.replace(users[dealer]);
        self.live = Some(Live {
            hand_id: hand_id.get(),
            hand,
            users,
            log: events.into_iter().filter(|e| e.audience.is_public()).collect(),
            deadline: Some(later(self.turn_duration())),
            notes: HashMap::new(),
        });
        self.next_hand = None;
        let view = self.view();
        match self.service.presenter().post_hand(&view).await {
            Ok(message_id) => {
                self.row.message_id = Some(MessageId(message_id));
                if let Err(e) = store.set_table_message(self.row.id, MessageId(message_id)).await {
                    tracing::warn!(table = %self.row.id, error = %e, "could not store the table message id");
                }
            }
            Err(e) => {
                // A hand nobody can see would be played by the timers alone: cancel it instead.
                tracing::error!(table = %self.row.id, hand = %hand_id, error = %e, "could not post the hand message");
                self.live = None;
                self.running = false;
                self.last_dealer = previous_dealer;
                store
                    .refund_hand(hand_id, "the hand message could not be posted")
                    .await
                    .map_err(|e| internal("refunding a hand whose message could not be posted", e))?;
                return Err(UserError::new(
                    "I could not post the hand in this channel, so it was cancelled and the boots refunded. \
                     Check that I may send messages and embed links here, then press Start.",
                ));
            }
        }
        Ok(())
    }
}

/// A seen player's own cards, as their private note.
fn cards_note(hand_id: i64, hand: &Hand, seat: usize) -> PrivateNote {
    let cards = hand.seat(seat).map(|s| s.cards.clone()).unwrap_or_default();
    PrivateNote::Cards { hand_id, cards, value: hand.value_of(seat) }
}

fn dm_failed(result: Result<(), super::DmError>, user: u64) -> bool {
    match result {
        Ok(()) => false,
        Err(super::DmError::Closed) => true,
        Err(super::DmError::Failed(e)) => {
            tracing::warn!(user, error = %e, "DM failed");
            true
        }
    }
}
