//! Which variable-reference syntaxes each client expands, and where: the per-client table
//! the transport and secret rules ask before calling a `${VAR}` literal text.
//!
//! The lexer of references (every syntax, with spans) is [`crate::vars`]; this table is
//! about clients, so it lives with the dialects.
use crate::vars::{VarRef, VarSyntax};

use super::Dialect;

/// Predefined variables Cursor documents.
const CURSOR_PREDEFINED: [&str; 5] = [
    "workspaceFolder",
    "workspaceFolderBasename",
    "userHome",
    "pathSeparator",
    "/",
];

/// The variables an MCPB client substitutes in a manifest's `server.mcp_config` besides
/// `${user_config.KEY}`: `${__dirname}` (the extension's folder), `${HOME}`, `${DESKTOP}`,
/// `${DOCUMENTS}`, `${DOWNLOADS}`, and the path separator as `${pathSeparator}` or `${/}`.
/// The first five are read as [`VarSyntax::Braced`], the last two as
/// [`VarSyntax::Predefined`].
pub const MCPB_VARIABLES: [&str; 7] = [
    "__dirname",
    "HOME",
    "DESKTOP",
    "DOCUMENTS",
    "DOWNLOADS",
    "pathSeparator",
    "/",
];

/// The variables Claude Code sets for a plugin's files (`.mcp.json` at a plugin's root,
/// `mcpServers` in its `plugin.json`) and substitutes wherever they appear, `cwd` included:
/// `${CLAUDE_PLUGIN_ROOT}` (the plugin's folder) and `${CLAUDE_PLUGIN_DATA}` (its persistent
/// data folder, since 2.1.78).
pub const CLAUDE_CODE_PLUGIN_VARIABLES: [&str; 2] = ["CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"];

/// Whether a client expands a reference syntax.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expansion {
    /// The client replaces the reference (when the variable is defined).
    Expanded,
    /// The client sends the text as written (documented, or the syntax belongs to another
    /// tool). A shell started by the command may still expand it: see
    /// [`VarSyntax::shell_expandable`](crate::vars::VarSyntax::shell_expandable).
    Literal,
    /// Not documented either way; checks should stay silent.
    Unknown,
}

