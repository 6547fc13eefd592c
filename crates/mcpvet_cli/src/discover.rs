//! Where each client keeps its MCP configuration, per operating system: what
//! `mcpvet config` inspects when no PATH is given.
//!
//! The list is computed from the environment alone ([`Env`]), so tests point `HOME`,
//! `APPDATA` and `XDG_CONFIG_HOME` at a scratch folder and never see the real home.
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The operating systems whose layouts differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Os {
    /// Linux and other Unix systems (XDG layout).
    Linux,
    /// macOS.
    Macos,
    /// Windows.
    Windows,
}

impl Os {
    /// The system mcpvet runs on.
    pub(crate) fn current() -> Self {
        if cfg!(target_os = "macos") {
            Os::Macos
        } else if cfg!(windows) {
            Os::Windows
        } else {
            Os::Linux
        }
    }
}

/// The environment variables discovery reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct Env {
    /// The home folder: `HOME` (`USERPROFILE` on Windows when `HOME` is not set).
    pub(crate) home: Option<PathBuf>,
    /// `APPDATA` (Windows: the roaming application-data folder).
    pub(crate) appdata: Option<PathBuf>,
    /// `XDG_CONFIG_HOME` (Linux), when set to an absolute path.
    pub(crate) xdg_config_home: Option<PathBuf>,
}

impl Env {
    /// Reads the process environment.
    pub(crate) fn from_process(os: Os) -> Self {
        let var = |name: &str| -> Option<PathBuf> {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let home = var("HOME").or_else(|| {
            if os == Os::Windows {
                var("USERPROFILE")
            } else {
                None
            }
        });
        Env {
            home,
            appdata: var("APPDATA"),
            xdg_config_home: var("XDG_CONFIG_HOME").filter(|p| p.is_absolute()),
        }
    }
}

/// User-wide or per project.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// A file in the user's home or application-data folder.
    User,
    /// A file in the current folder.
    Project,
}

impl Scope {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Scope::User => "user",
            Scope::Project => "project",
        }
    }
}

/// One place a client reads its configuration from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// Absolute for user files, relative to the current folder for project files.
    pub(crate) path: PathBuf,
    /// The client's name.
    pub(crate) client: &'static str,
    /// User-wide or per project.
    pub(crate) scope: Scope,
    /// A settings file that holds much more than MCP servers (Zed, Gemini CLI,
    /// `~/.claude.json`): when it holds none, it is skipped rather than reported.
    pub(crate) shared: bool,
}

/// Every place to look on `os`, user files first, then the current folder's project files.
pub(crate) fn candidates(os: Os, env: &Env) -> Vec<Candidate> {
    let mut out = Vec::new();
    let mut user = |path: PathBuf, client: &'static str, shared: bool| {
        out.push(Candidate {
            path,
            client,
            scope: Scope::User,
            shared,
        });
    };
    let home = env.home.as_deref();
    // Where applications keep their settings: Claude Desktop, VS Code and its extensions.
    let app_data: Option<PathBuf> = match os {
        Os::Macos => home.map(|h| h.join("Library").join("Application Support")),
        Os::Windows => env.appdata.clone(),
        Os::Linux => env
            .xdg_config_home
            .clone()
            .or_else(|| home.map(|h| h.join(".config"))),
    };
    if let Some(dir) = &app_data {
        user(
            dir.join("Claude").join("claude_desktop_config.json"),
            "Claude Desktop",
            false,
        );
    }
    if let Some(h) = home {
        user(h.join(".claude.json"), "Claude Code", true);
        user(h.join(".cursor").join("mcp.json"), "Cursor", false);
        user(
            h.join(".codeium").join("windsurf").join("mcp_config.json"),
            "Windsurf",
            false,
        );
        user(h.join(".gemini").join("settings.json"), "Gemini CLI", true);
    }
    if let Some(dir) = &app_data {
        for (product, client) in [("Code", "VS Code"), ("Code - Insiders", "VS Code Insiders")] {
            user(
                dir.join(product).join("User").join("mcp.json"),
                client,
                false,
            );
        }
        let storage = dir.join("Code").join("User").join("globalStorage");
        user(
            storage
                .join("saoudrizwan.claude-dev")
                .join("settings")
                .join("cline_mcp_settings.json"),
            "Cline",
            false,
        );
        user(
            storage
                .join("rooveterinaryinc.roo-cline")
                .join("settings")
                .join("mcp_settings.json"),
            "Roo Code",
            false,
        );
    }
    // Zed: `~/.config/zed` on macOS and Linux (XDG_CONFIG_HOME honoured on Linux),
    // `%APPDATA%\Zed` on Windows.
    let zed = match os {
        Os::Windows => env.appdata.as_ref().map(|d| d.join("Zed")),
        Os::Macos => home.map(|h| h.join(".config").join("zed")),
        Os::Linux => app_data.as_ref().map(|d| d.join("zed")),
    };
    if let Some(dir) = zed {
        user(dir.join("settings.json"), "Zed", true);
    }
    if let Some(h) = home {
        user(
            h.join(".kiro").join("settings").join("mcp.json"),
            "Kiro",
            false,
        );
        user(
            h.join(".aws").join("amazonq").join("mcp.json"),
            "Amazon Q",
            false,
        );
    }
    let project: [(&[&str], &'static str, bool); 8] = [
        (&[".mcp.json"], "Claude Code", false),
        (&[".vscode", "mcp.json"], "VS Code", false),
        (&[".cursor", "mcp.json"], "Cursor", false),
        (&[".gemini", "settings.json"], "Gemini CLI", true),
        (&[".zed", "settings.json"], "Zed", true),
        (&[".roo", "mcp.json"], "Roo Code", false),
        (&[".kiro", "settings", "mcp.json"], "Kiro", false),
        (&[".amazonq", "mcp.json"], "Amazon Q", false),
    ];
    for (parts, client, shared) in project {
        out.push(Candidate {
            path: parts.iter().collect(),
            client,
            scope: Scope::Project,
            shared,
        });
    }
    out
}

