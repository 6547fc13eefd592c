//! Secret checks of MCP client configurations, server definitions and captured sessions
//! (`MCP3xx`): plaintext credentials, known token formats, secrets in arguments, URLs and
//! headers, unfilled placeholders, tokens in captured traffic.
//!
//! Position in the pipeline: reads a lowered [`ConfigFile`], [`DefinitionFile`] or
//! [`Transcript`] from `mcpvet_ast`; the facade (`mcpvet_linter`) runs [`check_config`],
//! [`check_definition`] and [`check_transcript`] and registers [`rules()`].
//!
//! The configuration rules serve server definitions unchanged: they read a per-file
//! context (`context::Cx`) over the document, what holds each value (a configuration's
//! servers; a definition's tools, prompts, resources and packages) and what to advise
//! instead of a literal (what the client expands; how the definition's format lets the
//! user provide the value). A definition's credential fields
//! ([`DefinitionFile::credentials`]) are judged like the configuration values of their
//! kind: passwords, API keys, environment variables and settings by `plaintext-credential`,
//! headers by `literal-credential-header`, arguments by `secret-in-args`.
//!
//! # No output ever contains a secret
//!
//! Findings describe a secret by its kind, its first characters and its length
//! (`ghp_… (40 chars)`: four, or a quarter of a secret shorter than sixteen characters,
//! the one policy of `mcpvet_diagnostics::redact`), never by its value, in messages and in help alike; a suggested fix
//! only ever writes a variable reference. The exact span of every secret (the token alone,
//! not the `Bearer ` before it or the `--token=` around it, mapped through JSON escapes) is
//! passed to [`Findings::redact`], and every renderer masks redacted spans in source
//! snippets.
//!
//! # Rules
//!
//! | code | name | severity | finds |
//! |---|---|---|---|
//! | MCP301 | `plaintext-credential` | warning | a credential-named `env` variable or field, or a definition's secret field, with a literal value |
//! | MCP302 | `known-token-format` | error | a provider token format anywhere in the file |
//! | MCP303 | `literal-credential-header` | error | `Authorization`, `Cookie`, API-key headers with literal values |
//! | MCP304 | `secret-in-args` | warning | `--api-key=…`, `--token …`, `--header "Authorization: …"`, `-e NAME=…` |
//! | MCP305 | `secret-in-url-query` | warning | `?api_key=…`, `?token=…`, `?sig=…` |
//! | MCP306 | `password-in-url` | error | `scheme://user:password@host` |
//! | MCP307 | `unfilled-placeholder` | warning | `YOUR_API_KEY`, `<token>`, `xxx`, `ghp_xxxx` where a secret belongs |
//! | MCP308 | `secret-in-session` | warning | a provider token, or a credential by its shape (`Bearer …`, `token=…`, a cookie, a signed URL), in a captured session |
//!
//! Each secret is reported once, by the most precise rule: a known token format first
//! (MCP302), then the rule of the place it is in. In a captured session, where no field
//! says "credential", [`shapes`] recognises credentials by the text around them.
//!
//! ```
//! use mcpvet_ast::config::read_config;
//! use mcpvet_diagnostics::Findings;
//!
//! let text = r#"{"mcpServers": {"db": {"command": "npx", "args": ["db-mcp"],
//!     "env": {"DB_PASSWORD": "mcpvet-synthetic-pw-7Qx"}}}}"#;
//! let config = read_config(text, Some("claude_desktop_config.json"), None).value;
//! let mut findings = Findings::new();
//! mcpvet_check_secrets::check_config(&config, &mut findings);
//! let d = &findings.diagnostics()[0];
//! assert_eq!(d.code().as_str(), "MCP301");
//! assert_eq!(d.message(), "`env.DB_PASSWORD` holds a plaintext password (`mcpv… (23 chars)`)");
//! assert_eq!(&text[findings.redactions()[0].range()], "mcpvet-synthetic-pw-7Qx");
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod anchors;
mod context;
pub mod guards;
pub mod names;
pub mod rules;
pub mod shapes;
mod source;
pub mod synthetic;
pub mod tokens;
mod url;
mod walk;

use mcpvet_ast::config::ConfigFile;
use mcpvet_ast::definition::DefinitionFile;
use mcpvet_ast::transcript::Transcript;
use mcpvet_diagnostics::{Findings, Reporter, RuleMeta};

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    rules::RULES
}

/// Runs every configuration rule of this crate on `config`: diagnostics go to `findings`,
/// and so does the span of every secret (see [`Findings::redact`]).
pub fn check_config(config: &ConfigFile<'_>, findings: &mut Findings) {
    let mut report = Reporter::new(findings);
    run(&mut context::Cx::new(config), &mut report);
}

/// Runs the same rules on a server definition (a captured listing, a registry
/// `server.json`, an MCPB manifest or a neutral definition file): its credential fields
/// ([`DefinitionFile::credentials`]: basic passwords and API-key values of a definition's
/// tools, registry environment variables, arguments and headers and their `variables`,
/// manifest `user_config` defaults) are judged like the configuration values of their kind,
/// every string is searched for known token formats and every URL for credentials.
/// References (`{token}`, `${user_config.api_key}`, `{{ secret }}`, `${VAR}`) and empty
/// values are fine; the help says how the format lets the user provide the value instead.
///
/// ```
/// use mcpvet_ast::definition::read_definition;
/// use mcpvet_diagnostics::Findings;
///
/// let text = r#"{"name": "io.github.acme/weather", "version": "1.0.0",
///   "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
///     "transport": {"type": "stdio"},
///     "environmentVariables": [{"name": "WEATHER_API_KEY", "isSecret": true, "value": "mcpvetSynthetic7Qx2Lm9R"},
///                              {"name": "WEATHER_TOKEN", "isSecret": true, "value": "{token}"}]}]}"#;
/// let definition = read_definition(text, Some("server.json"), None).value;
/// let mut findings = Findings::new();
/// mcpvet_check_secrets::check_definition(&definition, &mut findings);
/// let d = &findings.diagnostics()[0];
/// assert_eq!(d.code().as_str(), "MCP301");
/// assert_eq!(findings.diagnostics().len(), 1);
/// assert_eq!(&text[findings.redactions()[0].range()], "mcpvetSynthetic7Qx2Lm9R");
/// ```
pub fn check_definition(definition: &DefinitionFile<'_>, findings: &mut Findings) {
    let mut report = Reporter::new(findings);
    run(&mut context::Cx::for_definition(definition), &mut report);
}

/// Every rule of a configuration or a definition, the most precise first.
fn run(cx: &mut context::Cx<'_, '_>, report: &mut Reporter<'_>) {
    rules::known_token_format::check(cx, report);
    rules::literal_credential_header::check(cx, report);
    rules::plaintext_credential::check(cx, report);
    rules::secret_in_args::check(cx, report);
    rules::password_in_url::check(cx, report);
    rules::secret_in_url_query::check(cx, report);
}

/// Runs the session rule of this crate (`secret-in-session`) on `transcript`.
pub fn check_transcript(transcript: &Transcript<'_>, findings: &mut Findings) {
    rules::secret_in_session::check(transcript, &mut Reporter::new(findings));
}

#[cfg(test)]
mod tests;
