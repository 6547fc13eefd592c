//! The schemas of a tool: which one ([`Role`]), for messages ([`ToolSchema`]), and the
//! dialect a schema without `$schema` is read in. The JSON Schema machinery itself (dialects,
//! meta-schema errors, compilation, violations mapped to spans) is `mcpvet_schema::validate`,
//! shared with the checks of server definitions.
use jsonschema::Draft;
use mcpvet_ast::transcript::ProtocolVersion;
use mcpvet_json::Value;
pub(crate) use mcpvet_schema::validate::{
    compile, describe, dialect_of, draft_name, location, meta_errors, node_at, references,
    violations,
};

use crate::context::name;

/// Which schema of a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// `inputSchema`.
    Input,
    /// `outputSchema`.
    Output,
}

impl Role {
    /// The member name.
    pub(crate) const fn member(self) -> &'static str {
        match self {
            Role::Input => "inputSchema",
            Role::Output => "outputSchema",
        }
    }
}

/// A schema of a tool being checked: its node, which of the tool's schemas it is, and the
/// tool.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ToolSchema<'a, 'd> {
    /// The schema.
    pub(crate) node: Value<'d>,
    /// Which schema of the tool.
    pub(crate) role: Role,
    /// The tool's name.
    pub(crate) tool: &'a str,
}

impl ToolSchema<'_, '_> {
    /// The schema for a message: "the `inputSchema` of `read_file`".
    pub(crate) fn subject(self) -> String {
        format!("the `{}` of `{}`", self.role.member(), name(self.tool))
    }
}

/// The dialect of a schema without `$schema`: draft-07 for the versions whose official
/// schema is written in it (up to 2025-06-18), 2020-12 from 2025-11-25 on.
pub(crate) fn default_draft(version: ProtocolVersion) -> Draft {
    if version >= ProtocolVersion::V2025_11_25 {
        Draft::Draft202012
    } else {
        Draft::Draft7
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_dialects() {
        assert_eq!(default_draft(ProtocolVersion::V2025_06_18), Draft::Draft7);
        assert_eq!(
            default_draft(ProtocolVersion::V2026_07_28),
            Draft::Draft202012
        );
    }
}
