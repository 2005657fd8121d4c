//! A tournament's table: before each deal, the boot of the schedule's level, the players who cannot pay it
//! knocked out (their places recorded), and once one player is left the prizes paid and the table closed. Its
//! hands bet the tournament's chips (the purse), so the table service plays them like any other.

use super::actor::Table;
use super::{internal, Player, UserError};
use crate::engine::tournament::knocked_out;
use crate::engine::Rules;
use crate::i18n::Msg;
use crate::ids::{TournamentId, UserId};
use crate::store::TournamentStatus;
use crate::tr;

impl Table {
    /// Whether this table plays a tournament.
    pub(super) fn tournament(&self) -> Option<TournamentId> {
        self.row.tournament_id
    }

    /// The lobby's commands a tournament's table refuses: nobody leaves (packing is how one loses), the
    /// opener cannot close it (`/tournament cancel` refunds every buy-in), no computer player sits down, and
    /// only its registered players who are not seated may join.
    pub(super) async fn tournament_refusal(&self, player: Player, joining: bool) -> Result<(), UserError> {
        let Some(id) = self.tournament() else { return Ok(()) };
        if !joining {
            return Err(UserError::said(Msg::new("error-tournament-table").arg("number", id)));
        }
        let entrants = self.deps.store.entrants(id).await.map_err(|e| internal("reading a tournament", e))?;
        if !entrants.iter().any(|e| e.user == player.id && e.place.is_none()) {
            return Err(UserError::said(Msg::new("error-tournament-join").arg("number", id)));
        }
        Ok(())
    }

    /// Before a deal at a tournament's table: the rules of the next hand (the schedule's boot), or None once the
    /// tournament is over (the prizes paid, the results posted, the table closed).
    pub(super) async fn tournament_deal(&mut self, id: TournamentId) -> Result<Option<Rules>, UserError> {
        let store = self.deps.store.clone();
        let t = store.tournament(id).await.map_err(|e| internal("reading a tournament", e))?;
        let Some(t) = t.filter(|t| t.status == TournamentStatus::Running) else {
            // Cancelled or over (by another path): nothing more is dealt here.
            self.close_now().await?;
            return Ok(None);
        };
        let entrants = store.entrants(id).await.map_err(|e| internal("reading a tournament", e))?;
        // Still in: seated, in seat order, not placed.
        let still: Vec<UserId> = self
            .seats
            .iter()
            .map(|s| s.user)
            .filter(|u| entrants.iter().any(|e| e.user == *u && e.place.is_none()))
            .collect();
        let purse = t.purse();
        let chips = store.balances(purse, &still).await.map_err(|e| internal("reading the stacks", e))?;
        let hands = store.hands_played_at(self.row.id).await.map_err(|e| internal("counting hands", e))?;
        let minutes = (crate::clock::now_unix() - t.started_at.unwrap_or(t.created_at)).max(0) as u64 / 60;
        let boot = t.plan.boot(hands, minutes);
        let players: Vec<(UserId, u64)> = still.iter().zip(&chips).map(|(&u, &c)| (u, c.max(0) as u64)).collect();
        let out = knocked_out(&players, boot);
        if !out.is_empty() {
            store.knock_out(id, out.clone()).await.map_err(|e| internal("placing players", e))?;
            let names: Vec<String> = out
                .iter()
                .map(|(u, place)| tr!(self.lang, "tournament-out-one", player = u.mention(), place = place))
                .collect();
            let text = tr!(self.lang, "tournament-out", players = names.join(", "), boot = boot);
            self.post_notice(&text).await;
        }
        let left: Vec<UserId> = still.into_iter().filter(|u| !out.iter().any(|(o, _)| o == u)).collect();
        if let [winner] = left[..] {
            let results = store.finish_tournament(id, winner).await.map_err(|e| internal("paying the prizes", e))?;
            let lines: Vec<String> = results
                .iter()
                .map(|e| {
                    let place = e.place.unwrap_or(results.len() as i64);
                    tr!(self.lang, "tournament-result", place = place, player = e.user.mention(), prize = e.prize)
                })
                .collect();
            let text = format!(
                "{}\n{}",
                tr!(self.lang, "tournament-over", number = id.get(), winner = winner.mention()),
                lines.join("\n")
            );
            self.post_notice(&text).await;
            self.close_now().await?;
            return Ok(None);
        }
        Ok(Some(Rules { boot, ..self.row.rules.clone() }))
    }

    async fn post_notice(&self, text: &str) {
        if let Err(e) = self.deps.presenter.notice(&self.view(), text).await {
            tracing::warn!(error = %e, "could not post a tournament's notice");
        }
    }
}
