//! Dealer's choice: the prompt in the channel (its button only the dealer may use), the dealer's menu of games,
//! and the line on the hand message announcing the game chosen.

use poise::serenity_prelude as serenity;
use serenity::{
    CreateActionRow, CreateEmbed, CreateEmbedFooter, CreateSelectMenu, CreateSelectMenuKind, CreateSelectMenuOption,
};

use super::{mention, variant_text, GOLD, GREEN};
use crate::discord::cap;
use crate::engine::{Rules, Variant};
use crate::i18n::Lang;
use crate::table::view::{HandView, PickView, TableView};
use crate::table::{ButtonId, Command};
use crate::tr;

/// A prompt or menu id: it belongs to no hand, and carries the choice's round.
fn id(view: &TableView, round: u32, command: Command) -> ButtonId {
    ButtonId { table: view.table_id, hand: None, seq: round, command }
}

/// The options of `picked` that differ from its game as this table deals it with no options, as `name=value`:
/// what the dealer chose beside the game.
fn options_chosen(table: &Rules, picked: &Rules) -> Vec<String> {
    let plain = table.pick(picked.variant, "").unwrap_or_else(|_| table.clone());
    picked
        .describe()
        .into_iter()
        .zip(plain.describe())
        .filter(|((name, v), (_, t))| v != t && !matches!(*name, "variant" | "dealer_default"))
        .map(|((name, v), _)| format!("{name}={v}"))
        .collect()
}

/// `**zandu**`, with the options chosen beside it.
fn game(table: &Rules, picked: &Rules) -> String {
    let options = options_chosen(table, picked);
    let with = if options.is_empty() { String::new() } else { format!(" ({})", options.join(", ")) };
    format!("**{}**{with}", picked.variant)
}

/// The prompt: content (a mention of the dealer while they choose), embed, and its one button.
pub fn pick_message(view: &TableView, pick: &PickView) -> (String, CreateEmbed, Vec<CreateActionRow>) {
    let lang = view.lang;
    let embed = CreateEmbed::new()
        .title(tr!(lang, "pick-title", table = view.table_id.get()))
        .footer(CreateEmbedFooter::new(tr!(lang, "pick-footer")));
    let dealer = mention(pick.dealer);
    match &pick.picked {
        None => {
            let text = tr!(
                lang,
                "pick-prompt",
                dealer = dealer.as_str(),
                when = format!("<t:{}:R>", pick.deadline),
                default = pick.default.to_string()
            );
            let rows = crate::table::choices::pick(view, lang).map(|c| super::button_row(&[c])).into_iter().collect();
            let content = tr!(lang, "pick-content", dealer = dealer.as_str());
            (content, embed.colour(GREEN).description(text), rows)
        }
        Some((rules, by_timer)) => {
            let game = game(&view.rules, rules);
            let text = if *by_timer {
                tr!(lang, "pick-by-timer", dealer = dealer, game = game)
            } else {
                tr!(lang, "pick-chosen", dealer = dealer, game = game)
            };
            (String::new(), embed.colour(GOLD).description(text), Vec::new())
        }
    }
}

/// The line of a hand message at a dealers_choice table: the game its dealer chose.
pub fn pick_line(view: &TableView, hand: &HandView) -> Option<String> {
    if view.rules.variant != Variant::DealersChoice {
        return None;
    }
    let lang = view.lang;
    let dealer = hand.user(hand.dealer).map(mention).unwrap_or_else(|| tr!(lang, "pick-the-dealer"));
    Some(tr!(lang, "pick-line", dealer = dealer, game = game(&view.rules, &hand.rules)))
}

/// Who is choosing the next hand's game, for the lobby and a finished hand's message.
pub fn picking_line(lang: Lang, pick: &PickView) -> String {
    tr!(lang, "picking-line", dealer = mention(pick.dealer), when = format!("<t:{}:R>", pick.deadline))
}

/// The dealer's menu: a select of `choices`.
pub fn pick_menu(
    view: &TableView,
    round: u32,
    choices: &[Variant],
    default: Variant,
) -> (String, Vec<CreateActionRow>) {
    let options: Vec<CreateSelectMenuOption> = choices
        .iter()
        .take(25)
        .map(|&v| {
            CreateSelectMenuOption::new(v.to_string(), v.name()).description(cap::cut(&variant_text(view.lang, v), 100))
        })
        .collect();
    let select = CreateSelectMenu::new(
        id(view, round, Command::Pick(Variant::Classic)).to_string(),
        CreateSelectMenuKind::String { options },
    )
    .placeholder(tr!(view.lang, "pick-menu-placeholder"))
    .min_values(1)
    .max_values(1);
    let text = tr!(view.lang, "pick-menu", default = default.to_string());
    (text, vec![CreateActionRow::SelectMenu(select)])
}
