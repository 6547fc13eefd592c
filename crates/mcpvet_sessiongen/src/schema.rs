//! A small model of the JSON Schema (2020-12) subset used by the generated tools: it writes the
//! schema, generates values that conform to it, and generates values that certainly do not.

use crate::json::{Obj, push_f64, push_i64, push_str};
use crate::rng::Rng;
use crate::text;

/// Pattern of [`Ty::Slug`] values.
pub(crate) const SLUG_PATTERN: &str = "^[a-z][a-z0-9-]{0,62}$";

/// What a free-text string holds (drives the generator only; the schema says `string`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TextKind {
    Prose,
    Query,
    Code,
    Path,
    Sql,
    Glob,
    Name,
}

/// A string `format` the generator can produce valid values for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Format {
    DateTime,
    Date,
    Email,
    Uri,
}

impl Format {
    fn name(self) -> &'static str {
        match self {
            Format::DateTime => "date-time",
            Format::Date => "date",
            Format::Email => "email",
            Format::Uri => "uri",
        }
    }
}

/// A schema node.
#[derive(Debug, Clone)]
pub(crate) enum Ty {
    Text {
        kind: TextKind,
        min: usize,
        max: Option<usize>,
    },
    Format(Format),
    Slug,
    Enum(&'static [&'static str]),
    Int {
        min: i64,
        max: i64,
    },
    Num {
        min: f64,
        max: f64,
        exclusive_min: bool,
    },
    Bool,
    Array {
        items: Box<Ty>,
        min: u64,
        max: u64,
        unique: bool,
    },
    Object {
        props: Vec<Prop>,
        closed: bool,
    },
    /// A string-to-string map with slug keys (`additionalProperties` schema, `maxProperties`).
    Labels,
}

/// A property of an object schema.
#[derive(Debug, Clone)]
pub(crate) struct Prop {
    pub(crate) name: &'static str,
    pub(crate) desc: &'static str,
    pub(crate) ty: Ty,
    pub(crate) required: bool,
    /// A JSON literal for `default`.
    pub(crate) default: Option<&'static str>,
}

/// A required property.
pub(crate) fn req(name: &'static str, desc: &'static str, ty: Ty) -> Prop {
    Prop {
        name,
        desc,
        ty,
        required: true,
        default: None,
    }
}

/// An optional property.
pub(crate) fn opt(name: &'static str, desc: &'static str, ty: Ty) -> Prop {
    Prop {
        name,
        desc,
        ty,
        required: false,
        default: None,
    }
}

impl Prop {
    /// Adds a `default` (a JSON literal).
    pub(crate) fn default(mut self, json: &'static str) -> Prop {
        self.default = Some(json);
        self
    }
}

pub(crate) fn text(kind: TextKind) -> Ty {
    Ty::Text {
        kind,
        min: 1,
        max: None,
    }
}

pub(crate) fn text_max(kind: TextKind, max: usize) -> Ty {
    Ty::Text {
        kind,
        min: 1,
        max: Some(max),
    }
}

pub(crate) fn int(min: i64, max: i64) -> Ty {
    Ty::Int { min, max }
}

pub(crate) fn num(min: f64, max: f64) -> Ty {
    Ty::Num {
        min,
        max,
        exclusive_min: false,
    }
}

pub(crate) fn array(items: Ty, min: u64, max: u64, unique: bool) -> Ty {
    Ty::Array {
        items: Box::new(items),
        min,
        max,
        unique,
    }
}

pub(crate) fn object(props: Vec<Prop>) -> Ty {
    Ty::Object {
        props,
        closed: true,
    }
}

pub(crate) fn open_object(props: Vec<Prop>) -> Ty {
    Ty::Object {
        props,
        closed: false,
    }
}

