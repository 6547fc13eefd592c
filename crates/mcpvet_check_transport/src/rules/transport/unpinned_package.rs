use mcpvet_ast::config::StringValue;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::command::program_name;
use crate::input::ConfigInput;
use crate::strings::label;

declare_rule! {
    /// A package runner starts a server package at `@latest`, so a different release may run at every start.
    ///
    /// ## What it checks
    ///
    /// The package that `npx`, `pnpx`, `bunx`, `uvx`, `npm exec`, `pnpm dlx`, `yarn dlx`,
    /// `bun x` or `uv tool run` starts (the first positional argument, or the value of
    /// `-p`/`--package`, uvx's `--from` and `--with`), also behind `cmd /c`: reported when
    /// its version is the `latest` tag (`@playwright/mcp@latest`). A package without any
    /// version is not reported: npx then reuses what it has cached, while `@latest` asks the
    /// registry every time.
    ///
    /// ## Why it matters
    ///
    /// The server's code, and the tool descriptions it gives the model, change whenever a
    /// new release is published: a compromised or broken release reaches every machine at
    /// its next start, and a tool can change behaviour between two sessions without any
    /// change to the configuration ("rug pull"). Pinning an exact version makes upgrades a
    /// reviewed change. It is info: `@latest` is sometimes a deliberate choice.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"playwright": {"command": "npx", "args": ["-y", "@playwright/mcp@latest"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"playwright": {"command": "npx", "args": ["-y", "@playwright/mcp@0.0.41"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, Security best practices: local MCP server compromise (<https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices>)
    /// - npm `npx`: package resolution (<https://docs.npmjs.com/cli/commands/npx>)
    pub(crate) static UNPINNED_PACKAGE = {
        code: "MCP212",
        name: "unpinned-package",
        severity: Info,
        target: Config,
        since: "0.1.0",
    }
}

/// The arguments that start a package runner's own options, after unwrapping `cmd /c`.
fn runner_args<'a>(command: &str, args: &'a [StringValue]) -> Option<(String, &'a [StringValue])> {
    let mut program = program_name(command);
    let mut args = args;
    if program == "cmd"
        && args
            .first()
            .is_some_and(|a| a.value.eq_ignore_ascii_case("/c"))
    {
        program = program_name(&args.get(1)?.value);
        args = &args[2..];
    }
    let first = args.first().map(|a| a.value.as_str());
    let skip = match (program.as_str(), first) {
        ("npx" | "pnpx" | "bunx" | "uvx", _) => 0,
        ("npm", Some("exec" | "x")) | ("pnpm" | "yarn", Some("dlx")) | ("bun", Some("x")) => 1,
        ("uv", Some("tool")) if args.get(1).is_some_and(|a| a.value == "run") => 2,
        _ => return None,
    };
    Some((program, &args[skip..]))
}

/// The arguments naming packages: values of package options, then the first positional.
fn packages<'a>(program: &str, args: &'a [StringValue]) -> Vec<&'a StringValue> {
    let uv = matches!(program, "uvx" | "uv");
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].value.as_str();
        let package_option = if uv {
            matches!(a, "--from" | "--with")
        } else {
            matches!(a, "-p" | "--package")
        };
        let value_option = if uv {
            matches!(a, "-p" | "--python" | "--index" | "--index-url")
        } else {
            matches!(a, "-c" | "--call" | "--registry")
        };
        if package_option {
            if let Some(v) = args.get(i + 1) {
                out.push(v);
            }
            i += 2;
        } else if value_option {
            i += 2;
        } else if let Some((flag, _)) = a.split_once('=')
            && flag.starts_with('-')
        {
            let is_package = if uv {
                matches!(flag, "--from" | "--with")
            } else {
                flag == "--package"
            };
            if is_package {
                out.push(&args[i]);
            }
            i += 1;
        } else if a == "--" {
            if let Some(v) = args.get(i + 1) {
                out.push(v);
            }
            break;
        } else if a.starts_with('-') {
            i += 1;
        } else {
            out.push(&args[i]);
            break;
        }
    }
    out
}

