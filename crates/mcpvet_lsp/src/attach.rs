//! Which documents the server reads, decided from their path alone, and how.
//!
//! The names are the command line's: a client configuration is a file whose path names a
//! client ([`mcpvet_ast::config::dialect_from_path`], the names `mcpvet config` finds and
//! detects dialects from), or an `mcp.json` anywhere (shared by several clients, the
//! content decides which), and is read as a configuration, as `mcpvet config` reads it; a
//! server definition is `server.json` or `manifest.json` (what `mcpvet server` reads when no
//! path is given); a captured session or run log is a `.jsonl`, `.ndjson`, `.har` or `.log`
//! file. Definitions and captures are read as what their content shows, as `mcpvet check`
//! decides. Any other document gets no diagnostics.
//!
//! Some of these names are not MCP's alone: a shared settings file (`.vscode/settings.json`,
//! Zed's and Gemini CLI's `settings.json`, `~/.claude.json`, `opencode.json`, Codex's
//! `config.toml`, Continue's and Goose's `config.yaml`), a log, a `.jsonl` file, a
//! `manifest.json`. Such a document that holds no MCP artifact gets no diagnostics, as
//! `mcpvet config` skips a shared settings file without servers ([`Gate`]).
use mcpvet_ast::InputKind;
use mcpvet_ast::config::dialect_from_path;
use mcpvet_ast::config::locations::LOCATIONS;

/// How a document is read: decided by [`attach`] from its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attachment {
    /// What to read it as: `Some(InputKind::Config)` for a client's configuration file;
    /// `None` to decide from the content ([`mcpvet_ast::kind::detect`]).
    pub kind: Option<InputKind>,
    /// When its findings are shown.
    pub gate: Gate,
}

/// When the findings of an attached document are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// Always: the name is MCP's alone (`.vscode/mcp.json`, `claude_desktop_config.json`).
    Always,
    /// Only when the document holds an MCP artifact: servers, messages or a definition (a
    /// document with `not-an-mcp-file`, MCP010, and nothing read gets none).
    WhenMcp,
    /// As [`Gate::WhenMcp`], and a `manifest.json` must have a root `server` member (every
    /// MCPB manifest has one; a browser extension's manifest has none).
    Manifest,
}

/// File extensions of captured sessions and run logs.
const CAPTURE_EXTENSIONS: &[&str] = &["jsonl", "ndjson", "har", "log"];

