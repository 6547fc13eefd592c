//! The last step of every inspection: fill the JSON paths checks left out, mask the secrets
//! that findings quote, and sort.
//!
//! Masking changes a secret and nothing else: a finding's texts (message, labels, help, fix
//! message) and its JSON path are masked where they hold a secret's text whole
//! ([`Redactor`]), the head of one that a quote cut short, or a copy of the source text at a
//! secret's span (a rule that quotes a line, a value or a name of the input: the quote is
//! found in the lines around the finding, and the characters that copy the secret are
//! starred by the policy of [`SpanMask`]). A piece of a secret that merely occurs elsewhere
//! (a JSON path, a server name, a rule code) is not the secret and is left as it is.
use std::borrow::Cow;

use mcpvet_diagnostics::redact::{Redactor, SpanMask};
use mcpvet_diagnostics::{Diagnostic, JsonPath, PathSegment};
use mcpvet_json::JsonDocument;
use mcpvet_text::Span;

/// Bytes of source looked at around a finding for the text its quotes copy.
const WINDOW: usize = 4096;

/// Fills missing JSON paths from the node at each finding's position, masks the secrets a
/// finding's texts and path hold (see the module docs), and sorts by position.
pub(crate) fn finish(doc: &JsonDocument<'_>, redactions: &[Span], diagnostics: &mut [Diagnostic]) {
    for d in diagnostics.iter_mut() {
        let at = d.span().start;
        d.set_path_if_missing(|| doc.node_at(at).map(mcpvet_json::Value::path));
    }
    if !redactions.is_empty() && masking() {
        // Spans are offsets in the file; the document's text may be a piece of it (a chunk of
        // a streamed capture) that starts at `base`.
        let base = doc.base();
        let local: Vec<Span> = redactions
            .iter()
            .map(|s| Span::new(s.start.saturating_sub(base), s.end.saturating_sub(base)))
            .collect();
        let text = doc.text();
        let secrets = Masker {
            text,
            redactor: crate::redact::redactor(text, &local),
            masks: SpanMask::new(text, 0, &local),
        };
        for d in diagnostics.iter_mut() {
            let span = d.span();
            let window = secrets.window(Span::new(
                span.start.saturating_sub(base),
                span.end.saturating_sub(base),
            ));
            d.rewrite_texts(|t| match secrets.mask(t, window) {
                Cow::Owned(new) => Some(new),
                Cow::Borrowed(_) => None,
            });
            let path = d.path().and_then(|p| secrets.mask_path(doc, p, span.start));
            if let Some(path) = path {
                d.set_path(path);
            }
        }
    }
    diagnostics.sort_by_key(|d| (d.span().start, d.span().end, d.code()));
}

/// The secrets of one document, and how to find their copies in a finding's texts.
struct Masker<'t> {
    text: &'t str,
    redactor: Redactor,
    masks: SpanMask,
}

