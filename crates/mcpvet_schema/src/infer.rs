//! The JSON Schema (draft 2020-12) an example payload implies, and the replacement text of a
//! schema field that holds an example or bare property schemas.
//!
//! Inference is deterministic: the same value gives the same text, byte for byte.
//!
//! - `null`, `true`/`false`, strings: `null`, `boolean`, `string`;
//! - numbers: `integer` when written without a fraction or exponent (`3`, `-7`), `number`
//!   otherwise (`0.5`, `1e3`, `3.0`);
//! - arrays: `items` is the merge of the schemas of every element (no `items` for `[]`);
//! - objects: `properties` in the order the keys first appear (with a duplicate key, the
//!   last value, as `JSON.parse` keeps it) and, with [`Required::Present`], `required` lists
//!   every key present.
//!
//! Merging two schemas (elements of one array) unites their types (`integer` and `number`
//! give `number`), merges `items`, unites `properties` (merging the schemas of a key both
//! have) and keeps in `required` only the keys present in every object merged. A schema with
//! several types lists them in a fixed order: `null`, `boolean`, `integer`, `number`,
//! `string`, `array`, `object`. So the inferred schema validates the example it came from,
//! and every element of every array in it (a property test checks this with `jsonschema`).
use mcpvet_json::{Value, ValueKind, push_string};

use crate::shape::Shape;

/// The `$schema` of every inferred schema.
pub const DRAFT_2020_12: &str = "https://json-schema.org/draft/2020-12/schema";

/// Which keys an inferred object schema requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Required {
    /// Every key present in the example (in every object, for arrays of objects).
    #[default]
    Present,
    /// None: `required` is left out.
    None,
}

impl Required {
    /// `present` or `none`.
    pub fn parse(text: &str) -> Option<Required> {
        match text {
            "present" => Some(Required::Present),
            "none" => Some(Required::None),
            _ => None,
        }
    }
}

/// How [`infer`] works.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct InferOptions {
    /// Which keys object schemas require.
    pub required: Required,
}

/// How an inferred schema is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Layout {
    /// One line, no spaces: for line-framed inputs (a JSON Lines capture).
    Compact,
    /// One member per line: nested lines start with `base` followed by `unit` once per level;
    /// the first line is not indented (it continues the line where the value starts).
    Pretty {
        /// The indentation of the line where the schema starts.
        base: String,
        /// One level of indentation (`"  "`, `"\t"`).
        unit: String,
    },
}

impl Layout {
    /// Two-space indentation from column 0: the form `mcpvet schema infer` prints.
    pub fn standard() -> Layout {
        Layout::Pretty {
            base: String::new(),
            unit: "  ".to_owned(),
        }
    }

    /// The layout of a value that starts at byte `offset` of `text`: compact when the value
    /// is on a line that starts a whole value at its first column (a line of JSON Lines, a
    /// file on one line), else pretty, indented like the line the value starts on, with that
    /// file's indentation unit (a tab, or two spaces by default).
    pub fn at(text: &str, offset: usize) -> Layout {
        let offset = offset.min(text.len());
        let line_start = text[..offset].rfind(['\n', '\r']).map_or(0, |i| i + 1);
        let line_end = text[offset..]
            .find(['\n', '\r'])
            .map_or(text.len(), |i| offset + i);
        let line = &text[line_start..line_end];
        let base: String = line
            .chars()
            .take_while(|c| matches!(c, ' ' | '\t'))
            .collect();
        let opens = line.bytes().filter(|b| matches!(b, b'{' | b'[')).count();
        let closes = line.bytes().filter(|b| matches!(b, b'}' | b']')).count();
        if line.starts_with(['{', '[']) && opens > 0 && opens == closes {
            return Layout::Compact;
        }
        let unit = if base.starts_with('\t') {
            "\t".to_owned()
        } else {
            "  ".to_owned()
        };
        Layout::Pretty { base, unit }
    }
}

