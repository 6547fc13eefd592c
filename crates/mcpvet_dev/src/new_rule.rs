//! `new-rule CODE name`: the files of a new rule, planned as edits of the workspace's text
//! (this module reads and writes nothing; the binary does).
//!
//! For a rule of family 1 to 5 it plans:
//!
//! - the rule file, in the crate and folder of its family, with a `declare_rule!` whose doc
//!   comment has every section a rule page needs (the documented examples are tests: the
//!   Flagged one fails until the check reports it) and a `check` function of the crate's
//!   signature, input first and `&mut Reporter` last;
//! - its `mod` line, in name order, and its registry line in `RULES` (and `CHECKS` in the
//!   transport crate), in code order;
//! - where the crate runs its rules from one list (transport) or one function (secrets), the
//!   call; the lifecycle and tools checkers call a rule where the message it judges is read,
//!   which the author decides (the binary says where to look);
//! - a flagged and an accepted conformance case under `tests/conformance/<family>/`, whose
//!   expected files `MCPVET_BLESS=1` writes once the check works.
//!
//! Family 0 (syntax and structure) is not scaffolded: those findings belong to the parser
//! and the lowering, not to a rule file with a check of its own.
use std::fmt::Write as _;

use mcpvet_diagnostics::{Family, RuleCode, RuleMeta};

/// One change to the workspace: a file created, or replaced by new contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Edit {
    /// The path, relative to the workspace root, `/`-separated.
    pub(crate) path: String,
    /// The whole new contents.
    pub(crate) contents: String,
    /// Whether the file is created (it must not exist) rather than changed.
    pub(crate) create: bool,
}

/// The rule to scaffold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct NewRule {
    /// `MCP` and three digits (codes of one width order as their numbers do).
    code: String,
    name: String,
    family: Family,
}

/// Where a family's rules live and how they are called.
struct Home {
    /// The crate folder, relative to the workspace root.
    krate: &'static str,
    /// The folder of the rule files inside the crate's `src/rules/`, or `""`.
    folder: &'static str,
    /// The registry file (with `RULES`), relative to the crate's `src/`.
    registry: &'static str,
    /// The conformance family folder.
    conformance: &'static str,
    /// What the rule inspects (`declare_rule!`'s `target`).
    target: &'static str,
}

fn home(family: Family) -> Option<Home> {
    let config = |folder, conformance| Home {
        krate: "crates/mcpvet_check_transport",
        folder,
        registry: "rules/mod.rs",
        conformance,
        target: "Config",
    };
    Some(match family {
        Family::Config => config("config", "config"),
        Family::Transport => config("transport", "transport"),
        Family::Secrets => Home {
            krate: "crates/mcpvet_check_secrets",
            folder: "",
            registry: "rules/mod.rs",
            conformance: "secrets",
            target: "Config",
        },
        Family::Lifecycle => Home {
            krate: "crates/mcpvet_check_lifecycle",
            folder: "",
            registry: "rules/mod.rs",
            conformance: "lifecycle",
            target: "Transcript",
        },
        Family::Tools => Home {
            krate: "crates/mcpvet_check_tools",
            folder: "",
            registry: "rules/mod.rs",
            conformance: "tools",
            target: "Transcript",
        },
        _ => return None,
    })
}

