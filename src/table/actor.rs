//! One table's actor: its state, the loop that takes one request at a time,
//! and the two timers (the turn timer and the next deal). Each job the loop
//! dispatches to has its own file beside this one.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;
use tokio::time::Instant;

use super::view::{PrivateNote, Update};
use super::{Asked, Command, Deps, Msg, Request, UserError};
use crate::engine::fair::Seed;
use crate::engine::{Audience, Event, EventKind, Hand};
use crate::i18n::{Lang, PrivateLanguage};
use crate::ids::{HandId, TableId, UserId};
use crate::store::{FairDeal, SeatRow, TableRow};

/// A moment the actor waits for: when it falls (for the timer) and the same
/// moment in unix seconds (for Discord's `<t:…:R>` countdowns).
#[derive(Clone, Copy, Debug)]
pub(super) struct Deadline {
    pub at: Instant,
    pub unix: i64,
}

impl Deadline {
    /// `d` from now.
    pub fn after(d: Duration) -> Deadline {
        Deadline { at: Instant::now() + d, unix: crate::clock::now_unix() + d.as_secs().max(1) as i64 }
    }
}

/// A hand in play (or just finished, until the next deal).
pub(super) struct Live {
    pub hand_id: HandId,
    pub hand: Hand,
    /// Seat i is `users[i]`.
    pub users: Vec<UserId>,
    /// Public events so far.
    pub log: PublicLog,
    /// When the seat to act runs out of time.
    pub deadline: Option<Deadline>,
    /// Private notes this hand (the Cards button shows them again).
    pub notes: Notes,
    /// The hand was cancelled (its message could not be posted, or the bot may no longer show it), with the
    /// refund's reason, but its refund is not on disk yet: nobody may act in it, and the turn timer retries the
    /// refund instead of playing it.
    pub cancelled: Option<&'static str>,
    /// The deal's commitment, secret seed and entropy (boxed: shown at the deal and revealed at the end, read
    /// rarely); `None` for a hand dealt before provably fair deals.
    pub fair: Option<Box<FairDeal>>,
}

/// A hand's public events so far, which its message shows. A live table keeps them for the whole hand, so they
/// are kept small: only each event's kind (every one is public; 56 bytes an event rather than 80), in a list
/// grown to its exact length (grown by doubling, up to half of it would be unused).
#[derive(Default)]
pub(super) struct PublicLog(Vec<EventKind>);

impl PublicLog {
    /// The public ones of `events`.
    pub fn of(events: &[Event]) -> PublicLog {
        let mut log = PublicLog::default();
        log.extend(events);
        log
    }

    /// Adds the public ones of `events`.
    pub fn extend(&mut self, events: &[Event]) {
        let public = || events.iter().filter(|e| e.audience.is_public());
        self.0.reserve_exact(public().count());
        self.0.extend(public().map(|e| e.kind.clone()));
    }

    /// The events, as the engine gave them.
    pub fn events(&self) -> Vec<Event> {
        self.0.iter().map(|kind| Event { audience: Audience::All, kind: kind.clone() }).collect()
    }
}

/// A hand's private notes, each with the player it is for, in the order they came. A flat list grown to its exact
/// length: a map of lists held a table, a list and its spare room per player, for a handful of notes a hand.
#[derive(Default)]
pub(super) struct Notes(Vec<(UserId, PrivateNote)>);

impl Notes {
    pub fn push(&mut self, user: UserId, note: PrivateNote) {
        self.0.reserve_exact(1);
        self.0.push((user, note));
    }

    /// `user`'s notes, oldest first.
    pub fn of(&self, user: UserId) -> Vec<PrivateNote> {
        self.0.iter().filter(|(u, _)| *u == user).map(|(_, note)| note.clone()).collect()
    }
}

impl Live {
    pub fn in_play(&self) -> bool {
        !self.hand.is_over()
    }

    pub fn seat_of(&self, user: UserId) -> Option<usize> {
        self.users.iter().position(|&u| u == user)
    }
}

