//! The gateway's events the bot acts on besides commands: button clicks (routed to their table, or to a
//! `/privacy` confirmation), a table's channel or message deleted, the bot removed from or added back to a
//! server (`departures.rs`), and what the web pages keep from Discord (`site.rs`): players' shown names from every
//! interaction, and which channels @everyone can view.

use poise::serenity_prelude as serenity;
use serenity::{FullEvent, Interaction};

use super::{commands, Data, Error};
use crate::ids::{ChannelId, MessageId};
use crate::table::ShowError;

pub(super) async fn handle(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let data = framework.user_data;
    let gone = |channel: serenity::ChannelId, message: Option<serenity::MessageId>, why: ShowError| {
        let service = data.service.clone();
        let (channel, message) = (ChannelId(channel.get()), message.map(|m| MessageId(m.get())));
        // In a task of its own: the table answers while the gateway's events go on.
        tokio::spawn(async move { service.refused(channel, message, why).await });
    };
    let store = &data.store;
    if let FullEvent::InteractionCreate { interaction } = event {
        seen(data, interaction);
    }
    match event {
        FullEvent::InteractionCreate { interaction: Interaction::Component(ci) }
            if commands::is_privacy_button(&ci.data.custom_id) =>
        {
            commands::on_privacy_button(data, framework.serenity_context.http.clone(), ci.clone()).await;
        }
        FullEvent::InteractionCreate { interaction: Interaction::Component(ci) }
            if ci.data.custom_id == super::render::OPEN_TABLE =>
        {
            super::buttons::launch(&framework.serenity_context.http, ci).await;
        }
        FullEvent::InteractionCreate { interaction: Interaction::Component(ci) } => {
            let http = framework.serenity_context.http.clone();
            super::buttons::on_button(&data.service, &data.presenter, http, &data.standing, ci.clone()).await;
        }
        // A table's channel deleted: its table closes (and a tournament there is cancelled).
        FullEvent::ChannelDelete { channel, .. } => gone(channel.id, None, ShowError::ChannelGone),
        // A hand message deleted (a moderator): posted again. Other messages are not looked up.
        FullEvent::MessageDelete { channel_id, deleted_message_id, .. }
            if data.presenter.is_hand_message(channel_id.get(), deleted_message_id.get()) =>
        {
            gone(*channel_id, Some(*deleted_message_id), ShowError::MessageGone);
        }
        // Removed from a server (not an outage, which says `unavailable`): its data goes after the retention.
        FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            data.departures.left(crate::ids::GuildId(incomplete.id.get())).await;
        }
        FullEvent::GuildCreate { guild, .. } => {
            data.site.guild_seen(store, guild);
            data.departures.present(crate::ids::GuildId(guild.id.get())).await;
        }
        FullEvent::ChannelCreate { channel } | FullEvent::ChannelUpdate { new: channel, .. } => {
            data.site.channel_changed(store, &framework.serenity_context.cache, channel);
        }
        // The @everyone role (its id is the server's) changed: which channels it views may have too.
        FullEvent::GuildRoleUpdate { new, .. } if new.id.get() == new.guild_id.get() => {
            data.site.roles_changed(store, &framework.serenity_context.cache, new.guild_id);
        }
        FullEvent::Ready { data_about_bot } => {
            data.departures.ready(super::shard_of(data_about_bot), &super::guild_ids(&data_about_bot.guilds)).await;
        }
        FullEvent::MessageDeleteBulk { channel_id, multiple_deleted_messages_ids, .. } => {
            for &m in multiple_deleted_messages_ids {
                if data.presenter.is_hand_message(channel_id.get(), m.get()) {
                    gone(*channel_id, Some(m), ShowError::MessageGone);
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// How the interaction's player is shown on their server's pages, kept (when it changed).
fn seen(data: &Data, interaction: &Interaction) {
    let (guild, user, member) = match interaction {
        Interaction::Command(c) | Interaction::Autocomplete(c) => (c.guild_id, &c.user, c.member.as_deref()),
        Interaction::Component(c) => (c.guild_id, &c.user, c.member.as_ref()),
        _ => return,
    };
    if let Some(guild) = guild {
        data.site.seen(&data.store, guild, user, member);
    }
}
