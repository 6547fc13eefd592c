//! The tools lock file (`mcp-tools.lock`): per server, the SHA-256 of each advertised item,
//! and nothing else; and the check of an interface against it.
use std::collections::BTreeMap;
use std::fmt::Write as _;

use mcpvet_diagnostics::{Diagnostic, Findings};
use mcpvet_json::{JsonOptions, Value, ValueKind};
use mcpvet_text::Span;
use sha2::{Digest as _, Sha256};

use crate::interface::{ITEM_KINDS, Interface, Item, ItemKind};
use crate::node::canonical_object;
use crate::rules;

/// The format version written as `lock_version`, and the only one read.
pub const LOCK_VERSION: u64 = 1;

/// The file `mcpvet lock` writes by default.
pub const LOCK_FILE: &str = "mcp-tools.lock";

/// The member of a lock's server that holds the digests of items of `kind`.
pub const fn lock_member(kind: ItemKind) -> &'static str {
    match kind {
        ItemKind::Tool => "tools",
        ItemKind::Prompt => "prompts",
        ItemKind::Resource => "resources",
        ItemKind::Template => "resource_templates",
    }
}

/// The canonical JSON text an item's digest is taken over: a tool's
/// `{"description","inputSchema","name","outputSchema"}` (a definition's `requestSchema` and
/// `responseSchema` count as its input and output schemas), a prompt's
/// `{"arguments","description","name"}`, a resource's `{"description","mimeType","name","uri"}`,
/// a template's `{"description","mimeType","name","uriTemplate"}`; members the item does not
/// have are left out.
///
/// ```
/// use mcpvet_diff::{ItemKind, canonical_item, read_interface};
///
/// let text = r#"{"tools": [{"name": "t", "title": "T", "inputSchema": {"type": "object"}}]}"#;
/// let i = read_interface(text, None, None).unwrap();
/// let tool = i.servers[0].items_of(ItemKind::Tool).next().unwrap();
/// assert_eq!(canonical_item(tool), r#"{"inputSchema":{"type":"object"},"name":"t"}"#);
/// ```
pub fn canonical_item(item: &Item) -> String {
    match item.kind {
        ItemKind::Tool => canonical_object([
            ("description", item.get("description")),
            ("inputSchema", item.input_schema()),
            ("name", item.get("name")),
            ("outputSchema", item.output_schema()),
        ]),
        ItemKind::Prompt => canonical_object([
            ("arguments", item.get("arguments")),
            ("description", item.get("description")),
            ("name", item.get("name")),
        ]),
        ItemKind::Resource | ItemKind::Template => {
            let key = Item::key_member(item.kind);
            canonical_object([
                ("description", item.get("description")),
                ("mimeType", item.get("mimeType")),
                ("name", item.get("name")),
                (key, item.get(key)),
            ])
        }
    }
}

/// SHA-256, lowercase hex, of `text`'s UTF-8 bytes.
pub fn sha256_hex(text: &str) -> String {
    let hash = Sha256::digest(text.as_bytes());
    let mut out = String::with_capacity(64);
    for byte in &hash {
        let _ = write!(out, "{byte:02x}");
    }
    out
}

/// The digest of an item: [`sha256_hex`] of [`canonical_item`].
pub fn item_digest(item: &Item) -> String {
    sha256_hex(&canonical_item(item))
}

/// One server of a lock file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LockServer {
    /// Its name, when the input gave one.
    pub name: Option<String>,
    /// Its version, when the input gave one.
    pub version: Option<String>,
    /// Per kind the input listed: each item's key and digest.
    pub items: BTreeMap<ItemKind, BTreeMap<String, String>>,
    /// Where the server is in the lock file (for findings about it; empty when built).
    pub span: Span,
}

/// A lock file: digests only.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Lock {
    /// The servers, sorted by name (the unnamed first).
    pub servers: Vec<LockServer>,
}

/// Why a lock file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LockError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

