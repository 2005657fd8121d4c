//! A player's own data (issue 37, the store's part): what is kept, the export checked against the ledger, and the
//! deletion: refused while they are seated or registered, then their id in no column of any table (a sweep of
//! every column of every table, which finds it everywhere before), the books exact, other players' hands and
//! stats untouched, a deal with their entropy no longer rebuildable and one without it still verifying. On both
//! backends.

mod fixtures;
#[path = "fixtures/sweep.rs"]
mod sweep;

use std::collections::BTreeSet;

use fixtures::{assert_books, ADMIN, ALICE, BOB, G, G2};
use sweep::columns_naming;
use teenpatti::engine::fair::{fair_deck, Seed};
use teenpatti::engine::tournament::{Every, Plan};
use teenpatti::engine::{Hand, HandSetup, Rules};
use teenpatti::ids::{ChannelId, HandId};
use teenpatti::store::{
    ActionRecord, EraseRefusal, ExportPage, FairDeal, HandRef, LeaderBy, NewHand, NewTable, NewTournament, Store,
};
use teenpatti::table::history::{verify, Verification};

/// A finished hand at `table` between Alice and Bob, dealt fairly from a seed and `entropy`.
async fn play_hand(store: &Store, table: teenpatti::ids::TableId, entropy: &str, seed_byte: u8) -> HandId {
    let seed = Seed([seed_byte; 32]);
    let rules = Rules { boot: 5, ..Rules::default() };
    let setup = HandSetup {
        rules,
        stacks: vec![1_000; 2],
        dealer: 1,
        deck: fair_deck(&seed, entropy, 0),
        kaana_dormant: false,
        posts: Vec::new(),
    };
    let (mut hand, events) = Hand::start(&setup).unwrap();
    let users = vec![ALICE, BOB];
    let fair =
        FairDeal { commitment: seed.commitment(), secret: seed.to_hex(), entropy: entropy.to_string(), erased: 0 };
    let new = NewHand {
        table_id: table,
        guild: G,
        channel: ChannelId(10),
        users: users.clone(),
        setup: &setup,
        seed: None,
        fair: Some(fair),
        events: &events,
    };
    let id = store.start_hand(new).await.unwrap();
    let at = HandRef { id, guild: G, users: &users };
    // A blind bet, then a pack: the hand ends.
    for (seq, action) in [teenpatti::engine::Action::Bet(5), teenpatti::engine::Action::Pack].into_iter().enumerate() {
        let seat = hand.to_act().unwrap();
        let events = hand.apply(seat, action).unwrap();
        let record = ActionRecord { seq: seq as i64, seat, action, key: None, events: &events };
        store.record_action(at, record).await.unwrap();
        if hand.is_over() {
            break;
        }
    }
    id
}

struct Filled {
    /// Alice and Bob gave entropy.
    both: HandId,
    /// Only Bob did.
    bobs: HandId,
}

/// Alice everywhere: two servers' wallets, a grant she made as an admin, a table she opened and two hands there
/// (with her entropy in one deal, and pending for the next), a season's board, a tournament she opened and played
/// (its purse).
async fn fill(store: &Store) -> Filled {
    store.admin_grant(G, ALICE, 500, ADMIN, "a grant").await.unwrap();
    store.admin_grant(G, BOB, 300, ALICE, "from an admin who is also a player").await.unwrap();
    store.balance(G2, ALICE).await.unwrap();
    let rules = Rules { boot: 5, ..Rules::default() };
    let new = NewTable { guild: G, channel: ChannelId(10), opener: ALICE, rules, max_players: 6, turn_seconds: 60 };
    let table = store.open_table(new).await.unwrap();
    for u in [ALICE, BOB] {
        store.add_seat(table.id, u).await.unwrap();
    }
    let both = play_hand(store, table.id, &format!("{ALICE}:alice's words\n{BOB}:bob's words\n"), 1).await;
    let bobs = play_hand(store, table.id, &format!("{BOB}:only bob\n"), 2).await;
    store.set_entropy(table.id, ALICE, "for the next deal").await.unwrap();
    store.close_table(table.id).await.unwrap();
    store.new_season(G, None, Some(ADMIN)).await.unwrap();
    let plan = Plan::new("10,20", Every::Hands(2), None, 2).unwrap();
    let channel = ChannelId(40);
    let t =
        NewTournament { guild: G, channel, opener: ALICE, buy_in: 50, seats: 2, stack: 500, turn_seconds: 60, plan };
    let t = store.open_tournament(t).await.unwrap().unwrap();
    store.register(t.id, ALICE).await.unwrap();
    store.register(t.id, BOB).await.unwrap();
    let rules = Rules { boot: 10, ..Rules::default() };
    let new = NewTable { guild: G, channel, opener: ALICE, rules, max_players: 2, turn_seconds: 60 };
    let t_table = store.open_table_for(new, Some(t.id)).await.unwrap();
    store.begin_tournament(t.id, t_table.id).await.unwrap();
    store.knock_out(t.id, vec![(ALICE, 2)]).await.unwrap();
    store.finish_tournament(t.id, BOB).await.unwrap();
    store.close_table(t_table.id).await.unwrap();
    // How the web pages show her, and her hiding it.
    store.record_profile(G, ALICE, "Alice A.", Some("avatars/1/abc.png")).await.unwrap();
    store.record_profile(G2, ALICE, "Alice", None).await.unwrap();
    store.set_web_hidden(ALICE, true).await.unwrap();
    Filled { both, bobs }
}

