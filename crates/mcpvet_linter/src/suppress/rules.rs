//! The catalog entries of the findings about suppression comments (family 0).
use mcpvet_diagnostics::{RuleMeta, declare_rule};

declare_rule! {
    /// A `mcpvet-ignore` comment names no rule, an unknown rule, or gives no reason.
    ///
    /// ## What it checks
    ///
    /// A suppression comment is `mcpvet-ignore` (or `mcpvet-ignore-file`), then one or more
    /// rule codes or names separated by commas, then `:` and the reason:
    /// `// mcpvet-ignore MCP210: started by our wrapper, which sets the folder`. It is
    /// reported when it names no rule, names a rule that does not exist (a typo, a code
    /// that was never allocated), names one of the two suppression rules themselves (they
    /// cannot be suppressed by a comment: turn them off in `mcpvet.toml`), or gives no
    /// reason after the `:`. A comment without a reason still suppresses what it names; an
    /// unknown rule suppresses nothing.
    ///
    /// ## Why it matters
    ///
    /// A suppression hides a finding from everyone who reads the report later. The reason
    /// tells them why it is safe; a misspelt code silently hides nothing while the author
    /// believes the finding is handled. Teams that want every suppression justified set
    /// this rule to `error` in `mcpvet.toml`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "servers": {
    ///     // mcpvet-ignore MCP101
    ///     "docs": {"type": "stdio", "command": "docs-mcp", "colour": "blue"}
    ///   }
    /// }
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "servers": {
    ///     // mcpvet-ignore unknown-field: our fork of the client reads `colour`
    ///     "docs": {"type": "stdio", "command": "docs-mcp", "colour": "blue"}
    ///   }
    /// }
    /// ```
    ///
    /// ## References
    ///
    /// - mcpvet documentation: `docs/configuration.md` (suppression comments)
    pub static INVALID_SUPPRESSION = {
        code: "MCP017",
        name: "invalid-suppression",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A `mcpvet-ignore` comment suppresses nothing.
    ///
    /// ## What it checks
    ///
    /// Each rule a suppression comment names must suppress a finding: a `mcpvet-ignore`
    /// comment one of the findings of that rule on the line it applies to (its own line when
    /// the comment ends a line of content, else the next line with content), a
    /// `mcpvet-ignore-file` comment one anywhere in the file. Each rule that suppressed
    /// nothing is reported at its code in the comment.
    ///
    /// ## Why it matters
    ///
    /// A suppression left behind after its finding was fixed (or after the line moved) would
    /// hide the next, unrelated finding of that rule on that line without anyone deciding
    /// it should. Removing stale suppressions keeps each one a reviewed decision.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "servers": {
    ///     // mcpvet-ignore MCP205: internal host, reviewed in 2025
    ///     "docs": {"type": "http", "url": "https://docs.example.com/mcp"}
    ///   }
    /// }
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {
    ///   "servers": {
    ///     // mcpvet-ignore MCP205: internal host, reviewed in 2025
    ///     "docs": {"type": "http", "url": "http://docs.internal.example.com/mcp"}
    ///   }
    /// }
    /// ```
    ///
    /// ## References
    ///
    /// - mcpvet documentation: `docs/configuration.md` (suppression comments)
    pub static UNUSED_SUPPRESSION = {
        code: "MCP018",
        name: "unused-suppression",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

/// The rules of suppression comments, in code order.
pub(crate) static RULES: &[&RuleMeta] = &[&INVALID_SUPPRESSION, &UNUSED_SUPPRESSION];
