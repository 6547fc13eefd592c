//! One server entry: its members, its transport (the stdio and remote fields), its
//! declared type, its flags and tool lists, and the Zed shapes.
use mcpvet_diagnostics::{Applicability, Diagnostic, Edit, Fix, Severity};
use mcpvet_json::{Member, NodeId, Value, ValueKind};
use mcpvet_text::Spanned;

use crate::codes;
use crate::config::keys::{self, dialect_hint, did_you_mean, foreign_hint, is_harmless};
use crate::config::{
    DeclaredType, Dialect, Http, HttpKind, KeyStatus, KindSource, MemberInfo, NumberValue, Server,
    Stdio, StringList, StringValue, Transport, TransportKind, UrlKey, ZedInfo, ZedShape,
};
use crate::edits::insert_member;
use crate::lower::object_opening;

use super::{Lowerer, Origin, spanned_key, tick};

/// What [`Lowerer::server_flags`] reads.
struct ServerFlags {
    disabled: Option<Spanned<bool>>,
    enabled: Option<Spanned<bool>>,
    trust: Option<Spanned<bool>>,
    auto_approve: Option<StringList>,
    disabled_tools: Option<StringList>,
    include_tools: Option<StringList>,
    exclude_tools: Option<StringList>,
    timeout: Option<NumberValue>,
    oauth: Option<NodeId>,
    description: Option<StringValue>,
}

