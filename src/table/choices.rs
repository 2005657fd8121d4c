//! The buttons a table offers now, for every presenter: each one's `custom_id` ([`ButtonId`]), its label in the
//! reader's language and its style. The hand message's buttons and the Activity's are these, so a legal action
//! is offered the same way wherever the table is played from; no rules here (what is legal is the engine's,
//! through the view).

use serde::Serialize;

use super::view::{HandView, TableView};
use super::{ButtonId, Command, Command::Play};
use crate::engine::hand::Legal;
use crate::engine::Action;
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::tr;

/// How a button looks (Discord's button styles, which the Activity draws alike).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    Primary,
    Secondary,
    Success,
    Danger,
}

/// One button: what it sends, what it says, how it looks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Choice {
    #[serde(serialize_with = "as_text")]
    pub id: ButtonId,
    pub label: String,
    pub style: Style,
}

fn as_text<S: serde::Serializer>(id: &ButtonId, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(id)
}

fn choice(id: ButtonId, label: String, style: Style) -> Choice {
    Choice { id, label, style }
}

/// A lobby button (Join, Leave, Start, I'm back): it belongs to no hand.
fn lobby_choice(view: &TableView, command: Command, label: String, style: Style) -> Choice {
    choice(ButtonId { table: view.table_id, hand: None, seq: 0, command }, label, style)
}

/// The lobby's buttons (none once the table is closed), in `lang`: the table's own, Start among them.
pub fn lobby(view: &TableView, lang: Lang) -> Vec<Choice> {
    let mut row = table_row(view, lang);
    if !row.is_empty() {
        row.insert(2, lobby_choice(view, Command::Start, tr!(lang, "button-start"), Style::Primary));
    }
    row
}

/// What `legal` offers, as the row of a seat's turn (a bet, a show, a sideshow, an answer, a draw, a
/// declaration), in `lang`: `id` makes each button's `custom_id`.
fn turn_row(id: &impl Fn(Command) -> ButtonId, legal: &Legal, lang: Lang) -> Vec<Choice> {
    let mut turn = Vec::new();
    let mut pair = |accept: &str, deny: &str| {
        turn.push(choice(id(Play(Action::Accept)), crate::i18n::text(lang, accept, None), Style::Success));
        turn.push(choice(id(Play(Action::Deny)), crate::i18n::text(lang, deny, None), Style::Danger));
    };
    if legal.respond && legal.answer_split {
        pair("button-accept-split", "button-play-on");
    } else if legal.respond && legal.answer_show {
        pair("button-show-my-cards", "button-concede");
    } else if legal.respond {
        pair("button-accept-sideshow", "button-deny-sideshow");
    }
    if let Some(b) = legal.bet {
        let label =
            if b.blind { tr!(lang, "button-blind", amount = b.min) } else { tr!(lang, "button-chaal", amount = b.min) };
        turn.push(choice(id(Play(Action::Bet(b.min))), label, Style::Primary));
        if let Some(raise) = b.raise() {
            turn.push(choice(id(Play(Action::Bet(raise))), tr!(lang, "button-raise", amount = raise), Style::Primary));
        }
        // Past twice the minimum (pot, spread and no-limit structures): the largest bet too.
        if b.max > b.raise().unwrap_or(b.min) {
            turn.push(choice(id(Play(Action::Bet(b.max))), tr!(lang, "button-max", amount = b.max), Style::Primary));
        }
    }
    if let Some(cost) = legal.show {
        turn.push(choice(id(Play(Action::Show)), tr!(lang, "button-show", cost = cost), Style::Success));
    }
    if let Some((cost, _)) = legal.sideshow {
        let label =
            if cost == 0 { tr!(lang, "button-sideshow") } else { tr!(lang, "button-sideshow-cost", cost = cost) };
        turn.push(choice(id(Play(Action::Sideshow)), label, Style::Secondary));
    }
    if legal.split {
        turn.push(choice(id(Play(Action::Split)), tr!(lang, "button-split"), Style::Secondary));
    }
    if legal.declare {
        turn.push(choice(id(Play(Action::DeclareHigh)), tr!(lang, "button-declare-high"), Style::Primary));
        turn.push(choice(id(Play(Action::DeclareLow)), tr!(lang, "button-declare-low"), Style::Primary));
    }
    if let Some(d) = legal.draw {
        if d.max > 0 {
            let label = if d.max == 1 && d.min == 1 {
                tr!(lang, "button-change-card", price = d.price)
            } else {
                tr!(lang, "button-change-cards", price = d.price)
            };
            turn.push(choice(id(Command::DrawMenu), label, Style::Primary));
        }
        if d.min == 0 {
            turn.push(choice(id(Play(Action::Draw(0))), tr!(lang, "button-stand-pat"), Style::Secondary));
        }
    }
    turn
}

/// The `custom_id` maker of `hand`'s buttons (drawn at its action count: a later click on them is stale).
fn hand_id(view: &TableView, hand: &HandView) -> impl Fn(Command) -> ButtonId {
    let (table, hand, seq) = (view.table_id, hand.hand_id, hand.seq);
    move |command| ButtonId { table, hand: Some(hand), seq, command }
}

/// The table's own row during a hand (join, leave, I'm back), none once closed.
fn table_row(view: &TableView, lang: Lang) -> Vec<Choice> {
    if view.closed {
        return Vec::new();
    }
    vec![
        lobby_choice(view, Command::Join, tr!(lang, "button-join"), Style::Success),
        lobby_choice(view, Command::Leave, tr!(lang, "button-leave"), Style::Secondary),
        lobby_choice(view, Command::Back, tr!(lang, "button-back"), Style::Secondary),
    ]
}

