//! Dealer's choice: the prompt in the channel (its button only the dealer may use), the dealer's menu of games,
//! and the line on the hand message announcing the game chosen.

use poise::serenity_prelude as serenity;
use serenity::{
    ButtonStyle, CreateActionRow, CreateEmbed, CreateEmbedFooter, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};

use super::{button, mention, variant_text, GOLD, GREEN};
use crate::discord::cap;
use crate::engine::{Rules, Variant};
use crate::table::view::{HandView, PickView, TableView};
use crate::table::{ButtonId, Command};

/// The prompt's title starts with this (the table number follows).
pub const PICK_TITLE: &str = "Dealer's choice · table #";

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
    let embed = CreateEmbed::new()
        .title(format!("{PICK_TITLE}{}", view.table_id))
        .footer(CreateEmbedFooter::new("Dealer's choice: each hand's dealer chooses its game"));
    match &pick.picked {
        None => {
            let text = format!(
                "{} deals the next hand and chooses its game: press **Choose the game**. If no game is chosen \
                 <t:{}:R>, **{}** (the table's default) is dealt.",
                mention(pick.dealer),
                pick.deadline,
                pick.default
            );
            let rows = vec![CreateActionRow::Buttons(vec![button(
                id(view, pick.round, Command::PickMenu),
                "Choose the game",
                ButtonStyle::Primary,
            )])];
            let content = format!("{}, choose the game for the next hand.", mention(pick.dealer));
            (content, embed.colour(GREEN).description(text), rows)
        }
        Some((rules, by_timer)) => {
            let text = if *by_timer {
                format!(
                    "{} did not choose in time: {}, the table's default, is dealt.",
                    mention(pick.dealer),
                    game(&view.rules, rules)
                )
            } else {
                format!("{} chose {} for the next hand.", mention(pick.dealer), game(&view.rules, rules))
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
    let dealer = hand.user(hand.dealer).map(mention).unwrap_or_else(|| "the dealer".into());
    Some(format!("Dealer's choice ({dealer} deals): {}.", game(&view.rules, &hand.rules)))
}

/// Who is choosing the next hand's game, for the lobby and a finished hand's message.
pub fn picking_line(pick: &PickView) -> String {
    format!("{} deals next and is choosing the game (by <t:{}:R>).", mention(pick.dealer), pick.deadline)
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
        .map(|&v| CreateSelectMenuOption::new(v.to_string(), v.name()).description(cap::cut(variant_text(v), 100)))
        .collect();
    let select = CreateSelectMenu::new(
        id(view, round, Command::Pick(Variant::Classic)).to_string(),
        CreateSelectMenuKind::String { options },
    )
    .placeholder("The game for the next hand")
    .min_values(1)
    .max_values(1);
    let text = format!(
        "You deal the next hand: choose its game. The table's other options apply (`/table rules`); to add options \
         of your own, use `/table pick`. If you do not choose in time, **{default}** is dealt."
    );
    (text, vec![CreateActionRow::SelectMenu(select)])
}
