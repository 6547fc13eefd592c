//! Client configurations: dialect detection and the typed, spanned Config AST.
//!
//! This file holds the AST's types and their documentation (a quarter of its lines); the
//! work is in the submodules: dialect detection, the dialects ([`Dialect`]), the lowering,
//! [`url`], [`expansion`], [`locations`] and [`roots`].
//!
//! [`read_config`] parses a configuration as JSONC (comments and trailing commas are recorded
//! in the document but are not errors here: a dialect check decides), detects the
//! [`Dialect`] from the file name and the content (or takes the one given), and lowers every
//! server map it finds into [`Server`]s, never aborting:
//!
//! - wrong JSON types are `wrong-type` (MCP011), missing structure `missing-field` (MCP012);
//! - members the detected client does not read are `unknown-field` (MCP101): an error for VS
//!   Code, whose schema rejects them, info elsewhere; `$schema` and comment keys (`_comment`)
//!   are not reported outside VS Code;
//! - a JSON file that holds no server map is `not-an-mcp-file` (MCP010); an empty file gets
//!   one syntax error;
//! - a TOML or YAML file is read through the JSON text it denotes (`mcpvet_toml`,
//!   `mcpvet_yaml`), lowered the same way, with [`ConfigFile::derivation`] mapping spans back
//!   to the file (Codex's TOML, Continue's and Goose's YAML).
//!
//! Every member of a server is kept in [`Server::members`] with a [`KeyStatus`], so checks,
//! not the lowering, decide what an unknown or misplaced member means. Every string leaf is a
//! [`StringValue`]: decoded text, node, span, and its variable-reference [`Part`]s.
//!
//! ```
//! use mcpvet_ast::config::{read_config, Dialect, DetectionMethod, Transport};
//!
//! let text = r#"{"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"],
//!               "env": {"TOKEN": "${env:DOCS_TOKEN}"}}}}"#;
//! let outcome = read_config(text, Some(".cursor/mcp.json"), None);
//! let config = &outcome.value;
//! assert_eq!(config.dialect, Dialect::Cursor);
//! assert_eq!(config.detection.method, DetectionMethod::FileName);
//! let server = &config.servers[0];
//! assert_eq!(server.path.to_string(), "$.mcpServers.docs");
//! let Transport::Stdio(stdio) = &server.transport else { panic!() };
//! assert_eq!(stdio.command.as_ref().unwrap().value, "npx");
//! let token = &server.env.as_ref().unwrap().entries[0];
//! assert!(token.string.as_ref().unwrap().is_only_ref());
//! assert!(outcome.diagnostics.is_empty());
//! ```
mod derived;
mod detect;
mod dialect;
mod dump;
pub mod expansion;
mod keys;
pub mod locations;
mod lower;
pub mod roots;
mod strict;
#[cfg(feature = "testing")]
pub mod testing;
pub mod url;

use mcpvet_diagnostics::{Diagnostic, JsonPath, Severity};
use mcpvet_json::{JsonDocument, JsonOptions, NodeId, Value, ValueKind};
use mcpvet_text::{Span, Spanned};

pub use derived::ConfigDerivation;
pub use detect::{DetectionMethod, dialect_from_path};
pub use dialect::{Dialect, ServerNameRule, Support, TransportKind, UnknownDialect};
#[cfg(feature = "testing")]
pub use testing::{check_config, fuzz_config, fuzz_config_with};

use crate::LowerOutcome;
use crate::vars::{self, Part, VarRef};

/// How the dialect of a file was decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detection {
    /// Forced, from the file name, from the content, or the fallback.
    pub method: DetectionMethod,
    /// A short reason for reports, such as: file name `claude_desktop_config.json`.
    pub reason: String,
}

/// The format of the input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// JSON or JSONC: lowered.
    Json,
    /// TOML (Codex `config.toml`): read through the JSON text it denotes (see
    /// [`ConfigFile::derivation`]).
    Toml,
    /// YAML (Continue, Goose): read through the JSON text it denotes (see
    /// [`ConfigFile::derivation`]).
    Yaml,
}

