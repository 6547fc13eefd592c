//! Reader unit tests: one group per format, then detection; direction inference and pairing
//! in [`directions`], moving a transcript in [`rebase`].
use mcpvet_text::Span;

use super::*;
use crate::LowerOutcome;

#[path = "../../../tests/support/direction.rs"]
mod direction;

#[track_caller]
fn read(text: &str) -> LowerOutcome<Transcript<'_>> {
    read_as(text, None)
}

#[track_caller]
fn read_as(text: &str, format: Option<InputFormat>) -> LowerOutcome<Transcript<'_>> {
    let outcome = read_transcript(text, None, format);
    check_invariants(&outcome).unwrap_or_else(|e| panic!("{e}\n{}", outcome.value.dump()));
    outcome
}

fn codes(outcome: &LowerOutcome<Transcript<'_>>) -> Vec<&'static str> {
    outcome
        .diagnostics
        .iter()
        .map(|d| d.code().as_str())
        .collect()
}

/// `C`/`S` for a stated direction, `c`/`s` for an inferred one, `?` for none; `.` for a
/// non-message entry.
fn dirs(t: &Transcript<'_>) -> String {
    t.entries()
        .iter()
        .map(|e| {
            if e.is_message() {
                direction::letter(e)
            } else {
                '.'
            }
        })
        .collect()
}

fn slice<'t>(t: &'t Transcript<'_>, span: Span) -> &'t str {
    &t.text()[span.range()]
}

const REQ: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
const RES: &str = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"a"}]}}"#;

mod json_lines {
    use super::*;

    #[test]
    fn raw_lines_with_stdout_pollution() {
        let text = format!("{REQ}\nStarting server...\n\n{RES}\n[dotenv@17.2.0] injecting env\n");
        let o = read(&text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::JsonLines);
        assert_eq!(t.detection().by, DetectedBy::Content);
        assert_eq!(dirs(t), "c.s.");
        let e = t.entries();
        assert_eq!(
            e.iter().map(|e| e.index).collect::<Vec<_>>(),
            vec![0, 1, 1, 2]
        );
        assert_eq!(
            e.iter().map(|e| e.line).collect::<Vec<_>>(),
            vec![1, 2, 4, 5]
        );
        assert_eq!(slice(t, e[1].span), "Starting server...");
        assert!(matches!(e[1].kind, EntryKind::NonProtocol { text } if text == e[1].span));
        assert_eq!(e[2].direction_source, DirectionSource::Pairing);
        assert_eq!(e[0].direction_source, DirectionSource::MethodTable);
        assert_eq!(
            t.links(),
            &[Link {
                request: MessageRef::entry(0),
                response: MessageRef::entry(2)
            }]
        );
        let lists = t.server_lists();
        assert_eq!(lists.len(), 1);
        assert_eq!(lists[0].method, "tools/list");
        assert_eq!(t.value(lists[0].items).len(), 1);
        assert_eq!(t.method_of(MessageRef::entry(2)), Some("tools/list"));
    }

