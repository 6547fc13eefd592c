//! Rules of the registry part of the family (see [the rules module](super)): the MCP
//! registry's `server.json`, judged as the registry judges it when it is published, so that
//! a file is fixed before `mcp-publisher publish` rejects it.
//!
//! The structure (JSON types, required members, closed sets) is `definition-structure`
//! (MCP600) with `formats/server-json.schema.json`; the rules here judge values, each with
//! its own message: the format version (`outdated-server-json`), the server's name, its
//! description and title, versions, file hashes, runtime hints, `{curly}` template
//! variables, transport URLs, transports against their type, duplicates, arguments and links. A
//! file in the pre-release shape (`version_detail`) is judged by the first three only: the
//! others read members it does not have. Literal secrets in inputs are the secret rules'
//! (`MCP3xx`, on the credential fields of the definition).
use std::borrow::Cow;

use mcpvet_ast::config::url::{HostClass, URL_MASK};
use mcpvet_ast::vars;
use mcpvet_diagnostics::{Reporter, RuleMeta};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::Cx;

pub(crate) mod description_length;
pub(crate) mod duplicate_entry;
pub(crate) mod invalid_argument;
pub(crate) mod invalid_link;
pub(crate) mod invalid_transport_url;
pub(crate) mod missing_runtime_hint;
pub(crate) mod name_format;
pub(crate) mod outdated_server_json;
pub(crate) mod package_file_hash;
pub(crate) mod plain_http_remote;
pub(crate) mod transport_url_mismatch;
pub(crate) mod undefined_template_variable;
pub(crate) mod version_range;

/// The rules of this folder, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &outdated_server_json::OUTDATED_SERVER_JSON,
    &name_format::REGISTRY_NAME_FORMAT,
    &description_length::REGISTRY_DESCRIPTION_LENGTH,
    &version_range::REGISTRY_VERSION_RANGE,
    &package_file_hash::PACKAGE_FILE_HASH,
    &missing_runtime_hint::MISSING_RUNTIME_HINT,
    &undefined_template_variable::UNDEFINED_TEMPLATE_VARIABLE,
    &invalid_transport_url::INVALID_TRANSPORT_URL,
    &plain_http_remote::PLAIN_HTTP_REMOTE,
    &transport_url_mismatch::TRANSPORT_URL_MISMATCH,
    &duplicate_entry::DUPLICATE_REGISTRY_ENTRY,
    &invalid_argument::INVALID_REGISTRY_ARGUMENT,
    &invalid_link::INVALID_REGISTRY_LINK,
];

/// Runs the rules of this folder.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let Some(root) = cx.root().filter(|r| r.kind() == ValueKind::Object) else {
        return;
    };
    let file = ServerJson::new(root);
    outdated_server_json::check(file, report);
    name_format::check(file, report);
    description_length::check(file, report);
    if file.legacy {
        return;
    }
    version_range::check(file, report);
    package_file_hash::check(file, report);
    missing_runtime_hint::check(file, report);
    undefined_template_variable::check(file, report);
    transport_url_mismatch::check(file, report);
    invalid_transport_url::check(file, report);
    plain_http_remote::check(file, report);
    duplicate_entry::check(file, report);
    invalid_argument::check(file, report);
    invalid_link::check(file, report);
}

/// A `server.json` as the rules walk it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ServerJson<'d> {
    /// The root object.
    pub(crate) root: Value<'d>,
    /// The pre-release shape (`version_detail`), which the other rules do not judge.
    pub(crate) legacy: bool,
}

impl<'d> ServerJson<'d> {
    fn new(root: Value<'d>) -> Self {
        ServerJson {
            root,
            legacy: root.get("version_detail").is_some(),
        }
    }

    /// The object elements of `packages`.
    pub(crate) fn packages(self) -> impl Iterator<Item = Value<'d>> {
        objects(self.root, "packages")
    }

    /// The object elements of `remotes`.
    pub(crate) fn remotes(self) -> impl Iterator<Item = Value<'d>> {
        objects(self.root, "remotes")
    }

    /// Every transport: each package's (with the package) and each remote (without).
    pub(crate) fn transports(self) -> impl Iterator<Item = Transport<'d>> {
        let packages = self.packages().filter_map(|package| {
            let transport = package
                .get("transport")
                .filter(|t| t.kind() == ValueKind::Object)?;
            Some(Transport {
                value: transport,
                package: Some(package),
            })
        });
        let remotes = self.remotes().map(|remote| Transport {
            value: remote,
            package: None,
        });
        packages.chain(remotes)
    }
}

