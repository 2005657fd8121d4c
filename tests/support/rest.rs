//! The HTTP side: every request under `/api/v10` is routed by hand against a table of route templates
//! (spelled as in Discord's OpenAPI description), recorded, checked (auth, injected faults, OpenAPI body
//! schema, Discord's limits) and answered from the state in `model.rs`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::body::Bytes;
use axum::extract::State as AxState;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};

use super::model::{self, check_with_serenity, is_empty_message, since, RecordedRequest, State, Upload};
use super::rules::{self, Problem, Target};
use super::Inner;

/// Routes served that Discord's OpenAPI description leaves out: the OAuth2 token exchange (a form, documented in
/// Discord's OAuth2 pages).
pub const NOT_IN_SPEC: &[&str] = &["POST /oauth2/token"];

/// Route templates the stand-in serves. Literal segments must come before `{param}` ones that could match them.
pub const ROUTES: &[(&str, &str)] = &[
    ("GET", "/gateway"),
    ("GET", "/gateway/bot"),
    ("GET", "/oauth2/applications/@me"),
    ("GET", "/applications/@me"),
    ("GET", "/applications/{application_id}/commands"),
    ("GET", "/applications/{application_id}/activity-instances/{instance_id}"),
    ("POST", "/oauth2/token"),
    ("PUT", "/applications/{application_id}/commands"),
    ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"),
    ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
    ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"),
    ("POST", "/users/@me/channels"),
    ("GET", "/users/@me"),
    ("GET", "/users/{user_id}"),
    ("GET", "/channels/{channel_id}"),
    ("GET", "/channels/{channel_id}/messages"),
    ("POST", "/channels/{channel_id}/messages"),
    ("GET", "/channels/{channel_id}/messages/{message_id}"),
    ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
    ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
];

/// Finds the route template for a concrete path; returns `METHOD /template` and the path parameters.
pub fn match_route(method: &str, path: &str) -> Option<(String, HashMap<String, String>)> {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    'routes: for (m, tpl) in ROUTES {
        if *m != method {
            continue;
        }
        let tsegs: Vec<&str> = tpl.trim_matches('/').split('/').collect();
        if tsegs.len() != segs.len() {
            continue;
        }
        let mut params = HashMap::new();
        for (t, s) in tsegs.iter().zip(&segs) {
            if let Some(name) = t.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
                params.insert(name.to_string(), (*s).to_string());
            } else if t != s {
                continue 'routes;
            }
        }
        return Some((format!("{m} {tpl}"), params));
    }
    None
}

type Answer = (u16, Option<Value>);

fn error(status: u16, code: u32, message: &str) -> Answer {
    (status, Some(json!({"message": message, "code": code})))
}

fn ok(v: Value) -> Answer {
    (200, Some(v))
}

const NO_CONTENT: Answer = (204, None);

/// Discord's answer to a body that breaks its rules: 400, code 50035, the problems nested by field. Each is a
/// violation too (the bot sent what Discord refuses); `None` when there is none.
fn refuse_form(st: &mut State, route: &str, problems: &[Problem]) -> Option<Answer> {
    if problems.is_empty() {
        return None;
    }
    for p in problems {
        st.violation(route, p.text.clone());
    }
    Some((400, Some(rules::form_error(problems))))
}

/// Discord's answer to a message with nothing in it (any route that makes or edits one): 400, code 50006.
fn empty_message(st: &mut State, route: &str) -> Answer {
    st.violation(route, "an empty message (no content, embed, component or attachment): Discord answers 50006");
    error(400, 50006, "Cannot send an empty message")
}

/// The error Discord gives with `status` on `route` (an injected fault with no code of its own): its documented
/// code for the usual cause there.
fn fault_answer(route: &str, status: u16, code: Option<u32>) -> Answer {
    let (default_code, message) = match status {
        400 => (50035, "Invalid Form Body"),
        401 => (0, "401: Unauthorized"),
        403 => (50013, "Missing Permissions"),
        404 if route.contains("/callback") => (10062, "Unknown interaction"),
        404 if route.contains("{webhook_token}") && !route.contains("{message_id}") && !route.contains("@original") => {
            (10015, "Unknown Webhook")
        }
        404 if route.contains("{message_id}") || route.contains("@original") => (10008, "Unknown Message"),
        404 if route.contains("{channel_id}") => (10003, "Unknown Channel"),
        404 if route.contains("{user_id}") => (10013, "Unknown User"),
        404 => (0, "404: Not Found"),
        500 => (0, "500: Internal Server Error"),
        502 => (0, "502: Bad Gateway"),
        503 => (0, "503: Service Unavailable"),
        _ => (0, "injected fault"),
    };
    let code = code.unwrap_or(default_code);
    let message = match code {
        40060 => "Interaction has already been acknowledged.",
        10062 => "Unknown interaction",
        10003 => "Unknown Channel",
        10008 => "Unknown Message",
        50001 => "Missing Access",
        50013 => "Missing Permissions",
        50035 => "Invalid Form Body",
        _ => message,
    };
    match code {
        50035 => (status, Some(json!({"code": 50035, "message": message, "errors": {}}))),
        _ => error(status, code, message),
    }
}

