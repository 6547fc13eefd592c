use mcpvet_ast::definition::ItemKind;
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use crate::items::label;

declare_rule! {
    /// A description is far longer than the descriptions of the other items of its list.
    ///
    /// ## What it checks
    ///
    /// In each list of tools, prompts, resources or resource templates with at least three
    /// described items: a `description` of more than 1,000 characters and more than four
    /// times the median length of the list's descriptions.
    ///
    /// ## Why it matters
    ///
    /// A description many times longer than its peers is where instructions aimed at the
    /// model hide (clients show the first lines, the model reads all of it), and every
    /// character is paid for in the model's context on every request. The finding is
    /// informational: some tools do need long documentation.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","description":"Adds two numbers.","inputSchema":{"type":"object"}},{"name":"b","description":"Subtracts two numbers.","inputSchema":{"type":"object"}},{"name":"c","description":"Multiplies two numbers. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a","description":"Adds two numbers.","inputSchema":{"type":"object"}},{"name":"b","description":"Subtracts two numbers.","inputSchema":{"type":"object"}},{"name":"c","description":"Multiplies two numbers and returns the product as text.","inputSchema":{"type":"object"}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - docs/risks.md (descriptions as a place for instructions aimed at the model)
    pub(crate) static OVERSIZED_DESCRIPTION = {
        code: "MCP804",
        name: "oversized-description",
        severity: Info,
        target: TranscriptAndServer,
        since: "0.1.0",
    }
}

/// Longer than this many characters, and …
const MIN_CHARS: usize = 1000;
/// … more than this many times the median.
const FACTOR: usize = 4;

/// Checks the descriptions of one list of `kind`.
pub(crate) fn check(kind: ItemKind, items: &[Value<'_>], report: &mut Reporter<'_>) {
    let described: Vec<(Value<'_>, Value<'_>, usize)> = items
        .iter()
        .filter_map(|&item| {
            let description = item.get("description")?;
            let length = description.as_str()?.chars().count();
            Some((item, description, length))
        })
        .collect();
    if described.len() < 3 {
        return;
    }
    let mut lengths: Vec<usize> = described.iter().map(|d| d.2).collect();
    lengths.sort_unstable();
    let median = lengths[lengths.len() / 2];
    for (item, description, length) in described {
        if length > MIN_CHARS && length > FACTOR * median.max(1) {
            report.report(
                &OVERSIZED_DESCRIPTION,
                description,
                format!(
                    "{} has a description of {length} characters, {}× the median of its list \
                     ({median})",
                    label(kind, item),
                    length / median.max(1)
                ),
                "keep descriptions to what the tool does and how to call it; read what the long part asks of the model",
            );
        }
    }
}
