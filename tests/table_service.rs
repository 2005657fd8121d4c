//! The table service under random traffic: real actors, real engine, a real
//! database (each test on a SQLite file and on PostgreSQL, `on_both_backends!`;
//! the full-disk test on SQLite only); only Discord is replaced, by a presenter
//! that records what the table would post. Players click at random (legal and illegal actions, stale
//! and forged buttons, double clicks, joins and leaves, two tables sharing
//! wallets), and after every request the books must balance exactly.

mod fixtures;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fixtures::{assert_books, temp_db};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use teenpatti::engine::{Action, EventKind, Rules};
use teenpatti::ids::{ChannelId, GuildId, HandId, MessageId, TableId, UserId};
use teenpatti::store::{NewTable, OpenOptions, Store};
use teenpatti::table::view::{HandView, Menu, PickView, PrivateNote, TableView, Update};
use teenpatti::table::{
    BoxFuture, ButtonId, Command, DmError, Player, Presenter, Request, ShowError, TableService, Timings, UserError,
};

const GUILD: GuildId = GuildId(42);
const PLAYERS: [UserId; 5] = [UserId(101), UserId(102), UserId(103), UserId(104), UserId(105)];

/// Stands in for Discord at the table's boundary: counts posts and edits,
/// keeps every DM, and refuses DMs to one user.
#[derive(Default)]
struct Recorder {
    next_message: AtomicU64,
    dms: Mutex<Vec<(UserId, PrivateNote)>>,
    /// Messages posted in a table's channel (a pause, a resume).
    notices: Mutex<Vec<(ChannelId, String)>>,
    /// Dealer's-choice prompts as posted, then as edited (the choice made).
    picks: Mutex<Vec<PickView>>,
}

impl Presenter for Recorder {
    fn post_hand(&self, _view: &TableView) -> BoxFuture<'_, Result<MessageId, ShowError>> {
        let id = MessageId(1_000 + self.next_message.fetch_add(1, Ordering::SeqCst));
        Box::pin(async move { Ok(id) })
    }
    fn edit_hand(&self, _view: &TableView) -> BoxFuture<'_, Result<(), ShowError>> {
        Box::pin(async { Ok(()) })
    }
    fn dm(&self, user: UserId, _view: &TableView, note: &PrivateNote) -> BoxFuture<'_, Result<(), DmError>> {
        let note = note.clone();
        Box::pin(async move {
            if user == PLAYERS[4] {
                return Err(DmError::Closed);
            }
            self.dms.lock().unwrap().push((user, note));
            Ok(())
        })
    }
    fn notice(&self, view: &TableView, text: &str) -> BoxFuture<'_, Result<(), String>> {
        self.notices.lock().unwrap().push((view.channel, text.to_string()));
        Box::pin(async { Ok(()) })
    }
    fn post_pick(&self, view: &TableView) -> BoxFuture<'_, Result<MessageId, String>> {
        self.picks.lock().unwrap().extend(view.picking.clone());
        let id = MessageId(1_000 + self.next_message.fetch_add(1, Ordering::SeqCst));
        Box::pin(async move { Ok(id) })
    }
    fn edit_pick(&self, view: &TableView, _message: MessageId) -> BoxFuture<'_, Result<(), String>> {
        self.picks.lock().unwrap().extend(view.picking.clone());
        Box::pin(async { Ok(()) })
    }
}

// The suite on both backends: `sqlite::name` and `postgres::name` (the test PostgreSQL server; CI requires it).
on_both_backends!(
    random_traffic_keeps_every_chip,
    a_kaana_round_carries_from_hand_to_hand,
    the_dealer_chooses_each_hand_s_game_or_the_timer_deals_the_default,
    a_cut_decides_the_first_dealer_and_the_winner_deals_next,
    silent_players_are_declared_high_when_the_timer_ends,
    a_player_back_from_sitting_out_posts_the_missed_ante,
    a_button_is_placed_by_its_table_s_channel_while_it_runs_and_after_it_closes,
    a_start_refused_for_want_of_players_leaves_the_table_stopped,
);

async fn ask(
    service: &TableService,
    table: TableId,
    user: UserId,
    command: Command,
    button: Option<ButtonId>,
    key: u64,
) -> Result<Update, UserError> {
    let request =
        Request { button, key: Some(key.to_string()), ..Request::new(Player { id: user, admin: false }, command) };
    service.ask(table, request).await
}

/// The table's hand once it is another than `after` (the next deal, whenever the table makes it).
async fn next_hand(service: &TableService, table: TableId, user: UserId, after: HandId) -> HandView {
    loop {
        let view = ask(service, table, user, Command::Status, None, 0).await.unwrap().view;
        match view.hand {
            Some(h) if h.hand_id != after => return h,
            _ => tokio::time::sleep(Duration::from_millis(5)).await,
        }
    }
}

/// Anything a player could send about a hand, legal or not (never a timeout: only the timer sends those).
fn random_act(rng: &mut StdRng, view: &TableView) -> Command {
    let legal = view.hand.as_ref().map(|h| h.legal.clone()).unwrap_or_default();
    Command::Play(match rng.gen_range(0..12) {
        0 | 1 => Action::See,
        2 => Action::Pack,
        3 => Action::Show,
        4 => Action::Sideshow,
        5 => Action::Accept,
        6 => Action::Deny,
        7 => return Command::Cards,
        // A bet inside the legal range when there is one, and anything at all otherwise.
        8..=10 => match legal.bet {
            Some(b) if rng.gen_bool(0.8) => Action::Bet(rng.gen_range(b.min..=b.max)),
            _ => Action::Bet(rng.gen_range(0..=u64::MAX / 2)),
        },
        _ => Action::Bet(rng.gen_range(1..=8)),
    })
}