/// The candidates that exist as files, each file once (the same file reached twice, as when
/// the current folder is the home folder, is kept at its first place).
pub(crate) fn existing(candidates: Vec<Candidate>) -> Vec<Candidate> {
    let mut seen: HashSet<PathBuf> = HashSet::new();
    candidates
        .into_iter()
        .filter(|c| c.path.is_file())
        .filter(|c| seen.insert(identity(&c.path)))
        .collect()
}

fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned())
}

/// A path for messages: lossy, control characters replaced.
pub(crate) fn display(path: &Path) -> String {
    path.to_string_lossy()
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(os: Os, env: &Env) -> Vec<String> {
        candidates(os, env)
            .into_iter()
            .map(|c| {
                format!(
                    "{} [{}, {}{}]",
                    c.path.to_string_lossy().replace('\\', "/"),
                    c.client,
                    c.scope.name(),
                    if c.shared { ", shared" } else { "" }
                )
            })
            .collect()
    }

    const PROJECT: [&str; 8] = [
        ".mcp.json [Claude Code, project]",
        ".vscode/mcp.json [VS Code, project]",
        ".cursor/mcp.json [Cursor, project]",
        ".gemini/settings.json [Gemini CLI, project, shared]",
        ".zed/settings.json [Zed, project, shared]",
        ".roo/mcp.json [Roo Code, project]",
        ".kiro/settings/mcp.json [Kiro, project]",
        ".amazonq/mcp.json [Amazon Q, project]",
    ];

    fn with_project(user: &[&str]) -> Vec<String> {
        user.iter()
            .chain(PROJECT.iter())
            .map(|s| (*s).to_owned())
            .collect()
    }

    #[test]
    fn linux() {
        let env = Env {
            home: Some("/home/me".into()),
            appdata: None,
            xdg_config_home: None,
        };
        assert_eq!(
            paths(Os::Linux, &env),
            with_project(&[
                "/home/me/.config/Claude/claude_desktop_config.json [Claude Desktop, user]",
                "/home/me/.claude.json [Claude Code, user, shared]",
                "/home/me/.cursor/mcp.json [Cursor, user]",
                "/home/me/.codeium/windsurf/mcp_config.json [Windsurf, user]",
                "/home/me/.gemini/settings.json [Gemini CLI, user, shared]",
                "/home/me/.config/Code/User/mcp.json [VS Code, user]",
                "/home/me/.config/Code - Insiders/User/mcp.json [VS Code Insiders, user]",
                "/home/me/.config/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json [Cline, user]",
                "/home/me/.config/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json [Roo Code, user]",
                "/home/me/.config/zed/settings.json [Zed, user, shared]",
                "/home/me/.kiro/settings/mcp.json [Kiro, user]",
                "/home/me/.aws/amazonq/mcp.json [Amazon Q, user]",
            ])
        );
        // XDG_CONFIG_HOME moves the application-data files.
        let xdg = Env {
            xdg_config_home: Some("/cfg".into()),
            ..env
        };
        let list = paths(Os::Linux, &xdg);
        assert!(list.contains(&"/cfg/zed/settings.json [Zed, user, shared]".to_owned()));
        assert!(list.contains(&"/cfg/Code/User/mcp.json [VS Code, user]".to_owned()));
        assert!(list.contains(&"/home/me/.cursor/mcp.json [Cursor, user]".to_owned()));
    }

    #[test]
    fn macos() {
        let env = Env {
            home: Some("/Users/me".into()),
            appdata: None,
            xdg_config_home: Some("/ignored".into()),
        };
        assert_eq!(
            paths(Os::Macos, &env),
            with_project(&[
                "/Users/me/Library/Application Support/Claude/claude_desktop_config.json [Claude Desktop, user]",
                "/Users/me/.claude.json [Claude Code, user, shared]",
                "/Users/me/.cursor/mcp.json [Cursor, user]",
                "/Users/me/.codeium/windsurf/mcp_config.json [Windsurf, user]",
                "/Users/me/.gemini/settings.json [Gemini CLI, user, shared]",
                "/Users/me/Library/Application Support/Code/User/mcp.json [VS Code, user]",
                "/Users/me/Library/Application Support/Code - Insiders/User/mcp.json [VS Code Insiders, user]",
                "/Users/me/Library/Application Support/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json [Cline, user]",
                "/Users/me/Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json [Roo Code, user]",
                "/Users/me/.config/zed/settings.json [Zed, user, shared]",
                "/Users/me/.kiro/settings/mcp.json [Kiro, user]",
                "/Users/me/.aws/amazonq/mcp.json [Amazon Q, user]",
            ])
        );
    }

    #[test]
    fn windows() {
        let env = Env {
            home: Some(PathBuf::from("C:/Users/me")),
            appdata: Some(PathBuf::from("C:/Users/me/AppData/Roaming")),
            xdg_config_home: None,
        };
        assert_eq!(
            paths(Os::Windows, &env),
            with_project(&[
                "C:/Users/me/AppData/Roaming/Claude/claude_desktop_config.json [Claude Desktop, user]",
                "C:/Users/me/.claude.json [Claude Code, user, shared]",
                "C:/Users/me/.cursor/mcp.json [Cursor, user]",
                "C:/Users/me/.codeium/windsurf/mcp_config.json [Windsurf, user]",
                "C:/Users/me/.gemini/settings.json [Gemini CLI, user, shared]",
                "C:/Users/me/AppData/Roaming/Code/User/mcp.json [VS Code, user]",
                "C:/Users/me/AppData/Roaming/Code - Insiders/User/mcp.json [VS Code Insiders, user]",
                "C:/Users/me/AppData/Roaming/Code/User/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json [Cline, user]",
                "C:/Users/me/AppData/Roaming/Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json [Roo Code, user]",
                "C:/Users/me/AppData/Roaming/Zed/settings.json [Zed, user, shared]",
                "C:/Users/me/.kiro/settings/mcp.json [Kiro, user]",
                "C:/Users/me/.aws/amazonq/mcp.json [Amazon Q, user]",
            ])
        );
    }

    #[test]
    fn no_home_means_project_files_only() {
        assert_eq!(paths(Os::Linux, &Env::default()), with_project(&[]));
    }

    #[test]
    fn every_user_file_is_detected_as_its_client() {
        use mcpvet_ast::config::dialect_from_path;
        for os in [Os::Linux, Os::Macos, Os::Windows] {
            let env = Env {
                home: Some("/h".into()),
                appdata: Some("/h/AppData/Roaming".into()),
                xdg_config_home: None,
            };
            for c in candidates(os, &env) {
                let path = c.path.to_string_lossy().replace('\\', "/");
                let dialect = dialect_from_path(&path);
                assert!(
                    dialect.is_some_and(|d| c.client.starts_with(d.client_name())),
                    "{path}: {dialect:?} for {}",
                    c.client
                );
            }
        }
    }
}
