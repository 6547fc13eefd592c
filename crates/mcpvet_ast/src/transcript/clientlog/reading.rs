//! Whole client logs through [`read_transcript`]: detection, the metadata prints of Claude
//! Desktop, bracketed stderr lines, and reading a log piece by piece as the streaming
//! pipeline does.
use crate::transcript::{
    AbbreviatedKind, DetectedBy, EntryKind, InputFormat, Message, ServerEvent, Transcript,
    check_invariants, read_transcript,
};

fn read(text: &str, format: Option<InputFormat>) -> Transcript<'_> {
    let outcome = read_transcript(text, Some("output.log"), format);
    check_invariants(&outcome).unwrap_or_else(|e| panic!("{e}\n{}", outcome.value.dump()));
    assert!(
        outcome.diagnostics.is_empty(),
        "{:?}\n{}",
        outcome.diagnostics,
        outcome.value.dump()
    );
    outcome.value
}

/// One letter per entry: `m` message, `a` abbreviated, `l` lifecycle, `t` text.
fn kinds(t: &Transcript<'_>) -> String {
    t.entries()
        .iter()
        .map(|e| match &e.kind {
            EntryKind::Message(_) => 'm',
            EntryKind::Abbreviated(_) => 'a',
            EntryKind::Lifecycle { .. } => 'l',
            _ => 't',
        })
        .collect()
}

const VSCODE: &str = "\
2025-06-13 16:50:52.670 [info] Starting server ado
2025-06-13 16:50:52.677 [info] Connection state: Running
2025-06-13 16:50:52.689 [debug] [editor -> server] {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}
2025-06-13 16:50:53.101 [warning] [server stderr] [10/03/25 16:51:43] INFO starting
2025-06-13 16:51:00.111 [info] Connection state: Error Process exited with code 243
";

#[test]
fn vscode_log_is_detected_and_read() {
    let t = read(VSCODE, None);
    assert_eq!(t.format(), InputFormat::VsCodeLog);
    assert_eq!(t.detection().by, DetectedBy::Content);
    assert_eq!(kinds(&t), "llmtl");
    let e = t.entries();
    assert!(
        e.iter()
            .all(|e| e.server.is_none() && e.timestamp.is_some())
    );
    assert!(matches!(
        e[4].kind,
        EntryKind::Lifecycle {
            server_event: Some(ServerEvent::Exited { code: Some(243) }),
            ..
        }
    ));
    let EntryKind::Lifecycle {
        event: Some(event), ..
    } = &e[4].kind
    else {
        panic!()
    };
    assert_eq!(
        &t.text()[event.span(t.document()).range()],
        "Connection state: Error Process exited with code 243"
    );
    assert!(matches!(e[2].message(), Some(Message::Request { .. })));
    assert_eq!(
        e[2].direction,
        Some(crate::transcript::Direction::ClientToServer)
    );
}

#[test]
fn a_log_reads_the_same_piece_by_piece() {
    // The streaming pipeline reads pieces of whole lines with the format forced.
    let whole = read(VSCODE, None);
    let cut = VSCODE.match_indices('\n').nth(2).map_or(0, |(i, _)| i + 1);
    let first = read(&VSCODE[..cut], Some(InputFormat::VsCodeLog));
    let second = read(&VSCODE[cut..], Some(InputFormat::VsCodeLog));
    assert_eq!(kinds(&whole), kinds(&first) + &kinds(&second));
}

#[test]
fn cursor_log_is_detected_by_most_of_its_lines() {
    let text = "\
2025-04-08 11:16:16.070 [info] something Cursor does not usually say
2025-04-08 11:16:16.070 [info] rmcp: Starting new stdio process with command: npx x
2025-04-08 11:16:16.790 [info] rmcp: Client closed for command
2025-04-08 11:16:16.790 [error] rmcp: No server info found
";
    let t = read(text, None);
    assert_eq!(t.format(), InputFormat::CursorLog);
    assert_eq!(kinds(&t), "tllt");
    assert_eq!(t.entries()[1].server.as_ref().unwrap().value, "rmcp");
    assert!(t.entries()[0].server.is_none());
}

#[test]
fn claude_desktop_stays_the_default_log() {
    let text = "2025-06-13T14:44:29.818Z [info] [db] Initializing server...\n";
    assert_eq!(read(text, None).format(), InputFormat::ClaudeDesktopLog);
    // VS Code's timestamp alone says nothing: without a line only VS Code writes, a log is
    // read as Claude Desktop's, as before.
    let text = "2025-06-13 16:50:52.670 [info] hello\n";
    assert_eq!(read(text, None).format(), InputFormat::ClaudeDesktopLog);
}

#[test]
fn metadata_prints_belong_to_their_message() {
    let text = "\
2025-09-10T08:01:02.001Z [n] [info] Message from client: {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"} { metadata: undefined }
2025-09-10T08:01:02.130Z [n] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[]}} { metadata: {
  relatedRequestId: 1
} }
2025-09-10T08:01:02.140Z [n] [info] Message from client: method=\"ping\" id=2 params { metadata: undefined }
2025-09-10T08:01:02.141Z [n] [info] Message from client: method=\"ping\" id=3 params
{ metadata: { note: 'x' } }
2025-09-10T08:01:02.150Z [n] [info] Message from client: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}
{ metadata: {
";
    let t = read(text, None);
    assert_eq!(kinds(&t), "mmaamt");
    let e = t.entries();
    let line = |i: usize| text.lines().nth(i).unwrap_or_default();
    assert_eq!(&text[e[0].span.range()], line(0));
    assert!(text[e[1].span.range()].ends_with("relatedRequestId: 1\n} }"));
    assert_eq!(t.server_lists().len(), 1);
    let EntryKind::Abbreviated(a) = &e[2].kind else {
        panic!()
    };
    assert_eq!(a.kind, AbbreviatedKind::Request);
    let words: Vec<&str> = a.words.iter().map(|w| w.value.as_str()).collect();
    assert_eq!(words, ["params"]);
    assert_eq!(&text[e[2].span.range()], line(4));
    assert!(text[e[3].span.range()].ends_with("params\n{ metadata: { note: 'x' } }"));
    // A print that never closes is not one: its line stays text.
    assert_eq!(&text[e[5].span.range()], "{ metadata: {");
}

#[test]
fn bracketed_stderr_lines_are_text() {
    let text = "\
[4227] Using custom headers: {\"X-Team\":\"docs\"}
[10/03/25 16:51:43] INFO     Processing request of type ListToolsRequest
[4227] [Local→Remote] initialize
2025-10-03T14:51:43.004Z [docs] [info] Message from client: {\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}
";
    let t = read(text, None);
    assert_eq!(t.format(), InputFormat::ClaudeDesktopLog, "{}", t.dump());
    assert_eq!(kinds(&t), "tttm");
    // In JSON Lines too, and a real batch is still a batch.
    let text = "\
[10/03/25 16:51:43] INFO     Processing request of type ListToolsRequest
[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]
{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}
";
    let t = read(text, None);
    assert_eq!(t.format(), InputFormat::JsonLines);
    assert_eq!(kinds(&t), "tmm");
}
