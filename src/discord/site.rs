//! What the web pages (`src/web/`) need from Discord, kept as the gateway says it: how each player is shown (the
//! display name and avatar their interactions carry, written when they change), and which channels @everyone can
//! view (from the server's roles and the channel's overwrites, at GUILD_CREATE and when a channel or the
//! @everyone role changes). And the links the bot's replies give to the pages, under `PUBLIC_URL`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::{GuildChannel, PermissionOverwriteType, Permissions};

use crate::ids::{ChannelId, GuildId, HandId, UserId};
use crate::store::Store;

/// Players whose shown name and avatar this process remembers having written, so that a click writes only a
/// change. Bounded: cleared whole when full (the next interaction of each writes once again).
const REMEMBERED: usize = 100_000;

/// How long a channel's link base is trusted before it is read again (web turned off or a channel made private
/// shows within this).
const LINK_FRESH: Duration = Duration::from_secs(30);

/// The site of this process, for the hand messages' renderer (which is given views, not the bot's data).
static SITE: OnceLock<Arc<Site>> = OnceLock::new();

/// Makes `site` the one [`hand_link_now`] reads.
pub fn install(site: Arc<Site>) {
    let _ = SITE.set(site);
}

/// The link to a hand's page as known now, without waiting: from the cache of its channel's link base, which a
/// miss or a stale entry has read again in the background (the message drawn next has it). None: no link.
pub fn hand_link_now(guild: GuildId, channel: ChannelId, hand: HandId) -> Option<String> {
    let base = SITE.get()?.base_now(guild, channel)?;
    Some(format!("{base}/hand/{}", hand.get()))
}

/// A player's shown name and avatar path, as last written.
type Shown = (String, Option<String>);

/// A channel's link base (`PUBLIC_URL/s/<slug>`, or none: web off or the channel not public) and when it was read.
type Base = (Instant, Option<String>);

pub struct Site {
    /// `PUBLIC_URL`: the links' start; None, no links.
    public_url: Option<String>,
    store: Store,
    written: Mutex<HashMap<(GuildId, UserId), Shown>>,
    bases: Mutex<HashMap<(GuildId, ChannelId), Base>>,
}

impl Site {
    pub fn new(public_url: Option<String>, store: Store) -> Site {
        Site { public_url, store, written: Mutex::new(HashMap::new()), bases: Mutex::new(HashMap::new()) }
    }

    /// Web was turned on or off in `guild` here: its channels' link bases are read again at their next use.
    pub fn forget(&self, guild: GuildId) {
        self.bases.lock().unwrap_or_else(|p| p.into_inner()).retain(|(g, _), _| *g != guild);
    }

    /// [`hand_link_now`]'s cache.
    fn base_now(self: &Arc<Self>, guild: GuildId, channel: ChannelId) -> Option<String> {
        self.public_url.as_ref()?;
        let key = (guild, channel);
        let mut bases = self.bases.lock().unwrap_or_else(|p| p.into_inner());
        let known = bases.get(&key).cloned();
        if known.as_ref().is_some_and(|(at, _)| at.elapsed() < LINK_FRESH) {
            return known.and_then(|(_, base)| base);
        }
        if bases.len() >= REMEMBERED {
            bases.clear();
        }
        // Marked fresh at once, so that one read is under way at a time; its answer replaces the mark.
        let shown = known.and_then(|(_, base)| base);
        bases.insert(key, (Instant::now(), shown.clone()));
        drop(bases);
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            let site = self.clone();
            runtime.spawn(async move {
                let base = site.read_base(guild, channel).await;
                site.bases.lock().unwrap_or_else(|p| p.into_inner()).insert(key, (Instant::now(), base));
            });
        }
        shown
    }

    async fn read_base(&self, guild: GuildId, channel: ChannelId) -> Option<String> {
        let public = self.public_url.as_deref()?;
        let slug = self.store.web_slug(guild).await.ok().flatten()?;
        self.store.channel_is_public(guild, channel).await.ok().filter(|p| *p)?;
        Some(crate::web::server_url(public, &slug))
    }

    /// An interaction of `user` in `guild` (with their member data there): their shown name and avatar kept if
    /// they changed, in a task of its own (the interaction's answer never waits on it).
    pub fn seen(
        &self,
        store: &Store,
        guild: serenity::GuildId,
        user: &serenity::User,
        member: Option<&serenity::Member>,
    ) {
        if user.bot {
            return;
        }
        let name = member
            .and_then(|m| m.nick.clone())
            .or_else(|| user.global_name.clone())
            .unwrap_or_else(|| user.name.clone());
        let avatar = match member.and_then(|m| m.avatar.as_ref()) {
            Some(hash) => Some(format!("guilds/{guild}/users/{}/avatars/{hash}.png", user.id)),
            None => user.avatar.as_ref().map(|hash| format!("avatars/{}/{hash}.png", user.id)),
        };
        let key = (GuildId(guild.get()), UserId(user.id.get()));
        {
            let mut written = self.written.lock().unwrap_or_else(|p| p.into_inner());
            if written.get(&key) == Some(&(name.clone(), avatar.clone())) {
                return;
            }
            if written.len() >= REMEMBERED {
                written.clear();
            }
            written.insert(key, (name.clone(), avatar.clone()));
        }
        let store = store.clone();
        tokio::spawn(async move {
            if let Err(e) = store.record_profile(key.0, key.1, &name, avatar.as_deref()).await {
                tracing::warn!(error = %e, "could not keep a player's display name");
            }
        });
    }

    /// A server's channels as GUILD_CREATE gives them: which @everyone can view, kept.
    pub fn guild_seen(&self, store: &Store, guild: &serenity::Guild) {
        let everyone = guild.roles.get(&serenity::RoleId::new(guild.id.get())).map(|r| r.permissions);
        let channels = guild.channels.values().map(|c| (ChannelId(c.id.get()), everyone_views(everyone, c))).collect();
        keep(store, GuildId(guild.id.get()), channels);
    }

    /// A channel made or changed: whether @everyone can view it now (the server's @everyone role from the cache).
    pub fn channel_changed(&self, store: &Store, cache: &serenity::Cache, channel: &GuildChannel) {
        let everyone = cache
            .guild(channel.guild_id)
            .and_then(|g| g.roles.get(&serenity::RoleId::new(channel.guild_id.get())).map(|r| r.permissions));
        let public = everyone_views(everyone, channel);
        keep(store, GuildId(channel.guild_id.get()), vec![(ChannelId(channel.id.get()), public)]);
    }

    /// The @everyone role changed: every channel of the server again, from the cache.
    pub fn roles_changed(&self, store: &Store, cache: &serenity::Cache, guild: serenity::GuildId) {
        let Some(g) = cache.guild(guild).map(|g| g.clone()) else { return };
        self.guild_seen(store, &g);
    }

    /// The link to a hand's page, when the operator set `PUBLIC_URL`, web is on in its server and its channel is
    /// one @everyone can view (a failed read: no link).
    pub async fn hand_link(&self, store: &Store, guild: GuildId, channel: ChannelId, hand: HandId) -> Option<String> {
        let public = self.public_url.as_deref()?;
        let slug = store.web_slug(guild).await.ok().flatten()?;
        store.channel_is_public(guild, channel).await.ok().filter(|p| *p)?;
        Some(crate::web::hand_url(public, &slug, hand.get()))
    }

    /// The link to a server's page, when the operator set `PUBLIC_URL` and web is on there.
    pub async fn server_link(&self, store: &Store, guild: GuildId) -> Option<String> {
        let public = self.public_url.as_deref()?;
        let slug = store.web_slug(guild).await.ok().flatten()?;
        Some(crate::web::server_url(public, &slug))
    }

    /// Whether the operator set `PUBLIC_URL`.
    pub fn has_public_url(&self) -> bool {
        self.public_url.is_some()
    }
}

