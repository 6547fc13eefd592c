//! The advertised interface of a file: per server, the tools, prompts, resources and
//! resource templates it lists, each an owned [`Node`] with its spans in the file.
use std::collections::BTreeMap;

use mcpvet_ast::InputKind;
pub use mcpvet_ast::definition::ItemKind;
use mcpvet_ast::definition::{DefinitionFormat, read_definition};
use mcpvet_ast::transcript::{
    Direction, EntryKind, Message, RecordBody, RecordRole, read_transcript,
};
use mcpvet_diagnostics::Severity;
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::node::{Node, NodeValue};

/// Every item kind, in the order outputs list them.
pub const ITEM_KINDS: [ItemKind; 4] = ItemKind::ALL;

/// What a file was read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// A captured session: the last list results of each server.
    Session,
    /// A server definition (a captured listing, a registry `server.json`, an MCPB manifest,
    /// a neutral definition).
    Definition(DefinitionFormat),
}

impl SourceKind {
    /// `session`, or the definition format's name (`listing`, `server-json`...).
    pub const fn name(self) -> &'static str {
        match self {
            SourceKind::Session => "session",
            SourceKind::Definition(f) => f.name(),
        }
    }
}

/// One advertised tool, prompt, resource or resource template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// What it is.
    pub kind: ItemKind,
    /// What identifies it among its kind: the `name` of a tool or prompt, the `uri` of a
    /// resource, the `uriTemplate` of a template.
    pub key: String,
    /// The span of the key's value.
    pub key_span: Span,
    /// The item object (spans in the file).
    pub node: Node,
}

impl Item {
    /// The member holding the key of items of `kind`.
    pub const fn key_member(kind: ItemKind) -> &'static str {
        match kind {
            ItemKind::Tool | ItemKind::Prompt => "name",
            ItemKind::Resource => "uri",
            ItemKind::Template => "uriTemplate",
        }
    }

    /// Member `key` of the item.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.node.get(key)
    }

    /// The input schema of a tool: `inputSchema`, or `requestSchema` in a neutral
    /// definition.
    pub fn input_schema(&self) -> Option<&Node> {
        self.get("inputSchema")
            .or_else(|| self.get("requestSchema"))
    }

    /// The output schema of a tool: `outputSchema`, or `responseSchema` in a neutral
    /// definition.
    pub fn output_schema(&self) -> Option<&Node> {
        self.get("outputSchema")
            .or_else(|| self.get("responseSchema"))
    }
}

/// One server's advertised interface.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Server {
    /// Its name: the name a client log gives each line, else `serverInfo.name` of the
    /// `initialize` result; the `name` of a definition, registry entry or manifest. `None`
    /// for a bare listing.
    pub name: Option<String>,
    /// Its version: `serverInfo.version`, or the definition's version.
    pub version: Option<String>,
    /// The items, per kind, by key (with duplicate keys the last one listed wins).
    pub items: BTreeMap<ItemKind, BTreeMap<String, Item>>,
    /// The span of the last list (the array of items) of each kind the file lists, even an
    /// empty one: where a finding about an item that is not there points.
    pub lists: BTreeMap<ItemKind, Span>,
}

impl Server {
    /// The items of `kind`, by key.
    pub fn items_of(&self, kind: ItemKind) -> impl Iterator<Item = &Item> {
        self.items.get(&kind).into_iter().flat_map(BTreeMap::values)
    }

    /// Where a finding about the server as a whole points: its first list.
    pub fn span(&self) -> Span {
        self.lists
            .values()
            .copied()
            .min_by_key(|s| s.start)
            .unwrap_or_default()
    }

    /// `` `name` `` or `the server` (for messages).
    pub fn label(&self) -> String {
        self.name
            .as_ref()
            .map_or_else(|| "the server".to_owned(), |n| format!("server `{n}`"))
    }
}

/// The advertised interface of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Interface {
    /// What the file was read as.
    pub source: SourceKind,
    /// The servers, in order of first appearance.
    pub servers: Vec<Server>,
}

/// Why a file gives no interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// What is wrong, in a sentence.
    pub message: String,
    /// Where, when one place shows it.
    pub span: Option<Span>,
}

