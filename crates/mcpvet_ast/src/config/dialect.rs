//! Client dialects and the properties checks rely on.
use std::fmt;
use std::str::FromStr;

use mcpvet_diagnostics::Severity;

use super::expansion::{self, Expansion};
use super::roots;
use crate::vars::{VarRef, VarSyntax};

/// The client whose configuration format a file follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dialect {
    /// Claude Desktop: `claude_desktop_config.json`, `mcpServers`, stdio only, strict JSON.
    ClaudeDesktop,
    /// Claude Code: `.mcp.json` (project), `~/.claude.json` (user: `mcpServers` and
    /// `projects.<path>.mcpServers`); `type` `stdio` | `http` | `sse`.
    ClaudeCode,
    /// Cursor: `.cursor/mcp.json`; transport inferred from `command` or `url`.
    Cursor,
    /// Windsurf: `~/.codeium/windsurf/mcp_config.json`; remote servers via `serverUrl` or `url`.
    Windsurf,
    /// Gemini CLI: `.gemini/settings.json`; `command`, `url` (SSE) or `httpUrl` (Streamable
    /// HTTP).
    Gemini,
    /// VS Code: `.vscode/mcp.json` (`servers` + `inputs`, JSONC) or `settings.json`
    /// (`mcp.servers`); unknown members are errors.
    VsCode,
    /// Zed: `settings.json` `context_servers` (JSONC), in four historical shapes.
    Zed,
    /// Cline: `cline_mcp_settings.json`; `type` `stdio` | `sse` | `streamableHttp`, legacy
    /// `transportType`; a bare `url` is SSE.
    Cline,
    /// Roo Code: `.roo/mcp.json`, global `mcp_settings.json`; `alwaysAllow`.
    Roo,
    /// Kiro: `.kiro/settings/mcp.json`; `autoApprove`, `disabledTools`.
    Kiro,
    /// Amazon Q Developer: `.amazonq/mcp.json`, `~/.aws/amazonq/mcp.json`; strict JSON.
    AmazonQ,
    /// opencode: `opencode.json(c)`; `mcp` map of `type: "local"` servers (`command` as an
    /// array, `environment`) and `type: "remote"` servers (`url`, `headers`); `{env:VAR}` and
    /// `{file:path}` substitutions.
    OpenCode,
    /// GitHub Copilot CLI: `~/.copilot/mcp-config.json`, `.github/mcp.json` (and a `.mcp.json`
    /// in its shape); `mcpServers` with `type` `local` | `stdio` | `http` | `sse` and a `tools`
    /// allow-list.
    CopilotCli,
    /// Visual Studio: `.vs/mcp.json`, a solution's or the user's `.mcp.json` with `servers`.
    VisualStudio,
    /// `JetBrains` Junie: `.junie/mcp/mcp.json` (`mcpServers`, stdio servers).
    Junie,
    /// LM Studio: `~/.lmstudio/mcp.json`, in Cursor's notation.
    LmStudio,
    /// `OpenAI` Codex: `~/.codex/config.toml` (`$CODEX_HOME`), a trusted project's
    /// `.codex/config.toml`; TOML tables `[mcp_servers.NAME]` with `command` (stdio) or `url`
    /// (Streamable HTTP); no variable expansion: secrets come from the environment by name
    /// (`env_vars`, `bearer_token_env_var`, `env_http_headers`).
    Codex,
    /// Continue: block files in `.continue/mcpServers/` (YAML: `name`, `version`,
    /// `schema: v1` and a `mcpServers` list of named servers; JSON files in the Claude
    /// Desktop shape are read there too) and the `mcpServers` list of `config.yaml`;
    /// `type` `stdio` | `sse` | `streamable-http`; `${{ secrets.NAME }}` and
    /// `${{ inputs.NAME }}` templates.
    Continue,
    /// Goose: `config.yaml` (`~/.config/goose/`, `%APPDATA%\Block\goose\config\`), its
    /// `extensions` map of `type: stdio` (`cmd`, `args`, `envs`, `env_keys`) and
    /// `type: streamable_http` (`uri`, `headers`) servers, and of in-process extensions
    /// (`builtin`, `platform`, `frontend`, `inline_python`).
    Goose,
    /// A bare server object (`{"command": ..}` or `{"url": ..}`), as in server READMEs.
    SingleServer,
    /// An `mcpServers` file of an unknown client: the lowest common denominator.
    Generic,
    /// A desktop extension (MCPB) `manifest.json`: its one server is `server.mcp_config`
    /// (stdio: `command`, `args`, `env`, and `platform_overrides` per platform), where the
    /// client that installs the extension substitutes `${__dirname}`, `${user_config.KEY}`,
    /// `${HOME}` and its other variables.
    Mcpb,
}