pub async fn handle(
    AxState(inner): AxState<Arc<Inner>>,
    listener: Option<axum::Extension<super::Listener>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let method = method.as_str().to_string();
    let full_path = uri.path().to_string();
    let query = uri.query().unwrap_or("").to_string();
    let path = full_path.strip_prefix("/api/v10").unwrap_or(&full_path).to_string();
    let content_type = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let is_json = content_type.starts_with("application/json");
    let mut files = Vec::new();
    let body_json: Option<Value> = if body.is_empty() {
        None
    } else if content_type.starts_with("multipart/form-data") {
        match parse_multipart(&content_type, &body) {
            Ok((payload, uploads)) => {
                files = uploads;
                payload
            }
            Err(e) => Some(json!({"_unparsable_body": e})),
        }
    } else if is_json {
        match serde_json::from_slice(&body) {
            Ok(v) => Some(v),
            Err(e) => Some(json!({"_unparsable_body": e.to_string()})),
        }
    } else {
        Some(json!({"_non_json_body": String::from_utf8_lossy(&body)}))
    };

    let mut lag = None;
    // Rate limits are Discord's to enforce on the bot's own path (TLS, `discord.com`); behind DISCORD_API_URL a
    // proxy's (see `ratelimit.rs`).
    let enforce = listener.is_some_and(|l| l.0 == super::Listener::Discord);
    let mut limit_headers = Vec::new();
    let matched = if full_path.starts_with("/api/v10/") { match_route(&method, &path) } else { None };
    let (route, known, answer, retry_after) = match matched {
        None => {
            let route = format!("{method} {path}");
            eprintln!("[fake-discord] unknown route {route}");
            (route, false, error(404, 0, "404: Not Found"), None)
        }
        Some((route, params)) => {
            let stall = {
                let mut st = inner.state.lock().unwrap();
                st.stalls.iter_mut().find(|s| s.remaining > 0 && pattern_matches(&s.pattern, &route)).map(|s| {
                    s.remaining -= 1;
                    (s.delay, s.after)
                })
            };
            if let Some((delay, false)) = stall {
                tokio::time::sleep(delay).await;
            }
            let channel = params.get("channel_id").and_then(|c| c.parse().ok());
            let token = params.get("interaction_token").or_else(|| params.get("webhook_token")).map(String::as_str);
            let verdict = {
                let mut st = inner.state.lock().unwrap();
                st.buckets.check(&inner.opts.rate_limits, &route, channel, token, enforce)
            };
            limit_headers = verdict.headers;
            let answer = match verdict.limited {
                // Over a limit: not carried out. (A 429 on its own path is not a violation: Discord's answer.)
                Some((wait, global)) => (
                    (
                        429,
                        Some(json!({
                            "message": "You are being rate limited.", "retry_after": wait, "global": global, "code": 0
                        })),
                    ),
                    None,
                ),
                None => respond(&inner, &route, &params, &query, &headers, body_json.as_ref(), &files),
            };
            if let Some((delay, true)) = stall {
                lag = Some(delay);
            }
            (route, true, answer.0, answer.1)
        }
    };

    {
        let mut st = inner.state.lock().unwrap();
        let shared_scope = limit_headers.iter().any(|(k, v)| *k == "x-ratelimit-scope" && v == "shared");
        if matches!(answer.0, 401 | 403) || (answer.0 == 429 && !shared_scope) {
            st.invalid_requests += 1;
        }
        note_refusals(&mut st, &method, &path, body_json.as_ref(), answer.0);
        st.requests.push(RecordedRequest {
            method: method.clone(),
            route,
            path,
            body: body_json,
            status: answer.0,
            at: Instant::now(),
            known,
            files,
        });
    }
    inner.notify.notify_waiters();
    if let Some(delay) = lag {
        tokio::time::sleep(delay).await;
    }

    let status = StatusCode::from_u16(answer.0).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    let mut resp = match answer.1 {
        Some(v) => (status, axum::Json(v)).into_response(),
        None => status.into_response(),
    };
    let h = resp.headers_mut();
    for (name, value) in limit_headers {
        if let Ok(v) = HeaderValue::from_str(&value) {
            h.insert(name, v);
        }
    }
    if let Some(secs) = retry_after {
        h.insert("retry-after", HeaderValue::from_str(&format!("{}", secs.ceil() as u64)).unwrap());
        h.insert("x-ratelimit-scope", HeaderValue::from_static("user"));
    }
    resp
}

/// How long after a permanent refusal (403, 404) the same request again counts as a retry of it.
const RETRY_WINDOW: std::time::Duration = std::time::Duration::from_secs(5);

