//! Dialect detection from the file path and the content.
//!
//! Order: a forced dialect; a path that names one client (`claude_desktop_config.json`,
//! `.mcp.json`, `.cursor/mcp.json`...); the content (root keys, then client-only server
//! members); a weakly suggestive file name (`mcp_config.json`); [`Dialect::Generic`].
//! See `docs/inputs.md` for the table.
use mcpvet_json::{Value, ValueKind};

use super::{Detection, Dialect, Format, roots};

/// How the dialect was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DetectionMethod {
    /// Given by the caller (`--dialect`).
    Forced,
    /// From the file name or path.
    FileName,
    /// From the content.
    Content,
    /// Nothing decided: the generic dialect.
    Default,
}

impl DetectionMethod {
    /// `forced`, `file-name`, `content` or `default`.
    pub const fn name(self) -> &'static str {
        match self {
            DetectionMethod::Forced => "forced",
            DetectionMethod::FileName => "file-name",
            DetectionMethod::Content => "content",
            DetectionMethod::Default => "default",
        }
    }
}

/// How sure a path is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strength {
    /// The path names one client: used whatever the content says.
    Specific,
    /// The name is typical of one client but not exclusive: used unless the content has
    /// another client's shape.
    Weak,
}

/// Lower-cased path components, `/` or `\` separated; a final `.jsonc` counts as `.json`.
fn components(path: &str) -> Vec<String> {
    let mut parts: Vec<String> = path
        .split(['/', '\\'])
        .filter(|c| !c.is_empty() && *c != ".")
        .map(str::to_ascii_lowercase)
        .collect();
    if let Some(last) = parts.last_mut()
        && let Some(stem) = last.strip_suffix(".jsonc")
    {
        *last = format!("{stem}.json");
    }
    parts
}