/// Goose's extension types that are not MCP servers reached over a transport.
pub(crate) const GOOSE_IN_PROCESS_TYPES: [&str; 4] =
    ["builtin", "platform", "frontend", "inline_python"];

/// Transports a server entry can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransportKind {
    /// A local process over stdin/stdout.
    Stdio,
    /// The legacy HTTP+SSE transport (protocol 2024-11-05).
    Sse,
    /// Streamable HTTP (protocol 2025-03-26 and later).
    StreamableHttp,
}

impl TransportKind {
    /// `stdio`, `sse` or `streamable-http`.
    pub const fn name(self) -> &'static str {
        match self {
            TransportKind::Stdio => "stdio",
            TransportKind::Sse => "sse",
            TransportKind::StreamableHttp => "streamable-http",
        }
    }

    /// The transport named by a `type` (or `transportType`) value, as any client spells it:
    /// `stdio`; `sse`; `http`, `streamableHttp`, `streamable-http`, `streamable_http`.
    pub fn from_type_value(value: &str) -> Option<TransportKind> {
        match value {
            "stdio" => Some(TransportKind::Stdio),
            "sse" => Some(TransportKind::Sse),
            "http" | "streamableHttp" | "streamable-http" | "streamable_http" => {
                Some(TransportKind::StreamableHttp)
            }
            _ => None,
        }
    }
}

/// A three-way answer for documented client behaviour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Support {
    /// Documented or observed to work.
    Yes,
    /// Documented or observed not to work.
    No,
    /// Not documented either way.
    Unknown,
}

/// Which server names a client accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ServerNameRule {
    /// Any non-empty name.
    Any,
    /// No whitespace (VS Code's naming guidance: camelCase, no spaces or special
    /// characters).
    NoWhitespace,
    /// Letters, digits, `-` and `_` only (`claude mcp add` rejects anything else).
    LettersDigitsDashUnderscore,
    /// Any non-empty name, turned into a tool-name prefix by the client (Roo Code replaces
    /// whitespace with `_` and drops other characters outside letters, digits, `_` and `-`):
    /// spaces are known to work.
    Sanitized,
    /// Any non-empty name, a label the client shows as written (Continue's `name`, which
    /// its own documentation writes with spaces: `Browser search`).
    Label,
}

impl ServerNameRule {
    /// Whether `name` follows the rule.
    pub fn allows(self, name: &str) -> bool {
        !name.is_empty()
            && match self {
                ServerNameRule::Any | ServerNameRule::Sanitized | ServerNameRule::Label => true,
                ServerNameRule::NoWhitespace => !name.contains(char::is_whitespace),
                ServerNameRule::LettersDigitsDashUnderscore => name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            }
    }

    /// A short description for messages.
    pub const fn describe(self) -> &'static str {
        match self {
            ServerNameRule::Any => "any non-empty name",
            ServerNameRule::Sanitized => {
                "any non-empty name (whitespace becomes `_` in tool names, other characters are dropped)"
            }
            ServerNameRule::Label => "any non-empty name (a label, shown as written)",
            ServerNameRule::NoWhitespace => "no whitespace",
            ServerNameRule::LettersDigitsDashUnderscore => {
                "only letters, digits, hyphens and underscores"
            }
        }
    }
}

/// The `--dialect` value was not a dialect name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownDialect(pub String);

impl fmt::Display for UnknownDialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown dialect `{}`; expected one of: ", self.0)?;
        for (i, d) in Dialect::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(d.name())?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownDialect {}

