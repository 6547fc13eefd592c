//! Codex's own rules for a `[mcp_servers.NAME]` table, as `codex-rs/config/src/mcp_types.rs`
//! (`RawMcpServerConfig` and its conversion) applies them when it loads `config.toml`.
//!
//! Codex reads the whole file with one deserializer: a member of the other transport, a
//! literal `bearer_token` or a value of the wrong type makes it refuse the configuration and
//! start nothing, so each is an error here. Unknown members are ignored by Codex (and refused
//! under `--strict-config`): the shared lowering reports them as warnings.
//!
//! The members Codex shares with other clients (`command`, `args`, `env`, `cwd`, `url`,
//! `enabled`, and `http_headers`, lowered as the server's headers, and the tool lists) are
//! lowered by the shared code; this file checks the rest: `env_vars`, `bearer_token_env_var`,
//! `env_http_headers`, the timeouts, `required`, `scopes`.
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{Value, ValueKind};

use crate::codes;

use super::Lowerer;

/// Members of a Streamable HTTP server only: Codex refuses them in a stdio server (`url`
/// itself is `command-and-url-both-set`).
const HTTP_ONLY: &[&str] = &[
    "bearer_token_env_var",
    "http_headers",
    "env_http_headers",
    "oauth",
    "oauth_resource",
];
/// Members of a stdio server only: Codex refuses them in a Streamable HTTP server.
const STDIO_ONLY: &[&str] = &["args", "env", "env_vars", "cwd"];

impl<'d> Lowerer<'d> {
    /// Codex's checks of one server table (`value`, named `label` in messages).
    pub(super) fn codex_server(&mut self, value: Value<'d>, label: &str) {
        let stdio = value.get("command").is_some();
        let http = !stdio && value.get("url").is_some();
        for m in value.members() {
            let key = m.key_str();
            let key = key.as_ref();
            let refused = if key == "bearer_token" {
                let transport = if stdio { "stdio" } else { "streamable_http" };
                Some((
                    format!(
                        "Codex refuses `bearer_token` in {label} (`bearer_token is not supported for {transport}`) and loads no configuration from this file"
                    ),
                    "export the token in an environment variable and name that variable in `bearer_token_env_var`; Codex sends it as `Authorization: Bearer …`".to_owned(),
                ))
            } else if stdio && HTTP_ONLY.contains(&key) {
                Some((
                    format!(
                        "`{key}` is not supported for a stdio server: Codex refuses {label} (`{key} is not supported for stdio`) and loads no configuration from this file"
                    ),
                    format!(
                        "remove `{key}`: it belongs to a server reached by `url`; a stdio server reads its settings from `env`"
                    ),
                ))
            } else if http && STDIO_ONLY.contains(&key) {
                Some((
                    format!(
                        "`{key}` is not supported for a Streamable HTTP server: Codex refuses {label} (`{key} is not supported for streamable_http`) and loads no configuration from this file"
                    ),
                    format!(
                        "remove `{key}`: it belongs to a server started with `command`; a server reached by `url` takes `http_headers`, `env_http_headers` and `bearer_token_env_var`"
                    ),
                ))
            } else {
                None
            };
            if let Some((message, help)) = refused {
                self.cx.report(
                    Diagnostic::new(codes::UNKNOWN_FIELD, Severity::Error, m.key.span(), message)
                        .with_path(m.value.path())
                        .with_help(help),
                );
            }
            let v = m.value;
            match key {
                "env_vars" => self.codex_env_vars(v),
                "env_http_headers" => {
                    self.codex_names(v, "`env_http_headers`");
                }
                "bearer_token_env_var"
                | "experimental_environment"
                | "oauth_resource"
                | "default_tools_approval_mode"
                | "name" => {
                    let _ = self.string(v, &format!("`{key}`"), true);
                }
                "startup_timeout_sec" | "tool_timeout_sec" => self.codex_seconds(v, key),
                "startup_timeout_ms" => {
                    let whole = v
                        .as_number()
                        .is_some_and(|n| !n.lexeme().contains(['.', 'e', 'E', '-']));
                    if !whole && v.kind() != ValueKind::Error {
                        self.cx.wrong_type(
                            v,
                            "`startup_timeout_ms`",
                            "a whole number of milliseconds",
                            Severity::Error,
                        );
                    }
                }
                "required" | "supports_parallel_tool_calls" => {
                    let _ = self.boolean(v, &format!("`{key}`"), true);
                }
                "scopes" => {
                    let _ = self.string_array(v, "`scopes`", true);
                }
                _ => {}
            }
        }
    }

    /// `env_vars`: names of variables passed through, as strings or `{name, source}` tables.
    fn codex_env_vars(&mut self, v: Value<'d>) {
        if v.kind() != ValueKind::Array {
            if v.kind() != ValueKind::Error {
                self.cx.wrong_type(
                    v,
                    "`env_vars`",
                    "an array of variable names",
                    Severity::Error,
                );
            }
            return;
        }
        for (i, item) in v.items().enumerate() {
            match item.kind() {
                ValueKind::String | ValueKind::Error => {}
                ValueKind::Object => match item.get("name") {
                    Some(name) => {
                        let _ = self.string(name, &format!("`env_vars[{i}].name`"), true);
                    }
                    None => self.cx.missing(
                        codes::MISSING_FIELD,
                        item,
                        "name",
                        format!("`env_vars[{i}]` has no `name`"),
                        Severity::Error,
                    ),
                },
                _ => self.cx.wrong_type(
                    item,
                    &format!("`env_vars[{i}]`"),
                    "a variable name or a `{name, source}` table",
                    Severity::Error,
                ),
            }
        }
    }

    /// A table of strings (`env_http_headers`: header name → variable name).
    fn codex_names(&mut self, v: Value<'d>, what: &str) {
        let Some(obj) = self.cx.object(v, what, Severity::Error) else {
            return;
        };
        for m in obj.members() {
            let inner = format!("{}.{}`", what.trim_end_matches('`'), m.key_str());
            let _ = self.string(m.value, &inner, true);
        }
    }

    /// A duration in seconds: a number, not negative.
    fn codex_seconds(&mut self, v: Value<'d>, key: &str) {
        match v.as_number() {
            Some(n) if n.lexeme().starts_with('-') => {
                self.cx.wrong_type(
                    v,
                    &format!("`{key}`"),
                    "a number of seconds, not negative",
                    Severity::Error,
                );
            }
            Some(_) => {}
            None if v.kind() == ValueKind::Error => {}
            None => self.cx.wrong_type(
                v,
                &format!("`{key}`"),
                "a number of seconds",
                Severity::Error,
            ),
        }
    }
}