fn path_rule(path: &str) -> Option<(Dialect, Strength, String)> {
    let parts = components(path);
    let name = parts.last()?.as_str();
    let parent = parts.len().checked_sub(2).map(|i| parts[i].as_str());
    let grandparent = parts.len().checked_sub(3).map(|i| parts[i].as_str());
    let has_dir = |d: &str| parts[..parts.len() - 1].iter().any(|c| c == d);
    let specific = |d: Dialect, why: &str| Some((d, Strength::Specific, why.to_owned()));
    if name.ends_with("claude_desktop_config.json") {
        return specific(
            Dialect::ClaudeDesktop,
            "file name `claude_desktop_config.json`",
        );
    }
    if name.ends_with("cline_mcp_settings.json") {
        return specific(Dialect::Cline, "file name `cline_mcp_settings.json`");
    }
    if name == ".claude.json" {
        return specific(
            Dialect::ClaudeCode,
            "file name `.claude.json` (Claude Code user file)",
        );
    }
    if name == ".mcp.json" {
        // Claude Code's project file; Copilot CLI and Visual Studio read the same name, and
        // [`dot_mcp_json_rule`] lets the content decide for them.
        return specific(
            Dialect::ClaudeCode,
            "file name `.mcp.json` (Claude Code project file)",
        );
    }
    // Continue: block files (and JSON server files) in `.continue/mcpServers/`, the user's
    // `~/.continue/config.yaml`.
    let ext = std::path::Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let yaml = matches!(ext, "yaml" | "yml");
    if parent == Some("mcpservers") && grandparent == Some(".continue") && (yaml || ext == "json") {
        return specific(Dialect::Continue, "path `.continue/mcpServers/` (Continue)");
    }
    if yaml && name.starts_with("config.") && parent == Some(".continue") {
        return specific(Dialect::Continue, "path `.continue/config.yaml` (Continue)");
    }
    // Goose: `~/.config/goose/config.yaml`, `%APPDATA%\Block\goose\config\config.yaml`.
    if yaml
        && name.starts_with("config.")
        && (parent == Some("goose") || (parent == Some("config") && grandparent == Some("goose")))
    {
        return specific(Dialect::Goose, "path `goose/config.yaml` (Goose)");
    }
    if name == "config.toml" {
        // Codex: `~/.codex/config.toml` (`$CODEX_HOME`) and a trusted project's
        // `.codex/config.toml`.
        if parent == Some(".codex") {
            return specific(Dialect::Codex, "path `.codex/config.toml` (Codex)");
        }
        return Some((
            Dialect::Codex,
            Strength::Weak,
            "file name `config.toml` (Codex)".to_owned(),
        ));
    }
    if name == "opencode.json" {
        return specific(
            Dialect::OpenCode,
            "file name `opencode.json` or `opencode.jsonc` (opencode)",
        );
    }
    if name == "mcp-config.json" {
        if parent == Some(".copilot") {
            return specific(Dialect::CopilotCli, "path `.copilot/mcp-config.json`");
        }
        return Some((
            Dialect::CopilotCli,
            Strength::Weak,
            "file name `mcp-config.json` (Copilot CLI)".to_owned(),
        ));
    }
    // VS Code: workspace folder, or the user profile (`Code/User/...`, `Code - Insiders/User`).
    let in_vscode_profile = parts
        .windows(2)
        .any(|w| (w[0].starts_with("code") || w[0] == "vscodium") && w[1] == "user");
    if matches!(name, "mcp.json" | "settings.json")
        && (parent == Some(".vscode") || in_vscode_profile)
        && !has_dir("globalstorage")
    {
        let why = if parent == Some(".vscode") {
            format!("path `.vscode/{name}`")
        } else {
            format!("VS Code user profile `User/{name}`")
        };
        return specific(Dialect::VsCode, &why);
    }
    if name == "mcp.json" {
        match parent {
            Some(".cursor") => return specific(Dialect::Cursor, "path `.cursor/mcp.json`"),
            Some(".roo") => return specific(Dialect::Roo, "path `.roo/mcp.json`"),
            Some(dir @ (".amazonq" | "amazonq")) => {
                return specific(Dialect::AmazonQ, &format!("path `{dir}/mcp.json`"));
            }
            Some("settings") if grandparent == Some(".kiro") => {
                return specific(Dialect::Kiro, "path `.kiro/settings/mcp.json`");
            }
            Some(".vs") => return specific(Dialect::VisualStudio, "path `.vs/mcp.json`"),
            Some(".github") => return specific(Dialect::CopilotCli, "path `.github/mcp.json`"),
            Some("mcp") if grandparent == Some(".junie") => {
                return specific(Dialect::Junie, "path `.junie/mcp/mcp.json`");
            }
            Some(".lmstudio") => {
                return specific(Dialect::LmStudio, "path `.lmstudio/mcp.json`");
            }
            Some(".agents") => {
                return Some((
                    Dialect::OpenCode,
                    Strength::Weak,
                    "path `.agents/mcp.json` (opencode)".to_owned(),
                ));
            }
            _ => {}
        }
    }
    if name == "settings.json" {
        match parent {
            Some(".gemini") => return specific(Dialect::Gemini, "path `.gemini/settings.json`"),
            Some(dir @ (".zed" | "zed")) => {
                return specific(Dialect::Zed, &format!("path `{dir}/settings.json`"));
            }
            _ => {}
        }
    }
    if name == "mcp_config.json" {
        if has_dir("windsurf") || has_dir(".windsurf") || has_dir(".codeium") {
            return specific(Dialect::Windsurf, "path `windsurf/mcp_config.json`");
        }
        return Some((
            Dialect::Windsurf,
            Strength::Weak,
            "file name `mcp_config.json` (Windsurf)".to_owned(),
        ));
    }
    if name == "mcp_settings.json" {
        if has_dir("rooveterinaryinc.roo-cline") {
            return specific(
                Dialect::Roo,
                "path of Roo Code's global `mcp_settings.json`",
            );
        }
        return Some((
            Dialect::Roo,
            Strength::Weak,
            "file name `mcp_settings.json` (Roo Code)".to_owned(),
        ));
    }
    None
}

