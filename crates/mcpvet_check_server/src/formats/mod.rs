//! The structure of each definition format, as a JSON Schema written for mcpvet (draft
//! 2020-12), compiled once: what `definition-structure` (MCP600) checks a document
//! against. A captured listing has none here: the tools checks (`MCP5xx`) judge its shape.
//!
//! - `server-json.schema.json`: the registry's `server.json`;
//! - `mcpb-manifest.schema.json`: desktop extension manifests, versions 0.1 to 0.4;
//! - the neutral definition format's schema is the one published in
//!   `docs/server-definition.schema.json`, so the documentation and the check cannot drift.
use std::sync::LazyLock;

use jsonschema::{Draft, Validator};
use mcpvet_ast::definition::DefinitionFormat;

static REGISTRY: LazyLock<Validator> =
    LazyLock::new(|| compile(include_str!("server-json.schema.json")));
static MANIFEST: LazyLock<Validator> =
    LazyLock::new(|| compile(include_str!("mcpb-manifest.schema.json")));
static DEFINITION: LazyLock<Validator> = LazyLock::new(|| {
    compile(include_str!(
        "../../../../docs/server-definition.schema.json"
    ))
});

/// The compiled structure schema of `format`, if it has one.
pub(crate) fn schema(format: DefinitionFormat) -> Option<&'static Validator> {
    match format {
        DefinitionFormat::Listing => None,
        DefinitionFormat::Registry => Some(&REGISTRY),
        DefinitionFormat::Manifest => Some(&MANIFEST),
        DefinitionFormat::Definition => Some(&DEFINITION),
    }
}

/// Compiles a schema of this folder. They are part of the program, so a broken one is a
/// programming error: the test below compiles each.
fn compile(text: &str) -> Validator {
    let json: serde_json::Value =
        serde_json::from_str(text).expect("a format schema is valid JSON");
    jsonschema::options()
        .with_draft(Draft::Draft202012)
        .offline()
        .build(&json)
        .expect("a format schema compiles")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_schema_compiles_and_is_a_valid_schema() {
        for text in [
            include_str!("server-json.schema.json"),
            include_str!("mcpb-manifest.schema.json"),
            include_str!("../../../../docs/server-definition.schema.json"),
        ] {
            let json: serde_json::Value = serde_json::from_str(text).unwrap();
            assert!(jsonschema::draft202012::meta::is_valid(&json));
        }
        for format in DefinitionFormat::ALL {
            let _ = schema(format);
        }
    }
}
