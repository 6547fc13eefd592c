use super::sse_events;
use crate::transcript::{
    Body, Direction, EntryKind, HttpSide, InputFormat, Message, check_invariants, read_transcript,
};

/// A HAR file: `entries` are the JSON texts of `log.entries`.
fn har(entries: &[&str]) -> String {
    format!(
        "{{\"log\": {{\"version\": \"1.2\", \"creator\": {{\"name\": \"test\", \"version\": \"1\"}},\n\"entries\": [\n{}\n]}}}}\n",
        entries.join(",\n")
    )
}

const INIT_POST: &str = r#"{"startedDateTime": "2025-06-18T10:00:00.000Z", "request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Accept", "value": "application/json, text/event-stream"}, {"name": "Content-Type", "value": "application/json"}], "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"c\",\"version\":\"1\"}}}"}}, "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}, {"name": "Mcp-Session-Id", "value": "1868a90c"}], "content": {"mimeType": "text/event-stream", "text": "id: 1\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{\"protocolVersion\":\"2025-06-18\",\"capabilities\":{},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}\n\n"}}}"#;

const OTHER: &str = r#"{"request": {"method": "GET", "url": "https://mcp.example.test/app.js", "headers": []}, "response": {"status": 200, "headers": [], "content": {"mimeType": "text/javascript", "text": "console.log(1)"}}}"#;

const NOTIFY: &str = r#"{"request": {"method": "POST", "url": "https://mcp.example.test/mcp", "headers": [{"name": "Mcp-Session-Id", "value": "1868a90c"}], "postData": {"mimeType": "application/json", "text": "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"}}, "response": {"status": 202, "headers": [], "content": {"size": 0, "mimeType": "x-unknown"}}}"#;