/// Reads the advertised interface of `text` (named `file_name`, which helps detect a
/// format): as `kind`, or, with `None`, as what [`mcpvet_ast::kind::detect`] decides. A
/// captured session gives the last complete `tools/list`, `prompts/list`, `resources/list`
/// and `resources/templates/list` results of each server (every page of each); a listing,
/// registry entry, manifest or definition gives its items.
///
/// # Errors
///
/// A client configuration, a file that is not a capture, a definition with a syntax error,
/// or a session without any list result.
///
/// ```
/// use mcpvet_diff::{ItemKind, read_interface};
///
/// let text = r#"{"tools": [{"name": "read_file", "inputSchema": {"type": "object"}}]}"#;
/// let interface = read_interface(text, Some("tools.json"), None).unwrap();
/// let server = &interface.servers[0];
/// let tool = server.items_of(ItemKind::Tool).next().unwrap();
/// assert_eq!(tool.key, "read_file");
/// assert_eq!(&text[tool.key_span.range()], "\"read_file\"");
/// ```
pub fn read_interface(
    text: &str,
    file_name: Option<&str>,
    kind: Option<InputKind>,
) -> Result<Interface, ReadError> {
    let kind = kind.unwrap_or_else(|| mcpvet_ast::kind::detect(text).kind);
    match kind {
        InputKind::Transcript => session(text, file_name),
        InputKind::Server => definition(text, file_name),
        _ => Err(ReadError {
            message: "this is a client configuration, not a captured session, a listing or a \
                      server definition"
                .to_owned(),
            span: None,
        }),
    }
}

fn definition(text: &str, file_name: Option<&str>) -> Result<Interface, ReadError> {
    let outcome = read_definition(text, file_name, None);
    if let Some(d) = outcome.diagnostics.iter().find(|d| {
        d.severity() == Severity::Error
            && (d.code().family() == 0
                && d.code() != mcpvet_json::codes::COMMENT
                && d.code() != mcpvet_json::codes::TRAILING_COMMA)
    }) {
        return Err(ReadError {
            message: d.message().to_owned(),
            span: Some(d.span()),
        });
    }
    let file = outcome.value;
    let mut server = Server {
        name: file.name.as_ref().map(|n| n.value.clone()),
        version: file.version.as_ref().map(|v| v.value.clone()),
        ..Server::default()
    };
    let identity = |s: Span| s;
    // The lists the file holds, even empty ones.
    if let Some(root) = file.root() {
        match file.format {
            DefinitionFormat::Listing => {
                for listing in &file.listings {
                    if let Some(list) = file.value(listing.result).get(listing.kind.list_member()) {
                        server.lists.insert(listing.kind, list.span());
                    }
                }
            }
            DefinitionFormat::Registry => {}
            DefinitionFormat::Manifest | DefinitionFormat::Definition => {
                for (member, kind) in [
                    ("tools", ItemKind::Tool),
                    ("prompts", ItemKind::Prompt),
                    ("resources", ItemKind::Resource),
                ] {
                    if let Some(list) = root.get(member).filter(|l| l.kind() == ValueKind::Array) {
                        server.lists.insert(kind, list.span());
                    }
                }
            }
        }
    }
    for item in &file.items {
        let value = file.value(item.node);
        // A definition's resource read through a URI template is a template.
        let kind = if item.kind == ItemKind::Resource
            && value.get("uri").is_none()
            && value.get("uriTemplate").is_some()
        {
            ItemKind::Template
        } else {
            item.kind
        };
        if let Some(item) = make_item(kind, value, false, &identity) {
            if kind == ItemKind::Template
                && let Some(&span) = server.lists.get(&ItemKind::Resource)
            {
                server.lists.entry(ItemKind::Template).or_insert(span);
            }
            server
                .items
                .entry(kind)
                .or_default()
                .insert(item.key.clone(), item);
        }
    }
    Ok(Interface {
        source: SourceKind::Definition(file.format),
        servers: vec![server],
    })
}

/// The item of `kind` that `value` describes, when it is an object with a string key.
fn make_item(
    kind: ItemKind,
    value: Value<'_>,
    sdk: bool,
    map: &dyn Fn(Span) -> Span,
) -> Option<Item> {
    if value.kind() != ValueKind::Object {
        return None;
    }
    let mut node = Node::from_value(value, map);
    if sdk && let NodeValue::Object(members) = &mut node.value {
        // SDK captures write every unset optional field as `null`, and add `_type`/`meta`.
        members.retain(|m| !m.value.is_null() && m.key != "_type" && m.key != "meta");
    }
    let key = node.member(Item::key_member(kind))?;
    let text = key.value.as_str()?.to_owned();
    let key_span = key.value.span;
    Some(Item {
        kind,
        key: text,
        key_span,
        node,
    })
}

/// The state of one server while a session is read.
#[derive(Default)]
struct SessionServer {
    server: Server,
    /// The listing of each kind being paged through (the previous page had a `nextCursor`).
    paging: BTreeMap<ItemKind, bool>,
    /// The items of each kind listed since the listing began.
    pending: BTreeMap<ItemKind, BTreeMap<String, Item>>,
    /// Whether the server was named by the capture (a log's server name) rather than by
    /// `serverInfo`.
    named_by_capture: bool,
    listed: bool,
}

