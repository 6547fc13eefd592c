//! The rules of this crate, one per file: each declares its catalog entry (the doc comment
//! is its documentation page) and holds its checks, the conditions and the messages. The
//! message flow ([`crate::flow`]) decides when they run and hands them plain values: the
//! JSON values of the message, and what the session's state ([`crate::session`]) holds.
//! Rules depend on no session type, only on the shared vocabulary below it (keys,
//! capabilities, the method catalog, the handshake state, subscription filters).
use mcpvet_diagnostics::RuleMeta;
use mcpvet_json::Value;

pub(crate) mod batch_not_allowed;
pub(crate) mod cancelled_initialize;
pub(crate) mod capability_not_declared;
pub(crate) mod client_message_not_post;
pub(crate) mod declared_method_not_found;
pub(crate) mod duplicate_initialize;
pub(crate) mod duplicate_request_id;
pub(crate) mod duplicate_task_id;
pub(crate) mod error_response_without_id;
pub(crate) mod expired_session_not_reinitialized;
pub(crate) mod failed_task_without_message;
pub(crate) mod http_accept_header;
pub(crate) mod http_accepted_status;
pub(crate) mod http_content_type_mismatch;
pub(crate) mod http_header_mismatch;
pub(crate) mod http_session_id;
pub(crate) mod incomplete_retry_error;
pub(crate) mod invalid_batch;
pub(crate) mod invalid_cancellation;
pub(crate) mod invalid_completion_result;
pub(crate) mod invalid_discover_result;
pub(crate) mod invalid_elicitation_complete;
pub(crate) mod invalid_elicitation_request;
pub(crate) mod invalid_error_object;
pub(crate) mod invalid_get_stream;
pub(crate) mod invalid_initialize_request;
pub(crate) mod invalid_initialize_result;
pub(crate) mod invalid_input_required_result;
pub(crate) mod invalid_input_retry;
pub(crate) mod invalid_jsonrpc_message;
pub(crate) mod invalid_log_level;
pub(crate) mod invalid_meta_key;
pub(crate) mod invalid_pagination_cursor;
pub(crate) mod invalid_progress_notification;
pub(crate) mod invalid_protocol_version;
pub(crate) mod invalid_related_task;
pub(crate) mod invalid_request_id;
pub(crate) mod invalid_roots_result;
pub(crate) mod invalid_sampling_request;
pub(crate) mod invalid_subscription_notification;
pub(crate) mod invalid_task;
pub(crate) mod invalid_task_cancellation;
pub(crate) mod invalid_task_payload;
pub(crate) mod invalid_task_transition;
pub(crate) mod invalid_trace_context;
pub(crate) mod jsonrpc_reserved_error_code;
pub(crate) mod method_not_in_protocol_version;
pub(crate) mod missing_error_data;
pub(crate) mod missing_initialize;
pub(crate) mod missing_initialized_notification;
pub(crate) mod missing_meta_accepted;
pub(crate) mod missing_protocol_version_header;
pub(crate) mod missing_request_meta;
pub(crate) mod missing_result_type;
pub(crate) mod multi_line_message;
pub(crate) mod non_canonical_request_id;
pub(crate) mod notification_with_id;
pub(crate) mod params_not_object;
pub(crate) mod premature_initialized_notification;
pub(crate) mod redundant_related_task;
pub(crate) mod request_before_initialization;
pub(crate) mod reserved_error_code;
pub(crate) mod response_after_cancellation;
pub(crate) mod response_to_unknown_id;
pub(crate) mod sensitive_elicitation_field;
pub(crate) mod sse_event_id;
pub(crate) mod stdout_pollution;
pub(crate) mod task_cancelled_by_notification;
pub(crate) mod task_id_mismatch;
pub(crate) mod task_missing_from_list;
pub(crate) mod task_not_created;
pub(crate) mod tool_task_support_not_enforced;
pub(crate) mod tool_task_support_violated;
pub(crate) mod unanswered_request;
pub(crate) mod undeclared_task_created;
pub(crate) mod unknown_method;
pub(crate) mod unsafe_integer_id;
pub(crate) mod wrong_direction;