/// A type name of JSON Schema, in the order multi-type schemas list them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Type {
    Null,
    Boolean,
    Integer,
    Number,
    String,
    Array,
    Object,
}

impl Type {
    const fn name(self) -> &'static str {
        match self {
            Type::Null => "null",
            Type::Boolean => "boolean",
            Type::Integer => "integer",
            Type::Number => "number",
            Type::String => "string",
            Type::Array => "array",
            Type::Object => "object",
        }
    }
}

/// An inferred schema.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Schema {
    /// Sorted, without duplicates; `integer` never beside `number`. Empty only for the schema
    /// of a value of no JSON type (an `Error` node): `{}`.
    types: Vec<Type>,
    /// For arrays: the merged schema of the elements (`None`: no element seen).
    items: Option<Box<Schema>>,
    /// For objects: properties in first-seen order.
    properties: Vec<(String, Schema)>,
    /// For objects: keys present in every object merged.
    required: Vec<String>,
}

/// The schema `value` implies.
pub fn infer(value: Value<'_>, options: InferOptions) -> Schema {
    let mut schema = of(value);
    if options.required == Required::None {
        clear_required(&mut schema);
    }
    schema
}

fn of(value: Value<'_>) -> Schema {
    let single = |t| Schema {
        types: vec![t],
        ..Schema::default()
    };
    match value.kind() {
        ValueKind::Null => single(Type::Null),
        ValueKind::Bool => single(Type::Boolean),
        ValueKind::String => single(Type::String),
        ValueKind::Number => {
            let integer = value
                .as_number()
                .is_some_and(mcpvet_json::Number::is_integer_literal);
            single(if integer { Type::Integer } else { Type::Number })
        }
        ValueKind::Array => {
            let mut items: Option<Schema> = None;
            for item in value.items() {
                let schema = of(item);
                items = Some(match items {
                    Some(seen) => merge(seen, schema),
                    None => schema,
                });
            }
            Schema {
                types: vec![Type::Array],
                items: items.map(Box::new),
                ..Schema::default()
            }
        }
        ValueKind::Object => {
            let mut keys: Vec<String> = Vec::new();
            for member in value.members() {
                let key = member.key_str().into_owned();
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            let properties = keys
                .iter()
                .filter_map(|k| value.get(k).map(|v| (k.clone(), of(v))))
                .collect();
            Schema {
                types: vec![Type::Object],
                properties,
                required: keys,
                ..Schema::default()
            }
        }
        _ => Schema::default(),
    }
}

/// The schema of the values that `a` or `b` describe.
fn merge(a: Schema, b: Schema) -> Schema {
    let has_object = |s: &Schema| s.types.contains(&Type::Object);
    let required = match (has_object(&a), has_object(&b)) {
        (true, true) => a
            .required
            .iter()
            .filter(|k| b.required.contains(k))
            .cloned()
            .collect(),
        (true, false) => a.required.clone(),
        (false, true) => b.required.clone(),
        (false, false) => Vec::new(),
    };
    let mut types = a.types;
    types.extend(b.types);
    types.sort_unstable();
    types.dedup();
    if types.contains(&Type::Number) {
        types.retain(|t| *t != Type::Integer);
    }
    let items = match (a.items, b.items) {
        (Some(x), Some(y)) => Some(Box::new(merge(*x, *y))),
        (x, y) => x.or(y),
    };
    let mut properties = a.properties;
    for (key, schema) in b.properties {
        if let Some(i) = properties.iter().position(|(k, _)| *k == key) {
            let seen = std::mem::take(&mut properties[i].1);
            properties[i].1 = merge(seen, schema);
        } else {
            properties.push((key, schema));
        }
    }
    Schema {
        types,
        items,
        properties,
        required,
    }
}

fn clear_required(schema: &mut Schema) {
    schema.required.clear();
    if let Some(items) = &mut schema.items {
        clear_required(items);
    }
    for (_, p) in &mut schema.properties {
        clear_required(p);
    }
}

impl Schema {
    /// The schema as a JSON Schema document: `$schema` first, then the schema's keywords.
    pub fn to_document(&self, layout: &Layout) -> String {
        let mut out = String::new();
        self.write(&mut out, layout, 0, true);
        out
    }

    /// The schema without `$schema` (a subschema).
    pub fn to_text(&self, layout: &Layout) -> String {
        let mut out = String::new();
        self.write(&mut out, layout, 0, false);
        out
    }

    fn members(&self, root: bool) -> Vec<(&'static str, Member<'_>)> {
        let mut members = Vec::new();
        if root {
            members.push(("$schema", Member::Text(DRAFT_2020_12)));
        }
        match self.types.as_slice() {
            [] => {}
            [one] => members.push(("type", Member::Text(one.name()))),
            many => members.push(("type", Member::Types(many))),
        }
        if let Some(items) = &self.items {
            members.push(("items", Member::Schema(items)));
        }
        if self.types.contains(&Type::Object) {
            members.push(("properties", Member::Properties(&self.properties)));
            if !self.required.is_empty() {
                members.push(("required", Member::Keys(&self.required)));
            }
        }
        members
    }

    fn write(&self, out: &mut String, layout: &Layout, depth: usize, root: bool) {
        let members = self.members(root);
        if members.is_empty() {
            out.push_str("{}");
            return;
        }
        out.push('{');
        for (i, (key, member)) in members.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            newline(out, layout, depth + 1);
            push_string(out, key);
            out.push(':');
            if matches!(layout, Layout::Pretty { .. }) {
                out.push(' ');
            }
            match member {
                Member::Text(text) => push_string(out, text),
                Member::Types(types) => {
                    out.push('[');
                    for (j, t) in types.iter().enumerate() {
                        if j > 0 {
                            out.push_str(if matches!(layout, Layout::Compact) {
                                ","
                            } else {
                                ", "
                            });
                        }
                        push_string(out, t.name());
                    }
                    out.push(']');
                }
                Member::Keys(keys) => {
                    out.push('[');
                    for (j, k) in keys.iter().enumerate() {
                        if j > 0 {
                            out.push_str(if matches!(layout, Layout::Compact) {
                                ","
                            } else {
                                ", "
                            });
                        }
                        push_string(out, k);
                    }
                    out.push(']');
                }
                Member::Schema(schema) => schema.write(out, layout, depth + 1, false),
                Member::Properties(properties) => {
                    if properties.is_empty() {
                        out.push_str("{}");
                        continue;
                    }
                    out.push('{');
                    for (j, (name, schema)) in properties.iter().enumerate() {
                        if j > 0 {
                            out.push(',');
                        }
                        newline(out, layout, depth + 2);
                        push_string(out, name);
                        out.push(':');
                        if matches!(layout, Layout::Pretty { .. }) {
                            out.push(' ');
                        }
                        schema.write(out, layout, depth + 2, false);
                    }
                    newline(out, layout, depth + 1);
                    out.push('}');
                }
            }
        }
        newline(out, layout, depth);
        out.push('}');
    }
}