    #[test]
    fn a_line_can_be_a_batch() {
        let text = format!(
            "[{REQ},{{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}}]\n{RES}\n"
        );
        let o = read(&text);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::JsonLines);
        let Some(Message::Batch { items, .. }) = t.entries()[0].message() else {
            panic!("{}", t.dump())
        };
        assert_eq!(items.len(), 2);
        assert_eq!(dirs(t), "cs");
        assert_eq!(
            t.links()[0].request,
            MessageRef {
                entry: 0,
                item: Some(0)
            }
        );
        assert_eq!(t.method_of(MessageRef::entry(1)), Some("tools/list"));
    }

    #[test]
    fn pretty_printed_message_is_joined() {
        let text = format!(
            "{REQ}\n{{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"result\": {{}}\n}}\n{REQ}\n"
        );
        let o = read(&text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        let e = t.entries();
        assert_eq!(e.len(), 3, "{}", t.dump());
        assert!(!e[0].multi_line && e[1].multi_line && !e[2].multi_line);
        assert_eq!(e[1].line, 2);
        assert_eq!(e[2].line, 7);
        assert!(slice(t, e[1].span).starts_with('{') && slice(t, e[1].span).ends_with('}'));
        assert!(matches!(e[1].message(), Some(Message::Response { .. })));
    }

    #[test]
    fn unterminated_line_is_read_alone() {
        let text = format!("{{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"\n{REQ}\n");
        let o = read(&text);
        let t = &o.value;
        assert_eq!(t.entries().len(), 2, "{}", t.dump());
        assert!(matches!(
            t.entries()[0].message(),
            Some(Message::Invalid {
                reason: InvalidReason::Syntax,
                ..
            })
        ));
        assert!(matches!(
            t.entries()[1].message(),
            Some(Message::Request { .. })
        ));
        assert!(codes(&o).contains(&"MCP001"));
        assert!(
            o.diagnostics
                .iter()
                .all(|d| d.span().end <= t.entries()[0].span.end)
        );
    }

    #[test]
    fn trailing_garbage_makes_the_message_invalid() {
        let text = format!("{REQ} x\n");
        let o = read(&text);
        assert!(matches!(
            o.value.entries()[0].message(),
            Some(Message::Invalid {
                reason: InvalidReason::Syntax,
                ..
            })
        ));
    }

    #[test]
    fn crlf_and_bom() {
        let text = format!("\u{feff}{REQ}\r\nbanner\r\n{RES}\r\n");
        let o = read(&text);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::JsonLines);
        assert_eq!(t.entries()[0].span.start, 3);
        assert_eq!(slice(t, t.entries()[1].span), "banner");
        assert_eq!(dirs(t), "c.s");
        assert_eq!(codes(&o), vec!["MCP007"]);
    }

    #[test]
    fn single_message_file() {
        let text = format!("{REQ}\n");
        let o = read(&text);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::JsonLines);
        assert_eq!(t.detection().reason, "a single JSON-RPC message");
        assert_eq!(t.entries().len(), 1);
    }
}

mod json_array {
    use super::*;

    #[test]
    fn whole_file_array() {
        let text = format!("[\n  {REQ},\n  [{REQ}],\n  {RES}\n]\n");
        let o = read(&text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::JsonArray);
        let e = t.entries();
        assert_eq!(e.len(), 3);
        assert_eq!(e.iter().map(|e| e.line).collect::<Vec<_>>(), vec![2, 3, 4]);
        assert_eq!(slice(t, e[0].span), REQ);
        assert!(matches!(e[1].message(), Some(Message::Batch { .. })));
        // Two requests with id 1 in flight: the response answers the first.
        assert_eq!(t.links()[0].request, MessageRef::entry(0));
    }

    #[test]
    fn forcing_json_lines_reads_the_array_as_one_batch() {
        let text = format!("[{REQ},{RES}]");
        let t = read(&text).value;
        assert_eq!(t.format(), InputFormat::JsonArray);
        assert_eq!(t.entries().len(), 2);
        let t = read_as(&text, Some(InputFormat::JsonLines)).value;
        assert_eq!(t.entries().len(), 1);
        assert!(matches!(
            t.entries()[0].message(),
            Some(Message::Batch { .. })
        ));
        assert_eq!(t.detection().by, DetectedBy::Forced);
    }

    #[test]
    fn elements_that_are_not_objects() {
        let o = read("[1, \"x\", null]");
        assert_eq!(codes(&o), vec!["MCP010"]);
        let t = read_as("[1, \"x\", null]", Some(InputFormat::JsonArray)).value;
        assert_eq!(t.entries().len(), 3);
        assert!(t.entries().iter().all(|e| matches!(
            e.message(),
            Some(Message::Invalid {
                reason: InvalidReason::NotAnObject(_),
                ..
            })
        )));
    }

    #[test]
    fn empty_array() {
        let o = read("[]\n");
        assert!(o.diagnostics.is_empty());
        assert_eq!(o.value.format(), InputFormat::JsonArray);
        assert!(o.value.entries().is_empty());
    }
}

