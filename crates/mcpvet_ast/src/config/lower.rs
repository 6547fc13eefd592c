//! Lowering a parsed configuration into servers, maps and inputs.
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{JsonDocument, Member, Value, ValueKind};
use mcpvet_text::Spanned;

use super::detect::{is_flat_map, is_single_server};
use super::keys::{self, did_you_mean, foreign_hint, is_harmless};
use super::roots;
use super::{
    DeclaredType, Dialect, Entry, EntryMap, Http, HttpKind, Input, KeyStatus, KindSource, MapKind,
    MemberInfo, NumberValue, Server, ServerMap, Stdio, StringList, StringValue, Transport,
    TransportKind, UrlKey, ZedInfo, ZedShape,
};
use crate::codes;
use crate::lower::{LowerCx, object_opening};

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
        Dialect::Zed => &[MapKind::ContextServers, MapKind::ZedExperimental],
        Dialect::SingleServer => &[MapKind::Root],
        Dialect::Generic => &[MapKind::McpServers, MapKind::Flat],
        _ => &[MapKind::McpServers],
    }
}

/// Whether the root of a file of this dialect holds other settings too (so unknown root keys
/// are not reported and a missing server map is only worth an info).
fn shared_root(dialect: Dialect, root: Value<'_>, file_name: Option<&str>) -> bool {
    match dialect {
        Dialect::ClaudeDesktop | Dialect::Gemini | Dialect::Zed => true,
        Dialect::VsCode => root.get("servers").is_none(),
        Dialect::ClaudeCode => {
            root.get(roots::PROJECTS).is_some()
                || file_name.is_some_and(|n| super::base_name(n) == ".claude.json")
        }
        _ => false,
    }
}

