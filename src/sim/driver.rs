//! One simulated table: its players click through the table service exactly
//! as Discord's button clicks do (a request per click, with the button's
//! hand and turn, and the interaction id as idempotency key), choosing a
//! random legal action whenever it is their turn.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{table_users, Recorder, SimConfig, SimReport, SIM_ADMIN, SIM_CHANNEL_BASE, SIM_GUILD};
use crate::engine::{Action, RandomAgent, Rules};
use crate::ids::{ChannelId, TableId, UserId};
use crate::store::NewTable;
use crate::table::view::HandView;
use crate::table::{ButtonId, Command, Player, Request, TableService, UserError};

/// Wallets below this are topped up between hands, by this much.
const TOP_UP_BELOW: i64 = 200;
const TOP_UP: i64 = 2_000;
/// The refusal a bet gets when another table has spent the wallet's chips.
const WALLET_SPENT: &str = "Your wallet cannot cover that";
/// Start refused this many times in a row: the table cannot deal (say, seats taken by players of another run).
const MAX_REFUSED_STARTS: u32 = 100;

fn sim_rules() -> Rules {
    Rules { boot: 10, chaal_limit: Some(640), pot_limit: Some(8_000), ..Rules::default() }
}

pub(super) struct TableDriver {
    service: TableService,
    recorder: Arc<Recorder>,
    channel: ChannelId,
    users: Vec<UserId>,
    rng: ChaCha8Rng,
    report: SimReport,
    /// Start requests refused since the last hand was dealt.
    refused_in_a_row: u32,
}

