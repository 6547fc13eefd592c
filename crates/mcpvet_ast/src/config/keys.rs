//! Which members each dialect knows, and hints for members that belong to another client.
use super::Dialect;

const CLAUDE_DESKTOP: &[&str] = &["command", "args", "env", "type", "url", "headers"];
const CLAUDE_CODE: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "headers",
    "headersHelper",
    "oauth",
];
const CURSOR: &[&str] = &[
    "type", "command", "args", "env", "envFile", "url", "headers", "auth",
];
const WINDSURF: &[&str] = &[
    "command",
    "args",
    "env",
    "serverUrl",
    "url",
    "headers",
    "disabled",
    "disabledTools",
];
const GEMINI: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "httpUrl",
    "headers",
    "timeout",
    "trust",
    "includeTools",
    "excludeTools",
    "description",
    "oauth",
    "authProviderType",
    "targetAudience",
    "targetServiceAccount",
];
const VSCODE: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
    "envFile",
    "cwd",
    "dev",
    "url",
    "headers",
    "sandboxEnabled",
    "sandbox",
    "gallery",
    "version",
    "oauth",
];
const ZED: &[&str] = &[
    "source", "command", "args", "env", "url", "headers", "timeout", "enabled", "remote",
    "settings",
];
/// Items of Zed's first `experimental.context_servers` array.
pub(crate) const ZED_EXPERIMENTAL_ITEM: &[&str] =
    &["id", "executable", "command", "path", "args", "env"];
