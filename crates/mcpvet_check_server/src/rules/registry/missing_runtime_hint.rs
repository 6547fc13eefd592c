use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::{ServerJson, package_name, string};

declare_rule! {
    /// A package of a `server.json` has `runtimeArguments` but no `runtimeHint` naming the runtime they are for.
    ///
    /// ## What it checks
    ///
    /// `runtimeArguments` are passed to the command that runs the package (`npx`, `uvx`,
    /// `docker`, `dnx`...), before the package itself; the format asks for a `runtimeHint`
    /// naming that command whenever they are present. Flagged: a package with a non-empty
    /// `runtimeArguments` array and no `runtimeHint` (or an empty one). The help names the
    /// usual runtime of the package's registry.
    ///
    /// ## Why it matters
    ///
    /// Without the hint a client has to guess which command the arguments belong to: a
    /// Docker `--mount` or `-e` given to another runtime fails to start the server, or is
    /// dropped, and the server starts without the volume or variable it needs.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/files", "description": "File tools.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/files-mcp", "version": "1.0.0",
    ///    "runtimeArguments": [{"type": "named", "name": "--yes"}],
    ///    "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/files", "description": "File tools.", "version": "1.0.0",
    ///  "packages": [{"registryType": "npm", "identifier": "@acme/files-mcp", "version": "1.0.0",
    ///    "runtimeHint": "npx", "runtimeArguments": [{"type": "named", "name": "--yes"}],
    ///    "transport": {"type": "stdio"}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`runtimeHint`: "should be provided when
    ///   `runtimeArguments` are present")
    pub(crate) static MISSING_RUNTIME_HINT = {
        code: "MCP645",
        name: "missing-runtime-hint",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// The usual runtime of packages of a registry type.
fn usual_runtime(registry_type: &str) -> Option<&'static str> {
    match registry_type {
        "npm" => Some("npx"),
        "pypi" => Some("uvx"),
        "oci" => Some("docker"),
        "nuget" => Some("dnx"),
        _ => None,
    }
}

/// Reports packages whose runtime arguments name no runtime.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for package in file.packages() {
        let Some(arguments) = package.member("runtimeArguments") else {
            continue;
        };
        if arguments.value.kind() != ValueKind::Array || arguments.value.is_empty() {
            continue;
        }
        if string(package, "runtimeHint").is_some_and(|(_, h)| !h.trim().is_empty()) {
            continue;
        }
        let help = match string(package, "registryType")
            .and_then(|(_, t)| usual_runtime(&t).map(|r| (t, r)))
        {
            Some((t, runtime)) => format!(
                "add `\"runtimeHint\": \"{runtime}\"` (the usual runtime of {} packages), or the command the arguments are for",
                crate::context::short(&t, 20)
            ),
            None => "add `runtimeHint` with the command the arguments are for".to_owned(),
        };
        report.report(
            &MISSING_RUNTIME_HINT,
            arguments.key,
            format!(
                "{} has `runtimeArguments` but no `runtimeHint`: clients cannot tell which command they are for",
                package_name(package)
            ),
            help,
        );
    }
}
