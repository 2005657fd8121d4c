//! The table customs of the rule texts (issue 15), each a table option checked rule by rule through hand scripts
//! (the same engine a table runs): a show at the current bet level, packing only on one's turn.

use teenpatti::engine::hand::EventKind;
use teenpatti::engine::script::{parse, Replay};
use teenpatti::words::transcript;

fn play(script: &str) -> Replay {
    parse(script).unwrap_or_else(|e| panic!("{e}\n{script}")).run().unwrap_or_else(|e| panic!("{e}\n{script}"))
}

/// The reason the script's line `line` was refused (panics if it was accepted).
fn refusal(r: &Replay, line: usize) -> String {
    r.rejected().into_iter().find(|x| x.line == line).map(|x| x.reason).unwrap_or_else(|| {
        panic!("line {line} was accepted:\n{}", transcript(r));
    })
}

/// What the show cost, from its event.
fn show_cost(r: &Replay) -> u64 {
    let cost = r.events().iter().find_map(|e| match e.kind {
        EventKind::ShowCalled { cost, .. } => Some(cost),
        _ => None,
    });
    cost.unwrap_or_else(|| panic!("no show:\n{}", transcript(r)))
}

/// `show_cost=current` (001 "Betting": "shows are paid for at the current bet level"): the payer's own bet now,
/// whoever the other is: blind, the stake; seen, twice it, against a seen player or (with seen_can_show_blind) a
/// blind one, which `standard` charges four times the stake.
#[test]
fn a_show_at_the_current_bet_level() {
    // The stake is 2; A has seen, B is blind.
    let hand = |cost: &str| {
        format!(
            "rules classic\nset show_cost {cost}\nset seen_can_show_blind true\nplayers A B\ndealer B\n\
             A blind 2\nB blind 2\nA see\nA show\n"
        )
    };
    let (current, standard, double) = (play(&hand("current")), play(&hand("standard")), play(&hand("double")));
    assert_eq!((show_cost(&current), show_cost(&standard), show_cost(&double)), (4, 8, 16));
    // Both seen: the current bet and standard agree (twice the stake).
    let hand_seen = |cost: &str| {
        format!(
            "rules classic\nset show_cost {cost}\nplayers A B\ndealer B\nA blind 2\nB see\nB chaal 4\nA see\nA show\n"
        )
    };
    assert_eq!((show_cost(&play(&hand_seen("current"))), show_cost(&play(&hand_seen("standard")))), (4, 4));
    // A blind payer pays the stake.
    let blind = play("rules classic\nset show_cost current\nplayers A B\ndealer B\nA blind 2\nB blind 2\nA show\n");
    assert_eq!(show_cost(&blind), 2);
    // Without seen_can_show_blind a seen player still cannot show a blind one.
    let r = play("rules classic\nset show_cost current\nplayers A B\ndealer B\nA blind 2\nB blind 2\nA see\nA show\n");
    assert!(refusal(&r, 8).contains("blind"), "{}", transcript(&r));
}

/// `pack_on_turn_only` (001 "Play": "only allowed to see and fold your cards when it's your turn"): a pack out of
/// turn is refused and changes nothing; on one's turn, or when asked for a sideshow, it is taken; a bust card
/// still packs its holder at once.
#[test]
fn packing_only_on_one_s_turn() {
    let r = play("rules classic\nset pack_on_turn_only true\nplayers A B C\ndealer C\nB pack\nA blind 1\nB pack\n");
    assert!(refusal(&r, 5).contains("only on your turn"), "{}", transcript(&r));
    assert!(r.hand.seats()[1].packed, "B packed on B's turn:\n{}", transcript(&r));
    assert_eq!(r.hand.actions().len(), 2, "the refused pack is not recorded");
    // Asked for a sideshow, the target may pack (it is their answer to give).
    let r = play(
        "rules classic\nset pack_on_turn_only true\nplayers A B C\ndealer C\n\
         A see\nA chaal 2\nB see\nB chaal 2\nC see\nC sideshow\nB pack\n",
    );
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    // Off (the default), anyone packs at any time.
    let r = play("rules classic\nplayers A B C\ndealer C\nB pack\n");
    assert!(r.rejected().is_empty() && r.hand.seats()[1].packed);
    // A bust card packs its holder out of turn all the same.
    let r = play(
        "rules classic\nset pack_on_turn_only true\nset bust draw\nplayers A B C\ndealer C\nbust 9c\ncards B 9h 2c 3d\n",
    );
    assert!(r.hand.seats()[1].packed, "{}", transcript(&r));
}