fn keep(store: &Store, guild: GuildId, channels: Vec<(ChannelId, bool)>) {
    let store = store.clone();
    tokio::spawn(async move {
        if let Err(e) = store.set_channels_public(guild, channels).await {
            tracing::warn!(error = %e, "could not keep which channels are public");
        }
    });
}

/// Whether @everyone (whose server-wide permissions are `everyone`; unknown: no) can view `channel`: its
/// overwrite for the @everyone role (whose id is the server's) applied to them. A thread is viewed through its
/// parent, which the gateway gives with its own overwrites, so a thread alone counts as not viewable.
pub fn everyone_views(everyone: Option<Permissions>, channel: &GuildChannel) -> bool {
    let Some(mut p) = everyone else { return false };
    if p.administrator() {
        return true;
    }
    if channel.thread_metadata.is_some() {
        return false;
    }
    let role = serenity::RoleId::new(channel.guild_id.get());
    for o in &channel.permission_overwrites {
        if o.kind == PermissionOverwriteType::Role(role) {
            p = (p & !o.deny) | o.allow;
        }
    }
    p.view_channel()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn channel(overwrites: serde_json::Value, thread: bool) -> GuildChannel {
        let mut c = serde_json::json!({
            "id": "20", "guild_id": "10", "type": 0, "name": "tables", "position": 0,
            "permission_overwrites": overwrites,
        });
        if thread {
            c["type"] = 11.into();
            c["thread_metadata"] = serde_json::json!({"archived": false, "auto_archive_duration": 60,
                "archive_timestamp": "2026-11-28T00:00:00Z", "locked": false});
        }
        serde_json::from_value(c).unwrap()
    }

    #[test]
    fn a_channel_is_public_when_everyone_views_it_after_its_own_overwrite() {
        let view = Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES;
        let deny_everyone = serde_json::json!([{"id": "10", "type": 0, "allow": "0", "deny": "1024"}]);
        let allow_everyone = serde_json::json!([{"id": "10", "type": 0, "allow": "1024", "deny": "0"}]);
        let deny_other_role = serde_json::json!([{"id": "11", "type": 0, "allow": "0", "deny": "1024"}]);
        let deny_a_member = serde_json::json!([{"id": "10", "type": 1, "allow": "0", "deny": "1024"}]);
        assert!(everyone_views(Some(view), &channel(serde_json::json!([]), false)));
        assert!(!everyone_views(Some(view), &channel(deny_everyone.clone(), false)), "a staff-only channel");
        assert!(everyone_views(Some(Permissions::empty()), &channel(allow_everyone, false)));
        assert!(!everyone_views(Some(Permissions::SEND_MESSAGES), &channel(serde_json::json!([]), false)));
        assert!(everyone_views(Some(view), &channel(deny_other_role, false)), "another role's overwrite");
        assert!(everyone_views(Some(view), &channel(deny_a_member, false)), "a member's overwrite, not the role's");
        assert!(everyone_views(Some(Permissions::ADMINISTRATOR), &channel(deny_everyone, false)));
        assert!(!everyone_views(None, &channel(serde_json::json!([]), false)), "unknown: not public");
        assert!(!everyone_views(Some(view), &channel(serde_json::json!([]), true)), "a thread");
    }
}
