//! Telling a JSON Schema from an example payload written where a schema belongs, and
//! generating the schema the example implies.
use mcpvet_json::{Value, ValueKind};

use crate::canonical::write_string;

/// JSON Schema keywords (every draft from 4 to 2020-12).
const KEYWORDS: &[&str] = &[
    "$anchor",
    "$comment",
    "$defs",
    "$dynamicAnchor",
    "$dynamicRef",
    "$id",
    "$recursiveAnchor",
    "$recursiveRef",
    "$ref",
    "$schema",
    "$vocabulary",
    "additionalItems",
    "additionalProperties",
    "allOf",
    "anyOf",
    "const",
    "contains",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "default",
    "definitions",
    "dependencies",
    "dependentRequired",
    "dependentSchemas",
    "deprecated",
    "description",
    "else",
    "enum",
    "examples",
    "exclusiveMaximum",
    "exclusiveMinimum",
    "format",
    "if",
    "items",
    "maxContains",
    "maxItems",
    "maxLength",
    "maxProperties",
    "maximum",
    "minContains",
    "minItems",
    "minLength",
    "minProperties",
    "minimum",
    "multipleOf",
    "not",
    "oneOf",
    "pattern",
    "patternProperties",
    "prefixItems",
    "properties",
    "propertyNames",
    "readOnly",
    "required",
    "then",
    "title",
    "type",
    "unevaluatedItems",
    "unevaluatedProperties",
    "uniqueItems",
    "writeOnly",
];

/// Keywords that only annotate: a schema made of these alone constrains nothing, and an
/// example payload may well have members with these names.
const ANNOTATIONS: &[&str] = &[
    "$comment",
    "default",
    "deprecated",
    "description",
    "examples",
    "readOnly",
    "title",
    "writeOnly",
];

fn is_keyword(key: &str) -> bool {
    KEYWORDS.binary_search(&key).is_ok()
}

/// Whether `value` is an object with at least one JSON Schema keyword.
fn looks_like_schema(value: Value<'_>) -> bool {
    value.kind() == ValueKind::Object && value.members().any(|m| is_keyword(&m.key_str()))
}

/// What an `inputSchema` object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// A schema (possibly a poor one: other rules judge it).
    Schema,
    /// Property schemas without the `{"type":"object","properties":…}` around them:
    /// `{"path": {"type": "string"}}`.
    BareProperties,
    /// An example payload: `{"path": "/srv/data", "recursive": true}`.
    Example,
}

/// Classifies the object `schema`: it is a schema when it uses a constraining keyword;
/// otherwise its other members decide (all schema-like objects: bare properties; any value
/// that cannot be a schema, or an object without any keyword: an example).
pub(crate) fn classify(schema: Value<'_>) -> Shape {
    if schema.kind() != ValueKind::Object {
        return Shape::Schema;
    }
    let mut others = 0;
    let mut schema_like = 0;
    for member in schema.members() {
        let key = member.key_str();
        if is_keyword(&key) {
            if ANNOTATIONS.binary_search(&key.as_ref()).is_err() {
                return Shape::Schema;
            }
            continue;
        }
        others += 1;
        if looks_like_schema(member.value) {
            schema_like += 1;
        }
    }
    if others == 0 {
        Shape::Schema
    } else if schema_like == others {
        Shape::BareProperties
    } else {
        Shape::Example
    }
}

