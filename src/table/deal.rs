//! Dealing a new hand: who is dealt in, who deals, the boots, the message.

use super::actor::{Deadline, Live, Notes, PublicLog, Table};
use super::dealer::{first_winner, next_dealer};
use super::{internal, ShowError, UserError};
use crate::engine::fair::{fair_deck, Seed};
use crate::engine::hand::{HandSetup, MAX_SEATS};
use crate::engine::rules::MAX_AMOUNT;
use crate::engine::rules::{AnteForm, Blinds, DealOrder, FirstDealer};
use crate::engine::{Chips, Hand, Rules};
use crate::i18n::Msg;
use crate::ids::UserId;
use crate::store::{FairDeal, HandRecord, NewHand, StoreError};

/// The longest entropy a player may give, in characters.
pub const MAX_ENTROPY_CHARS: usize = 64;

/// A seated player and the ante they owe to come back in (`post`).
type Owed = (UserId, Chips);

impl Table {
    /// Under `kaana_round`: whether the next hand's one-eyed cards are plain, by this table's last hand (its
    /// setup and actions replayed: [`Hand::kaana_next`]). A table's first hand, or one after a hand under other
    /// rules, starts with the round not begun.
    async fn kaana_dormant(&self) -> Result<bool, UserError> {
        let Some(rec) = self.last_hand().await.map_err(|e| internal("reading the last hand", e))? else {
            return Ok(true);
        };
        let actions: Vec<_> = rec.actions.iter().map(|a| (a.seat, a.action)).collect();
        Ok(Hand::replay(&rec.setup, &actions).ok().and_then(|(hand, _)| hand.kaana_next()).unwrap_or(true))
    }

    /// Packs every player holding a bust card (the bust draw: they must), each as a recorded action like any
    /// other, so the hand replays and settles as usual. Called right after the deal, and when a hand is resumed
    /// (a process stopped in between).
    pub(super) async fn pack_busted(&mut self) -> Result<(), UserError> {
        let busted = self.live.as_ref().map(|l| l.hand.must_pack()).unwrap_or_default();
        for seat in busted {
            self.apply(seat, crate::engine::Action::Pack, None).await?;
        }
        Ok(())
    }

    /// Deals the next hand: at a dealers_choice table its dealer first chooses the game (`pick.rs`); at any
    /// other, under the table's rules.
    pub(super) async fn deal_next(&mut self) -> Result<(), UserError> {
        self.note_last_winner();
        // Computer players never play on alone: a person must be seated and playing.
        let bots = self.seats.iter().any(|s| s.user.is_bot());
        if bots && !self.seats.iter().any(|s| !s.user.is_bot() && !s.sat_out) {
            return Err(UserError::said(Msg::new("error-need-person")));
        }
        self.stake_bots().await;
        if let Some(id) = self.tournament() {
            return match self.tournament_deal(id).await? {
                Some(rules) => self.deal(rules, None).await,
                None => Ok(()),
            };
        }
        if self.row.rules.variant == crate::engine::Variant::DealersChoice {
            return self.begin_pick().await;
        }
        self.deal(self.row.rules.clone(), None).await
    }

