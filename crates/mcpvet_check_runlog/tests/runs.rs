//! The run checker on whole logs: the examples of `examples/runs/` (answered from their events
//! alone: the linter joins their messages) and the edges of each rule.
use mcpvet_ast::transcript::read_transcript;
use mcpvet_check_runlog::{Answer, Owner, RunChecker, RunSummary};
use mcpvet_diagnostics::Findings;

fn check(text: &str, name: &str) -> (Vec<String>, Vec<RunSummary>) {
    let outcome = read_transcript(text, Some(name), None);
    assert!(
        outcome.diagnostics.is_empty(),
        "{name}: {:?}",
        outcome.diagnostics
    );
    let t = outcome.value;
    let mut checker = RunChecker::new();
    let mut findings = Findings::new();
    for entry in t.entries() {
        checker.entry(entry, t.document(), &mut findings);
    }
    let runs = checker.finish(&mut findings);
    let codes = findings
        .diagnostics()
        .iter()
        .map(|d| format!("{} {}", d.code(), d.message()))
        .collect();
    (codes, runs)
}

fn example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples/runs")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn answers(run: &RunSummary) -> [Answer; 4] {
    [run.started, run.initialized, run.tools, run.external]
}

#[test]
fn exits_before_reading_input() {
    let (codes, runs) = check(&example("exits-before-reading-input.jsonl"), "x.jsonl");
    assert!(codes.is_empty(), "{codes:?}");
    let [run] = runs.as_slice() else { panic!() };
    assert_eq!(
        answers(run),
        [Answer::Yes, Answer::No, Answer::No, Answer::No]
    );
    assert_eq!(run.exit_code, Some(1));
    assert_eq!(
        run.stderr.as_deref(),
        Some("Error: Cannot find module '/srv/files/dist/index.js'")
    );
    assert_eq!(run.last_event.as_deref(), Some("exited"));
    assert_eq!((run.messages, run.events), (1, 3));
}

#[test]
fn writes_hello_to_stdout() {
    let (codes, runs) = check(&example("writes-hello-to-stdout.log"), "x.log");
    assert!(codes.is_empty(), "{codes:?}");
    let [run] = runs.as_slice() else { panic!() };
    assert_eq!(
        answers(run),
        [Answer::Yes, Answer::Yes, Answer::Unknown, Answer::Unknown]
    );
    assert_eq!(run.unknown_events, ["stdout_write"]);
    assert_eq!(run.last_event.as_deref(), Some("initialized_received"));
    assert_eq!(run.last_event_line, Some(6));
}

#[test]
fn lists_an_invalid_schema_from_events() {
    let (codes, runs) = check(&example("lists-an-invalid-schema.jsonl"), "x.jsonl");
    assert!(codes.is_empty(), "{codes:?}");
    let [run] = runs.as_slice() else { panic!() };
    // The events alone say two tools were listed; the linter's join with the messages says
    // the list is not usable.
    assert_eq!(
        answers(run),
        [Answer::Yes, Answer::Yes, Answer::Yes, Answer::No]
    );
    assert_eq!(run.tool_count, Some(2));
    assert_eq!(run.tools_digest.as_deref(), Some("sha256:9b1f0c4e7d2a"));
    assert_eq!(run.messages, 5);
}

#[test]
fn tool_handler_reaches_external() {
    let (codes, runs) = check(&example("tool-handler-reaches-external.jsonl"), "x.jsonl");
    assert!(codes.is_empty(), "{codes:?}");
    let [run] = runs.as_slice() else { panic!() };
    assert_eq!(
        answers(run),
        [Answer::Yes, Answer::Yes, Answer::Yes, Answer::Yes]
    );
    assert_eq!(run.hosts, ["api.weather.example.test"]);
    assert_eq!(run.unknown_events, ["tool_call_responded"]);
}

#[test]
fn whoami_before_initialize() {
    let (codes, runs) = check(&example("whoami-before-initialize.jsonl"), "x.jsonl");
    assert_eq!(codes.len(), 3, "{codes:?}");
    assert!(codes.iter().all(|c| c.starts_with(
        "MCP702 `external_attempt` reached `id.crm.example.test` before the session was initialized"
    )));
    let [run] = runs.as_slice() else { panic!() };
    assert_eq!(run.external, Answer::Yes);
    assert_eq!(run.hosts, ["id.crm.example.test"]);
    assert_eq!(run.initialized, Answer::No);
    let timeout = run.timeout.as_ref().unwrap();
    assert_eq!(timeout.owner, Some(Owner::ServerTransport));
    assert_eq!(timeout.last_event.as_deref(), Some("external_result"));
}

#[test]
fn runs_without_ids_split_at_each_start() {
    let text = "event=spawned phase=launch pid=1\nevent=exited phase=launch exit_code=0\nevent=spawned phase=launch pid=2\n";
    let (codes, runs) = check(text, "x.log");
    assert!(codes.is_empty(), "{codes:?}");
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[1].pids, ["2"]);
}

#[test]
fn rule_edges() {
    // A second process under one run id, its name as the id, a retried call.
    let text = concat!(
        r#"{"run_id":"acme","server_name":"acme","pid":1,"phase":"launch","event":"spawned"}"#,
        "\n",
        r#"{"run_id":"acme","pid":2,"phase":"launch","event":"spawned"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"handshake","event":"initialized_received"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"execution","event":"tool_call_received","request_id":9,"tool":"t"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"execution","event":"external_attempt","action_id":"x","host":"h.example.test"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"execution","event":"external_result","action_id":"x","status":"ok"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"execution","event":"tool_call_received","request_id":9,"tool":"t"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"discovery","event":"tools_list_responded","tool_count":"0"}"#,
        "\n",
        r#"{"run_id":"acme","phase":"handshake","event":"wait_timeout"}"#,
        "\n",
    );
    let (codes, _) = check(text, "x.jsonl");
    let codes: Vec<&str> = codes.iter().map(|c| &c[..6]).collect();
    assert_eq!(
        codes,
        [
            "MCP709", "MCP707", "MCP701", "MCP703", "MCP701", "MCP713", "MCP711"
        ],
    );
}
