//! Computer players at a table: seated and unseated by the opener (or an admin), staked from the server's house
//! wallet and paid back to it, and playing their turns a moment after the turn reaches them (`engine::bot`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tokio::time::Instant;

use super::actor::Table;
use super::view::Update;
use super::{internal, Player, UserError};
use crate::engine::bot::{BotView, Brain, Level};
use crate::engine::hand::MAX_SEATS;
use crate::engine::Action;
use crate::i18n::Msg;
use crate::ids::UserId;
use crate::store::StoreError;
use crate::tr;

/// A computer player sits down with this many boots from the house, and is topped up to it before each deal.
pub const BOT_STACK_BOOTS: i64 = 100;

/// When a computer player acts next: at `at`, if the hand has had `actions` actions by then (any other action
/// first, and it looks again).
#[derive(Clone, Copy, Debug)]
pub(super) struct BotTurn {
    pub at: Instant,
    pub actions: usize,
}

impl Table {
    /// The chips a computer player plays with at this table.
    fn bot_stack(&self) -> i64 {
        i64::try_from(self.row.rules.boot).unwrap_or(i64::MAX / 1000).saturating_mul(BOT_STACK_BOOTS)
    }

    pub(super) async fn add_bot(&mut self, player: Player, level: Level) -> Result<Update, UserError> {
        self.require_manager(player, "error-manager-bots")?;
        if self.seats.len() >= self.row.max_players as usize {
            return Err(UserError::said(Msg::new("error-table-full-of").arg("max", self.row.max_players)));
        }
        let taken: Vec<u8> = self.seats.iter().filter_map(|s| s.user.as_bot()).map(|(_, slot)| slot).collect();
        let slot = (0..MAX_SEATS as u8).find(|s| !taken.contains(s)).unwrap_or(0);
        let bot = UserId::bot(self.row.id, level.index(), slot).ok_or_else(|| internal("naming a bot", "table id"))?;
        let store = &self.deps.store;
        let staked = store
            .stake_bot(self.row.guild, bot, self.bot_stack())
            .await
            .map_err(|e| internal("staking a computer player", e))?;
        let have = store.balance(self.row.guild, bot).await.map_err(|e| internal("reading a balance", e))?;
        if have < self.row.rules.boot as i64 {
            // The house cannot stake it: nothing is seated (what was moved goes back).
            let _ = store.unstake_bot(self.row.guild, bot).await;
            return Err(UserError::said(Msg::new("error-house-short").arg("boot", self.row.rules.boot)));
        }
        let seat = store.add_seat(self.row.id, bot).await.map_err(|e| match e {
            StoreError::TableFull(_) => UserError::said(Msg::new("error-table-full")),
            other => internal("seating a computer player", other),
        })?;
        self.seats.push(seat);
        tracing::info!(%bot, level = level.name(), staked, "seated a computer player");
        self.schedule_if_idle();
        let notice = tr!(self.private_lang(), "notice-bot-seated", bot = bot.mention(), chips = have);
        Ok(self.update(Vec::new(), Vec::new(), Some(notice)))
    }

    pub(super) async fn remove_bot(&mut self, player: Player, key: Option<&str>) -> Result<Update, UserError> {
        self.require_manager(player, "error-manager-bots")?;
        let Some(bot) = self.seats.iter().rev().map(|s| s.user).find(|u| u.is_bot()) else {
            return Err(UserError::said(Msg::new("error-no-bots")));
        };
        let mut update = self.leave(Player { id: bot, admin: false }, key).await?;
        let back = self.deps.store.unstake_bot(self.row.guild, bot).await.map_err(|e| internal("unstaking", e))?;
        update.notice = Some(tr!(self.private_lang(), "notice-bot-left", bot = bot.mention(), chips = back));
        Ok(update)
    }

    /// Before a deal: tops every seated computer player up to its stack from the house (as far as it can).
    pub(super) async fn stake_bots(&self) {
        let stack = self.bot_stack();
        for bot in self.seats.iter().map(|s| s.user).filter(|u| u.is_bot()) {
            if let Err(e) = self.deps.store.stake_bot(self.row.guild, bot, stack).await {
                tracing::warn!(error = %e, %bot, "could not stake a computer player");
            }
        }
    }

    /// After the table closed: every computer player's chips go back to the house.
    pub(super) async fn unstake_bots(&self) {
        for bot in self.seats.iter().map(|s| s.user).filter(|u| u.is_bot()) {
            if let Err(e) = self.deps.store.unstake_bot(self.row.guild, bot).await {
                tracing::warn!(error = %e, %bot, "could not pay a computer player back to the house");
            }
        }
    }

    /// Sets (or clears) the moment the computer player to act acts: the bot delay after the turn reached it.
    pub(super) fn schedule_bot(&mut self) {
        let due = self.in_play().filter(|l| l.cancelled.is_none()).and_then(|l| {
            let seat = l.hand.to_act()?;
            l.users.get(seat).filter(|u| u.is_bot()).map(|_| l.hand.actions().len())
        });
        self.bot_turn = match (due, self.bot_turn) {
            (None, _) => None,
            (Some(actions), Some(t)) if t.actions == actions => Some(t),
            (Some(actions), _) => Some(BotTurn { at: Instant::now() + self.deps.timings.bot_delay, actions }),
        };
    }

    /// The computer player to act acts (its decision from what its seat may see), as a player's click would.
    pub(super) async fn bot_act(&mut self) {
        self.bot_turn = None;
        let Some((seat, view, level)) = self.in_play().and_then(|l| {
            let seat = l.hand.to_act()?;
            let (level, _) = l.users.get(seat)?.as_bot()?;
            Some((seat, BotView::new(&l.hand, seat), Level::from_index(level)?))
        }) else {
            return;
        };
        let brain = self.brain.get_or_insert_with(Box::<Brain>::default);
        let action = brain.decide(level, &view, &mut ChaCha8Rng::from_entropy());
        match self.apply(seat, action, None).await {
            Ok(_) => {}
            Err(e) if e.is_disk_full() => return self.pause().await,
            Err(e) => {
                // Never expected (a decision is one of the seat's legal actions): it packs rather than stall.
                tracing::error!(error = %e, ?action, "a computer player's action was refused");
                if let Err(e) = self.apply(seat, Action::Pack, None).await {
                    tracing::error!(error = %e, "a computer player could not pack");
                }
            }
        }
        self.redraw("after a computer player's action").await;
    }
}
