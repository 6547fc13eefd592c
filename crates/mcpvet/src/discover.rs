//! The MCP configurations of this machine: the clients' places
//! ([`mcpvet_ast::config::locations`]) joined with the environment, what `mcpvet config`
//! inspects when no PATH is given.
//!
//! The list is computed from the environment alone ([`Env`]), so tests point `HOME`,
//! `APPDATA` and `XDG_CONFIG_HOME` at a scratch folder and never see the real home.
use std::collections::HashSet;
use std::path::{Path, PathBuf};

use mcpvet_ast::config::locations::{Base, LOCATIONS, Os, Scope, matches_pattern};

/// The system mcpvet runs on.
pub(crate) fn current_os() -> Os {
    if cfg!(target_os = "macos") {
        Os::Macos
    } else if cfg!(windows) {
        Os::Windows
    } else {
        Os::Linux
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
    /// `CODEX_HOME` (Codex's folder, `~/.codex` when unset), when set to an absolute path.
    pub(crate) codex_home: Option<PathBuf>,
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
            codex_home: var("CODEX_HOME").filter(|p| p.is_absolute()),
        }
    }
}

/// One place a client reads its configuration from, on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Candidate {
    /// Absolute for user files, relative to the current folder for project files; its last
    /// component may be a pattern `*.ext` (a folder of files, see [`look`]).
    pub(crate) path: PathBuf,
    /// The client's name.
    pub(crate) client: &'static str,
    /// User-wide or per project.
    pub(crate) scope: Scope,
    /// A settings file that holds much more than MCP servers (Zed, Gemini CLI,
    /// `~/.claude.json`): when it holds none, it is skipped rather than reported.
    pub(crate) shared: bool,
}

/// Every place to look on `os` ([`LOCATIONS`], in its order), joined with the folders of
/// `env`; a place whose base folder is unknown (no home) is left out.
pub(crate) fn candidates(os: Os, env: &Env) -> Vec<Candidate> {
    let home = env.home.as_deref();
    let config = env
        .xdg_config_home
        .clone()
        .filter(|_| os == Os::Linux)
        .or_else(|| home.map(|h| h.join(".config")));
    let app_data: Option<PathBuf> = match os {
        Os::Macos => home.map(|h| h.join("Library").join("Application Support")),
        Os::Windows => env.appdata.clone(),
        Os::Linux => config.clone(),
    };
    LOCATIONS
        .iter()
        .filter(|l| l.applies_to(os))
        .filter_map(|l| {
            let base = match l.base {
                Base::Home => home?.to_owned(),
                Base::AppData => app_data.clone()?,
                Base::Config => config.clone()?,
                Base::CodexHome => env
                    .codex_home
                    .clone()
                    .or_else(|| home.map(|h| h.join(".codex")))?,
                Base::Project => PathBuf::new(),
            };
            Some(Candidate {
                path: l.path.iter().fold(base, |p, part| p.join(part)),
                client: l.client,
                scope: l.scope(),
                shared: l.shared,
            })
        })
        .collect()
}

/// The suffix of a pattern file name `*.ext` (`.ext`).
fn pattern_suffix(path: &Path) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix('*').map(str::to_owned)
}

/// The files a candidate stands for on this machine: the file itself when it exists, or for
/// a pattern `folder/*.ext` every file of `folder` whose name ends in `.ext`, sorted.
pub(crate) fn look(candidate: &Candidate) -> Vec<PathBuf> {
    let Some(suffix) = pattern_suffix(&candidate.path) else {
        return if candidate.path.is_file() {
            vec![candidate.path.clone()]
        } else {
            Vec::new()
        };
    };
    let folder = candidate.path.parent().unwrap_or_else(|| Path::new(""));
    let Ok(entries) = std::fs::read_dir(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    }) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_name()
                .to_str()
                .is_some_and(|n| matches_pattern(n, &suffix))
        })
        .map(|e| folder.join(e.file_name()))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found
}

