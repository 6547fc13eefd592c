//! What the configuration rules share: the configuration, the facts read from it once (the
//! strings that hold URLs), the spans already reported (so each secret is reported once, by
//! the most precise rule), where a value is, and what the client expands instead of a
//! literal.
use mcpvet_ast::config::{ConfigFile, Dialect};
use mcpvet_diagnostics::{
    Applicability, Diagnostic, Edit, Fix, JsonPath, PathSegment, Reporter, RuleMeta, Severity, Site,
};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::rules::unfilled_placeholder;
use crate::url::{UrlString, string_urls};

/// The state of one configuration check.
pub(crate) struct Cx<'c, 'a> {
    pub(crate) config: &'c ConfigFile<'a>,
    /// Every string value that holds a URL, read once for the URL rules.
    pub(crate) urls: Vec<UrlString<'c>>,
    /// What has been reported so far. A field of its own, so that a rule can report while it
    /// reads the facts above.
    pub(crate) once: ReportOnce,
}

impl<'c, 'a> Cx<'c, 'a> {
    pub(crate) fn new(config: &'c ConfigFile<'a>) -> Self {
        Cx {
            config,
            urls: string_urls(config.document()),
            once: ReportOnce::default(),
        }
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

    /// Whether `node` is what its path leads to: a value, not a member name (whose path is
    /// its member's).
    pub(crate) fn is_value(&self, node: Value<'_>, path: &JsonPath) -> bool {
        self.config
            .document()
            .find(path)
            .is_some_and(|v| v.id() == node.id())
    }

    /// Where `node` is, for a message: `` `env.GITHUB_TOKEN` ``, `the unreadable text at
    /// `env.T``, `a member name in `env``.
    pub(crate) fn location(&self, node: Value<'_>) -> String {
        let path = node.path();
        let rel = self.relative(&path);
        if node.kind() == ValueKind::Error {
            return format!("the unreadable text at `{rel}`");
        }
        if node.kind() == ValueKind::String && !self.is_value(node, &path) {
            // A key: its path is the member's.
            let mut parent = path.clone();
            parent.pop();
            return format!("a member name in `{}`", self.relative(&parent));
        }
        format!("`{rel}`")
    }

    /// The name of the innermost server whose object holds `node`.
    pub(crate) fn server_name(&self, node: Value<'_>) -> Option<&'c str> {
        let at = node.span().start;
        self.config
            .servers
            .iter()
            .filter(|s| s.span.contains(at))
            .min_by_key(|s| s.span.len())
            .map(|s| s.name.value.as_str())
    }

    /// The client.
    pub(crate) fn dialect(&self) -> Dialect {
        self.config.dialect
    }
}

/// The spans reported as secrets and as placeholders: each secret is reported once, by the
/// first (most precise) rule that finds it, and never also as a placeholder.
#[derive(Debug, Default)]
pub(crate) struct ReportOnce {
    secrets: Vec<Span>,
    placeholders: Vec<Span>,
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
        unfilled_placeholder::check(at, value, field, what, report);
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
        let head = relative.split(['.', '[']).next().unwrap_or("");
        match head {
            "env" => Field::Env,
            "headers" => Field::Header,
            "args" | "command" => Field::Args,
            "url" | "serverUrl" | "httpUrl" => Field::Url,
            _ => Field::Other,
        }
    }
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

/// A fix replacing the string `value` with a reference to `name`, when `dialect` expands
/// one in `field` and `name` needs no JSON escaping.
pub(crate) fn reference_fix(
    dialect: Dialect,
    value: Value<'_>,
    field: Field,
    name: &str,
) -> Option<Fix> {
    if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') || name.is_empty() {
        return None;
    }
    let r = reference(dialect, field, name)?;
    Some(Fix::new(
        format!("replace the literal with `{r}`"),
        vec![Edit::new(value.span(), format!("\"{r}\""))],
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
