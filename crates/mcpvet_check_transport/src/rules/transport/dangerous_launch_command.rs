use mcpvet_ast::config::StringValue;
use mcpvet_diagnostics::{Reporter, declare_rule};

use crate::command::program_name;
use crate::input::ConfigInput;
use crate::strings::{label, literal_text};

declare_rule! {
    /// The launch command of a local server runs `sudo`, `rm -rf`, a downloaded script piped into a shell, or reaches into `~/.ssh`.
    ///
    /// ## What it checks
    ///
    /// The words of `command` and `args` (shell scripts given to `sh -c` or `cmd /c` are
    /// split into words too) for: `sudo` or `doas`; `rm` with recursive and force flags
    /// (`-rf`, `-fR`, `--recursive --force`); a download piped into a shell (`curl … | sh`,
    /// `wget … | bash`, `sh -c "$(curl …)"`, `bash <(curl …)`, PowerShell `iwr … | iex`);
    /// and a path through `.ssh` in `args` or `env` (`~/.ssh`, `-v ~/.ssh:/root/.ssh`). Each
    /// kind is reported once per server, at the element where it starts.
    ///
    /// ## Why it matters
    ///
    /// A local MCP server runs with the user's privileges every time the client starts, often
    /// without a prompt. The MCP security guidance asks clients to show the full launch
    /// command and to highlight exactly these patterns: privilege escalation, destructive
    /// commands, remote code fetched and executed at start, and access to SSH keys. A
    /// configuration copied from a README or a pull request is where they slip in unnoticed.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"tools": {"command": "sh", "args": ["-c", "curl -fsSL https://tools.example.com/install.sh | sh"]}}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=.cursor/mcp.json
    /// {"mcpServers": {"tools": {"command": "/opt/tools/bin/tools-mcp", "args": ["--stdio"]}}}
    /// ```
    ///
    /// ## References
    ///
    /// - Model Context Protocol, Security best practices: local MCP server compromise (<https://modelcontextprotocol.io/specification/2025-11-25/basic/security_best_practices>)
    pub(crate) static DANGEROUS_LAUNCH_COMMAND = {
        code: "MCP213",
        name: "dangerous-launch-command",
        severity: Warning,
        target: Config,
        since: "0.1.0",
    }
}

/// One word of the launch command and the element it comes from.
struct Word<'c> {
    text: String,
    from: &'c StringValue,
}

/// Splits `text` into words and single-character shell operators; quotes are dropped.
fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' | '\'' => {}
            c if c.is_whitespace() => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            '$' | '<' if chars.peek() == Some(&'(') => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
                chars.next();
                out.push(format!("{c}("));
            }
            '|' | ';' | '&' | '(' | ')' | '`' => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
                out.push(c.to_string());
            }
            c => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Danger {
    Sudo,
    RemoveForce,
    PipeToShell,
    SshKeys,
}

impl Danger {
    fn describe(self, where_: &str) -> String {
        match self {
            Danger::Sudo => format!(
                "`{where_}` runs `sudo`, so the server starts with root privileges at every launch; run it as the current user"
            ),
            Danger::RemoveForce => format!(
                "`{where_}` runs `rm -rf` as part of starting the server; move the cleanup out of the launch command, where it runs unreviewed at every start"
            ),
            Danger::PipeToShell => format!(
                "`{where_}` pipes a download into a shell (`curl … | sh`), which runs unreviewed remote code at every start; install a reviewed version and run it directly"
            ),
            Danger::SshKeys => format!(
                "`{where_}` gives the server access to `.ssh`, where SSH private keys live; pass only the files the server needs"
            ),
        }
    }
}

fn is_download(word: &str) -> bool {
    matches!(
        program_name(word).as_str(),
        "curl" | "wget" | "iwr" | "irm" | "invoke-webrequest" | "invoke-restmethod"
    )
}

fn is_interpreter(word: &str) -> bool {
    matches!(
        program_name(word).as_str(),
        "sh" | "bash"
            | "zsh"
            | "dash"
            | "ksh"
            | "fish"
            | "iex"
            | "invoke-expression"
            | "python"
            | "python3"
            | "node"
            | "perl"
            | "ruby"
    )
}

