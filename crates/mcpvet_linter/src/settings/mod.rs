//! The project settings file, `mcpvet.toml`: rule severities, ignored paths, the dialect of
//! files by pattern, the `--target` of the compatibility rules and the failing severity.
//!
//! ```toml
//! fail-on = "warning"
//! target = ["openai", "anthropic"]
//! ignore = ["vendor", "examples/**/*.bak.json"]
//!
//! [rules]
//! MCP210 = "off"
//! unknown-field = "warning"
//!
//! [[dialect]]
//! glob = ".config/*.json"
//! name = "cursor"
//! ```
//!
//! This module reads and validates the text and applies it to reports; finding the file
//! (walking up from each inspected file's folder) and reading it are the command line's.
//! Paths are relative to the folder of the settings file ([`Glob`]).
//!
//! ```
//! use mcpvet_linter::settings::{Level, Settings};
//!
//! let settings = Settings::parse("[rules]\nMCP210 = \"off\"\n").unwrap();
//! assert_eq!(settings.level(mcpvet_diagnostics::RuleCode::new("MCP210")), Some(Level::Off));
//! let error = Settings::parse("[rules]\nMCP999 = \"off\"\n").unwrap_err();
//! assert_eq!(error.to_string(), "2:1: `MCP999` is not a rule code or name");
//! ```
use std::fmt;

use mcpvet_ast::config::Dialect;
use mcpvet_diagnostics::{RuleCode, Severity};
use mcpvet_text::{Encoding, LineIndex, Span};
use toml_edit::{Item, TableLike};

use crate::report::FileReport;

mod glob;

pub use glob::Glob;

/// The name of the settings file.
pub const FILE_NAME: &str = "mcpvet.toml";

/// What `[rules]` sets a rule to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Not reported.
    Off,
    /// Reported at this severity.
    On(Severity),
}

impl Level {
    /// `off`, `info`, `warning` or `error`.
    pub fn parse(text: &str) -> Option<Level> {
        match text {
            "off" => Some(Level::Off),
            "info" => Some(Level::On(Severity::Info)),
            "warning" => Some(Level::On(Severity::Warning)),
            "error" => Some(Level::On(Severity::Error)),
            _ => None,
        }
    }
}

/// The `fail-on` values: the least severity that fails a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailOn {
    /// Errors.
    Error,
    /// Warnings and errors.
    Warning,
    /// Any finding.
    Info,
    /// Never.
    Never,
}

impl FailOn {
    /// `error`, `warning`, `info` or `never`.
    pub fn parse(text: &str) -> Option<FailOn> {
        match text {
            "error" => Some(FailOn::Error),
            "warning" => Some(FailOn::Warning),
            "info" => Some(FailOn::Info),
            "never" => Some(FailOn::Never),
            _ => None,
        }
    }

    /// The least severity that fails, if any does.
    pub fn threshold(self) -> Option<Severity> {
        match self {
            FailOn::Error => Some(Severity::Error),
            FailOn::Warning => Some(Severity::Warning),
            FailOn::Info => Some(Severity::Info),
            FailOn::Never => None,
        }
    }
}

/// A `mcpvet.toml` that is not valid: where, and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingsError {
    /// The bytes of the file at fault.
    pub span: Span,
    /// 1-based line of `span.start`.
    pub line: u32,
    /// 1-based column of `span.start`, in code points.
    pub column: u32,
    /// What is wrong, in one sentence.
    pub message: String,
}