    /// Who is dealt in under `rules`, in seat order, with their stacks: every seated player who is not sitting
    /// out and can pay the boot, as many as the pack deals to. At least two, or the refusal to say why not.
    pub(super) async fn dealt_in(&self, rules: &Rules) -> Result<(Vec<UserId>, Vec<Chips>), UserError> {
        // The table's rules were checked when they were set; rules stored by an older build that no longer
        // combine are named here, and nothing is dealt.
        let parts =
            rules.parts().map_err(|e| UserError::said(Msg::new("error-rules-not-dealt").msg("reason", e.msg())))?;
        let boot = rules.boot.saturating_mul(parts.boot_factor);
        let most = MAX_SEATS.min(parts.max_seats());
        // At a tournament's table a player who sat out is dealt in all the same: their timer packs for them until
        // their chips run out, and the tournament goes on.
        let tournament = self.tournament().is_some();
        let dealt = || self.seats.iter().filter(move |s| tournament || !s.sat_out);
        let playing: Vec<UserId> = dealt().map(|s| s.user).collect();
        let balances = self
            .deps
            .store
            .balances(self.row.wallet_guild(), &playing)
            .await
            .map_err(|e| internal("reading the balances", e))?;
        // What a player must be able to pay before the first turn, wherever the deal puts them: the ante (under
        // `ante=dealer`, the ante for everyone dealt in, since their deal will come) and the largest forced blind.
        let blind = rules.blind_amount.unwrap_or(boot);
        let blind_need = match rules.blinds {
            Blinds::None => 0,
            Blinds::Single => blind,
            Blinds::SmallBig => blind.saturating_mul(2),
        };
        let need = |k: usize| {
            let ante = if rules.ante == AnteForm::Dealer { boot.saturating_mul(k as Chips) } else { boot };
            ante.saturating_add(blind_need)
        };
        let pays = |k: usize, balance: i64| balance >= need(k).min(i64::MAX as Chips) as i64;
        // A player who owes a post (`post`) must be able to pay it too.
        let owed: Vec<i64> = dealt().map(|s| if rules.post { s.owed_post } else { 0 }).collect();
        let balances: Vec<i64> = balances.iter().zip(&owed).map(|(&b, &o)| b.saturating_sub(o)).collect();
        let stack_of = |i: usize| balances[i].saturating_add(owed[i]);
        // Under `ante=dealer` the most players k of whom k can ante for k; otherwise as many as the pack deals to.
        let mut limit = most.min(playing.len());
        if rules.ante == AnteForm::Dealer {
            while limit > 2 && balances.iter().filter(|&&b| pays(limit, b)).count() < limit {
                limit -= 1;
            }
        }
        let mut users = Vec::new();
        let mut stacks: Vec<Chips> = Vec::new();
        for (i, (&user, &balance)) in playing.iter().zip(&balances).enumerate() {
            if pays(limit, balance) && users.len() < limit {
                users.push(user);
                // A hand takes at most MAX_AMOUNT from anyone (the engine refuses a larger stack); the store debits
                // the wallet itself, so a richer wallet just plays with that much.
                stacks.push(stack_of(i).unsigned_abs().min(MAX_AMOUNT));
            }
        }
        if users.len() < 2 {
            return Err(UserError::said(Msg::new("error-need-two")));
        }
        Ok((users, stacks))
    }

    /// The dealer among `users` (dealt in, in seat order): under `deal_order=winner` the last hand's winner,
    /// if dealt in; otherwise the button passes to the left. A table's first hand under `first_dealer=cut` is
    /// dealt by the highest card of a cut, shown in the channel.
    pub(super) async fn choose_dealer(&mut self, users: &[UserId]) -> usize {
        let rules = &self.row.rules;
        if self.last_dealer.is_none() && rules.first_dealer == FirstDealer::Cut {
            return self.cut_for_deal(users).await;
        }
        if rules.deal_order == DealOrder::Winner {
            if let Some(seat) = self.last_winner.and_then(|w| users.iter().position(|&u| u == w)) {
                return seat;
            }
        }
        let seated: Vec<UserId> = self.seats.iter().map(|s| s.user).collect();
        next_dealer(&seated, users, self.last_dealer)
    }

    /// The cut for the first deal: a card each from a shuffled pack, in seat order; the highest deals. Shown in
    /// the channel (one notice), the cards being of no hand.
    async fn cut_for_deal(&mut self, users: &[UserId]) -> usize {
        let deck = fair_deck(&self.deps.decks.next_seed(), "", 0);
        let cut: Vec<(UserId, crate::engine::Card)> = users.iter().copied().zip(deck).collect();
        let seat = (0..cut.len()).max_by_key(|&i| cut[i].1).unwrap_or(0);
        let shown: Vec<String> = cut.iter().map(|(u, c)| format!("{} {}", u.mention(), c.pretty())).collect();
        let dealer = users.get(seat).copied().unwrap_or(UserId(0)).mention();
        let text = crate::tr!(self.lang, "notice-cut", cards = shown.join(" · "), dealer = dealer);
        if let Err(e) = self.deps.presenter.notice(&self.view(), &text).await {
            tracing::warn!(error = %e, "could not show the cut for the deal");
        }
        seat
    }

