//! Direction inference and pairing.
use super::*;

fn lines(messages: &[&str]) -> String {
    let mut out = messages.join("\n");
    out.push('\n');
    out
}

#[test]
fn ping_is_ambiguous_unless_pairing_decides() {
    let text = lines(&[
        r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
    ]);
    let t = read(&text).value;
    assert_eq!(dirs(&t), "??");
    assert_eq!(t.entries()[0].direction_source, DirectionSource::Ambiguous);
    assert_eq!(t.entries()[1].direction_source, DirectionSource::Ambiguous);
    assert_eq!(t.links().len(), 1);
    // A stated direction on the response decides the request.
    let text = lines(&[
        r#"{"seq":0,"kind":"message","payload":{"jsonrpc":"2.0","id":1,"method":"ping"}}"#,
        r#"{"seq":1,"direction":"client-to-server","kind":"message","payload":{"jsonrpc":"2.0","id":1,"result":{}}}"#,
    ]);
    let o = read(&text);
    assert_eq!(dirs(&o.value), "sC");
}

#[test]
fn ids_are_scoped_per_direction() {
    let text = lines(&[
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}"#,
        r#"{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage","params":{}}"#,
        r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
    ]);
    let t = read(&text).value;
    // Two pending requests with id 1 travelling both ways: the response is ambiguous.
    assert_eq!(dirs(&t), "cs?");
    assert_eq!(t.entries()[2].direction_source, DirectionSource::Ambiguous);
    assert!(t.links().is_empty());
}

#[test]
fn one_and_string_one_differ() {
    let text = lines(&[
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":"1","result":{}}"#,
        r#"{"jsonrpc":"2.0","id":1.0,"result":{}}"#,
    ]);
    let t = read(&text).value;
    assert_eq!(dirs(&t), "c?s");
    assert_eq!(
        t.links(),
        &[Link {
            request: MessageRef::entry(0),
            response: MessageRef::entry(2)
        }]
    );
}

#[test]
fn cancellation_and_progress() {
    let text = lines(&[
        r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":"t"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":6}}"#,
    ]);
    let t = read(&text).value;
    assert_eq!(dirs(&t), "csc?");
    assert_eq!(t.entries()[1].direction_source, DirectionSource::Pairing);
    assert_eq!(t.entries()[3].direction_source, DirectionSource::Ambiguous);
}

#[test]
fn batch_direction_from_its_elements() {
    let text = lines(&[
        r#"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"tools/list"}]"#,
        r#"[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]"#,
    ]);
    let t = read(&text).value;
    assert_eq!(dirs(&t), "cs");
    assert_eq!(t.links().len(), 2);
}

#[test]
fn ping_takes_the_direction_of_the_ids_it_continues() {
    let text = lines(&[
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":4,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":9,"method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":"srv-1","method":"sampling/createMessage"}"#,
        r#"{"jsonrpc":"2.0","id":"srv-2","method":"ping"}"#,
        r#"{"jsonrpc":"2.0","id":"x","method":"ping"}"#,
    ]);
    let t = read(&text).value;
    // Reused (4) and next (5) client ids; 9 continues no side; the server's stem `srv-`;
    // `x` matches neither.
    assert_eq!(dirs(&t), "ccc?ss?");
}

#[test]
fn unknown_methods_and_orphans() {
    let text = lines(&[
        r#"{"jsonrpc":"2.0","id":1,"method":"custom/thing"}"#,
        r#"{"jsonrpc":"2.0","id":9,"result":{}}"#,
        r#"{"jsonrpc":"2.0","error":{"code":-32700,"message":"Parse error"}}"#,
    ]);
    let t = read(&text).value;
    assert_eq!(dirs(&t), "???");
    assert!(
        t.entries()
            .iter()
            .all(|e| e.direction_source == DirectionSource::Unknown)
    );
}
