//! `MCP1xx`: the shape of a configuration and the client dialect it is written for (server
//! names and maps, variable references, VS Code inputs, URL keys).
pub(crate) mod duplicate_server_name;
pub(crate) mod empty_server_map;
pub(crate) mod invalid_server_name;
pub(crate) mod non_canonical_url_key;
pub(crate) mod undefined_input;
pub(crate) mod unexpanded_variable;
pub(crate) mod unused_input;
