//! What the rules of a configuration or a server definition share: the document, what holds
//! each value (a configuration's servers; a definition's tools, prompts, resources and
//! packages), the facts read from the document once (the strings that hold URLs), the
//! spans already reported (so each secret is reported once, by the most precise rule),
//! where a value is, and what to write instead of a literal (what the client expands, or
//! how the definition's format lets the user provide the value).
use std::ops::Range;

use mcpvet_ast::config::{ConfigFile, Dialect};
use mcpvet_ast::definition::{CredentialKind, DefinitionFile, DefinitionFormat};
use mcpvet_ast::edits::{append_item, insert_member};
use mcpvet_diagnostics::{
    Applicability, Diagnostic, Edit, Fix, JsonPath, PathSegment, Reporter, RuleMeta, Severity, Site,
};
use mcpvet_json::{JsonDocument, Value, ValueKind};
use mcpvet_text::Span;

use crate::rules::unfilled_placeholder;
use crate::source::{definition_ref_ranges, ref_ranges};
use crate::url::{UrlString, path_query, string_urls};

/// What is checked: a client configuration or a server definition.
#[derive(Clone, Copy)]
pub(crate) enum Source<'c, 'a> {
    /// A client configuration.
    Config(&'c ConfigFile<'a>),
    /// A server definition.
    Definition(&'c DefinitionFile<'a>),
}

/// What holds a value: a server of a configuration; a tool, prompt, resource or package of
/// a definition. Paths in messages are relative to the innermost holder.
pub(crate) struct Holder<'c> {
    /// `server`, `tool`, `prompt`, `resource`, `resource template`, `package`.
    pub(crate) what: &'static str,
    /// Its name.
    pub(crate) name: &'c str,
    /// Its JSON path.
    pub(crate) path: JsonPath,
    /// Its span.
    pub(crate) span: Span,
}

/// The state of one check of a configuration or a definition.
pub(crate) struct Cx<'c, 'a> {
    /// What is checked.
    pub(crate) source: Source<'c, 'a>,
    /// Its document.
    pub(crate) doc: &'c JsonDocument<'a>,
    /// What holds values, in source order.
    holders: Vec<Holder<'c>>,
    /// Every string value that holds a URL, read once for the URL rules.
    pub(crate) urls: Vec<UrlString<'c>>,
    /// What has been reported so far. A field of its own, so that a rule can report while it
    /// reads the facts above.
    pub(crate) once: ReportOnce,
}

impl<'c, 'a> Cx<'c, 'a> {
    /// The context of a configuration check.
    pub(crate) fn new(config: &'c ConfigFile<'a>) -> Self {
        let holders = config
            .servers
            .iter()
            .map(|s| Holder {
                what: "server",
                name: s.name.value.as_str(),
                path: s.path.clone(),
                span: s.span,
            })
            .collect();
        Cx {
            source: Source::Config(config),
            doc: config.document(),
            holders,
            urls: string_urls(config.document(), ref_ranges),
            once: ReportOnce::default(),
        }
    }

    /// The context of a server-definition check.
    pub(crate) fn for_definition(definition: &'c DefinitionFile<'a>) -> Self {
        let mut holders: Vec<Holder<'c>> = definition
            .items
            .iter()
            .filter_map(|item| {
                Some(Holder {
                    what: item.kind.name(),
                    name: item.name.as_ref()?.value.as_str(),
                    path: item.path.clone(),
                    span: item.span,
                })
            })
            .collect();
        if definition.format == DefinitionFormat::Registry
            && let Some(packages) = definition.root().and_then(|r| r.get("packages"))
            && packages.kind() == ValueKind::Array
        {
            for package in packages.items() {
                if let Some(name) = package
                    .get("identifier")
                    .and_then(Value::raw_str)
                    .filter(|n| !n.is_empty() && !n.contains('\\'))
                {
                    holders.push(Holder {
                        what: "package",
                        name,
                        path: package.path(),
                        span: package.span(),
                    });
                }
            }
        }
        Cx {
            source: Source::Definition(definition),
            doc: definition.document(),
            holders,
            urls: definition_urls(definition),
            once: ReportOnce {
                in_definition: true,
                ..ReportOnce::default()
            },
        }
    }

