//! Comparing two JSON Schemas of a tool: `properties`, `required`, `type`, `enum`,
//! `additionalProperties`, `items`, numeric and other validation keywords, and annotation
//! keywords, with `$ref`s inside the same schema followed.
//!
//! The classification depends on the side. An input schema describes what clients send:
//! a change is breaking when the new schema rejects something the old one accepted
//! (narrowing). An output schema describes what the server returns: a change is breaking
//! when the new schema allows something the old one ruled out (widening), or no longer
//! promises a field.
use std::collections::{BTreeMap, BTreeSet, HashSet};

use mcpvet_text::Span;

use crate::change::{ChangeKind, Level};
use crate::compare::{ItemCx, short, shown};
use crate::node::{Node, NodeValue, pointer_token};

/// Which schema of a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    /// `inputSchema`: what clients send.
    Input,
    /// `outputSchema`: what the server returns.
    Output,
}

/// How deep the walk goes (schemas nest; `$ref`s may loop).
const MAX_DEPTH: usize = 64;

/// Keywords that only describe: a change is compatible.
const ANNOTATIONS: &[&str] = &[
    "description",
    "title",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
];

/// Keywords handled on their own or ignored.
const HANDLED: &[&str] = &[
    "$schema",
    "$id",
    "$anchor",
    "$comment",
    "$defs",
    "definitions",
    "$ref",
    "type",
    "enum",
    "properties",
    "required",
    "additionalProperties",
    "items",
];

/// Keywords that set a lower bound (raising it narrows).
const LOWER: &[&str] = &[
    "minimum",
    "exclusiveMinimum",
    "minLength",
    "minItems",
    "minProperties",
    "minContains",
];

/// Keywords that set an upper bound (lowering it narrows).
const UPPER: &[&str] = &[
    "maximum",
    "exclusiveMaximum",
    "maxLength",
    "maxItems",
    "maxProperties",
    "maxContains",
];

/// Validation keywords compared as a whole: added narrows, removed widens, changed is
/// treated as breaking on both sides (not analysed further).
const OTHER_CONSTRAINTS: &[&str] = &[
    "const",
    "pattern",
    "format",
    "multipleOf",
    "uniqueItems",
    "oneOf",
    "anyOf",
    "allOf",
    "not",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "dependencies",
    "propertyNames",
    "patternProperties",
    "prefixItems",
    "additionalItems",
    "contains",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contentEncoding",
    "contentMediaType",
];

/// Compares the schema `old` with `new` (the values of the member at `pointer` of a tool).
pub(crate) fn compare(old: &Node, new: &Node, side: Side, pointer: &str, cx: &mut ItemCx<'_>) {
    let mut walk = Walk {
        old_root: old,
        new_root: new,
        side,
        cx,
        seen: HashSet::new(),
    };
    walk.node(old, new, pointer, "", 0);
}

struct Walk<'n, 'c, 'a> {
    old_root: &'n Node,
    new_root: &'n Node,
    side: Side,
    cx: &'c mut ItemCx<'a>,
    /// The pairs of `$ref`s followed so far (a loop ends the walk).
    seen: HashSet<(String, String)>,
}

/// Narrowing, widening or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direction {
    Narrows,
    Widens,
    Both,
}

/// The node a local `$ref` chain ends at, and the last `$ref` text; the text alone when the
/// chain cannot be followed (external, unknown pointer, too long).
fn resolve<'n>(node: &'n Node, root: &'n Node) -> (Option<&'n Node>, Option<String>) {
    let mut at = node;
    let mut last = None;
    for _ in 0..32 {
        let Some(r) = at.get("$ref").and_then(Node::as_str) else {
            return (Some(at), last);
        };
        last = Some(r.to_owned());
        let Some(target) = r.strip_prefix('#').and_then(|p| root.pointer(p)) else {
            return (None, last);
        };
        at = target;
    }
    (None, last)
}

