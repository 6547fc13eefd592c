use std::fmt::Write as _;

use mcpvet_ast::config::{ConfigFile, Dialect, Format, Server, Stdio, StringValue};
use mcpvet_diagnostics::{Applicability, Edit, Fix, Reporter, declare_rule};
use mcpvet_json::ValueKind;

use super::shell_metacharacters_in_command::first_metacharacter;
use crate::command::is_windows_absolute;
use crate::input::ConfigInput;
use crate::strings::literal_text;

declare_rule! {
    /// A `command` string holds the program and its arguments (`"uv run server"`) instead of putting the arguments in `args`.
    ///
    /// ## What it checks
    ///
    /// A `command` with whitespace that separates a program from arguments: no path separator
    /// at all (`uv run python`), whitespace after the program's last path component
    /// (`/usr/bin/python3 -m server`), or a later word that starts like an argument (`-`,
    /// `/`, `~`, `.`, `$`, a drive letter). A path whose directories contain spaces
    /// (`C:\Program Files\nodejs\node.exe`, `~/Library/Application Support/x/bin`) is not
    /// reported. Commands with shell operators are left to `shell-metacharacters-in-command`
    /// (MCP208). A fix moves the arguments to the front of `args` (quoted words follow POSIX
    /// shell rules, a path keeps its spaces); it is marked safe only for plain words without
    /// quotes or backslashes, and none is offered when the command holds a reference. In an
    /// opencode file, whose `command` is an array, the first element is judged the same way
    /// (a `command` string there is already `wrong-type`, MCP011).
    ///
    /// ## Why it matters
    ///
    /// Clients start `command` as one executable name with `args` as its argument vector,
    /// without a shell: `"uv run python"` is looked up as a program literally named
    /// `uv run python` and fails with `spawn uv run python ENOENT`. Some clients happen to
    /// split it, so the same file works in one client and not in another.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"weather": {"command": "uv run python", "args": ["weather_server.py"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"weather": {"command": "uv", "args": ["run", "python", "weather_server.py"]},
    ///   "snyk": {"command": "/Applications/Snyk Tools/bin/snyk", "args": ["mcp"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, connecting local servers: `command` and `args` (<https://modelcontextprotocol.io/docs/develop/connect-local-servers>)
    /// - Node.js `child_process.spawn(command, args)` (<https://nodejs.org/api/child_process.html>)
    pub(crate) static ARGUMENTS_IN_COMMAND = {
        code: "MCP209",
        name: "arguments-in-command",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// Whether a word after the program reads as an argument rather than the rest of a path.
fn argument_like(word: &str) -> bool {
    word.starts_with(['-', '/', '~', '.', '\\', '$', '%', '"', '\'']) || is_windows_absolute(word)
}

/// The byte offset where the program of `t` (trimmed, not quoted) ends: the first whitespace
/// after its last path component, or before the first word that reads as an argument, so
/// `/Applications/My App.app/x --stdio` keeps its space.
fn program_end(t: &str) -> Option<usize> {
    let Some(last_sep) = t.rfind(['/', '\\']) else {
        return t.find(char::is_whitespace);
    };
    let after_last = t[last_sep..]
        .find(char::is_whitespace)
        .map(|i| last_sep + i);
    let mut first_argument = None;
    let mut previous_space = false;
    for (i, c) in t.char_indices() {
        if c.is_whitespace() {
            previous_space = true;
            continue;
        }
        if previous_space && argument_like(&t[i..]) {
            first_argument = Some(t[..i].trim_end().len());
            break;
        }
        previous_space = false;
    }
    match (after_last, first_argument) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The program and its arguments; `None` when the split is not clear (quoted Windows paths,
/// unbalanced quotes).
fn split_command(command: &str) -> Option<Vec<String>> {
    let t = command.trim();
    // Backslashes are escapes in POSIX shell words but separators in Windows paths.
    let windows = t.contains('\\');
    if t.starts_with(['"', '\'']) {
        return if windows {
            None
        } else {
            shell_words::split(t).ok()
        };
    }
    let end = program_end(t)?;
    let rest = &t[end..];
    let mut words = vec![t[..end].to_owned()];
    if windows {
        if rest.contains(['"', '\'']) {
            return None;
        }
        words.extend(rest.split_whitespace().map(str::to_owned));
    } else {
        words.extend(shell_words::split(rest).ok()?);
    }
    Some(words)
}

/// Whether `text` (a command with references masked) is a program followed by arguments.
fn holds_arguments(text: &str) -> bool {
    let t = text.trim();
    if !t.contains(char::is_whitespace) {
        return false;
    }
    if let Some(quote) = t.chars().next().filter(|c| matches!(c, '"' | '\'')) {
        // `"C:\Program Files\node.exe" server.js`: anything after the closing quote.
        return t[1..]
            .find(quote)
            .is_some_and(|end| !t[end + 2..].trim().is_empty());
    }
    let Some(last_sep) = t.rfind(['/', '\\']) else {
        return true;
    };
    if t[last_sep..].contains(char::is_whitespace) {
        return true;
    }
    t.split_whitespace().skip(1).any(argument_like)
}

/// A JSON string literal for `s`.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Whether a word may carry a credential (then the suggested split is not echoed).
fn sensitive(word: &str) -> bool {
    let w = word.to_ascii_lowercase();
    ["token", "key", "secret", "passw", "auth", "bearer"]
        .iter()
        .any(|k| w.contains(k))
}

/// The edits that move the arguments of `command` into `args`, when that is mechanical.
fn split_fix(
    config: &ConfigFile<'_>,
    server: &Server,
    stdio: &Stdio,
    command: &StringValue,
    words: &[String],
) -> Option<Fix> {
    let source = config.document().text();
    let written = source.get(command.span.range())?;
    if command.has_refs() || written != json_string(&command.value) {
        return None;
    }
    // Only the plain `command` member (not Zed's `command.path`).
    if server.member("command").map(|m| m.value) != Some(command.node) {
        return None;
    }
    let (first, rest) = words.split_first()?;
    let rest_json: Vec<String> = rest.iter().map(|w| json_string(w)).collect();
    let mut edits = vec![Edit::new(command.span, json_string(first))];
    match stdio.args_node.map(|n| config.value(n)) {
        Some(args) if args.kind() == ValueKind::Array => {
            let sep = if args.is_empty() { "" } else { ", " };
            edits.push(Edit::new(
                args.span().before().shift(1),
                format!("{}{sep}", rest_json.join(", ")),
            ));
        }
        Some(_) => return None,
        None => edits.push(Edit::new(
            command.span.after(),
            format!(", \"args\": [{}]", rest_json.join(", ")),
        )),
    }
    // Safe when the split is the obvious one: plain words, no quoting, no Windows path.
    let plain = !command.value.contains(['\\', '"', '\''])
        && command
            .value
            .split_whitespace()
            .eq(words.iter().map(String::as_str));
    let applicability = if plain {
        Applicability::Safe
    } else {
        Applicability::Unsafe
    };
    edits.sort_by_key(|e| e.span().start);
    Some(Fix::new(
        format!("set `command` to `{first}` and move the rest to `args`"),
        edits,
        applicability,
    ))
}

/// How the file writes a member: `"k": v` (JSON), `k = v` (TOML), `k: v` (YAML).
#[derive(Clone, Copy)]
enum Assign {
    Json,
    Toml,
    Yaml,
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for (server, stdio) in input.stdio_servers() {
        let Some(command) = &stdio.command else {
            continue;
        };
        if first_metacharacter(command).is_some() {
            continue;
        }
        let opencode = input.dialect == Dialect::OpenCode;
        // opencode's `command` written as a string is already `wrong-type`.
        if opencode && server.member("command").map(|m| m.value) == Some(command.node) {
            continue;
        }
        let masked = literal_text(command, "VAR");
        if !holds_arguments(&masked) {
            continue;
        }
        let words = split_command(&command.value).filter(|w| w.len() >= 2);
        if opencode {
            let help = match &words {
                Some(words) if !words.iter().any(|w| sensitive(w)) => {
                    let quoted: Vec<String> = words.iter().map(|w| json_string(w)).collect();
                    format!(
                        "write each word as its own element: `[{}, …]`",
                        quoted.join(", ")
                    )
                }
                _ => "write the program and each argument as separate elements of `command`"
                    .to_owned(),
            };
            report.push(
                ARGUMENTS_IN_COMMAND
                    .diagnostic(
                        command.span,
                        "the first element of `command` holds a program and its arguments, but opencode runs it as one program name; split it into separate elements",
                    )
                    .with_path(input.value(command.node).path())
                    .with_help(help),
            );
            continue;
        }
        // The key of the program and how a member is written in the file's own syntax.
        let key = if input.dialect == Dialect::Goose {
            "cmd"
        } else {
            "command"
        };
        let assign = match input.format {
            Format::Toml => Assign::Toml,
            Format::Yaml => Assign::Yaml,
            Format::Json => Assign::Json,
        };
        let help = match &words {
            Some(words) if !words.iter().any(|w| sensitive(w)) => {
                let quoted: Vec<String> = words[1..].iter().map(|w| json_string(w)).collect();
                let args = format!(
                    "[{}{}]",
                    quoted.join(", "),
                    if stdio.args.is_empty() { "" } else { ", …" }
                );
                let program = json_string(&words[0]);
                match assign {
                    Assign::Json => {
                        format!("write `\"{key}\": {program}, \"args\": {args}`")
                    }
                    Assign::Toml => format!("write `{key} = {program}` and `args = {args}`"),
                    Assign::Yaml => format!("write `{key}: {program}` and `args: {args}`"),
                }
            }
            Some(words) => format!(
                "keep `{}` in `{key}` and move the {} words after it to the front of `args`",
                words[0],
                words.len() - 1
            ),
            None => format!("keep the program in `{key}` and move each argument to `args`"),
        };
        let mut d = ARGUMENTS_IN_COMMAND
            .diagnostic(
                command.span,
                format!("`{key}` holds a program and its arguments, but clients run `{key}` as one program name; move the arguments to `args`"),
            )
            .with_path(input.value(command.node).path())
            .with_help(help);
        if let Some(fix) = words
            .as_deref()
            .and_then(|w| split_fix(input, server, stdio, command, w))
        {
            d = d.with_fix(fix);
        }
        report.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::{ARGUMENTS_IN_COMMAND as R, holds_arguments, split_command};
    use crate::testing::run;
    use mcpvet_diagnostics::{Applicability, Diagnostic};

    #[test]
    fn detection() {
        for yes in [
            "uv run python",
            "/usr/bin/python3 -m server",
            "/usr/bin/python3 /srv/server.py",
            "node ./server.js",
            "\"C:\\Program Files\\nodejs\\node.exe\" server.js",
            "docker run -i --rm image",
            "C:\\tools\\srv.exe C:\\data",
        ] {
            assert!(holds_arguments(yes), "{yes}");
        }
        for no in [
            "npx",
            "C:\\Program Files\\nodejs\\node.exe",
            "~/Library/Application Support/snyk/vscode-cli/snyk-macos-arm64",
            "/Applications/My App.app/Contents/MacOS/server",
            "\"C:\\Program Files\\nodejs\\node.exe\"",
            "  uv  ",
        ] {
            assert!(!holds_arguments(no), "{no}");
        }
    }

    fn apply(text: &str, d: &Diagnostic) -> String {
        let mut out = text.to_owned();
        for e in d.fix().unwrap().edits().iter().rev() {
            out.replace_range(e.span().range(), e.replacement());
        }
        out
    }

    #[test]
    fn fixes() {
        let text = r#"{"mcpServers": {"w": {"command": "uv run python", "args": ["w.py"]}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].fix().unwrap().applicability(), Applicability::Safe);
        assert_eq!(
            apply(text, &found[0]),
            r#"{"mcpServers": {"w": {"command": "uv", "args": ["run", "python", "w.py"]}}}"#
        );
        assert_eq!(
            found[0].help(),
            Some(r#"write `"command": "uv", "args": ["run", "python", …]`"#)
        );
        let text = r#"{"mcpServers": {"w": {"command": "node 'my server.js'"}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        assert_eq!(
            found[0].fix().unwrap().applicability(),
            Applicability::Unsafe
        );
        assert_eq!(
            apply(text, &found[0]),
            r#"{"mcpServers": {"w": {"command": "node", "args": ["my server.js"]}}}"#
        );
        let text = r#"{"mcpServers": {"w": {"command": "srv --token abc", "args": []}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        assert!(!found[0].help().unwrap().contains("abc"));
        assert_eq!(
            apply(text, &found[0]),
            r#"{"mcpServers": {"w": {"command": "srv", "args": ["--token", "abc"]}}}"#
        );
    }

    #[test]
    fn splits_keep_spaces_inside_paths() {
        assert_eq!(
            split_command("/Applications/My App.app/Contents/MacOS/server --stdio").unwrap(),
            ["/Applications/My App.app/Contents/MacOS/server", "--stdio"]
        );
        assert_eq!(
            split_command("C:\\Program Files\\nodejs\\node.exe C:\\srv\\index.js").unwrap(),
            ["C:\\Program Files\\nodejs\\node.exe", "C:\\srv\\index.js"]
        );
        assert_eq!(
            split_command("/usr/bin/python3 /srv/server.py").unwrap(),
            ["/usr/bin/python3", "/srv/server.py"]
        );
        assert_eq!(split_command("\"C:\\x y\\n.exe\" a"), None);
        assert_eq!(split_command("node 'a b.js'").unwrap(), ["node", "a b.js"]);
    }

    #[test]
    fn windows_fixes_need_review_and_pipelines_are_left_alone() {
        let text = r#"{"mcpServers": {"w": {"command": "C:\\Program Files\\srv.exe --stdio"}}}"#;
        let found = run(&R, ".cursor/mcp.json", text);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].fix().unwrap().applicability(),
            Applicability::Unsafe
        );
        assert_eq!(
            apply(text, &found[0]),
            r#"{"mcpServers": {"w": {"command": "C:\\Program Files\\srv.exe", "args": ["--stdio"]}}}"#
        );
        let text = r#"{"mcpServers": {"w": {"command": "node a.js | tee log"}}}"#;
        assert!(run(&R, ".cursor/mcp.json", text).is_empty());
    }
}
