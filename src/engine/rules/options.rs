//! Every rule option, defined once: its name, its help, whether it changes how hands rank, how its value is read
//! and how it is shown. [`Rules::set`], [`Rules::describe`], `hand rank`'s accepted options, `/config set`'s
//! option choices and the README's options table (a test) all come from [`OPTIONS`].

use super::*;

/// One rule option.
pub struct OptionDef {
    /// As written in `name=value`, `/config set` and hand scripts.
    pub name: &'static str,
    /// One line: its values and what it does.
    pub help: &'static str,
    /// It changes how hands rank: `hand rank` takes it (the others would do nothing there).
    pub ranks: bool,
    value: Value,
}

/// How an option's value is read and shown.
enum Value {
    /// `true | false` (and the other spellings of [`Expected::Bool`]), shown as `true` or `false`.
    Flag { get: fn(&Rules) -> bool, set: fn(&mut Rules) -> &mut bool },
    /// Read by `set` (given the option's name for its refusal) and shown by `show` (given the rules' parts when
    /// they combine: some options read "the variant's own" until then).
    Other {
        set: fn(&mut Rules, &'static str, &str) -> Result<(), RulesError>,
        show: fn(&Rules, Option<&Parts>) -> String,
    },
}

impl OptionDef {
    /// Sets this option of `rules` from its written value; refused, `rules` is unchanged.
    pub(super) fn set(&self, rules: &mut Rules, value: &str) -> Result<(), RulesError> {
        match &self.value {
            Value::Flag { set, .. } => {
                *set(rules) = parse_bool(self.name, value)?;
                Ok(())
            }
            Value::Other { set, .. } => set(rules, self.name, value),
        }
    }

    /// This option's value in `rules`, as `name=value` writes it.
    pub(super) fn show(&self, rules: &Rules, parts: Option<&Parts>) -> String {
        match &self.value {
            Value::Flag { get, .. } => get(rules).to_string(),
            Value::Other { show, .. } => show(rules, parts),
        }
    }
}

const fn flag(
    name: &'static str,
    ranks: bool,
    help: &'static str,
    get: fn(&Rules) -> bool,
    set: fn(&mut Rules) -> &mut bool,
) -> OptionDef {
    OptionDef { name, help, ranks, value: Value::Flag { get, set } }
}

const fn other(
    name: &'static str,
    ranks: bool,
    help: &'static str,
    set: fn(&mut Rules, &'static str, &str) -> Result<(), RulesError>,
    show: fn(&Rules, Option<&Parts>) -> String,
) -> OptionDef {
    OptionDef { name, help, ranks, value: Value::Other { set, show } }
}

/// The option named `name` (as written: any case, `-` for `_`).
pub fn option(name: &str) -> Option<&'static OptionDef> {
    let name = name.trim().to_ascii_lowercase().replace('-', "_");
    OPTIONS.iter().find(|o| o.name == name)
}

/// The options that change how hands rank: the only ones `hand rank` takes.
pub fn ranking_options() -> impl Iterator<Item = &'static str> {
    OPTIONS.iter().filter(|o| o.ranks).map(|o| o.name)
}

/// A limit shown: its number, or `none`.
fn lim<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map_or_else(|| "none".to_string(), ToString::to_string)
}

/// An option the variant may decide: the plan's figure when the rules combine, else what was set (or `none`).
fn planned<T: ToString>(own: &Option<T>, parts: Option<&Parts>, plan: fn(&DealPlan) -> String) -> String {
    parts.map_or_else(|| lim(own), |p| plan(&p.plan))
}

/// A count of rounds: 0 to 10, or none.
fn rounds(name: &str, value: &str) -> Result<Option<u32>, RulesError> {
    Ok(parse_limit(name, value, 0, 10)?.map(|n| n as u32))
}

/// `up` and `community`: 0 to 3 cards, or the variant's own.
fn cards_0_to_3(name: &str, value: &str) -> Result<Option<u8>, RulesError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "none" | "default" | "" => Ok(None),
        n => match n.parse::<u8>() {
            Ok(n @ 0..=3) => Ok(Some(n)),
            _ => Err(bad(name, value, Expected::Span { min: 0, max: 3 })),
        },
    }
}

