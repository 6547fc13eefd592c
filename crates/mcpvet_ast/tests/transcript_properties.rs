//! Property tests: reading any text (any string, any bytes, generated captures of every shape)
//! never panics, with every format, and every entry and diagnostic span lies inside the input
//! on character boundaries (see `check_invariants`).
use mcpvet_ast::transcript::{Direction, fuzz_transcript, read_transcript};
use proptest::prelude::*;

/// A JSON-RPC id: the awkward kinds included.
fn arb_id() -> impl Strategy<Value = String> {
    prop_oneof![
        (0u32..4).prop_map(|n| n.to_string()),
        (0u32..4).prop_map(|n| format!("\"{n}\"")),
        Just("1.0".to_owned()),
        Just("1.5".to_owned()),
        Just("1e0".to_owned()),
        Just("-0".to_owned()),
        Just("null".to_owned()),
        Just("9007199254740993".to_owned()),
        Just("1e999999999".to_owned()),
        Just("\"\"".to_owned()),
        Just("true".to_owned()),
        Just("[]".to_owned()),
    ]
}

fn arb_method() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("initialize"),
        Just("notifications/initialized"),
        Just("tools/list"),
        Just("tools/call"),
        Just("ping"),
        Just("notifications/cancelled"),
        Just("notifications/progress"),
        Just("sampling/createMessage"),
        Just("roots/list"),
        Just("custom/é"),
    ]
    .prop_map(str::to_owned)
}

/// One raw JSON-RPC message (valid or not), on one line.
fn arb_message() -> impl Strategy<Value = String> {
    (arb_id(), arb_method(), 0u8..9).prop_map(|(id, method, shape)| match shape {
        0 => format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","params":{{"_meta":{{"progressToken":{id}}}}}}}"#),
        1 => format!(r#"{{"jsonrpc":"2.0","method":"{method}","params":{{"requestId":{id},"progressToken":{id}}}}}"#),
        2 => format!(r#"{{"jsonrpc":"2.0","id":{id},"result":{{"tools":[{{"name":"a"}}]}}}}"#),
        3 => format!(r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32601,"message":"no","data":[1]}}}}"#),
        4 => format!(r#"[{{"jsonrpc":"2.0","id":{id},"method":"{method}"}},{{"jsonrpc":"2.0","id":{id},"result":{{}}}}]"#),
        5 => format!(r#"{{"id":{id},"method":"{method}"}}"#),
        6 => format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}""#),
        7 => format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"{method}","result":1,"error":2}}"#),
        _ => "[]".to_owned(),
    })
}

/// One line of any capture format, or noise.
fn arb_line() -> impl Strategy<Value = String> {
    let direction = prop_oneof![Just("client"), Just("server")];
    let trace_dir = prop_oneof![
        Just("client-to-server"),
        Just("server-to-client"),
        Just("x")
    ];
    prop_oneof![
        4 => arb_message(),
        1 => (arb_message(), trace_dir.clone()).prop_map(|(m, d)| format!(
            r#"{{"seq":1,"direction":"{d}","transport":"stdio","kind":"message","payload":{m}}}"#
        )),
        1 => trace_dir.prop_map(|d| format!(
            r#"{{"seq":0,"direction":"{d}","kind":"lifecycle","event":"transport-open"}}"#
        )),
        2 => (arb_message(), direction.clone(), any::<bool>()).prop_map(|(m, d, old)| if old {
            format!("2025-05-23T10:16:48.596Z [srv] [info] Message from {d}: {m}")
        } else {
            format!("2025-05-23T10:16:48.596Z [info] [srv] Message from {d}: {m}")
        }),
        1 => (direction, arb_method(), arb_id()).prop_map(|(d, m, id)| format!(
            "20:23:53.331Z [srv] Message from {d}: method=\"{m}\" id={id} params"
        )),
        1 => (arb_method(), 0u8..3).prop_map(|(m, t)| match t {
            0 => format!(r#"{{"type":"request","timestamp":"t","count":1,"method":"{m}","args":[],"kwargs":{{}}}}"#),
            1 => r#"{"type":"response","count":1,"method":"list_tools","result":{"tools":[]},"error":null}"#.to_owned(),
            _ => r#"{"session_id":"s","calls":[{"request":{"method":"call_tool"},"response":{"success":false,"error":"x"}},3]}"#.to_owned(),
        }),
        1 => Just(r#"{"direction":"request","origin":"client","message":{"jsonrpc":"2.0","id":1,"method":"ping"},"response":{"jsonrpc":"2.0","id":1,"result":{}}}"#.to_owned()),
        1 => Just(r#"{"metadata":{"serverInfo":{"name":"x"}},"tools":[],"prompts":{}}"#.to_owned()),
        2 => "[ -~é日😀\t]{0,30}",
        1 => prop_oneof![
            Just("{".to_owned()),
            Just("[".to_owned()),
            Just("}".to_owned()),
            Just("]".to_owned()),
            Just("  \"jsonrpc\": \"2.0\",".to_owned()),
            Just("  \"id\": 1, \"result\": {}".to_owned()),
            Just("{ metadata: undefined }".to_owned()),
            Just("\u{feff}".to_owned()),
            Just(String::new()),
        ],
    ]
}

fn arb_capture() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(arb_line(), 0..12),
        prop_oneof![Just("\n"), Just("\r\n")],
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(lines, eol, array, bom)| {
            let mut text = if array {
                format!("[{}]", lines.join(&format!(",{eol}")))
            } else {
                lines.join(eol)
            };
            if bom {
                text.insert(0, '\u{feff}');
            }
            text
        })
}

proptest! {
    #[test]
    fn any_string(text in "\\PC*") {
        fuzz_transcript(text.as_bytes());
    }

    #[test]
    fn any_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        fuzz_transcript(&bytes);
    }

    #[test]
    fn generated_captures(text in arb_capture()) {
        fuzz_transcript(text.as_bytes());
    }

    /// In a Claude Desktop log, every line is one entry with its stated direction, and a
    /// response travels opposite to the request it answers.
    #[test]
    fn log_responses_travel_back(
        lines in prop::collection::vec((arb_message(), any::<bool>()), 1..10)
    ) {
        let mut text = String::new();
        for (m, from_client) in &lines {
            let who = if *from_client { "client" } else { "server" };
            text.push_str("2025-05-23T10:16:48.596Z [info] [srv] Message from ");
            text.push_str(who);
            text.push_str(": ");
            text.push_str(m);
            text.push('\n');
        }
        let outcome = read_transcript(&text, None, None);
        let t = &outcome.value;
        prop_assert_eq!(t.entries().len(), lines.len());
        for (entry, (_, from_client)) in t.entries().iter().zip(&lines) {
            let expected = if *from_client { Direction::ClientToServer } else { Direction::ServerToClient };
            prop_assert_eq!(entry.direction, Some(expected));
        }
        for link in t.links() {
            let request = &t.entries()[link.request.entry];
            let response = &t.entries()[link.response.entry];
            prop_assert_ne!(request.direction, response.direction);
        }
    }
}
