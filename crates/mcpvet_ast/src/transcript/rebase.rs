//! Moving a transcript read from a piece of a larger file to the piece's place in the file,
//! and detaching it from the buffer it was read from: the streaming pipeline reads large
//! captures chunk by chunk, each chunk on its own.
use mcpvet_text::{Span, Spanned};

use super::{Entry, EntryKind, ErrorObject, Message, RequestId, Transcript};

/// Moves spans, lines and message indices.
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

    fn spanned<T>(self, s: &mut Spanned<T>) {
        s.span = s.span.shift(self.bytes);
    }

    fn opt<T>(self, s: &mut Option<Spanned<T>>) {
        if let Some(s) = s {
            self.spanned(s);
        }
    }

    fn id(self, id: &mut RequestId) {
        self.span(&mut id.span);
    }

    fn error(self, e: &mut ErrorObject) {
        if let Some(code) = &mut e.code {
            self.span(&mut code.span);
        }
        self.opt(&mut e.message);
    }

    fn message(self, m: &mut Message) {
        match m {
            Message::Request { id, method, .. } => {
                self.id(id);
                self.spanned(method);
            }
            Message::Notification { method, .. } => self.spanned(method),
            Message::Response { id, .. } => self.id(id),
            Message::ErrorResponse { id, error, .. } => {
                if let Some(id) = id {
                    self.id(id);
                }
                self.error(error);
            }
            Message::Batch { items, .. } => {
                for item in items {
                    self.message(item);
                }
            }
            Message::Invalid { id, method, .. } => {
                if let Some(id) = id {
                    self.id(id);
                }
                self.opt(method);
            }
        }
    }

    fn entry(self, e: &mut Entry) {
        e.index += self.messages;
        e.line += self.lines;
        self.span(&mut e.span);
        self.opt(&mut e.timestamp);
        self.opt(&mut e.server);
        self.opt(&mut e.level);
        match &mut e.kind {
            EntryKind::Message(m) => self.message(m),
            EntryKind::Abbreviated(a) => {
                self.opt(&mut a.method);
                if let Some(id) = &mut a.id {
                    self.id(id);
                }
                for w in &mut a.words {
                    self.spanned(w);
                }
            }
            EntryKind::Reconstructed(r) => {
                self.opt(&mut r.recorded_method);
                self.opt(&mut r.correlation);
            }
            EntryKind::NonProtocol { text } => self.span(text),
            EntryKind::Lifecycle { event } => self.opt(event),
            EntryKind::Http { status } => self.opt(status),
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
        }
    }
}
