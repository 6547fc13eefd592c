use std::fmt::Write as _;

use mcpvet_text::Span;
use proptest::prelude::*;
use serde_json::{Value, json};

use crate::to_json;

fn value(toml: &str) -> Value {
    let out = to_json(toml);
    assert!(out.diagnostics.is_empty(), "{:?}", out.diagnostics);
    let doc = out.value.expect("read");
    serde_json::from_str(&doc.json).unwrap_or_else(|e| panic!("{e}: {}", doc.json))
}

/// The TOML text that the JSON text at `needle` maps to.
fn mapped<'t>(toml: &'t str, needle: &str) -> &'t str {
    let doc = to_json(toml).value.expect("read");
    let at = doc.json.find(needle).expect("needle in the JSON");
    let span = doc
        .map
        .span(Span::new(at as u32, (at + needle.len()) as u32));
    &toml[span.start as usize..span.end as usize]
}

fn codes(toml: &str) -> Vec<String> {
    to_json(toml)
        .diagnostics
        .iter()
        .map(|d| format!("{} {}", d.code(), d.message()))
        .collect()
}

#[test]
fn a_codex_configuration_reads_as_its_json() {
    let toml = "model = \"o3\"\n\n[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"-y\", 'docs-mcp']\nenv = { TOKEN = \"ghp_x\" }\nstartup_timeout_sec = 20\n\n[mcp_servers.docs.http_headers]\n\"X-Key\" = \"k\\tv\"\n";
    assert_eq!(
        value(toml),
        json!({"model": "o3", "mcp_servers": {"docs": {"command": "npx", "args": ["-y", "docs-mcp"], "env": {"TOKEN": "ghp_x"}, "startup_timeout_sec": 20, "http_headers": {"X-Key": "k\tv"}}}})
    );
    assert_eq!(mapped(toml, "npx"), "npx");
    assert_eq!(mapped(toml, "\"npx\""), "\"npx\"");
    assert_eq!(mapped(toml, "\"docs-mcp\""), "'docs-mcp'");
    assert_eq!(mapped(toml, "ghp_x"), "ghp_x");
    assert_eq!(mapped(toml, "\"X-Key\""), "\"X-Key\"");
    // A bare key: the quotes the JSON adds map to nothing.
    assert_eq!(mapped(toml, "\"command\""), "command");
    assert_eq!(mapped(toml, "\"k\\tv\""), "\"k\\tv\"");
    assert_eq!(mapped(toml, "\\t"), "\\t");
    assert_eq!(mapped(toml, "20"), "20");
    // A table's `{` is its header.
    let doc = to_json(toml).value.unwrap();
    let open = doc.json.find("{\n\"command\"").unwrap() as u32;
    let span = doc.map.span(Span::new(open, open + 1));
    assert_eq!(&toml[span.range()], "[mcp_servers.docs]");
}

#[test]
fn keys_keep_their_lines() {
    let toml = "a = 1\n\n[t]\nb = \"x\"\n# note\nc = [\n  1,\n  2,\n]\n[[arr]]\nd = true\n[[arr]]\nd = false\n";
    let doc = to_json(toml).value.unwrap();
    let line = |text: &str, at: usize| 1 + text[..at].matches('\n').count();
    for (needle, toml_needle) in [
        ("\"a\"", "a ="),
        ("\"b\"", "b ="),
        ("\"c\"", "c ="),
        ("2]", "2,"),
        ("\"d\":true", "d = true"),
        ("\"d\":false", "d = false"),
    ] {
        assert_eq!(
            line(&doc.json, doc.json.find(needle).unwrap()),
            line(toml, toml.find(toml_needle).unwrap()),
            "{needle} in {}",
            doc.json
        );
    }
    assert_eq!(
        value(toml),
        json!({"a": 1, "t": {"b": "x", "c": [1, 2]}, "arr": [{"d": true}, {"d": false}]})
    );
}