/// Records a permanent refusal, and reports the same request made again within [`RETRY_WINDOW`] of one: Discord
/// counts each against the bot's invalid requests, and a 403 or 404 does not change by asking again.
fn note_refusals(st: &mut State, method: &str, path: &str, body: Option<&Value>, status: u16) {
    let now = Instant::now();
    st.refused.retain(|r| now.duration_since(r.at) < RETRY_WINDOW);
    let again = st.refused.iter().find(|r| r.method == method && r.path == path && r.body.as_ref() == body);
    if let Some(r) = again {
        let what = format!("{method} {path}");
        let message = format!(
            "retried a request Discord refused for good ({} {} ms before): {what}",
            r.status,
            now.duration_since(r.at).as_millis()
        );
        st.violation(&what, message);
    }
    if matches!(status, 403 | 404) {
        st.refused.push(model::Refused {
            at: now,
            method: method.to_string(),
            path: path.to_string(),
            body: body.cloned(),
            status,
        });
    }
}

/// The answer of an injected fault for `route`, if one is waiting (`FakeDiscord::fail_next`).
fn injected(st: &mut model::State, route: &str) -> Option<(Answer, Option<f64>)> {
    let f = st.faults.iter_mut().find(|f| f.remaining > 0 && pattern_matches(&f.pattern, route))?;
    f.remaining -= 1;
    let (status, code) = (f.status, f.code);
    Some(if status == 429 {
        let retry = 0.05;
        let body = json!({"message": "You are being rate limited.", "retry_after": retry, "global": false, "code": 0});
        ((429, Some(body)), Some(retry))
    } else {
        (fault_answer(route, status, code), None)
    })
}

