//! Property: the schema inferred from an example validates that example (checked with the
//! `jsonschema` crate, draft 2020-12), in both layouts, with either `required` option; and
//! both layouts write the same schema (`mcpvet_schema::testing::check_inference`).
use mcpvet_json::arbitrary::arb_json;
use mcpvet_json::{JsonOptions, parse};
use mcpvet_schema::testing::check_inference;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn inferred_schema_validates_its_example(value in arb_json()) {
        let text = value.to_json();
        let doc = parse(&text, &JsonOptions::strict()).value;
        check_inference(doc.root().unwrap()).map_err(TestCaseError::fail)?;
    }
}
