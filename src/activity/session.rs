//! One WebSocket session: a player's window of the Activity.
//!
//! 1. The first frame, within [`HELLO`], is `hello` with the access token and the SDK's instance id. Discord
//!    says who holds the token (`/users/@me`) and where the instance runs and who is in it
//!    (`activity-instances`); a player the instance does not list or an instance outside a server is refused (an
//!    `error` frame, then close 1008), and what passes by itself with 1013, "try again later" (Discord not
//!    answering, the server's tables run by another process, the bot full). The client's word is taken for nothing
//!    else.
//! 2. The session follows the table of the instance's channel ([`TableService::watch`]): after each change,
//!    its `view` frame in the player's language (sent only when it differs from the last); the player's own
//!    cards and notes only once the table gives them (their See, as the Cards button shows them), never another's.
//!    With no table there, it looks again whenever this process opens a table (and every [`LOOK_AGAIN`]).
//! 3. `act` frames go to the table as a button click does: the `custom_id` parsed canonically and checked to be
//!    this channel's table, the client's key as the idempotency key (namespaced by player), the player's language
//!    for refusals, and the hand message edited after a change. At most [`BURST`] at once, then
//!    [`PER_SECOND`] a second; past that, `error` and nothing done.
//!
//! A frame over [`MAX_FRAME`] bytes closes the session with 1009; a frame that is not one of ours (binary,
//! malformed, unknown) gets one `error` and changes nothing. A session that has said nothing for [`IDLE`] (not
//! even a pong to the pings sent every [`PING`]) is closed, as is one that does not take a frame within
//! [`SEND_WITHIN`]. An action more than [`RECHECK`] after the last check with Discord is checked again (the
//! player still in the instance). A deleted player's sessions end at once (4001), a fifth window ends the
//! player's oldest (4000), and a stopping process ends them all (1012: reconnect).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use serde_json::Value;
use tokio::sync::watch;

use super::frame::{self, Incoming, Private};
use super::rest::Failure;
use super::{Activity, Pending};
use crate::i18n::Lang;
use crate::ids::{ChannelId, GuildId, TableId, UserId};
use crate::table::view::TableView;
use crate::table::{ButtonId, Command, Player, Request, TableService};

/// The largest frame a session takes (bytes); a longer one closes it with 1009 ("message too big").
pub const MAX_FRAME: usize = 16 * 1024;
/// What the socket reads at most: past [`MAX_FRAME`] so that a frame too big is read (and refused with 1009)
/// rather than failing the read; anything longer fails it, and is answered the same way.
pub const READ_LIMIT: usize = 64 * 1024;
/// How long a new session has to say `hello`.
const HELLO: Duration = Duration::from_secs(10);
/// Pings a session is sent, and how long it may say nothing (a pong counts) before it is closed.
const PING: Duration = Duration::from_secs(30);
const IDLE: Duration = Duration::from_secs(90);
/// How long one frame may take to send (a client that stops reading is closed).
const SEND_WITHIN: Duration = Duration::from_secs(10);
/// How long a check with Discord holds before an action asks again.
const RECHECK: Duration = Duration::from_secs(600);
/// How often a player without a kept name is looked up again.
const NAMES_AGAIN: Duration = Duration::from_secs(10);
/// How soon after its table's actor stopped a session looks for the channel's table again.
const LOOK_SOON: Duration = Duration::from_secs(1);

/// How often a session with no table in its channel looks for one besides when this process opens a table (a
/// table the store has that the service did not open: a tool's).
const LOOK_AGAIN: Duration = Duration::from_secs(30);
/// Actions a session may send at once, then a second.
const BURST: f64 = 5.0;
const PER_SECOND: f64 = 2.0;

/// Close codes: a policy refusal (sign-in, instance, limits), a refusal for now (Discord or the bot not answering,
/// another process running the server, too many sessions: the client tries again after a while), a frame too big,
/// a frame that breaks the protocol.
const POLICY: u16 = 1008;
const TRY_AGAIN: u16 = 1013;
const TOO_BIG: u16 = 1009;
const PROTOCOL: u16 = 1002;

