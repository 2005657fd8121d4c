//! `/odds`: a player's chances now, privately. A seen hand's are exact against one unknown hand (the cards the
//! player may see taken out of the pack) and sampled against every player still in; a blind player gets the
//! chances of an unseen hand, which are everyone's, so nothing leaks.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::actor::Table;
use super::view::Update;
use super::{Player, UserError};
use crate::engine::bot::BotView;
use crate::engine::odds::{against_many, against_one, unseen, OddsError};
use crate::i18n::Msg;
use crate::tr;

/// Deals sampled against several players (about ±0.7 percentage points at 95%).
const SAMPLES: u32 = 20_000;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

impl Table {
    pub(super) fn odds(&self, player: Player) -> Result<Update, UserError> {
        let (live, seat) = self.seat_for(player, None)?;
        let hand = &live.hand;
        let rules = hand.rules();
        let opponents = hand.active().filter(|&s| s != seat).count().max(1);
        let view = BotView::new(hand, seat);
        let mut rng = ChaCha8Rng::from_entropy();
        let refused = |e: OddsError| match e {
            OddsError::Board => UserError::said(Msg::new("odds-board")),
            other => super::internal("working out odds", other),
        };
        let lang = self.private_lang();
        let text = match view.own_cards() {
            Some(cards) => {
                let exact = against_one(cards, &[], rules).map_err(refused)?;
                let mut text = tr!(
                    lang,
                    "odds-seen",
                    cards = crate::engine::cards::pretty_cards(cards),
                    win = pct(exact.win),
                    tie = pct(exact.tie),
                    lose = pct(exact.lose),
                    percentile = pct(exact.percentile)
                );
                if opponents > 1 {
                    let many = against_many(cards, &[], rules, opponents, SAMPLES, &mut rng).map_err(refused)?;
                    text.push('\n');
                    text.push_str(&tr!(
                        lang,
                        "odds-many",
                        players = opponents,
                        win = pct(many.win),
                        error = pct(many.error)
                    ));
                }
                text
            }
            None => {
                let (one, many) = unseen(rules, opponents, SAMPLES, &mut rng).map_err(refused)?;
                tr!(
                    lang,
                    "odds-unseen",
                    win = pct(one.win),
                    tie = pct(one.tie),
                    many = pct(many.win),
                    players = opponents
                )
            }
        };
        Ok(self.update(Vec::new(), Vec::new(), Some(text)))
    }
}