    /// Under `post`: what the players dealt in post to come back in (each owed post, but none by the dealer, whose
    /// ante it is now), and who misses this hand's ante: each seated player not dealt in whose seat the ante
    /// passed on its way from the last dealer to this one (one ante is owed at most: it replaces an older one).
    fn posts(&self, rules: &Rules, users: &[UserId], dealer: usize) -> (Vec<(usize, Chips)>, Vec<Owed>) {
        if !rules.post {
            return (Vec::new(), Vec::new());
        }
        let posts = users
            .iter()
            .enumerate()
            .filter(|&(seat, _)| seat != dealer)
            .filter_map(|(seat, u)| {
                self.seats.iter().find(|s| s.user == *u && s.owed_post > 0).map(|s| (seat, s.owed_post.unsigned_abs()))
            })
            .collect();
        let seated: Vec<UserId> = self.seats.iter().map(|s| s.user).collect();
        let (Some(last), Some(&now)) =
            (self.last_dealer.and_then(|d| seated.iter().position(|&s| s == d)), users.get(dealer))
        else {
            return (posts, Vec::new());
        };
        let boot = rules.boot.saturating_mul(rules.parts().map_or(1, |p| p.boot_factor));
        let ante = boot.saturating_mul(users.len() as Chips);
        let missed = (1..seated.len())
            .map(|i| seated[(last + i) % seated.len()])
            .take_while(|&u| u != now)
            .filter(|u| !users.contains(u))
            .map(|u| (u, ante))
            .collect();
        (posts, missed)
    }

    /// The secret seed of the next hand: in memory, or as stored, or (a new table, or one opened before provably
    /// fair deals) made now and stored, with every seat's entropy cleared: entropy given before a commitment was
    /// shown is never used.
    pub(super) async fn ensure_next_secret(&mut self) -> Seed {
        if let Some(s) = self.next_secret {
            return s;
        }
        let stored = self.deps.store.next_secret(self.row.id).await;
        if let Some(s) = stored.as_ref().ok().and_then(|s| s.as_deref().and_then(Seed::from_hex)) {
            // A seed already dealt (its replacement could not be written) is never dealt again: it is public.
            if !self.dealt_before(&s).await {
                self.next_secret = Some(s);
                return s;
            }
        }
        let seed = self.new_next_secret().await;
        let users: Vec<UserId> = self.seats.iter().map(|s| s.user).collect();
        self.spend_entropy(&users).await;
        seed
    }

    /// A new seed for the next hand, kept in memory and on disk.
    async fn new_next_secret(&mut self) -> Seed {
        let seed = self.deps.decks.next_seed();
        if let Err(e) = self.deps.store.set_next_secret(self.row.id, &seed.to_hex()).await {
            tracing::warn!(error = %e, "could not keep the next hand's seed");
        }
        self.next_secret = Some(seed);
        seed
    }

    /// Whether this table's last hand was dealt from `seed` (a failed read counts as no).
    async fn dealt_before(&self, seed: &Seed) -> bool {
        let last = self.last_hand().await.ok().flatten();
        last.and_then(|r| r.fair).is_some_and(|f| f.secret == seed.to_hex())
    }

    /// This table's last hand as stored, if it has dealt one.
    pub(super) async fn last_hand(&self) -> Result<Option<HandRecord>, StoreError> {
        let store = &self.deps.store;
        let last = store.recent_hands(self.row.wallet_guild(), Some(self.row.channel), None, 1).await?;
        let Some(h) = last.into_iter().find(|h| h.table_id == self.row.id) else { return Ok(None) };
        store.hand_record(h.id).await
    }

