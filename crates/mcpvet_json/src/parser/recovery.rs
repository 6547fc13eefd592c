//! Recovery: what the parser does with text that is not the JSON it expects (a stray
//! word, a mismatched or missing bracket, a trailing comma, nesting beyond the limit), so
//! that it reports the problem and goes on with the rest of the file.
use mcpvet_diagnostics::{Diagnostic, Label, Severity};
use mcpvet_text::Span;

use super::Parser;
use crate::codes;
use crate::document::Kind;
use crate::scan::{self, describe};

impl Parser<'_> {
    #[cold]
    pub(super) fn junk_value(&mut self, start: usize) {
        let end = scan::junk_end(self.bytes, start, self.end);
        let text = self.text(start, end);
        let found = describe(text);
        let help = if text.starts_with('\'') {
            Some("JSON strings use double quotes")
        } else if matches!(
            text,
            "NaN" | "Infinity" | "-Infinity" | "+Infinity" | "undefined"
        ) {
            Some("JSON has no such value; use null or a string")
        } else if text.starts_with('+') || text.starts_with('.') {
            Some("JSON numbers start with `-` or a digit")
        } else if text.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()) {
            Some("put text in double quotes; the only bare words are true, false and null")
        } else {
            None
        };
        let d = self.error(start, end, format!("expected a value, found {found}"));
        if let Some(help) = help {
            d.set_help(help);
        }
        self.push(Kind::Error, 0, start, end);
        self.pos = end;
    }

    #[cold]
    pub(super) fn trailing_comma(&mut self, comma: usize) {
        let span = Span::new(comma as u32, comma as u32 + 1);
        self.trailing_commas.push(span);
        if !self.options.allow_trailing_commas {
            self.diagnostics.push(
                Diagnostic::new(
                    codes::TRAILING_COMMA,
                    Severity::Error,
                    span,
                    "trailing commas are not allowed in strict JSON",
                )
                .with_help("remove the comma"),
            );
        }
    }

    #[cold]
    pub(super) fn mismatched(&mut self, closer: u8) {
        let want_object = closer == b'}';
        let frame = *self
            .stack
            .last()
            .expect("mismatched closer inside a container");
        let expected = if frame.is_object { "`}`" } else { "`]`" };
        let pos = self.pos;
        if self
            .stack
            .iter()
            .rev()
            .skip(1)
            .any(|f| f.is_object == want_object)
        {
            let open = if frame.is_object { "`{`" } else { "`[`" };
            let label = Label::with_message(
                Span::new(frame.open, frame.open + 1),
                format!("this {open} is not closed"),
            );
            self.error(
                pos,
                pos + 1,
                format!("expected `,` or {expected}, found `{}`", closer as char),
            )
            .add_secondary(label);
            while self
                .stack
                .last()
                .is_some_and(|f| f.is_object != want_object)
            {
                self.close();
            }
        } else {
            self.error(
                pos,
                pos + 1,
                format!("expected `,` or {expected}, found `{}`", closer as char),
            );
            self.pos += 1;
        }
    }

    #[cold]
    pub(super) fn unclosed_at_end(&mut self) {
        let frame = *self.stack.last().expect("unclosed container");
        let (expected, open) = if frame.is_object {
            ("`}`", "`{`")
        } else {
            ("`]`", "`[`")
        };
        let pos = self.pos;
        let label = Label::with_message(
            Span::new(frame.open, frame.open + 1),
            format!("this {open} is never closed"),
        );
        self.error(
            pos,
            pos,
            format!("expected `,` or {expected}, found end of input"),
        )
        .add_secondary(label);
        while !self.stack.is_empty() {
            self.close();
        }
    }

    /// The end of the bracketed value starting at `start` (an opening bracket), found by
    /// counting brackets outside strings and comments, without recursion; the end of input
    /// when it is never closed.
    pub(super) fn skip_container(&self, start: usize) -> usize {
        let bytes = &self.bytes[..self.end];
        let mut depth = 0usize;
        let mut i = start;
        while i < bytes.len() {
            match bytes[i] {
                b'[' | b'{' => depth += 1,
                b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1;
                    }
                }
                b'"' => {
                    i += 1;
                    loop {
                        i = scan::string_stop(bytes, i, bytes.len());
                        match bytes.get(i) {
                            Some(b'\\') => i += 2,
                            Some(b'"' | b'\n' | b'\r') | None => break,
                            Some(_) => i += 1,
                        }
                    }
                }
                b'/' if matches!(bytes.get(i + 1), Some(b'/')) => {
                    i = memchr::memchr2(b'\n', b'\r', &bytes[i..]).map_or(bytes.len(), |p| i + p);
                    continue;
                }
                b'/' if matches!(bytes.get(i + 1), Some(b'*')) => {
                    i = memchr::memmem::find(&bytes[i + 2..], b"*/")
                        .map_or(bytes.len(), |p| i + 2 + p + 2);
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        bytes.len()
    }

    /// Skips a container nested beyond the limit, without recursion, and pushes an `Error`
    /// node for it.
    #[cold]
    pub(super) fn too_deep(&mut self) {
        let start = self.pos;
        let end = self.skip_container(start);
        let max = self.options.max_depth;
        self.diagnostics.push(
            Diagnostic::new(
                codes::NESTING,
                Severity::Error,
                Span::new(start as u32, start as u32 + 1),
                format!(
                    "arrays and objects are nested deeper than {max} level{}",
                    if max == 1 { "" } else { "s" }
                ),
            )
            .with_help("this value is skipped; flatten the data or raise the nesting limit"),
        );
        self.push(Kind::Error, 0, start, end);
        self.pos = end;
    }
}
