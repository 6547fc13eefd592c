//! The bodies of the parser fuzz targets and the checks they run.

use mcpvet_diagnostics::JsonPath;

use super::*;
use crate::document::JsonDocument;
use crate::{JsonOptions, JsonParser, ParseOutcome, Value, ValueKind, parse_bytes};

/// Panics with the input and the message when `result` is an error.
#[track_caller]
pub(super) fn ensure(result: Result<(), String>, what: &str, data: &[u8]) {
    if let Err(e) = result {
        panic!(
            "{what}: {e}\ninput ({} bytes): {:?}",
            data.len(),
            String::from_utf8_lossy(data)
        );
    }
}

/// Parses `data` with `options` three ways (a fresh parser; a reused parser that recycled
/// another document; `parse` on the `&str` when the bytes are UTF-8) and checks the results are
/// identical and pass [`check_outcome`].
///
/// # Errors
///
/// A description of the first difference or broken invariant.
pub fn check_bytes(data: &[u8], options: &JsonOptions) -> Result<(), String> {
    let first = parse_bytes(data, options);
    check_outcome(&first)?;
    let expected = render(&first);
    let mut parser = JsonParser::new(options.clone());
    let warm_up = parser.parse("[[1, 2, {\"a\": [3, 4, 5, 6, 7, 8, 9]}], \"x\", null, true]");
    parser.recycle(warm_up.value);
    let again = parser.parse_bytes(data);
    if again.diagnostics != first.diagnostics || render(&again) != expected {
        return Err(format!(
            "a reused parser gives a different result:\n{}\nversus\n{expected}",
            render(&again)
        ));
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let from_str = crate::parse(text, options);
        if from_str.diagnostics != first.diagnostics || render(&from_str) != expected {
            return Err(format!(
                "parse and parse_bytes differ:\n{}\nversus\n{expected}",
                render(&from_str)
            ));
        }
    }
    Ok(())
}

/// For a document without errors: re-printing it canonically and re-parsing gives an equal
/// value, and printing that again gives the same text.
///
/// # Errors
///
/// A description of the difference.
pub fn check_reprint(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    if outcome.has_errors() {
        return Ok(());
    }
    let Some(root) = outcome.value.root() else {
        return Err("a document without errors has no root".into());
    };
    let value =
        OwnedValue::from_value(root).ok_or("a document without errors holds an error node")?;
    let printed = value.to_json();
    let again = crate::parse(&printed, &JsonOptions::strict());
    if again.has_errors() {
        return Err(format!(
            "the canonical print {printed:?} does not parse: {:?}",
            again.diagnostics
        ));
    }
    let reparsed = again
        .value
        .root()
        .and_then(OwnedValue::from_value)
        .ok_or("the canonical print has no value")?;
    if reparsed != value {
        return Err(format!(
            "re-parsing the canonical print {printed:?} gives {reparsed:?}, not {value:?}"
        ));
    }
    if reparsed.to_json() != printed {
        return Err(format!("printing is not idempotent on {printed:?}"));
    }
    Ok(())
}

