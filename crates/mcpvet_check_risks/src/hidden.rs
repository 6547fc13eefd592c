//! Characters that are in a text but not on the screen: Unicode tag characters, zero-width
//! characters, bidirectional controls, other invisible format characters, variation
//! selectors of the supplement block and control characters (terminal escape sequences).
//!
//! [`scan`] finds them in a decoded string, as runs of one class each, with their byte range
//! in that string; the rules map the range back to the source through
//! [`mcpvet_json::Value::decoded`].
//!
//! ```
//! use mcpvet_check_risks::hidden::{HiddenClass, scan, tag_text};
//!
//! let text = "Adds numbers.\u{E0068}\u{E0069}\u{200B}";
//! let runs = scan(text);
//! assert_eq!(runs.len(), 2);
//! assert_eq!((runs[0].class, &text[runs[0].range.clone()]), (HiddenClass::Tag, "\u{E0068}\u{E0069}"));
//! assert_eq!(tag_text(&text[runs[0].range.clone()]), "hi");
//! assert_eq!(runs[1].class, HiddenClass::ZeroWidth);
//! ```
use std::ops::Range;

/// What kind of hidden character a run holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HiddenClass {
    /// Unicode tag characters (U+E0000–U+E007F): invisible copies of ASCII.
    Tag,
    /// Zero-width space, joiners, word joiner, byte order mark inside text.
    ZeroWidth,
    /// Bidirectional embeddings, overrides, isolates and marks.
    Bidi,
    /// Other invisible format characters (soft hyphen, invisible operators, fillers).
    Format,
    /// Variation selectors of the supplement (U+E0100–U+E01EF), which can carry bytes.
    Selector,
    /// Control characters other than tab, line feed and carriage return (ESC starts a
    /// terminal escape sequence).
    Control,
}

impl HiddenClass {
    /// For messages: `Unicode tag character`...
    pub const fn describe(self) -> &'static str {
        match self {
            HiddenClass::Tag => "Unicode tag character",
            HiddenClass::ZeroWidth => "zero-width character",
            HiddenClass::Bidi => "bidirectional control character",
            HiddenClass::Format => "invisible format character",
            HiddenClass::Selector => "variation selector",
            HiddenClass::Control => "control character",
        }
    }
}

/// A run of hidden characters of one class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HiddenRun {
    /// The class of every character of the run.
    pub class: HiddenClass,
    /// Byte range in the scanned text.
    pub range: Range<usize>,
    /// The characters, in order.
    pub chars: Vec<char>,
}

/// The class of `c` when it is hidden, regardless of context.
pub fn class_of(c: char) -> Option<HiddenClass> {
    let class = match u32::from(c) {
        0xE0000..=0xE007F => HiddenClass::Tag,
        0x200B..=0x200D | 0x2060 | 0xFEFF => HiddenClass::ZeroWidth,
        0x202A..=0x202E | 0x2066..=0x2069 | 0x200E | 0x200F | 0x061C => HiddenClass::Bidi,
        0x00AD
        | 0x034F
        | 0x115F
        | 0x1160
        | 0x17B4
        | 0x17B5
        | 0x180B..=0x180F
        | 0x2061..=0x2064
        | 0x206A..=0x206F
        | 0x3164
        | 0xFFA0
        | 0xFFF9..=0xFFFB
        | 0x1BCA0..=0x1BCA3
        | 0x1D173..=0x1D17A => HiddenClass::Format,
        0xE0100..=0xE01EF => HiddenClass::Selector,
        0x00..=0x08 | 0x0B | 0x0C | 0x0E..=0x1F | 0x7F..=0x9F => HiddenClass::Control,
        _ => return None,
    };
    Some(class)
}

/// Whether a joiner (U+200C, U+200D) between `before` and `after` is writing, not hiding:
/// both neighbours are visible characters of scripts or symbols that use joiners (Arabic,
/// Indic and other scripts from U+0590 on, emoji sequences).
fn joins_visible(before: Option<char>, after: Option<char>) -> bool {
    let uses_joiners = |c: Option<char>| {
        c.is_some_and(|c| u32::from(c) >= 0x0590 && class_of(c).is_none() && !c.is_whitespace())
    };
    uses_joiners(before) && uses_joiners(after)
}