/// A string leaf: the decoded value, where it is, and its variable references.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringValue {
    /// The decoded string.
    pub value: String,
    /// The string node.
    pub node: NodeId,
    /// The node's span, quotes included.
    pub span: Span,
    /// Literal text and references, with spans in the file (empty for `""`).
    pub parts: Vec<Part>,
}

impl StringValue {
    /// The string leaf of `value`, if it is a string.
    pub fn from_value(value: Value<'_>) -> Option<StringValue> {
        let (text, parts) = vars::parse_string(value)?;
        Some(StringValue {
            value: text,
            node: value.id(),
            span: value.span(),
            parts,
        })
    }

    /// The decoded string.
    pub fn as_str(&self) -> &str {
        &self.value
    }

    /// The references in the string.
    pub fn refs(&self) -> impl Iterator<Item = &VarRef> {
        self.parts.iter().filter_map(Part::as_ref)
    }

    /// Whether the string holds a reference.
    pub fn has_refs(&self) -> bool {
        vars::has_refs(&self.parts)
    }

    /// Whether the string is one reference (whitespace around it allowed).
    pub fn is_only_ref(&self) -> bool {
        vars::is_only_ref(&self.parts)
    }
}

/// A number leaf, kept as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberValue {
    /// The lexeme (`60000`, `1.5e3`).
    pub lexeme: String,
    /// The number node.
    pub node: NodeId,
    /// Its span.
    pub span: Span,
}

impl NumberValue {
    /// As `f64` (may round).
    pub fn as_f64(&self) -> f64 {
        self.lexeme.parse().unwrap_or(f64::NAN)
    }
}

/// One member of `env` or `headers`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The decoded key and the key's span (quotes included).
    pub key: Spanned<String>,
    /// The key node.
    pub key_node: NodeId,
    /// The value node.
    pub value: NodeId,
    /// The value's span.
    pub value_span: Span,
    /// The value's JSON kind.
    pub value_kind: ValueKind,
    /// The value when it is a string.
    pub string: Option<StringValue>,
}

/// An `env` or `headers` object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryMap {
    /// The object node.
    pub node: NodeId,
    /// Its span.
    pub span: Span,
    /// Members in source order, duplicates included.
    pub entries: Vec<Entry>,
}

impl EntryMap {
    /// The last entry named `key` (as `JSON.parse` would keep it).
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key.value == key)
    }
}

/// An array of strings (`autoApprove`, `includeTools`...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringList {
    /// The member's key (`autoApprove` or `alwaysAllow`...) and its span.
    pub key: Spanned<String>,
    /// The array node.
    pub node: NodeId,
    /// Its span.
    pub span: Span,
    /// The string elements (others are reported and skipped).
    pub items: Vec<StringValue>,
}

/// Whether the dialect reads a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyStatus {
    /// The client reads it.
    Known,
    /// Nobody reads it, by convention harmless (`$schema`, `_comment`, `description`).
    Harmless,
    /// The client does not read it.
    Unknown,
}

impl KeyStatus {
    /// `known`, `harmless` or `unknown`.
    pub const fn name(self) -> &'static str {
        match self {
            KeyStatus::Known => "known",
            KeyStatus::Harmless => "harmless",
            KeyStatus::Unknown => "unknown",
        }
    }
}

/// One member of an object as written, with what the dialect makes of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemberInfo {
    /// The decoded key and the key's span.
    pub key: Spanned<String>,
    /// The key node.
    pub key_node: NodeId,
    /// The value node.
    pub value: NodeId,
    /// The value's span.
    pub value_span: Span,
    /// Known, harmless or unknown to the dialect.
    pub status: KeyStatus,
}

