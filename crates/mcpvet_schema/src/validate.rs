//! JSON Schema handling with the `jsonschema` crate: naming the dialect, checking a schema
//! against its meta-schema, compiling it (offline: no `$ref` is ever fetched), validating
//! instances, and mapping every error back to a span of the input.
//!
//! Errors of `jsonschema` carry JSON Pointers: `instance_path` into the instance (the
//! arguments of a call, structured content, or, for meta-schema errors, the schema itself).
//! The instance was converted from a node of the input's document, so the pointer is
//! followed from that node ([`node_at`]) to get the exact span.
use std::fmt::Write as _;

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::{Draft, ValidationError, Validator};
use mcpvet_json::JsonOptions;

use crate::parsed::{self, Parsed, ParsedNode};
use mcpvet_diagnostics::{JsonPath, Site};
use mcpvet_json::{Value, ValueKind};

use crate::{short, site};

/// Errors reported at most per schema or per instance, so one broken input cannot flood the
/// report.
pub const MAX_ERRORS: usize = 20;

/// The draft a `$schema` URI names, if it is one `jsonschema` knows (with or without the
/// empty fragment, `http` or `https`).
pub fn dialect_of(uri: &str) -> Option<Draft> {
    let uri = uri.strip_suffix('#').unwrap_or(uri);
    let rest = uri
        .strip_prefix("https://")
        .or_else(|| uri.strip_prefix("http://"))?;
    match rest {
        "json-schema.org/draft/2020-12/schema" => Some(Draft::Draft202012),
        "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft201909),
        "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
        "json-schema.org/draft-06/schema" => Some(Draft::Draft6),
        "json-schema.org/draft-04/schema" => Some(Draft::Draft4),
        _ => None,
    }
}

/// A short name of a draft, for messages.
pub fn draft_name(draft: Draft) -> &'static str {
    match draft {
        Draft::Draft4 => "draft-04",
        Draft::Draft6 => "draft-06",
        Draft::Draft7 => "draft-07",
        Draft::Draft201909 => "2019-09",
        _ => "2020-12",
    }
}

/// Checks `schema` against the meta-schema of `draft`: every error with the node it is about,
/// its JSON Pointer inside the schema, and what is wrong.
pub fn meta_errors<'d>(
    schema: Value<'d>,
    json: &serde_json::Value,
    draft: Draft,
) -> Vec<(Value<'d>, String, String)> {
    let meta = match draft {
        Draft::Draft4 => jsonschema::draft4::meta::validator(),
        Draft::Draft6 => jsonschema::draft6::meta::validator(),
        Draft::Draft7 => jsonschema::draft7::meta::validator(),
        Draft::Draft201909 => jsonschema::draft201909::meta::validator(),
        _ => jsonschema::draft202012::meta::validator(),
    };
    if meta.is_valid(json) {
        return Vec::new();
    }
    meta.iter_errors(json)
        .take(MAX_ERRORS)
        .map(|e| {
            let pointer = e.instance_path().as_str().to_owned();
            let node = node_at(schema, &pointer);
            let what = describe_schema_error(&e, node);
            (node, pointer, what)
        })
        .collect()
}

/// A compiled schema that judges parsed values (see [`crate::parsed`]).
pub type InstanceValidator = Validator<Parsed>;

/// Compiles `json` (whose dialect is `draft`) without fetching anything.
///
/// # Errors
///
/// The first error that keeps the schema from compiling (an unresolvable `$ref`, an
/// invalid regular expression).
pub fn compile(
    json: &serde_json::Value,
    draft: Draft,
) -> Result<InstanceValidator, ValidationError<'static>> {
    jsonschema::options_for::<Parsed>()
        .with_draft(draft)
        .offline()
        .build(json)
}

/// Members whose values are data, not subschemas.
const DATA: &[&str] = &["const", "default", "enum", "examples"];

/// The `$ref` string nodes of `schema` and the `$id`s of the schemas embedded in it (without
/// a trailing `#`), in source order.
pub fn references(schema: Value<'_>) -> (Vec<Value<'_>>, Vec<String>) {
    let mut refs = Vec::new();
    let mut ids = Vec::new();
    collect(schema, &mut refs, &mut ids, 0);
    (refs, ids)
}

