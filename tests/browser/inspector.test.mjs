// Real-browser tests of the mcpvet page (web/, built into web/dist by scripts/build-web):
// headless Chromium driven by playwright-core, against the page served on 127.0.0.1 by
// scripts/serve-web, which these tests start and stop themselves.
//
// Run them with scripts/test-browser (it builds the page, the CLI and the 10 MB session
// first). Environment:
//   MCPVET_DIST          the built page (default: web/dist)
//   MCPVET_BIN           the mcpvet binary whose --format json the page must match
//                        (default: $CARGO_TARGET_DIR or target, then debug/mcpvet)
//   MCPVET_SESSION_10MB  a 10 MB session for the timing (default: tests/browser/output/session-10MB.jsonl;
//                        the timing test is skipped when it is missing)
//   MCPVET_CHROMIUM      the browser (default: /usr/bin/chromium)
//   MCPVET_TEST_LANG     the language the suite runs in, `en` (default) or `es`: the browser's
//                        locale, the CLI's --lang, and every text the tests expect, read from the
//                        message catalogue (crates/mcpvet_i18n/messages/*.json)
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const output = path.join(here, "output");
const dist = path.resolve(root, process.env.MCPVET_DIST || "web/dist");
const targetDir = path.resolve(root, process.env.CARGO_TARGET_DIR || "target");
const mcpvet = process.env.MCPVET_BIN || path.join(targetDir, "debug", "mcpvet");
const session10mb = process.env.MCPVET_SESSION_10MB || path.join(output, "session-10MB.jsonl");
const chromiumPath = process.env.MCPVET_CHROMIUM || "/usr/bin/chromium";

/** The language of this run, the browser's locale for it, and the page's texts in it. */
const LANG = process.env.MCPVET_TEST_LANG === "es" ? "es" : "en";
const LOCALE = LANG === "es" ? "es-ES" : "en-US";
const readCatalogue = (lang) => JSON.parse(fs.readFileSync(path.join(root, "crates/mcpvet_i18n/messages", `${lang}.json`), "utf8"));
const catalogues = { en: readCatalogue("en"), es: readCatalogue("es") };
/** The messages of `lang` as the page shows them: English where `lang` has none. */
const messagesOf = (lang) => ({ ...catalogues.en.messages, ...(lang === "en" ? {} : catalogues[lang].messages) });
const MESSAGES = messagesOf(LANG);

/** A number as the page writes it in this run's language. */
function num(n) {
  return Number(n).toLocaleString(LANG);
}

/** The page's text `key` with its `{name}` placeholders filled (as app.js's t()). */
function t(key, vars, messages = MESSAGES) {
  assert.ok(key in messages, `no message ${key}`);
  const text = messages[key];
  return vars ? text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole)) : text;
}

/** The counted text `key` for `n` (as app.js's tn()). */
function tn(key, n, vars) {
  return t(`${key}.${n === 1 ? "one" : "other"}`, { ...vars, n: num(n) });
}

/** A value of the report as the page shows it (as app.js's tv()). */
function tv(prefix, value) {
  return MESSAGES[`${prefix}.${String(value).replace(/[ -]/g, "_")}`] ?? String(value);
}

/**
 * A regular expression matching the text `key` whose placeholders are `vars`: a string stands
 * for itself, a RegExp for what it matches; `anchor` adds `^`.
 */
function tre(key, vars, anchor = true) {
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const text = t(key);
  let out = "";
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    out += escape(text.slice(last, m.index));
    const v = vars && vars[m[1]];
    out += v instanceof RegExp ? v.source : v !== undefined ? escape(String(v)) : ".*?";
    last = m.index + m[0].length;
  }
  out += escape(text.slice(last));
  return new RegExp(anchor ? `^${out}` : out, "s");
}

/** The examples behind the page's "Load example" buttons (scripts/build-web). */
const samples = {
  config: path.join(root, "examples/claude_desktop_config.json"),
  transcript: path.join(root, "web/samples/session.jsonl"),
  server: path.join(root, "web/samples/definition.json"),
};
/** The Codex configuration behind "Load example Codex configuration (TOML)". */
const codexSample = path.join(root, "examples/codex/config.toml");
/** The run log behind "Load example run log" (read as a captured session). */
const runlogSample = path.join(root, "examples/runs/whoami-before-initialize.jsonl");
/** The example run logs (docs/run-logs.md). */
const runLogs = fs.readdirSync(path.join(root, "examples/runs"))
  .filter((f) => /\.(jsonl|log)$/.test(f))
  .sort()
  .map((f) => path.join(root, "examples/runs", f));

/** The page's own files: the only requests it may make. */
const PAGE_FILES = new Set(["/", "/index.html", "/style.css", "/app.js", "/mcpvet-wasm.js", "/samples.js", "/favicon.svg"]);

