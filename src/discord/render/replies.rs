//! The text of every command's reply: the Discord layer's prose, in one place.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateEmbed, CreateEmbedFooter};

use super::{event_line, hand_message, lobby, mention, rules_card, value_text};
use crate::echo::echo;
use crate::engine::cards::pretty_cards;
use crate::engine::rules::Turned;
use crate::engine::{Card, HandValue, Rules, Variant};
use crate::i18n::{Lang, Msg};
use crate::ids::UserId;
use crate::store::{GuildSettings, HandStatus, HandSummary, LeaderBy, LeaderRow, LedgerPage, Stats};
use crate::table::history::{HandHistory, Verification};
use crate::table::view::TableView;
use crate::tr;

/// The answer to a slash-command option that could not be read (a forged or outdated payload): the input
/// echoed, never the parser's own English (logged instead, by the caller).
pub fn option_not_valid(lang: Lang, input: Option<&str>) -> String {
    match input {
        Some(i) => tr!(lang, "error-option-not-valid", input = echo(i)),
        None => tr!(lang, "error-option-not-valid-bare"),
    }
}

pub fn table_opened(lang: Lang, opener: UserId) -> String {
    crate::tr!(lang, "table-opened", opener = mention(opener))
}

pub fn rule_options_not_valid(e: &crate::engine::rules::RulesError) -> Msg {
    Msg::new("error-rule-options").msg("error", e.msg())
}

/// `/table status`: the hand in play (without buttons), or the lobby.
pub fn table_status(view: &TableView) -> (CreateEmbed, Vec<CreateActionRow>) {
    match &view.hand {
        Some(h) if h.outcome.is_none() => {
            let (_, e, _) = hand_message(view);
            (e, Vec::new())
        }
        _ => lobby(view),
    }
}

/// Two or three lines on a variant: what is dealt, and how hands compare.
pub fn variant_text(lang: Lang, variant: Variant) -> String {
    let id = match variant {
        Variant::Classic => "variant-classic",
        Variant::Muflis => "variant-muflis",
        Variant::Joker => "variant-joker",
        Variant::Ak47 => "variant-ak47",
        Variant::HighWild => "variant-high-wild",
        Variant::LowWild => "variant-low-wild",
        Variant::BestOfFour => "variant-best-of-four",
        Variant::IncompleteTwo => "variant-incomplete-two",
        Variant::IncompleteOne => "variant-incomplete-one",
        Variant::IncompleteCommon => "variant-incomplete-common",
        Variant::TwoLowestWild => "variant-two-lowest-wild",
        Variant::Kaana => "variant-kaana",
        Variant::KissMissBliss => "variant-kiss-miss-bliss",
        Variant::Blackjack => "variant-blackjack",
        Variant::Nines => "variant-nines",
        Variant::FourXBoot => "variant-four-x-boot",
        Variant::ThreeCardStud => "variant-three-card-stud",
        Variant::FiveCardStud => "variant-five-card-stud",
        Variant::ThreeCardCommunity => "variant-three-card-community",
        Variant::FiveCardCommunity => "variant-five-card-community",
        Variant::Draw => "variant-draw",
        Variant::Cobra => "variant-cobra",
        Variant::Zandu => "variant-zandu",
        Variant::DealersChoice => "variant-dealers-choice",
    };
    crate::i18n::text(lang, id, None)
}

/// The table's draws and printed jokers, a sentence each.
fn extras_text(lang: Lang, rules: &Rules) -> Vec<String> {
    let mut lines = Vec::new();
    if rules.variant != Variant::Joker && rules.joker == Turned::Draw {
        lines.push(tr!(lang, "extra-joker"));
    }
    if rules.wild_suit == Turned::Draw {
        lines.push(tr!(lang, "extra-wild-suit"));
    }
    if rules.bust == Turned::Draw {
        lines.push(tr!(lang, "extra-bust"));
    }
    if rules.jokers > 0 {
        lines.push(tr!(lang, "extra-jokers"));
    }
    if rules.k_a_2 {
        lines.push(tr!(lang, "extra-k-a-2"));
    }
    lines
}

/// `/rules` and `/table rules`.
pub fn rules_text(lang: Lang, rules: &Rules) -> String {
    // As `/table open rules:` takes them: the names and values are the same in every language.
    let options: Vec<String> = rules.describe().into_iter().map(|(k, v)| format!("`{k}={v}`")).collect();
    let mut variation = vec![variant_text(lang, rules.variant)];
    variation.extend(extras_text(lang, rules));
    [
        rules_card(lang, rules),
        tr!(lang, "rules-variation", variation = variation.join(" ")),
        tr!(lang, "rules-how-to-play"),
        tr!(lang, "rules-options", options = options.join(" · ")),
    ]
    .join("\n\n")
}

