//! One rule per module; [`RULES`] lists them in code order. Each module holds its rule's
//! check: `check` (or `check_<what>` where a rule has several entry points) takes what it
//! judges first and the [`Reporter`](mcpvet_diagnostics::Reporter) last, and decides itself
//! whether to report. The message handlers (`tools`, `prompts`, `resources`, `lists`) walk the
//! messages and call into these modules.
use mcpvet_diagnostics::RuleMeta;

pub(crate) mod arguments_violate_schema;
pub(crate) mod call_unknown_tool;
pub(crate) mod contradictory_tool_annotations;
pub(crate) mod duplicate_tool_name;
pub(crate) mod embedded_resource_without_capability;
pub(crate) mod empty_tool_list;
pub(crate) mod external_schema_ref;
pub(crate) mod input_schema_is_example;
pub(crate) mod input_schema_not_object;
pub(crate) mod invalid_json_schema;
pub(crate) mod invalid_mcp_header;
pub(crate) mod invalid_resource_uri;
pub(crate) mod invalid_tool_name;
pub(crate) mod invalid_uri_template;
pub(crate) mod malformed_list_result;
pub(crate) mod malformed_prompt_message;
pub(crate) mod malformed_request_params;
pub(crate) mod malformed_resource_contents;
pub(crate) mod malformed_tool_result;
pub(crate) mod misclassified_error;
pub(crate) mod missing_cache_fields;
pub(crate) mod missing_tool_description;
pub(crate) mod output_schema_not_object;
pub(crate) mod prompt_argument_not_string;
pub(crate) mod prompt_arguments_mismatch;
pub(crate) mod prompt_error_not_reported;
pub(crate) mod sensitive_mcp_header;
pub(crate) mod structured_content_violates_schema;
pub(crate) mod structured_content_without_text;
pub(crate) mod tool_name_client_incompatible;
pub(crate) mod tool_names_differ_in_case;
pub(crate) mod unknown_prompt;
pub(crate) mod unknown_schema_dialect;
pub(crate) mod unsafe_header_integer;
pub(crate) mod unsafe_icon_url;

/// Every rule, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &malformed_list_result::MALFORMED_LIST_RESULT,
    &duplicate_tool_name::DUPLICATE_TOOL_NAME,
    &invalid_tool_name::INVALID_TOOL_NAME,
    &tool_name_client_incompatible::TOOL_NAME_CLIENT_INCOMPATIBLE,
    &tool_names_differ_in_case::TOOL_NAMES_DIFFER_IN_CASE,
    &missing_tool_description::MISSING_TOOL_DESCRIPTION,
    &input_schema_not_object::INPUT_SCHEMA_NOT_OBJECT,
    &input_schema_is_example::INPUT_SCHEMA_IS_EXAMPLE,
    &invalid_json_schema::INVALID_JSON_SCHEMA,
    &unknown_schema_dialect::UNKNOWN_SCHEMA_DIALECT,
    &output_schema_not_object::OUTPUT_SCHEMA_NOT_OBJECT,
    &contradictory_tool_annotations::CONTRADICTORY_TOOL_ANNOTATIONS,
    &invalid_mcp_header::INVALID_MCP_HEADER,
    &empty_tool_list::EMPTY_TOOL_LIST,
    &external_schema_ref::EXTERNAL_SCHEMA_REF,
    &sensitive_mcp_header::SENSITIVE_MCP_HEADER,
    &unsafe_header_integer::UNSAFE_HEADER_INTEGER,
    &malformed_request_params::MALFORMED_REQUEST_PARAMS,
    &call_unknown_tool::CALL_UNKNOWN_TOOL,
    &arguments_violate_schema::ARGUMENTS_VIOLATE_SCHEMA,
    &structured_content_violates_schema::STRUCTURED_CONTENT_VIOLATES_SCHEMA,
    &misclassified_error::MISCLASSIFIED_ERROR,
    &malformed_tool_result::MALFORMED_TOOL_RESULT,
    &structured_content_without_text::STRUCTURED_CONTENT_WITHOUT_TEXT,
    &embedded_resource_without_capability::EMBEDDED_RESOURCE_WITHOUT_CAPABILITY,
    &unknown_prompt::UNKNOWN_PROMPT,
    &prompt_argument_not_string::PROMPT_ARGUMENT_NOT_STRING,
    &prompt_arguments_mismatch::PROMPT_ARGUMENTS_MISMATCH,
    &malformed_prompt_message::MALFORMED_PROMPT_MESSAGE,
    &prompt_error_not_reported::PROMPT_ERROR_NOT_REPORTED,
    &invalid_uri_template::INVALID_URI_TEMPLATE,
    &malformed_resource_contents::MALFORMED_RESOURCE_CONTENTS,
    &invalid_resource_uri::INVALID_RESOURCE_URI,
    &missing_cache_fields::MISSING_CACHE_FIELDS,
    &unsafe_icon_url::UNSAFE_ICON_URL,
];

#[cfg(test)]
mod tests {
    #[test]
    fn rules_are_sorted_unique_in_their_family_and_file() {
        let rules = crate::rules();
        for pair in rules.windows(2) {
            assert!(
                pair[0].code < pair[1].code,
                "{} is out of order",
                pair[1].code
            );
        }
        for r in rules {
            assert_eq!(r.code.family(), 5, "{}", r.code);
            assert_eq!(r.family.digit(), 5, "{}", r.code);
            let file = r.name.replace('-', "_") + ".rs";
            assert!(
                r.source.ends_with(&file),
                "{} is declared in {}",
                r.code,
                r.source
            );
        }
    }
}