impl Dialect {
    /// Every dialect, in declaration order.
    pub const ALL: [Dialect; 22] = [
        Dialect::ClaudeDesktop,
        Dialect::ClaudeCode,
        Dialect::Cursor,
        Dialect::Windsurf,
        Dialect::Gemini,
        Dialect::VsCode,
        Dialect::Zed,
        Dialect::Cline,
        Dialect::Roo,
        Dialect::Kiro,
        Dialect::AmazonQ,
        Dialect::OpenCode,
        Dialect::CopilotCli,
        Dialect::VisualStudio,
        Dialect::Junie,
        Dialect::LmStudio,
        Dialect::Codex,
        Dialect::Continue,
        Dialect::Goose,
        Dialect::SingleServer,
        Dialect::Generic,
        Dialect::Mcpb,
    ];

    /// The kebab-case name used by `--dialect` and in reports.
    pub const fn name(self) -> &'static str {
        match self {
            Dialect::ClaudeDesktop => "claude-desktop",
            Dialect::ClaudeCode => "claude-code",
            Dialect::Cursor => "cursor",
            Dialect::Windsurf => "windsurf",
            Dialect::Gemini => "gemini",
            Dialect::VsCode => "vscode",
            Dialect::Zed => "zed",
            Dialect::Cline => "cline",
            Dialect::Roo => "roo",
            Dialect::Kiro => "kiro",
            Dialect::AmazonQ => "amazon-q",
            Dialect::OpenCode => "opencode",
            Dialect::CopilotCli => "copilot-cli",
            Dialect::VisualStudio => "visual-studio",
            Dialect::Junie => "junie",
            Dialect::LmStudio => "lm-studio",
            Dialect::Codex => "codex",
            Dialect::Continue => "continue",
            Dialect::Goose => "goose",
            Dialect::SingleServer => "single-server",
            Dialect::Generic => "generic",
            Dialect::Mcpb => "mcpb",
        }
    }

    /// The product name for messages (`Claude Desktop`, `VS Code`...).
    pub const fn client_name(self) -> &'static str {
        match self {
            Dialect::ClaudeDesktop => "Claude Desktop",
            Dialect::ClaudeCode => "Claude Code",
            Dialect::Cursor => "Cursor",
            Dialect::Windsurf => "Windsurf",
            Dialect::Gemini => "Gemini CLI",
            Dialect::VsCode => "VS Code",
            Dialect::Zed => "Zed",
            Dialect::Cline => "Cline",
            Dialect::Roo => "Roo Code",
            Dialect::Kiro => "Kiro",
            Dialect::AmazonQ => "Amazon Q",
            Dialect::OpenCode => "opencode",
            Dialect::CopilotCli => "Copilot CLI",
            Dialect::VisualStudio => "Visual Studio",
            Dialect::Junie => "Junie",
            Dialect::LmStudio => "LM Studio",
            Dialect::Codex => "Codex",
            Dialect::Continue => "Continue",
            Dialect::Goose => "Goose",
            Dialect::SingleServer => "a single-server snippet",
            Dialect::Generic => "an unknown client",
            Dialect::Mcpb => "Claude Desktop extension (MCPB)",
        }
    }

    /// Parses a dialect name: the kebab-case names, case-insensitive, with `_` or spaces for
    /// `-` and a few aliases (`claude`, `desktop`, `code`, `vs-code`, `gemini-cli`, `roo-code`,
    /// `amazonq`, `q`, `copilot`, `vs`, `visualstudio`, `jetbrains`, `lmstudio`, `continue-dev`,
    /// `block-goose`, `single`,
    /// `server`, `dxt`, `mcpb-manifest`, `desktop-extension`).
    ///
    /// # Errors
    ///
    /// [`UnknownDialect`] with the text when it names no dialect.
    pub fn parse(text: &str) -> Result<Dialect, UnknownDialect> {
        let norm: String = text
            .trim()
            .chars()
            .map(|c| match c {
                '_' | ' ' => '-',
                c => c.to_ascii_lowercase(),
            })
            .collect();
        if let Some(d) = Dialect::ALL.iter().find(|d| d.name() == norm) {
            return Ok(*d);
        }
        Ok(match norm.as_str() {
            "claude" | "desktop" | "claudedesktop" => Dialect::ClaudeDesktop,
            "claudecode" => Dialect::ClaudeCode,
            "code" | "vs-code" | "vscode-insiders" | "copilot-vscode" => Dialect::VsCode,
            "gemini-cli" => Dialect::Gemini,
            "roo-code" | "roocode" => Dialect::Roo,
            "amazonq" | "q" | "q-developer" => Dialect::AmazonQ,
            "open-code" | "sst-opencode" => Dialect::OpenCode,
            "copilot" | "copilotcli" | "github-copilot-cli" | "gh-copilot" => Dialect::CopilotCli,
            "vs" | "visualstudio" | "vs2022" | "vs2026" => Dialect::VisualStudio,
            "jetbrains" | "jetbrains-junie" | "intellij" => Dialect::Junie,
            "lmstudio" | "lms" => Dialect::LmStudio,
            "codex-cli" | "openai-codex" | "openai" => Dialect::Codex,
            "continue-dev" | "continuedev" => Dialect::Continue,
            "block-goose" | "goose-cli" => Dialect::Goose,
            "single" | "server" | "singleserver" => Dialect::SingleServer,
            "dxt" | "mcpb-manifest" | "desktop-extension" => Dialect::Mcpb,
            _ => return Err(UnknownDialect(text.to_owned())),
        })
    }

    /// Whether the client reads only stdio servers from this file (Claude Desktop skips
    /// `url` entries; remote servers go through Connectors or an `mcp-remote` bridge; an
    /// MCPB `mcp_config` has only `command`, `args` and `env`; Junie documents stdio only).
    pub const fn stdio_only(self) -> bool {
        matches!(
            self,
            Dialect::ClaudeDesktop | Dialect::Mcpb | Dialect::Junie
        )
    }

    /// Whether the client can use `transport` (Zed: no SSE; Junie: stdio only, as its
    /// documentation says; Goose keeps `type: sse` entries only for compatibility and
    /// connects to none).
    pub const fn supports(self, transport: TransportKind) -> Support {
        match (self, transport) {
            (_, TransportKind::Stdio) => Support::Yes,
            (Dialect::ClaudeDesktop | Dialect::Mcpb | Dialect::Junie, _)
            | (Dialect::Zed | Dialect::Codex | Dialect::Goose, TransportKind::Sse) => Support::No,
            (Dialect::Generic | Dialect::SingleServer | Dialect::AmazonQ, _)
            | (Dialect::LmStudio, TransportKind::Sse) => Support::Unknown,
            _ => Support::Yes,
        }
    }

    /// The transport a `type` value names in this client: opencode's `local` (stdio) and
    /// `remote` (Streamable HTTP, with SSE fallback), Copilot CLI's `local` (stdio), and
    /// every client's spellings of [`TransportKind::from_type_value`].
    pub fn transport_from_type(self, value: &str) -> Option<TransportKind> {
        match (self, value) {
            (Dialect::OpenCode | Dialect::CopilotCli, "local") => Some(TransportKind::Stdio),
            (Dialect::OpenCode, "remote") => Some(TransportKind::StreamableHttp),
            _ => TransportKind::from_type_value(value),
        }
    }

    /// Whether a `type` value names an extension the client runs itself rather than an MCP
    /// server it starts or connects to: Goose's `builtin` (its bundled server), `platform`
    /// (in the agent's process), `frontend` (tools of the user interface) and
    /// `inline_python` (code run with `uvx`). Such entries have no transport to check.
    pub fn is_in_process_type(self, value: &str) -> bool {
        self == Dialect::Goose && GOOSE_IN_PROCESS_TYPES.contains(&value)
    }

    /// Whether the client reads comments and trailing commas (JSONC) in this file.
    ///
    /// Yes: VS Code, Zed, Gemini CLI, opencode. No: Claude Desktop, Cline, Amazon Q, Copilot
    /// CLI (strict parsers that drop the whole file), MCPB manifests (`JSON.parse`). Unknown
    /// elsewhere (Cursor reports conflict).
    pub const fn reads_jsonc(self) -> Support {
        match self {
            Dialect::VsCode | Dialect::Zed | Dialect::Gemini | Dialect::OpenCode => Support::Yes,
            Dialect::ClaudeDesktop
            | Dialect::Cline
            | Dialect::AmazonQ
            | Dialect::Mcpb
            | Dialect::CopilotCli => Support::No,
            _ => Support::Unknown,
        }
    }

    /// The severity of a member the client does not know: an error for VS Code, whose
    /// schema sets `additionalProperties: false`; info elsewhere (clients ignore them).
    pub const fn unknown_field_severity(self) -> Severity {
        match self {
            Dialect::VsCode => Severity::Error,
            // Codex ignores unknown members, and refuses them under `--strict-config`.
            // Visual Studio: VS Code's schema (`additionalProperties: false`), not known to
            // reject the server at run time.
            Dialect::Codex | Dialect::VisualStudio => Severity::Warning,
            _ => Severity::Info,
        }
    }

    /// Whether a stdio server entry may set its working directory with `cwd` (Claude Code
    /// documents it in its plugins reference).
    pub const fn allows_cwd(self) -> Support {
        match self {
            Dialect::VsCode
            | Dialect::Gemini
            | Dialect::Cline
            | Dialect::Roo
            | Dialect::ClaudeCode
            | Dialect::OpenCode
            | Dialect::CopilotCli
            | Dialect::Codex
            | Dialect::Continue => Support::Yes,
            Dialect::ClaudeDesktop
            | Dialect::Cursor
            | Dialect::Windsurf
            | Dialect::Mcpb
            | Dialect::Goose => Support::No,
            _ => Support::Unknown,
        }
    }

    /// Which server names the client accepts.
    pub const fn server_names(self) -> ServerNameRule {
        match self {
            Dialect::ClaudeCode => ServerNameRule::LettersDigitsDashUnderscore,
            Dialect::VsCode => ServerNameRule::NoWhitespace,
            Dialect::Roo => ServerNameRule::Sanitized,
            Dialect::Continue => ServerNameRule::Label,
            _ => ServerNameRule::Any,
        }
    }

    /// The member that holds the server map (`mcpServers`, `servers`, `context_servers`,
    /// opencode's `mcp` or Goose's `extensions`; `server.mcp_config`, the one server of an
    /// MCPB manifest); `None` for a single server. Continue's `mcpServers` is a list.
    pub const fn server_map_key(self) -> Option<&'static str> {
        match self {
            Dialect::VsCode | Dialect::VisualStudio => Some(roots::SERVERS),
            Dialect::OpenCode => Some(roots::MCP),
            Dialect::Zed => Some(roots::CONTEXT_SERVERS),
            Dialect::Codex => Some(roots::MCP_SERVERS_TABLE),
            Dialect::Mcpb => Some(roots::MCPB_MCP_CONFIG),
            Dialect::Goose => Some(roots::EXTENSIONS),
            Dialect::SingleServer => None,
            _ => Some(roots::MCP_SERVERS),
        }
    }

    /// The members a remote server's URL may be written in, in the order the client
    /// prefers them.
    pub const fn url_keys(self) -> &'static [&'static str] {
        match self {
            Dialect::Windsurf => &["serverUrl", "url"],
            Dialect::Gemini => &["httpUrl", "url"],
            Dialect::Goose => &["uri"],
            Dialect::Generic | Dialect::SingleServer => &["url", "serverUrl", "httpUrl"],
            _ => &["url"],
        }
    }

    /// Whether the client expands `syntax` (see [`expansion::syntax_expansion`]).
    pub fn expands(self, syntax: VarSyntax) -> Expansion {
        expansion::syntax_expansion(self, syntax)
    }

    /// Whether the client expands `reference` in the server member `field` (see
    /// [`expansion::expansion_in`]).
    pub fn expands_in(self, reference: &VarRef, field: &str) -> Expansion {
        expansion::expansion_in(self, reference, field)
    }

    /// The member holding a stdio server's program: `command`, Goose's `cmd`.
    pub const fn command_key(self) -> &'static str {
        match self {
            Dialect::Goose => "cmd",
            _ => "command",
        }
    }

    /// The member holding a stdio server's environment: `env`, opencode's `environment`,
    /// Goose's `envs`.
    pub const fn env_key(self) -> &'static str {
        match self {
            Dialect::OpenCode => "environment",
            Dialect::Goose => "envs",
            _ => "env",
        }
    }

    /// The server members this client knows.
    pub fn known_server_keys(self) -> &'static [&'static str] {
        super::keys::server_keys(self)
    }
}