#[test]
fn scalars_keys_and_strings() {
    let toml = "hex = 0x1F\noct = 0o17\nbin = 0b11\nbig = 60_000\nneg = -5\npos = +5\nf = +1_000.5e-1\nz = -0.0\nt = 1979-05-27T07:32:00Z\nd = 1979-05-27\nlit = 'C:\\path'\nml = \"\"\"\nline one\nline \"two\"\"\"\"\nmll = '''\nraw \\n'''\nfold = \"\"\"a \\\n   b\"\"\"\ne = \"\\u00e9\\U0001F600\"\n\"quoted key\" = 1\n'lit.key' = 2\ndotted.inner = 3\ninline = { x = 1, y.z = 'q' }\n";
    assert_eq!(
        value(toml),
        json!({
            "hex": 31, "oct": 15, "bin": 3, "big": 60000, "neg": -5, "pos": 5,
            "f": 100.05, "z": -0.0, "t": "1979-05-27T07:32:00Z", "d": "1979-05-27",
            "lit": "C:\\path", "ml": "line one\nline \"two\"", "mll": "raw \\n",
            "fold": "a b", "e": "é😀", "quoted key": 1, "lit.key": 2,
            "dotted": {"inner": 3}, "inline": {"x": 1, "y": {"z": "q"}}
        })
    );
    assert_eq!(mapped(toml, "31"), "0x1F");
    assert_eq!(mapped(toml, "1979-05-27T07"), "1979-05-27T07");
    assert_eq!(mapped(toml, "path"), "path");
    assert_eq!(mapped(toml, "line one"), "line one");
    assert_eq!(mapped(toml, "raw \\\\n"), "raw \\n");
    // A line-ending backslash: mapped as a whole.
    assert_eq!(mapped(toml, "a b"), "\"\"\"a \\\n   b\"\"\"");
    assert_eq!(mapped(toml, "é"), "\\u00e9");
    assert_eq!(mapped(toml, "\"quoted key\""), "\"quoted key\"");
    assert_eq!(mapped(toml, "\"lit.key\""), "'lit.key'");
    assert_eq!(mapped(toml, "\"inner\""), "inner");
    assert_eq!(mapped(toml, "\"dotted\""), "dotted");
}

#[test]
fn empty_documents_and_comments() {
    assert_eq!(value(""), json!({}));
    assert_eq!(value("# only a comment\n"), json!({}));
    assert_eq!(value("\u{feff}a = 1\n"), json!({"a": 1}));
    assert_eq!(value("a = 1 # note\r\n# end\r\n"), json!({"a": 1}));
    assert_eq!(mapped("\u{feff}a = 'x'\n", "x"), "x");
}

#[test]
fn what_has_no_json_form_is_a_warning() {
    assert_eq!(
        codes("x = nan\ny = -inf\n"),
        [
            "MCP016 `nan` has no JSON form; the value is read as the string `nan`",
            "MCP016 `-inf` has no JSON form; the value is read as the string `-inf`"
        ]
    );
    let out = to_json("x = +inf\n");
    assert_eq!(
        serde_json::from_str::<Value>(&out.value.unwrap().json).unwrap(),
        json!({"x": "+inf"})
    );
    assert_eq!(out.diagnostics[0].span(), Span::new(4, 8));
}

#[test]
fn errors_stop_the_reading_at_their_position() {
    let toml = "[a]\nb = 1\nb = 2\n";
    let out = to_json(toml);
    assert!(out.value.is_none());
    assert_eq!(out.diagnostics.len(), 1);
    let d = &out.diagnostics[0];
    assert_eq!(d.code().as_str(), "MCP015");
    assert_eq!(d.message(), "the TOML is not well formed: duplicate key");
    assert_eq!(&toml[d.span().range()], "b");
    assert_eq!(d.span().start, 10);
    // A table defined twice: at the second header's name.
    let toml = "[a]\nx = 1\n[a]\n";
    let d = &to_json(toml).diagnostics[0];
    assert_eq!(d.span(), Span::new(11, 12));
    // An unclosed string: the position where the quote was expected, one character wide
    // (or empty at the end of the text).
    let d = &to_json("a = \"x\nb = 1\n").diagnostics[0];
    assert_eq!(d.code().as_str(), "MCP015");
    assert!(d.span().start <= 6);
    for bad in [
        "a = ",
        "[a",
        "a = [1, 2",
        "a = {x = 1",
        "= 1",
        "a = 1 b = 2",
        "a.b = 1\na = 2",
    ] {
        let out = to_json(bad);
        assert!(out.value.is_none(), "{bad:?}");
        assert_eq!(out.diagnostics.len(), 1, "{bad:?}");
        assert!(out.diagnostics[0].span().end as usize <= bad.len());
    }
}

/// How a key is written.
#[derive(Debug, Clone, Copy)]
enum KeyStyle {
    Bare,
    Basic,
    Literal,
}

/// How a string is written.
#[derive(Debug, Clone, Copy)]
enum Style {
    Basic,
    Literal,
    MultiBasic(bool),
    MultiLiteral(bool),
}

