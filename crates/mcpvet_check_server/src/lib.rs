//! Checks of MCP server definitions (`MCP6xx`): what a server advertises, judged before
//! anyone connects.
//!
//! Position in the pipeline: reads a [`DefinitionFile`] lowered by `mcpvet_ast` (a captured
//! listing, the registry's `server.json`, an MCPB manifest or a neutral definition file);
//! judges schema fields with `mcpvet_schema`. The facade (`mcpvet_linter`) runs [`check`],
//! and also runs the tools checks (`MCP5xx`) on every list result of a captured listing and
//! the secret checks (`MCP3xx`) on every credential field, so those rules are not copied
//! here. It does no I/O.
//!
//! # Schema states
//!
//! Every schema field of every advertised item ([`mcpvet_ast::definition::SchemaSlot`]) is
//! in one [`SchemaState`]: **valid** (a JSON Schema object that its meta-schema accepts,
//! with `"type": "object"` at the root of a tool's input or request schema), **incomplete**
//! (JSON that is not such a schema: an example payload, bare property schemas, a string, a
//! schema its meta-schema rejects), **default** (a definition's request or response schema
//! left out: the platform uses `{"type": "object", "properties": {}}`) or **missing** (a
//! listed tool without the `inputSchema` the protocol requires).
//!
//! ```
//! use mcpvet_ast::definition::read_definition;
//! use mcpvet_check_server::SchemaState;
//! use mcpvet_diagnostics::Findings;
//!
//! let text = r#"{"name": "weather", "tools": [{"name": "forecast", "description": "Forecast.",
//!   "type": "http", "method": "GET", "endpoint": "https://api.example.com", "path": "/forecast",
//!   "requestSchema": {"city": "Oslo", "days": 3}}], "publish": {"version": "1.0.0"}}"#;
//! let file = read_definition(text, None, None).value;
//! let mut findings = Findings::new();
//! let summary = mcpvet_check_server::check(&file, &mut findings);
//! let tool = &summary.items[0];
//! assert_eq!(tool.schemas[0].1, SchemaState::Incomplete);
//! assert_eq!(tool.schemas[1].1, SchemaState::Default);
//! let incomplete = findings.diagnostics().iter().find(|d| d.code().as_str() == "MCP601").unwrap();
//! let fix = incomplete.fix().unwrap();
//! let schema = fix.edits()[0].replacement();
//! assert!(schema.contains(r#""days": {"#) && schema.contains(r#""type": "integer""#));
//! ```
#![warn(clippy::disallowed_methods)]
#![warn(missing_docs)]

mod context;
mod formats;
mod rules;
mod state;

use mcpvet_ast::definition::{DefinitionFile, DefinitionFormat, ItemKind, SchemaRole};
use mcpvet_diagnostics::{Findings, Reporter, RuleMeta};
use mcpvet_text::Span;

pub use state::SchemaState;

use crate::context::Cx;

/// The rules of this crate, sorted by code.
pub fn rules() -> &'static [&'static RuleMeta] {
    rules::rules()
}

/// One advertised item, as the summary shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ItemSummary {
    /// Tool, prompt, resource or resource template.
    pub kind: ItemKind,
    /// Its name, when it has a string one.
    pub name: Option<String>,
    /// The span of the item.
    pub span: Span,
    /// Its JSON path.
    pub path: String,
    /// Each schema field the item has in its format, with its state.
    pub schemas: Vec<(SchemaRole, SchemaState)>,
}

/// What the checks of a definition found, besides findings.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DefinitionSummary {
    /// Every advertised item, in source order.
    pub items: Vec<ItemSummary>,
}

/// Runs every rule of this crate that applies to `file`'s format; findings (and the spans of
/// secrets, should a rule find one) go to `findings`. Returns the summary of the items and
/// the state of each schema field.
pub fn check(file: &DefinitionFile<'_>, findings: &mut Findings) -> DefinitionSummary {
    let cx = Cx::new(file);
    let mut report = Reporter::new(findings);
    rules::definition_structure::check(cx, &mut report);
    match file.format {
        DefinitionFormat::Listing => {}
        DefinitionFormat::Definition => {
            rules::schemas::check(cx, &mut report);
            rules::definition::check(cx, &mut report);
            rules::endpoints::check(cx, &mut report);
        }
        DefinitionFormat::Registry => rules::registry::check(cx, &mut report),
        DefinitionFormat::Manifest => rules::manifest::check(cx, &mut report),
    }
    DefinitionSummary {
        items: file
            .items
            .iter()
            .map(|item| ItemSummary {
                kind: item.kind,
                name: item.name.as_ref().map(|n| n.value.clone()),
                span: item.span,
                path: item.path.to_string(),
                schemas: item
                    .schemas
                    .iter()
                    .map(|slot| (slot.role, state::of(cx, slot)))
                    .collect(),
            })
            .collect(),
    }
}
