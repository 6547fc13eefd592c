//! One rule per module, in a folder per family: `config/` (`MCP1xx`) and `transport/`
//! (`MCP2xx`), as in the conformance corpus; [`RULES`] and [`CHECKS`] list them in code order.
use mcpvet_diagnostics::{Reporter, RuleMeta};

use crate::input::ConfigInput;

pub(crate) mod config;
pub(crate) mod transport;

/// A rule's check: what it reads first, where it reports last.
pub(crate) type Check = fn(&ConfigInput<'_>, &mut Reporter<'_>);

/// Every rule, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &config::invalid_server_name::INVALID_SERVER_NAME,
    &config::duplicate_server_name::DUPLICATE_SERVER_NAME,
    &config::empty_server_map::EMPTY_SERVER_MAP,
    &config::unexpanded_variable::UNEXPANDED_VARIABLE,
    &config::undefined_input::UNDEFINED_INPUT,
    &config::unused_input::UNUSED_INPUT,
    &config::non_canonical_url_key::NON_CANONICAL_URL_KEY,
    &transport::command_and_url_both_set::COMMAND_AND_URL_BOTH_SET,
    &transport::unknown_transport_type::UNKNOWN_TRANSPORT_TYPE,
    &transport::unsupported_transport::UNSUPPORTED_TRANSPORT,
    &transport::invalid_url::INVALID_URL,
    &transport::insecure_http_url::INSECURE_HTTP_URL,
    &transport::sse_url_with_http_transport::SSE_URL_WITH_HTTP_TRANSPORT,
    &transport::legacy_sse_transport::LEGACY_SSE_TRANSPORT,
    &transport::shell_metacharacters_in_command::SHELL_METACHARACTERS_IN_COMMAND,
    &transport::arguments_in_command::ARGUMENTS_IN_COMMAND,
    &transport::relative_path_without_cwd::RELATIVE_PATH_WITHOUT_CWD,
    &transport::windows_npx_without_cmd::WINDOWS_NPX_WITHOUT_CMD,
    &transport::unpinned_package::UNPINNED_PACKAGE,
    &transport::dangerous_launch_command::DANGEROUS_LAUNCH_COMMAND,
    &transport::static_session_header::STATIC_SESSION_HEADER,
    &transport::unknown_protocol_version_header::UNKNOWN_PROTOCOL_VERSION_HEADER,
    &transport::unfilled_url_or_path::UNFILLED_URL_OR_PATH,
    &transport::npx_without_yes::NPX_WITHOUT_YES,
];

/// The check of each rule, in the order of [`RULES`].
pub(crate) static CHECKS: &[Check] = &[
    config::invalid_server_name::check,
    config::duplicate_server_name::check,
    config::empty_server_map::check,
    config::unexpanded_variable::check,
    config::undefined_input::check,
    config::unused_input::check,
    config::non_canonical_url_key::check,
    transport::command_and_url_both_set::check,
    transport::unknown_transport_type::check,
    transport::unsupported_transport::check,
    transport::invalid_url::check,
    transport::insecure_http_url::check,
    transport::sse_url_with_http_transport::check,
    transport::legacy_sse_transport::check,
    transport::shell_metacharacters_in_command::check,
    transport::arguments_in_command::check,
    transport::relative_path_without_cwd::check,
    transport::windows_npx_without_cmd::check,
    transport::unpinned_package::check,
    transport::dangerous_launch_command::check,
    transport::static_session_header::check,
    transport::unknown_protocol_version_header::check,
    transport::unfilled_url_or_path::check,
    transport::npx_without_yes::check,
];