/// `sideshow_order=ask_first` (001): the request costs nothing; refused, the asker must still bet (or pack) and
/// may not ask again this turn; accepted, the loser packs. `after_sideshow=asker_if_won` (002, "The
/// Compromise"): after an accepted sideshow the asker bets again if they won, the next player if they lost.
#[test]
fn sideshow_order_and_who_bets_after() {
    let base = "players A B C\ndealer C\ncards A As Ks Qs\ncards B 2c 7d 9h\ncards C 3c 5d 8h\n\
                A see\nA chaal 2\nB see\nB chaal 2\nC see\n";
    // Ask first, refused: C asked at no cost, then must bet; asking again is refused; then C bets.
    let r = play(&format!(
        "rules classic\nset sideshow_order ask_first\n{base}C sideshow\nB deny\nC sideshow\nC chaal 2\n"
    ));
    let asked = r.events().iter().find_map(|e| match e.kind {
        EventKind::SideshowAsked { amount, .. } => Some(amount),
        _ => None,
    });
    assert_eq!(asked, Some(0), "{}", transcript(&r));
    assert!(refusal(&r, 15).contains("already asked"), "{}", transcript(&r));
    assert_eq!(r.hand.seats()[2].put_in, 1 + 2, "the boot and the bet after the refusal");
    assert_eq!(r.hand.to_act(), Some(0), "then the next player");
    // Classic (bet first): the bet comes with the request, and after a refusal the next player bets.
    let r = play(&format!("rules classic\n{base}C sideshow\nB deny\n"));
    assert_eq!((r.hand.seats()[2].put_in, r.hand.to_act()), (3, Some(0)), "{}", transcript(&r));
    // Accepted, asker_if_won: B (a pure sequence) asks the previous player, A (9 high), and wins.
    let won = "players A B C\ndealer C\ncards A 2c 7d 9h\ncards B As Ks Qs\ncards C 3c 5d 8h\n\
               A see\nA chaal 2\nB see\nC see\nB sideshow\nA accept\n";
    let r = play(&format!("rules classic\nset after_sideshow asker_if_won\n{won}"));
    assert!(r.hand.seats()[0].packed, "{}", transcript(&r));
    assert_eq!(r.hand.to_act(), Some(1), "the winning asker bets again:\n{}", transcript(&r));
    let r = play(&format!("rules classic\n{won}"));
    assert_eq!(r.hand.to_act(), Some(2), "classic: the next player:\n{}", transcript(&r));
    // A losing asker: the next player, whatever the option.
    let lost = "players A B C\ndealer C\ncards A As Ks Qs\ncards B 2c 7d 9h\ncards C 3c 5d 8h\n\
                A see\nA chaal 2\nB see\nC see\nB sideshow\nA accept\n";
    let r = play(&format!("rules classic\nset after_sideshow asker_if_won\n{lost}"));
    assert!(r.hand.seats()[1].packed);
    assert_eq!(r.hand.to_act(), Some(2), "{}", transcript(&r));
    // Both: the compromise of 002, asked at no cost; the winner then bets.
    let r = play(&format!(
        "rules classic\nset sideshow_order ask_first\nset after_sideshow asker_if_won\n{won}B chaal 2\n"
    ));
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    assert_eq!(r.hand.seats()[1].put_in, 1 + 2, "{}", transcript(&r));
}

