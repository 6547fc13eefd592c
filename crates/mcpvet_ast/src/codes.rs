//! Rule codes emitted while lowering (families 0 and 1).
use mcpvet_diagnostics::RuleCode;

/// `unsupported-format`: the file is in a format mcpvet does not read (TOML, YAML...).
pub const UNSUPPORTED_FORMAT: RuleCode = RuleCode::new("MCP009");
/// `not-an-mcp-file`: well-formed, but neither an MCP configuration nor a captured session.
pub const NOT_MCP: RuleCode = RuleCode::new("MCP010");
/// `wrong-type`: a field has the wrong JSON type.
pub const WRONG_TYPE: RuleCode = RuleCode::new("MCP011");
/// `missing-field`: a required field is absent.
pub const MISSING_FIELD: RuleCode = RuleCode::new("MCP012");
/// `unknown-field`: a configuration field the detected client does not know.
pub const UNKNOWN_FIELD: RuleCode = RuleCode::new("MCP101");