impl TableDriver {
    pub fn new(service: TableService, recorder: Arc<Recorder>, cfg: &SimConfig, t: usize) -> TableDriver {
        TableDriver {
            service,
            recorder,
            channel: ChannelId(SIM_CHANNEL_BASE + t as u64),
            users: table_users(t, cfg.players).into_iter().map(UserId).collect(),
            rng: ChaCha8Rng::seed_from_u64(cfg.seed ^ (t as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            report: SimReport::default(),
            refused_in_a_row: 0,
        }
    }

    /// The table's opener, who may start and close it.
    fn opener(&self) -> Player {
        Player { id: self.users[0], admin: true }
    }

    async fn ask(&self, table: TableId, player: Player, command: Command) -> Result<crate::table::Update, UserError> {
        self.service.ask(table, Request::new(player, command)).await
    }

    /// Plays until `hands` hands have ended at this table, then closes it.
    pub async fn play(mut self, hands: usize) -> anyhow::Result<SimReport> {
        let table = self.open().await?;
        self.top_up().await?;
        let mut must_pack = false;
        while self.report.hands < hands as u64 {
            let view = self.ask(table, self.opener(), Command::Status).await?.view;
            match view.hand.filter(|h| h.outcome.is_none() && h.to_act.is_some()) {
                Some(hand) => {
                    self.refused_in_a_row = 0;
                    must_pack = self.act(table, &hand, must_pack).await?
                }
                None if view.next_hand_at.is_some() => self.wait_for_deal(table).await,
                None => self.start(table).await?,
            }
        }
        // A hand dealt after the last counted one is refunded.
        self.ask(table, self.opener(), Command::Close).await?;
        Ok(self.report)
    }

    /// Opens the table in its channel (or finds the one a previous run left open) and seats everyone.
    async fn open(&mut self) -> anyhow::Result<TableId> {
        let new = NewTable {
            guild: SIM_GUILD,
            channel: self.channel,
            opener: self.users[0],
            rules: sim_rules(),
            max_players: self.users.len() as u32,
            turn_seconds: 600,
        };
        if self.service.open(new).await.is_err() {
            // Opened by an earlier (interrupted) run: play on at the same table.
        }
        let table = self.service.table_in_channel(self.channel).await?;
        let table = table.ok_or_else(|| anyhow::anyhow!("no table in channel {}", self.channel))?;
        for &user in &self.users {
            // Already seated after an interrupted run: refused, and that is fine.
            let _ = self.ask(table, Player { id: user, admin: false }, Command::Join).await;
        }
        // A table left by a run with other settings (say, more players) seats others: this driver cannot play it.
        let seated: Vec<UserId> =
            self.ask(table, self.opener(), Command::Status).await?.view.seated.iter().map(|s| s.user).collect();
        if seated != self.users {
            anyhow::bail!(
                "the table in channel {} seats other players than this run's (an earlier run with other settings?); \
                 use a new --database-url",
                self.channel
            );
        }
        Ok(table)
    }

    /// One click by the player to act; returns whether that player must pack next (their bet was refused).
    async fn act(&mut self, table: TableId, hand: &HandView, must_pack: bool) -> anyhow::Result<bool> {
        let Some(seat) = hand.to_act else { return Ok(must_pack) };
        let action = if must_pack {
            Action::Pack
        } else {
            RandomAgent::impatient().choose(&hand.legal, hand.seq as usize, false, &mut self.rng)
        };
        let command = Command::Play(action);
        let request = Request {
            button: Some(ButtonId { table, hand: Some(hand.hand_id), seq: hand.seq, command }),
            key: Some(format!("sim-{}-{}", hand.hand_id, hand.seq)),
            ..Request::new(Player { id: hand.seats[seat].user, admin: false }, command)
        };
        let sent = Instant::now();
        let answer = self.service.ask(table, request.clone()).await;
        self.report.latencies.push(sent.elapsed());
        let update = match answer {
            Ok(update) => update,
            Err(e) if e.0.starts_with(WALLET_SPENT) => {
                self.report.refused += 1;
                return Ok(true);
            }
            Err(e) => anyhow::bail!("hand {}: a legal {action:?} was refused: {e}", hand.hand_id),
        };
        if update.events.is_empty() {
            anyhow::bail!("hand {}: {action:?} changed nothing", hand.hand_id);
        }
        self.report.actions += 1;
        if self.rng.gen_ratio(1, 50) {
            // The same click delivered twice: must change nothing (refused as stale, or ignored by its key).
            match self.service.ask(table, request).await {
                Ok(again) if !again.events.is_empty() => {
                    anyhow::bail!("hand {}: a repeated click was applied again", hand.hand_id)
                }
                _ => self.report.duplicates += 1,
            }
        }
        if update.view.hand.is_some_and(|h| h.hand_id == hand.hand_id && h.outcome.is_some()) {
            self.report.hands += 1;
            self.top_up().await?;
        }
        Ok(false)
    }

    /// The table deals by itself after a hand (the break is zero): wait for its new hand message.
    async fn wait_for_deal(&self, table: TableId) {
        let dealt = self.recorder.dealt(table);
        // A deal that does not come (a wallet spent elsewhere) shows as no next hand at the next look.
        let _ = tokio::time::timeout(Duration::from_millis(200), dealt.notified()).await;
    }

    /// Starts a table that is not dealing (never started, or a deal that could not happen).
    async fn start(&mut self, table: TableId) -> anyhow::Result<()> {
        self.top_up().await?;
        if let Err(e) = self.ask(table, self.opener(), Command::Start).await {
            tracing::debug!(reason = %e, "start refused");
            self.report.refused_starts += 1;
            self.refused_in_a_row += 1;
            if self.refused_in_a_row >= MAX_REFUSED_STARTS {
                anyhow::bail!("the table in channel {} cannot deal: {e}", self.channel);
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        Ok(())
    }

    /// Tops up this table's wallets that ran low (an admin grant, ledgered).
    async fn top_up(&mut self) -> anyhow::Result<()> {
        let store = self.service.store();
        for &user in &self.users {
            if store.balance(SIM_GUILD, user).await? < TOP_UP_BELOW {
                store.admin_grant(SIM_GUILD, user, TOP_UP, SIM_ADMIN, "simulate top-up").await?;
                self.report.top_ups += 1;
            }
        }
        Ok(())
    }
}
