//! Property: validation over parsed nodes (`mcpvet_schema::validate::violations`, through
//! `mcpvet_schema::parsed`) finds exactly the violations that validation over `serde_json`
//! values found (`mcpvet_schema::testing::violations_by_serde_json`): the same verdicts, the
//! same errors in the same order, pointing at the same nodes with the same words. Schemas
//! are inferred from one generated value and applied to every node of another (in strict
//! and JSONC layouts, intact and damaged), plus schemas that use the keywords inference does
//! not write (`enum`, `const`, bounds, `pattern`, `propertyNames`, `uniqueItems`...).
use mcpvet_json::arbitrary::{arb_json, arb_layout, print};
use mcpvet_json::{JsonOptions, parse};
use mcpvet_schema::infer::{InferOptions, Layout, Required, infer};
use mcpvet_schema::testing::check_validation;
use proptest::prelude::*;
use support::{damaged, walk};

mod support;

/// Schemas with the keywords inference does not write.
const KEYWORD_SCHEMAS: &[&str] = &[
    r#"{"type": "object", "additionalProperties": false, "properties": {"a": {"type": "integer"}}}"#,
    r#"{"type": "object", "propertyNames": {"maxLength": 2, "pattern": "^[a-z]"}, "minProperties": 2, "maxProperties": 3}"#,
    r#"{"patternProperties": {"^k": {"type": "string"}}, "additionalProperties": {"type": "number"}}"#,
    r#"{"enum": [1, "a", null, [1, 2], {"k": true}]}"#,
    r#"{"const": {"a": [1.0, "x"]}}"#,
    r#"{"type": "array", "uniqueItems": true, "minItems": 1, "maxItems": 3, "items": {"type": ["string", "number"]}}"#,
    r#"{"type": "number", "minimum": -1, "exclusiveMaximum": 100, "multipleOf": 0.5}"#,
    r#"{"type": "integer"}"#,
    r#"{"type": "string", "minLength": 2, "maxLength": 5, "pattern": "^[a-z]+$", "format": "email"}"#,
    r#"{"anyOf": [{"type": "string"}, {"required": ["a", "b"]}], "not": {"type": "null"}}"#,
    r#"{"oneOf": [{"type": "object"}, {"type": "array", "contains": {"type": "boolean"}}]}"#,
    r##"{"$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}}, "unevaluatedProperties": false}}, "$ref": "#/$defs/n"}"##,
    r#"{"dependentRequired": {"a": ["b"]}, "if": {"required": ["x"]}, "then": {"required": ["y"]}}"#,
];

/// Compares both ways for `schema` on every node of `text`, and on an absent instance;
/// returns how many comparisons found a violation.
fn compare(schema_text: &str, text: &str) -> Result<usize, String> {
    let schema: serde_json::Value =
        serde_json::from_str(schema_text).map_err(|e| format!("schema {schema_text}: {e}"))?;
    let mut found = 0;
    for options in [
        JsonOptions::strict(),
        JsonOptions::jsonc(),
        // Repeated names not reported: `direct` looks for them itself.
        JsonOptions::strict().with_duplicate_key_check(false),
    ] {
        let doc = parse(text, &options).value;
        let mut nodes = Vec::new();
        for root in doc.roots() {
            walk(root, &mut nodes);
        }
        for (instance, fallback) in nodes
            .iter()
            .map(|&n| (Some(n), n))
            .chain(doc.roots().map(|r| (None, r)))
        {
            found += usize::from(check_validation(&schema, instance, fallback)?);
        }
    }
    Ok(found)
}

const DAMAGE: &[char] = &[',', ':', '{', '}', '"', '\\', '0', '-', 'e', '/', 'x'];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn parsed_nodes_find_what_serde_json_values_found(
        example in arb_json(),
        value in arb_json(),
        layout in arb_layout(),
        required in any::<bool>(),
        keywords in 0..KEYWORD_SCHEMAS.len(),
        damage in proptest::option::of((any::<prop::sample::Index>(), 0..DAMAGE.len(), any::<bool>())),
    ) {
        let example_text = print(&example, &layout).text;
        let example_doc = parse(&example_text, &JsonOptions::strict()).value;
        let mut text = print(&value, &layout).text;
        if let Some((at, c, insert)) = damage {
            text = damaged(text, at, DAMAGE[c], insert);
        }
        if let Some(root) = example_doc.root() {
            let required = if required { Required::Present } else { Required::None };
            let schema = infer(root, InferOptions { required }).to_document(&Layout::Compact);
            compare(&schema, &text).map_err(TestCaseError::fail)?;
            // The example against its own schema, and the value against the example's.
            compare(&schema, &example_text).map_err(TestCaseError::fail)?;
        }
        compare(KEYWORD_SCHEMAS[keywords], &text).map_err(TestCaseError::fail)?;
    }
}

#[test]
fn the_readers_known_differences_validate_alike() {
    let cases = [
        r#"{"a": -0, "b": 0, "c": -0.0, "d": 1.0, "e": 1E2, "f": 1e-400}"#,
        r"[1e400, 18446744073709551615, 18446744073709551616, -9223372036854775809]",
        r#"{"s": "\ud800", "u": "\ud83d\ude00", "v": "caf\u00e9\n\t\"\\\/"}"#,
        r#"{"k": 1, "k": 2, "k\u0000": 3, "b": "x", "a": [1, 1]}"#,
        r#"{"k": 1, "\u006b": 2, "b": {"x": 1, "\u0078": [2]}}"#,
        "{\"a\": 1, /* note */ \"b\": [1, 2,], // end\n}",
        r#"{"a": 01, "b": 1., "f": {"x" 1}}"#,
        r#"{"z": 1, "a": 2, "m": {"y": "long text", "b": [true, false, true]}}"#,
        "\u{feff}{\"bom\": true}",
    ];
    // Around the nesting limits: the conversion's (100) and `serde_json`'s (128).
    let deep: Vec<String> = [99, 100, 101, 120, 127, 128, 129, 130]
        .iter()
        .map(|&n| format!("{}1{}", "[".repeat(n), "]".repeat(n)))
        .collect();
    let mut found = 0;
    for case in cases.iter().copied().chain(deep.iter().map(String::as_str)) {
        for schema in KEYWORD_SCHEMAS {
            found += compare(schema, case).unwrap();
        }
    }
    assert!(found > 50, "{found} comparisons found a violation");
}