impl NewRule {
    /// A new rule `code` named `name`, checked against the catalog `existing`: the code must
    /// be `MCP` and three digits of family 1 to 5, unused; the name kebab-case, unused.
    ///
    /// # Errors
    ///
    /// What is wrong with the code or the name, in one sentence.
    pub(crate) fn new(code: &str, name: &str, existing: &[&RuleMeta]) -> Result<Self, String> {
        let b = code.as_bytes();
        if !(b.len() == 6 && code.starts_with("MCP") && b[3..].iter().all(u8::is_ascii_digit)) {
            return Err(format!(
                "`{code}` is not a rule code: write `MCP` and three digits"
            ));
        }
        let digit = b[3] - b'0';
        if digit == 6 {
            return Err(format!(
                "`{code}` is a server-definition rule: write its file by hand in the folder of \
                 its part under crates/mcpvet_check_server/src/rules/ (the table in that \
                 folder's mod.rs gives the code ranges) and list it in that folder's `RULES`"
            ));
        }
        if digit == 7 {
            return Err(format!(
                "`{code}` is a run-log rule: write its file by hand under \
                 crates/mcpvet_check_runlog/src/rules/ (its `check` takes the event or the field \
                 and plain values), list it in that folder's `RULES`, and call it from \
                 crates/mcpvet_check_runlog/src/checker.rs where the run's state shows what it \
                 judges; its cases go under tests/conformance/runs/"
            ));
        }
        if !(1..=5).contains(&digit) {
            return Err(format!(
                "`{code}` is in family {digit}: new rules go in families 1 to 7 (syntax findings \
                 belong to the parser and the lowering)"
            ));
        }
        let valid_name = !name.is_empty()
            && name.split('-').all(|w| {
                !w.is_empty()
                    && w.bytes()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
            && name.as_bytes()[0].is_ascii_lowercase();
        if !valid_name {
            return Err(format!(
                "`{name}` is not a rule name: write lower-case words joined by `-`"
            ));
        }
        if let Some(r) = existing.iter().find(|r| r.code.as_str() == code) {
            return Err(format!(
                "{code} is taken by `{}` (codes are never reused)",
                r.name
            ));
        }
        if let Some(r) = existing.iter().find(|r| r.name == name) {
            return Err(format!("`{name}` is taken by {}", r.code));
        }
        let family = Family::ALL
            .into_iter()
            .find(|f| f.digit() == digit)
            .ok_or(format!("no family has the digit {digit}"))?;
        Ok(NewRule {
            code: code.to_owned(),
            name: name.to_owned(),
            family,
        })
    }

    /// The module and file name: the name in snake case.
    pub(crate) fn module(&self) -> String {
        self.name.replace('-', "_")
    }

    /// The `declare_rule!` static: the name in upper snake case.
    pub(crate) fn constant(&self) -> String {
        self.module().to_ascii_uppercase()
    }

    /// The edits that add the rule, given `read`, which returns the current contents of a
    /// workspace file (`None` when it does not exist).
    ///
    /// # Errors
    ///
    /// A file the plan needs is missing or not in the shape it expects, or the rule file or
    /// a case folder exists already.
    pub(crate) fn plan(&self, read: &dyn Fn(&str) -> Option<String>) -> Result<Vec<Edit>, String> {
        let home = home(self.family).ok_or("family 0 is not scaffolded")?;
        let module = self.module();
        let rules_dir = if home.folder.is_empty() {
            format!("{}/src/rules", home.krate)
        } else {
            format!("{}/src/rules/{}", home.krate, home.folder)
        };
        let rule_path = format!("{rules_dir}/{module}.rs");
        if read(&rule_path).is_some() {
            return Err(format!("{rule_path} exists already"));
        }
        let mut edits = vec![Edit {
            path: rule_path,
            contents: self.rule_file(&home),
            create: true,
        }];
        // The `mod` line.
        let mod_path = format!("{rules_dir}/mod.rs");
        let mods = read(&mod_path).ok_or(format!("{mod_path} is missing"))?;
        edits.push(Edit {
            path: mod_path,
            contents: insert_mod(&mods, &module)?,
            create: false,
        });
        // The registry (after the `mod` edit when it is the same file).
        let registry_path = format!("{}/src/{}", home.krate, home.registry);
        let registry = match edits.iter().find(|e| e.path == registry_path) {
            Some(e) => e.contents.clone(),
            None => read(&registry_path).ok_or(format!("{registry_path} is missing"))?,
        };
        let entry = if home.folder.is_empty() {
            format!("{module}::{}", self.constant())
        } else {
            format!("{}::{module}::{}", home.folder, self.constant())
        };
        let mut contents = insert_in_list(&registry, "static RULES", &entry, &self.code, true)?;
        if self.family == Family::Config || self.family == Family::Transport {
            let check = entry.replace(&format!("::{}", self.constant()), "::check");
            contents = insert_in_list(&contents, "static CHECKS", &check, &self.code, false)?;
        }
        match edits.iter_mut().find(|e| e.path == registry_path) {
            Some(e) => e.contents = contents,
            None => edits.push(Edit {
                path: registry_path,
                contents,
                create: false,
            }),
        }
        if self.family == Family::Secrets {
            let lib = format!("{}/src/lib.rs", home.krate);
            let text = read(&lib).ok_or(format!("{lib} is missing"))?;
            edits.push(Edit {
                path: lib,
                contents: insert_secrets_call(&text, &module)?,
                create: false,
            });
        }
        for case in ["flagged_example", "accepted_example"] {
            let dir = format!(
                "tests/conformance/{}/{}-{}/{case}",
                home.conformance, self.code, self.name
            );
            let (file, text) = Self::case_input(&home, case.starts_with("flagged"));
            let path = format!("{dir}/{file}");
            if read(&path).is_some() {
                return Err(format!("{path} exists already"));
            }
            edits.push(Edit {
                path,
                contents: text,
                create: true,
            });
        }
        Ok(edits)
    }

    /// What the author does next, once the edits are applied.
    pub(crate) fn next_steps(&self) -> String {
        let home = home(self.family).map_or("", |h| h.krate);
        let mut out = String::new();
        let _ = writeln!(
            out,
            "Next: write the check of {} and its documentation (the rule file), then:",
            self.code
        );
        match self.family {
            Family::Lifecycle => {
                let _ = writeln!(
                    out,
                    "  - call `rules::{}::check` where the message it judges is read \
                     ({home}/src/flow/ for requests, responses and notifications, \
                     src/checker/wire.rs for what every message shares);",
                    self.module()
                );
            }
            Family::Tools => {
                let _ = writeln!(
                    out,
                    "  - call `rules::{}::check` from the dispatcher of what it judges \
                     ({home}/src/tools.rs, prompts.rs, resources.rs or lists.rs);",
                    self.module()
                );
            }
            _ => {}
        }
        let _ = writeln!(
            out,
            "  - make the two cases under tests/conformance/ show the problem and its absence, \
             then `MCPVET_BLESS=1 cargo test -p mcpvet_linter --test conformance` and read the \
             expected files it writes;"
        );
        let _ = writeln!(
            out,
            "  - `cargo run -p mcpvet_dev -- generate-docs` writes docs/rules/{}.md and the index \
             (`cargo test -p mcpvet_linter --test rule_docs` runs the documented examples).",
            self.code
        );
        let _ = write!(out, "See docs/adding-a-rule.md.");
        out
    }

    fn rule_file(&self, home: &Home) -> String {
        let (uses, signature, example, accepted) = match self.family {
            Family::Config | Family::Transport => (
                "use mcpvet_diagnostics::{Reporter, declare_rule};\n\nuse crate::input::ConfigInput;\n",
                "pub(crate) fn check(input: &ConfigInput<'_>, report: &mut Reporter<'_>) {\n    \
                 // Read `input` (the configuration: `input.servers`, `input.urls`,\n    \
                 // `input.stdio_servers()`) and report each problem at the value that shows it:\n    \
                 // report.report(&RULE, input.value(node), \"`field` ...\", \"write ...\");\n    \
                 let _ = (input, report);\n}\n",
                "```json file=.mcp.json\n{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"]}}}\n```",
                "```json file=.mcp.json\n{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp@1.2.3\"]}}}\n```",
            ),
            Family::Secrets => (
                "use mcpvet_diagnostics::{Reporter, declare_rule};\n\nuse crate::context::Cx;\n",
                "pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {\n    \
                 // Read `cx.doc` (and `cx.source`: a configuration or a server definition) and\n    \
                 // report each secret once, through the context, so the most precise rule\n    \
                 // reports it: `cx.once.secret(report, diagnostic)`.\n    \
                 let _ = (cx, report);\n}\n",
                "```json file=.mcp.json\n{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"env\": {\"DOCS_TOKEN\": \"...\"}}}}\n```",
                "```json file=.mcp.json\n{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"env\": {\"DOCS_TOKEN\": \"${DOCS_TOKEN}\"}}}}\n```",
            ),
            _ => (
                "use mcpvet_diagnostics::{Reporter, declare_rule};\nuse mcpvet_json::Value;\n",
                "/// Judges `message`, the JSON-RPC message the caller has just read.\n\
                 pub(crate) fn check(message: Value<'_>, report: &mut Reporter<'_>) {\n    \
                 // Report each problem at the value that shows it:\n    \
                 // report.report(&RULE, value, \"`member` ...\", \"send ...\");\n    \
                 let _ = (message, report);\n}\n",
                "```jsonl\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n```",
                "```jsonl\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n```",
            ),
        };
        let signature = signature.replace("&RULE", &format!("&{}", self.constant()));
        let mut out = String::new();
        out.push_str(uses);
        out.push_str("\ndeclare_rule! {\n");
        let doc = format!(
            "One sentence: what is wrong when {} reports.\n\n\
             ## What it checks\n\n\
             The members and values it reads, and exactly when it reports (and when not).\n\n\
             ## Why it matters\n\n\
             What fails or leaks, with the specification's words (MUST, SHOULD) where they apply.\n\n\
             ## Examples\n\n\
             ### Flagged\n\n{example}\n\n\
             ### Accepted\n\n{accepted}\n\n\
             ## References\n\n\
             - Model Context Protocol, the section that states the requirement (<https://modelcontextprotocol.io/specification/2025-11-25>)",
            self.code
        );
        for line in doc.lines() {
            if line.is_empty() {
                out.push_str("    ///\n");
            } else {
                let _ = writeln!(out, "    /// {line}");
            }
        }
        let _ = write!(
            out,
            "    pub(crate) static {} = {{\n        code: \"{}\",\n        name: \"{}\",\n        \
             severity: Warning,\n        target: {},\n        since: \"0.1.0\",\n    }}\n}}\n\n",
            self.constant(),
            self.code,
            self.name,
            home.target
        );
        out.push_str(&signature);
        out
    }

    fn case_input(home: &Home, flagged: bool) -> (&'static str, String) {
        match home.target {
            "Config" => (
                ".mcp.json",
                if flagged {
                    "{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"]}}}\n"
                } else {
                    "{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp@1.2.3\"]}}}\n"
                }
                .to_owned(),
            ),
            _ => (
                "session.jsonl",
                concat!(
                    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}"#,
                    "\n",
                    r#"{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"s","version":"1"}}}"#,
                    "\n",
                    r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
                    "\n",
                )
                .to_owned(),
            ),
        }
    }
}