fn collect<'d>(node: Value<'d>, refs: &mut Vec<Value<'d>>, ids: &mut Vec<String>, depth: u32) {
    if depth > 128 {
        return;
    }
    match node.kind() {
        ValueKind::Object => {
            for member in node.members() {
                let key = member.key_str();
                match key.as_ref() {
                    "$ref" if member.value.kind() == ValueKind::String => refs.push(member.value),
                    "$id" if depth > 0 => {
                        if let Some(id) = member.value.as_str() {
                            ids.push(id.trim_end_matches('#').to_owned());
                        }
                    }
                    k if DATA.contains(&k) => {}
                    _ => collect(member.value, refs, ids, depth + 1),
                }
            }
        }
        ValueKind::Array => {
            for item in node.items() {
                collect(item, refs, ids, depth + 1);
            }
        }
        _ => {}
    }
}

/// The node reached from `root` by the JSON Pointer `pointer`, or the deepest node of it that
/// exists (with duplicate keys, the last member: the one a `serde_json` conversion kept).
pub fn node_at<'d>(root: Value<'d>, pointer: &str) -> Value<'d> {
    let Ok(path) = JsonPath::from_pointer(pointer) else {
        return root;
    };
    let mut current = root;
    for segment in path.segments() {
        let next = current.find(&JsonPath::from_segments(vec![segment.clone()]));
        match next {
            Some(n) => current = n,
            None => break,
        }
    }
    current
}

/// A JSON Pointer as a short location for messages: `options.depth`, `files[2]`, `["a b"]`;
/// empty for the root.
pub fn location(pointer: &str) -> String {
    let Ok(path) = JsonPath::from_pointer(pointer) else {
        return short(pointer, 80);
    };
    let text = path.to_string();
    let text = text.strip_prefix('$').unwrap_or(&text);
    short(text.strip_prefix('.').unwrap_or(text), 80)
}

/// One violation of a schema by an instance, ready to report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// Where: the offending value, or for a property that should not be there, its member.
    pub at: Site,
    /// The location inside the instance (empty for the instance itself).
    pub location: String,
    /// What the schema wants, e.g. `expected integer, found string`.
    pub what: String,
    /// What to do about it.
    pub help: String,
}

/// Validates `instance` (the node of the capture; `None` stands for an absent object, `{}`)
/// against `validator`. `fallback` is the value violations point at when the instance is
/// absent.
///
/// Returns `None` when the instance cannot be converted (a number beyond `f64`, a lone
/// surrogate): it is then not judged.
pub fn violations(
    validator: &InstanceValidator,
    instance: Option<Value<'_>>,
    fallback: Value<'_>,
) -> Option<Vec<Violation>> {
    match instance {
        // The nodes themselves, where they are what `serde_json` reads from their text.
        Some(v) if parsed::direct(v) => Some(judge(validator, v, instance, fallback)),
        // Otherwise what `serde_json` reads (a repeated name keeps its last value, nesting
        // goes to its own limit), written again and parsed: the same value, well formed.
        Some(v) => {
            let json = crate::instance::to_json(v)?;
            let text = serde_json::to_string(&json).ok()?;
            let document = mcpvet_json::parse(&text, &JsonOptions::strict()).value;
            Some(judge(validator, document.root()?, instance, fallback))
        }
        None => {
            let document = mcpvet_json::parse("{}", &JsonOptions::strict()).value;
            Some(judge(validator, document.root()?, instance, fallback))
        }
    }
}

/// The violations of `validator` by `node`; each points at the node of `instance` (the
/// capture's value, which `node` reads) that the error's instance path reaches, or at
/// `fallback`.
fn judge(
    validator: &InstanceValidator,
    node: Value<'_>,
    instance: Option<Value<'_>>,
    fallback: Value<'_>,
) -> Vec<Violation> {
    // The verdict on the nodes as written; errors, if any, listed as `serde_json`'s maps
    // order members.
    judge_as(
        validator,
        ParsedNode::new(node),
        ParsedNode::by_name(node),
        instance,
        fallback,
    )
}

