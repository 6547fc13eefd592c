//! Positions in a derived text, mapped back to the file it was derived from.
//!
//! A YAML document is checked as the JSON text it denotes; a recorder cassette's message
//! bodies, JSON held in strings, are checked as the JSON they hold. The checks see the derived
//! text and report spans in it; a [`SourceMap`] turns each such span into the span of the
//! file the user gave, so every finding points into that file.
//!
//! A map is a list of segments, each a span of the derived text and the span of the source it
//! came from. A segment of equal lengths is a copy and maps byte for byte (a plain YAML
//! scalar, the unescaped run of a JSON string); a segment whose lengths differ (a quoted
//! scalar with escapes, a folded block, a `\"` escape) maps as a whole: a position inside it
//! goes to its start when it starts a span and to its end when it ends one. Derived text
//! between segments (the quotes, commas and colons a derivation adds) maps to the nearest
//! source position on the side that keeps a span inside what it covers.
//!
//! ```
//! use mcpvet_text::{SourceMap, Span};
//!
//! // source `name: docs` derived as `{"name":"docs"}`
//! let mut map = SourceMap::new();
//! map.push(Span::new(2, 6), Span::new(0, 4)); // name
//! map.push(Span::new(9, 13), Span::new(6, 10)); // docs
//! assert_eq!(map.span(Span::new(9, 13)), Span::new(6, 10));
//! assert_eq!(map.span(Span::new(8, 14)), Span::new(6, 10)); // with its quotes
//! assert_eq!(map.span(Span::new(10, 12)), Span::new(7, 9)); // inside a copy
//! ```
use crate::Span;

/// One piece of a derived text and the source text it came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Segment {
    derived: Span,
    source: Span,
}

impl Segment {
    fn is_copy(self) -> bool {
        self.derived.len() == self.source.len()
    }
}

/// Maps spans of a derived text to spans of the source it was derived from.
///
/// A YAML document is checked as the JSON text it denotes; a recorder cassette's message
/// bodies, JSON held in strings, as the JSON they hold. A map is a list of segments, each a
/// span of the derived text and the span of the source it came from. A segment of equal
/// lengths is a copy and maps byte for byte; a segment whose lengths differ (a quoted scalar
/// with escapes, a folded block, a `\"` escape) maps as a whole: a position inside it goes to
/// its start when it starts a span and to its end when it ends one. Derived text between
/// segments (the quotes, commas and colons a derivation adds) maps to the nearest source
/// position on the side that keeps a span inside what it covers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceMap {
    segments: Vec<Segment>,
    /// The map of the text this one's source was itself derived from (see [`SourceMap::then`]).
    outer: Option<Box<SourceMap>>,
}

/// Which side of a span an offset is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Start,
    End,
}

impl SourceMap {
    /// An empty map (it maps every offset to itself).
    pub fn new() -> Self {
        SourceMap::default()
    }

    /// Records that the derived text at `derived` came from the source at `source`.
    ///
    /// Segments are pushed in the order of the derived text and do not overlap; a segment
    /// that starts before the end of the previous one is ignored, and so is an empty derived
    /// span. A segment that directly continues the previous copy in both texts extends it.
    pub fn push(&mut self, derived: Span, source: Span) {
        if derived.is_empty() {
            return;
        }
        if let Some(last) = self.segments.last_mut() {
            if derived.start < last.derived.end {
                return;
            }
            if last.is_copy()
                && derived.len() == source.len()
                && last.derived.end == derived.start
                && last.source.end == source.start
            {
                last.derived.end = derived.end;
                last.source.end = source.end;
                return;
            }
        }
        self.segments.push(Segment { derived, source });
    }

    /// This map followed by `outer`: for a text derived from a text that was itself derived
    /// (a cassette's bodies inlined into the JSON of a YAML file), spans go through this map
    /// and then through `outer`.
    #[must_use]
    pub fn then(mut self, outer: SourceMap) -> SourceMap {
        self.outer = Some(Box::new(match self.outer.take() {
            Some(inner) => inner.then(outer),
            None => outer,
        }));
        self
    }

    /// Whether no segment was recorded.
    pub fn is_empty(&self) -> bool {
        self.segments.is_empty()
    }

    /// The number of segments (copies that continue each other count as one).
    pub fn len(&self) -> usize {
        self.segments.len()
    }

    /// The span of the source that the derived `span` came from, never wider than the
    /// segments it touches.
    pub fn span(&self, span: Span) -> Span {
        let own = self.own_span(span);
        match &self.outer {
            Some(outer) => outer.span(own),
            None => own,
        }
    }

    fn own_span(&self, span: Span) -> Span {
        if self.segments.is_empty() {
            return span;
        }
        if span.is_empty() {
            return Span::empty(self.offset(span.start, Side::Start));
        }
        let start = self.offset(span.start, Side::Start);
        let end = self.offset(span.end, Side::End).max(start);
        Span::new(start, end)
    }

