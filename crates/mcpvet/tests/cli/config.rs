//! `mcpvet config`: formats, thresholds, inputs, discovery, color.
use super::*;

#[test]
fn config_text() {
    let mut case = two_configs("config_text");
    let run = case.run(&["config", "claude_desktop_config.json", ".vscode/mcp.json"]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.starts_with(
        "claude_desktop_config.json\n  dialect   claude-desktop (Claude Desktop), by file name:"
    ));
    assert!(run.stdout.contains("\n2 files: "));
    assert!(run.stderr.is_empty());
    // One file: no total line.
    let run = case.run(&["config", ".vscode/mcp.json"]);
    assert_eq!(run.code, Some(1));
    assert!(!run.stdout.contains(" files: "));
    case.snapshot();
}

#[test]
fn config_formats() {
    let mut case = two_configs("config_formats");
    let args = ["claude_desktop_config.json", ".vscode/mcp.json"];
    let run = case.run(&["config", "--format", "json", args[0], args[1]]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["version"], 1);
    assert_eq!(report["files"].as_array().unwrap().len(), 2);
    let run = case.run(&["config", "--format", "github", args[0], args[1]]);
    assert_eq!(run.code, Some(1));
    assert!(run.stdout.lines().all(|l| l.starts_with("::")));
    case.snapshot();
}

