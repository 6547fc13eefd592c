use std::ops::Range;

use mcpvet_ast::definition::CredentialKind;
use mcpvet_diagnostics::{Diagnostic, Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, Field, Source, variable_for, within};
use crate::guards::{Strength, Verdict, judge};
use crate::names::{NameClass, classify, is_authorization_header, is_cookie_header};
use crate::source::touches_ref;
use crate::walk;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// An `Authorization`, `Cookie` or API-key header is written with a literal credential.
    ///
    /// ## What it checks
    ///
    /// The `headers` of remote servers (and any other `headers`/`http_headers` object):
    ///
    /// - `Authorization` and `Proxy-Authorization`: the credential after the scheme
    ///   (`Bearer …`, `Basic …`, `Token …`, or a bare value) must be a variable reference;
    /// - `Cookie`: each cookie value must be a reference;
    /// - headers named like a credential (`X-API-Key`, `Api-Key`, `X-Auth-Token`,
    ///   `Private-Token`, `apikey`...): the value must be a reference.
    ///
    /// A literal is reported when it has at least 8 characters and 2.75 bits of entropy per
    /// character (a password header: any literal of six or more characters). The finding
    /// points at the credential alone, not at the scheme. `Bearer ${env:TOKEN}` and
    /// `Basic ${input:jenkins-basic-auth}` are references and are fine; `Bearer XYZ` or
    /// `Bearer <token>` is an `unfilled-placeholder`; a token in a known format is reported
    /// by `known-token-format`.
    ///
    /// In server definitions: the `headers` of a registry `server.json`'s package transports
    /// and remotes (`{"name": "X-API-Key", "value": "…"}`, and the `value` or `default` of
    /// their `variables`), judged the same way, and any header declared `"isSecret": true`
    /// whatever its name (any literal of six or more characters). `Bearer {token}` with
    /// `token` a variable is a reference and is fine.
    ///
    /// ## Why it matters
    ///
    /// A header credential is sent to the server on every request; written in the file, it is
    /// also in every copy of the file. Claude Code, VS Code, Cursor, Windsurf and Cline
    /// expand variables in `headers`, so the value can stay in the environment or in the
    /// client's secret storage. In a `server.json` it is published for everyone to read; the
    /// header can ask the user for the value instead.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "http", "url": "https://mcp.example.invalid/mcp",
    ///   "headers": {"Authorization": "Bearer mcpvetSynth3tic0Bearer9"}}}}
    /// ```
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"search": {"type": "http", "url": "https://search.example.invalid/mcp",
    ///   "headers": {"X-API-Key": "mcpvetSynthetic7Qx2Lm9R"}}}}
    /// ```
    ///
    /// ```json file=server.json server
    /// {"name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://weather.example.invalid/mcp",
    ///    "headers": [{"name": "X-API-Key", "value": "mcpvetSynthetic7Qx2Lm9R"}]}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "http", "url": "https://mcp.example.invalid/mcp",
    ///   "headers": {"Authorization": "Bearer ${input:docs-token}", "Accept": "application/json"}}},
    ///  "inputs": [{"type": "promptString", "id": "docs-token", "description": "Docs token", "password": true}]}
    /// ```
    ///
    /// ```json file=server.json server
    /// {"name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://weather.example.invalid/mcp",
    ///    "headers": [{"name": "Authorization", "value": "Bearer {token}",
    ///      "variables": {"token": {"description": "Your API token", "isRequired": true, "isSecret": true}}}]}]}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 9110 §11.6.2 (`Authorization`), RFC 6265 (`Cookie`)
    /// - MCP specification, Authorization: bearer tokens in the `Authorization` header
    /// - gitleaks `curl-auth-header` rule: thresholds
    pub(crate) static LITERAL_CREDENTIAL_HEADER = {
        code: "MCP303",
        name: "literal-credential-header",
        severity: Error,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

/// Whether an object stored under `key` is a map of HTTP headers.
pub(crate) fn is_header_map(key: Option<&str>) -> bool {
    key.is_some_and(|k| {
        [
            "headers",
            "http_headers",
            "httpHeaders",
            "requestHeaders",
            "request_headers",
        ]
        .iter()
        .any(|h| k.eq_ignore_ascii_case(h))
    })
}

/// What a header line holds.
pub(crate) struct HeaderSecret {
    /// The first secret (the primary span).
    pub(crate) range: Range<usize>,
    /// Other secret ranges (more cookie values).
    pub(crate) more: Vec<Range<usize>>,
    /// What it is, for the message: `Bearer credential`, `cookie value`, `credential`.
    pub(crate) what: String,
    /// What to write before the reference (`Bearer `).
    pub(crate) prefix: String,
}

/// Placeholders found while reading a header: range and what belongs there.
pub(crate) type Placeholders = Vec<(Range<usize>, String)>;

/// Reads the header `name` whose value is `text[value]`: the secrets it holds and the
/// placeholders. References are never secrets. A header `declared` secret (a registry
/// header with `"isSecret": true`) is a credential whatever its name, and any literal of
/// six or more characters in it is a secret.
pub(crate) fn read_header(
    name: &str,
    text: &str,
    value: Range<usize>,
    refs: &[Range<usize>],
    declared: bool,
) -> (Option<HeaderSecret>, Placeholders) {
    let header_strength = if declared {
        Strength::Password
    } else {
        Strength::HEADER
    };
    let mut placeholders = Vec::new();
    let mut verdict = |range: Range<usize>, strength: Strength, what: &str| -> bool {
        if range.is_empty() || touches_ref(refs, &range) {
            return false;
        }
        match judge(&text[range.clone()], strength) {
            Verdict::Secret => true,
            Verdict::Placeholder => {
                placeholders.push((range, what.to_owned()));
                false
            }
            Verdict::Clean => false,
        }
    };
    let (value, _) = trim(text, value);
    if is_authorization_header(name) {
        let v = &text[value.clone()];
        let (scheme, credential) = match v.find(char::is_whitespace) {
            Some(i) => {
                let (rest, _) = trim(text, value.start + i..value.end);
                (Some(&v[..i]), rest)
            }
            None => (None, value.clone()),
        };
        if scheme.is_some_and(|s| {
            [
                "digest",
                "negotiate",
                "ntlm",
                "hoba",
                "mutual",
                "aws4-hmac-sha256",
            ]
            .iter()
            .any(|x| s.eq_ignore_ascii_case(x))
        }) {
            return (None, placeholders);
        }
        let what = scheme.map_or_else(|| "credential".to_owned(), |s| format!("{s} credential"));
        let secret =
            verdict(credential.clone(), header_strength, "a credential").then(|| HeaderSecret {
                range: credential,
                more: Vec::new(),
                what,
                prefix: scheme.map(|s| format!("{s} ")).unwrap_or_default(),
            });
        return (secret, placeholders);
    }
    if is_cookie_header(name) {
        let mut secrets = Vec::new();
        let mut at = value.start;
        for piece in text[value.clone()].split(';') {
            let range = at..at + piece.len();
            at = range.end + 1;
            if let Some(eq) = piece.find('=') {
                let (v, _) = trim(text, range.start + eq + 1..range.end);
                if verdict(v.clone(), header_strength, "a cookie value") {
                    secrets.push(v);
                }
            }
        }
        let mut secrets = secrets.into_iter();
        let secret = secrets.next().map(|first| HeaderSecret {
            range: first,
            more: secrets.collect(),
            what: "cookie value".to_owned(),
            prefix: String::new(),
        });
        return (secret, placeholders);
    }
    let strength = match classify(name) {
        _ if declared => Strength::Password,
        NameClass::Password => Strength::Password,
        NameClass::Token => Strength::HEADER,
        NameClass::Other => return (None, placeholders),
    };
    let secret = verdict(value.clone(), strength, "a credential").then(|| HeaderSecret {
        range: value,
        more: Vec::new(),
        what: "credential".to_owned(),
        prefix: String::new(),
    });
    (secret, placeholders)
}

/// `range` without surrounding whitespace, and whether it was empty.
fn trim(text: &str, range: Range<usize>) -> (Range<usize>, bool) {
    let s = &text[range.clone()];
    let start = range.start + (s.len() - s.trim_start().len());
    let end = start + s.trim().len();
    (start..end, start == end)
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    let doc = cx.doc;
    // (name, value, declared secret): a definition's header fields first, then every
    // header map.
    let mut headers: Vec<(String, Value<'_>, bool)> = Vec::new();
    if let Some(definition) = cx.definition() {
        for c in &definition.credentials {
            if c.kind == CredentialKind::Header {
                headers.push((
                    c.name.clone().unwrap_or_default(),
                    definition.value(c.value.node),
                    c.declared_secret,
                ));
            }
        }
    }
    walk::members(doc, |m| {
        if is_header_map(m.parent_key) && m.member.value.kind() == ValueKind::String {
            headers.push((m.member.key_str().into_owned(), m.member.value, false));
        }
    });
    for (name, value, declared) in headers {
        let Some(text) = value.decoded() else {
            continue;
        };
        let refs = cx.refs(text.text());
        let (secret, placeholders) =
            read_header(&name, text.text(), 0..text.text().len(), &refs, declared);
        // In a definition, where the header is: `header `X-API-Key` at `remotes[0]…``.
        let location = match cx.source {
            Source::Config(_) => format!("header `{name}`"),
            Source::Definition(_) => format!("header `{name}` at {}", cx.location(value)),
        };
        for (range, what) in placeholders {
            let span = text.span(range.clone());
            cx.once.placeholder(
                report,
                within(value, span),
                &text.text()[range],
                &location,
                &what,
            );
        }
        let Some(secret) = secret else { continue };
        let span = text.span(secret.range.clone());
        let more: Vec<Span> = secret.more.iter().map(|r| text.span(r.clone())).collect();
        let server = cx.server_name(value).unwrap_or("mcp");
        let var = variable_for(server, "TOKEN");
        let mut d: Diagnostic = LITERAL_CREDENTIAL_HEADER
            .diagnostic(
                span,
                format!(
                    "{location} sends a literal {} (`{}`)",
                    secret.what,
                    describe(&text.text()[secret.range.clone()])
                ),
            )
            .with_help(cx.advice(Field::Header, &var, &secret.prefix))
            .with_path(value.path());
        // One credential: replaced by a reference (a cookie header with several values
        // keeps its help only).
        if more.is_empty()
            && let Some(fix) = cx.secret_fix(value, span, Field::Header, &var)
        {
            d = d.with_fix(fix);
        }
        cx.once.secret_with(report, d, &more);
    }
}
