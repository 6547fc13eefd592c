use mcpvet_ast::definition::{Credential, CredentialKind, DefinitionFile};
use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};

use crate::context::{Cx, Field, Source, definition_advice, variable_for, within};
use crate::guards::{Strength, Verdict, judge};
use crate::names::{NameClass, classify};
use crate::rules::literal_credential_header::is_header_map;
use crate::walk;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// An `env` variable, another field named like a credential, or a secret field of a server definition holds a literal value instead of a reference.
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
    /// The rule applies to server definitions too (`mcpvet server`), which are exported,
    /// published or committed: the basic-authentication `password` and API-key `value` of a
    /// definition's tools, the `value` and `default` of a registry `server.json`'s
    /// environment variables (and of their `variables`), and the `default` of an MCPB
    /// manifest's `user_config` entries, besides credential-named members anywhere (the
    /// manifest's `server.mcp_config.env`). A field the format declares secret (a password,
    /// an API key, `"isSecret": true`, `"sensitive": true`) is judged as a password whatever
    /// its name; others by their name as above. References are fine there too: the
    /// registry's `{token}` variables, the manifest's `${user_config.api_key}`, a
    /// `{{ secret }}` template; and so is leaving the value out.
    ///
    /// ## Why it matters
    ///
    /// MCP configurations are copied into repositories, dotfiles, bug reports and screenshots;
    /// a literal credential travels with them. Clients that expand variables let the file
    /// hold a reference and the secret stay in the environment or the client's secret store
    /// (VS Code `inputs` with `"password": true`). A server definition is worse: a
    /// `server.json` or an extension manifest is published for everyone to read, and the
    /// user can be asked for the value instead (`"isSecret": true` without `value`,
    /// `"sensitive": true` without `default`).
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
    /// ```json file=server.json server
    /// {"name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "environmentVariables": [{"name": "WEATHER_API_KEY", "isSecret": true, "value": "mcpvetSynthetic7Qx2Lm9R"}]}]}
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
    /// ```json file=server.json server
    /// {"name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "environmentVariables": [{"name": "WEATHER_API_KEY", "isSecret": true},
    ///      {"name": "WEATHER_TOKEN", "isSecret": true, "value": "{token}",
    ///       "variables": {"token": {"description": "Your token", "isSecret": true}}}]}]}
    /// ```
    ///
    /// ## References
    ///
    /// - VS Code MCP configuration reference: `inputs` and `${input:…}` variables
    /// - MCP registry `server.json` schema: `isSecret` inputs and `{variable}` substitution;
    ///   MCPB manifest specification: `user_config` entries marked `sensitive`
    /// - Claude Code MCP documentation: environment variable expansion in `.mcp.json`
    /// - gitleaks `generic-api-key` rule and detect-secrets keyword plugin: names and
    ///   entropy thresholds
    pub(crate) static PLAINTEXT_CREDENTIAL = {
        code: "MCP301",
        name: "plaintext-credential",
        severity: Warning,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

/// A value the rule judges: a credential-named member, or a credential field of a
/// definition.
struct Candidate<'d, 'c> {
    value: Value<'d>,
    /// The member's key.
    key: String,
    /// An `env` value.
    in_env: bool,
    class: NameClass,
    /// The credential field of a definition it is.
    credential: Option<&'c Credential>,
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    let doc = cx.doc;
    let config = matches!(cx.source, Source::Config(_));
    let mut candidates = Vec::new();
    if let Some(definition) = cx.definition() {
        definition_candidates(definition, &mut candidates);
    }
    walk::members(doc, |m| {
        if m.member.value.kind() != ValueKind::String || is_header_map(m.parent_key) {
            return;
        }
        let key = m.member.key_str();
        let mut class = classify(&key);
        // A VS Code input declared `"password": true`: its default is a password.
        if config
            && key == "default"
            && m.object.get("password").and_then(Value::as_bool) == Some(true)
        {
            class = NameClass::Password;
        }
        if class == NameClass::Other {
            return;
        }
        candidates.push(Candidate {
            value: m.member.value,
            key: key.into_owned(),
            // opencode names the environment `environment`, Goose `envs`.
            in_env: matches!(m.parent_key, Some("env" | "environment" | "envs")),
            class,
            credential: None,
        });
    });
    for candidate in candidates {
        judge_candidate(cx, &candidate, report);
    }
}

/// The credential fields of a definition that this rule judges (headers are
/// `literal-credential-header`'s, arguments `secret-in-args`'): those declared secret and
/// those named like a credential.
fn definition_candidates<'c>(definition: &'c DefinitionFile<'_>, out: &mut Vec<Candidate<'c, 'c>>) {
    for c in &definition.credentials {
        let class = match c.kind {
            CredentialKind::Header | CredentialKind::Argument => continue,
            CredentialKind::Password => NameClass::Password,
            CredentialKind::ApiKey => NameClass::Token,
            CredentialKind::Env | CredentialKind::Setting => {
                c.name.as_deref().map_or(NameClass::Other, classify)
            }
        };
        if class == NameClass::Other && !c.declared_secret {
            continue;
        }
        out.push(Candidate {
            value: definition.value(c.value.node),
            key: c.name.clone().unwrap_or_default(),
            in_env: false,
            class,
            credential: Some(c),
        });
    }
}

