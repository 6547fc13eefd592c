//! One rule per module; [`RULES`] lists them in code order. Each module holds its rule's
//! check: what it judges first, the [`Reporter`](mcpvet_diagnostics::Reporter) last.
use mcpvet_diagnostics::RuleMeta;

pub(crate) mod confusable_tool_name;
pub(crate) mod cross_server_tool_reference;
pub(crate) mod hidden_characters;
pub(crate) mod model_instructions;
pub(crate) mod oversized_description;
pub(crate) mod shadowed_tool_name;
pub(crate) mod too_many_tools;
pub(crate) mod tool_incompatible_with_target;

/// Every rule, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &hidden_characters::HIDDEN_CHARACTERS,
    &confusable_tool_name::CONFUSABLE_TOOL_NAME,
    &model_instructions::MODEL_INSTRUCTIONS,
    &oversized_description::OVERSIZED_DESCRIPTION,
    &shadowed_tool_name::SHADOWED_TOOL_NAME,
    &cross_server_tool_reference::CROSS_SERVER_TOOL_REFERENCE,
    &tool_incompatible_with_target::TOOL_INCOMPATIBLE_WITH_TARGET,
    &too_many_tools::TOO_MANY_TOOLS,
];