mod trace {
    use super::*;

    const OPEN: &str = r#"{"seq":0,"direction":"client-to-server","transport":"stdio","kind":"lifecycle","event":"transport-open"}"#;

    #[test]
    fn events() {
        let text = format!(
            "{OPEN}\n{}\n{}\n{}\n",
            r#"{"seq":1,"direction":"client-to-server","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"method":"ping"},"ts":"2026-01-01T00:00:00Z"}"#,
            r#"{"seq":2,"direction":"server-to-client","transport":"streamable-http","kind":"http","status":200,"headers":{}}"#,
            r#"{"seq":3,"direction":"server-to-client","transport":"stdio","kind":"message","payload":{"jsonrpc":"2.0","id":1,"result":{}}}"#,
        );
        let o = read(&text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::Trace);
        let e = t.entries();
        assert!(
            matches!(&e[0].kind, EntryKind::Lifecycle { event: Some(ev), server_event: None } if ev.value == "transport-open")
        );
        assert_eq!(e[0].direction, Some(Direction::ClientToServer));
        assert!(matches!(e[1].message(), Some(Message::Request { .. })));
        assert_eq!(
            e[1].timestamp.as_ref().unwrap().value,
            "2026-01-01T00:00:00Z"
        );
        assert!(e[1].envelope.is_some());
        assert!(matches!(&e[2].kind, EntryKind::Http { status: Some(s), .. } if s.value == 200));
        assert_eq!(dirs(t), ".C.S");
        assert_eq!(
            e.iter().map(|e| e.index).collect::<Vec<_>>(),
            vec![0, 0, 1, 1]
        );
        assert_eq!(t.links().len(), 1);
    }

    #[test]
    fn envelope_problems() {
        let text = concat!(
            r#"{"seq":0,"direction":"client-to-server","kind":"message"}"#,
            "\n",
            r#"{"seq":1,"direction":"inbound","kind":"message","payload":{"jsonrpc":"2.0","method":"notifications/initialized"}}"#,
            "\n",
            r#"{"seq":2,"direction":"client-to-server","kind":7,"payload":{}}"#,
            "\n",
            r#"{"seq":3,"direction":"client-to-server","kind":"telepathy"}"#,
            "\n",
            "[1]\n",
        );
        let o = read(text);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::Trace);
        assert_eq!(
            codes(&o),
            vec!["MCP012", "MCP011", "MCP011", "MCP011", "MCP011"],
            "{:?}",
            o.diagnostics
        );
        assert!(matches!(t.entries()[0].kind, EntryKind::NonProtocol { .. }));
        // Without a stated direction, the method table decides.
        assert_eq!(
            t.entries()[1].direction_source,
            DirectionSource::MethodTable
        );
        let missing = &o.diagnostics[0];
        assert_eq!(missing.span(), Span::new(0, 1));
        assert_eq!(missing.help(), Some("add a `payload` member"));
        assert_eq!(missing.message_index(), Some(0));
    }

    #[test]
    fn raw_messages_among_events() {
        let text = format!("{OPEN}\n{REQ}\n");
        let t = read(&text).value;
        assert_eq!(t.format(), InputFormat::Trace);
        assert!(matches!(
            t.entries()[1].message(),
            Some(Message::Request { .. })
        ));
        assert_eq!(dirs(&t), ".c");
    }
}

mod claude_log {
    use super::*;

