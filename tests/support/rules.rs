//! Discord's limits on what a bot sends. Each function returns the list of broken rules (empty = fine).
#![allow(dead_code)]

use serde_json::Value;

pub const MAX_CONTENT: usize = 2000;
pub const MAX_EMBEDS: usize = 10;
pub const MAX_EMBED_TOTAL: usize = 6000;
pub const MAX_EMBED_TITLE: usize = 256;
pub const MAX_EMBED_DESCRIPTION: usize = 4096;
pub const MAX_EMBED_FIELDS: usize = 25;
pub const MAX_FIELD_NAME: usize = 256;
pub const MAX_FIELD_VALUE: usize = 1024;
pub const MAX_FOOTER: usize = 2048;
pub const MAX_AUTHOR_NAME: usize = 256;
pub const MAX_ACTION_ROWS: usize = 5;
pub const MAX_BUTTONS_PER_ROW: usize = 5;
pub const MAX_CUSTOM_ID: usize = 100;
pub const MAX_BUTTON_LABEL: usize = 80;

fn chars(v: Option<&Value>) -> usize {
    v.and_then(Value::as_str).map_or(0, |s| s.chars().count())
}

/// Records "`what` has `n` characters (max `max`)" when `n` is over `max`.
fn at_most(out: &mut Vec<String>, what: std::fmt::Arguments, n: usize, max: usize) {
    if n > max {
        out.push(format!("{what} has {n} characters (max {max})"));
    }
}

/// Where a message body is going: the ephemeral flag is only allowed on interaction replies/follow-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    ChannelMessage,
    InteractionReply,
}

/// Checks a message body (create or edit): content, embeds, components and flags.
pub fn check_message(body: &Value, target: Target) -> Vec<String> {
    let mut out = Vec::new();
    let n = chars(body.get("content"));
    at_most(&mut out, format_args!("content"), n, MAX_CONTENT);
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        check_embeds(embeds, &mut out);
    }
    if let Some(rows) = body.get("components").and_then(Value::as_array) {
        check_components(rows, &mut out);
    }
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
    if flags & 64 != 0 && target == Target::ChannelMessage {
        out.push(
            "ephemeral flag (64) on a channel message: ephemeral messages exist only as interaction replies".into(),
        );
    }
    out
}

fn check_embeds(embeds: &[Value], out: &mut Vec<String>) {
    if embeds.len() > MAX_EMBEDS {
        out.push(format!("{} embeds (max {MAX_EMBEDS})", embeds.len()));
    }
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        let title = chars(e.get("title"));
        let desc = chars(e.get("description"));
        let footer = chars(e.get("footer").and_then(|f| f.get("text")));
        let author = chars(e.get("author").and_then(|a| a.get("name")));
        total += title + desc + footer + author;
        at_most(out, format_args!("embed {i}: title"), title, MAX_EMBED_TITLE);
        at_most(out, format_args!("embed {i}: description"), desc, MAX_EMBED_DESCRIPTION);
        at_most(out, format_args!("embed {i}: footer"), footer, MAX_FOOTER);
        at_most(out, format_args!("embed {i}: author name"), author, MAX_AUTHOR_NAME);
        if let Some(fields) = e.get("fields").and_then(Value::as_array) {
            if fields.len() > MAX_EMBED_FIELDS {
                out.push(format!("embed {i}: {} fields (max {MAX_EMBED_FIELDS})", fields.len()));
            }
            for (j, f) in fields.iter().enumerate() {
                let name = chars(f.get("name"));
                let value = chars(f.get("value"));
                total += name + value;
                at_most(out, format_args!("embed {i} field {j}: name"), name, MAX_FIELD_NAME);
                at_most(out, format_args!("embed {i} field {j}: value"), value, MAX_FIELD_VALUE);
            }
        }
    }
    if total > MAX_EMBED_TOTAL {
        out.push(format!("embeds have {total} characters in all (max {MAX_EMBED_TOTAL})"));
    }
}