/// Zed's `command: {path, args, env}` object.
pub(crate) const ZED_COMMAND_OBJECT: &[&str] = &["path", "args", "env"];
const CLINE: &[&str] = &[
    "type",
    "transportType",
    "command",
    "args",
    "cwd",
    "env",
    "url",
    "headers",
    "autoApprove",
    "disabled",
    "timeout",
    "remoteConfigured",
    "oauth",
    "metadata",
    "transport",
];
const ROO: &[&str] = &[
    "type",
    "command",
    "args",
    "cwd",
    "env",
    "url",
    "headers",
    "alwaysAllow",
    "disabled",
    "timeout",
    "watchPaths",
    "disabledTools",
];
const KIRO: &[&str] = &[
    "command",
    "args",
    "env",
    "url",
    "headers",
    "disabled",
    "autoApprove",
    "disabledTools",
];
const AMAZON_Q: &[&str] = &[
    "type", "command", "args", "env", "url", "headers", "timeout", "disabled",
];
/// opencode `mcp.<name>`: `local` (`command` array, `environment`, `cwd`) and `remote`
/// (`url`, `headers`, `oauth`) servers; `enabled`, `timeout` (ms).
const OPENCODE: &[&str] = &[
    "type",
    "command",
    "environment",
    "cwd",
    "url",
    "headers",
    "oauth",
    "enabled",
    "timeout",
];
/// GitHub Copilot CLI `mcpServers.<name>`.
const COPILOT_CLI: &[&str] = &[
    "type", "command", "args", "env", "cwd", "url", "headers", "tools", "timeout",
];
/// Visual Studio `servers.<name>` (the VS Code shape without VS Code's editor-only members).
const VISUAL_STUDIO: &[&str] = &[
    "type", "command", "args", "env", "envFile", "url", "headers",
];
/// `JetBrains` Junie `mcpServers.<name>`: stdio servers (`type`, `url` and `headers` are read
/// to say that Junie skips remote servers, as for Claude Desktop).
const JUNIE: &[&str] = &["command", "args", "env", "type", "url", "headers"];
/// LM Studio `mcpServers.<name>`, in Cursor's notation.
const LM_STUDIO: &[&str] = &["command", "args", "env", "url", "headers"];
/// `OpenAI` Codex `[mcp_servers.<name>]` (`RawMcpServerConfig` of `codex-rs/config`):
/// stdio and Streamable HTTP members, then the members of both. `bearer_token` is read only
/// to be refused (a secret belongs in the environment: `bearer_token_env_var`).
pub(crate) const CODEX: &[&str] = &[
    "command",
    "args",
    "env",
    "env_vars",
    "cwd",
    "url",
    "bearer_token",
    "bearer_token_env_var",
    "http_headers",
    "env_http_headers",
    "experimental_environment",
    "startup_timeout_sec",
    "startup_timeout_ms",
    "tool_timeout_sec",
    "enabled",
    "required",
    "supports_parallel_tool_calls",
    "default_tools_approval_mode",
    "enabled_tools",
    "disabled_tools",
    "scopes",
    "oauth",
    "oauth_resource",
    "name",
    "tools",
];
/// An item of a Continue `mcpServers` list (`mcpServerSchema` of `@continuedev/config-yaml`:
/// the stdio and the SSE / Streamable HTTP members). `requestOptions` holds `headers`.
pub(crate) const CONTINUE: &[&str] = &[
    "name",
    "serverName",
    "faviconUrl",
    "sourceFile",
    "connectionTimeout",
    "type",
    "command",
    "args",
    "env",
    "cwd",
    "url",
    "requestOptions",
];
/// A server of a JSON file in `.continue/mcpServers/` (Claude Desktop's shape), as Continue
/// converts it (`convertJsonMcpConfigToYamlMcpConfig`): `headers` become
/// `requestOptions.headers`, everything else is dropped (`envFile` with a warning).
pub(crate) const CONTINUE_JSON: &[&str] = &["type", "command", "args", "env", "url", "headers"];
/// The members of Continue's `requestOptions` (`requestOptionsSchema`).
pub(crate) const CONTINUE_REQUEST_OPTIONS: &[&str] = &[
    "timeout",
    "verifySsl",
    "caBundlePath",
    "proxy",
    "headers",
    "extraBodyProperties",
    "noProxy",
    "clientCertificate",
];
/// The `uses:` entry of a Continue `config.yaml` list (`blockItemWrapperSchema`).
pub(crate) const CONTINUE_USES: &[&str] = &["uses", "with", "override"];
/// A Goose `extensions.<key>` entry (`ExtensionEntry`: `enabled` and the members of every
/// `ExtensionConfig` variant, tagged by `type`).
pub(crate) const GOOSE: &[&str] = &[
    "type",
    "enabled",
    "name",
    "description",
    "display_name",
    "cmd",
    "args",
    "envs",
    "env_keys",
    "uri",
    "headers",
    "timeout",
    "bundled",
    "available_tools",
    "tools",
    "instructions",
    "code",
    "dependencies",
    "version",
];
/// An MCPB manifest's `server.mcp_config`.
const MCPB: &[&str] = &["command", "args", "env", "platform_overrides"];
/// One entry of an MCPB `mcp_config.platform_overrides`.
pub(crate) const MCPB_OVERRIDE: &[&str] = &["command", "args", "env"];
/// The union: every member some supported client reads.
const ANY: &[&str] = &[
    "type",
    "transportType",
    "transport",
    "command",
    "args",
    "env",
    "envFile",
    "cwd",
    "url",
    "serverUrl",
    "httpUrl",
    "headers",
    "headersHelper",
    "disabled",
    "enabled",
    "autoApprove",
    "alwaysAllow",
    "disabledTools",
    "timeout",
    "trust",
    "includeTools",
    "excludeTools",
    "description",
    "oauth",
    "auth",
    "authProviderType",
    "targetAudience",
    "targetServiceAccount",
    "dev",
    "sandboxEnabled",
    "sandbox",
    "gallery",
    "version",
    "remoteConfigured",
    "metadata",
    "watchPaths",
    "source",
    "remote",
    "settings",
    "platform_overrides",
    "environment",
    "tools",
    "env_vars",
    "bearer_token",
    "bearer_token_env_var",
    "http_headers",
    "env_http_headers",
    "experimental_environment",
    "startup_timeout_sec",
    "startup_timeout_ms",
    "tool_timeout_sec",
    "required",
    "supports_parallel_tool_calls",
    "default_tools_approval_mode",
    "enabled_tools",
    "disabled_tools",
    "scopes",
    "oauth_resource",
    "name",
    "serverName",
    "faviconUrl",
    "sourceFile",
    "connectionTimeout",
    "requestOptions",
    "display_name",
    "cmd",
    "envs",
    "env_keys",
    "uri",
    "bundled",
    "available_tools",
    "instructions",
    "code",
    "dependencies",
];