async fn a_players_export_is_their_ledger_and_hands_on_every_server(store: Store) {
    let filled = fill(&store).await;
    let kept = store.kept_about(ALICE).await.unwrap();
    let guilds: Vec<_> = kept.servers.iter().map(|s| s.guild).collect();
    assert_eq!(guilds.len(), 3, "two servers and a tournament's purse: {kept:?}");
    assert!(guilds.contains(&G) && guilds.contains(&G2));
    assert_eq!((kept.tournament_entries, kept.open_seats), (1, 0));
    let e = store.export(ALICE, 1, ExportPage::DISCORD, 1).await.unwrap().unwrap();
    assert!(e.web_hidden && e.profiles.len() == 2 && e.profiles[0].display_name == "Alice A.", "{:?}", e.profiles);

    // In parts of 3 rows and 1 hand: every part, then none past the last.
    let page = ExportPage { ledger_rows: 3, hands: 1 };
    let rows = store.raw_i64(&format!("SELECT COUNT(*) FROM ledger WHERE user_id = {}", ALICE.get())).await.unwrap();
    let rows = rows.unwrap() as u64;
    let parts = store.export_parts(ALICE, page).await.unwrap();
    assert_eq!(parts, rows.div_ceil(3).max(2), "{rows} rows, 2 hands");
    let mut ledger = Vec::new();
    let mut hands = Vec::new();
    for part in 1..=parts {
        let e = store.export(ALICE, part, page, 99).await.unwrap().expect("a part");
        assert_eq!((e.part, e.parts, e.user_id.clone()), (part, parts, ALICE.to_string()));
        assert_eq!(e.wallets.is_empty(), part > 1, "wallets in part 1 only");
        ledger.extend(e.ledger);
        hands.extend(e.hands);
    }
    assert!(store.export(ALICE, parts + 1, page, 99).await.unwrap().is_none());
    assert!(store.export(ALICE, 0, page, 99).await.unwrap().is_none());

    // The ledger rows are hers, each once, in order, and sum to each wallet's balance.
    assert_eq!(ledger.len() as u64, rows);
    assert!(ledger.windows(2).all(|w| w[0].id < w[1].id));
    for s in &kept.servers {
        let sum: i64 = ledger.iter().filter(|r| r.guild_id == s.guild).map(|r| r.delta).sum();
        assert_eq!(sum, s.balance, "server {}", s.guild);
        assert_eq!(store.balance(s.guild, ALICE).await.unwrap(), s.balance);
    }
    let whole = store.export(ALICE, 1, ExportPage::DISCORD, 99).await.unwrap().unwrap();
    assert_eq!((whole.parts, whole.ledger.len() as u64), (1, rows));
    assert_eq!(whole.stats.len(), 2, "one a server, not the purse: {:?}", whole.stats);
    assert_eq!(whole.tournaments.len(), 1);
    assert_eq!((whole.tournaments[0].place, whole.tournaments[0].status.as_str()), (Some(2), "finished"));

    // The hands: both of hers, with the public record (Bob as the channel named him), every card once over.
    let ids: Vec<_> = hands.iter().map(|h| h.id).collect();
    assert!(ids.contains(&filled.both) && ids.contains(&filled.bobs), "{ids:?}");
    for h in hands.iter().filter(|h| h.guild_id == G.to_string()) {
        assert_eq!(h.players, vec![Some(ALICE.to_string()), Some(BOB.to_string())]);
        assert_eq!(h.players[h.seat], Some(ALICE.to_string()));
        assert!(h.setup.is_some() && !h.actions.is_empty() && h.fair.as_ref().is_some_and(|f| !f.secret.is_empty()));
    }
    let json = serde_json::to_string(&whole).unwrap();
    assert!(json.contains("\"format\":\"teenpatti-privacy-export/1\""), "{json}");
    // Nobody else's ledger: Bob's grant from Alice is his row, not hers.
    assert!(!json.contains("from an admin who is also a player"), "{json}");
}