    /// The definition checked, if it is one.
    pub(crate) fn definition(&self) -> Option<&'c DefinitionFile<'a>> {
        match self.source {
            Source::Definition(d) => Some(d),
            Source::Config(_) => None,
        }
    }

    /// The decoded ranges of the references in `text`: what the client expands in a
    /// configuration; also `{name}` and `${user_config.key}` in a definition.
    pub(crate) fn refs(&self, text: &str) -> Vec<Range<usize>> {
        match self.source {
            Source::Config(_) => ref_ranges(text),
            Source::Definition(_) => definition_ref_ranges(text),
        }
    }

    /// The innermost holder whose path is a strict prefix of `path`.
    fn holder_of(&self, path: &JsonPath) -> Option<&Holder<'c>> {
        let segments = path.segments();
        self.holders
            .iter()
            .filter(|h| {
                let hp = h.path.segments();
                segments.len() > hp.len() && segments.starts_with(hp)
            })
            .max_by_key(|h| h.path.segments().len())
    }

    /// `path` relative to the server (or definition item) that holds it
    /// (`env.GITHUB_TOKEN`, `args[3]`, `authentication.password`), or whole
    /// (`$.inputs[0].default`) outside one.
    pub(crate) fn relative(&self, path: &JsonPath) -> String {
        match self.holder_of(path) {
            Some(h) => render_relative(&path.segments()[h.path.segments().len()..]),
            None => path.to_string(),
        }
    }

    /// `` `rel` ``, and in a definition the item that holds it: `` `authentication.value` of
    /// tool `search` ``.
    fn place(&self, path: &JsonPath, rel: &str) -> String {
        match (self.source, self.holder_of(path)) {
            (Source::Definition(_), Some(h)) => {
                format!("`{rel}` of {} `{}`", h.what, short(h.name))
            }
            _ => format!("`{rel}`"),
        }
    }

    /// Whether `node` is what its path leads to: a value, not a member name (whose path is
    /// its member's).
    pub(crate) fn is_value(&self, node: Value<'_>, path: &JsonPath) -> bool {
        self.doc.find(path).is_some_and(|v| v.id() == node.id())
    }

    /// Where `node` is, for a message: `` `env.GITHUB_TOKEN` ``, `the unreadable text at
    /// `env.T``, `a member name in `env``; in a definition, with the item that holds it
    /// (`` `authentication.value` of tool `search` ``).
    pub(crate) fn location(&self, node: Value<'_>) -> String {
        let path = node.path();
        let rel = self.relative(&path);
        if node.kind() == ValueKind::Error {
            return format!("the unreadable text at {}", self.place(&path, &rel));
        }
        if node.kind() == ValueKind::String && !self.is_value(node, &path) {
            // A key: its path is the member's.
            let mut parent = path.clone();
            parent.pop();
            let rel = self.relative(&parent);
            return format!("a member name in {}", self.place(&parent, &rel));
        }
        self.place(&path, &rel)
    }

    /// The name of the innermost server (or definition item) whose object holds `node`.
    pub(crate) fn server_name(&self, node: Value<'_>) -> Option<&'c str> {
        let at = node.span().start;
        self.holders
            .iter()
            .filter(|h| h.span.contains(at))
            .min_by_key(|h| h.span.len())
            .map(|h| h.name)
    }

    /// What to do instead of writing the value, as one clause for a help sentence (see
    /// [`advice`] and [`definition_advice`]); `prefix` is written before the reference
    /// (`Bearer `).
    pub(crate) fn advice(&self, field: Field, name: &str, prefix: &str) -> String {
        match self.source {
            Source::Config(config) => advice(config.dialect, field, name, prefix),
            Source::Definition(d) => definition_advice(d.format, None, prefix),
        }
    }

    /// A fix moving the secret at `span` (its characters inside the string `value`, which
    /// must be written as they are, without escapes) out of the file: replaced by a
    /// reference to the variable `name` in the client's own syntax for `field`, or, in VS
    /// Code and Visual Studio, by an input declared with `"password": true`. `None` in a
    /// definition (its formats have no reference that needs no declaration), where the
    /// client expands nothing there (Claude Desktop, Codex), and when `name` is not a plain
    /// variable name. Always a suggestion: the user must provide the value.
    pub(crate) fn secret_fix(
        &self,
        value: Value<'_>,
        span: Span,
        field: Field,
        name: &str,
    ) -> Option<Fix> {
        let Source::Config(config) = self.source else {
            return None;
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            return None;
        }
        let written = self.doc.slice(span)?;
        let inside = value.content_span()?;
        if span.is_empty()
            || !inside.contains_span(span)
            || written.contains(['\\', '"'])
            || written.chars().any(char::is_control)
        {
            return None;
        }
        if matches!(config.dialect, Dialect::VsCode | Dialect::VisualStudio)
            && let Some(fix) = self.input_fix(config, value, span, name)
        {
            return Some(fix);
        }
        let r = reference(config.dialect, field, name)?;
        Some(Fix::new(
            format!(
                "replace the secret with `{r}`, and set `{name}` in the environment the client \
                 starts from"
            ),
            vec![Edit::new(span, r)],
            Applicability::Unsafe,
        ))
    }

    /// The VS Code (or Visual Studio) fix of [`Self::secret_fix`]: the secret replaced by
    /// `${input:id}` and an input `id` added to `inputs` (created beside `servers` when
    /// missing), with `"password": true`, so that the client asks for the value once and
    /// keeps it in its secret storage.
    fn input_fix(
        &self,
        config: &ConfigFile<'_>,
        value: Value<'_>,
        span: Span,
        name: &str,
    ) -> Option<Fix> {
        let server = self.holder_of(&value.path())?;
        // `$.servers.x` (mcp.json) or `$.mcp.servers.x` (settings.json): `inputs` is beside
        // the server map.
        let mut holder_path = server.path.clone();
        holder_path.pop();
        holder_path.pop();
        let holder = self.doc.find(&holder_path)?;
        let inputs = holder.get("inputs");
        if inputs.is_some_and(|i| i.kind() != ValueKind::Array) {
            return None;
        }
        let taken: Vec<String> = inputs
            .into_iter()
            .flat_map(Value::items)
            .filter_map(|i| i.get("id").and_then(Value::as_str))
            .map(std::borrow::Cow::into_owned)
            .collect();
        // VS Code's ids are free text (its own examples use `api-key`); Visual Studio's
        // are letters, digits and `_`.
        let base = if config.dialect == Dialect::VsCode {
            name.to_ascii_lowercase().replace('_', "-")
        } else {
            name.to_ascii_lowercase()
        };
        let separator = if config.dialect == Dialect::VsCode {
            "-"
        } else {
            "_"
        };
        // One more candidate than there are inputs: one of them is free.
        let id = std::iter::once(base.clone())
            .chain((2..=taken.len() + 1).map(|n| format!("{base}{separator}{n}")))
            .find(|id| !taken.contains(id))?;
        let mut description = String::new();
        mcpvet_json::push_string(
            &mut description,
            &format!("{name} of the server {}", short(server.name)),
        );
        let input = format!(
            "{{\"type\": \"promptString\", \"id\": \"{id}\", \"description\": {description}, \"password\": true}}"
        );
        let declare = match inputs {
            Some(array) => append_item(array, &input)?,
            None => insert_member(holder, &format!("\"inputs\": [{input}]"))?,
        };
        let replace = Edit::new(span, format!("${{input:{id}}}"));
        let mut edits = vec![replace, declare];
        edits.sort_by_key(|e| (e.span().start, e.span().end));
        Some(Fix::new(
            format!(
                "replace the secret with `${{input:{id}}}` and declare the input with \
                 `\"password\": true`: {} asks for the value once and keeps it in its secret \
                 storage",
                config.dialect.client_name()
            ),
            edits,
            Applicability::Unsafe,
        ))
    }
}

