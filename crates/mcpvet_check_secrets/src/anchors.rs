//! The pre-filter of the session scan: where a provider token ([`tokens::anchors`]) or a
//! credential shape ([`shapes::anchors`]) may be, found in one pass over the capture: each
//! 64-byte step loads the bytes once, computes both sets of SIMD compares, and walks the
//! candidate bytes of both (they do not meet) in one loop.
use crate::{shapes, tokens};

/// The anchors of a text, each list in ascending order.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Anchors {
    /// As [`tokens::anchors`] finds them.
    pub(crate) tokens: Vec<usize>,
    /// As [`shapes::anchors`] finds them.
    pub(crate) shapes: Vec<usize>,
}

/// Calls `visit` with the offsets of `bytes` that may be anchors, in ascending order: the
/// bits `mask` sets for each 64-byte step (it is given the byte after them too, for scans
/// that look one byte ahead), then every offset of the last, shorter step. The callers'
/// checks decide which are anchors.
pub(crate) fn walk(
    bytes: &[u8],
    mask: impl Fn(&[u8; 64 + 1]) -> u64,
    mut visit: impl FnMut(usize),
) {
    let mut i = 0;
    while let Some(window) = bytes.get(i..).and_then(<[u8]>::first_chunk::<{ 64 + 1 }>) {
        let mut m = mask(window);
        while m != 0 {
            visit(i + m.trailing_zeros() as usize);
            m &= m - 1;
        }
        i += 64;
    }
    (i..bytes.len()).for_each(visit);
}

/// A bit per byte of the first 64 of `window` whose lane `lanes` marks, given each 16 bytes
/// and the 16 one byte further (for predicates that look at the next byte).
#[inline]
pub(crate) fn mask64(
    window: &[u8; 64 + 1],
    lanes: impl Fn(wide::u8x16, wide::u8x16) -> wide::u8x16,
) -> u64 {
    let load = |at: usize| {
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&window[at..at + 16]);
        wide::u8x16::new(bytes)
    };
    let mut mask = 0u64;
    for k in 0..4 {
        let at = 16 * k;
        mask |= u64::from(lanes(load(at), load(at + 1)).to_bitmask()) << at;
    }
    mask
}

/// [`tokens::anchors`] and [`shapes::anchors`] of `bytes`, in one pass.
pub(crate) fn find(bytes: &[u8]) -> Anchors {
    let mut out = Anchors::default();
    // The two sets of anchor bytes do not meet: one loop over both.
    // Their lanes are joined before each bit mask is taken (one mask per 16 bytes, not two).
    let mask = |window: &[u8; 64 + 1]| {
        mask64(window, |v, next| {
            tokens::lane_anchors(v, next) | shapes::lane_anchors(v, next)
        })
    };
    walk(bytes, mask, |at| {
        if matches!(bytes[at], b'_' | b'-' | b'.' | b'A' | b'\\') {
            if tokens::is_anchor(bytes, at) {
                out.tokens.push(at);
            }
        } else if shapes::is_anchor(bytes, at) {
            out.shapes.push(at);
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::synthetic;

    proptest! {
        /// The one-pass scan finds what the two scans find, on texts dense in anchor bytes,
        /// escapes and credential words (anchors across the 64-byte steps, and in the last,
        /// shorter one).
        #[test]
        fn one_pass_agrees_with_the_two_scans_on_any_text(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "_", "-", ".", "A", "=", ":", "@", "\\", "u", "\\u0041", "\\u00", "b", "B", "e",
                "a", "Bearer ", "basic ", "token", "api_key", "ghp_", "sk-", "xoxb-", "AKIA", "AIza",
                ".ey", "\"", " ", "x", "0", "é", "https://u:p@h/",
            ]), 0..120),
        ) {
            let text: String = parts.concat();
            let b = text.as_bytes();
            let both = find(b);
            prop_assert_eq!(&both.tokens, &tokens::anchors(b));
            prop_assert_eq!(&both.shapes, &shapes::anchors(b));
        }
    }

    #[test]
    fn one_pass_finds_what_the_two_scans_find() {
        let mut text = String::new();
        for (t, s) in synthetic::tokens(3).iter().zip(synthetic::shapes(3)) {
            text.push_str(&t.token);
            text.push_str(" \\u0041 ");
            text.push_str(&s.text);
            text.push('\n');
        }
        for len in (0..text.len()).step_by(37).chain([text.len()]) {
            let Some(piece) = text.get(..len) else {
                continue;
            };
            let b = piece.as_bytes();
            let both = find(b);
            assert_eq!(both.tokens, tokens::anchors(b), "{len}");
            assert_eq!(both.shapes, shapes::anchors(b), "{len}");
        }
        assert!(!find(text.as_bytes()).shapes.is_empty());
    }
}
