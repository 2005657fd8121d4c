//! The players' language (issue 16): the catalogue in `locales/` is complete. Every message has every language,
//! each translation uses the same arguments as the English, every id the code asks for exists, and the commands'
//! localized names and descriptions are there and valid for Discord.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;
use regex::Regex;
use teenpatti::i18n::{Lang, SOURCES};

/// Each message id of a catalogue, with the variables its text uses.
fn messages(source: &str) -> BTreeMap<String, BTreeSet<String>> {
    let resource = fluent_syntax::parser::parse(source).unwrap_or_else(|(_, errors)| panic!("syntax: {errors:?}"));
    let mut out = BTreeMap::new();
    for entry in resource.body {
        if let ast::Entry::Message(m) = entry {
            let mut vars = BTreeSet::new();
            if let Some(p) = &m.value {
                pattern_vars(p, &mut vars);
            }
            let id = m.id.name.to_string();
            assert!(out.insert(id.clone(), vars).is_none(), "{id} appears twice");
        }
    }
    out
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for e in &p.elements {
        if let ast::PatternElement::Placeable { expression } = e {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

#[test]
fn every_message_has_every_language_with_the_same_arguments() {
    let all: Vec<(Lang, BTreeMap<String, BTreeSet<String>>)> = SOURCES.iter().map(|(l, s)| (*l, messages(s))).collect();
    let english = &all[0].1;
    assert!(english.len() > 100, "{} messages", english.len());
    let mut problems = Vec::new();
    for (lang, catalogue) in &all[1..] {
        for (id, vars) in english {
            match catalogue.get(id) {
                None => problems.push(format!("{lang}: `{id}` has no translation")),
                Some(v) if v != vars => problems.push(format!("{lang}: `{id}` uses {v:?}, English {vars:?}")),
                Some(_) => {}
            }
        }
        for id in catalogue.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("{lang}: `{id}` is not an English message"));
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}

/// Every id the code names (`tr!(lang, "id"`, and the ids it passes around as string literals) is a message.
#[test]
fn every_id_the_code_asks_for_exists() {
    let english = messages(SOURCES[0].1);
    let id = Regex::new(r#""((?:cmd|[a-z]+)-[a-z0-9]+(?:-[a-z0-9]+)*)""#).unwrap();
    // `tr!(` as a call, not the end of `include_str!(`.
    let uses_tr = Regex::new(r"(?:^|[^A-Za-z0-9_])tr!\(").unwrap();
    let mut missing = Vec::new();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src");
    let mut files = vec![std::path::PathBuf::from(root)];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        if path.starts_with(concat!(env!("CARGO_MANIFEST_DIR"), "/src/i18n"))
            || (!uses_tr.is_match(&text) && !text.contains("i18n::text("))
        {
            continue;
        }
        for c in id.captures_iter(&text) {
            let name = &c[1];
            if !english.contains_key(name) && !name.starts_with("no-such") {
                missing.push(format!("{}: `{name}`", path.display()));
            }
        }
    }
    assert!(missing.is_empty(), "ids the code uses that the catalogue lacks:\n{}", missing.join("\n"));
}

/// The commands' words: English as in the code; every language Discord has a locale for names every command,
/// subcommand and option description, within Discord's rules (a name 1 to 32 lowercase letters, digits, `-`
/// or `_`, Devanagari included; a description 1 to 100 characters).
#[test]
fn commands_have_their_localized_names_and_descriptions() {
    let name_rule = Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}]{1,32}$").unwrap();
    let words = teenpatti::discord::commands::command_words();
    assert!(words.len() > 40, "{} command words", words.len());
    let mut problems = Vec::new();
    for (id, english) in &words {
        let en = teenpatti::i18n::text(Lang::En, id, None);
        if !teenpatti::i18n::has(Lang::En, id) || &en != english {
            problems.push(format!("en: `{id}` should be {english:?} (is {en:?})"));
        }
        for lang in [Lang::Hi] {
            if !teenpatti::i18n::has(lang, id) {
                problems.push(format!("{lang}: `{id}` is missing"));
                continue;
            }
            let text = teenpatti::i18n::text(lang, id, None);
            let is_name = !id.ends_with("-desc");
            if is_name && (!name_rule.is_match(&text) || text.to_lowercase() != text) {
                problems.push(format!("{lang}: `{id}` = {text:?} is not a valid command name"));
            }
            if !is_name && !(1..=100).contains(&text.chars().count()) {
                problems.push(format!("{lang}: `{id}` is {} characters", text.chars().count()));
            }
        }
    }
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
}