/// Every string of a definition that holds a URL, and the `path` of each item of a neutral
/// definition that holds a query (`/search?api_key=…`, joined to the item's `endpoint`), in
/// source order.
fn definition_urls<'c>(definition: &'c DefinitionFile<'_>) -> Vec<UrlString<'c>> {
    let mut urls = string_urls(definition.document(), definition_ref_ranges);
    if definition.format != DefinitionFormat::Definition {
        return urls;
    }
    for item in &definition.items {
        let Some(value) = definition.value(item.node).get("path") else {
            continue;
        };
        if urls.iter().any(|u| u.value.id() == value.id()) {
            continue;
        }
        if let Some(text) = value.decoded()
            && let Some(url) = path_query(text.text())
        {
            let refs = definition_ref_ranges(text.text());
            urls.push(UrlString {
                value,
                text,
                refs,
                urls: vec![url],
            });
        }
    }
    urls.sort_by_key(|u| u.value.span().start);
    urls
}

/// `text` cut to 40 characters on one line, for naming a holder in a message.
pub(crate) fn short(text: &str) -> String {
    let line: String = text
        .chars()
        .map(|c| if c.is_control() || c == '`' { ' ' } else { c })
        .collect();
    match line.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line,
    }
}

/// What to do instead of writing a secret in a definition of `format`, as one clause for a
/// help sentence: definitions are exported, published or committed, so the value is left
/// out and the user provides it. `kind` is the credential field the secret is in, when it
/// is one; `prefix` is written before a reference (`Bearer `).
pub(crate) fn definition_advice(
    format: DefinitionFormat,
    kind: Option<CredentialKind>,
    prefix: &str,
) -> String {
    match format {
        DefinitionFormat::Registry => format!(
            "`server.json` is published for everyone to read: leave the value out and let the \
             user provide it (`\"isSecret\": true` without `value` or `default`), or write \
             `{prefix}{{token}}` with `token` declared that way in the `variables` beside it"
        ),
        DefinitionFormat::Manifest if kind == Some(CredentialKind::Setting) => {
            "the manifest is published with the extension: remove `default` from the setting \
             and mark it `\"sensitive\": true`, so that the user enters the value when \
             installing and the host keeps it in the system's secret store"
                .to_owned()
        }
        DefinitionFormat::Manifest => format!(
            "the manifest is published with the extension: declare a `user_config` entry with \
             `\"sensitive\": true` and no `default`, and write `{prefix}${{user_config.<key>}}` \
             here instead"
        ),
        DefinitionFormat::Definition => format!(
            "definitions are exported, published or committed: leave the value out and let the \
             user provide it, or reference a secret the platform stores (such as \
             `{prefix}{{{{ secret }}}}`)"
        ),
        DefinitionFormat::Listing => "a listing is what the server sends to every client: \
             remove the secret from the server's tools, prompts and resources"
            .to_owned(),
    }
}

