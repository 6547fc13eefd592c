//! Property: the schema inferred from an example validates that example (checked with the
//! `jsonschema` crate, draft 2020-12), in both layouts, with either `required` option; and
//! both layouts write the same schema.
use jsonschema::Draft;
use mcpvet_json::arbitrary::arb_json;
use mcpvet_json::{JsonOptions, parse};
use mcpvet_schema::infer::{InferOptions, Layout, Required, infer};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn inferred_schema_validates_its_example(value in arb_json(), present in any::<bool>()) {
        // Numbers beyond f64 have no serde_json form to validate.
        prop_assume!(!value.has_infinite_number());
        let text = value.to_json();
        let example: serde_json::Value = serde_json::from_str(&text).unwrap();
        let doc = parse(&text, &JsonOptions::strict()).value;
        let options = InferOptions {
            required: if present { Required::Present } else { Required::None },
        };
        let schema = infer(doc.root().unwrap(), options);
        let compact = schema.to_document(&Layout::Compact);
        let pretty = schema.to_document(&Layout::standard());
        let compact_json: serde_json::Value = serde_json::from_str(&compact).unwrap();
        let pretty_json: serde_json::Value = serde_json::from_str(&pretty).unwrap();
        prop_assert_eq!(&compact_json, &pretty_json);
        // Deterministic.
        prop_assert_eq!(
            &infer(doc.root().unwrap(), options).to_document(&Layout::Compact),
            &compact
        );
        jsonschema::draft202012::meta::validate(&compact_json)
            .map_err(|e| TestCaseError::fail(format!("not a valid schema: {e}\n{compact}")))?;
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .build(&compact_json)
            .unwrap();
        if let Err(error) = validator.validate(&example) {
            return Err(TestCaseError::fail(format!(
                "{error} at {}\nexample: {text}\nschema: {compact}",
                error.instance_path()
            )));
        }
    }
}
