//! The root members that hold a server map, by client: one name, one constant, for the
//! lowering, the dialect detection, the capture-format detection and [`crate::kind`].

/// Root member of Claude Desktop, Claude Code, Cursor, Windsurf, Gemini CLI, Cline, Roo,
/// Kiro, Amazon Q and generic files (and of each `projects.<path>` of `~/.claude.json`).
pub const MCP_SERVERS: &str = "mcpServers";
/// Root member of VS Code's `mcp.json` (and of `mcp` in its `settings.json`).
pub const SERVERS: &str = "servers";
/// Root member of Zed's `settings.json`.
pub const CONTEXT_SERVERS: &str = "context_servers";
/// Zed's older flat spelling of `experimental.context_servers`.
pub const ZED_EXPERIMENTAL_FLAT: &str = "experimental.context_servers";
/// Zed's `experimental` object.
pub const EXPERIMENTAL: &str = "experimental";
/// VS Code's `settings.json` object holding `servers` and `inputs`.
pub const MCP: &str = "mcp";
/// VS Code's input declarations.
pub const INPUTS: &str = "inputs";
/// Claude Code's per-project settings in `~/.claude.json`.
pub const PROJECTS: &str = "projects";
/// The `server` object of an MCPB manifest (`type`, `entry_point`, `mcp_config`).
pub const MCPB_SERVER: &str = "server";
/// The member of an MCPB manifest's `server` that is its client configuration.
pub const MCPB_CONFIG: &str = "mcp_config";
/// Where an MCPB manifest's one server is, for messages.
pub const MCPB_MCP_CONFIG: &str = "server.mcp_config";
/// The per-platform replacements of `command`, `args` and `env` in an MCPB `mcp_config`.
pub const PLATFORM_OVERRIDES: &str = "platform_overrides";
/// The server tables of Codex's TOML configuration (`[mcp_servers.NAME]`).
pub const MCP_SERVERS_TABLE: &str = "mcp_servers";

/// Goose's map of extensions (`config.yaml`).
pub const EXTENSIONS: &str = "extensions";

/// Root members whose presence says "a client configuration", in any supported syntax.
pub const CONFIG_ROOTS: &[&str] = &[
    MCP_SERVERS,
    SERVERS,
    CONTEXT_SERVERS,
    MCP,
    MCP_SERVERS_TABLE,
    INPUTS,
];
