//! The catalog entries (documentation pages) of the findings emitted while lowering.
use mcpvet_diagnostics::{RuleMeta, declare_rule};

declare_rule! {
    /// The file is in a format that mcpvet does not read yet.
    ///
    /// ## What it checks
    ///
    /// For captured sessions, the content: a HAR file, mcp-debug records, an HTTP (VCR)
    /// recorder cassette none of whose bodies holds JSON (cassettes whose bodies hold
    /// JSON-RPC messages, in JSON or YAML, are read). It is then the file's only finding.
    /// Configurations are read in every supported syntax: JSON and JSONC, TOML (Codex) and
    /// YAML (Continue's block files and `config.yaml`, Goose's `config.yaml`, and a YAML
    /// server map of any other client), so no configuration gets this finding.
    ///
    /// ## Why it matters
    ///
    /// The finding says plainly that the file was not inspected, and why, instead of
    /// reading it as something else and drowning it in wrong findings; an empty report
    /// would wrongly suggest the capture is fine.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=session.jsonl
    /// {"ts": 1, "dir": "req", "method": "initialize"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```yaml file=config.yaml
    /// extensions:
    ///   github:
    ///     enabled: true
    ///     type: stdio
    ///     name: github
    ///     cmd: npx
    ///     args: ["-y", "@modelcontextprotocol/server-github"]
    /// ```
    ///
    /// ## References
    ///
    /// - docs/inputs.md: the session formats; docs/dialects.md: every configuration dialect
    pub static UNSUPPORTED_FORMAT = {
        code: "MCP009",
        name: "unsupported-format",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// The file is well-formed but is neither an MCP client configuration nor a captured session.
    ///
    /// ## What it checks
    ///
    /// A configuration needs a server map (`mcpServers`, `servers`, `mcp.servers`,
    /// `context_servers`...) or a single server object (`command` or `url`); a session needs
    /// JSON-RPC messages in one of the supported formats. A file is judged by most of its
    /// lines: a document holding a message or two (Markdown, prose, an HTML page, a CSV
    /// table) or JSON of an unknown shape is reported once, saying what it looks like, how
    /// many JSON-RPC messages it holds and which input format would read them, instead of
    /// having each line checked as a session; text between the messages of a capture (stdout
    /// pollution, a stack trace) does not make it a document.
    ///
    /// ## Why it matters
    ///
    /// Pointing mcpvet (or a client) at the wrong file is a common first mistake; an empty
    /// report would wrongly suggest the file is fine.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=mcp.json
    /// {"name": "my-app", "version": "1.0.0"}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=mcp.json
    /// {"mcpServers": {"docs": {"command": "npx"}}}
    /// ```
    ///
    /// ## References
    ///
    /// - docs/inputs.md: every supported configuration dialect and session format
    pub static NOT_AN_MCP_FILE = {
        code: "MCP010",
        name: "not-an-mcp-file",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A field has the wrong JSON type.
    ///
    /// ## What it checks
    ///
    /// The types the clients require: `args` an array of strings, `env` and `headers` objects
    /// of strings (VS Code's `env` also takes numbers and `null`), `command`, `url` and `type`
    /// strings, `disabled` and `trust` booleans, and the shape of session envelopes.
    ///
    /// ## Why it matters
    ///
    /// Clients validate these fields (VS Code with a JSON Schema, Cline with zod) and reject
    /// or skip the whole server when one has the wrong type; `"args": "-y docs-mcp"` is the
    /// classic case.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": "-y docs-mcp"}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code `mcp.json` schema (`mcpConfiguration.ts`)
    /// - Cline server schema (`schemas.ts`)
    pub static WRONG_TYPE = {
        code: "MCP011",
        name: "wrong-type",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A required field is missing.
    ///
    /// ## What it checks
    ///
    /// Fields a client or the protocol requires where the structure is known: a VS Code `http`
    /// server's `url`, an input's `id`, a trace envelope's `payload`, servers found in a place
    /// the detected client does not read (for example `servers` in a Cursor file).
    ///
    /// ## Why it matters
    ///
    /// The client rejects the entry, or never sees it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "stdio", "command": "npx"}}, "inputs": [{"type": "promptString"}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "stdio", "command": "npx"}}, "inputs": [{"type": "promptString", "id": "token"}]}
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code MCP configuration reference (`inputs`)
    pub static MISSING_FIELD = {
        code: "MCP012",
        name: "missing-field",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A configuration field is not one the detected client reads.
    ///
    /// ## What it checks
    ///
    /// Every member of a server entry (and of the file's root, where the client's format is
    /// closed) against the fields the client documents. VS Code's schema sets
    /// `additionalProperties: false`, so there it is an error; other clients ignore unknown
    /// fields, so elsewhere it is info.
    ///
    /// ## Why it matters
    ///
    /// An unknown field is usually a typo (`arg`, `enviroment`) or a field from another
    /// client's format (`serverUrl` outside Windsurf, `type` in Claude Desktop), and its value
    /// is silently ignored.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "stdio", "command": "npx", "arg": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "stdio", "command": "npx", "args": ["-y", "docs-mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code `mcp.json` schema (`additionalProperties: false`)
    pub static UNKNOWN_FIELD = {
        code: "MCP101",
        name: "unknown-field",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    RULES
}

static RULES: &[&RuleMeta] = &[
    &UNSUPPORTED_FORMAT,
    &NOT_AN_MCP_FILE,
    &WRONG_TYPE,
    &MISSING_FIELD,
    &UNKNOWN_FIELD,
];

#[cfg(test)]
mod tests {
    use crate::codes;

    #[test]
    fn codes_match_the_catalog() {
        let catalog: Vec<_> = super::rules().iter().map(|r| r.code).collect();
        assert_eq!(
            catalog,
            [
                codes::UNSUPPORTED_FORMAT,
                codes::NOT_MCP,
                codes::WRONG_TYPE,
                codes::MISSING_FIELD,
                codes::UNKNOWN_FIELD
            ]
        );
    }
}