let server;
let origin;
let browser;
let context;
let page;
/** Every request the browser made, and those that are not the page's own files. */
const requests = [];
const foreign = [];
/** Responses that were not a success (a missing file of the page). */
const failed = [];

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(url, deadline) {
  while (Date.now() < deadline) {
    const ok = await new Promise((resolve) => {
      http.get(url, (res) => { res.resume(); resolve(res.statusCode === 200); }).on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the page server did not answer at ${url}`);
}

/**
 * The CLI's JSON report of `file` (`mcpvet config|transcript|server --format json FILE`), or
 * of `stdin` when `file` is `-`.
 */
function cliReport(kind, file, stdin) {
  let stdout;
  try {
    stdout = execFileSync(mcpvet, ["--lang", LANG, kind, "--format", "json", "--fail-on", "never", file], {
      encoding: "utf8",
      maxBuffer: 1 << 30,
      input: stdin,
    });
  } catch (err) {
    throw new Error(`${mcpvet} ${kind} --format json failed: ${err.stderr || err.message}`);
  }
  const report = JSON.parse(stdout);
  assert.equal(report.version, 1);
  assert.equal(report.files.length, 1);
  return report.files[0];
}

/** What the page shows: metrics, findings, servers, session facts. */
async function shown() {
  return page.evaluate(() => {
    const text = (node, sel) => node.querySelector(sel)?.textContent ?? null;
    return {
      state: document.getElementById("result").dataset.state,
      status: document.getElementById("status").textContent,
      metrics: Object.fromEntries(
        [...document.querySelectorAll("#metrics .metric")].map((m) => [
          m.dataset.metric,
          Number(m.querySelector("dd").textContent.replace(/[,.\s\u00a0\u202f]/g, "")),
        ]),
      ),
      findings: [...document.querySelectorAll("#findings li.finding")].map((li) => ({
        severity: text(li, ".severity"),
        code: text(li, ".code"),
        href: li.querySelector(".code").getAttribute("href"),
        message: text(li, ".message"),
        path: text(li, ".path"),
        where: text(li, ".where"),
        help: text(li, ".help"),
      })),
      // A row per server ("No servers." is one cell, not a server).
      servers: [...document.querySelectorAll("#servers tbody tr")].filter((tr) => tr.cells.length === 4).map((tr) => ({
        name: tr.cells[0].textContent,
        transport: tr.cells[1].textContent,
        target: tr.cells[2].textContent,
        state: tr.cells[3].textContent,
      })),
      digest: text(document, "[data-field=tools_digest]"),
      facts: text(document, "#session-facts"),
      definition: text(document, "#definition-facts"),
      what: text(document, "#result-what"),
      items: [...document.querySelectorAll("#items tbody tr")].map((tr) => ({
        kind: tr.cells[0].textContent,
        name: tr.cells[1].textContent,
        line: tr.cells[2]?.textContent,
        schemas: tr.cells[3]?.querySelector("ul")
          ? [...tr.cells[3].querySelectorAll("li")].map((li) => li.textContent).join(", ")
          : tr.cells[3]?.textContent,
      })),
      fixes: [...document.querySelectorAll("#findings li.finding")].map((li) => {
        const fix = li.querySelector("details.fix");
        return fix ? [...fix.querySelectorAll("pre.replacement")].map((pre) => pre.textContent) : null;
      }),
      messages: [...document.querySelectorAll("#messages tbody tr")].map((tr) => ({
        label: tr.cells[0].textContent,
        direction: tr.cells[2].textContent,
        kind: tr.cells[3].textContent,
        method: tr.cells[4].textContent,
        id: tr.cells[5].textContent,
        paired: tr.cells[6].textContent,
      })),
    };
  });
}

/** The runs of a run log as the page shows them, one object per card. */
async function shownRuns() {
  return page.evaluate(() =>
    [...document.querySelectorAll("#runs article.run")].map((card) => {
      const text = (sel) => card.querySelector(sel)?.textContent ?? null;
      const answers = {};
      for (const a of card.querySelectorAll(".answer")) {
        answers[a.dataset.question] = {
          label: a.querySelector("dt").textContent,
          answer: a.querySelector(".badge").textContent,
          badge: a.dataset.answer,
          detail: a.querySelector(".detail")?.textContent ?? null,
        };
      }
      return {
        heading: text("h4"),
        labelledBy: document.getElementById(card.getAttribute("aria-labelledby"))?.textContent ?? null,
        meta: text(".run-meta"),
        answers,
        lastEvent: text("[data-fact=last_event] dd"),
        timeout: text("[data-fact=timeout] dd"),
        owner: card.querySelector("[data-fact=timeout] .owner")?.dataset.owner ?? null,
        phase: text("[data-fact=phase] dd"),
        unknown: text("[data-fact=unknown_events] dd"),
      };
    }),
  );
}

/** The runs of a report (`files[0].runs`) as the page shows them. */
function expectedRuns(file) {
  return file.runs.map((r) => {
    const started = [];
    if (r.started.exit_code !== null) started.push(t("page.run.exit_code", { code: r.started.exit_code }));
    if (r.started.signal !== null) started.push(t("page.run.signal", { signal: r.started.signal }));
    if (r.started.stderr !== null) started.push(t("page.run.stderr", { stderr: r.started.stderr }));
    const tools = [];
    if (r.tools.count !== null) tools.push(tn("page.count.tools", r.tools.count));
    if (r.tools.reason !== null) tools.push(r.tools.reason);
    if (r.tools.digest !== null) tools.push(t("page.run.digest", { digest: r.tools.digest }));
    const meta = [];
    if (r.server_name !== null) meta.push(t("page.run.server", { name: r.server_name }));
    if (r.pids.length) meta.push(t(r.pids.length === 1 ? "page.run.pid" : "page.run.pids", { pids: r.pids.join(", ") }));
    meta.push(t("page.run.counts", { events: tn("page.count.events", r.events), messages: tn("page.count.messages", r.messages) }));
    meta.push(t("page.run.starts", { line: t("page.run.line", { line: num(r.line) }) }));
    const answer = (key, a, detail) => ({ label: t(key), answer: tv("page.answer", a), badge: a, detail: detail || null });
    const heading = r.run_id !== null ? t("page.run.heading", { id: r.run_id }) : t("page.run.heading_none");
    return {
      heading,
      labelledBy: heading,
      meta: meta.join(" · "),
      answers: {
        started: answer("page.run.started", r.started.answer, started.join(" · ")),
        initialized: answer("page.run.initialized", r.initialized.answer),
        tools: answer("page.run.tools", r.tools.answer, tools.join(" · ")),
        external: answer("page.run.external", r.external.answer, r.external.hosts.length ? t("page.run.reached", { hosts: r.external.hosts.join(", ") }) : null),
      },
      lastEvent: r.last_event ? t("page.run.event_line", { event: r.last_event.event, line: num(r.last_event.line) }) : t("page.none"),
      timeout: r.timeout ? r.timeout.event : t("page.none"),
      owner: r.timeout ? r.timeout.owner || "" : null,
      phase: r.phase ? t("page.run.phase_value", { phase: r.phase.reached, event: r.phase.last_event }) : null,
      unknown: r.unknown_events.length ? r.unknown_events.join(", ") : null,
    };
  });
}

/** `got` (from shownRuns) with the timeout cut to its event, to compare with expectedRuns. */
function comparableRuns(got) {
  const none = t("page.none");
  const line = t("page.run.event_line", { event: "", line: "LINE" }).replace("LINE", "\\d+").replace(/[()]/g, "\\$&");
  return got.map((r) => ({ ...r, timeout: r.timeout === none ? none : r.timeout.replace(new RegExp(`${line}.*$`, "s"), "") }));
}

/** Every 8-character piece of `secret` after its first 4 characters (a masked value keeps those). */
function secretPieces(secret) {
  const pieces = [];
  for (let i = 4; i + 8 <= secret.length; i++) pieces.push(secret.slice(i, i + 8));
  return pieces;
}

/** The page's HTML, every <details> opened, and the pieces of `secret` found in it. */
async function leakedPieces(secret) {
  await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
  const html = await page.evaluate(() => {
    // Everything the page holds but the input's value (a textarea's value is not in its HTML).
    return document.documentElement.outerHTML + document.getElementById("status").textContent;
  });
  return [secret, ...secretPieces(secret)].filter((p) => html.includes(p));
}

/** The findings of a report as the page shows them. */
function expectedFindings(file) {
  return file.findings.map((f) => ({
    severity: tv("page.severity", f.severity),
    code: f.code,
    href: `rules/${f.code}.html`,
    message: f.message,
    path: f.path,
    where: `${t("page.where", { line: num(f.line), column: num(f.column) })}${f.path ? ` · ${f.path}` : ""}`,
    help: f.help,
  }));
}

/** The advertised items of a server definition's report as the page lists them. */
function expectedItems(file) {
  return file.definition.items.map((i) => ({
    kind: tv("page.item_kind", i.kind),
    name: i.name ?? t("page.items.unnamed"),
    line: String(i.line),
    schemas: i.schemas.length ? i.schemas.map((s) => `${s.field} ${tv("page.schema_state", s.state)}`).join(", ") : t("page.dash"),
  }));
}

/** The metrics of a server definition's report as the page shows them. */
function expectedDefinitionMetrics(file) {
  const count = (...kinds) => file.definition.items.filter((i) => kinds.includes(i.kind)).length;
  return {
    items: file.summary.items,
    tools: count("tool"),
    prompts: count("prompt"),
    resources: count("resource", "resource template"),
    errors: file.summary.errors,
    warnings: file.summary.warnings,
    infos: file.summary.infos,
  };
}

/**
 * What `mcpvet schema infer [--required WHICH] -` prints for `example`: the schema
 * (`{schema}`), or the exit status and the standard error (`{status, stderr}`).
 */
function cliInfer(example, required = "present") {
  try {
    const stdout = execFileSync(mcpvet, ["schema", "infer", "--color", "never", "--required", required, "-"], {
      encoding: "utf8",
      input: example,
      stdio: ["pipe", "pipe", "pipe"],
    });
    return { schema: stdout.replace(/\n$/, "") };
  } catch (err) {
    return { status: err.status, stderr: err.stderr };
  }
}

/** A `tools/list` response as a client captures it (pretty-printed). */
const LISTING = JSON.stringify(
  {
    jsonrpc: "2.0",
    id: 2,
    result: {
      tools: [
        {
          name: "get_weather",
          description: "Current weather for a city.",
          inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        },
        { name: "read file", description: "Read a file.", inputSchema: { path: "/srv/data" } },
      ],
    },
  },
  null,
  2,
);

async function inspect() {
  await page.evaluate(() => {
    delete document.getElementById("result").dataset.state;
  });
  await page.click("#inspect");
  await page.waitForFunction(() => {
    const state = document.getElementById("result").dataset.state;
    return state && state !== "empty" ? true : document.getElementById("status").dataset.tone === "error";
  }, null, { timeout: 60_000 });
}

/** The text the input has selected. */
async function selection() {
  return page.evaluate(() => {
    const input = document.getElementById("input");
    return {
      text: input.value.substring(input.selectionStart, input.selectionEnd),
      start: input.selectionStart,
      end: input.selectionEnd,
      focused: document.activeElement === input,
    };
  });
}

/** The text of bytes `start..end` of `bytes`. */
function slice(bytes, start, end) {
  return bytes.subarray(start, end).toString("utf8");
}

before(async () => {
  assert.ok(fs.existsSync(path.join(dist, "index.html")), `${dist}/index.html is missing: run scripts/build-web`);
  assert.ok(fs.existsSync(mcpvet), `${mcpvet} is missing: cargo build -p mcpvet`);
  assert.ok(fs.existsSync(chromiumPath), `${chromiumPath} is missing: apt-get install chromium`);
  fs.mkdirSync(output, { recursive: true });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(path.join(root, "scripts/serve-web"), [String(port), dist], { stdio: ["ignore", "ignore", "pipe"] });
  server.stderr.on("data", () => {});
  await waitForServer(`${origin}/index.html`, Date.now() + 15_000);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: LOCALE });
  context.on("request", (request) => {
    const url = new URL(request.url());
    requests.push(request.url());
    const own = url.origin === origin && (PAGE_FILES.has(url.pathname) || /^\/rules\/[A-Za-z0-9]+\.html$/.test(url.pathname));
    if (!own) foreign.push(request.url());
  });
  context.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.errors = errors;
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => document.body.dataset.ready, null, { timeout: 30_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.ready), "true");
});

after(async () => {
  await browser?.close();
  if (server && server.exitCode === null) server.kill("SIGTERM");
});

describe("examples match the CLI's JSON report", () => {
  test("configuration example: metrics, findings and servers", async () => {
    const expected = cliReport("config", samples.config);
    await page.click("#example-config");
    assert.equal(await page.inputValue("#input"), fs.readFileSync(samples.config, "utf8"));
    assert.equal(await page.inputValue("#file-name"), "claude_desktop_config.json");
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.deepEqual(got.metrics, {
      servers: expected.summary.servers,
      errors: expected.summary.errors,
      warnings: expected.summary.warnings,
      infos: expected.summary.infos,
    });
    assert.ok(expected.findings.length >= 3, "the example shows several problems");
    assert.deepEqual(got.findings, expectedFindings(expected));
    assert.deepEqual(
      got.servers.map((s) => [s.name, s.transport, s.state]),
      expected.servers.map((s) => [s.name, s.transport, t(s.disabled ? "page.servers.disabled" : "page.servers.enabled")]),
    );
    await page.screenshot({ path: path.join(output, `config-${LANG}.png`), fullPage: true });
  });

  test("session example: metrics, findings, phase, tool digest and messages", async () => {
    const expected = cliReport("transcript", samples.transcript);
    await page.click("#example-transcript");
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    const s = expected.summary;
    assert.deepEqual(got.metrics, {
      messages: s.messages,
      requests: s.requests,
      responses: s.responses,
      notifications: s.notifications,
      tools: s.tools,
      unpaired_ids: s.unpaired_ids,
      errors: s.errors,
      warnings: s.warnings,
      infos: s.infos,
    });
    assert.ok(expected.findings.length >= 3, "the example has findings");
    assert.deepEqual(got.findings, expectedFindings(expected));
    assert.equal(got.digest, expected.tools_digest);
    assert.match(got.facts, new RegExp(`${expected.phase.reached}.*${expected.phase.last_event}`));
    assert.match(got.facts, new RegExp(expected.protocol.version));
    // One row per message, in order; the unpaired ones are the report's unpaired ids.
    assert.equal(got.messages.length, s.messages);
    assert.deepEqual(got.messages.map((m) => m.label), got.messages.map((_, i) => `#${i}`));
    assert.equal(got.messages.filter((m) => m.paired === t("page.answer.no")).length, s.unpaired_ids);
    assert.deepEqual(got.messages[0], {
      label: "#0",
      direction: t("page.direction.client_to_server"),
      kind: t("page.message_kind.request"),
      method: "initialize",
      id: "0",
      paired: t("page.answer.yes"),
    });
    await page.screenshot({ path: path.join(output, `transcript-${LANG}.png`), fullPage: true });
  });
});