/// The declared transport type (`type`, or Cline's legacy `transportType`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeclaredType {
    /// `type` or `transportType`, with the key's span.
    pub key: Spanned<String>,
    /// The value as written.
    pub value: StringValue,
    /// The transport it names, if it names one.
    pub kind: Option<TransportKind>,
}

/// A local server started as a process.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stdio {
    /// The command (Zed: `command.path`; early Zed: `executable`); `None` when absent or not
    /// a string.
    pub command: Option<StringValue>,
    /// The string arguments.
    pub args: Vec<StringValue>,
    /// The `args` array node.
    pub args_node: Option<NodeId>,
    /// `cwd`.
    pub cwd: Option<StringValue>,
    /// `envFile` (VS Code, Cursor).
    pub env_file: Option<StringValue>,
}

/// Which remote transport a URL server uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HttpKind {
    /// Streamable HTTP.
    StreamableHttp,
    /// Legacy HTTP+SSE.
    Sse,
}

impl HttpKind {
    /// `streamable-http` or `sse`.
    pub const fn name(self) -> &'static str {
        match self {
            HttpKind::StreamableHttp => "streamable-http",
            HttpKind::Sse => "sse",
        }
    }
}

/// What decided the [`HttpKind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KindSource {
    /// The declared `type`.
    Type,
    /// The URL member (Gemini `httpUrl` vs `url`).
    UrlKey,
    /// The client's default (Cline: SSE; others: Streamable HTTP, often with SSE fallback).
    Default,
}

/// The member a URL was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UrlKey {
    /// `url`.
    Url,
    /// `serverUrl` (Windsurf).
    ServerUrl,
    /// `httpUrl` (Gemini CLI).
    HttpUrl,
    /// `uri` (Goose).
    Uri,
}

impl UrlKey {
    /// The member name.
    pub const fn name(self) -> &'static str {
        match self {
            UrlKey::Url => "url",
            UrlKey::ServerUrl => "serverUrl",
            UrlKey::HttpUrl => "httpUrl",
            UrlKey::Uri => "uri",
        }
    }

    fn from_name(name: &str) -> Option<UrlKey> {
        match name {
            "url" => Some(UrlKey::Url),
            "serverUrl" => Some(UrlKey::ServerUrl),
            "httpUrl" => Some(UrlKey::HttpUrl),
            "uri" => Some(UrlKey::Uri),
            _ => None,
        }
    }
}

/// A remote server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Http {
    /// The URL; `None` when the member is not a string.
    pub url: Option<StringValue>,
    /// The URL read once: references masked, parsed ([`url::ServerUrl`]); `None` when the
    /// member is not a string.
    pub parsed: Option<url::ServerUrl>,
    /// The member it was read from, with the key's span.
    pub url_key: Spanned<UrlKey>,
    /// Streamable HTTP or SSE.
    pub kind: HttpKind,
    /// What decided `kind`.
    pub kind_source: KindSource,
}

/// How the client reaches the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transport {
    /// `command` (and no URL).
    Stdio(Stdio),
    /// A URL (and no `command`).
    Http(Http),
    /// Both a `command` and a URL: both kept.
    Ambiguous {
        /// The stdio half.
        stdio: Stdio,
        /// The remote half.
        http: Http,
    },
    /// A Zed extension server: only `settings`, the extension supplies the command.
    Extension,
    /// Neither a `command` nor a URL.
    Missing,
}

impl Transport {
    /// The stdio part (of `Stdio` or `Ambiguous`).
    pub fn stdio(&self) -> Option<&Stdio> {
        match self {
            Transport::Stdio(s) | Transport::Ambiguous { stdio: s, .. } => Some(s),
            _ => None,
        }
    }

    /// The remote part (of `Http` or `Ambiguous`).
    pub fn http(&self) -> Option<&Http> {
        match self {
            Transport::Http(h) | Transport::Ambiguous { http: h, .. } => Some(h),
            _ => None,
        }
    }

