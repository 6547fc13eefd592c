use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::Value;

use super::{ServerJson, objects, package_name, string};
use crate::context::{opening, short};

declare_rule! {
    /// A runtime or package argument of a `server.json` is not one the registry accepts: a named argument without a plain flag `name`, a value that repeats the flag, a positional argument with neither `value` nor `valueHint`.
    ///
    /// ## What it checks
    ///
    /// For each element of a package's `runtimeArguments` and `packageArguments`:
    ///
    /// - a `named` argument needs a `name`, the flag alone (`--port`, `-e`): a name holding
    ///   a space, `<`, `>` or `$` (`--directory <path>`, `--port 8080`) carries a value or a
    ///   description that belongs in `value`, `default` or `description`;
    /// - the `value` or `default` of a `named` argument must not start with its `name`
    ///   (`"value": "--port 8080"`): the client writes the flag itself, then the value;
    /// - a `positional` argument needs a `value` (a fixed word of the command line) or a
    ///   `valueHint` (the label of the value the user provides).
    ///
    /// Values are not quoted in messages: an argument may carry a secret.
    ///
    /// ## Why it matters
    ///
    /// The registry rejects these arguments at publish time. A client that accepted them
    /// would build a broken command line: `--port 8080 --port 8080`, or a flag followed by
    /// a word from its description.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/files", "description": "File tools.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/files-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "packageArguments": [{"type": "named", "name": "--directory <absolute path>", "isRequired": true}]}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/files", "description": "File tools.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/files-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "packageArguments": [{"type": "named", "name": "--directory", "description": "Absolute path to serve",
    ///                          "format": "filepath", "isRequired": true}]}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`NamedArgument`, `PositionalArgument`)
    /// - MCP registry, publish validation of arguments
    pub(crate) static INVALID_REGISTRY_ARGUMENT = {
        code: "MCP651",
        name: "invalid-registry-argument",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges every runtime and package argument.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for package in file.packages() {
        for key in ["runtimeArguments", "packageArguments"] {
            for argument in objects(package, key) {
                match string(argument, "type").as_ref().map(|(_, t)| t.as_ref()) {
                    Some("named") => named(package, argument, report),
                    Some("positional") => positional(package, argument, report),
                    _ => {} // The structure rule reports a missing or unknown type.
                }
            }
        }
    }
}

fn named(package: Value<'_>, argument: Value<'_>, report: &mut Reporter<'_>) {
    let Some((name_value, name)) = string(argument, "name").filter(|(_, n)| !n.is_empty()) else {
        if argument.get("name").is_none_or(|n| n.as_str().is_some()) {
            report.report(
                &INVALID_REGISTRY_ARGUMENT,
                opening(argument),
                format!(
                    "a named argument of {} has no `name`: it is the flag the client writes",
                    package_name(package)
                ),
                "add the flag as `name` (`--port`), or make the argument `positional`",
            );
        }
        return;
    };
    if let Some(decoded) = name_value.decoded()
        && let Some((i, c)) = decoded
            .text()
            .char_indices()
            .find(|&(_, c)| c.is_whitespace() || matches!(c, '<' | '>' | '$'))
    {
        let what = if c.is_whitespace() {
            "whitespace".to_owned()
        } else {
            format!("`{c}`")
        };
        let flag = decoded.text()[..i].trim();
        report.report(
            &INVALID_REGISTRY_ARGUMENT,
            decoded.span(i..i + c.len_utf8()),
            format!(
                "the name of the named argument `{}` holds {what}: `name` is the flag alone",
                short(&name, 60)
            ),
            if flag.is_empty() {
                "write the flag alone in `name`; put the value in `value` or `default` and what it is in `description`".to_owned()
            } else {
                format!(
                    "write `{}` as the `name`; put the value in `value` or `default` and what it is in `description`",
                    short(flag, 40)
                )
            },
        );
        return;
    }
    for key in ["value", "default"] {
        let Some((value, text)) = string(argument, key) else {
            continue;
        };
        if text.starts_with(name.as_ref()) {
            report.report(
                &INVALID_REGISTRY_ARGUMENT,
                value,
                format!(
                    "the `{key}` of the named argument `{}` starts with its name: the client writes the flag itself, before the value",
                    short(&name, 40)
                ),
                format!("write the {key} alone, without `{}`", short(&name, 40)),
            );
        }
    }
}

fn positional(package: Value<'_>, argument: Value<'_>, report: &mut Reporter<'_>) {
    if argument.get("value").is_none() && argument.get("valueHint").is_none() {
        report.report(
            &INVALID_REGISTRY_ARGUMENT,
            opening(argument),
            format!(
                "a positional argument of {} has neither `value` nor `valueHint`: nothing says what goes on the command line",
                package_name(package)
            ),
            "add `value` for a fixed word of the command line, or `valueHint` to name the value the user provides",
        );
    }
}