pub(super) struct Table {
    pub deps: Arc<Deps>,
    pub row: TableRow,
    pub seats: Vec<SeatRow>,
    /// Hands are dealt automatically (after the first Start).
    pub running: bool,
    pub closed: bool,
    /// The table's channel was deleted (`refused.rs`): nothing is posted or edited there any more.
    pub channel_gone: bool,
    /// Someone follows the table (an Activity's session, `TableService::watch`): its views then carry what each
    /// seat may do (`HandView::legal_of`), which nothing else needs.
    pub followed: bool,
    pub live: Option<Live>,
    pub next_hand: Option<Deadline>,
    pub last_dealer: Option<UserId>,
    /// Who won the table's last hand (its first winner left of the dealer): the next dealer under
    /// `deal_order=winner`.
    pub last_winner: Option<UserId>,
    /// Paused by a full disk: when to ask the store again whether there is room (see `pause.rs`).
    pub paused: Option<Instant>,
    /// At a dealers_choice table, between hands: the next hand's dealer is choosing its game (`pick.rs`). Boxed:
    /// every live table carries the field, and few are choosing.
    pub picking: Option<Box<super::pick::Picking>>,
    /// The last choice's round (a prompt's buttons carry theirs). It starts from the clock, so a prompt left by
    /// an earlier process is not taken for a new one.
    pub picks: u32,
    /// The secret seed of the table's next hand; its commitment is shown before that hand's entropy can be given.
    pub next_secret: Option<Seed>,
    /// The language of the table's server: read at the actor's start and at each deal (`/config set language`
    /// takes effect from the next hand).
    pub lang: Lang,
    /// The language of the server's private answers (`private_language`); read with `lang`.
    pub private_language: PrivateLanguage,
    /// Who asked the request in hand (None between requests): their private answers are in `private_lang()`.
    pub asker: Option<UserId>,
    /// Each player's own language from their last request here, for the DMs sent without one.
    pub readers: std::collections::HashMap<UserId, Lang>,
    /// When the computer player to act acts (`bots.rs`).
    pub bot_turn: Option<super::bots::BotTurn>,
    /// The computer players' memory (boxed, made at the first decision: most tables have none).
    pub brain: Option<Box<crate::engine::bot::Brain>>,
}

/// How an actor gets its table.
pub(super) enum Start {
    /// Read from the store, picking up whatever a previous process left live.
    Load(Arc<Deps>, TableId),
    /// A table just opened (the row the store returned): no seats and no hands yet, so nothing to read or recover.
    Opened(Box<Table>),
}

pub(super) async fn run(start: Start, mut rx: mpsc::Receiver<Msg>, shown: super::Shown) {
    // The future of this loop lives as long as the table: it keeps the table's state and the two waits (the
    // channel, the timer), while each job it awaits is boxed and lives only while it runs (loading, a request,
    // a timer). Inline, the largest job would be carried by every idle table.
    let loaded = match start {
        Start::Load(deps, table_id) => Box::pin(Table::load(deps, table_id)).await,
        Start::Opened(table) => Ok(Some(table)),
    };
    let mut table = match loaded {
        // Closed or unknown: answer whatever was queued, then stop.
        Ok(None) => return refuse_queued(rx, UserError::table_closed()).await,
        Ok(Some(t)) => t,
        Err(e) => {
            tracing::error!(error = %e, "could not load the table");
            return refuse_queued(rx, UserError::internal_error()).await;
        }
    };
    // The next hand's seed, committed to (on the lobby, the hand message) before anyone can give entropy: made for a
    // new table, read back for a loaded one.
    Box::pin(table.ensure_next_secret()).await;
    table.refresh_lang().await;
    // A hand resumed after a restart may be waiting for a computer player.
    table.schedule_bot();
    // This table's share of the live gauges (tables, hands, pots), given back when the actor ends.
    let mut gauge = crate::metrics::TableGauge::start();
    gauge.report(table.gauged());
    table.publish(&shown);
    loop {
        let wake = table.next_wake();
        tokio::select! {
            // In the order written, not at random: a request and a due timer ready together are taken the same way
            // every time, so a seeded simulation replays exactly (docs/chaos.md). The queue is bounded: a timer waits
            // at most for the requests already in it.
            biased;
            msg = rx.recv() => match msg {
                Some(Msg::Request(asked)) => {
                    // Followed now (a session may have begun to follow just before asking).
                    table.followed = shown.receiver_count() > 0;
                    // A look changes nothing, nor does a refusal: nothing to publish (a follower's own looks
                    // would echo for ever, and a refused click costs its followers nothing).
                    let look = asked.request.command.is_look();
                    let changed = Box::pin(table.handle(*asked)).await;
                    if changed && !look {
                        table.publish(&shown);
                    }
                }
                Some(Msg::Shutdown) | None => break,
            },
            () = sleep_until(wake), if wake.is_some() => {
                table.followed = shown.receiver_count() > 0;
                Box::pin(table.on_timer()).await;
                table.publish(&shown);
            }
        }
        table.schedule_bot();
        gauge.report(table.gauged());
        if table.closed {
            return refuse_queued(rx, UserError::table_closed()).await;
        }
    }
}