/// A whole number of chips in `min..=MAX_AMOUNT`, or `None` for `boot` (and its other spellings).
fn chips_or_boot(name: &str, value: &str, min: Chips) -> Result<Option<Chips>, RulesError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "boot" | "default" | "" => Ok(None),
        _ => match value.trim().parse::<Chips>() {
            Ok(n) if (min..=MAX_AMOUNT).contains(&n) => Ok(Some(n)),
            _ => Err(bad(name, value, Expected::WholeOrBoot { min, max: MAX_AMOUNT })),
        },
    }
}

/// Every option accepted by [`Rules::set`], in the order [`Rules::describe`] and the README list them.
pub static OPTIONS: &[OptionDef] = &[
    other(
        "variant",
        true,
        "the game: classic, muflis, joker, ... (every variant is listed in the README and by /rules)",
        |r, _, v| {
            r.variant = v.parse()?;
            Ok(())
        },
        |r, _| r.variant.to_string(),
    ),
    other(
        "boot",
        false,
        "ante every seat pays, and the starting stake (whole chips, at least 1)",
        |r, n, v| {
            r.boot = match v.trim().parse::<Chips>() {
                Ok(b) if (1..=MAX_AMOUNT).contains(&b) => b,
                _ => return Err(bad(n, v, Expected::Whole { min: 1, max: MAX_AMOUNT })),
            };
            Ok(())
        },
        |r, _| r.boot.to_string(),
    ),
    other(
        "a23",
        true,
        "highest | second | lowest: where A-2-3 stands among sequences",
        |r, _, v| {
            r.a23 = v.parse()?;
            Ok(())
        },
        |r, _| r.a23.to_string(),
    ),
    flag(
        "pure_sequence_beats_trio",
        true,
        "true | false",
        |r| r.pure_sequence_beats_trio,
        |r| &mut r.pure_sequence_beats_trio,
    ),
    flag("langdi", true, "true | false: 2-3-5 is the top sequence", |r| r.langdi, |r| &mut r.langdi),
    other(
        "show_tie",
        false,
        "payer_loses | split | suit_order: who wins a show between equal hands",
        |r, _, v| {
            r.show_tie = v.parse()?;
            Ok(())
        },
        |r, _| r.show_tie.to_string(),
    ),
    other(
        "suit_order",
        false,
        "shdc | sdhc: suit ranking for suit_order ties (spades first)",
        |r, _, v| {
            r.suit_order = v.parse()?;
            Ok(())
        },
        |r, _| r.suit_order.to_string(),
    ),
    other(
        "chaal_limit",
        false,
        "largest seen bet, or none (a blind bet is capped at half)",
        |r, n, v| {
            r.chaal_limit = parse_limit(n, v, 2, MAX_AMOUNT)?;
            Ok(())
        },
        |r, _| lim(&r.chaal_limit),
    ),
    other(
        "pot_limit",
        false,
        "pot size that forces every remaining hand to be shown, or none",
        |r, n, v| {
            r.pot_limit = parse_limit(n, v, 1, MAX_AMOUNT)?;
            Ok(())
        },
        |r, _| lim(&r.pot_limit),
    ),
    other(
        "blind_turn_limit",
        false,
        "blind bets allowed before a player must see, or none",
        |r, n, v| {
            r.blind_turn_limit = parse_limit(n, v, 0, u64::from(u32::MAX))?.map(|n| n as u32);
            Ok(())
        },
        |r, _| lim(&r.blind_turn_limit),
    ),
    other(
        "show_cost",
        false,
        "standard | double | current: current, the payer's own bet now (stake blind, twice it seen)",
        |r, _, v| {
            r.show_cost = v.parse()?;
            Ok(())
        },
        |r, _| r.show_cost.to_string(),
    ),
    flag(
        "seen_can_show_blind",
        false,
        "true | false: a seen player may show a blind one (4x stake)",
        |r| r.seen_can_show_blind,
        |r| &mut r.seen_can_show_blind,
    ),
    flag(
        "see_on_turn_only",
        false,
        "true | false: players may look at their cards only on their turn",
        |r| r.see_on_turn_only,
        |r| &mut r.see_on_turn_only,
    ),
    flag(
        "pack_on_turn_only",
        false,
        "true | false: players may pack only on their turn (leaving mid-hand too)",
        |r| r.pack_on_turn_only,
        |r| &mut r.pack_on_turn_only,
    ),
    other(
        "sideshow_order",
        false,
        "bet_first | ask_first: ask first; refused, the asker still bets or packs",
        |r, _, v| {
            r.sideshow_order = v.parse()?;
            Ok(())
        },
        |r, _| r.sideshow_order.to_string(),
    ),
    other(
        "after_sideshow",
        false,
        "next | asker_if_won: who bets after an accepted sideshow",
        |r, _, v| {
            r.after_sideshow = v.parse()?;
            Ok(())
        },
        |r, _| r.after_sideshow.to_string(),
    ),
    flag(
        "show_concede",
        false,
        "true | false: a player called for a show may give up the pot without showing",
        |r| r.show_concede,
        |r| &mut r.show_concede,
    ),
    other(
        "deal_order",
        false,
        "rotate | winner: who deals the next hand (the last hand's winner with winner)",
        |r, _, v| {
            r.deal_order = v.parse()?;
            Ok(())
        },
        |r, _| r.deal_order.to_string(),
    ),
    other(
        "bet_structure",
        false,
        "fixed | spread | spread_raise | pot | pot_simple | no_limit: how large a bet may be",
        |r, _, v| {
            r.bet_structure = v.parse()?;
            Ok(())
        },
        |r, _| r.bet_structure.to_string(),
    ),
    other(
        "agreed_split",
        false,
        "off | refund | halve: the last two may agree to end the hand and share the pot",
        |r, _, v| {
            r.agreed_split = v.parse()?;
            Ok(())
        },
        |r, _| r.agreed_split.to_string(),
    ),
    other(
        "spread_limit",
        false,
        "under a spread structure, the spread (2 to 10^12), or none",
        |r, n, v| {
            r.spread_limit = parse_limit(n, v, 2, MAX_AMOUNT)?;
            Ok(())
        },
        |r, _| lim(&r.spread_limit),
    ),
    other(
        "ante",
        false,
        "each | dealer: every player antes the boot, or the dealer antes for all (boot x players)",
        |r, _, v| {
            r.ante = v.parse()?;
            Ok(())
        },
        |r, _| r.ante.to_string(),
    ),
    other(
        "blinds",
        false,
        "none | single | small_big: forced blind bets left of the dealer before the first turn",
        |r, _, v| {
            r.blinds = v.parse()?;
            Ok(())
        },
        |r, _| r.blinds.to_string(),
    ),
    other(
        "blind_amount",
        false,
        "the (small) forced blind, or none for the boot; a big blind is twice it",
        |r, n, v| {
            r.blind_amount = match v.trim().to_ascii_lowercase().as_str() {
                "none" => None,
                _ => chips_or_boot(n, v, 1)?,
            };
            Ok(())
        },
        |r, _| r.blind_amount.map_or_else(|| "boot".to_string(), |b| b.to_string()),
    ),
    other(
        "first_dealer",
        false,
        "last_seat | cut: who deals a table's first hand (cut: a card each, highest deals)",
        |r, _, v| {
            r.first_dealer = v.parse()?;
            Ok(())
        },
        |r, _| r.first_dealer.to_string(),
    ),
    flag(
        "post",
        false,
        "true | false: under ante=dealer, a player who sat out while the ante passed them posts it to come back",
        |r| r.post,
        |r| &mut r.post,
    ),
    other(
        "high_low",
        false,
        "off | cards_speak | declare: split the pot between the best high and the best low hand",
        |r, _, v| {
            r.high_low = v.parse()?;
            Ok(())
        },
        |r, _| r.high_low.to_string(),
    ),
    other(
        "qualifier",
        false,
        "none | eight_or_better | any_pair_no_pair: what a hand needs to win a half of a high-low pot",
        |r, _, v| {
            r.qualifier = v.parse()?;
            Ok(())
        },
        |r, _| r.qualifier.to_string(),
    ),
    other(
        "max_rounds",
        false,
        "betting rounds after which every hand still in is shown (a compulsory show), or none",
        |r, n, v| {
            r.max_rounds = parse_limit(n, v, 1, 100)?.map(|n| n as u32);
            Ok(())
        },
        |r, _| lim(&r.max_rounds),
    ),
    other(
        "joker",
        true,
        "off | draw: a card turned up at the deal makes its rank wild (`hand rank`: the rank, 2-9, T, J, Q, K, A)",
        |r, n, v| {
            r.joker = Turned::parse(v).ok_or_else(|| bad(n, v, Expected::TurnedRank))?;
            Ok(())
        },
        |r, p| p.map_or(r.joker, |p| p.joker).to_string(),
    ),
    other(
        "wild_suit",
        true,
        "off | draw: a card turned up at the deal makes its suit wild (`hand rank`: the suit, s h d c)",
        |r, n, v| {
            r.wild_suit = Turned::parse(v).ok_or_else(|| bad(n, v, Expected::TurnedSuit))?;
            Ok(())
        },
        |r, _| r.wild_suit.to_string(),
    ),
    other(
        "bust",
        true,
        "off | draw: a card turned up at the deal busts its rank: a player holding one packs (`hand rank`: the rank)",
        |r, n, v| {
            r.bust = Turned::parse(v).ok_or_else(|| bad(n, v, Expected::TurnedRank))?;
            Ok(())
        },
        |r, _| r.bust.to_string(),
    ),
    other(
        "common",
        true,
        "the common card of incomplete_common, for `hand rank` only (a hand turns its own up)",
        |r, n, v| {
            let t = v.trim();
            r.common = match t.to_ascii_lowercase().as_str() {
                "none" | "off" | "" => None,
                _ => Some(t.parse::<Card>().map_err(|_| bad(n, v, Expected::CardOrNone))?),
            };
            Ok(())
        },
        |r, _| lim(&r.common),
    ),
    other(
        "jokers",
        true,
        "0 | 2: printed jokers in the pack, each always wild",
        |r, n, v| {
            r.jokers = match v.trim() {
                "0" => 0,
                "2" => 2,
                _ => return Err(bad(n, v, Expected::Either { a: 0, b: 2 })),
            };
            Ok(())
        },
        |r, _| r.jokers.to_string(),
    ),
    flag("k_a_2", true, "true | false: 2-A-K is a sequence, just below A-K-Q", |r| r.k_a_2, |r| &mut r.k_a_2),
    other(
        "cards",
        true,
        "3 | 4: cards dealt where the variant allows it (with 4 the best three count)",
        |r, n, v| {
            r.cards = match v.trim().to_ascii_lowercase().as_str() {
                "none" | "default" | "" => None,
                c => match c.parse::<u8>() {
                    Ok(c @ 1..=5) => Some(c),
                    _ => return Err(bad(n, v, Expected::DownCards)),
                },
            };
            Ok(())
        },
        |r, p| planned(&r.cards, p, |plan| plan.down.to_string()),
    ),
    other(
        "kaana_cards",
        true,
        "the wild one-eyed cards of kaana, written Kd+Js+Jh (the default)",
        |r, n, v| {
            r.kaana_cards = match v.parse::<CardSet>() {
                Ok(set) if set.mask() != 0 && set.cards().iter().all(|c| !c.is_joker()) => set,
                _ => return Err(bad(n, v, Expected::CardList)),
            };
            Ok(())
        },
        |r, _| r.kaana_cards.to_string(),
    ),
    flag(
        "kaana_round",
        false,
        "true | false: kaana as a round, from a dealt trio until a show against a one-eyed card",
        |r| r.kaana_round,
        |r| &mut r.kaana_round,
    ),
    other(
        "up",
        true,
        "0 to 3: cards dealt to each player face up, for everyone to see (stud)",
        |r, n, v| {
            r.up = cards_0_to_3(n, v)?;
            Ok(())
        },
        |r, p| planned(&r.up, p, |plan| plan.up.to_string()),
    ),
    other(
        "community",
        true,
        "0 to 3: community cards dealt to the middle, part of every hand (zandu: wild ranks)",
        |r, n, v| {
            r.community = cards_0_to_3(n, v)?;
            Ok(())
        },
        |r, p| planned(&r.community, p, |plan| plan.community.to_string()),
    ),
    other(
        "community_turn",
        false,
        "deal | rounds: community cards turned up at the deal, or one at the end of each betting round",
        |r, _, v| {
            r.community_turn = Some(v.parse()?);
            Ok(())
        },
        |r, p| planned(&r.community_turn, p, |plan| plan.community_turn.to_string()),
    ),
    flag(
        "exact_use",
        false,
        "true | false: a hand is exactly one down card and two face-up (up or community) cards",
        |r| r.exact_use,
        |r| &mut r.exact_use,
    ),
    other(
        "draw",
        false,
        "off | before | after | rounds: change cards before or after the first betting round, or one a round",
        |r, _, v| {
            r.draw = Some(v.parse()?);
            Ok(())
        },
        |r, p| planned(&r.draw, p, |plan| plan.draw.to_string()),
    ),
    other(
        "draw_price",
        false,
        "chips a new card costs in a draw (default: the boot)",
        |r, n, v| {
            r.draw_price = chips_or_boot(n, v, 0)?;
            Ok(())
        },
        |r, _| r.draw_price.map_or_else(|| "boot".to_string(), |n| n.to_string()),
    ),
    other(
        "blind_rounds",
        false,
        "opening betting rounds in which nobody may look at their cards",
        |r, n, v| {
            r.blind_rounds = rounds(n, v)?;
            Ok(())
        },
        |r, p| planned(&r.blind_rounds, p, |plan| plan.blind_rounds.to_string()),
    ),
    other(
        "rounds_before_show",
        false,
        "betting rounds that must end before a show or sideshow may be asked for",
        |r, n, v| {
            r.rounds_before_show = rounds(n, v)?;
            Ok(())
        },
        |r, p| planned(&r.rounds_before_show, p, |plan| plan.rounds_before_show.to_string()),
    ),
    other(
        "dealer_default",
        false,
        "under dealers_choice: the variant dealt when the dealer does not pick in time",
        |r, n, v| {
            r.dealer_default = match v.parse()? {
                Variant::DealersChoice => return Err(bad(n, v, Expected::NotDealersChoice)),
                d => d,
            };
            Ok(())
        },
        |r, _| r.dealer_default.to_string(),
    ),
];

