//! Moving a transcript read from a piece of a larger file to the piece's place in the file,
//! and detaching it from the buffer it was read from: the streaming pipeline reads large
//! captures chunk by chunk, each chunk on its own.
//!
//! A leaf read from a JSON value keeps only its node (see [`leaf`](super::leaf)): it moves
//! with the document. Only what was read from text outside any JSON value moves here.
use mcpvet_text::Span;

use super::{Entry, EntryKind, Origin, TextField, Transcript};

/// Moves text spans, lines and message indices.
#[derive(Debug, Clone, Copy)]
struct Shift {
    bytes: u32,
    lines: u32,
    messages: u32,
}

impl Shift {
    fn span(self, s: &mut Span) {
        *s = s.shift(self.bytes);
    }

    fn field(self, f: &mut Option<TextField>) {
        if let Some(TextField {
            origin: Origin::Text(s),
            ..
        }) = f
        {
            self.span(s);
        }
    }

    fn entry(self, e: &mut Entry) {
        e.index += self.messages;
        e.line += self.lines;
        self.span(&mut e.span);
        self.field(&mut e.timestamp);
        self.field(&mut e.server);
        if let Some(level) = &mut e.level {
            self.span(&mut level.span);
        }
        match &mut e.kind {
            EntryKind::Abbreviated(a) => {
                self.field(&mut a.method);
                for w in &mut a.words {
                    self.span(&mut w.span);
                }
            }
            EntryKind::NonProtocol { text } => self.span(text),
            EntryKind::Lifecycle { event, .. } => self.field(event),
            EntryKind::Message(_)
            | EntryKind::Reconstructed(_)
            | EntryKind::Http { .. }
            | EntryKind::RunEvent(_) => {}
        }
    }
}

impl Transcript<'_> {
    /// Moves a transcript read from a piece of a file to the piece's place: spans move right
    /// by `base` bytes (the piece's offset in the file), lines by `first_line - 1` (the
    /// piece's first line in the file, 1-based) and message indices by `first_index` (the
    /// number of messages before the piece). Call once, on a transcript read at offset 0.
    pub fn rebase(&mut self, base: u32, first_line: u32, first_index: u32) {
        let shift = Shift {
            bytes: base,
            lines: first_line.saturating_sub(1),
            messages: first_index,
        };
        for entry in &mut self.entries {
            shift.entry(entry);
        }
        self.document.rebase(base);
    }

    /// Declares that this transcript was read from elements `first`, `first + 1`, ... of a
    /// JSON array (see [`read_array_elements`](super::read_array_elements)): JSON paths then
    /// name the element, as in the whole array (`$[41].params`).
    pub fn set_first_element(&mut self, first: u32) {
        self.document.set_roots_as_elements(first);
    }

    /// Moves the message indices by `first_index` (the number of messages before this piece
    /// of the file, known only once the earlier pieces are read).
    pub fn shift_indices(&mut self, first_index: u32) {
        for entry in &mut self.entries {
            entry.index += first_index;
        }
    }

    /// The same transcript owning its text (copied once), so it can move to another thread
    /// and outlive the buffer it was read from.
    pub fn into_static(self) -> Transcript<'static> {
        Transcript {
            document: self.document.into_owned(),
            entries: self.entries,
            links: self.links,
            detection: self.detection,
            derivation: self.derivation,
        }
    }
}