/// Every run of hidden characters in `text`, in order. A byte order mark counts wherever it
/// is (inside a string it is never a file's mark); a zero-width joiner or non-joiner between
/// two visible characters of a script that uses them (or two emoji) is writing and is not
/// reported.
pub fn scan(text: &str) -> Vec<HiddenRun> {
    // Printable ASCII, tabs and line breaks hide nothing: most texts are only that, and are
    // told so by one pass over their bytes.
    if text
        .bytes()
        .all(|b| matches!(b, b' '..=b'~' | b'\t' | b'\n' | b'\r'))
    {
        return Vec::new();
    }
    scan_chars(text)
}

/// [`scan`] character by character.
fn scan_chars(text: &str) -> Vec<HiddenRun> {
    let mut runs: Vec<HiddenRun> = Vec::new();
    let mut before: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let after = chars.peek().map(|&(_, c)| c);
        let class = class_of(c)
            .filter(|_| !(matches!(c, '\u{200C}' | '\u{200D}') && joins_visible(before, after)));
        before = Some(c);
        let Some(class) = class else {
            continue;
        };
        let end = at + c.len_utf8();
        match runs.last_mut() {
            Some(run) if run.class == class && run.range.end == at => {
                run.range.end = end;
                run.chars.push(c);
            }
            _ => runs.push(HiddenRun {
                class,
                range: at..end,
                chars: vec![c],
            }),
        }
    }
    runs
}

/// The ASCII text a run of tag characters spells: U+E0020–U+E007E read as U+0020–U+007E;
/// the language tag U+E0001 and the cancel tag U+E007F are left out; anything else reads as
/// `?`.
pub fn tag_text(run: &str) -> String {
    run.chars()
        .filter_map(|c| match u32::from(c) {
            0xE0001 | 0xE007F => None,
            cp @ 0xE0020..=0xE007E => char::from_u32(cp - 0xE0000),
            _ => Some('?'),
        })
        .collect()
}

/// `U+200B` for `c`.
pub fn code_point(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The ASCII shortcut answers as the character scan does.
        #[test]
        fn the_ascii_shortcut_is_the_scan(
            text in "[ -~\t\n\r\x00-\x1f\x7f\u{80}-\u{9f}\u{200b}-\u{200f}\u{e0041}é]{0,40}",
        ) {
            prop_assert_eq!(scan(&text), scan_chars(&text));
        }
    }

    #[test]
    fn printable_ascii_hides_nothing() {
        for b in 0u8..0x80 {
            let c = char::from(b);
            let hidden = class_of(c).is_some();
            let printable = matches!(b, b' '..=b'~' | b'\t' | b'\n' | b'\r');
            assert_eq!(hidden, !printable, "{b:#04x}");
        }
    }

    #[test]
    fn classes_and_runs() {
        let text = "a\u{202E}b\u{200B}\u{200B}c\u{1B}[31md\u{AD}e\u{E0101}";
        let runs = scan(text);
        let classes: Vec<HiddenClass> = runs.iter().map(|r| r.class).collect();
        assert_eq!(
            classes,
            [
                HiddenClass::Bidi,
                HiddenClass::ZeroWidth,
                HiddenClass::Control,
                HiddenClass::Format,
                HiddenClass::Selector
            ]
        );
        assert_eq!(&text[runs[1].range.clone()], "\u{200B}\u{200B}");
        assert_eq!(runs[1].chars.len(), 2);
    }

    #[test]
    fn joiners_in_writing_are_not_hidden() {
        // An emoji sequence and a Persian word with a non-joiner.
        assert!(
            scan("\u{1F469}\u{200D}\u{1F4BB} and \u{0645}\u{06CC}\u{200C}\u{062E}\u{0648}")
                .is_empty()
        );
        // Between ASCII letters they hide.
        assert_eq!(scan("ab\u{200D}cd").len(), 1);
        // Tab, line feed, carriage return and emoji variation selectors are text.
        assert!(scan("a\tb\nc\r\u{2764}\u{FE0F}").is_empty());
    }

    #[test]
    fn tags_spell_ascii() {
        let hidden: String = "read ~/.ssh"
            .chars()
            .map(|c| char::from_u32(u32::from(c) + 0xE0000).unwrap())
            .collect();
        assert_eq!(
            tag_text(&format!("\u{E0001}{hidden}\u{E007F}")),
            "read ~/.ssh"
        );
        assert_eq!(code_point('\u{200B}'), "U+200B");
    }
}