/// Checks and answers one request to a known route. The second value is a `retry_after` for 429s.
fn respond(
    inner: &Arc<Inner>,
    route: &str,
    params: &HashMap<String, String>,
    query: &str,
    headers: &HeaderMap,
    body: Option<&Value>,
    files: &[Upload],
) -> (Answer, Option<f64>) {
    let mut st = inner.state.lock().unwrap();

    // The Activity's OAuth2 routes: the client's credentials in the form, or a player's bearer token.
    if route == "POST /oauth2/token" {
        return injected(&mut st, route).unwrap_or_else(|| (super::activity::exchange(&mut st, body), None));
    }
    if route == "GET /users/@me" {
        if let Some(answer) = super::activity::me(&st, headers) {
            return injected(&mut st, route).unwrap_or((answer, None));
        }
    }
    // Interaction callbacks and webhook-token routes need no bot token; everything else does.
    let needs_auth = !route.contains("{interaction_token}") && !route.contains("{webhook_token}");
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or("");
    // A revoked token is the bot's right token that Discord no longer accepts: 401, and no violation.
    if needs_auth && st.token_revoked {
        return (error(401, 0, "401: Unauthorized"), None);
    }
    if needs_auth && auth != format!("Bot {}", inner.token) {
        st.violation(route, format!("missing or wrong Authorization header: {auth:?}"));
        return (error(401, 0, "401: Unauthorized"), None);
    }

    if let Some(answer) = injected(&mut st, route) {
        return answer;
    }

    if let Some(b) = body {
        if b.get("_unparsable_body").is_some() || b.get("_non_json_body").is_some() {
            st.violation(route, format!("body is not JSON: {b}"));
            return (error(400, 50109, "The request body contains invalid JSON."), None);
        }
        let errors = inner.spec.validate(route, &super::spec::attachment_ids_as_strings(b));
        if !errors.is_empty() {
            // Refused as Discord refuses a body outside its schema: 400 50035, each error under its field.
            let mut problems: Vec<Problem> = errors
                .iter()
                .map(|e| {
                    let path = e.strip_prefix("at '").and_then(|r| r.split_once('\'')).map_or("", |(p, _)| p);
                    Problem::new(path.trim_start_matches('/').replace('/', "."), "BASE_TYPE_INVALID", e.clone())
                })
                .collect();
            st.violation(
                route,
                format!("body does not match Discord's OpenAPI schema: {}\nbody: {b}", errors.join("; ")),
            );
            // A message's limits too (a schema's `maxLength` may be what failed): each its own violation.
            let message = if route.ends_with("/callback") { b.get("data") } else { Some(b) };
            let is_message =
                route.contains("/messages") || route.starts_with("POST /webhooks/") || route.ends_with("/callback");
            if let Some(m) = message.filter(|_| is_message) {
                let target = if route.starts_with("POST /channels/") || route.starts_with("PATCH /channels/") {
                    Target::ChannelMessage
                } else {
                    Target::InteractionReply
                };
                let more = rules::check_message(m, target);
                for p in &more {
                    st.violation(route, p.text.clone());
                }
                problems.extend(more);
            }
            return ((400, Some(rules::form_error(&problems))), None);
        }
    }

    if !files.is_empty() && body.is_none() {
        st.violation(route, "a multipart request without payload_json");
        let problem = Problem::new("payload_json", "BASE_TYPE_REQUIRED", "a multipart request without payload_json");
        return ((400, Some(rules::form_error(&[problem]))), None);
    }
    let with_uploads = body.map(|b| {
        let (b, problems) = attach_uploads(&mut st, b, files);
        for problem in &problems {
            st.violation(route, problem.clone());
        }
        (b, problems.is_empty())
    });
    if let Some((_, false)) = with_uploads {
        let problem = Problem::new("attachments", "ATTACHMENT_INVALID", "the files do not match the attachments list");
        return ((400, Some(rules::form_error(&[problem]))), None);
    }
    let body = with_uploads.as_ref().map(|(b, _)| b);

    let p = |name: &str| params.get(name).and_then(|s| s.parse::<u64>().ok()).unwrap_or(0);
    // The bot's permissions in a guild channel, as Discord checks them on its messages.
    if route.starts_with("POST /channels/") || route.starts_with("PATCH /channels/") {
        let post = route.starts_with("POST /channels/{channel_id}/messages");
        if let Some(ch) = st.channels.get(&p("channel_id")).filter(|c| c.dm_user.is_none()) {
            let perms = ch.bot_permissions;
            if perms & model::PERM_VIEW_CHANNEL == 0 {
                return (error(403, 50001, "Missing Access"), None);
            }
            if (post && perms & model::PERM_SEND_MESSAGES == 0)
                || (!files.is_empty() && perms & model::PERM_ATTACH_FILES == 0)
            {
                return (error(403, 50013, "Missing Permissions"), None);
            }
        }
    }
    let empty = json!({});
    let mut b = body.unwrap_or(&empty);
    // Without Embed Links a bot's message goes out without its embeds (Discord does not refuse it).
    let stripped;
    let no_embeds = st.channels.get(&p("channel_id")).is_some_and(|c| c.bot_permissions & model::PERM_EMBED_LINKS == 0);
    if no_embeds && route.contains("/channels/{channel_id}/messages") && b.get("embeds").is_some() {
        let mut copy = b.clone();
        copy["embeds"] = json!([]);
        stripped = copy;
        b = &stripped;
    }
    let app = st.app_id;
    let answer = match route {
        "GET /gateway" => ok(json!({"url": inner.ws_url()})),
        "GET /gateway/bot" => ok(json!({
            "url": inner.ws_url(), "shards": st.shard_count,
            "session_start_limit": {
                "total": 1000, "remaining": 1000, "reset_after": 0,
                "max_concurrency": inner.opts.max_concurrency
            }
        })),
        "GET /oauth2/applications/@me" | "GET /applications/@me" => {
            let v = st.application_json();
            if let Err(e) = check_with_serenity::<serenity::model::application::CurrentApplicationInfo>(&v) {
                st.violation(route, format!("stand-in fixture: {e}"));
            }
            ok(v)
        }
        "GET /applications/{application_id}/commands" => ok(commands_of(&st, None)),
        "GET /applications/{application_id}/activity-instances/{instance_id}" => {
            let id = params.get("instance_id").cloned().unwrap_or_default();
            super::activity::instance(&st, p("application_id"), &id)
        }
        "GET /applications/{application_id}/guilds/{guild_id}/commands" => {
            let g = p("guild_id");
            ok(commands_of(&st, Some(g)))
        }
        "PUT /applications/{application_id}/commands"
        | "PUT /applications/{application_id}/guilds/{guild_id}/commands" => {
            let guild = params.get("guild_id").map(|_| p("guild_id"));
            if p("application_id") != app {
                return (error(404, 10002, "Unknown Application"), None);
            }
            if guild.is_some_and(|g| !st.guilds.contains(&g)) {
                return (error(404, 10004, "Unknown Guild"), None);
            }
            put_commands(&mut st, route, guild, b)
        }
        "POST /interactions/{interaction_id}/{interaction_token}/callback" => {
            let token = params.get("interaction_token").cloned().unwrap_or_default();
            interaction_callback(inner, &mut st, route, p("interaction_id"), &token, b)
        }
        r if r.starts_with("POST /webhooks/")
            || r.contains("/messages/@original")
            || r.contains("/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") =>
        {
            let token = params.get("webhook_token").cloned().unwrap_or_default();
            webhook(inner, &mut st, route, p("webhook_id"), &token, p("message_id"), query, b)
        }
        "POST /users/@me/channels" => {
            let rid = match &b["recipient_id"] {
                Value::String(s) => s.parse::<u64>().unwrap_or(0),
                Value::Number(n) => n.as_u64().unwrap_or(0),
                _ => 0,
            };
            match st.users.get(&rid) {
                None => error(400, 50033, "Invalid Recipient(s)"),
                Some(u) if u.bot => error(400, 50007, "Cannot send messages to this user"),
                Some(_) => {
                    let ch = st.dm_channel_for(rid);
                    let v = st.channel_json(ch).unwrap_or_default();
                    if let Err(e) = check_with_serenity::<serenity::model::channel::PrivateChannel>(&v) {
                        st.violation(route, format!("stand-in fixture: {e}"));
                    }
                    ok(v)
                }
            }
        }
        "GET /users/@me" => ok(st.user_json(app)),
        "GET /users/{user_id}" => {
            let id = p("user_id");
            if st.users.contains_key(&id) {
                ok(st.user_json(id))
            } else {
                error(404, 10013, "Unknown User")
            }
        }
        "GET /channels/{channel_id}" => match st.channel_json(p("channel_id")) {
            Some(v) => {
                if let Err(e) = check_with_serenity::<serenity::model::channel::Channel>(&v) {
                    st.violation(route, format!("stand-in fixture: {e}"));
                }
                ok(v)
            }
            None => error(404, 10003, "Unknown Channel"),
        },
        _ if route.starts_with("GET /channels/{channel_id}/messages")
            || route.starts_with("POST /channels/")
            || route.starts_with("PATCH /channels/")
            || route.starts_with("DELETE /channels/") =>
        {
            channel_messages(&mut st, route, p("channel_id"), p("message_id"), query, b)
        }
        _ => error(404, 0, "404: Not Found"),
    };
    (answer, None)
}