/// For a document without errors or duplicate keys: every node's path leads back to it, as
/// a `$` path ([`JsonPath::parse`] of its display) and as a JSON Pointer
/// ([`JsonPath::from_pointer`]); a key's path leads to its member's value.
///
/// # Errors
///
/// The first node whose path does not lead back to it.
pub fn check_paths(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    // Duplicate keys make a path ambiguous, and so do lone surrogates (a path holds Rust
    // strings, where every lone surrogate reads as U+FFFD).
    if outcome.has_errors()
        || outcome.diagnostics.iter().any(|d| {
            d.code() == crate::codes::DUPLICATE_KEY || d.code() == crate::codes::LONE_SURROGATE
        })
    {
        return Ok(());
    }
    let doc = &outcome.value;
    let nodes = preorder(doc);
    // A key's path is its member's: it leads to the value.
    let mut targets: Vec<Value<'_>> = nodes.clone();
    for v in &nodes {
        for m in v.members() {
            targets[m.key.id().index() as usize] = m.value;
        }
    }
    for (node, target) in nodes.into_iter().zip(targets) {
        let path = node.path();
        let display = path.to_string();
        let parsed = JsonPath::parse(&display)
            .map_err(|e| format!("path {display:?} does not parse: {e}"))?;
        if parsed != path {
            return Err(format!(
                "path {display:?} parses as {parsed:?}, not {path:?}"
            ));
        }
        let pointer = path.to_pointer();
        let from_pointer = JsonPath::from_pointer(&pointer)
            .map_err(|e| format!("pointer {pointer:?} does not parse: {e}"))?;
        for (how, p) in [("path", &parsed), ("pointer", &from_pointer)] {
            match doc.find(p) {
                Some(found) if found.id() == target.id() => {}
                found => {
                    return Err(format!(
                        "{how} {display:?} / {pointer:?} of node {node:?} finds {found:?}, \
                         not {target:?}"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// Body of the `json_parse` fuzz target: strict, JSONC and a low nesting limit; every
/// invariant of [`check_outcome`]; canonical re-printing round-trips. With [`Checks::All`],
/// or on the inputs [`Checks::Sampled`] picks: identical results from fresh and reused
/// parsers and from the `&str` and bytes entry points, paths lead back to their nodes, and
/// [`check_array_elements`] cut at every eighth byte; on the other inputs, paths in strict
/// mode only, and the array cut at 16 places.
///
/// # Panics
///
/// When a property does not hold (that is the finding).
pub fn fuzz_json_parse(data: &[u8], checks: Checks) {
    let every = checks.expensive(data);
    for (k, options) in [
        JsonOptions::strict(),
        JsonOptions::jsonc(),
        JsonOptions::jsonc().with_max_depth(3),
    ]
    .into_iter()
    .enumerate()
    {
        let outcome = parse_bytes(data, &options);
        if every {
            ensure(check_bytes(data, &options), "parse", data);
        } else {
            ensure(check_outcome(&outcome), "parse", data);
        }
        ensure(check_reprint(&outcome), "canonical re-print", data);
        if outcome.value.node_count() <= 4096 && (every || k == 0) {
            ensure(check_paths(&outcome), "paths", data);
        }
        ensure(check_lookups(&outcome), "member lookups", data);
    }
    let step = if every { 8 } else { data.len() / 16 + 1 };
    ensure(check_array_elements(data, step), "array elements", data);
}

/// Every object's member lookups agree with a walk of its members: [`Value::member`] and
/// [`Value::get_many`] find, for each of its keys (decoded) and for a key it lacks, the last
/// member whose [`key_is`](crate::Member::key_is) says so (they compare keys in place, by
/// length first; this is the plain definition).
///
/// # Errors
///
/// The first difference, described.
pub fn check_lookups(outcome: &ParseOutcome<JsonDocument<'_>>) -> Result<(), String> {
    for object in preorder(&outcome.value) {
        if object.kind() != ValueKind::Object {
            continue;
        }
        let mut keys: Vec<String> = object
            .members()
            .filter_map(|m| m.key.as_str().map(std::borrow::Cow::into_owned))
            .collect();
        keys.push("\u{0}absent".to_owned());
        for key in &keys {
            let walked = object.members().filter(|m| m.key_is(key)).last();
            let found = object.member(key);
            let same = match (walked, found) {
                (Some(a), Some(b)) => a.key.id() == b.key.id() && a.value.id() == b.value.id(),
                (None, None) => true,
                _ => false,
            };
            let [many, _] = object.get_many([key.as_str(), "\u{0}other"]);
            if !same || many.map(Value::id) != walked.map(|m| m.value.id()) {
                return Err(format!(
                    "object at {:?}: lookup of {key:?} finds {found:?} (get_many {many:?}), \
                     the members say {walked:?}",
                    object.span()
                ));
            }
        }
    }
    Ok(())
}

/// A well-formed strict JSON array scanned by [`ArrayElements`](crate::ArrayElements), whole
/// and cut in two at every `step`-th byte: the element ranges are the parsed items' spans.
///
/// # Errors
///
/// The first difference, described.
pub fn check_array_elements(data: &[u8], step: usize) -> Result<(), String> {
    let outcome = parse_bytes(data, &JsonOptions::strict());
    let Some(root) = outcome.value.root() else {
        return Ok(());
    };
    if outcome.has_errors() || root.kind() != ValueKind::Array || outcome.value.bom().is_some() {
        return Ok(());
    }
    let expected: Vec<_> = root.items().map(|v| v.span().range()).collect();
    for cut in (0..=data.len()).step_by(step.max(1)).chain([data.len()]) {
        let mut scan = crate::ArrayElements::default();
        let mut found = Vec::new();
        scan.scan(&data[..cut], 0, &mut found);
        scan.scan(data, cut, &mut found);
        if found != expected || !scan.closed() {
            return Err(format!(
                "cut at {cut}: elements {found:?}, items {expected:?} (closed: {})",
                scan.closed()
            ));
        }
    }
    Ok(())
}

/// Fuzz target `json_string_scan`: the parser's block scans of string contents (64-byte blocks
/// classified into bit masks, escaped bytes found from the backslash mask with a carry between
/// blocks) and of whitespace agree with their byte-at-a-time references on `data`, from every
/// start offset (the first 130 with [`Checks::All`] or on the inputs [`Checks::Sampled`]
/// picks, the first 66 otherwise: one whole block and its edges) to the end and to shorter
/// ends; then the input parsed inside a string literal keeps the parser's invariants.
///
/// # Panics
///
/// When a scan and its reference differ (that is the finding).
pub fn fuzz_string_scan(data: &[u8], checks: Checks) {
    let starts = if checks.expensive(data) { 130 } else { 66 };
    ensure(scan::check_scanners(data, starts), "string scan", data);
    let mut literal = Vec::with_capacity(data.len() + 2);
    literal.push(b'"');
    literal.extend_from_slice(data);
    literal.push(b'"');
    ensure(
        check_bytes(&literal, &JsonOptions::strict()),
        "string literal",
        &literal,
    );
}
