//! The elements of a top-level JSON array found byte by byte, across pieces of a file read
//! one after the other, without parsing them: where a streaming reader may cut a large JSON
//! array capture so that every piece holds whole elements.
use std::ops::Range;

/// Where the elements of a JSON array are, scanned piece by piece.
///
/// Strings (with their escapes) and nesting are tracked, so a `,` or `]` inside an element
/// never ends it; white space around an element is not part of it. Bytes before the array's
/// `[` and after its `]` are ignored. The scan never fails: what it cannot read as an array
/// ends up in some element, and the parser that reads the element reports it.
///
/// ```
/// use mcpvet_json::ArrayElements;
///
/// let text = br#"[{"a": "x,]"}, 2 ,[3]]"#;
/// let mut scan = ArrayElements::default();
/// let mut found = Vec::new();
/// scan.scan(&text[..9], 0, &mut found); // a first piece ends inside the first element
/// assert!(found.is_empty());
/// scan.scan(text, 9, &mut found); // the buffer grew; scanning resumes at byte 9
/// assert!(scan.closed());
/// let elements: Vec<&[u8]> = found.iter().map(|r| &text[r.clone()]).collect();
/// assert_eq!(elements, [&br#"{"a": "x,]"}"#[..], b"2", b"[3]"]);
/// ```
#[derive(Debug, Default, Clone)]
pub struct ArrayElements {
    /// Nesting inside the top-level array (0: between elements).
    depth: u32,
    /// Where the scan is in the text of a string.
    string: InString,
    /// Whether the top-level `[`, then `]`, was seen.
    array: Bracket,
    /// Start of the element being scanned, in the current buffer.
    start: Option<usize>,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum InString {
    /// Not in a string.
    #[default]
    No,
    /// In a string.
    Yes,
    /// In a string, after a backslash.
    Escaped,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Bracket {
    /// Before the top-level `[`.
    #[default]
    Before,
    /// Inside the array.
    Open,
    /// After its `]`.
    Closed,
}

impl ArrayElements {
    /// Whether the array's closing `]` was seen (the rest of the input is not scanned).
    pub fn closed(&self) -> bool {
        self.array == Bracket::Closed
    }

    /// Scans `bytes[from..]` (the bytes before `from` were scanned by earlier calls on the
    /// same buffer), pushing the byte ranges of the elements that end in it.
    pub fn scan(&mut self, bytes: &[u8], from: usize, elements: &mut Vec<Range<usize>>) {
        let mut i = from;
        while i < bytes.len() && !self.closed() {
            let b = bytes[i];
            match self.string {
                InString::Escaped => self.string = InString::Yes,
                InString::Yes if b == b'\\' => self.string = InString::Escaped,
                InString::Yes if b == b'"' => self.string = InString::No,
                InString::Yes => {}
                InString::No => self.structural(bytes, i, elements),
            }
            i += 1;
        }
    }

    /// The first `len` bytes of the buffer were taken away (sent as a piece): the element
    /// in progress now starts `len` bytes earlier.
    pub fn cut_front(&mut self, len: usize) {
        if let Some(start) = self.start.as_mut() {
            *start = start.saturating_sub(len);
        }
    }

    /// A byte outside strings.
    fn structural(&mut self, bytes: &[u8], i: usize, elements: &mut Vec<Range<usize>>) {
        let b = bytes[i];
        match b {
            b'[' if self.array == Bracket::Before => self.array = Bracket::Open,
            b' ' | b'\t' | b'\r' | b'\n' => {}
            b',' if self.depth == 0 => {
                if let Some(start) = self.start.take() {
                    elements.push(start..trim_end(bytes, start, i));
                }
            }
            b']' if self.depth == 0 => {
                if let Some(start) = self.start.take() {
                    elements.push(start..trim_end(bytes, start, i));
                }
                self.array = Bracket::Closed;
            }
            _ => {
                if self.start.is_none() && self.array == Bracket::Open {
                    self.start = Some(i);
                }
                match b {
                    b'"' => self.string = InString::Yes,
                    b'[' | b'{' => self.depth += 1,
                    b']' | b'}' => self.depth = self.depth.saturating_sub(1),
                    _ => {}
                }
            }
        }
    }
}

fn trim_end(bytes: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && bytes[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}