/// The package spec of an argument (`--package=x@1` gives `x@1`) and its version tag.
fn version_of(arg: &str) -> Option<(&str, &str)> {
    let spec = match arg.split_once('=') {
        Some((flag, value)) if flag.starts_with('-') => value,
        _ => arg,
    };
    let at = spec.rfind('@').filter(|&i| i > 0)?;
    Some((spec, &spec[at + 1..]))
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for (server, stdio) in input.stdio_servers() {
        let Some(command) = &stdio.command else {
            continue;
        };
        let Some((program, args)) = runner_args(&command.value, &stdio.args) else {
            continue;
        };
        for package in packages(&program, args) {
            let Some((spec, version)) = version_of(&package.value) else {
                continue;
            };
            if !version.eq_ignore_ascii_case("latest") {
                continue;
            }
            let name = &spec[..spec.len() - version.len() - 1];
            let where_ = label(input, server, package.node);
            report.push(
                UNPINNED_PACKAGE
                    .diagnostic(
                        package.span,
                        format!(
                            "`{where_}` runs `{spec}`, so `{program}` fetches whatever release is newest at every start; pin an exact version such as `{name}@<version>`"
                        ),
                    )
                    .with_path(input.value(package.node).path()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::UNPINNED_PACKAGE as R;
    use crate::testing::{messages, spans};

    #[track_caller]
    fn t(command: &str, args: &[&str], flagged: Option<&str>) {
        let text =
            format!(r#"{{"mcpServers": {{"a": {{"command": {command:?}, "args": {args:?}}}}}}}"#);
        let found = spans(&R, ".cursor/mcp.json", &text);
        match flagged {
            None => assert!(found.is_empty(), "{command} {args:?}: {found:?}"),
            Some(f) => assert_eq!(found, [format!("{f:?}")], "{command} {args:?}"),
        }
    }

    #[test]
    fn runners() {
        t(
            "npx",
            &["-y", "@playwright/mcp@latest", "--x"],
            Some("@playwright/mcp@latest"),
        );
        t("npx", &["@eslint/mcp@latest"], Some("@eslint/mcp@latest"));
        t("npx", &["-y", "@playwright/mcp@0.0.41"], None);
        t("npx", &["-y", "@upstash/context7-mcp"], None);
        t("npx", &["-y", "x", "other@latest"], None);
        t("npx", &["-p", "pkg@latest", "bin"], Some("pkg@latest"));
        t(
            "npx",
            &["--package=pkg@latest", "bin"],
            Some("--package=pkg@latest"),
        );
        t(
            "uvx",
            &["--python", "3.12", "mcp-server-fetch@latest"],
            Some("mcp-server-fetch@latest"),
        );
        t("uvx", &["--from", "pkg@latest", "tool"], Some("pkg@latest"));
        t("pnpm", &["dlx", "pkg@latest"], Some("pkg@latest"));
        t("npm", &["run", "start@latest"], None);
        t(
            "cmd",
            &["/c", "npx", "-y", "pkg@latest"],
            Some("pkg@latest"),
        );
        t("C:\\nodejs\\npx.cmd", &["pkg@LATEST"], Some("pkg@LATEST"));
        t("docker", &["run", "image:latest"], None);
    }

    #[test]
    fn message() {
        let text = r#"{"mcpServers": {"a": {"command": "npx", "args": ["-y", "@playwright/mcp@latest"]}}}"#;
        assert_eq!(
            messages(&R, ".cursor/mcp.json", text),
            [
                "`args[1]` runs `@playwright/mcp@latest`, so `npx` fetches whatever release is newest at every start; pin an exact version such as `@playwright/mcp@<version>`"
            ]
        );
    }
}