    #[test]
    fn both_orders_and_pairing_per_server() {
        let text = concat!(
            "2025-05-23T10:16:48.596Z [a] [info] Message from client: {\"method\":\"tools/list\",\"params\":{},\"jsonrpc\":\"2.0\",\"id\":1}\n",
            "2025-05-23T10:16:48.597Z [info] [b] Message from client: {\"method\":\"tools/list\",\"jsonrpc\":\"2.0\",\"id\":1}\n",
            "    at Object.<anonymous> (index.js:1:1)\n",
            "2025-05-23T10:16:48.598Z [b] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n",
            "2025-05-23T10:16:48.599Z [error] [a] Unexpected token 'i'\n",
        );
        let o = read(text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::ClaudeDesktopLog);
        assert_eq!(dirs(t), "CC.S.");
        let e = t.entries();
        assert_eq!(e[0].server.as_ref().unwrap().value, "a");
        assert_eq!(e[1].server.as_ref().unwrap().value, "b");
        assert_eq!(e[1].level.as_ref().unwrap().value, "info");
        // The response of server `b` answers `b`'s request, not `a`'s.
        assert_eq!(
            t.links(),
            &[Link {
                request: MessageRef::entry(1),
                response: MessageRef::entry(3)
            }]
        );
        assert_eq!(e[4].level.as_ref().unwrap().value, "error");
        assert!(matches!(e[2].kind, EntryKind::NonProtocol { .. }));
        assert!(e[2].timestamp.is_none());
    }

    #[test]
    fn abbreviated_lines() {
        let text = concat!(
            "20:23:53.331Z [vault] Message from client: method=\"initialize\" id=0 params\n",
            "20:23:54.660Z [vault] Message from server: id=0 result\n",
            "20:23:54.851Z [vault] Message from client: method=\"notifications/initialized\"\n",
            "20:23:54.863Z [vault] Message from client: method=\"tools/call\" id=\"x\" params\n",
            "20:23:54.869Z [vault] Message from server: id=\"x\" error\n",
        );
        let o = read(text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::ClaudeDesktopLog);
        assert_eq!(dirs(t), "CSCCS");
        let EntryKind::Abbreviated(a) = &t.entries()[0].kind else {
            panic!()
        };
        assert_eq!(a.kind, AbbreviatedKind::Request);
        assert_eq!(a.method.as_ref().unwrap().value, "initialize");
        let method = a.method.as_ref().unwrap();
        assert!(
            matches!(method.origin, Origin::Node(_)),
            "a quoted method is JSON"
        );
        assert_eq!(slice(t, method.span(t.document())), "\"initialize\"");
        assert_eq!(
            a.id.as_ref().unwrap().key(),
            Some(IdKey::Number("0".into()))
        );
        let EntryKind::Abbreviated(a) = &t.entries()[4].kind else {
            panic!()
        };
        assert_eq!(a.kind, AbbreviatedKind::ErrorResponse);
        assert_eq!(
            a.id.as_ref().unwrap().key(),
            Some(IdKey::String("x".into()))
        );
        assert_eq!(t.links().len(), 2);
    }

    #[test]
    fn broken_json_body() {
        let text = "2025-06-13T14:44:29.945Z [info] [s] Message from client: {\"method\":\"x\",\n";
        let o = read(text);
        assert!(codes(&o).contains(&"MCP001"));
        assert!(matches!(
            o.value.entries()[0].message(),
            Some(Message::Invalid {
                reason: InvalidReason::Syntax,
                ..
            })
        ));
    }

    #[test]
    fn log_without_messages_is_still_a_log() {
        let o =
            read("2024-11-28T09:27:43.719Z [info] Attempting to connect to MCP server neo4j...\n");
        assert!(o.diagnostics.is_empty());
        assert_eq!(o.value.format(), InputFormat::ClaudeDesktopLog);
        assert_eq!(o.value.message_count(), 0);
    }
}

mod inspector {
    use super::*;