/// A transport object: a package's `transport` or an element of `remotes`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Transport<'d> {
    /// The transport object.
    pub(crate) value: Value<'d>,
    /// The package it belongs to; `None` for a remote.
    pub(crate) package: Option<Value<'d>>,
}

impl<'d> Transport<'d> {
    /// Its `type`, when a string.
    pub(crate) fn kind(self) -> Option<Cow<'d, str>> {
        self.value.get("type").and_then(Value::as_str)
    }

    /// Its `url`, when a string.
    pub(crate) fn url(self) -> Option<Value<'d>> {
        self.value
            .get("url")
            .filter(|u| u.kind() == ValueKind::String)
    }

    /// "the remote" or "the transport of package `x`", for messages.
    pub(crate) fn subject(self) -> String {
        match self.package {
            None => "the remote".to_owned(),
            Some(package) => format!("the transport of {}", package_name(package)),
        }
    }
}

/// Whether `text` is only a placeholder that a release script replaces before the file is
/// published (`${VERSION}`, `$VERSION`, `{{ version }}`, `${{ env.VERSION }}`, `%VERSION%`,
/// `<<Version>>`), with nothing around it but whitespace: the `server.json` is a template,
/// and the value the registry will see is not written yet.
pub(crate) fn release_placeholder(text: &str) -> bool {
    let t = text.trim();
    if let Some(inner) = t.strip_prefix("<<").and_then(|r| r.strip_suffix(">>")) {
        return !inner.is_empty()
            && inner
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'));
    }
    vars::is_only_ref(&vars::parse(t))
}

/// The object elements of the array member `key` of `parent`.
pub(crate) fn objects<'d>(parent: Value<'d>, key: &str) -> impl Iterator<Item = Value<'d>> {
    parent
        .get(key)
        .filter(|v| v.kind() == ValueKind::Array)
        .into_iter()
        .flat_map(Value::items)
        .filter(|v| v.kind() == ValueKind::Object)
}

/// The string member `key` of `object`, with its value.
pub(crate) fn string<'d>(object: Value<'d>, key: &str) -> Option<(Value<'d>, Cow<'d, str>)> {
    let value = object.get(key)?;
    let text = value.as_str()?;
    Some((value, text))
}

/// A package for messages: "package `@scope/pkg`", or "package #2" without an identifier.
pub(crate) fn package_name(package: Value<'_>) -> String {
    match string(package, "identifier") {
        // A download URL (`mcpb`) is named by its file.
        Some((_, id)) if id.contains("://") => {
            let file = id.trim_end_matches('/').rsplit('/').next().unwrap_or(&id);
            format!("package `{}`", crate::context::name(file))
        }
        Some((_, id)) if !id.is_empty() => format!("package `{}`", crate::context::name(&id)),
        _ => {
            let index = package
                .path()
                .to_string()
                .rsplit('[')
                .next()
                .and_then(|s| s.trim_end_matches(']').parse::<usize>().ok())
                .unwrap_or(0);
            format!("package #{}", index + 1)
        }
    }
}

/// What an input of a package or transport is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum InputKind {
    /// An element of `environmentVariables`.
    Env,
    /// An element of `runtimeArguments` or `packageArguments`.
    Argument,
    /// An element of a transport's `headers`.
    Header,
}

impl InputKind {
    /// For messages.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            InputKind::Env => "environment variable",
            InputKind::Argument => "argument",
            InputKind::Header => "header",
        }
    }
}

