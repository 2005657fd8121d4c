//! A hand's page: step by step as its channel saw it (each public event, the pot after it, whose turn came), every
//! card and the fair-deal check once it is over (`assets/fair.js` redoes the deck in the reader's browser), and
//! while it is in play only what the channel shows.

use maud::{html, Markup};

use super::pages::{layout, plain, Names};
use crate::art::{self, Row};
use crate::engine::EventKind;
use crate::i18n::Lang;
use crate::ids::{GuildId, HandId};
use crate::store::{HandRecord, HandStatus, Store, StoreError};
use crate::table::history::{hand_history, HandHistory};
use crate::tr;
use crate::words::{event_line, hand_text, high_to_low, value_text};

/// The hand, if this server's page may show it: a hand of the server (or of one of its tournaments) in a channel
/// @everyone can view.
async fn shown(store: &Store, guild: GuildId, hand: i64) -> Result<Option<(HandRecord, HandHistory)>, StoreError> {
    let Some(record) = store.hand_record(HandId(hand)).await? else { return Ok(None) };
    let of_server = match record.summary.guild.as_purse() {
        Some(t) => store.tournament(t).await?.is_some_and(|t| t.guild == guild),
        None => record.summary.guild == guild,
    };
    if !of_server || !store.channel_is_public(guild, record.summary.channel).await? {
        return Ok(None);
    }
    match hand_history(&record) {
        Ok(history) => Ok(Some((record, history))),
        Err(e) => {
            tracing::error!(hand, error = %e, "stored hand does not replay");
            Ok(None)
        }
    }
}

pub async fn page(
    store: &Store,
    guild: GuildId,
    lang: Lang,
    slug: &str,
    hand: i64,
) -> Result<Option<Markup>, StoreError> {
    let Some((record, history)) = shown(store, guild, hand).await? else { return Ok(None) };
    let names = Names::load(store, guild, lang, &history.users).await?;
    let seat_name = |seat: usize| history.users.get(seat).map_or_else(|| format!("#{}", seat + 1), |&u| names.name(u));
    let over = history.status != HandStatus::Live;
    // Each public event with the pot after it; a turn is shown on the step before it (whose turn came).
    let mut steps: Vec<(String, u64, Option<String>)> = Vec::new();
    let mut pot: u64 = 0;
    for e in &history.events {
        pot += e.contributions(history.users.len()).iter().map(|(_, c)| *c).sum::<u64>();
        if let EventKind::Ended { .. } = e.kind {
            pot = 0;
        }
        if let EventKind::Turn { seat, .. } = e.kind {
            if let Some(last) = steps.last_mut() {
                last.2 = Some(seat_name(seat));
            }
            continue;
        }
        if let Some(line) = event_line(lang, &seat_name, &history.plan, e) {
            steps.push((line, pot, None));
        }
    }
    let title = tr!(lang, "web-hand-title", hand = hand);
    let back = format!("../../{slug}");
    let body = html! {
        p { a href=(back) { (tr!(lang, "web-back")) } }
        h1 { (title) }
        @if !over { p.note { (tr!(lang, "web-hand-live")) } }
        section aria-labelledby="steps" {
            h2 #steps { (tr!(lang, "web-steps")) }
            ol.steps { @for (line, pot, next) in &steps { li {
                span.line { (plain(line)) }
                " " span.pot { (tr!(lang, "web-step-pot", pot = *pot)) }
                @if let Some(n) = next { " " span.turn { (tr!(lang, "web-step-turn", player = n.as_str())) } }
            } } }
        }
        @if let Some(revealed) = &history.revealed {
            section aria-labelledby="cards" {
                h2 #cards { (tr!(lang, "web-cards")) }
                img.cards src={ (hand) "/cards.png" } alt=(picture_alt(lang, &history, &seat_name));
                ul { @for (seat, r) in revealed.iter().enumerate() { li {
                    (seat_name(seat)) ": " (hand_text(&r.cards))
                    @if let Some(v) = &r.value { " (" (value_text(lang, v)) ")" }
                } } }
            }
        }
        @if let Some(fair) = record.fair.as_ref().filter(|_| over) {
            (fair_check(lang, &record, fair))
        }
    };
    Ok(Some(layout(lang, "../../../", &title, body)))
}