/// Writes the schema of `ty` (with an optional description and default).
pub(crate) fn write_schema(
    ty: &Ty,
    desc: Option<&str>,
    default: Option<&str>,
    extra_root: Option<&str>,
    buf: &mut Vec<u8>,
) {
    let mut o = Obj::begin(buf);
    if let Some(dialect) = extra_root {
        o.str(buf, "$schema", dialect);
    }
    match ty {
        Ty::Text { min, max, .. } => {
            o.str(buf, "type", "string");
            o.uint(buf, "minLength", (*min).max(1) as u64);
            if let Some(max) = max {
                o.uint(buf, "maxLength", *max as u64);
            }
        }
        Ty::Format(format) => {
            o.str(buf, "type", "string");
            o.str(buf, "format", format.name());
        }
        Ty::Slug => {
            o.str(buf, "type", "string");
            o.str(buf, "pattern", SLUG_PATTERN);
        }
        Ty::Enum(values) => {
            o.str(buf, "type", "string");
            o.key(buf, "enum");
            buf.push(b'[');
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                push_str(buf, v);
            }
            buf.push(b']');
        }
        Ty::Int { min, max } => {
            o.str(buf, "type", "integer");
            o.int(buf, "minimum", *min);
            o.int(buf, "maximum", *max);
        }
        Ty::Num {
            min,
            max,
            exclusive_min,
        } => {
            o.str(buf, "type", "number");
            o.key(
                buf,
                if *exclusive_min {
                    "exclusiveMinimum"
                } else {
                    "minimum"
                },
            );
            push_f64(buf, *min);
            o.key(buf, "maximum");
            push_f64(buf, *max);
        }
        Ty::Bool => o.str(buf, "type", "boolean"),
        Ty::Array {
            items,
            min,
            max,
            unique,
        } => {
            o.str(buf, "type", "array");
            o.key(buf, "items");
            write_schema(items, None, None, None, buf);
            if *min > 0 {
                o.uint(buf, "minItems", *min);
            }
            o.uint(buf, "maxItems", *max);
            if *unique {
                o.bool(buf, "uniqueItems", true);
            }
        }
        Ty::Object { props, closed } => {
            o.str(buf, "type", "object");
            if let Some(desc) = desc {
                o.str(buf, "description", desc);
            }
            o.key(buf, "properties");
            let mut p = Obj::begin(buf);
            for prop in props {
                p.key(buf, prop.name);
                write_schema(&prop.ty, Some(prop.desc), prop.default, None, buf);
            }
            p.end(buf);
            if props.iter().any(|p| p.required) {
                o.key(buf, "required");
                buf.push(b'[');
                let mut first = true;
                for prop in props.iter().filter(|p| p.required) {
                    if !first {
                        buf.push(b',');
                    }
                    first = false;
                    push_str(buf, prop.name);
                }
                buf.push(b']');
            }
            if *closed {
                o.bool(buf, "additionalProperties", false);
            }
            o.end(buf);
            return;
        }
        Ty::Labels => {
            o.str(buf, "type", "object");
            o.raw(
                buf,
                "propertyNames",
                format!("{{\"pattern\":\"{SLUG_PATTERN}\"}}").as_bytes(),
            );
            o.raw(
                buf,
                "additionalProperties",
                b"{\"type\":\"string\",\"maxLength\":64}",
            );
            o.int(buf, "maxProperties", 8);
        }
    }
    if let Some(desc) = desc {
        o.str(buf, "description", desc);
    }
    if let Some(default) = default {
        o.raw(buf, "default", default.as_bytes());
    }
    o.end(buf);
}

fn clamp_chars(mut s: String, min: usize, max: Option<usize>) -> String {
    if let Some(max) = max {
        if let Some((cut, _)) = s.char_indices().nth(max) {
            s.truncate(cut);
        }
        while s.ends_with(' ') && s.chars().count() > min {
            s.pop();
        }
    }
    while s.chars().count() < min {
        s.push_str(" and more");
    }
    s
}

fn text_value(kind: TextKind, rng: &mut Rng) -> String {
    match kind {
        TextKind::Prose => text::phrase(rng, 3, 24),
        TextKind::Query => text::ascii_phrase(rng, 3, 40),
        TextKind::Code => {
            let ident = text::slug(rng).replace('-', "_");
            match rng.below(3) {
                0 => format!(
                    "fn {ident}() {{\n    println!(\"{}\");\n}}\n",
                    text::phrase(rng, 1, 4)
                ),
                1 => format!(
                    "def {ident}(path):\n\treturn open(path, \"r\").read().split(\"\\n\")\n"
                ),
                _ => format!(
                    "const {ident} = JSON.parse('{{\"k\": \"{}\"}}');\n",
                    text::phrase(rng, 1, 3)
                ),
            }
        }
        TextKind::Path => text::rel_path(rng),
        TextKind::Sql => format!(
            "SELECT id, name, updated_at FROM {} WHERE status = '{}' ORDER BY updated_at DESC LIMIT {}",
            rng.pick(&["users", "orders", "invoices", "events", "projects"]),
            rng.pick(&["active", "pending", "archived"]),
            rng.range(1, 100)
        ),
        TextKind::Glob => format!(
            "{}/**/*.{}",
            rng.pick(&["src", "crates", "tests", "docs"]),
            rng.pick(&["rs", "ts", "py", "md"])
        ),
        TextKind::Name => text::person(rng),
    }
}

