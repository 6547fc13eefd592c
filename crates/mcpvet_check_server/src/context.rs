//! What every rule of this crate reads: the definition, and a few words and places for its
//! messages.
use mcpvet_ast::definition::{DefinitionFile, Item};
use mcpvet_json::{NodeId, Value};

pub(crate) use mcpvet_schema::short;

/// The definition being checked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cx<'f, 'a> {
    /// The definition.
    pub(crate) file: &'f DefinitionFile<'a>,
}

impl<'f, 'a> Cx<'f, 'a> {
    pub(crate) fn new(file: &'f DefinitionFile<'a>) -> Self {
        Cx { file }
    }

    /// The root value, when the document has one.
    pub(crate) fn root(self) -> Option<Value<'f>> {
        self.file.root()
    }

    /// The JSON view of node `id`.
    pub(crate) fn value(self, id: NodeId) -> Value<'f> {
        self.file.value(id)
    }

    /// The item's name for a message (`` `find_customer` ``), or its kind and position
    /// when it has no string name (`tool #2`).
    pub(crate) fn item_name(self, item: &Item) -> String {
        if let Some(n) = &item.name {
            return format!("`{}`", name(&n.value));
        }
        let index = self
            .file
            .items
            .iter()
            .filter(|i| i.kind == item.kind)
            .position(|i| i.node == item.node)
            .unwrap_or(0);
        format!("{} #{}", item.kind.name(), index + 1)
    }
}

/// A name for a message: backquotes and control characters replaced, cut at 60 characters.
pub(crate) fn name(text: &str) -> String {
    short(text, 60)
}

/// Where a finding about an object as a whole points: its opening brace, with the object's
/// path (the whole value for other kinds).
pub(crate) fn opening(value: Value<'_>) -> mcpvet_diagnostics::Site {
    let span = value.span();
    if value.kind() == mcpvet_json::ValueKind::Object && !span.is_empty() {
        mcpvet_diagnostics::Site::new(
            mcpvet_text::Span::new(span.start, span.start + 1),
            Some(value.path()),
        )
    } else {
        value.into()
    }
}
