use jsonschema::ValidationError;
use mcpvet_diagnostics::declare_rule;
use mcpvet_json::Value;
use mcpvet_text::Span;

use crate::context::{Cx, name, short};
use crate::schema::{Role, describe, location, node_at};

declare_rule! {
    /// A tool's `inputSchema` or `outputSchema` is not a valid JSON Schema.
    ///
    /// ## What it checks
    ///
    /// Each schema is checked against the meta-schema of its dialect with the `jsonschema`
    /// crate: the dialect its `$schema` names, else JSON Schema 2020-12 from protocol
    /// 2025-11-25 on and draft-07 for earlier versions (whose official schema is written in
    /// draft-07). Every error is reported at the offending keyword (a misspelt type name,
    /// `required` that is not an array, `minimum` that is not a number…); a `pattern` that
    /// is not a valid regular expression and a local `$ref` (`#/$defs/…`) that points to
    /// nothing are reported too. Schemas are never fetched: external references are MCP515.
    ///
    /// ## Why it matters
    ///
    /// `inputSchema` and `outputSchema` MUST be valid JSON Schema objects (2025-11-25,
    /// "JSON Schema usage"). Clients compile the schema to validate arguments and structured
    /// output, and model APIs compile it to constrain generation: an invalid schema makes the
    /// client drop the tool or the model API reject the whole request.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"text"}}}}]}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonl
    /// {"jsonrpc":"2.0","id":1,"method":"tools/list"}
    /// {"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"read_file","description":"Read a file.","inputSchema":{"type":"object","properties":{"path":{"type":"string"}}}}]}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Basic: "JSON Schema usage"
    /// - JSON Schema 2020-12, Core and Validation; JSON Schema draft-07
    pub(crate) static INVALID_JSON_SCHEMA = {
        code: "MCP509",
        name: "invalid-json-schema",
        family: Tools,
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

fn subject(role: Role, tool: &str) -> String {
    format!("the `{}` of `{}`", role.member(), name(tool))
}

/// Reports one meta-schema error at `node` (`pointer` locates it inside the schema, `what`
/// says what is wrong).
pub(crate) fn report_meta(
    cx: &mut Cx<'_>,
    node: Value<'_>,
    pointer: &str,
    what: &str,
    role: Role,
    tool: &str,
    draft: &str,
) {
    let loc = location(pointer);
    let at = if loc.is_empty() {
        String::new()
    } else {
        format!(" at `{loc}`")
    };
    cx.report(
        &INVALID_JSON_SCHEMA,
        node.span(),
        format!(
            "{} is not valid JSON Schema {draft}{at}: {what}",
            subject(role, tool)
        ),
        "correct the schema; clients cannot compile it as it is",
    );
}

/// Reports a local `$ref` (the string node `reference`) that points to nothing.
pub(crate) fn report_dangling_ref(cx: &mut Cx<'_>, reference: Value<'_>, role: Role, tool: &str) {
    let target = reference.as_str().unwrap_or_default();
    cx.report(
        &INVALID_JSON_SCHEMA,
        reference.span(),
        format!(
            "`$ref` `{}` in {} points to nothing in the schema",
            short(&target, 60),
            subject(role, tool)
        ),
        "point the `$ref` at a definition of the schema, such as `#/$defs/<name>`",
    );
}

/// Reports an error of compiling `schema` that the meta-schema did not catch (an invalid
/// regular expression, an unresolvable reference).
pub(crate) fn report_build(
    cx: &mut Cx<'_>,
    schema: Value<'_>,
    error: &ValidationError<'_>,
    role: Role,
    tool: &str,
) {
    let node = node_at(schema, error.instance_path().as_str());
    let span: Span = node.span();
    let (what, _) = describe(error.kind(), node.kind());
    let what = if what.starts_with("must be a valid `regex`") {
        "not a valid regular expression".to_owned()
    } else {
        what
    };
    let loc = location(error.instance_path().as_str());
    let at = if loc.is_empty() {
        String::new()
    } else {
        format!(" at `{loc}`")
    };
    cx.report(
        &INVALID_JSON_SCHEMA,
        span,
        format!("{} cannot be compiled{at}: {what}", subject(role, tool)),
        "correct the schema; clients cannot compile it as it is",
    );
}