/// The dialect a path names, if it names one: `claude_desktop_config.json`, `.mcp.json`,
/// `.claude.json`, `.vscode/mcp.json`, `.cursor/mcp.json`, `.gemini/settings.json`,
/// `.zed/settings.json`, `cline_mcp_settings.json`, `.roo/mcp.json`,
/// `.kiro/settings/mcp.json`, `.amazonq/mcp.json`, `opencode.json`,
/// `.copilot/mcp-config.json`, `.github/mcp.json`, `.vs/mcp.json`, `.junie/mcp/mcp.json`,
/// `.lmstudio/mcp.json`, `.continue/mcpServers/*.yaml`, `.continue/config.yaml`,
/// `goose/config.yaml`, `mcp_config.json`...
pub fn dialect_from_path(path: &str) -> Option<Dialect> {
    path_rule(path).map(|(d, _, _)| d)
}

/// Keys only Zed's `settings.json` has.
const ZED_SETTINGS_KEYS: [&str; 10] = [
    "buffer_font_size",
    "buffer_font_family",
    "ui_font_size",
    "ui_font_family",
    "base_keymap",
    "language_models",
    "ssh_connections",
    "edit_predictions",
    "show_edit_predictions",
    "assistant",
];

/// The object at `root.a.b` (nested or written as a dotted key).
fn nested<'d>(root: Value<'d>, a: &str, b: &str) -> Option<Value<'d>> {
    root.get(a)
        .and_then(|v| v.get(b))
        .or_else(|| root.get(&format!("{a}.{b}")))
}

fn is_object(v: Option<Value<'_>>) -> bool {
    v.is_some_and(|v| v.kind() == ValueKind::Object)
}

/// A client hint from the members of the server entries of an `mcpServers` map.
fn member_hint(servers: Value<'_>, file_is_mcp_json: bool) -> Option<(Dialect, String)> {
    let mut found: Option<(u8, Dialect, String)> = None;
    let mut consider = |rank: u8, d: Dialect, why: String| {
        if found.as_ref().is_none_or(|(r, _, _)| rank < *r) {
            found = Some((rank, d, why));
        }
    };
    for server in servers.members() {
        let name = server.key_str();
        for m in server.value.members() {
            let key = m.key_str();
            let type_value = m.value.as_str();
            match key.as_ref() {
                "serverUrl" => consider(
                    0,
                    Dialect::Windsurf,
                    format!("`serverUrl` in server `{name}` (Windsurf)"),
                ),
                "httpUrl" | "trust" | "includeTools" | "excludeTools" => consider(
                    1,
                    Dialect::Gemini,
                    format!("`{key}` in server `{name}` (Gemini CLI)"),
                ),
                "transportType" => consider(
                    2,
                    Dialect::Cline,
                    format!("`transportType` in server `{name}` (Cline)"),
                ),
                "type" if type_value.as_deref() == Some("local") => consider(
                    1,
                    Dialect::CopilotCli,
                    format!("`type: \"local\"` in server `{name}` (Copilot CLI)"),
                ),
                "tools" if m.value.kind() == ValueKind::Array => consider(
                    3,
                    Dialect::CopilotCli,
                    format!("a `tools` list in server `{name}` (Copilot CLI)"),
                ),
                "type" if type_value.as_deref() == Some("streamableHttp") => consider(
                    2,
                    Dialect::Cline,
                    format!("`type: \"streamableHttp\"` in server `{name}` (Cline)"),
                ),
                "type" if type_value.as_deref() == Some("streamable-http") => consider(
                    3,
                    Dialect::Roo,
                    format!("`type: \"streamable-http\"` in server `{name}` (Roo Code)"),
                ),
                "watchPaths" | "alwaysAllow" => consider(
                    3,
                    Dialect::Roo,
                    format!("`{key}` in server `{name}` (Roo Code)"),
                ),
                "autoApprove" if file_is_mcp_json => consider(
                    4,
                    Dialect::Kiro,
                    format!("`autoApprove` in server `{name}` of an `mcp.json` (Kiro)"),
                ),
                "autoApprove" => consider(
                    4,
                    Dialect::Cline,
                    format!("`autoApprove` in server `{name}` (Cline)"),
                ),
                _ => {}
            }
        }
    }
    found.map(|(_, d, why)| (d, why))
}