    /// `stdio`, `http`, `ambiguous`, `extension` or `missing`.
    pub const fn name(&self) -> &'static str {
        match self {
            Transport::Stdio(_) => "stdio",
            Transport::Http(_) => "http",
            Transport::Ambiguous { .. } => "ambiguous",
            Transport::Extension => "extension",
            Transport::Missing => "missing",
        }
    }
}

/// Which of Zed's historical shapes a server entry uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ZedShape {
    /// 2024: `experimental.context_servers.servers: [{id, executable, args, env}]`.
    ExperimentalArray,
    /// Late 2024: `context_servers.<id>.command = {path, args, env}`.
    CommandObject,
    /// 2025: `source: "custom"` with flattened `command`, `args`, `env`.
    SourceCustom,
    /// Current untagged form: `{command, args, env}` or `{url, headers}`.
    Current,
    /// An extension's server: `{settings}` (or `source: "extension"`).
    Extension,
}

impl ZedShape {
    /// A kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            ZedShape::ExperimentalArray => "experimental-array",
            ZedShape::CommandObject => "command-object",
            ZedShape::SourceCustom => "source-custom",
            ZedShape::Current => "current",
            ZedShape::Extension => "extension",
        }
    }
}

/// Zed-specific parts of a server entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ZedInfo {
    /// The shape.
    pub shape: ZedShape,
    /// `source` (`custom` or `extension`).
    pub source: Option<StringValue>,
    /// The extension `settings` object.
    pub settings: Option<NodeId>,
}

/// One server entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Server {
    /// The server name (the key, or `id` in Zed's early array form and `name` in a Continue
    /// list; an MCPB manifest's
    /// `name`, or `platform_overrides.<platform>` for an override) and its span.
    pub name: Spanned<String>,
    /// The key node (`None` for a root single server or an array item).
    pub key_node: Option<NodeId>,
    /// The server object.
    pub node: NodeId,
    /// Its span.
    pub span: Span,
    /// Its JSON path: `$.mcpServers.docsApi`, `$.projects["/home/me/app"].mcpServers.x`...
    pub path: JsonPath,
    /// Index of the map it belongs to in [`ConfigFile::server_maps`].
    pub map: usize,
    /// The declared `type` / `transportType`.
    pub declared_type: Option<DeclaredType>,
    /// How the client reaches it.
    pub transport: Transport,
    /// `env` (Zed's command object: `command.env`).
    pub env: Option<EntryMap>,
    /// `headers`.
    pub headers: Option<EntryMap>,
    /// `disabled`.
    pub disabled: Option<Spanned<bool>>,
    /// `enabled` (Zed).
    pub enabled: Option<Spanned<bool>>,
    /// `autoApprove` (Cline, Kiro) or `alwaysAllow` (Roo Code); the key says which.
    pub auto_approve: Option<StringList>,
    /// `disabledTools` (Roo Code, Kiro, Windsurf).
    pub disabled_tools: Option<StringList>,
    /// `timeout`.
    pub timeout: Option<NumberValue>,
    /// `trust` (Gemini: bypasses every confirmation).
    pub trust: Option<Spanned<bool>>,
    /// `includeTools` (Gemini).
    pub include_tools: Option<StringList>,
    /// `excludeTools` (Gemini).
    pub exclude_tools: Option<StringList>,
    /// The `oauth` object (Gemini, Cline, Claude Code; may hold client secrets or tokens).
    pub oauth: Option<NodeId>,
    /// `description`.
    pub description: Option<StringValue>,
    /// Zed shape, `source` and `settings`.
    pub zed: Option<ZedInfo>,
    /// Every member as written, known or not, in source order.
    pub members: Vec<MemberInfo>,
}

impl Server {
    /// The members the dialect does not read.
    pub fn unknown_members(&self) -> impl Iterator<Item = &MemberInfo> {
        self.members
            .iter()
            .filter(|m| m.status == KeyStatus::Unknown)
    }

