//! Comparing two interfaces: servers paired, items matched by key (then renames), and each
//! pair of items compared member by member.
use std::collections::BTreeSet;

use mcpvet_text::Span;

use crate::change::{Change, ChangeKind, Level};
use crate::interface::{ITEM_KINDS, Interface, Item, ItemKind, Server};
use crate::node::{Node, canonical_object, pointer_token};
use crate::schema::{self, Side};

/// How two servers were paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pairing {
    /// Both have the same name (or neither has one).
    Name,
    /// Each file has exactly one server: paired whatever their names.
    OnlyServer,
    /// Only the old file has it.
    OldOnly,
    /// Only the new file has it.
    NewOnly,
}

impl Pairing {
    /// `name`, `only-server`, `old-only` or `new-only`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Pairing::Name => "name",
            Pairing::OnlyServer => "only-server",
            Pairing::OldOnly => "old-only",
            Pairing::NewOnly => "new-only",
        }
    }
}

/// A pair of servers (or a server of one side only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerPair {
    /// The old server's name (`None`: unnamed, or absent for [`Pairing::NewOnly`]).
    pub old: Option<String>,
    /// The new server's name.
    pub new: Option<String>,
    /// How they were paired.
    pub pairing: Pairing,
}

/// What [`diff`] found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Diff {
    /// Every server of both files, paired.
    pub servers: Vec<ServerPair>,
    /// Every change, sorted by server, item kind, item and position in the item.
    pub changes: Vec<Change>,
}

impl Diff {
    /// The highest level among the changes.
    pub fn max_level(&self) -> Option<Level> {
        self.changes.iter().map(|c| c.level).max()
    }

    /// The number of changes at `level`.
    pub fn count(&self, level: Level) -> usize {
        self.changes.iter().filter(|c| c.level == level).count()
    }
}

/// Compares the interface `old` with `new`.
///
/// ```
/// use mcpvet_diff::{ChangeKind, Level, diff, read_interface};
///
/// let old = r#"{"tools": [{"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}]}"#;
/// let new = r#"{"tools": [{"name": "search", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}, "limit": {"type": "integer"}}, "required": ["limit"]}}]}"#;
/// let d = diff(&read_interface(old, None, None).unwrap(), &read_interface(new, None, None).unwrap());
/// let [change] = d.changes.as_slice() else { panic!("{d:?}") };
/// assert_eq!((change.kind, change.level), (ChangeKind::PropertyAdded, Level::Breaking));
/// assert_eq!(change.message, "tool `search`: required input property `limit` added");
/// assert_eq!(&new[change.new.unwrap().range()], r#"{"type": "integer"}"#);
/// ```
pub fn diff(old: &Interface, new: &Interface) -> Diff {
    let mut out = Diff::default();
    let only = old.servers.len() == 1 && new.servers.len() == 1;
    let mut used = vec![false; new.servers.len()];
    for o in &old.servers {
        let found = new
            .servers
            .iter()
            .enumerate()
            .position(|(i, n)| !used[i] && n.name == o.name)
            .or_else(|| only.then_some(0));
        if let Some(i) = found {
            used[i] = true;
            let n = &new.servers[i];
            out.servers.push(ServerPair {
                old: o.name.clone(),
                new: n.name.clone(),
                pairing: if n.name == o.name {
                    Pairing::Name
                } else {
                    Pairing::OnlyServer
                },
            });
            servers(o, n, &mut out.changes);
        } else {
            out.servers.push(ServerPair {
                old: o.name.clone(),
                new: None,
                pairing: Pairing::OldOnly,
            });
            out.changes.push(server_change(o, false));
        }
    }
    for (i, n) in new.servers.iter().enumerate() {
        if !used[i] {
            out.servers.push(ServerPair {
                old: None,
                new: n.name.clone(),
                pairing: Pairing::NewOnly,
            });
            out.changes.push(server_change(n, true));
        }
    }
    out.changes.sort_by(|a, b| a.sort_key().cmp(&b.sort_key()));
    out
}

fn server_change(server: &Server, added: bool) -> Change {
    let count: usize = server
        .items
        .values()
        .map(std::collections::BTreeMap::len)
        .sum();
    let (kind, level, verb) = if added {
        (ChangeKind::ServerAdded, Level::Compatible, "added")
    } else {
        (ChangeKind::ServerRemoved, Level::Breaking, "removed")
    };
    Change {
        level,
        kind,
        risk: false,
        server: server.name.clone(),
        item_kind: None,
        item: None,
        old_item: None,
        pointer: String::new(),
        subject: None,
        message: format!(
            "{} {verb} ({count} item{})",
            server.label(),
            if count == 1 { "" } else { "s" }
        ),
        old: (!added).then(|| server.span()),
        new: added.then(|| server.span()),
    }
}

