//! Server definitions: what an MCP server advertises, read before anyone connects.
//!
//! Four formats, detected from the content ([`detect_format`]) or forced:
//!
//! - [`DefinitionFormat::Listing`]: a captured `tools/list`, `prompts/list`, `resources/list`
//!   or `resources/templates/list` result: the JSON-RPC response, its `result` object alone,
//!   or a JSON array of several of either;
//! - [`DefinitionFormat::Registry`]: the MCP registry's `server.json` (packages, remotes,
//!   their arguments, environment variables and headers);
//! - [`DefinitionFormat::Manifest`]: a desktop extension manifest (MCPB `manifest.json`,
//!   manifest versions 0.1 to 0.4; `dxt_version` in the oldest);
//! - [`DefinitionFormat::Definition`]: the neutral server-definition file of hosted
//!   server builders (`docs/server-definition.md`): tools with request and response schemas,
//!   resources, prompt templates, settings, publishing data.
//!
//! [`read_definition`] parses the text as JSON (comments and trailing commas are recorded;
//! MCP003/MCP004 report them, as every format here is strict JSON), decides the format and
//! collects what the checks and the summary share: the [`Item`]s the server advertises
//! (tools, prompts, resources, resource templates) with their schema fields, the
//! [`Listing`]s of a captured listing, and the [`Credential`] fields where a secret may be
//! written. Every other rule reads the document itself, through [`DefinitionFile::value`].
//!
//! ```
//! use mcpvet_ast::definition::{DefinitionFormat, ItemKind, SchemaRole, read_definition};
//!
//! let text = r#"{"tools": [{"name": "read_file", "inputSchema": {"type": "object"}}]}"#;
//! let outcome = read_definition(text, Some("tools.json"), None);
//! let file = &outcome.value;
//! assert_eq!(file.format, DefinitionFormat::Listing);
//! let tool = &file.items[0];
//! assert_eq!((tool.kind, tool.name.as_ref().unwrap().value.as_str()), (ItemKind::Tool, "read_file"));
//! assert_eq!(tool.schemas[0].role, SchemaRole::Input);
//! assert!(tool.schemas[0].node.is_some());
//! assert!(outcome.diagnostics.is_empty());
//! ```
mod collect;
mod detect;

use mcpvet_diagnostics::{Diagnostic, JsonPath, Severity};
use mcpvet_json::{JsonDocument, JsonOptions, NodeId, Value, ValueKind};
use mcpvet_text::Span;

pub use detect::{detect_format, looks_like_definition};

use crate::LowerOutcome;
use crate::codes;
use crate::config::StringValue;

/// The format of a server definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DefinitionFormat {
    /// A captured list result (or several).
    Listing,
    /// The MCP registry's `server.json`.
    Registry,
    /// A desktop extension manifest (MCPB).
    Manifest,
    /// The neutral server-definition file.
    Definition,
}

impl DefinitionFormat {
    /// Every format, in the order `--input-format` lists them.
    pub const ALL: [DefinitionFormat; 4] = [
        DefinitionFormat::Listing,
        DefinitionFormat::Registry,
        DefinitionFormat::Manifest,
        DefinitionFormat::Definition,
    ];

    /// `listing`, `server-json`, `mcpb-manifest` or `definition`: the `--input-format` value
    /// and the name in reports.
    pub const fn name(self) -> &'static str {
        match self {
            DefinitionFormat::Listing => "listing",
            DefinitionFormat::Registry => "server-json",
            DefinitionFormat::Manifest => "mcpb-manifest",
            DefinitionFormat::Definition => "definition",
        }
    }

    /// What the format is, for people: "a captured tool listing"...
    pub const fn description(self) -> &'static str {
        match self {
            DefinitionFormat::Listing => "a captured list result",
            DefinitionFormat::Registry => "an MCP registry server.json",
            DefinitionFormat::Manifest => "a desktop extension manifest (MCPB)",
            DefinitionFormat::Definition => "a server definition",
        }
    }

    /// The format named `name` ([`Self::name`]; also `registry`, `server.json`, `mcpb`,
    /// `manifest`).
    pub fn parse(name: &str) -> Option<DefinitionFormat> {
        match name {
            "listing" => Some(DefinitionFormat::Listing),
            "server-json" | "server.json" | "registry" => Some(DefinitionFormat::Registry),
            "mcpb-manifest" | "mcpb" | "manifest" | "dxt" => Some(DefinitionFormat::Manifest),
            "definition" => Some(DefinitionFormat::Definition),
            _ => None,
        }
    }
}

