//! What a hand under some rules deals, turns up and pays ([`Parts`]): the variant's preset with the options
//! applied, or why they do not combine ([`Rules::parts`]).

use super::*;

impl Rules {
    /// What a hand under these rules deals, turns up and pays: the variant's preset with the options applied,
    /// or why they do not combine. Under `dealers_choice`, the parts of its default pick (`dealer_default`).
    pub fn parts(&self) -> Result<Parts, RulesError> {
        let clash = |option: &'static str, why: Why| Err(RulesError::Clash { option, why });
        if self.variant == Variant::DealersChoice {
            if self.dealer_default == Variant::DealersChoice {
                return clash("dealer_default", Why::DealerDefaultNotDealersChoice);
            }
            return Rules { variant: self.dealer_default, dealer_default: Variant::Classic, ..self.clone() }.parts();
        }
        if self.dealer_default != Variant::Classic {
            return clash("dealer_default", Why::DealerDefaultOnly);
        }
        let v = self.variant;
        let (dealt, may_change) = v.dealt();
        let mut plan = v.plan();
        // Classic-family variants and the stud and community games take a made-up plan: other down, up and
        // community numbers, a hand of three to five cards.
        let flexible = may_change || (plan.up + plan.shared() > 0 && v != Variant::IncompleteCommon);
        plan.down = match self.cards {
            Some(n) if !flexible && usize::from(n) != dealt => {
                return clash("cards", Why::Deals { variant: v, cards: dealt })
            }
            Some(n) => usize::from(n),
            None => dealt,
        };
        for (option, value, own) in [("up", self.up, &mut plan.up), ("community", self.community, &mut plan.community)]
        {
            match value {
                Some(n) if !flexible && usize::from(n) != *own => {
                    return clash(option, Why::OwnDeal { variant: v, cards: *own, option })
                }
                Some(n) => *own = usize::from(n),
                None => {}
            }
        }
        if flexible && !(3..=5).contains(&plan.hand_cards()) {
            let (cards, down, up, community) = (plan.hand_cards(), plan.down, plan.up, plan.shared());
            return clash("cards", Why::HandSize { cards, down, up, community });
        }
        if let Some(turn) = self.community_turn {
            if plan.community == 0 {
                return clash("community_turn", Why::CommunityTurn);
            }
            plan.community_turn = turn;
        }
        plan.exact_use = self.exact_use;
        if self.exact_use && (plan.down == 0 || plan.up + plan.shared() < 2 || plan.hand_cards() == 3) {
            return clash("exact_use", Why::ExactUse);
        }
        if let Some(draw) = self.draw {
            plan.draw = draw;
        }
        plan.draw_price = self.draw_price;
        if self.draw_price.is_some() && plan.draw == DrawMode::Off {
            return clash("draw_price", Why::DrawPrice);
        }
        if let Some(n) = self.blind_rounds {
            plan.blind_rounds = n;
        }
        // Shows wait for the board: hands are compared only once every community card is up.
        let board_out = if plan.community_turn == CommunityTurn::Rounds { plan.community as u32 } else { 0 };
        match self.rounds_before_show {
            Some(n) if n < board_out => return clash("rounds_before_show", Why::ShowAfterBoard { min: board_out }),
            Some(n) => plan.rounds_before_show = n,
            None => plan.rounds_before_show = plan.rounds_before_show.max(board_out),
        }
        let joker = match (v, self.joker) {
            (Variant::Joker, Turned::Off) => Turned::Draw,
            (_, j) => j,
        };
        let wild_sources = !joker.is_off() || !self.wild_suit.is_off() || self.jokers > 0;
        if matches!(v, Variant::TwoLowestWild | Variant::KissMissBliss) && (wild_sources || self.kaana_round) {
            return clash("variant", Why::OwnWilds { variant: v });
        }
        if matches!(v, Variant::HighWild | Variant::LowWild) && !joker.is_off() {
            return clash("joker", Why::OwnRankWild { variant: v });
        }
        if plan.forehead {
            let seeing = [
                ("joker", !joker.is_off()),
                ("wild_suit", !self.wild_suit.is_off()),
                ("jokers", self.jokers > 0),
                ("bust", !self.bust.is_off()),
                ("blind_turn_limit", self.blind_turn_limit.is_some()),
                ("see_on_turn_only", self.see_on_turn_only),
                ("draw", plan.draw != DrawMode::Off),
                ("blind_rounds", plan.blind_rounds > 0),
            ];
            if let Some((option, _)) = seeing.into_iter().find(|(_, on)| *on) {
                return clash(option, Why::Cobra);
            }
        }
        if plan.draw == DrawMode::Rounds && plan.blind_rounds > 0 {
            return clash("draw", Why::DrawRoundsBlind);
        }
        if let Some(limit) = self.blind_turn_limit.filter(|&l| l < plan.blind_rounds) {
            return clash("blind_turn_limit", Why::BlindTurnLimit { limit, blind: plan.blind_rounds });
        }
        let ordered = !matches!(v, Variant::Blackjack | Variant::Nines | Variant::Cobra);
        if !ordered {
            for (option, differs) in [
                ("a23", self.a23 != A23::default()),
                ("pure_sequence_beats_trio", self.pure_sequence_beats_trio),
                ("langdi", self.langdi),
                ("k_a_2", self.k_a_2),
            ] {
                if differs {
                    return clash(option, Why::NoSequences { variant: v });
                }
            }
        }
        if self.k_a_2 && self.a23 == A23::Second {
            return clash("k_a_2", Why::KA2);
        }
        if self.common.is_some() && v != Variant::IncompleteCommon {
            return clash("common", Why::CommonOnly);
        }
        if self.common.is_some_and(|c| c.is_joker()) && self.jokers == 0 {
            return clash("common", Why::CommonJoker);
        }
        if v == Variant::IncompleteOne && self.pure_sequence_beats_trio {
            return clash("pure_sequence_beats_trio", Why::IncompleteOnePure);
        }
        if v != Variant::Kaana && (self.kaana_round || self.kaana_cards != one_eyed()) {
            let option = if self.kaana_round { "kaana_round" } else { "kaana_cards" };
            return clash(option, Why::KaanaOnly);
        }
        if self.high_low != HighLow::Off {
            if !ordered || v == Variant::Muflis {
                return clash("high_low", Why::HighLowOrder { variant: v });
            }
            if self.show_concede {
                return clash("show_concede", Why::ShowConcedeHighLow);
            }
        } else if self.qualifier != Qualifier::None {
            return clash("qualifier", Why::Qualifier);
        }
        if self.post && (self.ante != AnteForm::Dealer || self.deal_order != DealOrder::Rotate) {
            return clash("post", Why::Post);
        }
        if let Some(max) = self.max_rounds.filter(|&m| m <= plan.rounds_before_show) {
            return clash("max_rounds", Why::MaxRounds { max, before: plan.rounds_before_show });
        }
        let imagined = match v {
            Variant::IncompleteTwo | Variant::IncompleteCommon => 1,
            Variant::IncompleteOne => 2,
            _ => 0,
        };
        let suit_ties =
            matches!(v, Variant::IncompleteTwo | Variant::IncompleteOne | Variant::IncompleteCommon | Variant::Cobra);
        Ok(Parts {
            plan,
            imagined,
            jokers: usize::from(self.jokers),
            joker,
            wild_suit: self.wild_suit,
            bust: self.bust,
            boot_factor: if v == Variant::FourXBoot { 4 } else { 1 },
            suit_ties,
            kaana: v == Variant::Kaana,
        })
    }
}