    #[test]
    fn export_with_nested_responses() {
        let text = r#"[
  {"id":"1","timestamp":"2026-03-17T10:33:00.000Z","direction":"request","origin":"client",
   "message":{"jsonrpc":"2.0","id":1,"method":"tools/list"},
   "response":{"jsonrpc":"2.0","id":1,"result":{"tools":[]}},"duration":12},
  {"id":"2","timestamp":"2026-03-17T10:34:00.000Z","direction":"notification","origin":"server",
   "message":{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}},
  {"id":"3","timestamp":1710671700000,"direction":"request",
   "message":{"jsonrpc":"2.0","id":7,"method":"ping"}}
]"#;
        let o = read(text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::InspectorExport);
        assert_eq!(t.entries().len(), 4);
        assert_eq!(dirs(t), "CsS?");
        let e = t.entries();
        assert!(e[0].span.contains_span(e[1].span));
        assert_eq!(e[1].line, 4);
        assert_eq!(
            e[0].timestamp.as_ref().unwrap().value,
            "2026-03-17T10:33:00.000Z"
        );
        assert_eq!(e[3].timestamp.as_ref().unwrap().value, "1710671700000");
        assert_eq!(e[3].direction_source, DirectionSource::Ambiguous);
        assert_eq!(t.server_lists().len(), 1);
    }

    #[test]
    fn entry_without_message() {
        let text = r#"[{"direction":"request","message":{"jsonrpc":"2.0","id":1,"method":"ping"}},{"direction":"request","origin":"nobody"}]"#;
        let o = read(text);
        assert_eq!(o.value.format(), InputFormat::InspectorExport);
        assert_eq!(codes(&o), vec!["MCP011", "MCP012"]);
        assert!(matches!(
            o.value.entries()[1].kind,
            EntryKind::NonProtocol { .. }
        ));
    }
}

mod sdk_capture {
    use super::*;

    #[test]
    fn records() {
        let text = concat!(
            r#"{"type": "request", "timestamp": "2025-10-23T23:00:07.948976", "count": 1, "method": "list_tools", "args": [], "kwargs": {}}"#,
            "\n",
            r#"{"type": "response", "timestamp": "2025-10-23T23:00:08.102049", "count": 1, "method": "list_tools", "result": {"_type": "ListToolsResult", "nextCursor": null, "tools": [{"_type": "Tool", "name": "read_file"}]}, "error": null}"#,
            "\n",
        );
        let o = read(text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::SdkCapture);
        assert_eq!(dirs(t), "CS");
        assert_eq!(t.entries()[0].direction_source, DirectionSource::Format);
        let EntryKind::Reconstructed(r) = &t.entries()[1].kind else {
            panic!()
        };
        assert_eq!(r.method, Some("tools/list"));
        assert_eq!(r.recorded_method.as_ref().unwrap().value, "list_tools");
        assert_eq!(r.correlation.as_ref().unwrap().value, "1");
        assert_eq!(t.links().len(), 1);
        let lists = t.server_lists();
        assert_eq!(lists.len(), 1);
        assert_eq!(t.value(lists[0].items).len(), 1);
    }

    #[test]
    fn sessions_of_calls() {
        let text = r#"{"session_id": "s", "server_info": {"url": "https://example.com/mcp"}, "calls": [{"request": {"method": "call_tool", "args": ["a", {}], "kwargs": {}, "timestamp": "t1"}, "response": {"success": false, "result": null, "error": "boom", "timestamp": "t2"}, "duration_ms": 1.5}]}"#;
        let o = read(text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::SdkCapture);
        assert_eq!(dirs(t), "CS");
        let EntryKind::Reconstructed(r) = &t.entries()[1].kind else {
            panic!()
        };
        assert_eq!(r.role, RecordRole::ErrorResponse);
        assert_eq!(r.method, Some("tools/call"));
        assert!(matches!(r.body, Some(RecordBody::Error(_))));
    }

    #[test]
    fn record_problems() {
        let o = read_as(
            r#"{"count": 1, "method": "x"}"#,
            Some(InputFormat::SdkCapture),
        );
        assert_eq!(codes(&o), vec!["MCP012", "MCP010"]);
    }
}

mod signature {
    use super::*;

