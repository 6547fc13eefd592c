//! The rules of the crate, one per file; each file starts with its `declare_rule!` (the
//! documentation page) followed by the check.
use mcpvet_diagnostics::RuleMeta;

pub(crate) mod known_token_format;
pub(crate) mod literal_credential_header;
pub(crate) mod password_in_url;
pub(crate) mod plaintext_credential;
pub(crate) mod secret_in_args;
pub(crate) mod secret_in_session;
pub(crate) mod secret_in_url_query;
pub(crate) mod unfilled_placeholder;

pub use known_token_format::KNOWN_TOKEN_FORMAT;
pub use literal_credential_header::LITERAL_CREDENTIAL_HEADER;
pub use password_in_url::PASSWORD_IN_URL;
pub use plaintext_credential::PLAINTEXT_CREDENTIAL;
pub use secret_in_args::SECRET_IN_ARGS;
pub use secret_in_session::SECRET_IN_SESSION;
pub use secret_in_url_query::SECRET_IN_URL_QUERY;
pub use unfilled_placeholder::UNFILLED_PLACEHOLDER;

/// Every rule, sorted by code.
pub(crate) static RULES: [&RuleMeta; 8] = [
    &PLAINTEXT_CREDENTIAL,
    &KNOWN_TOKEN_FORMAT,
    &LITERAL_CREDENTIAL_HEADER,
    &SECRET_IN_ARGS,
    &SECRET_IN_URL_QUERY,
    &PASSWORD_IN_URL,
    &UNFILLED_PLACEHOLDER,
    &SECRET_IN_SESSION,
];
