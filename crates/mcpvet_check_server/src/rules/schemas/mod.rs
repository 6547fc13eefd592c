//! The schema fields of a definition's tools (`requestSchema`, `responseSchema`): each is
//! judged once, by the first rule that applies: left out (`default-schema`), not a schema
//! (`incomplete-schema`, with the generated schema as its fix), a schema whose root is not
//! an object where arguments are described (`request-schema-not-object`), a schema its
//! meta-schema rejects (`invalid-schema`).
use mcpvet_ast::definition::{Item, ItemKind, SchemaRole, SchemaSlot};
use mcpvet_diagnostics::{Reporter, RuleMeta};
use mcpvet_json::Value;

use crate::context::Cx;

pub(crate) mod default_schema;
pub(crate) mod incomplete_schema;
pub(crate) mod invalid_schema;
pub(crate) mod request_schema_not_object;

/// The rules of this folder, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &incomplete_schema::INCOMPLETE_SCHEMA,
    &default_schema::DEFAULT_SCHEMA,
    &request_schema_not_object::REQUEST_SCHEMA_NOT_OBJECT,
    &invalid_schema::INVALID_SCHEMA,
];

/// A schema field being judged: which one, of which item.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field<'i> {
    pub(crate) role: SchemaRole,
    pub(crate) item: &'i Item,
}

impl Field<'_> {
    /// "the `requestSchema` of `find`".
    pub(crate) fn subject(self, cx: Cx<'_, '_>) -> String {
        format!(
            "the `{}` of {}",
            self.role.member(),
            cx.item_name(self.item)
        )
    }
}

/// Runs the rules of this folder on every schema field of every tool.
pub(crate) fn check(cx: Cx<'_, '_>, report: &mut Reporter<'_>) {
    for item in cx.file.items_of(ItemKind::Tool) {
        for &SchemaSlot { role, node } in &item.schemas {
            let field = Field { role, item };
            match node {
                None => default_schema::check(cx, field, report),
                Some(node) => schema(cx, field, cx.value(node), report),
            }
        }
    }
}

fn schema(cx: Cx<'_, '_>, field: Field<'_>, value: Value<'_>, report: &mut Reporter<'_>) {
    if !incomplete_schema::check(cx, field, value, report) {
        return;
    }
    if field.role.is_input() && !request_schema_not_object::check(cx, field, value, report) {
        return;
    }
    invalid_schema::check(cx, field, value, report);
}
