//! The lobby message and the rules card.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateEmbed, CreateEmbedFooter};

use super::{link, mention, GREEN, GREY};
use crate::engine::Rules;
use crate::i18n::Lang;
use crate::table::view::TableView;
use crate::tr;

/// A short description of the table's rules: the variant, the boot, and every option that differs from the
/// classic rules.
pub fn rules_card(lang: Lang, rules: &Rules) -> String {
    let defaults = Rules::default();
    let mut lines = vec![tr!(lang, "rules-card-variant", variant = rules.variant.to_string(), boot = rules.boot)];
    let changed: Vec<String> = rules
        .describe()
        .into_iter()
        .zip(defaults.describe())
        .filter(|((name, v), (_, d))| v != d && *name != "variant" && *name != "boot")
        // As typed: a code span each (an option is a word of no language).
        .map(|((name, v), _)| format!("`{name}={v}`"))
        .collect();
    if changed.is_empty() {
        lines.push(tr!(lang, "rules-card-classic"));
    } else {
        lines.push(tr!(lang, "rules-card-house", options = changed.join(", ")));
    }
    lines.join("\n")
}

/// The lobby: rules card, seated players, Join / Leave / Start / I'm back; in the table's language.
pub fn lobby(view: &TableView) -> (CreateEmbed, Vec<CreateActionRow>) {
    let lang = view.lang;
    let mut seated: Vec<String> = view
        .seated
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (n, player) = (i as u64 + 1, mention(s.user));
            if s.sat_out {
                tr!(lang, "lobby-seat-sitting-out", n = n, player = player)
            } else {
                tr!(lang, "lobby-seat", n = n, player = player)
            }
        })
        .collect();
    if seated.is_empty() {
        seated.push(tr!(lang, "lobby-nobody"));
    }
    let status = if view.closed {
        tr!(lang, "lobby-closed")
    } else if view.hand.as_ref().is_some_and(|h| h.outcome.is_none()) {
        match link(view) {
            Some(l) => tr!(lang, "lobby-hand-playing-link", link = l),
            None => tr!(lang, "lobby-hand-playing"),
        }
    } else if let Some(pick) = &view.picking {
        super::picking_line(lang, pick)
    } else if view.running {
        tr!(lang, "lobby-automatic")
    } else {
        tr!(lang, "lobby-press-start", opener = mention(view.opener))
    };
    let embed = CreateEmbed::new()
        .title(tr!(lang, "lobby-title", table = view.table_id.get()))
        .colour(if view.closed { GREY } else { GREEN })
        .description(format!("{}\n\n{status}{}", rules_card(lang, &view.rules), super::after_next_commitment(view)))
        .field(
            tr!(lang, "lobby-players", seated = view.seated.len() as u64, max = view.max_players),
            seated.join("\n"),
            false,
        )
        .footer(CreateEmbedFooter::new(tr!(lang, "lobby-footer", seconds = view.turn_seconds)));
    let buttons = crate::table::choices::lobby(view, lang);
    let rows = if buttons.is_empty() { Vec::new() } else { vec![super::button_row(&buttons)] };
    let rows = super::with_open_table(lang, rows, view.closed);
    (embed, rows)
}