/// Who the session is for and where, as Discord said.
struct Bound {
    me: UserId,
    /// Their name as Discord shows it (`/users/@me`), for their own seat.
    name: String,
    guild: GuildId,
    channel: ChannelId,
    lang: Lang,
    /// The instance it was checked with, and when: an action after [`RECHECK`] checks again.
    instance: String,
    checked: Instant,
}

/// The table the session follows now.
struct Following {
    table: TableId,
    rx: watch::Receiver<Option<Arc<TableView>>>,
}

struct Session {
    activity: Arc<Activity>,
    service: TableService,
    who: Bound,
    following: Option<Following>,
    /// When to look for the channel's table (while none is followed).
    look_at: Instant,
    /// Names shown for players (kept display names), and when each player without one was last looked up.
    names: HashMap<UserId, String>,
    asked: HashMap<UserId, Instant>,
    private: Private,
    /// The hand and action count the private notes were last asked at (asked again only after a change).
    notes_at: Option<(crate::ids::HandId, u32)>,
    /// The last `view` frame sent, to send only a change.
    last: String,
    /// The actions' bucket: tokens, and when last filled.
    bucket: (f64, Instant),
    /// When the client last said anything (a pong included).
    heard: Instant,
}

/// Sends one frame within [`SEND_WITHIN`]; false if the socket is gone or the client does not take it.
async fn send_message(socket: &mut WebSocket, message: Message) -> bool {
    matches!(tokio::time::timeout(SEND_WITHIN, socket.send(message)).await, Ok(Ok(())))
}

/// Sends one JSON frame; false if the socket is gone.
async fn send(socket: &mut WebSocket, frame: &Value) -> bool {
    send_message(socket, Message::Text(frame.to_string())).await
}

/// Closes with `code` (its reason a short word).
async fn close(socket: &mut WebSocket, code: u16, reason: &str) {
    let reason = std::borrow::Cow::Owned(reason.to_string());
    let _ = send_message(socket, Message::Close(Some(CloseFrame { code, reason }))).await;
}

/// The close code of a refusal: [`TRY_AGAIN`] for what passes by itself, [`POLICY`] for the rest.
fn refusal_code(id: &str) -> u16 {
    match id {
        "activity-unavailable" | "activity-elsewhere" | "activity-too-many" => TRY_AGAIN,
        _ => POLICY,
    }
}

/// Says why (an `error` frame) and closes with `code`.
async fn refuse(socket: &mut WebSocket, code: u16, lang: Lang, id: &str) {
    let _ = send(socket, &frame::error(crate::i18n::text(lang, id, None))).await;
    close(socket, code, id).await;
}

/// The close code for a read that failed: a frame past the read limit (1009), or one that breaks the protocol.
fn read_failure(e: &axum::Error) -> u16 {
    let text = e.to_string();
    if text.contains("too long") || text.contains("too big") || text.contains("Space limit") {
        TOO_BIG
    } else {
        PROTOCOL
    }
}

