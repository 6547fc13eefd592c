use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::{Value, ValueKind};

use super::{
    Braces, InputKind, Placeholder, ServerJson, inputs, objects, package_name, placeholders, string,
};
use crate::context::short;

declare_rule! {
    /// A `{variable}` in a `server.json` transport URL or input `value` names nothing the format defines for it.
    ///
    /// ## What it checks
    ///
    /// Each `{name}` is filled in by the client from something the entry defines, and what
    /// it may name depends on where it stands:
    ///
    /// - in the `url` of a package's transport: an environment variable of the package
    ///   (`name`), or a runtime or package argument (its `valueHint`, or the `name` of a
    ///   named argument, dashes included: `{--port}`);
    /// - in the `url` of a remote: a key of that remote's `variables`;
    /// - in the `value` of an environment variable, argument or header: a key of that
    ///   input's own `variables`.
    ///
    /// The finding points at the `{name}` itself. In a URL it is an error (the registry
    /// rejects the file); in a `value` a warning, limited to `{identifier}` forms (a
    /// client sends an unknown one as written, braces included, and braces may be meant
    /// literally). `${VAR}` and `{{ x }}` are other syntaxes and are not read here.
    ///
    /// ## Why it matters
    ///
    /// A variable that names nothing is never filled in: the client connects to a URL with
    /// `{port}` in it, or starts the server with a literal `{token}` as its argument.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/crm", "description": "CRM tools.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://{tenant}.crm.example.com/mcp"}]}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/crm", "description": "CRM tools.", "version": "1.0.0",
    ///  "remotes": [{"type": "streamable-http", "url": "https://{tenant}.crm.example.com/mcp",
    ///    "variables": {"tenant": {"description": "Your tenant", "isRequired": true}}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`StreamableHttpTransport.url`, `Input.value`,
    ///   `InputWithVariables.variables`, `RemoteTransport.variables`)
    /// - MCP registry, `generic-server-json.md` ("Remote Server with URL Templating", "Local
    ///   Server with URL Templating")
    pub(crate) static UNDEFINED_TEMPLATE_VARIABLE = {
        code: "MCP646",
        name: "undefined-template-variable",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges the variables of every transport URL and input value.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    for package in file.packages() {
        let Some(transport) = package.get("transport") else {
            continue;
        };
        if string(transport, "type").is_some_and(|(_, t)| t == "stdio") {
            continue; // A stdio transport has no URL to fill in (transport-url-mismatch).
        }
        let Some(url) = transport.get("url") else {
            continue;
        };
        let names = package_names(package);
        for p in placeholders(url, Braces::All) {
            if !names.contains(&p.name) {
                package_url(package, &names, &p, report);
            }
        }
    }
    for remote in file.remotes() {
        let Some(url) = remote.get("url") else {
            continue;
        };
        let names = keys(remote.get("variables"));
        for p in placeholders(url, Braces::All) {
            if !names.contains(&p.name) {
                let help = match close(&names, &p.name) {
                    Some(n) => format!("write `{{{n}}}`, the variable the remote defines"),
                    None => format!(
                        "define it in the remote: `\"variables\": {{\"{}\": {{\"description\": \"...\", \"isRequired\": true}}}}`",
                        short(&p.name, 40)
                    ),
                };
                report.report(
                    &UNDEFINED_TEMPLATE_VARIABLE,
                    p.span,
                    format!(
                        "`{{{}}}` in the remote's `url` is not one of the remote's `variables`: it is never filled in",
                        short(&p.name, 40)
                    ),
                    help,
                );
            }
        }
    }
    for (kind, input) in inputs(file) {
        let Some(value) = input.get("value") else {
            continue;
        };
        let names = keys(input.get("variables"));
        for p in placeholders(value, Braces::Names) {
            if names.contains(&p.name) {
                continue;
            }
            let help = match close(&names, &p.name) {
                Some(n) => format!("write `{{{n}}}`, the variable this input defines"),
                None => format!(
                    "define it in this input's `variables` (`\"{}\": {{\"description\": \"...\"}}`), or remove the braces if they are literal",
                    short(&p.name, 40)
                ),
            };
            report.report_as(
                &UNDEFINED_TEMPLATE_VARIABLE,
                Severity::Warning,
                p.span,
                format!(
                    "`{{{}}}` in the `value` of {} is not one of its `variables`: clients send it as written",
                    short(&p.name, 40),
                    input_name(kind, input)
                ),
                help,
            );
        }
    }
}

/// What a package's transport URL may name: its environment variables, and the value
/// hints and names of its arguments.
fn package_names(package: Value<'_>) -> Vec<String> {
    let mut names = Vec::new();
    for env in objects(package, "environmentVariables") {
        names.extend(string(env, "name").map(|(_, n)| n.into_owned()));
    }
    for key in ["runtimeArguments", "packageArguments"] {
        for argument in objects(package, key) {
            for member in ["name", "valueHint"] {
                names.extend(
                    string(argument, member)
                        .map(|(_, n)| n.into_owned())
                        .filter(|n| !n.is_empty()),
                );
            }
        }
    }
    names
}

fn package_url(package: Value<'_>, names: &[String], p: &Placeholder, report: &mut Reporter<'_>) {
    let flag = names
        .iter()
        .find(|n| n.trim_start_matches('-') == p.name && n.starts_with('-'));
    let help = if let Some(flag) = flag {
        format!("write `{{{flag}}}`: a named argument is referred to by its flag, dashes included")
    } else if let Some(n) = close(names, &p.name) {
        format!("write `{{{n}}}`, as the package names it")
    } else {
        format!(
            "add an environment variable named `{0}` or an argument with `\"valueHint\": \"{0}\"` to the package",
            short(&p.name, 40)
        )
    };
    report.report(
        &UNDEFINED_TEMPLATE_VARIABLE,
        p.span,
        format!(
            "`{{{}}}` in the transport `url` of {} names no argument or environment variable of the package: it is never filled in",
            short(&p.name, 40),
            package_name(package)
        ),
        help,
    );
}

/// The keys of a `variables` object.
fn keys(variables: Option<Value<'_>>) -> Vec<String> {
    variables
        .filter(|v| v.kind() == ValueKind::Object)
        .map(|v| v.members().map(|m| m.key_str().into_owned()).collect())
        .unwrap_or_default()
}

/// A defined name that differs from `name` only in case or in `-` and `_`.
fn close<'n>(names: &'n [String], name: &str) -> Option<&'n str> {
    let fold = |s: &str| s.to_ascii_lowercase().replace('-', "_");
    names
        .iter()
        .find(|n| fold(n) == fold(name))
        .map(String::as_str)
}

/// "environment variable `API_KEY`", "argument `--mount`", "header #2"...
fn input_name(kind: InputKind, input: Value<'_>) -> String {
    let named = string(input, "name")
        .or_else(|| string(input, "valueHint"))
        .filter(|(_, n)| !n.is_empty());
    match named {
        Some((_, n)) => format!("{} `{}`", kind.name(), short(&n, 40)),
        None if kind == InputKind::Header => "a header".to_owned(),
        None => format!("an {}", kind.name()),
    }
}