describe("server definitions", () => {
  test("server definition example: format, items with schema states, findings and fixes", async () => {
    const expected = cliReport("server", samples.server);
    await page.click("#example-server");
    assert.equal(await page.isChecked('input[name="mode"][value="server"]'), true);
    assert.equal(await page.inputValue("#input"), fs.readFileSync(samples.server, "utf8"));
    assert.equal(await page.inputValue("#file-name"), "definition.json");
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "server");
    const counts = [tn("page.count.errors", expected.summary.errors), tn("page.count.warnings", expected.summary.warnings), tn("page.count.infos", expected.summary.infos)].join(", ");
    assert.equal(got.status, t("page.status.inspected", { kind: t("page.kind.server"), counts }));
    assert.match(got.what, tre("page.what.server", { format: expected.input_format.name }));
    assert.deepEqual(got.metrics, expectedDefinitionMetrics(expected));
    assert.match(got.definition, new RegExp(`${expected.definition.name} ${expected.definition.version}`));
    assert.deepEqual(got.items, expectedItems(expected));
    // The example shows an example payload in place of a schema, and a missing one.
    const codes = expected.findings.map((f) => f.code);
    assert.ok(codes.includes("MCP601") && codes.includes("MCP602"), `findings: ${codes}`);
    assert.ok(got.items.some((i) => i.schemas.includes(`requestSchema ${t("page.schema_state.incomplete")}`)));
    assert.deepEqual(got.findings, expectedFindings(expected));
    // Fixes: the replacement text of each edit, as the report gives it, its lines after the
    // first without the indentation they share (a value written for its column).
    const dedent = (text) => {
      const [first, ...rest] = text.split("\n");
      const indents = rest.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length);
      const cut = indents.length ? Math.min(...indents) : 0;
      return [first, ...rest.map((l) => l.replace(new RegExp(`^ {0,${cut}}`), ""))].join("\n");
    };
    assert.deepEqual(
      got.fixes,
      expected.findings.map((f) => (f.fix ? f.fix.edits.filter((e) => e.replacement !== "").map((e) => dedent(e.replacement)) : null)),
    );
    const incomplete = expected.findings.findIndex((f) => f.code === "MCP601");
    assert.match(got.fixes[incomplete][0], /^\{\n  "\$schema": "https:\/\/json-schema\.org\/draft\/2020-12\/schema",\n/);
    assert.match(got.fixes[incomplete][0], /\n\}$/);
    // The fix's edit button selects the text it replaces.
    const finding = page.locator("#findings li.finding").nth(incomplete);
    await finding.locator("details.fix summary").click();
    await finding.locator("button.locate-edit").first().click();
    const edit = expected.findings[incomplete].fix.edits[0].span;
    assert.equal((await selection()).text, slice(fs.readFileSync(samples.server), edit.start, edit.end));
    // An item's name selects the item, from its line.
    const lines = fs.readFileSync(samples.server, "utf8").split("\n");
    const names = page.locator("#items tbody button.locate");
    assert.equal(await names.count(), expected.definition.items.length);
    for (let i = 0; i < expected.definition.items.length; i++) {
      await names.nth(i).click();
      const sel = await selection();
      const item = expected.definition.items[i];
      assert.ok(sel.text.startsWith("{") && sel.text.endsWith("}"), `item ${i}: ${sel.text}`);
      assert.ok(sel.text.includes(`"${item.name}"`), `item ${i} holds its name`);
      const before = (await page.inputValue("#input")).slice(0, sel.start);
      assert.equal(before.split("\n").length, item.line, `item ${i} starts on line ${item.line}`);
      assert.equal(lines[item.line - 1].indexOf("{") + 1, item.column);
    }
    await page.screenshot({ path: path.join(output, `server-${LANG}.png`), fullPage: true });
  });

  test("auto mode detects a pasted tools/list result as a server definition", async () => {
    const expected = cliReport("server", "-", LISTING);
    await page.click("#clear");
    await page.fill("#input", LISTING);
    await page.check('input[name="mode"][value="auto"]');
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "server");
    assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.server"), reason: /a list result.*?/ }));
    assert.match(got.what, tre("page.what.server", { format: "listing" }, false));
    assert.deepEqual(got.items, expectedItems(expected));
    const [tool, valid, incomplete, byDefault] = [t("page.item_kind.tool"), t("page.schema_state.valid"), t("page.schema_state.incomplete"), t("page.schema_state.default")];
    assert.deepEqual(got.items, [
      { kind: tool, name: "get_weather", line: "6", schemas: `inputSchema ${valid}, outputSchema ${byDefault}` },
      { kind: tool, name: "read file", line: "21", schemas: `inputSchema ${incomplete}, outputSchema ${byDefault}` },
    ]);
    assert.deepEqual(got.metrics, expectedDefinitionMetrics(expected));
    const codes = got.findings.map((f) => f.code);
    assert.ok(codes.includes("MCP503") && codes.includes("MCP508"), `findings: ${codes}`);
    assert.deepEqual(got.findings, expectedFindings(expected));
    // A listing is checked against a protocol version and has a tool digest.
    assert.match(got.definition, new RegExp(expected.protocol.version));
    assert.equal(got.digest, expected.tools_digest);
  });

  test("auto mode detects a definition file", async () => {
    const text = fs.readFileSync(samples.server, "utf8");
    const expected = cliReport("server", "-", text);
    await page.click("#clear");
    await page.fill("#input", text);
    await page.check('input[name="mode"][value="auto"]');
    await inspect();
    const got = await shown();
    assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "server");
    assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.server"), reason: "a server definition file" }));
    assert.match(got.what, tre("page.what.server", { format: "definition" }, false));
    assert.deepEqual(got.items, expectedItems(expected));
    assert.deepEqual(got.findings, expectedFindings(expected));
  });

  test("forcing Server definition", async () => {
    // Forced, a listing is read without detection.
    await page.fill("#input", LISTING);
    await page.check('input[name="mode"][value="server"]');
    await inspect();
    let got = await shown();
    assert.equal(got.state, "done");
    assert.match(got.what, tre("page.what.server", { format: "listing" }));
    assert.equal(got.items.length, 2);
    // A client configuration forced as a server definition is not one: the page says why.
    const config = fs.readFileSync(samples.config, "utf8");
    const asServer = cliReport("server", "-", config);
    await page.fill("#input", config);
    await inspect();
    got = await shown();
    assert.equal(got.state, "unreadable");
    const fatal = asServer.findings.find((f) => f.code === "MCP010");
    assert.ok(fatal, "MCP010 says it is not a server definition");
    assert.equal(
      got.status,
      t("page.unreadable.reason", { what: t("page.unreadable.not_read", { kind: t("page.kind.server") }), message: fatal.message, code: "MCP010", line: fatal.line, column: fatal.column }),
    );
    assert.equal(await page.isHidden("#items-section"), true);
    assert.equal(await page.isHidden("#definition-info"), true);
    assert.deepEqual(got.findings, expectedFindings(asServer));
    await page.check('input[name="mode"][value="auto"]');
  });

  test("a definition's password never appears in the page", async () => {
    const password = "Tr0ub4dor-and-3-horse-staples";
    const text = JSON.stringify(
      {
        name: "billing",
        tools: [
          {
            name: "charge",
            description: "Charge a card.",
            type: "http",
            method: "POST",
            endpoint: "http://billing.example.com",
            path: "/charge",
            authentication: { type: "basic", username: "svc-billing", password },
            requestSchema: { amount: 12.5 },
          },
        ],
        publish: { version: "2.0.0" },
      },
      null,
      2,
    );
    await page.click("#clear");
    await page.fill("#input", text);
    await page.fill("#file-name", "definition.json");
    for (const mode of ["auto", "server"]) {
      await page.check(`input[name="mode"][value="${mode}"]`);
      await inspect();
      assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "server");
      assert.ok((await shown()).findings.length > 0);
      // Open every fix, then look at everything the page holds but the input's value.
      await page.evaluate(() => document.querySelectorAll("details").forEach((d) => (d.open = true)));
      const html = await page.evaluate(() => document.documentElement.outerHTML);
      assert.ok(!html.includes(password), `the password is shown (${mode})`);
      assert.ok(!html.includes(password.slice(0, 10)), `part of the password is shown (${mode})`);
    }
    await page.check('input[name="mode"][value="auto"]');
  });
});

describe("infer schema", () => {
  const example = [
    "{",
    '  "orderId": "A-10042",',
    '  "total": 99.5,',
    '  "quantity": 3,',
    '  "gift": false,',
    '  "note": null,',
    '  "items": [{"sku": "X1", "qty": 1}, {"sku": "Y2"}],',
    '  "größe": "M"',
    "}",
  ].join("\n");

  async function inferOnPage(text, required = "present") {
    await page.fill("#infer-input", text);
    await page.selectOption("#infer-required", required);
    await page.click("#infer-run");
    return page.evaluate(() => ({
      status: document.getElementById("infer-status").textContent,
      tone: document.getElementById("infer-status").dataset.tone,
      outputHidden: document.getElementById("infer-output").hidden,
      schema: document.getElementById("infer-schema").textContent,
      errorsHidden: document.getElementById("infer-errors").hidden,
      errors: [...document.querySelectorAll("#infer-errors li")].map((li) => ({
        code: li.querySelector(".code").textContent,
        message: li.querySelector(".message").textContent,
        where: li.querySelector(".where").textContent,
      })),
    }));
  }

  test("an example gives the schema mcpvet schema infer prints", async () => {
    const small = await inferOnPage('{"id": 7, "tags": ["a"]}');
    assert.equal(small.tone, "ok");
    assert.equal(small.outputHidden, false);
    assert.equal(small.errorsHidden, true);
    assert.equal(
      small.schema,
      [
        "{",
        '  "$schema": "https://json-schema.org/draft/2020-12/schema",',
        '  "type": "object",',
        '  "properties": {',
        '    "id": {',
        '      "type": "integer"',
        "    },",
        '    "tags": {',
        '      "type": "array",',
        '      "items": {',
        '        "type": "string"',
        "      }",
        "    }",
        "  },",
        '  "required": ["id", "tags"]',
        "}",
      ].join("\n"),
    );
    for (const required of ["present", "none"]) {
      const got = await inferOnPage(example, required);
      assert.equal(got.schema, cliInfer(example, required).schema, `--required ${required}`);
    }
    const none = await inferOnPage(example, "none");
    assert.ok(!none.schema.includes('"required"'));
    assert.match(none.schema, /"größe": \{\n {6}"type": "string"/);
  });

  test("Copy schema puts the schema on the clipboard", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    const got = await inferOnPage(example);
    await page.click("#infer-copy");
    await page.waitForFunction(
      (texts) => texts.includes(document.getElementById("infer-status").textContent),
      [t("page.infer.status.copied"), t("page.infer.status.selected")],
    );
    const status = await page.textContent("#infer-status");
    if (status === t("page.infer.status.copied")) {
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), got.schema);
    } else {
      // No clipboard in this browser: the schema is selected for Ctrl+C.
      assert.equal(await page.evaluate(() => getSelection().toString()), got.schema);
    }
    console.log(`Copy schema: ${status}`);
  });

  test("broken JSON shows its syntax error with its line and column", async () => {
    const broken = '{\n  "orderId": "A-1",\n  "größe": ,\n  "total": 3\n}';
    const cli = cliInfer(broken);
    assert.equal(cli.status, 2);
    const [, line, column, message] = /^<stdin>:(\d+):(\d+): error\[MCP001\]: (.*)$/m.exec(cli.stderr);
    const got = await inferOnPage(broken);
    assert.equal(got.tone, "error");
    assert.equal(got.outputHidden, true);
    assert.equal(got.schema, "");
    assert.equal(got.status, t("page.infer.status.not_json", { message, code: "MCP001", line, column }));
    assert.deepEqual(got.errors[0], { code: "MCP001", message, where: t("page.where", { line, column }) });
    assert.equal([line, column].join(":"), "3:12");
    // Selecting the error puts the cursor at its position in the example.
    await page.click("#infer-errors li button.locate");
    const at = await page.evaluate(() => {
      const input = document.getElementById("infer-input");
      return { start: input.selectionStart, focused: document.activeElement === input };
    });
    assert.ok(at.focused);
    // Line 3 is `  "größe": ,`: the error is at the comma (UTF-16 offset, as the textarea counts).
    assert.equal(at.start, broken.indexOf(": ,") + 2);
    // Ctrl+Enter infers from the example box; an empty one says so.
    await page.fill("#infer-input", "[1, 2.5]");
    await page.focus("#infer-input");
    await page.keyboard.press("Control+Enter");
    await page.waitForFunction(() => !document.getElementById("infer-output").hidden);
    assert.match(await page.textContent("#infer-schema"), /"type": "number"/);
    const empty = await inferOnPage("   ");
    assert.equal(empty.tone, "error");
    assert.equal(empty.outputHidden, true);
    assert.equal(empty.status, t("page.infer.status.empty"));
  });
});

