use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::Value;

use crate::context::name;
use mcpvet_schema::infer::{Layout, replacement};
use mcpvet_schema::shape::{Shape, classify};

declare_rule! {
    /// A tool's `inputSchema` is an example payload, or bare property schemas, instead of a JSON Schema.
    ///
    /// ## What it checks
    ///
    /// An `inputSchema` object that uses no constraining JSON Schema keyword (no `type`,
    /// `properties`, `$ref`, `anyOf`…) but has other members:
    ///
    /// - when some member cannot be a schema (`{"path": "/srv/data", "recursive": true}`), the
    ///   object is an example of the arguments: the schema is incomplete. The fix replaces it
    ///   with a schema generated from the example (draft 2020-12, each property's type
    ///   inferred from its value, every key of the example required: review it, relax
    ///   `required` and add descriptions; `mcpvet schema infer` prints the same schema);
    /// - when every member is itself a schema (`{"path": {"type": "string"}}`), the property
    ///   schemas lack the `{"type": "object", "properties": …}` around them; the fix adds it.
    ///
    /// ## Why it matters
    ///
    /// The value is meant to be a JSON Schema (`inputSchema` in every version). An example
    /// read as a schema constrains nothing (unknown keywords are ignored), so the model gets
    /// no parameter names or types, clients that check the root `type` drop the tool, and
    /// argument validation accepts anything.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"list_files","description":"List a directory.","inputSchema":{"path":"/srv/data","recursive":true}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"list_files","description":"List a directory.","inputSchema":{"type":"object","properties":{"path":{"type":"string"},"recursive":{"type":"boolean"}},"required":["path"]}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification, Server features: Tools, "Tool" (`inputSchema`)
    /// - JSON Schema 2020-12, Core and Validation
    pub(crate) static INPUT_SCHEMA_IS_EXAMPLE = {
        code: "MCP508",
        name: "input-schema-is-example",
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Whether the `inputSchema` object `schema` of `tool` is a JSON Schema; reports it when it
/// is an example of the arguments or bare property schemas instead.
pub(crate) fn check(schema: Value<'_>, tool: &str, report: &mut Reporter<'_>) -> bool {
    let shape = classify(schema);
    let (message, help, fix, applicability) = match shape {
        Shape::Schema => return true,
        Shape::Example => (
            format!(
                "the `inputSchema` of `{}` is an example of the arguments, not a JSON Schema: \
                 the schema is incomplete",
                name(tool)
            ),
            "replace it with a JSON Schema of the arguments (the fix generates one from the \
             example)",
            "replace the example with a schema inferred from it",
            Applicability::Unsafe,
        ),
        Shape::BareProperties => (
            format!(
                "the `inputSchema` of `{}` lists property schemas without \
                 `\"type\": \"object\"` and `properties` around them",
                name(tool)
            ),
            "wrap the property schemas in `{\"type\": \"object\", \"properties\": …}`",
            "wrap the property schemas in an object schema",
            Applicability::Safe,
        ),
    };
    let mut diagnostic = INPUT_SCHEMA_IS_EXAMPLE
        .diagnostic(schema.span(), message)
        .with_path(schema.path())
        .with_help(help);
    // Written like the capture: on one line in a line-framed capture, indented like the
    // schema's line in a pretty-printed one.
    let doc = schema.document();
    let layout = Layout::at(
        doc.text(),
        schema.span().start.saturating_sub(doc.base()) as usize,
    );
    if let Some(text) = replacement(schema, shape, &layout) {
        diagnostic = diagnostic.with_fix(Fix::new(
            fix,
            vec![Edit::new(schema.span(), text)],
            applicability,
        ));
    }
    report.push(diagnostic);
    false
}