    /// The last member named `key`.
    pub fn member(&self, key: &str) -> Option<&MemberInfo> {
        self.members.iter().rev().find(|m| m.key.value == key)
    }
}

/// Where servers were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MapKind {
    /// Root `mcpServers`.
    McpServers,
    /// Root `servers` (VS Code `mcp.json`).
    Servers,
    /// `mcp.servers` (VS Code `settings.json`).
    VsCodeSettings,
    /// Root `context_servers` (Zed).
    ContextServers,
    /// `experimental.context_servers` (early Zed).
    ZedExperimental,
    /// `projects.<path>.mcpServers` (Claude Code `~/.claude.json`).
    ProjectMcpServers,
    /// Server objects directly at the root (Claude Code plugin `.mcp.json`).
    Flat,
    /// The root object is itself one server.
    Root,
    /// `server.mcp_config` of a desktop extension (MCPB) manifest: one server, named by the
    /// manifest's `name`, followed by one partial server per entry of its
    /// `platform_overrides` (named `platform_overrides.<platform>`).
    Manifest,
    /// Root `mcp` of an opencode configuration (or its `mcp.servers`, the v2 shape): servers
    /// of `type` `local` or `remote`.
    OpenCode,
    /// Root `mcp_servers` of a Codex `config.toml` (its `[mcp_servers.NAME]` tables).
    CodexServers,
    /// The `mcpServers` list of a Continue block file (`.continue/mcpServers/*.yaml`): named
    /// servers, each `name` its name. The block's `${{ inputs.NAME }}` are filled from the
    /// `with:` of whatever `uses:` the block, which the file cannot know.
    ContinueBlock,
    /// The `mcpServers` list of Continue's `config.yaml`: named servers, and `uses:` entries
    /// that include a block (not lowered: their server is in the block). Continue fills no
    /// `${{ inputs.NAME }}` written here.
    ContinueConfig,
    /// Goose's `extensions` map (`config.yaml`): its keys name the extensions.
    GooseExtensions,
}

impl MapKind {
    /// A kebab-case name.
    pub const fn name(self) -> &'static str {
        match self {
            MapKind::McpServers => "mcpServers",
            MapKind::Servers => "servers",
            MapKind::VsCodeSettings => "mcp.servers",
            MapKind::ContextServers => "context_servers",
            MapKind::ZedExperimental => "experimental.context_servers",
            MapKind::ProjectMcpServers => "projects.*.mcpServers",
            MapKind::Flat => "flat",
            MapKind::Root => "root",
            MapKind::Manifest => "server.mcp_config",
            MapKind::OpenCode => "mcp",
            MapKind::CodexServers => "mcp_servers",
            MapKind::ContinueBlock => "mcpServers[] (block)",
            MapKind::ContinueConfig => "mcpServers[] (config.yaml)",
            MapKind::GooseExtensions => "extensions",
        }
    }
}

/// A server map (or a root server).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerMap {
    /// Which container.
    pub kind: MapKind,
    /// The container node (the root for [`MapKind::Flat`] and [`MapKind::Root`]).
    pub node: NodeId,
    /// Its path.
    pub path: JsonPath,
    /// The span of the key that holds it (`None` for the root).
    pub key_span: Option<Span>,
    /// The project path of a [`MapKind::ProjectMcpServers`] map, with the key's span.
    pub project: Option<Spanned<String>>,
    /// Whether the dialect reads servers from here (`false`: found in another client's
    /// place, reported as `missing-field`, lowered anyway).
    pub expected: bool,
}

/// A VS Code input (`inputs[]`), referenced as `${input:id}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The input object.
    pub node: NodeId,
    /// Its span.
    pub span: Span,
    /// Its path.
    pub path: JsonPath,
    /// `id`.
    pub id: Option<StringValue>,
    /// `type` (`promptString`, `pickString`, `command`).
    pub kind: Option<StringValue>,
    /// `description`.
    pub description: Option<StringValue>,
    /// `password`.
    pub password: Option<Spanned<bool>>,
    /// `default`.
    pub default: Option<NodeId>,
    /// Every member.
    pub members: Vec<MemberInfo>,
}