describe("compare, lock and check", () => {
  /** Two versions of a listing: `search` gains a required `limit`, `fetch` becomes `get_page`. */
  const OLD = JSON.stringify(
    {
      tools: [
        { name: "search", description: "Search the docs.", inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } },
        { name: "fetch", description: "Fetch a page.", inputSchema: { type: "object", properties: { url: { type: "string" } } } },
        { name: "ping", description: "Ping.", inputSchema: { type: "object" } },
      ],
    },
    null,
    2,
  );
  const NEW = OLD.replace('"q": {\n', '"limit": {\n            "type": "integer"\n          },\n          "q": {\n')
    .replace('"required": [\n          "q"\n        ]', '"required": [\n          "q",\n          "limit"\n        ]');

  /** The scratch folders of these tests, removed after them. */
  const scratches = [];
  after(() => scratches.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** A scratch folder holding `files` (name → text), for the CLI to read by the same names. */
  function scratch(files) {
    const dir = fs.mkdtempSync(path.join(output, "compare-"));
    scratches.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  }

  /** `mcpvet ARGS` run in `dir`: its standard output (whatever its exit status). */
  function cli(dir, args) {
    try {
      return execFileSync(mcpvet, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (err) {
      if (typeof err.stdout === "string" && err.status === 1) return err.stdout;
      throw new Error(`${mcpvet} ${args.join(" ")} failed: ${err.stderr || err.message}`);
    }
  }

  async function fillSides(oldText, newText, oldName = "old.json", newName = "new.json") {
    await page.fill("#compare-old", oldText);
    await page.fill("#compare-old-name", oldName);
    await page.fill("#compare-new", newText);
    await page.fill("#compare-new-name", newName);
  }

  async function compared() {
    return page.evaluate(() => ({
      status: document.getElementById("compare-status").textContent,
      tone: document.getElementById("compare-status").dataset.tone,
      hidden: document.getElementById("compare-result").hidden,
      text: document.getElementById("compare-text").textContent,
      changes: [...document.querySelectorAll("#compare-changes li.change")].map((li) => ({
        level: li.querySelector(".badge.level").textContent,
        message: li.querySelector(".message").textContent,
        subject: li.querySelector(".subject code")?.textContent ?? null,
        places: [...li.querySelectorAll("button.place")].map((b) => b.textContent),
      })),
    }));
  }

  /** The text the textarea `id` has selected. */
  async function selectedIn(id) {
    return page.evaluate((id) => {
      const input = document.getElementById(id);
      return { text: input.value.substring(input.selectionStart, input.selectionEnd), focused: document.activeElement === input };
    }, id);
  }

  test("diffing two listings shows the breaking change, as mcpvet diff prints it", async () => {
    assert.notEqual(NEW, OLD);
    await fillSides(OLD, NEW);
    await page.click("#compare-run");
    const got = await compared();
    const dir = scratch({ "old.json": OLD, "new.json": NEW });
    const text = cli(dir, ["diff", "old.json", "new.json"]);
    const doc = JSON.parse(cli(dir, ["diff", "--format", "json", "old.json", "new.json"]));
    assert.equal(got.hidden, false);
    assert.equal(got.text, text);
    assert.equal(got.tone, "error");
    assert.equal(got.status, t("page.compare.counts", { breaking: num(doc.summary.breaking), risk: "", compatible: num(doc.summary.compatible) }));
    assert.deepEqual(
      got.changes.map((c) => [c.level, c.message, c.subject]),
      doc.changes.map((c) => [c.risk ? t("page.level.risk") : tv("page.level", c.level), c.message, c.subject]),
    );
    const breaking = got.changes.find((c) => c.level === t("page.level.breaking"));
    assert.ok(breaking, JSON.stringify(got.changes));
    assert.equal(breaking.subject, "limit");
    assert.match(breaking.message, /`search`.*`limit`/);
    assert.match(text, /^breaking {4}tool `search`/m);
    // Its places select their text in both versions.
    const change = doc.changes.find((c) => c.subject === "limit");
    await page.click(`#compare-changes li.change:nth-child(${doc.changes.indexOf(change) + 1}) button.place[data-side=new]`);
    const sel = await selectedIn("compare-new");
    assert.ok(sel.focused);
    assert.equal(sel.text, slice(Buffer.from(NEW), change.new.span.start, change.new.span.end));
    if (change.old) {
      await page.click(`#compare-changes li.change:nth-child(${doc.changes.indexOf(change) + 1}) button.place[data-side=old]`);
      assert.equal((await selectedIn("compare-old")).text, slice(Buffer.from(OLD), change.old.span.start, change.old.span.end));
    }
    await page.screenshot({ path: path.join(output, `compare-${LANG}.png`), fullPage: true });
  });

  test("a file diffed with itself shows no change", async () => {
    await fillSides(OLD, OLD, "tools.json", "tools.json");
    await page.click("#compare-run");
    const got = await compared();
    assert.equal(got.status, t("page.compare.no_change"));
    assert.equal(got.tone, "ok");
    assert.deepEqual(got.changes, []);
    const dir = scratch({ "tools.json": OLD });
    assert.equal(got.text, cli(dir, ["diff", "tools.json", "tools.json"]));
    assert.match(got.text, /no change to the advertised interface\n$/);
    // A configuration gives no interface: the error the CLI gives, and no result.
    await fillSides('{"mcpServers": {"a": {"command": "x"}}}', OLD, "mcp.json", "tools.json");
    await page.click("#compare-run");
    const bad = await compared();
    assert.equal(bad.tone, "error");
    assert.equal(bad.hidden, true);
    assert.match(bad.status, /^cannot compare `mcp\.json`: this is a client configuration/);
  });

  test("lock, then check a changed listing: exactly the change", async () => {
    await fillSides(OLD, OLD, "old.json", "tools.json");
    await page.click("#compare-lock");
    await page.waitForFunction(() => !document.getElementById("lock-output").hidden);
    const lockText = await page.textContent("#lock-text");
    const dir = scratch({ "tools.json": OLD });
    assert.equal(lockText, cli(dir, ["lock", "-o", "-", "tools.json"]));
    assert.match(await page.textContent("#compare-status"), tre("page.lock.status.made", { servers: tn("page.count.servers", 1), tools: tn("page.count.tools", 3) }));
    const download = await page.evaluate(() => {
      const a = document.getElementById("lock-download");
      return { href: a.getAttribute("href"), name: a.getAttribute("download") };
    });
    assert.equal(download.name, "mcp-tools.lock");
    assert.match(download.href, /^blob:/);
    // The same version against its own lock: nothing.
    await page.click("#lock-use");
    assert.equal(await page.inputValue("#compare-lockfile"), lockText);
    await page.click("#compare-check");
    await page.waitForFunction(() => !document.getElementById("lock-result").hidden);
    assert.equal(await page.textContent("#compare-status"), t("page.lock.no_change"));
    // The changed version: one finding, the CLI's, selecting the changed tool's name.
    await page.fill("#compare-new", NEW);
    await page.click("#compare-check");
    await page.waitForFunction(() => document.querySelectorAll("#lock-findings li.finding").length > 0);
    const findings = await page.evaluate(() =>
      [...document.querySelectorAll("#lock-findings li.finding")].map((li) => ({
        code: li.querySelector(".code").textContent,
        message: li.querySelector(".message").textContent,
        where: li.querySelector(".where").textContent,
      })),
    );
    fs.writeFileSync(path.join(dir, "mcp-tools.lock"), lockText);
    fs.writeFileSync(path.join(dir, "tools.json"), NEW);
    const report = JSON.parse(cli(dir, ["server", "--format", "json", "--lock", "mcp-tools.lock", "tools.json"]));
    const expected = report.files[0].findings
      .filter((f) => /^MCP56\d$/.test(f.code))
      .map((f) => ({ code: f.code, message: f.message, where: t("page.where", { line: num(f.line), column: num(f.column) }) }));
    assert.equal(expected.length, 1);
    assert.deepEqual(findings, expected);
    assert.equal(findings[0].code, "MCP560");
    assert.match(findings[0].message, /`search`/);
    await page.click("#lock-findings li.finding button.locate");
    assert.equal((await selectedIn("compare-new")).text, '"search"');
    assert.equal(await page.textContent("#compare-status"), t("page.lock.status.changes", { changes: tn("page.count.changes", 1) }));
    // A broken lock file says where.
    await page.fill("#compare-lockfile", '{"lock_version": 1, "servers": [');
    await page.click("#compare-check");
    assert.match(await page.textContent("#compare-status"), /^cannot read the lock file `mcp-tools\.lock`: .*\(line 1, column \d+\)$/);
  });

  test("readable on a narrow screen", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await fillSides(OLD, NEW);
    await page.click("#compare-run");
    await page.click("#compare-lock");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling of the page (${overflow}px)`);
    await page.screenshot({ path: path.join(output, `compare-narrow-${LANG}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});

describe("selecting spans", () => {
  for (const kind of ["config", "transcript", "server"]) {
    test(`each finding of the ${kind} example selects the text of its span`, async () => {
      const expected = cliReport(kind, samples[kind]);
      const bytes = fs.readFileSync(samples[kind]);
      await page.click(`#example-${kind}`);
      await inspect();
      const buttons = page.locator("#findings li.finding button.locate");
      assert.equal(await buttons.count(), expected.findings.length);
      let nonAsciiBefore = 0;
      for (let i = 0; i < expected.findings.length; i++) {
        const { start, end } = expected.findings[i].span;
        await buttons.nth(i).click();
        const got = await selection();
        assert.ok(got.focused, "the input has the focus");
        assert.equal(got.text, slice(bytes, start, end), `finding ${i} (${expected.findings[i].code})`);
        if (got.start !== start) nonAsciiBefore += 1;
      }
      if (kind === "transcript") {
        // UTF-16 and byte offsets differ for some spans: the conversion was exercised.
        assert.ok(nonAsciiBefore > 0, "the example has non-ASCII text before a finding");
      }
    });
  }

  test("a span after astral and accented characters (UTF-16 ≠ bytes ≠ code points)", async () => {
    const text = '{\n  "mcpServers": {\n    "bücher-😀📚": {"command": "/usr/bin/b", "arg": ["ü"]},\n    "naïve": {"command": "/usr/bin/n", "envv": {}}\n  }\n}\n';
    await page.click("#clear");
    await page.fill("#input", text);
    await page.fill("#file-name", "claude_desktop_config.json");
    await page.check('input[name="mode"][value="config"]');
    await inspect();
    const file = fs.mkdtempSync(path.join(output, "astral-"));
    const input = path.join(file, "claude_desktop_config.json");
    fs.writeFileSync(input, text);
    const expected = cliReport("config", input);
    fs.rmSync(file, { recursive: true });
    const bytes = Buffer.from(text, "utf8");
    const codes = expected.findings.map((f) => f.code);
    assert.ok(codes.includes("MCP101"), `unknown fields are reported (${codes})`);
    const buttons = page.locator("#findings li.finding button.locate");
    for (let i = 0; i < expected.findings.length; i++) {
      const { start, end } = expected.findings[i].span;
      await buttons.nth(i).click();
      const got = await selection();
      assert.equal(got.text, slice(bytes, start, end));
    }
    // The server names select their exact text too.
    const names = page.locator("#servers tbody button.locate");
    await names.nth(0).click();
    assert.equal((await selection()).text, '"bücher-😀📚"');
    await names.nth(1).click();
    assert.equal((await selection()).text, '"naïve"');
  });

  test("a message of the session example selects its line", async () => {
    const bytes = fs.readFileSync(samples.transcript);
    const lines = bytes.toString("utf8").split("\n");
    await page.click("#example-transcript");
    await inspect();
    const rows = page.locator("#messages tbody button.locate");
    const count = await rows.count();
    for (const i of [0, 1, count - 1]) {
      await rows.nth(i).click();
      const got = await selection();
      const line = Number(await page.locator("#messages tbody tr").nth(i).locator("td").nth(1).textContent());
      assert.equal(got.text, lines[line - 1], `message ${i}`);
    }
  });
});

describe("run logs and HTTP captures", () => {
  test("pasted run logs show their runs with the CLI's four answers", async () => {
    for (const file of runLogs) {
      const name = path.basename(file);
      const text = fs.readFileSync(file, "utf8");
      const expected = cliReport("transcript", file);
      assert.ok(expected.runs && expected.runs.length > 0, `${name}: the CLI reports runs`);
      await page.click("#clear");
      await page.fill("#input", text);
      await page.check('input[name="mode"][value="auto"]');
      await inspect();
      const got = await shown();
      assert.equal(got.state, "done", name);
      assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "transcript");
      assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.transcript") }), name);
      assert.match(got.what, tre("page.what.transcript", { format: "runlog" }, false), name);
      assert.equal(got.metrics.runs, expected.runs.length, name);
      assert.equal(got.metrics.messages, expected.summary.messages, name);
      assert.deepEqual(got.findings, expectedFindings(expected), name);
      assert.equal(await page.isHidden("#runs-section"), false);
      assert.equal(await page.textContent("#runs-heading"), t("page.runs.heading", { n: num(expected.runs.length) }));
      const runs = await shownRuns();
      assert.deepEqual(comparableRuns(runs), expectedRuns(expected), name);
      // The last confirmed event selects its line in the input.
      const lines = text.split("\n");
      const buttons = page.locator("#runs button.locate[data-field=last_event]");
      assert.equal(await buttons.count(), expected.runs.filter((r) => r.last_event).length);
      for (let i = 0; i < expected.runs.length; i++) {
        await buttons.nth(i).click();
        const sel = await selection();
        assert.ok(sel.focused, `${name}: the input has the focus`);
        assert.equal(sel.text, lines[expected.runs[i].last_event.line - 1], `${name}: run ${i}'s last event`);
      }
    }
  });

  test("the four broken servers: the answers docs/run-logs.md gives", async () => {
    const answers = {};
    for (const file of runLogs) {
      await page.click("#clear");
      await page.fill("#input", fs.readFileSync(file, "utf8"));
      await page.check('input[name="mode"][value="auto"]');
      await inspect();
      const [run] = await shownRuns();
      answers[path.basename(file)] = run;
    }
    const four = (run) => ["started", "initialized", "tools", "external"].map((q) => run.answers[q].answer).join(" ");
    /** Answers written in English (`yes no unknown`), as the page shows them. */
    const shownAs = (words) => words.split(" ").map((a) => tv("page.answer", a)).join(" ");
    const exits = answers["exits-before-reading-input.jsonl"];
    assert.equal(four(exits), shownAs("yes no no no"));
    assert.equal(
      exits.answers.started.detail,
      `${t("page.run.exit_code", { code: 1 })} · ${t("page.run.stderr", { stderr: "Error: Cannot find module '/srv/files/dist/index.js'" })}`,
    );
    assert.equal(exits.lastEvent, t("page.run.event_line", { event: "exited", line: 4 }));
    assert.equal(exits.phase, t("page.run.phase_value", { phase: "handshake", event: "initialize_sent_no_response" }));
    const hello = answers["writes-hello-to-stdout.log"];
    assert.equal(four(hello), shownAs("yes yes unknown unknown"));
    assert.equal(hello.unknown, "stdout_write");
    const invalid = answers["lists-an-invalid-schema.jsonl"];
    assert.equal(four(invalid), shownAs("yes yes no no"));
    assert.ok(
      invalid.answers.tools.detail.startsWith(`${tn("page.count.tools", 2)} · the tool list has 1 error · ${t("page.run.digest", { digest: "sha256:" })}`),
      invalid.answers.tools.detail,
    );
    const external = answers["tool-handler-reaches-external.jsonl"];
    assert.equal(four(external), shownAs("yes yes yes yes"));
    assert.ok(external.answers.tools.detail.startsWith(`${tn("page.count.tools", 1)} · `), external.answers.tools.detail);
    assert.equal(external.answers.external.detail, t("page.run.reached", { hosts: "api.weather.example.test" }));
    assert.equal(external.timeout, t("page.none"));
    const whoami = answers["whoami-before-initialize.jsonl"];
    assert.equal(four(whoami), shownAs("yes no no yes"));
    // Four different summaries for the four broken servers.
    const broken = ["exits-before-reading-input.jsonl", "writes-hello-to-stdout.log", "lists-an-invalid-schema.jsonl", "tool-handler-reaches-external.jsonl"];
    assert.equal(new Set(broken.map((f) => four(answers[f]) + answers[f].answers.tools.detail)).size, 4);
  });

  test("the run-log example loads and shows its run, its timeout and its owner", async () => {
    const expected = cliReport("transcript", runlogSample);
    const lines = fs.readFileSync(runlogSample, "utf8").split("\n");
    await page.click("#example-runlog");
    assert.equal(await page.isChecked('input[name="mode"][value="transcript"]'), true);
    assert.equal(await page.inputValue("#input"), fs.readFileSync(runlogSample, "utf8"));
    assert.equal(await page.inputValue("#file-name"), "whoami-before-initialize.jsonl");
    assert.match(await page.textContent("#status"), tre("page.status.example", { name: t("page.example_name.runlog"), file: "whoami-before-initialize.jsonl" }));
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.match(got.what, tre("page.what.transcript", { format: "runlog" }));
    assert.deepEqual(got.findings, expectedFindings(expected));
    assert.deepEqual(got.findings.map((f) => f.code), ["MCP702", "MCP702", "MCP702"]);
    const runs = await shownRuns();
    assert.deepEqual(comparableRuns(runs), expectedRuns(expected));
    const [run] = runs;
    assert.equal(run.heading, t("page.run.heading", { id: "run_01JX8E5T" }));
    assert.deepEqual(
      Object.fromEntries(Object.entries(run.answers).map(([q, a]) => [q, a.answer])),
      { started: t("page.answer.yes"), initialized: t("page.answer.no"), tools: t("page.answer.no"), external: t("page.answer.yes") },
    );
    assert.equal(run.answers.external.detail, t("page.run.reached", { hosts: "id.crm.example.test" }));
    assert.equal(run.lastEvent, t("page.run.event_line", { event: "external_result", line: 7 }));
    assert.equal(run.owner, "server/transport");
    assert.equal(
      run.timeout,
      t("page.run.event_line", { event: "handshake_timeout", line: 8 }) +
        t("page.run.timeout_phase", { phase: "handshake" }) +
        t("page.run.owned_by", { owner: t("page.run.owner.server") }) +
        t("page.run.timeout_last", { event: "external_result" }),
    );
    // The badges have the page's tones: a "no" of the first three is bad, reaching outside is
    // worth a look.
    const tones = await page.evaluate(() =>
      [...document.querySelectorAll("#runs .answer .badge")].map((b) => b.className.replace("badge ", "")),
    );
    assert.deepEqual(tones, ["tone-good", "tone-bad", "tone-bad", "tone-attention"]);
    // The timeout and the first event select their lines, with the mouse or the keyboard.
    await page.click("#runs button.locate[data-field=timeout]");
    assert.equal((await selection()).text, lines[7]);
    await page.focus("#runs button.locate[data-field=last_event]");
    await page.keyboard.press("Enter");
    assert.equal((await selection()).text, lines[6]);
    await page.focus("#runs button.locate[data-field=first]");
    await page.keyboard.press("Space");
    assert.equal((await selection()).text, lines[0]);
    // A heading per run, under the section's.
    const headings = await page.evaluate(() => [...document.querySelectorAll("#runs-section h3, #runs-section h4")].map((h) => `${h.tagName} ${h.textContent}`));
    assert.deepEqual(headings, [`H3 ${t("page.runs.heading", { n: 1 })}`, `H4 ${t("page.run.heading", { id: "run_01JX8E5T" })}`]);
    await page.screenshot({ path: path.join(output, `runlog-${LANG}.png`), fullPage: true });
    // Readable on a narrow screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling with a run log (${overflow}px)`);
    await page.locator("#runs-section").screenshot({ path: path.join(output, `runlog-narrow-${LANG}.png`) });
    await page.setViewportSize({ width: 1280, height: 900 });
    // Another kind of input hides the runs.
    await page.click("#example-transcript");
    await inspect();
    assert.equal(await page.isHidden("#runs-section"), true);
    assert.equal(await page.locator("#runs article").count(), 0);
  });

  test("a run log never shows the bearer token of its stderr", async () => {
    const token = "9sKp2QwX7vLm4TzR8yNb3HcJ6dFg1AeU";
    const text = [
      '{"run_id":"run_01JY0TOKEN","server_name":"billing","phase":"launch","event":"spawn_requested","command":"node","argv":["/srv/billing/index.js"]}',
      '{"run_id":"run_01JY0TOKEN","server_name":"billing","pid":4242,"phase":"launch","event":"spawned"}',
      `{"run_id":"run_01JY0TOKEN","pid":4242,"phase":"launch","event":"exited","exit_code":1,"stderr":"Error: 401 from https://api.billing.example.test with Authorization: Bearer ${token}\\n    at main (/srv/billing/index.js:12)"}`,
      "",
    ].join("\n");
    const expected = cliReport("transcript", "-", text);
    assert.ok(expected.findings.some((f) => f.code === "MCP308"), "the CLI reports the token");
    await page.click("#clear");
    await page.fill("#input", text);
    for (const mode of ["auto", "transcript"]) {
      await page.check(`input[name="mode"][value="${mode}"]`);
      await inspect();
      const [run] = await shownRuns();
      assert.deepEqual(comparableRuns([run]), expectedRuns(expected));
      assert.equal(run.answers.started.answer, t("page.answer.yes"));
      const masked = "Error: 401 from https://api.billing.example.test with Authorization: Bearer 9sKp";
      const detail = run.answers.started.detail;
      assert.ok(detail.startsWith(`${t("page.run.exit_code", { code: 1 })} · ${t("page.run.stderr", { stderr: masked })}`), detail);
      assert.match(detail, /Bearer 9sKp\*+$/);
      assert.ok((await shown()).findings.some((f) => f.code === "MCP308"));
      assert.deepEqual(await leakedPieces(token), [], `the token is shown (${mode})`);
    }
    await page.check('input[name="mode"][value="auto"]');
  });

  test("a HAR capture with an Authorization header: read as a session in auto mode, the token never shown", async () => {
    const token = "7f3kQ9zLw2RmX8vT1pY6bN4cJ0hG5dSa";
    const har = JSON.parse(fs.readFileSync(path.join(root, "examples/http/legacy-2025-11-25.har"), "utf8"));
    for (const entry of har.log.entries) {
      if (new URL(entry.request.url).pathname === "/mcp") {
        entry.request.headers.push({ name: "Authorization", value: `Bearer ${token}` });
      }
    }
    const text = JSON.stringify(har, null, 2);
    const expected = cliReport("transcript", "-", text);
    assert.equal(expected.input_format.name, "har");
    await page.click("#clear");
    await page.fill("#input", text);
    await page.fill("#file-name", "");
    await page.check('input[name="mode"][value="auto"]');
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "transcript");
    assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.transcript") }));
    assert.match(got.what, tre("page.what.transcript", { format: "har", reason: /a HAR capture.*?/ }, false));
    assert.equal(got.metrics.messages, expected.summary.messages);
    assert.equal(got.metrics.errors, expected.summary.errors);
    assert.equal(got.metrics.warnings, expected.summary.warnings);
    assert.equal(got.metrics.runs, undefined);
    assert.deepEqual(got.findings, expectedFindings(expected));
    assert.ok(got.findings.some((f) => f.code === "MCP308" && /bearer token/.test(f.message)), "the token is reported");
    assert.equal(await page.isHidden("#runs-section"), true);
    // The messages are read from the inlined bodies, and select their body in the file.
    assert.equal(got.messages.length, expected.summary.messages);
    assert.deepEqual(got.messages[0], {
      label: "#0",
      direction: t("page.direction.client_to_server"),
      kind: t("page.message_kind.request"),
      method: "initialize",
      id: "0",
      paired: t("page.answer.yes"),
    });
    await page.click("#messages tbody button.locate >> nth=0");
    assert.match((await selection()).text, /^\{\\"jsonrpc\\":\\"2\.0\\",\\"id\\":0,\\"method\\":\\"initialize\\"/);
    assert.deepEqual(await leakedPieces(token), [], "the token is shown");
    // Read as a session when forced too.
    await page.check('input[name="mode"][value="transcript"]');
    await inspect();
    assert.deepEqual((await shown()).findings, expectedFindings(expected));
    assert.deepEqual(await leakedPieces(token), [], "the token is shown (forced)");
    await page.check('input[name="mode"][value="auto"]');
  });
});

/** The 1-based line of byte `offset` of `bytes`. */
function lineOf(bytes, offset) {
  return bytes.subarray(0, offset).toString("utf8").split("\n").length;
}

/** The line (1-based) of the start of the input's selection. */
async function selectedLine() {
  return page.evaluate(() => {
    const input = document.getElementById("input");
    return input.value.slice(0, input.selectionStart).split("\n").length;
  });
}

/**
 * Inspects `text` pasted under the file name `name` ("" for none) in `mode`, and checks that
 * the page shows what `mcpvet config --format json` reports for the same text and name (the
 * CLI reads it from a file of that name, in a folder of its own): metrics, findings, servers;
 * then that each finding and each server name selects its text in the input, on the line the
 * report gives. Returns the CLI's report and what the page shows.
 */
async function pasteAndCompare(text, name, mode) {
  const dir = fs.mkdtempSync(path.join(output, "derived-"));
  const file = path.join(dir, name || "pasted");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  const expected = name ? cliReport("config", file) : cliReport("config", "-", text);
  fs.rmSync(dir, { recursive: true });
  await page.click("#clear");
  await page.fill("#input", text);
  await page.fill("#file-name", name);
  await page.check(`input[name="mode"][value="${mode}"]`);
  await inspect();
  const got = await shown();
  assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), "config");
  // An unreadable input shows only the counts of findings.
  assert.deepEqual(got.metrics, {
    ...(got.state === "unreadable" ? {} : { servers: expected.summary.servers }),
    errors: expected.summary.errors,
    warnings: expected.summary.warnings,
    infos: expected.summary.infos,
  });
  assert.deepEqual(got.findings, expectedFindings(expected));
  assert.deepEqual(
    got.servers,
    expected.servers.map((s) => ({
      name: s.name,
      transport: s.transport,
      target: s.target ?? t("page.dash"),
      state: t(s.disabled ? "page.servers.disabled" : "page.servers.enabled"),
    })),
  );
  const bytes = Buffer.from(text, "utf8");
  const buttons = page.locator("#findings li.finding button.locate");
  assert.equal(await buttons.count(), expected.findings.length);
  for (let i = 0; i < expected.findings.length; i++) {
    const f = expected.findings[i];
    assert.equal(lineOf(bytes, f.span.start), f.line, `finding ${i} (${f.code}): the report's line is the file's`);
    await buttons.nth(i).click();
    const sel = await selection();
    assert.equal(sel.text, slice(bytes, f.span.start, f.span.end), `finding ${i} (${f.code}) selects its text`);
    assert.equal(await selectedLine(), f.line, `finding ${i} (${f.code}) selects on its line`);
  }
  const names = page.locator("#servers tbody button.locate");
  for (let i = 0; i < expected.servers.length; i++) {
    await names.nth(i).click();
    assert.equal(await selectedLine(), expected.servers[i].line, `server ${expected.servers[i].name} is on its line`);
    const want = expected.servers[i].name;
    const text = (await selection()).text;
    assert.ok([want, `"${want}"`, `'${want}'`].includes(text), `server ${want} selects its name, not ${text}`);
  }
  return { expected, got };
}

