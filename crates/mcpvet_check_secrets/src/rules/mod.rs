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

/// Every rule, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &plaintext_credential::PLAINTEXT_CREDENTIAL,
    &known_token_format::KNOWN_TOKEN_FORMAT,
    &literal_credential_header::LITERAL_CREDENTIAL_HEADER,
    &secret_in_args::SECRET_IN_ARGS,
    &secret_in_url_query::SECRET_IN_URL_QUERY,
    &password_in_url::PASSWORD_IN_URL,
    &unfilled_placeholder::UNFILLED_PLACEHOLDER,
    &secret_in_session::SECRET_IN_SESSION,
];