async fn random_traffic_keeps_every_chip(store: Store) {
    let recorder = Arc::new(Recorder::default());
    let service = TableService::new(
        store.clone(),
        recorder.clone(),
        Timings { hand_break: Duration::from_millis(5), ..Timings::default() },
    );
    // Two tables in two channels; players 103 and 104 sit at both (one wallet, two tables).
    let mut tables = Vec::new();
    for (channel, opener, others) in [(1u64, PLAYERS[0], &PLAYERS[1..4]), (2, PLAYERS[2], &PLAYERS[3..5])] {
        let rules = Rules { boot: 5, ..Rules::default() };
        let channel = ChannelId(channel);
        let open = NewTable { guild: GUILD, channel, opener, rules, max_players: 6, turn_seconds: 600 };
        let view = service.open(open, None).await.unwrap().view;
        for &p in others {
            ask(&service, view.table_id, p, Command::Join, None, 0).await.unwrap();
        }
        ask(&service, view.table_id, opener, Command::Start, None, 0).await.unwrap();
        tables.push((view.table_id, opener, [&[opener][..], others].concat()));
    }

    let mut rng = StdRng::seed_from_u64(7);
    let mut reasons = std::collections::BTreeMap::new();
    let mut checked = 0;
    let mut key = 1u64;
    let (mut applied, mut refused, mut hands_seen) = (0u32, 0u32, std::collections::HashSet::new());
    for step in 0..1500 {
        let (table, opener, seated) = &tables[rng.gen_range(0..tables.len())];
        let user = if rng.gen_bool(0.9) { seated[rng.gen_range(0..seated.len())] } else { UserId(999) };
        let view = ask(&service, *table, user, Command::Status, None, 0).await.unwrap().view;
        let hand = view.hand.as_ref();
        if let Some(h) = hand {
            hands_seen.insert(h.hand_id);
            // Between hands: let the next deal come (the break is 5 ms) rather than knock on a finished hand.
            if h.outcome.is_some() && rng.gen_bool(0.9) {
                tokio::time::sleep(Duration::from_millis(8)).await;
                continue;
            }
        }
        // Mostly the player to act, sometimes anyone.
        let actor = match hand.and_then(|h| h.to_act.map(|s| h.seats[s].user)) {
            Some(u) if rng.gen_bool(0.7) => u,
            _ => user,
        };
        let (command, button) = match rng.gen_range(0..80) {
            0 => (Command::Leave, None),
            1 => (Command::Join, None),
            2 => (Command::Back, None),
            3 => (Command::Start, None),
            _ => {
                let command = random_act(&mut rng, &view);
                // A button: current, stale (an older seq), or from another hand.
                let button = hand.map(|h| {
                    let (hand_id, seq) = match rng.gen_range(0..10) {
                        0 => (h.hand_id, h.seq.saturating_sub(1)),
                        1 => (HandId(h.hand_id.get() + 1), h.seq),
                        _ => (h.hand_id, h.seq),
                    };
                    ButtonId { table: *table, hand: Some(hand_id), seq, command }
                });
                (command, if rng.gen_bool(0.8) { button } else { None })
            }
        };
        // Sometimes the same interaction arrives twice: it must count once.
        let repeat = rng.gen_bool(0.05);
        let first = ask(&service, *table, actor, command, button, key).await;
        if repeat {
            let again = ask(&service, *table, actor, command, button, key).await;
            if let (Ok(a), Ok(b)) = (&first, &again) {
                assert!(b.events.is_empty() || a.events.is_empty(), "a repeated interaction acted twice");
            }
        }
        key += 1;
        match &first {
            Ok(u) if !u.events.is_empty() => applied += 1,
            Ok(_) => {}
            Err(e) => {
                refused += 1;
                *reasons.entry(e.text()).or_insert(0u32) += 1;
            }
        }
        // Nobody but the owner ever sees a card before the show.
        if let Ok(u) = &first {
            for e in &u.events {
                assert!(e.audience.is_public());
                assert!(!matches!(e.kind, EventKind::Cards { .. } | EventKind::SideshowCompared { .. }));
            }
        }
        if step % 25 == 0 {
            assert_books(&store).await;
            // What each actor holds in memory is exactly what the database holds.
            for (t, _, _) in &tables {
                let v = ask(&service, *t, UserId(0), Command::Status, None, 0).await.unwrap().view;
                if let Some(h) = v.hand.as_ref().filter(|h| h.outcome.is_none()) {
                    assert_eq!(
                        store.live_pot(h.hand_id).await.unwrap(),
                        Some(h.pot as i64),
                        "pot of hand {}",
                        h.hand_id
                    );
                    let record = store.hand_record(h.hand_id).await.unwrap().unwrap();
                    assert_eq!(record.actions.len() as u32, h.seq, "action log of hand {}", h.hand_id);
                    checked += 1;
                }
            }
        }
        // Keep both tables playing: whoever opened one restarts it after a leave storm.
        if rng.gen_bool(0.02) {
            for &p in seated {
                let _ = ask(&service, *table, p, Command::Join, None, 0).await;
                let _ = ask(&service, *table, p, Command::Back, None, 0).await;
            }
            let _ = ask(&service, *table, *opener, Command::Start, None, 0).await;
        }
    }
    assert_books(&store).await;
    for dm in recorder.dms.lock().unwrap().iter() {
        assert_ne!(dm.0, PLAYERS[4], "a closed DM was recorded as delivered");
    }
    assert!(applied > 150, "too little happened: {applied} applied, {refused} refused: {reasons:#?}");
    assert!(refused > 300, "too few refusals exercised: {refused}");
    assert!(hands_seen.len() > 20, "only {} hands were played", hands_seen.len());
    assert!(checked > 20, "live hands compared with the database only {checked} times");
    println!(
        "{applied} actions applied, {refused} refused, {} hands, {checked} live-hand comparisons",
        hands_seen.len()
    );

    // Closing both tables refunds any live hand: afterwards no chip is in play.
    for (table, opener, _) in &tables {
        ask(&service, *table, *opener, Command::Close, None, 0).await.unwrap();
    }
    let audit = store.audit().await.unwrap();
    assert!(audit.ok() && audit.live_pots == 0, "{audit:?}");
    assert_eq!(audit.total_balances, audit.total_granted);
    service.shutdown().await;
}

