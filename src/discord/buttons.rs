//! Button clicks: routed to their table by the structured `custom_id`, with
//! no in-memory collector, so buttons keep working across restarts.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::ComponentInteraction;

use super::cap;
use super::presenter::DiscordPresenter;
use super::responder::{ephemeral, Arrival, ComponentResponder};
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

/// A select's choices into its command ([`ButtonId::with_values`]); a button carries none.
fn with_choice(button: ButtonId, kind: &serenity::ComponentInteractionDataKind) -> Option<ButtonId> {
    match kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => button.with_values(Some(values)),
        _ => button.with_values(None),
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

/// The Open the table button: Discord opens the Activity for the clicker (the launch-activity response). Drawn
/// only while the Activity is offered; a click on one left from before is told it is not.
pub async fn launch(http: &serenity::Http, ci: &ComponentInteraction) {
    let arrival = Arrival::now(ci);
    let response = if crate::activity::offered() {
        serenity::CreateInteractionResponse::LaunchActivity
    } else {
        let reader = Lang::from_discord_locale(&ci.locale).unwrap_or_default();
        let text = tr!(reader, "error-button-not-recognised");
        let message = serenity::CreateInteractionResponseMessage::new().content(cap::content(&text)).ephemeral(true);
        serenity::CreateInteractionResponse::Message(message)
    };
    let answered = super::observe::counted(super::observe::route::CALLBACK, ci.create_response(http, response)).await;
    match answered {
        Ok(()) => arrival.answered(Outcome::Answered),
        Err(e) => {
            arrival.answered(Outcome::Failed);
            tracing::warn!(error = %crate::echo::remote_error(&e), "could not open the Activity for a click");
        }
    }
}