impl fmt::Display for Dialect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Dialect {
    type Err = UnknownDialect;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Dialect::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for d in Dialect::ALL {
            assert_eq!(Dialect::parse(d.name()), Ok(d));
            assert_eq!(d.to_string().parse::<Dialect>(), Ok(d));
            assert!(!d.client_name().is_empty());
        }
        assert_eq!(Dialect::parse("Claude_Desktop"), Ok(Dialect::ClaudeDesktop));
        assert_eq!(Dialect::parse(" VSCode "), Ok(Dialect::VsCode));
        assert_eq!(Dialect::parse("amazonq"), Ok(Dialect::AmazonQ));
        assert_eq!(Dialect::parse("MCPB"), Ok(Dialect::Mcpb));
        assert_eq!(Dialect::parse("dxt"), Ok(Dialect::Mcpb));
        let err = Dialect::parse("emacs").unwrap_err();
        assert!(err.to_string().contains("claude-desktop, claude-code"));
    }

    #[test]
    fn properties() {
        assert!(Dialect::ClaudeDesktop.stdio_only());
        assert_eq!(Dialect::Zed.supports(TransportKind::Sse), Support::No);
        assert_eq!(Dialect::VsCode.unknown_field_severity(), Severity::Error);
        assert_eq!(Dialect::Cursor.unknown_field_severity(), Severity::Info);
        assert_eq!(Dialect::VsCode.reads_jsonc(), Support::Yes);
        assert_eq!(Dialect::ClaudeDesktop.reads_jsonc(), Support::No);
        assert_eq!(Dialect::Gemini.allows_cwd(), Support::Yes);
        assert_eq!(Dialect::ClaudeDesktop.allows_cwd(), Support::No);
        assert!(Dialect::ClaudeCode.server_names().allows("my_server-1"));
        assert!(!Dialect::ClaudeCode.server_names().allows("github.com/x"));
        assert!(!Dialect::VsCode.server_names().allows("Supabase MCP"));
        assert!(Dialect::Roo.server_names().allows("Supabase MCP"));
        assert_eq!(Dialect::Windsurf.url_keys(), ["serverUrl", "url"]);
        assert_eq!(Dialect::Zed.server_map_key(), Some("context_servers"));
        assert_eq!(Dialect::Mcpb.server_map_key(), Some("server.mcp_config"));
        assert!(Dialect::Mcpb.stdio_only());
        assert_eq!(Dialect::Mcpb.reads_jsonc(), Support::No);
        assert_eq!(
            TransportKind::from_type_value("streamableHttp"),
            Some(TransportKind::StreamableHttp)
        );
        assert_eq!(TransportKind::from_type_value("websocket"), None);
        assert_eq!(
            Dialect::OpenCode.transport_from_type("local"),
            Some(TransportKind::Stdio)
        );
        assert_eq!(
            Dialect::OpenCode.transport_from_type("remote"),
            Some(TransportKind::StreamableHttp)
        );
        assert_eq!(
            Dialect::CopilotCli.transport_from_type("local"),
            Some(TransportKind::Stdio)
        );
        assert_eq!(Dialect::ClaudeCode.transport_from_type("local"), None);
        assert_eq!(
            Dialect::Junie.supports(TransportKind::StreamableHttp),
            Support::No
        );
        assert_eq!(Dialect::CopilotCli.reads_jsonc(), Support::No);
        assert_eq!(Dialect::OpenCode.reads_jsonc(), Support::Yes);
        assert_eq!(Dialect::ClaudeCode.allows_cwd(), Support::Yes);
        assert_eq!(Dialect::OpenCode.server_map_key(), Some("mcp"));
        assert_eq!(Dialect::VisualStudio.server_map_key(), Some("servers"));
        assert_eq!(
            Dialect::VisualStudio.unknown_field_severity(),
            Severity::Warning
        );
        assert_eq!(Dialect::Roo.server_names(), ServerNameRule::Sanitized);
        for (alias, d) in [
            ("copilot", Dialect::CopilotCli),
            ("vs", Dialect::VisualStudio),
            ("jetbrains", Dialect::Junie),
            ("LMStudio", Dialect::LmStudio),
            ("open_code", Dialect::OpenCode),
        ] {
            assert_eq!(Dialect::parse(alias), Ok(d), "{alias}");
        }
        for d in Dialect::ALL {
            assert!(!d.known_server_keys().is_empty());
            assert_eq!(
                d.expands(VarSyntax::Braced),
                expansion::syntax_expansion(d, VarSyntax::Braced)
            );
        }
    }
}
