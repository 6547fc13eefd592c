//! One rule per module; [`RULES`] and [`CHECKS`] list them in code order.
use mcpvet_ast::config::ConfigFile;
use mcpvet_diagnostics::{Findings, RuleMeta};

pub(crate) mod arguments_in_command;
pub(crate) mod command_and_url_both_set;
pub(crate) mod dangerous_launch_command;
pub(crate) mod duplicate_server_name;
pub(crate) mod empty_server_map;
pub(crate) mod insecure_http_url;
pub(crate) mod invalid_server_name;
pub(crate) mod invalid_url;
pub(crate) mod legacy_sse_transport;
pub(crate) mod non_canonical_url_key;
pub(crate) mod relative_path_without_cwd;
pub(crate) mod shell_metacharacters_in_command;
pub(crate) mod sse_url_with_http_transport;
pub(crate) mod static_session_header;
pub(crate) mod undefined_input;
pub(crate) mod unexpanded_variable;
pub(crate) mod unknown_protocol_version_header;
pub(crate) mod unknown_transport_type;
pub(crate) mod unpinned_package;
pub(crate) mod unsupported_transport;
pub(crate) mod unused_input;
pub(crate) mod windows_npx_without_cmd;

/// A rule's check.
pub(crate) type Check = fn(&ConfigFile<'_>, &mut Findings);

/// Every rule, sorted by code.
pub(crate) static RULES: [&RuleMeta; 22] = [
    &invalid_server_name::INVALID_SERVER_NAME,
    &duplicate_server_name::DUPLICATE_SERVER_NAME,
    &empty_server_map::EMPTY_SERVER_MAP,
    &unexpanded_variable::UNEXPANDED_VARIABLE,
    &undefined_input::UNDEFINED_INPUT,
    &unused_input::UNUSED_INPUT,
    &non_canonical_url_key::NON_CANONICAL_URL_KEY,
    &command_and_url_both_set::COMMAND_AND_URL_BOTH_SET,
    &unknown_transport_type::UNKNOWN_TRANSPORT_TYPE,
    &unsupported_transport::UNSUPPORTED_TRANSPORT,
    &invalid_url::INVALID_URL,
    &insecure_http_url::INSECURE_HTTP_URL,
    &sse_url_with_http_transport::SSE_URL_WITH_HTTP_TRANSPORT,
    &legacy_sse_transport::LEGACY_SSE_TRANSPORT,
    &shell_metacharacters_in_command::SHELL_METACHARACTERS_IN_COMMAND,
    &arguments_in_command::ARGUMENTS_IN_COMMAND,
    &relative_path_without_cwd::RELATIVE_PATH_WITHOUT_CWD,
    &windows_npx_without_cmd::WINDOWS_NPX_WITHOUT_CMD,
    &unpinned_package::UNPINNED_PACKAGE,
    &dangerous_launch_command::DANGEROUS_LAUNCH_COMMAND,
    &static_session_header::STATIC_SESSION_HEADER,
    &unknown_protocol_version_header::UNKNOWN_PROTOCOL_VERSION_HEADER,
];

/// The check of each rule, in the order of [`RULES`].
pub(crate) static CHECKS: [Check; 22] = [
    invalid_server_name::check,
    duplicate_server_name::check,
    empty_server_map::check,
    unexpanded_variable::check,
    undefined_input::check,
    unused_input::check,
    non_canonical_url_key::check,
    command_and_url_both_set::check,
    unknown_transport_type::check,
    unsupported_transport::check,
    invalid_url::check,
    insecure_http_url::check,
    sse_url_with_http_transport::check,
    legacy_sse_transport::check,
    shell_metacharacters_in_command::check,
    arguments_in_command::check,
    relative_path_without_cwd::check,
    windows_npx_without_cmd::check,
    unpinned_package::check,
    dangerous_launch_command::check,
    static_session_header::check,
    unknown_protocol_version_header::check,
];
