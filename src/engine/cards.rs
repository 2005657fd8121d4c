//! Cards, ranks, suits and decks. Parsing accepts `As Kd Qh 10c Tc 2s`, suit
//! symbols (`A♠`) and upper case; printing uses the short ASCII form (`As`, `10c`).

use std::fmt;
use std::str::FromStr;

use rand::seq::SliceRandom;
use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card rank, 2 (low) to 14 (ace).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    pub const TWO: Rank = Rank(2);
    pub const ACE: Rank = Rank(14);
    pub const KING: Rank = Rank(13);
    pub const JACK: Rank = Rank(11);
    /// A printed joker's: above the ace, never ranked (a printed joker is always wild). Only
    /// [`Card::joker`] makes it; [`Rank::new`] and parsing give 2..=14.
    pub const JOKER: Rank = Rank(15);

    /// `value` must be 2..=14.
    pub fn new(value: u8) -> Option<Rank> {
        (2..=14).contains(&value).then_some(Rank(value))
    }
    /// 2..=14 (ace high).
    pub fn value(self) -> u8 {
        self.0
    }
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> {
        (2..=14).map(Rank)
    }
    pub fn symbol(self) -> &'static str {
        const S: [&str; 14] = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "X"];
        S[usize::from(self.0.clamp(2, 15) - 2)]
    }
}

impl FromStr for Rank {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let v = match s.to_ascii_uppercase().as_str() {
            "A" => 14,
            "K" => 13,
            "Q" => 12,
            "J" => 11,
            "T" | "10" => 10,
            d if d.len() == 1 && matches!(d.as_bytes()[0], b'2'..=b'9') => d.as_bytes()[0] - b'0',
            _ => return Err(CardError::BadRank(s.to_string())),
        };
        Ok(Rank(v))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// Suits. The numeric order (clubs lowest) is only an index; which suit
/// beats which in a tie is a rule option ([`crate::engine::rules::SuitOrder`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    pub fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }
    pub fn symbol(self) -> char {
        match self {
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
            Suit::Hearts => '♥',
            Suit::Spades => '♠',
        }
    }
    /// `clubs`, ... : for people.
    pub fn name(self) -> &'static str {
        match self {
            Suit::Clubs => "clubs",
            Suit::Diamonds => "diamonds",
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
    fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            's' | 'S' | '♠' | '♤' => Suit::Spades,
            'h' | 'H' | '♥' | '♡' => Suit::Hearts,
            'd' | 'D' | '♦' | '♢' => Suit::Diamonds,
            'c' | 'C' | '♣' | '♧' => Suit::Clubs,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = CardError;
    /// A letter (`s`), a symbol (`♠`) or a name (`spades`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim().trim_end_matches('\u{FE0F}');
        let mut chars = t.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(suit) = Suit::from_char(c) {
                return Ok(suit);
            }
        }
        Suit::ALL
            .into_iter()
            .find(|x| x.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| CardError::BadSuit(s.to_string()))
    }
}

/// One card of the pack: 52 ranked cards, and the two printed jokers of a 54-card pack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card {
    pub rank: Rank,
    pub suit: Suit,
}

/// The printed jokers, black then red (`Xb`, `Xr`).
pub const JOKERS: [Card; 2] =
    [Card { rank: Rank::JOKER, suit: Suit::Clubs }, Card { rank: Rank::JOKER, suit: Suit::Diamonds }];

impl Card {
    pub fn new(rank: Rank, suit: Suit) -> Card {
        Card { rank, suit }
    }
    /// Printed joker `i` (0 black, 1 red; any other `i` is the red one).
    pub fn joker(i: usize) -> Card {
        JOKERS[i.min(1)]
    }
    /// A printed joker (always wild; it has no rank or suit of its own).
    pub fn is_joker(self) -> bool {
        self.rank == Rank::JOKER
    }
    /// 0..54, rank-major: `(rank - 2) * 4 + suit`; the printed jokers are 52 and 53.
    pub fn index(self) -> u8 {
        (self.rank.0 - 2) * 4 + self.suit as u8
    }
    pub fn from_index(i: u8) -> Option<Card> {
        match i {
            0..52 => Some(Card { rank: Rank(i / 4 + 2), suit: Suit::ALL[(i % 4) as usize] }),
            52 | 53 => Some(Card::joker(usize::from(i - 52))),
            _ => None,
        }
    }
    /// `A♠`, `10♥`, `🃏b`: for people.
    pub fn pretty(self) -> String {
        if self.is_joker() {
            return format!("🃏{}", self.joker_letter());
        }
        format!("{}{}", self.rank.symbol(), self.suit.symbol())
    }
    /// `b` (black) or `r` (red), for a printed joker.
    fn joker_letter(self) -> char {
        if self.suit == Suit::Clubs {
            'b'
        } else {
            'r'
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            return write!(f, "X{}", self.joker_letter());
        }
        write!(f, "{}{}", self.rank.symbol(), self.suit.letter())
    }
}

impl FromStr for Card {
    type Err = CardError;
    fn from_str(token: &str) -> Result<Self, Self::Err> {
        let bad = || CardError::BadCard(token.to_string());
        match token.trim() {
            "Xb" | "XB" | "xb" | "🃏b" => return Ok(JOKERS[0]),
            "Xr" | "XR" | "xr" | "🃏r" => return Ok(JOKERS[1]),
            _ => {}
        }
        let mut chars: Vec<char> = token.trim().chars().collect();
        // Tolerate the emoji variation selector after a suit symbol.
        chars.retain(|c| *c != '\u{FE0F}');
        let suit_char = chars.pop().ok_or_else(bad)?;
        let suit = Suit::from_char(suit_char).ok_or_else(bad)?;
        let rank_str: String = chars.into_iter().collect();
        let rank = rank_str.parse::<Rank>().map_err(|_| bad())?;
        Ok(Card { rank, suit })
    }
}