/// The server members `dialect` reads.
pub(crate) fn server_keys(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::ClaudeDesktop => CLAUDE_DESKTOP,
        Dialect::ClaudeCode => CLAUDE_CODE,
        Dialect::Cursor => CURSOR,
        Dialect::Windsurf => WINDSURF,
        Dialect::Gemini => GEMINI,
        Dialect::VsCode => VSCODE,
        Dialect::Zed => ZED,
        Dialect::Cline => CLINE,
        Dialect::Roo => ROO,
        Dialect::Kiro => KIRO,
        Dialect::AmazonQ => AMAZON_Q,
        Dialect::OpenCode => OPENCODE,
        Dialect::CopilotCli => COPILOT_CLI,
        Dialect::VisualStudio => VISUAL_STUDIO,
        Dialect::Junie => JUNIE,
        Dialect::LmStudio => LM_STUDIO,
        Dialect::Codex => CODEX,
        Dialect::Continue => CONTINUE,
        Dialect::Goose => GOOSE,
        Dialect::Mcpb => MCPB,
        Dialect::SingleServer | Dialect::Generic => ANY,
    }
}

/// Whether any supported client reads `key` in a server entry.
#[cfg(test)]
fn is_mcp_server_key(key: &str) -> bool {
    ANY.contains(&key)
}

/// Members nobody reads but that are conventional and harmless: `$schema`, and comment keys
/// (`_comment`, `//`, `#note`...).
pub(crate) fn is_harmless(key: &str) -> bool {
    key == "$schema" || key.starts_with('_') || key.starts_with("//") || key.starts_with('#')
}

/// VS Code inputs (`inputs[]`).
pub(crate) const VSCODE_INPUT: &[&str] = &[
    "type",
    "id",
    "description",
    "default",
    "password",
    "options",
    "command",
    "args",
];

/// What `dialect` reads instead of `key`, when it spells the same thing its own way.
pub(crate) fn dialect_hint(dialect: Dialect, key: &str) -> Option<String> {
    let hint = match (dialect, key) {
        (Dialect::OpenCode, "args") => {
            "opencode reads the arguments from the `command` array: `[\"program\", \"arg\", ...]`"
        }
        (Dialect::OpenCode, "env") => "opencode reads the server's environment from `environment`",
        (Dialect::OpenCode, "disabled") => "opencode's switch is `enabled`",
        (Dialect::Goose, "command") => "Goose reads the program from `cmd`",
        (Dialect::Goose, "env") => "Goose reads the server's environment from `envs`",
        (Dialect::Goose, "url") => "Goose reads a remote server's address from `uri`",
        (Dialect::Continue, "headers") => {
            "Continue reads a remote server's headers from `requestOptions.headers`"
        }
        (Dialect::Continue, "envFile") => {
            "Continue does not read `envFile`: the variables of that file are not passed"
        }
        _ => return None,
    };
    Some(hint.to_owned())
}