pub fn balance(lang: Lang, user: UserId, chips: i64) -> String {
    tr!(lang, "balance", player = mention(user), chips = chips)
}

pub fn daily_claimed(lang: Lang, amount: i64, balance: i64) -> String {
    tr!(lang, "daily-claimed", amount = amount, balance = balance)
}

pub fn daily_too_soon(lang: Lang, next_at: i64) -> String {
    tr!(lang, "daily-too-soon", when = format!("<t:{next_at}:R>"))
}

pub fn leaderboard(lang: Lang, by: LeaderBy, rows: &[LeaderRow], page: u32, pages: u64, total: u64) -> CreateEmbed {
    let lines: Vec<String> =
        rows.iter().map(|r| format!("**{}.** {} · {}", r.rank, mention(r.user), r.value)).collect();
    let body = if lines.is_empty() { tr!(lang, "leaderboard-nobody") } else { lines.join("\n") };
    let title = match by {
        LeaderBy::Balance => tr!(lang, "leaderboard-balance"),
        LeaderBy::Winnings => tr!(lang, "leaderboard-winnings"),
    };
    CreateEmbed::new().title(title).description(body).footer(CreateEmbedFooter::new(tr!(
        lang,
        "leaderboard-footer",
        page = page,
        pages = pages,
        total = total
    )))
}

/// A season's final leaderboard: richest first.
fn season_board(lang: Lang, season: &crate::store::Season) -> String {
    if season.board.is_empty() {
        return tr!(lang, "leaderboard-nobody");
    }
    let rows = season.board.iter().enumerate();
    rows.map(|(i, s)| format!("**{}.** {} · {}", i + 1, mention(s.user), s.balance)).collect::<Vec<_>>().join("\n")
}

/// The end of a season, said where it is posted: its final leaderboard and what became of the balances.
pub fn season_over(lang: Lang, end: &crate::store::SeasonEnd) -> String {
    let head = tr!(lang, "season-over", number = end.ended.number);
    let tail = match end.reset_to {
        Some(start) => tr!(lang, "season-reset", number = end.number, start = start, wallets = end.resets),
        None => tr!(lang, "season-carry", number = end.number),
    };
    format!("{head}\n{}\n{tail}", season_board(lang, &end.ended))
}

/// `/leaderboard season:N` of an ended season.
pub fn season_leaderboard(lang: Lang, season: &crate::store::Season) -> String {
    let ended = season.ended_at.unwrap_or(season.started_at);
    let head = tr!(
        lang,
        "season-board",
        number = season.number,
        from = format!("<t:{}:d>", season.started_at),
        to = format!("<t:{ended}:d>")
    );
    format!("{head}\n{}", season_board(lang, season))
}

pub fn stats(lang: Lang, user: UserId, s: &Stats) -> String {
    tr!(
        lang,
        "stats",
        player = mention(user),
        played = s.hands_played,
        won = s.hands_won,
        rate = format!("{:.0}", s.win_rate * 100.0),
        pot = s.biggest_pot,
        net = format!("{:+}", s.net)
    )
}

/// `/history` without a hand: the channel's last hands.
pub fn recent_hands(lang: Lang, hands: &[HandSummary]) -> String {
    if hands.is_empty() {
        return tr!(lang, "recent-none");
    }
    let lines: Vec<String> = hands
        .iter()
        .map(|h| {
            let winners: Vec<String> = h.winners.iter().map(|&u| mention(u)).collect();
            let status = match h.status {
                HandStatus::Live => tr!(lang, "status-live"),
                HandStatus::Finished => tr!(lang, "status-finished"),
                HandStatus::Refunded => tr!(lang, "status-refunded"),
            };
            tr!(
                lang,
                "recent-line",
                hand = h.id.get(),
                players = h.users.len() as u64,
                pot = h.pot,
                status = status,
                winners = winners.join(", ")
            )
        })
        .collect();
    format!("{}\n{}", tr!(lang, "recent-title"), lines.join("\n"))
}

pub fn no_such_hand(id: i64, on_this_server: bool) -> Msg {
    Msg::new(if on_this_server { "no-such-hand-here" } else { "no-such-hand" }).arg("hand", id)
}

