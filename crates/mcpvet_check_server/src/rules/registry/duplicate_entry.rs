use mcpvet_diagnostics::{Label, Reporter, declare_rule};
use mcpvet_json::Value;

use super::{ServerJson, objects, package_name, string};
use crate::context::short;

declare_rule! {
    /// A `server.json` lists the same remote URL twice, or a package or transport declares the same environment variable or header twice.
    ///
    /// ## What it checks
    ///
    /// Within one file: two `remotes` with the same `url`; within one package: two
    /// `environmentVariables` with the same `name` (names are compared exactly, as
    /// environments do); within one transport (a package's or a remote): two `headers`
    /// with the same `name` (compared without regard to case, as HTTP does). Each repeat
    /// is reported at its second occurrence, with the first one marked.
    ///
    /// ## Why it matters
    ///
    /// Clients show each entry as an option or ask for each input in turn: a repeated
    /// remote is offered twice, and a repeated variable or header is asked for twice and
    /// only one answer is used (which one depends on the client), so a user may configure
    /// a secret that is then silently dropped.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "pypi", "identifier": "acme-weather-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "environmentVariables": [{"name": "WEATHER_API_KEY", "isSecret": true},
    ///                             {"name": "WEATHER_API_KEY", "description": "API key", "isSecret": true}]}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "packages": [{"registryType": "pypi", "identifier": "acme-weather-mcp", "version": "1.0.0",
    ///    "transport": {"type": "stdio"},
    ///    "environmentVariables": [{"name": "WEATHER_API_KEY", "description": "API key", "isSecret": true},
    ///                             {"name": "WEATHER_UNITS", "default": "metric"}]}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`remotes`, `environmentVariables`, `headers`)
    pub(crate) static DUPLICATE_REGISTRY_ENTRY = {
        code: "MCP650",
        name: "duplicate-registry-entry",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Reports repeated remotes, environment variables and headers.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    let remote_urls: Vec<(String, Value<'_>)> = file
        .remotes()
        .filter_map(|r| string(r, "url").map(|(v, u)| (u.trim().to_owned(), v)))
        .filter(|(u, _)| !u.is_empty())
        .collect();
    repeats(&remote_urls, |first, second| {
        report.push(
            DUPLICATE_REGISTRY_ENTRY
                .diagnostic_at(second, "this remote has the same `url` as an earlier one")
                .with_secondary(Label::with_message(first.span(), "first listed here"))
                .with_help("remove the repeated remote, or merge what differs (its type, headers) into one"),
        );
    });
    for package in file.packages() {
        let names = input_names(objects(package, "environmentVariables"), str::to_owned);
        repeats(&names, |first, second| {
            report.push(
                DUPLICATE_REGISTRY_ENTRY
                    .diagnostic_at(
                        second,
                        format!(
                            "{} declares the environment variable `{}` twice",
                            package_name(package),
                            short(&second.as_str().unwrap_or_default(), 60)
                        ),
                    )
                    .with_secondary(Label::with_message(first.span(), "first declared here"))
                    .with_help("keep one declaration, with every property it needs"),
            );
        });
    }
    for transport in file.transports() {
        let names = input_names(objects(transport.value, "headers"), str::to_ascii_lowercase);
        repeats(&names, |first, second| {
            report.push(
                DUPLICATE_REGISTRY_ENTRY
                    .diagnostic_at(
                        second,
                        format!(
                            "{} declares the header `{}` twice (header names ignore case)",
                            transport.subject(),
                            short(&second.as_str().unwrap_or_default(), 60)
                        ),
                    )
                    .with_secondary(Label::with_message(first.span(), "first declared here"))
                    .with_help("keep one declaration, with every property it needs"),
            );
        });
    }
}

/// The `name` string of each input, keyed by `key`, with its value.
fn input_names<'d>(
    inputs: impl Iterator<Item = Value<'d>>,
    key: impl Fn(&str) -> String,
) -> Vec<(String, Value<'d>)> {
    inputs
        .filter_map(|input| string(input, "name").map(|(v, n)| (key(&n), v)))
        .filter(|(n, _)| !n.is_empty())
        .collect()
}

/// Calls `found(first, repeat)` for each entry whose key an earlier entry has.
fn repeats<'d>(entries: &[(String, Value<'d>)], mut found: impl FnMut(Value<'d>, Value<'d>)) {
    let mut first: std::collections::HashMap<&str, Value<'d>> = std::collections::HashMap::new();
    for (key, value) in entries {
        match first.get(key.as_str()) {
            Some(earlier) => found(*earlier, *value),
            None => {
                first.insert(key, *value);
            }
        }
    }
}
