use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::{JsonOptions, Value, ValueKind, parse};
use mcpvet_schema::infer::{InferOptions, Layout, infer, replacement};
use mcpvet_schema::shape::{Shape, classify};

use super::Field;
use crate::context::Cx;

declare_rule! {
    /// A tool's `requestSchema` or `responseSchema` holds JSON that is not a JSON Schema: an example payload, bare property schemas, a string or another value.
    ///
    /// ## What it checks
    ///
    /// The schema fields of the tools of a server definition. A field is incomplete when it
    /// holds:
    ///
    /// - an example of the data instead of its schema (`{"city": "Oslo", "days": 3}`: an
    ///   object without any constraining JSON Schema keyword whose members are not all
    ///   schemas): the fix replaces it with the schema generated from the example, as
    ///   `mcpvet schema infer` prints it (draft 2020-12, every key of the example required:
    ///   review it);
    /// - property schemas without the object schema around them
    ///   (`{"city": {"type": "string"}}`): the fix wraps them in
    ///   `{"type": "object", "properties": …}`;
    /// - a string: a JSON text in a string (the schema, or an example, serialised once too
    ///   often; the fix writes it as JSON), or a type name (`"string"`: the fix writes
    ///   `{"type": "string"}`);
    /// - an array, a number, `true`, `false` or `null` (for a response schema, the fix is the
    ///   schema generated from it as an example).
    ///
    /// The fix is marked for review (it cannot know which keys are optional), except for the
    /// wrapping of bare properties, which changes nothing of what they say.
    ///
    /// ## Why it matters
    ///
    /// The platforms that host such servers mark the field "Schema is incomplete" and refuse
    /// to publish; clients that receive it anyway get no parameter names or types, and
    /// argument validation accepts anything. The "Generate schema" button of those platforms
    /// is what the fix does.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "weather", "tools": [{"name": "forecast", "description": "Forecast for a city.",
    ///   "type": "http", "method": "GET", "endpoint": "https://api.example.com", "path": "/forecast",
    ///   "requestSchema": {"city": "Oslo", "days": 3},
    ///   "responseSchema": {"type": "object", "properties": {"summary": {"type": "string"}}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "weather", "tools": [{"name": "forecast", "description": "Forecast for a city.",
    ///   "type": "http", "method": "GET", "endpoint": "https://api.example.com", "path": "/forecast",
    ///   "requestSchema": {"type": "object", "properties": {"city": {"type": "string"}, "days": {"type": "integer"}}, "required": ["city"]},
    ///   "responseSchema": {"type": "object", "properties": {"summary": {"type": "string"}}}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - `docs/server-definition.md` (schema fields and their states)
    /// - JSON Schema 2020-12, Core and Validation
    pub(crate) static INCOMPLETE_SCHEMA = {
        code: "MCP601",
        name: "incomplete-schema",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The JSON type names a string may hold where a schema belongs.
const TYPE_NAMES: &[&str] = &[
    "array", "boolean", "integer", "null", "number", "object", "string",
];

/// Judges the value of a schema field; returns whether it is a schema object (so that the
/// other schema rules may look at it), after reporting it when it is not.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    field: Field<'_>,
    value: Value<'_>,
    report: &mut Reporter<'_>,
) -> bool {
    let subject = field.subject(cx);
    let text = cx.file.document().text();
    let layout = Layout::at(text, value.span().start as usize);
    let input = field.role.is_input();
    let (message, help, fix) = match value.kind() {
        ValueKind::Object => match classify(value) {
            Shape::Schema => return true,
            shape @ Shape::Example => (
                format!(
                    "{subject} is an example payload, not a JSON Schema: the schema is incomplete"
                ),
                "replace it with a JSON Schema of the data (the fix generates one from the example: review which keys are required)",
                replacement(value, shape, &layout).map(|t| (t, Applicability::Unsafe)),
            ),
            shape @ Shape::BareProperties => (
                format!(
                    "{subject} lists property schemas without `\"type\": \"object\"` and \
                     `properties` around them: the schema is incomplete"
                ),
                "wrap the property schemas in `{\"type\": \"object\", \"properties\": …}`",
                replacement(value, shape, &layout).map(|t| (t, Applicability::Safe)),
            ),
        },
        ValueKind::String => string(&subject, value, input, &layout),
        ValueKind::Error => return false,
        kind => {
            let what = match value.as_bool() {
                Some(b) => format!(
                    "the boolean schema `{b}`, which accepts {}",
                    if b { "anything" } else { "nothing" }
                ),
                None if kind == ValueKind::Array => "an array".to_owned(),
                None => format!("a {}", kind.name()),
            };
            let fix = (!input && value.as_bool().is_none()).then(|| {
                (
                    infer(value, InferOptions::default()).to_document(&layout),
                    Applicability::Unsafe,
                )
            });
            (
                format!("{subject} is {what}, not a JSON Schema object: the schema is incomplete"),
                if input {
                    "describe the arguments with an object schema: `{\"type\": \"object\", \"properties\": {…}}`"
                } else {
                    "write a JSON Schema object that describes the data"
                },
                fix,
            )
        }
    };
    let mut diagnostic = INCOMPLETE_SCHEMA
        .diagnostic(value.span(), message)
        .with_path(value.path())
        .with_help(help);
    if let Some((replacement, applicability)) = fix {
        diagnostic = diagnostic.with_fix(Fix::new(
            "replace the value with a JSON Schema",
            vec![Edit::new(value.span(), replacement)],
            applicability,
        ));
    }
    report.push(diagnostic);
    false
}

/// A string where a schema belongs: a JSON text, a type name, or anything else.
fn string(
    subject: &str,
    value: Value<'_>,
    input: bool,
    layout: &Layout,
) -> (String, &'static str, Option<(String, Applicability)>) {
    let decoded = value.as_str().unwrap_or_default();
    let trimmed = decoded.trim();
    if TYPE_NAMES.contains(&trimmed) {
        return (
            format!(
                "{subject} is the string `\"{trimmed}\"`, not a JSON Schema: the schema is incomplete"
            ),
            "write the type as a schema: `{\"type\": …}`",
            Some((
                if matches!(layout, Layout::Compact) {
                    format!("{{\"type\":\"{trimmed}\"}}")
                } else {
                    format!("{{\"type\": \"{trimmed}\"}}")
                },
                Applicability::Safe,
            )),
        );
    }
    let inner = parse(trimmed, &JsonOptions::strict());
    let root = inner
        .value
        .root()
        .filter(|r| !inner.has_errors() && r.is_container());
    let Some(root) = root else {
        return (
            format!("{subject} is a string, not a JSON Schema object: the schema is incomplete"),
            "write a JSON Schema object that describes the data",
            None,
        );
    };
    let fix = match (root.kind(), classify(root)) {
        (ValueKind::Object, Shape::Schema) => Some(trimmed.to_owned()),
        (ValueKind::Object, shape) => replacement(root, shape, layout),
        _ if input => None,
        _ => Some(infer(root, InferOptions::default()).to_document(layout)),
    };
    (
        format!(
            "{subject} is a JSON text inside a string (serialised twice), not a JSON Schema \
             object: the schema is incomplete"
        ),
        "write the JSON itself, not a string that holds it",
        fix.map(|f| (f, Applicability::Unsafe)),
    )
}
