//! Where each client keeps its MCP configuration, per operating system: one table, beside
//! the dialects that read those files. It is data only; the command line joins it with the
//! environment (`HOME`, `APPDATA`, `XDG_CONFIG_HOME`) to find the files of a machine.
use super::Dialect;

/// An operating system whose folder layout differs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Os {
    /// Linux and other Unix systems (XDG layout).
    Linux,
    /// macOS.
    Macos,
    /// Windows.
    Windows,
}

impl Os {
    /// Every system, in a fixed order.
    pub const ALL: [Os; 3] = [Os::Linux, Os::Macos, Os::Windows];
}

/// The folder a [`Location`]'s path starts from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
    /// The home folder (`HOME`; `USERPROFILE` on Windows).
    Home,
    /// Where applications keep their settings: `~/Library/Application Support` on macOS,
    /// `%APPDATA%` on Windows, `$XDG_CONFIG_HOME` or `~/.config` elsewhere.
    AppData,
    /// The Unix configuration folder: `~/.config` on macOS, `$XDG_CONFIG_HOME` or
    /// `~/.config` elsewhere.
    Config,
    /// Codex's home: `$CODEX_HOME` when set, `~/.codex` otherwise.
    CodexHome,
    /// The current folder (a project's files).
    Project,
}

/// User-wide or per project.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// A file in the user's home or application-data folder.
    User,
    /// A file in the current folder.
    Project,
}

impl Scope {
    /// `user` or `project`.
    pub const fn name(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
        }
    }
}

/// One place a client reads its MCP configuration from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Location {
    /// The dialect of the file (detected from this path, too); `None` would be a client
    /// whose format mcpvet does not lower (every client of the table is read today).
    pub dialect: Option<Dialect>,
    /// The client's display name (`VS Code Insiders` reads the VS Code dialect).
    pub client: &'static str,
    /// The folder the path starts from.
    pub base: Base,
    /// The path below it, one component each; the last may be a pattern `*.ext` (every file
    /// of that folder whose name ends in `.ext`, as Continue's `.continue/mcpServers/*.yaml`).
    pub path: &'static [&'static str],
    /// The systems it applies to; empty for every system.
    pub only: &'static [Os],
    /// A settings file that holds much more than MCP servers (Zed, Gemini CLI,
    /// `~/.claude.json`): when it holds none, it is skipped rather than reported.
    pub shared: bool,
}

impl Location {
    /// User-wide or per project.
    pub const fn scope(&self) -> Scope {
        match self.base {
            Base::Project => Scope::Project,
            _ => Scope::User,
        }
    }

    /// Whether the client keeps this file on `os`.
    pub fn applies_to(&self, os: Os) -> bool {
        self.only.is_empty() || self.only.contains(&os)
    }

    /// The file-name suffix when the last component is a pattern `*.ext` (`.ext`).
    pub fn pattern_suffix(&self) -> Option<&'static str> {
        self.path.last().and_then(|last| last.strip_prefix('*'))
    }
}

/// Whether `name` (a file name) matches the pattern `*<suffix>`, ignoring case.
pub fn matches_pattern(name: &str, suffix: &str) -> bool {
    name.len() > suffix.len()
        && name.is_char_boundary(name.len() - suffix.len())
        && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
        && !name.starts_with('.')
}

const fn user(
    dialect: Dialect,
    client: &'static str,
    base: Base,
    path: &'static [&'static str],
    shared: bool,
) -> Location {
    Location {
        dialect: Some(dialect),
        client,
        base,
        path,
        only: &[],
        shared,
    }
}

const fn project(
    dialect: Dialect,
    client: &'static str,
    path: &'static [&'static str],
    shared: bool,
) -> Location {
    user(dialect, client, Base::Project, path, shared)
}