/// [`judge`] for nodes of any representation (the `testing` module compares the parsed
/// nodes with `serde_json` values through it): `check` for the verdict, `report` (the same
/// value) for the errors.
pub(crate) fn judge_as<'i, F: jsonschema::json::Json>(
    validator: &'i Validator<F>,
    check: F::Node<'i>,
    report: F::Node<'i>,
    instance: Option<Value<'_>>,
    fallback: Value<'_>,
) -> Vec<Violation> {
    if validator.is_valid(check) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for error in validator.iter_errors(report) {
        if out.len() >= MAX_ERRORS {
            break;
        }
        let pointer = error.instance_path().as_str();
        let node = instance.map(|i| node_at(i, pointer));
        let at = node.map_or_else(|| site(fallback), Site::from);
        let location = location(pointer);
        match error.kind() {
            ValidationErrorKind::AdditionalProperties { unexpected }
            | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
                let keyword = if matches!(
                    error.kind(),
                    ValidationErrorKind::AdditionalProperties { .. }
                ) {
                    "additionalProperties"
                } else {
                    "unevaluatedProperties"
                };
                for key in unexpected {
                    let at = node
                        .and_then(|n| n.member(key))
                        .map_or_else(|| at.clone(), |m| m.span().into());
                    out.push(Violation {
                        at,
                        location: location.clone(),
                        what: format!(
                            "unexpected property `{}` (the schema's `{keyword}` does not allow it)",
                            short(key, 60)
                        ),
                        help: format!(
                            "remove `{}` or correct its name to one the schema declares",
                            short(key, 60)
                        ),
                    });
                }
            }
            kind => {
                let found = node.map_or(ValueKind::Object, Value::kind);
                let (what, help) = describe(kind, found);
                out.push(Violation {
                    at,
                    location,
                    what,
                    help,
                });
            }
        }
    }
    out
}