/// A lowered configuration file. Owns its [`JsonDocument`].
#[derive(Debug)]
pub struct ConfigFile<'a> {
    document: JsonDocument<'a>,
    /// JSON, or an unsupported format (nothing else is filled then).
    pub format: Format,
    /// The client dialect.
    pub dialect: Dialect,
    /// How the dialect was decided.
    pub detection: Detection,
    /// Servers in source order (maps in source order, servers in each map in order).
    pub servers: Vec<Server>,
    /// Where servers were found.
    pub server_maps: Vec<ServerMap>,
    /// VS Code inputs.
    pub inputs: Vec<Input>,
    /// The `inputs` array node.
    pub inputs_node: Option<NodeId>,
    /// The root members, with what the dialect makes of them.
    pub root_members: Vec<MemberInfo>,
    /// For a TOML or YAML file: the syntax and the map back from [`Self::text`].
    derivation: Option<ConfigDerivation>,
}

impl<'a> ConfigFile<'a> {
    /// The parsed document (empty for unsupported formats). For a TOML or YAML file, the
    /// document of the JSON text it denotes (see [`Self::derivation`]).
    pub fn document(&self) -> &JsonDocument<'a> {
        &self.document
    }

    /// The text the AST's spans point into: the file as given, or, for a TOML or YAML file,
    /// the JSON text it denotes.
    pub fn text(&self) -> &str {
        self.document.text()
    }

    /// How a TOML or YAML file was read: through the JSON text it denotes ([`Self::text`]),
    /// whose spans (those of the AST, and of every finding a check makes on it) `map` turns
    /// into spans of the file. `None` for JSON files, read as written. The diagnostics of
    /// [`read_config`] are in the file's offsets already.
    pub fn derivation(&self) -> Option<&ConfigDerivation> {
        self.derivation.as_ref()
    }

    /// The span of the file that `span` (a span of [`Self::text`]) stands for.
    pub fn file_span(&self, span: Span) -> Span {
        self.derivation.as_ref().map_or(span, |d| d.span(span))
    }

    /// The JSON view of node `id`.
    ///
    /// # Panics
    ///
    /// When `id` does not come from this file.
    pub fn value(&self, id: NodeId) -> Value<'_> {
        self.document.value(id)
    }

    /// The first server named `name`.
    pub fn server(&self, name: &str) -> Option<&Server> {
        self.servers.iter().find(|s| s.name.value == name)
    }

    /// Every server with a remote transport whose URL is a string, with the URL as written
    /// and as read ([`url::ServerUrl`]), in source order (servers that also have a `command`
    /// included).
    pub fn http_servers(
        &self,
    ) -> impl Iterator<Item = (&Server, &Http, &StringValue, &url::ServerUrl)> {
        self.servers.iter().filter_map(|server| {
            let http = server.transport.http()?;
            Some((server, http, http.url.as_ref()?, http.parsed.as_ref()?))
        })
    }

    /// A readable, stable, line-per-item dump of the AST with spans (`a..b`), for bug
    /// reports and snapshot tests.
    pub fn dump(&self) -> String {
        dump::dump(self)
    }
}

