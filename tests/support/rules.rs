//! Discord's limits on what a bot sends. Each function returns the list of broken rules (empty = fine), each
//! with the field it is about, so that the stand-in can answer as Discord does: 400 with code 50035 "Invalid Form
//! Body" and the problems nested by field ([`form_error`]).

use serde_json::{json, Map, Value};

/// One broken rule: the field (`content`, `embeds.0.title`, `components.1.components.0.label`), Discord's error
/// code for it, and a sentence for the test's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub path: String,
    pub code: &'static str,
    pub text: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl Problem {
    pub fn new(path: impl Into<String>, code: &'static str, text: impl Into<String>) -> Problem {
        Problem { path: path.into(), code, text: text.into() }
    }
}

/// Discord's answer to a body with these problems: `{"code": 50035, "message": "Invalid Form Body", "errors":
/// {...}}`, each problem under its field's path (`{"content": {"_errors": [{"code", "message"}]}}`, array
/// indexes as keys), as Discord nests them.
pub fn form_error(problems: &[Problem]) -> Value {
    let mut errors = Map::new();
    for p in problems {
        let keys: Vec<&str> = p.path.split('.').filter(|k| !k.is_empty()).collect();
        nest(&mut errors, &keys, json!({"code": p.code, "message": p.text}));
    }
    json!({"code": 50035, "message": "Invalid Form Body", "errors": errors})
}

/// Puts `error` in `map`'s `_errors` list under the path `keys`.
fn nest(map: &mut Map<String, Value>, keys: &[&str], error: Value) {
    match keys.split_first() {
        None => {
            if let Some(list) = map.entry("_errors").or_insert_with(|| json!([])).as_array_mut() {
                list.push(error);
            }
        }
        Some((first, rest)) => {
            let next = map.entry(first.to_string()).or_insert_with(|| json!({}));
            if let Some(next) = next.as_object_mut() {
                nest(next, rest, error);
            }
        }
    }
}

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

/// Records "`what` has `n` characters (max `max`)" at `path` when `n` is over `max`.
fn at_most(out: &mut Vec<Problem>, path: String, what: std::fmt::Arguments, n: usize, max: usize) {
    if n > max {
        out.push(Problem::new(path, "BASE_TYPE_MAX_LENGTH", format!("{what} has {n} characters (max {max})")));
    }
}

/// Where a message body is going: the ephemeral flag is only allowed on interaction replies/follow-ups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    ChannelMessage,
    InteractionReply,
}

/// Checks a message body (create or edit): content, embeds, components and flags.
pub fn check_message(body: &Value, target: Target) -> Vec<Problem> {
    let mut out = Vec::new();
    let n = chars(body.get("content"));
    at_most(&mut out, "content".into(), format_args!("content"), n, MAX_CONTENT);
    if let Some(embeds) = body.get("embeds").and_then(Value::as_array) {
        check_embeds(embeds, &mut out);
    }
    if let Some(rows) = body.get("components").and_then(Value::as_array) {
        check_components(rows, &mut out);
    }
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
    if flags & 64 != 0 && target == Target::ChannelMessage {
        out.push(Problem::new(
            "flags",
            "MESSAGE_FLAGS_INVALID",
            "ephemeral flag (64) on a channel message: ephemeral messages exist only as interaction replies",
        ));
    }
    out
}

