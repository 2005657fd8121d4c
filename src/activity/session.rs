//! One WebSocket session: a player's window of the Activity.
//!
//! 1. The first frame, within [`HELLO`], is `hello` with the access token and the SDK's instance id. Discord
//!    says who holds the token (`/users/@me`) and where the instance runs and who is in it
//!    (`activity-instances`); a player the instance does not list, an instance outside a server, or a server
//!    another process runs is refused (an `error` frame, then close 1008). The client's word is taken for
//!    nothing else.
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
//! malformed, unknown) gets one `error` and changes nothing. A deleted player's sessions end at once.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use serde_json::Value;
use tokio::sync::watch;

use super::frame::{self, Incoming, Private};
use super::rest::{self, Failure};
use super::Activity;
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
/// How often a session with no table in its channel looks for one besides when this process opens a table (a
/// table the store has that the service did not open: a tool's).
const LOOK_AGAIN: Duration = Duration::from_secs(30);
/// Actions a session may send at once, then a second.
const BURST: f64 = 5.0;
const PER_SECOND: f64 = 2.0;

/// Close codes: a policy refusal (sign-in, instance, limits) and a frame too big.
const POLICY: u16 = 1008;
const TOO_BIG: u16 = 1009;

/// Who the session is for and where, as Discord said.
struct Bound {
    me: UserId,
    guild: GuildId,
    channel: ChannelId,
    lang: Lang,
}

/// The table the session follows now.
struct Following {
    table: TableId,
    rx: watch::Receiver<Option<Arc<TableView>>>,
}

struct Session {
    service: TableService,
    who: Bound,
    following: Option<Following>,
    /// Names shown for players (kept display names), and the players already looked up.
    names: HashMap<UserId, String>,
    asked: HashSet<UserId>,
    private: Private,
    /// The last `view` frame sent, to send only a change.
    last: String,
    /// The actions' bucket: tokens, and when last filled.
    bucket: (f64, Instant),
}

/// Sends one JSON frame; false if the socket is gone.
async fn send(socket: &mut WebSocket, frame: &Value) -> bool {
    socket.send(Message::Text(frame.to_string())).await.is_ok()
}

/// Says why (an `error` frame) and closes with `code`.
async fn refuse(socket: &mut WebSocket, code: u16, lang: Lang, id: &str) {
    let _ = send(socket, &frame::error(crate::i18n::text(lang, id, None))).await;
    let reason = std::borrow::Cow::Owned(id.to_string());
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason }))).await;
}

pub async fn run(activity: Arc<Activity>, mut socket: WebSocket) {
    let lang = Lang::default();
    // The hello, within its time; anything else first is refused.
    let hello = match tokio::time::timeout(HELLO, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) if text.len() <= MAX_FRAME => Incoming::read(&text),
        Ok(Some(Ok(Message::Text(_)))) | Ok(Some(Err(_))) => {
            return refuse(&mut socket, TOO_BIG, lang, "activity-malformed").await;
        }
        Ok(Some(Ok(_))) | Err(_) => None,
        Ok(None) => return,
    };
    let Some(Incoming::Hello { token, instance }) =
        hello.filter(|h| matches!(h, Incoming::Hello { token, .. } if rest::valid_token(token)))
    else {
        return refuse(&mut socket, POLICY, lang, "activity-malformed").await;
    };
    let service = match wait_for_tables(&activity).await {
        Some(s) => s,
        None => return refuse(&mut socket, POLICY, lang, "activity-unavailable").await,
    };
    let who = match sign_in(&activity, &token, &instance).await {
        Ok(who) => who,
        Err(id) => return refuse(&mut socket, POLICY, lang, id).await,
    };
    drop(token);
    let Some((id, bell)) = activity.open_session(who.me) else {
        return refuse(&mut socket, POLICY, who.lang, "activity-too-many").await;
    };
    tracing::info!(user = %who.me, channel = %who.channel, "an Activity session began");
    let mut session = Session {
        service,
        who,
        following: None,
        names: HashMap::new(),
        asked: HashSet::new(),
        private: Private::default(),
        last: String::new(),
        bucket: (BURST, Instant::now()),
    };
    session.serve(&mut socket, &bell).await;
    activity.close_session(id);
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