/// Reads a configuration: parses it as JSONC, detects the dialect from `file_name` (a path
/// or a bare name; only used for detection and messages) and the content unless `dialect`
/// is given, and lowers it. Never fails: problems are diagnostics (parse diagnostics first,
/// then lowering diagnostics in source order).
///
/// `.toml`, `.yaml` and `.yml` files (and a file without a JSON extension that looks like
/// TOML or YAML and is not JSON) are read through the JSON text they denote, with a map back
/// to the file ([`ConfigFile::derivation`]).
pub fn read_config<'a>(
    text: &'a str,
    file_name: Option<&str>,
    dialect: Option<Dialect>,
) -> LowerOutcome<ConfigFile<'a>> {
    if let Some(format) = file_name.and_then(format_from_name) {
        return derived::read(text, format, file_name, dialect);
    }
    let outcome = mcpvet_json::parse(text, &JsonOptions::jsonc());
    let mut diagnostics = outcome.diagnostics;
    let document = outcome.value;
    let root = document.root();
    let empty = root.is_none_or(|r| {
        r.kind() == ValueKind::Error && r.span().is_empty() && r.span().end as usize == text.len()
    });
    if empty {
        let only_comments = !document.comments().is_empty();
        diagnostics = vec![empty_file(text, only_comments)];
    } else if diagnostics.iter().any(Diagnostic::is_error)
        && !file_name.is_some_and(has_json_extension)
        && let Some(format) = sniff_format(text)
    {
        return derived::read(text, format, file_name, dialect);
    }
    let (dialect, detection) = detect::detect(
        file_name,
        Format::Json,
        if empty { None } else { root },
        dialect,
    );
    let lowered = if empty {
        lower::Lowered::default()
    } else {
        lower::lower(&document, dialect, file_name)
    };
    diagnostics.extend(lowered.diagnostics);
    let config = ConfigFile {
        document,
        format: Format::Json,
        dialect,
        detection,
        servers: lowered.servers,
        server_maps: lowered.server_maps,
        inputs: lowered.inputs,
        inputs_node: lowered.inputs_node,
        root_members: lowered.root_members,
        derivation: None,
    };
    strict::check(&config, &mut diagnostics);
    LowerOutcome {
        value: config,
        diagnostics,
    }
}

fn empty_file(text: &str, only_comments: bool) -> Diagnostic {
    let message = if only_comments {
        "the file holds only comments: expected a JSON object such as `{\"mcpServers\": {}}`"
    } else {
        "the file is empty: expected a JSON object such as `{\"mcpServers\": {}}`"
    };
    let span = if only_comments {
        Span::new(0, text.len() as u32)
    } else {
        Span::empty(0)
    };
    Diagnostic::new(mcpvet_json::codes::SYNTAX, Severity::Error, span, message)
        .with_path(JsonPath::root())
}

/// The last path component, lower-cased.
fn base_name(path: &str) -> String {
    path.rsplit(['/', '\\'])
        .next()
        .unwrap_or(path)
        .to_ascii_lowercase()
}

/// The lower-cased extension of the last path component.
fn extension(path: &str) -> Option<String> {
    base_name(path)
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_owned())
}

fn has_json_extension(path: &str) -> bool {
    matches!(extension(path).as_deref(), Some("json" | "jsonc" | "json5"))
}

fn format_from_name(path: &str) -> Option<Format> {
    match extension(path).as_deref() {
        Some("toml") => Some(Format::Toml),
        Some("yaml" | "yml") => Some(Format::Yaml),
        _ => None,
    }
}

/// TOML or YAML, judged from the first meaningful line (only asked when JSON failed).
fn sniff_format(text: &str) -> Option<Format> {
    let line = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))?;
    let is_key = |s: &str| {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b'"'))
    };
    if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        let inner = inner.trim_start_matches('[').trim_end_matches(']');
        if is_key(inner) && inner.bytes().any(|b| b.is_ascii_alphabetic()) {
            return Some(Format::Toml);
        }
    }
    if let Some((key, _)) = line.split_once('=')
        && is_key(key.trim())
        && !key.trim().starts_with('"')
    {
        return Some(Format::Toml);
    }
    if line == "---" || line.starts_with("- ") {
        return Some(Format::Yaml);
    }
    if let Some((key, rest)) = line.split_once(':')
        && is_key(key.trim())
        && !key.starts_with('"')
        && (rest.is_empty() || rest.starts_with(' '))
    {
        return Some(Format::Yaml);
    }
    None
}

#[cfg(test)]
mod tests;
