//! Which members each dialect knows, and hints for members that belong to another client.
use super::Dialect;

const CLAUDE_DESKTOP: &[&str] = &["command", "args", "env", "type", "url", "headers"];
const CLAUDE_CODE: &[&str] = &[
    "type",
    "command",
    "args",
    "env",
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

/// Which client uses `key` for what, when `dialect` does not read it.
pub(crate) fn foreign_hint(key: &str) -> Option<String> {
    let hint = match key {
        "serverUrl" => "`serverUrl` is Windsurf's name for the server URL",
        "httpUrl" => "`httpUrl` is Gemini CLI's name for a Streamable HTTP URL",
        "alwaysAllow" => "`alwaysAllow` is Roo Code's (and old Cline's) auto-approve list",
        "autoApprove" => "`autoApprove` is the auto-approve list of Cline and Kiro",
        "transportType" => "`transportType` is Cline's legacy name for `type`",
        "trust" | "includeTools" | "excludeTools" => "this member is specific to Gemini CLI",
        "envFile" => "`envFile` is read by VS Code and Cursor",
        "cwd" => "`cwd` is read by VS Code, Gemini CLI, Cline and Roo Code",
        "disabled" => "`disabled` is read by Cline, Roo Code, Kiro, Windsurf and Amazon Q",
        "disabledTools" => "`disabledTools` is read by Roo Code, Kiro and Windsurf",
        "enabled" => "`enabled` is Zed's switch",
        "timeout" => "`timeout` is read by Gemini CLI, Cline, Roo Code, Zed and Amazon Q",
        "transport" => "a nested `transport` object is written by the Cline CLI",
        "type" => "`type` selects the transport in Claude Code, VS Code and Cline",
        "headersHelper" => "`headersHelper` is specific to Claude Code",
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
