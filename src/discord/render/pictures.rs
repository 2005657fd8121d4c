//! Which cards a message pictures ([`crate::art`] draws them): a player's own cards, the two hands of a
//! sideshow, the hands shown at the end, the turned-up cards of a hand, `/history` and `/rank`. Each picture
//! is an attachment whose description (alt text, for screen readers) lists the same cards in words; the
//! message's text lists them too. Rows are numbered by seat, as the hand message's players are ([`seat_mark`]).

use std::sync::Arc;

use poise::serenity_prelude::CreateAttachment;

use super::high_to_low;
use crate::art::{self, Face, Row};
use crate::engine::hand::Board;
use crate::engine::rules::DealPlan;
use crate::engine::{Card, EventKind};
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::table::history::HandHistory;
use crate::table::view::{HandView, PrivateNote, TableView};
use crate::tr;

/// A drawn picture and what it shows in words.
#[derive(Clone, Debug)]
pub struct Picture {
    pub name: &'static str,
    pub png: Arc<[u8]>,
    pub alt: String,
}

impl Picture {
    pub fn attachment(&self) -> CreateAttachment {
        CreateAttachment::bytes(self.png.to_vec(), self.name).description(super::truncate(&self.alt, 1024))
    }
}

/// Seat `i` (0-based) as the hand message and the pictures number it: ①, ②, ... (⑳ is the last such mark; past
/// it, `(21)`).
pub fn seat_mark(seat: usize) -> String {
    match u32::try_from(seat).ok().filter(|s| *s < 20).and_then(|s| char::from_u32(0x2460 + s)) {
        Some(c) => c.to_string(),
        None => format!("({})", seat + 1),
    }
}

/// Draws `rows` as `name`; `None` (and a warning) when there is nothing to draw or drawing fails: the text
/// beside it still says everything.
fn picture(lang: Lang, name: &'static str, rows: Vec<Row>) -> Option<Picture> {
    if rows.iter().all(|r| r.faces.is_empty()) {
        return None;
    }
    let alt = rows
        .iter()
        .map(|r| {
            let seat = r.seat.map(|s| format!("{} ", seat_mark(s - 1))).unwrap_or_default();
            let faces: Vec<String> = r
                .faces
                .iter()
                .map(|f| match f {
                    Face::Up(c) => c.pretty(),
                    Face::Down => "🂠".to_string(),
                })
                .collect();
            let mark = if r.mark { format!(" ({})", tr!(lang, "picture-wins")) } else { String::new() };
            format!("{seat}{}{mark}", faces.join(" "))
        })
        .collect::<Vec<_>>()
        .join(" · ");
    match art::png(&rows) {
        Ok(png) => Some(Picture { name, png, alt }),
        Err(e) => {
            tracing::warn!(error = %e, "could not draw a card picture");
            None
        }
    }
}

fn seat_of(hand: Option<&HandView>, user: UserId) -> Option<usize> {
    hand?.seats.iter().position(|s| s.user == user).map(|s| s + 1)
}

/// The picture for a private note: the player's cards; the other players' cards (cobra); a sideshow's two hands,
/// the winner framed.
pub fn note_picture(view: &TableView, note: &PrivateNote) -> Option<Picture> {
    let hand = view.hand.as_ref();
    match note {
        PrivateNote::Seated { .. } => None,
        PrivateNote::Cards { cards, .. } => {
            picture(view.lang, "cards.png", vec![Row::cards(None, &high_to_low(cards))])
        }
        PrivateNote::Sees { hands, .. } => picture(
            view.lang,
            "others.png",
            hands.iter().map(|(u, c)| Row::cards(seat_of(hand, *u), &high_to_low(c))).collect(),
        ),
        PrivateNote::Sideshow { hands, loser, .. } => picture(
            view.lang,
            "sideshow.png",
            hands
                .iter()
                .map(|(u, c, _)| Row { mark: u != loser, ..Row::cards(seat_of(hand, *u), &high_to_low(c)) })
                .collect(),
        ),
    }
}

/// The board's row: community cards (face down until turned) and the cards turned up to set a wild or a bust.
fn board_row(board: &Board, plan: &DealPlan) -> Row {
    let hidden = plan.community.saturating_sub(board.community.len());
    let mut faces: Vec<Face> = board.community.iter().copied().map(Face::Up).collect();
    faces.extend((0..hidden).map(|_| Face::Down));
    faces.extend([board.joker, board.wild_suit, board.bust].into_iter().flatten().map(Face::Up));
    Row { seat: None, mark: false, faces }
}

/// The hand message's picture: the turned-up cards while it is played (the board, each seat's face-up cards);
/// once it is over, the hands shown, winners framed, after the board.
pub fn hand_picture(view: &TableView) -> Option<Picture> {
    let hand = view.hand.as_ref()?;
    let mut rows = vec![board_row(&hand.board, &hand.plan)];
    let mut shown: Vec<(usize, Vec<Card>, bool)> = Vec::new();
    for e in &hand.log {
        if let EventKind::Showdown { hands, winners } = &e.kind {
            for h in hands {
                shown.retain(|(s, _, _)| *s != h.seat);
                shown.push((h.seat, h.cards.clone(), winners.contains(&h.seat)));
            }
        }
    }
    if shown.is_empty() {
        rows.extend(hand.board.up.iter().enumerate().map(|(seat, cards)| Row::cards(Some(seat + 1), cards)));
    } else {
        shown.sort_by_key(|(s, _, _)| *s);
        rows.extend(shown.iter().map(|(s, c, w)| Row { mark: *w, ..Row::cards(Some(s + 1), &high_to_low(c)) }));
    }
    rows.retain(|r| !r.faces.is_empty());
    picture(view.lang, "table.png", rows)
}

/// `/history` of a finished hand: every seat's cards, the winners framed, after the board.
pub fn history_picture(lang: Lang, h: &HandHistory) -> Option<Picture> {
    let revealed = h.revealed.as_ref()?;
    let winners = h.winners();
    let board = h.events.iter().rev().find_map(|e| match &e.kind {
        EventKind::Started { board, .. } => Some(board.clone()),
        _ => None,
    });
    let mut rows: Vec<Row> = Vec::new();
    if let Some(mut board) = board {
        // The community cards turned up during the hand join the ones dealt up at the start.
        for e in &h.events {
            if let EventKind::CommunityTurned { card, .. } = &e.kind {
                board.community.push(*card);
            }
        }
        rows.push(board_row(&board, &h.plan));
    }
    rows.extend(
        revealed.iter().enumerate().map(|(seat, r)| Row {
            mark: winners.contains(&seat),
            ..Row::cards(Some(seat + 1), &high_to_low(&r.cards))
        }),
    );
    rows.retain(|r| !r.faces.is_empty());
    picture(lang, "hand.png", rows)
}

/// `/rank`: the cards asked about.
pub fn cards_picture(lang: Lang, cards: &[Card]) -> Option<Picture> {
    picture(lang, "cards.png", vec![Row::cards(None, &high_to_low(cards))])
}