async fn deletion_is_refused_while_in_play_then_leaves_their_id_nowhere_and_the_books_exact(store: Store) {
    let filled = fill(&store).await;
    // Before: the sweep finds her in every kind of column it is for.
    let before = columns_naming(&store, ALICE).await;
    for column in [
        "wallets.user_id",
        "ledger.user_id",
        "ledger.actor_id",
        "hand_players.user_id",
        "hands.seats",
        "hands.winners",
        "hands.fair",
        "table_seats.user_id",
        "game_tables.opener_id",
        "tournaments.opener_id",
        "tournament_entries.user_id",
        "seasons.board",
        "player_profiles.user_id",
        "web_hidden.user_id",
    ] {
        assert!(before.contains(column), "{column} not found by the sweep: {before:?}");
    }
    let bob_before = (store.stats(G, BOB).await.unwrap(), store.balance(G, BOB).await.unwrap());

    // Seated at an open table: refused, nothing changed.
    let new = NewTable {
        guild: G2,
        channel: ChannelId(30),
        opener: BOB,
        rules: Rules::default(),
        max_players: 6,
        turn_seconds: 60,
    };
    let open = store.open_table(new).await.unwrap();
    store.add_seat(open.id, ALICE).await.unwrap();
    assert_eq!(store.erase_player(ALICE).await.unwrap(), Err(EraseRefusal::Seated(ChannelId(30))));
    store.remove_seat(open.id, ALICE).await.unwrap();
    // Registered in a tournament not over: refused.
    let plan = Plan::new("10,20", Every::Hands(2), None, 2).unwrap();
    let t = NewTournament {
        guild: G2,
        channel: ChannelId(50),
        opener: BOB,
        buy_in: 0,
        seats: 3,
        stack: 500,
        turn_seconds: 60,
        plan,
    };
    let t = store.open_tournament(t).await.unwrap().unwrap();
    store.register(t.id, ALICE).await.unwrap();
    assert_eq!(store.erase_player(ALICE).await.unwrap(), Err(EraseRefusal::Tournament(ChannelId(50))));
    store.unregister(t.id, ALICE).await.unwrap();
    assert_eq!(columns_naming(&store, ALICE).await, before, "a refusal changes nothing");

    let audit_before = store.audit().await.unwrap();
    let erased = store.erase_player(ALICE).await.unwrap().expect("not in play any more");
    assert_eq!((erased.servers, erased.hands, erased.entropy_lines), (3, 2, 1), "{erased:?}");
    assert!(erased.ledger_rows >= 5, "{erased:?}");

    // Her id is in no column of any table; the books are exact, and as exact as before.
    assert_eq!(columns_naming(&store, ALICE).await, BTreeSet::new());
    assert_books(&store).await;
    let audit = store.audit().await.unwrap();
    assert!(audit.wallet_mismatches.is_empty() && audit.hand_mismatches.is_empty(), "{audit:?}");
    assert_eq!(audit.wallets, audit_before.wallets, "her wallets kept, under anonymous ids");
    // Bob: his stats, balance and hands as they were; the hands now seat an anonymous player.
    assert_eq!((store.stats(G, BOB).await.unwrap(), store.balance(G, BOB).await.unwrap()), bob_before);
    let both = store.hand_record(filled.both).await.unwrap().unwrap();
    assert!(both.summary.users[0].is_erased() && both.summary.users[1] == BOB, "{:?}", both.summary.users);
    // Her entropy made the first deal's deck: it can no longer be rebuilt, and says why; the commitment holds.
    match verify(&both) {
        Verification::Checked { commitment_ok: true, deck_ok: false, erased: 1, entropy, .. } => {
            assert_eq!(entropy, format!("{BOB}:bob's words\n"));
        }
        other => panic!("{other:?}"),
    }
    // Bob's alone made the second: it verifies as before.
    let bobs = store.hand_record(filled.bobs).await.unwrap().unwrap();
    assert!(matches!(verify(&bobs), Verification::Checked { commitment_ok: true, deck_ok: true, erased: 0, .. }));
    // Leaderboards and the season's board rank people only: Bob, not the anonymous wallets.
    for by in [LeaderBy::Balance, LeaderBy::Winnings] {
        let (rows, _) = store.leaderboard(G, by, 1, 25).await.unwrap();
        assert!(rows.iter().all(|r| !r.user.is_erased()) && rows.iter().any(|r| r.user == BOB), "{rows:?}");
    }
    let season = store.season(G, 1).await.unwrap().unwrap();
    assert!(season.board.iter().any(|s| s.user.is_erased()) && season.board.iter().any(|s| s.user == BOB));
    // Nothing is kept about her now; a second deletion finds nothing.
    assert_eq!(store.kept_about(ALICE).await.unwrap().servers, Vec::new());
    assert_eq!(store.export(ALICE, 1, ExportPage::DISCORD, 1).await.unwrap().unwrap().ledger.len(), 0);
    assert_eq!(store.erase_player(ALICE).await.unwrap().unwrap().servers, 0);
    // She may play again, from a new wallet.
    assert!(store.balance(G, ALICE).await.unwrap() > 0);
    assert_books(&store).await;
}

on_both_backends!(
    a_players_export_is_their_ledger_and_hands_on_every_server,
    deletion_is_refused_while_in_play_then_leaves_their_id_nowhere_and_the_books_exact
);
