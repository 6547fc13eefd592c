use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::{Deref, Range};

/// A half-open range of byte offsets `start..end` into the original input.
///
/// Offsets are relative to the start of the file (also for a line of a JSON Lines file) and
/// always lie on UTF-8 character boundaries. `u32` keeps spans small and makes them identical on
/// 64-bit targets and on `wasm32`; inputs over `u32::MAX` bytes are refused by
/// [`SourceFile::new`](crate::SourceFile::new).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: u32,
    /// Offset one past the last byte.
    pub end: u32,
}

impl Span {
    /// A span from `start` to `end`.
    ///
    /// # Panics
    ///
    /// In debug builds, when `start > end`.
    #[inline]
    pub const fn new(start: u32, end: u32) -> Self {
        debug_assert!(start <= end);
        Span { start, end }
    }

    /// An empty span at `offset`.
    #[inline]
    pub const fn empty(offset: u32) -> Self {
        Span {
            start: offset,
            end: offset,
        }
    }

    /// Length in bytes.
    #[inline]
    pub const fn len(self) -> u32 {
        self.end - self.start
    }

    /// Whether the span covers no byte.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// Whether `offset` lies inside the span (`start <= offset < end`).
    #[inline]
    pub const fn contains(self, offset: u32) -> bool {
        self.start <= offset && offset < self.end
    }

    /// Whether `other` lies entirely inside this span.
    #[inline]
    pub const fn contains_span(self, other: Span) -> bool {
        self.start <= other.start && other.end <= self.end
    }

    /// The smallest span covering both spans.
    #[inline]
    #[must_use]
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }

    /// The empty span at the start.
    #[inline]
    #[must_use]
    pub const fn before(self) -> Span {
        Span::empty(self.start)
    }

    /// The empty span at the end.
    #[inline]
    #[must_use]
    pub const fn after(self) -> Span {
        Span::empty(self.end)
    }

    /// The span moved right by `offset` bytes: rebases a span computed on a sub-slice (one line
    /// of a JSON Lines file, a string's contents) onto the whole file.
    #[inline]
    #[must_use]
    pub const fn shift(self, offset: u32) -> Span {
        Span {
            start: self.start + offset,
            end: self.end + offset,
        }
    }

    /// The sub-span `range` of this span, with `range` relative to `self.start`.
    #[inline]
    #[must_use]
    pub fn subspan(self, range: Range<u32>) -> Span {
        debug_assert!(range.start <= range.end && self.start + range.end <= self.end);
        Span {
            start: self.start + range.start,
            end: self.start + range.end,
        }
    }

    /// The span as a `usize` range, for slicing.
    #[inline]
    pub const fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    /// This span inside `text` and on character boundaries: cut at the end of the text, and
    /// widened to whole characters when an end falls inside one. Never panics, so any span
    /// can be used to slice any text.
    ///
    /// ```
    /// use mcpvet_text::Span;
    /// let text = "aé";
    /// assert_eq!(Span::new(2, 9).clamp(text), Span::new(1, 3));
    /// assert_eq!(Span { start: 3, end: 1 }.clamp(text), Span::new(3, 3));
    /// ```
    #[must_use]
    pub fn clamp(self, text: &str) -> Span {
        // SourceFile::new refuses texts longer than u32::MAX bytes; longer ones are cut.
        let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
        let mut start = self.start.min(len);
        let mut end = self.end.clamp(start, len);
        while !text.is_char_boundary(start as usize) {
            start -= 1;
        }
        while !text.is_char_boundary(end as usize) {
            end += 1;
        }
        Span { start, end }
    }
}

impl fmt::Debug for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

impl From<Span> for Range<usize> {
    #[inline]
    fn from(span: Span) -> Self {
        span.range()
    }
}

/// Error returned when a `Range<usize>` cannot be a [`Span`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpanRangeError;

impl fmt::Display for SpanRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("range is reversed or does not fit in u32 offsets")
    }
}

impl std::error::Error for SpanRangeError {}

impl TryFrom<Range<usize>> for Span {
    type Error = SpanRangeError;

    fn try_from(range: Range<usize>) -> Result<Self, Self::Error> {
        let start = u32::try_from(range.start).map_err(|_| SpanRangeError)?;
        let end = u32::try_from(range.end).map_err(|_| SpanRangeError)?;
        if start > end {
            return Err(SpanRangeError);
        }
        Ok(Span { start, end })
    }
}

/// A value together with the span of the source text it came from.
///
/// Equality, ordering and hashing look at the value only (as `serde_spanned` does), so a
/// `Spanned<String>` can sit in a set; tests therefore compare spans explicitly.
#[derive(Clone, Copy)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it came from.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Pairs `value` with `span`.
    pub const fn new(value: T, span: Span) -> Self {
        Spanned { value, span }
    }

    /// The span.
    pub const fn span(&self) -> Span {
        self.span
    }

    /// The value, dropping the span.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// A reference to the value with the same span.
    pub const fn as_ref(&self) -> Spanned<&T> {
        Spanned {
            value: &self.value,
            span: self.span,
        }
    }

    /// Maps the value, keeping the span.
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Spanned<U> {
        Spanned {
            value: f(self.value),
            span: self.span,
        }
    }
}

impl<T> Deref for Spanned<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T: fmt::Debug> fmt::Debug for Spanned<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} @ {:?}", self.value, self.span)
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: Hash> Hash for Spanned<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.value.hash(state);
    }
}

impl<T: PartialOrd> PartialOrd for Spanned<T> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        self.value.partial_cmp(&other.value)
    }
}

impl<T: Ord> Ord for Spanned<T> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.value.cmp(&other.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn span_helpers() {
        let s = Span::new(3, 8);
        assert_eq!(s.len(), 5);
        assert!(s.contains(3) && s.contains(7) && !s.contains(8));
        assert_eq!(s.cover(Span::new(1, 4)), Span::new(1, 8));
        assert_eq!(s.shift(10), Span::new(13, 18));
        assert_eq!(s.subspan(1..2), Span::new(4, 5));
        assert_eq!(s.before(), Span::empty(3));
        assert_eq!(s.after(), Span::empty(8));
        assert_eq!(format!("{s:?}"), "3..8");
        assert_eq!(Range::<usize>::from(s), 3..8);
        assert_eq!(Span::try_from(2..5usize), Ok(Span::new(2, 5)));
        #[expect(
            clippy::reversed_empty_ranges,
            reason = "a reversed range must be refused"
        )]
        let reversed = 5..2usize;
        assert!(Span::try_from(reversed).is_err());
        assert!(Span::try_from(0..(u32::MAX as usize + 1)).is_err());
    }

    #[test]
    fn spanned_compares_values_only() {
        let a = Spanned::new("x", Span::new(0, 1));
        let b = Spanned::new("x", Span::new(5, 6));
        assert_eq!(a, b);
        assert_eq!(format!("{a:?}"), "\"x\" @ 0..1");
        assert_eq!(a.map(str::len).value, 1);
    }
}
