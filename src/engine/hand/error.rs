//! Why the engine refused an action or a deal ([`RuleError`]): nothing changed.

use super::*;

/// Why an action was refused. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("a table needs {MIN_SEATS} to {MAX_SEATS} players")]
    SeatCount,
    #[error("the dealer must be one of the seats")]
    BadDealer,
    #[error("the deck does not hold enough distinct cards for the deal")]
    BadDeck,
    #[error("the pack deals to at most {0} players under these rules")]
    TooManyForDeck(usize),
    #[error("you hold a bust card: you must pack")]
    HoldsBust,
    /// The table's rules do not combine (`Rules::parts`).
    #[error("{0}")]
    Rules(#[from] RulesError),
    /// A missed ante posted (`post`) by no seat of the hand, or of no chips.
    #[error("a post is a positive amount by a seat of the hand")]
    BadPost,
    #[error("every player must be able to pay the boot of {0}")]
    CannotPayBoot(Chips),
    /// The deal asks a player for more than the boot alone (a forced blind, a posted ante, the dealer's ante for
    /// everyone), and they cannot pay it, or it is more than a hand takes.
    #[error("every player dealt in must be able to pay what the deal asks of them: {need} chips (the boot, and a blind, a post or the dealer's ante for everyone)")]
    CannotPayDeal { need: Chips },
    #[error("a stack may hold at most {MAX_AMOUNT} chips")]
    StackTooLarge,
    #[error("the hand is over")]
    HandOver,
    #[error("there is no such seat")]
    NoSuchSeat,
    #[error("you have packed")]
    Packed,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("a sideshow is waiting for an answer")]
    SideshowPending,
    #[error("nobody asked you for a sideshow")]
    NoSideshowToAnswer,
    #[error("you have already seen your cards")]
    AlreadySeen,
    #[error("at this table you may look at your cards only on your turn")]
    SeeOnlyOnTurn,
    #[error("at this table you may pack only on your turn")]
    PackOnlyOnTurn,
    #[error("you have already asked for a sideshow this turn")]
    AskedThisTurn,
    #[error("a show is waiting for its answer: show the cards or concede")]
    ShowPending,
    #[error("no show was called against you")]
    NoShowToAnswer,
    #[error("this table does not allow the last two players to agree to share the pot")]
    SplitOff,
    #[error("the pot can be shared by agreement only when two players are left")]
    SplitNeedsTwo,
    #[error("an offer to share the pot is waiting for its answer")]
    SplitPending,
    #[error("nobody offered you to share the pot")]
    NoSplitToAnswer,
    #[error("you have bet blind {0} times, the limit: see your cards first")]
    MustSee(u32),
    #[error("you cannot cover the minimum bet of {0}")]
    CannotCover(Chips),
    #[error("a bet must be from {min} to {max}")]
    BetOutOfRange { min: Chips, max: Chips },
    #[error("a seen bet must be an even number of chips")]
    OddBet,
    #[error("a show needs exactly two players left")]
    ShowNeedsTwo,
    #[error("a high-low table has no sideshows")]
    NoSideshowHighLow,
    #[error("the players are declaring high or low: the show comes when all have")]
    Declaring,
    #[error("there is nothing to declare now: players declare high or low at the show")]
    NotDeclaring,
    #[error("you have already declared")]
    AlreadyDeclared,
    #[error("a seen player cannot ask a blind player for a show")]
    SeenCannotShowBlind,
    #[error("a show costs {need}; you have {have}")]
    CannotAffordShow { need: Chips, have: Chips },
    #[error("a sideshow needs every remaining player to be seen")]
    SideshowNeedsAllSeen,
    #[error("a sideshow needs at least three players left")]
    SideshowNeedsThree,
    #[error("the previous player has not bet yet")]
    SideshowNoTarget,
    #[error("in cobra nobody ever sees their own card")]
    Forehead,
    #[error("the first {0} betting round(s) are played blind: nobody may look at their cards yet")]
    BlindRound(u32),
    #[error("a show or sideshow may be asked for only after {0} betting rounds")]
    ShowTooEarly(u32),
    #[error("the players are drawing: betting resumes when every player has drawn")]
    Drawing,
    #[error("there is no draw now")]
    NoDraw,
    #[error("you have already changed a card in this betting round")]
    DrewThisRound,
    #[error("choose from {min} to {max} of your own down cards to change")]
    BadDraw { min: usize, max: usize },
    #[error("the pack has only {left} card(s) left to draw")]
    PackEmpty { left: usize },
    #[error("new cards cost {need}; you have {have}")]
    CannotAffordDraw { need: Chips, have: Chips },
}