/// Whether `dialect` expands `reference`, anywhere in a server entry.
///
/// The table follows the client documentation (reference notes §A.1 and §A.3):
///
/// | syntax | expanded by |
/// |---|---|
/// | `${VAR}` | Claude Code, Copilot CLI, Gemini CLI, Kiro (unknown: Zed, Amazon Q, Visual Studio, Junie, LM Studio) |
/// | `${VAR:-default}` | Claude Code, Copilot CLI |
/// | `$VAR` | Gemini CLI |
/// | `${env:VAR}` | VS Code, Cursor, Windsurf, Cline, Roo Code |
/// | `${input:id}` | VS Code, Visual Studio |
/// | predefined (`${workspaceFolder}`...) | VS Code; Cursor (its documented subset); Roo Code (`workspaceFolder`) |
/// | `${file:/p}` | Windsurf |
/// | `${config:x}`, `${command:x}` | VS Code |
/// | `{env:X}`, `{file:p}` | opencode |
/// | `${user_config.KEY}` | MCPB manifests |
/// | `${__dirname}`, `${HOME}`, `${DESKTOP}`, `${DOCUMENTS}`, `${DOWNLOADS}`, `${pathSeparator}`, `${/}` | MCPB manifests (no other `${VAR}`: see [`MCPB_VARIABLES`]) |
/// | `${{ secrets.X }}`, `${{ inputs.X }}` | Continue (the whole text of a block or `config.yaml`) |
/// | `${VAR}`, `$VAR` in `headers` | Goose (from the extension's `envs` and `env_keys`) |
/// | `{{ x }}` | none of the supported dialects |
/// | `%VAR%` | none (only `cmd /c`) |
///
/// Continue renders `${{ secrets.NAME }}` (from its `.env` files, the hub or the environment)
/// and, in a block, `${{ inputs.NAME }}` (from the `with:` of the `uses:` that includes it);
/// it converts a `${VAR}` in the `env` of a JSON server file to `${{ secrets.VAR }}` but
/// reads YAML as written, so `${VAR}` in `env` is [`Expansion::Unknown`] and literal
/// elsewhere. Goose substitutes `${VAR}` and `$VAR` in the headers of a `streamable_http`
/// extension, with the values of its `envs` and `env_keys`, and nothing else.
///
/// Windsurf expands only `${env:VAR}` and `${file:/path}`, and Roo Code only `${env:VAR}` and
/// `${workspaceFolder}`: a bare `${VAR}` or another editor variable is sent literally there.
///
/// [`Dialect::Generic`] and [`Dialect::SingleServer`] answer [`Expansion::Unknown`] for every
/// syntax: the client is not known.
pub fn expansion(dialect: Dialect, reference: &VarRef) -> Expansion {
    use Expansion::{Expanded, Literal, Unknown};
    if dialect == Dialect::Mcpb {
        // MCPB replaces exactly its own names, whatever the syntax they parse as.
        return match reference.syntax {
            VarSyntax::UserConfig => Expanded,
            VarSyntax::Braced | VarSyntax::Predefined
                if MCPB_VARIABLES.contains(&reference.name.as_str()) =>
            {
                Expanded
            }
            _ => Literal,
        };
    }
    if reference.syntax != VarSyntax::Predefined {
        return syntax_expansion(dialect, reference.syntax);
    }
    let name = reference.name.as_str();
    let base = name.split(':').next().unwrap_or(name);
    match dialect {
        Dialect::VsCode => Expanded,
        Dialect::Cursor if CURSOR_PREDEFINED.contains(&name) => Expanded,
        Dialect::Cursor => Unknown,
        Dialect::Roo if name == "workspaceFolder" => Expanded,
        Dialect::Roo => Literal,
        _ if base.is_empty() => Unknown,
        _ => syntax_expansion(dialect, VarSyntax::Predefined),
    }
}

/// Whether `dialect` expands `reference` inside the server member `field` (`env`, `args`,
/// `headers`, `url`, `command`, `cwd`...).
///
/// Claude Code expands `${VAR}` only in `command`, `args`, `env`, `url` and `headers` (its
/// plugin variables, [`CLAUDE_CODE_PLUGIN_VARIABLES`], everywhere; another `${VAR}` in `cwd`
/// is not documented either way); Copilot CLI documents `${VAR}` in `command`, `args`, `env`
/// and header values; Gemini CLI and Kiro document expansion in `env` only (elsewhere the
/// answer is [`Expansion::Unknown`]). Other dialects expand the same way in every field.
pub fn expansion_in(dialect: Dialect, reference: &VarRef, field: &str) -> Expansion {
    let base = expansion(dialect, reference);
    if dialect == Dialect::Continue && reference.syntax == VarSyntax::Braced {
        return if field == "env" {
            Expansion::Unknown
        } else {
            Expansion::Literal
        };
    }
    if base != Expansion::Expanded {
        return base;
    }
    match (dialect, reference.syntax) {
        (Dialect::ClaudeCode, VarSyntax::Braced)
            if CLAUDE_CODE_PLUGIN_VARIABLES.contains(&reference.name.as_str()) =>
        {
            Expansion::Expanded
        }
        (Dialect::ClaudeCode, VarSyntax::Braced | VarSyntax::BracedDefault) => {
            if matches!(field, "command" | "args" | "env" | "url" | "headers") {
                Expansion::Expanded
            } else if field == "cwd" {
                Expansion::Unknown
            } else {
                Expansion::Literal
            }
        }
        (Dialect::CopilotCli, _) if !matches!(field, "command" | "args" | "env" | "headers") => {
            Expansion::Unknown
        }
        (Dialect::Gemini | Dialect::Kiro, _) if field != "env" => Expansion::Unknown,
        (Dialect::Goose, VarSyntax::Braced | VarSyntax::Dollar) if field != "headers" => {
            Expansion::Literal
        }
        _ => base,
    }
}

