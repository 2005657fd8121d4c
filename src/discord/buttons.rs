//! Button clicks: routed to their table by the structured `custom_id`, with
//! no in-memory collector, so buttons keep working across restarts.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use super::presenter::DiscordPresenter;
use super::responder::{ephemeral, Arrival, ComponentResponder};
use crate::engine::Action;
use crate::i18n::Lang;
use crate::ids::{ChannelId, GuildId, UserId};
use crate::metrics::Outcome;
use crate::ownership::Standing;
use crate::table::{ButtonId, Command, Player, Request, TableService};
use crate::tr;

/// Holds Manage Server (or Administrator) in the guild the interaction came from.
pub fn member_is_admin(member: Option<&serenity::Member>) -> bool {
    member.and_then(|m| m.permissions).is_some_and(|p| p.manage_guild() || p.administrator())
}

/// A select's choices into its command: the positions chosen of a draw menu become the draw's mask (a button
/// carrying the draw, Stand pat, chooses none); the game chosen in the dealer's menu becomes the pick. `None` for
/// choices no menu of ours offers.
fn with_choice(mut button: ButtonId, kind: &serenity::ComponentInteractionDataKind) -> Option<ButtonId> {
    use serenity::ComponentInteractionDataKind as Kind;
    match (button.command, kind) {
        (Command::Play(Action::Draw(_)), Kind::StringSelect { values }) => {
            let mut mask = 0u8;
            for v in values {
                let i: u8 = v.parse().ok().filter(|i| *i < 8)?;
                if mask & 1 << i != 0 {
                    return None;
                }
                mask |= 1 << i;
            }
            button.command = Command::Play(Action::Draw(mask));
            Some(button)
        }
        (Command::Pick(_), Kind::StringSelect { values }) => {
            let [value] = values.as_slice() else { return None };
            button.command = Command::Pick(value.parse().ok().filter(|v| *v != crate::engine::Variant::DealersChoice)?);
            Some(button)
        }
        (_, Kind::StringSelect { .. }) => None,
        // The game is chosen from the menu only.
        (Command::Pick(_), _) => None,
        (Command::Play(Action::Draw(_)), _) => {
            button.command = Command::Play(Action::Draw(0));
            Some(button)
        }
        _ => Some(button),
    }
}

/// Routes a button click (or a choice in one of our select menus) to its table.
pub async fn on_button(
    service: &TableService,
    presenter: &DiscordPresenter,
    http: Arc<serenity::Http>,
    standing: &Standing,
    ci: ComponentInteraction,
) {
    let arrival = Arrival::now(&ci);
    // Refusals before the table answers are written in the server's language, or the reader's own under
    // `private_language=reader` (English outside a server, or if the settings cannot be read); they are read only
    // for them, not for every click.
    let reader = Lang::from_discord_locale(&ci.locale);
    let lang = || async {
        match ci.guild_id {
            Some(g) => service
                .store()
                .guild_settings(GuildId(g.get()))
                .await
                .map(|s| s.private_language.for_reader(s.language, reader))
                .unwrap_or_default(),
            None => reader.unwrap_or_default(),
        }
    };
    let Some(button) = ci.data.custom_id.parse::<ButtonId>().ok().and_then(|b| with_choice(b, &ci.data.kind)) else {
        tracing::info!(custom_id = %ci.data.custom_id, user = %ci.user.id, "unrecognised button");
        ephemeral(&http, standing, &ci, (arrival, Outcome::Refused), tr!(lang().await, "error-button-not-recognised"))
            .await;
        return;
    };
    if ci.guild_id.is_none() {
        ephemeral(&http, standing, &ci, (arrival, Outcome::Refused), tr!(lang().await, "error-buttons-in-servers"))
            .await;
        return;
    }
    // A custom_id names its table: only the table open in the clicked message's channel may be acted on (a
    // forged or copied id must not seat anyone at, or draw, a table elsewhere).
    match service.is_in_channel(button.table, ChannelId(ci.channel_id.get())).await {
        Ok(true) => {}
        Ok(false) => {
            return ephemeral(
                &http,
                standing,
                &ci,
                (arrival, Outcome::Refused),
                tr!(lang().await, "error-table-closed"),
            )
            .await
        }
        Err(e) => {
            let outcome = if e.is_internal() { Outcome::Failed } else { Outcome::Refused };
            return ephemeral(&http, standing, &ci, (arrival, outcome), e.text_in(lang().await)).await;
        }
    }
    if button.command == Command::Start {
        let missing = super::permissions::missing(ci.app_permissions);
        if !missing.is_empty() {
            let msg = crate::i18n::Msg::new("error-bot-permissions").list("missing", super::permissions::msgs(missing));
            let text = msg.text(lang().await);
            return ephemeral(&http, standing, &ci, (arrival, Outcome::Refused), text).await;
        }
    }
    let player = Player { id: UserId(ci.user.id.get()), admin: member_is_admin(ci.member.as_ref()) };
    let key = Some(ci.id.get().to_string());
    let request = Request { button: Some(button), key, reader, ..Request::new(player, button.command) };
    // From here the table answers: acknowledged by the watchdog if it has not within Discord's time.
    let ack = super::responder::Ack::watch(http.clone(), standing.clone(), &ci, arrival);
    let presenter = presenter.clone();
    let responder =
        Box::new(ComponentResponder { http, standing: standing.clone(), interaction: ci, button, ack, presenter });
    service.send(button.table, request, responder).await;
}