/// What an advertised item is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ItemKind {
    /// A tool.
    Tool,
    /// A prompt.
    Prompt,
    /// A resource.
    Resource,
    /// A resource template (`resources/templates/list`).
    Template,
}

impl ItemKind {
    /// Every kind, in the order outputs list them.
    pub const ALL: [ItemKind; 4] = [
        ItemKind::Tool,
        ItemKind::Prompt,
        ItemKind::Resource,
        ItemKind::Template,
    ];

    /// `tool`, `prompt`, `resource` or `resource template`.
    pub const fn name(self) -> &'static str {
        match self {
            ItemKind::Tool => "tool",
            ItemKind::Prompt => "prompt",
            ItemKind::Resource => "resource",
            ItemKind::Template => "resource template",
        }
    }

    /// The list method that returns items of this kind.
    pub const fn list_method(self) -> &'static str {
        match self {
            ItemKind::Tool => "tools/list",
            ItemKind::Prompt => "prompts/list",
            ItemKind::Resource => "resources/list",
            ItemKind::Template => "resources/templates/list",
        }
    }

    /// The member of a list result that holds items of this kind.
    pub const fn list_member(self) -> &'static str {
        match self {
            ItemKind::Tool => "tools",
            ItemKind::Prompt => "prompts",
            ItemKind::Resource => "resources",
            ItemKind::Template => "resourceTemplates",
        }
    }

    /// The kind whose list result holds `member` (`tools`, `prompts`...).
    pub fn from_list_member(member: &str) -> Option<ItemKind> {
        ItemKind::ALL
            .into_iter()
            .find(|k| k.list_member() == member)
    }
}

/// Which schema field of an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SchemaRole {
    /// `inputSchema` of a listed tool.
    Input,
    /// `outputSchema` of a listed tool.
    Output,
    /// `requestSchema` of a defined tool (its arguments).
    Request,
    /// `responseSchema` of a defined tool (its result).
    Response,
}

impl SchemaRole {
    /// The member name.
    pub const fn member(self) -> &'static str {
        match self {
            SchemaRole::Input => "inputSchema",
            SchemaRole::Output => "outputSchema",
            SchemaRole::Request => "requestSchema",
            SchemaRole::Response => "responseSchema",
        }
    }

    /// Whether the schema describes the arguments of a tool, whose root must be an object.
    pub const fn is_input(self) -> bool {
        matches!(self, SchemaRole::Input | SchemaRole::Request)
    }
}

/// A schema field of an item, present or not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaSlot {
    /// Which field.
    pub role: SchemaRole,
    /// Its value; `None` when the item has no such member.
    pub node: Option<NodeId>,
}

/// One tool, prompt, resource or resource template the server advertises.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// What it is.
    pub kind: ItemKind,
    /// The item's value (an object when well-formed).
    pub node: NodeId,
    /// Its span.
    pub span: Span,
    /// Its JSON path.
    pub path: JsonPath,
    /// Its `name`, when that is a string.
    pub name: Option<StringValue>,
    /// The schema fields this kind of item has in this format (listed tools: input and
    /// output; defined tools: request and response; others: none).
    pub schemas: Vec<SchemaSlot>,
}

/// One list result of a captured listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The kind of its items.
    pub kind: ItemKind,
    /// The result object.
    pub result: NodeId,
    /// The JSON-RPC response around it, when the listing is a whole response.
    pub response: Option<NodeId>,
}

/// What kind of secret a [`Credential`] field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CredentialKind {
    /// A password (`authentication.password` of basic authentication).
    Password,
    /// An API key's value (`authentication.value`).
    ApiKey,
    /// The value of an HTTP header.
    Header,
    /// The value of an environment variable.
    Env,
    /// The value of a command-line argument.
    Argument,
    /// The default of a user setting marked sensitive.
    Setting,
}

impl CredentialKind {
    /// For messages: `password`, `API key`, `header`, `environment variable`, `argument`,
    /// `setting`.
    pub const fn name(self) -> &'static str {
        match self {
            CredentialKind::Password => "password",
            CredentialKind::ApiKey => "API key",
            CredentialKind::Header => "header",
            CredentialKind::Env => "environment variable",
            CredentialKind::Argument => "argument",
            CredentialKind::Setting => "setting",
        }
    }
}