    /// `/table entropy`: a seated player's text, mixed into the next deal (whose seed is already committed to).
    pub(super) async fn give_entropy(
        &mut self,
        player: super::Player,
        text: &str,
    ) -> Result<super::view::Update, UserError> {
        let text = text.trim();
        if text.is_empty() || text.chars().count() > MAX_ENTROPY_CHARS || text.chars().any(char::is_control) {
            return Err(UserError::said(Msg::new("error-entropy").arg("max", MAX_ENTROPY_CHARS)));
        }
        if !self.seats.iter().any(|s| s.user == player.id) {
            return Err(UserError::said(Msg::new("error-entropy-seated")));
        }
        let commitment = self.ensure_next_secret().await.commitment();
        self.deps.store.set_entropy(self.row.id, player.id, text).await.map_err(|e| internal("keeping entropy", e))?;
        if let Some(s) = self.seats.iter_mut().find(|s| s.user == player.id) {
            s.entropy = text.to_string();
        }
        let notice = crate::tr!(self.private_lang(), "notice-entropy", commitment = commitment);
        Ok(self.update(Vec::new(), Vec::new(), Some(notice)))
    }

    /// This deal's entropy: each dealt player's, in seat order, as `user_id:text` lines (each ending in a newline).
    fn entropy_of(&self, users: &[UserId]) -> String {
        let mut out = String::new();
        for u in users {
            if let Some(s) = self.seats.iter().find(|s| s.user == *u && !s.entropy.is_empty()) {
                out.push_str(&format!("{u}:{}\n", s.entropy));
            }
        }
        out
    }

    /// Clears the entropy of these players (used by a deal, or given before the commitment it would go with).
    async fn spend_entropy(&mut self, users: &[UserId]) {
        for u in users {
            let Some(s) = self.seats.iter_mut().find(|s| s.user == *u && !s.entropy.is_empty()) else { continue };
            s.entropy.clear();
            if let Err(e) = self.deps.store.set_entropy(self.row.id, *u, "").await {
                tracing::warn!(error = %e, "could not clear a player's entropy");
            }
        }
    }

    /// Sets what a seated player owes to come back in, in memory and on disk (a failure is logged: a post is a
    /// custom, not chips).
    async fn set_owed(&mut self, user: UserId, owed: Chips) {
        if let Some(s) = self.seats.iter_mut().find(|s| s.user == user) {
            s.owed_post = i64::try_from(owed).unwrap_or(i64::MAX);
        }
        if let Err(e) = self.deps.store.set_owed_post(self.row.id, user, owed).await {
            tracing::warn!(error = %e, "could not record a post owed");
        }
    }

    /// Keeps the winner of the hand just played (the next dealer under `deal_order=winner`).
    fn note_last_winner(&mut self) {
        if let Some(w) = self.live.as_ref().and_then(|l| first_winner(&l.hand, &l.users)) {
            self.last_winner = Some(w);
        }
    }