    #[test]
    fn lists_become_entries() {
        let text = r#"{
  "metadata": {"protocolVersion": "2025-11-25", "serverInfo": {"name": "Math", "version": "1"}},
  "prompts": [],
  "tools": [{"name": "add", "inputSchema": {"type": "object"}}]
}"#;
        let o = read(text);
        assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
        let t = &o.value;
        assert_eq!(t.format(), InputFormat::ServerSignature);
        assert_eq!(dirs(t), "SSS");
        assert_eq!(t.entries()[2].line, 4);
        assert_eq!(t.entries()[0].server.as_ref().unwrap().value, "Math");
        let lists = t.server_lists();
        assert_eq!(
            lists.iter().map(|l| l.method).collect::<Vec<_>>(),
            vec!["prompts/list", "tools/list"]
        );
    }

    #[test]
    fn wrong_types() {
        let o = read_as(
            r#"{"metadata": [], "tools": {}}"#,
            Some(InputFormat::ServerSignature),
        );
        assert_eq!(codes(&o), vec!["MCP011", "MCP011"]);
        let o = read_as(r#"{"a": 1}"#, Some(InputFormat::ServerSignature));
        assert_eq!(codes(&o), vec!["MCP012", "MCP010"]);
    }
}

mod detection {
    use super::*;

    #[test]
    fn not_a_session() {
        let o = read(r#"{"mcpServers": {"x": {"command": "npx"}}}"#);
        assert_eq!(codes(&o), vec!["MCP010"]);
        assert!(o.diagnostics[0].message().contains("configuration"));
        assert_eq!(o.value.detection().by, DetectedBy::Refused);
        let o = read("hello\nworld\n");
        assert_eq!(codes(&o), vec!["MCP010"]);
        assert_eq!(o.diagnostics[0].span(), Span::new(0, 5));
        assert_eq!(o.value.entries().len(), 2);
        let o = read("42");
        assert_eq!(codes(&o), vec!["MCP010"]);
    }

    #[test]
    fn unsupported_captures() {
        // A HAR file is read (`har`); one without an MCP exchange says so.
        let o = read(r#"{"log": {"version": "1.2", "entries": []}}"#);
        assert_eq!(codes(&o), vec!["MCP010"]);
        let o = read("{\"ts\":1,\"dir\":\"req\",\"id\":1}\n{\"ts\":2,\"dir\":\"res\",\"id\":1}\n");
        assert_eq!(codes(&o), vec!["MCP009"]);
    }

    #[test]
    fn empty_input() {
        for text in ["", "  \n\n", "\u{feff}"] {
            let o = read(text);
            assert!(codes(&o).iter().all(|c| *c == "MCP007"), "{text:?}");
            assert!(o.value.entries().is_empty());
            assert_eq!(o.value.detection().by, DetectedBy::Default);
        }
    }

    #[test]
    fn file_name_decides_when_content_does_not() {
        let o = read_transcript("nothing here\n", Some("mcp-server-x.log"), None);
        assert_eq!(o.value.format(), InputFormat::ClaudeDesktopLog);
        assert_eq!(o.value.detection().by, DetectedBy::FileName);
        assert_eq!(codes(&o), vec!["MCP010"]);
    }

    #[test]
    fn forced_format_that_does_not_fit() {
        let o = read_as("just text\n", Some(InputFormat::Trace));
        assert_eq!(codes(&o), vec!["MCP010"]);
        let text = format!("{REQ}\n");
        let o = read_as(&text, Some(InputFormat::ClaudeDesktopLog));
        assert!(o.diagnostics.is_empty());
        assert_eq!(dirs(&o.value), "c");
    }

    #[test]
    fn format_names() {
        for format in InputFormat::ALL {
            assert_eq!(format.name().parse::<InputFormat>(), Ok(format));
        }
        assert_eq!("jsonl".parse::<InputFormat>(), Ok(InputFormat::JsonLines));
        let err = "yaml".parse::<InputFormat>().unwrap_err();
        assert!(err.to_string().contains("json-array, json-lines, trace"));
    }
}

#[test]
fn dump_format() {
    let text = format!("{REQ}\nStarting server...\n{RES}\n");
    let t = read(&text).value;
    let expected = "\
format: json-lines (content: raw JSON-RPC messages)
#0    L1    0..46        c->s method-table  request id=1 method=\"tools/list\"
(1)   L2    47..65       -    unknown       non-protocol \"Starting server...\"
#1    L3    66..124      s->c pairing       response id=1 answers=#0
";
    assert_eq!(t.dump(), expected);
}

mod directions;
mod rebase;