/// What the changes of one item share.
pub(crate) struct ItemCx<'a> {
    pub(crate) server: Option<&'a str>,
    pub(crate) kind: ItemKind,
    pub(crate) key: &'a str,
    pub(crate) old_key: Option<&'a str>,
    pub(crate) out: &'a mut Vec<Change>,
}

impl ItemCx<'_> {
    /// ``tool `search` ``.
    pub(crate) fn label(&self) -> String {
        format!("{} `{}`", self.kind.name(), self.key)
    }

    #[expect(clippy::too_many_arguments, reason = "one change is this many facts")]
    pub(crate) fn push(
        &mut self,
        kind: ChangeKind,
        level: Level,
        pointer: &str,
        subject: Option<String>,
        message: impl std::fmt::Display,
        old: Option<Span>,
        new: Option<Span>,
    ) {
        let label = self.label();
        self.out.push(Change {
            level,
            kind,
            risk: kind == ChangeKind::AnnotationRisk,
            server: self.server.map(str::to_owned),
            item_kind: Some(self.kind),
            item: Some(self.key.to_owned()),
            old_item: self.old_key.map(str::to_owned),
            pointer: pointer.to_owned(),
            subject,
            message: format!("{label}: {message}"),
            old,
            new,
        });
    }
}

fn servers(old: &Server, new: &Server, out: &mut Vec<Change>) {
    let name = new.name.as_deref().or(old.name.as_deref());
    for kind in ITEM_KINDS {
        let empty = std::collections::BTreeMap::new();
        let o = old.items.get(&kind).unwrap_or(&empty);
        let n = new.items.get(&kind).unwrap_or(&empty);
        let mut removed: Vec<&Item> = o.values().filter(|i| !n.contains_key(&i.key)).collect();
        let mut added: Vec<&Item> = n.values().filter(|i| !o.contains_key(&i.key)).collect();
        // Renames: a removed and an added item with the same body.
        let mut renamed = Vec::new();
        removed.retain(|r| {
            let wanted = body(r);
            match added.iter().position(|a| body(a) == wanted) {
                Some(i) => {
                    renamed.push((*r, added.remove(i)));
                    false
                }
                None => true,
            }
        });
        for (r, a) in renamed {
            out.push(Change {
                level: Level::Breaking,
                kind: ChangeKind::ItemRenamed,
                risk: false,
                server: name.map(str::to_owned),
                item_kind: Some(kind),
                item: Some(a.key.clone()),
                old_item: Some(r.key.clone()),
                pointer: String::new(),
                subject: None,
                message: format!(
                    "{} `{}` renamed to `{}` (same description and schemas)",
                    kind.name(),
                    r.key,
                    a.key
                ),
                old: Some(r.key_span),
                new: Some(a.key_span),
            });
        }
        for (items, added) in [(removed, false), (added, true)] {
            for item in items {
                out.push(Change {
                    level: if added {
                        Level::Compatible
                    } else {
                        Level::Breaking
                    },
                    kind: if added {
                        ChangeKind::ItemAdded
                    } else {
                        ChangeKind::ItemRemoved
                    },
                    risk: false,
                    server: name.map(str::to_owned),
                    item_kind: Some(kind),
                    item: Some(item.key.clone()),
                    old_item: None,
                    pointer: String::new(),
                    subject: None,
                    message: format!(
                        "{} `{}` {}",
                        kind.name(),
                        item.key,
                        if added { "added" } else { "removed" }
                    ),
                    old: (!added).then_some(item.node.span),
                    new: added.then_some(item.node.span),
                });
            }
        }
        for (key, o) in o {
            if let Some(n) = n.get(key) {
                let mut cx = ItemCx {
                    server: name,
                    kind,
                    key,
                    old_key: None,
                    out,
                };
                items(o, n, &mut cx);
            }
        }
    }
}

/// What must match for two items of different keys to be one item renamed: every member
/// but the key (and `title`, `_meta`, `icons`, `annotations`), canonically.
fn body(item: &Item) -> String {
    let skip = [
        Item::key_member(item.kind),
        "title",
        "_meta",
        "icons",
        "annotations",
    ];
    let members = item.node.members();
    canonical_object(
        members
            .iter()
            .filter(|(k, _)| !skip.contains(k))
            .map(|(k, m)| (*k, Some(&m.value))),
    )
}