impl Masker<'_> {
    /// The byte range of the source lines around `span` (at most [`WINDOW`] bytes each side).
    fn window(&self, span: Span) -> (usize, usize) {
        let text = self.text;
        let clamp = |at: usize| {
            let mut at = at.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            at
        };
        let start = clamp(span.start as usize);
        let end = clamp(span.end as usize).max(start);
        let from = clamp(start.saturating_sub(WINDOW));
        let to = clamp(end.saturating_add(WINDOW));
        let line_start = text[from..start].rfind('\n').map_or(from, |i| from + i + 1);
        let line_end = text[end..to].find('\n').map_or(to, |i| end + i);
        (line_start, line_end)
    }

    /// `t` with its secrets masked: whole secrets and cut heads anywhere, and each
    /// backquoted part that copies source text at a secret's span.
    fn mask<'a>(&self, t: &'a str, window: (usize, usize)) -> Cow<'a, str> {
        let scrubbed = self.redactor.scrub(t);
        if !scrubbed.contains('`') {
            return scrubbed;
        }
        let mut out = String::with_capacity(scrubbed.len());
        let mut changed = false;
        let mut rest: &str = &scrubbed;
        while let Some(open) = rest.find('`') {
            let Some(len) = rest[open + 1..].find('`') else {
                break;
            };
            let inside = &rest[open + 1..open + 1 + len];
            out.push_str(&rest[..=open]);
            match self.copied(inside, window) {
                Some(masked) => {
                    out.push_str(&masked);
                    changed = true;
                }
                None => out.push_str(inside),
            }
            out.push('`');
            rest = &rest[open + len + 2..];
        }
        out.push_str(rest);
        if changed { Cow::Owned(out) } else { scrubbed }
    }

    /// `quoted` masked where it copies source text (in `window`) at a secret's span: the
    /// first place it is found that overlaps a secret. An ellipsis that marks a cut
    /// (`…`, `...`) at either end is not part of the copy.
    fn copied(&self, quoted: &str, window: (usize, usize)) -> Option<String> {
        let mut core = quoted;
        let mut head = "";
        let mut tail = "";
        for mark in ["…", "..."] {
            if let Some(c) = core.strip_suffix(mark) {
                tail = &quoted[quoted.len() - mark.len()..];
                core = c;
                break;
            }
        }
        for mark in ["…", "..."] {
            if let Some(c) = core.strip_prefix(mark) {
                head = &quoted[..mark.len()];
                core = c;
                break;
            }
        }
        if core.is_empty() {
            return None;
        }
        let (from, to) = window;
        let source = &self.text[from..to];
        let mut search = 0;
        while let Some(found) = source[search..].find(core) {
            let at = from + search + found;
            let copy = &self.text[at..at + core.len()];
            let masked = self.masks.apply(copy, at as u32);
            if masked != copy {
                return Some(format!("{head}{masked}{tail}"));
            }
            search += found + core.len().max(1);
            while !source.is_char_boundary(search.min(source.len())) {
                search += 1;
            }
            if search >= source.len() {
                break;
            }
        }
        None
    }

    /// `path` with the member names that are secrets masked (a name the parser read out of
    /// log text that holds a credential): the path is followed in the document, and a member
    /// whose name lies in a secret's span has its name masked by the policy; every other
    /// segment stays as it is, even when its text equals a secret's (a server named like
    /// its password). `None` when nothing changes.
    fn mask_path(&self, doc: &JsonDocument<'_>, path: &JsonPath, at: u32) -> Option<JsonPath> {
        // The root the finding is in (a document of JSON Lines has one per line).
        let mut roots: Vec<mcpvet_json::Value<'_>> = doc.roots().collect();
        roots.sort_by_key(|r| !r.span().contains(at));
        let (changed, segments) = roots
            .into_iter()
            .find_map(|root| self.mask_path_from(doc, root, path))?;
        changed.then(|| JsonPath::from_segments(segments))
    }

    /// [`Self::mask_path`] from `root`: the segments, and whether one was masked; `None`
    /// when the path does not lead anywhere from `root`.
    fn mask_path_from(
        &self,
        doc: &JsonDocument<'_>,
        root: mcpvet_json::Value<'_>,
        path: &JsonPath,
    ) -> Option<(bool, Vec<PathSegment>)> {
        let base = doc.base();
        let local = |span: Span| {
            Span::new(
                span.start.saturating_sub(base),
                span.end.saturating_sub(base),
            )
        };
        let mut current = root;
        let mut changed = false;
        let mut segments = Vec::with_capacity(path.segments().len());
        for segment in path.segments() {
            match segment {
                PathSegment::Key(key) => {
                    let member = current.member(key)?;
                    let name = member.key;
                    let span = local(name.span());
                    if self.masks.hides_any(span) {
                        changed = true;
                        // The name's own characters masked where they are secret; a name
                        // written with escapes is masked whole.
                        let masked = match (name.raw_str(), name.content_span()) {
                            (Some(raw), Some(content)) if !name.has_escapes() => {
                                self.masks.apply(raw, local(content).start)
                            }
                            _ => mcpvet_diagnostics::redact::mask(key),
                        };
                        segments.push(PathSegment::Key(masked));
                    } else {
                        segments.push(segment.clone());
                    }
                    current = member.value;
                }
                PathSegment::Index(i) => {
                    current = current.at(*i as usize)?;
                    segments.push(segment.clone());
                }
            }
        }
        Some((changed, segments))
    }
}

