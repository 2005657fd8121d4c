//! What the web pages read and keep (issue 38): each server's site while web is on (its random slug), how players
//! are shown (the display name and avatar their last interaction carried, unless they hid them), and which
//! channels @everyone can view (only those get pages).

use std::collections::HashMap;

use super::db::{sql, Conn};
use super::error::Ctx;
use super::{now_unix, Store, StoreError};
use crate::ids::{ChannelId, GuildId, UserId};

/// The longest display name kept, in characters (Discord's own limit is 32).
pub const MAX_NAME_CHARS: usize = 32;

/// How a player is shown on their server's pages.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Profile {
    #[sqlx(rename = "user_id")]
    pub user: UserId,
    pub display_name: String,
    /// The avatar's path on Discord's CDN (`avatars/<user>/<hash>.png`, or a server avatar's), if they have one.
    pub avatar: Option<String>,
}

/// A new slug: 128 random bits from the operating system, in hex.
fn new_slug() -> String {
    use rand::RngCore;
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    crate::engine::fair::hex(&bytes)
}

/// Whether `slug` could be one of ours (32 lowercase hex digits): anything else is not looked up.
pub fn is_slug(slug: &str) -> bool {
    slug.len() == 32 && slug.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl Store {
    /// The slug of `guild`'s pages, if web is on there.
    pub async fn web_slug(&self, guild: GuildId) -> Result<Option<String>, StoreError> {
        sql("SELECT slug FROM web_sites WHERE guild_id = $1")
            .bind(guild)
            .scalar_optional(&self.pool)
            .await
            .ctx("reading a server's web address")
    }

    /// Turns `guild`'s pages on (a slug made if it had none: on twice keeps it) or off (its slug forgotten, so
    /// on again makes a new address). The slug, when on.
    pub async fn set_web(&self, guild: GuildId, on: bool) -> Result<Option<String>, StoreError> {
        let slug = new_slug();
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    if !on {
                        sql("DELETE FROM web_sites WHERE guild_id = $1")
                            .bind(guild)
                            .execute(&mut *conn)
                            .await
                            .ctx("turning a server's web pages off")?;
                        return Ok(None);
                    }
                    sql("INSERT INTO web_sites (guild_id, slug, enabled_at) VALUES ($1, $2, $3) \
                         ON CONFLICT (guild_id) DO NOTHING")
                    .bind(guild)
                    .bind(slug)
                    .bind(now_unix())
                    .execute(&mut *conn)
                    .await
                    .ctx("turning a server's web pages on")?;
                    sql("SELECT slug FROM web_sites WHERE guild_id = $1")
                        .bind(guild)
                        .scalar_optional(&mut *conn)
                        .await
                        .ctx("reading a server's web address")
                })
            })
            .await
    }

    /// The server whose pages live under `slug` (web on there), if any.
    pub async fn guild_by_slug(&self, slug: &str) -> Result<Option<GuildId>, StoreError> {
        if !is_slug(slug) {
            return Ok(None);
        }
        sql("SELECT guild_id FROM web_sites WHERE slug = $1")
            .bind(slug)
            .scalar_optional(&self.pool)
            .await
            .ctx("finding a server by its web address")
    }

    /// Keeps how `user` is shown on `guild`'s pages (their interaction's display name, cut to
    /// [`MAX_NAME_CHARS`] and stripped of control characters and direction marks, and avatar path).
    pub async fn record_profile(
        &self,
        guild: GuildId,
        user: UserId,
        name: &str,
        avatar: Option<&str>,
    ) -> Result<(), StoreError> {
        let name: String = name.chars().filter(|c| !crate::echo::is_unsafe(*c)).take(MAX_NAME_CHARS).collect();
        let avatar = avatar.filter(|a| a.len() <= 200 && a.bytes().all(|b| b.is_ascii_graphic())).map(str::to_owned);
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    sql("INSERT INTO player_profiles (guild_id, user_id, display_name, avatar, updated_at) \
                         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (guild_id, user_id) DO UPDATE SET \
                         display_name = excluded.display_name, avatar = excluded.avatar, \
                         updated_at = excluded.updated_at")
                    .bind(guild)
                    .bind(user)
                    .bind(name)
                    .bind(avatar)
                    .bind(now_unix())
                    .execute(&mut *conn)
                    .await
                    .ctx("keeping a player's display name")?;
                    Ok(())
                })
            })
            .await
    }

    /// How these players are shown on `guild`'s pages: those with a profile who did not hide it.
    pub async fn profiles(&self, guild: GuildId, users: &[UserId]) -> Result<HashMap<UserId, Profile>, StoreError> {
        let mut out = HashMap::new();
        for chunk in users.chunks(100) {
            let list = chunk.iter().map(|u| (u.0 as i64).to_string()).collect::<Vec<_>>().join(",");
            let rows: Vec<Profile> = sql(format!(
                "SELECT p.user_id, p.display_name, p.avatar FROM player_profiles p \
                 WHERE p.guild_id = $1 AND p.user_id IN ({list}) \
                 AND NOT EXISTS (SELECT 1 FROM web_hidden h WHERE h.user_id = p.user_id)"
            ))
            .bind(guild)
            .all(&self.pool)
            .await
            .ctx("reading players' display names")?;
            out.extend(rows.into_iter().map(|p| (p.user, p)));
        }
        Ok(out)
    }

    /// Hides `user`'s name and avatar from every page (`/privacy web off`), or shows them again. Whether this
    /// changed anything.
    pub async fn set_web_hidden(&self, user: UserId, hidden: bool) -> Result<bool, StoreError> {
        let query = if hidden {
            sql("INSERT INTO web_hidden (user_id, since) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING")
                .bind(user)
                .bind(now_unix())
        } else {
            sql("DELETE FROM web_hidden WHERE user_id = $1").bind(user)
        };
        Ok(self.execute_one("hiding or showing a player on the web pages", query).await? == 1)
    }

    /// Whether `user` hid their name and avatar.
    pub async fn web_hidden(&self, user: UserId) -> Result<bool, StoreError> {
        let n: i64 = sql("SELECT COUNT(*) FROM web_hidden WHERE user_id = $1")
            .bind(user)
            .scalar(&self.pool)
            .await
            .ctx("reading whether a player is hidden")?;
        Ok(n > 0)
    }

    /// Whether @everyone can view `channel` of `guild`, as the gateway says now.
    pub async fn set_channels_public(
        &self,
        guild: GuildId,
        channels: Vec<(ChannelId, bool)>,
    ) -> Result<(), StoreError> {
        if channels.is_empty() {
            return Ok(());
        }
        self.writer
            .write(move |conn| {
                Box::pin(async move {
                    let now = now_unix();
                    for (channel, public) in channels {
                        sql("INSERT INTO public_channels (channel_id, guild_id, public, updated_at) \
                             VALUES ($1, $2, $3, $4) ON CONFLICT (channel_id) DO UPDATE SET \
                             guild_id = excluded.guild_id, public = excluded.public, updated_at = excluded.updated_at")
                        .bind(channel)
                        .bind(guild)
                        .bind(public)
                        .bind(now)
                        .execute(&mut *conn)
                        .await
                        .ctx("keeping whether a channel is public")?;
                    }
                    Ok(())
                })
            })
            .await
    }

    /// Whether `channel` of `guild` is one @everyone can view (unknown: no).
    pub async fn channel_is_public(&self, guild: GuildId, channel: ChannelId) -> Result<bool, StoreError> {
        let public: Option<bool> = sql("SELECT public FROM public_channels WHERE channel_id = $1 AND guild_id = $2")
            .bind(channel)
            .bind(guild)
            .scalar_optional(&self.pool)
            .await
            .ctx("reading whether a channel is public")?;
        Ok(public == Some(true))
    }
}

/// Deletes what the web keeps of `user` (their display names, avatars and the hiding), in a deletion's
/// transaction. Rows deleted.
pub(super) async fn erase_profiles(conn: &mut Conn, user: UserId) -> Result<u64, StoreError> {
    let mut n = 0;
    for statement in ["DELETE FROM player_profiles WHERE user_id = $1", "DELETE FROM web_hidden WHERE user_id = $1"] {
        n += sql(statement).bind(user).execute(&mut *conn).await.ctx("deleting a player's display names")?;
    }
    Ok(n)
}
