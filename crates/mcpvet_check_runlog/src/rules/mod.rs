//! One rule per module; [`RULES`] lists them in code order. Each module holds its rule's
//! check: it takes what it judges first (the event or the field, and plain values) and the
//! [`Reporter`](mcpvet_diagnostics::Reporter) last; the checker decides when to ask.
use mcpvet_diagnostics::RuleMeta;

pub(crate) mod authorization_out_of_order;
pub(crate) mod empty_tool_count_without_reason;
pub(crate) mod external_after_denied_authorization;
pub(crate) mod external_attempt_without_result;
pub(crate) mod incomplete_timeout_event;
pub(crate) mod missing_run_id;
pub(crate) mod overclaiming_status_field;
pub(crate) mod run_event_out_of_order;
pub(crate) mod run_id_reused;
pub(crate) mod server_name_as_run_id;
pub(crate) mod side_effect_before_session;
pub(crate) mod timeout_contradicts_log;
pub(crate) mod unsafe_retry;

/// Every rule, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &run_event_out_of_order::RUN_EVENT_OUT_OF_ORDER,
    &side_effect_before_session::SIDE_EFFECT_BEFORE_SESSION,
    &unsafe_retry::UNSAFE_RETRY,
    &external_attempt_without_result::EXTERNAL_ATTEMPT_WITHOUT_RESULT,
    &authorization_out_of_order::AUTHORIZATION_OUT_OF_ORDER,
    &external_after_denied_authorization::EXTERNAL_AFTER_DENIED_AUTHORIZATION,
    &run_id_reused::RUN_ID_REUSED,
    &missing_run_id::MISSING_RUN_ID,
    &server_name_as_run_id::SERVER_NAME_AS_RUN_ID,
    &timeout_contradicts_log::TIMEOUT_CONTRADICTS_LOG,
    &incomplete_timeout_event::INCOMPLETE_TIMEOUT_EVENT,
    &overclaiming_status_field::OVERCLAIMING_STATUS_FIELD,
    &empty_tool_count_without_reason::EMPTY_TOOL_COUNT_WITHOUT_REASON,
];

#[cfg(test)]
mod tests {
    use super::RULES;

    #[test]
    fn sorted_unique_and_in_the_runs_family() {
        for pair in RULES.windows(2) {
            assert!(
                pair[0].code < pair[1].code,
                "{} is out of order",
                pair[1].code
            );
        }
        for rule in RULES {
            assert_eq!(rule.code.family(), 7, "{}", rule.code);
        }
    }
}