/// Stops taking requests and answers every one already queued with `why`.
async fn refuse_queued(mut rx: mpsc::Receiver<Msg>, why: UserError) {
    rx.close();
    while let Some(msg) = rx.recv().await {
        if let Msg::Request(asked) = msg {
            asked.responder.respond(Err(why.clone())).await;
        }
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

impl Table {
    /// A table between hands, not dealing, as stored. Boxed: the actor's loop keeps a pointer, so its future
    /// (which lives as long as the table) does not carry the table twice, once as the loaded value and once as
    /// the table it plays.
    pub fn new(deps: Arc<Deps>, row: TableRow, seats: Vec<SeatRow>) -> Box<Table> {
        Box::new(Table {
            deps,
            row,
            seats,
            running: false,
            closed: false,
            channel_gone: false,
            followed: false,
            live: None,
            next_hand: None,
            last_dealer: None,
            last_winner: None,
            paused: None,
            picking: None,
            picks: crate::clock::now_unix() as u32,
            next_secret: None,
            lang: Lang::En,
            private_language: PrivateLanguage::Server,
            asker: None,
            readers: Default::default(),
            bot_turn: None,
            brain: None,
        })
    }

    pub fn id(&self) -> TableId {
        self.row.id
    }

    /// Reads the server's language again (a failed read keeps the one the table has).
    pub async fn refresh_lang(&mut self) {
        match self.deps.store.guild_settings(self.row.guild).await {
            Ok(s) => {
                self.lang = s.language;
                self.private_language = s.private_language;
            }
            Err(e) => tracing::warn!(error = %e, "could not read the server's language"),
        }
    }

    /// The language to write `user`'s private notes in: the table's, or under `private_language=reader` their own.
    pub fn lang_for(&self, user: UserId) -> Lang {
        self.private_language.for_reader(self.lang, self.readers.get(&user).copied())
    }

    /// The language of the private answers to the request in hand: the table's, or under
    /// `private_language=reader` the asker's own.
    pub fn private_lang(&self) -> Lang {
        self.asker.map_or(self.lang, |u| self.lang_for(u))
    }

    /// Takes the asker of a request, and keeps their own language (their interaction's locale, when the catalogue
    /// has it) for their private answers and later DMs. A request without one (made by the service for a player,
    /// or from a locale the catalogue lacks) keeps what was known.
    fn note_reader(&mut self, user: UserId, reader: Option<Lang>) {
        // Bounded: a busy channel's onlookers do not grow a table's memory without end.
        if let Some(l) = reader.filter(|_| self.readers.len() < 64 || self.readers.contains_key(&user)) {
            self.readers.insert(user, l);
        }
        self.asker = Some(user);
    }

    /// The turn timer. Players set it within [`TURN_SECONDS`](super::TURN_SECONDS); a table stored with
    /// another value (a tool, an older version) keeps it, within this safety bound.
    pub fn turn_duration(&self) -> Duration {
        Duration::from_secs(self.row.turn_seconds.clamp(1, 3600).unsigned_abs())
    }

    /// What the metrics count of this table now (`crate::metrics::TableGauge`).
    fn gauged(&self) -> crate::metrics::TableState {
        let hand =
            self.live.as_ref().map(|l| (l.hand_id.get(), l.hand.pot(), l.in_play(), l.hand.rules().variant.name()));
        let cancelled = self.live.as_ref().is_some_and(|l| l.cancelled.is_some());
        crate::metrics::TableState { hand, cancelled, paused: self.paused.is_some() }
    }

    /// The hand in play, if one is (not one that just ended).
    pub fn in_play(&self) -> Option<&Live> {
        self.live.as_ref().filter(|l| l.in_play())
    }

    pub fn seated(&self, user: UserId) -> bool {
        self.seats.iter().any(|s| s.user == user)
    }

    fn next_wake(&self) -> Option<Instant> {
        // Paused, the turn timer and the next deal wait: nobody can act, so nobody times out.
        if self.paused.is_some() {
            return self.paused;
        }
        let turn = self.in_play().and_then(|l| l.deadline).map(|d| d.at);
        let pick = self.picking.as_ref().map(|p| p.at.at);
        let bot = self.bot_turn.map(|t| t.at);
        [turn, self.next_hand.map(|d| d.at), pick, bot].into_iter().flatten().min()
    }

    /// Publishes the table as it stands to whoever follows it (nothing is built while nobody does). Each
    /// request that is not a look, and each timer, publishes, changed or not: a follower compares what it shows.
    fn publish(&mut self, shown: &super::Shown) {
        self.followed = shown.receiver_count() > 0;
        if self.followed {
            shown.send_replace(Some(Arc::new(self.view())));
        }
    }

    /// The answer to a request: the table as it now stands, and what the request did.
    pub fn update(&self, events: Vec<Event>, notes: Vec<PrivateNote>, notice: Option<String>) -> Update {
        Update {
            view: self.view(),
            events,
            notes,
            notice,
            dm_closed: false,
            menu: None,
            private_lang: self.private_lang(),
        }
    }

    /// Redraws the current hand message (after a change no click's answer carries); a failure is logged.
    pub async fn redraw(&mut self, after: &str) {
        let view = self.view();
        if view.message_id.is_none() || self.channel_gone {
            return;
        }
        if let Err(e) = self.deps.presenter.edit_hand(&view).await {
            Box::pin(self.refused(&e, after)).await;
        }
    }

    /// Answers one request; whether it was done (not refused).
    async fn handle(&mut self, asked: Asked) -> bool {
        let Asked { request, responder } = asked;
        let Request { player, command, button, key, edit_message, options, reader } = request;
        self.note_reader(player.id, reader);
        let key = key.as_deref();
        // Paused, a change is tried only once the store has room again; a look (status, my cards) is answered.
        let look = command.is_look();
        if self.paused.is_some() && !look && !self.try_resume().await {
            responder.respond(Err(UserError::disk_full().in_lang(self.private_lang()))).await;
            self.asker = None;
            return false;
        }
        let lobby = matches!(
            command,
            Command::Join | Command::Leave | Command::Close | Command::AddBot(_) | Command::RemoveBot
        );
        if lobby && self.tournament().is_some() {
            if let Err(e) = self.tournament_refusal(player, command == Command::Join).await {
                responder.respond(Err(e.in_lang(self.private_lang()))).await;
                self.asker = None;
                return false;
            }
        }
        let result = match command {
            Command::Join => self.join(player).await,
            Command::Leave => self.leave(player, key).await,
            Command::Start => self.start(player).await,
            Command::Close => self.close(player).await,
            Command::EndTournament => {
                self.close_now().await.map(|notice| self.update(Vec::new(), Vec::new(), Some(notice)))
            }
            Command::Back => self.back(player).await,
            Command::Status => Ok(self.update(Vec::new(), Vec::new(), None)),
            Command::Cards => self.cards(player, button),
            Command::DrawMenu => self.draw_menu(player, button),
            Command::PickMenu => self.pick_menu(player, button),
            Command::Pick(variant) => self.pick(player, variant, options.as_deref(), button).await,
            Command::Play(action) => self.play(player, action, button, key).await,
            Command::Entropy => self.give_entropy(player, options.as_deref().unwrap_or("")).await,
            Command::AddBot(level) => self.add_bot(player, level).await,
            Command::RemoveBot => self.remove_bot(player, key).await,
            Command::Odds => self.odds(player),
            Command::ChannelGone => self.channel_gone().await,
            Command::MessageGone(message) => self.message_gone(message).await,
            Command::Silenced => self.silenced().await,
            Command::Post => self.post_table().await,
        };
        // A change the hand message shows (a seat taken or left between hands, I'm back) is redrawn too.
        let seats = matches!(command, Command::Join | Command::Leave | Command::Back);
        if edit_message && result.as_ref().is_ok_and(|u| !u.events.is_empty() || seats) {
            self.redraw("after a command").await;
        }
        if result.as_ref().is_err_and(UserError::is_disk_full) {
            self.pause().await;
        }
        // A refusal is written in the asker's private language (the table's, unless the server answers each
        // reader in their own).
        let done = result.is_ok();
        responder.respond(result.map_err(|e| e.in_lang(self.private_lang()))).await;
        self.asker = None;
        done
    }

    async fn on_timer(&mut self) {
        if self.paused.is_some() {
            self.try_resume().await;
            return;
        }
        if self.live.as_ref().is_some_and(|l| l.cancelled.is_some()) {
            // A refund that failed is retried; the hand is settled only once it is on disk.
            let _ = self.refund_cancelled().await;
            return;
        }
        let now = Instant::now();
        if self.bot_turn.is_some_and(|t| t.at <= now) {
            return self.bot_act().await;
        }
        let turn_due = self.in_play().and_then(|l| l.deadline.filter(|d| d.at <= now).and(l.hand.to_act()));
        if let Some(seat) = turn_due {
            self.timeout(seat).await;
            return;
        }
        let next_hand_due = self.next_hand.is_some_and(|d| d.at <= now);
        let pick_due = self.picking.as_ref().is_some_and(|p| p.at.at <= now);
        if next_hand_due || pick_due {
            self.next_hand = None;
            let dealt = if pick_due { self.pick_timed_out().await } else { self.deal_next().await };
            if let Err(e) = dealt {
                if e.is_disk_full() {
                    // Dealt once there is room again.
                    return self.pause().await;
                }
                tracing::info!(reason = %e, "no new hand dealt");
                // The last hand's message announced this deal: it now waits for players instead.
                if self.live.is_some() {
                    self.redraw("after a deal that did not happen").await;
                }
            }
        }
    }
}