pub async fn run(activity: Arc<Activity>, mut socket: WebSocket, pending: Pending) {
    let lang = Lang::default();
    // The hello, within its time; anything else first is refused.
    let hello = match tokio::time::timeout(HELLO, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) if text.len() <= MAX_FRAME => Incoming::read(&text),
        Ok(Some(Ok(Message::Text(_) | Message::Binary(_)))) => {
            return refuse(&mut socket, TOO_BIG, lang, "activity-malformed").await;
        }
        Ok(Some(Err(e))) => return refuse(&mut socket, read_failure(&e), lang, "activity-malformed").await,
        Ok(Some(Ok(_))) | Err(_) => None,
        Ok(None) => return,
    };
    let Some(Incoming::Hello { token, instance }) = hello else {
        return refuse(&mut socket, POLICY, lang, "activity-malformed").await;
    };
    // Full (every session taken): said before anything is asked of Discord.
    if activity.full() {
        return refuse(&mut socket, TRY_AGAIN, lang, "activity-too-many").await;
    }
    let service = match wait_for_tables(&activity).await {
        Some(s) => s,
        None => return refuse(&mut socket, TRY_AGAIN, lang, "activity-unavailable").await,
    };
    let who = match sign_in(&activity, token, instance).await {
        Ok(who) => who,
        Err(id) => return refuse(&mut socket, refusal_code(id), lang, id).await,
    };
    drop(pending);
    let Some(slot) = activity.open_session(who.me) else {
        return refuse(&mut socket, TRY_AGAIN, who.lang, "activity-too-many").await;
    };
    tracing::info!(user = %who.me, channel = %who.channel, "an Activity session began");
    let now = Instant::now();
    let names = HashMap::from([(who.me, who.name.clone())]);
    let mut session = Session {
        activity: activity.clone(),
        service,
        who,
        following: None,
        look_at: now,
        names,
        asked: HashMap::new(),
        private: Private::default(),
        notes_at: None,
        last: String::new(),
        bucket: (BURST, now),
        heard: now,
    };
    session.serve(&mut socket, &slot.bell).await;
}

/// The table service, once the bot is connected (a session opened while it starts waits a little).
async fn wait_for_tables(activity: &Activity) -> Option<TableService> {
    let until = Instant::now() + super::STARTING;
    loop {
        if let (Some(s), Some(_)) = (activity.tables.get(), activity.application.get()) {
            return Some(s.clone());
        }
        if Instant::now() > until {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The refusal's catalogue id for a failed call to Discord (an unexpected one logged).
fn failed(f: Failure) -> &'static str {
    match f {
        Failure::Refused | Failure::Unauthorized => "activity-signed-out",
        Failure::Limited => "activity-unavailable",
        Failure::Unavailable(why) => {
            tracing::warn!(%why, "an Activity session could not be checked with Discord");
            "activity-unavailable"
        }
        Failure::Misconfigured(why) => {
            tracing::error!(%why, "an Activity session could not be checked with Discord");
            "activity-unavailable"
        }
    }
}

/// Who holds `token`, and where the instance runs, as Discord says; or the refusal's catalogue id.
async fn sign_in(activity: &Activity, token: String, instance: String) -> Result<Bound, &'static str> {
    let holder = activity.who_holds(&token).await.map_err(failed)?;
    let (guild, channel) = check_instance(activity, holder.user, &instance).await?;
    let lang = holder.lang.unwrap_or_default();
    Ok(Bound { me: holder.user, name: holder.name, guild, channel, lang, instance, checked: Instant::now() })
}

/// Where `instance` runs, if `me` is in it and it is in a server this process runs; or the refusal's id.
async fn check_instance(activity: &Activity, me: UserId, instance: &str) -> Result<(GuildId, ChannelId), &'static str> {
    let application = activity.application.get().copied().ok_or("activity-unavailable")?;
    if !Activity::may_call(&activity.sign_ins) {
        return Err("activity-unavailable");
    }
    let place = activity.rest.instance(application, instance).await.map_err(|f| match f {
        // An instance Discord does not know is one this player is not in.
        Failure::Refused => "activity-not-in-instance",
        other => failed(other),
    })?;
    if !place.users.contains(&me) {
        return Err("activity-not-in-instance");
    }
    let guild = place.guild.ok_or("activity-no-server")?;
    if !activity.shards.owns_guild(guild.get()) {
        return Err("activity-elsewhere");
    }
    Ok((guild, place.channel))
}