/// Issue 11, finding 4: a write that fails because the disk is full pauses the table: its actions are refused
/// with one clear message, one notice goes to its channel, nothing is lost, and play resumes by itself (one
/// more notice) once there is room again. The page cap of `OpenOptions::max_page_count` makes SQLite answer
/// SQLITE_FULL exactly as a full disk does; a table the test fills, then drops, takes and gives back the room.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_pauses_the_table_and_play_resumes_when_space_returns() {
    let db = temp_db("full.db");
    let store = Store::open(&db.url).await.unwrap();
    let pages: i64 = sqlx::query_scalar("PRAGMA page_count").fetch_one(store.sqlite_pool().unwrap()).await.unwrap();
    store.close().await;
    let opts = OpenOptions { max_page_count: Some(pages as u64 + 64), ..OpenOptions::default() };
    let store = Store::open_with(&db.url, opts).await.unwrap();
    let recorder = Arc::new(Recorder::default());
    let service = TableService::new(
        store.clone(),
        recorder.clone(),
        Timings { hand_break: Duration::from_secs(600), ..Timings::default() },
    );
    let channel = ChannelId(7);
    let (opener, other) = (PLAYERS[0], PLAYERS[1]);
    let rules = Rules { boot: 5, ..Rules::default() };
    let open = NewTable { guild: GUILD, channel, opener, rules, max_players: 6, turn_seconds: 600 };
    let table = service.open(open, None).await.unwrap().view.table_id;
    ask(&service, table, other, Command::Join, None, 1).await.unwrap();
    ask(&service, table, opener, Command::Start, None, 2).await.unwrap();

    // Fill every page the cap allows.
    sqlx::query("CREATE TABLE filler (b BLOB)").execute(store.sqlite_pool().unwrap()).await.unwrap();
    while sqlx::query("INSERT INTO filler VALUES (zeroblob(1000))").execute(store.sqlite_pool().unwrap()).await.is_ok()
    {
    }

    // Play on until a write needs a page the cap does not allow.
    const PAUSED: &str = "The bot's disk is full; this table is paused and nothing was lost.";
    let mut full = None;
    for key in 10..1_000 {
        let view = ask(&service, table, opener, Command::Status, None, 0).await.unwrap().view;
        let h = view.hand.unwrap();
        assert!(h.outcome.is_none(), "the hand ended before the disk filled up");
        let user = h.seats[h.to_act.unwrap()].user;
        let bet = Command::Play(Action::Bet(h.legal.bet.unwrap().min));
        if let Err(e) = ask(&service, table, user, bet, None, key).await {
            full = Some((user, bet, h.seq, e));
            break;
        }
    }
    let (user, bet, seq, err) = full.expect("the capped database never filled up");
    assert!(err.text().starts_with(PAUSED), "{err}");
    let err = ask(&service, table, user, bet, None, 2_000).await.unwrap_err();
    assert!(err.text().starts_with(PAUSED), "refused again while paused: {err}");
    let seen = ask(&service, table, opener, Command::Status, None, 0).await.unwrap().view;
    assert_eq!(seen.hand.as_ref().unwrap().seq, seq, "nothing was applied");
    assert_books(&store).await;
    let notices = recorder.notices.lock().unwrap().clone();
    assert_eq!(notices.len(), 1, "one notice when the table pauses: {notices:?}");
    assert_eq!(notices[0].0, channel);
    assert!(notices[0].1.contains("paused"), "{notices:?}");

    // Room again: the table finds out by itself and says so once.
    sqlx::query("DROP TABLE filler").execute(store.sqlite_pool().unwrap()).await.unwrap();
    let start = std::time::Instant::now();
    while recorder.notices.lock().unwrap().len() < 2 {
        assert!(start.elapsed() < Duration::from_secs(30), "the table never resumed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let notices = recorder.notices.lock().unwrap().clone();
    assert!(notices[1].1.contains("resume"), "{notices:?}");
    let update = ask(&service, table, user, bet, None, 2_001).await.unwrap();
    assert!(!update.events.is_empty(), "the action is applied once there is room");
    assert_eq!(recorder.notices.lock().unwrap().len(), 2, "no more notices");
    assert_books(&store).await;
    service.shutdown().await;
    store.close().await;
}

/// `kaana_round` at a table (issue 13): every deal takes the round's state from the table's last hand (its
/// setup and actions, as stored), so the one-eyed cards are plain until a hand where someone was dealt a trio,
/// then wild until a hand where a show was called against a player holding one. Ten players, seeded decks;
/// each hand is packed down to two, and the player to act calls the show.
async fn a_kaana_round_carries_from_hand_to_hand(store: Store) {
    use teenpatti::engine::Hand;
    let recorder = Arc::new(Recorder::default());
    let timings = Timings { hand_break: Duration::from_millis(5), ..Timings::default() };
    let service =
        TableService::with_decks(store.clone(), recorder.clone(), timings, teenpatti::table::Decks::seeded(13));
    let players: Vec<UserId> = (0..10).map(|i| UserId(200 + i)).collect();
    let mut rules = Rules::preset("kaana").unwrap();
    rules.kaana_round = true;
    let open =
        NewTable { guild: GUILD, channel: ChannelId(9), opener: players[0], rules, max_players: 10, turn_seconds: 600 };
    let table = service.open(open, None).await.unwrap().view.table_id;
    for &p in &players[1..] {
        ask(&service, table, p, Command::Join, None, 0).await.unwrap();
    }
    ask(&service, table, players[0], Command::Start, None, 0).await.unwrap();
    let (mut began, mut ended) = (0, 0);
    let mut previous: Option<Hand> = None;
    let mut key = 1;
    for n in 1..=200i64 {
        let rec = loop {
            if let Some(rec) = store.hand_record(HandId(n)).await.unwrap() {
                break rec;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        };
        let expected = previous.as_ref().map_or(Some(true), Hand::kaana_next);
        assert_eq!(Some(rec.setup.kaana_dormant), expected, "hand {n}");
        if let Some(prev) = &previous {
            match (prev.kaana_dormant(), rec.setup.kaana_dormant) {
                (true, false) => began += 1,
                (false, true) => ended += 1,
                _ => {}
            }
        }
        // Pack down to two; then the player to act calls the show.
        loop {
            let view = ask(&service, table, players[0], Command::Status, None, 0).await.unwrap().view;
            let Some(h) = view.hand.filter(|h| h.hand_id == HandId(n) && h.outcome.is_none()) else { break };
            let Some(seat) = h.to_act else { break };
            let left = h.seats.iter().filter(|s| !s.packed).count();
            let action = if left > 2 { Action::Pack } else { Action::Show };
            key += 1;
            let r = ask(&service, table, h.seats[seat].user, Command::Play(action), None, key).await;
            if r.is_err() {
                key += 1;
                ask(&service, table, h.seats[seat].user, Command::Play(Action::Pack), None, key).await.unwrap();
            }
        }
        let rec = store.hand_record(HandId(n)).await.unwrap().unwrap();
        let actions: Vec<_> = rec.actions.iter().map(|a| (a.seat, a.action)).collect();
        previous = Some(Hand::replay(&rec.setup, &actions).unwrap().0);
        if began >= 2 && ended >= 1 {
            break;
        }
    }
    assert!(began >= 2 && ended >= 1, "the round began {began} times and ended {ended} times");
    service.shutdown().await;
    assert_books(&store).await;
}

/// Dealer's choice at the table service: each hand waits for its dealer to choose the game; only that dealer may
/// (a stale menu, another player, a pick that changes the stakes are refused and change nothing); the choice is
/// dealt at once; a dealer who does not choose before the turn timer gets the table's `dealer_default`. The
/// button passes on as at any table.
async fn the_dealer_chooses_each_hand_s_game_or_the_timer_deals_the_default(store: Store) {
    use teenpatti::engine::Variant;
    let recorder = Arc::new(Recorder::default());
    let service = TableService::new(
        store.clone(),
        recorder.clone(),
        Timings { hand_break: Duration::from_millis(5), ..Timings::default() },
    );
    let mut rules = Rules::preset("dealers_choice").unwrap();
    rules.set_options("dealer_default=muflis boot=2").unwrap();
    let [a, b] = [PLAYERS[0], PLAYERS[1]];
    let open = NewTable { guild: GUILD, channel: ChannelId(11), opener: a, rules, max_players: 6, turn_seconds: 1 };
    let table = service.open(open, None).await.unwrap().view.table_id;
    ask(&service, table, b, Command::Join, None, 0).await.unwrap();
    let started = ask(&service, table, a, Command::Start, None, 0).await.unwrap();
    // The first hand's dealer (the last seat: b) is choosing; nothing is dealt yet.
    let pick = started.view.picking.clone().expect("the dealer is choosing");
    assert_eq!(pick.dealer, b);
    assert_eq!(pick.default, Variant::Muflis);
    assert!(started.view.hand.is_none());
    assert!(started.notice.unwrap().contains("choosing"));
    let button = |round, command| Some(ButtonId { table, hand: None, seq: round, command });
    // Only the dealer may open the menu or choose; a stale menu is refused.
    let e = ask(&service, table, a, Command::PickMenu, button(pick.round, Command::PickMenu), 1).await.unwrap_err();
    assert!(e.text().contains("deals the next hand"), "{e}");
    let e = ask(&service, table, b, Command::PickMenu, button(pick.round - 1, Command::PickMenu), 2).await.unwrap_err();
    assert!(e.text().contains("over"), "{e}");
    let menu = ask(&service, table, b, Command::PickMenu, button(pick.round, Command::PickMenu), 3).await.unwrap();
    let Some(Menu::Pick { round, choices, default }) = menu.menu else { panic!("no menu: {:?}", menu.menu) };
    assert_eq!((round, default), (pick.round, Variant::Muflis));
    assert!(choices.contains(&Variant::Cobra) && !choices.contains(&Variant::DealersChoice));
    // The stakes are the table's.
    let pick_with = |user, variant, options: &str| Request {
        options: Some(options.to_string()),
        ..Request::new(Player { id: user, admin: false }, Command::Pick(variant))
    };
    let e = service.ask(table, pick_with(b, Variant::Draw, "boot=50")).await.unwrap_err();
    assert!(e.text().contains("stake"), "{e}");
    assert_eq!(store.recent_hands(GUILD, None, None, 5).await.unwrap().len(), 0, "a refused pick deals nothing");
    // The dealer's pick, with options of their own, is dealt at once; b deals it.
    let dealt = service.ask(table, pick_with(b, Variant::Draw, "draw=after draw_price=3")).await.unwrap();
    let hand = dealt.view.hand.expect("dealt");
    assert_eq!(hand.rules.variant, Variant::Draw);
    assert_eq!((hand.rules.draw_price, hand.rules.boot), (Some(3), 2));
    assert_eq!(hand.seats[hand.dealer].user, b);
    let chosen = recorder.picks.lock().unwrap().last().cloned().unwrap();
    assert_eq!(chosen.picked.map(|(r, by_timer)| (r.variant, by_timer)), Some((Variant::Draw, false)));
    // Finish it: the next hand's dealer (a) is asked, does not choose, and the timer (1 s) deals muflis.
    ask(&service, table, a, Command::Play(Action::Pack), None, 4).await.unwrap();
    let second = next_hand(&service, table, a, hand.hand_id).await;
    assert_eq!(second.rules.variant, Variant::Muflis);
    assert_eq!(second.seats[second.dealer].user, a);
    let picks = recorder.picks.lock().unwrap().clone();
    let last = picks.last().unwrap();
    assert_eq!((last.dealer, last.picked.as_ref().map(|(r, t)| (r.variant, *t))), (a, Some((Variant::Muflis, true))));
    // A pick now (a hand is being played) is refused.
    let e = service.ask(table, pick_with(a, Variant::Cobra, "")).await.unwrap_err();
    assert!(e.text().contains("Nobody is choosing"), "{e}");
    service.shutdown().await;
    assert_books(&store).await;
}

/// Who deals (issue 15): under `first_dealer=cut` the table's first hand is dealt by the highest card of a cut
/// shown in the channel; under `deal_order=winner` each later hand is dealt by the last hand's winner. The dealer
/// antes for all and two forced blinds are posted, and the books balance.
async fn a_cut_decides_the_first_dealer_and_the_winner_deals_next(store: Store) {
    let recorder = Arc::new(Recorder::default());
    let timings = Timings { hand_break: Duration::from_millis(5), ..Timings::default() };
    let service =
        TableService::with_decks(store.clone(), recorder.clone(), timings, teenpatti::table::Decks::seeded(5));
    let players = [PLAYERS[0], PLAYERS[1], PLAYERS[2]];
    let mut rules = Rules::default();
    // With the dealer anteing for all and forced blinds, so that the books check those too.
    rules.set_options("first_dealer=cut deal_order=winner ante=dealer blinds=small_big blind_amount=2").unwrap();
    let channel = ChannelId(12);
    let open = NewTable { guild: GUILD, channel, opener: players[0], rules, max_players: 6, turn_seconds: 600 };
    let table = service.open(open, None).await.unwrap().view.table_id;
    for &p in &players[1..] {
        ask(&service, table, p, Command::Join, None, 0).await.unwrap();
    }
    let first = ask(&service, table, players[0], Command::Start, None, 0).await.unwrap().view.hand.unwrap();
    // The cut: one notice naming every player's card and the dealer, who is the first hand's dealer.
    let cut: Vec<String> =
        recorder.notices.lock().unwrap().iter().filter(|(c, _)| *c == channel).map(|(_, t)| t.clone()).collect();
    assert_eq!(cut.len(), 1, "{cut:?}");
    assert!(players.iter().all(|p| cut[0].contains(&format!("<@{p}>"))), "{}", cut[0]);
    let dealer = first.seats[first.dealer].user;
    assert!(cut[0].contains(&format!("<@{dealer}> cut the highest card")), "{}", cut[0]);
    // Three hands: each is won by one player (the others pack), who deals the next.
    let mut hand = first;
    let mut key = 10;
    for n in 0..3 {
        let winner = hand.seats[(hand.dealer + 1 + n) % 3].user;
        for seat in 0..3 {
            if hand.seats[seat].user != winner {
                key += 1;
                ask(&service, table, hand.seats[seat].user, Command::Play(Action::Pack), None, key).await.unwrap();
            }
        }
        let next = next_hand(&service, table, players[0], hand.hand_id).await;
        assert_eq!(next.seats[next.dealer].user, winner, "hand {}: the winner deals", next.hand_id);
        hand = next;
    }
    assert_eq!(recorder.notices.lock().unwrap().len(), 1, "one cut, for the first hand only");
    service.shutdown().await;
    assert_books(&store).await;
}

/// A high-low show by declaration that nobody answers: when the turn timer runs out every player still in is
/// declared high (the documented default), the declarations are revealed and the hand is settled; the books
/// balance.
async fn silent_players_are_declared_high_when_the_timer_ends(store: Store) {
    use teenpatti::engine::hand::{EventKind, Phase};
    let recorder = Arc::new(Recorder::default());
    let service = TableService::new(
        store.clone(),
        recorder.clone(),
        Timings { hand_break: Duration::from_secs(600), ..Timings::default() },
    );
    let mut rules = Rules::default();
    rules.set_options("high_low=declare").unwrap();
    let players = [PLAYERS[0], PLAYERS[1], PLAYERS[2]];
    let open =
        NewTable { guild: GUILD, channel: ChannelId(13), opener: players[0], rules, max_players: 6, turn_seconds: 1 };
    let table = service.open(open, None).await.unwrap().view.table_id;
    for &p in &players[1..] {
        ask(&service, table, p, Command::Join, None, 0).await.unwrap();
    }
    let hand = ask(&service, table, players[0], Command::Start, None, 0).await.unwrap().view.hand.unwrap();
    let first = hand.seats[(hand.dealer + 1) % 3].user;
    let shown = ask(&service, table, first, Command::Play(Action::Show), None, 1).await.unwrap().view.hand.unwrap();
    assert_eq!(shown.phase, Phase::Declaring);
    assert!(shown.legal.declare);
    let over = loop {
        let view = ask(&service, table, players[0], Command::Status, None, 0).await.unwrap().view;
        match view.hand {
            Some(h) if h.outcome.is_some() => break h,
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    };
    let declared = over.log.iter().find_map(|e| match &e.kind {
        EventKind::Declarations { high, low } => Some((high.clone(), low.clone())),
        _ => None,
    });
    assert_eq!(declared, Some((vec![0, 1, 2].into_iter().map(|i| (hand.dealer + 1 + i) % 3).collect(), vec![])));
    service.shutdown().await;
    assert_books(&store).await;
}

/// Posting (`post`, 001 "Post"): under the dealer's ante, a player who sat out while the ante passed their seat
/// owes that ante, and posts it into the pot of the hand they come back in (the dealer's ante is theirs instead
/// when the deal is theirs); the debt is on disk with the seat, and the books balance.
async fn a_player_back_from_sitting_out_posts_the_missed_ante(store: Store) {
    let recorder = Arc::new(Recorder::default());
    let service = TableService::new(
        store.clone(),
        recorder.clone(),
        Timings { hand_break: Duration::from_millis(5), ..Timings::default() },
    );
    let mut rules = Rules::default();
    rules.set_options("ante=dealer post=true").unwrap();
    let [a, b, c] = [PLAYERS[0], PLAYERS[1], PLAYERS[2]];
    let open = NewTable { guild: GUILD, channel: ChannelId(14), opener: a, rules, max_players: 6, turn_seconds: 1 };
    let table = service.open(open, None).await.unwrap().view.table_id;
    for p in [b, c] {
        ask(&service, table, p, Command::Join, None, 0).await.unwrap();
    }
    let mut key = 100;
    let mut act = |user: UserId, action: Action| {
        key += 1;
        let k = key;
        let service = &service;
        async move { ask(service, table, user, Command::Play(action), None, k).await.unwrap() }
    };
    // Waits until `user` has packed (the timer packs them).
    let packed = |user: UserId| {
        let service = &service;
        async move {
            loop {
                let h = ask(service, table, a, Command::Status, None, 0).await.unwrap().view.hand.unwrap();
                if h.seats.iter().any(|s| s.user == user && s.packed) {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };
    // Hand 1 (c deals, a first): c times out once. Hand 2 (a deals, b first): c times out again and sits out.
    let h1 = ask(&service, table, a, Command::Start, None, 0).await.unwrap().view.hand.unwrap();
    act(a, Action::Bet(1)).await;
    act(b, Action::Bet(1)).await;
    packed(c).await;
    act(a, Action::Pack).await;
    let h2 = next_hand(&service, table, a, h1.hand_id).await;
    assert_eq!(h2.seats[h2.dealer].user, a);
    act(b, Action::Bet(1)).await;
    packed(c).await;
    act(a, Action::Pack).await;
    // Hand 3: a and b; the ante passes from a to b, not c's seat. Hand 4: from b to a, past c: c owes the ante of
    // that hand (the boot for each of the two dealt in).
    let h3 = next_hand(&service, table, a, h2.hand_id).await;
    assert_eq!((h3.seats.len(), h3.seats[h3.dealer].user), (2, b));
    let owed =
        |store: Store| async move { store.seats(table).await.unwrap().iter().map(|s| s.owed_post).collect::<Vec<_>>() };
    assert_eq!(owed(store.clone()).await, vec![0, 0, 0]);
    act(a, Action::Pack).await;
    let h4 = next_hand(&service, table, a, h3.hand_id).await;
    assert_eq!(h4.seats[h4.dealer].user, a);
    assert_eq!(owed(store.clone()).await, vec![0, 0, 2]);
    // c comes back during hand 4; hand 5 is b's deal, so c posts the 2 missed into its pot.
    ask(&service, table, c, Command::Back, None, 0).await.unwrap();
    act(b, Action::Pack).await;
    let h5 = next_hand(&service, table, a, h4.hand_id).await;
    assert_eq!((h5.seats.len(), h5.seats[h5.dealer].user), (3, b));
    let posted: Vec<(UserId, u64)> = h5
        .log
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Posted { seat, amount, .. } => Some((h5.seats[seat].user, amount)),
            _ => None,
        })
        .collect();
    assert_eq!(posted, vec![(c, 2)]);
    let c_seat = h5.seats.iter().position(|s| s.user == c).unwrap();
    assert_eq!((h5.pot, h5.seats[c_seat].put_in), (3 + 2, 2), "b antes 3 for all, c posts 2");
    assert_eq!(owed(store.clone()).await, vec![0, 0, 0], "the debt is paid");
    service.shutdown().await;
    assert_books(&store).await;
}

/// A Start refused for want of a second player changes nothing: the table stays stopped, and when a second player
/// joins nothing is dealt until Start is pressed again (offered to the opener again).
async fn a_start_refused_for_want_of_players_leaves_the_table_stopped(store: Store) {
    let service = TableService::new(
        store.clone(),
        Arc::new(Recorder::default()),
        Timings { hand_break: Duration::from_millis(5), ..Timings::default() },
    );
    let [a, b] = [PLAYERS[0], PLAYERS[1]];
    let open = NewTable {
        guild: GUILD,
        channel: ChannelId(16),
        opener: a,
        rules: Rules::default(),
        max_players: 6,
        turn_seconds: 30,
    };
    let table = service.open(open, None).await.unwrap().view.table_id;
    let e = ask(&service, table, a, Command::Start, None, 1).await.unwrap_err();
    assert!(e.text().contains("At least two seated players"), "{e}");
    let status = |user: UserId| {
        let service = &service;
        async move { ask(service, table, user, Command::Status, None, 0).await.unwrap().view }
    };
    let view = status(a).await;
    assert!(!view.running, "a refused Start left the table running");
    let offered = |view: &TableView| {
        teenpatti::table::choices::for_player(view, a, teenpatti::i18n::Lang::default())
            .iter()
            .flatten()
            .any(|c| c.id.command == Command::Start)
    };
    // A second player joins: a running table would deal after its 5 ms break; this one waits for Start.
    ask(&service, table, b, Command::Join, None, 2).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let view = status(a).await;
    assert!(view.hand.is_none() && !view.running, "a hand was dealt without Start");
    assert!(offered(&view), "the opener of a stopped table with two players is not offered Start");
    let started = ask(&service, table, a, Command::Start, None, 3).await.unwrap();
    assert!(started.view.running && started.view.hand.is_some());
    service.shutdown().await;
    assert_books(&store).await;
}

/// A click's check that its button belongs to the channel it was clicked in: kept with the running actor after the
/// first answer from the store (no query a click), and still right for another channel, another table in the
/// channel, and a table closed since.
async fn a_button_is_placed_by_its_table_s_channel_while_it_runs_and_after_it_closes(store: Store) {
    let service = TableService::new(store, Arc::new(Recorder::default()), Timings::default());
    let opened = |channel: u64| NewTable {
        guild: GUILD,
        channel: ChannelId(channel),
        opener: PLAYERS[0],
        rules: Rules::default(),
        max_players: 6,
        turn_seconds: 60,
    };
    let a = service.open(opened(71), None).await.unwrap().view.table_id;
    let (here, elsewhere) = (ChannelId(71), ChannelId(72));
    for _ in 0..2 {
        assert!(service.is_in_channel(a, here).await.unwrap(), "the table in its own channel");
        assert!(!service.is_in_channel(a, elsewhere).await.unwrap(), "a button of it clicked in another channel");
    }
    let b = service.open(opened(72), None).await.unwrap().view.table_id;
    assert!(service.is_in_channel(b, elsewhere).await.unwrap());
    assert!(!service.is_in_channel(a, elsewhere).await.unwrap(), "another table's channel");
    assert!(!service.is_in_channel(b, here).await.unwrap());
    ask(&service, a, PLAYERS[0], Command::Close, None, 0).await.unwrap();
    for _ in 0..50 {
        if !service.is_in_channel(a, here).await.unwrap() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(!service.is_in_channel(a, here).await.unwrap(), "a closed table's button still placed");
    service.shutdown().await;
}

/// Presses `c` as `user` and answers the menu it opens at once, as the Activity's player does (a draw's first
/// positions, a dealer's default game).
async fn press(
    service: &TableService,
    table: TableId,
    user: UserId,
    c: &teenpatti::table::choices::Choice,
    key: &mut u64,
) -> Result<Update, UserError> {
    *key += 2;
    let update = ask(service, table, user, c.id.command, Some(c.id), *key).await?;
    let (command, hand, seq, values) = match &update.menu {
        Some(Menu::Draw { hand_id, seq, offer, .. }) => {
            let values = (0..offer.min.max(1).min(offer.max)).map(|i| i.to_string()).collect::<Vec<_>>();
            (Command::Play(Action::Draw(0)), Some(*hand_id), *seq, values)
        }
        Some(Menu::Pick { round, default, .. }) => {
            (Command::Pick(teenpatti::engine::Variant::Classic), None, *round, vec![default.name().to_string()])
        }
        None => return Ok(update),
    };
    let chosen = ButtonId { table, hand, seq, command }.with_values(Some(&values)).expect("the menu's own values");
    ask(service, table, user, chosen.command, Some(chosen), *key + 1).await
}

/// The Activity offers each player their own buttons (`choices::for_player`): under every variant and the
/// options that change who may do what when (looking and packing on one's turn only, a high-low declaration, a
/// shared pot, a show conceded, every way of drawing), with the table followed as a session follows it, players
/// (three seated, one more coming and going) click only what they are offered, chosen at random (Join and Leave
/// among them, the table kept at two players or more), and the table takes every such click: nothing offered is
/// refused. A button of the channel's that a player is not offered is refused when they press it, in the lobby,
/// between hands and in play (My cards aside, which the Activity shows by itself, and Start, which between hands
/// deals at once and so is not offered): nothing refused is offered. The player to act is offered the channel's
/// actions of their turn, exactly. Three hands a setup, to their end; on SQLite (nothing of the store differs).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_player_is_offered_exactly_the_buttons_that_are_theirs() {
    use teenpatti::engine::Variant;
    use teenpatti::table::choices::{self, Choice};
    let (_db, store) = fixtures::temp_store().await;
    let recorder = Arc::new(Recorder::default());
    let timings = Timings { hand_break: Duration::from_millis(5), ..Timings::default() };
    let service = TableService::new(store.clone(), recorder.clone(), timings);
    let mut setups: Vec<String> = Variant::ALL.iter().map(|v| format!("variant={}", v.name())).collect();
    setups.extend(
        [
            "pack_on_turn_only=true see_on_turn_only=true",
            "high_low=declare",
            "high_low=declare pack_on_turn_only=true",
            "high_low=cards_speak",
            "agreed_split=halve",
            "show_concede=true",
            "draw=before",
            "draw=after",
            "draw=rounds",
            "variant=zandu pack_on_turn_only=true",
        ]
        .map(str::to_string),
    );
    let [opener, second, third, outsider] = [PLAYERS[0], PLAYERS[1], PLAYERS[2], UserId(999)];
    let lang = teenpatti::i18n::Lang::default();
    let mut rng = StdRng::seed_from_u64(40);
    let (mut key, mut pressed, mut not_offered, mut hands) = (10_000u64, 0u32, 0u32, 0usize);
    let mut comings_and_goings = 0u32;
    // The actions of a turn (not the buttons anyone seated has, nor the table's own).
    let turn_of = |rows: Vec<Vec<Choice>>| -> Vec<Choice> {
        rows.concat()
            .into_iter()
            .filter(|c| {
                c.id.hand.is_some()
                    && !matches!(c.id.command, Command::Cards | Command::Play(Action::See | Action::Pack))
            })
            .collect()
    };
    let ids = |rows: Vec<Vec<Choice>>| rows.concat().into_iter().map(|c| c.id.command).collect::<Vec<_>>();
    for (n, setup) in setups.iter().enumerate() {
        let mut rules = Rules { boot: 5, ..Rules::default() };
        rules.set_options(setup).unwrap();
        let channel = ChannelId(100 + n as u64);
        // Every other table has three seats: the fourth player is offered Join only when one is free.
        let max_players = if n % 2 == 1 { 3 } else { 6 };
        let open = NewTable { guild: GUILD, channel, opener, rules, max_players, turn_seconds: 600 };
        let table = service.open(open, None).await.unwrap().view.table_id;
        // Followed, as an Activity's session follows it: its views carry every seat's legal actions.
        let _follower = service.watch(table);
        // The lobby: Join to those not seated; Start to the opener once two can be dealt.
        let lobby = ask(&service, table, opener, Command::Status, None, 0).await.unwrap().view;
        assert_eq!(ids(choices::for_player(&lobby, opener, lang)), [Command::Leave], "{setup}");
        assert_eq!(ids(choices::for_player(&lobby, second, lang)), [Command::Join], "{setup}");
        for p in [second, third] {
            ask(&service, table, p, Command::Join, None, 0).await.unwrap();
        }
        let lobby = ask(&service, table, opener, Command::Status, None, 0).await.unwrap().view;
        assert_eq!(ids(choices::for_player(&lobby, opener, lang)), [Command::Start, Command::Leave], "{setup}");
        assert_eq!(ids(choices::for_player(&lobby, second, lang)), [Command::Leave], "{setup}");
        let mut over = std::collections::HashSet::new();
        let mut steps = 0;
        while over.len() < 3 {
            steps += 1;
            assert!(steps < 4_000, "{setup}: the hands did not end");
            let view = ask(&service, table, opener, Command::Status, None, 0).await.unwrap().view;
            let live = view.hand.as_ref().filter(|h| h.outcome.is_none());
            if let Some(h) = view.hand.as_ref().filter(|h| h.outcome.is_some()) {
                over.insert(h.hand_id);
            }
            if let Some(hand) = live {
                // The player to act is offered the channel's actions of their turn, exactly.
                if let Some(user) = hand.to_act.map(|s| hand.seats[s].user) {
                    let channel = turn_of(choices::hand(&view, hand, lang));
                    assert_eq!(turn_of(choices::for_player(&view, user, lang)), channel, "{setup}");
                }
            }
            // Between hands the next deal is a few milliseconds away (the break is 5 ms): what the view offers may
            // be out of date by the time it is pressed (a Leave that would pack a player just dealt in, on a table
            // that packs on one's turn only), so the test waits for the deal.
            if live.is_none() && view.running && view.picking.is_none() {
                tokio::time::sleep(Duration::from_millis(2)).await;
                continue;
            }
            let user = [opener, second, third, outsider][rng.gen_range(0..4)];
            let offered = choices::for_player(&view, user, lang).concat();
            // A button of the channel's this player is not offered is refused.
            if rng.gen_bool(0.3) {
                let others: Vec<Choice> = choices::of(&view, lang)
                    .concat()
                    .into_iter()
                    .filter(|c| !offered.contains(c) && !matches!(c.id.command, Command::Cards | Command::Start))
                    .collect();
                if let Some(c) = others.get(rng.gen_range(0..others.len().max(1))) {
                    key += 2;
                    let r = ask(&service, table, user, c.id.command, Some(c.id), key).await;
                    assert!(
                        r.is_err(),
                        "{setup}: {user} was not offered {c:?}, and it was taken: {:?}",
                        r.map(|u| u.events)
                    );
                    not_offered += 1;
                }
                continue;
            }
            // Otherwise one of the buttons offered: Leave only while three or more are seated (two keep playing).
            let seated = view.seated.len();
            let games = rng.gen_bool(0.8);
            let offered: Vec<&Choice> = offered
                .iter()
                .filter(|c| c.id.command != Command::Leave || seated > 2)
                .filter(|c| !games || !matches!(c.id.command, Command::Join | Command::Leave))
                .collect();
            let Some(&c) = offered.get(rng.gen_range(0..offered.len().max(1))) else {
                tokio::time::sleep(Duration::from_millis(2)).await;
                continue;
            };
            match press(&service, table, user, c, &mut key).await {
                Ok(_) => pressed += 1,
                Err(e) => panic!("{setup}: {user} was offered {c:?}, and it was refused: {e:?}"),
            }
            comings_and_goings += u32::from(matches!(c.id.command, Command::Join | Command::Leave));
        }
        hands += over.len();
        ask(&service, table, opener, Command::Close, None, 0).await.unwrap();
    }
    assert_books(&store).await;
    assert!(pressed > 300 && not_offered > 100, "{pressed} pressed, {not_offered} not offered");
    assert!(comings_and_goings > 20, "only {comings_and_goings} joins and leaves");
    println!("{hands} hands, {pressed} offered buttons pressed ({comings_and_goings} joins and leaves), {not_offered} not offered and refused");
    service.shutdown().await;
}