/// The expansion table by syntax (predefined variables, and the names MCPB expands: see
/// [`expansion`]).
pub fn syntax_expansion(dialect: Dialect, syntax: VarSyntax) -> Expansion {
    use Expansion::{Expanded, Literal, Unknown};
    use VarSyntax as S;
    if dialect == Dialect::Mcpb {
        return match syntax {
            S::UserConfig | S::Braced | S::Predefined => Expanded,
            _ => Literal,
        };
    }
    // opencode substitutes `{env:X}` and `{file:p}` in the text of the whole file, and
    // nothing else (`${env:X}` becomes `$` and the value).
    if dialect == Dialect::OpenCode {
        return match syntax {
            S::BraceEnv | S::BraceFile => Expanded,
            _ => Literal,
        };
    }
    // Continue renders its `${{ ... }}` templates and nothing else (see [`expansion_in`] for
    // `${VAR}` in a JSON file's `env`).
    if dialect == Dialect::Continue {
        return match syntax {
            S::Actions => Expanded,
            S::Braced => Unknown,
            _ => Literal,
        };
    }
    // Syntaxes of tools that are not supported dialects: sent literally by every client.
    if matches!(
        syntax,
        S::Actions | S::BraceEnv | S::BraceFile | S::Template | S::Percent | S::UserConfig
    ) {
        return if matches!(dialect, Dialect::Generic | Dialect::SingleServer) {
            Unknown
        } else {
            Literal
        };
    }
    match dialect {
        Dialect::Generic | Dialect::SingleServer => Unknown,
        // MCPB's own names are answered above. Codex substitutes nothing in its TOML: it
        // reads secrets from the environment by name (`env_vars`, `bearer_token_env_var`,
        // `env_http_headers`). opencode's own syntaxes are answered above.
        Dialect::ClaudeDesktop
        | Dialect::Mcpb
        | Dialect::Codex
        | Dialect::OpenCode
        | Dialect::Continue => Literal,
        // Goose: in headers only (see [`expansion_in`]).
        Dialect::Goose => match syntax {
            S::Braced | S::Dollar => Expanded,
            _ => Literal,
        },
        Dialect::ClaudeCode => match syntax {
            S::Braced | S::BracedDefault => Expanded,
            _ => Literal,
        },
        Dialect::VsCode => match syntax {
            S::Env | S::Input | S::Predefined | S::Config | S::Command => Expanded,
            _ => Literal,
        },
        Dialect::Cursor => match syntax {
            S::Env | S::Predefined => Expanded,
            _ => Literal,
        },
        // Windsurf documents `${env:VAR}` and `${file:/path}` only.
        Dialect::Windsurf => match syntax {
            S::Env | S::File => Expanded,
            _ => Literal,
        },
        Dialect::Gemini => match syntax {
            S::Braced | S::Dollar => Expanded,
            S::BracedDefault => Unknown,
            _ => Literal,
        },
        Dialect::Cline => match syntax {
            S::Env => Expanded,
            _ => Literal,
        },
        // Roo Code replaces `${env:NAME}` and `${workspaceFolder}` (its `injectVariables`),
        // nothing else.
        Dialect::Roo => match syntax {
            S::Env | S::Predefined => Expanded,
            _ => Literal,
        },
        Dialect::Kiro => match syntax {
            S::Braced => Expanded,
            S::BracedDefault | S::Dollar | S::Env => Unknown,
            _ => Literal,
        },
        Dialect::Zed | Dialect::AmazonQ | Dialect::Junie | Dialect::LmStudio => match syntax {
            S::Braced | S::BracedDefault | S::Dollar | S::Env | S::Predefined | S::File => Unknown,
            _ => Literal,
        },
        // Copilot CLI's portable format: `${NAME}` and `${NAME:-default}`.
        Dialect::CopilotCli => match syntax {
            S::Braced | S::BracedDefault => Expanded,
            S::Dollar | S::Env => Unknown,
            _ => Literal,
        },
        // Visual Studio's schema documents `${input:id}` (declared in `inputs`).
        Dialect::VisualStudio => match syntax {
            S::Input => Expanded,
            S::Braced | S::BracedDefault | S::Dollar | S::Env | S::Predefined | S::File => Unknown,
            _ => Literal,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vars::{Part, parse};

    #[test]
    fn expansion_table() {
        let r = |text: &str| {
            parse(text).into_iter().find_map(|p| match p {
                Part::Ref(r) => Some(r),
                Part::Literal { .. } => None,
            })
        };
        let braced = r("${TOKEN}").unwrap();
        let env = r("${env:TOKEN}").unwrap();
        let input = r("${input:tok}").unwrap();
        let ws = r("${workspaceFolder}").unwrap();
        let cwd = r("${cwd}").unwrap();
        assert_eq!(expansion(Dialect::ClaudeCode, &braced), Expansion::Expanded);
        assert_eq!(expansion(Dialect::VsCode, &braced), Expansion::Literal);
        assert_eq!(expansion(Dialect::Cursor, &braced), Expansion::Literal);
        assert_eq!(
            expansion(Dialect::ClaudeDesktop, &braced),
            Expansion::Literal
        );
        assert_eq!(expansion(Dialect::Generic, &braced), Expansion::Unknown);
        assert_eq!(expansion(Dialect::ClaudeCode, &env), Expansion::Literal);
        assert_eq!(expansion(Dialect::Cline, &env), Expansion::Expanded);
        assert_eq!(expansion(Dialect::ClaudeCode, &input), Expansion::Literal);
        assert_eq!(expansion(Dialect::VsCode, &input), Expansion::Expanded);
        assert_eq!(expansion(Dialect::Cursor, &ws), Expansion::Expanded);
        assert_eq!(expansion(Dialect::Cursor, &cwd), Expansion::Unknown);
        assert_eq!(expansion(Dialect::Roo, &ws), Expansion::Expanded);
        assert_eq!(expansion(Dialect::Roo, &cwd), Expansion::Literal);
        assert_eq!(
            expansion_in(Dialect::ClaudeCode, &braced, "headers"),
            Expansion::Expanded
        );
        assert_eq!(
            expansion_in(Dialect::ClaudeCode, &braced, "cwd"),
            Expansion::Unknown
        );
        assert_eq!(
            expansion_in(Dialect::ClaudeCode, &braced, "oauth"),
            Expansion::Literal
        );
        let plugin = r("${CLAUDE_PLUGIN_ROOT}").unwrap();
        assert_eq!(
            expansion_in(Dialect::ClaudeCode, &plugin, "cwd"),
            Expansion::Expanded
        );
        // Windsurf and Roo Code expand `${env:VAR}` (and Roo `${workspaceFolder}`) only.
        for d in [Dialect::Windsurf, Dialect::Roo] {
            assert_eq!(expansion(d, &braced), Expansion::Literal, "{d}");
            assert_eq!(expansion(d, &env), Expansion::Expanded, "{d}");
        }
        assert_eq!(expansion(Dialect::Windsurf, &ws), Expansion::Literal);
        let brace_env = r("{env:TOKEN}").unwrap();
        assert_eq!(
            expansion(Dialect::OpenCode, &brace_env),
            Expansion::Expanded
        );
        assert_eq!(expansion(Dialect::OpenCode, &braced), Expansion::Literal);
        assert_eq!(expansion(Dialect::OpenCode, &env), Expansion::Literal);
        assert_eq!(expansion(Dialect::Cursor, &brace_env), Expansion::Literal);
        assert_eq!(
            expansion_in(Dialect::CopilotCli, &braced, "args"),
            Expansion::Expanded
        );
        assert_eq!(
            expansion_in(Dialect::CopilotCli, &braced, "url"),
            Expansion::Unknown
        );
        assert_eq!(expansion(Dialect::CopilotCli, &input), Expansion::Literal);
        assert_eq!(
            expansion(Dialect::VisualStudio, &input),
            Expansion::Expanded
        );
        assert_eq!(expansion(Dialect::Junie, &braced), Expansion::Unknown);
        assert_eq!(
            expansion_in(Dialect::Gemini, &braced, "env"),
            Expansion::Expanded
        );
        assert_eq!(
            expansion_in(Dialect::Gemini, &braced, "args"),
            Expansion::Unknown
        );
        for syntax in VarSyntax::ALL {
            assert_eq!(
                syntax_expansion(Dialect::SingleServer, syntax),
                Expansion::Unknown
            );
        }
    }

    #[test]
    fn continue_and_goose() {
        let r = |text: &str| {
            parse(text)
                .into_iter()
                .find_map(|p| p.as_ref().cloned())
                .unwrap()
        };
        let secret = r("${{ secrets.GITHUB_TOKEN }}");
        let input = r("${{ inputs.token }}");
        for field in ["env", "args", "headers", "url"] {
            assert_eq!(
                expansion_in(Dialect::Continue, &secret, field),
                Expansion::Expanded
            );
            assert_eq!(
                expansion_in(Dialect::Continue, &input, field),
                Expansion::Expanded
            );
        }
        let braced = r("${TOKEN}");
        assert_eq!(
            expansion_in(Dialect::Continue, &braced, "env"),
            Expansion::Unknown
        );
        assert_eq!(
            expansion_in(Dialect::Continue, &braced, "args"),
            Expansion::Literal
        );
        for text in ["${input:tok}", "${env:TOKEN}", "$TOKEN"] {
            assert_eq!(
                expansion_in(Dialect::Continue, &r(text), "env"),
                Expansion::Literal,
                "{text}"
            );
        }
        assert_eq!(
            expansion_in(Dialect::Goose, &braced, "headers"),
            Expansion::Expanded
        );
        assert_eq!(
            expansion_in(Dialect::Goose, &r("$TOKEN"), "headers"),
            Expansion::Expanded
        );
        assert_eq!(
            expansion_in(Dialect::Goose, &braced, "env"),
            Expansion::Literal
        );
        assert_eq!(
            expansion_in(Dialect::Goose, &secret, "headers"),
            Expansion::Literal
        );
    }

    #[test]
    fn mcpb_expands_its_own_names_only() {
        let r = |text: &str| {
            parse(text)
                .into_iter()
                .find_map(|p| p.as_ref().cloned())
                .unwrap()
        };
        for text in [
            "${user_config.api_key}",
            "${__dirname}",
            "${HOME}",
            "${DESKTOP}",
            "${DOCUMENTS}",
            "${DOWNLOADS}",
            "${pathSeparator}",
            "${/}",
        ] {
            assert_eq!(
                expansion_in(Dialect::Mcpb, &r(text), "args"),
                Expansion::Expanded,
                "{text}"
            );
        }
        for text in [
            "${API_KEY}",
            "${env:API_KEY}",
            "$HOME",
            "${workspaceFolder}",
            "%APPDATA%",
        ] {
            assert_eq!(
                expansion(Dialect::Mcpb, &r(text)),
                Expansion::Literal,
                "{text}"
            );
        }
        let setting = r("${user_config.api_key}");
        assert_eq!(
            expansion(Dialect::ClaudeDesktop, &setting),
            Expansion::Literal
        );
        assert_eq!(expansion(Dialect::ClaudeCode, &setting), Expansion::Literal);
        assert_eq!(expansion(Dialect::Generic, &setting), Expansion::Unknown);
    }
}
