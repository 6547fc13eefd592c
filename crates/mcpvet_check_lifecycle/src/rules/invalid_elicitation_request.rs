use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

declare_rule! {
    /// An `elicitation/create` request breaks the shape of its mode: a form that is not a
    /// flat schema of primitive fields, or a URL request without its URL, its id, or with
    /// credentials in the URL.
    ///
    /// ## What it checks
    ///
    /// In the `params` of an `elicitation/create` request (2025-06-18 and later):
    ///
    /// - form mode (`mode` absent or `"form"`): a `message` string and a `requestedSchema`
    ///   of `type: "object"` whose `properties` are each a primitive schema (`string`,
    ///   `number`, `integer`, `boolean`, or from 2025-11-25 a multi-select `array` of enum
    ///   values); a nested `object` or an array of anything else is not flat: an **error**;
    /// - URL mode (2025-11-25 and later, `mode: "url"`): a `message`, a `url` that is an
    ///   absolute URL and, in 2025-11-25, an `elicitationId` string: an **error** each;
    ///   another `mode` value is an **error**;
    /// - the `url` of URL mode carries no credentials: user information (`user:pass@`) or a
    ///   query parameter that obviously holds one (`token`, `access_token`, `id_token`,
    ///   `refresh_token`, `auth_token`, `api_key`, `apikey`, `password`, `secret`,
    ///   `client_secret`, `session`, `sessionid`) is an **error** (the URL is shown redacted);
    ///   an `http:` URL to a host other than the loopback is a **warning** (the specification
    ///   asks for HTTPS).
    ///
    /// Whether a URL is pre-authenticated in another way (a signed path, an opaque one-time
    /// code) cannot be seen from the capture and is not guessed.
    ///
    /// ## Why it matters
    ///
    /// The client renders a form from `requestedSchema`; the specification restricts it to a
    /// flat object of primitive fields so that every client can. A URL request without its
    /// `url` or `elicitationId` cannot be opened nor completed. A URL that carries the user's
    /// credentials or a session token leaks them to whoever sees the link (browser history,
    /// logs, the model's context) and lets anyone open it as the user: the specification says
    /// the URL MUST NOT contain sensitive information nor be pre-authenticated, and SHOULD use
    /// HTTPS.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"Where to ship?","requestedSchema":{"type":"object","properties":{"address":{"type":"object","properties":{"city":{"type":"string"}}}}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{"message":"Where to ship?","requestedSchema":{"type":"object","properties":{"city":{"type":"string"}}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Elicitation (`client/elicitation.mdx`): Requested schema,
    ///   URL mode elicitation requests, Safe URL handling; schema `ElicitRequestParams`
    pub(crate) static INVALID_ELICITATION_REQUEST = {
        code: "MCP481",
        name: "invalid-elicitation-request",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Query parameters that obviously carry a credential or a session.
const SECRET_PARAMS: [&str; 12] = [
    "token",
    "access_token",
    "id_token",
    "refresh_token",
    "auth_token",
    "api_key",
    "apikey",
    "password",
    "secret",
    "client_secret",
    "session",
    "sessionid",
];

/// The mode of an `elicitation/create` request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Form,
    Url,
    Other,
}

/// Checks the `params` of an `elicitation/create` request (the method at `method`) of a
/// session of `version`; returns the mode and, for form mode, the requested schema's
/// `properties`.
pub(crate) fn check<'d>(
    params: Option<Value<'d>>,
    method: Span,
    version: ProtocolVersion,
    report: &mut Reporter<'_>,
) -> Option<(Mode, Option<Value<'d>>)> {
    let Some(params) = params.filter(|p| p.kind() == ValueKind::Object) else {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            method,
            "`elicitation/create` has no `params` object",
            "send `params` with a `message` and a `requestedSchema`",
        );
        return None;
    };
    let modes = version >= ProtocolVersion::V2025_11_25;
    // Before 2025-11-25 there are no modes: every request is a form.
    let mode = match params.get("mode").filter(|_| modes) {
        None => Mode::Form,
        Some(m) => match m.as_str().as_deref() {
            Some("form") => Mode::Form,
            Some("url") => Mode::Url,
            _ => {
                report.report(
                    &INVALID_ELICITATION_REQUEST,
                    m,
                    "`mode` is neither \"form\" nor \"url\"",
                    "send `mode: \"form\"` (or omit it) or `mode: \"url\"`",
                );
                Mode::Other
            }
        },
    };
    match params.get("message") {
        Some(m) if m.kind() == ValueKind::String => {}
        Some(m) => report.report(
            &INVALID_ELICITATION_REQUEST,
            m,
            format!("`message` is {}, not a string", m.kind().with_article()),
            "send `message`, the text that tells the user what is asked",
        ),
        None => report.report(
            &INVALID_ELICITATION_REQUEST,
            method,
            "`elicitation/create` has no `message`",
            "send `message`, the text that tells the user what is asked",
        ),
    }
    match mode {
        Mode::Form => Some((Mode::Form, form(params, method, modes, report))),
        Mode::Url => {
            url_mode(params, method, version, report);
            Some((Mode::Url, None))
        }
        Mode::Other => Some((Mode::Other, None)),
    }
}