/// A hand's buttons in rows, in `lang`: what the player to act may do (from the engine's legal actions), what
/// anyone seated may do (see, my cards, pack), and the table's own (join, leave, I'm back). Empty rows are left out.
pub fn hand(view: &TableView, hand: &HandView, lang: Lang) -> Vec<Vec<Choice>> {
    let id = hand_id(view, hand);
    let mut rows = Vec::new();
    if hand.outcome.is_none() {
        rows.push(turn_row(&id, &hand.legal, lang));
        let mut any = Vec::new();
        // Nobody may look in cobra, or in a blind round.
        let may_look = !hand.plan.forehead && hand.round > hand.plan.blind_rounds;
        if may_look && hand.seats.iter().any(|s| !s.seen && !s.packed) {
            any.push(choice(id(Play(Action::See)), tr!(lang, "button-see"), Style::Secondary));
        }
        if hand.plan.forehead || hand.seats.iter().any(|s| s.seen && !s.packed) {
            any.push(choice(id(Command::Cards), tr!(lang, "button-my-cards"), Style::Secondary));
        }
        any.push(choice(id(Play(Action::Pack)), tr!(lang, "button-pack"), Style::Danger));
        rows.push(any);
    }
    rows.push(table_row(view, lang));
    rows.retain(|r| !r.is_empty());
    rows
}

/// The buttons `me` may use now, for a presenter that knows who reads it and follows the table (the Activity: the
/// seats' legal actions are in its views): of the channel's, only what is theirs to do, as the engine's
/// `legal_actions` gives it for their seat (their turn's row only on their turn, See while they may look, Pack
/// while they may pack, a declaration while they may declare), the dealer's-choice prompt to the dealer alone,
/// Join to a player not seated at a table with a seat free, Leave to one who is (in the hand, only while they may pack: leaving packs them),
/// I'm back to one sat out, and Start to the opener of a stopped table with two players to deal. At a
/// tournament's table nobody joins or leaves by a button. No My cards: such a presenter shows the player's own
/// cards by itself once they looked.
pub fn for_player(view: &TableView, me: UserId, lang: Lang) -> Vec<Vec<Choice>> {
    let mut rows: Vec<Vec<Choice>> = Vec::new();
    if view.picking.as_ref().is_some_and(|p| p.dealer == me) {
        rows.extend(pick(view, lang).map(|c| vec![c]));
    }
    if view.closed {
        return rows;
    }
    let live = view.hand.as_ref().filter(|h| h.outcome.is_none());
    // What the engine lets `me` do in the hand in play, if they are in it.
    let legal = live.and_then(|h| h.seat_of(me).and_then(|s| h.legal_of.get(s)).map(|l| (h, l)));
    if let Some((hand, legal)) = legal {
        let id = hand_id(view, hand);
        rows.push(turn_row(&id, legal, lang));
        let mut any = Vec::new();
        if legal.see {
            any.push(choice(id(Play(Action::See)), tr!(lang, "button-see"), Style::Secondary));
        }
        if legal.pack {
            any.push(choice(id(Play(Action::Pack)), tr!(lang, "button-pack"), Style::Danger));
        }
        rows.push(any);
    }
    let mut own = Vec::new();
    let seated = view.seated.iter().find(|s| s.user == me);
    let dealable = view.seated.iter().filter(|s| !s.sat_out).count() >= 2;
    if !view.running && live.is_none() && view.picking.is_none() && view.opener == me && dealable {
        own.push(lobby_choice(view, Command::Start, tr!(lang, "button-start"), Style::Primary));
    }
    match seated {
        None if !view.tournament && view.seated.len() < view.max_players as usize => {
            own.push(lobby_choice(view, Command::Join, tr!(lang, "button-join"), Style::Success))
        }
        None => {}
        Some(s) => {
            // Leaving packs a player still in the hand: offered only while they may pack.
            let in_hand = live.and_then(|h| h.seat_of(me).and_then(|i| h.seats.get(i))).is_some_and(|s| !s.packed);
            let may_leave = !in_hand || legal.is_some_and(|(_, l)| l.pack);
            if may_leave && !view.tournament {
                own.push(lobby_choice(view, Command::Leave, tr!(lang, "button-leave"), Style::Secondary));
            }
            if s.sat_out {
                own.push(lobby_choice(view, Command::Back, tr!(lang, "button-back"), Style::Secondary));
            }
        }
    }
    rows.push(own);
    rows.retain(|r| !r.is_empty());
    rows
}

/// The dealer's-choice prompt's button (the next hand's dealer opens the menu of games), while they choose.
pub fn pick(view: &TableView, lang: Lang) -> Option<Choice> {
    let p = view.picking.as_ref().filter(|p| p.picked.is_none())?;
    let id = ButtonId { table: view.table_id, hand: None, seq: p.round, command: Command::PickMenu };
    Some(choice(id, tr!(lang, "pick-button"), Style::Primary))
}

/// The buttons `view` offers now, wherever the channel shows them: the dealer's-choice prompt's first while the
/// dealer chooses, then its hand's rows, or the lobby's as one row (none once closed).
pub fn of(view: &TableView, lang: Lang) -> Vec<Vec<Choice>> {
    let mut rows: Vec<Vec<Choice>> = pick(view, lang).map(|c| vec![c]).into_iter().collect();
    match &view.hand {
        Some(h) => rows.extend(hand(view, h, lang)),
        None => rows.extend(Some(lobby(view, lang)).filter(|r| !r.is_empty())),
    }
    rows
}
