//! Rendering: table views, events and private notes into Discord messages.
//! No rules here: what is legal comes from the engine through the view.

use poise::serenity_prelude as serenity;
use serenity::{ButtonStyle, CreateActionRow, CreateButton, CreateEmbed, CreateEmbedFooter};

use crate::engine::cards::pretty_cards;
use crate::engine::hand::{EndedBy, PackReason};
use crate::engine::{Event, EventKind, HandValue, Rules, Variant};
use crate::table::view::{HandView, PrivateNote, TableView};
use crate::table::{ButtonId, Verb};

/// Lobby embeds' titles start with this (the table number follows).
pub const LOBBY_TITLE: &str = "Teen Patti table #";

const GREEN: u32 = 0x1f8b4c;
const GOLD: u32 = 0xc9a227;
const GREY: u32 = 0x70757a;

/// Cards high to low, as people read a hand: `A♠ 9♠ 7♠`.
pub fn hand_text(cards: &[crate::engine::Card]) -> String {
    let mut sorted = cards.to_vec();
    sorted.sort_by(|a, b| b.cmp(a));
    pretty_cards(&sorted)
}

pub fn mention(user: u64) -> String {
    format!("<@{user}>")
}

fn who(users: &[u64], seat: usize) -> String {
    users.get(seat).map_or_else(|| format!("seat {}", seat + 1), |&u| mention(u))
}

fn users_of(hand: &HandView) -> Vec<u64> {
    hand.seats.iter().map(|s| s.user).collect()
}

pub fn value_text(v: &HandValue) -> &'static str {
    v.category.label()
}

/// One line for a public event; `users[seat]` names each seat.
pub fn event_line(users: &[u64], e: &Event) -> Option<String> {
    let hand = users;
    Some(match &e.kind {
        EventKind::Started { boot, pot, seats, joker, dealer } => {
            let mut s = format!("{seats} players paid the boot of {boot} (pot {pot}); {} deals.", who(hand, *dealer));
            if let Some(j) = joker {
                s.push_str(&format!(" Joker turned up: {} (every {} is wild).", j.pretty(), j.rank.symbol()));
            }
            s
        }
        EventKind::Turn { .. } | EventKind::Cards { .. } | EventKind::SideshowCompared { .. } => return None,
        EventKind::Saw { seat } => format!("{} looked at their cards.", who(hand, *seat)),
        EventKind::Bet { seat, amount, blind, .. } => {
            format!("{} bet {amount} {}.", who(hand, *seat), if *blind { "blind" } else { "(chaal)" })
        }
        EventKind::Packed { seat, reason } => match reason {
            PackReason::Folded => format!("{} packed.", who(hand, *seat)),
            PackReason::Timeout => format!("{} ran out of time and packed.", who(hand, *seat)),
            PackReason::SideshowLost => format!("{} lost the sideshow and packed.", who(hand, *seat)),
        },
        EventKind::ShowCalled { seat, against, cost, .. } => {
            format!("{} paid {cost} for a show against {}.", who(hand, *seat), who(hand, *against))
        }
        EventKind::SideshowAsked { seat, target, amount, .. } => {
            format!("{} bet {amount} and asked {} for a sideshow.", who(hand, *seat), who(hand, *target))
        }
        EventKind::SideshowDenied { seat, target } => {
            format!("{} refused {}'s sideshow.", who(hand, *target), who(hand, *seat))
        }
        EventKind::PotLimitReached { pot } => format!("The pot reached the limit ({pot}): every hand is shown."),
        EventKind::Showdown { hands, .. } => hands
            .iter()
            .map(|h| format!("{} shows {} ({})", who(hand, h.seat), hand_text(&h.cards), value_text(&h.value)))
            .collect::<Vec<_>>()
            .join("\n"),
        EventKind::Ended { ended_by, pot, payouts } => {
            let winners = payouts
                .iter()
                .map(|p| format!("{} wins {}", who(hand, p.seat), p.amount))
                .collect::<Vec<_>>()
                .join(", ");
            let how = match ended_by {
                EndedBy::LastStanding => "everyone else packed",
                EndedBy::Show => "show",
                EndedBy::PotLimit => "pot limit",
            };
            format!("🏆 {winners} (pot {pot}, {how}).")
        }
    })
}

/// A short description of the table's rules.
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