impl fmt::Display for SettingsError {
    /// `line:column: message`; the caller puts the file's name in front.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for SettingsError {}

/// A valid `mcpvet.toml`.
#[derive(Debug, Clone, Default)]
pub struct Settings {
    /// `[rules]`: each rule set, in file order (a rule set twice keeps the last).
    pub rules: Vec<(RuleCode, Level)>,
    /// `ignore`: files not inspected.
    pub ignore: Vec<Glob>,
    /// `[[dialect]]`: the dialect of the configurations a pattern matches (the first
    /// matching entry wins).
    pub dialects: Vec<(Glob, Dialect)>,
    /// `target`: the clients and model APIs of the compatibility rules.
    pub targets: Option<crate::Clients>,
    /// `fail-on`: the least severity that fails the run.
    pub fail_on: Option<FailOn>,
}

/// The top-level keys, for the error about an unknown one.
const KEYS: &str = "rules, ignore, dialect, target, fail-on";

impl Settings {
    /// Reads and validates the text of a `mcpvet.toml`.
    ///
    /// # Errors
    ///
    /// The first problem, with its position: a TOML syntax error, an unknown key, a rule
    /// that does not exist, a level, dialect, target or pattern that is not valid.
    pub fn parse(text: &str) -> Result<Settings, SettingsError> {
        let at = |span: Option<std::ops::Range<usize>>, message: String| {
            let span = span.map_or(Span::new(0, 0), |r| Span::new(r.start as u32, r.end as u32));
            let position = LineIndex::new(text).line_col(span.start, Encoding::CodePoint);
            SettingsError {
                span,
                line: position.line,
                column: position.column,
                message,
            }
        };
        let document =
            toml_edit::Document::parse(text).map_err(|e| at(e.span(), e.message().to_owned()))?;
        let mut settings = Settings::default();
        for (key, item) in document.as_table() {
            let key_span = document.as_table().key(key).and_then(toml_edit::Key::span);
            match key {
                "rules" => {
                    let table = item.as_table_like().ok_or_else(|| {
                        at(
                            item.span().or(key_span.clone()),
                            "`rules` is a table of rule = level".to_owned(),
                        )
                    })?;
                    for (name, value) in table.iter() {
                        let name_span = table.get_key_value(name).and_then(|(k, _)| k.span());
                        let rule = crate::registry::rule(name).ok_or_else(|| {
                            at(
                                name_span.clone(),
                                format!("`{name}` is not a rule code or name"),
                            )
                        })?;
                        let level = value.as_str().and_then(Level::parse).ok_or_else(|| {
                            at(
                                value.span().or(name_span.clone()),
                                format!(
                                    "the level of `{name}` is \"off\", \"info\", \"warning\" or \"error\""
                                ),
                            )
                        })?;
                        settings.rules.push((rule.code, level));
                    }
                }
                "ignore" => {
                    for (pattern, span) in strings(item, &key_span, "ignore")
                        .map_err(|(span, message)| at(span, message))?
                    {
                        let glob = Glob::new(&pattern).map_err(|m| at(span, m))?;
                        settings.ignore.push(glob);
                    }
                }
                "dialect" => {
                    for entry in tables(item) {
                        let Some(entry) = entry else {
                            return Err(at(
                                item.span().or(key_span.clone()),
                                "each `[[dialect]]` has a `glob` and a `name`".to_owned(),
                            ));
                        };
                        settings
                            .dialects
                            .push(dialect_entry(entry, key_span.clone(), &at)?);
                    }
                }
                "target" => {
                    let list = strings(item, &key_span, "target")
                        .map_err(|(span, message)| at(span, message))?;
                    let names: Vec<String> = list.iter().map(|(n, _)| n.clone()).collect();
                    let clients = crate::Clients::parse(&names.join(","))
                        .map_err(|m| at(item.span().or(key_span.clone()), m))?;
                    settings.targets = Some(clients);
                }
                "fail-on" => {
                    let fail_on = item.as_str().and_then(FailOn::parse).ok_or_else(|| {
                        at(
                            item.span().or(key_span.clone()),
                            "`fail-on` is \"error\", \"warning\", \"info\" or \"never\"".to_owned(),
                        )
                    })?;
                    settings.fail_on = Some(fail_on);
                }
                other => {
                    return Err(at(
                        key_span,
                        format!("unknown key `{other}`; known: {KEYS}"),
                    ));
                }
            }
        }
        Ok(settings)
    }

    /// The level `[rules]` sets for `code`, if it sets one.
    pub fn level(&self, code: RuleCode) -> Option<Level> {
        self.rules
            .iter()
            .rev()
            .find(|(c, _)| *c == code)
            .map(|&(_, level)| level)
    }

    /// The `ignore` pattern that matches `path` (relative to the settings file's folder,
    /// `/` between folders), if one does.
    pub fn ignored(&self, path: &str) -> Option<&Glob> {
        self.ignore.iter().find(|g| g.matches(path))
    }

    /// The dialect of the first `[[dialect]]` entry whose pattern matches `path`.
    pub fn dialect(&self, path: &str) -> Option<Dialect> {
        self.dialects
            .iter()
            .find(|(g, _)| g.matches(path))
            .map(|&(_, d)| d)
    }