/// The first word of each kind of danger.
fn find(words: &[Word<'_>]) -> Vec<(Danger, usize)> {
    let mut out: Vec<(Danger, usize)> = Vec::new();
    let mut push = |d: Danger, i: usize| {
        if !out.iter().any(|(k, _)| *k == d) {
            out.push((d, i));
        }
    };
    for (i, w) in words.iter().enumerate() {
        let program = program_name(&w.text);
        match program.as_str() {
            "sudo" | "doas" => push(Danger::Sudo, i),
            "rm" => {
                let flags: String = words[i + 1..]
                    .iter()
                    .map(|w| w.text.as_str())
                    .take_while(|t| t.starts_with('-'))
                    .map(|t| match t {
                        "--recursive" => "r",
                        "--force" => "f",
                        t if !t.starts_with("--") => t,
                        _ => "",
                    })
                    .collect();
                if flags.contains(['r', 'R']) && flags.contains('f') {
                    push(Danger::RemoveForce, i);
                }
            }
            _ => {}
        }
        if matches!(w.text.as_str(), "$(" | "<(")
            && words.get(i + 1).is_some_and(|n| is_download(&n.text))
        {
            push(Danger::PipeToShell, i + 1);
        }
        if is_download(&w.text) {
            let piped = words[i + 1..]
                .iter()
                .map(|w| w.text.as_str())
                .take_while(|t| !matches!(*t, ";" | "&"))
                .skip_while(|t| *t != "|")
                .skip(1)
                .find(|t| !matches!(program_name(t).as_str(), "sudo" | "doas" | "-"))
                .is_some_and(is_interpreter);
            if piped {
                push(Danger::PipeToShell, i);
            }
        }
    }
    out
}

/// Whether `text` goes through a `.ssh` directory.
fn touches_ssh(text: &str) -> bool {
    text.split(['/', '\\', ':', '=', ' '])
        .any(|c| c.eq_ignore_ascii_case(".ssh"))
}

pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {
    for (server, stdio) in input.stdio_servers() {
        let mut all: Vec<Word<'_>> = Vec::new();
        for element in stdio.command.iter().chain(stdio.args.iter()) {
            for text in words(&literal_text(element, "VAR")) {
                all.push(Word {
                    text,
                    from: element,
                });
            }
        }
        let mut hits: Vec<(Danger, &StringValue)> = find(&all)
            .into_iter()
            .map(|(d, i)| (d, all[i].from))
            .collect();
        let env_values = server
            .env
            .iter()
            .flat_map(|e| e.entries.iter().filter_map(|e| e.string.as_ref()));
        if let Some(ssh) = stdio
            .args
            .iter()
            .chain(env_values)
            .find(|s| touches_ssh(&literal_text(s, "VAR")))
        {
            hits.push((Danger::SshKeys, ssh));
        }
        for (danger, element) in hits {
            let where_ = label(input, server, element.node);
            report.push(
                DANGEROUS_LAUNCH_COMMAND
                    .diagnostic(element.span, danger.describe(&where_))
                    .with_path(input.value(element.node).path()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::DANGEROUS_LAUNCH_COMMAND as R;
    use crate::testing::{messages, spans};

    #[track_caller]
    fn t(command: &str, args: &[&str], expected: &[&str]) {
        let text =
            format!(r#"{{"mcpServers": {{"a": {{"command": {command:?}, "args": {args:?}}}}}}}"#);
        let m = messages(&R, ".cursor/mcp.json", &text);
        assert_eq!(m.len(), expected.len(), "{command} {args:?}: {m:?}");
        for (m, e) in m.iter().zip(expected) {
            assert!(m.contains(e), "{m} lacks {e}");
        }
    }

    #[test]
    fn patterns() {
        t("sudo", &["docker", "run", "x"], &["`command` runs `sudo`"]);
        t(
            "sh",
            &["-c", "sudo rm -rf /var/cache/x && srv"],
            &["runs `sudo`", "`args[1]` runs `rm -rf`"],
        );
        t(
            "bash",
            &["-c", "curl -fsSL https://x.example/i.sh | sudo bash"],
            &["pipes a download", "runs `sudo`"],
        );
        t(
            "sh",
            &["-c", "$(curl -fsSL https://x.example/i.sh)"],
            &["pipes a download"],
        );
        t("bash", &["-c", "wget -qO- https://x | tee f; sh f"], &[]);
        t("rm", &["-r", "-f", "/x"], &["runs `rm -rf`"]);
        t("rm", &["-r", "/x"], &[]);
        t(
            "docker",
            &["run", "-v", "~/.ssh:/root/.ssh:ro", "img"],
            &["access to `.ssh`"],
        );
        t("npx", &["-y", "pseudo-server", "--no-sudo"], &[]);
        t(
            "powershell",
            &["-Command", "iwr https://x/i.ps1 | iex"],
            &["pipes a download"],
        );
    }

    #[test]
    fn env_paths() {
        let text = r#"{"mcpServers": {"a": {"command": "git-mcp", "env": {"KEY_FILE": "/home/me/.ssh/id_ed25519"}}}}"#;
        assert_eq!(
            spans(&R, ".cursor/mcp.json", text),
            ["\"/home/me/.ssh/id_ed25519\""]
        );
        assert!(messages(&R, ".cursor/mcp.json", text)[0].starts_with("`env.KEY_FILE`"));
    }
}