impl RuleError {
    /// The refusal's message of the catalogue (a sentence for the player; the `Display` above is the engine's
    /// own lower-case English, which scripts and logs show).
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::Msg;
        use RuleError as R;
        match self {
            R::SeatCount => Msg::new("rule-seat-count").arg("min", MIN_SEATS).arg("max", MAX_SEATS),
            R::BadDealer => Msg::new("rule-bad-dealer"),
            R::BadDeck => Msg::new("rule-bad-deck"),
            R::TooManyForDeck(n) => Msg::new("rule-too-many-for-deck").arg("most", n),
            R::HoldsBust => Msg::new("rule-holds-bust"),
            R::Rules(reason) => Msg::new("rule-rules").msg("reason", reason.msg()),
            R::BadPost => Msg::new("rule-bad-post"),
            R::CannotPayBoot(b) => Msg::new("rule-cannot-pay-boot").arg("boot", b),
            R::CannotPayDeal { need } => Msg::new("rule-cannot-pay-deal").arg("need", need),
            R::StackTooLarge => Msg::new("rule-stack-too-large").arg("most", crate::engine::rules::MAX_AMOUNT),
            R::HandOver => Msg::new("rule-hand-over"),
            R::NoSuchSeat => Msg::new("rule-no-such-seat"),
            R::Packed => Msg::new("rule-packed"),
            R::NotYourTurn => Msg::new("rule-not-your-turn"),
            R::SideshowPending => Msg::new("rule-sideshow-pending"),
            R::NoSideshowToAnswer => Msg::new("rule-no-sideshow-to-answer"),
            R::AlreadySeen => Msg::new("rule-already-seen"),
            R::SeeOnlyOnTurn => Msg::new("rule-see-only-on-turn"),
            R::PackOnlyOnTurn => Msg::new("rule-pack-only-on-turn"),
            R::AskedThisTurn => Msg::new("rule-asked-this-turn"),
            R::ShowPending => Msg::new("rule-show-pending"),
            R::NoShowToAnswer => Msg::new("rule-no-show-to-answer"),
            R::SplitOff => Msg::new("rule-split-off"),
            R::SplitNeedsTwo => Msg::new("rule-split-needs-two"),
            R::SplitPending => Msg::new("rule-split-pending"),
            R::NoSplitToAnswer => Msg::new("rule-no-split-to-answer"),
            R::MustSee(n) => Msg::new("rule-must-see").arg("times", n),
            R::CannotCover(c) => Msg::new("rule-cannot-cover").arg("min", c),
            R::BetOutOfRange { min, max } => Msg::new("rule-bet-out-of-range").arg("min", min).arg("max", max),
            R::OddBet => Msg::new("rule-odd-bet"),
            R::ShowNeedsTwo => Msg::new("rule-show-needs-two"),
            R::NoSideshowHighLow => Msg::new("rule-no-sideshow-high-low"),
            R::Declaring => Msg::new("rule-declaring"),
            R::NotDeclaring => Msg::new("rule-not-declaring"),
            R::AlreadyDeclared => Msg::new("rule-already-declared"),
            R::SeenCannotShowBlind => Msg::new("rule-seen-cannot-show-blind"),
            R::CannotAffordShow { need, have } => {
                Msg::new("rule-cannot-afford-show").arg("need", need).arg("have", have)
            }
            R::SideshowNeedsAllSeen => Msg::new("rule-sideshow-needs-all-seen"),
            R::SideshowNeedsThree => Msg::new("rule-sideshow-needs-three"),
            R::SideshowNoTarget => Msg::new("rule-sideshow-no-target"),
            R::Forehead => Msg::new("rule-forehead"),
            R::BlindRound(n) => Msg::new("rule-blind-round").arg("rounds", n),
            R::ShowTooEarly(n) => Msg::new("rule-show-too-early").arg("rounds", n),
            R::Drawing => Msg::new("rule-drawing"),
            R::NoDraw => Msg::new("rule-no-draw"),
            R::DrewThisRound => Msg::new("rule-drew-this-round"),
            R::BadDraw { min, max } => Msg::new("rule-bad-draw").arg("min", min).arg("max", max),
            R::PackEmpty { left } => Msg::new("rule-pack-empty").arg("left", left),
            R::CannotAffordDraw { need, have } => {
                Msg::new("rule-cannot-afford-draw").arg("need", need).arg("have", have)
            }
        }
    }
}