/// Compares two items of one key.
fn items(old: &Item, new: &Item, cx: &mut ItemCx<'_>) {
    let o = old.node.members();
    let n = new.node.members();
    let keys: BTreeSet<&str> = o.keys().chain(n.keys()).copied().collect();
    for key in keys {
        let (om, nm) = (o.get(key), n.get(key));
        let (ov, nv) = (om.map(|m| &m.value), nm.map(|m| &m.value));
        if ov.map(Node::canonical) == nv.map(Node::canonical) {
            continue;
        }
        let pointer = format!("/{}", pointer_token(key));
        let old_span = ov.map(|v| v.span);
        let new_span = nv.map(|v| v.span);
        match (cx.kind, key) {
            (_, k) if k == Item::key_member(cx.kind) => {}
            (_, "_meta" | "icons") => {}
            (_, "description") => cx.push(
                ChangeKind::DescriptionChanged,
                Level::Compatible,
                &pointer,
                None,
                presence("description", ov, nv),
                old_span,
                new_span,
            ),
            (_, "title") => cx.push(
                ChangeKind::TitleChanged,
                Level::Compatible,
                &pointer,
                None,
                presence("title", ov, nv),
                old_span,
                new_span,
            ),
            (ItemKind::Tool, "inputSchema" | "requestSchema") => {
                let empty_old = Node::empty_object(old.node.span);
                let empty_new = Node::empty_object(new.node.span);
                schema::compare(
                    ov.unwrap_or(&empty_old),
                    nv.unwrap_or(&empty_new),
                    Side::Input,
                    &pointer,
                    cx,
                );
            }
            (ItemKind::Tool, "outputSchema" | "responseSchema") => match (ov, nv) {
                (Some(ov), Some(nv)) => schema::compare(ov, nv, Side::Output, &pointer, cx),
                (None, _) => cx.push(
                    ChangeKind::OutputSchemaAdded,
                    Level::Compatible,
                    &pointer,
                    None,
                    "output schema added".to_owned(),
                    None,
                    new_span,
                ),
                (_, None) => cx.push(
                    ChangeKind::OutputSchemaRemoved,
                    Level::Breaking,
                    &pointer,
                    None,
                    "output schema removed: structured results are no longer promised".to_owned(),
                    old_span,
                    None,
                ),
            },
            (ItemKind::Tool, "annotations") => annotations(ov, nv, &pointer, cx),
            (ItemKind::Prompt, "arguments") => arguments(ov, nv, &pointer, cx),
            (ItemKind::Resource | ItemKind::Template, "mimeType") => cx.push(
                ChangeKind::MimeTypeChanged,
                Level::Breaking,
                &pointer,
                None,
                format!("MIME type changed from {} to {}", shown(ov), shown(nv)),
                old_span,
                new_span,
            ),
            _ => cx.push(
                ChangeKind::MemberChanged,
                Level::Compatible,
                &pointer,
                Some(key.to_owned()),
                format!("`{key}` {}", presence_verb(ov, nv)),
                old_span,
                new_span,
            ),
        }
    }
}

/// `description added`, `description removed`, `description changed`.
fn presence(what: &str, old: Option<&Node>, new: Option<&Node>) -> String {
    format!("{what} {}", presence_verb(old, new))
}

fn presence_verb(old: Option<&Node>, new: Option<&Node>) -> &'static str {
    match (old, new) {
        (None, _) => "added",
        (_, None) => "removed",
        _ => "changed",
    }
}

/// A short value for a message: a string in backquotes, `absent` when there is none.
pub(crate) fn shown(node: Option<&Node>) -> String {
    match node {
        None => "absent".to_owned(),
        Some(n) => format!("`{}`", short(&n.canonical())),
    }
}

/// At most 60 characters of `text`, cut with `…`.
pub(crate) fn short(text: &str) -> String {
    if text.chars().nth(60).is_none() {
        text.to_owned()
    } else {
        let mut out: String = text.chars().take(59).collect();
        out.push('…');
        out
    }
}