    /// Applies `[rules]` to a report: the findings of a rule set to `off` are removed, the
    /// others take the severity set.
    pub fn apply(&self, report: &mut FileReport) {
        if self.rules.is_empty() {
            return;
        }
        let diagnostics = std::mem::take(&mut report.diagnostics);
        report.diagnostics = diagnostics
            .into_iter()
            .filter_map(|d| match self.level(d.code()) {
                Some(Level::Off) => None,
                Some(Level::On(severity)) => Some(d.with_severity(severity)),
                None => Some(d),
            })
            .collect();
    }
}

type Range = Option<std::ops::Range<usize>>;

/// A string, or an array of strings, with their spans.
fn strings(item: &Item, key: &Range, name: &str) -> Result<Vec<(String, Range)>, (Range, String)> {
    if let Some(s) = item.as_str() {
        return Ok(vec![(s.to_owned(), item.span())]);
    }
    let message = || format!("`{name}` is a string or an array of strings");
    let array = item
        .as_array()
        .ok_or_else(|| (item.span().or(key.clone()), message()))?;
    array
        .iter()
        .map(|v| {
            v.as_str()
                .map(|s| (s.to_owned(), v.span()))
                .ok_or_else(|| (v.span().or(key.clone()), message()))
        })
        .collect()
}

/// The entries of `[[dialect]]` (or `dialect = [{...}]`); `None` for one that is no table.
fn tables(item: &Item) -> Vec<Option<&dyn TableLike>> {
    if let Some(array) = item.as_array_of_tables() {
        return array.iter().map(|t| Some(t as &dyn TableLike)).collect();
    }
    match item.as_array() {
        Some(array) => array
            .iter()
            .map(|v| v.as_inline_table().map(|t| t as &dyn TableLike))
            .collect(),
        None => vec![None],
    }
}

/// One `[[dialect]]` entry.
fn dialect_entry(
    entry: &dyn TableLike,
    key: Range,
    at: &impl Fn(Range, String) -> SettingsError,
) -> Result<(Glob, Dialect), SettingsError> {
    let mut glob = None;
    let mut dialect = None;
    for (name, value) in entry.iter() {
        let name_span = entry.get_key_value(name).and_then(|(k, _)| k.span());
        let span = value.span().or(name_span.clone());
        match name {
            "glob" => {
                let text = value
                    .as_str()
                    .ok_or_else(|| at(span.clone(), "`glob` is a string".to_owned()))?;
                glob = Some(Glob::new(text).map_err(|m| at(span, m))?);
            }
            "name" => {
                let text = value
                    .as_str()
                    .ok_or_else(|| at(span.clone(), "`name` is a string".to_owned()))?;
                dialect = Some(Dialect::parse(text).map_err(|e| at(span, e.to_string()))?);
            }
            other => {
                return Err(at(
                    name_span,
                    format!("unknown key `{other}` in `[[dialect]]`; known: glob, name"),
                ));
            }
        }
    }
    match (glob, dialect) {
        (Some(glob), Some(dialect)) => Ok((glob, dialect)),
        _ => Err(at(
            key,
            "each `[[dialect]]` has a `glob` and a `name`".to_owned(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        Settings::parse(text).unwrap_err().to_string()
    }

    #[test]
    fn a_full_file() {
        let settings = Settings::parse(
            "fail-on = \"warning\"\ntarget = [\"openai\", \"cursor\"]\nignore = [\"vendor\", \"*.bak.json\"]\n\n[rules]\nMCP210 = \"off\"\nunknown-field = \"error\"\n\n[[dialect]]\nglob = \".config/*.json\"\nname = \"cursor\"\n",
        )
        .unwrap();
        assert_eq!(settings.fail_on, Some(FailOn::Warning));
        assert_eq!(
            settings.targets,
            Some(crate::Clients::parse("openai,cursor").unwrap())
        );
        assert_eq!(settings.level(RuleCode::new("MCP210")), Some(Level::Off));
        assert_eq!(
            settings.level(RuleCode::new("MCP101")),
            Some(Level::On(Severity::Error))
        );
        assert_eq!(settings.level(RuleCode::new("MCP205")), None);
        assert_eq!(
            settings.ignored("vendor/x/mcp.json").map(Glob::as_str),
            Some("vendor")
        );
        assert_eq!(
            settings.ignored("a/b.bak.json").map(Glob::as_str),
            Some("*.bak.json")
        );
        assert!(settings.ignored("mcp.json").is_none());
        assert_eq!(settings.dialect(".config/mcp.json"), Some(Dialect::Cursor));
        assert_eq!(settings.dialect("mcp.json"), None);
    }

    #[test]
    fn errors_have_positions() {
        assert_eq!(
            error("[rules]\nMCP210 = \"loud\"\n"),
            "2:10: the level of `MCP210` is \"off\", \"info\", \"warning\" or \"error\""
        );
        assert_eq!(
            error("colour = 1\n"),
            format!("1:1: unknown key `colour`; known: {KEYS}")
        );
        assert_eq!(
            error("ignore = [\"a/[b\"]\n"),
            "1:11: `[` in `[b` is not closed by `]`"
        );
        assert_eq!(
            error("[[dialect]]\nglob = \"*.json\"\nname = \"emacs\"\n"),
            "3:8: unknown dialect `emacs`".to_owned() + &error_tail("emacs")
        );
        assert!(error("target = [\"netscape\"]\n").starts_with("1:10: unknown target `netscape`"));
        assert!(error("[rules\n").starts_with("1:7: "));
        assert_eq!(
            error("fail-on = 1\n"),
            "1:11: `fail-on` is \"error\", \"warning\", \"info\" or \"never\""
        );
        assert_eq!(
            error("[[dialect]]\nglob = \"*.json\"\n"),
            "1:3: each `[[dialect]]` has a `glob` and a `name`"
        );
    }

    /// What the dialect parser says after "unknown dialect" and the name.
    fn error_tail(name: &str) -> String {
        let full = Dialect::parse(name).unwrap_err().to_string();
        full[format!("unknown dialect `{name}`").len()..].to_owned()
    }
}