/// Every place to look, user files first, then a project's files, in the order
/// `mcpvet config` lists them.
pub const LOCATIONS: &[Location] = &[
    user(
        Dialect::ClaudeDesktop,
        "Claude Desktop",
        Base::AppData,
        &["Claude", "claude_desktop_config.json"],
        false,
    ),
    user(
        Dialect::ClaudeCode,
        "Claude Code",
        Base::Home,
        &[".claude.json"],
        true,
    ),
    user(
        Dialect::Cursor,
        "Cursor",
        Base::Home,
        &[".cursor", "mcp.json"],
        false,
    ),
    user(
        Dialect::Windsurf,
        "Windsurf",
        Base::Home,
        &[".codeium", "windsurf", "mcp_config.json"],
        false,
    ),
    user(
        Dialect::Gemini,
        "Gemini CLI",
        Base::Home,
        &[".gemini", "settings.json"],
        true,
    ),
    user(
        Dialect::VsCode,
        "VS Code",
        Base::AppData,
        &["Code", "User", "mcp.json"],
        false,
    ),
    user(
        Dialect::VsCode,
        "VS Code Insiders",
        Base::AppData,
        &["Code - Insiders", "User", "mcp.json"],
        false,
    ),
    user(
        Dialect::Cline,
        "Cline",
        Base::AppData,
        &[
            "Code",
            "User",
            "globalStorage",
            "saoudrizwan.claude-dev",
            "settings",
            "cline_mcp_settings.json",
        ],
        false,
    ),
    user(
        Dialect::Roo,
        "Roo Code",
        Base::AppData,
        &[
            "Code",
            "User",
            "globalStorage",
            "rooveterinaryinc.roo-cline",
            "settings",
            "mcp_settings.json",
        ],
        false,
    ),
    Location {
        only: &[Os::Linux, Os::Macos],
        ..user(
            Dialect::Zed,
            "Zed",
            Base::Config,
            &["zed", "settings.json"],
            true,
        )
    },
    Location {
        only: &[Os::Windows],
        ..user(
            Dialect::Zed,
            "Zed",
            Base::AppData,
            &["Zed", "settings.json"],
            true,
        )
    },
    user(
        Dialect::Kiro,
        "Kiro",
        Base::Home,
        &[".kiro", "settings", "mcp.json"],
        false,
    ),
    user(
        Dialect::AmazonQ,
        "Amazon Q",
        Base::Home,
        &[".aws", "amazonq", "mcp.json"],
        false,
    ),
    // opencode keeps `~/.config/opencode` on every system (XDG paths, also on Windows).
    user(
        Dialect::OpenCode,
        "opencode",
        Base::Config,
        &["opencode", "opencode.json"],
        true,
    ),
    user(
        Dialect::OpenCode,
        "opencode",
        Base::Config,
        &["opencode", "opencode.jsonc"],
        true,
    ),
    user(
        Dialect::OpenCode,
        "opencode",
        Base::Home,
        &[".agents", "mcp.json"],
        false,
    ),
    user(
        Dialect::CopilotCli,
        "Copilot CLI",
        Base::Home,
        &[".copilot", "mcp-config.json"],
        false,
    ),
    Location {
        only: &[Os::Windows],
        ..user(
            Dialect::VisualStudio,
            "Visual Studio",
            Base::Home,
            &[".mcp.json"],
            false,
        )
    },
    user(
        Dialect::Junie,
        "Junie",
        Base::Home,
        &[".junie", "mcp", "mcp.json"],
        false,
    ),
    user(
        Dialect::LmStudio,
        "LM Studio",
        Base::Home,
        &[".lmstudio", "mcp.json"],
        false,
    ),
    user(
        Dialect::Codex,
        "Codex",
        Base::CodexHome,
        &["config.toml"],
        true,
    ),
    user(
        Dialect::Continue,
        "Continue",
        Base::Home,
        &[".continue", "config.yaml"],
        true,
    ),
    user(
        Dialect::Continue,
        "Continue",
        Base::Home,
        &[".continue", "mcpServers", "*.yaml"],
        false,
    ),
    user(
        Dialect::Continue,
        "Continue",
        Base::Home,
        &[".continue", "mcpServers", "*.yml"],
        false,
    ),
    user(
        Dialect::Continue,
        "Continue",
        Base::Home,
        &[".continue", "mcpServers", "*.json"],
        false,
    ),
    // Goose keeps `~/.config/goose` on Linux and macOS (its `etcetera` choose_app_strategy
    // with the XDG layout), `%APPDATA%\Block\goose\config` on Windows.
    Location {
        only: &[Os::Linux, Os::Macos],
        ..user(
            Dialect::Goose,
            "Goose",
            Base::Config,
            &["goose", "config.yaml"],
            true,
        )
    },
    Location {
        only: &[Os::Windows],
        ..user(
            Dialect::Goose,
            "Goose",
            Base::AppData,
            &["Block", "goose", "config", "config.yaml"],
            true,
        )
    },
    // `.mcp.json` is read by Claude Code, Copilot CLI and Visual Studio; its content decides.
    project(
        Dialect::ClaudeCode,
        "Claude Code, Copilot CLI, Visual Studio",
        &[".mcp.json"],
        false,
    ),
    project(Dialect::VsCode, "VS Code", &[".vscode", "mcp.json"], false),
    project(Dialect::Cursor, "Cursor", &[".cursor", "mcp.json"], false),
    project(
        Dialect::Gemini,
        "Gemini CLI",
        &[".gemini", "settings.json"],
        true,
    ),
    project(Dialect::Zed, "Zed", &[".zed", "settings.json"], true),
    project(Dialect::Roo, "Roo Code", &[".roo", "mcp.json"], false),
    project(
        Dialect::Kiro,
        "Kiro",
        &[".kiro", "settings", "mcp.json"],
        false,
    ),
    project(
        Dialect::AmazonQ,
        "Amazon Q",
        &[".amazonq", "mcp.json"],
        false,
    ),
    project(Dialect::OpenCode, "opencode", &["opencode.json"], true),
    project(Dialect::OpenCode, "opencode", &["opencode.jsonc"], true),
    project(
        Dialect::OpenCode,
        "opencode",
        &[".agents", "mcp.json"],
        false,
    ),
    project(
        Dialect::CopilotCli,
        "Copilot CLI",
        &[".github", "mcp.json"],
        false,
    ),
    project(
        Dialect::VisualStudio,
        "Visual Studio",
        &[".vs", "mcp.json"],
        false,
    ),
    project(
        Dialect::Junie,
        "Junie",
        &[".junie", "mcp", "mcp.json"],
        false,
    ),
    project(Dialect::Codex, "Codex", &[".codex", "config.toml"], true),
    project(
        Dialect::Continue,
        "Continue",
        &[".continue", "mcpServers", "*.yaml"],
        false,
    ),
    project(
        Dialect::Continue,
        "Continue",
        &[".continue", "mcpServers", "*.yml"],
        false,
    ),
    project(
        Dialect::Continue,
        "Continue",
        &[".continue", "mcpServers", "*.json"],
        false,
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::dialect_from_path;

    /// The table and the dialect detection agree: a file found at a client's place is read
    /// as that client's, under any base folder.
    #[test]
    fn every_location_is_detected_as_its_client() {
        for location in LOCATIONS {
            let Some(dialect) = location.dialect else {
                continue;
            };
            assert!(location.client.starts_with(dialect.client_name()));
            // `.mcp.json` is named by Claude Code; Visual Studio's is told by its content.
            if location.path == [".mcp.json"] && dialect != Dialect::ClaudeCode {
                continue;
            }
            for base in [
                "/home/me",
                "C:/Users/me/AppData/Roaming",
                "/Users/me/Library/Application Support",
                ".",
            ] {
                let path = format!("{base}/{}", location.path.join("/").replace('*', "x"));
                assert_eq!(dialect_from_path(&path), Some(dialect), "{path}");
            }
        }
        for os in Os::ALL {
            let zed = LOCATIONS
                .iter()
                .filter(|l| l.dialect == Some(Dialect::Zed) && l.scope() == Scope::User)
                .filter(|l| l.applies_to(os))
                .count();
            assert_eq!(zed, 1, "{os:?}");
        }
        assert!(matches_pattern("github.yaml", ".yaml"));
        assert!(matches_pattern("A.YAML", ".yaml"));
        assert!(!matches_pattern(".yaml", ".yaml"));
        assert!(!matches_pattern(".hidden.yaml", ".yaml"));
        assert!(!matches_pattern("x.yml", ".yaml"));
        let patterns: Vec<&str> = LOCATIONS
            .iter()
            .filter_map(Location::pattern_suffix)
            .collect();
        assert_eq!(
            patterns,
            [".yaml", ".yml", ".json", ".yaml", ".yml", ".json"]
        );
    }
}
