//! Captures read through a derived JSON text, with a map back to the file:
//!
//! - a **YAML** recorder cassette is read as the JSON text it denotes (`mcpvet_yaml`: every
//!   node on its YAML line, scalars mapped byte for byte where they can be);
//! - a **HAR file** (see [`har`](super::har)), whose bodies are inlined the same way, an
//!   event stream as the array of its events;
//! - an **HTTP cassette** of the VCR family (vcrpy and its kin, JSON or YAML), whose
//!   JSON-RPC bodies are strings (`request.body`, `response.body.string`), is read with each
//!   body that holds JSON inlined as that JSON, and each Server-Sent Events body as the array
//!   of its `data:` payloads. The inlined text keeps the body's line (line breaks in it become
//!   spaces) and maps to the body's characters through its escapes.
//!
//! The entries, the document and every finding made on them point into the derived text; the
//! [`Derivation`] of the transcript maps them to the file. The diagnostics returned here are
//! mapped already.
use std::ops::Range;

use mcpvet_json::{JsonDocument, JsonOptions, Value, ValueKind};
use mcpvet_text::{SourceMap, Span};

use super::cassette::{self, Shape};
use super::read::read_text;
use super::{Derivation, DetectedBy, Detection, InputFormat, Transcript};
use crate::LowerOutcome;

/// Reads `text` as [`read_transcript`](super::read_transcript) does, through a derived text
/// when it is a YAML document or an HTTP cassette.
pub(crate) fn read<'a>(
    text: &'a str,
    file_name: Option<&str>,
    format: Option<InputFormat>,
) -> LowerOutcome<Transcript<'a>> {
    // A run log written as `key=value` lines: read through the JSON it denotes.
    if matches!(format, None | Some(InputFormat::RunLog)) && super::runlog::is_key_value(text) {
        return super::runlog::read_key_value(text, format.is_some());
    }
    if !matches!(
        format,
        None | Some(InputFormat::Cassette | InputFormat::Har)
    ) {
        return read_text(text, file_name, format);
    }
    if format != Some(InputFormat::Har) && is_yaml(text, file_name) {
        return yaml(text, format);
    }
    let outcome = read_text(text, file_name, format);
    // A HAR file: read again, through the text its bodies are inlined in.
    if outcome.value.format() == InputFormat::Har
        && outcome
            .value
            .document()
            .root()
            .is_some_and(super::har::is_har)
    {
        return super::har::read(text, *outcome.value.detection());
    }
    with_bodies(outcome, format, None)
}

/// Whether `text` is a YAML document to read as one: not JSON (its first line does not open
/// an object or array), and named `.yaml`/`.yml` or holding `interactions:` at column 0.
/// Lines are looked through only when the first one is a YAML key (`name:`), so a log read
/// whole is not scanned a second time.
fn is_yaml(text: &str, file_name: Option<&str>) -> bool {
    let first = text
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with('%') && *l != "---");
    if first.is_none_or(|l| l.starts_with(['{', '['])) {
        return false;
    }
    let named = file_name
        .and_then(|n| n.rsplit_once('.'))
        .is_some_and(|(_, e)| e.eq_ignore_ascii_case("yaml") || e.eq_ignore_ascii_case("yml"));
    named
        || (is_key_line(first.unwrap_or_default())
            && text.lines().any(|l| l.trim_end() == "interactions:"))
}

/// `name:` or `name: value` with a plain name (a log line starts with a timestamp or `[`).
fn is_key_line(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, rest)| {
        key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
            && (rest.is_empty() || rest.starts_with(' '))
    })
}