fn check_embeds(embeds: &[Value], out: &mut Vec<Problem>) {
    if embeds.len() > MAX_EMBEDS {
        out.push(Problem::new("embeds", "BASE_TYPE_MAX_LENGTH", format!("{} embeds (max {MAX_EMBEDS})", embeds.len())));
    }
    let mut total = 0;
    for (i, e) in embeds.iter().enumerate() {
        let title = chars(e.get("title"));
        let desc = chars(e.get("description"));
        let footer = chars(e.get("footer").and_then(|f| f.get("text")));
        let author = chars(e.get("author").and_then(|a| a.get("name")));
        total += title + desc + footer + author;
        at_most(out, format!("embeds.{i}.title"), format_args!("embed {i}: title"), title, MAX_EMBED_TITLE);
        let d = format!("embeds.{i}.description");
        at_most(out, d, format_args!("embed {i}: description"), desc, MAX_EMBED_DESCRIPTION);
        at_most(out, format!("embeds.{i}.footer.text"), format_args!("embed {i}: footer"), footer, MAX_FOOTER);
        let a = format!("embeds.{i}.author.name");
        at_most(out, a, format_args!("embed {i}: author name"), author, MAX_AUTHOR_NAME);
        if let Some(fields) = e.get("fields").and_then(Value::as_array) {
            if fields.len() > MAX_EMBED_FIELDS {
                let text = format!("embed {i}: {} fields (max {MAX_EMBED_FIELDS})", fields.len());
                out.push(Problem::new(format!("embeds.{i}.fields"), "BASE_TYPE_MAX_LENGTH", text));
            }
            for (j, f) in fields.iter().enumerate() {
                let name = chars(f.get("name"));
                let value = chars(f.get("value"));
                total += name + value;
                let (n, v) = (format!("embeds.{i}.fields.{j}.name"), format!("embeds.{i}.fields.{j}.value"));
                at_most(out, n, format_args!("embed {i} field {j}: name"), name, MAX_FIELD_NAME);
                at_most(out, v, format_args!("embed {i} field {j}: value"), value, MAX_FIELD_VALUE);
            }
        }
    }
    if total > MAX_EMBED_TOTAL {
        let text = format!("embeds have {total} characters in all (max {MAX_EMBED_TOTAL})");
        out.push(Problem::new("embeds", "MESSAGE_EMBEDS_TOO_LONG", text));
    }
}

