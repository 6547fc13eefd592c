use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use super::{ServerJson, inputs};
use crate::context::{opening, short};

declare_rule! {
    /// A `server.json` has no `$schema`, names an older version of the format, or is written in a shape or with member names the registry no longer reads.
    ///
    /// ## What it checks
    ///
    /// - `$schema` is missing (an error: the registry rejects a `server.json` without one;
    ///   the fix adds the current schema), or does not name the `server.json` schema (a
    ///   warning);
    /// - `$schema` names an older dated schema than the current one (2025-12-11): a warning,
    ///   as `mcp-publisher` refuses to publish a file that names a deprecated schema ("deprecated
    ///   schema detected"), whether its members still read the same (2025-09-29 and later)
    ///   or have changed (the versions before);
    /// - the pre-release shape (`version_detail` at the root, an error): only the server's
    ///   name and description are judged further, as nothing else reads the same;
    /// - a member under its pre-2025-09-16 snake_case name (`registry_type`, `runtime_hint`,
    ///   `environment_variables`, `is_secret`...; `registry_name` and a remote's
    ///   `transport_type` from the pre-release format), an error whose fix renames it, and a
    ///   root `status`, which the registry has managed itself since 2025-09-29 (a warning).
    ///
    /// ## Why it matters
    ///
    /// The registry validates a file against the schema it names and reads members by their
    /// current names only: a renamed member is silently missing (a package without
    /// `registryType`, a secret environment variable whose `is_secret` is ignored), and an
    /// old shape is rejected whole.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
    ///    "runtime_hint": "npx", "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/weather-mcp", "version": "1.0.0",
    ///    "runtimeHint": "npx", "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `docs/reference/server-json/CHANGELOG.md` (2025-09-16: snake_case to
    ///   camelCase; 2025-09-29: `status` removed; 2025-12-11: the current schema)
    /// - MCP registry, `generic-server-json.md`
    pub(crate) static OUTDATED_SERVER_JSON = {
        code: "MCP640",
        name: "outdated-server-json",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// The current dated schema.
pub(crate) const CURRENT: &str = "2025-12-11";

/// The URL of the current schema.
pub(crate) const CURRENT_URL: &str =
    "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/// The dated schemas published, oldest first; those before the first index of
/// [`SAME_READING`] named members differently.
const VERSIONS: [&str; 6] = [
    "2025-07-09",
    "2025-09-16",
    "2025-09-29",
    "2025-10-11",
    "2025-10-17",
    CURRENT,
];

/// The oldest version whose files read as current ones do.
const SAME_READING: &str = "2025-09-29";

/// Members under their old names, and the names the registry reads.
const RENAMED: &[(&str, &str)] = &[
    ("registry_name", "registryType"),
    ("registry_type", "registryType"),
    ("registry_base_url", "registryBaseUrl"),
    ("file_sha256", "fileSha256"),
    ("runtime_hint", "runtimeHint"),
    ("runtime_arguments", "runtimeArguments"),
    ("package_arguments", "packageArguments"),
    ("environment_variables", "environmentVariables"),
    ("is_required", "isRequired"),
    ("is_secret", "isSecret"),
    ("value_hint", "valueHint"),
    ("is_repeated", "isRepeated"),
    ("website_url", "websiteUrl"),
    ("transport_type", "type"),
];

/// Judges the format version of the file and its member names.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    let root = file.root;
    if file.legacy {
        if let Some(member) = root.member("version_detail") {
            report.report(
                &OUTDATED_SERVER_JSON,
                member.key,
                "this server.json has the pre-release shape (`version_detail`), which the registry no longer reads",
                format!(
                    "rewrite it in the current format: `version` at the root, camelCase members (`registryType`, `identifier`, `runtimeHint`...) and `\"$schema\": \"{CURRENT_URL}\"`"
                ),
            );
        }
        return;
    }
    schema(root, report);
    if let Some(member) = root.member("status") {
        report.report_as(
            &OUTDATED_SERVER_JSON,
            Severity::Warning,
            member.key,
            "`status` is managed by the registry since the 2025-09-29 format: a server.json no longer sets it",
            "remove `status`",
        );
    }
    let mut objects_with_names = vec![root];
    for package in file.packages() {
        objects_with_names.push(package);
        if let Some(t) = package.get("transport") {
            objects_with_names.push(t);
        }
    }
    objects_with_names.extend(file.remotes());
    for (_, input) in inputs(file) {
        objects_with_names.push(input);
        if let Some(variables) = input
            .get("variables")
            .filter(|v| v.kind() == ValueKind::Object)
        {
            objects_with_names.extend(variables.members().map(|m| m.value));
        }
    }
    for remote in file.remotes() {
        if let Some(variables) = remote
            .get("variables")
            .filter(|v| v.kind() == ValueKind::Object)
        {
            objects_with_names.extend(variables.members().map(|m| m.value));
        }
    }
    for object in objects_with_names {
        renamed_members(object, report);
    }
}

/// The date of a `static.modelcontextprotocol.io` schema URL.
fn dated(url: &str) -> Option<&str> {
    let rest = url
        .trim()
        .strip_prefix("https://static.modelcontextprotocol.io/schemas/")?;
    let (date, file) = rest.split_once('/')?;
    (file == "server.schema.json").then_some(date)
}

fn schema(root: Value<'_>, report: &mut Reporter<'_>) {
    let Some(value) = root.get("$schema") else {
        let mut d = OUTDATED_SERVER_JSON
            .diagnostic_at(
                opening(root),
                "this server.json has no `$schema`: the registry rejects a file that does not name its schema",
            )
            .with_help(format!("add `\"$schema\": \"{CURRENT_URL}\"`"));
        if let Some(fix) = add_schema(root) {
            d = d.with_fix(fix);
        }
        report.push(d);
        return;
    };
    let Some(text) = value.as_str() else {
        return; // The structure rule reports a `$schema` that is not a string.
    };
    match dated(&text) {
        Some(date) if VERSIONS.contains(&date) && date < CURRENT => {
            let severity = Severity::Warning;
            let why = if date < SAME_READING {
                "whose member names and shape have changed since, and which `mcp-publisher` refuses as deprecated"
            } else {
                "which `mcp-publisher` refuses as deprecated although its files still read the same"
            };
            let mut d = OUTDATED_SERVER_JSON
                .diagnostic_at(
                    value,
                    format!(
                        "`$schema` names the {date} version of server.json, {why}; the current version is {CURRENT}"
                    ),
                )
                .with_severity(severity)
                .with_help(format!("name the current schema, `{CURRENT_URL}`"));
            if let Some(content) = value.content_span().filter(|_| !value.has_escapes()) {
                d = d.with_fix(Fix::new(
                    format!("name the {CURRENT} schema"),
                    vec![Edit::new(content, CURRENT_URL)],
                    Applicability::Unsafe,
                ));
            }
            report.push(d);
        }
        Some(_) => {}
        None if text.contains("server.schema.json") => {}
        None => report.report_as(
            &OUTDATED_SERVER_JSON,
            Severity::Warning,
            value,
            format!(
                "`$schema` is `{}`, which is not the server.json schema",
                short(&text, 80)
            ),
            format!("name the server.json schema, `{CURRENT_URL}`"),
        ),
    }
}

/// Inserts `"$schema"` before the first member, on its own line when members are.
fn add_schema(root: Value<'_>) -> Option<Fix> {
    let member = format!("\"$schema\": \"{CURRENT_URL}\"");
    let text = root.document().text();
    let base = root.document().base();
    let open = root.span().start;
    let (at, insert) = match root.members().next() {
        None => (open + 1, member),
        Some(first) => {
            let start = first.key.span().start;
            let gap = text.get((open + 1 - base) as usize..(start - base) as usize)?;
            let insert = match gap.rfind('\n') {
                Some(i) => format!("{member},\n{}", &gap[i + 1..]),
                None => format!("{member}, "),
            };
            (start, insert)
        }
    };
    Some(Fix::new(
        "add the current `$schema`",
        vec![Edit::new(Span::empty(at), insert)],
        Applicability::Safe,
    ))
}

fn renamed_members(object: Value<'_>, report: &mut Reporter<'_>) {
    for member in object.members() {
        let key = member.key_str();
        let Some(&(old, new)) = RENAMED.iter().find(|(old, _)| *old == key) else {
            continue;
        };
        let both = object.get(new).is_some();
        let mut d = OUTDATED_SERVER_JSON
            .diagnostic_at(
                member.key,
                if old == "registry_name" || old == "transport_type" {
                    format!(
                        "`{old}` is the name from the pre-release format: the registry reads `{new}`"
                    )
                } else {
                    format!(
                        "`{old}` is the snake_case name from before the 2025-09-16 format: the registry reads `{new}`"
                    )
                },
            )
            .with_help(if both {
                format!("remove `{old}`: `{new}` is already given")
            } else {
                format!("rename it to `{new}`")
            });
        if !both && let Some(content) = member.key.content_span() {
            d = d.with_fix(Fix::new(
                format!("rename to `{new}`"),
                vec![Edit::new(content, new)],
                Applicability::Safe,
            ));
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_dates() {
        assert_eq!(dated(CURRENT_URL), Some(CURRENT));
        assert_eq!(
            dated("https://static.modelcontextprotocol.io/schemas/2025-09-29/server.schema.json"),
            Some("2025-09-29")
        );
        assert_eq!(dated("https://example.com/server.schema.json"), None);
        assert!(VERSIONS.windows(2).all(|w| w[0] < w[1]));
        assert!(VERSIONS.contains(&SAME_READING));
    }
}
