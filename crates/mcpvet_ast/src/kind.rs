//! What kind of input a text is: a client configuration, a captured session or a server
//! definition.
//!
//! [`detect`] is the one decision every face makes the same way (the command line's
//! `mcpvet check`, the web page's automatic mode).
//!
//! The decision looks at the start of the text only, so it costs next to nothing on a large
//! capture:
//!
//! - a text starting with `{` (after a byte order mark, white space and comments) is read as
//!   JSON with comments: its first line when that line holds a whole value followed by more
//!   lines (JSON Lines), the whole text otherwise (a pretty-printed object). A whole object
//!   that is a server definition ([`crate::definition::detect_format`]: a list result such
//!   as `{"tools": [...]}` or a JSON-RPC response holding one, a registry `server.json`, an
//!   MCPB manifest, a definition file) is a server definition; an object with a member that
//!   only sessions have (`jsonrpc`, `method`, `result`, `error`, `payload`, `calls`,
//!   `metadata`...) is a session; any other object is a configuration;
//! - `[` followed by a value (`{`, `[`, `]`) is a JSON array of messages, unless every
//!   element is a list result (a server definition: read for texts under 8 MiB); `[`
//!   followed by a name (`[mcp_servers.docs]`) is a TOML configuration;
//! - a first line such as `mcpServers:` or `servers =` is a YAML or TOML configuration,
//!   `interactions:` a YAML recorder cassette; a first line that is one TOML `key = value`
//!   pair (`model = "o3"`, as Codex's `config.toml` starts) is a TOML configuration; a
//!   YAML key at column 0 followed, within 256 lines, by `mcpServers:`, `servers:` or
//!   `extensions:` at column 0 (a Continue block file, a Goose `config.yaml`) is a YAML
//!   configuration;
//! - anything else (log lines, timestamps, banners) is a session.
use mcpvet_json::{JsonOptions, Value, ValueKind, parse};

use crate::config::roots::CONFIG_ROOTS;
use crate::definition::DefinitionFormat;

/// What kind of input a file is, or was inspected as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum InputKind {
    /// A client configuration.
    Config,
    /// A captured session.
    Transcript,
    /// A JSON, JSONC or JSON Lines text checked for well-formedness only.
    Json,
    /// A server definition: a captured listing, a registry `server.json`, an MCPB manifest
    /// or a definition file.
    Server,
}

impl InputKind {
    /// `config`, `transcript`, `json` or `server`.
    pub const fn name(self) -> &'static str {
        match self {
            InputKind::Config => "config",
            InputKind::Transcript => "transcript",
            InputKind::Json => "json",
            InputKind::Server => "server",
        }
    }
}

/// Members whose presence makes an object a session (a JSON-RPC message, a trace event, an
/// Inspector entry, an SDK record or session, a server signature, a HAR capture, a recorder
/// cassette).
const SESSION_KEYS: &[&str] = &[
    "jsonrpc",
    "method",
    "result",
    "error",
    "payload",
    "seq",
    "calls",
    "session_id",
    "metadata",
    "log",
    "dir",
    "interactions",
    "format_version",
];

/// The outcome of [`detect`]: the kind and the clue, in a few words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Detection {
    /// Configuration or session.
    pub kind: InputKind,
    /// Why, in a few words (such as "a JSON object with a server map").
    pub reason: &'static str,
}

impl Detection {
    const fn config(reason: &'static str) -> Self {
        Detection {
            kind: InputKind::Config,
            reason,
        }
    }

    const fn session(reason: &'static str) -> Self {
        Detection {
            kind: InputKind::Transcript,
            reason,
        }
    }

    const fn server(reason: &'static str) -> Self {
        Detection {
            kind: InputKind::Server,
            reason,
        }
    }
}