/// `show_concede` (001 "Show": "a player can choose not to show, if they give up the pot"): a called player
/// answers the show: shows their cards, or concedes and the payer takes the pot with nobody's cards shown. Out of
/// time, they show (the cards speak). Nothing else may happen while the answer is awaited.
#[test]
fn a_called_player_may_concede_the_show() {
    let base = "rules classic\nset show_concede true\nplayers A B\ndealer B\ncards A 2c 7d 9h\ncards B As Ks Qs\n\
                A blind 1\nB blind 1\nA show\n";
    let shown = |r: &Replay| r.events().iter().any(|e| matches!(e.kind, EventKind::Showdown { .. }));
    // Conceded: A (the weaker hand) takes the pot of 5, and no card is shown.
    let r = play(&format!("{base}A blind 1\nB concede\n"));
    assert!(refusal(&r, 10).contains("show is waiting"), "{}", transcript(&r));
    assert!(!shown(&r), "{}", transcript(&r));
    let conceded = r.events().iter().any(|e| {
        matches!(e.kind, EventKind::Packed { seat: 1, reason: teenpatti::engine::hand::PackReason::Conceded })
    });
    assert!(conceded, "{}", transcript(&r));
    assert_eq!(r.hand.outcome().map(|o| o.winners()), Some(vec![0]));
    assert_eq!(r.hand.nets(), vec![2, -2]);
    // Shown (the answer, or the timer): the better hand wins.
    for answer in ["reveal", "accept", "timeout"] {
        let r = play(&format!("{base}B {answer}\n"));
        assert!(shown(&r) && r.hand.outcome().map(|o| o.winners()) == Some(vec![1]), "{answer}:\n{}", transcript(&r));
    }
    // Only the called player answers.
    let r = play(&format!("{base}A concede\n"));
    assert!(refusal(&r, 10).contains("no show was called against you"), "{}", transcript(&r));
    // Off (the default), the show is settled at once.
    let r = play("rules classic\nplayers A B\ndealer B\nA blind 1\nB blind 1\nA show\n");
    assert!(shown(&r) && r.hand.is_over());
}

/// Forced blinds (001 "Betting"): a single blind left of the dealer, or a small and a big blind (twice it), posted
/// as blind bets before the first turn; the stake is the last blind, and betting begins after it. The text's
/// example: an ante of 50 and one forced blind of 10, then the first seen player bets at least 20.
#[test]
fn forced_blinds_before_the_first_turn() {
    let r = play("rules classic\nboot 50\nset blinds single\nset blind_amount 10\nplayers A B C\ndealer C\nB see\n");
    assert_eq!(r.hand.seats()[0].put_in, 60, "A antes 50 and posts the blind of 10");
    assert_eq!((r.hand.pot(), r.hand.stake()), (160, 10));
    assert_eq!(r.hand.to_act(), Some(1), "betting begins after the blind");
    assert_eq!(r.hand.legal_actions(1).bet.map(|b| b.min), Some(20), "{}", transcript(&r));
    // Small and big blinds: A 10, B 20; C bets first, blind at least the big blind.
    let r = play("rules classic\nboot 50\nset blinds small_big\nset blind_amount 10\nplayers A B C\ndealer C\n");
    let put: Vec<u64> = r.hand.seats().iter().map(|s| s.put_in).collect();
    assert_eq!(put, vec![60, 70, 50]);
    assert_eq!((r.hand.to_act(), r.hand.stake()), (Some(2), 20));
    assert_eq!(r.hand.legal_actions(2).bet.map(|b| b.min), Some(20));
    // The blind defaults to the boot; it counts as the poster's blind bet (a sideshow target has bet).
    let r = play("rules classic\nboot 2\nset blinds single\nplayers A B\ndealer B\n");
    assert_eq!((r.hand.seats()[0].put_in, r.hand.stake()), (4, 2));
    // A player who cannot cover the ante and the blind is not dealt: the hand is refused.
    let short = parse("rules classic\nboot 50\nset blinds single\nplayers A B C\ndealer C\nstack A 55\n").unwrap();
    let e = short.run().unwrap_err().to_string();
    assert!(e.contains("100"), "A needs the ante and the blind (the boot), 100: {e}");
}

/// `ante=dealer` (001 "Betting"): the dealer antes for everyone (the boot times the players), the others nothing;
/// the ledger's share of the deal (`Event::contributions`) is the dealer's alone.
#[test]
fn the_dealer_antes_for_everyone() {
    let r = play("rules classic\nboot 5\nset ante dealer\nplayers A B C\ndealer C\nA pack\nB pack\n");
    let start = &r.start_events[0];
    assert_eq!(start.contributions(3), vec![(2, 15)]);
    let put: Vec<u64> = r.hand.seats().iter().map(|s| s.put_in).collect();
    assert_eq!(put, vec![0, 0, 15]);
    assert_eq!(r.hand.nets(), vec![0, 0, 0], "C takes back the pot of 15 it paid");
    assert!(transcript(&r).contains("C anted 15 for all 3 players"), "{}", transcript(&r));
}