/// Who holds `token`, and where the instance runs, as Discord says; or the refusal's catalogue id.
async fn sign_in(activity: &Activity, token: &str, instance: &str) -> Result<Bound, &'static str> {
    let failed = |f: Failure| match f {
        Failure::Refused => "activity-signed-out",
        Failure::Limited => "activity-unavailable",
        Failure::Unavailable(why) => {
            tracing::warn!(%why, "an Activity session could not be checked with Discord");
            "activity-unavailable"
        }
    };
    let application = activity.application.get().copied().ok_or("activity-unavailable")?;
    let me = activity.rest.me(token).await.map_err(failed)?;
    let lang = me.locale.as_deref().and_then(Lang::from_discord_locale);
    let place = activity.rest.instance(application, instance).await.map_err(|f| match f {
        // An instance Discord does not know is one this player is not in.
        Failure::Refused => "activity-not-in-instance",
        other => failed(other),
    })?;
    let me_id = UserId(me.id);
    if !place.users.contains(&me_id) {
        return Err("activity-not-in-instance");
    }
    let guild = place.guild.ok_or("activity-no-server")?;
    if !activity.shards.owns_guild(guild.get()) {
        return Err("activity-elsewhere");
    }
    Ok(Bound { me: me_id, guild, channel: place.channel, lang: lang.unwrap_or_default() })
}

impl Session {
    async fn serve(&mut self, socket: &mut WebSocket, bell: &tokio::sync::Notify) {
        if !send(socket, &frame::welcome(self.who.me, self.who.lang)).await {
            return;
        }
        self.look_for_table(socket).await;
        let mut opened = self.service.opened();
        loop {
            let following = self.following.is_some();
            tokio::select! {
                incoming = socket.recv() => match incoming {
                    Some(Ok(Message::Text(text))) if text.len() > MAX_FRAME => {
                        return refuse(socket, TOO_BIG, self.who.lang, "activity-malformed").await;
                    }
                    Some(Ok(Message::Text(text))) => {
                        if !self.on_frame(socket, &text).await {
                            return;
                        }
                    }
                    Some(Ok(Message::Binary(_))) => {
                        if !send(socket, &frame::error(self.text("activity-malformed"))).await {
                            return;
                        }
                    }
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    // Past the read limit (or a broken frame): refused as too big, then closed.
                    Some(Err(_)) => return refuse(socket, TOO_BIG, self.who.lang, "activity-malformed").await,
                    Some(Ok(Message::Close(_))) | None => return,
                },
                alive = changed(&mut self.following) => match alive {
                    true => {
                        let view = self.following.as_mut().and_then(|f| f.rx.borrow_and_update().clone());
                        if let Some(view) = view {
                            if !self.show(socket, &view).await {
                                return;
                            }
                        }
                    }
                    // The table's actor stopped (closed, or the service stopping): look for the channel's table.
                    false => {
                        self.following = None;
                        self.look_for_table(socket).await;
                    }
                },
                // A table opened (here or in another channel: it looks), or a while gone by.
                _ = opened.changed(), if !following => self.look_for_table(socket).await,
                () = tokio::time::sleep(LOOK_AGAIN), if !following => self.look_for_table(socket).await,
                () = bell.notified() => {
                    let _ = socket.send(Message::Close(Some(CloseFrame { code: 1000, reason: "ended".into() }))).await;
                    return;
                }
            }
        }
    }
}

/// Waits for the followed table's next view: false once its actor has stopped. Never, if nothing is followed.
async fn changed(following: &mut Option<Following>) -> bool {
    match following {
        Some(f) => f.rx.changed().await.is_ok(),
        None => std::future::pending().await,
    }
}

impl Session {
    /// A catalogue message in the player's language.
    fn text(&self, id: &str) -> String {
        crate::i18n::text(self.who.lang, id, None)
    }