/// The option nearest `name` (at most two letters off), if any: the "did you mean" of an unknown option.
pub(super) fn nearest(name: &str) -> Option<&'static str> {
    fn distance(a: &str, b: &str) -> usize {
        let b: Vec<char> = b.chars().collect();
        let mut row: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.chars().enumerate() {
            let mut prev = row[0];
            row[0] = i + 1;
            for (j, &cb) in b.iter().enumerate() {
                let next = (prev + usize::from(ca != cb)).min(row[j] + 1).min(row[j + 1] + 1);
                prev = row[j + 1];
                row[j + 1] = next;
            }
        }
        row[b.len()]
    }
    if name.chars().count() > 40 {
        return None;
    }
    let best = OPTIONS.iter().map(|o| (distance(name, o.name), o.name)).min();
    best.filter(|(d, _)| *d <= 2).map(|(_, o)| o)
}

pub(super) fn bad(option: &str, value: &str, expected: Expected) -> RulesError {
    RulesError::BadValue { option: option.into(), value: value.into(), expected }
}

fn parse_bool(option: &str, value: &str) -> Result<bool, RulesError> {
    match value.trim().to_ascii_lowercase().as_str() {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(bad(option, value, Expected::Bool)),
    }
}

/// A limit: a whole number in `min..=max`, or none. Out of range is refused
/// (never quietly lowered), and the message names the range.
fn parse_limit(option: &str, value: &str, min: u64, max: u64) -> Result<Option<u64>, RulesError> {
    let v = value.trim().to_ascii_lowercase();
    if matches!(v.as_str(), "none" | "off" | "no" | "") {
        return Ok(None);
    }
    match v.parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(bad(option, value, Expected::WholeOrNone { min, max })),
    }
}
