//! Rules of desktop extension manifests (MCPB `manifest.json`, versions 0.1 to 0.4; see
//! [the rules module](super)): the declared version and what depends on it, the server's
//! type against how `mcp_config` starts it, the `user_config` settings and their
//! `${user_config.KEY}` references, the declared tools and prompts, platforms, version
//! ranges and the icon.
//!
//! The transport and secret rules (`MCP2xx`, `MCP3xx`) judge `server.mcp_config` itself:
//! the facade reads it as a client configuration of the `mcpb` dialect. What the structure
//! schema says (`mcpb-manifest.schema.json`, `MCP600`: types, required members, unknown
//! members) is not repeated here; every rule skips values of the wrong type.
use std::borrow::Cow;
use std::fmt::Write as _;

use mcpvet_ast::config::StringValue;
use mcpvet_ast::vars::{VarRef, VarSyntax};
use mcpvet_diagnostics::{PathSegment, Reporter, RuleMeta};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::Cx;

pub(crate) mod deprecated_dxt_version;
pub(crate) mod duplicate_declared_name;
pub(crate) mod entry_point_not_started;
pub(crate) mod icon_not_in_bundle;
pub(crate) mod invalid_declared_name;
pub(crate) mod invalid_manifest_version;
pub(crate) mod invalid_version_range;
pub(crate) mod member_newer_than_version;
pub(crate) mod misplaced_user_config_option;
pub(crate) mod multiple_setting_in_string;
pub(crate) mod no_declared_tools;
pub(crate) mod optional_setting_without_default;
pub(crate) mod server_type_mismatch;
pub(crate) mod undeclared_prompt_argument;
pub(crate) mod undefined_user_config;
pub(crate) mod unknown_platform;
pub(crate) mod unused_declared_argument;
pub(crate) mod unused_user_config;
pub(crate) mod user_config_default_mismatch;

/// The rules of this folder, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &invalid_manifest_version::INVALID_MANIFEST_VERSION,
    &deprecated_dxt_version::DEPRECATED_DXT_VERSION,
    &member_newer_than_version::MEMBER_NEWER_THAN_VERSION,
    &server_type_mismatch::SERVER_TYPE_MISMATCH,
    &entry_point_not_started::ENTRY_POINT_NOT_STARTED,
    &undefined_user_config::UNDEFINED_USER_CONFIG,
    &unused_user_config::UNUSED_USER_CONFIG,
    &optional_setting_without_default::OPTIONAL_SETTING_WITHOUT_DEFAULT,
    &multiple_setting_in_string::MULTIPLE_SETTING_IN_STRING,
    &user_config_default_mismatch::USER_CONFIG_DEFAULT_MISMATCH,
    &misplaced_user_config_option::MISPLACED_USER_CONFIG_OPTION,
    &invalid_declared_name::INVALID_DECLARED_NAME,
    &duplicate_declared_name::DUPLICATE_DECLARED_NAME,
    &no_declared_tools::NO_DECLARED_TOOLS,
    &undeclared_prompt_argument::UNDECLARED_PROMPT_ARGUMENT,
    &unused_declared_argument::UNUSED_DECLARED_ARGUMENT,
    &unknown_platform::UNKNOWN_PLATFORM,
    &invalid_version_range::INVALID_VERSION_RANGE,
    &icon_not_in_bundle::ICON_NOT_IN_BUNDLE,
];

/// The manifest versions MCPB defines, oldest first.
pub(crate) const VERSIONS: [&str; 4] = ["0.1", "0.2", "0.3", "0.4"];

/// What several rules read from a manifest, read once.
pub(crate) struct Manifest<'f> {
    /// The root object.
    pub(crate) root: Value<'f>,
    /// The declared version (`0.1` is 1 ... `0.4` is 4), when `manifest_version` (or,
    /// without a known one, `dxt_version`) is a version MCPB defines.
    pub(crate) version: Option<u8>,
    /// `server`, when it is an object.
    pub(crate) server: Option<Value<'f>>,
    /// `server.mcp_config`, when it is an object.
    pub(crate) mcp_config: Option<Value<'f>>,
    /// The entries of `user_config` that are objects, in source order.
    pub(crate) settings: Vec<Setting<'f>>,
    /// Every string value of `server.mcp_config` (its `platform_overrides` included), in
    /// source order.
    pub(crate) strings: Vec<ConfigString<'f>>,
}

