//! The state of a schema field: valid, incomplete, default or missing.
use jsonschema::Draft;
use mcpvet_ast::definition::{SchemaRole, SchemaSlot};
use mcpvet_json::{Value, ValueKind};
use mcpvet_schema::shape::{Shape, classify};
use mcpvet_schema::validate::{dialect_of, meta_errors};

use crate::context::Cx;

/// The state of one schema field (see the [crate docs](crate#schema-states)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemaState {
    /// A JSON Schema its meta-schema accepts (object-rooted for input and request schemas).
    Valid,
    /// JSON that is not such a schema.
    Incomplete,
    /// Left out of a definition: `{"type": "object", "properties": {}}` applies.
    Default,
    /// Left out where the protocol requires it (a listed tool's `inputSchema`).
    Missing,
}

impl SchemaState {
    /// `valid`, `incomplete`, `default` or `missing`.
    pub const fn name(self) -> &'static str {
        match self {
            SchemaState::Valid => "valid",
            SchemaState::Incomplete => "incomplete",
            SchemaState::Default => "default",
            SchemaState::Missing => "missing",
        }
    }
}

/// The state of `slot`.
pub(crate) fn of(cx: Cx<'_, '_>, slot: &SchemaSlot) -> SchemaState {
    match slot.node {
        None => match slot.role {
            SchemaRole::Input => SchemaState::Missing,
            // The platform's default, or an optional member.
            SchemaRole::Request | SchemaRole::Response | SchemaRole::Output => SchemaState::Default,
        },
        Some(node) => {
            if is_valid(cx.value(node), slot.role) {
                SchemaState::Valid
            } else {
                SchemaState::Incomplete
            }
        }
    }
}

/// Whether `schema` is a valid schema for `role`.
pub(crate) fn is_valid(schema: Value<'_>, role: SchemaRole) -> bool {
    if schema.kind() != ValueKind::Object || classify(schema) != Shape::Schema {
        return false;
    }
    if role.is_input() && root_type(schema).as_deref() != Some("object") {
        return false;
    }
    let Ok(json) = serde_json::from_str::<serde_json::Value>(schema.source()) else {
        return false;
    };
    meta_errors(schema, &json, draft_of(schema)).is_empty()
}

/// The root `type` of a schema, when it is one string.
pub(crate) fn root_type(schema: Value<'_>) -> Option<String> {
    schema
        .get("type")
        .and_then(Value::as_str)
        .map(std::borrow::Cow::into_owned)
}

/// The dialect of a definition's schema: the one its `$schema` names, else 2020-12 (the
/// dialect of the schemas the platforms generate).
pub(crate) fn draft_of(schema: Value<'_>) -> Draft {
    schema
        .get("$schema")
        .and_then(Value::as_str)
        .and_then(|uri| dialect_of(&uri))
        .unwrap_or(Draft::Draft202012)
}