#[cfg(feature = "fuzzing")]
std::thread_local! {
    /// Off only inside [`crate::fuzzing::without_masking`] (tests comparing masked and
    /// unmasked reports).
    static MASKING: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether findings are masked: always, but in a test that compares with the unmasked report.
#[cfg(feature = "fuzzing")]
pub(crate) fn masking() -> bool {
    MASKING.with(std::cell::Cell::get)
}

#[cfg(not(feature = "fuzzing"))]
pub(crate) const fn masking() -> bool {
    true
}

/// Runs `f` with masking off on this thread (feature `fuzzing`).
#[cfg(feature = "fuzzing")]
pub(crate) fn without_masking<T>(f: impl FnOnce() -> T) -> T {
    MASKING.with(|m| m.set(false));
    let out = f();
    MASKING.with(|m| m.set(true));
    out
}

#[cfg(test)]
mod tests {
    use mcpvet_diagnostics::{RuleCode, Severity};
    use mcpvet_json::{JsonOptions, parse};

    use super::*;

    fn finding(text: &str, at: &str, message: &str, path: &[&str]) -> Diagnostic {
        let start = text.find(at).unwrap() as u32;
        Diagnostic::new(
            RuleCode::new("MCP999"),
            Severity::Warning,
            Span::new(start, start + at.len() as u32),
            message,
        )
        .with_path(JsonPath::from_segments(
            path.iter()
                .map(|k| PathSegment::Key((*k).to_owned()))
                .collect(),
        ))
    }

    #[test]
    fn only_the_secret_changes() {
        // The reported bug: `_config.` of the secret also occurs in the path.
        let text =
            r#"{"server": {"mcp_config": {"env": {"KEY": "${user_config.airtable_api_key}"}}}}"#;
        let doc = parse(text, &JsonOptions::strict()).value;
        let secret = text.find("${user").unwrap() as u32;
        let redactions = [Span::new(secret, secret + 31)];
        let mut found = [finding(
            text,
            "\"${user",
            "`mcp_config.env.KEY` holds `${user_config.airtable_api_key}`",
            &["server", "mcp_config", "env", "KEY"],
        )];
        finish(&doc, &redactions, &mut found);
        assert_eq!(
            found[0].path().unwrap().to_string(),
            "$.server.mcp_config.env.KEY"
        );
        assert_eq!(
            found[0].message(),
            "`mcp_config.env.KEY` holds `${us***************************`"
        );
    }

    #[test]
    fn quotes_of_the_source_are_masked_at_the_secret() {
        // A short password (not searched for in free text) quoted with the text around it,
        // and a line quoted cut inside a token.
        let text = "{\"a\": \"pw=hunter2 rest\"}\nBearer Q7vKmXpLwRtZaBcDeFgH and more\n";
        let doc = parse(text, &JsonOptions::jsonc()).value;
        let pw = text.find("hunter2").unwrap() as u32;
        let token = text.find("Q7vK").unwrap() as u32;
        let redactions = [Span::new(pw, pw + 7), Span::new(token, token + 20)];
        let mut found = [
            finding(
                text,
                "\"pw=",
                "value `pw=hunter2 rest` is odd; hunter2 is a word",
                &["a"],
            ),
            finding(text, "Bearer", "stdout: `Bearer Q7vKmXp…`", &[]),
        ];
        finish(&doc, &redactions, &mut found);
        assert_eq!(
            found[0].message(),
            "value `pw=h****** rest` is odd; hunter2 is a word"
        );
        assert_eq!(found[1].message(), "stdout: `Bearer Q7vK***…`");
    }
}
