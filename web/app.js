// mcpvet in the browser: loads the WebAssembly module, runs it on the input and shows the
// report. No framework, no network: the module and the examples come from the scripts
// mcpvet-wasm.js and samples.js (see docs/web.md).
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  /** Rows rendered at a time in the findings and message lists. */
  const PAGE_SIZE = 200;

  /** The compiled module, and the exports of its instance. */
  let compiled = null;
  let wasm = null;
  /** The last inspection: the text inspected and the page object the module returned. */
  let current = null;
  /** How long the last call took: copying in, the module, reading the JSON back (ms). */
  let timings = null;

  // ---------------------------------------------------------------------------------------
  // Languages: the page's strings come from the message catalogue the module holds
  // (crates/mcpvet_i18n/messages/*.json, exported by mcpvet_messages), in English or Spanish.

  /** The languages of the page, in the order of the switch. */
  const LANGS = ["en", "es"];
  /** Where the choice is remembered. */
  const LANG_KEY = "mcpvet.lang";
  /** The language shown, and its catalogue: {messages: {key: text}, rules: {code: title}}. */
  let lang = "en";
  let catalogue = { messages: {}, rules: {} };

  /** The language of a tag (`es`, `es-ES`, `es-419` are Spanish; `en-GB` English), or null. */
  function langOfTag(tag) {
    const primary = String(tag || "").toLowerCase().split(/[-_]/)[0];
    return LANGS.includes(primary) ? primary : null;
  }

  /** The remembered choice, else the first of the browser's languages the page has, else English. */
  function initialLang() {
    let stored = null;
    try {
      stored = localStorage.getItem(LANG_KEY);
    } catch {
      // Storage refused (a sandboxed frame): the browser's languages decide.
    }
    if (langOfTag(stored)) return langOfTag(stored);
    const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language];
    for (const tag of wanted) {
      const found = langOfTag(tag);
      if (found) return found;
    }
    return "en";
  }

  /**
   * The message `key` in the page's language with its `{name}` placeholders replaced by `vars`
   * (the catalogue falls back to English; an unknown key shows as itself).
   */
  function t(key, vars) {
    const text = catalogue.messages[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
  }

  /** `t(key.one)` when `n` is 1, `t(key.other)` otherwise, with `{n}` the number written in the page's language. */
  function tn(key, n, vars) {
    return t(`${key}.${n === 1 ? "one" : "other"}`, { ...vars, n: num(n) });
  }

  /**
   * The message `key` as nodes: each `{name}` placeholder replaced by `vars[name]`, which may
   * be a node (a <code> element) or text.
   */
  function tx(key, vars) {
    const text = catalogue.messages[key] ?? key;
    const out = [];
    let last = 0;
    for (const m of text.matchAll(/\{(\w+)\}/g)) {
      if (m.index > last) out.push(text.slice(last, m.index));
      const value = vars && m[1] in vars ? vars[m[1]] : m[0];
      out.push(value instanceof Node ? value : String(value));
      last = m.index + m[0].length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }

  /**
   * A value of the report (a severity, a kind, an answer) in the page's language: the message
   * `prefix.value` (spaces and hyphens written `_`), or the value itself when it has none.
   */
  function tv(prefix, value) {
    return catalogue.messages[`${prefix}.${String(value).replace(/[ -]/g, "_")}`] ?? String(value);
  }

  /** A number as the page's language writes it. */
  function num(n) {
    return Number(n).toLocaleString(lang);
  }

  /**
   * The nodes of a static text of the catalogue: `code` in backquotes, *emphasis* (`\*` is an
   * asterisk) and [[keys]]; never HTML.
   */
  function richNodes(text) {
    const out = [];
    const pattern = /`([^`]+)`|\*((?:\\\*|[^*])+)\*|\[\[([^\]]+)\]\]/g;
    let last = 0;
    const plain = (s) => s.replace(/\\\*/g, "*");
    for (const m of text.matchAll(pattern)) {
      if (m.index > last) out.push(plain(text.slice(last, m.index)));
      if (m[1] !== undefined) out.push(el("code", null, m[1]));
      else if (m[2] !== undefined) out.push(el("em", null, plain(m[2])));
      else out.push(el("kbd", null, m[3]));
      last = m.index + m[0].length;
    }
    if (last < text.length) out.push(plain(text.slice(last)));
    return out;
  }

  /** Fills every `data-i18n` element and `data-i18n-*` attribute of the page from the catalogue. */
  function translateStatic() {
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const text = t(node.dataset.i18n);
      if (node.tagName === "TITLE" || node.tagName === "OPTION") node.textContent = text;
      else node.replaceChildren(...richNodes(text));
    }
    for (const attr of ["aria-label", "title", "placeholder"]) {
      const data = `i18n${attr.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}`;
      for (const node of document.querySelectorAll(`[data-i18n-${attr}]`)) {
        node.setAttribute(attr, t(node.dataset[data]));
      }
    }
    for (const button of document.querySelectorAll("button[data-lang]")) {
      button.setAttribute("aria-pressed", String(button.dataset.lang === lang));
    }
  }

  /** Reads the catalogue of `code` from the module (mcpvet_messages). */
  function loadCatalogue(code) {
    const handle = put(encoder.encode(code));
    try {
      return JSON.parse(take(wasm.mcpvet_messages(handle)));
    } finally {
      wasm.mcpvet_buffer_free(handle);
    }
  }

  /**
   * Shows again, in the page's language, what the page shows: the inspection's result (the
   * text inspected is inspected again, so that its helps are in the new language; the boxes
   * are left as they are), the inferred schema's errors, the comparison and the lock check,
   * and every status line.
   */
  function rerender() {
    const saved = Object.entries(statusTexts).map(([id, text]) => [id, text, $(id).dataset.tone]);
    if (current) {
      try {
        const page = inspectPage(current.mode, current.fileName, current.text);
        if (!page.error) {
          current.page = page;
          render(page, current.timing);
        }
      } catch {
        wasm = new WebAssembly.Instance(compiled, {}).exports;
      }
    }
    if (inferred && inferred.result.schema === null && inferred.result.errors) renderInferErrors(inferred.result.errors);
    if (compared && compared.out && !$("compare-result").hidden) renderCompare(compared.out);
    if (lockChecked && !$("lock-result").hidden) renderLockCheck(lockChecked.out);
    for (const [id, text, tone] of saved) showStatus(id, text, tone);
  }

  /** Shows the page in `code`: every static text, then the results shown, again. */
  function setLang(code, remember) {
    lang = langOfTag(code) || "en";
    catalogue = loadCatalogue(lang);
    document.documentElement.lang = lang;
    document.body.dataset.lang = lang;
    if (remember) {
      try {
        localStorage.setItem(LANG_KEY, lang);
      } catch {
        // Not remembered: the choice holds until the page is left.
      }
    }
    translateStatic();
    rerender();
  }

  // ---------------------------------------------------------------------------------------
  // The WebAssembly module: byte buffers in, byte buffers out (crates/mcpvet_wasm/src/ffi.rs).

  function base64ToBytes(base64) {
    if (typeof Uint8Array.fromBase64 === "function") {
      return Uint8Array.fromBase64(base64);
    }
    const binary = atob(base64);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) {
      bytes[i] = binary.charCodeAt(i);
    }
    return bytes;
  }

  async function loadModule() {
    const base64 = globalThis.MCPVET_WASM_BASE64;
    if (typeof base64 !== "string") {
      throw new Error("mcpvet-wasm.js is missing: build the page with scripts/build-web");
    }
    // The bytes are compiled from memory: no fetch, so connect-src 'none' holds.
    const { module, instance } = await WebAssembly.instantiate(base64ToBytes(base64), {});
    delete globalThis.MCPVET_WASM_BASE64;
    compiled = module;
    return instance.exports;
  }

  /** Copies `bytes` into a new buffer of the module; returns its handle. */
  function put(bytes) {
    const handle = wasm.mcpvet_buffer_new(bytes.length);
    new Uint8Array(wasm.memory.buffer, wasm.mcpvet_buffer_ptr(handle), bytes.length).set(bytes);
    return handle;
  }

  /** Reads and frees the buffer `handle` as UTF-8 text. */
  function take(handle) {
    const view = new Uint8Array(
      wasm.memory.buffer,
      wasm.mcpvet_buffer_ptr(handle),
      wasm.mcpvet_buffer_len(handle),
    );
    const text = decoder.decode(view);
    wasm.mcpvet_buffer_free(handle);
    return text;
  }

  /**
   * Runs mcpvet_infer_schema: returns {schema, errors} (see crates/mcpvet_wasm/src/infer.rs),
   * or {error} for an unknown `required` choice.
   */
  function inferSchema(required, text) {
    const handles = [put(encoder.encode(required)), put(encoder.encode(text))];
    try {
      return JSON.parse(take(wasm.mcpvet_infer_schema(handles[0], handles[1])));
    } finally {
      handles.forEach((h) => wasm.mcpvet_buffer_free(h));
    }
  }

  /**
   * Runs mcpvet_inspect_page: returns the page object (see crates/mcpvet_wasm/src/page.rs),
   * its report's rule titles and helps in the page's language.
   */
  function inspectPage(mode, fileName, text) {
    const t0 = performance.now();
    const handles = [put(encoder.encode(mode)), put(encoder.encode(fileName)), put(encoder.encode(text)), put(encoder.encode(lang))];
    try {
      const t1 = performance.now();
      const out = wasm.mcpvet_inspect_page(handles[0], handles[1], handles[2], handles[3]);
      const t2 = performance.now();
      const page = JSON.parse(take(out));
      const t3 = performance.now();
      timings = { copy: t1 - t0, wasm: t2 - t1, parse: t3 - t2 };
      return page;
    } finally {
      handles.forEach((h) => wasm.mcpvet_buffer_free(h));
    }
  }

  // ---------------------------------------------------------------------------------------
  // Offsets: the report counts UTF-8 bytes; a textarea selects UTF-16 code units.

  /**
   * The UTF-16 offsets in `text` of the byte offsets `start` and `end` (start <= end), as
   * TextEncoder encodes `text` (a lone surrogate becomes U+FFFD, three bytes).
   */
  function byteRangeToUtf16(text, start, end) {
    let bytes = 0;
    let i = 0;
    let startUnits = -1;
    const n = text.length;
    while (i < n) {
      if (startUnits < 0 && bytes >= start) startUnits = i;
      if (bytes >= end) break;
      const c = text.charCodeAt(i);
      if (c < 0x80) {
        bytes += 1;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        bytes += 4;
        i += 1;
      } else {
        bytes += 3;
      }
      i += 1;
    }
    if (startUnits < 0) startUnits = i;
    return [startUnits, i];
  }

  /** Selects the bytes `start..end` of the inspected text in the input and scrolls to them. */
  function selectSpan(start, end) {
    if (!current) return;
    const input = $("input");
    const text = current.text;
    if (input.value !== text) {
      setStatus(() => t("page.status.changed_select"), "warning");
    }
    selectInTextarea(input, text, start, end);
  }

  /** Selects the bytes `start..end` of `text` (the text `input` held) in the textarea `input`. */
  function selectInTextarea(input, text, start, end) {
    const [from, to] = byteRangeToUtf16(text, start, end);
    input.focus({ preventScroll: true });
    input.setSelectionRange(from, to, "forward");
    scrollToOffset(input, from);
  }

  function scrollToOffset(input, offset) {
    const before = input.value.slice(0, offset);
    const lineStart = before.lastIndexOf("\n") + 1;
    let line = 0;
    for (let i = before.indexOf("\n"); i >= 0; i = before.indexOf("\n", i + 1)) line += 1;
    const style = getComputedStyle(input);
    const lineHeight = parseFloat(style.lineHeight) || 18;
    const charWidth = measureCharWidth(style);
    input.scrollTop = Math.max(0, (line - 2) * lineHeight);
    const column = offset - lineStart;
    const x = column * charWidth;
    input.scrollLeft = x < input.clientWidth - 4 * charWidth ? 0 : x - input.clientWidth / 3;
    input.scrollIntoView({ block: "nearest" });
  }

  let charWidthCache = 0;
  function measureCharWidth(style) {
    if (charWidthCache) return charWidthCache;
    const probe = document.createElement("span");
    probe.textContent = "0".repeat(100);
    probe.style.font = style.font;
    probe.style.position = "absolute";
    probe.style.visibility = "hidden";
    probe.style.whiteSpace = "pre";
    document.body.append(probe);
    charWidthCache = probe.getBoundingClientRect().width / 100 || 8;
    probe.remove();
    return charWidthCache;
  }

  // ---------------------------------------------------------------------------------------
  // Rendering.

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    if (attrs) {
      for (const [key, value] of Object.entries(attrs)) {
        if (value === null || value === undefined || value === false) continue;
        if (key === "class") node.className = value;
        else if (key === "dataset") Object.assign(node.dataset, value);
        else node.setAttribute(key, value === true ? "" : value);
      }
    }
    // Arrays of children (of any depth) are flattened.
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : String(child));
    }
    return node;
  }

  /**
   * A status line's message: `message` is a function giving the text in the page's language
   * (called again when the language changes), or a text from the module, shown as it is.
   */
  function showStatus(id, message, tone) {
    const status = $(id);
    const text = typeof message === "function" ? message : () => message;
    statusTexts[id] = text;
    status.textContent = text();
    status.dataset.tone = tone || "info";
  }
  /** The message of each status line, to show it again in another language. */
  const statusTexts = {};

  function setStatus(message, tone) {
    showStatus("status", message, tone);
  }

  function clearResult() {
    current = null;
    const result = $("result");
    result.hidden = true;
    result.dataset.state = "empty";
    for (const id of ["metrics", "session-facts", "definition-facts", "findings", "runs"]) $(id).replaceChildren();
    for (const id of ["servers", "messages", "items"]) $(id).tBodies[0].replaceChildren();
    $("result-what").textContent = "";
    for (const id of [
      "findings-more",
      "messages-more",
      "items-more",
      "runs-more",
      "runs-section",
      "servers-section",
      "messages-section",
      "transcript-info",
      "definition-info",
      "items-section",
    ]) {
      $(id).hidden = true;
    }
    delete document.body.dataset.inspectMs;
    delete document.body.dataset.clickToPaintMs;
  }

  /** A kind of input with its article ("a client configuration"), for sentences. */
  const kindName = (kind) => t(`page.kind.${kind}`);
  /** What each "Load example" button loads, for the status line. */
  const exampleName = (name) => t(`page.example_name.${name}`);
  /**
   * Findings that mean the input could not be read at all, when nothing was read: a JSON, YAML
   * or TOML syntax error, invalid UTF-8, an unsupported format, not an MCP file.
   */
  const FATAL_CODES = new Set(["MCP001", "MCP008", "MCP009", "MCP010", "MCP013", "MCP015"]);
  /** Syntax errors: the input has the detected kind's shape, but is not well formed. */
  const SYNTAX_CODES = new Set(["MCP001", "MCP013", "MCP015"]);

  /** Why nothing could be read from the input, or null when something was. */
  function unreadableReason(page, file) {
    const runs = file.runs ? file.runs.length : 0;
    const read = { config: file.summary.servers, transcript: file.summary.messages + runs, server: file.summary.items }[file.kind];
    if (read > 0) return null;
    const fatal = file.findings.find((f) => FATAL_CODES.has(f.code) && f.severity === "error");
    if (!fatal) return null;
    // Detected from its shape but not well formed (a TOML table header, then a broken array):
    // it looks like one, it just cannot be read.
    const what = page.detected && !SYNTAX_CODES.has(fatal.code)
      ? t("page.unreadable.not_mcp")
      : t("page.unreadable.not_read", { kind: kindName(file.kind) });
    return t("page.unreadable.reason", { what, message: fatal.message, code: fatal.code, line: fatal.line, column: fatal.column });
  }

  function formatBytes(n) {
    if (n < 1000) return tn("page.count.bytes", n);
    const one = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    if (n < 1e6) return `${(n / 1e3).toLocaleString(lang, one)} kB`;
    return `${(n / 1e6).toLocaleString(lang, one)} MB`;
  }

  /** A metric: `name` (its `data-metric`), its label (`page.metric.<label>`) and value. */
  function metric(name, value, tone, label = name) {
    return el(
      "div",
      { class: `metric${tone && value > 0 ? ` ${tone}` : ""}`, dataset: { metric: name } },
      el("dt", null, t(`page.metric.${label}`)),
      el("dd", null, num(value)),
    );
  }

  function render(page, timing) {
    const file = page.report.files[0];
    const summary = file.summary;
    const result = $("result");
    const reason = unreadableReason(page, file);

    const what = [];
    if (page.detected) what.push(t("page.what.detected", { kind: kindName(page.detected.kind), reason: page.detected.reason }));
    if (file.kind === "config" && file.dialect) {
      what.push(t("page.what.config", { client: file.dialect.client, detected_by: file.dialect.detected_by, reason: file.dialect.reason }));
    }
    if (file.kind === "transcript" && file.input_format) {
      what.push(t("page.what.transcript", { format: file.input_format.name, reason: file.input_format.reason }));
    }
    if (file.kind === "server" && file.input_format) {
      what.push(t("page.what.server", { format: file.input_format.name, reason: file.input_format.reason }));
    }
    what.push(t("page.what.time", { size: formatBytes(page.bytes), ms: num(Math.round(timing)) }));
    $("result-what").textContent = what.join(" ");

    const metrics = $("metrics");
    if (reason) {
      metrics.replaceChildren();
    } else if (file.kind === "config") {
      metrics.replaceChildren(metric("servers", summary.servers));
    } else if (file.kind === "server") {
      const items = file.definition ? file.definition.items : [];
      const count = (...kinds) => items.filter((i) => kinds.includes(i.kind)).length;
      metrics.replaceChildren(
        metric("items", summary.items),
        metric("tools", count("tool")),
        metric("prompts", count("prompt")),
        metric("resources", count("resource", "resource template")),
      );
    } else {
      metrics.replaceChildren(
        ...(file.runs ? [metric("runs", file.runs.length)] : []),
        metric("messages", summary.messages),
        metric("requests", summary.requests),
        metric("responses", summary.responses),
        metric("notifications", summary.notifications),
        metric("tools", summary.tools, null, "tool_definitions"),
        metric("unpaired_ids", summary.unpaired_ids, "warning"),
      );
    }
    metrics.append(
      metric("errors", summary.errors, "error"),
      metric("warnings", summary.warnings, "warning"),
      metric("infos", summary.infos),
    );

    renderSessionFacts(file, reason);
    renderRuns(page, file, reason);
    renderDefinition(page, file, reason);
    renderFindings(file.findings);
    renderServers(page, file, reason);
    renderMessages(page, reason);

    result.hidden = false;
    result.dataset.state = reason ? "unreadable" : "done";
    result.dataset.kind = file.kind;
    if (reason) {
      setStatus(() => unreadableReason(page, file), "error");
    } else {
      const counts = () =>
        [tn("page.count.errors", summary.errors), tn("page.count.warnings", summary.warnings), tn("page.count.infos", summary.infos)].join(", ");
      setStatus(() => t("page.status.inspected", { kind: kindName(file.kind), counts: counts() }), summary.errors > 0 ? "error" : "ok");
    }
  }

  function fact(label, ...value) {
    return el("div", null, el("dt", null, label), el("dd", null, ...value));
  }

  function renderSessionFacts(file, reason) {
    const section = $("transcript-info");
    if (file.kind !== "transcript" || reason) {
      section.hidden = true;
      $("session-facts").replaceChildren();
      return;
    }
    const s = file.summary;
    $("session-facts").replaceChildren(
      fact(t("page.fact.protocol"), el("code", null, file.protocol.version), ` (${file.protocol.detected_by})`),
      fact(
        t("page.fact.phase"),
        tx("page.fact.phase_value", { phase: el("code", null, file.phase.reached), event: el("code", null, file.phase.last_event) }),
      ),
      fact(
        t("page.fact.digest"),
        file.tools_digest
          ? el("code", { class: "digest", dataset: { field: "tools_digest" } }, file.tools_digest)
          : t("page.fact.digest_none_session"),
      ),
      fact(t("page.fact.failed_calls"), num(s.failed_calls)),
    );
    section.hidden = false;
  }

  // ---------------------------------------------------------------------------------------
  // Runs of a run-phase event log: the four answers of each (docs/run-logs.md).

  /** Who owns a timeout, by the report's `timeout.owner`. */
  const OWNER_KEYS = {
    launcher: "page.run.owner.launcher",
    "server/transport": "page.run.owner.server",
    "registry path": "page.run.owner.registry",
    "tool handler": "page.run.owner.tool",
  };

  /**
   * The tone of an answer's badge: what a healthy run shows is "good" (it started, completed
   * the handshake, listed usable tools, and reached nothing outside unless a tool did so);
   * reaching an external channel is worth a look rather than wrong.
   */
  function answerTone(question, answer) {
    if (answer === "unknown") return "unknown";
    if (question === "external") return answer === "yes" ? "attention" : "good";
    return answer === "yes" ? "good" : "bad";
  }

  /** One of the four answers: its question, a yes/no/unknown badge and its details. */
  function answer(question, label, value, details) {
    const shown = [details].flat(Infinity).filter((d) => d !== null && d !== undefined && d !== "");
    return el(
      "div",
      { class: "answer", dataset: { question, answer: value } },
      el("dt", null, label),
      el(
        "dd",
        null,
        el("span", { class: `badge tone-${answerTone(question, value)}` }, tv("page.answer", value)),
        shown.length ? [" ", el("span", { class: "detail" }, ...shown)] : null,
      ),
    );
  }

  /** A button that selects an event of a run in the input, or the text alone without a span. */
  function eventButton(event, line, span, field) {
    const text = line === null || line === undefined ? event : t("page.run.event_line", { event, line: num(line) });
    if (!span) return el("code", { dataset: { field } }, text);
    return el("button", { type: "button", class: "locate event", dataset: { start: span.start, end: span.end, field } }, text);
  }

  /** Items joined with ", ", each in <code>. */
  function codeList(items) {
    const out = [];
    items.forEach((item, i) => {
      if (i > 0) out.push(", ");
      out.push(el("code", null, item));
    });
    return out;
  }

  function runCard(run, spans, i) {
    spans = spans || {};
    const headingId = `run-${i}-heading`;
    const meta = [];
    if (run.server_name !== null) meta.push(tx("page.run.server", { name: el("code", { dataset: { field: "server" } }, run.server_name) }));
    if (run.pids.length) meta.push(tx(run.pids.length === 1 ? "page.run.pid" : "page.run.pids", { pids: el("span", null, ...codeList(run.pids)) }));
    meta.push([t("page.run.counts", { events: tn("page.count.events", run.events), messages: tn("page.count.messages", run.messages) })]);
    const line = t("page.run.line", { line: num(run.line) });
    meta.push(
      tx("page.run.starts", {
        line: spans.first
          ? el("button", { type: "button", class: "locate line", dataset: { start: spans.first.start, end: spans.first.end, field: "first" } }, line)
          : line,
      }),
    );

    const started = run.started;
    const startedDetails = [];
    if (started.exit_code !== null) startedDetails.push(t("page.run.exit_code", { code: started.exit_code }));
    if (started.signal !== null) startedDetails.push(tx("page.run.signal", { signal: el("code", null, started.signal) }));
    if (started.stderr !== null) startedDetails.push(tx("page.run.stderr", { stderr: el("code", { class: "stderr" }, started.stderr) }));
    const tools = run.tools;
    const toolDetails = [];
    if (tools.count !== null) toolDetails.push(tn("page.count.tools", tools.count));
    if (tools.reason !== null) toolDetails.push(tools.reason);
    if (tools.digest !== null) toolDetails.push(tx("page.run.digest", { digest: el("code", { class: "digest" }, tools.digest) }));
    const hosts = run.external.hosts;

    const facts = [];
    facts.push(
      el(
        "div",
        { dataset: { fact: "last_event" } },
        el("dt", null, t("page.run.last_event")),
        el("dd", null, run.last_event ? eventButton(run.last_event.event, run.last_event.line, spans.last_event, "last_event") : t("page.none")),
      ),
    );
    const timeout = run.timeout;
    facts.push(
      el(
        "div",
        { dataset: { fact: "timeout" } },
        el("dt", null, t("page.run.timeout")),
        el(
          "dd",
          null,
          timeout
            ? [
                eventButton(timeout.event, timeout.line, spans.timeout, "timeout"),
                timeout.phase ? tx("page.run.timeout_phase", { phase: el("code", null, timeout.phase) }) : t("page.run.timeout_no_phase"),
                el(
                  "span",
                  { class: "owner", dataset: { owner: timeout.owner || "" } },
                  timeout.owner
                    ? t("page.run.owned_by", { owner: OWNER_KEYS[timeout.owner] ? t(OWNER_KEYS[timeout.owner]) : timeout.owner })
                    : t("page.run.owner_unknown"),
                ),
                timeout.last_event
                  ? tx("page.run.timeout_last", { event: el("code", null, timeout.last_event) })
                  : t("page.run.timeout_no_last"),
              ]
            : t("page.none"),
        ),
      ),
    );
    if (run.phase) {
      facts.push(
        el(
          "div",
          { dataset: { fact: "phase" } },
          el("dt", null, t("page.run.messages")),
          el("dd", null, tx("page.run.phase_value", { phase: el("code", null, run.phase.reached), event: el("code", null, run.phase.last_event) })),
        ),
      );
    }
    if (run.unknown_events.length) {
      facts.push(
        el("div", { dataset: { fact: "unknown_events" } }, el("dt", null, t("page.run.unknown_events")), el("dd", null, ...codeList(run.unknown_events))),
      );
    }

    const join = (parts) => parts.flatMap((p, k) => (k > 0 ? [" · ", p] : [p]));
    return el(
      "li",
      { dataset: { run: run.run_id ?? "" } },
      el(
        "article",
        { class: "run", "aria-labelledby": headingId },
        el("h4", { id: headingId }, run.run_id !== null ? tx("page.run.heading", { id: el("code", null, run.run_id) }) : t("page.run.heading_none")),
        el("p", { class: "run-meta" }, ...join(meta)),
        el(
          "dl",
          { class: "answers" },
          answer("started", t("page.run.started"), started.answer, join(startedDetails)),
          answer("initialized", t("page.run.initialized"), run.initialized.answer),
          answer("tools", t("page.run.tools"), tools.answer, join(toolDetails)),
          answer("external", t("page.run.external"), run.external.answer, hosts.length ? tx("page.run.reached", { hosts: el("span", null, ...codeList(hosts)) }) : null),
        ),
        el("dl", { class: "facts run-facts" }, ...facts),
      ),
    );
  }

  function renderRuns(page, file, reason) {
    const section = $("runs-section");
    const list = $("runs");
    list.replaceChildren();
    if (file.kind !== "transcript" || !file.runs || reason) {
      section.hidden = true;
      $("runs-more").hidden = true;
      return;
    }
    $("runs-heading").textContent = t("page.runs.heading", { n: num(file.runs.length) });
    if (file.runs.length === 0) {
      list.append(el("li", { class: "none" }, t("page.runs.none")));
    }
    const spans = page.runs || [];
    appendPaged(list, $("runs-more"), file.runs, (run, i) => runCard(run, spans[i], i));
    section.hidden = false;
  }

  /** The facts and the advertised items of a server definition. */
  function renderDefinition(page, file, reason) {
    const info = $("definition-info");
    const section = $("items-section");
    const body = $("items").tBodies[0];
    body.replaceChildren();
    if (file.kind !== "server" || !file.definition || reason) {
      info.hidden = true;
      section.hidden = true;
      $("definition-facts").replaceChildren();
      return;
    }
    const d = file.definition;
    const facts = [];
    if (file.input_format) {
      facts.push(fact(t("page.fact.format"), el("code", null, file.input_format.name), ` (${file.input_format.reason})`));
    }
    const server = [d.name, d.version].filter((x) => x !== null && x !== undefined);
    facts.push(
      fact(
        t("page.fact.server"),
        server.length ? el("code", { dataset: { field: "server" } }, server.join(" ")) : t("page.fact.server_none"),
      ),
    );
    if (file.protocol) {
      facts.push(fact(t("page.fact.protocol"), el("code", null, file.protocol.version), ` (${file.protocol.detected_by})`));
    }
    if (file.tools_digest !== undefined) {
      facts.push(
        fact(
          t("page.fact.digest"),
          file.tools_digest
            ? el("code", { class: "digest", dataset: { field: "tools_digest" } }, file.tools_digest)
            : t("page.fact.digest_none_listing"),
        ),
      );
    }
    $("definition-facts").replaceChildren(...facts);
    info.hidden = false;

    $("items-heading").textContent = t("page.items.heading", { n: num(d.items.length) });
    if (d.items.length === 0) {
      body.append(el("tr", null, el("td", { colspan: 4 }, t("page.items.none"))));
    }
    appendPaged(body, $("items-more"), d.items, (item, i) => {
      const span = page.items[i];
      const name = item.name === null ? t("page.items.unnamed") : item.name;
      return el(
        "tr",
        { dataset: { kind: item.kind } },
        el("td", { class: "item-kind" }, tv("page.item_kind", item.kind)),
        el(
          "td",
          null,
          span
            ? el("button", { type: "button", class: "locate", dataset: { start: span.start, end: span.end }, title: item.path }, name)
            : name,
        ),
        el("td", null, String(item.line)),
        el(
          "td",
          null,
          item.schemas.length === 0
            ? t("page.dash")
            : el(
                "ul",
                { class: "schemas" },
                ...item.schemas.map((s) =>
                  el(
                    "li",
                    { class: `schema state-${s.state}`, dataset: { field: s.field, state: s.state } },
                    el("code", null, s.field),
                    " ",
                    el("span", { class: "state" }, tv("page.schema_state", s.state)),
                  ),
                ),
              ),
        ),
      );
    });
    section.hidden = false;
  }

  function ruleHref(code) {
    return /^MCP\d{3}$/.test(code) ? `rules/${code}.html` : "rules/index.html";
  }

  /** The tooltip of a rule's link: its code, name and title in the page's language. */
  function ruleTitle(code, name) {
    const title = catalogue.rules[code];
    const rule = name ? t("page.rule.named", { code, name }) : t("page.rule", { code });
    return title ? `${rule}: ${title}` : rule;
  }

  /** Where a finding is: `Line L, column C`. */
  function where(line, column) {
    return t("page.where", { line: num(line), column: num(column) });
  }

  function renderFindings(findings) {
    const list = $("findings");
    list.replaceChildren();
    $("findings-heading").textContent = t("page.findings.heading", { n: num(findings.length) });
    if (findings.length === 0) {
      list.append(el("li", { class: "none" }, t("page.findings.none")));
    }
    appendPaged(list, $("findings-more"), findings, (f, i) => {
      return el(
        "li",
        { class: `finding sev-${f.severity}`, dataset: { index: i, code: f.code } },
        el("span", { class: "severity" }, tv("page.severity", f.severity)),
        el(
          "a",
          { class: "code", href: ruleHref(f.code), target: "_blank", rel: "noopener", title: ruleTitle(f.code, f.rule) },
          f.code,
        ),
        el(
          "button",
          { type: "button", class: "locate", dataset: { start: f.span.start, end: f.span.end } },
          el("span", { class: "message" }, f.message),
          el("span", { class: "where" }, where(f.line, f.column), f.path ? " · " : null, f.path ? el("code", { class: "path" }, f.path) : null),
        ),
        f.help ? el("p", { class: "help" }, f.help) : null,
        f.fix ? renderFix(f.fix) : null,
      );
    });
  }

  /**
   * A replacement text for display: its lines after the first (which continues the line where
   * the edit starts) lose the indentation they all share, so that a value written for column
   * 24 reads from the margin.
   */
  function dedent(text) {
    const lines = text.split("\n");
    const rest = lines.slice(1).filter((l) => l.trim() !== "");
    if (rest.length === 0) return text;
    const cut = Math.min(...rest.map((l) => l.length - l.trimStart().length));
    return [lines[0], ...lines.slice(1).map((l) => l.slice(Math.min(cut, l.length - l.trimStart().length)))].join("\n");
  }

  /** A finding's fix, folded: what it does and the text of each edit. */
  function renderFix(fix) {
    const how = fix.applicability === "safe" ? "page.fix.safe" : "page.fix.review";
    return el(
      "details",
      { class: "fix" },
      el("summary", null, t(how, { message: fix.message })),
      ...fix.edits.map((e) =>
        el(
          "div",
          { class: "edit" },
          el(
            "button",
            { type: "button", class: "locate-edit", dataset: { start: e.span.start, end: e.span.end } },
            t(e.replacement === "" ? "page.fix.remove" : e.span.start === e.span.end ? "page.fix.insert" : "page.fix.replace", {
              line: num(e.line),
              column: num(e.column),
            }),
          ),
          e.replacement === "" ? null : el("pre", { class: "replacement", tabindex: "0" }, el("code", null, dedent(e.replacement))),
        ),
      ),
    );
  }

  /** Appends the first rows of `items` to `list`, and wires `more` to append the next ones. */
  function appendPaged(list, more, items, make) {
    let shown = 0;
    const next = () => {
      const end = Math.min(items.length, shown + PAGE_SIZE);
      const fragment = document.createDocumentFragment();
      for (let i = shown; i < end; i++) fragment.append(make(items[i], i));
      list.append(fragment);
      shown = end;
      more.hidden = shown >= items.length;
      more.textContent = t("page.more", { n: num(items.length - shown) });
    };
    more.onclick = next;
    next();
  }

  function renderServers(page, file, reason) {
    const section = $("servers-section");
    const body = $("servers").tBodies[0];
    body.replaceChildren();
    if (file.kind !== "config" || reason) {
      section.hidden = true;
      return;
    }
    $("servers-heading").textContent = t("page.servers.heading", { n: num(file.servers.length) });
    if (file.servers.length === 0) {
      body.append(el("tr", null, el("td", { colspan: 4 }, t("page.servers.none"))));
    }
    file.servers.forEach((server, i) => {
      const span = page.servers[i];
      body.append(
        el(
          "tr",
          { dataset: { server: server.name } },
          el(
            "td",
            null,
            el("button", { type: "button", class: "locate", dataset: { start: span.start, end: span.end } }, server.name),
          ),
          el("td", { class: "transport" }, server.transport),
          el("td", null, server.target ? el("code", null, server.target) : t("page.dash")),
          el("td", null, t(server.disabled ? "page.servers.disabled" : "page.servers.enabled")),
        ),
      );
    });
    section.hidden = false;
  }

  function renderMessages(page, reason) {
    const section = $("messages-section");
    const body = $("messages").tBodies[0];
    body.replaceChildren();
    if (!page.messages || reason) {
      section.hidden = true;
      return;
    }
    const total = page.messages_total;
    const listed = page.messages.length;
    $("messages-heading").textContent =
      listed < total ? t("page.messages.heading_cut", { n: num(total), listed: num(listed) }) : t("page.messages.heading", { n: num(total) });
    appendPaged(body, $("messages-more"), page.messages, (m) => {
      const label = m.item === null ? `#${m.index}` : `#${m.index}[${m.item}]`;
      const paired = m.paired === null ? t("page.dash") : t(m.paired ? "page.answer.yes" : "page.answer.no");
      return el(
        "tr",
        { class: m.paired === false ? "unpaired" : null, dataset: { index: m.index } },
        el("td", null, el("button", { type: "button", class: "locate", dataset: { start: m.start, end: m.end } }, label)),
        el("td", null, String(m.line)),
        el("td", null, m.direction ? tv("page.direction", m.direction) : t("page.answer.unknown")),
        el("td", null, tv("page.message_kind", m.kind)),
        el("td", null, m.method ? el("code", null, m.method) : t("page.dash")),
        el("td", null, m.id !== null ? el("code", null, m.id) : t("page.dash")),
        el("td", { class: "paired" }, paired),
      );
    });
    section.hidden = false;
  }

  // ---------------------------------------------------------------------------------------
  // Actions.

  function selectedMode() {
    return document.querySelector('input[name="mode"]:checked').value;
  }

  function setMode(mode) {
    const radio = document.querySelector(`input[name="mode"][value="${mode}"]`);
    if (radio) radio.checked = true;
  }

  function inspect() {
    if (!wasm) return;
    const text = $("input").value;
    if (text.trim() === "") {
      clearResult();
      setStatus(() => t("page.status.empty"), "error");
      return;
    }
    const started = performance.now();
    setStatus(() => t("page.status.inspecting"), "info");
    $("inspect").disabled = true;
    // Let the status paint before the (synchronous) inspection of a large input.
    requestAnimationFrame(() => setTimeout(() => finishInspect(text, started), 0));
  }

  function finishInspect(text, clicked) {
    try {
      const started = performance.now();
      let page;
      const mode = selectedMode();
      const fileName = $("file-name").value.trim();
      try {
        page = inspectPage(mode, fileName, text);
      } catch (err) {
        // A trap (out of memory, a bug) leaves the instance unusable: start a fresh one.
        wasm = new WebAssembly.Instance(compiled, {}).exports;
        clearResult();
        setStatus(() => t("page.status.crashed", { error: err.message }), "error");
        return;
      }
      if (page.error) {
        clearResult();
        setStatus(page.error, "error");
        return;
      }
      const timing = performance.now() - started;
      current = { text, page, mode, fileName, timing };
      render(page, timing);
      const done = performance.now();
      document.body.dataset.inspectMs = (done - started).toFixed(1);
      document.body.dataset.clickToResultMs = (done - clicked).toFixed(1);
      document.body.dataset.timings = JSON.stringify(timings);
      // The next frame: the result has been laid out and painted.
      requestAnimationFrame(() => {
        document.body.dataset.clickToPaintMs = (performance.now() - clicked).toFixed(1);
      });
    } finally {
      $("inspect").disabled = false;
    }
  }

  function clearAll() {
    $("input").value = "";
    $("file-name").value = "";
    $("file").value = "";
    clearResult();
    setStatus(() => t("page.status.cleared"), "info");
    $("input").focus();
  }

  function loadExample(name) {
    const sample = (globalThis.MCPVET_SAMPLES || {})[name];
    if (!sample) return;
    clearResult();
    setMode(sample.mode || name);
    $("input").value = sample.text;
    $("file-name").value = sample.file_name;
    setStatus(() => t("page.status.example", { name: exampleName(name), file: sample.file_name }), "info");
    $("input").focus();
    $("input").setSelectionRange(0, 0);
    $("input").scrollTop = 0;
  }

  function openFile(file) {
    const reader = new FileReader();
    reader.onload = () => {
      clearResult();
      $("input").value = String(reader.result);
      $("file-name").value = file.name;
      setStatus(() => t("page.status.opened", { name: file.name, size: formatBytes(file.size) }), "info");
    };
    reader.onerror = () => setStatus(() => t("page.status.unreadable_file", { name: file.name }), "error");
    reader.readAsText(file);
  }

  // ---------------------------------------------------------------------------------------
  // Infer schema: an example payload in, the JSON Schema it implies out.

  /** The last example read by Infer schema: its text and the module's answer. */
  let inferred = null;

  function setInferStatus(message, tone) {
    showStatus("infer-status", message, tone);
  }

  function infer() {
    if (!wasm) return;
    const text = $("infer-input").value;
    const output = $("infer-output");
    const errors = $("infer-errors");
    output.hidden = true;
    errors.hidden = true;
    errors.replaceChildren();
    $("infer-schema").firstElementChild.textContent = "";
    inferred = null;
    if (text.trim() === "") {
      setInferStatus(() => t("page.infer.status.empty"), "error");
      return;
    }
    let result;
    try {
      result = inferSchema($("infer-required").value, text);
    } catch (err) {
      wasm = new WebAssembly.Instance(compiled, {}).exports;
      setInferStatus(() => t("page.infer.status.crashed", { error: err.message }), "error");
      return;
    }
    if (result.error) {
      setInferStatus(result.error, "error");
      return;
    }
    inferred = { text, result };
    if (result.schema !== null) {
      $("infer-schema").firstElementChild.textContent = result.schema;
      output.hidden = false;
      setInferStatus(() => t("page.infer.status.done"), "ok");
      return;
    }
    const first = result.errors[0];
    setInferStatus(
      () => t("page.infer.status.not_json", { message: first.message, code: first.code, line: num(first.line), column: num(first.column) }),
      "error",
    );
    renderInferErrors(result.errors);
  }

  /** The syntax errors of the example, each selecting its place in the box. */
  function renderInferErrors(list) {
    const errors = $("infer-errors");
    errors.replaceChildren();
    for (const e of list) {
      errors.append(
        el(
          "li",
          { class: "finding sev-error", dataset: { code: e.code } },
          el("span", { class: "severity" }, t("page.severity.error")),
          el("a", { class: "code", href: ruleHref(e.code), target: "_blank", rel: "noopener", title: ruleTitle(e.code) }, e.code),
          el(
            "button",
            { type: "button", class: "locate", dataset: { start: e.start, end: e.end } },
            el("span", { class: "message" }, e.message),
            el("span", { class: "where" }, where(e.line, e.column)),
          ),
          e.help ? el("p", { class: "help" }, e.help) : null,
        ),
      );
    }
    errors.hidden = false;
  }

  /**
   * Copies the text of the element `id` to the clipboard; without clipboard access, selects
   * it so that Ctrl+C copies it. `setStatus(message, kind)` reports which happened, with the
   * catalogue key `copied` or `selected`.
   */
  async function copyText(id, setStatus, copied, selected) {
    const pre = $(id);
    try {
      await navigator.clipboard.writeText(pre.textContent);
      setStatus(() => t(copied), "ok");
    } catch {
      pre.focus();
      const range = document.createRange();
      range.selectNodeContents(pre);
      const selection = getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      setStatus(() => t(selected), "warning");
    }
  }

  // ---------------------------------------------------------------------------------------
  // Compare: `mcpvet diff` of two inputs, the lock file of the new one (`mcpvet lock`), and
  // the new one checked against a lock file (`--lock`); crates/mcpvet_wasm/src/compare.rs.

  /**
   * The last comparison: the texts compared (to select spans in), and the last lock check:
   * the text checked.
   */
  let compared = null;
  let lockChecked = null;
  /** The object URL of the lock file offered for download, revoked when replaced. */
  let lockUrl = null;

  /** Calls the export `name` with the texts `args` (each copied into a buffer). */
  function callTexts(name, ...args) {
    const handles = args.map((a) => put(encoder.encode(a)));
    try {
      return JSON.parse(take(wasm[name](...handles)));
    } finally {
      handles.forEach((h) => wasm.mcpvet_buffer_free(h));
    }
  }

  function setCompareStatus(message, tone) {
    showStatus("compare-status", message, tone);
  }

  /** The name and text of one side of the comparison. */
  function side(which) {
    return { name: $(`compare-${which}-name`).value.trim(), text: $(`compare-${which}`).value };
  }

  /** A button selecting `location` (of the diff document) in the textarea of `which`. */
  function placeButton(which, location) {
    if (!location) return null;
    return el(
      "button",
      {
        type: "button",
        class: "locate place",
        dataset: { side: which, start: location.span.start, end: location.span.end },
      },
      t(`page.compare.place.${which}`, { line: num(location.line), column: num(location.column) }),
    );
  }

  function compare() {
    if (!wasm) return;
    const old = side("old");
    const now = side("new");
    const result = $("compare-result");
    result.hidden = true;
    compared = null;
    if (old.text.trim() === "" || now.text.trim() === "") {
      setCompareStatus(() => t("page.compare.status.both"), "warning");
      return;
    }
    const out = callTexts("mcpvet_diff", old.name, old.text, now.name, now.text);
    if (out.error) {
      setCompareStatus(out.error, "error");
      return;
    }
    compared = { old: old.text, new: now.text, out };
    renderCompare(out);
  }

  /** The changes of a comparison (`compare::diff`), and the status line's counts. */
  function renderCompare(out) {
    const result = $("compare-result");
    const diff = out.diff;
    const list = $("compare-changes");
    list.replaceChildren();
    for (const change of diff.changes) {
      const level = change.risk ? "breaking*" : change.level;
      list.append(
        el(
          "li",
          { class: `change level-${change.level}${change.risk ? " risk" : ""}`, dataset: { kind: change.kind, level } },
          el("span", { class: "badge level" }, change.risk ? t("page.level.risk") : tv("page.level", change.level)),
          el(
            "span",
            { class: "change-text" },
            el("span", { class: "message" }, change.message),
            change.subject ? el("span", { class: "subject" }, tx("page.compare.about", { subject: el("code", null, change.subject) })) : null,
          ),
          el("span", { class: "places" }, placeButton("old", change.old), " ", placeButton("new", change.new)),
        ),
      );
    }
    if (diff.changes.length === 0) list.append(el("li", { class: "none" }, t("page.compare.no_change")));
    $("compare-text").firstElementChild.textContent = out.text;
    result.hidden = false;
    const s = diff.summary;
    if (diff.changes.length === 0) {
      setCompareStatus(() => t("page.compare.no_change"), "ok");
    } else {
      const risk = () => (s.risk > 0 ? tn("page.compare.risks", s.risk) : "");
      setCompareStatus(
        () => t("page.compare.counts", { breaking: num(s.breaking), risk: risk(), compatible: num(s.compatible) }),
        s.breaking > 0 ? "error" : "ok",
      );
    }
  }

  function makeLock() {
    if (!wasm) return;
    const now = side("new");
    const output = $("lock-output");
    output.hidden = true;
    if (now.text.trim() === "") {
      setCompareStatus(() => t("page.lock.status.paste"), "warning");
      return;
    }
    const out = callTexts("mcpvet_lock", now.name, now.text);
    if (out.error) {
      setCompareStatus(out.error, "error");
      return;
    }
    $("lock-text").firstElementChild.textContent = out.lock;
    if (lockUrl) URL.revokeObjectURL(lockUrl);
    lockUrl = URL.createObjectURL(new Blob([out.lock], { type: "application/json" }));
    $("lock-download").href = lockUrl;
    output.hidden = false;
    setCompareStatus(
      () => t("page.lock.status.made", { servers: tn("page.count.servers", out.servers), tools: tn("page.count.tools", out.tools) }),
      "ok",
    );
  }

  function checkLock() {
    if (!wasm) return;
    const now = side("new");
    const lock = $("compare-lockfile").value;
    const section = $("lock-result");
    section.hidden = true;
    lockChecked = null;
    if (lock.trim() === "" || now.text.trim() === "") {
      setCompareStatus(() => t("page.lock.status.paste_both"), "warning");
      return;
    }
    const out = callTexts("mcpvet_check_lock", lock, now.name, now.text);
    if (out.error) {
      setCompareStatus(out.error, "error");
      return;
    }
    lockChecked = { text: now.text, out };
    renderLockCheck(out);
  }

  /** The findings of a lock check (`compare::check_lock`), and the status line. */
  function renderLockCheck(out) {
    const section = $("lock-result");
    const list = $("lock-findings");
    list.replaceChildren();
    for (const f of out.findings) {
      list.append(
        el(
          "li",
          { class: `finding sev-${f.severity}`, dataset: { code: f.code } },
          el("span", { class: "severity" }, tv("page.severity", f.severity)),
          el("a", { class: "code", href: ruleHref(f.code), target: "_blank", rel: "noopener", title: ruleTitle(f.code) }, f.code),
          el(
            "button",
            { type: "button", class: "locate", dataset: { side: "new", start: f.start, end: f.end } },
            el("span", { class: "message" }, f.message),
            el("span", { class: "where" }, where(f.line, f.column)),
          ),
          f.help ? el("p", { class: "help" }, f.help) : null,
        ),
      );
    }
    if (out.findings.length === 0) list.append(el("li", { class: "none" }, t("page.lock.no_change")));
    section.hidden = false;
    if (out.findings.length === 0) {
      setCompareStatus(() => t("page.lock.no_change"), "ok");
    } else {
      const errors = out.findings.filter((f) => f.severity === "error").length;
      setCompareStatus(() => t("page.lock.status.changes", { changes: tn("page.count.changes", out.findings.length) }), errors > 0 ? "error" : "warning");
    }
  }

  /** Selects a span of a compared (or lock-checked) text in its textarea. */
  function selectCompared(button) {
    const which = button.dataset.side;
    const texts = button.closest("#lock-result") ? { new: lockChecked && lockChecked.text } : compared;
    const text = texts && texts[which];
    if (typeof text !== "string") return;
    const input = $(`compare-${which}`);
    if (input.value !== text) {
      setCompareStatus(() => t("page.compare.status.changed"), "warning");
    }
    selectInTextarea(input, text, Number(button.dataset.start), Number(button.dataset.end));
  }

  function openCompareFile(which, file) {
    const reader = new FileReader();
    reader.onload = () => {
      $(`compare-${which}`).value = String(reader.result);
      $(`compare-${which}-name`).value = file.name;
      setCompareStatus(() => t(`page.compare.status.opened_${which}`, { name: file.name, size: formatBytes(file.size) }), "info");
    };
    reader.onerror = () => setCompareStatus(() => t("page.status.unreadable_file", { name: file.name }), "error");
    reader.readAsText(file);
  }

  function wireCompare() {
    $("compare-run").addEventListener("click", compare);
    $("compare-lock").addEventListener("click", makeLock);
    $("compare-check").addEventListener("click", checkLock);
    $("lock-copy").addEventListener("click", () =>
      copyText(
        "lock-text",
        setCompareStatus,
        "page.lock.status.copied",
        "page.lock.status.selected",
      ),
    );
    $("lock-use").addEventListener("click", () => {
      $("compare-lockfile").value = $("lock-text").textContent;
      setCompareStatus(() => t("page.lock.status.used"), "info");
    });
    for (const which of ["old", "new"]) {
      $(`compare-${which}-file`).addEventListener("change", (event) => {
        const file = event.target.files && event.target.files[0];
        if (file) openCompareFile(which, file);
      });
      $(`compare-${which}`).addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          compare();
        }
      });
    }
    $("compare").addEventListener("click", (event) => {
      const button = event.target.closest("button.locate");
      if (button) selectCompared(button);
    });
  }

  function wire() {
    wireCompare();
    $("inspect").addEventListener("click", inspect);
    $("clear").addEventListener("click", clearAll);
    for (const button of document.querySelectorAll("[data-example]")) {
      button.addEventListener("click", () => loadExample(button.dataset.example));
    }
    $("file").addEventListener("change", (event) => {
      const file = event.target.files && event.target.files[0];
      if (file) openFile(file);
    });
    for (const id of ["input", "file-name"]) {
      $(id).addEventListener("keydown", (event) => {
        if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          inspect();
        }
      });
    }
    let warned = false;
    $("input").addEventListener("input", () => {
      if (current && !warned) {
        warned = true;
        setStatus(() => t("page.status.changed"), "warning");
      }
    });
    $("inspect").addEventListener("click", () => {
      warned = false;
    });
    // One listener for every "select in the input" button of the result.
    $("result").addEventListener("click", (event) => {
      const button = event.target.closest("button.locate, button.locate-edit");
      if (button) selectSpan(Number(button.dataset.start), Number(button.dataset.end));
    });
    $("infer-run").addEventListener("click", infer);
    $("infer-copy").addEventListener("click", () =>
      copyText(
        "infer-schema",
        setInferStatus,
        "page.infer.status.copied",
        "page.infer.status.selected",
      ),
    );
    $("infer-input").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        infer();
      }
    });
    for (const button of document.querySelectorAll("button[data-lang]")) {
      button.addEventListener("click", () => {
        if (wasm) setLang(button.dataset.lang, true);
      });
    }
    $("infer-errors").addEventListener("click", (event) => {
      const button = event.target.closest("button.locate");
      if (button && inferred) {
        const input = $("infer-input");
        if (input.value !== inferred.text) {
          setInferStatus(() => t("page.infer.status.changed"), "warning");
        }
        selectInTextarea(input, inferred.text, Number(button.dataset.start), Number(button.dataset.end));
      }
    });
  }

  async function start() {
    wire();
    $("version").textContent = globalThis.MCPVET_VERSION || "";
    try {
      wasm = await loadModule();
      setLang(initialLang(), false);
      $("inspect").disabled = false;
      $("infer-run").disabled = false;
      for (const id of ["compare-run", "compare-lock", "compare-check"]) $(id).disabled = false;
      setStatus(() => t("page.status.ready"), "info");
      document.body.dataset.ready = "true";
    } catch (err) {
      // Without the module there is no catalogue: this one line stays in English.
      setStatus(`The inspector could not start: ${err.message}`, "error");
      document.body.dataset.ready = "failed";
    }
  }

  start();
})();