/// The spans reported as secrets and as placeholders: each secret is reported once, by the
/// first (most precise) rule that finds it, and never also as a placeholder.
#[derive(Debug, Default)]
pub(crate) struct ReportOnce {
    secrets: Vec<Span>,
    placeholders: Vec<Span>,
    /// Placeholders are in a server definition (for the help).
    in_definition: bool,
}

fn overlaps(spans: &[Span], span: Span) -> bool {
    spans
        .iter()
        .any(|s| s.start < span.end && span.start < s.end)
}

impl ReportOnce {
    /// Reports a secret at the diagnostic's primary span unless one was already reported
    /// there; redacts it.
    pub(crate) fn secret(&mut self, report: &mut Reporter<'_>, diagnostic: Diagnostic) {
        self.secret_with(report, diagnostic, &[]);
    }

    /// As [`Self::secret`], also redacting `more` spans (the other values of a cookie
    /// header).
    pub(crate) fn secret_with(
        &mut self,
        report: &mut Reporter<'_>,
        diagnostic: Diagnostic,
        more: &[Span],
    ) {
        let span = diagnostic.span();
        if overlaps(&self.secrets, span) {
            return;
        }
        self.secrets.push(span);
        report.redact(span);
        for &s in more {
            self.secrets.push(s);
            report.redact(s);
        }
        report.push(diagnostic);
    }

