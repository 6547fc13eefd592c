use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::Client;
use crate::items::short;

declare_rule! {
    /// A capture or a server definition advertises more tools than a target client or
    /// model API takes.
    ///
    /// ## What it checks
    ///
    /// The distinct tools of the capture (all servers together: a client sends the tools
    /// of every enabled server) or of the definition, against the limit of each target of
    /// `--target` (every target by default). The finding is at the tool that passes the
    /// limit, once per target:
    ///
    /// | target | limit | source (read on 2026-12-05) |
    /// |---|---|---|
    /// | `openai` | 128 tools per request | OpenAI API reference, `tools`: "A max of 128 functions are supported" (as mirrored in <https://reference.aspose.com/pdf/net/aspose.pdf.ai/completioncreaterequest/tools>) |
    /// | `vscode` | 128 tools per chat request | "Cannot have more than 128 tools per request" (<https://github.com/microsoft/vscode/issues/337428>, <https://github.com/microsoft/vscode-copilot-release/issues/11653>) |
    /// | `cursor` | 40 tools (unconfirmed: reported by users, not found in Cursor's documentation) | <https://github.com/modelcontextprotocol/.github/discussions/360>, <https://gitlab.com/fforster/gitlab-mcp/-/issues/36> |
    /// | `anthropic`, `gemini` | none checked (no published limit found) | |
    ///
    /// The finding is informational: clients let the user disable tools, and some defer
    /// tools until the model searches for them.
    ///
    /// ## Why it matters
    ///
    /// Past the limit a client fails the request or silently drops tools, and the model
    /// chooses worse among many similar tools long before it.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t01","inputSchema":{"type":"object"}},{"name":"t02","inputSchema":{"type":"object"}},{"name":"t03","inputSchema":{"type":"object"}},{"name":"t04","inputSchema":{"type":"object"}},{"name":"t05","inputSchema":{"type":"object"}},{"name":"t06","inputSchema":{"type":"object"}},{"name":"t07","inputSchema":{"type":"object"}},{"name":"t08","inputSchema":{"type":"object"}},{"name":"t09","inputSchema":{"type":"object"}},{"name":"t10","inputSchema":{"type":"object"}},{"name":"t11","inputSchema":{"type":"object"}},{"name":"t12","inputSchema":{"type":"object"}},{"name":"t13","inputSchema":{"type":"object"}},{"name":"t14","inputSchema":{"type":"object"}},{"name":"t15","inputSchema":{"type":"object"}},{"name":"t16","inputSchema":{"type":"object"}},{"name":"t17","inputSchema":{"type":"object"}},{"name":"t18","inputSchema":{"type":"object"}},{"name":"t19","inputSchema":{"type":"object"}},{"name":"t20","inputSchema":{"type":"object"}},{"name":"t21","inputSchema":{"type":"object"}},{"name":"t22","inputSchema":{"type":"object"}},{"name":"t23","inputSchema":{"type":"object"}},{"name":"t24","inputSchema":{"type":"object"}},{"name":"t25","inputSchema":{"type":"object"}},{"name":"t26","inputSchema":{"type":"object"}},{"name":"t27","inputSchema":{"type":"object"}},{"name":"t28","inputSchema":{"type":"object"}},{"name":"t29","inputSchema":{"type":"object"}},{"name":"t30","inputSchema":{"type":"object"}},{"name":"t31","inputSchema":{"type":"object"}},{"name":"t32","inputSchema":{"type":"object"}},{"name":"t33","inputSchema":{"type":"object"}},{"name":"t34","inputSchema":{"type":"object"}},{"name":"t35","inputSchema":{"type":"object"}},{"name":"t36","inputSchema":{"type":"object"}},{"name":"t37","inputSchema":{"type":"object"}},{"name":"t38","inputSchema":{"type":"object"}},{"name":"t39","inputSchema":{"type":"object"}},{"name":"t40","inputSchema":{"type":"object"}},{"name":"t41","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"t01","inputSchema":{"type":"object"}},{"name":"t02","inputSchema":{"type":"object"}},{"name":"t03","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - the sources in the table above, read on 2026-12-05
    pub(crate) static TOO_MANY_TOOLS = {
        code: "MCP808",
        name: "too-many-tools",
        severity: Info,
        target: TranscriptAndServer,
        since: "0.1.0",
    }
}

/// The tool-count limit of `client`, when one is known.
pub(crate) const fn limit(client: Client) -> Option<usize> {
    match client {
        Client::OpenAi | Client::VsCode => Some(128),
        Client::Cursor => Some(40),
        Client::Anthropic | Client::Gemini => None,
    }
}

/// Reports that the tool `name` (at `at`) brought the count to `total`, past `limit`.
pub(crate) fn check(
    client: Client,
    limit: usize,
    total: usize,
    name: &str,
    at: Value<'_>,
    report: &mut Reporter<'_>,
) {
    let unconfirmed = if client == Client::Cursor {
        " (a limit users report; unconfirmed)"
    } else {
        ""
    };
    report.report(
        &TOO_MANY_TOOLS,
        at,
        format!(
            "tool `{}` is tool number {total}; {} takes at most {limit}{unconfirmed}",
            short(name, 60),
            client.title()
        ),
        "advertise fewer tools (group them, or let the user choose a toolset), or disable some in the client",
    );
}