/// The candidates that exist as files (a pattern replaced by each file it matches), each file
/// once (the same file reached twice, as when the current folder is the home folder, is kept
/// at its first place).
pub(crate) fn existing(candidates: Vec<Candidate>) -> Vec<Candidate> {
    let mut seen: HashSet<PathBuf> = HashSet::new();
    candidates
        .into_iter()
        .flat_map(|c| {
            look(&c)
                .into_iter()
                .map(move |path| Candidate { path, ..c.clone() })
        })
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

    const PROJECT: [&str; 18] = [
        ".mcp.json [Claude Code, Copilot CLI, Visual Studio, project]",
        ".vscode/mcp.json [VS Code, project]",
        ".cursor/mcp.json [Cursor, project]",
        ".gemini/settings.json [Gemini CLI, project, shared]",
        ".zed/settings.json [Zed, project, shared]",
        ".roo/mcp.json [Roo Code, project]",
        ".kiro/settings/mcp.json [Kiro, project]",
        ".amazonq/mcp.json [Amazon Q, project]",
        "opencode.json [opencode, project, shared]",
        "opencode.jsonc [opencode, project, shared]",
        ".agents/mcp.json [opencode, project]",
        ".github/mcp.json [Copilot CLI, project]",
        ".vs/mcp.json [Visual Studio, project]",
        ".junie/mcp/mcp.json [Junie, project]",
        ".codex/config.toml [Codex, project, shared]",
        ".continue/mcpServers/*.yaml [Continue, project]",
        ".continue/mcpServers/*.yml [Continue, project]",
        ".continue/mcpServers/*.json [Continue, project]",
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
            codex_home: None,
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
                "/home/me/.config/opencode/opencode.json [opencode, user, shared]",
                "/home/me/.config/opencode/opencode.jsonc [opencode, user, shared]",
                "/home/me/.agents/mcp.json [opencode, user]",
                "/home/me/.copilot/mcp-config.json [Copilot CLI, user]",
                "/home/me/.junie/mcp/mcp.json [Junie, user]",
                "/home/me/.lmstudio/mcp.json [LM Studio, user]",
                "/home/me/.codex/config.toml [Codex, user, shared]",
                "/home/me/.continue/config.yaml [Continue, user, shared]",
                "/home/me/.continue/mcpServers/*.yaml [Continue, user]",
                "/home/me/.continue/mcpServers/*.yml [Continue, user]",
                "/home/me/.continue/mcpServers/*.json [Continue, user]",
                "/home/me/.config/goose/config.yaml [Goose, user, shared]",
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
        // CODEX_HOME moves Codex's folder.
        let codex = Env {
            codex_home: Some("/opt/codex".into()),
            ..xdg
        };
        let list = paths(Os::Linux, &codex);
        assert!(list.contains(&"/opt/codex/config.toml [Codex, user, shared]".to_owned()));
        assert!(!list.iter().any(|p| p.contains("/home/me/.codex")));
    }

    #[test]
    fn macos() {
        let env = Env {
            home: Some("/Users/me".into()),
            appdata: None,
            xdg_config_home: Some("/ignored".into()),
            codex_home: None,
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
                "/Users/me/.config/opencode/opencode.json [opencode, user, shared]",
                "/Users/me/.config/opencode/opencode.jsonc [opencode, user, shared]",
                "/Users/me/.agents/mcp.json [opencode, user]",
                "/Users/me/.copilot/mcp-config.json [Copilot CLI, user]",
                "/Users/me/.junie/mcp/mcp.json [Junie, user]",
                "/Users/me/.lmstudio/mcp.json [LM Studio, user]",
                "/Users/me/.codex/config.toml [Codex, user, shared]",
                "/Users/me/.continue/config.yaml [Continue, user, shared]",
                "/Users/me/.continue/mcpServers/*.yaml [Continue, user]",
                "/Users/me/.continue/mcpServers/*.yml [Continue, user]",
                "/Users/me/.continue/mcpServers/*.json [Continue, user]",
                "/Users/me/.config/goose/config.yaml [Goose, user, shared]",
            ])
        );
    }

    #[test]
    fn windows() {
        let env = Env {
            home: Some(PathBuf::from("C:/Users/me")),
            appdata: Some(PathBuf::from("C:/Users/me/AppData/Roaming")),
            xdg_config_home: None,
            codex_home: None,
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
                "C:/Users/me/.config/opencode/opencode.json [opencode, user, shared]",
                "C:/Users/me/.config/opencode/opencode.jsonc [opencode, user, shared]",
                "C:/Users/me/.agents/mcp.json [opencode, user]",
                "C:/Users/me/.copilot/mcp-config.json [Copilot CLI, user]",
                "C:/Users/me/.mcp.json [Visual Studio, user]",
                "C:/Users/me/.junie/mcp/mcp.json [Junie, user]",
                "C:/Users/me/.lmstudio/mcp.json [LM Studio, user]",
                "C:/Users/me/.codex/config.toml [Codex, user, shared]",
                "C:/Users/me/.continue/config.yaml [Continue, user, shared]",
                "C:/Users/me/.continue/mcpServers/*.yaml [Continue, user]",
                "C:/Users/me/.continue/mcpServers/*.yml [Continue, user]",
                "C:/Users/me/.continue/mcpServers/*.json [Continue, user]",
                "C:/Users/me/AppData/Roaming/Block/goose/config/config.yaml [Goose, user, shared]",
            ])
        );
    }

    #[test]
    fn no_home_means_project_files_only() {
        assert_eq!(paths(Os::Linux, &Env::default()), with_project(&[]));
    }
}