#[expect(
    clippy::cast_precision_loss,
    reason = "cents stay far below 2^53, so the conversion is exact"
)]
fn num_value(rng: &mut Rng, min: f64, max: f64, exclusive_min: bool) -> f64 {
    // Two decimals, inside the bounds. Integer arithmetic then one division: exact and portable.
    let lo = (min * 100.0) as i64 + i64::from(exclusive_min);
    let hi = (max * 100.0) as i64;
    let cents = rng.range_i64(lo, hi.max(lo));
    cents as f64 / 100.0
}

/// Writes a value that conforms to `ty`.
pub(crate) fn write_value(ty: &Ty, rng: &mut Rng, buf: &mut Vec<u8>) {
    match ty {
        Ty::Text { kind, min, max } => {
            let s = clamp_chars(text_value(*kind, rng), *min, *max);
            push_str(buf, &s);
        }
        Ty::Format(format) => {
            let s = match format {
                Format::DateTime => text::date_time(rng),
                Format::Date => text::date(rng),
                Format::Email => text::email(rng),
                Format::Uri => text::url(rng),
            };
            push_str(buf, &s);
        }
        Ty::Slug => push_str(buf, &text::slug(rng)),
        Ty::Enum(values) => push_str(buf, rng.pick(values)),
        Ty::Int { min, max } => {
            // Favour small values, as real callers do.
            let hi = if rng.chance(700) {
                (*max).min(min.saturating_add(100))
            } else {
                *max
            };
            push_i64(buf, rng.range_i64(*min, hi));
        }
        Ty::Num {
            min,
            max,
            exclusive_min,
        } => push_f64(buf, num_value(rng, *min, *max, *exclusive_min)),
        Ty::Bool => buf.extend_from_slice(if rng.chance(500) { b"true" } else { b"false" }),
        Ty::Array {
            items,
            min,
            max,
            unique,
        } => {
            let n = rng.range(*min, (*max).min(min + 6));
            buf.push(b'[');
            if *unique {
                write_unique_items(items, n, rng, buf);
            } else {
                for i in 0..n {
                    if i > 0 {
                        buf.push(b',');
                    }
                    write_value(items, rng, buf);
                }
            }
            buf.push(b']');
        }
        Ty::Object { props, .. } => write_object(props, rng, buf, None),
        Ty::Labels => {
            let n = rng.range(0, 4);
            let mut keys: Vec<String> = Vec::new();
            for _ in 0..n {
                let k = text::slug(rng);
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
            let mut o = Obj::begin(buf);
            for k in &keys {
                o.str(buf, k, &text::ascii_phrase(rng, 1, 64));
            }
            o.end(buf);
        }
    }
}

fn write_unique_items(items: &Ty, n: u64, rng: &mut Rng, buf: &mut Vec<u8>) {
    let mut seen: Vec<Vec<u8>> = Vec::new();
    if let Ty::Enum(values) = items {
        let mut order: Vec<&str> = values.to_vec();
        rng.shuffle(&mut order);
        for v in order.iter().take(n as usize) {
            let mut item = Vec::new();
            push_str(&mut item, v);
            seen.push(item);
        }
    } else {
        let mut attempts = 0;
        while (seen.len() as u64) < n && attempts < 100 {
            attempts += 1;
            let mut item = Vec::new();
            write_value(items, rng, &mut item);
            if !seen.contains(&item) {
                seen.push(item);
            }
        }
    }
    for (i, item) in seen.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        buf.extend_from_slice(item);
    }
}

