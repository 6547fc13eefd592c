//! Rules of the endpoints part of the family (see [the rules module](super)): what the
//! neutral definition format says about calling a backend and filling text in.
//!
//! | codes | what |
//! |---|---|
//! | MCP625–MCP627 | prompt templates: placeholders and arguments, braces |
//! | MCP628–MCP630 | resources: `uriTemplate` against `path`, RFC 6570, `mimeType` |
//! | MCP631–MCP634 | `endpoint`, `path` and `method` of tools and resources |
//! | MCP635 | `timeoutMs` of tools, `timeoutSeconds` of resources |
//! | MCP636–MCP639 | `settings`: rate limit, trusted IP ranges |
//!
//! Values of the wrong JSON type are skipped silently: the structure rule (MCP600) reports
//! them. Strings are judged decoded, and every place inside one is mapped back through its
//! escapes ([`Text`]).
use std::ops::Range;

use mcpvet_ast::config::StringValue;
use mcpvet_ast::config::url::ServerUrl;
use mcpvet_ast::definition::{Item, ItemKind};
use mcpvet_ast::uri_template;
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, RuleMeta, Site};
use mcpvet_json::{DecodedStr, Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, short};
use crate::rules::definition_structure::DEFINITION_STRUCTURE;

pub(crate) mod endpoint_duplicates_path;
pub(crate) mod invalid_endpoint;
pub(crate) mod invalid_http_method;
pub(crate) mod invalid_mime_type;
pub(crate) mod invalid_rate_limit;
pub(crate) mod invalid_resource_uri_template;
pub(crate) mod invalid_timeout;
pub(crate) mod invalid_trusted_ip_range;
mod ip_range;
pub(crate) mod malformed_prompt_template;
pub(crate) mod overlapping_trusted_ip_ranges;
mod placeholders;
pub(crate) mod plain_http_endpoint;
pub(crate) mod trusts_every_address;
pub(crate) mod unknown_prompt_placeholder;
pub(crate) mod unused_prompt_argument;
pub(crate) mod uri_template_path_mismatch;

/// The rules of this folder, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &unknown_prompt_placeholder::UNKNOWN_PROMPT_PLACEHOLDER,
    &unused_prompt_argument::UNUSED_PROMPT_ARGUMENT,
    &malformed_prompt_template::MALFORMED_PROMPT_TEMPLATE,
    &uri_template_path_mismatch::URI_TEMPLATE_PATH_MISMATCH,
    &invalid_resource_uri_template::INVALID_RESOURCE_URI_TEMPLATE,
    &invalid_mime_type::INVALID_MIME_TYPE,
    &invalid_endpoint::INVALID_ENDPOINT,
    &plain_http_endpoint::PLAIN_HTTP_ENDPOINT,
    &endpoint_duplicates_path::ENDPOINT_DUPLICATES_PATH,
    &invalid_http_method::INVALID_HTTP_METHOD,
    &invalid_timeout::INVALID_TIMEOUT,
    &invalid_rate_limit::INVALID_RATE_LIMIT,
    &invalid_trusted_ip_range::INVALID_TRUSTED_IP_RANGE,
    &overlapping_trusted_ip_ranges::OVERLAPPING_TRUSTED_IP_RANGES,
    &trusts_every_address::TRUSTS_EVERY_ADDRESS,
];

/// A string value being judged, decoded, with the way back from the decoded text to the file.
#[derive(Debug, Clone)]
pub(crate) struct Text<'d> {
    /// The string node.
    pub(crate) value: Value<'d>,
    /// Its decoded text and offsets.
    pub(crate) decoded: DecodedStr<'d>,
}

impl<'d> Text<'d> {
    /// The string `value`, if it is one.
    pub(crate) fn of(value: Value<'d>) -> Option<Self> {
        Some(Text {
            value,
            decoded: value.decoded()?,
        })
    }

    /// Member `key` of `object`, if it is a string.
    pub(crate) fn member(object: Value<'d>, key: &str) -> Option<Self> {
        object.get(key).and_then(Text::of)
    }

    /// The decoded text.
    pub(crate) fn text(&self) -> &str {
        self.decoded.text()
    }

    /// The file span of a byte range of the decoded text.
    pub(crate) fn span(&self, range: Range<usize>) -> Span {
        self.decoded.span(range)
    }

