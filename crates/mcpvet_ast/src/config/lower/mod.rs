//! Lowering a parsed configuration into servers, maps and inputs.
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{JsonDocument, Member, Value, ValueKind};
use mcpvet_text::Spanned;

use super::detect::{is_flat_map, is_opencode_map, is_single_server};
use super::keys::{self, did_you_mean, is_harmless};
use super::roots;
use super::{Dialect, Input, KeyStatus, MapKind, MemberInfo, Server, ServerMap, StringValue};
use crate::codes;
use crate::lower::{LowerCx, object_opening};

mod codex;
mod continue_goose;
mod inputs;
mod leaves;
mod server;

/// What lowering produced.
#[derive(Debug, Default)]
pub(super) struct Lowered {
    pub(super) servers: Vec<Server>,
    pub(super) server_maps: Vec<ServerMap>,
    pub(super) inputs: Vec<Input>,
    pub(super) inputs_node: Option<mcpvet_json::NodeId>,
    pub(super) root_members: Vec<MemberInfo>,
    pub(super) diagnostics: Vec<Diagnostic>,
}

/// Where a server entry came from, for the shape rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Origin {
    /// A member of a server map.
    Map,
    /// An element of Zed's early `experimental.context_servers` array.
    ZedArray,
    /// An element of a Continue `mcpServers` list.
    List,
    /// An entry of an MCPB `mcp_config.platform_overrides`: a partial server whose missing
    /// members are those of `mcp_config`.
    Override,
}

struct Lowerer<'d> {
    dialect: Dialect,
    cx: LowerCx,
    out: Lowered,
    _doc: std::marker::PhantomData<&'d ()>,
}

/// A found container of servers.
struct Found<'d> {
    kind: MapKind,
    value: Value<'d>,
    key: Option<Value<'d>>,
    project: Option<Member<'d>>,
}

fn spanned_key(key: Value<'_>) -> Spanned<String> {
    let text = key
        .as_str()
        .map_or_else(|| key.source().to_owned(), std::borrow::Cow::into_owned);
    Spanned::new(text, key.span())
}

/// `name` in backticks for messages.
fn tick(name: &str) -> String {
    format!("`{name}`")
}

/// The server maps a dialect reads.
fn expected_kinds(dialect: Dialect) -> &'static [MapKind] {
    match dialect {
        Dialect::ClaudeCode => &[
            MapKind::McpServers,
            MapKind::ProjectMcpServers,
            MapKind::Flat,
        ],
        Dialect::VsCode => &[MapKind::Servers, MapKind::VsCodeSettings],
        Dialect::VisualStudio => &[MapKind::Servers],
        // `opencode.json`'s `mcp`; `.agents/mcp.json` holds the servers at its root.
        Dialect::OpenCode => &[MapKind::OpenCode, MapKind::Flat],
        Dialect::Zed => &[MapKind::ContextServers, MapKind::ZedExperimental],
        Dialect::SingleServer => &[MapKind::Root],
        Dialect::Generic => &[MapKind::McpServers, MapKind::Flat],
        Dialect::Mcpb => &[MapKind::Manifest],
        Dialect::Codex => &[MapKind::CodexServers],
        // A JSON file in `.continue/mcpServers/` holds Claude Desktop's `mcpServers` map.
        Dialect::Continue => &[
            MapKind::ContinueBlock,
            MapKind::ContinueConfig,
            MapKind::McpServers,
        ],
        Dialect::Goose => &[MapKind::GooseExtensions],
        _ => &[MapKind::McpServers],
    }
}

