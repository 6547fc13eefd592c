use jsonschema::Draft;
use mcpvet_diagnostics::{JsonPath, Reporter, declare_rule};
use mcpvet_json::Value;
use mcpvet_schema::validate::InstanceValidator;

use crate::context::short;
use crate::schema::{ToolSchema, compile, describe, draft_name, location, meta_errors, node_at};

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
        severity: Error,
        target: Transcript,
        since: "0.1.0",
    }
}

/// Where the JSON Pointer `pointer` leads inside the schema, for a message (`" at `a.b`"`);
/// empty at the root.
fn at_location(pointer: &str) -> String {
    let loc = location(pointer);
    if loc.is_empty() {
        String::new()
    } else {
        format!(" at `{loc}`")
    }
}

/// Checks `schema` (converted to `json`) against the meta-schema of `draft`, reporting every
/// error at the node it is about; returns whether there was none.
pub(crate) fn check_meta(
    schema: ToolSchema<'_, '_>,
    json: &serde_json::Value,
    draft: Draft,
    report: &mut Reporter<'_>,
) -> bool {
    let errors = meta_errors(schema.node, json, draft);
    for (node, pointer, what) in &errors {
        report.report(
            &INVALID_JSON_SCHEMA,
            *node,
            format!(
                "{} is not valid JSON Schema {}{}: {what}",
                schema.subject(),
                draft_name(draft),
                at_location(pointer)
            ),
            "correct the schema; clients cannot compile it as it is",
        );
    }
    errors.is_empty()
}

/// Reports a local `$ref` (the string node `reference` inside `schema`) that points to nothing
/// in the schema; returns whether it was reported. Plain-name fragments (anchors), and every
/// fragment of a schema that `embeds` resources (has an `$id` below its root), are left to the
/// compiler.
pub(crate) fn check_ref(
    schema: ToolSchema<'_, '_>,
    reference: Value<'_>,
    embeds: bool,
    report: &mut Reporter<'_>,
) -> bool {
    let Some(target) = reference.as_str() else {
        return false;
    };
    let Some(fragment) = target.strip_prefix('#') else {
        return false;
    };
    if embeds || !(fragment.is_empty() || fragment.starts_with('/')) {
        return false;
    }
    let pointer = percent_decode(fragment);
    if pointer.is_empty() || resolves(schema.node, &pointer) {
        return false;
    }
    report.report(
        &INVALID_JSON_SCHEMA,
        reference,
        format!(
            "`$ref` `{}` in {} points to nothing in the schema",
            short(&target, 60),
            schema.subject()
        ),
        "point the `$ref` at a definition of the schema, such as `#/$defs/<name>`",
    );
    true
}

/// Compiles `schema` (converted to `json`) as `draft`; reports an error the meta-schema did not
/// catch (an invalid regular expression, an unresolvable reference) and returns `None` then.
pub(crate) fn check_compiles(
    schema: ToolSchema<'_, '_>,
    json: &serde_json::Value,
    draft: Draft,
    report: &mut Reporter<'_>,
) -> Option<InstanceValidator> {
    let error = match compile(json, draft) {
        Ok(validator) => return Some(validator),
        Err(error) => error,
    };
    let node = node_at(schema.node, error.instance_path().as_str());
    let (what, _) = describe(error.kind(), node.kind());
    let what = if what.starts_with("must be a valid `regex`") {
        "not a valid regular expression".to_owned()
    } else {
        what
    };
    report.report(
        &INVALID_JSON_SCHEMA,
        node,
        format!(
            "{} cannot be compiled{}: {what}",
            schema.subject(),
            at_location(error.instance_path().as_str())
        ),
        "correct the schema; clients cannot compile it as it is",
    );
    None
}

/// Whether the JSON Pointer `pointer` reaches a node from `root` (every step exists).
fn resolves(root: Value<'_>, pointer: &str) -> bool {
    let Ok(path) = JsonPath::from_pointer(pointer) else {
        return false;
    };
    root.find(&path).is_some()
}

/// Decodes `%XX` escapes of a URI fragment.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = text.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/$defs/a%20b"), "/$defs/a b");
        assert_eq!(percent_decode("/x%zz"), "/x%zz");
        assert_eq!(percent_decode("%"), "%");
    }
}
