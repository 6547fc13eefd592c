//! Rule codes of the findings this crate emits (family 0: syntax and structure).
use mcpvet_diagnostics::RuleCode;

/// `toml-syntax-error`: the text is not well-formed TOML.
pub const SYNTAX: RuleCode = RuleCode::new("MCP015");
/// `toml-not-representable`: well-formed TOML with no JSON form (`nan`, `inf`).
pub const UNSUPPORTED: RuleCode = RuleCode::new("MCP016");