    /// Where a finding about a byte range of the decoded text points: its file span, with
    /// the string's path.
    pub(crate) fn site(&self, range: Range<usize>) -> Site {
        Site::new(self.span(range), Some(self.value.path()))
    }
}

/// The item for a message: ``prompt `weather` ``, or `prompt #2` when it has no name.
pub(crate) fn subject(cx: Cx<'_, '_>, item: &Item) -> String {
    let name = cx.item_name(item);
    if item.name.is_some() {
        format!("{} {name}", item.kind.name())
    } else {
        name
    }
}

/// Runs the rules of this folder.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    for item in &cx.file.items {
        let object = cx.value(item.node);
        if object.kind() != ValueKind::Object {
            continue;
        }
        match item.kind {
            ItemKind::Prompt => prompt(cx, item, object, report),
            ItemKind::Resource | ItemKind::Template => {
                resource(cx, item, object, report);
                backend(cx, item, object, report);
            }
            ItemKind::Tool => backend(cx, item, object, report),
        }
    }
    settings(cx, report);
}

/// Where a finding about a trusted IP range points: from its `start` to its `end` (the
/// whole entry when it has neither), with the entry's path.
pub(crate) fn range_site(range: Value<'_>) -> Site {
    let span = match (range.get("start"), range.get("end")) {
        (Some(start), Some(end)) => start.span().cover(end.span()),
        (Some(one), None) | (None, Some(one)) => one.span(),
        (None, None) => range.span(),
    };
    Site::new(span, Some(range.path()))
}

/// A declared argument of a prompt with a string name.
#[derive(Debug, Clone)]
pub(crate) struct Argument<'d> {
    /// The name.
    pub(crate) name: String,
    /// The `name` string node.
    pub(crate) value: Value<'d>,
}

fn prompt(cx: Cx<'_, '_>, item: &Item, object: Value<'_>, report: &mut Reporter<'_>) {
    let Some(template) = Text::member(object, "template") else {
        return;
    };
    let scan = placeholders::scan(template.text());
    malformed_prompt_template::check(cx, item, &template, &scan, report);
    // Arguments of the wrong type cannot be compared with the template.
    let arguments: Vec<Argument<'_>> = match object.get("arguments") {
        None => Vec::new(),
        Some(list) if list.kind() == ValueKind::Array => list
            .items()
            .filter_map(|a| {
                let value = a.get("name")?;
                Some(Argument {
                    name: value.as_str()?.into_owned(),
                    value,
                })
            })
            .collect(),
        Some(_) => return,
    };
    unknown_prompt_placeholder::check(cx, item, &template, &scan, &arguments, report);
    unused_prompt_argument::check(cx, item, &template, &scan, &arguments, report);
}

fn resource(cx: Cx<'_, '_>, item: &Item, object: Value<'_>, report: &mut Reporter<'_>) {
    if let Some(template) = Text::member(object, "uriTemplate") {
        match uri_template::parse(template.text()) {
            Err(error) => {
                invalid_resource_uri_template::check(cx, item, &template, &error, report);
            }
            Ok(parsed) => {
                if let Some(path) = Text::member(object, "path") {
                    uri_template_path_mismatch::check(cx, item, &template, &parsed, &path, report);
                }
            }
        }
    }
    if let Some(mime) = Text::member(object, "mimeType") {
        invalid_mime_type::check(cx, item, &mime, report);
    }
}

