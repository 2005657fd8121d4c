//! The stand-in's state (users, channels, messages, DMs, ephemerals, interactions, requests) and the JSON
//! objects it hands to the bot. Every object it hands out is first deserialized with serenity's own types
//! (`check_with_serenity`), so a bad fixture shows up as a violation instead of being silently dropped.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::de::DeserializeOwned;
use serde_json::{json, Value};

/// Permission bits used in member objects.
pub const PERM_MANAGE_GUILD: u64 = 1 << 5;
/// VIEW_CHANNEL | SEND_MESSAGES | EMBED_LINKS | READ_MESSAGE_HISTORY | ADD_REACTIONS | USE_APPLICATION_COMMANDS
pub const PERM_MEMBER: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 16) | (1 << 6) | (1 << 31);
/// What the bot itself may do in every channel unless a test takes some away (`app_permissions`): exactly what
/// the README's invite link asks for (117760: View Channel, Send Messages, Embed Links, Attach Files, Read
/// Message History), and nothing more.
pub const PERM_BOT: u64 = 117_760;
/// Permission bits the stand-in checks on the bot's own posts and edits.
pub const PERM_VIEW_CHANNEL: u64 = 1 << 10;
pub const PERM_SEND_MESSAGES: u64 = 1 << 11;
pub const PERM_EMBED_LINKS: u64 = 1 << 14;
pub const PERM_ATTACH_FILES: u64 = 1 << 15;

/// One HTTP request the bot made, as the stand-in saw it.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: String,
    /// Route template in the OpenAPI spec's spelling, with the method, e.g. `POST /channels/{channel_id}/messages`.
    /// Unknown routes keep their concrete path.
    pub route: String,
    /// Concrete path after `/api/v10`, e.g. `/channels/123/messages`.
    pub path: String,
    pub body: Option<Value>,
    pub status: u16,
    pub at: Instant,
    /// false for a route the stand-in does not know (answered 404).
    pub known: bool,
    /// The files of a multipart request (its `payload_json` is `body`).
    pub files: Vec<Upload>,
}

/// One file part of a multipart request.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The form field: `files[N]`.
    pub field: String,
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

#[derive(Clone, Debug)]
pub struct UserRec {
    pub id: u64,
    pub name: String,
    pub admin: bool,
    pub bot: bool,
    /// Discord error code answered (403) when the bot DMs this user.
    pub dm_block: Option<u32>,
    pub dm_channel: Option<u64>,
    /// When the user joined the guild (unix seconds); None: not a member (no member object is sent for them).
    pub joined_at: Option<i64>,
    /// The user's Discord language, sent as each of their interactions' `locale` (None: `en-US`).
    pub locale: Option<String>,
}

/// When the stand-in's members joined their guild unless a test says otherwise: 2024-01-01.
pub const JOINED_AT: i64 = 1_704_067_200;

#[derive(Clone, Debug)]
pub struct ChannelRec {
    pub id: u64,
    pub name: String,
    /// `Some(user)` for a DM channel with that user.
    pub dm_user: Option<u64>,
    /// The guild of a guild channel (0 for a DM channel).
    pub guild_id: u64,
    /// What the bot may do in this channel (`app_permissions` of its interactions; checked on its posts and
    /// edits as Discord checks them). [`PERM_BOT`] unless a test takes some away.
    pub bot_permissions: u64,
    /// A staff-only channel: its overwrite for @everyone (the role whose id is the guild's) denies View Channel.
    pub everyone_denied: bool,
}

/// One shard's gateway session: its events, numbered, kept for a RESUME.
#[derive(Clone, Debug, Default)]
pub struct Session {
    pub session_id: Option<String>,
    pub seq: u64,
    /// Dispatches of the current session (seq, name, data), replayed on RESUME.
    pub log: Vec<(u64, String, Value)>,
    /// A connection runs this session now.
    pub live: bool,
}

