use std::fmt;

use mcpvet_text::Span;

use crate::{Diagnostic, RuleCode, Severity, Site};

/// The family of a rule: the hundreds digit of its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Family {
    /// `MCP0xx`: syntax and structure of the input.
    Syntax,
    /// `MCP1xx`: configuration shape and client dialect.
    Config,
    /// `MCP2xx`: transport (command, URL, type).
    Transport,
    /// `MCP3xx`: secrets.
    Secrets,
    /// `MCP4xx`: JSON-RPC and lifecycle.
    Lifecycle,
    /// `MCP5xx`: tools, prompts and resources schemas.
    Tools,
    /// `MCP6xx`: server definitions (listings, registry `server.json`, MCPB manifests,
    /// definition files).
    Server,
    /// `MCP7xx`: run-phase event logs (launch, handshake, discovery, execution).
    Runs,
    /// `MCP8xx`: description and name risks of what servers advertise (hidden characters,
    /// instructions aimed at the model, shadowed tools, client and model compatibility).
    Risks,
}

impl Family {
    /// Every family, in code order.
    pub const ALL: [Family; 9] = [
        Family::Syntax,
        Family::Config,
        Family::Transport,
        Family::Secrets,
        Family::Lifecycle,
        Family::Tools,
        Family::Server,
        Family::Runs,
        Family::Risks,
    ];

    /// The family digit.
    pub const fn digit(self) -> u8 {
        match self {
            Family::Syntax => 0,
            Family::Config => 1,
            Family::Transport => 2,
            Family::Secrets => 3,
            Family::Lifecycle => 4,
            Family::Tools => 5,
            Family::Server => 6,
            Family::Runs => 7,
            Family::Risks => 8,
        }
    }

    /// The family of `code`, from its hundreds digit.
    ///
    /// # Panics
    ///
    /// When the digit names no family (9): a programming error, caught at compile time
    /// for the rule declarations of [`declare_rule!`](crate::declare_rule).
    pub const fn of_code(code: RuleCode) -> Family {
        match code.family() {
            0 => Family::Syntax,
            1 => Family::Config,
            2 => Family::Transport,
            3 => Family::Secrets,
            4 => Family::Lifecycle,
            5 => Family::Tools,
            6 => Family::Server,
            7 => Family::Runs,
            8 => Family::Risks,
            _ => panic!("rule codes of family 9 are not allocated"),
        }
    }

    /// A short name: `syntax`, `config`, `transport`, `secrets`, `lifecycle`, `tools`,
    /// `server`, `runs`, `risks`.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Syntax => "syntax",
            Family::Config => "config",
            Family::Transport => "transport",
            Family::Secrets => "secrets",
            Family::Lifecycle => "lifecycle",
            Family::Tools => "tools",
            Family::Server => "server",
            Family::Runs => "runs",
            Family::Risks => "risks",
        }
    }

    /// A title for documentation.
    pub const fn title(self) -> &'static str {
        match self {
            Family::Syntax => "Syntax and structure",
            Family::Config => "Configuration shape and client dialect",
            Family::Transport => "Transport",
            Family::Secrets => "Secrets",
            Family::Lifecycle => "JSON-RPC and lifecycle",
            Family::Tools => "Tools, prompts and resources",
            Family::Server => "Server definitions",
            Family::Runs => "Run-phase event logs",
            Family::Risks => "Description and name risks",
        }
    }
}

/// Which inputs a rule inspects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Target {
    /// Client configurations.
    Config,
    /// Captured sessions.
    Transcript,
    /// Server definitions.
    Server,
    /// Captured sessions and server definitions (what a server advertises, wherever it is
    /// read).
    TranscriptAndServer,
    /// Client configurations and server definitions (the secret rules of fields).
    ConfigAndServer,
    /// Any input (syntax rules).
    Any,
}

impl Target {
    /// `config`, `transcript`, `server`, `config, server` or `any`.
    pub const fn name(self) -> &'static str {
        match self {
            Target::Config => "config",
            Target::Transcript => "transcript",
            Target::Server => "server",
            Target::TranscriptAndServer => "transcript, server",
            Target::ConfigAndServer => "config, server",
            Target::Any => "any",
        }
    }
}

/// The stability of a rule. A code is never reused: a removed rule keeps its entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RuleStatus {
    /// New; may still change.
    Preview {
        /// Version that introduced it.
        since: &'static str,
    },
    /// Stable: code, name and meaning are fixed.
    Stable {
        /// Version that stabilised it.
        since: &'static str,
    },
    /// No longer checked; the code stays reserved.
    Removed {
        /// Version that removed it.
        since: &'static str,
    },
}