/// Decides whether `text` is a client configuration or a captured session.
///
/// ```
/// use mcpvet_ast::kind::{InputKind, detect};
///
/// assert_eq!(detect(r#"{"mcpServers": {}}"#).kind, InputKind::Config);
/// assert_eq!(detect("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n").kind, InputKind::Transcript);
/// assert_eq!(detect("2025-01-01T00:00:00.000Z [info] Message from client: {}").kind, InputKind::Transcript);
/// ```
pub fn detect(text: &str) -> Detection {
    let rest = skip_trivia(text);
    let Some(first) = rest.chars().next() else {
        return Detection::config("an empty input");
    };
    match first {
        '{' => detect_object(rest),
        '[' => {
            let after = skip_trivia(&rest[1..]);
            match after.chars().next() {
                Some('{') if listings(rest) => Detection::server("a JSON array of list results"),
                Some('{' | '[' | ']') | None => Detection::session("a JSON array of messages"),
                Some(_) => Detection::config("a TOML table header"),
            }
        }
        _ => {
            let line = rest.lines().next().unwrap_or_default().trim_end();
            let key = line
                .split([':', '='])
                .next()
                .unwrap_or_default()
                .trim()
                .trim_matches('"');
            if line.len() > key.len() && CONFIG_ROOTS.contains(&key) {
                Detection::config("a YAML or TOML server map")
            } else if line == "interactions:" {
                Detection::session("a YAML recorder cassette")
            } else if is_toml_pair(line) {
                Detection::config("a TOML document")
            } else if is_yaml_key(line) && has_yaml_server_map(rest) {
                Detection::config("a YAML document with a server map")
            } else {
                Detection::session("lines of a log or capture")
            }
        }
    }
}

/// Classifies a text that starts with `{`.
fn detect_object(text: &str) -> Detection {
    let options = JsonOptions::jsonc();
    let first_line = text
        .split_once('\n')
        .map(|(line, rest)| (line, rest.trim()));
    if let Some((line, rest)) = first_line
        && !rest.is_empty()
    {
        let outcome = parse(line, &options);
        if !outcome.has_errors()
            && let Some(root) = outcome.value.root()
        {
            // A complete value on the first line, and more lines: JSON Lines, unless the
            // object is a configuration written on one line (followed by text).
            return classify(root).unwrap_or(Detection::session("JSON Lines"));
        }
    }
    let outcome = parse(text, &options);
    match outcome.value.root() {
        Some(root) => definition(root)
            .or_else(|| classify(root))
            .unwrap_or(Detection::config("a JSON object")),
        None => Detection::config("a JSON object"),
    }
}

/// A server definition, when the whole document is one.
fn definition(root: Value<'_>) -> Option<Detection> {
    let (format, _) = crate::definition::detect_format(root, None)?;
    Some(Detection::server(match format {
        DefinitionFormat::Listing => "a list result of tools, prompts or resources",
        DefinitionFormat::Registry => "an MCP registry server.json",
        DefinitionFormat::Manifest => "a desktop extension manifest (MCPB)",
        DefinitionFormat::Definition => "a server definition file",
    }))
}

/// Whether the JSON array `text` holds list results only (a listing, not a session); only
/// texts under 8 MiB are read to tell: a larger array is a session.
fn listings(text: &str) -> bool {
    text.len() < 8 << 20
        && parse(text, &JsonOptions::jsonc())
            .value
            .root()
            .is_some_and(crate::definition::looks_like_definition)
}

/// A session or a configuration, when one of the known members says so.
fn classify(root: Value<'_>) -> Option<Detection> {
    if root.kind() != ValueKind::Object {
        return Some(Detection::session("JSON Lines"));
    }
    let has = |key: &&str| root.get(key).is_some();
    if SESSION_KEYS.iter().any(has) || (has(&"message") && has(&"direction")) {
        Some(Detection::session("JSON-RPC messages or capture records"))
    } else if has(&"event") && (has(&"run_id") || has(&"phase")) {
        Some(Detection::session("run events"))
    } else if CONFIG_ROOTS.iter().any(has) {
        Some(Detection::config("a JSON object with a server map"))
    } else {
        None
    }
}