/// The types a schema allows; `None`: any.
fn types(node: &Node) -> Option<BTreeSet<String>> {
    let t = node.get("type")?;
    match &t.value {
        NodeValue::String(s) => Some(BTreeSet::from([s.clone()])),
        NodeValue::Array(items) => Some(
            items
                .iter()
                .filter_map(Node::as_str)
                .map(str::to_owned)
                .collect(),
        ),
        _ => None,
    }
}

fn accepts(set: &BTreeSet<String>, t: &str) -> bool {
    set.contains(t) || (t == "integer" && set.contains("number"))
}

fn type_text(set: Option<&BTreeSet<String>>) -> String {
    match set {
        None => "any".to_owned(),
        Some(s) => {
            let names: Vec<&str> = s.iter().map(String::as_str).collect();
            format!("`{}`", names.join("|"))
        }
    }
}

impl Walk<'_, '_, '_> {
    /// `input property `a.b`` / `the input schema` / `output field `a``.
    fn what(&self, field: &str) -> String {
        match (self.side, field.is_empty()) {
            (Side::Input, true) => "the input schema".to_owned(),
            (Side::Output, true) => "the output schema".to_owned(),
            (Side::Input, false) => format!("input property `{field}`"),
            (Side::Output, false) => format!("output field `{field}`"),
        }
    }

    /// The level of a change in `direction` on this side.
    fn level(&self, direction: Direction) -> Level {
        match (self.side, direction) {
            (_, Direction::Both)
            | (Side::Input, Direction::Narrows)
            | (Side::Output, Direction::Widens) => Level::Breaking,
            _ => Level::Compatible,
        }
    }

    #[expect(clippy::too_many_arguments, reason = "one change is this many facts")]
    fn push(
        &mut self,
        kind: ChangeKind,
        level: Level,
        pointer: &str,
        field: &str,
        message: String,
        old: Option<Span>,
        new: Option<Span>,
    ) {
        let subject = (!field.is_empty()).then(|| field.to_owned());
        self.cx
            .push(kind, level, pointer, subject, message, old, new);
    }

    fn node(&mut self, old: &Node, new: &Node, pointer: &str, field: &str, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        let (o, oref) = resolve(old, self.old_root);
        let (n, nref) = resolve(new, self.new_root);
        let (Some(o), Some(n)) = (o, n) else {
            if oref != nref {
                let level = Level::Breaking;
                let message = format!(
                    "`$ref` of {} changed from {} to {} (not followed: treated as breaking)",
                    self.what(field),
                    oref.as_deref()
                        .map_or("none".to_owned(), |r| format!("`{}`", short(r))),
                    nref.as_deref()
                        .map_or("none".to_owned(), |r| format!("`{}`", short(r))),
                );
                self.push(
                    ChangeKind::RefChanged,
                    level,
                    pointer,
                    field,
                    message,
                    Some(old.span),
                    Some(new.span),
                );
            }
            return;
        };
        if let (Some(a), Some(b)) = (&oref, &nref)
            && !self.seen.insert((a.clone(), b.clone()))
        {
            return;
        }
        let (oc, nc) = (o.canonical(), n.canonical());
        if oc == nc && !oc.contains("\"$ref\"") {
            return;
        }
        if !o.is_object() || !n.is_object() {
            // `true`/`false` schemas, or values that are not schemas.
            if oc != nc {
                let message = format!(
                    "{} changed from {} to {}",
                    self.what(field),
                    shown(Some(o)),
                    shown(Some(n))
                );
                self.push(
                    ChangeKind::ConstraintChanged,
                    Level::Breaking,
                    pointer,
                    field,
                    message,
                    Some(o.span),
                    Some(n.span),
                );
            }
            return;
        }
        self.types(o, n, pointer, field);
        self.enums(o, n, pointer, field);
        self.properties(o, n, pointer, field, depth);
        self.additional(o, n, pointer, field, depth);
        // Array items.
        match (o.get("items"), n.get("items")) {
            (Some(oi), Some(ni)) if oi.is_object() && ni.is_object() => {
                let f = format!("{field}[]");
                self.node(oi, ni, &format!("{pointer}/items"), &f, depth + 1);
            }
            (oi, ni) => self.keyword("items", oi, ni, o, n, pointer, field),
        }
        let om = o.members();
        let nm = n.members();
        let keys: BTreeSet<&str> = om.keys().chain(nm.keys()).copied().collect();
        for key in keys {
            if HANDLED.contains(&key) {
                continue;
            }
            let ov = om.get(key).map(|m| &m.value);
            let nv = nm.get(key).map(|m| &m.value);
            self.keyword(key, ov, nv, o, n, pointer, field);
        }
    }

    fn types(&mut self, o: &Node, n: &Node, pointer: &str, field: &str) {
        let (ot, nt) = (types(o), types(n));
        if ot == nt {
            return;
        }
        let covers = |a: Option<&BTreeSet<String>>, b: Option<&BTreeSet<String>>| match (a, b) {
            // Does `a` accept every type `b` accepts?
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => b.iter().all(|t| accepts(a, t)),
        };
        let widens = covers(nt.as_ref(), ot.as_ref());
        let narrows = covers(ot.as_ref(), nt.as_ref());
        let (kind, direction, verb) = match (widens, narrows) {
            (true, true) => return,
            (true, false) => (ChangeKind::TypeWidened, Direction::Widens, "widened"),
            (false, true) => (ChangeKind::TypeNarrowed, Direction::Narrows, "narrowed"),
            (false, false) => (ChangeKind::TypeChanged, Direction::Both, "changed"),
        };
        let message = format!(
            "type of {} {verb} from {} to {}",
            self.what(field),
            type_text(ot.as_ref()),
            type_text(nt.as_ref())
        );
        let level = self.level(direction);
        self.push(
            kind,
            level,
            &format!("{pointer}/type"),
            field,
            message,
            Some(o.get("type").map_or(o.span, |t| t.span)),
            Some(n.get("type").map_or(n.span, |t| t.span)),
        );
    }

    fn enums(&mut self, o: &Node, n: &Node, pointer: &str, field: &str) {
        let (Some(oe), Some(ne)) = (o.get("enum"), n.get("enum")) else {
            // Added or removed as a whole: a constraint.
            self.keyword("enum", o.get("enum"), n.get("enum"), o, n, pointer, field);
            return;
        };
        let values = |e: &Node| -> BTreeMap<String, Span> {
            e.items().iter().map(|v| (v.canonical(), v.span)).collect()
        };
        let (ov, nv) = (values(oe), values(ne));
        for (value, span) in &ov {
            if !nv.contains_key(value) {
                let message = format!(
                    "enum value `{}` removed from {}",
                    short(value),
                    self.what(field)
                );
                let level = self.level(Direction::Narrows);
                self.push(
                    ChangeKind::EnumValueRemoved,
                    level,
                    &format!("{pointer}/enum"),
                    field,
                    message,
                    Some(*span),
                    Some(ne.span),
                );
            }
        }
        for (value, span) in &nv {
            if !ov.contains_key(value) {
                let message = format!(
                    "enum value `{}` added to {}",
                    short(value),
                    self.what(field)
                );
                let level = self.level(Direction::Widens);
                self.push(
                    ChangeKind::EnumValueAdded,
                    level,
                    &format!("{pointer}/enum"),
                    field,
                    message,
                    Some(oe.span),
                    Some(*span),
                );
            }
        }
    }

    fn properties(&mut self, o: &Node, n: &Node, pointer: &str, field: &str, depth: usize) {
        let props = |s: &Node| -> BTreeMap<String, Node> {
            s.get("properties")
                .map(|p| {
                    p.members()
                        .into_iter()
                        .map(|(k, m)| (k.to_owned(), m.value.clone()))
                        .collect()
                })
                .unwrap_or_default()
        };
        let required = |s: &Node| -> BTreeMap<String, Span> {
            s.get("required")
                .map(|r| {
                    r.items()
                        .iter()
                        .filter_map(|v| v.as_str().map(|t| (t.to_owned(), v.span)))
                        .collect()
                })
                .unwrap_or_default()
        };
        let (op, np) = (props(o), props(n));
        let (or, nr) = (required(o), required(n));
        let sub = |key: &str| {
            if field.is_empty() {
                key.to_owned()
            } else {
                format!("{field}.{key}")
            }
        };
        let at = |key: &str| format!("{pointer}/properties/{}", pointer_token(key));
        for (key, ov) in &op {
            let f = sub(key);
            if let Some(nv) = np.get(key) {
                self.node(ov, nv, &at(key), &f, depth + 1);
            } else {
                let message = format!("{} removed", self.what(&f));
                self.push(
                    ChangeKind::PropertyRemoved,
                    Level::Breaking,
                    &at(key),
                    &f,
                    message,
                    Some(ov.span),
                    Some(n.get("properties").map_or(n.span, |p| p.span)),
                );
            }
        }
        for (key, nv) in &np {
            if op.contains_key(key) {
                continue;
            }
            let f = sub(key);
            let req = nr.contains_key(key);
            let (level, message) = match self.side {
                Side::Input if req => (
                    Level::Breaking,
                    format!("required input property `{f}` added"),
                ),
                Side::Input => (
                    Level::Compatible,
                    format!("optional input property `{f}` added"),
                ),
                Side::Output => (Level::Compatible, format!("output field `{f}` added")),
            };
            self.push(
                ChangeKind::PropertyAdded,
                level,
                &at(key),
                &f,
                message,
                Some(o.get("properties").map_or(o.span, |p| p.span)),
                Some(nv.span),
            );
        }
        // `required` of properties that stay (an added or removed property says it all).
        for (key, span) in &nr {
            if or.contains_key(key) || (np.contains_key(key) && !op.contains_key(key)) {
                continue;
            }
            let f = sub(key);
            let (level, message) = match self.side {
                Side::Input => (
                    Level::Breaking,
                    format!("input property `{f}` is now required"),
                ),
                Side::Output => (
                    Level::Compatible,
                    format!("output field `{f}` is now always present"),
                ),
            };
            self.push(
                ChangeKind::RequiredAdded,
                level,
                &format!("{pointer}/required"),
                &f,
                message,
                Some(o.get("required").map_or(o.span, |r| r.span)),
                Some(*span),
            );
        }
        for (key, span) in &or {
            if nr.contains_key(key) || (op.contains_key(key) && !np.contains_key(key)) {
                continue;
            }
            let f = sub(key);
            let (level, message) = match self.side {
                Side::Input => (
                    Level::Compatible,
                    format!("input property `{f}` is no longer required"),
                ),
                Side::Output => (
                    Level::Breaking,
                    format!("output field `{f}` is no longer guaranteed"),
                ),
            };
            self.push(
                ChangeKind::RequiredRemoved,
                level,
                &format!("{pointer}/required"),
                &f,
                message,
                Some(*span),
                Some(n.get("required").map_or(n.span, |r| r.span)),
            );
        }
    }

    fn additional(&mut self, o: &Node, n: &Node, pointer: &str, field: &str, depth: usize) {
        let (oa, na) = (o.get("additionalProperties"), n.get("additionalProperties"));
        let closed = |a: Option<&Node>| a.and_then(Node::as_bool) == Some(false);
        let at = format!("{pointer}/additionalProperties");
        match (closed(oa), closed(na)) {
            (false, true) => {
                let message = format!(
                    "{} no longer accepts additional properties",
                    self.what(field)
                );
                let level = self.level(Direction::Narrows);
                self.push(
                    ChangeKind::AdditionalPropertiesClosed,
                    level,
                    &at,
                    field,
                    message,
                    Some(oa.map_or(o.span, |a| a.span)),
                    na.map(|a| a.span),
                );
            }
            (true, false) => {
                let message = format!("{} now accepts additional properties", self.what(field));
                // Clients ignore members they do not know: compatible on both sides.
                self.push(
                    ChangeKind::AdditionalPropertiesOpened,
                    Level::Compatible,
                    &at,
                    field,
                    message,
                    oa.map(|a| a.span),
                    Some(na.map_or(n.span, |a| a.span)),
                );
            }
            _ => {
                if let (Some(oa), Some(na)) = (oa, na)
                    && oa.is_object()
                    && na.is_object()
                {
                    let f = if field.is_empty() {
                        "*".to_owned()
                    } else {
                        format!("{field}.*")
                    };
                    self.node(oa, na, &at, &f, depth + 1);
                } else if oa.map(Node::canonical) != na.map(Node::canonical)
                    && !(closed(oa) && closed(na))
                {
                    self.keyword("additionalProperties", oa, na, o, n, pointer, field);
                }
            }
        }
    }

    /// A keyword compared as a whole.
    #[expect(clippy::too_many_arguments, reason = "both values and both schemas")]
    fn keyword(
        &mut self,
        key: &str,
        ov: Option<&Node>,
        nv: Option<&Node>,
        o: &Node,
        n: &Node,
        pointer: &str,
        field: &str,
    ) {
        if ov.map(Node::canonical) == nv.map(Node::canonical) {
            return;
        }
        let at = format!("{pointer}/{}", pointer_token(key));
        let spans = (
            Some(ov.map_or(o.span, |v| v.span)),
            Some(nv.map_or(n.span, |v| v.span)),
        );
        let what = self.what(field);
        if ANNOTATIONS.contains(&key) {
            let verb = match (ov, nv) {
                (None, _) => "added",
                (_, None) => "removed",
                _ => "changed",
            };
            self.push(
                ChangeKind::SchemaAnnotationChanged,
                Level::Compatible,
                &at,
                field,
                format!("`{key}` of {what} {verb}"),
                spans.0,
                spans.1,
            );
            return;
        }
        let bound = |v: Option<&Node>| {
            v.and_then(Node::as_number)
                .and_then(|t| t.parse::<f64>().ok())
        };
        let direction = if LOWER.contains(&key) || UPPER.contains(&key) {
            let lower = LOWER.contains(&key);
            match (ov, nv, bound(ov), bound(nv)) {
                (None, Some(_), _, Some(_)) => Direction::Narrows,
                (Some(_), None, Some(_), _) => Direction::Widens,
                (Some(_), Some(_), Some(a), Some(b)) => {
                    if (b > a) == lower {
                        Direction::Narrows
                    } else {
                        Direction::Widens
                    }
                }
                _ => Direction::Both,
            }
        } else if OTHER_CONSTRAINTS.contains(&key)
            || key == "items"
            || key == "enum"
            || key == "additionalProperties"
        {
            match (ov, nv) {
                (None, Some(_)) => Direction::Narrows,
                (Some(_), None) => Direction::Widens,
                _ => Direction::Both,
            }
        } else {
            // An unknown keyword is an annotation (JSON Schema ignores it).
            return;
        };
        let message = match (ov, nv) {
            (None, Some(v)) => format!("`{key}` {} added to {what}", shown(Some(v))),
            (Some(v), None) => format!("`{key}` {} removed from {what}", shown(Some(v))),
            _ => format!(
                "`{key}` of {what} changed from {} to {}{}",
                shown(ov),
                shown(nv),
                if direction == Direction::Both {
                    " (not analysed: treated as breaking)"
                } else {
                    ""
                }
            ),
        };
        let level = self.level(direction);
        self.push(
            ChangeKind::ConstraintChanged,
            level,
            &at,
            field,
            message,
            spans.0,
            spans.1,
        );
    }
}