/// Every input object of the file, in source order of packages then remotes: environment
/// variables, runtime and package arguments and transport headers of each package, then
/// the headers of each remote.
pub(crate) fn inputs(file: ServerJson<'_>) -> Vec<(InputKind, Value<'_>)> {
    let mut out = Vec::new();
    for package in file.packages() {
        out.extend(objects(package, "environmentVariables").map(|v| (InputKind::Env, v)));
        for key in ["runtimeArguments", "packageArguments"] {
            out.extend(objects(package, key).map(|v| (InputKind::Argument, v)));
        }
        if let Some(transport) = package.get("transport") {
            out.extend(objects(transport, "headers").map(|v| (InputKind::Header, v)));
        }
    }
    for remote in file.remotes() {
        out.extend(objects(remote, "headers").map(|v| (InputKind::Header, v)));
    }
    out
}

/// One `{name}` in a string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Placeholder {
    /// The text between the braces.
    pub(crate) name: String,
    /// Where `{name}` is written, braces included (escapes mapped).
    pub(crate) span: Span,
    /// Its byte range in the decoded text.
    pub(crate) range: std::ops::Range<usize>,
}

/// Which `{...}` count as template variables.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Braces {
    /// Every `{...}` with something inside (a transport URL: the registry reads each as a
    /// variable).
    All,
    /// Only `{name}` with a name of letters, digits, `_`, `.` and `-`, not part of `${...}`
    /// or `{{...}}` (an input value, where braces may be literal text).
    Names,
}

/// The `{name}` placeholders of the string `value`, with their spans in the file.
pub(crate) fn placeholders(value: Value<'_>, braces: Braces) -> Vec<Placeholder> {
    let Some(decoded) = value.decoded() else {
        return Vec::new();
    };
    scan(decoded.text(), braces)
        .into_iter()
        .map(|(name, range)| Placeholder {
            name,
            span: decoded.span(range.clone()),
            range,
        })
        .collect()
}

/// The `{name}`s of `text`: each name and the byte range of `{name}`.
pub(crate) fn scan(text: &str, braces: Braces) -> Vec<(String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('{').map(|i| from + i) {
        let inner = open + 1;
        let Some(close) = text[inner..].find(['{', '}']).map(|i| inner + i) else {
            break;
        };
        if text.as_bytes()[close] == b'{' {
            from = close;
            continue;
        }
        from = close + 1;
        let name = &text[inner..close];
        if name.is_empty() {
            continue;
        }
        if braces == Braces::Names {
            let before = text[..open].chars().next_back();
            let after = text[close + 1..].chars().next();
            let name_like = name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'));
            if !name_like || matches!(before, Some('$' | '{')) || after == Some('}') {
                continue;
            }
        }
        out.push((name.to_owned(), open..close + 1));
    }
    out
}

/// A transport URL as far as it can be read before its variables are filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TemplateUrl {
    /// A variable comes before the end of the scheme's `://`: nothing can be said.
    Unjudged,
    /// The URL with each `{variable}` replaced by a stand-in that keeps it valid (`1` for a
    /// port, [`URL_MASK`] elsewhere), trimmed.
    Masked {
        /// What the URL parser makes of it.
        parsed: Result<url::Url, url::ParseError>,
    },
}

impl TemplateUrl {
    /// Reads the decoded URL `text`.
    pub(crate) fn read(text: &str) -> Self {
        let mut masked = String::with_capacity(text.len());
        let mut at = 0;
        for (_, range) in scan(text, Braces::All) {
            masked.push_str(&text[at..range.start]);
            at = range.end;
            let Some(scheme_end) = masked.find("://").map(|i| i + 3) else {
                return TemplateUrl::Unjudged;
            };
            let authority = &masked[scheme_end..];
            let in_authority = !authority.contains(['/', '?', '#']);
            if in_authority && !authority.is_empty() && masked.ends_with(':') {
                masked.push('1');
            } else {
                masked.push_str(URL_MASK);
            }
        }
        masked.push_str(&text[at..]);
        TemplateUrl::Masked {
            parsed: url::Url::parse(masked.trim()),
        }
    }

    /// The parsed URL, when it parses.
    pub(crate) fn url(&self) -> Option<&url::Url> {
        match self {
            TemplateUrl::Masked { parsed: Ok(url) } => Some(url),
            _ => None,
        }
    }

    /// The class of its host, unless the host comes from a variable.
    pub(crate) fn host_class(&self) -> Option<HostClass> {
        let url = self.url()?;
        let host = url.host()?;
        (!url.host_str().unwrap_or_default().contains(URL_MASK)).then(|| HostClass::of(&host))
    }