/// Whether `line` is one TOML `key = value` pair (Codex's `config.toml` starts with settings
/// such as `model = "o3"`): a bare or quoted key, then a value that TOML reads whole. A log
/// line (`level = info ...`, `event=spawned run_id=r1`) is not.
fn is_toml_pair(line: &str) -> bool {
    let Some((key, value)) = line.split_once('=') else {
        return false;
    };
    let key = key.trim();
    let bare = |k: &str| {
        !k.is_empty()
            && k.split('.').all(|part| {
                let part = part.trim();
                !part.is_empty()
                    && part
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
            })
    };
    let quoted = key.len() >= 2
        && ((key.starts_with('"') && key.ends_with('"'))
            || (key.starts_with('\'') && key.ends_with('\'')));
    (bare(key) || quoted) && !value.trim().is_empty() && mcpvet_toml::to_json(line).value.is_some()
}

/// Whether `line` is a YAML mapping key at column 0 (`name: x`, `GOOSE_PROVIDER: openai`).
fn is_yaml_key(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, rest)| {
        key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
            && (rest.is_empty() || rest.starts_with(' '))
    })
}

/// Keys at column 0 that hold servers in a YAML configuration: the JSON roots, and Goose's
/// `extensions`.
const YAML_SERVER_MAPS: &[&str] = &["mcpServers", "servers", "mcp_servers", "extensions"];

/// Whether one of the first lines of a YAML text (a Continue block file: `name:`,
/// `version:`, `schema:`, then `mcpServers:`; a Goose `config.yaml`) opens a server map at
/// column 0.
fn has_yaml_server_map(text: &str) -> bool {
    text.lines().take(256).any(|l| {
        l.split_once(':').is_some_and(|(key, rest)| {
            YAML_SERVER_MAPS.contains(&key) && (rest.trim().is_empty() || rest.starts_with(' '))
        })
    })
}

