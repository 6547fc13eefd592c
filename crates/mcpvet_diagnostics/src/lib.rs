//! Plain-data findings shared by every mcpvet crate.
//!
//! Position in the pipeline: just above [`mcpvet_text`]. The parser, the AST lowering and every
//! check produce [`Diagnostic`]s; renderers (in `mcpvet_linter`) turn them into text, JSON,
//! SARIF or GitHub annotations. Nothing here renders or does I/O.
//!
//! ```
//! use mcpvet_diagnostics::{Diagnostic, JsonPath, RuleCode, Severity};
//! use mcpvet_text::Span;
//!
//! let d = Diagnostic::new(RuleCode::new("MCP201"), Severity::Warning, Span::new(40, 63),
//!         "`url` uses plain http to a remote host")
//!     .with_path(JsonPath::root().key("mcpServers").key("docsApi").key("url"))
//!     .with_help("use an https:// URL");
//! assert_eq!(d.path().unwrap().to_string(), "$.mcpServers.docsApi.url");
//! assert_eq!(d.path().unwrap().to_pointer(), "/mcpServers/docsApi/url");
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

pub mod apply;
mod diagnostic;
mod findings;
mod path;
pub mod redact;
mod reporter;
mod rule;

pub use diagnostic::{Applicability, Diagnostic, Edit, Fix, Label, RuleCode, Severity};
pub use findings::Findings;
pub use path::{JsonPath, PathError, PathSegment};
pub use reporter::{Reporter, Site};
pub use rule::{Family, RuleMeta, RuleStatus, Target};