/// `/history hand:N`: the public log, and the cards the table service reveals.
pub fn hand_history(lang: Lang, h: &HandHistory) -> String {
    let mut lines: Vec<String> = h.events.iter().filter_map(|e| event_line(lang, &h.users, &h.plan, e)).collect();
    match &h.revealed {
        Some(cards) => {
            lines.push(String::new());
            lines.push(crate::tr!(lang, "history-cards"));
            for seat in cards {
                let value = seat.value.as_ref().map(|v| value_text(lang, v)).unwrap_or_else(|| "?".to_string());
                lines.push(format!("{}: {} ({value})", mention(seat.user), pretty_cards(&seat.cards)));
            }
            if h.status == HandStatus::Refunded {
                lines.push(crate::tr!(lang, "history-refunded"));
            }
        }
        None => lines.push(crate::tr!(lang, "history-live")),
    }
    let text = format!("{}\n{}", crate::tr!(lang, "history-title", hand = h.hand_id.get()), lines.join("\n"));
    // Room left under the 2,000-character limit for the reply's other parts.
    crate::discord::cap::cut(&text, 1900)
}

/// `/rank`: what a hand is worth.
pub fn too_many_seats(asked: i64, most: i64, variant: Variant) -> Msg {
    Msg::new("too-many-seats").arg("most", most).arg("variant", variant).arg("asked", asked)
}

pub fn rank(lang: Lang, cards: &[Card], value: &HandValue, variant: Variant) -> String {
    tr!(
        lang,
        "rank",
        cards = pretty_cards(cards),
        value = value_text(lang, value),
        variant = variant.to_string(),
        strength = value.strength.to_string()
    )
}

/// `/config view`, and the answer to `/config set`.
pub fn settings(lang: Lang, s: &GuildSettings) -> String {
    let mut lines = vec![
        format!("`starting_balance` = {}", s.starting_balance),
        format!("`daily_amount` = {}", s.daily_amount),
        format!("`daily_cooldown` = {}", tr!(lang, "settings-cooldown", seconds = s.daily_cooldown_secs)),
        format!("`turn_seconds` = {}", s.turn_seconds),
        format!("`language` = `{}`", s.language),
        format!("`private_language` = `{}`", s.private_language.code()),
    ];
    let e = &s.economy;
    let cap = |n: i64| if n == 0 { tr!(lang, "settings-no-cap") } else { n.to_string() };
    lines.extend([
        format!("`give_min_account_days` = {}", e.give_min_account_days),
        format!("`give_min_member_hours` = {}", e.give_min_member_hours),
        format!("`give_daily_cap` = {}", e.give_daily_cap),
        format!("`give_fee_percent` = {}", e.give_fee_percent),
        format!("`daily_min_account_days` = {}", e.daily_min_account_days),
        format!("`max_boot` = {}", cap(e.max_boot)),
        format!("`max_bet` = {}", cap(e.max_bet)),
        format!("`season_reset` = `{}`", if e.season_reset { "reset" } else { "carry" }),
        format!(
            "`season_channel` = {}",
            e.season_channel.map_or_else(|| tr!(lang, "settings-no-cap"), |c| format!("<#{c}>"))
        ),
        format!("`season_days` = {}", cap(e.season_days)),
    ]);
    // A rule option without a value (no limit) reads as the settings above do, in the server's language; a
    // number as it is; any other value as typed (a code span, like the option's name).
    let value = |v: String| match v.as_str() {
        "none" => tr!(lang, "settings-no-cap"),
        _ if v.bytes().all(|b| b.is_ascii_digit()) => v,
        _ => format!("`{v}`"),
    };
    lines.extend(s.default_rules.describe().into_iter().map(|(k, v)| format!("`{k}` = {}", value(v))));
    format!("{}\n{}", tr!(lang, "settings"), lines.join("\n"))
}

pub fn setting_not_valid(value: &str, option: &str, lo: i64, hi: i64) -> Msg {
    Msg::new("setting-not-valid").arg("value", echo(value)).arg("option", echo(option)).arg("low", lo).arg("high", hi)
}

/// `/config set language` with a value that is not a language.
pub fn language_not_valid(value: &str) -> Msg {
    Msg::new("language-not-valid").arg("value", echo(value))
}

/// The answer to `/config set`, in the server's language as it now is.
pub fn settings_saved(lang: Lang, s: &GuildSettings) -> String {
    format!("{} {}", tr!(lang, "settings-saved"), settings(lang, s))
}

/// `/grant`, said in the channel.
pub fn granted(lang: Lang, admin: UserId, user: UserId, amount: i64, balance: i64) -> String {
    let (admin, player, abs) = (mention(admin), mention(user), amount.unsigned_abs());
    if amount > 0 {
        tr!(lang, "granted", admin = admin, amount = abs, balance = balance, player = player)
    } else {
        tr!(lang, "took", admin = admin, amount = abs, balance = balance, player = player)
    }
}

