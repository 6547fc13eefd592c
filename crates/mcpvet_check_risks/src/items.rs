//! One list of items: what each item's texts hold, and how long its descriptions are.
use std::borrow::Cow;
use std::fmt::Write as _;

use mcpvet_ast::definition::ItemKind;
use mcpvet_diagnostics::Reporter;
use mcpvet_json::{Value, ValueKind};

use crate::RisksOptions;
use crate::rules::{
    confusable_tool_name, hidden_characters, model_instructions, oversized_description,
    tool_incompatible_with_target,
};

/// Members whose text is read by the model as prose: where instructions to it hide.
const PROSE: [&str; 8] = [
    "description",
    "title",
    "template",
    "text",
    "instructions",
    "prompt",
    "content",
    "message",
];

/// A string of an item, with where it is.
#[derive(Debug)]
pub(crate) struct Field<'d> {
    /// The item the string belongs to.
    item: Value<'d>,
    /// The member name that holds it (`None` for an array element).
    pub(crate) key: Option<Cow<'d, str>>,
    pub(crate) value: Value<'d>,
}

impl Field<'_> {
    /// From the item to the string: `description`, `inputSchema.properties.path.description`
    /// (`[2]` for an array element). Written only for a message: most strings get none.
    pub(crate) fn path(&self) -> String {
        let mut path = String::new();
        let target = self.value.span();
        let mut current = self.item;
        // Each step goes down to the child whose span holds the string's (siblings do not
        // overlap), the way `fields` went down.
        while current.id() != self.value.id() {
            let next = match current.kind() {
                ValueKind::Object => current.members().find_map(|m| {
                    m.value.span().contains_span(target).then(|| {
                        if !path.is_empty() {
                            path.push('.');
                        }
                        path.push_str(&m.key_str());
                        m.value
                    })
                }),
                ValueKind::Array => current.items().enumerate().find_map(|(i, item)| {
                    item.span().contains_span(target).then(|| {
                        let _ = write!(path, "[{i}]");
                        item
                    })
                }),
                _ => None,
            };
            let Some(next) = next else {
                break;
            };
            current = next;
        }
        path
    }
}

/// Every string of `item` (object keys excluded), in source order.
pub(crate) fn fields(item: Value<'_>) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    let mut stack: Vec<(Option<Cow<'_, str>>, Value<'_>)> = vec![(None, item)];
    while let Some((key, value)) = stack.pop() {
        match value.kind() {
            ValueKind::String => out.push(Field { item, key, value }),
            ValueKind::Object => {
                let members: Vec<_> = value.members().collect();
                for member in members.into_iter().rev() {
                    stack.push((Some(member.key_str()), member.value));
                }
            }
            ValueKind::Array => {
                let items: Vec<_> = value.items().collect();
                for element in items.into_iter().rev() {
                    stack.push((None, element));
                }
            }
            _ => {}
        }
    }
    out
}

/// ``tool `name` `` for messages (a resource without a name by its URI).
pub(crate) fn label(kind: ItemKind, item: Value<'_>) -> String {
    Label { kind, item }.to_string()
}

/// The name of an item in a message (see [`label`]), written out only when a message is: the
/// checks of a listing take it for every item and most find nothing.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Label<'d> {
    pub(crate) kind: ItemKind,
    pub(crate) item: Value<'d>,
}

impl std::fmt::Display for Label<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = self
            .item
            .get("name")
            .or_else(|| self.item.get("uri"))
            .or_else(|| self.item.get("uriTemplate"))
            .and_then(Value::as_str);
        match name {
            Some(name) => write!(f, "{} `{}`", self.kind.name(), short(&name, 60)),
            None => f.write_str(self.kind.name()),
        }
    }
}

/// `text` cut to `max` characters (with `…`), its control and invisible characters shown as
/// code points so a message never carries them.
pub(crate) fn short(text: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if crate::hidden::class_of(c).is_some() || c.is_control() {
            let _ = write!(out, "<{}>", crate::hidden::code_point(c));
        } else {
            out.push(c);
        }
    }
    out
}

/// Checks one list of items of `kind`.
pub(crate) fn check_listing(
    kind: ItemKind,
    items: &[Value<'_>],
    options: &RisksOptions,
    report: &mut Reporter<'_>,
) {
    // The names of the tools of this list: what a description may name as its own server's.
    let names: Vec<Cow<'_, str>> = if kind == ItemKind::Tool {
        items
            .iter()
            .filter_map(|i| i.get("name").and_then(Value::as_str))
            .collect()
    } else {
        Vec::new()
    };
    let siblings: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    for &item in items {
        if item.kind() != ValueKind::Object {
            continue;
        }
        let label = Label { kind, item };
        for field in fields(item) {
            hidden_characters::check(&field, &label, options.secrets, report);
            if field.key.as_deref().is_some_and(|k| PROSE.contains(&k)) {
                model_instructions::check(&field, &label, &siblings, report);
            }
        }
        if kind == ItemKind::Tool {
            if let Some(name) = item.get("name").filter(|v| v.kind() == ValueKind::String) {
                confusable_tool_name::check(name, report);
            }
            for client in options.clients.iter() {
                tool_incompatible_with_target::check(
                    client,
                    options.clients.openai_strict(),
                    item,
                    &label,
                    report,
                );
            }
        }
    }
    oversized_description::check(kind, items, report);
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    #[test]
    fn every_string_of_an_item_and_its_path() {
        let text = r#"{"name": "add", "description": "Adds.", "inputSchema": {"type": "object",
            "properties": {"a\u0062": {"description": "x", "enum": ["p", {"k": "q"}, []]},
            "n": 1}, "required": ["ab"]}, "annotations": {"title": "Add"}}"#;
        let doc = parse(text, &JsonOptions::strict()).value;
        let item = doc.root().unwrap();
        let found: Vec<(String, Option<String>, String)> = fields(item)
            .iter()
            .map(|f| {
                (
                    f.path(),
                    f.key.as_deref().map(str::to_owned),
                    f.value.as_str().unwrap().into_owned(),
                )
            })
            .collect();
        let expected = [
            ("name", Some("name"), "add"),
            ("description", Some("description"), "Adds."),
            ("inputSchema.type", Some("type"), "object"),
            (
                "inputSchema.properties.ab.description",
                Some("description"),
                "x",
            ),
            ("inputSchema.properties.ab.enum[0]", None, "p"),
            ("inputSchema.properties.ab.enum[1].k", Some("k"), "q"),
            ("inputSchema.required[0]", None, "ab"),
            ("annotations.title", Some("title"), "Add"),
        ]
        .map(|(p, k, v)| (p.to_owned(), k.map(str::to_owned), v.to_owned()));
        assert_eq!(found, expected);
        // A string item is its own only field, with an empty path.
        let doc = parse(r#""plain""#, &JsonOptions::strict()).value;
        let only = fields(doc.root().unwrap());
        assert_eq!((only.len(), only[0].path()), (1, String::new()));
    }
}