/// Checks a form-mode request's `requestedSchema`; returns its `properties`.
fn form<'d>(
    params: Value<'d>,
    method: Span,
    modes: bool,
    report: &mut Reporter<'_>,
) -> Option<Value<'d>> {
    let Some(schema) = params.get("requestedSchema") else {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            method,
            "a form-mode `elicitation/create` has no `requestedSchema`",
            "send `requestedSchema`, an object schema of the fields asked for",
        );
        return None;
    };
    if schema.kind() != ValueKind::Object {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            schema,
            format!(
                "`requestedSchema` is {}, not a schema object",
                schema.kind().with_article()
            ),
            "send `requestedSchema` as `{\"type\": \"object\", \"properties\": {...}}`",
        );
        return None;
    }
    if let Some(t) = schema.get("type")
        && t.as_str().as_deref() != Some("object")
    {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            t,
            "`requestedSchema` is not of `type: \"object\"`",
            "send `requestedSchema` as `{\"type\": \"object\", \"properties\": {...}}`",
        );
    }
    let properties = schema
        .get("properties")
        .filter(|p| p.kind() == ValueKind::Object);
    let Some(properties) = properties else {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            schema,
            "`requestedSchema` has no `properties` object",
            "list the fields asked for in `properties`",
        );
        return None;
    };
    for member in properties.members() {
        primitive(&member.key_str(), member.value, modes, report);
    }
    Some(properties)
}

/// Checks that the schema of the field `name` is a primitive one.
fn primitive(name: &str, schema: Value<'_>, modes: bool, report: &mut Reporter<'_>) {
    let name = crate::rules::invalid_meta_key::short(name);
    if schema.kind() != ValueKind::Object {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            schema,
            format!(
                "the schema of field `{name}` is {}, not a schema object",
                schema.kind().with_article()
            ),
            "give each field a primitive schema (string, number, integer, boolean or enum)",
        );
        return;
    }
    let ty = schema.get("type").and_then(Value::as_str);
    let ok = match ty.as_deref() {
        Some("string" | "number" | "integer" | "boolean") => true,
        Some("array") => {
            modes
                && schema.get("items").is_some_and(|i| {
                    i.get("enum").is_some() || i.get("anyOf").is_some() || i.get("oneOf").is_some()
                })
        }
        // A legacy enum without a type.
        None => schema.get("enum").is_some() || schema.get("oneOf").is_some(),
        Some(_) => false,
    };
    if !ok {
        let what = ty.as_deref().map_or_else(
            || "a schema without a primitive `type`".to_owned(),
            |t| {
                format!(
                    "of `type: \"{}\"`",
                    crate::rules::invalid_meta_key::short(t)
                )
            },
        );
        report.report(
            &INVALID_ELICITATION_REQUEST,
            schema,
            format!("field `{name}` is {what}: an elicitation form holds only flat, primitive fields"),
            "ask for primitive fields only (string, number, integer, boolean, enum), one per property",
        );
    }
}