/// Whether `value` is Goose's `extensions` map: an object whose entries are objects with a
/// Goose `type` (`stdio`, `streamable_http`, `sse`, `builtin`, `platform`, `frontend`,
/// `inline_python`) or its `cmd` / `uri`.
pub(crate) fn is_goose_map(value: Value<'_>) -> bool {
    value.kind() == ValueKind::Object
        && value.members().any(|m| {
            let typed = m
                .value
                .get("type")
                .and_then(Value::as_str)
                .is_some_and(|t| {
                    matches!(t.as_ref(), "stdio" | "streamable_http" | "sse")
                        || super::dialect::GOOSE_IN_PROCESS_TYPES.contains(&t.as_ref())
                });
            m.value.kind() == ValueKind::Object
                && (typed || m.value.get("cmd").is_some() || m.value.get("uri").is_some())
        })
}

/// Whether `value` is opencode's server map: an object whose entries (or the entries of its
/// `servers`, the v2 shape) use `type: "local"`/`"remote"` or a `command` array.
pub(crate) fn is_opencode_map(value: Value<'_>) -> bool {
    let looks = |map: Value<'_>| {
        map.kind() == ValueKind::Object
            && map.members().any(|m| {
                m.value
                    .get("type")
                    .and_then(Value::as_str)
                    .is_some_and(|t| t == "local" || t == "remote")
                    || m.value
                        .get("command")
                        .is_some_and(|c| c.kind() == ValueKind::Array)
            })
    };
    looks(value) || value.get(roots::SERVERS).is_some_and(looks)
}

/// The client of a `.mcp.json` that is not Claude Code's: Visual Studio reads `servers` from
/// it, Copilot CLI reads `mcpServers` with its own members (`type: "local"`, `tools`).
fn dot_mcp_json_rule(root: Value<'_>) -> Option<(Dialect, String)> {
    if root.kind() != ValueKind::Object {
        return None;
    }
    if is_object(root.get(roots::SERVERS)) && root.get(roots::MCP_SERVERS).is_none() {
        return Some((
            Dialect::VisualStudio,
            "`.mcp.json` with root `servers` (Visual Studio; Claude Code reads `mcpServers`)"
                .to_owned(),
        ));
    }
    let servers = root.get(roots::MCP_SERVERS)?;
    match member_hint(servers, false) {
        Some((Dialect::CopilotCli, why)) => {
            Some((Dialect::CopilotCli, format!("`.mcp.json` with {why}")))
        }
        _ => None,
    }
}

/// Whether the root holds server objects directly (`{"name": {"command": ..}}`).
pub(crate) fn is_flat_map(root: Value<'_>) -> bool {
    let mut any_server = false;
    for m in root.members() {
        let key = m.key_str();
        if super::keys::is_harmless(&key) {
            continue;
        }
        if m.value.kind() != ValueKind::Object {
            return false;
        }
        if m.value.members().any(|sm| {
            matches!(
                sm.key_str().as_ref(),
                "command" | "url" | "serverUrl" | "httpUrl"
            )
        }) {
            any_server = true;
        }
    }
    any_server
}

/// Whether the root object is itself a server.
pub(crate) fn is_single_server(root: Value<'_>) -> bool {
    root.kind() == ValueKind::Object
        && ["command", "url", "serverUrl", "httpUrl"]
            .iter()
            .any(|k| root.get(k).is_some())
}

