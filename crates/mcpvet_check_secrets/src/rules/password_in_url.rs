use mcpvet_ast::config::url::HostClass;
use mcpvet_diagnostics::{Reporter, Severity, declare_rule};

use crate::context::{Cx, Field, variable_for, within};
use crate::guards::{Strength, Verdict, judge};
use crate::source::touches_ref;
use crate::url::percent_decode;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// A URL carries a password (or a token as its user name) in its userinfo: `scheme://user:password@host`.
    ///
    /// ## What it checks
    ///
    /// Every URL in every string of the file, whatever its scheme (`https://`, `postgres://`,
    /// `mongodb+srv://`, `redis://`, `amqp://`...): `url`, `serverUrl`, `httpUrl`, arguments
    /// (database servers take a connection string), `env` values (`DATABASE_URL`) and
    /// headers; in a server definition, a tool's `endpoint`, a remote's `url`, an input's
    /// `value` or `default`, any other string. The password after `user:` is reported when it is a literal of six or more
    /// characters that is not a placeholder; a user name alone is reported when it looks like
    /// a token (16 or more characters, 3.0 bits of entropy per character). The finding
    /// points at the password only. A URL to the local machine (`localhost`, `127.0.0.1`,
    /// `::1`) is reported as a warning, a remote one as an error. `${DB_PASSWORD}` and other
    /// references are fine; `****` or `<password>` is an `unfilled-placeholder`.
    ///
    /// ## Why it matters
    ///
    /// Userinfo is the least protected place for a credential: URLs are logged by clients,
    /// proxies and servers, shown in process lists when passed as arguments, and copied
    /// whole. The password can come from the environment instead (`PGPASSWORD`, a
    /// `${DB_PASSWORD}` reference, a `.pgpass` file). A server definition is exported or
    /// published with its URLs.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"postgres": {"command": "npx",
    ///   "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://app:mcpvet-synthetic-pw-7Qx@db.example.invalid:5432/main"]}}}
    /// ```
    ///
    /// ```json file=definition.json server
    /// {"name": "crm", "description": "Customer records.",
    ///  "tools": [{"name": "find_customer", "description": "Find a customer by name.", "type": "http",
    ///    "method": "GET", "endpoint": "https://svc:mcpvet-synthetic-pw-7Qx@crm.example.invalid", "path": "/customers"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.mcp.json
    /// {"mcpServers": {"postgres": {"command": "npx",
    ///   "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://app:${DB_PASSWORD}@db.example.invalid:5432/main"]}}}
    /// ```
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"postgres": {"command": "npx",
    ///   "args": ["-y", "@modelcontextprotocol/server-postgres", "postgresql://app@db.example.invalid:5432/main"],
    ///   "env": {"PGPASSFILE": "/home/me/.pgpass"}}}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 3986 §3.2.1: "Use of the format user:password in the userinfo field is deprecated"
    /// - MCP Inspector README: credentials in URLs are not redacted
    pub(crate) static PASSWORD_IN_URL = {
        code: "MCP306",
        name: "password-in-url",
        severity: Error,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    for string in &cx.urls {
        let text = &string.text;
        for url in &string.urls {
            let local = HostClass::of_authority(&text.text()[url.host.clone()]).is_this_machine();
            let (range, strength, what) = match (&url.password, &url.user) {
                (Some(p), _) if !p.is_empty() => (p.clone(), Strength::Password, "a password"),
                (None, Some(u)) if !u.is_empty() => {
                    (u.clone(), Strength::QUERY, "a credential as its user name")
                }
                _ => continue,
            };
            if touches_ref(&string.refs, &range) {
                continue;
            }
            let raw = &text.text()[range.clone()];
            let decoded = percent_decode(raw);
            let span = text.span(range.clone());
            let location = cx.location(string.value);
            match judge(&decoded, strength) {
                Verdict::Placeholder if strength == Strength::Password => {
                    cx.once.placeholder(
                        report,
                        within(string.value, span),
                        raw,
                        &format!("the URL in {location}"),
                        "a password",
                    );
                }
                Verdict::Clean | Verdict::Placeholder => {}
                Verdict::Secret => {
                    let path = string.value.path();
                    let field = Field::of(&cx.relative(&path));
                    let server = cx.server_name(string.value).unwrap_or("db");
                    let suffix = if strength == Strength::Password {
                        "PASSWORD"
                    } else {
                        "TOKEN"
                    };
                    let var = variable_for(server, suffix);
                    let d = PASSWORD_IN_URL
                        .diagnostic(
                            span,
                            format!("the URL in {location} embeds {what} (`{}`)", describe(raw)),
                        )
                        .with_severity(if local {
                            Severity::Warning
                        } else {
                            Severity::Error
                        })
                        .with_help(format!(
                            "take the credential out of the URL: many servers and drivers read \
                             it from their own variable or file (`PGPASSWORD`, `~/.pgpass`); {}",
                            cx.advice(field, &var, "")
                        ))
                        .with_path(path);
                    cx.once.secret(report, d);
                }
            }
        }
    }
}