/// How the document at `path` (a file path, `/` or `\` separated) is read, or `None` when
/// mcpvet does not read such a file.
///
/// ```
/// use mcpvet_ast::InputKind;
/// use mcpvet_lsp::{Gate, attach};
///
/// let vscode = attach("app/.vscode/mcp.json").unwrap();
/// assert_eq!((vscode.kind, vscode.gate), (Some(InputKind::Config), Gate::Always));
/// let codex = attach("home/.codex/config.toml").unwrap();
/// assert_eq!((codex.kind, codex.gate), (Some(InputKind::Config), Gate::WhenMcp));
/// assert_eq!(attach("captures/session.jsonl").unwrap().kind, None);
/// assert_eq!(attach("app/package.json"), None);
/// ```
pub fn attach(path: &str) -> Option<Attachment> {
    let name = path.rsplit(['/', '\\']).next().unwrap_or_default();
    if name.is_empty() {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    // A bare `mcp.json` is shared by several clients: its content decides the dialect.
    if dialect_from_path(path).is_some() || lower == "mcp.json" {
        return Some(Attachment {
            kind: Some(InputKind::Config),
            gate: if is_shared_name(&lower) {
                Gate::WhenMcp
            } else {
                Gate::Always
            },
        });
    }
    let gate = match lower.as_str() {
        "server.json" => Gate::WhenMcp,
        "manifest.json" => Gate::Manifest,
        _ => {
            let (_, extension) = lower.rsplit_once('.')?;
            if !CAPTURE_EXTENSIONS.contains(&extension) {
                return None;
            }
            Gate::WhenMcp
        }
    };
    Some(Attachment { kind: None, gate })
}

/// Whether `name` (lower case) is the file name of a shared settings file of the clients'
/// places ([`LOCATIONS`]: `settings.json`, `.claude.json`, `config.toml`...).
fn is_shared_name(name: &str) -> bool {
    let name = name
        .strip_suffix(".jsonc")
        .map_or_else(|| name.to_owned(), |stem| format!("{stem}.json"));
    LOCATIONS.iter().filter(|l| l.shared).any(|l| {
        l.path.last().is_some_and(|last| {
            let last = last.to_ascii_lowercase();
            let last = last
                .strip_suffix(".jsonc")
                .map_or_else(|| last.clone(), |stem| format!("{stem}.json"));
            last == name
        })
    })
}

/// The file path a document URI names: the percent-decoded path of a `file:` URI (`/c:/x`
/// for a Windows drive), or the URI's path for another scheme (`untitled:` documents have
/// no file name, so nothing attaches to them unless their path has one).
pub(crate) fn uri_path(uri: &lsp_types::Uri) -> String {
    percent_decode(uri.path().as_str())
}

/// `text` with every `%XX` escape decoded; an invalid escape, or bytes that are not UTF-8,
/// are kept as written (lossily).
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).and_then(|b| hex(*b)),
                bytes.get(i + 2).and_then(|b| hex(*b)),
            )
        {
            out.push(hi * 16 + lo);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex(b: u8) -> Option<u8> {
    char::from(b).to_digit(16).map(|d| d as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind_gate(path: &str) -> Option<(Option<InputKind>, Gate)> {
        attach(path).map(|a| (a.kind, a.gate))
    }

    #[test]
    fn every_client_file_is_a_configuration() {
        for path in [
            "/home/me/Library/Application Support/Claude/claude_desktop_config.json",
            "/p/.mcp.json",
            "/p/.vscode/mcp.json",
            "/p/.cursor/mcp.json",
            "/home/me/.codeium/windsurf/mcp_config.json",
            "/p/.roo/mcp.json",
            "/p/.kiro/settings/mcp.json",
            "/p/.amazonq/mcp.json",
            "/p/.github/mcp.json",
            "/p/.vs/mcp.json",
            "/p/.junie/mcp/mcp.json",
            "/home/me/.copilot/mcp-config.json",
            "/p/.continue/mcpServers/docs.yaml",
            "/p/mcp.json",
            "C:\\Users\\me\\.cursor\\mcp.json",
        ] {
            assert_eq!(
                kind_gate(path),
                Some((Some(InputKind::Config), Gate::Always)),
                "{path}"
            );
        }
        for path in [
            "/home/me/.codex/config.toml",
            "/p/.gemini/settings.json",
            "/p/.zed/settings.json",
            "/p/.vscode/settings.json",
            "/home/me/.claude.json",
            "/p/opencode.json",
            "/p/opencode.jsonc",
            "/home/me/.config/goose/config.yaml",
            "/home/me/.continue/config.yaml",
            // Read as Codex's by name, as the command line does; shared with Cargo's.
            "/p/.cargo/config.toml",
        ] {
            assert_eq!(
                kind_gate(path),
                Some((Some(InputKind::Config), Gate::WhenMcp)),
                "{path}"
            );
        }
    }

    #[test]
    fn definitions_and_captures_are_read_by_content() {
        assert_eq!(kind_gate("/p/server.json"), Some((None, Gate::WhenMcp)));
        assert_eq!(kind_gate("/p/manifest.json"), Some((None, Gate::Manifest)));
        for path in [
            "/c/session.jsonl",
            "/c/s.NDJSON",
            "/c/capture.har",
            "/c/mcp-server-docs.log",
            "/c/run.log",
        ] {
            assert_eq!(kind_gate(path), Some((None, Gate::WhenMcp)), "{path}");
        }
    }

    #[test]
    fn other_files_are_not_read() {
        for path in [
            "/p/package.json",
            "/p/tsconfig.json",
            "/p/settings.json",
            "/p/mcp.jsonl.md",
            "/p/Cargo.toml",
            "/p/notes.md",
            "/p/",
            "Untitled-1",
            "/p/jsonl",
        ] {
            assert_eq!(attach(path), None, "{path}");
        }
    }

    #[test]
    fn file_uris_are_decoded() {
        let uri: lsp_types::Uri = "file:///home/me/My%20App/.vscode/mcp.json".parse().unwrap();
        assert_eq!(uri_path(&uri), "/home/me/My App/.vscode/mcp.json");
        let uri: lsp_types::Uri = "file:///c%3A/Users/me/.cursor/mcp.json".parse().unwrap();
        assert_eq!(uri_path(&uri), "/c:/Users/me/.cursor/mcp.json");
        assert!(attach(&uri_path(&uri)).is_some());
        assert_eq!(percent_decode("a%zzb%4"), "a%zzb%4");
        assert_eq!(percent_decode("%C3%A9"), "é");
    }
}