/// A dispatch the stand-in sent (or queued) on a shard's session.
#[derive(Clone, Debug)]
pub struct Delivery {
    pub shard: u32,
    pub event: String,
    /// For INTERACTION_CREATE, the interaction's id.
    pub interaction: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct MessageRec {
    pub id: u64,
    pub channel_id: u64,
    /// The full message object, in its current state (after edits).
    pub json: Value,
    pub deleted: bool,
    /// `Some(user)` for an ephemeral interaction reply only that user sees.
    pub ephemeral_for: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct CallbackRec {
    pub kind: u8,
    pub data: Value,
    pub at: Instant,
}

#[derive(Clone, Debug)]
pub struct InteractionRec {
    pub id: u64,
    pub token: String,
    /// 2 = application command, 3 = message component, 4 = autocomplete.
    pub kind: u8,
    pub user: u64,
    pub channel: u64,
    pub created: Instant,
    pub callbacks: Vec<CallbackRec>,
    /// The message the interaction's original response lives in (the reply, or for type 6/7 the clicked message).
    pub original: Option<u64>,
    pub followups: Vec<u64>,
    /// For a component interaction, the message whose button was clicked.
    pub source_message: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct Fault {
    pub pattern: String,
    pub status: u16,
    /// Discord's JSON error code sent with it (`None`: the one Discord gives for that status on that route).
    pub code: Option<u32>,
    pub remaining: usize,
}

/// A request Discord refused for good (403, 404): the same request again soon after is a retry Discord counts
/// against the bot (and a violation here).
#[derive(Clone, Debug)]
pub struct Refused {
    pub at: Instant,
    pub method: String,
    pub path: String,
    pub body: Option<Value>,
    pub status: u16,
}

/// A request that hangs: the stand-in waits this long before answering (a stalled connection), or, `after`, takes
/// effect at once and holds only its answer back (a slow way back).
#[derive(Clone, Debug)]
pub struct Stall {
    pub pattern: String,
    pub remaining: usize,
    pub delay: std::time::Duration,
    pub after: bool,
}

#[derive(Clone, Debug)]
pub struct Violation {
    pub route: String,
    pub message: String,
}

/// A command the bot registered, with the id the stand-in gave it.
#[derive(Clone, Debug)]
pub struct RegisteredCommand {
    pub id: u64,
    pub guild_id: Option<u64>,
    pub json: Value,
}

#[derive(Debug)]
pub struct State {
    pub next_id: u64,
    pub app_id: u64,
    /// The default guild (the first of `guilds`).
    pub guild_id: u64,
    /// Every guild the bot is in, the default one first.
    pub guilds: Vec<u64>,
    pub users: BTreeMap<u64, UserRec>,
    pub channels: BTreeMap<u64, ChannelRec>,
    pub messages: BTreeMap<u64, MessageRec>,
    pub interactions: BTreeMap<u64, InteractionRec>,
    pub commands: Vec<RegisteredCommand>,
    /// Every `PUT .../commands` body, in order.
    pub registrations: Vec<Value>,
    pub requests: Vec<RecordedRequest>,
    pub violations: Vec<Violation>,
    pub faults: Vec<Fault>,
    pub stalls: Vec<Stall>,
    // gateway
    pub identifies: u32,
    pub resumes: u32,
    pub heartbeats: u32,
    /// Discord's shard count for this bot (`GET /gateway/bot`); every IDENTIFY must use it.
    pub shard_count: u32,
    /// Each shard's session, by shard id.
    pub sessions: BTreeMap<u32, Session>,
    /// Every dispatch, in order, with the shard it went to.
    pub deliveries: Vec<Delivery>,
    pub connections: u32,
    /// false = heartbeats go unanswered (serenity then reconnects and resumes).
    pub ack_heartbeats: bool,
    /// true = the gateway is down (`FakeDiscord::refuse_gateway`): every connection attempt is answered 503.
    pub gateway_down: bool,
    /// The bot's token was reset (`FakeDiscord::revoke_token`): REST answers 401, the gateway closes 4004.
    pub token_revoked: bool,
    /// Rate-limit buckets (`ratelimit.rs`).
    pub buckets: super::ratelimit::Buckets,
    /// Invalid requests, as Discord counts them (401, 403, and 429 not scoped `shared`): Discord bans an IP past
    /// 10,000 in 10 minutes.
    pub invalid_requests: u64,
    /// The permanent refusals (403, 404) of the last few seconds, to catch a retry of one.
    pub refused: Vec<Refused>,
    /// IDENTIFYs by time and rate-limit key (`shard_id % max_concurrency`): at most one per key in 5 s.
    pub identify_log: Vec<(Instant, u32)>,
    /// The application's Activity: codes, access tokens, instances (`activity.rs`).
    pub activities: super::activity::Activities,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl State {
    pub fn new() -> Self {
        let mut st = State {
            next_id: 1_200_000_000_000_000_000,
            app_id: 0,
            guild_id: 0,
            guilds: Vec::new(),
            users: BTreeMap::new(),
            channels: BTreeMap::new(),
            messages: BTreeMap::new(),
            interactions: BTreeMap::new(),
            commands: Vec::new(),
            registrations: Vec::new(),
            requests: Vec::new(),
            violations: Vec::new(),
            faults: Vec::new(),
            stalls: Vec::new(),
            identifies: 0,
            resumes: 0,
            heartbeats: 0,
            shard_count: 1,
            sessions: BTreeMap::new(),
            deliveries: Vec::new(),
            connections: 0,
            ack_heartbeats: true,
            gateway_down: false,
            token_revoked: false,
            buckets: Default::default(),
            invalid_requests: 0,
            refused: Vec::new(),
            identify_log: Vec::new(),
            activities: Default::default(),
        };
        st.app_id = st.new_id();
        st.guild_id = st.new_id();
        st.guilds.push(st.guild_id);
        let app = st.app_id;
        st.users.insert(
            app,
            UserRec {
                id: app,
                name: "teenpatti".into(),
                admin: false,
                bot: true,
                dm_block: None,
                dm_channel: None,
                joined_at: Some(JOINED_AT),
                locale: None,
            },
        );
        st
    }

    /// Is every shard's session live?
    pub fn all_live(&self) -> bool {
        (0..self.shard_count).all(|s| self.sessions.get(&s).is_some_and(|x| x.live))
    }

    /// The guild of a guild channel (None for a DM channel or an unknown one).
    pub fn guild_of(&self, channel: u64) -> Option<u64> {
        self.channels.get(&channel).map(|c| c.guild_id).filter(|&g| g != 0)
    }

    pub fn new_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    pub fn violation(&mut self, route: &str, message: impl Into<String>) {
        let message = message.into();
        eprintln!("[fake-discord] VIOLATION at {route}: {message}");
        self.violations.push(Violation { route: route.to_string(), message });
    }

    pub fn user_json(&self, id: u64) -> Value {
        match self.users.get(&id) {
            Some(u) => json!({
                "id": id.to_string(),
                "username": u.name,
                "global_name": u.name,
                "discriminator": "0",
                "avatar": null,
                "bot": u.bot,
                "public_flags": 0,
            }),
            None => json!({"id": id.to_string(), "username": "unknown", "discriminator": "0", "avatar": null}),
        }
    }

    pub fn member_json(&self, id: u64) -> Value {
        let admin = self.users.get(&id).is_some_and(|u| u.admin);
        let joined = self.users.get(&id).and_then(|u| u.joined_at).unwrap_or(JOINED_AT);
        let joined = chrono_like(joined);
        let perms = if admin { PERM_MEMBER | PERM_MANAGE_GUILD } else { PERM_MEMBER };
        json!({
            "user": self.user_json(id),
            "nick": null,
            "avatar": null,
            "roles": [],
            "joined_at": joined,
            "premium_since": null,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": perms.to_string(),
            "communication_disabled_until": null,
        })
    }

    pub fn channel_json(&self, id: u64) -> Option<Value> {
        let c = self.channels.get(&id)?;
        Some(match c.dm_user {
            Some(user) => json!({
                "id": id.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [self.user_json(user)],
                "flags": 0,
            }),
            None => json!({
                "id": id.to_string(),
                "type": 0,
                "guild_id": c.guild_id.to_string(),
                "name": c.name,
                "position": 0,
                "permission_overwrites": if c.everyone_denied {
                    json!([{"id": c.guild_id.to_string(), "type": 0, "allow": "0", "deny": "1024"}])
                } else {
                    json!([])
                },
                "nsfw": false,
                "parent_id": null,
                "topic": null,
                "last_message_id": null,
                "rate_limit_per_user": 0,
                "flags": 0,
            }),
        })
    }

    pub fn application_json(&self) -> Value {
        json!({
            "id": self.app_id.to_string(),
            "name": "teenpatti",
            "icon": null,
            "description": "",
            "rpc_origins": [],
            "bot_public": true,
            "bot_require_code_grant": false,
            "owner": self.user_json(self.app_id),
            "verify_key": "0000000000000000000000000000000000000000000000000000000000000000",
            "team": null,
            "flags": 0,
            "bot": self.user_json(self.app_id),
        })
    }

    /// Builds a message object from a message body the bot sent (content, embeds, components, flags).
    pub fn new_message(&mut self, channel_id: u64, body: &Value, webhook: bool, ephemeral_for: Option<u64>) -> u64 {
        let id = self.new_id();
        let guild = self.guild_of(channel_id);
        let mut msg = json!({
            "id": id.to_string(),
            "channel_id": channel_id.to_string(),
            "author": self.user_json(self.app_id),
            "content": "",
            "timestamp": now_timestamp(),
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": false,
            "type": 0,
            "flags": 0,
        });
        if let Some(g) = guild {
            msg["guild_id"] = json!(g.to_string());
        }
        if webhook {
            msg["webhook_id"] = json!(self.app_id.to_string());
            msg["application_id"] = json!(self.app_id.to_string());
        }
        apply_edit(&mut msg, body, false);
        if ephemeral_for.is_some() {
            let flags = msg["flags"].as_u64().unwrap_or(0) | 64;
            msg["flags"] = json!(flags);
        }
        self.messages.insert(id, MessageRec { id, channel_id, json: msg, deleted: false, ephemeral_for });
        id
    }

    /// The message `id` as an edit with `body` would leave it (nothing changed); a new message from `body` for
    /// `None`.
    pub fn preview(&self, id: Option<u64>, body: &Value) -> Value {
        let mut msg = match id.and_then(|id| self.messages.get(&id)) {
            Some(m) => m.json.clone(),
            None => json!({"content": "", "attachments": [], "embeds": [], "components": [], "flags": 0}),
        };
        apply_edit(&mut msg, body, false);
        msg
    }

    pub fn edit_message(&mut self, id: u64, body: &Value) -> Option<Value> {
        let m = self.messages.get_mut(&id).filter(|m| !m.deleted)?;
        apply_edit(&mut m.json, body, true);
        Some(m.json.clone())
    }

    /// A deferred reply (flag 128, "thinking") stops thinking once a follow-up replaces it or it is edited.
    pub fn stop_thinking(&mut self, id: u64) {
        if let Some(m) = self.messages.get_mut(&id) {
            let f = m.json["flags"].as_u64().unwrap_or(0) & !128;
            m.json["flags"] = json!(f);
        }
    }

    pub fn delete_message(&mut self, id: u64) {
        if let Some(m) = self.messages.get_mut(&id) {
            m.deleted = true;
        }
    }

    pub fn message_json(&self, id: u64) -> Option<Value> {
        self.messages.get(&id).filter(|m| !m.deleted).map(|m| m.json.clone())
    }

    pub fn find_interaction_by_token(&self, token: &str) -> Option<u64> {
        self.interactions.values().find(|i| i.token == token).map(|i| i.id)
    }

    pub fn dm_channel_for(&mut self, user: u64) -> u64 {
        if let Some(c) = self.users.get(&user).and_then(|u| u.dm_channel) {
            return c;
        }
        let id = self.new_id();
        self.channels.insert(
            id,
            ChannelRec {
                id,
                name: String::new(),
                dm_user: Some(user),
                guild_id: 0,
                bot_permissions: PERM_BOT,
                everyone_denied: false,
            },
        );
        if let Some(u) = self.users.get_mut(&user) {
            u.dm_channel = Some(id);
        }
        id
    }
}

/// Applies the message fields of a create/edit body to a message object.
/// A message Discord would refuse as empty (50006): no content, embed, component, attachment, sticker or poll.
pub fn is_empty_message(msg: &Value) -> bool {
    let none = |k: &str| msg.get(k).and_then(Value::as_array).is_none_or(|a| a.is_empty());
    msg.get("content").and_then(Value::as_str).unwrap_or("").is_empty()
        && none("embeds")
        && none("components")
        && none("attachments")
        && none("sticker_ids")
        && msg.get("poll").is_none_or(Value::is_null)
}

fn apply_edit(msg: &mut Value, body: &Value, is_edit: bool) {
    if let Some(c) = body.get("content") {
        msg["content"] = if c.is_null() { json!("") } else { c.clone() };
    }
    if let Some(e) = body.get("embeds") {
        msg["embeds"] = normalize_embeds(e);
    }
    if let Some(c) = body.get("components") {
        msg["components"] = normalize_components(c);
    }
    if let Some(f) = body.get("flags").and_then(Value::as_u64) {
        // only the flags a bot may set: SUPPRESS_EMBEDS (4), EPHEMERAL (64), SUPPRESS_NOTIFICATIONS (4096)
        let keep = msg["flags"].as_u64().unwrap_or(0) & 64;
        msg["flags"] = json!((f & (4 | 4096)) | keep);
    }
    if let Some(list) = body.get("attachments").and_then(Value::as_array) {
        // The list to keep: new uploads (made whole by the REST side, marked `_new`) and existing ones by id.
        let old = msg["attachments"].as_array().cloned().unwrap_or_default();
        let kept: Vec<Value> = list
            .iter()
            .filter_map(|a| {
                if a.get("_new").is_some() {
                    let mut a = a.clone();
                    a.as_object_mut().map(|o| o.remove("_new"));
                    return Some(a);
                }
                let id = a.get("id").map(|v| v.to_string().trim_matches('"').to_string())?;
                old.iter().find(|o| o["id"].as_str() == Some(id.as_str())).cloned()
            })
            .collect();
        msg["attachments"] = Value::Array(kept);
    }
    if is_edit {
        msg["edited_timestamp"] = json!(now_timestamp());
    }
}

fn normalize_embeds(e: &Value) -> Value {
    let Some(list) = e.as_array() else { return json!([]) };
    Value::Array(
        list.iter()
            .map(|emb| {
                let mut emb = emb.clone();
                if emb.get("type").is_none() {
                    emb["type"] = json!("rich");
                }
                if let Some(fields) = emb.get_mut("fields").and_then(Value::as_array_mut) {
                    for f in fields {
                        if f.get("inline").is_none() {
                            f["inline"] = json!(false);
                        }
                    }
                }
                emb
            })
            .collect(),
    )
}

fn normalize_components(c: &Value) -> Value {
    let Some(rows) = c.as_array() else { return json!([]) };
    Value::Array(
        rows.iter()
            .map(|row| {
                let mut row = row.clone();
                if let Some(items) = row.get_mut("components").and_then(Value::as_array_mut) {
                    for item in items {
                        if item.get("type") == Some(&json!(2)) && item.get("disabled").is_none() {
                            item["disabled"] = json!(false);
                        }
                    }
                }
                row
            })
            .collect(),
    )
}

pub fn now_timestamp() -> String {
    serenity::model::Timestamp::now().to_string()
}

/// Deserializes `value` with serenity's type `T`; the error text on failure.
pub fn check_with_serenity<T: DeserializeOwned>(value: &Value) -> Result<(), String> {
    serde_json::from_value::<T>(value.clone())
        .map(|_| ())
        .map_err(|e| format!("serenity cannot read this {}: {e}\n{value:#}", std::any::type_name::<T>()))
}

pub fn since(t: Instant) -> Duration {
    Instant::now().saturating_duration_since(t)
}

/// Unix seconds as Discord writes a timestamp (ISO 8601, UTC).
fn chrono_like(unix: i64) -> String {
    let days = unix.div_euclid(86_400);
    let secs = unix.rem_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.000000+00:00", secs / 3600, secs % 3600 / 60, secs % 60)
}