    /// Deals a new hand under `rules` to every seated player who is not sitting out and can pay the boot, and
    /// posts its message. `dealer`: who deals, when already decided (the dealer who chose the game), if dealt in.
    pub(super) async fn deal(&mut self, rules: Rules, dealer: Option<UserId>) -> Result<(), UserError> {
        let store = self.deps.store.clone();
        self.refresh_lang().await;
        let (users, stacks) = self.dealt_in(&rules).await?;
        let jokers = rules.parts().map_or(0, |p| p.jokers);
        let dealer = match dealer.and_then(|d| users.iter().position(|&u| u == d)) {
            Some(seat) => seat,
            None => self.choose_dealer(&users).await,
        };
        let kaana_dormant = rules.kaana_round && self.kaana_dormant().await?;
        // The deck: the seed committed to before this hand's entropy could be given, and that entropy.
        let secret = self.ensure_next_secret().await;
        let entropy = self.entropy_of(&users);
        let deck = fair_deck(&secret, &entropy, jokers);
        let fair = FairDeal { commitment: secret.commitment(), secret: secret.to_hex(), entropy, erased: 0 };
        let (posts, missed) = self.posts(&rules, &users, dealer);
        // An owed post is settled before the hand is written (a crash between the two forgets a debt rather than
        // charging it twice), and restored if the hand cannot start.
        let settled: Vec<(UserId, i64)> = self
            .seats
            .iter()
            .filter(|s| s.owed_post > 0 && users.contains(&s.user))
            .map(|s| (s.user, s.owed_post))
            .collect();
        for &(user, _) in &settled {
            self.set_owed(user, 0).await;
        }
        // Every new hand plays by the engine's current rules revision, whatever the table's stored rules say.
        let rules = crate::engine::Rules { revision: crate::engine::rules::RULES_REVISION, ..rules };
        let setup = HandSetup { rules, stacks, dealer, deck, kaana_dormant, posts };
        let (hand, events) = Hand::start(&setup).map_err(UserError::from)?;
        let new = NewHand {
            table_id: self.row.id,
            guild: self.row.wallet_guild(),
            channel: self.row.channel,
            users: users.clone(),
            setup: &setup,
            seed: None,
            fair: Some(fair.clone()),
            events: &events,
        };
        let started = store.start_hand(new).await;
        if started.is_err() {
            for &(user, owed) in &settled {
                self.set_owed(user, owed.unsigned_abs()).await;
            }
        }
        let hand_id = started.map_err(|e| match e {
            StoreError::InsufficientFunds { user, .. } => {
                UserError::said(Msg::new("error-cannot-pay-boot").arg("player", user.mention()))
            }
            other => internal("starting a hand", other),
        })?;
        for (user, ante) in missed {
            self.set_owed(user, ante).await;
        }
        // This hand's entropy is spent, and the next hand's seed is chosen (and committed to on this hand's
        // message) before anyone can give the next.
        self.spend_entropy(&users).await;
        self.new_next_secret().await;
        let previous_dealer = self.last_dealer.replace(users[dealer]);
        self.live = Some(Live {
            hand_id,
            hand,
            users,
            log: PublicLog::of(&events),
            deadline: Some(Deadline::after(self.turn_duration())),
            notes: Notes::default(),
            cancelled: None,
            fair: Some(Box::new(fair)),
        });
        self.next_hand = None;
        self.pack_busted().await?;
        match self.deps.presenter.post_hand(&self.view()).await {
            Ok(message_id) => {
                self.row.message_id = Some(message_id);
                if let Err(e) = store.set_table_message(self.row.id, message_id).await {
                    tracing::warn!(error = %e, "could not store the table message id");
                }
                // What the deal shows each player alone (cobra: the others' cards), by DM once the hand
                // message is up (it links back to it); kept for the My cards button.
                let private = self.live.as_mut().map(|l| super::notes::keep_private_notes(l, &events));
                self.deliver(UserId(0), private.unwrap_or_default()).await;
                Ok(())
            }
            Err(e) => {
                // A hand nobody can see would be played by the timers alone: cancel it instead.
                tracing::error!(hand = %hand_id, error = %e, "could not post the hand message");
                self.running = false;
                self.last_dealer = previous_dealer;
                if let Some(live) = &mut self.live {
                    live.cancelled = Some(NOT_POSTED);
                }
                self.refund_cancelled().await?;
                if e == ShowError::ChannelGone {
                    // Deleted: the table closes (`refused.rs`).
                    self.channel_gone().await?;
                }
                Err(UserError::said(Msg::new("error-cannot-post")))
            }
        }
    }
}

impl Table {
    /// Refunds the cancelled hand and forgets it. If the refund fails the hand stays here, live and cancelled,
    /// and the turn timer tries again shortly (or Close refunds it, or the next start resumes it): it is never
    /// forgotten while its chips are still in its pot.
    pub(super) async fn refund_cancelled(&mut self) -> Result<(), UserError> {
        let Some(live) = self.live.as_mut().filter(|l| l.cancelled.is_some()) else { return Ok(()) };
        let reason = live.cancelled.unwrap_or(NOT_POSTED);
        match self.deps.store.refund_hand(live.hand_id, reason).await {
            Ok(_) => {
                self.live = None;
                Ok(())
            }
            Err(e) => {
                live.deadline = Some(Deadline::after(REFUND_RETRY));
                Err(internal("refunding a cancelled hand", e))
            }
        }
    }
}

/// The refund's reason for a hand whose message could not be posted.
const NOT_POSTED: &str = "the hand message could not be posted";

/// How soon a cancelled hand's failed refund is tried again.
const REFUND_RETRY: std::time::Duration = std::time::Duration::from_secs(5);
