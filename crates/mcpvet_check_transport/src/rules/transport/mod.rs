//! `MCP2xx`: how a client reaches each server (transport types, URLs) and how it starts a
//! local one (`command`, `args`, package runners, headers).
pub(crate) mod arguments_in_command;
pub(crate) mod command_and_url_both_set;
pub(crate) mod dangerous_launch_command;
pub(crate) mod insecure_http_url;
pub(crate) mod invalid_url;
pub(crate) mod legacy_sse_transport;
pub(crate) mod npx_without_yes;
pub(crate) mod relative_path_without_cwd;
pub(crate) mod shell_metacharacters_in_command;
pub(crate) mod sse_url_with_http_transport;
pub(crate) mod static_session_header;
pub(crate) mod unfilled_url_or_path;
pub(crate) mod unknown_protocol_version_header;
pub(crate) mod unknown_transport_type;
pub(crate) mod unpinned_package;
pub(crate) mod unsupported_transport;
pub(crate) mod windows_npx_without_cmd;
