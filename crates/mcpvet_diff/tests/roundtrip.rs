//! Round-trip properties of `diff` and the lock: a file diffed with itself is empty; a
//! random listing mutated by one known change yields exactly that change, rightly
//! classified; a lock checked against the file it was made from reports nothing, and against
//! a changed file exactly the change.
use mcpvet_diagnostics::Findings;
use mcpvet_diff::{ChangeKind, Level, Lock, check_lock, diff, read_interface};
use proptest::prelude::*;

/// One generated tool: its name, its properties (name, type, required), an enum.
#[derive(Debug, Clone)]
struct Tool {
    name: String,
    props: Vec<(String, &'static str, bool)>,
    values: Vec<String>,
}

fn tool() -> impl Strategy<Value = Tool> {
    (
        "[a-z][a-z0-9_]{0,10}",
        prop::collection::btree_map(
            "[a-z]{1,8}",
            (
                prop::sample::select(vec!["string", "number", "boolean"]),
                any::<bool>(),
            ),
            0..5,
        ),
        prop::collection::btree_set("[a-z]{1,6}", 1..4),
    )
        .prop_map(|(name, props, values)| Tool {
            name,
            props: props.into_iter().map(|(k, (t, r))| (k, t, r)).collect(),
            values: values.into_iter().collect(),
        })
}

fn tools() -> impl Strategy<Value = Vec<Tool>> {
    prop::collection::vec(tool(), 1..5).prop_map(|mut tools| {
        tools.sort_by(|a, b| a.name.cmp(&b.name));
        tools.dedup_by(|a, b| a.name == b.name);
        tools
    })
}

fn render(tools: &[Tool]) -> String {
    let items: Vec<String> = tools
        .iter()
        .map(|t| {
            let mut props: Vec<String> = t
                .props
                .iter()
                .map(|(k, ty, _)| format!("\"{k}\": {{\"type\": \"{ty}\"}}"))
                .collect();
            let values: Vec<String> = t.values.iter().map(|v| format!("\"{v}\"")).collect();
            props.push(format!("\"zmode\": {{\"enum\": [{}]}}", values.join(", ")));
            let required: Vec<String> = t
                .props
                .iter()
                .filter(|p| p.2)
                .map(|(k, _, _)| format!("\"{k}\""))
                .collect();
            format!(
                "{{\"name\": \"{}\", \"description\": \"Tool {}.\", \"inputSchema\": {{\"type\": \"object\", \"properties\": {{{}}}, \"required\": [{}]}}}}",
                t.name,
                t.name,
                props.join(", "),
                required.join(", ")
            )
        })
        .collect();
    format!("{{\"tools\": [\n  {}\n]}}\n", items.join(",\n  "))
}

/// The mutations, each with the change it must give.
#[derive(Debug, Clone, Copy)]
enum Mutation {
    RemoveTool,
    AddOptional,
    AddRequired,
    RemoveEnumValue,
    AddEnumValue,
    Describe,
}

fn mutate(tools: &mut Vec<Tool>, m: Mutation, pick: usize) -> Option<(ChangeKind, Level)> {
    let i = pick % tools.len();
    let t = &mut tools[i];
    match m {
        Mutation::RemoveTool => {
            tools.remove(i);
            Some((ChangeKind::ItemRemoved, Level::Breaking))
        }
        Mutation::AddOptional => {
            t.props.push(("zz_new".to_owned(), "string", false));
            Some((ChangeKind::PropertyAdded, Level::Compatible))
        }
        Mutation::AddRequired => {
            t.props.push(("zz_new".to_owned(), "string", true));
            Some((ChangeKind::PropertyAdded, Level::Breaking))
        }
        Mutation::RemoveEnumValue => {
            if t.values.len() < 2 {
                return None;
            }
            t.values.pop();
            Some((ChangeKind::EnumValueRemoved, Level::Breaking))
        }
        Mutation::AddEnumValue => {
            t.values.push("zzz_new".to_owned());
            Some((ChangeKind::EnumValueAdded, Level::Compatible))
        }
        Mutation::Describe => {
            t.name.push_str("-v2");
            // A new name with the same description text would be a rename; with the
            // description naming the tool, it is one removed and one added.
            None
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_listing_diffed_with_itself_is_empty(tools in tools()) {
        let text = render(&tools);
        let i = read_interface(&text, None, None).unwrap();
        prop_assert!(diff(&i, &i).changes.is_empty());
        let lock = Lock::build([&i]);
        let mut findings = Findings::new();
        check_lock(&i, &Lock::parse(&lock.to_text()).unwrap(), "mcp-tools.lock", &mut findings);
        prop_assert!(findings.diagnostics().is_empty());
    }

    #[test]
    fn one_mutation_gives_exactly_its_change(
        tools in tools(),
        m in prop::sample::select(vec![
            Mutation::RemoveTool, Mutation::AddOptional, Mutation::AddRequired,
            Mutation::RemoveEnumValue, Mutation::AddEnumValue, Mutation::Describe,
        ]),
        pick in any::<usize>(),
    ) {
        let old_text = render(&tools);
        let mut changed = tools.clone();
        let expected = mutate(&mut changed, m, pick);
        let new_text = render(&changed);
        let old = read_interface(&old_text, None, None).unwrap();
        let new = read_interface(&new_text, None, None).unwrap();
        let d = diff(&old, &new);
        let lock = Lock::parse(&Lock::build([&old]).to_text()).unwrap();
        let mut findings = Findings::new();
        check_lock(&new, &lock, "mcp-tools.lock", &mut findings);
        let codes: Vec<&str> = findings.diagnostics().iter().map(|f| f.code().as_str()).collect();
        match (m, expected) {
            (Mutation::Describe, _) => {
                let mut kinds: Vec<ChangeKind> = d.changes.iter().map(|c| c.kind).collect();
                kinds.sort();
                prop_assert_eq!(kinds, vec![ChangeKind::ItemAdded, ChangeKind::ItemRemoved]);
                let mut codes = codes;
                codes.sort_unstable();
                prop_assert_eq!(codes, vec!["MCP561", "MCP562"]);
            }
            (_, None) => prop_assert!(d.changes.is_empty()),
            (_, Some((kind, level))) => {
                prop_assert_eq!(d.changes.len(), 1, "{:?}", d.changes);
                prop_assert_eq!(d.changes[0].kind, kind);
                prop_assert_eq!(d.changes[0].level, level);
                // Spans point into the files.
                for (span, text) in [(d.changes[0].old, &old_text), (d.changes[0].new, &new_text)] {
                    if let Some(span) = span {
                        prop_assert!(text.get(span.range()).is_some());
                    }
                }
                let want = if kind == ChangeKind::ItemRemoved { "MCP562" } else { "MCP560" };
                prop_assert_eq!(codes, vec![want]);
            }
        }
    }
}

/// The canonical form here is the tools digest's: without descriptions, the digest of a
/// session's tools computed from this crate's canonical texts is the session's digest.
#[test]
fn canonical_form_matches_the_tools_digest() {
    let text = r#"{"tools": [{"name": "b", "inputSchema": {"type": "object", "properties": {"x": {"type": "number", "minimum": 1.50}}}, "outputSchema": {"type": "object"}}, {"name": "a", "inputSchema": {"k": "\u00e9\n"}}]}"#;
    let doc = mcpvet_json::parse(text, &mcpvet_json::JsonOptions::strict()).value;
    let mut findings = Findings::new();
    let summary = mcpvet_check_tools::check_listings(
        [("tools", doc.root().unwrap())],
        mcpvet_ast::transcript::ProtocolVersion::V2025_11_25,
        &mut findings,
    );
    let i = read_interface(text, None, None).unwrap();
    let canon: Vec<String> = i.servers[0]
        .items_of(mcpvet_diff::ItemKind::Tool)
        .map(mcpvet_diff::canonical_item)
        .collect();
    let all = format!("[{}]", canon.join(","));
    assert_eq!(Some(mcpvet_diff::sha256_hex(&all)), summary.digest);
}

/// Servers that only one file has: a multi-server session (a client log names the server of
/// each line).
#[test]
fn servers_added_and_removed() {
    let old = concat!(
        "2025-01-01T00:00:00.000Z [docs] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"a\"}]}}\n",
        "2025-01-01T00:00:00.000Z [files] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"b\"}]}}\n",
    );
    let new = concat!(
        "2025-01-01T00:00:00.000Z [docs] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"a\"}]}}\n",
        "2025-01-01T00:00:00.000Z [web] [info] Message from server: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"tools\":[{\"name\":\"c\"}]}}\n",
    );
    let old = read_interface(old, Some("mcp.log"), None).unwrap();
    let new = read_interface(new, Some("mcp.log"), None).unwrap();
    assert_eq!(old.servers.len(), 2);
    let d = diff(&old, &new);
    let kinds: Vec<(ChangeKind, Option<&str>)> = d
        .changes
        .iter()
        .map(|c| (c.kind, c.server.as_deref()))
        .collect();
    assert_eq!(
        kinds,
        [
            (ChangeKind::ServerRemoved, Some("files")),
            (ChangeKind::ServerAdded, Some("web"))
        ]
    );
    assert_eq!(d.max_level(), Some(Level::Breaking));
}
