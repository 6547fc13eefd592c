use mcpvet_diagnostics::{Reporter, Site, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{Manifest, closest, placeholders};
use crate::context::name;

declare_rule! {
    /// The `text` of a prompt declared in a desktop extension manifest uses an `${arguments.NAME}` that its `arguments` do not declare.
    ///
    /// ## What it checks
    ///
    /// Every `${arguments.NAME}` placeholder in the `text` of each entry of `prompts` must
    /// name one of the prompt's `arguments`. The finding points at the placeholder.
    ///
    /// ## Why it matters
    ///
    /// Clients ask the user for the declared arguments only, and fill the text with them:
    /// a placeholder no argument matches is never filled, and the model receives the
    /// literal `${arguments.langauge}` in the prompt. It is usually a misspelt or renamed
    /// argument.
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
    ///  "prompts": [{"name": "summarize", "arguments": ["topic"],
    ///    "text": "Summarize my notes about ${arguments.subject}."}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=manifest.json
    /// {"manifest_version": "0.3", "name": "notes", "version": "1.0.0", "description": "Search notes.",
    ///  "author": {"name": "Ada"},
    ///  "server": {"type": "node", "entry_point": "server/index.js",
    ///    "mcp_config": {"command": "node", "args": ["${__dirname}/server/index.js"]}},
    ///  "prompts": [{"name": "summarize", "arguments": ["topic"],
    ///    "text": "Summarize my notes about ${arguments.topic}."}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCPB manifest specification (`MANIFEST.md`): prompt structure, `${arguments.NAME}`
    pub(crate) static UNDECLARED_PROMPT_ARGUMENT = {
        code: "MCP674",
        name: "undeclared-prompt-argument",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The declared argument names of a prompt (its string elements).
pub(crate) fn declared(prompt: Value<'_>) -> Vec<(String, Value<'_>)> {
    prompt
        .get("arguments")
        .filter(|a| a.kind() == ValueKind::Array)
        .map(|a| {
            a.items()
                .filter_map(|i| Some((i.as_str()?.into_owned(), i)))
                .collect()
        })
        .unwrap_or_default()
}

/// How a message names a prompt: `` prompt `summarize` `` or `prompt #2`.
pub(crate) fn prompt_name(prompt: Value<'_>, index: usize) -> String {
    match prompt.get("name").and_then(Value::as_str) {
        Some(n) => format!("prompt `{}`", name(&n)),
        None => format!("prompt #{}", index + 1),
    }
}

/// Reports placeholders that name no declared argument.
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
        let arguments = declared(prompt);
        for (used, span) in placeholders(text) {
            if arguments.iter().any(|(a, _)| *a == used) {
                continue;
            }
            let help = match closest(&used, arguments.iter().map(|(a, _)| a.as_str())) {
                Some(near) => format!("did you mean `${{arguments.{}}}`?", name(near)),
                None => format!(
                    "add `\"{}\"` to the prompt's `arguments`, or correct the name",
                    name(&used)
                ),
            };
            report.report(
                &UNDECLARED_PROMPT_ARGUMENT,
                Site::new(span, Some(text.path())),
                format!(
                    "the `text` of {} uses `${{arguments.{}}}`, which its `arguments` do not declare: clients never fill it",
                    prompt_name(prompt, index),
                    name(&used)
                ),
                help,
            );
        }
    }
}
