//! Reading a hand script: its directives (names, stacks, rules, the cards dealt and turned up) and its steps,
//! each refusal a [`ScriptError`] naming its line.

use super::*;

/// Parses a script. Errors name the line.
pub fn parse(text: &str) -> Result<Script, ScriptError> {
    if text.len() > MAX_SCRIPT_BYTES {
        return Err(ScriptError { line: None, message: too_big(text.len()) });
    }
    let mut rules = Rules::default();
    // The last line that changed the rules: a combination the rules refuse is reported there.
    let mut rules_line: Option<usize> = None;
    let mut players: Option<Vec<String>> = None;
    let mut dealer: Option<Seat> = None;
    let mut stacks: Vec<Option<Chips>> = Vec::new();
    let mut fixed: Vec<Option<(usize, Vec<Card>)>> = Vec::new();
    let mut fixed_up: Vec<Option<(usize, Vec<Card>)>> = Vec::new();
    let mut community: Option<(usize, Vec<Card>)> = None;
    let mut stock: Vec<Card> = Vec::new();
    let mut picked: Option<(usize, String)> = None;
    let mut turned: [Option<(usize, Card)>; 3] = [None; 3];
    let mut kaana_dormant: Option<usize> = None;
    let mut posts: Vec<(Seat, Chips)> = Vec::new();
    let mut seed: Option<u64> = None;
    let mut boot_given = false;
    let mut steps: Vec<Step> = Vec::new();
    let mut used_cards: HashSet<Card> = HashSet::new();

    // A UTF-8 byte-order mark (editors on Windows write one) is not part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if line > MAX_LINES {
            return err(line, format!("the script has more than {MAX_LINES} lines (the most `replay` reads)"));
        }
        let content = raw.split('#').next().unwrap_or("").trim();
        let tokens: Vec<&str> = content.split_whitespace().collect();
        let Some((&head, rest)) = tokens.split_first() else { continue };
        let keyword = head.to_ascii_lowercase();
        if DIRECTIVES.contains(&keyword.as_str()) {
            if !steps.is_empty() {
                return err(line, format!("`{}` after the first action: directives come first", echo(&keyword)));
            }
        } else {
            let Some(names) = &players else {
                return err(line, format!("`{}` is not a directive, and no `players` line names it", echo(head)));
            };
            let seat = seat_of(names, head, line)?;
            let (action, bet_as, discard) = parse_action(rest, line)?;
            steps.push(Step { line, seat, action, bet_as, discard, text: content.to_string() });
            continue;
        }
        let names =
            || players.as_ref().ok_or(ScriptError { line: Some(line), message: "`players` must come first".into() });
        match keyword.as_str() {
            "rules" => {
                let [name] = rest else { return err(line, "usage: rules PRESET (classic, muflis, joker, ...)") };
                if rules_line.is_some() {
                    return err(line, "`rules` must come before `set` and `boot` lines (it resets every option)");
                }
                rules = Rules::preset(name).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "set" => {
                let [name, value @ ..] = rest else { return err(line, "usage: set OPTION VALUE") };
                if value.is_empty() {
                    return err(line, "usage: set OPTION VALUE");
                }
                rules
                    .set(name, &value.join(" "))
                    .map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "boot" => {
                let [value] = rest else { return err(line, "usage: boot CHIPS") };
                if boot_given {
                    return err(line, "`boot` given twice");
                }
                boot_given = true;
                rules.set("boot", value).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                rules_line = Some(line);
            }
            "revision" => {
                // A hand dealt under an earlier revision of the engine's rules (`Rules::revision`), as an export
                // writes it.
                let [value] = rest else { return err(line, "usage: revision N") };
                let revision = value.parse::<u32>().ok().filter(|r| *r <= crate::engine::rules::RULES_REVISION);
                let Some(revision) = revision else {
                    let most = crate::engine::rules::RULES_REVISION;
                    return err(line, format!("`{}` is not a rules revision (0 to {most})", echo(value)));
                };
                rules.revision = revision;
                rules_line = Some(line);
            }
            "players" => {
                if players.is_some() {
                    return err(line, "`players` given twice");
                }
                if rest.is_empty() {
                    return err(line, "usage: players NAME NAME ...");
                }
                if rest.len() > MAX_SEATS {
                    return err(line, format!("a table seats at most {MAX_SEATS} players, not {}", rest.len()));
                }
                let mut seen = HashSet::new();
                for name in rest {
                    if name.chars().nth(MAX_NAME_CHARS).is_some() {
                        let e = echo(name);
                        return err(line, format!("`{e}`: player names are at most {MAX_NAME_CHARS} characters"));
                    }
                    if name.chars().any(crate::echo::is_unsafe) {
                        let e = echo(name);
                        return err(
                            line,
                            format!("`{e}`: a player name cannot hold control or text-direction characters"),
                        );
                    }
                    if DIRECTIVES.contains(&name.to_ascii_lowercase().as_str()) {
                        return err(line, format!("`{}` is a directive and cannot be a player name", echo(name)));
                    }
                    if !seen.insert(*name) {
                        return err(line, format!("player `{}` listed twice", echo(name)));
                    }
                }
                stacks = vec![None; rest.len()];
                fixed = vec![None; rest.len()];
                fixed_up = vec![None; rest.len()];
                players = Some(rest.iter().map(|s| s.to_string()).collect());
            }
            "dealer" => {
                let [name] = rest else { return err(line, "usage: dealer NAME") };
                if dealer.is_some() {
                    return err(line, "`dealer` given twice");
                }
                dealer = Some(seat_of(names()?, name, line)?);
            }
            "stack" => {
                let [name, value] = rest else { return err(line, "usage: stack NAME CHIPS") };
                let seat = seat_of(names()?, name, line)?;
                let chips = value.parse::<Chips>().map_err(|_| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a whole number of chips", echo(value)),
                })?;
                if stacks[seat].is_some() {
                    return err(line, format!("`stack` for `{}` given twice", echo(name)));
                }
                stacks[seat] = Some(chips);
            }
            "post" => {
                let [name, value] = rest else { return err(line, "usage: post NAME CHIPS") };
                let seat = seat_of(names()?, name, line)?;
                let chips = value.parse::<Chips>().ok().filter(|&c| c > 0).ok_or_else(|| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a positive whole number of chips", echo(value)),
                })?;
                if posts.iter().any(|&(s, _)| s == seat) {
                    return err(line, format!("`post` for `{}` given twice", echo(name)));
                }
                posts.push((seat, chips));
            }
            "cards" | "up" => {
                let [name, cards @ ..] = rest else { return err(line, format!("usage: {keyword} NAME CARD ...")) };
                let seat = seat_of(names()?, name, line)?;
                let slot = if keyword == "up" { &mut fixed_up[seat] } else { &mut fixed[seat] };
                if slot.is_some() {
                    return err(line, format!("`{keyword}` for `{}` given twice", echo(name)));
                }
                *slot = Some((line, fix_cards(cards, line, &mut used_cards)?));
            }
            "community" | "common" | "stock" => {
                if rest.is_empty() {
                    return err(line, format!("usage: {keyword} CARD ..."));
                }
                let cards = fix_cards(rest, line, &mut used_cards)?;
                if keyword == "stock" {
                    stock.extend(cards);
                } else if community.is_some() {
                    return err(line, "the community cards are given twice (`community` or `common`)");
                } else {
                    community = Some((line, cards));
                }
            }
            "pick" => {
                let [variant, options @ ..] = rest else { return err(line, "usage: pick VARIANT [OPTION=VALUE ...]") };
                if picked.is_some() {
                    return err(line, "`pick` given twice");
                }
                let variant = variant
                    .parse()
                    .map_err(|e: RulesError| ScriptError { line: Some(line), message: e.to_string() })?;
                let options = options.join(" ");
                rules = rules
                    .pick(variant, &options)
                    .map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
                picked =
                    Some((line, if options.is_empty() { variant.to_string() } else { format!("{variant} {options}") }));
                rules_line = Some(line);
            }
            "joker" | "wild_suit" | "bust" => {
                let [card] = rest else { return err(line, format!("usage: {keyword} CARD")) };
                let card: Card = card.parse().map_err(|e: crate::engine::cards::CardError| ScriptError {
                    line: Some(line),
                    message: e.to_string(),
                })?;
                let k = TURNED.iter().position(|(name, _)| *name == keyword).unwrap_or(0);
                if turned[k].is_some() {
                    return err(line, format!("`{keyword}` given twice"));
                }
                if card.is_joker() {
                    return err(line, format!("{card} is a printed joker: a draw names a rank or a suit"));
                }
                if !used_cards.insert(card) {
                    return err(line, format!("{card} is already fixed for a player or turned up"));
                }
                turned[k] = Some((line, card));
            }
            "kaana" => {
                let ["dormant"] = rest else { return err(line, "usage: kaana dormant") };
                if kaana_dormant.is_some() {
                    return err(line, "`kaana` given twice");
                }
                kaana_dormant = Some(line);
            }
            "seed" => {
                let [value] = rest else { return err(line, "usage: seed NUMBER") };
                if seed.is_some() {
                    return err(line, "`seed` given twice");
                }
                seed = Some(value.parse::<u64>().map_err(|_| ScriptError {
                    line: Some(line),
                    message: format!("`{}` is not a seed (a whole number)", echo(value)),
                })?);
            }
            _ => return err(line, format!("unknown directive `{}`", echo(&keyword))),
        }
    }
    // The table's rules are checked as `/table open` checks them.
    if let Err(e) = rules.validate() {
        return Err(ScriptError { line: rules_line, message: e.to_string() });
    }

    let Some(players) = players else {
        return Err(ScriptError { line: None, message: "no `players` line".into() });
    };
    if rules.variant == crate::engine::rules::Variant::DealersChoice {
        return Err(ScriptError {
            line: rules_line,
            message: "a dealers_choice hand needs the dealer's `pick` (a variant to play)".into(),
        });
    }
    let parts = rules.parts().map_err(|e| ScriptError { line: rules_line, message: e.to_string() })?;
    let plan = parts.plan;
    let no_jokers = |line: usize, cards: &[Card]| -> Result<(), ScriptError> {
        match cards.iter().find(|c| c.is_joker()).filter(|_| parts.jokers == 0) {
            Some(joker) => {
                err(line, format!("{joker} is a printed joker, and these rules play without them (set jokers 2)"))
            }
            None => Ok(()),
        }
    };
    for (f, per, what) in [(&fixed, plan.down, "down"), (&fixed_up, plan.up, "face-up")] {
        for (seat, f) in f.iter().enumerate() {
            if let Some((line, cards)) = f {
                if cards.len() != per {
                    let name = echo(&players[seat]);
                    let dealt = if per == 1 { format!("1 {what} card") } else { format!("{per} {what} cards") };
                    return err(*line, format!("{name} is dealt exactly {dealt}, not {}", cards.len()));
                }
                no_jokers(*line, cards)?;
            }
        }
    }
    if let Some((line, cards)) = &community {
        if cards.len() > plan.community {
            let deal = n_cards(plan.community);
            return err(*line, format!("these rules deal {deal} in the middle (community), not {}", cards.len()));
        }
        no_jokers(*line, cards)?;
    }
    let wanted = parts.draws();
    for (k, fixed) in turned.iter().enumerate() {
        if let (Some((line, card)), false) = (fixed, wanted[k]) {
            let _ = card;
            return err(*line, TURNED[k].1);
        }
        if let Some((line, card)) = fixed.filter(|(_, c)| c.is_joker() && parts.jokers == 0) {
            return err(line, format!("{card} is a printed joker, and these rules play without them (set jokers 2)"));
        }
    }
    if let (Some(line), false) = (kaana_dormant, rules.kaana_round) {
        return err(line, "`kaana dormant` needs `set kaana_round true` (under kaana)");
    }
    let card = |k: usize| turned[k].map(|(_, c)| c);
    Ok(Script {
        rules,
        dealer: dealer.unwrap_or(players.len() - 1),
        stacks: stacks.into_iter().map(|s| s.unwrap_or(DEFAULT_STACK)).collect(),
        fixed: fixed.into_iter().map(|f| f.map(|(_, c)| c)).collect(),
        fixed_up: fixed_up.into_iter().map(|f| f.map(|(_, c)| c)).collect(),
        community: community.map(|(_, c)| c).unwrap_or_default(),
        board: Board { joker: card(0), wild_suit: card(1), bust: card(2), ..Board::default() },
        stock,
        picked: picked.map(|(_, p)| p),
        kaana_dormant: kaana_dormant.is_some(),
        posts,
        seed: seed.unwrap_or(0),
        players,
        steps,
    })
}