/// `text` without a leading byte order mark, white space and JSONC or `#` comments.
fn skip_trivia(text: &str) -> &str {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    loop {
        rest = rest.trim_start();
        if let Some(comment) = rest.strip_prefix("//").or_else(|| rest.strip_prefix('#')) {
            rest = comment.split_once('\n').map_or("", |(_, after)| after);
        } else if let Some(comment) = rest.strip_prefix("/*") {
            rest = comment.split_once("*/").map_or("", |(_, after)| after);
        } else {
            return rest;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> InputKind {
        detect(text).kind
    }

    #[test]
    fn configurations() {
        assert_eq!(kind(""), InputKind::Config);
        assert_eq!(kind("  \n"), InputKind::Config);
        assert_eq!(kind("{}"), InputKind::Config);
        assert_eq!(
            kind(
                "\u{feff}// settings\n{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"}\n  }\n}\n"
            ),
            InputKind::Config
        );
        assert_eq!(kind("{\"servers\": {}, \"inputs\": []}"), InputKind::Config);
        assert_eq!(kind("{\"mcp\": {\"servers\": {}}}\n"), InputKind::Config);
        assert_eq!(
            kind("{\"mcpServers\": {}}\n{\"x\": 1}\n"),
            InputKind::Config
        );
        assert_eq!(
            kind("# Codex\n[mcp_servers.docs]\ncommand = \"npx\"\n"),
            InputKind::Config
        );
        assert_eq!(kind("mcpServers:\n  docs:\n"), InputKind::Config);
        // Codex: settings before the server tables.
        assert_eq!(
            kind(
                "model = \"o3\"\napproval_policy = \"never\"\n\n[mcp_servers.docs]\ncommand = \"npx\"\n"
            ),
            InputKind::Config
        );
        assert_eq!(kind("\"model\" = 'o3'\n"), InputKind::Config);
        // Continue block files and Goose configurations.
        assert_eq!(
            kind(
                "name: Docs\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: docs\n    command: npx\n"
            ),
            InputKind::Config
        );
        assert_eq!(
            kind("GOOSE_PROVIDER: openai\nextensions:\n  github:\n    type: stdio\n"),
            InputKind::Config
        );
        // Broken JSON that is not a session: the configuration reader reports it.
        assert_eq!(kind("{\"mcpServers\": {"), InputKind::Config);
        assert_eq!(kind("{\"theme\": \"dark\"}"), InputKind::Config);
    }

    #[test]
    fn sessions() {
        let jsonl = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n";
        assert_eq!(kind(jsonl), InputKind::Transcript);
        assert_eq!(
            kind("{\n  \"jsonrpc\": \"2.0\",\n  \"method\": \"ping\",\n  \"id\": 3\n}\n"),
            InputKind::Transcript
        );
        assert_eq!(kind("[{\"jsonrpc\":\"2.0\"}]"), InputKind::Transcript);
        assert_eq!(
            kind("{\"event\":\"spawned\",\"run_id\":\"r\"}"),
            InputKind::Transcript
        );
        assert_eq!(kind("[]"), InputKind::Transcript);
        assert_eq!(
            kind("{\"seq\":1,\"direction\":\"client-to-server\",\"payload\":{}}\n{\"seq\":2}\n"),
            InputKind::Transcript
        );
        assert_eq!(
            kind("2025-06-01T10:00:00.000Z [docs] [info] Initializing server...\n"),
            InputKind::Transcript
        );
        assert_eq!(kind("Starting server...\n"), InputKind::Transcript);
        // Log lines with `=` are not TOML pairs, nor are `key=value` run logs.
        assert_eq!(kind("level = info msg=started\n"), InputKind::Transcript);
        assert_eq!(
            kind("event=spawned run_id=r1 ts=2025-01-01T00:00:00Z\n"),
            InputKind::Transcript
        );
        assert_eq!(kind("Error: spawn npx ENOENT\n"), InputKind::Transcript);
        assert_eq!(
            kind("version: 1\ninteractions:\n- request: {}\n"),
            InputKind::Transcript
        );
        // Recorder cassettes, with or without metadata.
        assert_eq!(
            kind("{\"interactions\": [], \"version\": 1}"),
            InputKind::Transcript
        );
        // An unknown object on each line is still JSON Lines.
        assert_eq!(kind("{\"a\":1}\n{\"b\":2}\n"), InputKind::Transcript);
        // A list response on the first line of several is a session.
        assert_eq!(
            kind(
                "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}\n"
            ),
            InputKind::Transcript
        );
        assert_eq!(
            kind(
                "[{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}, {\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"ping\"}]"
            ),
            InputKind::Transcript
        );
    }

    #[test]
    fn server_definitions() {
        assert_eq!(kind("{\"tools\": []}"), InputKind::Server);
        assert_eq!(
            kind("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}}\n"),
            InputKind::Server
        );
        assert_eq!(
            kind("{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {\"prompts\": []}\n}\n"),
            InputKind::Server
        );
        assert_eq!(
            kind("[{\"tools\": []}, {\"prompts\": []}]"),
            InputKind::Server
        );
        assert_eq!(
            kind("{\"name\": \"io.github.a/b\", \"version\": \"1.0.0\", \"packages\": []}"),
            InputKind::Server
        );
        assert_eq!(
            kind("{\"manifest_version\": \"0.3\", \"name\": \"x\", \"server\": {}}"),
            InputKind::Server
        );
        assert_eq!(
            kind("{\"name\": \"crm\", \"tools\": [{\"name\": \"find\"}]}"),
            InputKind::Server
        );
        assert_eq!(
            detect("{\"tools\": []}").reason,
            "a list result of tools, prompts or resources"
        );
    }
}