/// A generated value, written as TOML by [`Out`].
#[derive(Debug, Clone)]
enum Gen {
    Bool(bool),
    Int(i64),
    Float(&'static str, f64),
    Date(&'static str),
    Str(String, Style),
    Arr(Vec<Gen>),
    Inline(Vec<(KeyStyle, Gen)>),
    /// A table written with a `[header]`.
    Table(Vec<(KeyStyle, Gen)>),
    /// An array of tables, written with `[[header]]`s.
    Tables(Vec<Vec<(KeyStyle, Gen)>>),
}

fn key_style() -> impl Strategy<Value = KeyStyle> + Clone {
    prop_oneof![
        Just(KeyStyle::Bare),
        Just(KeyStyle::Basic),
        Just(KeyStyle::Literal)
    ]
}

fn gen_scalar() -> impl Strategy<Value = Gen> {
    let text = || proptest::string::string_regex("[a-zA-Z0-9 '\"\\\\\n\t\ré€#=-]{0,12}").unwrap();
    prop_oneof![
        any::<bool>().prop_map(Gen::Bool),
        any::<i64>().prop_map(Gen::Int),
        prop_oneof![
            Just(Gen::Float("1.5", 1.5)),
            Just(Gen::Float("-0.25", -0.25)),
            Just(Gen::Float("1e3", 1000.0)),
            Just(Gen::Float("6.02E+23", 6.02e23))
        ],
        Just(Gen::Date("1979-05-27T07:32:00-08:00")),
        text().prop_map(|s| Gen::Str(s, Style::Basic)),
        text().prop_filter_map("literal strings hold no quote or control", |s| {
            (!s.contains(['\'', '\n', '\r'])).then_some(Gen::Str(s, Style::Literal))
        }),
        (text(), any::<bool>()).prop_map(|(s, nl)| Gen::Str(s, Style::MultiBasic(nl))),
        (text(), any::<bool>()).prop_filter_map(
            "multi-line literals hold no quote or CR",
            |(s, nl)| {
                (!s.contains(['\'', '\r'])).then_some(Gen::Str(s, Style::MultiLiteral(nl)))
            }
        ),
    ]
}

/// Values that fit on the right of `key =` (no `[header]` tables).
fn gen_inline() -> impl Strategy<Value = Gen> {
    gen_scalar().prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Gen::Arr),
            proptest::collection::vec((key_style(), inner), 0..4).prop_map(Gen::Inline),
        ]
    })
}

fn gen_table_members() -> impl Strategy<Value = Vec<(KeyStyle, Gen)>> {
    let member = gen_inline().prop_recursive(2, 32, 4, |inner| {
        let members = move || proptest::collection::vec((key_style(), inner.clone()), 0..4);
        prop_oneof![
            members().prop_map(Gen::Table),
            proptest::collection::vec(members(), 1..3).prop_map(Gen::Tables),
        ]
    });
    proptest::collection::vec((key_style(), member), 0..5)
}

/// A TOML writer that records where each string value and each key went.
struct Out {
    text: String,
    strings: Vec<Span>,
    keys: Vec<Span>,
}

impl Out {
    fn at(&self) -> u32 {
        self.text.len() as u32
    }

    /// Writes key `i` in `style`; returns its JSON name.
    fn key(&mut self, i: usize, style: KeyStyle, record: bool) -> String {
        let start = self.at();
        let name = match style {
            KeyStyle::Bare => {
                let name = format!("k{i}");
                self.text.push_str(&name);
                name
            }
            KeyStyle::Basic => {
                let name = format!("k {i}\"é");
                let _ = write!(self.text, "\"k {i}\\\"é\"");
                name
            }
            KeyStyle::Literal => {
                let name = format!("k.{i}");
                let _ = write!(self.text, "'{name}'");
                name
            }
        };
        if record {
            self.keys.push(Span::new(start, self.at()));
        }
        name
    }

    fn string(&mut self, s: &str, style: Style) {
        let start = self.at();
        match style {
            Style::Basic => {
                self.text.push('"');
                for c in s.chars() {
                    self.basic_char(c, true);
                }
                self.text.push('"');
            }
            Style::Literal => {
                let _ = write!(self.text, "'{s}'");
            }
            Style::MultiBasic(newline) => {
                self.text.push_str("\"\"\"");
                if newline || s.starts_with('\n') {
                    self.text.push('\n');
                }
                for c in s.chars() {
                    self.basic_char(c, false);
                }
                self.text.push_str("\"\"\"");
            }
            Style::MultiLiteral(newline) => {
                self.text.push_str("'''");
                if newline || s.starts_with('\n') {
                    self.text.push('\n');
                }
                self.text.push_str(s);
                self.text.push_str("'''");
            }
        }
        self.strings.push(Span::new(start, self.at()));
    }