/// Every container of servers present in the root, in source order.
fn find_maps(root: Value<'_>) -> Vec<Found<'_>> {
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
            roots::MCP_SERVERS => push(MapKind::McpServers, m.value, Some(m.key)),
            roots::SERVERS if m.value.kind() == ValueKind::Object => {
                push(MapKind::Servers, m.value, Some(m.key));
            }
            roots::CONTEXT_SERVERS => push(MapKind::ContextServers, m.value, Some(m.key)),
            roots::ZED_EXPERIMENTAL_FLAT => {
                push(MapKind::ZedExperimental, m.value, Some(m.key));
            }
            roots::EXPERIMENTAL => {
                if let Some(inner) = m.value.member(roots::CONTEXT_SERVERS) {
                    push(MapKind::ZedExperimental, inner.value, Some(inner.key));
                }
            }
            roots::MCP => {
                if let Some(inner) = m.value.member(roots::SERVERS) {
                    push(MapKind::VsCodeSettings, inner.value, Some(inner.key));
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
        let all = find_maps(root);
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
            chosen.extend(mine.into_iter().map(|f| (f, true)));
        }
        self.root_members(root, shared, &chosen);
        for (found, is_expected) in chosen {
            self.lower_map(&found, is_expected);
        }
        if self.dialect == Dialect::VsCode {
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
                MapKind::McpServers => Some(roots::MCP_SERVERS),
                MapKind::Servers => Some(roots::SERVERS),
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
                || (self.dialect == Dialect::VsCode && matches!(name, "servers" | "inputs"))
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
                    for (i, item) in items.items().enumerate() {
                        let name =
                            if let Some(id) = item.get("id").and_then(StringValue::from_value) {
                                Spanned::new(id.value, id.span)
                            } else {
                                {
                                    if item.kind() == ValueKind::Object {
                                        self.cx.report(
                                            Diagnostic::new(
                                                codes::MISSING_FIELD,
                                                Severity::Error,
                                                object_opening(item),
                                                "this context server has no `id`",
                                            )
                                            .with_path(item.path())
                                            .with_help("add `\"id\": \"name\"`"),
                                        );
                                    }
                                    Spanned::new(format!("#{i}"), object_opening(item))
                                }
                            };
                        self.lower_server(name, None, item, map, Origin::ZedArray);
                    }
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

    /// The known member list for an entry.
    fn known_keys(&self, origin: Origin) -> &'static [&'static str] {
        match origin {
            Origin::ZedArray => keys::ZED_EXPERIMENTAL_ITEM,
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

    fn lower_server(
        &mut self,
        name: Spanned<String>,
        key: Option<Value<'d>>,
        value: Value<'d>,
        map: usize,
        origin: Origin,
    ) {
        if value.kind() != ValueKind::Object {
            if value.kind() != ValueKind::Error {
                let what = if name.value.is_empty() {
                    "a server".to_owned()
                } else {
                    format!("server `{}`", name.value)
                };
                self.cx
                    .wrong_type(value, &what, "an object", Severity::Error);
            }
            return;
        }
        let label = if name.value.is_empty() {
            "the server".to_owned()
        } else {
            format!("server `{}`", name.value)
        };
        // Members and unknown-field reports.
        let mut members = Vec::new();
        for m in value.members() {
            let k = spanned_key(m.key);
            let status = self.classify(&k.value, origin);
            if status == KeyStatus::Unknown {
                self.report_unknown(m, &label, origin);
            }
            members.push(MemberInfo {
                key: k,
                key_node: m.key.id(),
                value: m.value.id(),
                value_span: m.value.span(),
                status,
            });
        }
        // Cline CLI and generic files may nest transport fields in `transport: {...}`.
        let nested = value
            .get("transport")
            .filter(|t| t.kind() == ValueKind::Object && self.reads("transport", origin))
            .filter(|_| value.get("command").is_none() && value.get("url").is_none());
        let src = nested.unwrap_or(value);
        let zed = (self.dialect == Dialect::Zed).then(|| self.zed_info(value, origin));
        let zed_shape = zed.as_ref().map(|z| z.shape);

        let declared_type = self.declared_type(src, origin);
        let declared_kind = declared_type.as_ref().and_then(|t| t.kind);

        // stdio fields
        let command_member = if origin == Origin::ZedArray {
            ["executable", "command", "path"]
                .iter()
                .find_map(|k| src.member(k))
        } else {
            src.member("command")
        };
        let mut stdio = Stdio::default();
        let mut env_source = src.get("env");
        let mut args_source = src.get("args");
        let has_command = command_member.is_some();
        if let Some(cmd) = command_member {
            if cmd.value.kind() == ValueKind::Object && zed_shape.is_some() {
                // Zed: `command: {path, args, env}`.
                let obj = cmd.value;
                for m in obj.members() {
                    if !keys::ZED_COMMAND_OBJECT.contains(&m.key_str().as_ref()) {
                        self.report_unknown(m, &label, origin);
                    }
                }
                match obj.get("path") {
                    Some(p) => stdio.command = self.string(p, "`command.path`", true),
                    None => self.cx.missing(
                        codes::MISSING_FIELD,
                        obj,
                        "path",
                        format!("the `command` object of {label} has no `path`"),
                        Severity::Error,
                    ),
                }
                if let Some(a) = obj.get("args") {
                    args_source = Some(a);
                }
                if let Some(e) = obj.get("env") {
                    env_source = Some(e);
                }
            } else {
                let what = tick(&cmd.key_str());
                stdio.command = self.string(cmd.value, &what, true);
            }
        }
        if let Some(args) = args_source {
            stdio.args_node = Some(args.id());
            stdio.args = self.string_array(args, "`args`", true);
        }
        if let Some(cwd) = src.get("cwd") {
            stdio.cwd = self.string(cwd, "`cwd`", self.reads("cwd", origin));
        }
        if let Some(f) = src.get("envFile") {
            stdio.env_file = self.string(f, "`envFile`", self.reads("envFile", origin));
        }

        // remote fields
        let url_member = if origin == Origin::ZedArray {
            None
        } else {
            self.dialect.url_keys().iter().find_map(|k| src.member(k))
        };
        let http = url_member.map(|m| {
            let url_key = UrlKey::from_name(&m.key_str()).unwrap_or(UrlKey::Url);
            let url = self.string(m.value, &tick(url_key.name()), true);
            let (kind, kind_source) = match declared_kind {
                Some(TransportKind::Sse) => (HttpKind::Sse, KindSource::Type),
                Some(TransportKind::StreamableHttp) => (HttpKind::StreamableHttp, KindSource::Type),
                _ => match (self.dialect, url_key) {
                    (_, UrlKey::HttpUrl) => (HttpKind::StreamableHttp, KindSource::UrlKey),
                    (Dialect::Gemini, UrlKey::Url) => (HttpKind::Sse, KindSource::UrlKey),
                    (Dialect::Cline, _) => (HttpKind::Sse, KindSource::Default),
                    _ => (HttpKind::StreamableHttp, KindSource::Default),
                },
            };
            Http {
                parsed: url.as_ref().map(super::url::ServerUrl::read),
                url,
                url_key: Spanned::new(url_key, m.key.span()),
                kind,
                kind_source,
            }
        });

        let transport = match (has_command, http) {
            (true, Some(http)) => Transport::Ambiguous { stdio, http },
            (true, None) => Transport::Stdio(stdio),
            (false, Some(http)) => Transport::Http(http),
            (false, None) if zed_shape == Some(ZedShape::Extension) => Transport::Extension,
            (false, None) => {
                self.report_no_transport(value, &label, declared_kind);
                Transport::Missing
            }
        };
        // A declared type whose own member is missing.
        match (declared_kind, &transport) {
            (Some(TransportKind::Stdio), Transport::Http(_)) => self.cx.missing(
                codes::MISSING_FIELD,
                value,
                "command",
                format!("{label} has `type` `stdio` but no `command`"),
                Severity::Error,
            ),
            (Some(TransportKind::Sse | TransportKind::StreamableHttp), Transport::Stdio(_)) => {
                let ty = declared_type
                    .as_ref()
                    .map_or("http", |t| t.value.value.as_str());
                self.cx.missing(
                    codes::MISSING_FIELD,
                    value,
                    "url",
                    format!("{label} has `type` `{ty}` but no `url`"),
                    Severity::Error,
                );
            }
            _ => {}
        }

        let env = env_source.and_then(|e| self.entry_map(e, "`env`", true));
        let headers = src
            .get("headers")
            .and_then(|h| self.entry_map(h, "`headers`", false));
        let bool_of = |l: &mut Self, key: &str| {
            value
                .get(key)
                .and_then(|v| l.boolean(v, &tick(key), l.reads(key, origin)))
        };
        let disabled = bool_of(self, "disabled");
        let enabled = bool_of(self, "enabled");
        let trust = bool_of(self, "trust");
        let auto_approve = ["autoApprove", "alwaysAllow"]
            .iter()
            .find_map(|k| value.member(k))
            .and_then(|m| self.string_list(m, origin));
        let disabled_tools = value
            .member("disabledTools")
            .and_then(|m| self.string_list(m, origin));
        let include_tools = value
            .member("includeTools")
            .and_then(|m| self.string_list(m, origin));
        let exclude_tools = value
            .member("excludeTools")
            .and_then(|m| self.string_list(m, origin));
        let timeout = value.get("timeout").and_then(|t| {
            if let Some(n) = t.as_number() {
                Some(NumberValue {
                    lexeme: n.lexeme().to_owned(),
                    node: t.id(),
                    span: t.span(),
                })
            } else {
                if self.reads("timeout", origin) && t.kind() != ValueKind::Error {
                    self.cx
                        .wrong_type(t, "`timeout`", "a number", Severity::Error);
                }
                None
            }
        });
        let oauth = value.get("oauth").and_then(|o| {
            if self.reads("oauth", origin) {
                self.cx.object(o, "`oauth`", Severity::Error).map(Value::id)
            } else {
                (o.kind() == ValueKind::Object).then(|| o.id())
            }
        });
        let description = value
            .get("description")
            .and_then(|d| self.string(d, "`description`", self.reads("description", origin)));

        self.out.servers.push(Server {
            name,
            key_node: key.map(Value::id),
            node: value.id(),
            span: value.span(),
            path: value.path(),
            map,
            declared_type,
            transport,
            env,
            headers,
            disabled,
            enabled,
            auto_approve,
            disabled_tools,
            timeout,
            trust,
            include_tools,
            exclude_tools,
            oauth,
            description,
            zed,
            members,
        });
    }

    fn zed_info(&mut self, value: Value<'d>, origin: Origin) -> ZedInfo {
        let source = value
            .get("source")
            .and_then(|s| self.string(s, "`source`", true));
        let settings = value.get("settings").and_then(|s| {
            self.cx
                .object(s, "`settings`", Severity::Error)
                .map(Value::id)
        });
        let command = value.get("command");
        let shape = if origin == Origin::ZedArray {
            ZedShape::ExperimentalArray
        } else if command.is_some_and(|c| c.kind() == ValueKind::Object) {
            ZedShape::CommandObject
        } else if source.as_ref().is_some_and(|s| s.value == "extension") {
            ZedShape::Extension
        } else if source.as_ref().is_some_and(|s| s.value == "custom") {
            ZedShape::SourceCustom
        } else if command.is_none() && value.get("url").is_none() && settings.is_some() {
            ZedShape::Extension
        } else {
            ZedShape::Current
        };
        ZedInfo {
            shape,
            source,
            settings,
        }
    }

    fn declared_type(&mut self, src: Value<'d>, origin: Origin) -> Option<DeclaredType> {
        let member = ["type", "transportType"]
            .iter()
            .find_map(|k| src.member(k).filter(|_| origin == Origin::Map))?;
        let key = spanned_key(member.key);
        let reads = self.reads(&key.value, origin);
        let value = self.string(member.value, &tick(&key.value), reads)?;
        let kind = TransportKind::from_type_value(&value.value);
        Some(DeclaredType { key, value, kind })
    }

    fn report_unknown(&mut self, m: Member<'d>, label: &str, origin: Origin) {
        let key = m.key_str();
        let client = self.dialect.client_name();
        let severity = self.dialect.unknown_field_severity();
        let message = if matches!(self.dialect, Dialect::Generic | Dialect::SingleServer) {
            format!("unknown field `{key}` in {label}: no supported client reads it")
        } else {
            format!("unknown field `{key}` in {label}: {client} does not read it")
        };
        let mut d = Diagnostic::new(codes::UNKNOWN_FIELD, severity, m.key.span(), message)
            .with_path(m.value.path());
        let known = self.known_keys(origin);
        let help = if let Some(right) = did_you_mean(&key, known).filter(|k| *k != key.as_ref()) {
            Some(format!("did you mean `{right}`?"))
        } else if let Some(hint) = foreign_hint(&key) {
            Some(hint)
        } else if self.dialect == Dialect::VsCode && (is_harmless(&key) || key == "description") {
            Some("VS Code's schema allows no other members; write comments as `//` (the file is JSONC)".to_owned())
        } else if self.dialect == Dialect::VsCode {
            Some("VS Code's schema allows no other members".to_owned())
        } else {
            None
        };
        if let Some(help) = help {
            d = d.with_help(help);
        }
        self.cx.report(d);
    }

    fn report_no_transport(
        &mut self,
        value: Value<'d>,
        label: &str,
        declared: Option<TransportKind>,
    ) {
        let keys: Vec<String> = std::iter::once("command")
            .chain(self.dialect.url_keys().iter().copied())
            .map(tick)
            .collect();
        let list = match keys.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} nor {last}", rest.join(", ")),
            _ => keys.join(", "),
        };
        let url_key = self.dialect.url_keys()[0];
        let fallback = match declared {
            Some(TransportKind::Sse | TransportKind::StreamableHttp) => {
                format!("add a `{url_key}` member")
            }
            Some(TransportKind::Stdio) => "add a `command` member".to_owned(),
            None if self.dialect.stdio_only() => "add a `command` member".to_owned(),
            None => format!("add `command` for a local server or `{url_key}` for a remote one"),
        };
        let mut help = None;
        for m in value.members() {
            let key = m.key_str();
            if matches!(key.as_ref(), "url" | "serverUrl" | "httpUrl") {
                help = Some(format!(
                    "{client} does not read `{key}`; use {wanted}",
                    client = self.dialect.client_name(),
                    wanted = self
                        .dialect
                        .url_keys()
                        .iter()
                        .map(|k| tick(k))
                        .collect::<Vec<_>>()
                        .join(" or "),
                ));
            }
        }
        let mut d = Diagnostic::new(
            codes::MISSING_FIELD,
            Severity::Error,
            object_opening(value),
            format!("{label} has neither {list}"),
        )
        .with_path(value.path())
        .with_help(help.unwrap_or(fallback));
        if value.get("transport").is_some()
            && !self.dialect.known_server_keys().contains(&"transport")
        {
            d.set_help(format!(
                "{} does not read a nested `transport` object; put its members directly in the server",
                self.dialect.client_name()
            ));
        }
        self.cx.report(d);
    }

    // ----- typed leaves ---------------------------------------------------------------------

    /// A string leaf; reports a wrong type when `report`.
    fn string(&mut self, v: Value<'d>, what: &str, report: bool) -> Option<StringValue> {
        let s = StringValue::from_value(v);
        if s.is_none() && report && v.kind() != ValueKind::Error {
            self.cx.wrong_type(v, what, "a string", Severity::Error);
        }
        s
    }

    fn boolean(&mut self, v: Value<'d>, what: &str, report: bool) -> Option<Spanned<bool>> {
        if let Some(b) = v.as_bool() {
            return Some(Spanned::new(b, v.span()));
        }
        if report && v.kind() != ValueKind::Error {
            self.cx
                .wrong_type(v, what, "true or false", Severity::Error);
        }
        None
    }

    fn string_array(&mut self, v: Value<'d>, what: &str, report: bool) -> Vec<StringValue> {
        if v.kind() != ValueKind::Array {
            if report && v.kind() != ValueKind::Error {
                self.cx
                    .wrong_type(v, what, "an array of strings", Severity::Error);
            }
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, item) in v.items().enumerate() {
            let inner = format!("{}[{i}]`", what.trim_end_matches('`'));
            if let Some(s) = self.string(item, &inner, report) {
                out.push(s);
            }
        }
        out
    }

    fn string_list(&mut self, m: Member<'d>, origin: Origin) -> Option<StringList> {
        let key = spanned_key(m.key);
        let report = self.reads(&key.value, origin);
        if m.value.kind() != ValueKind::Array {
            if report && m.value.kind() != ValueKind::Error {
                self.cx.wrong_type(
                    m.value,
                    &tick(&key.value),
                    "an array of strings",
                    Severity::Error,
                );
            }
            return None;
        }
        let items = self.string_array(m.value, &tick(&key.value), report);
        Some(StringList {
            node: m.value.id(),
            span: m.value.span(),
            key,
            items,
        })
    }

    /// `env` (`is_env`) or `headers`.
    fn entry_map(&mut self, v: Value<'d>, what: &str, is_env: bool) -> Option<EntryMap> {
        let obj = self.cx.object(v, what, Severity::Error)?;
        let mut entries = Vec::new();
        for m in obj.members() {
            let key = spanned_key(m.key);
            let string = StringValue::from_value(m.value);
            if string.is_none() {
                let kind = m.value.kind();
                let inner = format!("{}.{}`", what.trim_end_matches('`'), key.value);
                let vscode_ok = is_env
                    && self.dialect == Dialect::VsCode
                    && matches!(kind, ValueKind::Number | ValueKind::Null);
                if kind != ValueKind::Error && !vscode_ok {
                    // Clients that spawn the process usually stringify scalars; VS Code's
                    // schema does not accept booleans.
                    let scalar = is_env
                        && self.dialect != Dialect::VsCode
                        && matches!(kind, ValueKind::Number | ValueKind::Bool | ValueKind::Null);
                    let severity = if scalar {
                        Severity::Warning
                    } else {
                        Severity::Error
                    };
                    let expected = if is_env && self.dialect == Dialect::VsCode {
                        "a string, a number or null"
                    } else {
                        "a string"
                    };
                    let mut d = Diagnostic::new(
                        codes::WRONG_TYPE,
                        severity,
                        m.value.span(),
                        format!("{inner} must be {expected}, found {}", kind.name()),
                    )
                    .with_path(m.value.path());
                    if scalar {
                        d = d.with_help("write the value as a string, in quotes");
                    }
                    self.cx.report(d);
                }
            }
            entries.push(Entry {
                key,
                key_node: m.key.id(),
                value: m.value.id(),
                value_span: m.value.span(),
                value_kind: m.value.kind(),
                string,
            });
        }
        Some(EntryMap {
            node: obj.id(),
            span: obj.span(),
            entries,
        })
    }

    // ----- VS Code inputs -------------------------------------------------------------------

    fn lower_inputs(&mut self, inputs: Value<'d>) {
        let Some(array) = self.cx.array(inputs, "`inputs`", Severity::Error) else {
            return;
        };
        self.out.inputs_node = Some(array.id());
        for (i, item) in array.items().enumerate() {
            let Some(obj) = self
                .cx
                .object(item, &format!("`inputs[{i}]`"), Severity::Error)
            else {
                continue;
            };
            let mut members = Vec::new();
            for m in obj.members() {
                let key = spanned_key(m.key);
                let status = if keys::VSCODE_INPUT.contains(&key.value.as_str()) {
                    KeyStatus::Known
                } else {
                    self.cx.report(
                        Diagnostic::new(
                            codes::UNKNOWN_FIELD,
                            Severity::Error,
                            m.key.span(),
                            format!(
                                "unknown field `{}` in input {i}: VS Code does not read it",
                                key.value
                            ),
                        )
                        .with_path(m.value.path()),
                    );
                    KeyStatus::Unknown
                };
                members.push(MemberInfo {
                    key,
                    key_node: m.key.id(),
                    value: m.value.id(),
                    value_span: m.value.span(),
                    status,
                });
            }
            let id = obj.get("id").and_then(|v| self.string(v, "`id`", true));
            let kind = obj.get("type").and_then(|v| self.string(v, "`type`", true));
            for (field, present) in [
                ("id", obj.get("id").is_some()),
                ("type", obj.get("type").is_some()),
            ] {
                if !present {
                    self.cx.missing(
                        codes::MISSING_FIELD,
                        obj,
                        field,
                        format!("input {i} has no `{field}`"),
                        Severity::Error,
                    );
                }
            }
            let description = obj
                .get("description")
                .and_then(|v| self.string(v, "`description`", true));
            let password = obj
                .get("password")
                .and_then(|v| self.boolean(v, "`password`", true));
            self.out.inputs.push(Input {
                node: obj.id(),
                span: obj.span(),
                path: obj.path(),
                id,
                kind,
                description,
                password,
                default: obj.get("default").map(Value::id),
                members,
            });
        }
    }
}
