//! proptest strategies for JSON values and layouts (feature `proptest`, dev use only).
//!
//! - [`arb_json`]: any JSON value as an [`OwnedValue`]: strings with escapes, control
//!   characters, non-ASCII text and emoji; numbers with signs, fractions, exponents and big
//!   integers; objects with duplicate keys now and then.
//! - [`arb_layout`]: how to print it: whitespace (spaces, tabs, LF, CR, CRLF), and in JSONC
//!   layouts `//` and `/* */` comments and trailing commas; plus an [`EscapeStyle`].
//! - [`print()`]: a value printed with a layout, with the span of every node it printed (in
//!   arena order), of every comment and of every trailing comma, so a test can check that the
//!   parser finds exactly those.
//!
//! ```
//! use mcpvet_json::arbitrary::{Layout, print};
//! use mcpvet_json::testing::OwnedValue;
//!
//! let value = OwnedValue::Array(vec![OwnedValue::Null, OwnedValue::Number("1.5".into())]);
//! let printed = print(&value, &Layout::compact());
//! assert_eq!(printed.text, "[null,1.5]");
//! assert_eq!(printed.spans, vec![0..10, 1..5, 6..9]);
//! ```
use std::ops::Range;

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

use crate::JsonOptions;
use crate::testing::{EscapeStyle, OwnedValue, write_json_string};

/// Characters strings are made of: mostly ASCII letters, often characters that need an escape
/// or take several bytes, sometimes any character at all.
fn arb_char() -> impl Strategy<Value = char> {
    let special = select(vec![
        '"',
        '\\',
        '/',
        '\n',
        '\r',
        '\t',
        '\u{8}',
        '\u{c}',
        '\u{0}',
        '\u{1f}',
        '\u{7f}',
        ' ',
        'é',
        'ß',
        '日',
        '本',
        '😀',
        '🦀',
        '\u{2028}',
        '\u{feff}',
        '\u{fffd}',
        '\u{10ffff}',
    ]);
    prop_oneof![
        4 => proptest::char::range('a', 'z'),
        3 => special,
        2 => any::<char>(),
    ]
}

/// A decoded string value (up to 12 characters).
pub fn arb_string() -> impl Strategy<Value = String> {
    vec(arb_char(), 0..12).prop_map(|chars| chars.into_iter().collect())
}

/// An object key: often one of a few short names, so objects get duplicate keys.
pub fn arb_key() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => select(vec!["a", "b", "c", "command", "args"]).prop_map(str::to_owned),
        3 => arb_string(),
    ]
}

/// A number lexeme valid under RFC 8259.
pub fn arb_number() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|n| n.to_string()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| format!("{f:?}")),
        "-?(0|[1-9][0-9]{0,30})(\\.[0-9]{1,12})?([eE][+-]?[0-9]{1,2})?",
        select(vec![
            "0",
            "-0",
            "-0.0e-0",
            "1E+2",
            "0.1",
            "1e400",
            "-1e400",
            "1e-400",
            "123456789012345678901234567890",
            "-123456789012345678901234567890.5e-3",
            "9007199254740993",
            "18446744073709551616",
        ])
        .prop_map(str::to_owned),
    ]
}

/// Any JSON value: up to 6 levels deep, about 128 nodes, up to 8 children per container.
pub fn arb_json() -> impl Strategy<Value = OwnedValue> {
    let leaf = prop_oneof![
        Just(OwnedValue::Null),
        any::<bool>().prop_map(OwnedValue::Bool),
        arb_number().prop_map(OwnedValue::Number),
        arb_string().prop_map(OwnedValue::String),
    ];
    leaf.prop_recursive(6, 128, 8, |inner| {
        prop_oneof![
            vec(inner.clone(), 0..8).prop_map(OwnedValue::Array),
            vec((arb_key(), inner), 0..8).prop_map(OwnedValue::Object),
        ]
    })
}

/// How [`print()`] lays a value out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    /// Text put at every place where JSON allows whitespace, used in turn (cycling): only
    /// whitespace in strict layouts, whitespace and comments in JSONC layouts. Empty: none.
    pub gaps: Vec<String>,
    /// For each non-empty container in print order (cycling): whether it gets a trailing
    /// comma. Empty: none.
    pub trailing_commas: Vec<bool>,
    /// How strings are escaped.
    pub escapes: EscapeStyle,
}

impl Layout {
    /// No whitespace, minimal escapes: the canonical form.
    pub fn compact() -> Self {
        Layout {
            gaps: Vec::new(),
            trailing_commas: Vec::new(),
            escapes: EscapeStyle::Minimal,
        }
    }
}

const WHITESPACE: [&str; 8] = ["", " ", "  ", "\t", "\n", "\r\n", "\r", "\n\t\t"];

const COMMENTS: [&str; 9] = [
    "// note\n",
    "//\r\n",
    "// é 😀 /* not a block */\r",
    "/* c */",
    "/**/",
    "/***/",
    "/* multi\r\nline */",
    "/* é // not a line comment */",
    "/*\"{[,:*/",
];

fn arb_whitespace_gap() -> impl Strategy<Value = String> {
    vec(select(WHITESPACE.to_vec()), 0..3).prop_map(|pieces| pieces.concat())
}