/// Whether a Claude Code user file: `projects.<path>.mcpServers`.
pub(crate) fn has_project_servers(root: Value<'_>) -> bool {
    root.get(roots::PROJECTS).is_some_and(|p| {
        p.members()
            .any(|m| is_object(m.value.get(roots::MCP_SERVERS)))
    })
}

fn content_rule(
    root: Value<'_>,
    file_name: Option<&str>,
    format: Format,
) -> Option<(Dialect, String)> {
    if root.kind() != ValueKind::Object {
        return None;
    }
    let name = file_name.map(|p| components(p).pop().unwrap_or_default());
    let name = name.as_deref();
    if root.get(roots::CONTEXT_SERVERS).is_some()
        || nested(root, roots::EXPERIMENTAL, roots::CONTEXT_SERVERS).is_some()
    {
        return Some((
            Dialect::Zed,
            "root key `context_servers` (Zed settings)".to_owned(),
        ));
    }
    // Continue: `mcpServers` is a list of named servers (a block file or `config.yaml`).
    if root
        .get(roots::MCP_SERVERS)
        .is_some_and(|m| m.kind() == ValueKind::Array)
    {
        return Some((
            Dialect::Continue,
            "`mcpServers` is a list of named servers (Continue)".to_owned(),
        ));
    }
    if format == Format::Yaml
        && ["name", "version", "schema"]
            .iter()
            .all(|k| root.get(k).is_some())
    {
        return Some((
            Dialect::Continue,
            "root keys `name`, `version` and `schema` (a Continue block)".to_owned(),
        ));
    }
    if root.get(roots::EXTENSIONS).is_some_and(is_goose_map) {
        return Some((
            Dialect::Goose,
            "root `extensions` with Goose extensions (Goose `config.yaml`)".to_owned(),
        ));
    }
    // Only TOML: a JSON file with `mcp_servers` is a misspelt `mcpServers` (MCP010 says so).
    if format == Format::Toml && is_object(root.get(roots::MCP_SERVERS_TABLE)) {
        return Some((
            Dialect::Codex,
            "root table `mcp_servers` (Codex `config.toml`)".to_owned(),
        ));
    }
    if root.get(roots::MCP).is_some_and(is_opencode_map) {
        return Some((
            Dialect::OpenCode,
            "root `mcp` with `local`/`remote` servers (opencode)".to_owned(),
        ));
    }
    if is_object(root.get(roots::SERVERS)) {
        let why = if root.get(roots::INPUTS).is_some() {
            "root keys `servers` and `inputs` (VS Code `mcp.json`)"
        } else {
            "root key `servers` (VS Code `mcp.json`)"
        };
        return Some((Dialect::VsCode, why.to_owned()));
    }
    let mcp = root.get(roots::MCP);
    if is_object(mcp.and_then(|m| m.get(roots::SERVERS)))
        || mcp.and_then(|m| m.get(roots::INPUTS)).is_some()
    {
        return Some((
            Dialect::VsCode,
            "root key `mcp.servers` (VS Code `settings.json`)".to_owned(),
        ));
    }
    if has_project_servers(root) {
        return Some((
            Dialect::ClaudeCode,
            "`projects.<path>.mcpServers` (Claude Code `~/.claude.json`)".to_owned(),
        ));
    }
    if let Some(servers) = root.get(roots::MCP_SERVERS) {
        if let Some(hint) = member_hint(servers, name == Some("mcp.json")) {
            return Some(hint);
        }
        if name == Some("settings.json") {
            return Some((
                Dialect::Gemini,
                "`settings.json` with root `mcpServers` (Gemini CLI settings)".to_owned(),
            ));
        }
        if mcp.is_some_and(|m| {
            ["allowed", "excluded", "serverCommand"]
                .iter()
                .any(|k| m.get(k).is_some())
        }) {
            return Some((
                Dialect::Gemini,
                "root `mcpServers` with `mcp.allowed`/`mcp.excluded` (Gemini CLI settings)"
                    .to_owned(),
            ));
        }
        return None;
    }
    if mcp.is_some() && root.members().any(|m| m.key_str().starts_with("chat.mcp.")) {
        return Some((
            Dialect::VsCode,
            "root keys `mcp` and `chat.mcp.*` (VS Code `settings.json`)".to_owned(),
        ));
    }
    if is_single_server(root) {
        return Some((
            Dialect::SingleServer,
            "a server object at the root (`command` or `url`)".to_owned(),
        ));
    }
    if root
        .members()
        .any(|m| ZED_SETTINGS_KEYS.contains(&m.key_str().as_ref()))
    {
        return Some((Dialect::Zed, "Zed settings keys at the root".to_owned()));
    }
    None
}