/// A field of a definition that holds, or may hold, a secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credential {
    /// What kind of field.
    pub kind: CredentialKind,
    /// The name of the header, variable, argument or setting; `None` for passwords and API
    /// keys.
    pub name: Option<String>,
    /// The value as written (a string).
    pub value: StringValue,
    /// The format says the field is secret (`isSecret: true`, `sensitive: true`, a password
    /// or an API key), whatever its name.
    pub declared_secret: bool,
}

/// A lowered server definition. Owns its [`JsonDocument`].
#[derive(Debug)]
pub struct DefinitionFile<'a> {
    document: JsonDocument<'a>,
    /// The format.
    pub format: DefinitionFormat,
    /// Why that format, in a few words.
    pub reason: String,
    /// The server's name (`name` of a registry entry, manifest or definition).
    pub name: Option<StringValue>,
    /// The server's version (`version`, or `publish.version` of a definition).
    pub version: Option<StringValue>,
    /// Every advertised item, in source order.
    pub items: Vec<Item>,
    /// The list results of a captured listing, in source order.
    pub listings: Vec<Listing>,
    /// Every field that may hold a secret, in source order.
    pub credentials: Vec<Credential>,
}

impl<'a> DefinitionFile<'a> {
    /// The parsed document.
    pub fn document(&self) -> &JsonDocument<'a> {
        &self.document
    }

    /// The root value, when there is one.
    pub fn root(&self) -> Option<Value<'_>> {
        self.document.root()
    }

    /// The JSON view of node `id`.
    ///
    /// # Panics
    ///
    /// When `id` does not come from this file.
    pub fn value(&self, id: NodeId) -> Value<'_> {
        self.document.value(id)
    }

    /// The items of kind `kind`.
    pub fn items_of(&self, kind: ItemKind) -> impl Iterator<Item = &Item> {
        self.items.iter().filter(move |i| i.kind == kind)
    }
}

/// Reads a server definition: parses it (JSON; comments and trailing commas are reported as
/// MCP003/MCP004), decides its format from the content unless `format` is given (the file
/// name `server.json` or `manifest.json` helps when the content alone does not tell), and
/// collects its items, listings and credential fields. Never fails: problems are
/// diagnostics, and a document that is none of the formats gets one `not-an-mcp-file`
/// (MCP010) and is read as a neutral definition.
pub fn read_definition<'a>(
    text: &'a str,
    file_name: Option<&str>,
    format: Option<DefinitionFormat>,
) -> LowerOutcome<DefinitionFile<'a>> {
    let outcome = mcpvet_json::parse(text, &JsonOptions::jsonc());
    let mut diagnostics = outcome.diagnostics;
    let document = outcome.value;
    crate::lower::strict_json(
        &document,
        "a server definition, which is read as strict JSON",
        Severity::Error,
        &mut diagnostics,
    );
    let root = document.root().filter(|r| r.kind() != ValueKind::Error);
    let detected = root.and_then(|r| detect_format(r, file_name));
    let (format, reason) = match (format, detected) {
        (Some(f), _) => (f, "forced".to_owned()),
        (None, Some((f, why))) => (f, why.to_owned()),
        (None, None) => {
            if let Some(root) = root {
                diagnostics.push(not_a_definition(root));
            }
            (
                DefinitionFormat::Definition,
                "none of the formats: read as a definition".to_owned(),
            )
        }
    };
    let collected = root
        .map(|r| collect::collect(r, format))
        .unwrap_or_default();
    LowerOutcome {
        value: DefinitionFile {
            document,
            format,
            reason,
            name: collected.name,
            version: collected.version,
            items: collected.items,
            listings: collected.listings,
            credentials: collected.credentials,
        },
        diagnostics,
    }
}

fn not_a_definition(root: Value<'_>) -> Diagnostic {
    let (message, help) = if root.kind() == ValueKind::Object {
        (
            "this JSON object is not a server definition: it has no `tools`, `prompts` or \
             `resources` list, and is neither a registry `server.json` nor an MCPB manifest"
                .to_owned(),
            "pass a `tools/list` result, a `server.json`, a `manifest.json` or a definition \
             file (see `docs/server-definition.md`), or force one with `--input-format`",
        )
    } else {
        (
            format!(
                "this JSON {} is not a server definition, which is a JSON object",
                root.kind().name()
            ),
            "a captured listing looks like `{\"tools\": [...]}`",
        )
    };
    Diagnostic::new(
        codes::NOT_MCP,
        Severity::Error,
        crate::lower::object_opening(root),
        message,
    )
    .with_path(root.path())
    .with_help(help)
}

#[cfg(test)]
mod tests;