    /// Follows the table open in the channel, if there is one now, and shows it; with none, says so (once).
    async fn look_for_table(&mut self, socket: &mut WebSocket) {
        let table = match self.service.table_in_channel(self.who.channel).await {
            Ok(Some(t)) => t,
            Ok(None) | Err(_) => {
                let none = frame::no_table(self.who.lang).to_string();
                if self.last != none {
                    self.last = none.clone();
                    let _ = socket.send(Message::Text(none)).await;
                }
                return;
            }
        };
        let rx = self.service.watch(table);
        self.following = Some(Following { table, rx });
        // The table as it stands now (a look: the followers are not told of it).
        let status = Request::new(Player { id: self.who.me, admin: false }, Command::Status);
        if let Ok(update) = self.service.ask(table, status).await {
            self.show(socket, &Arc::new(update.view)).await;
        }
    }

    /// Sends the `view` frame of `view` if it differs from the last; false if the socket is gone.
    async fn show(&mut self, socket: &mut WebSocket, view: &Arc<TableView>) -> bool {
        self.learn_names(view).await;
        self.refresh_private(view).await;
        let frame = frame::view(view, self.who.me, self.who.lang, &self.names, &self.private).to_string();
        if view.closed {
            self.following = None;
        }
        if frame == self.last {
            return true;
        }
        self.last = frame.clone();
        socket.send(Message::Text(frame)).await.is_ok()
    }

    /// Reads the kept display names of the players not looked up yet (bounded: a table seats a handful).
    async fn learn_names(&mut self, view: &TableView) {
        let mut users: Vec<UserId> = view.seated.iter().map(|s| s.user).collect();
        users.extend(view.hand.iter().flat_map(|h| h.seats.iter().map(|s| s.user)));
        users.retain(|u| !self.asked.contains(u));
        users.sort_unstable();
        users.dedup();
        if users.is_empty() || self.asked.len() > 256 {
            return;
        }
        self.asked.extend(users.iter().copied());
        if let Ok(found) = self.service.store().profiles(self.who.guild, &users).await {
            self.names.extend(found.into_iter().map(|(u, p)| (u, p.display_name)));
        }
    }

    /// Asks the table for this player's private notes of the hand in play, when they may have some (seated,
    /// and looked at their cards, or a cobra hand where each sees the others'): as the Cards button does.
    async fn refresh_private(&mut self, view: &TableView) {
        let Some(hand) = view.hand.as_ref() else { return };
        if self.private.hand != Some(hand.hand_id) {
            self.private = Private { hand: Some(hand.hand_id), notes: Vec::new() };
        }
        let Some(seat) = hand.seat_of(self.who.me).and_then(|i| hand.seats.get(i)) else { return };
        if hand.outcome.is_some() || !(seat.seen || hand.plan.forehead) {
            return;
        }
        let table = view.table_id;
        let button = ButtonId { table, hand: Some(hand.hand_id), seq: hand.seq, command: Command::Cards };
        let ask =
            Request { button: Some(button), ..Request::new(Player { id: self.who.me, admin: false }, Command::Cards) };
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
        let answer = match self.act(&id, &key, values.as_deref()).await {
            Ok(()) => frame::done(&key),
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

    /// An action, as a click on the button `id` in the channel: the same checks, the same path to the table.
    async fn act(&mut self, id: &str, key: &str, values: Option<&[String]>) -> Result<(), String> {
        let lang = self.who.lang;
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
            // A click's key is its interaction id; a session's is namespaced, so no client can replay another's.
            key: Some(format!("activity:{}:{key}", self.who.me)),
            edit_message: true,
            reader: Some(lang),
            ..Request::new(player, button.command)
        };
        let update = self.service.ask(button.table, request).await.map_err(|e| e.text_in(lang))?;
        if self.following.as_ref().is_none_or(|f| f.table != button.table) {
            self.following = Some(Following { table: button.table, rx: self.service.watch(button.table) });
        }
        // What the answer carried for this player alone (their cards after See) is theirs to see.
        if let Some(h) = update.view.hand.as_ref() {
            if self.private.hand != Some(h.hand_id) {
                self.private = Private { hand: Some(h.hand_id), notes: Vec::new() };
            }
            for note in update.notes {
                if !self.private.notes.iter().any(|n| format!("{n:?}") == format!("{note:?}")) {
                    self.private.notes.push(note);
                }
            }
        }
        Ok(())
    }
}