/// The fair-deal check: the record in a data block (not run: `script-src 'self'` runs only `fair.js`), and the
/// result's place, with its words in the page's language for the script to show.
fn fair_check(lang: Lang, record: &HandRecord, fair: &crate::store::FairDeal) -> Markup {
    let jokers = record.setup.rules.parts().map_or(0, |p| p.jokers);
    let deal = serde_json::json!({
        "seed": fair.secret,
        "commitment": fair.commitment,
        "entropy": fair.entropy,
        "jokers": jokers,
        "erased": fair.erased,
        "deck": record.setup.deck.iter().map(ToString::to_string).collect::<Vec<_>>(),
    });
    // `<` written as its escape: the block cannot be closed by a player's entropy text.
    let data = deal.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026");
    html! {
        section aria-labelledby="fair" {
            h2 #fair { (tr!(lang, "web-fair-title")) }
            p { (tr!(lang, "web-fair-explain")) }
            dl.fair {
                dt { (tr!(lang, "web-fair-commitment")) } dd { code #commitment { (fair.commitment) } }
                dt { (tr!(lang, "web-fair-seed")) } dd { code #seed { (fair.secret) } }
                dt { (tr!(lang, "web-fair-entropy")) }
                dd { @if fair.entropy.is_empty() { (tr!(lang, "verify-none")) } @else { pre #entropy { (fair.entropy) } } }
                dt { (tr!(lang, "web-fair-dealt")) } dd { code #dealt { (deck_text(record)) } }
                dt { (tr!(lang, "web-fair-computed")) } dd { code #computed { "…" } }
            }
            p #fair-result role="status" aria-live="polite"
                data-ok=(tr!(lang, "web-fair-ok"))
                data-bad-commitment=(tr!(lang, "web-fair-bad-commitment"))
                data-bad-deck=(tr!(lang, "web-fair-bad-deck"))
                data-erased=(tr!(lang, "web-fair-erased", n = u64::from(fair.erased)))
                data-insecure=(tr!(lang, "web-fair-insecure"))
                data-broken=(tr!(lang, "web-fair-broken")) {
                (tr!(lang, "web-fair-noscript"))
            }
            script #deal type="application/json" { (maud::PreEscaped(data)) }
            script src="../../../static/fair.js" defer {}
        }
    }
}

/// The pack as the hand was dealt from it, from the top (public once the hand is over: the seed gives it all).
fn deck_text(record: &HandRecord) -> String {
    record.setup.deck.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

fn picture_alt(lang: Lang, h: &HandHistory, seat_name: &dyn Fn(usize) -> String) -> String {
    let seats = h.revealed.iter().flatten().enumerate();
    let lines: Vec<String> = seats.map(|(s, r)| format!("{}: {}", seat_name(s), hand_text(&r.cards))).collect();
    format!("{} {}", tr!(lang, "web-cards"), lines.join("; "))
}

/// The hand's cards as the bot draws them (each seat's row, winners framed), once it is over.
pub async fn picture(store: &Store, guild: GuildId, hand: i64) -> Result<Option<Vec<u8>>, StoreError> {
    let Some((_, history)) = shown(store, guild, hand).await? else { return Ok(None) };
    let Some(revealed) = &history.revealed else { return Ok(None) };
    let winners = history.winners();
    let rows: Vec<Row> = revealed
        .iter()
        .enumerate()
        .map(|(seat, r)| Row { mark: winners.contains(&seat), ..Row::cards(Some(seat + 1), &high_to_low(&r.cards)) })
        .collect();
    match art::png(&rows) {
        Ok(png) => Ok(Some(png.to_vec())),
        Err(e) => {
            tracing::error!(hand, error = %e, "a hand's picture could not be drawn");
            Ok(None)
        }
    }
}