/// A member of a written schema.
enum Member<'s> {
    Text(&'static str),
    Types(&'s [Type]),
    Keys(&'s [String]),
    Schema(&'s Schema),
    Properties(&'s [(String, Schema)]),
}

fn newline(out: &mut String, layout: &Layout, depth: usize) {
    if let Layout::Pretty { base, unit } = layout {
        out.push('\n');
        out.push_str(base);
        for _ in 0..depth {
            out.push_str(unit);
        }
    }
}

/// The replacement text of a schema field of shape `shape` (see [`crate::shape::classify`]):
/// for an example, the schema inferred from it (with `$schema`); for bare property schemas,
/// the object schema around them (the property schemas as written); `None` for a schema.
pub fn replacement(value: Value<'_>, shape: Shape, layout: &Layout) -> Option<String> {
    match shape {
        Shape::Schema => None,
        Shape::BareProperties => {
            let pretty = matches!(layout, Layout::Pretty { .. });
            let colon = if pretty { ": " } else { ":" };
            let mut out = String::from("{");
            newline(&mut out, layout, 1);
            out.push_str("\"type\"");
            out.push_str(colon);
            out.push_str("\"object\",");
            newline(&mut out, layout, 1);
            out.push_str("\"properties\"");
            out.push_str(colon);
            write_value(value, &mut out, layout, 1);
            newline(&mut out, layout, 0);
            out.push('}');
            Some(out)
        }
        Shape::Example => Some(infer(value, InferOptions::default()).to_document(layout)),
    }
}

/// `value` written in `layout` at nesting `depth`: members in source order, keys and
/// scalars as written.
fn write_value(value: Value<'_>, out: &mut String, layout: &Layout, depth: usize) {
    let (open, close) = match value.kind() {
        ValueKind::Array => ('[', ']'),
        ValueKind::Object => ('{', '}'),
        _ => {
            out.push_str(value.source());
            return;
        }
    };
    if value.is_empty() {
        out.push(open);
        out.push(close);
        return;
    }
    out.push(open);
    if value.kind() == ValueKind::Array {
        for (i, item) in value.items().enumerate() {
            if i > 0 {
                out.push(',');
            }
            newline(out, layout, depth + 1);
            write_value(item, out, layout, depth + 1);
        }
    } else {
        for (i, member) in value.members().enumerate() {
            if i > 0 {
                out.push(',');
            }
            newline(out, layout, depth + 1);
            out.push_str(member.key.source());
            out.push(':');
            if matches!(layout, Layout::Pretty { .. }) {
                out.push(' ');
            }
            write_value(member.value, out, layout, depth + 1);
        }
    }
    newline(out, layout, depth);
    out.push(close);
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::*;
    use crate::shape::classify;

    fn doc(text: &str, options: InferOptions, layout: &Layout) -> String {
        let d = parse(text, &JsonOptions::strict()).value;
        infer(d.root().unwrap(), options).to_document(layout)
    }

    fn compact_doc(text: &str) -> String {
        doc(text, InferOptions::default(), &Layout::Compact)
    }

    #[test]
    fn scalars() {
        let head = "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",";
        assert_eq!(compact_doc("3"), format!("{head}\"type\":\"integer\"}}"));
        assert_eq!(compact_doc("3.0"), format!("{head}\"type\":\"number\"}}"));
        assert_eq!(compact_doc("1e3"), format!("{head}\"type\":\"number\"}}"));
        assert_eq!(compact_doc("\"x\""), format!("{head}\"type\":\"string\"}}"));
        assert_eq!(compact_doc("null"), format!("{head}\"type\":\"null\"}}"));
        assert_eq!(
            compact_doc("false"),
            format!("{head}\"type\":\"boolean\"}}")
        );
        assert_eq!(compact_doc("[]"), format!("{head}\"type\":\"array\"}}"));
        assert_eq!(
            compact_doc("{}"),
            format!("{head}\"type\":\"object\",\"properties\":{{}}}}")
        );
    }

    #[test]
    fn arrays_merge_their_elements() {
        let d = parse(
            r#"[{"a": 1, "b": "x"}, {"a": 2.5, "c": null}, "s", 4]"#,
            &JsonOptions::strict(),
        )
        .value;
        let s = infer(d.root().unwrap(), InferOptions::default()).to_text(&Layout::Compact);
        assert_eq!(
            s,
            "{\"type\":\"array\",\"items\":{\"type\":[\"integer\",\"string\",\"object\"],\
             \"properties\":{\"a\":{\"type\":\"number\"},\"b\":{\"type\":\"string\"},\
             \"c\":{\"type\":\"null\"}},\"required\":[\"a\"]}}"
        );
    }

    #[test]
    fn required_none_leaves_required_out() {
        let none = InferOptions {
            required: Required::None,
        };
        let s = doc(r#"{"a": {"b": [ {"c": 1} ]}}"#, none, &Layout::Compact);
        assert!(!s.contains("required"), "{s}");
        let s = compact_doc(r#"{"a": {"b": [ {"c": 1} ]}}"#);
        assert_eq!(s.matches("required").count(), 3, "{s}");
    }

    #[test]
    fn duplicate_keys_keep_the_last_value_in_first_place() {
        let s = compact_doc(r#"{"a": 1, "b": true, "a": "x"}"#);
        assert!(
            s.ends_with(
                "\"properties\":{\"a\":{\"type\":\"string\"},\"b\":{\"type\":\"boolean\"}},\
                 \"required\":[\"a\",\"b\"]}"
            ),
            "{s}"
        );
    }

    #[test]
    fn pretty_layout() {
        let s = doc(
            r#"{"path": "/srv", "tags": ["a"]}"#,
            InferOptions::default(),
            &Layout::standard(),
        );
        assert_eq!(
            s,
            r#"{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "properties": {
    "path": {
      "type": "string"
    },
    "tags": {
      "type": "array",
      "items": {
        "type": "string"
      }
    }
  },
  "required": ["path", "tags"]
}"#
        );
    }

    #[test]
    fn layout_follows_the_line() {
        let text = "{\n    \"requestSchema\": {\"a\": 1}\n}";
        let at = text.find("{\"a\"").unwrap();
        assert_eq!(
            Layout::at(text, at),
            Layout::Pretty {
                base: "    ".to_owned(),
                unit: "  ".to_owned()
            }
        );
        let line = r#"{"jsonrpc":"2.0","result":{"tools":[{"inputSchema":{"a":1}}]}}"#;
        assert_eq!(
            Layout::at(line, line.find("{\"a\"").unwrap()),
            Layout::Compact
        );
        let tabs = "{\n\t\"s\": {\n\t\t\"a\": 1\n\t}\n}";
        assert_eq!(
            Layout::at(tabs, tabs.find("{\n\t\t").unwrap()),
            Layout::Pretty {
                base: "\t".to_owned(),
                unit: "\t".to_owned()
            }
        );
    }

    fn fix(text: &str, layout: &Layout) -> (Shape, Option<String>) {
        let d = parse(text, &JsonOptions::strict()).value;
        let root = d.root().unwrap();
        let shape = classify(root);
        (shape, replacement(root, shape, layout))
    }

    #[test]
    fn examples_get_a_generated_schema() {
        let (s, text) = fix(
            r#"{"path": "/srv/data", "recursive": true, "depth": 2, "ratio": 0.5}"#,
            &Layout::Compact,
        );
        assert_eq!(s, Shape::Example);
        assert_eq!(
            text.unwrap(),
            "{\"$schema\":\"https://json-schema.org/draft/2020-12/schema\",\"type\":\"object\",\
             \"properties\":{\"path\":{\"type\":\"string\"},\"recursive\":{\"type\":\"boolean\"},\
             \"depth\":{\"type\":\"integer\"},\"ratio\":{\"type\":\"number\"}},\
             \"required\":[\"path\",\"recursive\",\"depth\",\"ratio\"]}"
        );
        assert_eq!(fix(r#"{"type":"object"}"#, &Layout::Compact).1, None);
    }

    #[test]
    fn bare_properties_get_wrapped() {
        let (s, text) = fix(
            r#"{"path": {"type": "string"}, "depth": {"description": "d"}}"#,
            &Layout::Compact,
        );
        assert_eq!(s, Shape::BareProperties);
        assert_eq!(
            text.unwrap(),
            r#"{"type":"object","properties":{"path":{"type":"string"},"depth":{"description":"d"}}}"#
        );
        let (_, text) = fix(
            "{\"path\": {\n  \"type\": \"string\"\n}}",
            &Layout::standard(),
        );
        assert_eq!(
            text.unwrap(),
            "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"path\": {\n      \
             \"type\": \"string\"\n    }\n  }\n}"
        );
    }
}
