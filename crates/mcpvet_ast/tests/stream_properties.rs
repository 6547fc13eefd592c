//! Property test of the `json-stream` framing: valid messages written as a stream of
//! concatenated JSON values (compact or pretty-printed, back to back or with whitespace and
//! lines of text between them) read as the same messages, in the same order, as the same
//! messages written as JSON Lines; and a proxy log of them reads them with the directions
//! its headers state.
use mcpvet_ast::transcript::{
    Direction, DirectionSource, InputFormat, Transcript, check_invariants, read_transcript,
};
use proptest::prelude::*;

/// A JSON value, written compact or pretty-printed.
#[derive(Debug, Clone)]
enum J {
    Str(String),
    Num(i64),
    Bool(bool),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    fn compact(&self, out: &mut String) {
        match self {
            J::Str(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            J::Num(n) => out.push_str(&n.to_string()),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.compact(out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push('"');
                    out.push_str(k);
                    out.push_str("\":");
                    v.compact(out);
                }
                out.push('}');
            }
        }
    }

    /// Pretty-printed with `indent` spaces per level, as `JSON.stringify(v, null, indent)`
    /// and `json.dumps(v, indent=indent)` write it.
    fn pretty(&self, out: &mut String, indent: usize, level: usize) {
        let pad = |out: &mut String, level: usize| {
            out.push('\n');
            out.push_str(&" ".repeat(indent * level));
        };
        match self {
            J::Arr(items) if !items.is_empty() => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, level + 1);
                    item.pretty(out, indent, level + 1);
                }
                pad(out, level);
                out.push(']');
            }
            J::Obj(members) if !members.is_empty() => {
                out.push('{');
                for (i, (k, v)) in members.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, level + 1);
                    out.push('"');
                    out.push_str(k);
                    out.push_str("\": ");
                    v.pretty(out, indent, level + 1);
                }
                pad(out, level);
                out.push('}');
            }
            other => other.compact(out),
        }
    }
}

fn arb_leaf() -> impl Strategy<Value = J> {
    prop_oneof![
        "[a-z]{0,6}".prop_map(J::Str),
        (-5i64..100).prop_map(J::Num),
        any::<bool>().prop_map(J::Bool),
    ]
}

fn arb_params() -> impl Strategy<Value = J> {
    arb_leaf().prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..3).prop_map(J::Arr),
            prop::collection::btree_map("[a-z]{1,5}", inner, 0..3)
                .prop_map(|m| J::Obj(m.into_iter().collect())),
        ]
    })
}

fn obj(members: Vec<(&str, J)>) -> J {
    J::Obj(
        members
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
    )
}

/// A valid JSON-RPC message and who sends it.
fn arb_message() -> impl Strategy<Value = (J, Direction)> {
    let method = prop_oneof![
        Just("tools/list"),
        Just("tools/call"),
        Just("ping"),
        Just("notifications/progress"),
        Just("roots/list"),
    ];
    (0u8..4, 0i64..50, method, arb_params(), any::<bool>()).prop_map(
        |(shape, id, method, params, from_client)| {
            let jsonrpc = ("jsonrpc", J::Str("2.0".to_owned()));
            let direction = if from_client {
                Direction::ClientToServer
            } else {
                Direction::ServerToClient
            };
            let message = match shape {
                0 => obj(vec![
                    jsonrpc,
                    ("id", J::Num(id)),
                    ("method", J::Str(method.to_owned())),
                    ("params", obj(vec![("p", params)])),
                ]),
                1 => obj(vec![jsonrpc, ("method", J::Str(method.to_owned()))]),
                2 => obj(vec![jsonrpc, ("id", J::Num(id)), ("result", params)]),
                _ => obj(vec![
                    jsonrpc,
                    ("id", J::Num(id)),
                    (
                        "error",
                        obj(vec![
                            ("code", J::Num(-32601)),
                            ("message", J::Str("no".to_owned())),
                        ]),
                    ),
                ]),
            };
            (message, direction)
        },
    )
}