/// The annotation hints, effective values (MCP defaults: `readOnlyHint` false,
/// `destructiveHint` true, `idempotentHint` false, `openWorldHint` true; `destructiveHint`
/// only means something when `readOnlyHint` is false).
fn annotations(old: Option<&Node>, new: Option<&Node>, pointer: &str, cx: &mut ItemCx<'_>) {
    let hint = |n: Option<&Node>, key: &str| n.and_then(|n| n.get(key)).and_then(Node::as_bool);
    let effective = |n: Option<&Node>| {
        let read_only = hint(n, "readOnlyHint") == Some(true);
        let destructive = !read_only && hint(n, "destructiveHint").unwrap_or(true);
        let open_world = hint(n, "openWorldHint").unwrap_or(true);
        (read_only, destructive, open_world)
    };
    let (o_ro, o_de, o_ow) = effective(old);
    let (n_ro, n_de, n_ow) = effective(new);
    let span_of =
        |n: Option<&Node>, key: &str| n.and_then(|n| n.get(key).map(|v| v.span).or(Some(n.span)));
    let mut risky = false;
    for (turned, key, message) in [
        (
            o_ro && !n_ro,
            "readOnlyHint",
            "`readOnlyHint` turned off: the tool may now modify its environment",
        ),
        (
            // Turning `readOnlyHint` off turns the default `destructiveHint` on: said once.
            !o_de && n_de && !(o_ro && !n_ro && hint(new, "destructiveHint").is_none()),
            "destructiveHint",
            "`destructiveHint` turned on: the tool may now perform destructive updates",
        ),
        (
            !o_ow && n_ow,
            "openWorldHint",
            "`openWorldHint` turned on: the tool may now reach external entities",
        ),
    ] {
        if turned {
            risky = true;
            cx.push(
                ChangeKind::AnnotationRisk,
                Level::Breaking,
                &format!("{pointer}/{key}"),
                Some(key.to_owned()),
                format!("{message} (risk)"),
                span_of(old, key),
                span_of(new, key),
            );
        }
    }
    if !risky {
        cx.push(
            ChangeKind::AnnotationChanged,
            Level::Compatible,
            pointer,
            None,
            format!("annotations {}", presence_verb(old, new)),
            old.map(|n| n.span),
            new.map(|n| n.span),
        );
    }
}

/// A prompt's arguments, by name.
fn arguments(old: Option<&Node>, new: Option<&Node>, pointer: &str, cx: &mut ItemCx<'_>) {
    let by_name = |n: Option<&Node>| -> Vec<(String, usize, Node)> {
        n.map(Node::items)
            .unwrap_or_default()
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                a.get("name")
                    .and_then(Node::as_str)
                    .map(|name| (name.to_owned(), i, a.clone()))
            })
            .collect()
    };
    let o = by_name(old);
    let n = by_name(new);
    let required = |a: &Node| a.get("required").and_then(Node::as_bool) == Some(true);
    for (name, i, oa) in &o {
        match n.iter().find(|(k, _, _)| k == name) {
            None => cx.push(
                ChangeKind::ArgumentRemoved,
                Level::Breaking,
                &format!("{pointer}/{i}"),
                Some(name.clone()),
                format!("argument `{name}` removed"),
                Some(oa.span),
                new.map(|n| n.span),
            ),
            Some((_, j, na)) => {
                let at = format!("{pointer}/{j}");
                match (required(oa), required(na)) {
                    (false, true) => cx.push(
                        ChangeKind::ArgumentRequired,
                        Level::Breaking,
                        &format!("{at}/required"),
                        Some(name.clone()),
                        format!("argument `{name}` is now required"),
                        oa.get("required").map_or(Some(oa.span), |v| Some(v.span)),
                        na.get("required").map(|v| v.span),
                    ),
                    (true, false) => cx.push(
                        ChangeKind::ArgumentOptional,
                        Level::Compatible,
                        &format!("{at}/required"),
                        Some(name.clone()),
                        format!("argument `{name}` is no longer required"),
                        oa.get("required").map(|v| v.span),
                        na.get("required").map_or(Some(na.span), |v| Some(v.span)),
                    ),
                    _ => {}
                }
                let od = oa.get("description").map(Node::canonical);
                let nd = na.get("description").map(Node::canonical);
                if od != nd {
                    cx.push(
                        ChangeKind::DescriptionChanged,
                        Level::Compatible,
                        &format!("{at}/description"),
                        Some(name.clone()),
                        format!(
                            "description of argument `{name}` {}",
                            presence_verb(oa.get("description"), na.get("description"))
                        ),
                        oa.get("description").map(|v| v.span),
                        na.get("description").map(|v| v.span),
                    );
                }
            }
        }
    }
    for (name, j, na) in &n {
        if o.iter().any(|(k, _, _)| k == name) {
            continue;
        }
        let req = required(na);
        cx.push(
            ChangeKind::ArgumentAdded,
            if req {
                Level::Breaking
            } else {
                Level::Compatible
            },
            &format!("{pointer}/{j}"),
            Some(name.clone()),
            format!(
                "{} argument `{name}` added",
                if req { "required" } else { "optional" }
            ),
            old.map(|n| n.span),
            Some(na.span),
        );
    }
}