/// The replacement text for an `inputSchema` of shape `shape` (one line: transcripts are
/// line-framed).
pub(crate) fn replacement(schema: Value<'_>, shape: Shape) -> Option<String> {
    match shape {
        Shape::Schema => None,
        Shape::BareProperties => Some(format!(
            "{{\"type\":\"object\",\"properties\":{}}}",
            compact(schema)
        )),
        Shape::Example => {
            let mut out =
                String::from("{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",");
            out.push_str(&infer(schema)[1..]);
            Some(out)
        }
    }
}

/// The schema a value implies (draft 2020-12): its type, `properties` for objects (in
/// source order; with duplicate keys the last value), `items` for arrays whose items agree.
pub(crate) fn infer(value: Value<'_>) -> String {
    match value.kind() {
        ValueKind::String => "{\"type\":\"string\"}".to_owned(),
        ValueKind::Number => {
            let integer = value
                .as_number()
                .is_some_and(mcpvet_json::Number::is_integer_literal);
            if integer {
                "{\"type\":\"integer\"}".to_owned()
            } else {
                "{\"type\":\"number\"}".to_owned()
            }
        }
        ValueKind::Bool => "{\"type\":\"boolean\"}".to_owned(),
        ValueKind::Null => "{\"type\":\"null\"}".to_owned(),
        ValueKind::Array => {
            let mut schemas = value.items().map(infer);
            match schemas.next() {
                Some(first) if schemas.all(|s| s == first) => {
                    format!("{{\"type\":\"array\",\"items\":{first}}}")
                }
                _ => "{\"type\":\"array\"}".to_owned(),
            }
        }
        ValueKind::Object => {
            let mut keys: Vec<String> = Vec::new();
            for member in value.members() {
                let key = member.key_str().into_owned();
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            let mut out = String::from("{\"type\":\"object\",\"properties\":{");
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_string(key, &mut out);
                out.push(':');
                if let Some(v) = value.get(key) {
                    out.push_str(&infer(v));
                }
            }
            out.push_str("}}");
            out
        }
        _ => "{}".to_owned(),
    }
}

/// `value` as compact JSON (members in source order, as written).
fn compact(value: Value<'_>) -> String {
    match value.kind() {
        ValueKind::Array => {
            let items: Vec<String> = value.items().map(compact).collect();
            format!("[{}]", items.join(","))
        }
        ValueKind::Object => {
            let members: Vec<String> = value
                .members()
                .map(|m| format!("{}:{}", m.key.source(), compact(m.value)))
                .collect();
            format!("{{{}}}", members.join(","))
        }
        _ => value.source().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn shape(text: &str) -> (Shape, Option<String>) {
        let doc = parse(text, &JsonOptions::strict()).value;
        let root = doc.root().unwrap();
        let shape = classify(root);
        (shape, replacement(root, shape))
    }

    #[test]
    fn keywords_are_sorted() {
        assert!(KEYWORDS.windows(2).all(|w| w[0] < w[1]));
        assert!(ANNOTATIONS.windows(2).all(|w| w[0] < w[1]));
        assert!(ANNOTATIONS.iter().all(|a| is_keyword(a)));
    }

    #[test]
    fn schemas_are_schemas() {
        for text in [
            r#"{"type":"object"}"#,
            r#"{"properties":{"a":{"type":"string"}}}"#,
            r##"{"$ref":"#/$defs/a"}"##,
            r#"{"description":"no parameters"}"#,
            "{}",
        ] {
            assert_eq!(shape(text).0, Shape::Schema, "{text}");
        }
    }

    #[test]
    fn examples_get_a_generated_schema() {
        let (s, fix) =
            shape(r#"{"path": "/srv/data", "recursive": true, "depth": 2, "ratio": 0.5}"#);
        assert_eq!(s, Shape::Example);
        assert_eq!(
            fix.unwrap(),
            "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\
             \"properties\":{\"path\":{\"type\":\"string\"},\"recursive\":{\"type\":\"boolean\"},\
             \"depth\":{\"type\":\"integer\"},\"ratio\":{\"type\":\"number\"}}}"
        );
        let (s, fix) = shape(
            r#"{"tags": ["a", "b"], "mixed": [1, "x"], "opts": {"dry": false}, "none": null, "description": "d"}"#,
        );
        assert_eq!(s, Shape::Example);
        let fix = fix.unwrap();
        assert!(
            fix.contains(r#""tags":{"type":"array","items":{"type":"string"}}"#),
            "{fix}"
        );
        assert!(fix.contains(r#""mixed":{"type":"array"}"#), "{fix}");
        assert!(
            fix.contains(r#""opts":{"type":"object","properties":{"dry":{"type":"boolean"}}}"#),
            "{fix}"
        );
        assert!(fix.contains(r#""none":{"type":"null"}"#), "{fix}");
        // An object value without any keyword is example data too.
        assert_eq!(shape(r#"{"config": {"retries": 3}}"#).0, Shape::Example);
    }

    #[test]
    fn bare_properties_get_wrapped() {
        let (s, fix) = shape(r#"{"path": {"type": "string"}, "depth": {"description": "d"}}"#);
        assert_eq!(s, Shape::BareProperties);
        assert_eq!(
            fix.unwrap(),
            r#"{"type":"object","properties":{"path":{"type":"string"},"depth":{"description":"d"}}}"#
        );
    }
}