fn check_components(rows: &[Value], out: &mut Vec<String>) {
    let mut ids = std::collections::HashSet::new();
    for id in rows
        .iter()
        .filter_map(|r| r.get("components").and_then(Value::as_array))
        .flatten()
        .filter_map(|c| c.get("custom_id").and_then(Value::as_str))
    {
        if !ids.insert(id) {
            out.push(format!("custom_id {id:?} used twice in one message"));
        }
    }
    if rows.len() > MAX_ACTION_ROWS {
        out.push(format!("{} action rows (max {MAX_ACTION_ROWS})", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            out.push(format!("component row {i} is not an action row (type 1)"));
            continue;
        }
        let items = row.get("components").and_then(Value::as_array).map_or(&[][..], |v| v.as_slice());
        let buttons = items.iter().filter(|c| c.get("type").and_then(Value::as_u64) == Some(2)).count();
        if buttons > MAX_BUTTONS_PER_ROW {
            out.push(format!("action row {i} has {buttons} buttons (max {MAX_BUTTONS_PER_ROW})"));
        }
        if items.is_empty() {
            out.push(format!("action row {i} is empty"));
        }
        let selects = items.len() - buttons;
        if selects > 0 && items.len() > 1 {
            out.push(format!("action row {i} mixes a select menu with other components"));
        }
        for (j, c) in items.iter().enumerate() {
            let id = chars(c.get("custom_id"));
            at_most(out, format_args!("row {i} component {j}: custom_id"), id, MAX_CUSTOM_ID);
            let label = chars(c.get("label"));
            at_most(out, format_args!("row {i} component {j}: label"), label, MAX_BUTTON_LABEL);
            let style = c.get("style").and_then(Value::as_u64);
            if c.get("type").and_then(Value::as_u64) == Some(2) {
                let link = style == Some(5);
                if !link && c.get("custom_id").is_none() {
                    out.push(format!("row {i} button {j}: a non-link button needs a custom_id"));
                }
                if link && c.get("url").is_none() {
                    out.push(format!("row {i} button {j}: a link button needs a url"));
                }
            }
        }
    }
}

/// Checks a list of application commands being registered (names, descriptions, option counts).
pub fn check_commands(list: &[Value]) -> Vec<String> {
    let mut out = Vec::new();
    if list.len() > 100 {
        out.push(format!("{} chat input commands (max 100)", list.len()));
    }
    for c in list {
        check_command_like(c, "command", &mut out);
    }
    out
}

fn check_command_like(c: &Value, what: &str, out: &mut Vec<String>) {
    let name = c.get("name").and_then(Value::as_str).unwrap_or("");
    let kind = c.get("type").and_then(Value::as_u64).unwrap_or(1);
    let chat_input = what != "command" || kind == 1;
    let valid_name = !name.is_empty()
        && name.chars().count() <= 32
        && name.chars().all(|ch| ch == '-' || ch == '_' || ch.is_alphanumeric())
        && name.to_lowercase() == name;
    if chat_input && !valid_name {
        out.push(format!("{what} name {name:?} is not 1-32 lowercase letters, digits, '-' or '_'"));
    }
    let desc = chars(c.get("description"));
    if chat_input && !(1..=100).contains(&desc) {
        out.push(format!("{what} {name:?}: description has {desc} characters (1-100)"));
    }
    if let Some(opts) = c.get("options").and_then(Value::as_array) {
        if opts.len() > 25 {
            out.push(format!("{what} {name:?}: {} options (max 25)", opts.len()));
        }
        let mut seen_optional = false;
        for o in opts {
            let required = o.get("required").and_then(Value::as_bool).unwrap_or(false);
            let oname = o.get("name").and_then(Value::as_str).unwrap_or("");
            if required && seen_optional {
                out.push(format!("{what} {name:?}: required option {oname:?} after an optional one"));
            }
            seen_optional |= !required;
            if let Some(ch) = o.get("choices").and_then(Value::as_array) {
                if ch.len() > 25 {
                    out.push(format!("option {oname:?}: {} choices (max 25)", ch.len()));
                }
            }
            check_command_like(o, "option", out);
        }
    }
}