impl Lock {
    /// The lock of every server of `interfaces` (a server named in several inputs: the later
    /// one's lists replace the earlier one's, kind by kind).
    pub fn build<'i>(interfaces: impl IntoIterator<Item = &'i Interface>) -> Lock {
        let mut by_name: BTreeMap<Option<String>, LockServer> = BTreeMap::new();
        for interface in interfaces {
            for server in &interface.servers {
                let entry = by_name
                    .entry(server.name.clone())
                    .or_insert_with(|| LockServer {
                        name: server.name.clone(),
                        ..LockServer::default()
                    });
                if server.version.is_some() {
                    entry.version.clone_from(&server.version);
                }
                for &kind in server.lists.keys() {
                    let digests = server
                        .items_of(kind)
                        .map(|i| (i.key.clone(), item_digest(i)))
                        .collect();
                    entry.items.insert(kind, digests);
                }
            }
        }
        Lock {
            servers: by_name.into_values().collect(),
        }
    }

    /// How many tools the lock pins, over every server.
    pub fn tool_count(&self) -> usize {
        self.servers
            .iter()
            .map(|s| s.items.get(&ItemKind::Tool).map_or(0, BTreeMap::len))
            .sum()
    }

    /// The lock file's text: JSON, two-space indentation, every object's keys sorted, a
    /// final line break.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = write!(
            out,
            "{{\n  \"lock_version\": {LOCK_VERSION},\n  \"servers\": ["
        );
        for (i, server) in self.servers.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            out.push_str("    {");
            let mut members: Vec<(&str, String)> = Vec::new();
            if let Some(name) = &server.name {
                members.push(("name", string(name)));
            }
            for (kind, digests) in &server.items {
                let mut map = String::from("{");
                for (j, (key, digest)) in digests.iter().enumerate() {
                    map.push_str(if j == 0 { "\n" } else { ",\n" });
                    let _ = write!(map, "        {}: {}", string(key), string(digest));
                }
                map.push_str(if digests.is_empty() { "}" } else { "\n      }" });
                members.push((lock_member(*kind), map));
            }
            if let Some(version) = &server.version {
                members.push(("version", string(version)));
            }
            members.sort_by(|a, b| a.0.cmp(b.0));
            for (j, (key, value)) in members.iter().enumerate() {
                out.push_str(if j == 0 { "\n" } else { ",\n" });
                let _ = write!(out, "      \"{key}\": {value}");
            }
            out.push_str(if members.is_empty() { "}" } else { "\n    }" });
        }
        out.push_str(if self.servers.is_empty() {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        });
        out
    }

    /// Reads a lock file.
    ///
    /// # Errors
    ///
    /// A syntax error, a `lock_version` other than 1, or a member of the wrong type, with
    /// its position.
    ///
    /// ```
    /// use mcpvet_diff::Lock;
    ///
    /// let lock = Lock::parse("{\"lock_version\": 1, \"servers\": [{\"name\": \"a\", \"tools\": {}}]}").unwrap();
    /// assert_eq!(lock.servers[0].name.as_deref(), Some("a"));
    /// assert_eq!(Lock::parse(&lock.to_text()).unwrap().servers.len(), 1);
    /// let err = Lock::parse("{\"lock_version\": 2, \"servers\": []}").unwrap_err();
    /// assert_eq!(err.message, "unsupported `lock_version` 2: this mcpvet reads version 1");
    /// ```
    pub fn parse(text: &str) -> Result<Lock, LockError> {
        let outcome = mcpvet_json::parse(text, &JsonOptions::strict());
        if let Some(d) = outcome
            .diagnostics
            .iter()
            .find(|d| d.severity() == mcpvet_diagnostics::Severity::Error)
        {
            return Err(LockError {
                message: d.message().to_owned(),
                span: d.span(),
            });
        }
        let doc = outcome.value;
        let Some(root) = doc.root() else {
            return Err(err("the lock file is empty", Span::empty(0)));
        };
        let root = object(root, "the lock file")?;
        let version = root
            .get("lock_version")
            .ok_or_else(|| err("the lock file has no `lock_version`", root.opening()))?;
        match version.as_number().and_then(mcpvet_json::Number::as_u64) {
            Some(LOCK_VERSION) => {}
            _ => {
                return Err(err(
                    &format!(
                        "unsupported `lock_version` {}: this mcpvet reads version {LOCK_VERSION}",
                        version.source()
                    ),
                    version.span(),
                ));
            }
        }
        let servers = root
            .get("servers")
            .ok_or_else(|| err("the lock file has no `servers` list", root.opening()))?;
        if servers.kind() != ValueKind::Array {
            return Err(err("`servers` must be an array", servers.span()));
        }
        let mut lock = Lock::default();
        for s in servers.items() {
            let s = object(s, "a server")?;
            let mut server = LockServer {
                span: s.span(),
                ..LockServer::default()
            };
            for member in s.members() {
                let key = member.key_str();
                let value = member.value;
                match key.as_ref() {
                    "name" => server.name = Some(text_of(value, "`name`")?),
                    "version" => server.version = Some(text_of(value, "`version`")?),
                    _ => {
                        let Some(kind) = ITEM_KINDS.into_iter().find(|k| lock_member(*k) == key)
                        else {
                            return Err(err(
                                &format!(
                                    "unknown member `{key}` of a server: expected `name`, \
                                     `version`, `tools`, `prompts`, `resources` or \
                                     `resource_templates`"
                                ),
                                member.key.span(),
                            ));
                        };
                        let map = object(value, &format!("`{key}`"))?;
                        let mut digests = BTreeMap::new();
                        for m in map.members() {
                            let digest = text_of(m.value, "a digest")?;
                            if digest.len() != 64
                                || !digest
                                    .bytes()
                                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
                            {
                                return Err(err(
                                    "a digest must be 64 lowercase hexadecimal digits (SHA-256)",
                                    m.value.span(),
                                ));
                            }
                            digests.insert(m.key_str().into_owned(), digest);
                        }
                        server.items.insert(kind, digests);
                    }
                }
            }
            lock.servers.push(server);
        }
        Ok(lock)
    }
}