impl<'d> Lowerer<'d> {
    pub(super) fn lower_server(
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
        let members = self.server_members(value, &label, origin);
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
        let (stdio, has_command, env_source) = self.stdio_fields(src, zed_shape, &label, origin);
        let http = self.http_fields(src, origin, declared_kind);
        let transport = match (has_command, http) {
            (true, Some(http)) => Transport::Ambiguous { stdio, http },
            (true, None) => Transport::Stdio(stdio),
            (false, Some(http)) => Transport::Http(http),
            (false, None) if zed_shape == Some(ZedShape::Extension) => Transport::Extension,
            // Goose's `builtin`, `platform`, `frontend` and `inline_python` extensions.
            (false, None)
                if declared_type
                    .as_ref()
                    .is_some_and(|t| self.dialect.is_in_process_type(&t.value.value)) =>
            {
                Transport::Extension
            }
            // A platform override without `command` keeps the one of `mcp_config`.
            (false, None) if origin == Origin::Override => Transport::Stdio(stdio),
            (false, None) => {
                self.report_no_transport(value, &label, declared_kind);
                Transport::Missing
            }
        };
        self.declared_member_missing(value, &label, declared_type.as_ref(), &transport);
        self.url_without_type(value, &label, declared_type.as_ref(), &transport);
        let env_what = tick(self.dialect.env_key());
        let env = env_source.and_then(|e| self.entry_map(e, &env_what, true));
        let headers = match (self.dialect, origin) {
            // Codex names its static headers `http_headers`.
            (Dialect::Codex, _) => src
                .get("http_headers")
                .and_then(|h| self.entry_map(h, "`http_headers`", false)),
            // Continue: `requestOptions.headers` (a JSON file's `headers` are converted).
            (Dialect::Continue, Origin::List) => src
                .get("requestOptions")
                .filter(|r| r.kind() == ValueKind::Object)
                .and_then(|r| r.get("headers"))
                .and_then(|h| self.entry_map(h, "`requestOptions.headers`", false)),
            _ => src
                .get("headers")
                .and_then(|h| self.entry_map(h, "`headers`", false)),
        };
        match (self.dialect, origin) {
            (Dialect::Codex, Origin::Map) => self.codex_server(value, &label),
            (Dialect::Continue, Origin::List) => self.continue_server(value),
            (Dialect::Goose, Origin::Map) => {
                self.goose_server(value, &label, declared_type.as_ref(), &transport);
            }
            _ => {}
        }
        let flags = self.server_flags(value, origin);
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
            disabled: flags.disabled,
            enabled: flags.enabled,
            auto_approve: flags.auto_approve,
            disabled_tools: flags.disabled_tools,
            timeout: flags.timeout,
            trust: flags.trust,
            include_tools: flags.include_tools,
            exclude_tools: flags.exclude_tools,
            oauth: flags.oauth,
            description: flags.description,
            zed,
            members,
        });
    }

    /// Every member of the server object with its status; unknown ones reported.
    fn server_members(&mut self, value: Value<'d>, label: &str, origin: Origin) -> Vec<MemberInfo> {
        let mut members = Vec::new();
        for m in value.members() {
            let k = spanned_key(m.key);
            let status = self.classify(&k.value, origin);
            if status == KeyStatus::Unknown {
                self.report_unknown(m, label, origin);
            }
            members.push(MemberInfo {
                key: k,
                key_node: m.key.id(),
                value: m.value.id(),
                value_span: m.value.span(),
                status,
            });
        }
        members
    }

    /// The process fields (`command` in its shapes, `args`, `cwd`, `envFile`): the stdio
    /// transport, whether a command member is there, and where `env` is read from (Zed's
    /// `command` object holds its own).
    fn stdio_fields(
        &mut self,
        src: Value<'d>,
        zed_shape: Option<ZedShape>,
        label: &str,
        origin: Origin,
    ) -> (Stdio, bool, Option<Value<'d>>) {
        let command_member = if origin == Origin::ZedArray {
            ["executable", "command", "path"]
                .iter()
                .find_map(|k| src.member(k))
        } else {
            src.member(self.dialect.command_key())
        };
        let mut stdio = Stdio::default();
        let mut env_source = src.get(self.dialect.env_key());
        // opencode has no `args`: the arguments are the rest of the `command` array.
        let mut args_source = src
            .get("args")
            .filter(|_| self.dialect != Dialect::OpenCode);
        let has_command = command_member.is_some();
        if let Some(cmd) = command_member {
            if cmd.value.kind() == ValueKind::Object && zed_shape.is_some() {
                // Zed: `command: {path, args, env}`.
                let obj = cmd.value;
                for m in obj.members() {
                    if !keys::ZED_COMMAND_OBJECT.contains(&m.key_str().as_ref()) {
                        self.report_unknown(m, label, origin);
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
            } else if self.dialect == Dialect::OpenCode && origin == Origin::Map {
                // opencode: `command` is the program and its arguments, one array.
                if cmd.value.kind() == ValueKind::Array {
                    let mut items = self.string_array(cmd.value, "`command`", true).into_iter();
                    stdio.command = items.next();
                    stdio.args = items.collect();
                    if stdio.command.is_none() && cmd.value.is_empty() {
                        self.cx.report(
                            Diagnostic::new(
                                codes::MISSING_FIELD,
                                Severity::Error,
                                cmd.value.span(),
                                format!("the `command` array of {label} is empty"),
                            )
                            .with_path(cmd.value.path())
                            .with_help("write the program first, then its arguments: `[\"npx\", \"-y\", \"some-mcp\"]`"),
                        );
                    }
                } else {
                    stdio.command = self.string(cmd.value, "`command`", true);
                    if cmd.value.kind() == ValueKind::String {
                        self.cx.wrong_type(
                            cmd.value,
                            "`command`",
                            "an array of strings (the program, then its arguments)",
                            Severity::Error,
                        );
                    }
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
        (stdio, has_command, env_source)
    }

    /// The remote fields: the URL (read once, [`ServerUrl`](crate::config::url::ServerUrl)),
    /// the member it came from, and the HTTP transport with what decided it.
    fn http_fields(
        &mut self,
        src: Value<'d>,
        origin: Origin,
        declared_kind: Option<TransportKind>,
    ) -> Option<Http> {
        let url_member = if origin == Origin::ZedArray {
            None
        } else {
            self.dialect.url_keys().iter().find_map(|k| src.member(k))
        };
        url_member.map(|m| {
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
                parsed: url.as_ref().map(crate::config::url::ServerUrl::read),
                url,
                url_key: Spanned::new(url_key, m.key.span()),
                kind,
                kind_source,
            }
        })
    }

    /// A declared type whose own member is missing (`type: stdio` without `command`,
    /// `type: http` without `url`).
    fn declared_member_missing(
        &mut self,
        value: Value<'d>,
        label: &str,
        declared_type: Option<&DeclaredType>,
        transport: &Transport,
    ) {
        match (declared_type.and_then(|t| t.kind), transport) {
            (Some(TransportKind::Stdio), Transport::Http(_)) => {
                let ty = declared_type.map_or("stdio", |t| t.value.value.as_str());
                let command = self.dialect.command_key();
                self.cx.missing(
                    codes::MISSING_FIELD,
                    value,
                    command,
                    format!("{label} has `type` `{ty}` but no `{command}`"),
                    Severity::Error,
                );
            }
            (Some(TransportKind::Sse | TransportKind::StreamableHttp), Transport::Stdio(_)) => {
                let ty = declared_type.map_or("http", |t| t.value.value.as_str());
                let url = self.dialect.url_keys().first().copied().unwrap_or("url");
                self.cx.missing(
                    codes::MISSING_FIELD,
                    value,
                    url,
                    format!("{label} has `type` `{ty}` but no `{url}`"),
                    Severity::Error,
                );
            }
            _ => {}
        }
    }

    /// A Claude Code server with a `url` and no `type`: Claude Code's schema requires `type`
    /// for remote servers and drops the entry ("Does not adhere to MCP server configuration
    /// schema"); the fix adds `"type": "http"` (`"sse"` for a URL ending in `/sse`). An
    /// opencode server without `type` likewise ([`Self::opencode_without_type`]).
    fn url_without_type(
        &mut self,
        value: Value<'d>,
        label: &str,
        declared_type: Option<&DeclaredType>,
        transport: &Transport,
    ) {
        if self.dialect == Dialect::OpenCode && declared_type.is_none() {
            self.opencode_without_type(value, label, transport);
            return;
        }
        let Transport::Http(http) = transport else {
            return;
        };
        if self.dialect != Dialect::ClaudeCode
            || declared_type.is_some()
            || http.url_key.value != UrlKey::Url
        {
            return;
        }
        let url_path = http.url.as_ref().and_then(|u| {
            u.value
                .split(['?', '#'])
                .next()
                .map(|p| p.trim_end_matches('/').to_ascii_lowercase())
        });
        let sse = url_path.as_deref().is_some_and(|p| p.ends_with("/sse"));
        let ty = if sse { "sse" } else { "http" };
        // Safe when the URL ends in `/mcp`, the path of Streamable HTTP endpoints; `sse`
        // (a URL ending in `/sse`) connects with the deprecated transport (MCP207), and
        // another path leaves the transport a guess: both to be reviewed.
        let applicability = if !sse && url_path.as_deref().is_some_and(|p| p.ends_with("/mcp")) {
            Applicability::Safe
        } else {
            Applicability::Unsafe
        };
        let opening = object_opening(value);
        let mut d = Diagnostic::new(
            codes::MISSING_FIELD,
            Severity::Error,
            http.url_key.span,
            format!(
                "{label} has a `url` but no `type`: Claude Code requires `type` for a remote server and skips this one"
            ),
        )
        .with_path(value.path())
        .with_help(format!(
            "add `\"type\": \"{ty}\"` (`http` is Streamable HTTP, `sse` the legacy HTTP+SSE transport)"
        ));
        let edit = insert_member(value, &format!("\"type\": \"{ty}\""))
            .unwrap_or_else(|| Edit::new(opening.after(), format!("\"type\": \"{ty}\", ")));
        d = d.with_fix(Fix::new(
            format!("add `\"type\": \"{ty}\"`"),
            vec![edit],
            applicability,
        ));
        self.cx.report(d);
    }

    /// An opencode server without `type`: opencode's schema requires `local` or `remote`.
    fn opencode_without_type(&mut self, value: Value<'d>, label: &str, transport: &Transport) {
        let ty = match transport {
            Transport::Stdio(_) => "local",
            Transport::Http(_) => "remote",
            _ => return,
        };
        let d = Diagnostic::new(
            codes::MISSING_FIELD,
            Severity::Error,
            object_opening(value),
            format!("{label} has no `type`: opencode requires `\"local\"` or `\"remote\"`"),
        )
        .with_path(value.path())
        .with_help(format!("add `\"type\": \"{ty}\"`"))
        .with_fix(Fix::new(
            format!("add `\"type\": \"{ty}\"`"),
            vec![
                insert_member(value, &format!("\"type\": \"{ty}\"")).unwrap_or_else(|| {
                    Edit::new(
                        object_opening(value).after(),
                        format!("\"type\": \"{ty}\", "),
                    )
                }),
            ],
            Applicability::Safe,
        ));
        self.cx.report(d);
    }

    /// The switches, tool lists, timeout, `oauth` and description of a server.
    fn server_flags(&mut self, value: Value<'d>, origin: Origin) -> ServerFlags {
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
        // Codex spells the tool lists `disabled_tools` and `enabled_tools` (an allow-list).
        let codex = self.dialect == Dialect::Codex;
        let disabled_tools = value
            .member(if codex {
                "disabled_tools"
            } else {
                "disabledTools"
            })
            .and_then(|m| self.string_list(m, origin));
        let include_tools = value
            .member(if codex {
                "enabled_tools"
            } else {
                "includeTools"
            })
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
            // opencode: `"oauth": false` turns the automatic OAuth flow off.
            if self.dialect == Dialect::OpenCode && o.kind() == ValueKind::Bool {
                return None;
            }
            if self.reads("oauth", origin) {
                self.cx.object(o, "`oauth`", Severity::Error).map(Value::id)
            } else {
                (o.kind() == ValueKind::Object).then(|| o.id())
            }
        });
        // Goose reads `description: null` as empty.
        let description = value
            .get("description")
            .filter(|d| !(self.dialect == Dialect::Goose && d.kind() == ValueKind::Null))
            .and_then(|d| self.string(d, "`description`", self.reads("description", origin)));
        ServerFlags {
            disabled,
            enabled,
            trust,
            auto_approve,
            disabled_tools,
            include_tools,
            exclude_tools,
            timeout,
            oauth,
            description,
        }
    }

    pub(super) fn zed_info(&mut self, value: Value<'d>, origin: Origin) -> ZedInfo {
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

    pub(super) fn declared_type(&mut self, src: Value<'d>, origin: Origin) -> Option<DeclaredType> {
        let member = ["type", "transportType"].iter().find_map(|k| {
            src.member(k)
                .filter(|_| matches!(origin, Origin::Map | Origin::List))
        })?;
        let key = spanned_key(member.key);
        let reads = self.reads(&key.value, origin);
        let value = self.string(member.value, &tick(&key.value), reads)?;
        let kind = self.dialect.transport_from_type(&value.value);
        Some(DeclaredType { key, value, kind })
    }

    pub(super) fn report_unknown(&mut self, m: Member<'d>, label: &str, origin: Origin) {
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
        let help = if let Some(hint) = dialect_hint(self.dialect, &key) {
            Some(hint)
        } else if let Some(right) = did_you_mean(&key, known).filter(|k| *k != key.as_ref()) {
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

    pub(super) fn report_no_transport(
        &mut self,
        value: Value<'d>,
        label: &str,
        declared: Option<TransportKind>,
    ) {
        let command_key = self.dialect.command_key();
        let keys: Vec<String> = std::iter::once(command_key)
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
            Some(TransportKind::Stdio) => format!("add a `{command_key}` member"),
            None if self.dialect.stdio_only() => format!("add a `{command_key}` member"),
            None => {
                format!("add `{command_key}` for a local server or `{url_key}` for a remote one")
            }
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
}
