//! The session's frames, both ways (JSON text; docs/activity.md). Out: `welcome`, `view` (the table as the
//! channel shows it, in the player's language, plus what only this player may see), `done` and `refused` (the
//! answer to an action), `error` (a frame that could not be read). In: `hello` (the access token and the
//! instance, first), `act` (a button's `custom_id`, the client's key, a menu's values).

use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{json, Value};

use super::rest::{valid_instance, valid_token};
use crate::engine::Card;
use crate::i18n::Lang;
use crate::ids::{HandId, UserId};
use crate::table::view::{PrivateNote, TableView};
use crate::tr;

/// A frame from the client.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum Incoming {
    /// The first frame: who (the access token the code exchange gave) and where (the SDK's `instanceId`).
    Hello { token: String, instance: String },
    /// A button pressed: its `custom_id` as a `view` gave it, the client's key for it (an action sent twice
    /// under one key is applied once), and the values chosen in a menu (a draw's cards, a dealer's game).
    Act {
        id: String,
        key: String,
        #[serde(default)]
        values: Option<Vec<String>>,
    },
}

/// A client key's length: a fresh random one for each action (a UUID is 36 characters), never reused: an action
/// sent again under a key already used is taken for the same one, and done once.
pub const KEY_CHARS: std::ops::RangeInclusive<usize> = 16..=64;

impl Incoming {
    /// Reads a frame; `None` for anything that is not one (the caller answers with one `error`).
    pub fn read(text: &str) -> Option<Incoming> {
        let frame: Incoming = serde_json::from_str(text).ok()?;
        match &frame {
            Incoming::Hello { token, instance } if !valid_token(token) || !valid_instance(instance) => None,
            Incoming::Act { key, .. } if !KEY_CHARS.contains(&key.len()) => None,
            Incoming::Act { key, .. } if !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') => None,
            Incoming::Act { id, values, .. }
                if id.len() > 100 || values.as_ref().is_some_and(|v| v.len() > 8 || v.iter().any(|s| s.len() > 32)) =>
            {
                None
            }
            _ => Some(frame),
        }
    }
}

/// What only this player has been shown of the current hand: their private notes (their cards once they looked,
/// the cards they see in cobra, their sideshows' results), as the table gives them to its Cards button.
#[derive(Clone, Debug, Default)]
pub struct Private {
    pub hand: Option<HandId>,
    pub notes: Vec<PrivateNote>,
}

fn cards(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}

/// A player as the Activity names them: their kept display name, or their seat.
fn named(names: &HashMap<UserId, String>, lang: Lang, user: UserId, seat: usize) -> String {
    names.get(&user).cloned().unwrap_or_else(|| tr!(lang, "activity-seat", n = seat as u64 + 1))
}

