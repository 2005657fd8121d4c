//! The text of every command's reply: the Discord layer's prose, in one place.

use poise::serenity_prelude as serenity;
use serenity::{CreateActionRow, CreateEmbed, CreateEmbedFooter};

use super::{event_line, hand_message, lobby, mention, rules_card, value_text};
use crate::echo::echo;
use crate::engine::cards::pretty_cards;
use crate::engine::rules::Turned;
use crate::engine::{Card, HandValue, Rules, Variant};
use crate::i18n::Lang;
use crate::ids::UserId;
use crate::store::{GuildSettings, HandStatus, HandSummary, LeaderBy, LeaderRow, Stats};
use crate::table::history::{HandHistory, Verification};
use crate::table::view::TableView;

pub const BOTS_HAVE_NO_CHIPS: &str = "Bots have no chips.";
pub const TURNED_ONLY: &str =
    "`turned` takes the turned-up cards only: joker=RANK wild_suit=SUIT bust=RANK common=CARD.";
pub const NEEDS_JOKER: &str = "The joker variant needs the turned-up rank: add `joker:7`, say.";
pub const BET_NOT_POSITIVE: &str = "A bet is a positive number of chips.";
pub const GRANT_AMOUNT: &str = "Give a non-zero amount of at most 10^12 chips.";
pub const BUTTON_NOT_RECOGNISED: &str = "This button is not recognised; nothing was done.";
pub const BUTTONS_IN_SERVERS_ONLY: &str = "Table buttons work only in a server.";
pub use crate::table::TABLE_CLOSED;
pub const NEEDS_MANAGE_SERVER: &str = "Only members with the Manage Server permission can use this command.";
pub const SERVER_ONLY: &str = "This command works only in a server.";
pub const CHECK_FAILED: &str = "You cannot use this command here.";

/// The answer to a slash-command option Discord could not parse.
pub fn option_not_valid(input: Option<&str>, error: impl std::fmt::Display) -> String {
    let what = input.map(|i| format!("`{}`: ", echo(i))).unwrap_or_default();
    format!("That option is not valid: {what}{error}")
}

/// A sentence from an error message: a full stop after it.
pub fn sentence(e: impl std::fmt::Display) -> String {
    format!("{e}.")
}

pub fn table_opened(lang: Lang, opener: UserId) -> String {
    crate::tr!(lang, "table-opened", opener = mention(opener))
}

pub fn rule_options_not_valid(e: impl std::fmt::Display) -> String {
    format!("Rule options not valid: {e}")
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
pub fn variant_text(variant: Variant) -> &'static str {
    match variant {
        Variant::Classic => "Three cards each; the classic order of hands.",
        Variant::Muflis => "Muflis (lowball): the order of hands is reversed; the lowest hand wins.",
        Variant::Joker => "After the deal a card is turned up: every card of its rank is wild (it stands for any card).",
        Variant::Ak47 => "Every ace, king, 4 and 7 is wild.",
        Variant::HighWild => "Each player's own highest rank is wild in their hand (a pair of them makes two wild cards).",
        Variant::LowWild => "Each player's own lowest rank is wild in their hand (a pair of them makes two wild cards).",
        Variant::BestOfFour => "Four cards each; the best three count.",
        Variant::IncompleteTwo => {
            "Two cards each; the third is imagined, so it is the best card for your hand. Equal hands at a show go by suits (spades, hearts, diamonds, clubs)."
        }
        Variant::IncompleteOne => {
            "One card each; two are imagined, so every hand is a trio of its rank. Equal hands go by suits."
        }
        Variant::IncompleteCommon => {
            "One card each, one imagined, and a common card turned up on the table as everyone's third. Equal hands go by suits."
        }
        Variant::TwoLowestWild => {
            "Four cards each: your two lowest cards together make one wild card, and your two highest count as dealt. Two lowest that pair may stay a pair instead; two middle cards that pair mean no wild card (best three of four)."
        }
        Variant::Kaana => {
            "The one-eyed cards (the king of diamonds and the jacks of spades and hearts, unless the table's `kaana_cards` say otherwise) are wild. With `kaana_round` they are wild only from the hand after someone is dealt a trio until a show is called against a player holding one."
        }
        Variant::KissMissBliss => {
            "Five cards each; make three units: single cards, or pairs that count as one wild card: a kiss (in sequence, A-2 to Q-K), a miss (one rank between, A-3 to J-K), a bliss (the same rank), each kind at most once."
        }
        Variant::Blackjack => {
            "Three cards each, counted as in blackjack: pictures 10, an ace 1 or 11, the rest face value. The highest total up to 21 wins; 22 and over is bust (two busts are equal hands)."
        }
        Variant::Nines => {
            "999: each card is a digit (10 and pictures 0, an ace 1, the rest face value); arrange yours into the largest three-digit number: the larger number wins, 999 best."
        }
        Variant::FourXBoot => "Classic, but every hand's boot is four times the table's.",
        Variant::ThreeCardStud => {
            "Three-card stud: two cards face down and one face up, shown to everyone on the hand message from the deal. Blind means you have not looked at your down cards."
        }
        Variant::FiveCardStud => {
            "Five-card stud: two cards face down and three face up for everyone to see; the best three of your five count (with `exact_use`: exactly one down card and two up cards)."
        }
        Variant::ThreeCardCommunity => {
            "Three-card community: two cards face down each and one community card face up in the middle, everyone's third card."
        }
        Variant::FiveCardCommunity => {
            "Five-card community: two cards face down each and three community cards in the middle; the best three of your five count (with `exact_use`: one down card and two community cards). With `community_turn=rounds` the community cards are turned up one at the end of each betting round."
        }
        Variant::Draw => {
            "Draw: three cards each; players may change cards (discard and be dealt new ones) for `draw_price` a card (the boot by default): before the betting, after the first round (`draw=after`), or one card in each of the first three rounds (`draw=rounds`). Changing cards means looking at them: a blind player who draws is seen."
        }
        Variant::Cobra => {
            "Cobra: one card each, on the forehead: you see everyone's card (by DM) but never your own. Everyone bets blind stakes all hand (nobody can see); no sideshows. At the show the higher card wins; equal ranks go by suit (spades, hearts, diamonds, clubs)."
        }
        Variant::Zandu => {
            "Zandu: three cards each and three community jokers face down; one is turned up after each of the first three betting rounds, and every card of a turned-up rank is wild. The first round is blind (nobody may look); shows and sideshows wait until all three are up."
        }
        Variant::DealersChoice => {
            "Dealer's choice: before each hand its dealer chooses the game (the **Choose the game** button opens a menu only the dealer sees; `/table pick` adds options of their own, but never changes the stakes). If they do not choose within the turn timer, the table's `dealer_default` is dealt."
        }
    }
}