/// Checks a URL-mode request: its `url`, its safety and its `elicitationId`.
fn url_mode(params: Value<'_>, method: Span, version: ProtocolVersion, report: &mut Reporter<'_>) {
    if version == ProtocolVersion::V2025_11_25 {
        match params.get("elicitationId") {
            Some(id) if id.kind() == ValueKind::String => {}
            Some(id) => report.report(
                &INVALID_ELICITATION_REQUEST,
                id,
                format!(
                    "`elicitationId` is {}, not a string",
                    id.kind().with_article()
                ),
                "send `elicitationId` as a string unique to this elicitation",
            ),
            None => report.report(
                &INVALID_ELICITATION_REQUEST,
                method,
                "a URL-mode `elicitation/create` has no `elicitationId`",
                "send `elicitationId`, which `notifications/elicitation/complete` names later",
            ),
        }
    }
    let Some(url) = params.get("url") else {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            method,
            "a URL-mode `elicitation/create` has no `url`",
            "send the `url` the user is to open",
        );
        return;
    };
    let Some(text) = url.as_str() else {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            url,
            format!("`url` is {}, not a string", url.kind().with_article()),
            "send the `url` the user is to open as a string",
        );
        return;
    };
    let Some((scheme, rest)) = text.split_once("://").filter(|(s, r)| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
            && !r.is_empty()
            && !r.starts_with('/')
    }) else {
        report.report(
            &INVALID_ELICITATION_REQUEST,
            url,
            "`url` is not an absolute URL with a host",
            "send an absolute `https://` URL",
        );
        return;
    };
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let authority = rest.get(..end).unwrap_or(rest);
    let tail = rest.get(end..).unwrap_or("");
    let base = scheme.len() + 3;
    // The credential's byte range in `text`: the user information, or a parameter's value.
    let userinfo = authority.rfind('@').map(|at| (base, base + at));
    let query_start = tail.find('?').map(|q| base + end + q + 1);
    let query = tail
        .split_once('?')
        .map_or("", |(_, q)| q.split('#').next().unwrap_or(""));
    let mut offset = query_start.unwrap_or(0);
    let mut secret_param = None;
    for pair in query.split('&') {
        let (name, value_len) = pair
            .split_once('=')
            .map_or((pair, 0), |(n, v)| (n, v.len()));
        let lower = name.to_ascii_lowercase();
        if SECRET_PARAMS.contains(&lower.as_str()) {
            let value = offset + name.len() + 1;
            secret_param = Some((lower, (value, value + value_len)));
            break;
        }
        offset += pair.len() + 1;
    }
    let range = userinfo.or_else(|| secret_param.as_ref().map(|(_, r)| *r));
    if let Some((from, to)) = range {
        if let Some(span) = url.content_span() {
            if url.has_escapes() {
                report.redact(span);
            } else if to > from {
                let at = |o: usize| {
                    span.start
                        .saturating_add(u32::try_from(o).unwrap_or(u32::MAX))
                };
                report.redact(Span::new(at(from), at(to).min(span.end)));
            }
        }
        let what = secret_param.map_or_else(
            || "user information (`user:password@`)".to_owned(),
            |(p, _)| format!("the query parameter `{p}`"),
        );
        report.report(
            &INVALID_ELICITATION_REQUEST,
            url,
            format!("the elicitation `url` carries {what}, a credential in the link"),
            "send a URL that carries no credential and is not pre-authenticated; authenticate the user on the page it opens",
        );
        return;
    }
    let host = authority.rsplit_once(':').map_or(authority, |(h, p)| {
        if p.chars().all(|c| c.is_ascii_digit()) {
            h
        } else {
            authority
        }
    });
    let loopback = matches!(host, "localhost" | "127.0.0.1" | "[::1]");
    if scheme.eq_ignore_ascii_case("http") && !loopback {
        report.report_as(
            &INVALID_ELICITATION_REQUEST,
            Severity::Warning,
            url,
            "the elicitation `url` uses `http:`, not `https:`",
            "send an `https://` URL",
        );
    }
}