fn button(table: i64, hand: i64, seq: u32, verb: Verb, label: impl Into<String>, style: ButtonStyle) -> CreateButton {
    CreateButton::new(ButtonId { table, hand, seq, verb }.to_string()).label(label).style(style)
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
    } else if view.running {
        "Hands are dealt automatically while two or more players are seated.".into()
    } else {
        format!("Press **Start** when everyone is in ({} or Manage Server).", mention(view.opener))
    };
    let embed = CreateEmbed::new()
        .title(format!("{LOBBY_TITLE}{}", view.table_id))
        .colour(if view.closed { GREY } else { GREEN })
        .description(format!("{}\n\n{status}", rules_card(&view.rules)))
        .field(format!("Players ({}/{})", view.seated.len(), view.max_players), seated.join("\n"), false)
        .footer(CreateEmbedFooter::new(format!("Turn timer {}s · chips are virtual", view.turn_seconds)));
    let rows = if view.closed {
        Vec::new()
    } else {
        let t = view.table_id;
        vec![CreateActionRow::Buttons(vec![
            button(t, 0, 0, Verb::Join, "Join", ButtonStyle::Success),
            button(t, 0, 0, Verb::Leave, "Leave", ButtonStyle::Secondary),
            button(t, 0, 0, Verb::Start, "Start", ButtonStyle::Primary),
            button(t, 0, 0, Verb::Back, "I'm back", ButtonStyle::Secondary),
        ])]
    };
    (embed, rows)
}

fn link(view: &TableView) -> Option<String> {
    view.message_id.map(|m| format!("https://discord.com/channels/{}/{}/{}", view.guild, view.channel, m))
}

const HAND_TITLE: &str = "Teen Patti · hand #";

/// Whether a message the bot sent is a hand message (by its title).
pub fn is_hand_message(message: &serenity::Message) -> bool {
    message.embeds.first().and_then(|e| e.title.as_deref()).is_some_and(|t| t.starts_with(HAND_TITLE))
}

/// The hand message: content (a mention of whoever must act), embed, buttons.
pub fn hand_message(view: &TableView) -> (String, CreateEmbed, Vec<CreateActionRow>) {
    let Some(hand) = view.hand.as_ref() else {
        let (e, rows) = lobby(view);
        return (String::new(), e, rows);
    };
    let over = hand.outcome.is_some();
    let users = users_of(hand);
    let pot = hand.outcome.as_ref().map_or(hand.pot, |o| o.pot);
    let mut desc = vec![format!("Pot **{pot}** · stake **{}** · boot {}", hand.stake, view.rules.boot)];
    if let Some(j) = hand.joker {
        desc.push(format!("Joker: {} (every {} is wild)", j.pretty(), j.rank.symbol()));
    }
    let content = match (hand.to_act, hand.pending_sideshow) {
        _ if over => String::new(),
        (Some(seat), Some((asker, _))) => {
            let when = hand.deadline.map(|d| format!(" <t:{d}:R>")).unwrap_or_default();
            desc.push(format!(
                "{} asked {} for a sideshow: accept or deny{when}.",
                who(&users, asker),
                who(&users, seat)
            ));
            format!("{}, accept or deny the sideshow.", who(&users, seat))
        }
        (Some(seat), None) => {
            let when = hand.deadline.map(|d| format!(", timer ends <t:{d}:R>")).unwrap_or_default();
            desc.push(format!("Turn: {}{when}", who(&users, seat)));
            format!("{}, it's your turn.", who(&users, seat))
        }
        (None, _) => String::new(),
    };
    let seats: Vec<String> = hand
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let marker = if hand.to_act == Some(i) && !over { "▶ " } else { "" };
            let dealer = if hand.dealer == i { " (dealer)" } else { "" };
            let state = if s.packed {
                "packed"
            } else if s.seen {
                "seen"
            } else {
                "blind"
            };
            let name = if s.packed { format!("~~{}~~", mention(s.user)) } else { mention(s.user) };
            format!("{marker}{name}{dealer}: {state} · in {} · stack {}", s.put_in, s.stack)
        })
        .collect();
    let recent: Vec<String> = hand.log.iter().filter_map(|e| event_line(&users, e)).collect();
    let skip = recent.len().saturating_sub(8);
    let mut embed = CreateEmbed::new()
        .title(format!("{HAND_TITLE}{}", hand.hand_id))
        .colour(if over { GOLD } else { GREEN })
        .description(desc.join("\n"))
        .field("Players", truncate(&seats.join("\n"), 1024), false)
        .field("Last actions", truncate(&recent[skip..].join("\n"), 1024), false);
    if over {
        let next = if view.closed {
            "This table is closed.".to_string()
        } else {
            view.next_hand_at.map(|t| format!("Next hand <t:{t}:R>.")).unwrap_or_else(|| "Waiting for players.".into())
        };
        embed = embed.field("Hand over", next, false);
    }
    embed = embed.footer(CreateEmbedFooter::new(format!(
        "Table #{} · {} · {}s per turn",
        view.table_id, view.rules.variant, view.turn_seconds
    )));
    (content, embed, hand_buttons(view, hand))
}

