//! Where Discord stands in the seeded simulation: a presenter that fails posts, edits and DMs by the seed, keeps
//! what each player was sent, and checks that every DM goes only to whom its note is for; and the text of a
//! table's state and of an answer, for the trace.

use super::*;

/// A DM about a hand went to the player it is for: their own cards; a sideshow's result to its asker or target
/// only; a cobra player's view of the others' cards, never their own. Every card it names is a card the player it
/// names was dealt (`dealt`: the hand's players and their cards, by seat), and its recipient is in the hand.
pub(super) fn dm_is_for(user: UserId, note: &PrivateNote, dealt: &[(UserId, Vec<Card>)]) -> Result<(), String> {
    let named: Vec<(UserId, &[Card])> = match note {
        PrivateNote::Seated { .. } => return Ok(()),
        PrivateNote::Cards { cards, .. } => vec![(user, cards.as_slice())],
        PrivateNote::Sees { hands, .. } => {
            if hands.iter().any(|(u, _)| *u == user) {
                return Err(format!("{user} was sent their own forehead card"));
            }
            hands.iter().map(|(u, c)| (*u, c.as_slice())).collect()
        }
        PrivateNote::Sideshow { asker, target, hands, .. } => {
            if user != *asker && user != *target {
                return Err(format!("the sideshow of {asker} and {target} went to {user}"));
            }
            if let Some((other, _, _)) = hands.iter().find(|(u, _, _)| u != asker && u != target) {
                return Err(format!("the sideshow of {asker} and {target} shows {other}'s hand"));
            }
            hands.iter().map(|(u, c, _)| (*u, c.as_slice())).collect()
        }
    };
    if !dealt.iter().any(|(u, _)| *u == user) {
        return Err(format!("a DM about it went to {user}, who is not in it"));
    }
    for (owner, cards) in named {
        let held = dealt.iter().find(|(u, _)| *u == owner).map(|(_, c)| c);
        if let Some(c) = cards.iter().find(|c| !held.is_some_and(|h| h.contains(c))) {
            return Err(format!("a DM to {user} names {} as {owner}'s, who was not dealt it", c.pretty()));
        }
    }
    Ok(())
}

/// Discord as the seed has it: posts and edits fail at random (drawn in the actor's order), DMs fail by
/// [`mix`], and some players' DMs are closed. It keeps what it was asked to show, for the privacy check, and a
/// line per call for the trace.
pub(super) struct ChaosPresenter {
    pub(super) seed: u64,
    pub(super) rng: Mutex<ChaCha8Rng>,
    pub(super) closed: BTreeSet<UserId>,
    pub(super) next_message: AtomicU64,
    pub(super) faults: AtomicU64,
    pub(super) step: Mutex<(Vec<String>, Vec<TableView>)>,
    /// Every DM asked for since the last step: (recipient, note), for the recipient check.
    pub(super) dms: Mutex<Vec<(UserId, PrivateNote)>>,
}

impl ChaosPresenter {
    pub(super) fn note(&self, line: String, view: &TableView) {
        let mut step = self.step.lock().unwrap_or_else(|p| p.into_inner());
        step.0.push(line);
        step.1.push(view.clone());
    }

    pub(super) fn fails(&self) -> bool {
        let fail = self.rng.lock().unwrap_or_else(|p| p.into_inner()).gen_bool(DISCORD_FAULT);
        if fail {
            self.faults.fetch_add(1, Ordering::Relaxed);
        }
        fail
    }

    /// This step's lines (sorted: a DM sent from a task of its own may come before or after another call) and
    /// the views shown.
    pub(super) fn take(&self) -> (Vec<String>, Vec<TableView>) {
        let mut step = std::mem::take(&mut *self.step.lock().unwrap_or_else(|p| p.into_inner()));
        step.0.sort();
        step
    }

    /// The DMs asked for since the last call.
    pub(super) fn take_dms(&self) -> Vec<(UserId, PrivateNote)> {
        std::mem::take(&mut *self.dms.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

pub(super) fn hand_of(view: &TableView) -> String {
    view.hand.as_ref().map_or("-".into(), |h| format!("{}/{}", h.hand_id, h.seq))
}

impl Presenter for ChaosPresenter {
    fn post_hand(&self, view: &TableView) -> BoxFuture<'_, Result<MessageId, ShowError>> {
        let result = if self.fails() {
            Err(ShowError::Failed("injected: posting failed".to_string()))
        } else {
            Ok(MessageId(self.next_message.fetch_add(1, Ordering::Relaxed) + 1))
        };
        self.note(format!("  discord post {} -> {result:?}", hand_of(view)), view);
        Box::pin(async move { result })
    }

    fn edit_hand(&self, view: &TableView) -> BoxFuture<'_, Result<(), ShowError>> {
        let result = if self.fails() { Err(ShowError::Failed("injected: editing failed".to_string())) } else { Ok(()) };
        self.note(format!("  discord edit {} -> {result:?}", hand_of(view)), view);
        Box::pin(async move { result })
    }

    fn dm(&self, user: UserId, view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        let (kind, hand) = match note {
            PrivateNote::Seated { .. } => (0, 0),
            PrivateNote::Cards { hand_id, .. } => (1, hand_id.get().unsigned_abs()),
            PrivateNote::Sideshow { hand_id, .. } => (2, hand_id.get().unsigned_abs()),
            PrivateNote::Sees { hand_id, .. } => (3, hand_id.get().unsigned_abs()),
        };
        let seq = view.hand.as_ref().map_or(0, |h| u64::from(h.seq));
        self.dms.lock().unwrap_or_else(|p| p.into_inner()).push((user, note.clone()));
        let result = if self.closed.contains(&user) {
            Err(DmError::Closed)
        } else if chance(mix(&[self.seed, user.0, kind, hand, seq]), DISCORD_FAULT) {
            self.faults.fetch_add(1, Ordering::Relaxed);
            Err(DmError::Failed("injected: the DM failed".into()))
        } else {
            Ok(())
        };
        self.note(format!("  discord dm {user} note={kind} hand={hand} -> {result:?}"), view);
        Box::pin(async move { result })
    }
}

/// A view as the trace and the "changed nothing" check see it: everything a player can see, but no time.
pub(super) fn state(view: &TableView) -> String {
    let seated: Vec<String> =
        view.seated.iter().map(|s| format!("{}{}", s.user, if s.sat_out { "z" } else { "" })).collect();
    let hand = match &view.hand {
        None => "none".to_string(),
        Some(h) => {
            let seats: Vec<String> = h
                .seats
                .iter()
                .map(|s| {
                    let how = if s.packed {
                        'p'
                    } else if s.seen {
                        's'
                    } else {
                        'b'
                    };
                    format!("{how}{}/{}", s.put_in, s.stack)
                })
                .collect();
            format!(
                "{}/{} pot={} stake={} to_act={:?} side={:?} over={} [{}]",
                h.hand_id,
                h.seq,
                h.pot,
                h.stake,
                h.to_act,
                h.pending_sideshow,
                h.outcome.is_some(),
                seats.join(" ")
            )
        }
    };
    format!("running={} next={} seated=[{}] hand={hand}", view.running, view.next_hand_at.is_some(), seated.join(" "))
}

pub(super) fn outcome(answer: &Result<Update, UserError>) -> String {
    match answer {
        Ok(u) => format!("ok events={} dm_closed={} notes={}", u.events.len(), u.dm_closed, u.notes.len()),
        Err(e) => format!("refused {:?}", e.text()),
    }
}