/// What a credential field of a definition holds, for the message: `password`, `API key`,
/// `credential` (a credential name), `secret` (declared secret).
fn credential_what(c: &Credential, class: NameClass) -> &'static str {
    match (c.kind, class) {
        (CredentialKind::Password, _) | (_, NameClass::Password) => "password",
        (CredentialKind::ApiKey, _) => "API key",
        (_, NameClass::Token) => "credential",
        (_, NameClass::Other) => "secret",
    }
}

/// Where a credential field of a definition is: its location, and the variable it sets
/// when the path does not name it (`` `environmentVariables[0].value` of package `x`
/// (environment variable `API_KEY`) ``).
fn credential_location(cx: &Cx<'_, '_>, c: &Credential, value: Value<'_>) -> String {
    let location = cx.location(value);
    let in_variables = value
        .path()
        .segments()
        .iter()
        .any(|s| matches!(s, mcpvet_diagnostics::PathSegment::Key(k) if k == "variables"));
    match (&c.name, c.kind) {
        (Some(name), CredentialKind::Env) if !in_variables => {
            format!(
                "{location} (environment variable `{}`)",
                crate::context::short(name)
            )
        }
        _ => location,
    }
}

fn judge_candidate(cx: &mut Cx<'_, '_>, candidate: &Candidate<'_, '_>, report: &mut Reporter<'_>) {
    let Candidate {
        value,
        ref key,
        in_env,
        class,
        credential,
    } = *candidate;
    let Some(text) = value.decoded() else {
        return;
    };
    if !cx.refs(text.text()).is_empty() {
        return;
    }
    let trimmed = text.text().trim();
    if trimmed.is_empty() {
        return;
    }
    let start = text.text().len() - text.text().trim_start().len();
    let range = start..start + trimmed.len();
    let span = text.span(range.clone());
    let location = match credential {
        Some(c) => credential_location(cx, c, value),
        None => cx.location(value),
    };
    let declared = credential.is_some_and(|c| c.declared_secret);
    let strength = if class == NameClass::Password || declared {
        Strength::Password
    } else {
        Strength::NAMED
    };
    let what = match credential {
        Some(c) => credential_what(c, class),
        None if class == NameClass::Password => "password",
        None => "credential",
    };
    match judge(trimmed, strength) {
        Verdict::Clean => {}
        Verdict::Placeholder => {
            let article = if what.starts_with(['A', 'E', 'I', 'O', 'U']) {
                "an"
            } else {
                "a"
            };
            cx.once.placeholder(
                report,
                within(value, span),
                trimmed,
                &location,
                &format!("{article} {what}"),
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
            let help = match (cx.source, credential) {
                (Source::Definition(d), Some(c)) => definition_advice(d.format, Some(c.kind), ""),
                (Source::Config(_), _) if key == "default" => {
                    "remove `default`: VS Code asks for the value once and keeps it in its \
                     secret storage"
                        .to_owned()
                }
                (Source::Config(_), _) if location.contains("oauth.tokens") => {
                    "these are OAuth tokens the client stored: keep this file private and out \
                     of version control, and revoke the tokens if it was shared"
                        .to_owned()
                }
                (Source::Config(_), _) | (Source::Definition(_), None) => {
                    cx.advice(field, &name, "")
                }
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
            if in_env && let Some(fix) = cx.secret_fix(value, span, field, &name) {
                d = d.with_fix(fix);
            }
            cx.once.secret(report, d);
        }
    }
}