/// Discord's upload limit for a bot's message (bytes), and its most files in one message.
pub const UPLOAD_MAX: usize = 10 * 1024 * 1024;
pub const FILES_MAX: usize = 10;

/// Splits a `multipart/form-data` body into its `payload_json` and its file parts.
fn parse_multipart(content_type: &str, body: &[u8]) -> Result<(Option<Value>, Vec<Upload>), String> {
    let boundary = content_type
        .split(';')
        .find_map(|p| p.trim().strip_prefix("boundary="))
        .map(|b| b.trim_matches('"').to_string())
        .ok_or("multipart without a boundary")?;
    let delimiter = format!("--{boundary}").into_bytes();
    let find = |from: usize, needle: &[u8]| {
        body.get(from..).and_then(|h| h.windows(needle.len()).position(|w| w == needle)).map(|i| i + from)
    };
    let mut payload = None;
    let mut uploads = Vec::new();
    let mut at = find(0, &delimiter).ok_or("no first boundary")? + delimiter.len();
    loop {
        if body.get(at..at + 2) == Some(b"--") {
            break;
        }
        let start = at + 2; // CRLF after the boundary
        let headers_end = find(start, b"\r\n\r\n").ok_or("a part without headers")?;
        let next = find(headers_end, &delimiter).ok_or("a part without a closing boundary")?;
        let headers = String::from_utf8_lossy(&body[start..headers_end]).to_string();
        let content = body[headers_end + 4..next.saturating_sub(2)].to_vec();
        let header = |name: &str| {
            headers.lines().find_map(|l| {
                let (k, v) = l.split_once(':')?;
                k.trim().eq_ignore_ascii_case(name).then(|| v.trim().to_string())
            })
        };
        let disposition = header("content-disposition").ok_or("a part without Content-Disposition")?;
        let param = |key: &str| {
            disposition
                .split(';')
                .find_map(|p| p.trim().strip_prefix(&format!("{key}=")).map(|v| v.trim_matches('"').to_string()))
        };
        let field = param("name").ok_or("a part without a name")?;
        if field == "payload_json" {
            payload = Some(serde_json::from_slice(&content).map_err(|e| format!("payload_json: {e}"))?);
        } else {
            uploads.push(Upload {
                field,
                filename: param("filename").unwrap_or_default(),
                content_type: header("content-type").unwrap_or_default(),
                bytes: content,
            });
        }
        at = next + delimiter.len();
    }
    Ok((payload, uploads))
}

