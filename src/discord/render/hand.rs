//! The hand message: who must act, the pot, every seat, the last actions,
//! and the buttons the engine's legal actions allow.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateEmbed, CreateEmbedFooter};

use super::{board_lines, event_line, lobby, mention, pick_line, picking_line, truncate, who, GOLD, GREEN};
use crate::engine::hand::Phase;
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::table::view::{HandView, TableView};
use crate::tr;

/// Whether a message the bot sent is a hand message: its title, in any language.
pub fn is_hand_message(message: &serenity::Message) -> bool {
    let title = message.embeds.first().and_then(|e| e.title.as_deref()).unwrap_or_default();
    Lang::ALL.iter().any(|&lang| {
        let prefix = tr!(lang, "hand-title", hand = 0);
        title.starts_with(prefix.trim_end_matches('0'))
    })
}

/// The hand message: content (a mention of whoever must act), embed, buttons; in the table's language.
pub fn hand_message(view: &TableView) -> (String, CreateEmbed, Vec<CreateActionRow>) {
    let Some(hand) = view.hand.as_ref() else {
        let (e, rows) = lobby(view);
        return (String::new(), e, rows);
    };
    let lang = view.lang;
    let over = hand.outcome.is_some();
    let users: Vec<UserId> = hand.seats.iter().map(|s| s.user).collect();
    let pot = hand.outcome.as_ref().map_or(hand.pot, |o| o.pot);
    let mut desc = vec![tr!(lang, "hand-pot", pot = pot, stake = hand.stake, boot = hand.boot)];
    desc.extend(pick_line(view, hand));
    desc.extend(board_lines(lang, &users, &hand.board, &hand.plan));
    desc.extend(fair_line(lang, hand));
    if !over {
        // Entropy given now goes into the next hand, whose seed is already committed to.
        desc.extend(super::next_commitment_line(view));
    }
    // A question waiting for the player to act: who asked, the question, and what the player answers.
    let question = match (hand.pending_sideshow, hand.pending_show, hand.pending_split) {
        (Some((asker, _)), _, _) => Some((asker, "question-sideshow", "answer-sideshow")),
        (_, Some((payer, _)), _) => Some((payer, "question-show", "answer-show")),
        (_, _, Some((proposer, _))) => Some((proposer, "question-split", "answer-split")),
        _ => None,
    };
    // A high-low show by declaration: everyone who has not declared answers at once, in secret.
    let declaring = hand.phase == Phase::Declaring && !over;
    let undeclared: Vec<String> =
        hand.seats.iter().filter(|s| declaring && !s.packed && !s.declared).map(|s| mention(s.user)).collect();
    let content = match (hand.to_act, question) {
        _ if over => String::new(),
        _ if declaring => {
            let mut line = tr!(lang, "declare-line");
            if let Some(d) = hand.deadline {
                line.push(' ');
                line.push_str(&tr!(lang, "declare-time", when = format!("<t:{d}:R>")));
            }
            desc.push(line);
            tr!(lang, "declare-content", players = undeclared.join(", "))
        }
        (Some(seat), Some((asker, ask, answer))) => {
            let when = hand.deadline.map(|d| format!(" <t:{d}:R>")).unwrap_or_default();
            let mut args = crate::i18n::Args::new();
            args.set("asker", who(&users, asker));
            args.set("player", who(&users, seat));
            args.set("when", when);
            desc.push(crate::i18n::text(lang, ask, Some(&args)));
            crate::i18n::text(lang, answer, Some(&args))
        }
        (Some(seat), None) => {
            desc.push(match hand.deadline {
                Some(d) => tr!(lang, "turn-line-timer", player = who(&users, seat), when = format!("<t:{d}:R>")),
                None => tr!(lang, "turn-line", player = who(&users, seat)),
            });
            tr!(lang, "turn-content", player = who(&users, seat))
        }
        (None, _) => String::new(),
    };
    let seats: Vec<String> = hand
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let waiting = if declaring { !s.packed && !s.declared } else { hand.to_act == Some(i) };
            let marker = if waiting && !over { "▶ " } else { "" };
            let dealer = if hand.dealer == i { tr!(lang, "seat-dealer") } else { String::new() };
            let state = if s.packed {
                tr!(lang, "seat-state-packed")
            } else if declaring && s.declared {
                tr!(lang, "seat-state-declared")
            } else if s.seen {
                tr!(lang, "seat-state-seen")
            } else {
                tr!(lang, "seat-state-blind")
            };
            let name = if s.packed { format!("~~{}~~", mention(s.user)) } else { mention(s.user) };
            let line = tr!(
                lang,
                "seat-line",
                mark = super::seat_mark(i),
                player = name,
                dealer = dealer,
                state = state,
                put_in = s.put_in,
                stack = s.stack
            );
            format!("{marker}{line}")
        })
        .collect();
    let recent: Vec<String> = hand.log.iter().filter_map(|e| event_line(lang, &users, &hand.plan, e)).collect();
    let skip = recent.len().saturating_sub(8);
    let mut embed = CreateEmbed::new()
        .title(tr!(lang, "hand-title", hand = hand.hand_id.get()))
        .colour(if over { GOLD } else { GREEN })
        .description(desc.join("\n"))
        .field(tr!(lang, "field-players"), truncate(&seats.join("\n"), 1024), false)
        .field(tr!(lang, "field-last-actions"), truncate(&recent[skip..].join("\n"), 1024), false);
    if over {
        let next = if view.closed {
            tr!(lang, "hand-over-closed")
        } else if let Some(pick) = &view.picking {
            picking_line(lang, pick)
        } else {
            view.next_hand_at
                .map(|t| tr!(lang, "hand-over-next", when = format!("<t:{t}:R>")))
                .unwrap_or_else(|| tr!(lang, "hand-over-waiting"))
        };
        embed =
            embed.field(tr!(lang, "field-hand-over"), format!("{next}{}", super::after_next_commitment(view)), false);
    }
    embed = embed.footer(CreateEmbedFooter::new(tr!(
        lang,
        "hand-footer",
        table = view.table_id.get(),
        variant = hand.rules.variant.to_string(),
        seconds = view.turn_seconds
    )));
    let mut rows = super::with_open_table(lang, hand_buttons(view, hand), view.closed);
    // A finished hand links to its page (web on, a channel everyone can view, `PUBLIC_URL` set).
    let link = crate::discord::site::hand_link_now(view.guild, view.channel, hand.hand_id);
    if let Some(url) = link.filter(|_| over && rows.len() < 5) {
        let button = serenity::CreateButton::new_link(url).label(tr!(lang, "button-web-hand"));
        rows.push(CreateActionRow::Buttons(vec![button]));
    }
    (content, embed, rows)
}

/// The deal's commitment while the hand is played; its seed and entropy once it is over, with how to check them.
fn fair_line(lang: Lang, hand: &HandView) -> Option<String> {
    let fair = hand.fair.as_ref()?;
    let commitment = fair.commitment.as_str();
    Some(match &fair.revealed {
        None => tr!(lang, "fair-live", commitment = commitment),
        Some((seed, entropy)) => {
            let entropy = match entropy.lines().count() {
                0 => tr!(lang, "fair-no-entropy"),
                n => tr!(lang, "fair-entropy-from", n = n as u64),
            };
            tr!(
                lang,
                "fair-revealed",
                commitment = commitment,
                seed = seed.as_str(),
                entropy = entropy,
                hand = hand.hand_id.get()
            )
        }
    })
}

fn hand_buttons(view: &TableView, hand: &HandView) -> Vec<CreateActionRow> {
    crate::table::choices::hand(view, hand, view.lang).iter().map(|row| super::button_row(row)).collect()
}