/// What a hand under these rules deals, turns up and pays under some [`Rules`] ([`Rules::parts`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// How the cards are dealt and turned up, and the phases of play.
    pub plan: DealPlan,
    /// Cards each player imagines: wild cards every hand has.
    pub imagined: u8,
    /// Printed jokers in the pack (always wild).
    pub jokers: usize,
    pub joker: Turned<Rank>,
    pub wild_suit: Turned<Suit>,
    pub bust: Turned<Rank>,
    /// Each hand's boot is the table's times this (4x_boot).
    pub boot_factor: Chips,
    /// Equal hands at a show go by suits (the incomplete variations, "suit rules apply"; cobra).
    pub suit_ties: bool,
    /// The one-eyed cards (`kaana_cards`) are wild.
    pub kaana: bool,
}

impl Parts {
    /// Which draws the deal turns up after the community cards, in [`Board`](super::hand::Board) order: the
    /// wild-rank draw, the wild-suit draw, the bust draw.
    pub fn draws(&self) -> [bool; 3] {
        [self.joker == Turned::Draw, self.wild_suit == Turned::Draw, self.bust == Turned::Draw]
    }

    /// Cards dealt to the middle: the community cards and each drawn card.
    pub fn middle(&self) -> usize {
        self.plan.community + self.draws().iter().filter(|&&on| on).count()
    }

    /// The cards in the pack.
    pub fn deck_size(&self) -> usize {
        52 + self.jokers
    }

    /// The most players the pack deals to: every player's cards, then the cards in the middle (a printed joker
    /// turned up by a draw is put aside and the next card turned, so each joker may cost one card more), at
    /// most 10.
    pub fn max_seats(&self) -> usize {
        let draws = self.middle() - self.plan.community;
        let public = self.middle() + if draws > 0 { self.jokers } else { 0 };
        ((self.deck_size() - public) / self.plan.per_player().max(1)).min(10)
    }
}