    /// Reports an unfilled placeholder at `at` (see [`unfilled_placeholder::check`]) unless
    /// a secret or a placeholder was already reported there.
    pub(crate) fn placeholder(
        &mut self,
        report: &mut Reporter<'_>,
        at: Site,
        value: &str,
        field: &str,
        what: &str,
    ) {
        let span = at.span();
        if overlaps(&self.secrets, span) || overlaps(&self.placeholders, span) {
            return;
        }
        self.placeholders.push(span);
        unfilled_placeholder::check(at, value, field, what, self.in_definition, report);
    }
}

/// Where a finding inside the string `value` points: `span`, with the value's path.
pub(crate) fn within(value: Value<'_>, span: Span) -> Site {
    Site::new(span, Some(value.path()))
}

fn render_relative(segments: &[PathSegment]) -> String {
    let text = JsonPath::from_segments(segments.to_vec()).to_string();
    text.strip_prefix("$.")
        .or_else(|| text.strip_prefix('$'))
        .unwrap_or(&text)
        .to_owned()
}

/// Where a secret sits, for advice on what the client expands there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    /// An `env` value.
    Env,
    /// A header value.
    Header,
    /// A command-line argument.
    Args,
    /// A URL.
    Url,
    /// Anything else (`oauth`, settings, an input's default, a comment).
    Other,
}

impl Field {
    /// The field a path relative to its server (`env.GITHUB_TOKEN`, `args[3]`) points into.
    pub(crate) fn of(relative: &str) -> Field {
        let mut parts = relative.split(['.', '[']);
        let head = parts.next().unwrap_or("");
        match head {
            // opencode names it `environment`, Goose `envs`.
            "env" | "environment" | "envs" => Field::Env,
            "headers" | "http_headers" => Field::Header,
            // Continue: `requestOptions.headers`.
            "requestOptions" if parts.next() == Some("headers") => Field::Header,
            // Goose names the program `cmd`.
            "args" | "command" | "cmd" => Field::Args,
            // Goose names the URL `uri`.
            "url" | "serverUrl" | "httpUrl" | "uri" => Field::Url,
            _ => Field::Other,
        }
    }
}

/// The reference syntax `dialect` expands in `field`, written for variable `name`; `None`
/// when the client expands nothing there (Claude Desktop) or is not known to.
pub(crate) fn reference(dialect: Dialect, field: Field, name: &str) -> Option<String> {
    let env_only = matches!(dialect, Dialect::Gemini | Dialect::Kiro) && field != Field::Env;
    // Cline and VS Code expand variables in every string of a server entry.
    // opencode substitutes `{env:VAR}` in the text of the whole file.
    // Continue renders `${{ secrets.NAME }}` in the whole text of its files.
    let everywhere = matches!(
        dialect,
        Dialect::Cline | Dialect::VsCode | Dialect::OpenCode | Dialect::Continue
    );
    if env_only || (field == Field::Other && !everywhere) {
        return None;
    }
    match dialect {
        Dialect::ClaudeCode | Dialect::Kiro => Some(format!("${{{name}}}")),
        // Copilot CLI expands `${NAME}` in `command`, `args`, `env` and header values.
        Dialect::CopilotCli if field != Field::Url => Some(format!("${{{name}}}")),
        Dialect::OpenCode => Some(format!("{{env:{name}}}")),
        Dialect::Continue => Some(format!("${{{{ secrets.{name} }}}}")),
        // Goose substitutes `${NAME}` in headers, from the extension's `envs` and `env_keys`.
        Dialect::Goose if field == Field::Header => Some(format!("${{{name}}}")),
        Dialect::Gemini => Some(format!("${name}")),
        Dialect::VsCode | Dialect::Cursor | Dialect::Windsurf | Dialect::Cline | Dialect::Roo => {
            Some(format!("${{env:{name}}}"))
        }
        _ => None,
    }
}