/// SARIF is checked for its structure here (its exact form is snapshotted in
/// `mcpvet_linter`, where the rule texts can be set aside).
#[test]
fn config_sarif() {
    let case = two_configs("config_sarif");
    let output = case
        .command(&[
            "config",
            "--format=sarif",
            "claude_desktop_config.json",
            ".vscode/mcp.json",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stderr.is_empty());
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    assert_eq!(run["tool"]["driver"]["name"], "mcpvet");
    let results = run["results"].as_array().unwrap();
    assert!(!results.is_empty());
    let uris: Vec<&str> = results
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(uris.contains(&"claude_desktop_config.json"));
    assert!(uris.contains(&".vscode/mcp.json"));
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    for r in results {
        let index = usize::try_from(r["ruleIndex"].as_u64().unwrap()).unwrap();
        assert_eq!(rules[index]["id"], r["ruleId"]);
    }
    // Nothing found: still a valid log, with no results.
    let ok = Case::new("config_sarif_clean").file(
        ".mcp.json",
        "{\"mcpServers\": {\"docs\": {\"command\": \"docs-mcp\"}}}",
    );
    let output = ok
        .command(&["config", "--format", "sarif", ".mcp.json"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let log: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(log["runs"][0]["results"], serde_json::json!([]));
}

#[test]
fn config_fail_on() {
    let mut case = Case::new("config_fail_on")
        .file(
            "dup.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"x\"}, \"a\": {\"command\": \"y\"}}}\n",
        )
        .file(
            "claude_desktop_config.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"x\", \"cwd\": \"/srv/app\"}}}\n",
        )
        .file("broken.json", "{\"mcpServers\": {\"a\": }}\n");
    let github = |extra: &[&'static str], file: &'static str| {
        let mut args = vec!["config", "--format", "github"];
        args.extend_from_slice(extra);
        args.push(file);
        args
    };
    // A warning: fails only from --fail-on warning.
    assert_eq!(case.run(&github(&[], "dup.json")).code, Some(0));
    assert_eq!(
        case.run(&github(&["--fail-on", "error"], "dup.json")).code,
        Some(0)
    );
    assert_eq!(
        case.run(&github(&["--fail-on", "warning"], "dup.json"))
            .code,
        Some(1)
    );
    // An info: fails only with --fail-on info.
    let info = "claude_desktop_config.json";
    assert_eq!(
        case.run(&github(&["--fail-on", "warning"], info)).code,
        Some(0)
    );
    assert_eq!(case.run(&github(&["--fail-on=info"], info)).code, Some(1));
    // Errors: fail unless --fail-on never.
    assert_eq!(case.run(&github(&[], "broken.json")).code, Some(1));
    assert_eq!(
        case.run(&github(&["--fail-on", "never"], "broken.json"))
            .code,
        Some(0)
    );
    case.snapshot();
}

#[test]
fn config_inputs() {
    let mut case = Case::new("config_inputs")
        .file("empty.json", "")
        .file("comments.json", "// nothing here yet\n")
        .file("word.json", "tru\n")
        .file(
            "package.json",
            "{\"name\": \"app\", \"version\": \"1.0.0\"}\n",
        )
        .file("config.toml", "[mcp_servers.docs]\ncommand = \"npx\"\n")
        .file(
            "latin1.json",
            b"{\"mcpServers\": {\"cafe\": {\"command\": \"npx\", \"args\": [\"caf\xe9\"]}}}\n",
        )
        .file(
            "bom.json",
            "\u{feff}{\"mcpServers\": {\"a\": {\"command\": \"npx\"}}}\n",
        )
        .file(
            "truncated.json",
            "{\"mcpServers\": {\"a\": {\"command\": \"npx\"}, \"b\": {",
        );
    let run = case.run(&[
        "config",
        "empty.json",
        "comments.json",
        "word.json",
        "package.json",
        "config.toml",
        "latin1.json",
        "bom.json",
        "truncated.json",
    ]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .contains("empty.json\n  status    empty: there is nothing to inspect\n")
    );
    assert!(
        run.stdout
            .contains("package.json\n  status    valid JSON, but not an MCP configuration")
    );
    assert!(
        run.stdout
            .contains("error[MCP008]: invalid UTF-8 at offset 56")
    );
    case.snapshot();
}

#[test]
fn config_stdin() {
    let mut case = Case::new("config_stdin");
    let run = case.run_with(
        &["config", "-"],
        Some(b"{\"mcpServers\": {\"a\": {\"command\": \"npx\",}}}\n"),
    );
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.starts_with("<stdin>\n"));
    let run = case.run_with(
        &["config", "--dialect", "claude-desktop", "-"],
        Some(b"{\"mcpServers\": {\"a\": {\"command\": \"npx\",}}}\n"),
    );
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout
            .contains("dialect   claude-desktop (Claude Desktop), forced")
    );
    case.snapshot();
}

// The snapshot holds the operating system's wording of the errors.
#[cfg(unix)]
#[test]
fn config_errors() {
    let mut case = Case::new("config_errors").file(
        ".mcp.json",
        "{\"mcpServers\": {\"docs\": {\"command\": \"docs-mcp\"}}}\n",
    );
    fs::create_dir(case.dir.join("cwd/folder")).unwrap();
    let run = case.run(&["config", "missing.json", ".mcp.json", "folder"]);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.starts_with(".mcp.json\n"));
    assert_eq!(
        case.run(&["config", "--dialect", "emacs", ".mcp.json"])
            .code,
        Some(2)
    );
    assert_eq!(
        case.run(&["config", "--format", "yaml", ".mcp.json"]).code,
        Some(2)
    );
    assert_eq!(
        case.run(&["config", "--fail-on", "sometimes", ".mcp.json"])
            .code,
        Some(2)
    );
    case.snapshot();
}

/// Without PATH: the fake home and application-data folders, and the current folder.
#[cfg(target_os = "linux")]
#[test]
fn config_discovery() {
    let mut case = Case::new("config_discovery")
        .outside("home/.cursor/mcp.json", "{\"mcpServers\": {\"notes\": {\"command\": \"notes-mcp\"}}}\n")
        // A Claude Code user file without servers: skipped.
        .outside("home/.claude.json", "{\"numStartups\": 3, \"theme\": \"dark\"}\n")
        .outside(
            "xdg/Claude/claude_desktop_config.json",
            "{\"mcpServers\": {\"docs\": {\"command\": \"npx\", \"args\": [\"-y\", \"docs-mcp\"],}}}\n",
        )
        .outside(
            "xdg/zed/settings.json",
            "{\n  // Zed\n  \"theme\": \"One Dark\",\n  \"context_servers\": {\"git\": {\"command\": \"git-mcp\"}}\n}\n",
        )
        .file(".mcp.json", "{\"mcpServers\": {\"local\": {\"command\": \"local-mcp\"}}}\n")
        .file(".vscode/mcp.json", VSCODE);
    let run = case.run(&["config"]);
    assert_eq!(run.code, Some(1));
    assert!(
        run.stderr
            .starts_with("mcpvet: no PATH given; found 6 MCP client configurations:\n")
    );
    assert!(
        run.stderr.contains(
            "/home/.claude.json: no MCP servers in this Claude Code settings file; skipped"
        )
    );
    let run = case.run(&["config", "--format", "json"]);
    assert_eq!(run.code, Some(1));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let dialects: Vec<&str> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["dialect"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        dialects,
        ["claude-desktop", "cursor", "zed", "claude-code", "vscode"]
    );
    case.snapshot();
}

/// Without PATH, every client of issue 16: the Claude Code user file with its project scopes,
/// Copilot CLI, opencode (user and project), Visual Studio, Junie, Goose's `config.yaml` and
/// Continue's block folder (a pattern), listed by `--list-locations` without being read, then
/// inspected.
#[cfg(target_os = "linux")]
#[test]
fn config_list_locations() {
    let mut case = Case::new("config_list_locations")
        .outside(
            "home/.claude.json",
            "{\"numStartups\": 3, \"mcpServers\": {\"user-docs\": {\"type\": \"http\", \"url\": \"https://docs.example.com/mcp\"}},\n \"projects\": {\"/home/me/app\": {\"mcpServers\": {\"db\": {\"command\": \"uvx\", \"args\": [\"mcp-server-postgres\"]}}},\n  \"/home/me/site\": {\"allowedTools\": [], \"mcpServers\": {\"web\": {\"command\": \"npx\", \"args\": [\"-y\", \"web-mcp@1.0.0\"]}}}}}\n",
        )
        .outside(
            "home/.copilot/mcp-config.json",
            "{\"mcpServers\": {\"playwright\": {\"type\": \"local\", \"command\": \"npx\", \"args\": [\"@playwright/mcp@0.0.41\"], \"tools\": [\"*\"]}}}\n",
        )
        .outside(
            "xdg/opencode/opencode.jsonc",
            "{\n  // user settings\n  \"model\": \"x/y\",\n  \"mcp\": {\"ctx\": {\"type\": \"remote\", \"url\": \"https://mcp.context7.com/mcp\", \"headers\": {\"CONTEXT7_API_KEY\": \"{env:CONTEXT7_API_KEY}\"}},},\n}\n",
        )
        .outside(
            "xdg/goose/config.yaml",
            "GOOSE_PROVIDER: anthropic\nextensions:\n  developer:\n    enabled: true\n    type: builtin\n    name: developer\n    timeout: 300\n  fetch:\n    enabled: true\n    type: stdio\n    name: fetch\n    cmd: uvx\n    args:\n    - mcp-server-fetch\n    envs: {}\n    env_keys: []\n    timeout: 300\n",
        )
        .outside(
            "home/.junie/mcp/mcp.json",
            "{\"mcpServers\": {\"boost\": {\"command\": \"php\", \"args\": [\"/srv/app/artisan\", \"boost:mcp\"]}}}\n",
        )
        .file(
            "opencode.json",
            "{\"$schema\": \"https://opencode.ai/config.json\", \"mcp\": {\"local\": {\"type\": \"local\", \"command\": [\"node\", \"/path/to/server.js\"], \"environment\": {\"T\": \"${TOKEN}\"}}}}\n",
        )
        .file(
            ".vs/mcp.json",
            "{\"servers\": {\"local-mcp\": {\"type\": \"http\", \"url\": \"http://localhost:5100/mcp\"}}}\n",
        )
        .file(
            ".continue/mcpServers/github.yaml",
            "name: GitHub\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: GitHub\n    command: npx\n    args:\n      - -y\n      - \"@modelcontextprotocol/server-github\"\n    env:\n      GITHUB_PERSONAL_ACCESS_TOKEN: ${{ secrets.GITHUB_PERSONAL_ACCESS_TOKEN }}\n",
        )
        .file(".continue/mcpServers/notes.txt", "not a block\n");
    let run = case.run(&["config", "--list-locations"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stderr.is_empty());
    assert!(
        run.stdout
            .contains("  found   .continue/mcpServers/github.yaml")
    );
    assert!(run.stdout.contains("  absent  .continue/mcpServers/*.json"));
    assert!(!run.stdout.contains("notes.txt"));
    assert!(
        run.stdout
            .ends_with("8 files found; `mcpvet config` inspects them.\n")
    );
    let run = case.run(&["config", "--list-locations", "--format", "json"]);
    assert_eq!(run.code, Some(0));
    let listing: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(listing["found"], 8);
    let found: Vec<&str> = listing["locations"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["exists"] == true)
        .map(|l| l["client"].as_str().unwrap())
        .collect();
    assert_eq!(
        found,
        [
            "Claude Code",
            "opencode",
            "Copilot CLI",
            "Junie",
            "Goose",
            "opencode",
            "Visual Studio",
            "Continue"
        ]
    );
    // Paths and the listing do not mix.
    assert_eq!(
        case.run(&["config", "--list-locations", "opencode.json"])
            .code,
        Some(2)
    );
    let run = case.run(&["config", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let servers: Vec<String> = report["files"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| {
            let dialect = f["dialect"]["name"].as_str().unwrap_or("-").to_owned();
            f["servers"]
                .as_array()
                .unwrap()
                .iter()
                .map(move |s| format!("{dialect} {}", s["name"].as_str().unwrap()))
        })
        .collect();
    assert_eq!(
        servers,
        [
            "claude-code user-docs",
            "claude-code db",
            "claude-code web",
            "opencode ctx",
            "copilot-cli playwright",
            "junie boost",
            "goose developer",
            "goose fetch",
            "opencode local",
            "visual-studio local-mcp",
            "continue GitHub",
        ]
    );
    case.run(&["config"]);
    case.snapshot();
}

#[test]
fn config_nothing_found() {
    let mut case = Case::new("config_nothing_found");
    let run = case.run(&["config"]);
    assert_eq!(run.code, Some(0));
    assert!(run.stdout.is_empty());
    assert!(run.stderr.contains("no MCP client configuration was found"));
    let run = case.run(&["config", "--format", "json"]);
    assert_eq!(run.code, Some(0));
    let report: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(report["files"], serde_json::json!([]));
    case.snapshot();
}

#[test]
fn config_color() {
    let case = two_configs("config_color");
    let output = case
        .command(&["config", "--color", "always", ".vscode/mcp.json"])
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.starts_with("\u{1b}[1m.vscode/mcp.json\u{1b}[0m\n"),
        "{stdout:?}"
    );
    let output = case
        .command(&["config", ".vscode/mcp.json"])
        .output()
        .unwrap();
    assert!(!String::from_utf8(output.stdout).unwrap().contains('\u{1b}'));
}

/// `mcpvet config many.json | head -1`: no panic, and the exit status still tells.
#[test]
fn config_closed_stdout_pipe() {
    let text = format!("{{\"mcpServers\": [{}]}}", "x,".repeat(5_000));
    let case = Case::new("config_closed_stdout_pipe").file("many.json", text);
    let mut child = case
        .command(&["config", "many.json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(first, "many.json\n");
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(output.status.code(), Some(1));
}
