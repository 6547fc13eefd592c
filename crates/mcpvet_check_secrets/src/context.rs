//! What the configuration rules share: the findings sink, the spans already reported (so
//! each secret is reported once, by the most precise rule), where a span is, and what the
//! client expands instead of a literal.
use mcpvet_ast::config::{ConfigFile, Dialect, Server};
use mcpvet_diagnostics::{
    Applicability, Diagnostic, Edit, Findings, Fix, JsonPath, PathSegment, RuleMeta, Severity,
};
use mcpvet_json::{NodeId, Value, ValueKind};
use mcpvet_text::Span;

use crate::guards::echo_safe;
use crate::rules::unfilled_placeholder::UNFILLED_PLACEHOLDER;
use mcpvet_diagnostics::redact::describe;

/// The state of one configuration check.
pub(crate) struct Cx<'c, 'a> {
    pub(crate) config: &'c ConfigFile<'a>,
    findings: &'c mut Findings,
    /// Spans reported as secrets.
    secrets: Vec<Span>,
    /// Spans reported as placeholders.
    placeholders: Vec<Span>,
}

fn overlaps(spans: &[Span], span: Span) -> bool {
    spans
        .iter()
        .any(|s| s.start < span.end && span.start < s.end)
}

impl<'c, 'a> Cx<'c, 'a> {
    pub(crate) fn new(config: &'c ConfigFile<'a>, findings: &'c mut Findings) -> Self {
        Cx {
            config,
            findings,
            secrets: Vec::new(),
            placeholders: Vec::new(),
        }
    }

    /// Whether `span` overlaps a secret already reported.
    pub(crate) fn reported(&self, span: Span) -> bool {
        overlaps(&self.secrets, span)
    }

    /// Reports a secret at `span` (the diagnostic's primary span) unless one was already
    /// reported there; redacts it. Returns whether it was reported.
    pub(crate) fn secret(&mut self, diagnostic: Diagnostic) -> bool {
        self.secret_with(diagnostic, &[])
    }

    /// As [`Self::secret`], also redacting `more` spans (the other values of a cookie
    /// header).
    pub(crate) fn secret_with(&mut self, mut diagnostic: Diagnostic, more: &[Span]) -> bool {
        let span = diagnostic.span();
        if self.reported(span) {
            return false;
        }
        if diagnostic.path().is_none()
            && let Some(path) = self.path(span)
        {
            diagnostic.set_path(path);
        }
        self.secrets.push(span);
        self.findings.redact(span);
        for &s in more {
            self.secrets.push(s);
            self.findings.redact(s);
        }
        self.findings.push(diagnostic);
        true
    }

    /// Reports an unfilled placeholder at `span`: `value` is its text, `field` says where
    /// (`` `env.BRAVE_API_KEY` ``), `what` what belongs there (`a GitHub personal access
    /// token`). A value that might be a real secret misread as a placeholder is masked and
    /// redacted, never quoted.
    pub(crate) fn placeholder(&mut self, span: Span, value: &str, field: &str, what: &str) {
        if self.reported(span) || overlaps(&self.placeholders, span) {
            return;
        }
        self.placeholders.push(span);
        let shown = if echo_safe(value) {
            format!("`{value}`")
        } else {
            self.findings.redact(span);
            format!("`{}`", describe(value))
        };
        let mut d = UNFILLED_PLACEHOLDER
            .diagnostic(
                span,
                format!("{field} still holds the placeholder {shown} where {what} belongs"),
            )
            .with_help(
                "put the real value in the environment and reference it, or remove the entry; \
                 the server cannot authenticate with a placeholder",
            );
        if let Some(path) = self.path(span) {
            d.set_path(path);
        }
        self.findings.push(d);
    }

    /// The JSON path of the node at `span`.
    pub(crate) fn path(&self, span: Span) -> Option<JsonPath> {
        self.config.document().node_at(span.start).map(Value::path)
    }

    /// `path` relative to the server that holds it (`env.GITHUB_TOKEN`, `args[3]`), or whole
    /// (`$.inputs[0].default`) outside servers.
    pub(crate) fn relative(&self, path: &JsonPath) -> String {
        let segments = path.segments();
        let server = self
            .config
            .servers
            .iter()
            .filter(|s| {
                let sp = s.path.segments();
                segments.len() > sp.len() && segments.starts_with(sp)
            })
            .max_by_key(|s| s.path.segments().len());
        match server {
            Some(s) => render_relative(&segments[s.path.segments().len()..]),
            None => path.to_string(),
        }
    }

    /// Where `span` is, for a message: `` `env.GITHUB_TOKEN` ``, `a comment`, `the unreadable
    /// text at `env.T``, `a member name in `env``.
    pub(crate) fn location(&self, span: Span) -> String {
        let doc = self.config.document();
        if doc.comments().iter().any(|c| c.contains(span.start)) {
            return "a comment".to_owned();
        }
        let Some(node) = doc.node_at(span.start) else {
            return "text outside the JSON value".to_owned();
        };
        let path = node.path();
        let rel = self.relative(&path);
        if node.kind() == ValueKind::Error {
            return format!("the unreadable text at `{rel}`");
        }
        if doc.find(&path).is_none_or(|v| v.id() != node.id()) && node.kind() == ValueKind::String {
            // A key: its path is the member's.
            let mut parent = path.clone();
            parent.pop();
            return format!("a member name in `{}`", self.relative(&parent));
        }
        format!("`{rel}`")
    }

    /// The innermost server whose object holds `span`.
    pub(crate) fn server_at(&self, span: Span) -> Option<&'c Server> {
        self.config
            .servers
            .iter()
            .filter(|s| s.span.contains(span.start))
            .min_by_key(|s| s.span.len())
    }

    /// The client.
    pub(crate) fn dialect(&self) -> Dialect {
        self.config.dialect
    }
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

/// The reference syntax `dialect` expands in `field`, written for variable `name`; `None`
/// when the client expands nothing there (Claude Desktop) or is not known to.
pub(crate) fn reference(dialect: Dialect, field: Field, name: &str) -> Option<String> {
    let env_only = matches!(dialect, Dialect::Gemini | Dialect::Kiro) && field != Field::Env;
    // Cline and VS Code expand variables in every string of a server entry.
    let everywhere = matches!(dialect, Dialect::Cline | Dialect::VsCode);
    if env_only || (field == Field::Other && !everywhere) {
        return None;
    }
    match dialect {
        Dialect::ClaudeCode | Dialect::Kiro => Some(format!("${{{name}}}")),
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

/// A fix replacing the string node `node` with a reference to `name`, when the client
/// expands one in `field` and `name` needs no JSON escaping.
pub(crate) fn reference_fix(
    cx: &Cx<'_, '_>,
    node: NodeId,
    field: Field,
    name: &str,
) -> Option<Fix> {
    if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || name.is_empty() {
        return None;
    }
    let r = reference(cx.dialect(), field, name)?;
    let span = cx.config.value(node).span();
    Some(Fix::new(
        format!("replace the literal with `{r}`"),
        vec![Edit::new(span, format!("\"{r}\""))],
        Applicability::Unsafe,
    ))
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