describe("TOML and YAML configurations", () => {
  test("the Codex example (TOML): the CLI's findings and servers, each selecting its TOML text", async () => {
    const expected = cliReport("config", codexSample);
    const bytes = fs.readFileSync(codexSample);
    await page.click("#example-codex");
    assert.equal(await page.inputValue("#input"), bytes.toString("utf8"));
    assert.equal(await page.inputValue("#file-name"), "config.toml");
    assert.equal(await page.evaluate(() => document.querySelector('input[name="mode"]:checked').value), "config");
    assert.match(await page.textContent("#status"), tre("page.status.example", { name: t("page.example_name.codex"), file: "config.toml" }));
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.equal(expected.dialect.name, "codex");
    assert.match(got.what, tre("page.what.config", { client: "Codex" }, false));
    assert.deepEqual(got.metrics, {
      servers: expected.summary.servers,
      errors: expected.summary.errors,
      warnings: expected.summary.warnings,
      infos: expected.summary.infos,
    });
    assert.deepEqual(got.findings, expectedFindings(expected));
    assert.deepEqual(
      got.servers.map((s) => [s.name, s.transport, s.state]),
      expected.servers.map((s) => [s.name, s.transport, t(s.disabled ? "page.servers.disabled" : "page.servers.enabled")]),
    );
    // The example shows Codex's own problems: a `${VAR}` Codex sends literally, a literal
    // token and header credential, a placeholder, plain http, an unknown member.
    const codes = expected.findings.map((f) => f.code);
    for (const code of ["MCP105", "MCP302", "MCP303", "MCP307", "MCP205", "MCP101"]) {
      assert.ok(codes.includes(code), `${code} in ${codes}`);
    }
    // Every finding selects its text in the TOML, on the line the page shows; a comment with
    // an accented letter comes first, so byte and UTF-16 offsets differ.
    const buttons = page.locator("#findings li.finding button.locate");
    let shifted = 0;
    for (let i = 0; i < expected.findings.length; i++) {
      const f = expected.findings[i];
      await buttons.nth(i).click();
      const sel = await selection();
      assert.equal(sel.text, slice(bytes, f.span.start, f.span.end), `finding ${i} (${f.code})`);
      assert.equal(await selectedLine(), f.line, `finding ${i} (${f.code}) on line ${f.line}`);
      assert.equal(lineOf(bytes, f.span.start), f.line);
      if (sel.start !== f.span.start) shifted += 1;
    }
    assert.ok(shifted > 0, "non-ASCII text before a finding: the offsets were converted");
    const at = (code) => expected.findings.find((f) => f.code === code);
    assert.equal(slice(bytes, at("MCP101").span.start, at("MCP101").span.end), "startup_timeout");
    assert.equal(slice(bytes, at("MCP105").span.start, at("MCP105").span.end), "${HOME}");
    assert.ok(got.findings.find((f) => f.code === "MCP101").where.startsWith(`${t("page.where", { line: at("MCP101").line, column: 1 })} `));
    // The server names select the keys of their `[mcp_servers.NAME]` headers.
    const names = page.locator("#servers tbody button.locate");
    await names.nth(0).click();
    assert.equal((await selection()).text, "documents");
    assert.equal(await selectedLine(), expected.servers[0].line);
    await names.nth(2).click();
    assert.equal((await selection()).text, '"brave-search"');
    // The synthetic token is reported, never shown.
    assert.deepEqual(await leakedPieces("ghp_mcpvetSyntheticDocToken9Xq2Lp7Rz4WmK"), []);
    assert.deepEqual(await leakedPieces("Zq8Wm3Xr7Tn2Kp5Vd9Hs4Lc6Yb1"), []);
    await page.screenshot({ path: path.join(output, `codex-${LANG}.png`), fullPage: true });
  });

  const codexText = [
    "# Codex, pasted: « réglages »",
    'model = "gpt-5-codex"',
    "",
    "[mcp_servers.files]",
    'command = "npx"',
    'args = ["-y", "@modelcontextprotocol/server-filesystem", "${HOME}/projets"]',
    "startup_timeout_ms = 20000",
    "",
    '[mcp_servers."remote-api"]',
    'url = "http://api.example.com/mcp"',
    'bearer_token_env_var = "API_TOKEN"',
    "tool_timeot_sec = 30",
    "",
  ].join("\n");

  test("a Codex config.toml pasted in auto mode, without a file name: detected as TOML, findings on its lines", async () => {
    const { expected, got } = await pasteAndCompare(codexText, "", "auto");
    assert.equal(got.state, "done");
    assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.config"), reason: "a TOML document" }));
    assert.match(got.what, tre("page.what.config", { client: "Codex", detected_by: "content", reason: /root table `mcp_servers`.*?/ }, false));
    assert.equal(expected.dialect.name, "codex");
    const where = Object.fromEntries(expected.findings.map((f) => [f.code, [f.line, f.column]]));
    assert.deepEqual(where.MCP105, [6, 59]);
    assert.deepEqual(where.MCP205, [10, 7]);
    assert.deepEqual(where.MCP101, [12, 1]);
    assert.deepEqual(expected.servers.map((s) => [s.name, s.line]), [["files", 4], ["remote-api", 9]]);
  });

  test("the file name `.codex/config.toml` says Codex", async () => {
    const { expected, got } = await pasteAndCompare(codexText, ".codex/config.toml", "auto");
    assert.equal(expected.dialect.detected_by, "file-name");
    assert.match(got.what, tre("page.what.config", { client: "Codex", detected_by: "file-name", reason: "path `.codex/config.toml` (Codex)" }, false));
  });

  const yamlText = [
    "# Serveurs MCP — écrits en YAML",
    "mcpServers:",
    "  docs:",
    "    command: npx",
    '    args: ["-y", "@example/docs-mcp", "--root", "${workspaceFolder}"]',
    "  \"remote-api\":",
    "    url: http://api.example.com/mcp",
    "    headers:",
    "      Authorization: Bearer Zq8Wm3Xr7Tn2Kp5Vd9Hs4Lc6Yb1Qa0",
    "",
  ].join("\n");

  test("a YAML `mcpServers` map pasted in auto mode: detected, its findings on its YAML lines", async () => {
    const { expected, got } = await pasteAndCompare(yamlText, "", "auto");
    assert.equal(got.state, "done");
    assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.config"), reason: "a YAML or TOML server map" }));
    assert.deepEqual(expected.servers.map((s) => [s.name, s.line]), [["docs", 3], ["remote-api", 6]]);
    const codes = expected.findings.map((f) => f.code);
    assert.ok(codes.includes("MCP205"), `plain http is reported (${codes})`);
    assert.equal(expected.findings.find((f) => f.code === "MCP205").line, 7);
    // The header's credential is reported at its YAML line and never shown.
    const secret = expected.findings.find((f) => f.path && f.path.includes("Authorization"));
    assert.ok(secret, `the Authorization header is reported (${codes})`);
    assert.equal(secret.line, 9);
    assert.deepEqual(await leakedPieces("Zq8Wm3Xr7Tn2Kp5Vd9Hs4Lc6Yb1Qa0"), []);
  });

  test("a YAML file named mcp.yml in Client configuration mode", async () => {
    const { expected } = await pasteAndCompare(yamlText, "mcp.yml", "config");
    assert.equal(expected.summary.servers, 2);
  });

  test("Open a file… offers TOML and YAML, and a .yaml file is read under its name", async () => {
    const accept = (await page.getAttribute("#file", "accept")).split(",");
    for (const ext of [".json", ".toml", ".yaml", ".yml"]) assert.ok(accept.includes(ext), `${ext} in ${accept}`);
    await page.click("#clear");
    await page.setInputFiles("#file", { name: "servers.yaml", mimeType: "application/yaml", buffer: Buffer.from(yamlText, "utf8") });
    await page.waitForFunction(() => document.getElementById("input").value.length > 0);
    assert.equal(await page.inputValue("#input"), yamlText);
    assert.equal(await page.inputValue("#file-name"), "servers.yaml");
    assert.match(await page.textContent("#status"), tre("page.status.opened", { name: "servers.yaml" }));
    await page.check('input[name="mode"][value="auto"]');
    await inspect();
    const got = await shown();
    assert.equal(got.state, "done");
    assert.deepEqual(got.servers.map((s) => s.name), ["docs", "remote-api"]);
    await page.setInputFiles("#file", { name: "config.toml", mimeType: "application/toml", buffer: Buffer.from(codexText, "utf8") });
    await page.waitForFunction((t) => document.getElementById("input").value === t, codexText);
    await inspect();
    assert.match((await shown()).what, tre("page.what.config", { client: "Codex" }, false));
  });

  test("TOML and YAML syntax errors: the status names the error at its line in the file", async () => {
    const fatal = (file) => file.findings.find((f) => f.severity === "error");
    const toml = '[mcp_servers.docs]\ncommand = "npx"\nargs = ["-y", "docs-mcp"\n';
    const notRead = (f) =>
      t("page.unreadable.reason", { what: t("page.unreadable.not_read", { kind: t("page.kind.config") }), message: f.message, code: f.code, line: f.line, column: f.column });
    const { expected: tm, got: gt } = await pasteAndCompare(toml, "", "auto");
    assert.equal(gt.state, "unreadable");
    assert.equal(fatal(tm).code, "MCP015");
    assert.equal(fatal(tm).line, 3);
    assert.equal(gt.status, notRead(fatal(tm)));
    const yaml = 'mcpServers:\n  docs:\n    command: "npx\n    args: []\n';
    const { expected: y, got: gy } = await pasteAndCompare(yaml, "mcp.yaml", "config");
    assert.equal(gy.state, "unreadable");
    assert.equal(fatal(y).code, "MCP013");
    assert.equal(gy.status, notRead(fatal(y)));
    assert.equal(await page.isHidden("#servers-section"), true);
  });

  // Continue and Goose: the page shows what the CLI reports, their servers selecting their
  // names in the YAML.
  const continueBlock = [
    "name: Docs MCP",
    "version: 0.0.1",
    "schema: v1",
    "mcpServers:",
    "  - name: docs",
    "    type: stdio",
    "    command: npx",
    "    args:",
    "      - -y",
    '      - "@example/docs-mcp"',
    "    env:",
    "      DOCS_TOKEN: ${{ secrets.DOCS_TOKEN }}",
    "",
  ].join("\n");
  const gooseConfig = [
    "GOOSE_PROVIDER: openai",
    "extensions:",
    "  docs:",
    "    enabled: true",
    "    type: stdio",
    "    name: docs",
    "    cmd: npx",
    "    args: [-y, \"@example/docs-mcp\"]",
    "    envs: {}",
    "    timeout: 300",
    "",
  ].join("\n");
  for (const [client, name, text] of [
    ["Continue", ".continue/mcpServers/docs.yaml", continueBlock],
    ["Goose", "goose/config.yaml", gooseConfig],
  ]) {
    test(`a ${client} YAML file: the CLI's report, at its YAML lines`, async () => {
      const { expected, got } = await pasteAndCompare(text, name, "auto");
      assert.equal(got.state, "done", got.status);
      assert.match(got.what, tre("page.what.detected", { kind: t("page.kind.config") }));
      assert.match(got.what, tre("page.what.config", { client, detected_by: "file-name" }, false));
      assert.deepEqual(got.servers.map((s) => [s.name, s.transport]), [["docs", "stdio"]]);
      assert.equal(expected.servers[0].line, client === "Continue" ? 5 : 3);
    });
  }
});

