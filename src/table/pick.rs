//! Dealer's choice: at a `dealers_choice` table each hand begins with its dealer choosing the game. The table
//! posts a prompt in the channel (a button only the dealer may use, which opens a menu only they see), and
//! deals as soon as the dealer picks, or the table's `dealer_default` when the turn timer runs out first. The
//! choice lives in memory only: nothing is dealt or paid until it is made, so a restart just asks again.

use super::actor::{Deadline, Table};
use super::view::{Menu, PickView, Update};
use super::{ButtonId, Player, UserError};
use crate::engine::{Rules, Variant};
use crate::i18n::Msg;
use crate::ids::MessageId;

/// The dealer's choice being made.
pub(super) struct Picking {
    pub view: PickView,
    /// When the table's default is dealt instead.
    pub at: Deadline,
    /// The prompt in the channel, edited to show the choice once made.
    pub message: Option<MessageId>,
}

impl Table {
    /// The table's default game: its `dealer_default` with its other options.
    fn default_pick(&self) -> Result<Rules, UserError> {
        let rules = &self.row.rules;
        rules
            .pick(rules.dealer_default, "")
            .map_err(|e| UserError::said(Msg::new("error-default-game").msg("reason", e.msg())))
    }

    /// Starts the next hand's choice: finds its dealer (the button passes on as for any hand), posts the prompt
    /// and starts the timer. A prompt that cannot be posted deals the default at once.
    pub(super) async fn begin_pick(&mut self) -> Result<(), UserError> {
        let default = self.default_pick()?;
        let (users, _) = self.dealt_in(&default).await?;
        let dealer = users[self.choose_dealer(&users).await];
        self.picks = self.picks.wrapping_add(1);
        let at = Deadline::after(self.turn_duration());
        let view = PickView { round: self.picks, dealer, deadline: at.unix, default: default.variant, picked: None };
        self.picking = Some(Box::new(Picking { view, at, message: None }));
        match self.deps.presenter.post_pick(&self.view()).await {
            Ok(id) => {
                if let Some(p) = &mut self.picking {
                    p.message = Some(id);
                }
                Ok(())
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not post the dealer's choice; dealing the table's default");
                self.finish_pick(default, true).await
            }
        }
    }

    /// The dealer did not choose in time: the table's default is dealt.
    pub(super) async fn pick_timed_out(&mut self) -> Result<(), UserError> {
        match self.default_pick() {
            Ok(default) => self.finish_pick(default, true).await,
            Err(e) => {
                self.picking = None;
                Err(e)
            }
        }
    }

    /// Ends the choice with `rules` (`by_timer`: the default, the dealer having not chosen), shows it on the
    /// prompt, and deals.
    async fn finish_pick(&mut self, rules: Rules, by_timer: bool) -> Result<(), UserError> {
        let Some(mut picking) = self.picking.take() else { return Ok(()) };
        let dealer = picking.view.dealer;
        picking.view.picked = Some((rules.clone(), by_timer));
        if let Some(message) = picking.message {
            let mut view = self.view();
            view.picking = Some(picking.view);
            if let Err(e) = self.deps.presenter.edit_pick(&view, message).await {
                tracing::warn!(error = %e, "could not show the dealer's choice on its prompt");
            }
        }
        self.deal(rules, Some(dealer)).await
    }

    /// The choice `player` may make now with `button` (the prompt's or its menu's): refused unless they deal
    /// the next hand of a table that is waiting for its dealer to choose.
    fn choosing(&self, player: Player, button: Option<ButtonId>) -> Result<&Picking, UserError> {
        if self.row.rules.variant != Variant::DealersChoice {
            return Err(UserError::said(Msg::new("error-not-dealers-choice").arg("variant", self.row.rules.variant)));
        }
        let Some(picking) = &self.picking else {
            return Err(UserError::said(Msg::new("error-nobody-choosing")));
        };
        if button.is_some_and(|b| b.seq != picking.view.round) {
            return Err(UserError::said(Msg::new("error-choice-over")));
        }
        if player.id != picking.view.dealer {
            return Err(UserError::said(Msg::new("error-not-the-dealer").arg("dealer", picking.view.dealer.mention())));
        }
        Ok(picking)
    }

    /// The dealer's menu of games (an ephemeral select).
    pub(super) fn pick_menu(&self, player: Player, button: Option<ButtonId>) -> Result<Update, UserError> {
        let round = self.choosing(player, button)?.view.round;
        let mut update = self.update(Vec::new(), Vec::new(), None);
        let rules = &self.row.rules;
        update.menu = Some(Menu::Pick { round, choices: rules.pickable(), default: rules.dealer_default });
        Ok(update)
    }

    /// The dealer chooses `variant` (and `options`, `name=value` items) for the next hand, which is dealt.
    pub(super) async fn pick(
        &mut self,
        player: Player,
        variant: Variant,
        options: Option<&str>,
        button: Option<ButtonId>,
    ) -> Result<Update, UserError> {
        self.choosing(player, button)?;
        let rules = self
            .row
            .rules
            .pick(variant, options.unwrap_or(""))
            .map_err(|e| UserError::said(Msg::new("error-game-not-dealt").msg("reason", e.msg())))?;
        // A game too dear for the table (a larger boot) is refused while the dealer may still choose another.
        if let Err(e) = self.dealt_in(&rules).await {
            return Err(UserError::said(Msg::new("error-choose-another").msg("reason", e.refusal().msg())));
        }
        self.finish_pick(rules, false).await?;
        Ok(self.update(
            Vec::new(),
            Vec::new(),
            Some(crate::tr!(self.private_lang(), "notice-picked", variant = variant.to_string())),
        ))
    }
}