/// One `user_config` entry.
pub(crate) struct Setting<'f> {
    /// Its key node.
    pub(crate) key: Value<'f>,
    /// Its name (the decoded key).
    pub(crate) name: String,
    /// The entry object.
    pub(crate) value: Value<'f>,
    /// Its `type`, when it is a string.
    pub(crate) kind: Option<String>,
}

impl Setting<'_> {
    /// Whether member `key` is `true`.
    pub(crate) fn is_true(&self, key: &str) -> bool {
        self.value.get(key).and_then(Value::as_bool) == Some(true)
    }
}

/// A string of `server.mcp_config`.
pub(crate) struct ConfigString<'f> {
    /// The string node.
    pub(crate) value: Value<'f>,
    /// Its text and references.
    pub(crate) string: StringValue,
    /// Whether it is an element of an `args` array (where a setting with several values
    /// becomes several arguments).
    pub(crate) in_args: bool,
}

impl ConfigString<'_> {
    /// Its `${user_config.KEY}` references.
    pub(crate) fn settings(&self) -> impl Iterator<Item = &VarRef> {
        self.string
            .refs()
            .filter(|r| r.syntax == VarSyntax::UserConfig)
    }

    /// Where it is in `mcp_config`, for messages: `args[1]`, `env.API_KEY`,
    /// `platform_overrides.win32.command`.
    pub(crate) fn place(&self) -> String {
        let path = self.value.path();
        let segments = path.segments();
        let start = segments
            .iter()
            .position(|s| matches!(s, PathSegment::Key(k) if k == "mcp_config"))
            .map_or(0, |i| i + 1);
        let mut out = String::new();
        for segment in &segments[start..] {
            match segment {
                PathSegment::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(&crate::context::name(k));
                }
                PathSegment::Index(i) => {
                    let _ = write!(out, "[{i}]");
                }
            }
        }
        out
    }
}