/// Decides the dialect.
pub(crate) fn detect(
    file_name: Option<&str>,
    format: Format,
    root: Option<Value<'_>>,
    forced: Option<Dialect>,
) -> (Dialect, Detection) {
    let done =
        |d: Dialect, method: DetectionMethod, reason: String| (d, Detection { method, reason });
    if let Some(d) = forced {
        return done(d, DetectionMethod::Forced, format!("forced to `{d}`"));
    }
    let path = file_name.and_then(path_rule);
    if path
        .as_ref()
        .is_some_and(|(d, _, why)| *d == Dialect::ClaudeCode && why.contains("`.mcp.json`"))
        && let Some((d, why)) = root.and_then(dot_mcp_json_rule)
    {
        return done(d, DetectionMethod::Content, why);
    }
    if let Some((d, Strength::Specific, why)) = &path {
        return done(*d, DetectionMethod::FileName, why.clone());
    }
    let content = root.and_then(|r| content_rule(r, file_name, format));
    let mcp_servers_family = root.is_some_and(|r| r.get(roots::MCP_SERVERS).is_some());
    match (path, content) {
        // A weak name holds when the content has the `mcpServers` shape or no shape at all.
        (Some((d, Strength::Weak, why)), c) if mcp_servers_family || c.is_none() => {
            done(d, DetectionMethod::FileName, why)
        }
        (_, Some((d, why))) => done(d, DetectionMethod::Content, why),
        _ => {
            let why = if mcp_servers_family {
                "root key `mcpServers` without client-specific members"
            } else if root.is_some_and(is_flat_map) {
                "server objects at the root"
            } else {
                "no file name or content identifies the client"
            };
            let method = if mcp_servers_family || root.is_some_and(is_flat_map) {
                DetectionMethod::Content
            } else {
                DetectionMethod::Default
            };
            done(Dialect::Generic, method, why.to_owned())
        }
    }
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    #[track_caller]
    fn path_is(path: &str, expected: Option<Dialect>) {
        assert_eq!(dialect_from_path(path), expected, "{path}");
    }

    #[test]
    fn paths() {
        path_is(
            "/Users/me/Library/Application Support/Claude/claude_desktop_config.json",
            Some(Dialect::ClaudeDesktop),
        );
        path_is(
            r"C:\Users\me\AppData\Roaming\Claude\claude_desktop_config.json",
            Some(Dialect::ClaudeDesktop),
        );
        path_is(".mcp.json", Some(Dialect::ClaudeCode));
        path_is("/home/me/.claude.json", Some(Dialect::ClaudeCode));
        path_is("proj/.vscode/mcp.json", Some(Dialect::VsCode));
        path_is(".vscode/settings.json", Some(Dialect::VsCode));
        path_is("/home/me/.config/Code/User/mcp.json", Some(Dialect::VsCode));
        path_is(
            "/home/me/.config/Code - Insiders/User/settings.json",
            Some(Dialect::VsCode),
        );
        path_is(".cursor/mcp.json", Some(Dialect::Cursor));
        path_is(
            "~/.codeium/windsurf/mcp_config.json",
            Some(Dialect::Windsurf),
        );
        path_is("mcp_config.json", Some(Dialect::Windsurf));
        path_is(".gemini/settings.json", Some(Dialect::Gemini));
        path_is(".zed/settings.json", Some(Dialect::Zed));
        path_is("/home/me/.config/zed/settings.json", Some(Dialect::Zed));
        path_is(
            "/x/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json",
            Some(Dialect::Cline),
        );
        path_is(
            "/x/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json",
            Some(Dialect::Roo),
        );
        path_is(".roo/mcp.json", Some(Dialect::Roo));
        path_is(".kiro/settings/mcp.json", Some(Dialect::Kiro));
        path_is(".amazonq/mcp.json", Some(Dialect::AmazonQ));
        path_is("/home/me/.aws/amazonq/mcp.json", Some(Dialect::AmazonQ));
        path_is("mcp.json", None);
        path_is("settings.json", None);
        path_is(".claude/settings.json", None);
        path_is("config.json", None);
        path_is(".vscode/mcp.jsonc", Some(Dialect::VsCode));
        path_is("opencode.json", Some(Dialect::OpenCode));
        path_is(
            "/home/me/.config/opencode/opencode.jsonc",
            Some(Dialect::OpenCode),
        );
        path_is(".agents/mcp.json", Some(Dialect::OpenCode));
        path_is(
            "/home/me/.copilot/mcp-config.json",
            Some(Dialect::CopilotCli),
        );
        path_is(".github/mcp.json", Some(Dialect::CopilotCli));
        path_is(r"C:\src\app\.vs\mcp.json", Some(Dialect::VisualStudio));
        path_is(".junie/mcp/mcp.json", Some(Dialect::Junie));
        path_is("/home/me/.lmstudio/mcp.json", Some(Dialect::LmStudio));
        path_is("mcp/mcp.json", None);
        path_is(".continue/mcpServers/github.yaml", Some(Dialect::Continue));
        path_is(
            r"C:\proj\.continue\mcpServers\a.yml",
            Some(Dialect::Continue),
        );
        path_is(".continue/mcpServers/mcp.json", Some(Dialect::Continue));
        path_is("/home/me/.continue/config.yaml", Some(Dialect::Continue));
        path_is("/home/me/.config/goose/config.yaml", Some(Dialect::Goose));
        path_is(
            r"C:\Users\me\AppData\Roaming\Block\goose\config\config.yaml",
            Some(Dialect::Goose),
        );
        path_is("config.yaml", None);
        path_is("mcpServers/a.yaml", None);
    }

    #[test]
    fn dot_mcp_json_is_decided_by_content() {
        use DetectionMethod::{Content, FileName};
        content_is(
            r#"{"mcpServers": {"a": {"command": "npx"}}}"#,
            Some(".mcp.json"),
            Dialect::ClaudeCode,
            FileName,
        );
        content_is(
            r#"{"servers": {"a": {"type": "stdio", "command": "npx"}}, "inputs": []}"#,
            Some("/src/app/.mcp.json"),
            Dialect::VisualStudio,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"type": "local", "command": "npx", "tools": ["*"]}}}"#,
            Some(".mcp.json"),
            Dialect::CopilotCli,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"command": "npx", "tools": ["*"]}}}"#,
            None,
            Dialect::CopilotCli,
            Content,
        );
        // opencode's `mcp` map, without a file name; VS Code's `mcp.servers` stays VS Code's.
        content_is(
            r#"{"mcp": {"ctx": {"type": "local", "command": ["npx", "ctx"]}}}"#,
            None,
            Dialect::OpenCode,
            Content,
        );
        content_is(
            r#"{"mcp": {"servers": {"ctx": {"type": "remote", "url": "https://x.example/mcp"}}}}"#,
            None,
            Dialect::OpenCode,
            Content,
        );
        content_is(
            r#"{"mcp": {"servers": {"ctx": {"type": "stdio", "command": "npx"}}}}"#,
            None,
            Dialect::VsCode,
            Content,
        );
    }

    fn detect_text(text: &str, name: Option<&str>) -> (Dialect, Detection) {
        let outcome = parse(text, &JsonOptions::jsonc());
        detect(name, Format::Json, outcome.value.root(), None)
    }

    #[track_caller]
    fn content_is(text: &str, name: Option<&str>, dialect: Dialect, method: DetectionMethod) {
        let (d, det) = detect_text(text, name);
        assert_eq!(
            (d, det.method),
            (dialect, method),
            "{text} ({})",
            det.reason
        );
        assert!(!det.reason.is_empty());
    }

    #[test]
    fn content() {
        use DetectionMethod::{Content, Default, FileName};
        content_is(
            r#"{"servers": {}, "inputs": []}"#,
            None,
            Dialect::VsCode,
            Content,
        );
        content_is(
            r#"{"mcp": {"servers": {}}}"#,
            Some("settings.json"),
            Dialect::VsCode,
            Content,
        );
        content_is(
            r#"{"mcp": {}, "chat.mcp.gallery.enabled": true}"#,
            None,
            Dialect::VsCode,
            Content,
        );
        content_is(
            r#"{"context_servers": {}}"#,
            Some("settings.json"),
            Dialect::Zed,
            Content,
        );
        content_is(
            r#"{"experimental": {"context_servers": {"servers": []}}}"#,
            None,
            Dialect::Zed,
            Content,
        );
        content_is(
            r#"{"ui_font_size": 14, "agent": {}}"#,
            None,
            Dialect::Zed,
            Content,
        );
        content_is(
            r#"{"projects": {"/a": {"mcpServers": {}}}}"#,
            None,
            Dialect::ClaudeCode,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"serverUrl": "x"}}}"#,
            None,
            Dialect::Windsurf,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"httpUrl": "x"}}}"#,
            None,
            Dialect::Gemini,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"alwaysAllow": []}}}"#,
            None,
            Dialect::Roo,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"autoApprove": []}}}"#,
            Some("mcp.json"),
            Dialect::Kiro,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"autoApprove": []}}}"#,
            None,
            Dialect::Cline,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"command": "x"}}}"#,
            Some("settings.json"),
            Dialect::Gemini,
            Content,
        );
        content_is(
            r#"{"mcpServers": {"a": {"command": "x"}}}"#,
            Some("mcp.json"),
            Dialect::Generic,
            Content,
        );
        content_is(
            r#"{"command": "npx"}"#,
            None,
            Dialect::SingleServer,
            Content,
        );
        content_is(
            r#"{"a": {"command": "npx"}}"#,
            None,
            Dialect::Generic,
            Content,
        );
        // A desktop extension manifest is a server definition (`mcpvet server`): its
        // `mcp_config` is read as a configuration only with the `mcpb` dialect, when asked.
        content_is(
            r#"{"manifest_version": "0.3", "server": {"type": "node", "mcp_config": {"command": "node"}}}"#,
            Some("manifest.json"),
            Dialect::Generic,
            Default,
        );
        content_is(r#"{"what": 1}"#, None, Dialect::Generic, Default);
        content_is("[1]", None, Dialect::Generic, Default);
        // Weak names hold for the `mcpServers` shape, not for another client's shape.
        content_is(
            r#"{"mcpServers": {"a": {"httpUrl": "x"}}}"#,
            Some("mcp_config.json"),
            Dialect::Windsurf,
            FileName,
        );
        content_is(
            r#"{"servers": {}}"#,
            Some("mcp_config.json"),
            Dialect::VsCode,
            Content,
        );
        // Specific names hold whatever the content says.
        content_is(
            r#"{"servers": {}}"#,
            Some(".cursor/mcp.json"),
            Dialect::Cursor,
            FileName,
        );
        let (d, det) = detect(Some(".mcp.json"), Format::Json, None, Some(Dialect::Zed));
        assert_eq!((d, det.method), (Dialect::Zed, DetectionMethod::Forced));
    }
}
