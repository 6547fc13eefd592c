use mcpvet_diagnostics::redact::describe;
use mcpvet_diagnostics::{Reporter, Site, declare_rule};

use crate::guards::echo_safe;

declare_rule! {
    /// A secret-bearing field still holds a placeholder (`YOUR_API_KEY`, `<token>`, `xxx`, `[REDACTED]`, `ghp_xxxx`).
    ///
    /// ## What it checks
    ///
    /// The places the other secret rules read (credential-named `env` variables and fields,
    /// credential headers and cookies, credential flags and `NAME=VALUE` arguments, URL
    /// passwords and credential query parameters, and the credential fields of server
    /// definitions: a tool's password and API-key value, a registry input's `value` or
    /// `default`, a manifest setting's `default`) and token-shaped strings anywhere, for
    /// values that are obviously not filled in:
    ///
    /// - wrapped in `<…>`, `[…]`, `{…}` or `(…)` (`<YOUR_TOKEN>`, `[REDACTED_API_KEY]`);
    /// - holding `your`, `example`, `sample`, `dummy`, `placeholder`, `replace`, `redacted`,
    ///   `changeme`, `insert`, `todo`, `fixme`, `test_key`, ending in `_here`, or made of
    ///   `...`, `…`, `***`;
    /// - runs of `x` (`xxxx`), of one character (`000000`), alphabet or digit sequences
    ///   (`abcdef`, `123456`), one unit repeated (`abcabcabc`);
    /// - whole-value words: `token`, `secret`, `password`, `apikey`, `key`, `xyz`, `abc`,
    ///   `foo`, `test`, `demo`, `value`...;
    /// - a known token prefix followed by a placeholder (`ghp_xxxx`, `sk-...`,
    ///   `tvly-YOUR_API_KEY`) or AWS's documentation key ending in `EXAMPLE`.
    ///
    /// The message quotes the placeholder when it cannot be a real secret (one letter case,
    /// no digits, short); otherwise it is masked like a secret.
    ///
    /// ## Why it matters
    ///
    /// A placeholder copied from a README is sent to the server as the credential: the server
    /// fails to authenticate, often with an error that does not say why. It is a warning, not
    /// a leak, and it is never reported as a plaintext secret.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"brave-search": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-brave-search"],
    ///   "env": {"BRAVE_API_KEY": "YOUR_BRAVE_API_KEY"}}}}
    /// ```
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"ha": {"type": "http", "url": "https://ha.example.invalid/mcp",
    ///   "headers": {"Authorization": "Bearer <your-long-lived-token>"}}}}
    /// ```
    ///
    /// ```json file=definition.json server
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by name.", "type": "http",
    ///    "method": "GET", "endpoint": "https://crm.example.invalid", "path": "/customers",
    ///    "authentication": {"type": "apiKey", "key": "X-Api-Key", "value": "YOUR_API_KEY"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"brave-search": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-brave-search"],
    ///   "env": {"BRAVE_API_KEY": "${env:BRAVE_API_KEY}"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - trufflehog `pkg/detectors/falsepositives.go` and detect-secrets
    ///   `filters/heuristic.py`: placeholder and template heuristics
    /// - microsoft/apm VS Code adapter: `<VAR>` placeholders are sent literally
    pub(crate) static UNFILLED_PLACEHOLDER = {
        code: "MCP307",
        name: "unfilled-placeholder",
        severity: Warning,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

/// Reports the placeholder `value` at `at`, found by the rule that reads that place (the
/// context reports each span once): `field` says where (`` `env.BRAVE_API_KEY` ``), `what`
/// what belongs there (`a GitHub personal access token`). A value that might be a real
/// secret misread as a placeholder is masked and redacted, never quoted. `in_definition`:
/// the placeholder is in a server definition, whose users provide the value.
pub(crate) fn check(
    at: Site,
    value: &str,
    field: &str,
    what: &str,
    in_definition: bool,
    report: &mut Reporter<'_>,
) {
    let shown = if echo_safe(value) {
        format!("`{value}`")
    } else {
        report.redact(at.span());
        format!("`{}`", describe(value))
    };
    report.report(
        &UNFILLED_PLACEHOLDER,
        at,
        format!("{field} still holds the placeholder {shown} where {what} belongs"),
        if in_definition {
            "leave the value out so that the user provides it (or fill it in where the server \
             is deployed); the server cannot authenticate with a placeholder"
        } else {
            "put the real value in the environment and reference it, or remove the entry; the \
             server cannot authenticate with a placeholder"
        },
    );
}
