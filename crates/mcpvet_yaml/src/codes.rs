//! Rule codes of the findings this crate emits (family 0: syntax and structure).
use mcpvet_diagnostics::RuleCode;

/// `yaml-syntax-error`: the text is not well-formed YAML.
pub const SYNTAX: RuleCode = RuleCode::new("MCP013");
/// `yaml-not-representable`: well-formed YAML with no JSON form (a collection as a key, a
/// second document, `.inf`, an alias bomb).
pub const UNSUPPORTED: RuleCode = RuleCode::new("MCP014");