/// Checks a request's files against its `attachments` list as Discord does (each `files[N]` part named by an
/// entry with id N and the same filename; PNGs really PNGs; sizes and counts within Discord's limits), and gives
/// the body with each new attachment made whole (a snowflake id, size, type, URL; marked `_new` for the model).
fn attach_uploads(st: &mut State, body: &Value, files: &[Upload]) -> (Value, Vec<String>) {
    let mut problems = Vec::new();
    let mut body = body.clone();
    // An interaction callback carries its message under `data`.
    let list = match body.get_mut("data").filter(|d| d.get("attachments").is_some()) {
        Some(d) => d.get_mut("attachments"),
        None => body.get_mut("attachments"),
    };
    let Some(list) = list.and_then(Value::as_array_mut) else {
        if !files.is_empty() {
            problems.push(format!("{} file(s) sent but no attachments list", files.len()));
        }
        return (body, problems);
    };
    if files.len() > FILES_MAX {
        problems.push(format!("{} files in one message (Discord allows {FILES_MAX})", files.len()));
    }
    for f in files {
        let index =
            f.field.strip_prefix("files[").and_then(|r| r.strip_suffix(']')).and_then(|n| n.parse::<u64>().ok());
        let Some(index) = index else {
            problems.push(format!("a file part named {:?} (Discord reads files[N])", f.field));
            continue;
        };
        let entry = list.iter_mut().find(|a| a.get("id").and_then(Value::as_u64) == Some(index));
        let Some(entry) = entry else {
            problems.push(format!("files[{index}] has no attachments entry with id {index}"));
            continue;
        };
        if entry.get("filename").and_then(Value::as_str).is_some_and(|n| n != f.filename) {
            problems.push(format!("files[{index}] is {:?} but its entry names {}", f.filename, entry["filename"]));
        }
        if f.bytes.len() > UPLOAD_MAX {
            problems.push(format!("files[{index}] is {} bytes (over Discord's {UPLOAD_MAX})", f.bytes.len()));
        }
        let png = f.bytes.starts_with(b"\x89PNG\r\n\x1a\n");
        if f.filename.ends_with(".png") && (f.content_type != "image/png" || !png) {
            problems.push(format!(
                "files[{index}] {:?}: content type {:?}, PNG signature {png}",
                f.filename, f.content_type
            ));
        }
        if entry.get("description").and_then(Value::as_str).is_some_and(|d| d.chars().count() > 1024) {
            problems.push(format!("files[{index}]: a description over 1024 characters"));
        }
        let id = st.new_id();
        let be = |i: usize| f.bytes.get(i..i + 4).map_or(0, |b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
        let url = format!("https://cdn.discordapp.com/attachments/0/{id}/{}", f.filename);
        *entry = json!({
            "id": id.to_string(), "filename": f.filename, "size": f.bytes.len(), "url": url, "proxy_url": url,
            "content_type": f.content_type, "width": be(16), "height": be(20),
            "description": entry.get("description").cloned().unwrap_or(Value::Null), "_new": true,
        });
    }
    for a in list.iter() {
        let new_index = a.get("id").and_then(Value::as_u64).filter(|_| a.get("_new").is_none());
        if let Some(n) = new_index.filter(|n| *n < 1_000_000) {
            problems.push(format!("attachments entry {n} has no files[{n}] part"));
        }
    }
    (body, problems)
}

/// `pattern` is a route template (`POST /channels/{channel_id}/messages`), `*` for any route, or a prefix ending in `*`.
pub fn pattern_matches(pattern: &str, route: &str) -> bool {
    if pattern == "*" || pattern == route {
        return true;
    }
    pattern.strip_suffix('*').is_some_and(|p| route.starts_with(p))
}

fn commands_of(st: &State, guild: Option<u64>) -> Value {
    Value::Array(st.commands.iter().filter(|c| c.guild_id == guild).map(|c| c.json.clone()).collect())
}

fn put_commands(st: &mut State, route: &str, guild: Option<u64>, body: &Value) -> Answer {
    let Some(list) = body.as_array() else {
        let problem = Problem::new("", "BASE_TYPE_ARRAY", "command list is not an array");
        return refuse_form(st, route, &[problem]).unwrap_or(NO_CONTENT);
    };
    if let Some(refused) = refuse_form(st, route, &rules::check_commands(list)) {
        return refused;
    }
    if super::activity::refuses_overwrite(st, guild, list) {
        return super::activity::entry_point_required();
    }
    let mut out = Vec::new();
    let mut registered = Vec::new();
    for cmd in list {
        let name = cmd["name"].as_str().unwrap_or_default().to_string();
        let kind = cmd.get("type").and_then(Value::as_u64).unwrap_or(1);
        let existing = st
            .commands
            .iter()
            .find(|c| c.guild_id == guild && c.json["name"] == name.as_str() && c.json["type"] == kind)
            .map(|c| c.id);
        let id = existing.unwrap_or_else(|| st.new_id());
        let version = st.new_id();
        let mut echo = cmd.clone();
        echo["id"] = json!(id.to_string());
        echo["application_id"] = json!(st.app_id.to_string());
        echo["version"] = json!(version.to_string());
        echo["type"] = json!(kind);
        if echo.get("default_member_permissions").is_none() {
            echo["default_member_permissions"] = Value::Null;
        }
        if echo.get("nsfw").is_none() {
            echo["nsfw"] = json!(false);
        }
        if let Some(g) = guild {
            echo["guild_id"] = json!(g.to_string());
        }
        if let Err(e) = check_with_serenity::<serenity::model::application::Command>(&echo) {
            st.violation(route, format!("stand-in fixture: {e}"));
        }
        registered.push(super::model::RegisteredCommand { id, guild_id: guild, json: echo.clone() });
        out.push(echo);
    }
    st.commands.retain(|c| c.guild_id != guild);
    st.commands.extend(registered);
    st.registrations.push(body.clone());
    ok(Value::Array(out))
}

fn interaction_callback(
    inner: &Arc<Inner>,
    st: &mut State,
    route: &str,
    iid: u64,
    token: &str,
    body: &Value,
) -> Answer {
    let Some(i) = st.interactions.get(&iid).filter(|i| i.token == token).cloned() else {
        st.violation(route, format!("callback for an unknown interaction {iid}"));
        return error(404, 10062, "Unknown interaction");
    };
    if !i.callbacks.is_empty() {
        st.violation(route, format!("interaction {iid} answered more than once (body {body})"));
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    let age = since(i.created);
    if age > inner.opts.interaction_deadline {
        st.violation(route, format!("interaction {iid} answered after {} ms (limit 3 s)", age.as_millis()));
        return error(404, 10062, "Unknown interaction");
    }
    let kind = body.get("type").and_then(Value::as_u64).unwrap_or(0) as u8;
    let empty = json!({});
    let data = body.get("data").unwrap_or(&empty);
    let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
    let eph_user = ephemeral.then_some(i.user);
    let mut original = i.original;
    // A message Discord refuses (over a limit, empty) is not an answer: the interaction stays unanswered.
    if kind == 4 || kind == 7 {
        if let Some(refused) = refuse_form(st, route, &rules::check_message(data, Target::InteractionReply)) {
            return refused;
        }
        let source = if kind == 7 { i.source_message } else { None };
        if is_empty_message(&st.preview(source, data)) {
            return empty_message(st, route);
        }
    }
    if i.kind == 4 && kind != 8 {
        st.violation(route, format!("an autocomplete interaction answered with callback type {kind}"));
        return error(400, 40004, "Interaction callback type is not valid for this interaction");
    }
    match kind {
        4 | 5 => {
            let msg_body = if kind == 4 { data.clone() } else { json!({"content": ""}) };
            let id = st.new_message(i.channel, &msg_body, true, eph_user);
            if let Some(m) = st.messages.get_mut(&id) {
                m.json["type"] = json!(if i.kind == 2 { 20 } else { 19 });
                m.json["interaction_metadata"] = json!({
                    "id": iid.to_string(), "type": i.kind, "user": st_user(&st.users, i.user),
                    "authorizing_integration_owners": {}
                });
                // A component interaction's metadata names the message whose button was clicked (serenity
                // requires it).
                if let Some(src) = i.source_message {
                    m.json["interaction_metadata"]["interacted_message_id"] = json!(src.to_string());
                }
                if kind == 5 {
                    let f = m.json["flags"].as_u64().unwrap_or(0) | 128; // LOADING
                    m.json["flags"] = json!(f);
                }
            }
            let v = st.message_json(id).unwrap_or_default();
            check_message_fixture(st, route, &v);
            original = Some(id);
        }
        6 | 7 => {
            if i.kind != 3 {
                st.violation(route, format!("callback type {kind} is only valid for component interactions"));
                return error(400, 40004, "Interaction callback type is not valid for this interaction");
            }
            original = i.source_message;
            if kind == 7 {
                if ephemeral {
                    st.violation(route, "type 7 (update message) cannot change the ephemeral flag");
                }
                if let Some(src) = i.source_message {
                    if let Some(v) = st.edit_message(src, data) {
                        check_message_fixture(st, route, &v);
                    }
                }
            }
        }
        // Autocomplete choices: only for an autocomplete interaction, at most 25, each named in 1 to 100 characters.
        8 => {
            let choices = data.get("choices").and_then(Value::as_array).cloned().unwrap_or_default();
            let named = |c: &Value| c["name"].as_str().is_some_and(|n| (1..=100).contains(&n.chars().count()));
            if i.kind != 4 || choices.len() > 25 || !choices.iter().all(named) {
                st.violation(route, format!("autocomplete answer not valid for interaction type {}: {data}", i.kind));
                return error(400, 50035, "Invalid Form Body");
            }
        }
        9 => {}
        // Launch the Activity: for a command or a component, once the application has Activities on.
        12 if st.activities.on && matches!(i.kind, 2 | 3) => {}
        12 => {
            st.violation(route, "the launch-activity response (12) for an application without Activities, or not a command or component");
            return error(400, 50035, "Invalid Form Body");
        }
        _ => {
            st.violation(route, format!("unknown or invalid interaction callback type {kind}"));
            return error(400, 50035, "Invalid Form Body");
        }
    }
    if let Some(rec) = st.interactions.get_mut(&iid) {
        rec.callbacks.push(super::model::CallbackRec { kind, data: data.clone(), at: Instant::now() });
        rec.original = original;
    }
    NO_CONTENT
}

fn st_user(users: &std::collections::BTreeMap<u64, super::model::UserRec>, id: u64) -> Value {
    let name = users.get(&id).map_or("unknown", |u| u.name.as_str());
    json!({"id": id.to_string(), "username": name, "discriminator": "0", "avatar": null, "global_name": name})
}

#[allow(clippy::too_many_arguments)]
fn webhook(
    inner: &Arc<Inner>,
    st: &mut State,
    route: &str,
    webhook_id: u64,
    token: &str,
    message_id: u64,
    query: &str,
    body: &Value,
) -> Answer {
    let Some(iid) = st.find_interaction_by_token(token).filter(|_| webhook_id == st.app_id) else {
        st.violation(route, "webhook call with an unknown application id or interaction token");
        return error(404, 10015, "Unknown Webhook");
    };
    let Some(i) = st.interactions.get(&iid).cloned() else { return error(404, 10015, "Unknown Webhook") };
    if i.callbacks.is_empty() {
        st.violation(route, format!("webhook call for interaction {iid} before it was acknowledged"));
        return error(404, 10015, "Unknown Webhook");
    }
    if since(i.created) > inner.opts.webhook_lifetime {
        st.violation(route, format!("webhook call for interaction {iid} after its token expired (15 minutes)"));
        return error(401, 50027, "Invalid Webhook Token");
    }
    let method = route.split(' ').next().unwrap_or("");
    if method == "POST" {
        if let Some(refused) = refuse_form(st, route, &rules::check_message(body, Target::InteractionReply)) {
            return refused;
        }
        if is_empty_message(&st.preview(None, body)) {
            return empty_message(st, route);
        }
        // After a deferred reply (type 5), the first follow-up replaces the "thinking" message.
        let loading = i.callbacks.first().is_some_and(|c| c.kind == 5)
            && i.original
                .and_then(|m| st.messages.get(&m))
                .is_some_and(|m| m.json["flags"].as_u64().unwrap_or(0) & 128 != 0);
        let id = match i.original.filter(|_| loading) {
            Some(orig) => {
                st.stop_thinking(orig);
                st.edit_message(orig, body);
                orig
            }
            None => {
                let eph = body.get("flags").and_then(Value::as_u64).unwrap_or(0) & 64 != 0;
                st.new_message(i.channel, body, true, eph.then_some(i.user))
            }
        };
        if let Some(rec) = st.interactions.get_mut(&iid) {
            rec.followups.push(id);
        }
        let v = st.message_json(id).unwrap_or_default();
        check_message_fixture(st, route, &v);
        // serenity's create_followup expects the message back (no `wait` query) as Discord sends for interaction tokens
        let _ = query;
        return ok(v);
    }
    let target = if route.contains("@original") {
        i.original
    } else if i.original == Some(message_id) || i.followups.contains(&message_id) {
        Some(message_id)
    } else {
        None
    };
    let Some(target) = target.filter(|id| st.message_json(*id).is_some()) else {
        return error(404, 10008, "Unknown Message");
    };
    if method == "PATCH" {
        st.stop_thinking(target);
    }
    one_message(st, route, method, target, body, Target::InteractionReply)
}

/// GET, DELETE or PATCH (edit) of one existing message.
fn one_message(st: &mut State, route: &str, method: &str, id: u64, body: &Value, target: Target) -> Answer {
    match method {
        "GET" => ok(st.message_json(id).unwrap_or_default()),
        "DELETE" => {
            st.delete_message(id);
            NO_CONTENT
        }
        _ => {
            if let Some(refused) = refuse_form(st, route, &rules::check_message(body, target)) {
                return refused;
            }
            if is_empty_message(&st.preview(Some(id), body)) {
                return empty_message(st, route);
            }
            let v = st.edit_message(id, body).unwrap_or_default();
            check_message_fixture(st, route, &v);
            ok(v)
        }
    }
}

fn check_message_fixture(st: &mut State, route: &str, v: &Value) {
    if let Err(e) = check_with_serenity::<serenity::model::channel::Message>(v) {
        st.violation(route, format!("stand-in fixture: {e}"));
    }
}

fn channel_messages(st: &mut State, route: &str, channel: u64, message_id: u64, query: &str, body: &Value) -> Answer {
    let Some(ch) = st.channels.get(&channel).cloned() else { return error(404, 10003, "Unknown Channel") };
    let method = route.split(' ').next().unwrap_or("");
    let single = route.ends_with("{message_id}");
    match (method, single) {
        ("POST", false) => {
            if let Some(code) = ch.dm_user.and_then(|u| st.users.get(&u)).and_then(|u| u.dm_block) {
                let msg = if code == 50278 {
                    "Cannot send messages to this user due to having no mutual guilds"
                } else {
                    "Cannot send messages to this user"
                };
                return error(403, code, msg);
            }
            if let Some(refused) = refuse_form(st, route, &rules::check_message(body, Target::ChannelMessage)) {
                return refused;
            }
            if is_empty_message(&st.preview(None, body)) {
                return empty_message(st, route);
            }
            let id = st.new_message(channel, body, false, None);
            let v = st.message_json(id).unwrap_or_default();
            check_message_fixture(st, route, &v);
            ok(v)
        }
        ("GET", false) => {
            let limit = query
                .split('&')
                .find_map(|kv| kv.strip_prefix("limit="))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(50);
            let list: Vec<Value> = st
                .messages
                .values()
                .rev()
                .filter(|m| m.channel_id == channel && !m.deleted && m.ephemeral_for.is_none())
                .take(limit)
                .map(|m| m.json.clone())
                .collect();
            ok(Value::Array(list))
        }
        (_, true) => {
            let found = st
                .messages
                .get(&message_id)
                .is_some_and(|m| m.channel_id == channel && !m.deleted && m.ephemeral_for.is_none());
            if !found {
                return error(404, 10008, "Unknown Message");
            }
            one_message(st, route, method, message_id, body, Target::ChannelMessage)
        }
        _ => error(405, 0, "405: Method Not Allowed"),
    }
}
