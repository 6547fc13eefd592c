//! The hidden-character scan finds every invisible character injected into generated text,
//! at its exact byte range, and nothing in clean text.
use mcpvet_check_risks::hidden::{class_of, scan};
use proptest::prelude::*;

/// Visible text: ASCII letters, digits, punctuation and spaces, and a few Latin letters.
fn clean() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            proptest::char::range(' ', '~'),
            Just('é'),
            Just('ß'),
            Just('\n'),
            Just('\t'),
        ],
        0..40,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// One invisible character of every class.
fn invisible() -> impl Strategy<Value = char> {
    prop_oneof![
        proptest::char::range('\u{E0000}', '\u{E007F}'),
        proptest::sample::select(vec![
            '\u{200B}',
            '\u{200C}',
            '\u{200D}',
            '\u{2060}',
            '\u{FEFF}',
            '\u{202A}',
            '\u{202E}',
            '\u{2066}',
            '\u{2069}',
            '\u{200E}',
            '\u{00AD}',
            '\u{2062}',
            '\u{1B}',
            '\u{7F}',
            '\u{E0100}',
        ]),
    ]
}

proptest! {
    #[test]
    fn clean_text_has_nothing_hidden(text in clean()) {
        prop_assert!(scan(&text).is_empty());
    }

    #[test]
    fn every_injected_character_is_found_at_its_range(
        pieces in proptest::collection::vec((clean(), proptest::collection::vec(invisible(), 0..4)), 1..6)
    ) {
        let mut text = String::new();
        let mut injected: Vec<std::ops::Range<usize>> = Vec::new();
        for (visible, hidden) in &pieces {
            text.push_str(visible);
            for &c in hidden {
                injected.push(text.len()..text.len() + c.len_utf8());
                text.push(c);
            }
        }
        let runs = scan(&text);
        // Every character of every run is an injected one, of the run's class, and every
        // injected character lies in a run.
        let mut covered: Vec<std::ops::Range<usize>> = Vec::new();
        for run in &runs {
            let mut at = run.range.start;
            for &c in &run.chars {
                prop_assert_eq!(class_of(c), Some(run.class));
                prop_assert_eq!(text[at..].chars().next(), Some(c));
                covered.push(at..at + c.len_utf8());
                at += c.len_utf8();
            }
            prop_assert_eq!(at, run.range.end);
        }
        prop_assert_eq!(covered, injected);
    }
}