/// The `view` frame for `me`: the public table in `lang`, the buttons, and `me`'s own notes.
pub fn view(view: &TableView, me: UserId, lang: Lang, names: &HashMap<UserId, String>, private: &Private) -> Value {
    let seated: Vec<Value> = view
        .seated
        .iter()
        .enumerate()
        .map(|(i, s)| json!({"user": s.user.to_string(), "name": named(names, lang, s.user, i), "sat_out": s.sat_out}))
        .collect();
    let hand = view.hand.as_ref().map(|h| {
        let users: Vec<UserId> = h.seats.iter().map(|s| s.user).collect();
        let name = |seat: usize| users.get(seat).map_or_else(String::new, |&u| named(names, lang, u, seat));
        let seats: Vec<Value> = h
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let state = match (s.packed, s.declared, s.seen) {
                    (true, _, _) => "seat-state-packed",
                    (_, true, _) => "seat-state-declared",
                    (_, _, true) => "seat-state-seen",
                    _ => "seat-state-blind",
                };
                json!({
                    "user": s.user.to_string(), "name": name(i), "seen": s.seen, "packed": s.packed,
                    "put_in": s.put_in, "stack": s.stack, "declared": s.declared,
                    // As the player reads them, in their language.
                    "state_text": crate::i18n::text(lang, state, None),
                    // The cards everyone sees of this seat (stud's face-up cards), and how many it holds down.
                    "up": cards(h.board.up.get(i).map_or(&[][..], Vec::as_slice)),
                    "down": h.plan.down,
                    "stack_text": tr!(lang, "activity-stack", chips = s.stack),
                    "put_in_text": tr!(lang, "activity-put-in", chips = s.put_in),
                })
            })
            .collect();
        let log: Vec<String> = h.log.iter().filter_map(|e| crate::words::event_line(lang, &name, &h.plan, e)).collect();
        let shown: Vec<Value> = h
            .shown()
            .iter()
            .map(|s| json!({"user": users.get(s.seat).map(UserId::to_string), "cards": cards(&s.cards)}))
            .collect();
        let winners: Vec<String> = h
            .outcome
            .as_ref()
            .map(|o| o.winners().iter().filter_map(|&s| users.get(s).map(UserId::to_string)).collect())
            .unwrap_or_default();
        json!({
            "id": h.hand_id.get(), "seq": h.seq, "dealer": h.dealer, "turn": h.turn, "to_act": h.to_act,
            "deadline": h.deadline, "pot": h.outcome.as_ref().map_or(h.pot, |o| o.pot), "stake": h.stake,
            "boot": h.boot, "round": h.round, "variant": h.rules.variant.name(), "over": h.outcome.is_some(),
            "seats": seats, "board": crate::words::board_lines(lang, &name, &h.board, &h.plan),
            "log": log, "shown": shown, "winners": winners,
            "commitment": h.fair.as_ref().map(|f| f.commitment.clone()),
            "community": cards(&h.board.community),
            "pot_text": tr!(lang, "activity-pot", pot = h.outcome.as_ref().map_or(h.pot, |o| o.pot)),
            "stake_text": tr!(lang, "activity-stake", stake = h.stake, hand = h.hand_id.get()),
        })
    });
    let seat = view.hand.as_ref().and_then(|h| h.seat_of(me));
    let current = view.hand.as_ref().map(|h| h.hand_id);
    let notes: Vec<Value> = private
        .notes
        .iter()
        .filter(|_| private.hand.is_some() && private.hand == current)
        .filter_map(|n| note(n, lang))
        .collect();
    // Of the channel's buttons, the ones that are this player's to use (their own legal actions).
    let actions = crate::table::choices::for_player(view, me, lang);
    json!({
        "type": "view",
        "table": {
            "id": view.table_id.get(), "closed": view.closed, "running": view.running, "lang": view.lang.code(),
            "variant": view.rules.variant.name(), "boot": view.rules.boot, "max_players": view.max_players,
            "turn_seconds": view.turn_seconds, "next_hand_at": view.next_hand_at,
        },
        "seated": seated,
        "hand": hand,
        "you": {"user": me.to_string(), "seat": seat, "notes": notes},
        "actions": actions,
    })
}

/// One private note as data (the client draws it): the player's cards and their worth, the cards they see of
/// others, a sideshow's two hands.
fn note(note: &PrivateNote, lang: Lang) -> Option<Value> {
    Some(match note {
        PrivateNote::Seated { .. } => return None,
        PrivateNote::Cards { cards: c, value, made, .. } => json!({
            "kind": "cards", "cards": cards(c),
            "value": value.as_ref().map(|v| crate::words::value_text(lang, v)),
            "made": made.as_ref().map(|m| crate::words::made_text(lang, m)),
        }),
        PrivateNote::Sees { hands, .. } => json!({
            "kind": "sees",
            "hands": hands.iter().map(|(u, c)| json!({"user": u.to_string(), "cards": cards(c)})).collect::<Vec<_>>(),
        }),
        PrivateNote::Sideshow { asker, target, hands, loser, .. } => json!({
            "kind": "sideshow", "asker": asker.to_string(), "target": target.to_string(), "loser": loser.to_string(),
            "hands": hands.iter().map(|(u, c, v)| json!({
                "user": u.to_string(), "cards": cards(c), "value": crate::words::value_text(lang, v),
            })).collect::<Vec<_>>(),
        }),
    })
}