impl<'f> Manifest<'f> {
    fn read(root: Value<'f>) -> Self {
        let server = object(root.get("server"));
        let mcp_config = server.and_then(|s| object(s.get("mcp_config")));
        let settings = object(root.get("user_config"))
            .map(|u| {
                u.members()
                    .filter(|m| m.value.kind() == ValueKind::Object)
                    .map(|m| Setting {
                        key: m.key,
                        name: m.key_str().into_owned(),
                        value: m.value,
                        kind: text(m.value.get("type")).map(Cow::into_owned),
                    })
                    .collect()
            })
            .unwrap_or_default();
        let strings = mcp_config
            .map(|c| {
                c.strings()
                    .filter_map(|value| {
                        let string = StringValue::from_value(value)?;
                        let path = value.path();
                        let in_args = matches!(
                            path.segments(),
                            [.., PathSegment::Key(k), PathSegment::Index(_)] if k == "args"
                        );
                        Some(ConfigString {
                            value,
                            string,
                            in_args,
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        Manifest {
            root,
            version: declared_version(root),
            server,
            mcp_config,
            settings,
            strings,
        }
    }

    /// The setting named `name`.
    pub(crate) fn setting(&self, name: &str) -> Option<&Setting<'f>> {
        self.settings.iter().rev().find(|s| s.name == name)
    }

    /// `server.type`, when it is a string.
    pub(crate) fn server_type(&self) -> Option<Value<'f>> {
        self.server
            .and_then(|s| s.get("type"))
            .filter(|t| t.kind() == ValueKind::String)
    }

    /// `mcp_config` and each object of its `platform_overrides`: where `command` and `args`
    /// are.
    pub(crate) fn launch_configs(&self) -> Vec<Value<'f>> {
        let Some(config) = self.mcp_config else {
            return Vec::new();
        };
        let mut out = vec![config];
        if let Some(overrides) = object(config.get("platform_overrides")) {
            out.extend(
                overrides
                    .members()
                    .map(|m| m.value)
                    .filter(|v| v.kind() == ValueKind::Object),
            );
        }
        out
    }
}

/// `value` when it is an object.
pub(crate) fn object(value: Option<Value<'_>>) -> Option<Value<'_>> {
    value.filter(|v| v.kind() == ValueKind::Object)
}

/// The text of `value` when it is a string.
pub(crate) fn text(value: Option<Value<'_>>) -> Option<Cow<'_, str>> {
    value.and_then(Value::as_str)
}

/// The version a manifest declares, as MCPB's tools resolve it: `manifest_version` when it
/// names a version they know, else `dxt_version` when it does.
pub(crate) fn declared_version(root: Value<'_>) -> Option<u8> {
    ["manifest_version", "dxt_version"].iter().find_map(|key| {
        let v = text(root.get(key))?;
        VERSIONS
            .iter()
            .position(|known| *known == v)
            .and_then(|i| u8::try_from(i + 1).ok())
    })
}

/// `0.3` for 3.
pub(crate) fn version_name(version: u8) -> &'static str {
    VERSIONS
        .get(usize::from(version.saturating_sub(1)))
        .copied()
        .unwrap_or("0.4")
}

/// The program a command runs, for comparing: the last path component, lower case,
/// without `.exe`, `.cmd` or `.bat` (`${__dirname}/server/Files.exe` is `files`).
pub(crate) fn program(command: &str) -> String {
    let last = command
        .trim()
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    for ext in [".exe", ".cmd", ".bat"] {
        if let Some(stem) = last.strip_suffix(ext) {
            return stem.to_owned();
        }
    }
    last
}

/// The `${arguments.NAME}` placeholders of a prompt's `text`: each name with the span of
/// the whole placeholder in the file.
pub(crate) fn placeholders(text: Value<'_>) -> Vec<(String, Span)> {
    const OPEN: &str = "${arguments.";
    let Some(decoded) = text.decoded() else {
        return Vec::new();
    };
    let s = decoded.text();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = s[from..].find(OPEN) {
        let start = from + at;
        let name_start = start + OPEN.len();
        let rest = &s[name_start..];
        let end = rest.find(|c: char| c == '}' || c == '{' || c == '$' || c.is_whitespace());
        match end {
            Some(len) if len > 0 && rest[len..].starts_with('}') => {
                let close = name_start + len + 1;
                out.push((rest[..len].to_owned(), decoded.span(start..close)));
                from = close;
            }
            _ => from = name_start,
        }
    }
    out
}

/// The name of `known` closest to `name`, when it is a plausible misspelling (a third of
/// its characters at most, and at least one).
pub(crate) fn closest<'k>(name: &str, known: impl IntoIterator<Item = &'k str>) -> Option<&'k str> {
    mcpvet_ast::names::did_you_mean(name, known, (name.chars().count() / 3).max(1))
}

/// Runs the rules of this folder on a manifest whose root is an object.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    let Some(root) = cx.root().filter(|r| r.kind() == ValueKind::Object) else {
        return;
    };
    let manifest = Manifest::read(root);
    invalid_manifest_version::check(&manifest, report);
    deprecated_dxt_version::check(&manifest, report);
    member_newer_than_version::check(&manifest, report);
    server_type_mismatch::check(&manifest, report);
    entry_point_not_started::check(&manifest, report);
    undefined_user_config::check(&manifest, report);
    unused_user_config::check(&manifest, report);
    optional_setting_without_default::check(&manifest, report);
    multiple_setting_in_string::check(&manifest, report);
    user_config_default_mismatch::check(&manifest, report);
    misplaced_user_config_option::check(&manifest, report);
    invalid_declared_name::check(&manifest, report);
    duplicate_declared_name::check(&manifest, report);
    no_declared_tools::check(&manifest, report);
    undeclared_prompt_argument::check(&manifest, report);
    unused_declared_argument::check(&manifest, report);
    unknown_platform::check(&manifest, report);
    invalid_version_range::check(&manifest, report);
    icon_not_in_bundle::check(&manifest, report);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers() {
        assert_eq!(program("${__dirname}/server/Files.EXE"), "files");
        assert_eq!(program("node"), "node");
        assert_eq!(program("C:\\Python\\python.exe"), "python");
        assert_eq!(
            closest("api_tokn", ["api_token", "debug"]),
            Some("api_token")
        );
        assert_eq!(closest("x", ["debug"]), None);
        assert_eq!(version_name(3), "0.3");
    }

    #[test]
    fn prompt_placeholders() {
        let text = r#""Explain \u0024{arguments.code} in ${arguments.language}: ${arguments.} ${arguments.a b} ${arguments.x""#;
        let doc = mcpvet_json::parse(text, &mcpvet_json::JsonOptions::strict()).value;
        let found = placeholders(doc.root().unwrap());
        let names: Vec<(&str, &str)> = found
            .iter()
            .map(|(n, span)| (n.as_str(), &text[span.range()]))
            .collect();
        assert_eq!(
            names,
            [
                ("code", r"\u0024{arguments.code}"),
                ("language", "${arguments.language}")
            ]
        );
    }
}