    /// Its host, when known (not from a variable).
    pub(crate) fn host(&self) -> Option<&str> {
        self.url()?.host_str().filter(|h| !h.contains(URL_MASK))
    }
}

#[cfg(test)]
mod tests {
    use mcpvet_ast::definition::{DefinitionFormat, read_definition};
    use mcpvet_diagnostics::Findings;

    use super::*;

    /// The codes of every finding of `text` read as a `server.json`.
    fn codes(text: &str) -> Vec<String> {
        let outcome = read_definition(text, Some("server.json"), None);
        assert_eq!(outcome.value.format, DefinitionFormat::Registry);
        let mut findings = Findings::new();
        crate::check(&outcome.value, &mut findings);
        outcome
            .diagnostics
            .iter()
            .chain(findings.diagnostics())
            .map(|d| format!("{} {}", d.code().as_str(), d.message()))
            .collect()
    }

    #[test]
    fn a_complete_valid_server_json_has_no_finding() {
        let text = include_str!(
            "../../../../../tests/conformance/server/MCP640-outdated-server-json/accepted_complete/server.json"
        );
        assert_eq!(codes(text), Vec::<String>::new());
    }

    #[test]
    fn the_pre_release_shape_is_one_finding() {
        let text = r#"{"name": "io.github.acme/weather", "description": "Weather.",
          "version_detail": {"version": "1.0.0", "release_date": "2025-06-01T00:00:00Z"},
          "packages": [{"registry_name": "npm", "name": "@acme/weather", "version": "^1.0.0"}],
          "remotes": [{"transport_type": "sse", "url": "http://localhost/sse"}]}"#;
        let found = codes(text);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].starts_with("MCP640"));
    }

    fn names(text: &str, braces: Braces) -> Vec<String> {
        scan(text, braces).into_iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn placeholders_in_urls_and_values() {
        assert_eq!(
            names("http://{host}:{--port}/mcp/{a b}", Braces::All),
            ["host", "--port", "a b"]
        );
        assert_eq!(names("{}{x", Braces::All), Vec::<String>::new());
        assert_eq!(names("{a{b}", Braces::All), ["b"]);
        assert_eq!(scan("x={db_type}", Braces::Names)[0].1, 2..11);
        // Other syntaxes and literal braces in values are not template variables.
        for literal in ["${HOME}", "{{ token }}", r#"{"a": 1}"#, "{a b}", "{x}}"] {
            assert!(names(literal, Braces::Names).is_empty(), "{literal}");
        }
        assert_eq!(
            names(
                "type=bind,src={source_path},dst={target.path}",
                Braces::Names
            ),
            ["source_path", "target.path"]
        );
    }

    #[test]
    fn release_placeholders() {
        for text in [
            "${VERSION}",
            "$VERSION",
            " {{ version }} ",
            "${{ env.VERSION }}",
            "%VERSION%",
            "<<Version>>",
            "<<McpRepositoryName>>",
        ] {
            assert!(release_placeholder(text), "{text}");
        }
        for text in [
            "1.2.3",
            "<2.0.0",
            "<<>>",
            "<< Version >>",
            "v${VERSION}",
            "ghcr.io/acme/weather:${VERSION}",
            "io.github.acme/weather",
            "$",
            "",
        ] {
            assert!(!release_placeholder(text), "{text}");
        }
    }

    #[test]
    fn template_urls_are_masked_where_they_stand() {
        assert_eq!(TemplateUrl::read("{baseUrl}/mcp"), TemplateUrl::Unjudged);
        let port = TemplateUrl::read("http://localhost:{--port}/mcp");
        assert_eq!(port.url().unwrap().port(), Some(1));
        assert_eq!(port.host_class(), Some(HostClass::Loopback));
        let tenant = TemplateUrl::read("https://{tenant}.example.com/mcp");
        assert!(tenant.url().is_some());
        assert_eq!((tenant.host_class(), tenant.host()), (None, None));
        assert!(TemplateUrl::read("mcp.example.com/mcp").url().is_none());
        assert_eq!(
            TemplateUrl::read("https://api.example.com/{path}").host(),
            Some("api.example.com")
        );
    }
}
