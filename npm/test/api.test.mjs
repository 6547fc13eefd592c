// The npm package against the command line: for every bundled example and a sample of the
// conformance cases, the package's report must be the exact text `mcpvet <command> --format
// json FILE` prints. Run by scripts/test-npm (which builds mcpvet.wasm and the binary first):
//
//   node --test npm/test/
//
// MCPVET_BIN names the binary (default: target/debug/mcpvet of the repository).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { inspect, lintConfig, lintServer, lintToString, lintTranscript, rules } from "../index.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const bin = process.env.MCPVET_BIN ?? path.join(root, "target", "debug", "mcpvet");

/** Runs the binary in the repository's root; returns its standard output. */
function cli(...args) {
  assert.ok(fs.existsSync(bin), `${bin} is missing: cargo build -p mcpvet`);
  const run = spawnSync(bin, args, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  assert.ok(
    run.status === 0 || run.status === 1,
    `mcpvet ${args.join(" ")} exited ${run.status}: ${run.stderr}`,
  );
  return run.stdout;
}

function read(relative) {
  return fs.readFileSync(path.join(root, relative));
}

/** Every file under `dir` (relative to the root) whose name passes `keep`, sorted. */
function files(dir, keep) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = path.posix.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(rel);
      } else if (keep(rel)) {
        out.push(rel);
      }
    }
  };
  walk(dir);
  return out.sort();
}

const configs = [
  "examples/claude_desktop_config.json",
  "examples/vscode/.vscode/mcp.json",
  "examples/codex/config.toml",
  ...files("tests/dialects", (f) => /\.(json|jsonc|toml|ya?ml)$/.test(f)),
];
const sessions = [
  ...files("examples/sessions", (f) => f.endsWith(".jsonl")),
  ...files("examples/http", (f) => f.endsWith(".har")),
  ...files("examples/runs", (f) => /\.(jsonl|log)$/.test(f)),
];
const servers = files("examples/server", (f) => f.endsWith(".json"));

test("every bundled configuration gives the command line's report, byte for byte", () => {
  assert.ok(configs.length >= 5, `only ${configs.length} configurations found`);
  for (const file of configs) {
    const expected = cli("config", "--format", "json", file);
    assert.equal(lintToString(read(file), { kind: "config", fileName: file }), expected, file);
    assert.deepEqual(lintConfig(read(file).toString("utf8"), { fileName: file }), JSON.parse(expected), file);
  }
});

test("every bundled session, HTTP capture and run log gives the command line's report", () => {
  assert.ok(sessions.length >= 8, `only ${sessions.length} sessions found`);
  for (const file of sessions) {
    const expected = cli("transcript", "--format", "json", file);
    assert.deepEqual(lintTranscript(read(file), { fileName: file }), JSON.parse(expected), file);
  }
});

test("every bundled server definition gives the command line's report", () => {
  assert.ok(servers.length >= 2);
  for (const file of servers) {
    const expected = cli("server", "--format", "json", file);
    const report = lintServer(read(file), { fileName: file });
    assert.deepEqual(report, JSON.parse(expected), file);
    assert.ok(report.files[0].findings.length > 0, `${file}: the example has findings on purpose`);
  }
});

test("options reach the engine as the command line's flags do", () => {
  const file = "examples/sessions/tool-call-is-error.jsonl";
  const expected = cli("transcript", "--format", "json", "--protocol", "2025-03-26", "--target", "openai,gemini", file);
  assert.deepEqual(
    lintTranscript(read(file), { fileName: file, protocol: "2025-03-26", target: ["openai", "gemini"] }),
    JSON.parse(expected),
  );
  const vscode = '{"servers": {"docs": {"command": "npx", "args": ["docs-mcp"]}}}';
  const asVscode = lintConfig(vscode, { dialect: "vscode" });
  assert.equal(asVscode.files[0].dialect.name, "vscode");
  assert.equal(asVscode.files[0].path, "-");
});

test("lang gives the command line's Spanish", () => {
  const config = "examples/claude_desktop_config.json";
  const expected = cli("--lang", "es", "config", "--format", "json", config);
  assert.equal(lintToString(read(config), { kind: "config", fileName: config, lang: "es" }), expected);
  const spanish = lintConfig(read(config), { fileName: config, lang: "es-ES" });
  assert.ok(spanish.files[0].findings.some((f) => f.help === "quite la coma; un analizador estricto rechaza el archivo entero"));
  assert.deepEqual(lintConfig(read(config), { fileName: config, lang: "fr" }), lintConfig(read(config), { fileName: config }));
});

test("auto detection, UTF-16 columns and bytes that are not UTF-8", () => {
  const session = '{"jsonrpc":"2.0","id":1,"method":"ping"}\n';
  assert.equal(inspect(session).files[0].kind, "transcript");
  const config = '{"mcpServers": {"é": {"command": "npx", "args": ["x"]}}}';
  const report = lintConfig(config, { utf16Columns: true });
  const finding = report.files[0].findings.find((f) => f.code === "MCP201" || f.line === 1);
  assert.ok(finding, JSON.stringify(report.files[0].findings));
  assert.equal(typeof finding.column_utf16, "number");
  const broken = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]);
  const codes = inspect(broken, { kind: "config" }).files[0].findings.map((f) => f.code);
  assert.ok(codes.includes("MCP008"), codes.join(","));
});

test("a misspelt or invalid option is an error, bad input never is", () => {
  assert.throws(() => lintConfig("{}", { dialekt: "vscode" }), /unknown option `dialekt`/);
  assert.throws(() => lintConfig("{}", { dialect: "notepad" }), /notepad/);
  assert.throws(() => lintTranscript("", { protocol: "1999-01-01" }), /1999-01-01/);
  assert.throws(() => lintConfig(42), TypeError);
  const report = lintConfig("{ this is not json");
  assert.ok(report.files[0].findings.some((f) => f.code === "MCP001"));
});

test("the rule catalog is the command line's", () => {
  const expected = JSON.parse(cli("rules", "--format", "json")).rules;
  const list = rules();
  assert.deepEqual(list, expected);
  assert.ok(list.length > 100);
});

test("the package's manifest points at files that exist", () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "npm", "package.json"), "utf8"));
  for (const file of manifest.files) {
    assert.ok(fs.existsSync(path.join(root, "npm", file)), `${file} listed but missing`);
  }
  assert.equal(manifest.exports["."].default, "./index.js");
  assert.equal(manifest.type, "module");
});
