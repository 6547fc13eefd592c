//! The mcpvet facade: the crate applications and the command line depend on.
//!
//! Position in the pipeline: the top library layer. Below it, [`mcpvet_text`] holds spans and
//! source files and [`mcpvet_diagnostics`] the plain-data findings; this crate turns findings
//! into output. It holds the one door every face goes through ([`inspect`]: bytes and a name
//! in, the kind detected when none is given), the [`lint_config`] / [`lint_transcript`] /
//! [`lint_server`] / [`lint_json`] entry points behind it, [`infer_schema`], which return a [`FileReport`], the pure half of the
//! streaming pipeline ([`stream`]), the rule registry ([`rules`], [`rule`], [`docs`]), and
//! every renderer ([`render`]): text with source snippets ([`render::text`], [`render::overview`]),
//! the versioned JSON report ([`render::json`]), SARIF 2.1.0 ([`render::sarif`]) and GitHub
//! annotations ([`render::github`]). Every renderer masks the report's redacted secrets.
//!
//! Like every library crate of the workspace it does no I/O: renderers return `String`s and
//! the caller decides where they go.
//!
//! The text renderer prints a finding rustc-style with a snippet of the source:
//!
//! ```
//! use mcpvet_diagnostics::{Diagnostic, RuleCode, Severity};
//! use mcpvet_linter::render::text::{render_diagnostic, TextOptions};
//! use mcpvet_text::{SourceFile, Span};
//!
//! let file = SourceFile::new("config.json", "{\"a\": tru}\n").unwrap();
//! let finding = Diagnostic::new(RuleCode::new("MCP001"), Severity::Error, Span::new(6, 9),
//!     "expected a value, found `tru`");
//! let text = render_diagnostic(&file, &finding, &TextOptions::default());
//! assert_eq!(text, "\
//! config.json:1:7: error[MCP001]: expected a value, found `tru`
//!   |
//! 1 | {\"a\": tru}
//!   |       ^^^
//! ");
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod across;
pub mod baseline;
mod config;
pub mod docs;
pub mod drift;
pub mod embed;
mod finish;
pub mod fix;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
pub mod i18n;
mod inspect;
mod json;
mod redact;
pub mod registry;
pub mod render;
mod report;
pub mod requirements;
mod risks;
mod runs;
mod server;
pub mod settings;
pub mod share;
pub mod stream;
mod suppress;
mod transcript;

pub use across::CrossFiles;
pub use config::{ConfigOptions, lint_config};
pub use inspect::{InspectOptions, inspect};
pub use json::{JsonCheckOptions, lint_json};
pub use mcpvet_ast::kind::{Detection, detect};
pub use mcpvet_check_risks::{Client, Clients};
pub use mcpvet_check_runlog::{Answer, Owner, RunPhase, RunSummary, TimeoutInfo};
pub use registry::{rule, rules};
pub use report::{
    Counts, DefinitionInfo, DialectInfo, FileReport, InputKind, ItemRow, MessageRow, RunInfo,
    ServerSummary, TranscriptInfo,
};
pub use runs::join_session;
pub use server::{InferError, ServerOptions, infer_schema, lint_server};
pub use transcript::{TranscriptOptions, lint_transcript};

/// The README's library example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