/// `text` (a `mod.rs`) with `pub(crate) mod {module};` among its `pub(crate) mod` lines, in
/// name order.
fn insert_mod(text: &str, module: &str) -> Result<String, String> {
    let line = format!("pub(crate) mod {module};");
    let lines: Vec<&str> = text.lines().collect();
    let mods: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("pub(crate) mod ") && lines[i].ends_with(';'))
        .collect();
    let (Some(&first), Some(&last)) = (mods.first(), mods.last()) else {
        return Err("no `pub(crate) mod` line to add the module beside".to_owned());
    };
    let at = mods
        .iter()
        .copied()
        .find(|&i| lines[i] > line.as_str())
        .unwrap_or(last + 1)
        .max(first);
    let mut out: Vec<&str> = lines.clone();
    out.insert(at, &line);
    Ok(out.join("\n") + "\n")
}

/// `text` with `    &{entry},` (or `    {entry},` when `reference` is false) in the list
/// that follows `marker`, before the first entry whose rule has a higher code than `code`.
/// Entries are matched to their rules by [`code_of`].
fn insert_in_list(
    text: &str,
    marker: &str,
    entry: &str,
    code: &str,
    reference: bool,
) -> Result<String, String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.contains(marker))
        .ok_or(format!("no `{marker}` list"))?;
    let end = (start..lines.len())
        .find(|&i| lines[i].trim() == "];")
        .ok_or(format!("the `{marker}` list does not end"))?;
    let at = (start + 1..end)
        .find(|&i| code_of(lines[i]).is_some_and(|c| c.as_str() > code))
        .unwrap_or(end);
    let line = if reference {
        format!("    &{entry},")
    } else {
        format!("    {entry},")
    };
    let mut out: Vec<&str> = lines.clone();
    out.insert(at, &line);
    Ok(out.join("\n") + "\n")
}

