//! A server's data after the bot leaves it (issue 37, the store's part): marked with a deadline, deleted whole at
//! the deadline in one transaction (wallets, ledger, tables, seats, hands, actions, seasons, tournaments,
//! settings), kept if the bot comes back first; the other server's books untouched and the audit exact. On both
//! backends.

mod fixtures;

use fixtures::{assert_books, ADMIN, ALICE, BOB, G, G2};
use teenpatti::engine::cards::seeded_deck;
use teenpatti::engine::tournament::{Every, Plan};
use teenpatti::engine::{Action, Hand, HandSetup, Rules};
use teenpatti::ids::{ChannelId, GuildId};
use teenpatti::store::{ActionRecord, HandRef, NewHand, NewTable, NewTournament, Store};

/// Everything a server can have: settings, wallets with grants, a daily and a gift, a table with a live hand, a
/// season ended, a tournament with an entry.
async fn fill(store: &Store, guild: GuildId, channel: ChannelId) {
    let mut settings = store.guild_settings(guild).await.unwrap();
    settings.default_rules.boot = 5;
    store.set_guild_settings(guild, &settings).await.unwrap();
    store.admin_grant(guild, ALICE, 500, ADMIN, "a grant").await.unwrap();
    store.balance(guild, BOB).await.unwrap();
    store.claim_daily(guild, BOB, 1).await.unwrap();
    store.new_season(guild, None, Some(ADMIN)).await.unwrap();
    let rules = Rules { boot: 5, ..Rules::default() };
    let new = NewTable { guild, channel, opener: ALICE, rules: rules.clone(), max_players: 6, turn_seconds: 60 };
    let table = store.open_table(new).await.unwrap();
    let users = vec![ALICE, BOB];
    for u in &users {
        store.add_seat(table.id, *u).await.unwrap();
    }
    let setup = HandSetup {
        rules,
        stacks: vec![1_000; 2],
        dealer: 1,
        deck: seeded_deck(7),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    let (hand, events) = Hand::start(&setup).unwrap();
    let new = NewHand {
        table_id: table.id,
        guild,
        channel,
        users: users.clone(),
        setup: &setup,
        seed: Some(7),
        fair: None,
        events: &events,
    };
    let id = store.start_hand(new).await.unwrap();
    // One action: a blind bet of the boot.
    let seat = hand.to_act().unwrap();
    let action = Action::Bet(5);
    let events = hand.clone().apply(seat, action).unwrap();
    let at = HandRef { id, guild, users: &users };
    store.record_action(at, ActionRecord { seq: 0, seat, action, key: None, events: &events }).await.unwrap();
    let plan = Plan::new("10,20", Every::Hands(2), None, 2).unwrap();
    let tournament = NewTournament {
        guild,
        channel: ChannelId(channel.get() + 1),
        opener: ADMIN,
        buy_in: 50,
        seats: 3,
        stack: 500,
        turn_seconds: 60,
        plan,
    };
    let t = store.open_tournament(tournament).await.unwrap().unwrap();
    store.register(t.id, ALICE).await.unwrap();
    // The web pages' rows.
    store.set_web(guild, true).await.unwrap();
    store.record_profile(guild, ALICE, "Alice", None).await.unwrap();
    store.set_channels_public(guild, vec![(channel, true)]).await.unwrap();
}

/// Rows that name `guild`, table by table (directly, or through its tables, hands and tournaments).
async fn rows_of(store: &Store, guild: GuildId) -> Vec<(&'static str, i64)> {
    let g = guild.get() as i64;
    let tables: [(&str, String); 14] = [
        ("web_sites", format!("SELECT COUNT(*) FROM web_sites WHERE guild_id = {g}")),
        ("player_profiles", format!("SELECT COUNT(*) FROM player_profiles WHERE guild_id = {g}")),
        ("public_channels", format!("SELECT COUNT(*) FROM public_channels WHERE guild_id = {g}")),
        ("guild_settings", format!("SELECT COUNT(*) FROM guild_settings WHERE guild_id = {g}")),
        ("wallets", format!("SELECT COUNT(*) FROM wallets WHERE guild_id = {g}")),
        ("ledger", format!("SELECT COUNT(*) FROM ledger WHERE guild_id = {g}")),
        ("game_tables", format!("SELECT COUNT(*) FROM game_tables WHERE guild_id = {g}")),
        (
            "table_seats",
            format!(
                "SELECT COUNT(*) FROM table_seats WHERE table_id IN (SELECT id FROM game_tables WHERE guild_id = {g})"
            ),
        ),
        ("hands", format!("SELECT COUNT(*) FROM hands WHERE guild_id = {g}")),
        (
            "hand_actions",
            format!("SELECT COUNT(*) FROM hand_actions WHERE hand_id IN (SELECT id FROM hands WHERE guild_id = {g})"),
        ),
        ("hand_players", format!("SELECT COUNT(*) FROM hand_players WHERE guild_id = {g}")),
        ("seasons", format!("SELECT COUNT(*) FROM seasons WHERE guild_id = {g}")),
        ("tournaments", format!("SELECT COUNT(*) FROM tournaments WHERE guild_id = {g}")),
        (
            "tournament_entries",
            format!(
                "SELECT COUNT(*) FROM tournament_entries WHERE tournament_id IN \
                 (SELECT id FROM tournaments WHERE guild_id = {g})"
            ),
        ),
    ];
    let mut out = Vec::new();
    for (name, query) in tables {
        out.push((name, store.raw_i64(&query).await.unwrap().unwrap_or(0)));
    }
    out
}

async fn a_removed_servers_data_is_deleted_at_its_deadline_and_only_its(store: Store) {
    fill(&store, G, ChannelId(10)).await;
    fill(&store, G2, ChannelId(20)).await;
    let kept_before = rows_of(&store, G2).await;
    assert!(rows_of(&store, G).await.iter().all(|(_, n)| *n > 0), "every kind filled: {:?}", rows_of(&store, G).await);
    assert_eq!(store.guilds_with_data().await.unwrap(), vec![G, G2]);
    let balances_g2 = store.balances(G2, &[ALICE, BOB]).await.unwrap();

    // Removed at 1,000, deleted after 4,000; a second removal keeps the first deadline.
    assert!(store.mark_departed(G, 1_000, 4_000).await.unwrap());
    assert!(!store.mark_departed(G, 2_000, 9_000).await.unwrap());
    assert_eq!(store.departures().await.unwrap(), vec![(G, 4_000)]);
    // Not due yet: nothing deleted.
    assert_eq!(store.delete_departed(G, 3_999).await.unwrap(), None);
    assert!(rows_of(&store, G).await.iter().all(|(_, n)| *n > 0));
    // Due: everything of G goes, in one transaction; G2 keeps every row and every chip.
    let deleted = store.delete_departed(G, 4_000).await.unwrap().expect("due");
    assert_eq!((deleted.wallets, deleted.tables, deleted.hands), (3, 1, 1), "{deleted:?}");
    assert!(deleted.ledger_rows >= 4 && deleted.rows > deleted.ledger_rows, "{deleted:?}");
    assert_eq!(rows_of(&store, G).await.iter().filter(|(_, n)| *n > 0).collect::<Vec<_>>(), Vec::<&(&str, i64)>::new());
    assert_eq!(rows_of(&store, G2).await, kept_before);
    assert_eq!(store.balances(G2, &[ALICE, BOB]).await.unwrap(), balances_g2);
    assert_eq!(store.departures().await.unwrap(), vec![]);
    assert_eq!(store.guilds_with_data().await.unwrap(), vec![G2]);
    assert_books(&store).await;
    // Done once: a second call finds nothing to do.
    assert_eq!(store.delete_departed(G, 5_000).await.unwrap(), None);
}

async fn a_server_that_comes_back_in_time_keeps_everything(store: Store) {
    fill(&store, G, ChannelId(10)).await;
    let before = rows_of(&store, G).await;
    assert!(store.mark_departed(G, 1_000, 4_000).await.unwrap());
    assert!(store.mark_returned(G).await.unwrap());
    assert!(!store.mark_returned(G).await.unwrap(), "unmarked once");
    assert_eq!(store.delete_departed(G, 10_000).await.unwrap(), None);
    assert_eq!(rows_of(&store, G).await, before);
    // Removed again later: a new deadline from then.
    assert!(store.mark_departed(G, 20_000, 23_000).await.unwrap());
    assert_eq!(store.departures().await.unwrap(), vec![(G, 23_000)]);
    assert_books(&store).await;
}

on_both_backends!(
    a_removed_servers_data_is_deleted_at_its_deadline_and_only_its,
    a_server_that_comes_back_in_time_keeps_everything
);