/// How a value of a property is overridden while writing an object.
#[derive(Debug)]
pub(crate) enum Override<'a> {
    /// Leave the property out (it must be required to make the object invalid).
    Omit(&'a str),
    /// Write this JSON for the property.
    Value(&'a str, String),
    /// Add a property that the schema does not declare.
    Extra(&'a str, String),
}

fn write_object(props: &[Prop], rng: &mut Rng, buf: &mut Vec<u8>, over: Option<&Override<'_>>) {
    let mut o = Obj::begin(buf);
    for prop in props {
        match over {
            Some(Override::Omit(name)) if *name == prop.name => continue,
            Some(Override::Value(name, json)) if *name == prop.name => {
                o.raw(buf, prop.name, json.as_bytes());
                continue;
            }
            _ => {}
        }
        if prop.required || rng.chance(450) {
            o.key(buf, prop.name);
            write_value(&prop.ty, rng, buf);
        }
    }
    if let Some(Override::Extra(name, json)) = over {
        o.raw(buf, name, json.as_bytes());
    }
    o.end(buf);
}

/// Writes the arguments object of a tool call (`props` of the root `inputSchema`).
pub(crate) fn write_args(props: &[Prop], rng: &mut Rng, buf: &mut Vec<u8>) {
    write_object(props, rng, buf, None);
}

/// Writes arguments with one property replaced by a raw JSON value (which must conform).
pub(crate) fn write_args_with(
    props: &[Prop],
    name: &str,
    json: String,
    rng: &mut Rng,
    buf: &mut Vec<u8>,
) {
    write_object(props, rng, buf, Some(&Override::Value(name, json)));
}

/// Writes arguments that violate the schema in exactly one place and returns what was done,
/// or writes nothing and returns `None` when the schema accepts any object.
pub(crate) fn write_invalid_args(
    props: &[Prop],
    closed: bool,
    rng: &mut Rng,
    buf: &mut Vec<u8>,
) -> Option<String> {
    // Collect the possible violations, then pick one.
    let mut options: Vec<(Override<'static>, String)> = Vec::new();
    for prop in props {
        let name = prop.name;
        if prop.required {
            options.push((
                Override::Omit(name),
                format!("required property `{name}` is missing"),
            ));
        }
        match &prop.ty {
            Ty::Int { min, max } => {
                let (bad, why) = if *max < i64::MAX - 1000 {
                    let v = max + rng.range_i64(1, 1000);
                    (v, format!("`{name}` = {v} is above the maximum {max}"))
                } else {
                    let v = min - rng.range_i64(1, 1000);
                    (v, format!("`{name}` = {v} is below the minimum {min}"))
                };
                options.push((Override::Value(name, bad.to_string()), why));
                options.push((
                    Override::Value(name, "\"several\"".to_owned()),
                    format!("`{name}` is a string, the schema wants an integer"),
                ));
            }
            Ty::Num { max, .. } => {
                let v = max + 1.0 + f64::from(rng.below(50) as u32);
                let mut json = Vec::new();
                push_f64(&mut json, v);
                let json = String::from_utf8(json).unwrap_or_default();
                options.push((
                    Override::Value(name, json.clone()),
                    format!("`{name}` = {json} is above the maximum {max}"),
                ));
            }
            Ty::Enum(values) => {
                let candidates = ["sideways", "unsupported", "legacy-mode", "maximum"];
                if let Some(bad) = candidates.iter().find(|c| !values.contains(c)) {
                    options.push((
                        Override::Value(name, format!("\"{bad}\"")),
                        format!("`{name}` = \"{bad}\" is not one of the allowed values"),
                    ));
                }
            }
            Ty::Bool => options.push((
                Override::Value(name, "\"yes\"".to_owned()),
                format!("`{name}` is the string \"yes\", the schema wants a boolean"),
            )),
            Ty::Array { .. } => options.push((
                Override::Value(name, "\"one,two\"".to_owned()),
                format!("`{name}` is a string, the schema wants an array"),
            )),
            Ty::Text { .. } | Ty::Format(_) | Ty::Slug => options.push((
                Override::Value(name, rng.range(2, 999).to_string()),
                format!("`{name}` is a number, the schema wants a string"),
            )),
            Ty::Object { .. } | Ty::Labels => options.push((
                Override::Value(name, "[]".to_owned()),
                format!("`{name}` is an array, the schema wants an object"),
            )),
        }
    }
    if closed {
        options.push((
            Override::Extra("unexpected_option", "true".to_owned()),
            "property `unexpected_option` is not allowed (additionalProperties is false)"
                .to_owned(),
        ));
    }
    if options.is_empty() {
        return None;
    }
    let i = rng.index(options.len());
    let (over, why) = options.swap_remove(i);
    write_object(props, rng, buf, Some(&over));
    Some(why)
}

/// The first free-text property able to hold a 40-character token, if any.
pub(crate) fn free_text_prop(props: &[Prop]) -> Option<&'static str> {
    props.iter().find_map(|p| match p.ty {
        Ty::Text {
            kind: TextKind::Prose | TextKind::Query | TextKind::Code,
            min,
            max,
        } if min <= 40 && max.is_none_or(|m| m >= 64) => Some(p.name),
        _ => None,
    })
}