/// Waits for the followed table's next view: false once its actor has stopped. Never, if nothing is followed.
async fn changed(following: &mut Option<Following>) -> bool {
    match following {
        Some(f) => f.rx.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}

impl Session {
    async fn serve(&mut self, socket: &mut WebSocket, bell: &super::Bell) {
        if !send(socket, &frame::welcome(self.who.me, self.who.lang)).await {
            return;
        }
        let mut opened = self.service.opened();
        let mut ping = tokio::time::interval(PING);
        ping.tick().await;
        loop {
            let following = self.following.is_some();
            let look_at = tokio::time::Instant::from_std(self.look_at);
            tokio::select! {
                incoming = socket.recv() => {
                    self.heard = Instant::now();
                    match incoming {
                        Some(Ok(Message::Text(text))) if text.len() > MAX_FRAME => {
                            return refuse(socket, TOO_BIG, self.who.lang, "activity-malformed").await;
                        }
                        Some(Ok(Message::Text(text))) => {
                            if !self.on_frame(socket, &text).await {
                                return;
                            }
                        }
                        Some(Ok(Message::Binary(b))) if b.len() > MAX_FRAME => {
                            return refuse(socket, TOO_BIG, self.who.lang, "activity-malformed").await;
                        }
                        Some(Ok(Message::Binary(_))) => {
                            if !send(socket, &frame::error(self.text("activity-malformed"))).await {
                                return;
                            }
                        }
                        Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                        Some(Err(e)) => return refuse(socket, read_failure(&e), self.who.lang, "activity-malformed").await,
                        Some(Ok(Message::Close(_))) | None => return,
                    }
                }
                alive = changed(&mut self.following) => match alive {
                    true => {
                        let view = self.following.as_mut().and_then(|f| f.rx.borrow_and_update().clone());
                        if let Some(view) = view {
                            if !self.show(socket, &view).await {
                                return;
                            }
                        }
                    }
                    // The table's actor stopped (closed, or the service stopping): the channel's table is looked
                    // for again in a moment (not at once: an actor that cannot load would be started again and again).
                    false => {
                        self.following = None;
                        self.look_at = Instant::now() + LOOK_SOON;
                    }
                },
                // A table opened (here or in another channel: it looks).
                _ = opened.changed(), if !following => self.look_at = Instant::now(),
                () = tokio::time::sleep_until(look_at), if !following => {
                    self.look_at = Instant::now() + LOOK_AGAIN;
                    if !self.look_for_table(socket).await {
                        return;
                    }
                }
                _ = ping.tick() => {
                    if self.heard.elapsed() > IDLE {
                        return close(socket, POLICY, "idle").await;
                    }
                    if !send_message(socket, Message::Ping(Vec::new())).await {
                        return;
                    }
                }
                code = bell.rung() => return close(socket, code, "ended").await,
            }
        }
    }

    /// A catalogue message in the player's language.
    fn text(&self, id: &str) -> String {
        crate::i18n::text(self.who.lang, id, None)
    }

    /// Follows the table open in the channel, if there is one now, and shows it; with none, says so (once).
    /// False if the socket is gone.
    async fn look_for_table(&mut self, socket: &mut WebSocket) -> bool {
        let table = match self.service.table_in_channel(self.who.channel).await {
            Ok(Some(t)) => t,
            Ok(None) | Err(_) => {
                let none = frame::no_table(self.who.lang).to_string();
                if self.last == none {
                    return true;
                }
                self.last = none.clone();
                return send_message(socket, Message::Text(none)).await;
            }
        };
        let rx = self.service.watch(table);
        self.following = Some(Following { table, rx });
        // The table as it stands now (a look: the followers are not told of it).
        let status = Request::new(Player { id: self.who.me, admin: false }, Command::Status);
        match self.service.ask(table, status).await {
            Ok(update) => self.show(socket, &Arc::new(update.view)).await,
            Err(_) => true,
        }
    }

    /// Sends the `view` frame of `view` if it differs from the last; false if the socket is gone.
    async fn show(&mut self, socket: &mut WebSocket, view: &Arc<TableView>) -> bool {
        self.learn_names(view).await;
        self.refresh_private(view).await;
        let frame = frame::view(view, self.who.me, self.who.lang, &self.names, &self.private).to_string();
        if view.closed {
            self.following = None;
            self.look_at = Instant::now() + LOOK_SOON;
        }
        if frame == self.last {
            return true;
        }
        self.last = frame.clone();
        send_message(socket, Message::Text(frame)).await
    }

    /// Reads the kept display names of the players without one (bounded: a table seats a handful; a player with
    /// no name kept yet, who has not acted, is looked up again at most every [`NAMES_AGAIN`]).
    async fn learn_names(&mut self, view: &TableView) {
        let mut users: Vec<UserId> = view.seated.iter().map(|s| s.user).collect();
        users.extend(view.hand.iter().flat_map(|h| h.seats.iter().map(|s| s.user)));
        users.retain(|u| !self.names.contains_key(u) && self.asked.get(u).is_none_or(|at| at.elapsed() > NAMES_AGAIN));
        users.sort_unstable();
        users.dedup();
        if users.is_empty() || self.asked.len() > 256 {
            return;
        }
        let now = Instant::now();
        self.asked.extend(users.iter().map(|&u| (u, now)));
        if let Ok(found) = self.service.store().profiles(self.who.guild, &users).await {
            self.names.extend(found.into_iter().map(|(u, p)| (u, p.display_name)));
        }
    }

    /// Asks the table for this player's private notes of the hand in play when they may have new ones (seated,
    /// looked at their cards or a cobra hand, and an action since the last ask): as the Cards button does.
    async fn refresh_private(&mut self, view: &TableView) {
        let Some(hand) = view.hand.as_ref() else { return };
        if self.private.hand != Some(hand.hand_id) {
            self.private = Private { hand: Some(hand.hand_id), notes: Vec::new() };
        }
        let Some(seat) = hand.seat_of(self.who.me).and_then(|i| hand.seats.get(i)) else { return };
        let at = Some((hand.hand_id, hand.seq));
        if hand.outcome.is_some() || !(seat.seen || hand.plan.forehead) || self.notes_at == at {
            return;
        }
        self.notes_at = at;
        let table = view.table_id;
        let button = ButtonId { table, hand: Some(hand.hand_id), seq: hand.seq, command: Command::Cards };
        let me = Player { id: self.who.me, admin: false };
        let ask = Request { button: Some(button), ..Request::new(me, Command::Cards) };
        if let Ok(update) = self.service.ask(table, ask).await {
            self.private.notes = update.notes;
        }
    }

    /// One text frame from the client; false if the socket is gone.
    async fn on_frame(&mut self, socket: &mut WebSocket, text: &str) -> bool {
        let Some(Incoming::Act { id, key, values }) = Incoming::read(text) else {
            return send(socket, &frame::error(self.text("activity-malformed"))).await;
        };
        if !self.take_token() {
            return send(socket, &frame::refused(&key, self.text("activity-slow-down"))).await;
        }
        // Still in the instance (checked again after a while): a player who left it may no longer act.
        if self.who.checked.elapsed() > RECHECK {
            match check_instance(&self.activity, self.who.me, &self.who.instance).await {
                Ok(_) => self.who.checked = Instant::now(),
                // Discord not answering now (or the sign-ins' own limit spent, by a flood of others' forged
                // tokens): the player was in the instance at the last check; the action goes through, and the next
                // one asks again. Only Discord's answer ends a session.
                Err(why) if refusal_code(why) == TRY_AGAIN => {}
                Err(why) => {
                    refuse(socket, refusal_code(why), self.who.lang, why).await;
                    return false;
                }
            }
        }
        let answer = match self.act(&id, &key, values.as_deref()).await {
            Ok(menu) => frame::done(&key, menu),
            Err(message) => frame::refused(&key, message),
        };
        send(socket, &answer).await
    }

    /// Takes one action from the session's bucket, if there is one.
    fn take_token(&mut self) -> bool {
        let (tokens, at) = self.bucket;
        let now = Instant::now();
        let tokens = (tokens + now.duration_since(at).as_secs_f64() * PER_SECOND).min(BURST);
        self.bucket = (if tokens >= 1.0 { tokens - 1.0 } else { tokens }, now);
        tokens >= 1.0
    }

    /// An action, as a click on the button `id` in the channel: the same checks, the same path to the table. The
    /// menu it opened for this player alone (a draw's cards, a dealer's games), if any.
    async fn act(&mut self, id: &str, key: &str, values: Option<&[String]>) -> Result<Option<Value>, String> {
        let lang = self.who.lang;
        if id == frame::OPEN_TABLE {
            return self.open_table().await.map(|()| None);
        }
        let Some(button) = id.parse::<ButtonId>().ok().and_then(|b| b.with_values(values)) else {
            return Err(crate::tr!(lang, "error-button-not-recognised"));
        };
        // Only the table open in the instance's channel may be acted on (a forged id names another).
        match self.service.is_in_channel(button.table, self.who.channel).await {
            Ok(true) => {}
            Ok(false) => return Err(crate::tr!(lang, "error-table-closed")),
            Err(e) => return Err(e.text_in(lang)),
        }
        let player = Player { id: self.who.me, admin: false };
        let request = Request {
            button: Some(button),
            key: Some(idempotency_key(self.who.me, key)),
            edit_message: true,
            reader: Some(lang),
            ..Request::new(player, button.command)
        };
        let mut update = self.service.ask(button.table, request).await.map_err(|e| e.text_in(lang))?;
        let menu = update.menu.as_ref().map(|m| frame::menu(m, &update.private_view()));
        if self.following.as_ref().is_none_or(|f| f.table != button.table) {
            self.following = Some(Following { table: button.table, rx: self.service.watch(button.table) });
        }
        // What the answer carried for this player alone (their cards after See) is theirs to see.
        if let Some(h) = update.view.hand.as_ref() {
            if self.private.hand != Some(h.hand_id) {
                self.private = Private { hand: Some(h.hand_id), notes: Vec::new() };
            }
            for note in std::mem::take(&mut update.notes) {
                if !self.private.notes.iter().any(|n| format!("{n:?}") == format!("{note:?}")) {
                    self.private.notes.push(note);
                }
            }
        }
        Ok(menu)
    }
}

impl Session {
    /// Opens a table in the instance's channel as `/table open` with no options does (the server's default rules
    /// and turn time, six seats or fewer when the game deals more), the player seated, and its lobby posted in the
    /// channel (the message later changes edit). Refused as the command is: a table or a tournament there already,
    /// a boot over the server's cap.
    async fn open_table(&mut self) -> Result<(), String> {
        use crate::engine::hand::{MAX_SEATS, MIN_SEATS};
        let lang = self.who.lang;
        let settings = self.service.store().guild_settings(self.who.guild).await;
        let settings = settings.map_err(|e| crate::table::internal("reading a server's settings", e).text_in(lang))?;
        let rules = settings.default_rules.clone();
        let seats = rules.parts().map_or(MAX_SEATS, |p| p.max_seats()).clamp(MIN_SEATS, 6);
        let new = crate::store::NewTable {
            guild: self.who.guild,
            channel: self.who.channel,
            opener: self.who.me,
            rules,
            max_players: seats as u32,
            turn_seconds: settings
                .turn_seconds
                .clamp(*crate::table::TURN_SECONDS.start(), *crate::table::TURN_SECONDS.end()),
        };
        let update = self.service.open(new, Some(lang)).await.map_err(|e| e.text_in(lang))?;
        let table = update.view.table_id;
        // Followed before the post, whose view is then the first this session is sent.
        self.following = Some(Following { table, rx: self.service.watch(table) });
        let me = Player { id: self.who.me, admin: false };
        if let Err(e) = self.service.ask(table, Request::new(me, Command::Post)).await {
            tracing::warn!(error = %e, "could not post a table opened from the Activity");
        }
        Ok(())
    }
}

/// The idempotency key stored with an action from a session: the client's key, namespaced by the player so that
/// no client can replay another's, and hashed so that the stored key names nobody (`/privacy delete` leaves no id).
fn idempotency_key(me: UserId, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("{me}:{key}").as_bytes());
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("activity:{hex}")
}
