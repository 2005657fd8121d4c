//! The rule options' own unit tests.

use super::*;

#[test]
fn set_every_option_and_round_trip_json() {
    let mut r = Rules::default();
    for (name, value) in [
        ("variant", "muflis"),
        ("boot", "5"),
        ("a23", "second"),
        ("pure_sequence_beats_trio", "true"),
        ("langdi", "on"),
        ("show_tie", "split"),
        ("suit_order", "sdhc"),
        ("chaal_limit", "64"),
        ("pot_limit", "1000"),
        ("blind_turn_limit", "3"),
        ("show_cost", "double"),
        ("seen_can_show_blind", "yes"),
        ("see_on_turn_only", "true"),
        ("pack_on_turn_only", "true"),
        ("sideshow_order", "ask_first"),
        ("after_sideshow", "asker_if_won"),
        ("show_concede", "true"),
        ("deal_order", "winner"),
        ("bet_structure", "pot"),
        ("agreed_split", "refund"),
        ("spread_limit", "1000"),
        ("ante", "dealer"),
        ("blinds", "single"),
        ("blind_amount", "10"),
        ("first_dealer", "cut"),
        ("joker", "7"),
    ] {
        r.set(name, value).unwrap();
    }
    assert_eq!(r.variant, Variant::Muflis);
    assert_eq!(r.chaal_limit, Some(64));
    assert_eq!(r.describe().len(), OPTIONS.len());
    let json = serde_json::to_string(&r).unwrap();
    let back: Rules = serde_json::from_str(&json).unwrap();
    assert_eq!(back, r);
    let partial: Rules = serde_json::from_str(r#"{"variant":"ak47"}"#).unwrap();
    // A stored setup without a revision was dealt before revisions were kept: revision 0.
    assert_eq!(partial, Rules { variant: Variant::Ak47, revision: 0, ..Rules::default() });
    assert_eq!(Rules::default().revision, RULES_REVISION);
}

#[test]
fn limits_name_their_range_and_are_never_quietly_lowered() {
    let mut r = Rules::default();
    let e = r.set("chaal_limit", "1").unwrap_err().to_string();
    assert!(e.contains("from 2 to 10^12"), "{e}");
    let e = r.set("blind_turn_limit", "-1").unwrap_err().to_string();
    assert!(e.contains("from 0 to"), "{e}");
    r.set("blind_turn_limit", "0").unwrap();
    assert_eq!(r.blind_turn_limit, Some(0));
    for (option, value) in [("chaal_limit", "18446744073709551615"), ("pot_limit", "1000000000001")] {
        let e = r.set(option, value).unwrap_err().to_string();
        assert!(e.contains("to 10^12"), "{option}={value}: {e}");
    }
    r.set("pot_limit", "1000000000000").unwrap();
    assert_eq!(r.pot_limit, Some(MAX_AMOUNT));
}

#[test]
fn bad_options_are_clear() {
    let mut r = Rules::default();
    assert!(matches!(r.set("nope", "1"), Err(RulesError::UnknownOption(_))));
    assert!(r.set("jokr", "draw").unwrap_err().to_string().contains("did you mean `joker`?"));
    let e = r.set("show_tie", "coin_flip").unwrap_err().to_string();
    assert!(e.contains("payer_loses | split | suit_order"), "{e}");
    assert!(r.set("boot", "-3").is_err());
    assert!(r.set("boot", "0").is_err());
    assert!(r.set("chaal_limit", "1").is_err());
    r.set("pot_limit", "none").unwrap();
    assert_eq!(r, Rules::default());
}

#[test]
fn name_value_options() {
    let mut r = Rules::default();
    r.set_options("show_tie=split langdi=true,chaal_limit=64;; boot=2 ").unwrap();
    assert_eq!(r, Rules { show_tie: ShowTie::Split, langdi: true, chaal_limit: Some(64), boot: 2, ..Rules::default() });
    r.set_option("variant=muflis").unwrap();
    assert_eq!(r.variant, Variant::Muflis);
    r.set_options("").unwrap();
    let e = r.set_options("langdi=false split").unwrap_err();
    assert_eq!(e, RulesError::NotNameValue("split".into()));
    assert_eq!(e.to_string(), "`split`: write options as name=value");
    assert!(!r.langdi, "the items before the bad one are set");
    assert!(matches!(r.set_option("nonsense=1"), Err(RulesError::UnknownOption(_))));
    assert!(matches!(r.set_option("langdi=maybe"), Err(RulesError::BadValue { .. })));
    assert_eq!(r.set_option("langdi"), Err(RulesError::NotNameValue("langdi".into())));
}

#[test]
fn chaal_limit_must_allow_the_first_seen_bet() {
    let mut r = Rules::default();
    r.set("boot", "10").unwrap();
    r.set("chaal_limit", "15").unwrap();
    assert!(r.validate().unwrap_err().to_string().contains("at least twice the boot (20)"));
    r.set("chaal_limit", "20").unwrap();
    assert_eq!(r.validate(), Ok(()));
}

#[test]
fn suit_orders() {
    assert!(SuitOrder::Shdc.strength(Suit::Hearts) > SuitOrder::Shdc.strength(Suit::Diamonds));
    assert!(SuitOrder::Sdhc.strength(Suit::Diamonds) > SuitOrder::Sdhc.strength(Suit::Hearts));
}

/// Every option reads back what it shows: each value `describe` gives is accepted by `set` and shown again the
/// same, on the defaults and on variants that decide several options themselves. (Setting an option the variant
/// decides may make the rules not combine, e.g. `community_turn` without community cards; that is `validate`'s.)
#[test]
fn every_option_reads_what_it_shows() {
    for base in [Rules::default(), Rules::preset("zandu").unwrap(), Rules::preset("draw").unwrap()] {
        for (name, shown) in base.describe() {
            let mut r = base.clone();
            match r.set(name, &shown) {
                Ok(()) => {
                    let again = r.describe().into_iter().find(|(n, _)| *n == name).map(|(_, v)| v);
                    assert_eq!(again.as_deref(), Some(shown.as_str()), "{name}={shown} shows otherwise once set");
                }
                Err(e) => panic!("{name}={shown}, as shown, is refused: {e}"),
            }
        }
    }
    let names: Vec<&str> = OPTIONS.iter().map(|o| o.name).collect();
    let mut unique = names.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "an option is defined twice");
    assert_eq!(ranking_options().count(), 14);
    assert!(option("Show-Tie").is_some_and(|o| o.name == "show_tie"), "names are read in any case, - for _");
}