/// The code of the rule a registry line names: by the constant (the rule name in upper snake
/// case), or for `CHECKS` by the module before `::check`.
fn code_of(line: &str) -> Option<RuleCode> {
    let item = line.trim().trim_start_matches('&').trim_end_matches(',');
    let mut parts = item.rsplit("::");
    let last = parts.next()?;
    let name = if last == "check" {
        parts.next()?.replace('_', "-")
    } else {
        last.to_ascii_lowercase().replace('_', "-")
    };
    mcpvet_linter::rules()
        .iter()
        .find(|r| r.name == name)
        .map(|r| r.code)
}

/// The secrets crate's `lib.rs` with the rule's call after the last rule call of `run`
/// (which `check_config` and `check_definition` share; the rules run in that order: move it
/// up if it must come first).
fn insert_secrets_call(text: &str, module: &str) -> Result<String, String> {
    let lines: Vec<&str> = text.lines().collect();
    let func = lines
        .iter()
        .position(|l| l.starts_with("fn run("))
        .ok_or("no `run` in the secrets crate")?;
    let last = (func..lines.len())
        .take_while(|&i| lines[i] != "}")
        .filter(|&i| lines[i].trim_start().starts_with("rules::"))
        .last()
        .ok_or("no rule call in `run`")?;
    let call = format!("    rules::{module}::check(cx, report);");
    let mut out = lines.clone();
    out.insert(last + 1, &call);
    Ok(out.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace(path: &str) -> Option<String> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        std::fs::read_to_string(root.join(path)).ok()
    }

    /// A free code of `family`: one more than its highest.
    fn free_code(family: u8) -> String {
        let highest = mcpvet_linter::rules()
            .iter()
            .filter(|r| r.code.family() == family)
            .map(|r| r.code.as_str()[3..].parse::<u32>().unwrap())
            .max()
            .unwrap();
        format!("MCP{}", highest + 1)
    }

    #[test]
    fn refuses_taken_and_malformed_codes_and_names() {
        let rules = mcpvet_linter::rules();
        assert!(
            NewRule::new("MCP205", "fresh-name", &rules)
                .unwrap_err()
                .contains("taken")
        );
        assert!(
            NewRule::new("MCP299", "insecure-http-url", &rules)
                .unwrap_err()
                .contains("taken")
        );
        assert!(
            NewRule::new("MCP012", "x", &rules)
                .unwrap_err()
                .contains("family 0")
        );
        assert!(NewRule::new("MCP7", "x", &rules).is_err());
        assert!(
            NewRule::new("MCP799", "x", &rules)
                .unwrap_err()
                .contains("crates/mcpvet_check_runlog/src/rules/")
        );
        assert!(NewRule::new("MCP299", "Bad_Name", &rules).is_err());
        assert!(NewRule::new("MCP299", "trailing-", &rules).is_err());
    }

    /// For every family, against the workspace as it is: the plan creates the rule file and
    /// two cases, only inserts lines elsewhere (the `mod` line, the registry entries, the
    /// secrets call), and puts the registry entries in code order.
    #[test]
    fn plans_fit_the_registries_of_every_family() {
        for family in 1..=5 {
            let code = free_code(family);
            let rule =
                NewRule::new(&code, "scaffolded-example-rule", &mcpvet_linter::rules()).unwrap();
            let edits = rule.plan(&workspace).unwrap();
            let created: Vec<&str> = edits
                .iter()
                .filter(|e| e.create)
                .map(|e| e.path.as_str())
                .collect();
            assert_eq!(created.len(), 3, "{code}: {created:?}");
            assert!(created[0].ends_with("/scaffolded_example_rule.rs"));
            assert!(created[1].contains(&format!("/{code}-scaffolded-example-rule/flagged_")));
            assert!(created[2].contains(&format!("/{code}-scaffolded-example-rule/accepted_")));
            let rule_file = &edits[0].contents;
            assert!(rule_file.contains(&format!("code: \"{code}\"")));
            assert!(rule_file.contains("pub(crate) static SCAFFOLDED_EXAMPLE_RULE = {"));
            assert!(rule_file.contains("&mut Reporter<'_>"));
            for section in [
                "## What it checks",
                "## Why it matters",
                "### Flagged",
                "### Accepted",
                "## References",
            ] {
                assert!(rule_file.contains(section), "{code}: {section}");
            }
            let mut added = Vec::new();
            for e in edits.iter().filter(|e| !e.create) {
                let before = workspace(&e.path).unwrap();
                let new: Vec<&str> = e
                    .contents
                    .lines()
                    .filter(|l| !before.lines().any(|b| b == *l))
                    .collect();
                assert_eq!(
                    e.contents.lines().count(),
                    before.lines().count() + new.len()
                );
                assert!(
                    new.iter()
                        .all(|l| l.to_ascii_lowercase().contains("scaffolded_example_rule")),
                    "{new:?}"
                );
                added.extend(new.into_iter().map(str::to_owned));
            }
            // mod line, RULES entry, and CHECKS (transport) or the call (secrets).
            let expected = if family == 4 || family == 5 { 2 } else { 3 };
            assert_eq!(added.len(), expected, "{code}: {added:?}");
            for e in edits
                .iter()
                .filter(|e| !e.create && e.contents.contains("static RULES"))
            {
                let lines: Vec<&str> = e.contents.lines().collect();
                let at = lines
                    .iter()
                    .position(|l| l.contains("SCAFFOLDED_EXAMPLE_RULE"))
                    .unwrap();
                let neighbours = [lines[at - 1], lines[at + 1]].map(code_of);
                if let Some(before) = neighbours[0] {
                    assert!(before.as_str() < code.as_str(), "{code} after {before}");
                }
                if let Some(after) = neighbours[1] {
                    assert!(after.as_str() > code.as_str(), "{code} before {after}");
                }
            }
        }
    }

    #[test]
    fn insertions_keep_order() {
        let mods = "//! x\npub(crate) mod alpha;\npub(crate) mod gamma;\n\nuse y;\n";
        assert_eq!(
            insert_mod(mods, "beta").unwrap(),
            "//! x\npub(crate) mod alpha;\npub(crate) mod beta;\npub(crate) mod gamma;\n\nuse y;\n"
        );
        assert!(
            insert_mod(mods, "zeta")
                .unwrap()
                .contains("gamma;\npub(crate) mod zeta;\n")
        );
        let list = "static RULES: &[&RuleMeta] = &[\n    &a::INVALID_URL,\n    &a::INSECURE_HTTP_URL,\n];\n";
        // MCP204 (invalid-url), then MCP205 (insecure-http-url): MCP2045 sits between.
        let out = insert_in_list(list, "static RULES", "a::NEW_ONE", "MCP2045", true).unwrap();
        assert_eq!(out.lines().nth(2), Some("    &a::NEW_ONE,"));
        assert_eq!(out.lines().nth(3), Some("    &a::INSECURE_HTTP_URL,"));
        let call = "fn run(c: X) {\n    rules::a::check(cx, report);\n}\n";
        assert!(
            insert_secrets_call(call, "b")
                .unwrap()
                .contains("a::check(cx, report);\n    rules::b::check(cx, report);")
        );
    }
}
