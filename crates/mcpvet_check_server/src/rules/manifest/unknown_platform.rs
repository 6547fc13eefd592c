use mcpvet_diagnostics::{Reporter, Site, declare_rule};
use mcpvet_json::ValueKind;

use super::{Manifest, object};
use crate::context::name;

declare_rule! {
    /// A platform of a desktop extension manifest is not a Node.js `process.platform` value, so it never matches.
    ///
    /// ## What it checks
    ///
    /// The values of `compatibility.platforms`, which must be `darwin`, `win32` or `linux`,
    /// and the keys of `server.mcp_config.platform_overrides`, which must be
    /// `process.platform` values (`darwin`, `win32`, `linux`, and the rarer `aix`,
    /// `android`, `freebsd`, `openbsd`, `sunos`...). Common other names (`macos`,
    /// `windows`, `ubuntu`) get the right one as a suggestion.
    ///
    /// ## Why it matters
    ///
    /// Clients compare these names with the platform they run on, as Node.js names it. A
    /// `windows` override never applies, so Windows users get the command meant for the
    /// other platforms; a `macos` entry in `platforms` fails validation, and may make the
    /// client refuse the extension on every Mac.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "binary", "entry_point": "server/notes",
    ///    "mcp_config": {"command": "${__dirname}/server/notes",
    ///      "platform_overrides": {"windows": {"command": "${__dirname}/server/notes.exe"}}}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "binary", "entry_point": "server/notes",
    ///    "mcp_config": {"command": "${__dirname}/server/notes",
    ///      "platform_overrides": {"win32": {"command": "${__dirname}/server/notes.exe"}}}},
    ///  "tools": [{"name": "search_notes", "description": "Search the notes."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): `compatibility.platforms`, platform-specific configurations
    /// - Node.js, `process.platform`
    pub(crate) static UNKNOWN_PLATFORM = {
        code: "MCP676",
        name: "unknown-platform",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What `compatibility.platforms` accepts.
const PLATFORMS: [&str; 3] = ["darwin", "win32", "linux"];

/// Every `process.platform` value.
const NODE_PLATFORMS: [&str; 11] = [
    "aix", "android", "cygwin", "darwin", "freebsd", "haiku", "linux", "netbsd", "openbsd",
    "sunos", "win32",
];

/// The platform a common other name means.
fn meant(text: &str) -> Option<&'static str> {
    let lower = text.trim().to_ascii_lowercase();
    match lower.as_str() {
        "darwin" | "mac" | "macos" | "macosx" | "osx" | "os x" | "mac os" | "apple" => {
            Some("darwin")
        }
        "win32" | "win" | "windows" | "win64" | "windows_nt" | "microsoft" => Some("win32"),
        "linux" | "ubuntu" | "debian" | "unix" | "gnu/linux" => Some("linux"),
        _ => None,
    }
}

fn help(text: &str, known: &str) -> String {
    match meant(text) {
        Some(right) => format!("write `{right}`"),
        None => format!("use one of {known}"),
    }
}

/// Reports platform names clients never match.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let platforms = object(manifest.root.get("compatibility"))
        .and_then(|c| c.get("platforms"))
        .filter(|p| p.kind() == ValueKind::Array);
    for value in platforms.iter().flat_map(|p| p.items()) {
        let Some(text) = value.as_str() else { continue };
        if PLATFORMS.contains(&text.as_ref()) {
            continue;
        }
        report.report(
            &UNKNOWN_PLATFORM,
            value,
            format!(
                "`{}` is not a platform of `compatibility.platforms`, which are Node.js `process.platform` names: `darwin`, `win32` and `linux`",
                name(&text)
            ),
            help(&text, "`darwin`, `win32` and `linux`"),
        );
    }
    let overrides = manifest
        .mcp_config
        .and_then(|c| object(c.get("platform_overrides")));
    for member in overrides.iter().flat_map(|o| o.members()) {
        let key = member.key_str();
        if NODE_PLATFORMS.contains(&key.as_ref()) {
            continue;
        }
        report.report(
            &UNKNOWN_PLATFORM,
            Site::new(member.key.span(), Some(member.value.path())),
            format!(
                "the platform override `{}` never applies: clients look overrides up by Node.js `process.platform` name (`darwin`, `win32`, `linux`)",
                name(&key)
            ),
            help(&key, "`darwin`, `win32` and `linux`"),
        );
    }
}