/// Cards fixed by a directive: each at most once in the whole script.
fn fix_cards(words: &[&str], line: usize, used: &mut HashSet<Card>) -> Result<Vec<Card>, ScriptError> {
    let cards = parse_cards(&words.join(" ")).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
    for c in &cards {
        if !used.insert(*c) {
            return err(line, format!("{c} is already fixed by another line"));
        }
    }
    Ok(cards)
}

/// The message for a script over [`MAX_SCRIPT_BYTES`].
pub fn too_big(bytes: usize) -> String {
    format!("the script is larger than 1 MiB ({bytes} bytes or more); `replay` reads scripts of up to {MAX_SCRIPT_BYTES} bytes")
}

/// The seat of a player by name: at most [`MAX_SEATS`] names to look through.
fn seat_of(names: &[String], name: &str, line: usize) -> Result<Seat, ScriptError> {
    names.iter().position(|n| n == name).ok_or_else(|| ScriptError {
        line: Some(line),
        message: format!(
            "unknown player `{}` (players: {})",
            echo(name),
            names.iter().map(|n| echo(n)).collect::<Vec<_>>().join(" ")
        ),
    })
}

/// "1 card", "3 cards".
pub(crate) fn n_cards(n: usize) -> String {
    if n == 1 {
        "1 card".to_string()
    } else {
        format!("{n} cards")
    }
}