/// Serializes a type as its text (`Display`) and reads it back with `FromStr`.
macro_rules! serde_as_text {
    ($($t:ty),+) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let s = String::deserialize(d)?;
                s.parse().map_err(serde::de::Error::custom)
            }
        }
    )+};
}

serde_as_text!(Rank, Card);

/// A card, rank or suit not understood, or a card given twice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.msg())]
pub enum CardError {
    BadCard(String),
    BadRank(String),
    BadSuit(String),
    Duplicate(Card),
}

impl CardError {
    /// The refusal's message of the catalogue.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::echo::echo;
        use crate::i18n::Msg;
        match self {
            CardError::BadCard(s) => Msg::new("card-bad-card").arg("input", echo(s)),
            CardError::BadRank(s) => Msg::new("card-bad-rank").arg("input", echo(s)),
            CardError::BadSuit(s) => Msg::new("card-bad-suit").arg("input", echo(s)),
            CardError::Duplicate(c) => Msg::new("card-duplicate").arg("card", c),
        }
    }
}

/// Parses whitespace- or comma-separated cards, refusing duplicates.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardError> {
    let mut out: Vec<Card> = Vec::new();
    for token in text.split(|c: char| c.is_whitespace() || c == ',').filter(|t| !t.is_empty()) {
        let card: Card = token.parse()?;
        if out.contains(&card) {
            return Err(CardError::Duplicate(card));
        }
        out.push(card);
    }
    Ok(out)
}

/// Formats cards as `As Kd 10c`.
pub fn format_cards(cards: &[Card]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}

/// Formats cards as `A♠ K♦ 10♣`.
pub fn pretty_cards(cards: &[Card]) -> String {
    cards.iter().map(|c| c.pretty()).collect::<Vec<_>>().join(" ")
}

/// The full pack in index order.
pub fn full_deck() -> Vec<Card> {
    (0..52).filter_map(Card::from_index).collect()
}

/// A shuffled pack. The generator is passed in, so a seeded generator gives
/// the same order every time.
pub fn shuffled_deck<R: Rng + ?Sized>(rng: &mut R) -> Vec<Card> {
    let mut deck = full_deck();
    deck.shuffle(rng);
    deck
}

/// The pack shuffled by ChaCha8 from `seed`: portable across platforms and
/// crate versions, so a seed stored with a hand always gives the same deck.
pub fn seeded_deck(seed: u64) -> Vec<Card> {
    seeded_deck_with(seed, 0)
}

/// The pack with `jokers` printed jokers (0 to 2) shuffled by ChaCha8 from `seed`; without jokers the same
/// deck as [`seeded_deck`].
pub fn seeded_deck_with(seed: u64, jokers: usize) -> Vec<Card> {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut deck = full_deck();
    deck.extend(JOKERS.iter().take(jokers));
    deck.shuffle(&mut rng);
    deck
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let cards = parse_cards("As Kd Qh 10c 9s 2s").unwrap();
        assert_eq!(format_cards(&cards), "As Kd Qh 10c 9s 2s");
        assert_eq!("Tc".parse::<Card>().unwrap(), "10c".parse::<Card>().unwrap());
        assert_eq!("A♠".parse::<Card>().unwrap(), "as".parse::<Card>().unwrap());
        assert_eq!("KD".parse::<Card>().unwrap().to_string(), "Kd");
        assert_eq!("A♥️".parse::<Card>().unwrap().to_string(), "Ah");
    }

    #[test]
    fn bad_tokens_are_named() {
        assert_eq!(parse_cards("As Xx"), Err(CardError::BadCard("Xx".into())));
        assert_eq!(parse_cards("1s"), Err(CardError::BadCard("1s".into())));
        assert_eq!(parse_cards("A"), Err(CardError::BadCard("A".into())));
        assert!(matches!(parse_cards("As As"), Err(CardError::Duplicate(_))));
        assert!(parse_cards("").unwrap().is_empty());
    }

    #[test]
    fn index_round_trips_and_deck_is_complete() {
        let deck = full_deck();
        assert_eq!(deck.len(), 52);
        for (i, c) in deck.iter().enumerate() {
            assert_eq!(c.index() as usize, i);
            assert_eq!(Card::from_index(i as u8), Some(*c));
        }
        assert_eq!(Card::from_index(52), Some(JOKERS[0]));
        assert_eq!(Card::from_index(53), Some(JOKERS[1]));
        assert_eq!(Card::from_index(54), None);
        assert!(deck.iter().all(|c| !c.is_joker()));
    }

    #[test]
    fn seeded_deck_is_deterministic() {
        assert_eq!(seeded_deck(42), seeded_deck(42));
        assert_ne!(seeded_deck(42), seeded_deck(43));
        let mut d = seeded_deck(7);
        d.sort();
        assert_eq!(d, full_deck());
        assert_eq!(seeded_deck_with(42, 0), seeded_deck(42));
        let mut d = seeded_deck_with(7, 2);
        d.sort();
        assert_eq!(d.len(), 54);
        assert_eq!(&d[52..], &JOKERS);
    }

    #[test]
    fn printed_jokers_read_and_print() {
        assert_eq!(parse_cards("Xb xr").unwrap(), JOKERS.to_vec());
        assert_eq!(format_cards(&JOKERS), "Xb Xr");
        assert_eq!(JOKERS[1].pretty(), "🃏r");
        assert_eq!(Card::joker(0).index(), 52);
        assert!("Xs".parse::<Card>().is_err(), "no joker of spades");
        assert!(Rank::new(15).is_none() && "X".parse::<Rank>().is_err());
    }
}