/// The largest bet a seat may make now: (min, max), for the player to act.
fn range(r: &Replay) -> (u64, u64) {
    let seat = r.hand.to_act().unwrap_or_else(|| panic!("nobody to act:\n{}", transcript(r)));
    let b = r.hand.legal_actions(seat).bet.unwrap_or_else(|| panic!("no bet:\n{}", transcript(r)));
    (b.min, b.max)
}

/// Betting structures (001 "Limits"), with the text's worked examples: an ante of 50 (two players' boots of 25)
/// and one forced blind of 10. Pot limit: the first seen bet is 20 to 100, the next 100 to 360, the next 360 to
/// 1,240. The "simpler approach": 20 to 60, then 60 to 120, then 120 to 240. A 1,000 spread limit caps call plus
/// raise at 1,000. Fixed (classic): twice the current bet. No limit: the whole stack. A blind bet is half.
#[test]
fn betting_structures_follow_the_text_s_examples() {
    let table = |structure: &str| {
        format!(
            "rules classic\nboot 25\nset blinds single\nset blind_amount 10\nset bet_structure {structure}\n\
             players A B\ndealer B\nstack A 5000\nstack B 5000\nA see\nB see\n"
        )
    };
    // B deals, so A (left of the dealer) posts the blind and B bets first.
    let r = play(&table("pot"));
    assert_eq!(range(&r), (20, 100), "{}", transcript(&r));
    let r = play(&format!("{}B chaal 100\n", table("pot")));
    assert_eq!(range(&r), (100, 360), "{}", transcript(&r));
    let r = play(&format!("{}B chaal 100\nA chaal 360\n", table("pot")));
    assert_eq!(range(&r), (360, 1240), "{}", transcript(&r));
    let r = play(&table("pot_simple"));
    assert_eq!(range(&r), (20, 60));
    let r = play(&format!("{}B chaal 60\n", table("pot_simple")));
    assert_eq!(range(&r), (60, 120));
    let r = play(&format!("{}B chaal 60\nA chaal 120\n", table("pot_simple")));
    assert_eq!(range(&r), (120, 240));
    let spread =
        table("spread").replace("set bet_structure spread\n", "set bet_structure spread\nset spread_limit 1000\n");
    assert_eq!(range(&play(&spread)), (20, 1000));
    let raise = spread.replace("bet_structure spread", "bet_structure spread_raise");
    assert_eq!(range(&play(&raise)), (20, 1020), "call 20, raise up to 1000");
    assert_eq!(range(&play(&table("fixed"))), (20, 40));
    assert_eq!(range(&play(&table("no_limit"))), (20, 4974), "B's whole stack: 5000 less the boot of 25, even");
    // No limit, blind: half the stack (a blind bet is half under every structure), and the seen answer to the
    // largest blind bet is allowed (it was refused: a blind bet of the whole stack left no seen answer).
    let blind = |stacks: &str, moves: &str| {
        format!("rules classic\nboot 1\nset bet_structure no_limit\nplayers A B\ndealer A\n{stacks}A see\n{moves}")
    };
    let r = play(&blind("stack B 100\n", ""));
    assert_eq!(range(&r), (1, 49), "B: a stack of 99 after the boot, a blind bet of 49 at most");
    let r = play(&blind("stack B 100\n", "B blind 50\n"));
    assert_eq!(r.rejected().len(), 1, "a blind bet of 50 is over half of 99: {:?}", r.rejected());
    let r = play(&blind("stack B 100\nstack A 1000\n", "B blind 49\n"));
    assert_eq!(range(&r), (98, 998), "A answers seen: twice the stake of 49, up to A's stack");
    // A half stack below the stake still bets the stake (the limit never blocks the minimum).
    let r = play(&blind("stack B 66\nstack A 1000\n", "B blind 1\nA chaal 80\n"));
    assert_eq!(range(&r), (40, 40), "B: a stack of 64, half of it 32, below the stake of 40");
    // A hand dealt before revision 1 (stored without one) replays as it was played: the whole stack blind.
    let old = blind("stack B 100\n", "").replace("players A B", "revision 0\nplayers A B");
    assert_eq!(range(&play(&old)), (1, 99));

    // Blind, half: a blind player under pot limit bets 10 to 50.
    let blind = table("pot").replace("A see\nB see\n", "");
    assert_eq!(range(&play(&blind)), (10, 50));
    // A spread structure needs its limit, and the limit needs a spread structure.
    assert!(parse("rules classic\nset bet_structure spread\nplayers A B\n").is_err());
    assert!(parse("rules classic\nset spread_limit 100\nplayers A B\n").is_err());
}