/// Why `/give` was refused, naming the server's rule.
pub fn give_refused(refusal: crate::store::GiveRefusal, receiver: UserId) -> Msg {
    use crate::store::GiveRefusal as R;
    match refusal {
        R::Off => Msg::new("error-give-off"),
        R::ToSelf => Msg::new("error-give-self"),
        R::NotMember => Msg::new("error-give-not-member").arg("player", mention(receiver)),
        R::AccountAge { sender: true, days } => Msg::new("error-give-sender-young").arg("days", days),
        R::AccountAge { sender: false, days } => {
            Msg::new("error-give-receiver-young").arg("days", days).arg("player", mention(receiver))
        }
        R::Membership { sender: true, hours } => Msg::new("error-give-sender-new").arg("hours", hours),
        R::Membership { sender: false, hours } => {
            Msg::new("error-give-receiver-new").arg("hours", hours).arg("player", mention(receiver))
        }
    }
}

/// `/give`, said in the channel.
pub fn given(lang: Lang, from: UserId, to: UserId, received: i64, fee: i64) -> String {
    let (from, to) = (mention(from), mention(to));
    if fee > 0 {
        tr!(lang, "given-fee", from = from, to = to, amount = received, fee = fee)
    } else {
        tr!(lang, "given", from = from, to = to, amount = received)
    }
}

pub fn below_zero(user: UserId, have: i64) -> Msg {
    Msg::new("below-zero").arg("player", mention(user)).arg("have", have)
}

/// `/verify`'s answer: what was checked and how anyone can check it again offline.
pub fn verification(lang: Lang, hand: i64, v: &Verification) -> String {
    match v {
        Verification::NotCommitted => tr!(lang, "verify-not-committed", hand = hand),
        Verification::Live { commitment } => tr!(lang, "verify-live", hand = hand, commitment = commitment.as_str()),
        Verification::Checked { commitment, seed, entropy, jokers, commitment_ok, deck_ok, erased } => {
            let verdict = match (commitment_ok, deck_ok) {
                (true, true) => tr!(lang, "verify-fair"),
                (false, _) => tr!(lang, "verify-bad-commitment"),
                (true, false) if *erased > 0 => tr!(lang, "verify-erased", n = u64::from(*erased)),
                (true, false) => tr!(lang, "verify-bad-deck"),
            };
            let shown =
                if entropy.is_empty() { tr!(lang, "verify-none") } else { format!("`{}`", entropy.escape_debug()) };
            let jokers = if *jokers > 0 { format!(" --jokers {jokers}") } else { String::new() };
            let arg =
                if entropy.is_empty() { String::new() } else { format!(" --entropy $'{}'", entropy.escape_default()) };
            let command =
                format!("python3 scripts/verify_deck.py --seed {seed} --commitment {commitment}{arg}{jokers}");
            [
                tr!(lang, "verify-checked", hand = hand, verdict = verdict),
                tr!(lang, "verify-lines", commitment = commitment.as_str()),
                tr!(lang, "verify-seed", seed = seed.as_str()),
                tr!(lang, "verify-entropy", entropy = shown),
                tr!(lang, "verify-offline", command = command),
            ]
            .join("\n")
        }
    }
}

/// `/ledger`: a page of a player's chip movements, newest first, each with when, why, how much, the balance after
/// it and the hand where there is one.
pub fn ledger(lang: Lang, user: UserId, page: u32, l: &LedgerPage) -> String {
    let mut lines = vec![tr!(lang, "ledger-title", player = mention(user), balance = l.balance, page = page)];
    if l.rows.is_empty() {
        lines.push(tr!(lang, "ledger-empty"));
    }
    for (row, after) in &l.rows {
        let reason = reason_text(lang, row.reason);
        let when = format!("<t:{}:f>", row.created_at);
        let delta = format!("{:+}", row.delta);
        lines.push(match row.hand_id {
            Some(h) => {
                tr!(lang, "ledger-row-hand", when = when, reason = reason, hand = h.get(), delta = delta, after = after)
            }
            None => tr!(lang, "ledger-row", when = when, reason = reason, delta = delta, after = after),
        });
    }
    if l.more {
        lines.push(tr!(lang, "ledger-more", next = page + 1));
    }
    lines.join("\n")
}

/// Why a balance changed, in words.
fn reason_text(lang: Lang, reason: crate::store::Reason) -> String {
    use crate::store::Reason as R;
    match reason {
        R::StartingGrant => tr!(lang, "reason-starting-grant"),
        R::Daily => tr!(lang, "reason-daily"),
        R::Bet => tr!(lang, "reason-bet"),
        R::PotWon => tr!(lang, "reason-pot-won"),
        R::Refund => tr!(lang, "reason-refund"),
        R::AdminGrant => tr!(lang, "reason-admin-grant"),
        R::Transfer => tr!(lang, "reason-transfer"),
        R::SeasonReset => tr!(lang, "reason-season-reset"),
        R::Fee => tr!(lang, "reason-fee"),
        R::BuyIn => tr!(lang, "reason-buy-in"),
        R::Prize => tr!(lang, "reason-prize"),
    }
}