/// Whether the root of a file of this dialect holds other settings too (so unknown root keys
/// are not reported and a missing server map is only worth an info).
fn shared_root(dialect: Dialect, root: Value<'_>, file_name: Option<&str>) -> bool {
    match dialect {
        // A manifest's other members describe the extension.
        // Codex's `config.toml` holds every Codex setting.
        Dialect::ClaudeDesktop
        | Dialect::Gemini
        | Dialect::Zed
        | Dialect::Mcpb
        | Dialect::Codex
        | Dialect::Goose => true,
        // `config.yaml` holds every Continue setting; a block file its `name`, `version`,
        // `schema` and `metadata` (Continue ignores other members).
        Dialect::Continue => root
            .get(roots::MCP_SERVERS)
            .is_none_or(|m| m.kind() == ValueKind::Array),
        // `opencode.json` holds every opencode setting.
        Dialect::OpenCode => root.get(roots::MCP).is_some() || !is_flat_map(root),
        Dialect::VsCode => root.get("servers").is_none(),
        Dialect::ClaudeCode => {
            root.get(roots::PROJECTS).is_some()
                || file_name.is_some_and(|n| super::base_name(n) == ".claude.json")
        }
        _ => false,
    }
}

/// Every container of servers present in the root, in source order (`mcp` is opencode's map
/// when it has opencode's shape or the file is read as opencode's).
fn find_maps<'d>(root: Value<'d>, dialect: Dialect, file_name: Option<&str>) -> Vec<Found<'d>> {
    let mut found = Vec::new();
    for m in root.members() {
        let key = m.key_str();
        let mut push = |kind, value, key| {
            found.push(Found {
                kind,
                value,
                key,
                project: None,
            });
        };
        match key.as_ref() {
            // Continue: a list of named servers.
            roots::MCP_SERVERS if m.value.kind() == ValueKind::Array => {
                push(continue_list_kind(root, file_name), m.value, Some(m.key));
            }
            roots::MCP_SERVERS => push(MapKind::McpServers, m.value, Some(m.key)),
            roots::EXTENSIONS
                if m.value.kind() == ValueKind::Object
                    && (dialect == Dialect::Goose || super::detect::is_goose_map(m.value)) =>
            {
                push(MapKind::GooseExtensions, m.value, Some(m.key));
            }
            roots::SERVERS if m.value.kind() == ValueKind::Object => {
                push(MapKind::Servers, m.value, Some(m.key));
            }
            roots::CONTEXT_SERVERS => push(MapKind::ContextServers, m.value, Some(m.key)),
            // Codex's table; in any other file a misspelt `mcpServers` (MCP010 says so).
            roots::MCP_SERVERS_TABLE if dialect == Dialect::Codex => {
                push(MapKind::CodexServers, m.value, Some(m.key));
            }
            roots::ZED_EXPERIMENTAL_FLAT => {
                push(MapKind::ZedExperimental, m.value, Some(m.key));
            }
            roots::EXPERIMENTAL => {
                if let Some(inner) = m.value.member(roots::CONTEXT_SERVERS) {
                    push(MapKind::ZedExperimental, inner.value, Some(inner.key));
                }
            }
            roots::MCP
                if m.value.kind() == ValueKind::Object
                    && (dialect == Dialect::OpenCode || is_opencode_map(m.value)) =>
            {
                // opencode v2 nests the map in `mcp.servers` (unless a server is named
                // `servers`).
                match m.value.member(roots::SERVERS) {
                    Some(inner)
                        if inner.value.kind() == ValueKind::Object
                            && inner.value.get("type").is_none()
                            && inner.value.get("command").is_none()
                            && inner.value.get("url").is_none() =>
                    {
                        push(MapKind::OpenCode, inner.value, Some(inner.key));
                    }
                    _ => push(MapKind::OpenCode, m.value, Some(m.key)),
                }
            }
            roots::MCP => {
                if let Some(inner) = m.value.member(roots::SERVERS) {
                    push(MapKind::VsCodeSettings, inner.value, Some(inner.key));
                }
            }
            roots::MCPB_SERVER => {
                if let Some(inner) = m.value.member(roots::MCPB_CONFIG) {
                    push(MapKind::Manifest, inner.value, Some(inner.key));
                }
            }
            roots::PROJECTS => {
                for project in m.value.members() {
                    if let Some(inner) = project.value.member(roots::MCP_SERVERS)
                        && inner.value.kind() == ValueKind::Object
                    {
                        found.push(Found {
                            kind: MapKind::ProjectMcpServers,
                            value: inner.value,
                            key: Some(inner.key),
                            project: Some(project),
                        });
                    }
                }
            }
            _ => {}
        }
    }
    found
}

