//! The catalog entries (documentation pages) of the findings this crate emits.
use mcpvet_diagnostics::{RuleMeta, declare_rule};

declare_rule! {
    /// The input is not well-formed YAML.
    ///
    /// ## What it checks
    ///
    /// A YAML input (a recorder cassette written in YAML) must follow YAML 1.2: consistent
    /// indentation, closed quotes and brackets, no tab indentation, one value per key, aliases
    /// that name an anchor defined before them. The first error is reported at its exact
    /// position with the parser's description; nothing after it is read, so no other finding
    /// is made on the file.
    ///
    /// ## Why it matters
    ///
    /// The tools that write and read these files stop at the same error: a cassette that does
    /// not parse replays nothing, and a configuration that does not parse starts no server.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```yaml file=cassette.yaml transcript
    /// interactions:
    /// - request: {"jsonrpc": "2.0", "id": 1, "method": "ping"
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```yaml file=cassette.yaml transcript
    /// interactions:
    /// - request: {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    /// ```
    ///
    /// ## References
    ///
    /// - YAML Ain't Markup Language (YAML) version 1.2.2, chapters 6 to 9
    pub static YAML_SYNTAX_ERROR = {
        code: "MCP013",
        name: "yaml-syntax-error",
        severity: Error,
        target: Any,
        since: "0.1.0",
    }
}

declare_rule! {
    /// Well-formed YAML that has no JSON form.
    ///
    /// ## What it checks
    ///
    /// mcpvet checks a YAML input as the JSON it denotes. A few YAML constructs have no JSON
    /// equivalent: a mapping key that is itself a mapping or a sequence (read as the key
    /// `?`), a float `.inf` or `.nan` (read as a string), a second document in the same file
    /// (not read), and aliases that expand the document to more than 16 times its size (the
    /// file is not read).
    ///
    /// ## Why it matters
    ///
    /// MCP messages and client configurations are JSON values: a recorder or client that
    /// reads such a construct either fails or reads something other than what was written.
    /// The finding also says plainly which part of the file was not inspected.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```yaml file=cassette.yaml transcript
    /// interactions: []
    /// ---
    /// interactions: []
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```yaml file=cassette.yaml transcript
    /// interactions: []
    /// ```
    ///
    /// ## References
    ///
    /// - YAML 1.2.2, 10.2 JSON Schema and 10.3 Core Schema
    pub static YAML_NOT_REPRESENTABLE = {
        code: "MCP014",
        name: "yaml-not-representable",
        severity: Warning,
        target: Any,
        since: "0.1.0",
    }
}

/// Every rule of this crate, in code order.
pub fn rules() -> &'static [&'static RuleMeta] {
    RULES
}

static RULES: &[&RuleMeta] = &[&YAML_SYNTAX_ERROR, &YAML_NOT_REPRESENTABLE];