#[test]
fn exchanges_become_http_entries_and_messages() {
    let text = har(&[INIT_POST, OTHER, NOTIFY]);
    let o = read_transcript(&text, Some("session.har"), None);
    check_invariants(&o).unwrap();
    assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
    let t = &o.value;
    assert_eq!(t.format(), InputFormat::Har);
    assert_eq!(t.message_count(), 3);
    let kinds: Vec<String> = t
        .entries()
        .iter()
        .map(|e| match &e.kind {
            EntryKind::Http { http: Some(h), .. } => {
                format!(
                    "http-{}{}",
                    h.side.name(),
                    if h.endpoint { "" } else { "-off" }
                )
            }
            EntryKind::Message(m) => m.kind_name().to_owned(),
            _ => "?".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "http-request",
            "request",
            "http-response",
            "response",
            "http-request-off",
            "http-request",
            "notification",
            "http-response",
        ]
    );
    let e = t.entries();
    assert_eq!(e[1].direction, Some(Direction::ClientToServer));
    assert_eq!(e[3].direction, Some(Direction::ServerToClient));
    assert_eq!(t.links().len(), 1);
    // The response: its status, its events, the message of the event's data.
    let EntryKind::Http {
        status: Some(status),
        http: Some(h),
    } = &e[2].kind
    else {
        panic!("{:?}", e[2].kind);
    };
    assert_eq!(status.value, 200);
    assert_eq!(h.side, HttpSide::Response);
    assert_eq!(h.body, Body::EventStream);
    assert_eq!(h.events.len(), 1);
    assert_eq!(h.events[0].id.as_ref().unwrap().value, "1");
    let Some(Message::Response { node, .. }) = e[3].message() else {
        panic!()
    };
    assert_eq!(h.events[0].message, Some(*node));
    assert_eq!(h.header_value("mcp-session-id"), Some("1868a90c"));
    // Every message maps back to its characters inside the body string.
    let map = &t.derivation().unwrap().map;
    let request = &text[map.span(e[1].span).range()];
    assert!(request.starts_with(r#"{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\""#));
    let response = &text[map.span(e[3].span).range()];
    assert!(response.starts_with(r#"{\"jsonrpc\":\"2.0\",\"id\":0,\"result\""#));
    assert!(response.ends_with(r#"\"version\":\"1\"}}}"#));
    // The 202 has no body.
    let EntryKind::Http { http: Some(h), .. } = &e[7].kind else {
        panic!()
    };
    assert_eq!(h.body, Body::Empty);
    // The dump names the HTTP facts, in the file's offsets.
    let dump = t.dump();
    assert!(
        dump.contains("format: har (content: a HAR capture (log.entries), bodies read as JSON)"),
        "{dump}"
    );
    assert!(dump.contains(r#"http request POST "https://mcp.example.test/mcp" exchange=0 body=json accept="application/json, text/event-stream" content-type="application/json""#), "{dump}");
    assert!(dump.contains(r#"http response status=200 exchange=0 body=event-stream content-type="text/event-stream" mcp-session-id=`18… (8 chars)` events=[id="1",event="message",message]"#), "{dump}");
    assert!(dump.contains("off-endpoint status=200"), "{dump}");
}

#[test]
fn forced_and_refused() {
    // A HAR of a page that never talks to an MCP server.
    let text = har(&[OTHER]);
    let o = read_transcript(&text, None, None);
    check_invariants(&o).unwrap();
    assert!(o.value.is_refused());
    let codes: Vec<&str> = o.diagnostics.iter().map(|d| d.code().as_str()).collect();
    assert_eq!(codes, ["MCP010"]);
    // Forced on a JSON Lines session: nothing reads as a HAR.
    let o = read_transcript(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\n",
        None,
        Some(InputFormat::Har),
    );
    check_invariants(&o).unwrap();
    let codes: Vec<&str> = o.diagnostics.iter().map(|d| d.code().as_str()).collect();
    assert_eq!(codes, ["MCP010"]);
    assert_eq!(o.value.message_count(), 0);
    // Broken entries.
    let text = har(&[
        "3",
        r#"{"response": {}}"#,
        r#"{"request": {"method": "POST", "url": "/mcp", "headers": {}}}"#,
    ]);
    let o = read_transcript(&text, None, None);
    check_invariants(&o).unwrap();
    let codes: Vec<&str> = o.diagnostics.iter().map(|d| d.code().as_str()).collect();
    assert_eq!(codes, ["MCP010", "MCP011", "MCP012", "MCP011"]);
}

#[test]
fn events_are_parsed_as_the_standard_says() {
    let content = ": keep-alive\r\nid: 7\r\nevent: message\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\nid: 8\ndata:\n\ndata: tail";
    let events = sse_events(content).unwrap();
    assert_eq!(events.len(), 3);
    assert_eq!(&content[events[0].id.clone().unwrap()], "7");
    assert_eq!(&content[events[0].event.clone().unwrap()], "message");
    assert_eq!(events[0].data_text(content), "{\"a\":\n1}");
    assert_eq!(&content[events[1].id.clone().unwrap()], "8");
    assert_eq!(events[1].data_text(content), "");
    assert_eq!(events[2].data_text(content), "tail");
    assert!(sse_events("Accepted").is_none());
    assert!(sse_events("").is_none());
    assert_eq!(sse_events(": keep-alive\n\n"), Some(Vec::new()));
}

#[test]
fn multi_line_data_and_text_events() {
    let entry = r#"{"request": {"method": "GET", "url": "https://h.test/sse", "headers": [{"name": "Accept", "value": "text/event-stream"}]}, "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "text/event-stream"}], "content": {"mimeType": "text/event-stream", "text": "event: endpoint\ndata: /messages?sessionId=ab\n\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\ndata: \"method\":\"notifications/tools/list_changed\"}\n\n"}}}"#;
    let text = har(&[entry]);
    let o = read_transcript(&text, None, None);
    check_invariants(&o).unwrap();
    assert!(o.diagnostics.is_empty(), "{:?}", o.diagnostics);
    let t = &o.value;
    assert_eq!(t.message_count(), 1);
    let e = t.entries();
    let EntryKind::Http { http: Some(h), .. } = &e[1].kind else {
        panic!()
    };
    assert_eq!(h.events.len(), 2);
    assert!(h.events[0].text && h.events[0].message.is_none());
    // The message spans its two `data:` lines in the file.
    let map = &t.derivation().unwrap().map;
    let message = &text[map.span(e[2].span).range()];
    assert_eq!(
        message,
        r#"{\"jsonrpc\":\"2.0\",\ndata: \"method\":\"notifications/tools/list_changed\"}"#
    );
}