/// Every rule of the crate, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &invalid_jsonrpc_message::INVALID_JSONRPC_MESSAGE,
    &params_not_object::PARAMS_NOT_OBJECT,
    &invalid_request_id::INVALID_REQUEST_ID,
    &non_canonical_request_id::NON_CANONICAL_REQUEST_ID,
    &unsafe_integer_id::UNSAFE_INTEGER_ID,
    &error_response_without_id::ERROR_RESPONSE_WITHOUT_ID,
    &invalid_error_object::INVALID_ERROR_OBJECT,
    &reserved_error_code::RESERVED_ERROR_CODE,
    &notification_with_id::NOTIFICATION_WITH_ID,
    &batch_not_allowed::BATCH_NOT_ALLOWED,
    &invalid_batch::INVALID_BATCH,
    &stdout_pollution::STDOUT_POLLUTION,
    &multi_line_message::MULTI_LINE_MESSAGE,
    &invalid_meta_key::INVALID_META_KEY,
    &invalid_trace_context::INVALID_TRACE_CONTEXT,
    &jsonrpc_reserved_error_code::JSONRPC_RESERVED_ERROR_CODE,
    &missing_error_data::MISSING_ERROR_DATA,
    &missing_meta_accepted::MISSING_META_ACCEPTED,
    &invalid_initialize_request::INVALID_INITIALIZE_REQUEST,
    &invalid_initialize_result::INVALID_INITIALIZE_RESULT,
    &invalid_protocol_version::INVALID_PROTOCOL_VERSION,
    &premature_initialized_notification::PREMATURE_INITIALIZED_NOTIFICATION,
    &request_before_initialization::REQUEST_BEFORE_INITIALIZATION,
    &missing_initialize::MISSING_INITIALIZE,
    &duplicate_initialize::DUPLICATE_INITIALIZE,
    &cancelled_initialize::CANCELLED_INITIALIZE,
    &missing_initialized_notification::MISSING_INITIALIZED_NOTIFICATION,
    &method_not_in_protocol_version::METHOD_NOT_IN_PROTOCOL_VERSION,
    &missing_request_meta::MISSING_REQUEST_META,
    &missing_result_type::MISSING_RESULT_TYPE,
    &invalid_discover_result::INVALID_DISCOVER_RESULT,
    &wrong_direction::WRONG_DIRECTION,
    &invalid_input_required_result::INVALID_INPUT_REQUIRED_RESULT,
    &invalid_input_retry::INVALID_INPUT_RETRY,
    &invalid_subscription_notification::INVALID_SUBSCRIPTION_NOTIFICATION,
    &unknown_method::UNKNOWN_METHOD,
    &incomplete_retry_error::INCOMPLETE_RETRY_ERROR,
    &response_to_unknown_id::RESPONSE_TO_UNKNOWN_ID,
    &unanswered_request::UNANSWERED_REQUEST,
    &duplicate_request_id::DUPLICATE_REQUEST_ID,
    &response_after_cancellation::RESPONSE_AFTER_CANCELLATION,
    &task_cancelled_by_notification::TASK_CANCELLED_BY_NOTIFICATION,
    &capability_not_declared::CAPABILITY_NOT_DECLARED,
    &invalid_progress_notification::INVALID_PROGRESS_NOTIFICATION,
    &invalid_cancellation::INVALID_CANCELLATION,
    &invalid_pagination_cursor::INVALID_PAGINATION_CURSOR,
    &declared_method_not_found::DECLARED_METHOD_NOT_FOUND,
    &invalid_log_level::INVALID_LOG_LEVEL,
    &http_accept_header::HTTP_ACCEPT_HEADER,
    &http_content_type_mismatch::HTTP_CONTENT_TYPE_MISMATCH,
    &http_accepted_status::HTTP_ACCEPTED_STATUS,
    &http_session_id::HTTP_SESSION_ID,
    &missing_protocol_version_header::MISSING_PROTOCOL_VERSION_HEADER,
    &http_header_mismatch::HTTP_HEADER_MISMATCH,
    &expired_session_not_reinitialized::EXPIRED_SESSION_NOT_REINITIALIZED,
    &sse_event_id::SSE_EVENT_ID,
    &invalid_get_stream::INVALID_GET_STREAM,
    &client_message_not_post::CLIENT_MESSAGE_NOT_POST,
    &invalid_sampling_request::INVALID_SAMPLING_REQUEST,
    &invalid_elicitation_request::INVALID_ELICITATION_REQUEST,
    &sensitive_elicitation_field::SENSITIVE_ELICITATION_FIELD,
    &invalid_roots_result::INVALID_ROOTS_RESULT,
    &invalid_completion_result::INVALID_COMPLETION_RESULT,
    &invalid_elicitation_complete::INVALID_ELICITATION_COMPLETE,
    &tool_task_support_violated::TOOL_TASK_SUPPORT_VIOLATED,
    &tool_task_support_not_enforced::TOOL_TASK_SUPPORT_NOT_ENFORCED,
    &task_not_created::TASK_NOT_CREATED,
    &undeclared_task_created::UNDECLARED_TASK_CREATED,
    &invalid_task::INVALID_TASK,
    &invalid_task_transition::INVALID_TASK_TRANSITION,
    &duplicate_task_id::DUPLICATE_TASK_ID,
    &invalid_related_task::INVALID_RELATED_TASK,
    &redundant_related_task::REDUNDANT_RELATED_TASK,
    &task_id_mismatch::TASK_ID_MISMATCH,
    &invalid_task_cancellation::INVALID_TASK_CANCELLATION,
    &invalid_task_payload::INVALID_TASK_PAYLOAD,
    &task_missing_from_list::TASK_MISSING_FROM_LIST,
    &failed_task_without_message::FAILED_TASK_WITHOUT_MESSAGE,
];

/// Whether `value` is a JSON number with an integral value (`1`, `1.0`, `1e2`).
pub(crate) fn is_integer(value: Value<'_>) -> bool {
    value
        .as_number()
        .is_some_and(mcpvet_json::Number::is_integral)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_are_sorted_unique_and_in_the_family() {
        for pair in RULES.windows(2) {
            assert!(
                pair[0].code < pair[1].code,
                "{} after {}",
                pair[1].code,
                pair[0].code
            );
        }
        for rule in RULES {
            assert_eq!(rule.code.family(), 4, "{}", rule.code);
            assert_eq!(rule.family, mcpvet_diagnostics::Family::Lifecycle);
            let file = rule.name.replace('-', "_");
            assert!(
                rule.source.ends_with(&format!("{file}.rs")),
                "{} is declared in {}",
                rule.name,
                rule.source
            );
        }
    }
}
