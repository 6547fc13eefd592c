//! The changes a diff finds, and how each is classified.
use mcpvet_text::Span;

use crate::interface::ItemKind;

/// How a change affects the clients of a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Clients written against the old interface keep working.
    Compatible,
    /// Clients written against the old interface may fail, or the tool now does more than
    /// it was approved for (risk changes of annotations).
    Breaking,
}

impl Level {
    /// `compatible` or `breaking`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Level::Compatible => "compatible",
            Level::Breaking => "breaking",
        }
    }
}

/// What changed. [`ChangeKind::as_str`] is the stable name the JSON output and the
/// documentation's classification table use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum ChangeKind {
    /// A server only the new file has.
    ServerAdded,
    /// A server only the old file has.
    ServerRemoved,
    /// An item only the new file has.
    ItemAdded,
    /// An item only the old file has.
    ItemRemoved,
    /// An item listed under a new name (or URI) with the same description and schemas.
    ItemRenamed,
    /// The item's `description` changed.
    DescriptionChanged,
    /// The item's `title` changed.
    TitleChanged,
    /// Another member of the item changed (a resource's `name`, a prompt's `template`...).
    MemberChanged,
    /// A resource's or template's `mimeType` changed.
    MimeTypeChanged,
    /// A tool's output schema appeared.
    OutputSchemaAdded,
    /// A tool's output schema was removed.
    OutputSchemaRemoved,
    /// A property appeared in a schema.
    PropertyAdded,
    /// A property of a schema was removed.
    PropertyRemoved,
    /// A property became required.
    RequiredAdded,
    /// A property is no longer required.
    RequiredRemoved,
    /// A schema accepts fewer types.
    TypeNarrowed,
    /// A schema accepts more types.
    TypeWidened,
    /// A schema's types changed both ways.
    TypeChanged,
    /// A value was added to an `enum`.
    EnumValueAdded,
    /// A value was removed from an `enum`.
    EnumValueRemoved,
    /// `additionalProperties: false` appeared.
    AdditionalPropertiesClosed,
    /// `additionalProperties: false` went away.
    AdditionalPropertiesOpened,
    /// A validation keyword (`minimum`, `pattern`, `oneOf`...) was added, removed or changed.
    ConstraintChanged,
    /// An annotation keyword of a schema (`description`, `title`, `default`, `examples`)
    /// changed.
    SchemaAnnotationChanged,
    /// A `$ref` that cannot be followed in its document changed.
    RefChanged,
    /// A tool annotation changed in the direction of more risk: `readOnlyHint` turned off,
    /// `destructiveHint` or `openWorldHint` turned on.
    AnnotationRisk,
    /// Another tool annotation change.
    AnnotationChanged,
    /// A prompt argument appeared.
    ArgumentAdded,
    /// A prompt argument was removed.
    ArgumentRemoved,
    /// A prompt argument became required.
    ArgumentRequired,
    /// A prompt argument is no longer required.
    ArgumentOptional,
}

impl ChangeKind {
    /// The kebab-case name (`property-added`).
    pub const fn as_str(self) -> &'static str {
        match self {
            ChangeKind::ServerAdded => "server-added",
            ChangeKind::ServerRemoved => "server-removed",
            ChangeKind::ItemAdded => "item-added",
            ChangeKind::ItemRemoved => "item-removed",
            ChangeKind::ItemRenamed => "item-renamed",
            ChangeKind::DescriptionChanged => "description-changed",
            ChangeKind::TitleChanged => "title-changed",
            ChangeKind::MemberChanged => "member-changed",
            ChangeKind::MimeTypeChanged => "mime-type-changed",
            ChangeKind::OutputSchemaAdded => "output-schema-added",
            ChangeKind::OutputSchemaRemoved => "output-schema-removed",
            ChangeKind::PropertyAdded => "property-added",
            ChangeKind::PropertyRemoved => "property-removed",
            ChangeKind::RequiredAdded => "required-added",
            ChangeKind::RequiredRemoved => "required-removed",
            ChangeKind::TypeNarrowed => "type-narrowed",
            ChangeKind::TypeWidened => "type-widened",
            ChangeKind::TypeChanged => "type-changed",
            ChangeKind::EnumValueAdded => "enum-value-added",
            ChangeKind::EnumValueRemoved => "enum-value-removed",
            ChangeKind::AdditionalPropertiesClosed => "additional-properties-closed",
            ChangeKind::AdditionalPropertiesOpened => "additional-properties-opened",
            ChangeKind::ConstraintChanged => "constraint-changed",
            ChangeKind::SchemaAnnotationChanged => "schema-annotation-changed",
            ChangeKind::RefChanged => "ref-changed",
            ChangeKind::AnnotationRisk => "annotation-risk",
            ChangeKind::AnnotationChanged => "annotation-changed",
            ChangeKind::ArgumentAdded => "argument-added",
            ChangeKind::ArgumentRemoved => "argument-removed",
            ChangeKind::ArgumentRequired => "argument-required",
            ChangeKind::ArgumentOptional => "argument-optional",
        }
    }
}

/// One difference between the old and the new interface.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// Breaking or compatible.
    pub level: Level,
    /// What changed.
    pub kind: ChangeKind,
    /// A risk change (the tool now may do more than it was approved for), reported as
    /// breaking.
    pub risk: bool,
    /// The server's name (the new file's, else the old file's), when it has one.
    pub server: Option<String>,
    /// The kind of item, unless the change is about a server.
    pub item_kind: Option<ItemKind>,
    /// The item's key in the new file (in the old file for a removed item).
    pub item: Option<String>,
    /// For a renamed item: its key in the old file.
    pub old_item: Option<String>,
    /// JSON Pointer of the changed value inside the item (`/inputSchema/properties/query`);
    /// empty for the item itself.
    pub pointer: String,
    /// The schema property, prompt argument or annotation the change is about, as a dotted
    /// path (`filters.since`, `items[]`), when there is one.
    pub subject: Option<String>,
    /// What changed, in a sentence (names, properties, types and enum values; never a
    /// description's or a default's text).
    pub message: String,
    /// Where the old file shows it.
    pub old: Option<Span>,
    /// Where the new file shows it.
    pub new: Option<Span>,
}

impl Change {
    /// The sort key of a diff's changes: server, item kind, item, pointer, kind.
    pub(crate) fn sort_key(&self) -> impl Ord + '_ {
        (
            self.server.as_deref(),
            self.item_kind,
            self.item.as_deref(),
            self.pointer.as_str(),
            self.kind,
            self.subject.as_deref(),
        )
    }
}