/// An action as written: `blind N`, `chaal N` or `bet N`, or an action
/// without an amount by its name (`fold` is `pack`).
fn parse_action(rest: &[&str], line: usize) -> Result<(Action, BetAs, Option<Vec<Card>>), ScriptError> {
    let Some((&word, args)) = rest.split_first() else {
        return err(line, "a player name must be followed by an action");
    };
    let word = word.to_ascii_lowercase();
    if word == "draw" {
        return parse_draw(args, line);
    }
    if let Some(bet_as) = BetAs::ALL.into_iter().find(|b| b.word() == word) {
        return match args {
            [n] => n.parse::<Chips>().map(|n| (Action::Bet(n), bet_as, None)).map_err(|_| ScriptError {
                line: Some(line),
                message: format!("`{}` is not a whole number of chips", echo(n)),
            }),
            _ => err(line, format!("usage: NAME {word} CHIPS")),
        };
    }
    // Other words players use: fold for pack; a called player's answers to a show (`show_concede`).
    let name = match word.as_str() {
        "fold" => Action::Pack.name(),
        // Declarations at a high-low show.
        "high" => Action::DeclareHigh.name(),
        "low" => Action::DeclareLow.name(),
        "reveal" => Action::Accept.name(),
        "concede" => Action::Deny.name(),
        _ => word.as_str(),
    };
    let Some(action) = Action::WITHOUT_AMOUNT.into_iter().find(|a| a.name() == name) else {
        let bets = BetAs::ALL.iter().map(|b| format!("{} N", b.word()));
        // Declarations are written as players say them.
        let plain = Action::WITHOUT_AMOUNT.iter().map(|a| match a {
            Action::DeclareHigh => "high".to_string(),
            Action::DeclareLow => "low".to_string(),
            a => a.name().to_string(),
        });
        let known = bets.chain(plain).chain(["draw CARDS".to_string()]).collect::<Vec<_>>().join(", ");
        return err(line, format!("unknown action `{}` ({known})", echo(&word)));
    };
    if !args.is_empty() {
        return err(line, format!("`{}` takes no amount", echo(&word)));
    }
    Ok((action, BetAs::Either, None))
}

/// `draw none` (stand pat), `draw 1 3` (positions from 1) or `draw Ks 2c` (the cards themselves).
fn parse_draw(args: &[&str], line: usize) -> Result<(Action, BetAs, Option<Vec<Card>>), ScriptError> {
    if args.is_empty() || args.iter().all(|a| a.eq_ignore_ascii_case("none")) {
        return Ok((Action::Draw(0), BetAs::Either, None));
    }
    if args.iter().all(|a| a.parse::<u8>().is_ok()) {
        let mut mask = 0u8;
        for a in args {
            match a.parse::<u8>() {
                Ok(n @ 1..=8) => mask |= 1 << (n - 1),
                _ => return err(line, format!("`{}`: draw positions are 1 to 8", echo(a))),
            }
        }
        return Ok((Action::Draw(mask), BetAs::Either, None));
    }
    let cards = parse_cards(&args.join(" ")).map_err(|e| ScriptError { line: Some(line), message: e.to_string() })?;
    Ok((Action::Draw(0), BetAs::Either, Some(cards)))
}