fn truncate(s: &str, max: usize) -> String {
    if s.is_empty() {
        return "—".into();
    }
    if s.chars().count() <= max {
        return s.to_string();
    }
    let cut: String = s.chars().take(max - 1).collect();
    format!("{cut}…")
}

fn hand_buttons(view: &TableView, hand: &HandView) -> Vec<CreateActionRow> {
    let (t, h, q) = (view.table_id, hand.hand_id, hand.seq);
    let mut rows = Vec::new();
    if hand.outcome.is_none() {
        let legal = &hand.legal;
        let mut turn = Vec::new();
        if legal.respond {
            turn.push(button(t, h, q, Verb::Accept, "Accept sideshow", ButtonStyle::Success));
            turn.push(button(t, h, q, Verb::Deny, "Deny sideshow", ButtonStyle::Danger));
        }
        if let Some(b) = legal.bet {
            let word = if b.blind { "Blind" } else { "Chaal" };
            turn.push(button(t, h, q, Verb::Bet(b.min), format!("{word} {}", b.min), ButtonStyle::Primary));
            let raise = (b.min * 2).min(b.max);
            let raise = raise - raise % b.step;
            if raise > b.min {
                turn.push(button(t, h, q, Verb::Bet(raise), format!("Raise {raise}"), ButtonStyle::Primary));
            }
        }
        if let Some(cost) = legal.show {
            turn.push(button(t, h, q, Verb::Show, format!("Show ({cost})"), ButtonStyle::Success));
        }
        if let Some((cost, _)) = legal.sideshow {
            turn.push(button(t, h, q, Verb::Sideshow, format!("Sideshow ({cost})"), ButtonStyle::Secondary));
        }
        if !turn.is_empty() {
            rows.push(CreateActionRow::Buttons(turn));
        }
        let mut any = Vec::new();
        if hand.seats.iter().any(|s| !s.seen && !s.packed) {
            any.push(button(t, h, q, Verb::See, "See cards", ButtonStyle::Secondary));
        }
        if hand.seats.iter().any(|s| s.seen && !s.packed) {
            any.push(button(t, h, q, Verb::Cards, "My cards", ButtonStyle::Secondary));
        }
        any.push(button(t, h, q, Verb::Pack, "Pack", ButtonStyle::Danger));
        rows.push(CreateActionRow::Buttons(any));
    }
    if !view.closed {
        rows.push(CreateActionRow::Buttons(vec![
            button(t, 0, 0, Verb::Join, "Join", ButtonStyle::Success),
            button(t, 0, 0, Verb::Leave, "Leave", ButtonStyle::Secondary),
            button(t, 0, 0, Verb::Back, "I'm back", ButtonStyle::Secondary),
        ]));
    }
    rows
}

/// A private note as text (for a DM or an ephemeral reply).
pub fn note_text(view: &TableView, note: &PrivateNote, server: Option<&str>) -> String {
    let place = match server {
        Some(name) => format!("<#{}> on **{name}**", view.channel),
        None => format!("<#{}>", view.channel),
    };
    let back = link(view).map(|l| format!("\nBack to the table: {l}")).unwrap_or_default();
    match note {
        PrivateNote::Seated { table_id } => format!(
            "You have a seat at Teen Patti table #{table_id} in {place}. Your cards will come here when you choose to see them."
        ),
        PrivateNote::Cards { hand_id, cards, value } => {
            let value = value.map(|v| format!(" ({})", value_text(&v))).unwrap_or_default();
            let joker = match (view.rules.variant, view.hand.as_ref().and_then(|h| h.joker)) {
                (Variant::Joker, Some(j)) => format!(" Joker: every {} is wild.", j.rank.symbol()),
                _ => String::new(),
            };
            format!(
                "Your cards for hand #{hand_id} in {place}: **{}**{value}.{joker}{back}",
                hand_text(cards)
            )
        }
        PrivateNote::Sideshow { hand_id, asker, target, hands, loser } => {
            let shown: Vec<String> = hands
                .iter()
                .map(|(u, c, v)| format!("{}: **{}** ({})", mention(*u), hand_text(c), value_text(v)))
                .collect();
            format!(
                "Sideshow in hand #{hand_id} ({place}) between {} and {}:\n{}\n{} packs.{back}",
                mention(*asker),
                mention(*target),
                shown.join("\n"),
                mention(*loser)
            )
        }
    }
}

/// Explains the DM fallback.
pub const DM_FALLBACK: &str = "I could not send you a direct message (your DMs are closed to this bot, or you share no \
server that allows them), so your private messages will come as replies only you can see, like this one. Use **My cards** \
on the table to see them again.";
