use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use crate::context::{Cx, Field, advice, reference_fix, variable_for, within};
use crate::guards::{Strength, Verdict, judge};
use crate::names::{NameClass, classify};
use crate::rules::literal_credential_header::is_header_map;
use crate::source::ref_ranges;
use crate::walk;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// An `env` variable or another field named like a credential holds a literal value instead of a reference.
    ///
    /// ## What it checks
    ///
    /// Members whose name says credential: `env` variables first, and the same names
    /// anywhere else in the file (`oauth.clientSecret`, Cline's `oauth.tokens.access_token`,
    /// Zed extension `settings`, unknown server members such as `apiKey`), plus the `default`
    /// of a VS Code input declared `"password": true`. A name is a credential name when one
    /// of its words (split at `_`, `-`, `.` and camel case) is `token`, `secret`, `password`
    /// (`passwd`, `pwd`, `pass`, `passphrase`), `apikey`, `authorization`, `credential(s)`
    /// or `cookie`, or when it ends in `key` after another word (`API_KEY`, `PRIVATE_KEY`,
    /// `ACCESS_KEY`, `OPENAI_KEY`; not `PUBLIC_KEY`, `SORT_KEY`), and not when its last word
    /// says the value only points at the secret (`_ID`, `_NAME`, `_URL`, `_PATH`, `_FILE`,
    /// `_ENV`, `_TYPE`, `_MODE`, `_HEADER`, `_SCOPE`...) or it counts tokens (`MAX_TOKENS`).
    ///
    /// The value is reported when it is a literal that passes the guards:
    ///
    /// - a password name: any literal of six or more characters that is not a keyword
    ///   (`true`, `none`...) or a path;
    /// - other names: at least 12 characters, at least 3.0 bits of entropy per character,
    ///   mixing letter cases or digits, and not a path, URL, e-mail address, host name or
    ///   number.
    ///
    /// A value holding a variable reference (`${env:TOKEN}`, `${input:key}`, `$TOKEN`,
    /// `%TOKEN%`...) is never reported; a placeholder (`YOUR_API_KEY`, `<token>`, `xxx`,
    /// `changeme`) is reported by `unfilled-placeholder`; a value in a known token format by
    /// `known-token-format`; headers by `literal-credential-header`.
    ///
    /// ## Why it matters
    ///
    /// MCP configurations are copied into repositories, dotfiles, bug reports and screenshots;
    /// a literal credential travels with them. Clients that expand variables let the file
    /// hold a reference and the secret stay in the environment or the client's secret store
    /// (VS Code `inputs` with `"password": true`).
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"db": {"command": "npx", "args": ["-y", "mcp-server-postgres-tools"],
    ///   "env": {"PGHOST": "db.internal", "PGPASSWORD": "mcpvet-synthetic-pw-7Qx"}}}}
    /// ```
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"search": {"command": "npx", "args": ["-y", "brave-search-mcp"],
    ///   "env": {"BRAVE_API_KEY": "BSAmcpvetSyntheticKey42"}}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"search": {"command": "npx", "args": ["-y", "brave-search-mcp"],
    ///   "env": {"BRAVE_API_KEY": "${env:BRAVE_API_KEY}", "BRAVE_API_KEY_FILE": "/run/secrets/brave",
    ///           "MAX_TOKENS": "4096", "AUTH_TYPE": "bearer"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code MCP configuration reference: `inputs` and `${input:…}` variables
    /// - Claude Code MCP documentation: environment variable expansion in `.mcp.json`
    /// - gitleaks `generic-api-key` rule and detect-secrets keyword plugin: names and
    ///   entropy thresholds
    pub(crate) static PLAINTEXT_CREDENTIAL = {
        code: "MCP301",
        name: "plaintext-credential",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    let doc = cx.config.document();
    let mut candidates = Vec::new();
    walk::members(doc, |m| {
        if m.member.value.kind() != ValueKind::String || is_header_map(m.parent_key) {
            return;
        }
        let key = m.member.key_str();
        let mut class = classify(&key);
        // A VS Code input declared `"password": true`: its default is a password.
        if key == "default"
            && m.object
                .get("password")
                .and_then(mcpvet_json::Value::as_bool)
                == Some(true)
        {
            class = NameClass::Password;
        }
        if class == NameClass::Other {
            return;
        }
        candidates.push((
            m.member.value,
            key.into_owned(),
            m.parent_key == Some("env"),
            class,
        ));
    });
    for (value, key, in_env, class) in candidates {
        let Some(text) = value.decoded() else {
            continue;
        };
        if !ref_ranges(text.text()).is_empty() {
            continue;
        }
        let trimmed = text.text().trim();
        if trimmed.is_empty() {
            continue;
        }
        let start = text.text().len() - text.text().trim_start().len();
        let range = start..start + trimmed.len();
        let span = text.span(range.clone());
        let location = cx.location(value);
        let strength = if class == NameClass::Password {
            Strength::Password
        } else {
            Strength::NAMED
        };
        let what = if class == NameClass::Password {
            "password"
        } else {
            "credential"
        };
        match judge(trimmed, strength) {
            Verdict::Clean => {}
            Verdict::Placeholder => {
                cx.once.placeholder(
                    report,
                    within(value, span),
                    trimmed,
                    &location,
                    &format!("a {what}"),
                );
            }
            Verdict::Secret => {
                let field = if in_env { Field::Env } else { Field::Other };
                let name = if in_env {
                    key.clone()
                } else {
                    let server = cx.server_name(value).unwrap_or("mcp");
                    variable_for(server, "SECRET")
                };
                let help = if key == "default" {
                    "remove `default`: VS Code asks for the value once and keeps it in its secret \
                     storage"
                        .to_owned()
                } else if location.contains("oauth.tokens") {
                    "these are OAuth tokens the client stored: keep this file private and out of \
                     version control, and revoke the tokens if it was shared"
                        .to_owned()
                } else {
                    advice(cx.dialect(), field, &name, "")
                };
                let mut d = PLAINTEXT_CREDENTIAL
                    .diagnostic(
                        span,
                        format!(
                            "{location} holds a plaintext {what} (`{}`)",
                            describe(trimmed)
                        ),
                    )
                    .with_help(help)
                    .with_path(value.path());
                if in_env
                    && range.start == 0
                    && range.end == text.text().len()
                    && let Some(fix) = reference_fix(cx.dialect(), value, field, &name)
                {
                    d = d.with_fix(fix);
                }
                cx.once.secret(report, d);
            }
        }
    }
}