impl fmt::Display for RuleStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RuleStatus::Preview { since } => write!(f, "preview since {since}"),
            RuleStatus::Stable { since } => write!(f, "stable since {since}"),
            RuleStatus::Removed { since } => write!(f, "removed in {since}"),
        }
    }
}

/// Everything mcpvet knows about a rule: its stable code, kebab-case name, family, default
/// severity, status, what it inspects and its documentation page (Markdown).
///
/// Declare one with [`declare_rule!`](crate::declare_rule): the doc comment becomes the page.
#[derive(Debug)]
pub struct RuleMeta {
    /// Stable code, e.g. `MCP301`.
    pub code: RuleCode,
    /// Kebab-case name, e.g. `plaintext-credential`.
    pub name: &'static str,
    /// Family (the code's hundreds digit).
    pub family: Family,
    /// Severity unless configured otherwise.
    pub default_severity: Severity,
    /// Stability.
    pub status: RuleStatus,
    /// What it inspects.
    pub target: Target,
    /// The documentation page body, as written in the doc comment.
    pub docs: &'static str,
    /// Source file that declares the rule (relative to its crate's manifest directory's parent).
    pub source: &'static str,
}

impl RuleMeta {
    /// A diagnostic of this rule at its default severity.
    pub fn diagnostic(&self, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(self.code, self.default_severity, span, message)
    }

    /// A diagnostic of this rule at its default severity at `at`: a span, or a value whose
    /// JSON path the diagnostic then carries (`mcpvet_json::Value` converts into a
    /// [`Site`]). For findings that [`Reporter::report`](crate::Reporter::report) does not
    /// fit (no help, secondary labels, a fix).
    pub fn diagnostic_at(&self, at: impl Into<Site>, message: impl Into<String>) -> Diagnostic {
        let site = at.into();
        let d = self.diagnostic(site.span(), message);
        match site.path() {
            Some(path) => d.with_path(path.clone()),
            None => d,
        }
    }

    /// The documentation, with the one-space indentation of doc comments removed.
    pub fn docs(&self) -> String {
        let mut out = String::with_capacity(self.docs.len());
        for line in self.docs.lines() {
            out.push_str(line.strip_prefix(' ').unwrap_or(line));
            out.push('\n');
        }
        out.trim().to_owned() + "\n"
    }

    /// The first paragraph of the documentation: one sentence that summarises the rule.
    pub fn summary(&self) -> String {
        let docs = self.docs();
        docs.split("\n\n")
            .next()
            .unwrap_or("")
            .lines()
            .map(str::trim)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Declares a rule as a `static` [`RuleMeta`]; the doc comment is its documentation page.
///
/// ```
/// mcpvet_diagnostics::declare_rule! {
///     /// Flags something.
///     ///
///     /// ## What it checks
///     /// ...
///     pub static EXAMPLE_RULE = {
///         code: "MCP599",
///         name: "example-rule",
///         severity: Warning,
///         target: Config,
///         since: "0.1.0",
///     }
/// }
/// assert_eq!(EXAMPLE_RULE.summary(), "Flags something.");
/// assert_eq!(EXAMPLE_RULE.family, mcpvet_diagnostics::Family::Tools); // from the code
/// ```
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis static $name:ident = {
            code: $code:literal,
            name: $rule_name:literal,
            severity: $severity:ident,
            target: $target:ident,
            since: $since:literal $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        $vis static $name: $crate::RuleMeta = $crate::RuleMeta {
            code: $crate::RuleCode::new($code),
            name: $rule_name,
            family: $crate::Family::of_code($crate::RuleCode::new($code)),
            default_severity: $crate::Severity::$severity,
            status: $crate::RuleStatus::Preview { since: $since },
            target: $crate::Target::$target,
            docs: concat!($($doc, "\n"),*),
            source: file!(),
        };
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::declare_rule! {
        /// Reports a thing in
        /// two lines.
        ///
        /// ## What it checks
        ///
        /// Things.
        static SAMPLE = {
            code: "MCP201",
            name: "sample",
            severity: Warning,
            target: Config,
            since: "0.1.0",
        }
    }

    #[test]
    fn declared_rule() {
        assert_eq!(SAMPLE.code.as_str(), "MCP201");
        assert_eq!(SAMPLE.summary(), "Reports a thing in two lines.");
        assert!(
            SAMPLE
                .docs()
                .starts_with("Reports a thing in\ntwo lines.\n\n## What it checks\n\nThings.\n")
        );
        assert_eq!(SAMPLE.family.digit(), SAMPLE.code.family());
        let d = SAMPLE.diagnostic(Span::new(1, 2), "m");
        assert_eq!((d.code(), d.severity()), (SAMPLE.code, Severity::Warning));
        assert!(SAMPLE.source.ends_with("rule.rs"));
    }
}