fn session(text: &str, file_name: Option<&str>) -> Result<Interface, ReadError> {
    let outcome = read_transcript(text, file_name, None);
    let transcript = outcome.value;
    if transcript.is_refused() {
        return Err(ReadError {
            message: outcome.diagnostics.first().map_or_else(
                || "this file is not a captured session".to_owned(),
                |d| d.message().to_owned(),
            ),
            span: None,
        });
    }
    let mut servers: Vec<(Option<String>, SessionServer)> = Vec::new();
    let map = |s: Span| match transcript.derivation() {
        Some(d) => d.map.span(s),
        None => s,
    };
    for entry in transcript.entries() {
        if entry.direction == Some(Direction::ClientToServer) {
            continue;
        }
        let key = entry.server.as_ref().map(|s| s.value.clone());
        let i = if let Some(i) = servers.iter().position(|(k, _)| *k == key) {
            i
        } else {
            let mut state = SessionServer::default();
            if let Some(name) = &key {
                state.server.name = Some(name.clone());
                state.named_by_capture = true;
            }
            servers.push((key, state));
            servers.len() - 1
        };
        let state = &mut servers[i].1;
        match &entry.kind {
            EntryKind::Message(message) => {
                for result in results(message) {
                    result_value(state, transcript.value(result), None, false, &map);
                }
            }
            EntryKind::Reconstructed(record) if record.role == RecordRole::Response => {
                let kind = record
                    .method
                    .and_then(|m| ITEM_KINDS.into_iter().find(|k| k.list_method() == m));
                match record.body {
                    Some(RecordBody::Result(n)) => {
                        result_value(state, transcript.value(n), kind, true, &map);
                    }
                    Some(RecordBody::Items(n)) => {
                        if let Some(kind) = kind {
                            items_page(state, kind, transcript.value(n), None, true, &map);
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    let servers: Vec<Server> = servers
        .into_iter()
        .filter(|(_, s)| s.listed)
        .map(|(_, s)| s.server)
        .collect();
    if servers.is_empty() {
        return Err(ReadError {
            message: "the session holds no `tools/list`, `prompts/list`, `resources/list` or \
                      `resources/templates/list` result"
                .to_owned(),
            span: None,
        });
    }
    Ok(Interface {
        source: SourceKind::Session,
        servers,
    })
}

/// The `result` nodes of a message (every element of a batch).
fn results(message: &Message) -> Vec<mcpvet_json::NodeId> {
    match message {
        Message::Response { result, .. } => vec![*result],
        Message::Batch { items, .. } => items.iter().flat_map(results).collect(),
        _ => Vec::new(),
    }
}

/// A result: an `initialize` result names the server; a list result is a page of items.
fn result_value(
    state: &mut SessionServer,
    result: Value<'_>,
    kind: Option<ItemKind>,
    sdk: bool,
    map: &dyn Fn(Span) -> Span,
) {
    if result.kind() != ValueKind::Object {
        return;
    }
    if let Some(info) = result
        .get("serverInfo")
        .filter(|i| i.kind() == ValueKind::Object)
    {
        if !state.named_by_capture
            && let Some(name) = info.get("name").and_then(Value::as_str)
        {
            state.server.name = Some(name.into_owned());
        }
        if let Some(version) = info.get("version").and_then(Value::as_str) {
            state.server.version = Some(version.into_owned());
        }
    }
    for k in ITEM_KINDS {
        if kind.is_some_and(|kind| kind != k) {
            continue;
        }
        if let Some(list) = result
            .get(k.list_member())
            .filter(|l| l.kind() == ValueKind::Array)
        {
            let cursor = result
                .get("nextCursor")
                .filter(|c| c.kind() == ValueKind::String);
            items_page(state, k, list, Some(cursor.is_some()), sdk, map);
        }
    }
}

/// One page of items of `kind`; `more`: whether another page follows (`None`: unknown, the
/// page is the whole list).
fn items_page(
    state: &mut SessionServer,
    kind: ItemKind,
    list: Value<'_>,
    more: Option<bool>,
    sdk: bool,
    map: &dyn Fn(Span) -> Span,
) {
    let continuing = state.paging.get(&kind).copied().unwrap_or(false);
    if !continuing {
        state.pending.remove(&kind);
    }
    let pending = state.pending.entry(kind).or_default();
    for value in list.items() {
        if let Some(item) = make_item(kind, value, sdk, map) {
            pending.insert(item.key.clone(), item);
        }
    }
    let more = more.unwrap_or(false);
    state.paging.insert(kind, more);
    state.server.lists.insert(kind, map(list.span()));
    state.listed = true;
    // Each page shows the listing so far: a capture may end in the middle of one.
    state.server.items.insert(kind, pending.clone());
}