    /// The source offset of the derived offset `at`, as a span's start or end.
    fn offset(&self, at: u32, side: Side) -> u32 {
        // The segment the offset belongs to: the last one that starts at or before it (for
        // an end, strictly before it, so that an end between two segments stays with the one
        // it ends).
        let k = match side {
            Side::Start => self.segments.partition_point(|s| s.derived.start <= at),
            Side::End => self.segments.partition_point(|s| s.derived.start < at),
        };
        let Some(seg) = k.checked_sub(1).map(|i| self.segments[i]) else {
            return self.segments[0].source.start;
        };
        let inside = match side {
            Side::Start => at < seg.derived.end,
            Side::End => at <= seg.derived.end,
        };
        if inside {
            if seg.is_copy() {
                return seg.source.start + (at - seg.derived.start);
            }
            return match side {
                Side::Start => seg.source.start,
                Side::End => seg.source.end,
            };
        }
        // Between segments: a start goes to the next one, an end stays with this one.
        match (side, self.segments.get(k)) {
            (Side::Start, Some(next)) => next.source.start.max(seg.source.end),
            _ => seg.source.end,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// `((derived start, end), (source start, end))` pairs.
    type Pairs = [((u32, u32), (u32, u32))];

    fn map(segments: &Pairs) -> SourceMap {
        let mut m = SourceMap::new();
        for &((a, b), (c, d)) in segments {
            m.push(Span::new(a, b), Span::new(c, d));
        }
        m
    }

    #[test]
    fn copies_map_byte_for_byte_and_others_as_a_whole() {
        // `k: "a\tb"` → `{"k":"a\tb"}`: key copied, value's escape makes the lengths differ.
        let m = map(&[((2, 3), (0, 1)), ((6, 11), (3, 9))]);
        assert_eq!(m.span(Span::new(2, 3)), Span::new(0, 1));
        assert_eq!(m.span(Span::new(7, 9)), Span::new(3, 9));
        assert_eq!(m.span(Span::new(6, 11)), Span::new(3, 9));
        assert_eq!(m.span(Span::new(0, 12)), Span::new(0, 9));
        assert_eq!(m.span(Span::empty(7)), Span::empty(3));
        // Wholly between segments (`:"` after the key): empty, where the next one starts.
        assert_eq!(m.span(Span::new(3, 5)), Span::empty(3));
    }

    #[test]
    fn an_end_between_two_segments_stays_with_the_one_it_ends() {
        // `"ab"` replaced by `ab`, then a copy: the end of `ab` is not the copy's start.
        let m = map(&[((0, 1), (1, 2)), ((1, 2), (2, 3)), ((2, 5), (4, 7))]);
        assert_eq!(m.span(Span::new(0, 2)), Span::new(1, 3));
        assert_eq!(m.span(Span::new(2, 3)), Span::new(4, 5));
    }

    #[test]
    fn maps_chain() {
        let inner = map(&[((0, 4), (10, 14))]);
        let outer = map(&[((10, 14), (100, 104))]);
        let both = inner.then(outer);
        assert_eq!(both.span(Span::new(1, 3)), Span::new(101, 103));
    }

    #[test]
    fn adjacent_copies_merge_and_overlaps_are_ignored() {
        let m = map(&[((0, 2), (10, 12)), ((2, 5), (12, 15)), ((4, 6), (0, 1))]);
        assert_eq!(m.len(), 1);
        assert_eq!(m.span(Span::new(1, 4)), Span::new(11, 14));
        assert!(SourceMap::new().is_empty());
        assert_eq!(SourceMap::new().span(Span::new(3, 4)), Span::new(3, 4));
    }

    proptest! {
        /// Mapped spans keep their order and stay inside the source the segments cover.
        #[test]
        fn mapped_spans_are_ordered_and_bounded(
            pieces in proptest::collection::vec((1u32..8, 0u32..8, 0u32..4, 0u32..4), 1..12),
            a in 0u32..200, len in 0u32..40,
        ) {
            let mut m = SourceMap::new();
            let (mut d, mut s) = (0, 0);
            for (dl, sl, dgap, sgap) in pieces {
                m.push(Span::new(d, d + dl), Span::new(s, s + sl));
                d += dl + dgap;
                s += sl + sgap;
            }
            let span = m.span(Span::new(a, a + len));
            prop_assert!(span.start <= span.end);
            prop_assert!(span.end <= s);
            let later = m.span(Span::new(a + len, a + len + 1));
            prop_assert!(span.start <= later.start);
        }

        /// Inside one copy, a span keeps its length and its distance from the copy's start.
        #[test]
        fn copies_keep_lengths(start in 0u32..50, len in 1u32..50, at in 0u32..50, n in 0u32..50) {
            let mut m = SourceMap::new();
            m.push(Span::new(start, start + len), Span::new(start * 2 + 7, start * 2 + 7 + len));
            let at = at % len;
            let n = n % (len - at + 1);
            let span = m.span(Span::new(start + at, start + at + n));
            prop_assert_eq!(span, Span::new(start * 2 + 7 + at, start * 2 + 7 + at + n));
        }
    }
}