fn yaml(text: &str, format: Option<InputFormat>) -> LowerOutcome<Transcript<'static>> {
    let read = mcpvet_yaml::to_json(text);
    let Some(json) = read.value else {
        // Not well formed: its finding is the file's only one.
        let mut empty = read_text("", None, Some(InputFormat::Cassette)).value;
        empty.detection = Detection {
            format: InputFormat::Cassette,
            by: DetectedBy::Content,
            reason: "a YAML document",
        };
        // Nothing was read: the finding is in the file's offsets, as for any derivation.
        empty.derivation = Some(Derivation {
            from: "not well formed".into(),
            map: SourceMap::new(),
        });
        return LowerOutcome {
            value: empty.into_static(),
            diagnostics: read.diagnostics,
        };
    };
    let inner = read_text(&json.json, None, format);
    let derivation = Derivation {
        from: "written in YAML".into(),
        map: json.map,
    };
    let mut outcome = with_bodies(inner, format, Some(derivation));
    outcome.diagnostics.extend(read.diagnostics);
    outcome.diagnostics.sort_by_key(|d| d.span().start);
    LowerOutcome {
        value: outcome.value.into_static(),
        diagnostics: outcome.diagnostics,
    }
}

/// Inlines the bodies of an HTTP cassette and reads it again; `outer` is how `outcome`'s own
/// text was derived, if it was. The outcome that is kept gets its diagnostics mapped and its
/// derivation set.
fn with_bodies(
    outcome: LowerOutcome<Transcript<'_>>,
    format: Option<InputFormat>,
    outer: Option<Derivation>,
) -> LowerOutcome<Transcript<'_>> {
    let inlined = outcome
        .value
        .document()
        .root()
        .filter(|root| cassette::shape(*root) == Some(Shape::Http))
        .and_then(|_| inline_bodies(outcome.value.document()));
    if let Some((json, map)) = inlined {
        let inner = read_text(&json, None, format);
        if !inner.value.is_refused() {
            let derivation = match outer {
                Some(outer) => Derivation {
                    from: format!("{}, bodies read as JSON", outer.from),
                    map: map.then(outer.map),
                },
                None => Derivation {
                    from: "bodies read as JSON".into(),
                    map,
                },
            };
            return derived(inner, derivation);
        }
    }
    match outer {
        Some(derivation) => derived(outcome, derivation),
        None => outcome,
    }
}

fn derived<'a>(
    outcome: LowerOutcome<Transcript<'_>>,
    derivation: Derivation,
) -> LowerOutcome<Transcript<'a>> {
    let mut diagnostics = outcome.diagnostics;
    for d in &mut diagnostics {
        d.map_spans(|s| derivation.map.span(s));
    }
    let mut value = outcome.value.into_static();
    value.derivation = Some(derivation);
    LowerOutcome { value, diagnostics }
}

/// The text of `doc` with every JSON body of its interactions inlined, and its map; `None`
/// when no body holds JSON.
fn inline_bodies(doc: &JsonDocument<'_>) -> Option<(String, SourceMap)> {
    let interactions = doc.root()?.get("interactions")?;
    let mut bodies: Vec<Inlined> = Vec::new();
    for interaction in interactions.items() {
        let request = interaction.get("request").and_then(|r| r.get("body"));
        let response = interaction.get("response").and_then(|r| r.get("body"));
        for body in [request, response].into_iter().flatten() {
            let body = match body.kind() {
                ValueKind::Object => match body.get("string") {
                    Some(s) => s,
                    None => continue,
                },
                _ => body,
            };
            if let Some(inlined) = inline(body) {
                bodies.push(inlined);
            }
        }
    }
    if bodies.is_empty() {
        return None;
    }
    Some(assemble(doc.text(), bodies))
}

/// `text` with the span of each of `bodies` replaced by its inlined text, and the map from
/// the result back to `text` (bodies that overlap an earlier one are skipped).
pub(super) fn assemble(text: &str, mut bodies: Vec<Inlined>) -> (String, SourceMap) {
    bodies.sort_by_key(|b| b.0.start);
    let mut out = String::with_capacity(text.len());
    let mut map = SourceMap::new();
    let mut copied = 0usize;
    for (span, replacement, pieces) in bodies {
        let start = span.start as usize;
        if start < copied {
            continue;
        }
        copy(&mut out, &mut map, text, copied..start);
        let at = out.len();
        out.push_str(&replacement);
        for (offset, len, source) in pieces {
            map.push(
                Span::new(to_u32(at + offset), to_u32(at + offset + len)),
                source,
            );
        }
        copied = span.end as usize;
    }
    copy(&mut out, &mut map, text, copied..text.len());
    (out, map)
}

