//! The catalog entries (documentation pages) of the findings this crate emits.
use mcpvet_diagnostics::{RuleMeta, declare_rule};

declare_rule! {
    /// The input is not well-formed TOML.
    ///
    /// ## What it checks
    ///
    /// A TOML input (OpenAI Codex's `config.toml`) must follow TOML 1.1: `key = value` pairs,
    /// closed strings, arrays and inline tables, values of a known kind, and TOML's rules on
    /// names: no key defined twice, no table (`[mcp_servers.docs]`) defined twice, no key
    /// added to an inline table after it is closed. The first error is reported at its exact
    /// position with the parser's description; the file is not read further, so no other
    /// finding is made on it.
    ///
    /// ## Why it matters
    ///
    /// Codex reads its whole configuration with one TOML parser: a file that does not parse
    /// starts no server at all, and Codex stops with an error before its first turn.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```toml file=config.toml
    /// [mcp_servers.docs]
    /// command = "npx"
    /// command = "uvx"
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```toml file=config.toml
    /// [mcp_servers.docs]
    /// command = "npx"
    /// args = ["-y", "docs-mcp"]
    /// ```
    ///
    /// ## References
    ///
    /// - TOML v1.1.0 (toml.io): keys, tables, inline tables
    pub static TOML_SYNTAX_ERROR = {
        code: "MCP015",
        name: "toml-syntax-error",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// Well-formed TOML that has no JSON form.
    ///
    /// ## What it checks
    ///
    /// mcpvet checks a TOML input as the JSON it denotes. TOML's special floats `nan` and
    /// `inf` (`+inf`, `-inf`, `+nan`, `-nan`) have no JSON equivalent: each is read as the
    /// string written. (Datetimes are read as the strings written, without a finding; integers
    /// and other floats keep their values.)
    ///
    /// ## Why it matters
    ///
    /// Client configurations are checked as JSON values: no setting of an MCP client takes a
    /// non-finite number, so such a value is a mistake, and the finding says plainly how it
    /// was read.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```toml file=config.toml
    /// [mcp_servers.docs]
    /// command = "npx"
    /// startup_timeout_sec = inf
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```toml file=config.toml
    /// [mcp_servers.docs]
    /// command = "npx"
    /// startup_timeout_sec = 30
    /// ```
    ///
    /// ## References
    ///
    /// - TOML v1.1.0 (toml.io): Float (special float values)
    pub static TOML_NOT_REPRESENTABLE = {
        code: "MCP016",
        name: "toml-not-representable",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

/// Every rule of this crate, in code order.
pub fn rules() -> &'static [&'static RuleMeta] {
    RULES
}

static RULES: &[&RuleMeta] = &[&TOML_SYNTAX_ERROR, &TOML_NOT_REPRESENTABLE];