/// `agreed_split` (001 "Tie": "if both players are not want to show ... total money which is invested in the game
/// that will be return/share between both players"): with two players left, the one to act offers to end the hand
/// and share the pot; the other accepts (no card is shown) or plays on (the proposer then acts, and may not offer
/// again that turn; out of time counts as playing on). `refund`: each takes back what they put in, the chips of
/// players who packed halved between them (odd chip to the first left of the dealer); `halve`: the pot halved.
#[test]
fn the_last_two_may_agree_to_share_the_pot() {
    let hand = |how: &str, end: &str| {
        format!(
            "rules classic\nset agreed_split {how}\nplayers A B C\ndealer C\n\
             A blind 1\nB blind 2\nC pack\nA blind 2\nB blind 4\n{end}"
        )
    };
    // A put in 4, B 7, C 1: a pot of 12.
    let r = play(&hand("refund", "A split\nB accept\n"));
    let o = r.hand.outcome().unwrap_or_else(|| panic!("{}", transcript(&r)));
    assert_eq!(o.ended_by, teenpatti::engine::hand::EndedBy::Agreed);
    assert_eq!(r.hand.nets(), vec![1, 0, -1], "A: 4 back and C's odd chip; B: 7 back:\n{}", transcript(&r));
    assert!(!r.events().iter().any(|e| matches!(e.kind, EventKind::Showdown { .. })), "no card is shown");
    let r = play(&hand("halve", "A split\nB accept\n"));
    assert_eq!(r.hand.nets(), vec![2, -1, -1], "6 each:\n{}", transcript(&r));
    // Refused: A acts on, and may not offer again this turn; out of time is a refusal too.
    let r = play(&hand("refund", "A split\nB deny\nA split\nA blind 4\n"));
    assert!(refusal(&r, 12).contains("already asked"), "{}", transcript(&r));
    assert_eq!((r.hand.is_over(), r.hand.to_act()), (false, Some(1)), "{}", transcript(&r));
    let r = play(&hand("refund", "A split\nB timeout\n"));
    assert_eq!((r.hand.is_over(), r.hand.to_act()), (false, Some(0)), "{}", transcript(&r));
    // Only with two players left, only the one asked answers, and only where the table allows it.
    let r = play("rules classic\nset agreed_split halve\nplayers A B C\ndealer C\nA split\n");
    assert!(refusal(&r, 5).contains("two players"), "{}", transcript(&r));
    let r = play(&hand("refund", "A split\nA accept\n"));
    assert!(refusal(&r, 11).contains("nobody offered you"), "{}", transcript(&r));
    let r = play(&hand("off", "A split\n"));
    assert!(refusal(&r, 10).contains("does not allow"), "{}", transcript(&r));
}

/// `post` (001 "Post"): a missed ante posted at the deal goes into the pot as the returning player's own chips,
/// before the first turn; the option needs the dealer's rotating ante (the table works out who owes what:
/// `tests/table_service.rs`).
#[test]
fn a_posted_ante_goes_into_the_pot_at_the_deal() {
    let r = play("rules classic\nset ante dealer\nset post true\nplayers A B C\ndealer C\npost A 3\nA blind 1\n");
    assert!(r.rejected().is_empty(), "{:?}\n{}", r.rejected(), transcript(&r));
    let posted: Vec<(usize, u64, u64)> = r
        .events()
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Posted { seat, amount, pot } => Some((seat, amount, pot)),
            _ => None,
        })
        .collect();
    assert_eq!(posted, vec![(0, 3, 6)], "C antes 3 for all, A posts 3");
    assert_eq!(r.hand.seats()[0].put_in, 3 + 1);
    assert!(transcript(&r).contains("A posted 3, the ante they missed"), "{}", transcript(&r));
    // A player who cannot pay the post cannot be dealt in.
    let bad = parse("rules classic\nset ante dealer\nset post true\nplayers A B C\ndealer C\nstack A 2\npost A 3\n")
        .unwrap()
        .run();
    assert!(bad.is_err());
    let mut rules = teenpatti::engine::Rules::default();
    let refused = rules.set_options("post=true").and_then(|_| rules.validate()).unwrap_err().to_string();
    assert!(refused.contains("ante=dealer"), "{refused}");
}