/// What a validation error says, as a phrase without a subject (`must be at most 10`), and
/// what to do about it.
pub fn describe(kind: &ValidationErrorKind, found: ValueKind) -> (String, String) {
    let generic = "change the value to satisfy the schema".to_owned();
    let what = match kind {
        ValidationErrorKind::Required { property } => {
            let name = property
                .as_str()
                .map_or_else(|| property.to_string(), ToOwned::to_owned);
            let name = short(&name, 60);
            return (
                format!("missing required property `{name}`"),
                format!("add `{name}`, which the schema requires"),
            );
        }
        ValidationErrorKind::Type { kind } => {
            let expected = type_names(kind);
            return (
                format!("expected {expected}, found {}", found.name()),
                format!("send {expected} here"),
            );
        }
        ValidationErrorKind::Enum { options } => {
            format!("must be one of {}", list_values(options))
        }
        ValidationErrorKind::Constant { expected_value } => {
            format!("must be {}", value_text(expected_value))
        }
        ValidationErrorKind::Minimum { limit } => format!("must be at least {limit}"),
        ValidationErrorKind::Maximum { limit } => format!("must be at most {limit}"),
        ValidationErrorKind::ExclusiveMinimum { limit } => format!("must be greater than {limit}"),
        ValidationErrorKind::ExclusiveMaximum { limit } => format!("must be less than {limit}"),
        ValidationErrorKind::MultipleOf { multiple_of } => {
            format!("must be a multiple of {multiple_of}")
        }
        ValidationErrorKind::MinLength { limit } => {
            format!("must be at least {limit} character{} long", plural(*limit))
        }
        ValidationErrorKind::MaxLength { limit } => {
            format!("must be at most {limit} character{} long", plural(*limit))
        }
        ValidationErrorKind::MinItems { limit } => {
            format!("must have at least {limit} item{}", plural(*limit))
        }
        ValidationErrorKind::MaxItems { limit } => {
            format!("must have at most {limit} item{}", plural(*limit))
        }
        ValidationErrorKind::AdditionalItems { limit } => {
            format!("must have at most {limit} item{}", plural(*limit as u64))
        }
        ValidationErrorKind::MinProperties { limit } => {
            format!("must have at least {limit} propert{}", plural_y(*limit))
        }
        ValidationErrorKind::MaxProperties { limit } => {
            format!("must have at most {limit} propert{}", plural_y(*limit))
        }
        ValidationErrorKind::Pattern { pattern } => {
            format!("must match the pattern `{}`", short(pattern, 60))
        }
        ValidationErrorKind::Format { format } => {
            format!("must be a valid `{}`", short(format, 30))
        }
        ValidationErrorKind::UniqueItems => "must not contain the same item twice".to_owned(),
        ValidationErrorKind::Contains => "must contain an item matching `contains`".to_owned(),
        ValidationErrorKind::Not { .. } => "must not match the `not` schema".to_owned(),
        ValidationErrorKind::FalseSchema => {
            return (
                "is not allowed here (its schema is `false`)".to_owned(),
                "remove this value".to_owned(),
            );
        }
        ValidationErrorKind::AnyOf { .. } => "matches none of the `anyOf` alternatives".to_owned(),
        ValidationErrorKind::OneOfNotValid { .. } => {
            "matches none of the `oneOf` alternatives".to_owned()
        }
        ValidationErrorKind::OneOfMultipleValid { .. } => {
            "matches more than one of the `oneOf` alternatives".to_owned()
        }
        ValidationErrorKind::PropertyNames { .. } => {
            "has a property name that `propertyNames` does not allow".to_owned()
        }
        ValidationErrorKind::UnevaluatedItems { .. } => {
            "has items that `unevaluatedItems` does not allow".to_owned()
        }
        ValidationErrorKind::AdditionalProperties { unexpected }
        | ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            let names: Vec<String> = unexpected
                .iter()
                .take(5)
                .map(|k| format!("`{}`", short(k, 40)))
                .collect();
            format!("has unexpected properties {}", names.join(", "))
        }
        ValidationErrorKind::ContentEncoding { content_encoding } => {
            format!("must be `{}`-encoded", short(content_encoding, 30))
        }
        ValidationErrorKind::ContentMediaType { content_media_type } => {
            format!("must be `{}` content", short(content_media_type, 40))
        }
        ValidationErrorKind::Referencing(_) => {
            return (
                "cannot be checked: the schema has a `$ref` that does not resolve".to_owned(),
                "make every `$ref` of the schema point inside it".to_owned(),
            );
        }
        ValidationErrorKind::BacktrackLimitExceeded { .. }
        | ValidationErrorKind::RegexEngineFailure { .. } => {
            "cannot be matched against the pattern (the regex engine gave up)".to_owned()
        }
        ValidationErrorKind::Custom { message, .. } => short(message, 120),
        ValidationErrorKind::FromUtf8 { .. } => "is not valid UTF-8 once decoded".to_owned(),
    };
    (what, generic)
}

/// What a meta-schema error says about a schema, with a clearer message for `type`.
fn describe_schema_error(error: &ValidationError<'_>, node: Value<'_>) -> String {
    let last = error
        .instance_path()
        .as_str()
        .rsplit('/')
        .next()
        .unwrap_or("");
    if last == "type"
        && matches!(
            error.kind(),
            ValidationErrorKind::AnyOf { .. } | ValidationErrorKind::Enum { .. }
        )
    {
        return "`type` must be a JSON Schema type name (`string`, `number`, `integer`, \
                `boolean`, `object`, `array`, `null`) or an array of them"
            .to_owned();
    }
    describe(error.kind(), node.kind()).0
}