/// What to do instead of writing the value, as one clause for a help sentence; `prefix` is
/// written before the reference (`Bearer `).
pub(crate) fn advice(dialect: Dialect, field: Field, name: &str, prefix: &str) -> String {
    let keep_private = |who: &str| {
        format!(
            "{who} expands no variables here, so keep this file private and out of version control"
        )
    };
    match dialect {
        Dialect::VsCode => {
            let id = name.to_ascii_lowercase().replace('_', "-");
            return format!(
                "write `{prefix}${{input:{id}}}` (an input declared with `\"password\": true`) or \
                 `{prefix}${{env:{name}}}` here instead"
            );
        }
        Dialect::ClaudeDesktop => {
            return "Claude Desktop expands no variables, so keep this file private and out of \
                    version control, or start the server through a secret manager that injects \
                    the value"
                .to_owned();
        }
        // Codex expands nothing: it reads secrets from its own environment by name.
        Dialect::Codex => {
            return match field {
                Field::Env | Field::Args => format!(
                    "Codex expands no variables: set `{name}` in Codex's environment and list it \
                     in `env_vars = [\"{name}\"]`, which passes it to the server, instead of \
                     writing the value"
                ),
                Field::Header if prefix.trim_end().eq_ignore_ascii_case("bearer") => format!(
                    "Codex expands no variables: set `{name}` in Codex's environment and write \
                     `bearer_token_env_var = \"{name}\"`, which sends `Authorization: Bearer …`, \
                     instead of the header"
                ),
                Field::Header => format!(
                    "Codex expands no variables: set `{name}` in Codex's environment and map \
                     the header to it in `env_http_headers` (`\"<header>\" = \"{name}\"`) \
                     instead of writing the value in `http_headers`"
                ),
                Field::Url | Field::Other => keep_private("Codex"),
            };
        }
        // Continue: a secret of its `.env` files (`.continue/.env`, `~/.continue/.env`), the
        // hub, or the environment.
        Dialect::Continue => {
            return format!(
                "set `{name}` in `~/.continue/.env` (or a hub secret) and write \
                 `{prefix}${{{{ secrets.{name} }}}}` here instead"
            );
        }
        // Goose reads secrets by name, from its keyring or the environment.
        Dialect::Goose => {
            return match field {
                Field::Header => format!(
                    "store `{name}` with `goose configure` (the keyring) or in the environment, \
                     list it in `env_keys: [{name}]` and write `{prefix}${{{name}}}` here instead"
                ),
                Field::Env | Field::Args => format!(
                    "store `{name}` with `goose configure` (the keyring) or in the environment \
                     and list it in `env_keys: [{name}]`, which passes it to the server, instead \
                     of writing the value"
                ),
                Field::Url | Field::Other => keep_private("Goose"),
            };
        }
        Dialect::Gemini | Dialect::Kiro if field == Field::Other => {
            return keep_private(dialect.client_name());
        }
        Dialect::Gemini | Dialect::Kiro if field != Field::Env => {
            let syntax = if dialect == Dialect::Gemini {
                format!("${name}")
            } else {
                format!("${{{name}}}")
            };
            return format!(
                "{} expands variables only in `env`: if the server can read the value from its \
                 environment, set `{name}` there as `{syntax}`; otherwise keep this file private",
                dialect.client_name()
            );
        }
        _ => {}
    }
    match reference(dialect, field, name) {
        Some(r) => format!("set `{name}` in the environment and write `{prefix}{r}` here instead"),
        None if field == Field::Other
            && !matches!(dialect, Dialect::Generic | Dialect::SingleServer) =>
        {
            keep_private(dialect.client_name())
        }
        None => format!(
            "write a variable reference your client expands (such as `{prefix}${{env:{name}}}` \
             or `{prefix}${{{name}}}`) instead of the value"
        ),
    }
}

/// The severity of a token finding: test-mode credentials one level lower.
pub(crate) fn token_severity(rule: &RuleMeta, test_mode: bool) -> Severity {
    if test_mode && rule.default_severity == Severity::Error {
        Severity::Warning
    } else {
        rule.default_severity
    }
}

/// A variable name derived from a server name: `docs-api` → `DOCS_API_TOKEN`.
pub(crate) fn variable_for(server: &str, suffix: &str) -> String {
    let mut out: String = server
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_uppercase()
            } else {
                '_'
            }
        })
        .collect();
    out = out.trim_matches('_').to_owned();
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert_str(0, "MCP");
    }
    format!("{out}_{suffix}")
}
