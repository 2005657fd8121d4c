//! The lobby message and the rules card.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateEmbed, CreateEmbedFooter};

use super::{link, lobby_button, mention, GREEN, GREY, LOBBY_TITLE};
use crate::engine::Rules;
use crate::table::view::TableView;
use crate::table::Command;

/// A short description of the table's rules: the variant, the boot, and every option that differs from the
/// classic rules.
pub fn rules_card(rules: &Rules) -> String {
    let defaults = Rules::default();
    let mut lines = vec![format!("Variant **{}** · boot **{}**", rules.variant, rules.boot)];
    let changed: Vec<String> = rules
        .describe()
        .into_iter()
        .zip(defaults.describe())
        .filter(|((name, v), (_, d))| v != d && *name != "variant" && *name != "boot")
        .map(|((name, v), _)| format!("{name}={v}"))
        .collect();
    if changed.is_empty() {
        lines.push("Classic rules otherwise (`/rules` explains them).".into());
    } else {
        lines.push(format!("House rules: {}", changed.join(", ")));
    }
    lines.join("\n")
}

/// The lobby: rules card, seated players, Join / Leave / Start / I'm back.
pub fn lobby(view: &TableView) -> (CreateEmbed, Vec<CreateActionRow>) {
    let mut seated: Vec<String> = view
        .seated
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}. {}{}", i + 1, mention(s.user), if s.sat_out { " (sitting out)" } else { "" }))
        .collect();
    if seated.is_empty() {
        seated.push("Nobody yet.".into());
    }
    let status = if view.closed {
        "This table is closed.".to_string()
    } else if view.hand.as_ref().is_some_and(|h| h.outcome.is_none()) {
        format!("A hand is being played{}.", link(view).map(|l| format!(": {l}")).unwrap_or_default())
    } else if let Some(pick) = &view.picking {
        super::picking_line(pick)
    } else if view.running {
        "Hands are dealt automatically while two or more players are seated.".into()
    } else {
        format!("Press **Start** when everyone is in ({} or Manage Server).", mention(view.opener))
    };
    let embed = CreateEmbed::new()
        .title(format!("{LOBBY_TITLE}{}", view.table_id))
        .colour(if view.closed { GREY } else { GREEN })
        .description(format!("{}\n\n{status}{}", rules_card(&view.rules), super::after_next_commitment(view)))
        .field(format!("Players ({}/{})", view.seated.len(), view.max_players), seated.join("\n"), false)
        .footer(CreateEmbedFooter::new(format!("Turn timer {}s · chips are virtual", view.turn_seconds)));
    let rows = if view.closed {
        Vec::new()
    } else {
        vec![CreateActionRow::Buttons(vec![
            lobby_button(view, Command::Join, "Join", ButtonStyle::Success),
            lobby_button(view, Command::Leave, "Leave", ButtonStyle::Secondary),
            lobby_button(view, Command::Start, "Start", ButtonStyle::Primary),
            lobby_button(view, Command::Back, "I'm back", ButtonStyle::Secondary),
        ])]
    };
    (embed, rows)
}