/// What comes between two values: nothing, whitespace, or lines of text.
fn arb_gap() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just(" ".to_owned()),
        Just("\n".to_owned()),
        Just("\n\n".to_owned()),
        Just("\t \r\n".to_owned()),
        Just(" note\n".to_owned()),
        Just("\n-- sent --\n".to_owned()),
        Just("\nStarting server...\n".to_owned()),
        Just("\n12:00:01 log text\n\n".to_owned()),
        Just("\nSTDERR: warming up\n".to_owned()),
    ]
}

/// The messages of a transcript, each as its source text with the whitespace outside
/// strings removed (the generated strings hold none).
fn messages(t: &Transcript<'_>) -> Vec<String> {
    t.messages()
        .filter_map(|e| e.message())
        .map(|m| {
            t.value(m.node())
                .source()
                .chars()
                .filter(|c| !c.is_whitespace())
                .collect()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_json_stream_reads_as_its_json_lines(
        parts in prop::collection::vec((arb_message(), arb_gap(), 0usize..5), 1..8),
    ) {
        let mut lines = String::new();
        let mut stream = String::new();
        for ((message, _), gap, style) in &parts {
            message.compact(&mut lines);
            lines.push('\n');
            match style {
                0 | 1 => message.compact(&mut stream),
                n => message.pretty(&mut stream, *n, 0),
            }
            stream.push_str(gap);
        }
        let expected = read_transcript(&lines, None, Some(InputFormat::JsonLines));
        prop_assert!(expected.diagnostics.is_empty(), "{:?}", expected.diagnostics);
        // Detection reads the stream as one when most values are not alone on their line.
        let last = parts.len() - 1;
        let joined = parts
            .iter()
            .enumerate()
            .filter(|(i, (_, gap, style))| {
                *style >= 2
                    || gap == " note\n"
                    || (*i < last && matches!(gap.as_str(), "" | " "))
                    || (*i > 0 && matches!(parts[i - 1].1.as_str(), "" | " "))
            })
            .count();
        let detected = parts.len() >= 2 && joined * 2 > parts.len();
        let formats = if detected {
            vec![Some(InputFormat::JsonStream), None]
        } else {
            vec![Some(InputFormat::JsonStream)]
        };
        for format in formats {
            let got = read_transcript(&stream, None, format);
            check_invariants(&got).map_err(TestCaseError::fail)?;
            prop_assert!(got.diagnostics.is_empty(), "{format:?}: {:?}\n{stream}", got.diagnostics);
            prop_assert_eq!(messages(&got.value), messages(&expected.value), "{:?}\n{}", format, stream);
            prop_assert_eq!(got.value.format(), InputFormat::JsonStream);
        }
    }

    #[test]
    fn a_proxy_log_states_its_directions(
        parts in prop::collection::vec((arb_message(), 0usize..5, 0usize..3), 1..8),
    ) {
        let mut log = String::new();
        for ((message, direction), style, header) in &parts {
            let (client, server) = (*direction == Direction::ClientToServer, *direction == Direction::ServerToClient);
            let marker = match (header, client) {
                (0, true) => "[2025-06-01T10:00:00.000Z] CLIENT -> SERVER\n",
                (0, _) => "[2025-06-01T10:00:00.000Z] SERVER -> CLIENT\n",
                (1, true) => "STDIN:\n",
                (1, _) => "STDOUT:\n",
                (_, true) => ">>> ",
                (_, _) if server => "<<< ",
                _ => unreachable!(),
            };
            log.push_str(marker);
            match style {
                0 | 1 => message.compact(&mut log),
                n => message.pretty(&mut log, *n, 0),
            }
            log.push('\n');
        }
        let got = read_transcript(&log, None, None);
        check_invariants(&got).map_err(TestCaseError::fail)?;
        prop_assert!(got.diagnostics.is_empty(), "{:?}\n{log}", got.diagnostics);
        prop_assert_eq!(got.value.format(), InputFormat::ProxyLog);
        let stated: Vec<_> = got
            .value
            .messages()
            .map(|e| (e.direction, e.direction_source))
            .collect();
        let wanted: Vec<_> = parts
            .iter()
            .map(|((_, d), _, _)| (Some(*d), DirectionSource::Explicit))
            .collect();
        prop_assert_eq!(stated, wanted, "{}", log);
    }
}