fn arb_jsonc_gap() -> impl Strategy<Value = String> {
    vec(
        prop_oneof![3 => select(WHITESPACE.to_vec()), 1 => select(COMMENTS.to_vec())],
        0..3,
    )
    .prop_map(|pieces| pieces.concat())
}

fn arb_escape_style() -> impl Strategy<Value = EscapeStyle> {
    prop_oneof![
        3 => Just(EscapeStyle::Minimal),
        1 => Just(EscapeStyle::Ascii),
        1 => Just(EscapeStyle::Heavy),
    ]
}

/// A strict layout: whitespace only, no trailing commas.
pub fn arb_strict_layout() -> impl Strategy<Value = Layout> {
    (vec(arb_whitespace_gap(), 0..6), arb_escape_style()).prop_map(|(gaps, escapes)| Layout {
        gaps,
        trailing_commas: Vec::new(),
        escapes,
    })
}

/// A JSONC layout: whitespace, comments and trailing commas.
pub fn arb_jsonc_layout() -> impl Strategy<Value = Layout> {
    (
        vec(arb_jsonc_gap(), 1..6),
        vec(any::<bool>(), 1..4),
        arb_escape_style(),
    )
        .prop_map(|(gaps, trailing_commas, escapes)| Layout {
            gaps,
            trailing_commas,
            escapes,
        })
}

/// A strict or a JSONC layout.
pub fn arb_layout() -> impl Strategy<Value = Layout> {
    prop_oneof![arb_strict_layout(), arb_jsonc_layout()]
}

/// A printed value and where everything went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    /// The JSON text.
    pub text: String,
    /// The span of every node in arena order: depth first, each key before its value.
    pub spans: Vec<Range<usize>>,
    /// The span of every comment.
    pub comments: Vec<Range<usize>>,
    /// The span of every trailing comma.
    pub trailing_commas: Vec<Range<usize>>,
}

impl Printed {
    /// Options that accept this text without an error: JSONC when it has comments or
    /// trailing commas, strict otherwise.
    pub fn options(&self) -> JsonOptions {
        if self.comments.is_empty() && self.trailing_commas.is_empty() {
            JsonOptions::strict()
        } else {
            JsonOptions::jsonc()
        }
    }
}

/// Prints `value` with `layout`: a gap before and after the root and around every token.
pub fn print(value: &OwnedValue, layout: &Layout) -> Printed {
    let mut printer = Printer {
        layout,
        out: Printed {
            text: String::new(),
            spans: Vec::new(),
            comments: Vec::new(),
            trailing_commas: Vec::new(),
        },
        gap: 0,
        container: 0,
    };
    printer.gap();
    printer.value(value);
    printer.gap();
    printer.out
}

struct Printer<'l> {
    layout: &'l Layout,
    out: Printed,
    gap: usize,
    container: usize,
}

impl Printer<'_> {
    fn gap(&mut self) {
        let gaps = &self.layout.gaps;
        if gaps.is_empty() {
            return;
        }
        let gap = &gaps[self.gap % gaps.len()];
        self.gap += 1;
        let base = self.out.text.len();
        let bytes = gap.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'/') {
                let end = gap[i..].find(['\n', '\r']).map_or(gap.len(), |e| i + e);
                self.out.comments.push(base + i..base + end);
                i = end;
            } else if bytes[i] == b'/' && bytes.get(i + 1) == Some(&b'*') {
                let end = gap[i + 2..].find("*/").map_or(gap.len(), |e| i + 2 + e + 2);
                self.out.comments.push(base + i..base + end);
                i = end;
            } else {
                i += 1;
            }
        }
        self.out.text.push_str(gap);
    }

    fn value(&mut self, value: &OwnedValue) {
        let start = self.out.text.len();
        let index = self.out.spans.len();
        self.out.spans.push(start..start);
        match value {
            OwnedValue::Null => self.out.text.push_str("null"),
            OwnedValue::Bool(b) => self.out.text.push_str(if *b { "true" } else { "false" }),
            OwnedValue::Number(n) => self.out.text.push_str(n),
            OwnedValue::String(s) => write_json_string(&mut self.out.text, s, self.layout.escapes),
            OwnedValue::Array(items) => {
                self.out.text.push('[');
                for (i, item) in items.iter().enumerate() {
                    self.gap();
                    if i > 0 {
                        self.out.text.push(',');
                        self.gap();
                    }
                    self.value(item);
                }
                self.close(!items.is_empty(), ']');
            }
            OwnedValue::Object(members) => {
                self.out.text.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    self.gap();
                    if i > 0 {
                        self.out.text.push(',');
                        self.gap();
                    }
                    let key_start = self.out.text.len();
                    write_json_string(&mut self.out.text, key, self.layout.escapes);
                    self.out.spans.push(key_start..self.out.text.len());
                    self.gap();
                    self.out.text.push(':');
                    self.gap();
                    self.value(value);
                }
                self.close(!members.is_empty(), '}');
            }
        }
        self.out.spans[index].end = self.out.text.len();
    }

    fn close(&mut self, non_empty: bool, closer: char) {
        if non_empty {
            let commas = &self.layout.trailing_commas;
            let trailing = !commas.is_empty() && commas[self.container % commas.len()];
            self.container += 1;
            if trailing {
                self.gap();
                let at = self.out.text.len();
                self.out.text.push(',');
                self.out.trailing_commas.push(at..at + 1);
            }
        }
        self.gap();
        self.out.text.push(closer);
    }
}