/// Which Continue file a `mcpServers` list is in: `config.yaml` (by its name, or by the
/// sections only an assistant holds) or a block file.
fn continue_list_kind(root: Value<'_>, file_name: Option<&str>) -> MapKind {
    let config_name = file_name.is_some_and(|n| super::base_name(n) == "config.yaml");
    let sections = ["models", "rules", "context", "prompts", "docs", "data"]
        .iter()
        .any(|k| root.get(k).is_some());
    if config_name || sections {
        MapKind::ContinueConfig
    } else {
        MapKind::ContinueBlock
    }
}

pub(super) fn lower(doc: &JsonDocument<'_>, dialect: Dialect, file_name: Option<&str>) -> Lowered {
    let mut l = Lowerer {
        dialect,
        cx: LowerCx::new(),
        out: Lowered::default(),
        _doc: std::marker::PhantomData,
    };
    if let Some(root) = doc.root() {
        l.lower_root(root, file_name);
    }
    let mut out = l.out;
    let mut diagnostics = l.cx.into_diagnostics();
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end));
    out.diagnostics = diagnostics;
    out
}

impl<'d> Lowerer<'d> {
    fn lower_root(&mut self, root: Value<'d>, file_name: Option<&str>) {
        match root.kind() {
            ValueKind::Object => {}
            ValueKind::Error => return,
            kind => {
                self.cx.report(
                    Diagnostic::new(
                        codes::NOT_MCP,
                        Severity::Error,
                        root.span(),
                        format!(
                            "this JSON {kind} is not an MCP configuration, which is a JSON object"
                        ),
                    )
                    .with_path(root.path())
                    .with_help("a configuration looks like `{\"mcpServers\": {\"name\": {\"command\": \"...\"}}}`"),
                );
                return;
            }
        }
        let shared = shared_root(self.dialect, root, file_name);
        let expected = expected_kinds(self.dialect);
        let mut all = find_maps(root, self.dialect, file_name);
        // An MCPB manifest is a server definition: its `mcp_config` is a server only when the
        // manifest is read as one (`mcpb`); other dialects find no server map in it.
        all.retain(|f| f.kind != MapKind::Manifest || self.dialect == Dialect::Mcpb);
        let mut chosen: Vec<(Found<'d>, bool)> = Vec::new();
        let (mine, foreign): (Vec<Found<'d>>, Vec<Found<'d>>) =
            all.into_iter().partition(|f| expected.contains(&f.kind));
        if mine.is_empty() {
            if let Some(first) = foreign.first() {
                self.report_foreign_map(first);
                chosen.extend(foreign.into_iter().map(|f| (f, false)));
            } else if is_single_server(root) {
                let root_found = Found {
                    kind: MapKind::Root,
                    value: root,
                    key: None,
                    project: None,
                };
                if !expected.contains(&MapKind::Root) {
                    self.report_foreign_map(&root_found);
                }
                chosen.push((root_found, expected.contains(&MapKind::Root)));
            } else if is_flat_map(root) {
                let flat = Found {
                    kind: MapKind::Flat,
                    value: root,
                    key: None,
                    project: None,
                };
                if !expected.contains(&MapKind::Flat) {
                    self.report_foreign_map(&flat);
                }
                chosen.push((flat, expected.contains(&MapKind::Flat)));
            } else {
                self.report_no_servers(root, shared);
            }
        } else {
            // In a file that holds other settings, unknown root keys are not reported: a
            // second server map in another client's shape would be ignored without a word.
            if shared {
                for f in &foreign {
                    self.report_ignored_map(f);
                }
            }
            chosen.extend(mine.into_iter().map(|f| (f, true)));
        }
        self.root_members(root, shared, &chosen);
        for (found, is_expected) in chosen {
            self.lower_map(&found, is_expected);
        }
        if matches!(self.dialect, Dialect::VsCode | Dialect::VisualStudio) {
            let inputs = root
                .member("inputs")
                .or_else(|| root.get("mcp").and_then(|m| m.member("inputs")));
            if let Some(inputs) = inputs {
                self.lower_inputs(inputs.value);
            }
        }
    }

    /// Servers found where the dialect does not read them.
    fn report_foreign_map(&mut self, found: &Found<'d>) {
        let client = self.dialect.client_name();
        let found_where = match found.kind {
            MapKind::Servers => "`servers` (the VS Code shape)".to_owned(),
            MapKind::VsCodeSettings => "`mcp.servers` (VS Code settings)".to_owned(),
            MapKind::ContextServers => "`context_servers` (the Zed shape)".to_owned(),
            MapKind::ZedExperimental => "`experimental.context_servers` (early Zed)".to_owned(),
            MapKind::McpServers => "`mcpServers`".to_owned(),
            MapKind::ProjectMcpServers => {
                "`projects.<path>.mcpServers` (Claude Code user file)".to_owned()
            }
            MapKind::Flat => "server objects directly at the root".to_owned(),
            MapKind::Root => "a single server object at the root".to_owned(),
            MapKind::Manifest => "`server.mcp_config` (a desktop extension manifest)".to_owned(),
            MapKind::OpenCode => "`mcp` (the opencode shape)".to_owned(),
            MapKind::CodexServers => "`mcp_servers` (the Codex shape)".to_owned(),
            MapKind::ContinueBlock | MapKind::ContinueConfig => {
                "`mcpServers` as a list of named servers (the Continue shape)".to_owned()
            }
            MapKind::GooseExtensions => "`extensions` (the Goose shape)".to_owned(),
        };
        let wanted = match self.dialect.server_map_key() {
            Some(k) => format!("servers from `{k}`"),
            None => "one server object".to_owned(),
        };
        let span = found
            .key
            .map_or_else(|| object_opening(found.value), Value::span);
        let severity = if self.dialect == Dialect::Generic {
            Severity::Warning
        } else {
            Severity::Error
        };
        let help = match self.dialect.server_map_key() {
            // TOML: one table per server.
            Some(k) if self.dialect == Dialect::Codex => format!(
                "write each server as a `[{k}.NAME]` table (Codex reads no other server map), or check that this file is for {client}"
            ),
            Some(k) => {
                format!("move the servers under `\"{k}\"`, or check that this file is for {client}")
            }
            None => "keep only the server object".to_owned(),
        };
        self.cx.report(
            Diagnostic::new(
                codes::MISSING_FIELD,
                severity,
                span,
                format!("{client} reads {wanted}, but this file has {found_where}"),
            )
            .with_path(found.value.path())
            .with_help(help),
        );
    }

    /// A server map in another client's shape beside the one the dialect reads (a Codex
    /// `config.toml` with `[mcp_servers.a]` and `[mcpServers.b]`): its servers never start.
    fn report_ignored_map(&mut self, found: &Found<'d>) {
        let shape = match found.kind {
            MapKind::McpServers => "`mcpServers`",
            MapKind::Servers => "`servers`",
            MapKind::ContextServers => "`context_servers`",
            _ => return,
        };
        let servers = found
            .value
            .members()
            .filter(|m| m.value.kind() == ValueKind::Object)
            .count();
        let (Some(key), Some(wanted), true) =
            (found.key, self.dialect.server_map_key(), servers > 0)
        else {
            return;
        };
        let client = self.dialect.client_name();
        let (plural, verb) = if servers == 1 {
            ("", "is")
        } else {
            ("s", "are")
        };
        self.cx.report(
            Diagnostic::new(
                codes::MISSING_FIELD,
                Severity::Warning,
                key.span(),
                format!(
                    "{client} reads servers from `{wanted}` only: the {servers} server{plural} under {shape} {verb} ignored"
                ),
            )
            .with_path(found.value.path())
            .with_help(format!(
                "move them to `{wanted}` in {client}'s shape, or into the file of the client that reads {shape}"
            )),
        );
    }

    fn report_no_servers(&mut self, root: Value<'d>, shared: bool) {
        let client = self.dialect.client_name();
        let map_key = match self.dialect.server_map_key() {
            Some("servers") if root.get("mcp").is_some() => Some("mcp.servers"),
            k => k,
        };
        let (message, keys): (String, &[&str]) = match map_key {
            Some(k) if self.dialect != Dialect::Generic => (
                format!("no MCP servers: {client} reads them from `{k}`, which this file does not have"),
                match self.dialect {
                    Dialect::VsCode => &[roots::SERVERS, roots::MCP],
                    Dialect::Zed => &[roots::CONTEXT_SERVERS],
                    Dialect::Mcpb => &[roots::MCPB_SERVER],
                    Dialect::VisualStudio => &[roots::SERVERS],
                    Dialect::OpenCode => &[roots::MCP],
                    Dialect::Codex => &[roots::MCP_SERVERS_TABLE],
                    Dialect::Goose => &[roots::EXTENSIONS],
                    _ => &[roots::MCP_SERVERS],
                },
            ),
            _ => (
                "this JSON file is not an MCP configuration: it has no `mcpServers`, `servers` or `context_servers`".to_owned(),
                &[roots::MCP_SERVERS, roots::SERVERS, roots::CONTEXT_SERVERS],
            ),
        };
        let severity = if shared {
            Severity::Info
        } else {
            Severity::Error
        };
        let mut d = Diagnostic::new(codes::NOT_MCP, severity, object_opening(root), message)
            .with_path(root.path());
        if let Some((typo, right)) = root.members().find_map(|m| {
            let key = m.key_str();
            did_you_mean(&key, keys)
                .filter(|k| *k != key.as_ref())
                .map(|k| (key.into_owned(), k))
        }) {
            d = d.with_help(format!("did you mean `{right}` instead of `{typo}`?"));
        }
        self.cx.report(d);
    }

    /// Root members with their status; unknown ones reported for files that are only MCP
    /// configurations.
    fn root_members(&mut self, root: Value<'d>, shared: bool, chosen: &[(Found<'d>, bool)]) {
        let vscode_file = self.dialect == Dialect::VsCode && !shared;
        let map_keys: Vec<&str> = chosen
            .iter()
            .filter_map(|(f, _)| match f.kind {
                MapKind::McpServers | MapKind::ContinueBlock | MapKind::ContinueConfig => {
                    Some(roots::MCP_SERVERS)
                }
                MapKind::Servers => Some(roots::SERVERS),
                MapKind::Manifest => Some(roots::MCPB_SERVER),
                MapKind::OpenCode => Some(roots::MCP),
                MapKind::CodexServers => Some(roots::MCP_SERVERS_TABLE),
                MapKind::GooseExtensions => Some(roots::EXTENSIONS),
                _ => None,
            })
            .collect();
        let flat_or_root = chosen
            .iter()
            .any(|(f, _)| matches!(f.kind, MapKind::Flat | MapKind::Root));
        for m in root.members() {
            let key = spanned_key(m.key);
            let name = key.value.as_str();
            let status = if map_keys.contains(&name)
                || (matches!(self.dialect, Dialect::VsCode | Dialect::VisualStudio)
                    && matches!(name, "servers" | "inputs"))
                || flat_or_root
                || shared
            {
                KeyStatus::Known
            } else if is_harmless(name) && !vscode_file {
                KeyStatus::Harmless
            } else {
                KeyStatus::Unknown
            };
            // With no server map at all, `not-an-mcp-file` already says it all.
            if status == KeyStatus::Unknown && !chosen.is_empty() {
                let severity = self.dialect.unknown_field_severity();
                let client = self.dialect.client_name();
                let message = if self.dialect == Dialect::Generic {
                    format!("unknown top-level field `{name}`")
                } else {
                    format!("unknown top-level field `{name}`: {client} does not read it")
                };
                let mut d = Diagnostic::new(codes::UNKNOWN_FIELD, severity, m.key.span(), message)
                    .with_path(m.value.path());
                if vscode_file {
                    d = d.with_help(if is_harmless(name) {
                        "VS Code's `mcp.json` allows only `servers` and `inputs`; write comments as `//` (the file is JSONC)".to_owned()
                    } else {
                        "VS Code's `mcp.json` allows only `servers` and `inputs`".to_owned()
                    });
                } else if let Some(k) = self
                    .dialect
                    .server_map_key()
                    .and_then(|k| did_you_mean(name, &[k]))
                {
                    d = d.with_help(format!("did you mean `{k}`?"));
                } else if name == roots::INPUTS
                    && let Some(hint) = keys::foreign_hint(name)
                {
                    d = d.with_help(hint);
                }
                self.cx.report(d);
            }
            self.out.root_members.push(MemberInfo {
                key,
                key_node: m.key.id(),
                value: m.value.id(),
                value_span: m.value.span(),
                status,
            });
        }
    }

    fn push_map(&mut self, found: &Found<'d>, expected: bool) -> usize {
        self.out.server_maps.push(ServerMap {
            kind: found.kind,
            node: found.value.id(),
            path: found.value.path(),
            key_span: found.key.map(Value::span),
            project: found.project.map(|p| spanned_key(p.key)),
            expected,
        });
        self.out.server_maps.len() - 1
    }

    fn lower_map(&mut self, found: &Found<'d>, expected: bool) {
        let map = self.push_map(found, expected);
        let value = found.value;
        match found.kind {
            MapKind::Root => {
                let name = Spanned::new(String::new(), object_opening(value));
                self.lower_server(name, None, value, map, Origin::Map);
            }
            MapKind::Manifest => self.lower_manifest(value, map),
            MapKind::ContinueBlock | MapKind::ContinueConfig => {
                if value.kind() == ValueKind::Array {
                    self.lower_list(value, map, "name", Origin::List);
                }
            }
            MapKind::Flat => {
                for m in value.members() {
                    if is_harmless(&m.key_str()) {
                        continue;
                    }
                    self.lower_server(spanned_key(m.key), Some(m.key), m.value, map, Origin::Map);
                }
            }
            MapKind::ZedExperimental => {
                let items = match value.kind() {
                    ValueKind::Array => Some(value),
                    ValueKind::Object => value
                        .get("servers")
                        .filter(|s| s.kind() == ValueKind::Array),
                    _ => None,
                };
                if let Some(items) = items {
                    self.lower_list(items, map, "id", Origin::ZedArray);
                } else if value.kind() == ValueKind::Object {
                    for m in value.members() {
                        self.lower_server(
                            spanned_key(m.key),
                            Some(m.key),
                            m.value,
                            map,
                            Origin::Map,
                        );
                    }
                } else if value.kind() != ValueKind::Error {
                    self.cx.wrong_type(
                        value,
                        "`experimental.context_servers`",
                        "an object",
                        Severity::Error,
                    );
                }
            }
            _ => {
                let what = match found.kind {
                    MapKind::Servers => "`servers`",
                    MapKind::VsCodeSettings => "`mcp.servers`",
                    MapKind::ContextServers => "`context_servers`",
                    MapKind::OpenCode => "`mcp`",
                    MapKind::CodexServers => "`mcp_servers`",
                    MapKind::GooseExtensions => "`extensions`",
                    _ => "`mcpServers`",
                };
                if let Some(obj) = self.cx.object(value, what, Severity::Error) {
                    for m in obj.members() {
                        self.lower_server(
                            spanned_key(m.key),
                            Some(m.key),
                            m.value,
                            map,
                            Origin::Map,
                        );
                    }
                }
            }
        }
    }

    /// The servers of a list (Zed's early `experimental.context_servers`, a Continue
    /// `mcpServers` list), each named by its `name_key` member (`#<index>` without one, which
    /// is reported); Continue's `uses:` entries include a block whose server is not here and
    /// are not lowered.
    fn lower_list(&mut self, items: Value<'d>, map: usize, name_key: &str, origin: Origin) {
        for (i, item) in items.items().enumerate() {
            if origin == Origin::List && item.get("uses").is_some() {
                self.continue_uses(item);
                continue;
            }
            let name = if let Some(id) = item.get(name_key).and_then(StringValue::from_value) {
                Spanned::new(id.value, id.span)
            } else {
                if item.kind() == ValueKind::Object {
                    let (message, help) = if origin == Origin::List {
                        (
                            format!(
                                "this MCP server has no `{name_key}`: Continue requires one and does not load the configuration"
                            ),
                            format!("add `{name_key}: <server name>`"),
                        )
                    } else {
                        (
                            "this context server has no `id`".to_owned(),
                            "add `\"id\": \"name\"`".to_owned(),
                        )
                    };
                    if origin == Origin::List
                        && let Some(v) = item.get(name_key)
                    {
                        self.cx
                            .wrong_type(v, &tick(name_key), "a string", Severity::Error);
                    } else {
                        self.cx.report(
                            Diagnostic::new(
                                codes::MISSING_FIELD,
                                Severity::Error,
                                object_opening(item),
                                message,
                            )
                            .with_path(item.path())
                            .with_help(help),
                        );
                    }
                }
                Spanned::new(format!("#{i}"), object_opening(item))
            };
            self.lower_server(name, None, item, map, origin);
        }
    }

    /// An MCPB manifest's `server.mcp_config`, named by the manifest's `name`, then each
    /// entry of its `platform_overrides` as a partial server of its own.
    fn lower_manifest(&mut self, value: Value<'d>, map: usize) {
        let name = value
            .document()
            .root()
            .and_then(|root| root.get("name"))
            .and_then(StringValue::from_value)
            .map_or_else(
                || Spanned::new(String::new(), object_opening(value)),
                |n| Spanned::new(n.value, n.span),
            );
        self.lower_server(name, None, value, map, Origin::Map);
        let Some(overrides) = value
            .get(roots::PLATFORM_OVERRIDES)
            .filter(|_| value.kind() == ValueKind::Object)
        else {
            return;
        };
        if let Some(overrides) = self
            .cx
            .object(overrides, "`platform_overrides`", Severity::Error)
        {
            for m in overrides.members() {
                let key = spanned_key(m.key);
                let name = Spanned::new(
                    format!("{}.{}", roots::PLATFORM_OVERRIDES, key.value),
                    key.span,
                );
                self.lower_server(name, Some(m.key), m.value, map, Origin::Override);
            }
        }
    }

    /// The known member list for an entry.
    fn known_keys(&self, origin: Origin) -> &'static [&'static str] {
        match origin {
            Origin::ZedArray => keys::ZED_EXPERIMENTAL_ITEM,
            Origin::Override => keys::MCPB_OVERRIDE,
            Origin::List => keys::CONTINUE,
            // A JSON file in `.continue/mcpServers/`, converted by Continue.
            Origin::Map if self.dialect == Dialect::Continue => keys::CONTINUE_JSON,
            Origin::Map => self.dialect.known_server_keys(),
        }
    }

    fn classify(&self, key: &str, origin: Origin) -> KeyStatus {
        if self.known_keys(origin).contains(&key) {
            KeyStatus::Known
        } else if self.dialect != Dialect::VsCode && (is_harmless(key) || key == "description") {
            KeyStatus::Harmless
        } else {
            KeyStatus::Unknown
        }
    }

    /// Whether the dialect reads `key` (wrong types are reported only then).
    fn reads(&self, key: &str, origin: Origin) -> bool {
        self.known_keys(origin).contains(&key)
    }
}