    fn basic_char(&mut self, c: char, one_line: bool) {
        match c {
            '"' => self.text.push_str("\\\""),
            '\\' => self.text.push_str("\\\\"),
            '\n' if one_line => self.text.push_str("\\n"),
            '\r' => self.text.push_str("\\r"),
            c => self.text.push(c),
        }
    }

    fn value(&mut self, v: &Gen) {
        match v {
            Gen::Bool(b) => self.text.push_str(if *b { "true" } else { "false" }),
            Gen::Int(n) => self.text.push_str(&n.to_string()),
            Gen::Float(lexeme, _) => self.text.push_str(lexeme),
            Gen::Date(lexeme) => {
                // Read as a string: recorded as one (its text, without quotes).
                let start = self.at();
                self.text.push_str(lexeme);
                self.strings.push(Span::new(start, self.at()));
            }
            Gen::Str(s, style) => self.string(s, *style),
            Gen::Arr(items) => {
                self.text.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        self.text.push_str(", ");
                    }
                    self.value(item);
                }
                self.text.push(']');
            }
            Gen::Inline(members) => {
                self.text.push('{');
                for (i, (style, item)) in members.iter().enumerate() {
                    if i > 0 {
                        self.text.push(',');
                    }
                    self.text.push(' ');
                    self.key(i, *style, true);
                    self.text.push_str(" = ");
                    self.value(item);
                }
                self.text.push_str(" }");
            }
            Gen::Table(_) | Gen::Tables(_) => unreachable!("tables are written with headers"),
        }
    }

    /// The members of a table: its values, then its tables with their headers (`path` is the
    /// header text of this table).
    fn table(&mut self, path: &str, members: &[(KeyStyle, Gen)]) {
        for (i, (style, v)) in members.iter().enumerate() {
            if matches!(v, Gen::Table(_) | Gen::Tables(_)) {
                continue;
            }
            self.key(i, *style, true);
            self.text.push_str(" = ");
            self.value(v);
            self.text.push('\n');
        }
        for (i, (style, v)) in members.iter().enumerate() {
            match v {
                Gen::Table(inner) => {
                    let _ = write!(self.text, "\n[{path}");
                    let header = self.header_key(path, i, *style, true);
                    self.text.push_str("]\n");
                    self.table(&header, inner);
                }
                Gen::Tables(elements) => {
                    for (n, inner) in elements.iter().enumerate() {
                        let _ = write!(self.text, "\n[[{path}");
                        let header = self.header_key(path, i, *style, n == 0);
                        self.text.push_str("]]\n");
                        self.table(&header, inner);
                    }
                }
                _ => {}
            }
        }
    }

    /// Writes `.key` (or `key` at the root) inside a header; returns the header's text.
    fn header_key(&mut self, path: &str, i: usize, style: KeyStyle, record: bool) -> String {
        if !path.is_empty() {
            self.text.push('.');
        }
        let start = self.text.len();
        self.key(i, style, record);
        let written = self.text[start..].to_owned();
        if path.is_empty() {
            written
        } else {
            format!("{path}.{written}")
        }
    }
}

fn key_name(i: usize, style: KeyStyle) -> String {
    match style {
        KeyStyle::Bare => format!("k{i}"),
        KeyStyle::Basic => format!("k {i}\"é"),
        KeyStyle::Literal => format!("k.{i}"),
    }
}

fn expected(v: &Gen) -> Value {
    match v {
        Gen::Bool(b) => json!(b),
        Gen::Int(n) => json!(n),
        Gen::Float(_, f) => json!(f),
        Gen::Date(d) => json!(d),
        Gen::Str(s, _) => json!(s),
        Gen::Arr(items) => Value::Array(items.iter().map(expected).collect()),
        Gen::Inline(members) | Gen::Table(members) => expected_table(members),
        Gen::Tables(elements) => Value::Array(elements.iter().map(|m| expected_table(m)).collect()),
    }
}

fn expected_table(members: &[(KeyStyle, Gen)]) -> Value {
    Value::Object(
        members
            .iter()
            .enumerate()
            .map(|(i, (style, v))| (key_name(i, *style), expected(v)))
            .collect(),
    )
}

/// Every key of `value`, with its span in the derived text.
fn json_keys(value: mcpvet_json::Value<'_>, out: &mut Vec<Span>) {
    for m in value.members() {
        out.push(m.key.span());
        json_keys(m.value, out);
    }
    for item in value.items() {
        json_keys(item, out);
    }
}

