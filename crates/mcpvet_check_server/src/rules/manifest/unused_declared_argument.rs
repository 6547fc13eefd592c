use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::undeclared_prompt_argument::{declared, prompt_name};
use super::{Manifest, placeholders};
use crate::context::name;

declare_rule! {
    /// A prompt declared in a desktop extension manifest has an argument that its `text` never uses.
    ///
    /// ## What it checks
    ///
    /// Each name in a prompt's `arguments` must appear in its `text` as
    /// `${arguments.NAME}`. A prompt without a string `text` is left to
    /// `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// Clients ask the user for every declared argument, then build the prompt from the
    /// text: an argument the text does not use is asked for and dropped, so the prompt
    /// ignores what the user typed. It often goes with a misspelt placeholder
    /// (`undeclared-prompt-argument`, MCP674).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "prompts": [{"name": "summarize", "arguments": ["topic", "length"],
    ///    "text": "Summarize my notes about ${arguments.topic}."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "prompts": [{"name": "summarize", "arguments": ["topic", "length"],
    ///    "text": "Summarize my notes about ${arguments.topic} in ${arguments.length} words."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): prompt structure, `arguments`
    pub(crate) static UNUSED_DECLARED_ARGUMENT = {
        code: "MCP675",
        name: "unused-declared-argument",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports declared arguments the text does not use.
pub(crate) fn check(manifest: &Manifest<'_>, report: &mut Reporter<'_>) {
    let Some(prompts) = manifest
        .root
        .get("prompts")
        .filter(|p| p.kind() == ValueKind::Array)
    else {
        return;
    };
    for (index, prompt) in prompts.items().enumerate() {
        let Some(text) = prompt.get("text").filter(|t| t.kind() == ValueKind::String) else {
            continue;
        };
        let used = placeholders(text);
        for (argument, value) in declared(prompt) {
            if used.iter().any(|(u, _)| *u == argument) {
                continue;
            }
            let argument = name(&argument);
            report.report(
                &UNUSED_DECLARED_ARGUMENT,
                value,
                format!(
                    "{} declares the argument `{argument}`, but its `text` never uses `${{arguments.{argument}}}`: what the user enters is dropped",
                    prompt_name(prompt, index)
                ),
                format!(
                    "write `${{arguments.{argument}}}` where the value belongs in `text`, or remove the argument"
                ),
            );
        }
    }
}