/// Which client uses `key` for what, when `dialect` does not read it.
pub(crate) fn foreign_hint(key: &str) -> Option<String> {
    let hint = match key {
        "serverUrl" => "`serverUrl` is Windsurf's name for the server URL",
        "httpUrl" => "`httpUrl` is Gemini CLI's name for a Streamable HTTP URL",
        "alwaysAllow" => "`alwaysAllow` is Roo Code's (and old Cline's) auto-approve list",
        "autoApprove" => "`autoApprove` is the auto-approve list of Cline and Kiro",
        "transportType" => "`transportType` is Cline's legacy name for `type`",
        "trust" | "includeTools" | "excludeTools" => "this member is specific to Gemini CLI",
        "envFile" => "`envFile` is read by VS Code, Visual Studio and Cursor",
        "cwd" => {
            "`cwd` is read by VS Code, Claude Code, Gemini CLI, Cline, Roo Code, opencode and Copilot CLI"
        }
        "dev" | "sandbox" | "sandboxEnabled" | "gallery" | "version" => {
            "this member is VS Code's (`.vscode/mcp.json`)"
        }
        "environment" => "`environment` is opencode's name for `env`",
        "inputs" => "`inputs` declares the `${input:id}` prompts of VS Code and Visual Studio",
        "tools" => "`tools` is Copilot CLI's allow-list of the server's tools",
        "disabled" => "`disabled` is read by Cline, Roo Code, Kiro, Windsurf and Amazon Q",
        "disabledTools" => "`disabledTools` is read by Roo Code, Kiro and Windsurf",
        "enabled" => "`enabled` is the switch of Zed and opencode",
        "timeout" => "`timeout` is read by Gemini CLI, Cline, Roo Code, Zed and Amazon Q",
        "transport" => "a nested `transport` object is written by the Cline CLI",
        "type" => {
            "`type` selects the transport in Claude Code, VS Code, Cline, Copilot CLI and opencode"
        }
        "headersHelper" => "`headersHelper` is specific to Claude Code",
        "env_vars"
        | "bearer_token_env_var"
        | "http_headers"
        | "env_http_headers"
        | "startup_timeout_sec"
        | "startup_timeout_ms"
        | "tool_timeout_sec"
        | "enabled_tools"
        | "disabled_tools" => "this member is Codex's (`[mcp_servers.<name>]` in `config.toml`)",
        "cmd" | "envs" | "env_keys" | "uri" | "available_tools" | "bundled" | "display_name" => {
            "this member is Goose's (`extensions.<name>` in its `config.yaml`)"
        }
        "requestOptions" | "connectionTimeout" | "faviconUrl" | "serverName" => {
            "this member is Continue's (an item of its `mcpServers` list)"
        }
        "platform_overrides" => {
            "`platform_overrides` belongs to the `mcp_config` of a desktop extension (MCPB) manifest"
        }
        _ => return None,
    };
    Some(hint.to_owned())
}

/// The known key closest to `key`, if it is a plausible typo (same letters in another case,
/// or at most 2 edits for keys of 5 characters or more, 1 for shorter ones).
pub(crate) fn did_you_mean<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    let limit = if key.chars().count() >= 5 { 2 } else { 1 };
    crate::names::did_you_mean(key, known.iter().copied(), limit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos() {
        assert_eq!(did_you_mean("comand", CURSOR), Some("command"));
        assert_eq!(did_you_mean("Command", CURSOR), Some("command"));
        assert_eq!(
            did_you_mean("mcpservers", &["mcpServers"]),
            Some("mcpServers")
        );
        assert_eq!(
            did_you_mean("mcp_servers", &["mcpServers"]),
            Some("mcpServers")
        );
        assert_eq!(did_you_mean("zzz", CURSOR), None);
        assert_eq!(did_you_mean("ur", CURSOR), Some("url"));
    }

    #[test]
    fn union_holds_every_dialect_key() {
        for d in Dialect::ALL {
            for k in server_keys(d) {
                assert!(is_mcp_server_key(k), "{k}");
            }
        }
        assert!(is_harmless("_comment") && is_harmless("$schema") && !is_harmless("name"));
        assert!(foreign_hint("serverUrl").is_some());
    }
}
