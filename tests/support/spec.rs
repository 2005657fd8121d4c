//! Validation of the bot's request bodies against Discord's OpenAPI description
//! (`../shared/discord-api-spec/openapi.json`, relative to CARGO_MANIFEST_DIR).
//!
//! For an operation `METHOD /path/{param}` the JSON schema of its `application/json` request body is
//! compiled lazily (draft 2020-12) into a standalone document that carries the spec's `components`, so
//! the spec's internal `#/components/schemas/...` references resolve; compiled validators are cached.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use jsonschema::{Draft, JSONSchema};
use serde_json::Value;

pub struct SpecValidator {
    spec: Option<Value>,
    cache: Mutex<HashMap<String, Option<Arc<JSONSchema>>>>,
}

/// Known places where the spec is stricter than Discord (or than what serenity sends and Discord accepts).
/// Each entry: (route, instance path suffix, explanation). See docs/testing.md.
pub const EXCEPTIONS: &[(&str, &str, &str)] = &[
    (
        "PUT /applications/{application_id}/guilds/{guild_id}/commands",
        "/default_member_permissions",
        PERMISSIONS_AS_STRING,
    ),
    ("PUT /applications/{application_id}/commands", "/default_member_permissions", PERMISSIONS_AS_STRING),
];

const PERMISSIONS_AS_STRING: &str = "the spec types default_member_permissions in requests as an integer, but \
Discord documents it as a string (a permission bit set, as in its responses) and serenity/poise send a string";

/// The other known place, not a field the schema's path can name (inside an `anyOf` for interaction callbacks and
/// webhooks): serenity sends a new attachment's `id` as the integer index of its `files[N]` part, which Discord
/// takes (it reads snowflakes in requests as integers or strings), while the spec types it as a string. The body is
/// checked with such ids written as strings ([`attachment_ids_as_strings`]); the stand-in still checks each id
/// against its file part.
pub const ATTACHMENT_ID_AS_INTEGER: &str = "a new attachment's id is the integer N of its files[N] part";

/// `body` with every `attachments[].id` (top level, or under `data` for an interaction callback) as a string.
pub fn attachment_ids_as_strings(body: &Value) -> Value {
    let mut body = body.clone();
    if let Some(list) = body.get_mut("attachments") {
        stringify_ids(list);
    }
    if let Some(list) = body.get_mut("data").and_then(|d| d.get_mut("attachments")) {
        stringify_ids(list);
    }
    body
}

fn stringify_ids(list: &mut Value) {
    for a in list.as_array_mut().into_iter().flatten() {
        if let Some(n) = a.get("id").and_then(Value::as_u64) {
            a["id"] = Value::String(n.to_string());
        }
    }
}

pub fn default_spec_path() -> PathBuf {
    crate::repo().join("../shared/discord-api-spec/openapi.json")
}

/// Whether this run must have the OpenAPI description (`TEENPATTI_REQUIRE_SPEC=1`, as `.ci/run` sets): then a
/// missing `openapi.json` fails the tests instead of turning the check off.
pub fn spec_required() -> bool {
    std::env::var_os("TEENPATTI_REQUIRE_SPEC").is_some_and(|v| v == "1")
}

impl SpecValidator {
    /// The description at `path` (default: `../shared/discord-api-spec/openapi.json`). Without the file the check
    /// is off, after a line on stderr; unless `required` and the path is the default one (a test that names a
    /// missing file on purpose gets no check).
    pub fn load(path: Option<PathBuf>) -> Self {
        let chosen = path.is_some();
        match Self::try_load(&path.unwrap_or_else(default_spec_path), spec_required() && !chosen) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        }
    }

    /// The description at `path`; a missing file is an error when `required`, else no check.
    pub fn try_load(path: &std::path::Path, required: bool) -> Result<Self, String> {
        let spec = match std::fs::read(path) {
            Ok(bytes) => match serde_json::from_slice::<Value>(&bytes) {
                Ok(v) => Some(v),
                Err(e) => return Err(format!("{} is not JSON: {e}", path.display())),
            },
            Err(e) if required => {
                return Err(format!(
                    "TEENPATTI_REQUIRE_SPEC=1 but Discord's OpenAPI description cannot be read at {}: {e} \
                     (CI has ../shared beside the clone)",
                    path.display()
                ))
            }
            Err(_) => {
                eprintln!("[fake-discord] OpenAPI check skipped: {} not found", path.display());
                None
            }
        };
        Ok(SpecValidator { spec, cache: Mutex::new(HashMap::new()) })
    }

    pub fn enabled(&self) -> bool {
        self.spec.is_some()
    }

    /// `route` is `METHOD /template` (e.g. `POST /channels/{channel_id}/messages`).
    /// Returns the validation errors (empty when valid, or when the spec or the operation is absent).
    pub fn validate(&self, route: &str, body: &Value) -> Vec<String> {
        let Some(validator) = self.validator(route) else { return Vec::new() };
        let errors: Vec<String> = match validator.validate(body) {
            Ok(()) => Vec::new(),
            Err(errs) => errs
                .map(|e| (e.instance_path.to_string(), e.to_string()))
                .filter(|(path, _)| !EXCEPTIONS.iter().any(|(r, p, _)| *r == route && path.ends_with(p)))
                .map(|(path, msg)| format!("at '{path}': {msg}"))
                .collect(),
        };
        errors
    }

    fn validator(&self, route: &str) -> Option<Arc<JSONSchema>> {
        let spec = self.spec.as_ref()?;
        let mut cache = self.cache.lock().unwrap();
        if let Some(v) = cache.get(route) {
            return v.clone();
        }
        let compiled = compile(spec, route);
        cache.insert(route.to_string(), compiled.clone());
        compiled
    }

    /// Does the spec describe this operation at all?
    pub fn has_operation(&self, route: &str) -> bool {
        let Some(spec) = &self.spec else { return true };
        let Some((method, path)) = route.split_once(' ') else { return false };
        spec["paths"].get(path).and_then(|p| p.get(method.to_lowercase())).is_some()
    }
}

fn compile(spec: &Value, route: &str) -> Option<Arc<JSONSchema>> {
    let (method, path) = route.split_once(' ')?;
    let op = spec["paths"].get(path)?.get(method.to_lowercase())?;
    let schema = op.get("requestBody")?.get("content")?.get("application/json")?.get("schema")?;
    let mut root = match schema {
        Value::Object(m) => m.clone(),
        _ => return None,
    };
    root.insert("$schema".into(), Value::String("https://json-schema.org/draft/2020-12/schema".into()));
    root.insert("components".into(), spec["components"].clone());
    let root = Value::Object(root);
    match JSONSchema::options().with_draft(Draft::Draft202012).compile(&root) {
        Ok(c) => Some(Arc::new(c)),
        Err(e) => panic!("cannot compile the OpenAPI schema for {route}: {e}"),
    }
}