/// The table's draws and printed jokers, a sentence each.
fn extras_text(rules: &Rules) -> Vec<&'static str> {
    let mut lines = Vec::new();
    if rules.variant != Variant::Joker && rules.joker == Turned::Draw {
        lines.push("A card turned up at the deal makes its rank wild.");
    }
    if rules.wild_suit == Turned::Draw {
        lines.push("A card turned up at the deal makes its suit wild.");
    }
    if rules.bust == Turned::Draw {
        lines.push("A card turned up at the deal is a bust card: whoever holds one of its rank packs at once (if everyone does, it busts nobody).");
    }
    if rules.jokers > 0 {
        lines.push("The pack has two printed jokers, each wild.");
    }
    if rules.k_a_2 {
        lines.push("2-A-K is a sequence, just below A-K-Q.");
    }
    lines
}

/// `/rules` and `/table rules`.
pub fn rules_text(lang: Lang, rules: &Rules) -> String {
    let options: Vec<String> = rules.describe().into_iter().map(|(k, v)| format!("`{k}` = {v}")).collect();
    let mut variation = vec![variant_text(rules.variant)];
    variation.extend(extras_text(rules));
    format!(
        "{}\n\n**This table's variation.** {}\n\n**How to play.** Everyone pays the boot; cards are dealt face down. On your turn: bet blind \
(from the stake to twice it) without looking, or **See** your cards and bet seen (twice to four times the stake, \
even amounts), or **Pack**. A blind bet sets the stake; a seen bet sets it to half the bet. With two players left \
either may pay for a **Show** (blind: the stake; both seen: twice the stake; a seen player cannot show a blind one). \
When everyone left is seen, bet the minimum and ask the previous player for a **Sideshow**: the lower hand packs \
(a tie packs the asker). Hands: trio > pure sequence > sequence > colour > pair > high card; A-2-3 is the top \
sequence.\n\n**Options:** {}",
        rules_card(lang, rules),
        variation.join(" "),
        options.join(" · ")
    )
}

pub fn balance(user: UserId, chips: i64) -> String {
    format!("{} has **{chips}** chips.", mention(user))
}

pub fn daily_claimed(amount: i64, balance: i64) -> String {
    format!("You claimed **{amount}** chips. Your balance is **{balance}**.")
}

pub fn daily_too_soon(next_at: i64) -> String {
    format!("You have claimed your daily chips already. Come back <t:{next_at}:R>.")
}

pub fn leaderboard(by: LeaderBy, rows: &[LeaderRow], page: u32, pages: u64, total: u64) -> CreateEmbed {
    let lines: Vec<String> =
        rows.iter().map(|r| format!("**{}.** {} · {}", r.rank, mention(r.user), r.value)).collect();
    let body = if lines.is_empty() { "Nobody here yet.".to_string() } else { lines.join("\n") };
    let title = match by {
        LeaderBy::Balance => "Leaderboard · balance",
        LeaderBy::Winnings => "Leaderboard · net winnings",
    };
    CreateEmbed::new()
        .title(title)
        .description(body)
        .footer(CreateEmbedFooter::new(format!("Page {page} of {pages} · {total} players")))
}