/// The first frame of a session: who it is for, in which language it speaks, and the page's own words in it.
pub fn welcome(me: UserId, lang: Lang) -> Value {
    let mut words: serde_json::Map<String, Value> = [
        ("your_cards", "activity-your-cards"),
        ("actions", "activity-actions"),
        ("log", "activity-log"),
        ("ok", "activity-ok"),
        ("reconnecting", "activity-reconnecting"),
        ("replaced", "activity-replaced"),
        ("time_left", "activity-time-left"),
        // A card's spoken name (its label for a screen reader): the suits, the ranks with names, the joker.
        ("suit_s", "activity-suit-s"),
        ("suit_h", "activity-suit-h"),
        ("suit_d", "activity-suit-d"),
        ("suit_c", "activity-suit-c"),
        ("rank_A", "activity-rank-a"),
        ("rank_K", "activity-rank-k"),
        ("rank_Q", "activity-rank-q"),
        ("rank_J", "activity-rank-j"),
        ("joker", "activity-joker"),
    ]
    .into_iter()
    .map(|(k, id)| (k.to_string(), Value::String(crate::i18n::text(lang, id, None))))
    .collect();
    // "{rank} of {suit}" in the player's language, its two places kept for the page to fill.
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("rank", "{rank}");
    args.set("suit", "{suit}");
    words.insert("card".into(), Value::String(crate::i18n::text(lang, "activity-card", Some(&args))));
    json!({"type": "welcome", "user": me.to_string(), "lang": lang.code(), "words": words})
}

/// The `act` id of the button that opens a table in the instance's channel (not a table's `custom_id`).
pub const OPEN_TABLE: &str = "activity:open-table";

/// No table in the instance's channel (yet): the client says so and offers to open one; a table opened there is
/// sent when it is.
pub fn no_table(lang: Lang) -> Value {
    let open = json!({"id": OPEN_TABLE, "label": tr!(lang, "activity-open-a-table"), "style": "success"});
    json!({"type": "view", "table": null, "message": tr!(lang, "activity-no-table"), "actions": [[open]]})
}

/// An action done, with the menu it opened for this player alone (a draw's, a dealer's choice), if any.
pub fn done(key: &str, menu: Option<Value>) -> Value {
    json!({"type": "done", "key": key, "menu": menu})
}

/// A menu for one player, as data, with the `id` its choice is sent with (as `values` of an `act`): which of
/// their cards they may change (`min` to `max` positions, at `price` each; the cards' faces only if they have
/// looked, as the channel's menu: a blind player chooses by position), or which games a dealer may choose (one
/// game's `value`).
pub fn menu(menu: &crate::table::view::Menu, view: &TableView) -> Value {
    use crate::engine::Action;
    use crate::table::view::Menu;
    use crate::table::{ButtonId, Command};
    match menu {
        Menu::Draw { hand_id, seq, cards: c, offer } => {
            let seen =
                view.hand.as_ref().is_some_and(|h| h.to_act.and_then(|t| h.seats.get(t)).is_some_and(|s| s.seen));
            let id = ButtonId {
                table: view.table_id,
                hand: Some(*hand_id),
                seq: *seq,
                command: Command::Play(Action::Draw(0)),
            };
            json!({
                "kind": "draw", "id": id.to_string(), "count": c.len(), "cards": seen.then(|| cards(c)),
                "min": offer.min, "max": offer.max, "price": offer.price,
            })
        }
        Menu::Pick { round, choices, default } => {
            let id = ButtonId {
                table: view.table_id,
                hand: None,
                seq: *round,
                command: Command::Pick(crate::engine::Variant::Classic),
            };
            json!({
                "kind": "pick", "id": id.to_string(), "default": default.name(),
                "choices": choices.iter().map(|v| json!({"value": v.name(), "label": v.to_string()})).collect::<Vec<_>>(),
            })
        }
    }
}

/// An action refused, with the refusal in the player's language.
pub fn refused(key: &str, message: String) -> Value {
    json!({"type": "refused", "key": key, "message": message})
}

/// A frame that could not be read (or came too fast), said once.
pub fn error(message: String) -> Value {
    json!({"type": "error", "message": message})
}