fn check_components(rows: &[Value], out: &mut Vec<Problem>) {
    let mut ids = std::collections::HashSet::new();
    for (i, row) in rows.iter().enumerate() {
        let items = row.get("components").and_then(Value::as_array).map_or(&[][..], |v| v.as_slice());
        for (j, c) in items.iter().enumerate() {
            if let Some(id) = c.get("custom_id").and_then(Value::as_str) {
                if !ids.insert(id) {
                    let text = format!("custom_id {id:?} used twice in one message");
                    out.push(Problem::new(
                        format!("components.{i}.components.{j}.custom_id"),
                        "COMPONENT_CUSTOM_ID_DUPLICATED",
                        text,
                    ));
                }
            }
        }
    }
    if rows.len() > MAX_ACTION_ROWS {
        let text = format!("{} action rows (max {MAX_ACTION_ROWS})", rows.len());
        out.push(Problem::new("components", "BASE_TYPE_MAX_LENGTH", text));
    }
    for (i, row) in rows.iter().enumerate() {
        let at = |rest: &str| format!("components.{i}{rest}");
        if row.get("type").and_then(Value::as_u64) != Some(1) {
            let text = format!("component row {i} is not an action row (type 1)");
            out.push(Problem::new(at(".type"), "UNION_TYPE_CHOICES", text));
            continue;
        }
        let items = row.get("components").and_then(Value::as_array).map_or(&[][..], |v| v.as_slice());
        let buttons = items.iter().filter(|c| c.get("type").and_then(Value::as_u64) == Some(2)).count();
        if buttons > MAX_BUTTONS_PER_ROW {
            let text = format!("action row {i} has {buttons} buttons (max {MAX_BUTTONS_PER_ROW})");
            out.push(Problem::new(at(".components"), "BASE_TYPE_MAX_LENGTH", text));
        }
        if items.is_empty() {
            out.push(Problem::new(at(".components"), "BASE_TYPE_MIN_LENGTH", format!("action row {i} is empty")));
        }
        let selects = items.len() - buttons;
        if selects > 0 && items.len() > 1 {
            let text = format!("action row {i} mixes a select menu with other components");
            out.push(Problem::new(at(".components"), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", text));
        }
        for (j, c) in items.iter().enumerate() {
            let item = |field: &str| format!("components.{i}.components.{j}.{field}");
            let id = chars(c.get("custom_id"));
            at_most(out, item("custom_id"), format_args!("row {i} component {j}: custom_id"), id, MAX_CUSTOM_ID);
            let label = chars(c.get("label"));
            at_most(out, item("label"), format_args!("row {i} component {j}: label"), label, MAX_BUTTON_LABEL);
            let style = c.get("style").and_then(Value::as_u64);
            match c.get("type").and_then(Value::as_u64) {
                Some(2) => {
                    let link = style == Some(5);
                    if !link && c.get("custom_id").is_none() {
                        let text = format!("row {i} button {j}: a non-link button needs a custom_id");
                        out.push(Problem::new(item("custom_id"), "BASE_TYPE_REQUIRED", text));
                    }
                    if link && c.get("url").is_none() {
                        let text = format!("row {i} button {j}: a link button needs a url");
                        out.push(Problem::new(item("url"), "BASE_TYPE_REQUIRED", text));
                    }
                }
                Some(3) => check_select(c, i, j, out),
                _ => {}
            }
        }
    }
}

pub const MAX_SELECT_OPTIONS: usize = 25;
pub const MAX_OPTION_TEXT: usize = 100;
pub const MAX_PLACEHOLDER: usize = 150;

/// A string select's limits: 1 to 25 options, labels, values and descriptions of at most 100 characters, values
/// unique, a placeholder of at most 150, `min_values` 0 to 25 and `max_values` 1 to 25, neither more than the
/// options.
fn check_select(c: &Value, i: usize, j: usize, out: &mut Vec<Problem>) {
    let item = |field: &str| format!("components.{i}.components.{j}.{field}");
    let options = c.get("options").and_then(Value::as_array).map_or(&[][..], |v| v.as_slice());
    if options.is_empty() || options.len() > MAX_SELECT_OPTIONS {
        let text = format!("row {i} select {j}: {} options (1 to {MAX_SELECT_OPTIONS})", options.len());
        out.push(Problem::new(item("options"), "BASE_TYPE_BAD_LENGTH", text));
    }
    let mut values = std::collections::HashSet::new();
    for (k, o) in options.iter().enumerate() {
        for field in ["label", "value", "description"] {
            let n = chars(o.get(field));
            let path = item(&format!("options.{k}.{field}"));
            at_most(out, path, format_args!("row {i} select {j} option {k}: {field}"), n, MAX_OPTION_TEXT);
        }
        if let Some(v) = o.get("value").and_then(Value::as_str) {
            if !values.insert(v) {
                let text = format!("row {i} select {j}: option value {v:?} used twice");
                out.push(Problem::new(
                    item(&format!("options.{k}.value")),
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    text,
                ));
            }
        }
    }
    let placeholder = chars(c.get("placeholder"));
    at_most(out, item("placeholder"), format_args!("row {i} select {j}: placeholder"), placeholder, MAX_PLACEHOLDER);
    let min = c.get("min_values").and_then(Value::as_u64).unwrap_or(1) as usize;
    let max = c.get("max_values").and_then(Value::as_u64).unwrap_or(1) as usize;
    if min > MAX_SELECT_OPTIONS || !(1..=MAX_SELECT_OPTIONS).contains(&max) || min > max || max > options.len().max(1) {
        let text = format!("row {i} select {j}: min_values {min}, max_values {max} with {} options", options.len());
        out.push(Problem::new(item("max_values"), "BASE_TYPE_BAD_INT", text));
    }
}

/// Checks a list of application commands being registered (names, descriptions, option counts).
pub fn check_commands(list: &[Value]) -> Vec<Problem> {
    let mut texts = Vec::new();
    if list.len() > 100 {
        texts.push((String::new(), format!("{} chat input commands (max 100)", list.len())));
    }
    let entry_points = list.iter().filter(|c| c.get("type").and_then(Value::as_u64) == Some(4)).count();
    if entry_points > 1 {
        texts.push((String::new(), format!("{entry_points} Entry Point commands (an application has at most one)")));
    }
    for (i, c) in list.iter().enumerate() {
        let mut out = Vec::new();
        // An Entry Point command (PRIMARY_ENTRY_POINT): a handler (1 the app, 2 Discord launches), no options.
        if c.get("type").and_then(Value::as_u64) == Some(4) {
            if !matches!(c.get("handler").and_then(Value::as_u64), Some(1 | 2)) {
                out.push("an Entry Point command without a handler (1 or 2)".to_string());
            }
            if c.get("options").and_then(Value::as_array).is_some_and(|o| !o.is_empty()) {
                out.push("an Entry Point command with options".to_string());
            }
        }
        check_command_like(c, "command", &mut out);
        texts.extend(out.into_iter().map(|t| (i.to_string(), t)));
    }
    texts.into_iter().map(|(path, text)| Problem::new(path, "APPLICATION_COMMAND_INVALID", text)).collect()
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
