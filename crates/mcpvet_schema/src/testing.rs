//! The property every inferred schema has, as a function that tests, the property test and
//! the fuzz target share (feature `testing`); and the violations of an instance as the
//! `serde_json` way found them, the oracle of validation over parsed nodes.
use jsonschema::Draft;
use mcpvet_json::Value;

use crate::infer::{InferOptions, Layout, Required, infer};
use crate::validate::{Violation, judge_as};

/// Checks that [`crate::validate::violations`] (validation over parsed nodes) finds what
/// [`violations_by_serde_json`] finds for `instance` under `schema` (draft 2020-12): the same
/// verdict, errors, order and words. Returns whether a violation was found; a schema that does
/// not compile is not judged.
///
/// # Errors
///
/// The two answers, when they differ.
pub fn check_validation(
    schema: &serde_json::Value,
    instance: Option<Value<'_>>,
    fallback: Value<'_>,
) -> Result<bool, String> {
    let Ok(validator) = crate::validate::compile(schema, Draft::Draft202012) else {
        return Ok(false);
    };
    let expected = violations_by_serde_json(schema, Draft::Draft202012, instance, fallback);
    let got = crate::validate::violations(&validator, instance, fallback);
    if got != expected {
        return Err(format!(
            "schema {schema}\ninstance {:?}\nparsed nodes: {got:?}\nserde_json: {expected:?}",
            instance.map(Value::source)
        ));
    }
    Ok(got.is_some_and(|v| !v.is_empty()))
}

/// What [`crate::validate::violations`] gives, found the way it was before validation ran
/// over parsed nodes: `schema` compiled for `serde_json` values, the instance converted with
/// [`crate::instance::to_json`] (an absent instance is `{}`). `None` when the schema does
/// not compile or the instance cannot be converted.
pub fn violations_by_serde_json(
    schema: &serde_json::Value,
    draft: Draft,
    instance: Option<Value<'_>>,
    fallback: Value<'_>,
) -> Option<Vec<Violation>> {
    let validator = jsonschema::options()
        .with_draft(draft)
        .offline()
        .build(schema)
        .ok()?;
    let json = match instance {
        Some(v) => crate::instance::to_json(v)?,
        None => serde_json::Value::Object(serde_json::Map::new()),
    };
    Some(judge_as(&validator, &json, &json, instance, fallback))
}

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
