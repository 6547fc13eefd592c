//! Telling a JSON Schema from an example payload (or bare property schemas) written where a
//! schema belongs.
use mcpvet_json::{Value, ValueKind};

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

/// Whether `key` is a JSON Schema keyword of some draft (4 to 2020-12).
pub fn is_keyword(key: &str) -> bool {
    KEYWORDS.binary_search(&key).is_ok()
}

/// Whether `value` is an object with at least one JSON Schema keyword.
fn looks_like_schema(value: Value<'_>) -> bool {
    value.kind() == ValueKind::Object && value.members().any(|m| is_keyword(&m.key_str()))
}

/// What an `inputSchema` object is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
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
pub fn classify(schema: Value<'_>) -> Shape {
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

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn shape(text: &str) -> Shape {
        let doc = parse(text, &JsonOptions::strict()).value;
        classify(doc.root().unwrap())
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
            assert_eq!(shape(text), Shape::Schema, "{text}");
        }
    }

    #[test]
    fn examples_and_bare_properties() {
        assert_eq!(
            shape(r#"{"path": "/srv/data", "recursive": true, "depth": 2}"#),
            Shape::Example
        );
        // An object value without any keyword is example data too.
        assert_eq!(shape(r#"{"config": {"retries": 3}}"#), Shape::Example);
        assert_eq!(
            shape(r#"{"path": {"type": "string"}, "depth": {"description": "d"}}"#),
            Shape::BareProperties
        );
    }
}