describe("clearing and unreadable input", () => {
  test("Clear empties the input and the result", async () => {
    await page.click("#example-config");
    await inspect();
    await page.click("#clear");
    assert.equal(await page.inputValue("#input"), "");
    assert.equal(await page.isHidden("#result"), true);
    assert.equal(await page.locator("#findings li").count(), 0);
  });

  test("an empty input says so and shows no result", async () => {
    await page.click("#example-config");
    await inspect();
    await page.fill("#input", "  \n ");
    await page.click("#inspect");
    assert.equal(await page.isHidden("#result"), true);
    assert.equal(
      await page.textContent("#status"),
      t("page.status.empty"),
    );
  });

  test("garbage replaces the previous result with a plain message", async () => {
    const garbage = "this is not json {{{";
    const asSession = cliReport("transcript", "-", garbage);
    const asConfig = cliReport("config", "-", garbage);
    // The page names the first finding that says the input could not be read at all.
    const fatal = (file) => file.findings.find((f) => ["MCP001", "MCP008", "MCP009", "MCP010"].includes(f.code) && f.severity === "error");
    const because = (what, f) => t("page.unreadable.reason", { what, message: f.message, code: f.code, line: f.line, column: f.column });

    await page.click("#example-transcript");
    await inspect();
    assert.ok((await shown()).findings.length > 1);
    await page.fill("#input", garbage);
    await page.fill("#file-name", "");
    await page.check('input[name="mode"][value="auto"]');
    await inspect();
    const got = await shown();
    assert.equal(got.state, "unreadable");
    assert.equal(
      got.status,
      because(t("page.unreadable.not_mcp"), fatal(asSession)),
    );
    assert.equal(fatal(asSession).code, "MCP010");
    // Nothing of the previous result is left: no metrics of a session, no messages.
    assert.deepEqual(Object.keys(got.metrics), ["errors", "warnings", "infos"]);
    assert.equal(await page.isHidden("#messages-section"), true);
    assert.equal(await page.isHidden("#transcript-info"), true);
    assert.deepEqual(got.findings, expectedFindings(asSession));
    // Read as a configuration: the JSON syntax error, with its position.
    await page.check('input[name="mode"][value="config"]');
    await inspect();
    assert.equal(fatal(asConfig).code, "MCP001");
    assert.equal(
      await page.textContent("#status"),
      because(t("page.unreadable.not_read", { kind: t("page.kind.config") }), fatal(asConfig)),
    );
    assert.equal(await page.isHidden("#servers-section"), true);
  });

  test("auto-detection tells a configuration, a session and a server definition apart", async () => {
    for (const [kind, file] of Object.entries(samples)) {
      await page.fill("#input", fs.readFileSync(file, "utf8"));
      await page.fill("#file-name", "");
      await page.check('input[name="mode"][value="auto"]');
      await inspect();
      assert.equal(await page.evaluate(() => document.getElementById("result").dataset.kind), kind);
      assert.match(await page.textContent("#result-what"), tre("page.what.detected", { kind: t(`page.kind.${kind}`) }));
    }
  });
});

