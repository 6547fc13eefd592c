//! `--lang es` (and `MCPVET_LANG`): rule titles and help sentences in Spanish, on a
//! configuration, a session and the rule catalog; English stays the default.
use super::*;

const CONFIG: &str = include_str!("../../../../examples/claude_desktop_config.json");
const SESSION: &str = include_str!("../../../../web/samples/session.jsonl");

#[test]
fn lang() {
    let mut case = Case::new("lang")
        .file("claude_desktop_config.json", CONFIG)
        .file("session.jsonl", SESSION)
        .file(
            "broken.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"x\"},}}\n",
        );
    let spanish = case
        .run(&["--lang", "es", "config", "claude_desktop_config.json"])
        .stdout
        .clone();
    assert!(
        spanish.contains("= help: quite la coma; un analizador estricto rechaza el archivo entero"),
        "{spanish}"
    );
    let json = case
        .run(&[
            "transcript",
            "--lang",
            "es",
            "--format",
            "json",
            "session.jsonl",
        ])
        .stdout
        .clone();
    // The same document as in English, field for field; only help sentences change.
    let english = case
        .command(&["transcript", "--format", "json", "session.jsonl"])
        .output()
        .unwrap();
    let english: serde_json::Value = serde_json::from_slice(&english.stdout).unwrap();
    let spanish_doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    let findings =
        |doc: &serde_json::Value| doc["files"][0]["findings"].as_array().unwrap().clone();
    let (en, es) = (findings(&english), findings(&spanish_doc));
    assert_eq!(en.len(), es.len());
    let mut translated = 0;
    for (e, s) in en.iter().zip(&es) {
        for key in ["code", "message", "path", "line", "column", "severity"] {
            assert_eq!(e[key], s[key], "{key}");
        }
        if e["help"] != s["help"] {
            translated += 1;
        }
    }
    assert!(translated > 0, "no help was translated");
    case.run(&["--lang", "es", "explain", "MCP002"]);
    case.run(&["--lang", "fr", "config", "broken.json"]);
    case.snapshot();
}

/// `mcpvet rules` in Spanish: every rule's title, in the table and in JSON; SARIF's rule
/// titles; `MCPVET_LANG` and its precedence under `--lang`.
#[test]
fn rules_and_sarif_in_spanish() {
    use mcpvet_linter::i18n::{Lang, rule_title};

    let case = Case::new("lang_rules").file(
        "broken.json",
        "{\"mcpServers\": {\"a\": {\"command\": \"x\"},}}\n",
    );
    let catalog = mcpvet_linter::rules();
    let table = case.command(&["--lang", "es", "rules"]).output().unwrap();
    assert_eq!(table.status.code(), Some(0));
    let table = String::from_utf8(table.stdout).unwrap();
    let rows: Vec<&str> = table.lines().skip(1).collect();
    assert_eq!(rows.len(), catalog.len());
    for (row, rule) in rows.iter().zip(&catalog) {
        let title = rule_title(rule, Lang::Es);
        assert_ne!(title, rule.summary(), "{}", rule.code);
        assert!(row.ends_with(title.as_ref()), "{row}");
    }
    let json = case
        .command(&["rules", "--format", "json"])
        .env("MCPVET_LANG", "es_ES.UTF-8")
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        doc["rules"][1]["summary"],
        "Un objeto tiene la misma clave dos veces."
    );
    // The flag wins over the environment.
    let english = case
        .command(&["--lang", "en", "rules", "--format", "json"])
        .env("MCPVET_LANG", "es")
        .output()
        .unwrap();
    let doc: serde_json::Value = serde_json::from_slice(&english.stdout).unwrap();
    assert_eq!(
        doc["rules"][1]["summary"],
        "An object has the same key twice."
    );
    // An unknown language in the environment is English.
    let other = case
        .command(&["rules", "--format", "json"])
        .env("MCPVET_LANG", "fr")
        .output()
        .unwrap();
    assert_eq!(other.stdout, english.stdout);

    let sarif = case
        .command(&["--lang", "es", "config", "--format", "sarif", "broken.json"])
        .output()
        .unwrap();
    let log: serde_json::Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let rule = &log["runs"][0]["tool"]["driver"]["rules"][0];
    assert_eq!(rule["id"], "MCP004");
    assert_eq!(
        rule["shortDescription"]["text"],
        "Aparece una coma final donde el lector espera JSON estricto."
    );
    assert!(
        rule["help"]["text"]
            .as_str()
            .unwrap()
            .contains(" Consulte https://"),
        "{rule}"
    );
    let result = &log["runs"][0]["results"][0];
    assert!(
        serde_json::to_string(result)
            .unwrap()
            .contains("quite la coma"),
        "{result}"
    );
}