proptest! {
    /// Generated TOML (tables with headers, arrays of tables, inline tables, arrays, bare and
    /// quoted keys, the four kinds of strings) reads as the JSON value it was written from;
    /// every string value and every key maps back to exactly the text written for it, and
    /// every string starts on the line it has in the TOML.
    #[test]
    fn toml_reads_as_its_value_with_exact_spans(members in gen_table_members()) {
        let mut out = Out { text: String::new(), strings: Vec::new(), keys: Vec::new() };
        out.table("", &members);
        let toml = out.text.clone();
        let read = to_json(&toml);
        prop_assert!(read.diagnostics.is_empty(), "{:?}\n{}", read.diagnostics, toml);
        let doc = read.value.unwrap();
        let parsed: Value = serde_json::from_str(&doc.json).map_err(|e| TestCaseError::fail(format!("{e}: {}", doc.json)))?;
        prop_assert_eq!(&parsed, &expected_table(&members), "{}", toml);
        let json_doc = mcpvet_json::parse(&doc.json, &mcpvet_json::JsonOptions::strict()).value;
        let root = json_doc.root().unwrap();
        let line = |text: &str, at: u32| 1 + text[..at as usize].matches('\n').count();
        let mut strings: Vec<(Span, Span)> = root
            .strings()
            .map(|s| (doc.map.span(s.span()), s.span()))
            .collect();
        strings.sort_by_key(|(mapped, _)| (mapped.start, mapped.end));
        prop_assert_eq!(strings.len(), out.strings.len());
        for ((mapped, derived), written) in strings.iter().zip(&out.strings) {
            prop_assert_eq!(mapped, written, "{}\n{}", toml, doc.json);
            prop_assert_eq!(line(&doc.json, derived.start), line(&toml, written.start), "{}\n{}", toml, doc.json);
        }
        let mut keys = Vec::new();
        json_keys(root, &mut keys);
        let mut keys: Vec<Span> = keys.iter().map(|k| doc.map.span(*k)).collect();
        keys.sort_by_key(|k| (k.start, k.end));
        prop_assert_eq!(&keys, &out.keys, "{}\n{}", toml, doc.json);
    }

    /// Any text: no panic, and either JSON that parses or a finding, in the text.
    #[test]
    fn any_text_reads_or_is_reported(text in "[ -~\n\té]{0,80}") {
        let out = to_json(&text);
        match out.value {
            Some(doc) => {
                prop_assert!(serde_json::from_str::<Value>(&doc.json).is_ok(), "{:?} → {}", text, doc.json);
            }
            None => prop_assert!(!out.diagnostics.is_empty()),
        }
        for d in &out.diagnostics {
            prop_assert!(d.span().end as usize <= text.len());
            prop_assert!(text.is_char_boundary(d.span().start as usize));
            prop_assert!(text.is_char_boundary(d.span().end as usize));
        }
    }

    /// TOML-like text (keys, tables, strings): the same.
    #[test]
    fn toml_like_text_reads_or_is_reported(text in "([a-c]{1,2} = (\"[a-c\\\\]{0,3}\"|'x'|[0-9]{1,3}|\\[[0-9, ]{0,5}\\]|\\{ ?[a-c] = 1 ?\\}|inf|nan)\n|\\[\\[?[a-c.]{1,3}\\]\\]?\n|# c\n){0,8}") {
        let out = to_json(&text);
        match out.value {
            Some(doc) => {
                prop_assert!(serde_json::from_str::<Value>(&doc.json).is_ok(), "{:?} → {}", text, doc.json);
                let parsed = mcpvet_json::parse(&doc.json, &mcpvet_json::JsonOptions::strict()).value;
                if let Some(root) = parsed.root() {
                    for s in root.strings() {
                        let span = doc.map.span(s.span());
                        prop_assert!(span.end as usize <= text.len());
                        prop_assert!(text.is_char_boundary(span.start as usize) && text.is_char_boundary(span.end as usize));
                    }
                }
            }
            None => prop_assert!(!out.diagnostics.is_empty()),
        }
        for d in &out.diagnostics {
            prop_assert!(d.span().end as usize <= text.len());
        }
    }
}

#[test]
fn a_document_without_a_node_maps_to_the_start_of_the_file() {
    for toml in ["", "# only a comment\n", "\n\n"] {
        let doc = to_json(toml).value.expect("well formed");
        let whole = Span::new(0, u32::try_from(doc.json.len()).unwrap());
        let span = doc.map.span(whole);
        assert!(span.end as usize <= toml.len(), "{toml:?}: {span:?}");
    }
}