describe("the page", () => {
  test("rule links open the bundled rule page", async () => {
    await page.click("#example-config");
    await inspect();
    const link = page.locator("#findings li.finding a.code").first();
    const code = await link.textContent();
    const [rulePage] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await rulePage.waitForLoadState();
    assert.equal(new URL(rulePage.url()).pathname, `/rules/${code}.html`);
    assert.match(await rulePage.textContent("h1"), new RegExp(`^${code} `));
    await rulePage.close();
  });

  test("keyboard: labels, Ctrl+Enter, visible focus", async () => {
    const unlabeled = await page.evaluate(() =>
      [...document.querySelectorAll("input, textarea, select")]
        .filter((c) => c.labels.length === 0 && !c.getAttribute("aria-label"))
        .map((c) => c.id || c.name),
    );
    assert.deepEqual(unlabeled, []);
    await page.click("#clear");
    await page.fill("#input", fs.readFileSync(samples.config, "utf8"));
    await page.focus("#input");
    await page.evaluate(() => delete document.getElementById("result").dataset.state);
    await page.keyboard.press("Control+Enter");
    await page.waitForFunction(() => document.getElementById("result").dataset.state === "done");
    // Tab from the input reaches the buttons, and the focused one is outlined.
    await page.focus("#input");
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      const style = getComputedStyle(el);
      return { id: el.id, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    assert.equal(focused.id, "inspect");
    assert.notEqual(focused.outline, "none");
    assert.ok(focused.width >= 2);
  });

  test("readable on a narrow screen", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.click("#example-config");
    await inspect();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scrolling of the page (${overflow}px)`);
    await page.screenshot({ path: path.join(output, `config-narrow-${LANG}.png`), fullPage: true });
    // A server definition with its fixes open, and an inferred schema.
    await page.click("#example-server");
    await inspect();
    await page.evaluate(() => document.querySelectorAll("#findings details.fix").forEach((d) => (d.open = true)));
    await page.fill("#infer-input", '{"a": {"b": [1, 2, {"c": "a long string value"}]}}');
    await page.click("#infer-run");
    const overflowServer = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflowServer <= 0, `no horizontal scrolling with a server definition (${overflowServer}px)`);
    await page.screenshot({ path: path.join(output, `server-narrow-${LANG}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  test("the page cannot open a connection", async () => {
    const result = await page.evaluate(async () => {
      try {
        await fetch("/index.html");
        return "fetched";
      } catch (err) {
        return `blocked: ${err.name}`;
      }
    });
    assert.equal(result, "blocked: TypeError");
  });
});

describe("languages", () => {
  /** The text a static message shows: its `code`, *emphasis* and [[keys]] markup dropped. */
  const plain = (text) => text.replace(/`([^`]+)`/g, "$1").replace(/\[\[([^\]]+)\]\]/g, "$1").replace(/(?<!\\)\*/g, "").replace(/\\\*/g, "*");

  /**
   * Every data-i18n text and translated attribute of `p`, by key; but the status lines, and the
   * headings and "Show more" buttons a result writes its counts into.
   */
  async function staticTexts(p) {
    return p.evaluate(() => {
      const out = [];
      const counted = /^(status|infer-status|compare-status|(findings|runs|items|servers|messages)-(heading|more))$/;
      for (const node of document.querySelectorAll("[data-i18n]")) {
        if (!counted.test(node.id)) out.push([node.dataset.i18n, node.textContent.replace(/\s+/g, " ").trim()]);
      }
      for (const node of document.querySelectorAll("[data-i18n-aria-label]")) out.push([node.dataset.i18nAriaLabel, node.getAttribute("aria-label")]);
      for (const node of document.querySelectorAll("[data-i18n-title]")) out.push([node.dataset.i18nTitle, node.getAttribute("title")]);
      return out;
    });
  }

  /** What staticTexts gives for a page shown in `lang`. */
  function expectedStatic(got, lang) {
    const messages = messagesOf(lang);
    return got.map(([key]) => [key, plain(messages[key]).replace(/\s+/g, " ").trim()]);
  }

  /** A fresh page in a new context of `locale` (nothing remembered), ready. */
  async function freshPage(locale) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const p = await ctx.newPage();
    await p.goto(`${origin}/`);
    await p.waitForFunction(() => document.body.dataset.ready, null, { timeout: 30_000 });
    return { ctx, p };
  }

  test(`the page shows every static text in its language (${LANG}, browser locale ${LOCALE})`, async () => {
    assert.equal(await page.evaluate(() => document.documentElement.lang), LANG);
    const got = await staticTexts(page);
    assert.ok(got.length > 80, `${got.length} translated texts`);
    assert.deepEqual(got, expectedStatic(got, LANG));
    assert.equal(await page.title(), t("page.title"));
    const pressed = await page.evaluate(() => [...document.querySelectorAll("button[data-lang]")].map((b) => [b.dataset.lang, b.getAttribute("aria-pressed")]));
    assert.deepEqual(pressed, [["en", String(LANG === "en")], ["es", String(LANG === "es")]]);
  });

  test("an es-ES browser gets Spanish, a browser in another language English", async () => {
    for (const [locale, lang] of [["es-ES", "es"], ["es-419", "es"], ["fr-FR", "en"], ["en-GB", "en"]]) {
      const { ctx, p } = await freshPage(locale);
      assert.equal(await p.evaluate(() => document.documentElement.lang), lang, locale);
      assert.equal(await p.textContent("#inspect"), t("page.input.inspect", null, messagesOf(lang)), locale);
      assert.equal(await p.textContent("#status"), t("page.status.ready", null, messagesOf(lang)), locale);
      await ctx.close();
    }
  });

  test("the switch changes every label, re-renders the result, and is remembered", async () => {
    const other = LANG === "es" ? "en" : "es";
    const { ctx, p } = await freshPage(LOCALE);
    await p.click("#example-config");
    await p.evaluate(() => delete document.getElementById("result").dataset.state);
    await p.click("#inspect");
    await p.waitForFunction(() => document.getElementById("result").dataset.state === "done");
    const typed = await p.inputValue("#input");
    const helpsBefore = await p.evaluate(() => [...document.querySelectorAll("#findings .help")].map((h) => h.textContent));
    await p.click(`button[data-lang=${other}]`);
    assert.equal(await p.evaluate(() => document.documentElement.lang), other);
    const got = await staticTexts(p);
    assert.deepEqual(got, expectedStatic(got, other));
    // The result is shown again in the other language; what the user typed is untouched.
    assert.equal(await p.inputValue("#input"), typed);
    const findings = await p.evaluate(() => document.querySelectorAll("#findings li.finding").length);
    assert.equal(await p.textContent("#findings-heading"), t("page.findings.heading", { n: findings.toLocaleString(other) }, messagesOf(other)));
    const counts = await p.evaluate(() => document.querySelector("#metrics [data-metric=errors] dt").textContent);
    assert.equal(counts, t("page.metric.errors", null, messagesOf(other)));
    const helpsAfter = await p.evaluate(() => [...document.querySelectorAll("#findings .help")].map((h) => h.textContent));
    assert.equal(helpsAfter.length, helpsBefore.length);
    assert.notDeepEqual(helpsAfter, helpsBefore, "the helps follow the language");
    const comma = "remove the comma; a strict parser rejects the whole file";
    const spanish = catalogues.es.help[comma];
    assert.ok(spanish, "es.json translates the help of MCP004");
    assert.ok((other === "es" ? helpsAfter : helpsBefore).includes(spanish), "a finding's help shows in Spanish");
    assert.ok((other === "es" ? helpsBefore : helpsAfter).includes(comma));
    // The status line too: "Inspected as a client configuration: …" in the other language.
    const inspected = messagesOf(other)["page.status.inspected"].split("{kind}")[0] + messagesOf(other)["page.kind.config"];
    assert.ok((await p.textContent("#status")).startsWith(inspected), await p.textContent("#status"));
    // Remembered: a reload shows the chosen language, whatever the browser's.
    assert.equal(await p.evaluate(() => localStorage.getItem("mcpvet.lang")), other);
    await p.reload();
    await p.waitForFunction(() => document.body.dataset.ready);
    assert.equal(await p.evaluate(() => document.documentElement.lang), other);
    assert.equal(await p.textContent("#inspect"), t("page.input.inspect", null, messagesOf(other)));
    await p.screenshot({ path: path.join(output, `switched-to-${other}.png`), fullPage: true });
    await ctx.close();
  });
});

describe("performance", () => {
  test("a 10 MB session in the page (timing printed, not asserted)", { skip: !fs.existsSync(session10mb) && "no 10 MB session" }, async () => {
    const size = fs.statSync(session10mb).size;
    assert.ok(size >= 9_500_000, `${session10mb} is ${size} bytes`);
    const expected = cliReport("transcript", session10mb);
    // A fresh page, as a user would have it: the module has not run yet.
    const fresh = await context.newPage();
    await fresh.goto(`${origin}/`);
    await fresh.waitForFunction(() => document.body.dataset.ready === "true");
    await fresh.setInputFiles("#file", session10mb);
    await fresh.waitForFunction(() => document.getElementById("input").value.length > 0, null, { timeout: 60_000 });
    await fresh.check('input[name="mode"][value="transcript"]');
    const runs = [];
    for (let run = 0; run < 2; run++) {
      await fresh.evaluate(() => {
        delete document.body.dataset.clickToPaintMs;
        document.getElementById("inspect").click();
      });
      await fresh.waitForFunction(() => document.body.dataset.clickToPaintMs, null, { timeout: 120_000 });
      runs.push(
        await fresh.evaluate(() => ({
          module: JSON.parse(document.body.dataset.timings).wasm,
          inspect: Number(document.body.dataset.inspectMs),
          paint: Number(document.body.dataset.clickToPaintMs),
        })),
      );
    }
    const metrics = await fresh.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll("#metrics .metric")].map((m) => [m.dataset.metric, Number(m.querySelector("dd").textContent.replace(/[,.\s\u00a0\u202f]/g, ""))])),
    );
    assert.equal(metrics.messages, expected.summary.messages);
    assert.equal(metrics.errors, expected.summary.errors);
    assert.equal(metrics.unpaired_ids, expected.summary.unpaired_ids);
    const findings = await fresh.locator("#findings li.finding").count();
    assert.equal(findings, Math.min(expected.findings.length, 200));
    await fresh.screenshot({ path: path.join(output, `transcript-10MB-${LANG}.png`) });
    await fresh.close();
    const ms = (x) => `${Math.round(x)} ms`;
    const line = (r) => `module ${ms(r.module)}, inspect and render ${ms(r.inspect)}, click to painted result ${ms(r.paint)}`;
    const report = [
      `10 MB session (${size} bytes, ${expected.summary.messages} messages, ${expected.findings.length} findings) in headless Chromium:`,
      `  first inspection after load: ${line(runs[0])}`,
      `  second inspection:           ${line(runs[1])}`,
    ].join("\n");
    console.log(report);
    fs.writeFileSync(path.join(output, "timing-10MB.txt"), `${report}\n`);
  });
});

describe("network", () => {
  test("no request left the page: only its own files from 127.0.0.1", () => {
    assert.ok(requests.length > 0);
    assert.deepEqual(foreign, []);
    assert.deepEqual(failed, []);
    console.log(`${requests.length} requests, all for the page's own files on 127.0.0.1`);
  });
});

describe("the page has no script errors", () => {
  test("no uncaught error or console error", () => {
    // The refusals of the connection test are expected.
    assert.deepEqual(page.errors.filter((e) => !e.includes("Content Security Policy")), []);
  });
});
