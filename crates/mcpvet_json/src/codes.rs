//! Rule codes of the findings this crate emits (family 0: syntax and structure).
//!
//! The catalog with names, default severities and documentation lives in `mcpvet_linter`.
use mcpvet_diagnostics::RuleCode;

/// `json-syntax-error`: the text is not well-formed JSON.
pub const SYNTAX: RuleCode = RuleCode::new("MCP001");
/// `duplicate-key`: an object has the same key twice.
pub const DUPLICATE_KEY: RuleCode = RuleCode::new("MCP002");
/// `comment-not-allowed`: a comment in strict JSON.
pub const COMMENT: RuleCode = RuleCode::new("MCP003");
/// `trailing-comma-not-allowed`: a comma before `]` or `}` in strict JSON.
pub const TRAILING_COMMA: RuleCode = RuleCode::new("MCP004");
/// `nesting-too-deep`: arrays and objects nested beyond the limit.
pub const NESTING: RuleCode = RuleCode::new("MCP005");
/// `lone-surrogate`: a `\u` escape of half a surrogate pair.
pub const LONE_SURROGATE: RuleCode = RuleCode::new("MCP006");
/// `byte-order-mark`: the input starts with a UTF-8 byte order mark.
pub const BOM: RuleCode = RuleCode::new("MCP007");
/// `invalid-utf8`: the input is not valid UTF-8.
pub const INVALID_UTF8: RuleCode = RuleCode::new("MCP008");
