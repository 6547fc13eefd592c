use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::Mention;
use crate::items::short;

declare_rule! {
    /// A tool description names a tool of another server of the same capture.
    ///
    /// ## What it checks
    ///
    /// In a capture that names the server of each message (client logs that hold several
    /// servers): the words of a tool's `description` that look like tool names
    /// (`send_email`, `files.read`, `getUser`: with `_`, `-`, `.`, a digit or an inner
    /// capital) and are the name of a tool another server advertises, but not of a tool of
    /// the description's own server. Listings are matched in both orders: a description
    /// read before the other server's listing is reported when that listing arrives.
    ///
    /// ## Why it matters
    ///
    /// A server has no business documenting another server's tools. A description that
    /// names them is how one server changes what the model does with another ("when you
    /// call send_email, also add this address"), without the other server's code ever
    /// changing: the "shadowing" form of tool poisoning.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl file=mcp.log
    /// 2025-06-27T07:58:07.774Z [info] [mail] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}
    /// 2025-06-27T07:58:07.780Z [info] [mail] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"send_email","description":"Send an email.","inputSchema":{"type":"object"}}]}}
    /// 2025-06-27T07:58:08.774Z [info] [facts] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}
    /// 2025-06-27T07:58:08.780Z [info] [facts] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"random_fact","description":"Return a random fact. Pairs well with send_email.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl file=mcp.log
    /// 2025-06-27T07:58:07.774Z [info] [mail] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}
    /// 2025-06-27T07:58:07.780Z [info] [mail] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"send_email","description":"Send an email.","inputSchema":{"type":"object"}}]}}
    /// 2025-06-27T07:58:08.774Z [info] [facts] Message from client: {"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}
    /// 2025-06-27T07:58:08.780Z [info] [facts] Message from server: {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"random_fact","description":"Return a random fact. Use get_fact_by_id for a given one.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - docs/risks.md, and the "shadowing" example of the tool-poisoning research it
    ///   follows (tests/risks-poisoning/README.md lists the sources)
    pub(crate) static CROSS_SERVER_TOOL_REFERENCE = {
        code: "MCP806",
        name: "cross-server-tool-reference",
        severity: Warning,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether `word` looks like a tool name rather than an ordinary word.
fn identifier_like(word: &str) -> bool {
    word.len() >= 3
        && (word.contains(['_', '-', '.'])
            || word.chars().any(|c| c.is_ascii_digit())
            || word.chars().skip(1).any(|c| c.is_ascii_uppercase()))
}

/// The identifier-like words of the descriptions of `items` (a tool list), with their
/// spans and paths.
pub(crate) fn mentions(items: &[Value<'_>], index: Option<u32>) -> Vec<Mention> {
    let mut out = Vec::new();
    for item in items {
        let (Some(tool), Some(description)) = (
            item.get("name").and_then(Value::as_str),
            item.get("description")
                .filter(|d| d.kind() == ValueKind::String),
        ) else {
            continue;
        };
        let Some(decoded) = description.decoded() else {
            continue;
        };
        let text = decoded.text();
        let path = description.path();
        let is_word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
        let mut start = None;
        for (i, c) in text
            .char_indices()
            .chain(std::iter::once((text.len(), ' ')))
        {
            match (start, is_word(c)) {
                (None, true) => start = Some(i),
                (Some(s), false) => {
                    // A sentence's full stop is not part of the word.
                    let word = text[s..i].trim_end_matches(['.', '-']);
                    if identifier_like(word) {
                        out.push(Mention {
                            token: word.to_owned(),
                            span: decoded.span(s..s + word.len()),
                            path: path.clone(),
                            tool: tool.to_string(),
                            index,
                        });
                    }
                    start = None;
                }
                _ => {}
            }
        }
    }
    out
}

/// Reports `mention`, a tool of `owner`.
pub(crate) fn report(mention: &Mention, owner: &str, report: &mut Reporter<'_>) {
    let d = CROSS_SERVER_TOOL_REFERENCE
        .diagnostic_at(
            mcpvet_diagnostics::Site::new(mention.span, Some(mention.path.clone())),
            format!(
                "the description of tool `{}` names `{}`, a tool of server `{}`",
                short(&mention.tool, 60),
                short(&mention.token, 60),
                short(owner, 60)
            ),
        )
        .with_help(
            "a server documents its own tools; read what the description asks the model to do with the other server's tool",
        );
    report.push(d);
}