fn copy(out: &mut String, map: &mut SourceMap, text: &str, range: Range<usize>) {
    let at = out.len();
    out.push_str(&text[range.clone()]);
    map.push(
        Span::new(to_u32(at), to_u32(out.len())),
        Span::new(to_u32(range.start), to_u32(range.end)),
    );
}

/// A body's span, the text to put in its place, and for each character of that text taken
/// from the body: its offset and length in the replacement and its span in the file.
pub(super) type Inlined = (Span, String, Vec<(usize, usize, Span)>);

/// A string body that holds JSON (or Server-Sent Events of JSON), inlined (runs of
/// characters written without escapes merge into copies in the map).
fn inline(body: Value<'_>) -> Option<Inlined> {
    let decoded = body.decoded()?;
    let content = decoded.text();
    let trimmed = content.trim_start();
    let parts: Vec<Range<usize>> = if trimmed.starts_with(['{', '[']) {
        std::iter::once(content.len() - trimmed.len()..content.len()).collect()
    } else {
        sse_payloads(content)
    };
    let parts: Vec<Range<usize>> = parts
        .into_iter()
        .filter(|r| is_json(&content[r.clone()]))
        .collect();
    if parts.is_empty() {
        return None;
    }
    let sse = !trimmed.starts_with(['{', '[']);
    let mut out = String::new();
    let mut pieces = Vec::new();
    if sse {
        out.push('[');
    }
    for (k, range) in parts.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        push_decoded(&mut out, &mut pieces, &decoded, range.clone());
    }
    if sse {
        out.push(']');
    }
    Some((body.span(), out, pieces))
}

/// Appends the characters of `decoded`'s text in `range` to `out`, each mapped to its source
/// characters (through their escapes) in `pieces`. Line breaks become spaces: the derived
/// text keeps the body's line.
pub(super) fn push_decoded(
    out: &mut String,
    pieces: &mut Vec<(usize, usize, Span)>,
    decoded: &mcpvet_json::DecodedStr<'_>,
    range: Range<usize>,
) {
    let content = decoded.text();
    for (i, c) in content[range.clone()].char_indices() {
        let at = range.start + i;
        let source = decoded.span(at..at + c.len_utf8());
        let c = if matches!(c, '\n' | '\r') { ' ' } else { c };
        push_piece(pieces, out.len(), c.len_utf8(), source);
        out.push(c);
    }
}

/// Records that `len` bytes at `at` of the replacement come from `source`, merged into the
/// previous piece when both continue it byte for byte (a run of characters written without
/// escapes is one piece, not one per character).
pub(super) fn push_piece(
    pieces: &mut Vec<(usize, usize, Span)>,
    at: usize,
    len: usize,
    source: Span,
) {
    if let Some(last) = pieces.last_mut()
        && last.0 + last.1 == at
        && last.2.end == source.start
        && last.1 == last.2.len() as usize
        && len == source.len() as usize
    {
        last.1 += len;
        last.2 = Span::new(last.2.start, source.end);
        return;
    }
    pieces.push((at, len, source));
}

/// The `data:` payloads of a Server-Sent Events text, one per event (consecutive `data:`
/// lines of one event are joined by the JSON parser's whitespace, so each line is kept apart).
fn sse_payloads(content: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut at = 0usize;
    for line in content.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if let Some(rest) = bare.strip_prefix("data:") {
            let skip = usize::from(rest.starts_with(' '));
            let start = at + "data:".len() + skip;
            out.push(start..at + bare.len());
        }
        at += line.len();
    }
    out
}

pub(super) fn is_json(text: &str) -> bool {
    !text.trim().is_empty() && !mcpvet_json::parse(text, &JsonOptions::strict()).has_errors()
}

fn to_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}