pub fn stats(user: UserId, s: &Stats) -> String {
    format!(
        "{}: **{}** hands played, **{}** won ({:.0}%), biggest pot **{}**, net **{:+}**.",
        mention(user),
        s.hands_played,
        s.hands_won,
        s.win_rate * 100.0,
        s.biggest_pot,
        s.net
    )
}

/// `/history` without a hand: the channel's last hands.
pub fn recent_hands(hands: &[HandSummary]) -> String {
    if hands.is_empty() {
        return "No hands have been played in this channel yet.".into();
    }
    let lines: Vec<String> = hands
        .iter()
        .map(|h| {
            let winners: Vec<String> = h.winners.iter().map(|&u| mention(u)).collect();
            format!(
                "**#{}** · {} players · pot {} · {} {}",
                h.id,
                h.users.len(),
                h.pot,
                h.status.as_str(),
                winners.join(", ")
            )
        })
        .collect();
    format!("Last hands here (use `/history hand:N` for one):\n{}", lines.join("\n"))
}

pub fn no_such_hand(id: i64, on_this_server: bool) -> String {
    if on_this_server {
        format!("There is no hand #{id} on this server.")
    } else {
        format!("There is no hand #{id}.")
    }
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
pub fn too_many_seats(asked: i64, most: i64, variant: Variant) -> String {
    format!("The pack deals to at most {most} players under these rules ({variant} and its options), not {asked}.")
}

pub fn rank(lang: Lang, cards: &[Card], value: &HandValue, variant: Variant) -> String {
    format!(
        "{} is a **{}** under {variant} rules (strength {}; higher wins).",
        pretty_cards(cards),
        value_text(lang, value),
        value.strength
    )
}

/// `/config view`, and the answer to `/config set`.
pub fn settings(s: &GuildSettings) -> String {
    let mut lines = vec![
        format!("`starting_balance` = {}", s.starting_balance),
        format!("`daily_amount` = {}", s.daily_amount),
        format!("`daily_cooldown` = {} seconds", s.daily_cooldown_secs),
        format!("`turn_seconds` = {}", s.turn_seconds),
        format!("`language` = {}", s.language),
    ];
    lines.extend(s.default_rules.describe().into_iter().map(|(k, v)| format!("`{k}` = {v}")));
    format!("**Server settings** (new tables start with these rules):\n{}", lines.join("\n"))
}

pub fn setting_not_valid(value: &str, option: &str, lo: i64, hi: i64) -> String {
    format!("`{}` is not valid for {}: give a whole number from {lo} to {hi}", echo(value), echo(option))
}

/// `/config set language` with a value that is not a language.
pub fn language_not_valid(value: &str) -> String {
    format!("`{}` is not a language here: give `en` (English), `hi` (हिन्दी) or `hinglish`", echo(value))
}

pub fn settings_saved(s: &GuildSettings) -> String {
    format!("Saved. {}", settings(s))
}

/// `/grant`, said in the channel.
pub fn granted(admin: UserId, user: UserId, amount: i64, balance: i64) -> String {
    format!(
        "{} {} {} chips: balance now **{balance}**. ({})",
        mention(admin),
        if amount > 0 { "granted" } else { "took" },
        amount.unsigned_abs(),
        mention(user)
    )
}

pub fn below_zero(user: UserId, have: i64) -> String {
    format!("{} has only {have} chips; a balance cannot go below zero.", mention(user))
}

/// `/verify`'s answer: what was checked and how anyone can check it again offline.
pub fn verification(hand: i64, v: &Verification) -> String {
    match v {
        Verification::NotCommitted => {
            format!("Hand #{hand} was dealt before provably fair deals: no commitment was published for it.")
        }
        Verification::Live { commitment } => format!(
            "Hand #{hand} is still being played. Its deck commitment is `{commitment}`; the seed is revealed when \
             the hand ends."
        ),
        Verification::Checked { commitment, seed, entropy, jokers, commitment_ok, deck_ok } => {
            let verdict = match (commitment_ok, deck_ok) {
                (true, true) => {
                    "✅ **Fair**: SHA-256 of the seed is the commitment shown at the deal, and the seed \
                                 with the players' entropy gives exactly the deck the hand was dealt from."
                }
                (false, _) => "❌ **Does not verify**: SHA-256 of the stored seed is not the commitment.",
                (true, false) => "❌ **Does not verify**: the seed and entropy do not give the deck that was dealt.",
            };
            let shown = if entropy.is_empty() { "none".to_string() } else { format!("`{}`", entropy.escape_debug()) };
            let jokers = if *jokers > 0 { format!(" --jokers {jokers}") } else { String::new() };
            let arg =
                if entropy.is_empty() { String::new() } else { format!(" --entropy $'{}'", entropy.escape_default()) };
            format!(
                "Hand #{hand}: {verdict}\nCommitment `{commitment}`\nSeed `{seed}`\nEntropy {shown}\n\
                 Check it yourself with Python alone (docs/provably-fair.md): \
                 `python3 scripts/verify_deck.py --seed {seed} --commitment {commitment}{arg}{jokers}`"
            )
        }
    }
}