fn err(message: &str, span: Span) -> LockError {
    LockError {
        message: message.to_owned(),
        span,
    }
}

fn object<'d>(value: Value<'d>, what: &str) -> Result<Value<'d>, LockError> {
    if value.kind() == ValueKind::Object {
        Ok(value)
    } else {
        Err(err(
            &format!(
                "{what} must be a JSON object, found {}",
                value.kind().name()
            ),
            value.span(),
        ))
    }
}

fn text_of(value: Value<'_>, what: &str) -> Result<String, LockError> {
    value
        .as_str()
        .map(std::borrow::Cow::into_owned)
        .ok_or_else(|| err(&format!("{what} must be a string"), value.span()))
}

fn string(text: &str) -> String {
    let mut out = String::new();
    mcpvet_json::push_string(&mut out, text);
    out
}

/// Checks `interface` against `lock` (read from the file named `lock_name`) and reports what
/// drifted (`MCP560`–`MCP564`) into `findings`, with spans in the checked file. Servers pair
/// by name, or, when the file and the lock each hold one server, whatever their names. A
/// kind of item the lock does not hold for a server, or the file does not list, is not
/// checked.
pub fn check_lock(interface: &Interface, lock: &Lock, lock_name: &str, findings: &mut Findings) {
    let only = interface.servers.len() == 1 && lock.servers.len() == 1;
    for server in &interface.servers {
        let locked = lock
            .servers
            .iter()
            .find(|l| l.name == server.name)
            .or_else(|| only.then(|| &lock.servers[0]));
        let Some(locked) = locked else {
            findings.push(
                rules::SERVER_NOT_IN_LOCK
                    .diagnostic(
                        server.span(),
                        format!("{} is not in the lock file `{lock_name}`", server.label()),
                    )
                    .with_help(HELP_LOCK),
            );
            continue;
        };
        for kind in ITEM_KINDS {
            // A kind the lock does not hold, or the input does not list (a capture without
            // `prompts/list`), is not checked.
            let (Some(digests), Some(&list)) = (locked.items.get(&kind), server.lists.get(&kind))
            else {
                continue;
            };
            for item in server.items_of(kind) {
                match digests.get(&item.key) {
                    Some(d) if *d == item_digest(item) => {}
                    Some(_) => findings.push(item_finding(kind, item, lock_name, true)),
                    None => findings.push(item_finding(kind, item, lock_name, false)),
                }
            }
            for key in digests.keys() {
                if server.items.get(&kind).is_some_and(|m| m.contains_key(key)) {
                    continue;
                }
                let span = list;
                let message = format!(
                    "{} `{key}` is in the lock file `{lock_name}` but {} does not list it",
                    kind.name(),
                    server.label()
                );
                let rule = if kind == ItemKind::Tool {
                    &rules::LOCKED_TOOL_MISSING
                } else {
                    &rules::LOCKED_ITEM_CHANGED
                };
                findings.push(rule.diagnostic(span, message).with_help(HELP_DIFF));
            }
        }
    }
}

const HELP_DIFF: &str = "the lock keeps only digests: run `mcpvet diff OLD NEW` with the file \
                         the lock was made from to see what changed; when the change is \
                         expected, run `mcpvet lock` again";

const HELP_LOCK: &str = "run `mcpvet lock` with this file to pin its servers, or `mcpvet diff` \
                         against the file the lock was made from";

fn item_finding(kind: ItemKind, item: &Item, lock_name: &str, changed: bool) -> Diagnostic {
    let (rule, message) = match (kind, changed) {
        (ItemKind::Tool, true) => (
            &rules::LOCKED_TOOL_CHANGED,
            format!(
                "tool `{}` differs from its digest in the lock file `{lock_name}`: its name, \
                 description or schemas changed",
                item.key
            ),
        ),
        (ItemKind::Tool, false) => (
            &rules::TOOL_NOT_IN_LOCK,
            format!("tool `{}` is not in the lock file `{lock_name}`", item.key),
        ),
        (_, true) => (
            &rules::LOCKED_ITEM_CHANGED,
            format!(
                "{} `{}` differs from its digest in the lock file `{lock_name}`",
                kind.name(),
                item.key
            ),
        ),
        (_, false) => (
            &rules::LOCKED_ITEM_CHANGED,
            format!(
                "{} `{}` is not in the lock file `{lock_name}`",
                kind.name(),
                item.key
            ),
        ),
    };
    rule.diagnostic(item.key_span, message).with_help(HELP_DIFF)
}