fn type_names(kind: &TypeKind) -> String {
    match kind {
        TypeKind::Single(t) => t.as_str().to_owned(),
        TypeKind::Multiple(set) => {
            let names: Vec<&str> = set
                .iter()
                .map(jsonschema::types::JsonType::as_str)
                .collect();
            names.join(" or ")
        }
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn plural_y(n: u64) -> &'static str {
    if n == 1 { "y" } else { "ies" }
}

/// A value for a message: short scalars as written, long ones cut, containers by kind.
fn value_text(value: &serde_json::Value) -> String {
    match value {
        serde_json::Value::String(s) => format!("`{}`", short(s, 40)),
        serde_json::Value::Array(_) => "the array in the schema".to_owned(),
        serde_json::Value::Object(_) => "the object in the schema".to_owned(),
        other => format!("`{other}`"),
    }
}

fn list_values(options: &serde_json::Value) -> String {
    let serde_json::Value::Array(items) = options else {
        return value_text(options);
    };
    let mut out = String::new();
    for (i, item) in items.iter().take(6).enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(&value_text(item));
    }
    if items.len() > 6 {
        let _ = write!(out, " (and {} more)", items.len() - 6);
    }
    out
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    #[test]
    fn dialects() {
        assert_eq!(
            dialect_of("http://json-schema.org/draft-07/schema#"),
            Some(Draft::Draft7)
        );
        assert_eq!(
            dialect_of("https://json-schema.org/draft/2020-12/schema"),
            Some(Draft::Draft202012)
        );
        assert_eq!(dialect_of("https://example.com/my-dialect"), None);
    }

    #[test]
    fn pointers_map_to_nodes() {
        let text = r#"{"a":{"b":[1,{"c":true}]},"a~b":2,"x/y":3}"#;
        let doc = parse(text, &JsonOptions::strict()).value;
        let root = doc.root().unwrap();
        let at = |p: &str| &text[node_at(root, p).span().range()];
        assert_eq!(at(""), text);
        assert_eq!(at("/a/b/1/c"), "true");
        assert_eq!(at("/a~0b"), "2");
        assert_eq!(at("/x~1y"), "3");
        // A missing step stops at the deepest node that exists.
        assert_eq!(at("/a/b/7"), "[1,{\"c\":true}]");
        assert_eq!(location("/a/b/1/c"), "a.b[1].c");
        assert_eq!(location(""), "");
        assert_eq!(location("/x y"), "[\"x y\"]");
    }

    #[test]
    fn violations_point_inside_the_instance() {
        let schema = serde_json::json!({
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "depth": {"type": "integer", "maximum": 5},
                "mode": {"enum": ["fast", "slow"]}
            },
            "required": ["path"],
            "additionalProperties": false
        });
        let validator = compile(&schema, Draft::Draft202012).unwrap();
        let text = r#"{"depth": 7, "mode": "medium", "extra": 1}"#;
        let doc = parse(text, &JsonOptions::strict()).value;
        let args = doc.root().unwrap();
        let mut got = violations(&validator, Some(args), args).unwrap();
        got.sort_by_key(|v| v.at.span().start);
        let rendered: Vec<(&str, &str, &str)> = got
            .iter()
            .map(|v| {
                (
                    &text[v.at.span().range()],
                    v.location.as_str(),
                    v.what.as_str(),
                )
            })
            .collect();
        assert_eq!(
            rendered,
            [
                (text, "", "missing required property `path`"),
                ("7", "depth", "must be at most 5"),
                ("\"medium\"", "mode", "must be one of `fast`, `slow`"),
                (
                    "\"extra\": 1",
                    "",
                    "unexpected property `extra` (the schema's `additionalProperties` does not allow it)"
                ),
            ]
        );
        // An absent instance is `{}`, reported at the fallback value.
        let fallback = args.get("depth").unwrap();
        let got = violations(&validator, None, fallback).unwrap();
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].at.span(), fallback.span());
        assert_eq!(got[0].at.path().unwrap().to_string(), "$.depth");
        let ok = parse(r#"{"path": "/srv/data"}"#, &JsonOptions::strict()).value;
        let ok = ok.root().unwrap();
        assert!(violations(&validator, Some(ok), ok).unwrap().is_empty());
    }

    #[test]
    fn meta_errors_name_the_keyword() {
        let text = r#"{"type":"object","properties":{"a":{"type":"strng"}},"required":"a"}"#;
        let doc = parse(text, &JsonOptions::strict()).value;
        let json: serde_json::Value = serde_json::from_str(text).unwrap();
        let errors = meta_errors(doc.root().unwrap(), &json, Draft::Draft202012);
        let rendered: Vec<(&str, &str)> = errors
            .iter()
            .map(|(n, _, w)| (&text[n.span().range()], w.as_str()))
            .collect();
        assert_eq!(rendered.len(), 2, "{rendered:?}");
        assert!(rendered.contains(&(
            "\"strng\"",
            "`type` must be a JSON Schema type name (`string`, `number`, `integer`, `boolean`, \
             `object`, `array`, `null`) or an array of them"
        )));
        assert!(rendered.contains(&("\"a\"", "expected array, found string")));
    }
}