/// What tools and resources share: the backend call (`endpoint`, `path`, `method`) and its
/// timeout. Items whose type calls no URL (`operation` tools, `direct` and `file`
/// resources) are not judged on those members: `member-without-meaning` (MCP619) reports
/// them.
fn backend(cx: Cx<'_, '_>, item: &Item, object: Value<'_>, report: &mut Reporter<'_>) {
    let (kind_key, timeout_key, unit) = if item.kind == ItemKind::Tool {
        ("type", "timeoutMs", invalid_timeout::Unit::Milliseconds)
    } else {
        (
            "contentSource",
            "timeoutSeconds",
            invalid_timeout::Unit::Seconds,
        )
    };
    let kind = object.get(kind_key).and_then(Value::as_str);
    let calls_url = !matches!(kind.as_deref(), Some("operation" | "direct" | "file"));
    let http = matches!(kind.as_deref(), Some("http" | "api"));
    if let Some(timeout) = object.get(timeout_key)
        && (calls_url || item.kind == ItemKind::Tool)
    {
        invalid_timeout::check(cx, item, timeout, unit, report);
    }
    if !calls_url {
        return;
    }
    let path = Text::member(object, "path");
    if let Some(path) = &path {
        // A tool path that does not start with `/` (a whole URL among them) is
        // `relative-tool-path` (MCP615).
        let whole_url_reported = item.kind == ItemKind::Tool && http;
        invalid_endpoint::check_path(cx, item, path, whole_url_reported, report);
    }
    if let Some(endpoint) = Text::member(object, "endpoint") {
        let read = StringValue::from_value(endpoint.value).map(|s| ServerUrl::read(&s));
        if let Some(read) = read
            && let Some(url) = invalid_endpoint::check(cx, item, &endpoint, &read, report)
        {
            plain_http_endpoint::check(cx, item, &endpoint, url, &read, report);
            if let Some(path) = &path {
                endpoint_duplicates_path::check(cx, item, &endpoint, path, report);
            }
        }
    }
    if let Some(method) = Text::member(object, "method") {
        invalid_http_method::check(cx, item, &method, http, report);
    }
}

fn settings(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let Some(settings) = cx
        .root()
        .and_then(|r| r.get("settings"))
        .filter(|s| s.kind() == ValueKind::Object)
    else {
        return;
    };
    if let Some(rate) = settings
        .get("rateLimit")
        .filter(|r| r.kind() == ValueKind::Object)
    {
        invalid_rate_limit::check(rate, report);
    }
    let Some(list) = settings
        .get("trustedIpRanges")
        .filter(|r| r.kind() == ValueKind::Array)
    else {
        return;
    };
    let ranges: Vec<(Value<'_>, ip_range::IpRange)> = list
        .items()
        .filter(|r| r.kind() == ValueKind::Object)
        .filter_map(|r| invalid_trusted_ip_range::check(r, report).map(|range| (r, range)))
        .collect();
    let everyone = trusts_every_address::check(&ranges, report);
    let rest: Vec<_> = ranges
        .into_iter()
        .enumerate()
        .filter(|(i, _)| !everyone.contains(i))
        .map(|(_, r)| r)
        .collect();
    overlapping_trusted_ip_ranges::check(&rest, report);
}

/// A count written in a definition (a timeout, a number of requests), as far as the rules of
/// this folder judge it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Count {
    /// A whole number of at least 1, written as an integer.
    Positive(f64),
    /// Reported here (zero, negative, fractional, or written `60.0`), or by the structure
    /// rule, or not a number: nothing more to judge.
    Judged,
}

/// Judges the count `value` (the member `what`, for messages): zero, negative and
/// fractional values are reported unless the structure rule (MCP600, whose schema may say
/// `"type": "integer", "minimum": 1`) already did, and a whole number written with a
/// fraction or exponent (`60.0`, `6e1`), which the schema accepts as an integer but
/// platforms that read it into an integer reject, is reported with a fix.
pub(crate) fn count(
    rule: &'static RuleMeta,
    value: Value<'_>,
    what: &str,
    help: &str,
    report: &mut Reporter<'_>,
) -> Count {
    let Some(number) = value.as_number() else {
        return Count::Judged;
    };
    let span = value.span();
    let structure = report
        .findings()
        .diagnostics()
        .iter()
        .any(|d| d.code() == DEFINITION_STRUCTURE.code && span.contains_span(d.span()));
    let lexeme = short(number.lexeme(), 30);
    let n = number.as_f64();
    let problem = if number.lexeme().starts_with('-') || n <= 0.0 {
        "it must be at least 1"
    } else if !number.is_integral() {
        "it must be a whole number"
    } else if !number.is_integer_literal() {
        let mut d = rule
            .diagnostic_at(
                value,
                format!("{what} is written `{lexeme}`: write the whole number without a fraction or exponent"),
            )
            .with_help("platforms read this member into an integer, and reject a number written with `.` or `e`");
        if n < 9_007_199_254_740_992.0 {
            let whole = format!("{n:.0}");
            d = d.with_fix(Fix::new(
                format!("write `{whole}`"),
                vec![Edit::new(span, whole)],
                Applicability::Safe,
            ));
        }
        report.push(d);
        return Count::Judged;
    } else {
        return Count::Positive(n);
    };
    if !structure {
        report.report(rule, value, format!("{what} is {lexeme}: {problem}"), help);
    }
    Count::Judged
}
