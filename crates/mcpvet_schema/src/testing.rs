//! The property every inferred schema has, as a function that tests, the property test and
//! the fuzz target share (feature `testing`).
use jsonschema::Draft;
use mcpvet_json::Value;

use crate::infer::{InferOptions, Layout, Required, infer};

/// Checks that the schema inferred from `example` (with either `required` option) is a
/// valid JSON Schema 2020-12 that validates `example`, that both layouts denote the same
/// schema, and that inference is deterministic. An example that `serde_json` cannot
/// represent (a number beyond `f64`, a lone surrogate) is not judged.
///
/// # Errors
///
/// What does not hold, with the example and the schema.
pub fn check_inference(example: Value<'_>) -> Result<(), String> {
    let Ok(instance) = serde_json::from_str::<serde_json::Value>(example.source()) else {
        return Ok(());
    };
    for required in [Required::Present, Required::None] {
        let options = InferOptions { required };
        let schema = infer(example, options);
        let compact = schema.to_document(&Layout::Compact);
        let pretty = schema.to_document(&Layout::standard());
        if infer(example, options).to_document(&Layout::Compact) != compact {
            return Err(format!("inference is not deterministic: {compact}"));
        }
        let compact_json: serde_json::Value = serde_json::from_str(&compact)
            .map_err(|e| format!("the compact schema is not JSON ({e}): {compact}"))?;
        let pretty_json: serde_json::Value = serde_json::from_str(&pretty)
            .map_err(|e| format!("the indented schema is not JSON ({e}): {pretty}"))?;
        if compact_json != pretty_json {
            return Err(format!("the layouts differ:\n{compact}\n{pretty}"));
        }
        if !jsonschema::draft202012::meta::is_valid(&compact_json) {
            return Err(format!("not a valid 2020-12 schema: {compact}"));
        }
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .offline()
            .build(&compact_json)
            .map_err(|e| format!("the schema does not compile ({e}): {compact}"))?;
        if let Some(error) = validator.iter_errors(&instance).next() {
            return Err(format!(
                "the schema rejects its example at `{}` ({error})\nexample: {}\nschema: {compact}",
                error.instance_path(),
                example.source()
            ));
        }
    }
    Ok(())
}
