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

  /** Runs mcpvet_inspect_page: returns the page object (see crates/mcpvet_wasm/src/page.rs). */
  function inspectPage(mode, fileName, text) {
    const t0 = performance.now();
    const handles = [put(encoder.encode(mode)), put(encoder.encode(fileName)), put(encoder.encode(text))];
    try {
      const t1 = performance.now();
      const out = wasm.mcpvet_inspect_page(handles[0], handles[1], handles[2]);
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
      setStatus("The input has changed since it was inspected: press Inspect to select exact positions.", "warning");
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

  function setStatus(message, tone) {
    const status = $("status");
    status.textContent = message;
    status.dataset.tone = tone || "info";
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

  const KIND_NAMES = { config: "client configuration", transcript: "captured session", server: "server definition" };
  /** What each "Load example" button loads, for the status line. */
  const EXAMPLE_NAMES = { ...KIND_NAMES, codex: "Codex configuration (TOML)", runlog: "run log" };
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
    const where = `line ${fatal.line}, column ${fatal.column}`;
    // Detected from its shape but not well formed (a TOML table header, then a broken array):
    // it looks like one, it just cannot be read.
    const what = page.detected && !SYNTAX_CODES.has(fatal.code)
      ? "This does not look like an MCP client configuration, a captured session or a server definition"
      : `This could not be read as a ${KIND_NAMES[file.kind]}`;
    return `${what}: ${fatal.message} (${fatal.code} at ${where}).`;
  }

  function plural(n, one, many) {
    return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
  }

  function formatBytes(n) {
    if (n < 1000) return plural(n, "byte", "bytes");
    if (n < 1e6) return `${(n / 1e3).toFixed(1)} kB`;
    return `${(n / 1e6).toFixed(1)} MB`;
  }

  function metric(name, label, value, tone) {
    return el(
      "div",
      { class: `metric${tone && value > 0 ? ` ${tone}` : ""}`, dataset: { metric: name } },
      el("dt", null, label),
      el("dd", null, value.toLocaleString("en")),
    );
  }

  function render(page, timing) {
    const file = page.report.files[0];
    const summary = file.summary;
    const result = $("result");
    const reason = unreadableReason(page, file);

    const what = [];
    if (page.detected) what.push(`Detected a ${KIND_NAMES[page.detected.kind]} (${page.detected.reason}).`);
    if (file.kind === "config" && file.dialect) {
      what.push(`Read as a configuration for ${file.dialect.client} (${file.dialect.detected_by}: ${file.dialect.reason}).`);
    }
    if (file.kind === "transcript" && file.input_format) {
      what.push(`Read as a captured session, format ${file.input_format.name} (${file.input_format.reason}).`);
    }
    if (file.kind === "server" && file.input_format) {
      what.push(`Read as a server definition, format ${file.input_format.name} (${file.input_format.reason}).`);
    }
    what.push(`${formatBytes(page.bytes)} inspected in ${Math.round(timing)} ms.`);
    $("result-what").textContent = what.join(" ");

    const metrics = $("metrics");
    if (reason) {
      metrics.replaceChildren();
    } else if (file.kind === "config") {
      metrics.replaceChildren(metric("servers", "Servers", summary.servers));
    } else if (file.kind === "server") {
      const items = file.definition ? file.definition.items : [];
      const count = (...kinds) => items.filter((i) => kinds.includes(i.kind)).length;
      metrics.replaceChildren(
        metric("items", "Items", summary.items),
        metric("tools", "Tools", count("tool")),
        metric("prompts", "Prompts", count("prompt")),
        metric("resources", "Resources", count("resource", "resource template")),
      );
    } else {
      metrics.replaceChildren(
        ...(file.runs ? [metric("runs", "Runs", file.runs.length)] : []),
        metric("messages", "Messages", summary.messages),
        metric("requests", "Requests", summary.requests),
        metric("responses", "Responses", summary.responses),
        metric("notifications", "Notifications", summary.notifications),
        metric("tools", "Tool definitions", summary.tools),
        metric("unpaired_ids", "Unpaired ids", summary.unpaired_ids, "warning"),
      );
    }
    metrics.append(
      metric("errors", "Errors", summary.errors, "error"),
      metric("warnings", "Warnings", summary.warnings, "warning"),
      metric("infos", "Infos", summary.infos),
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
    const counts = `${plural(summary.errors, "error", "errors")}, ${plural(summary.warnings, "warning", "warnings")}, ${plural(summary.infos, "info", "infos")}`;
    if (reason) {
      setStatus(reason, "error");
    } else {
      setStatus(`Inspected as a ${KIND_NAMES[file.kind]}: ${counts}.`, summary.errors > 0 ? "error" : "ok");
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
      fact("Protocol version", el("code", null, file.protocol.version), ` (${file.protocol.detected_by})`),
      fact("Phase reached", el("code", null, file.phase.reached), " · last event ", el("code", null, file.phase.last_event)),
      fact(
        "Tool digest",
        file.tools_digest
          ? el("code", { class: "digest", dataset: { field: "tools_digest" } }, file.tools_digest)
          : "none (no tool list in the session)",
      ),
      fact("Failed tool calls", String(s.failed_calls)),
    );
    section.hidden = false;
  }

  // ---------------------------------------------------------------------------------------
  // Runs of a run-phase event log: the four answers of each (docs/run-logs.md).

  /** Who owns a timeout, by the report's `timeout.owner`. */
  const OWNERS = {
    launcher: "the launcher (npx, a container runtime, the client's spawn)",
    "server/transport": "the server and its transport (reading input, answering initialize)",
    "registry path": "the registry path (what builds the tool list, and what it loads)",
    "tool handler": "the tool handler (and what it calls)",
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
        el("span", { class: `badge tone-${answerTone(question, value)}` }, value),
        shown.length ? [" ", el("span", { class: "detail" }, ...shown)] : null,
      ),
    );
  }

  /** A button that selects an event of a run in the input, or the text alone without a span. */
  function eventButton(event, line, span, field) {
    const text = line === null || line === undefined ? event : `${event} (line ${line})`;
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
    if (run.server_name !== null) meta.push(["server ", el("code", { dataset: { field: "server" } }, run.server_name)]);
    if (run.pids.length) meta.push([run.pids.length === 1 ? "pid " : "pids ", ...codeList(run.pids)]);
    meta.push([`${plural(run.events, "event", "events")}, ${plural(run.messages, "message", "messages")}`]);
    meta.push([
      "starts at ",
      spans.first
        ? el("button", { type: "button", class: "locate line", dataset: { start: spans.first.start, end: spans.first.end, field: "first" } }, `line ${run.line}`)
        : `line ${run.line}`,
    ]);

    const started = run.started;
    const startedDetails = [];
    if (started.exit_code !== null) startedDetails.push(`exit code ${started.exit_code}`);
    if (started.signal !== null) startedDetails.push(["signal ", el("code", null, started.signal)]);
    if (started.stderr !== null) startedDetails.push(["stderr: ", el("code", { class: "stderr" }, started.stderr)]);
    const tools = run.tools;
    const toolDetails = [];
    if (tools.count !== null) toolDetails.push(plural(tools.count, "tool", "tools"));
    if (tools.reason !== null) toolDetails.push(tools.reason);
    if (tools.digest !== null) toolDetails.push(["digest ", el("code", { class: "digest" }, tools.digest)]);
    const hosts = run.external.hosts;

    const facts = [];
    facts.push(
      el(
        "div",
        { dataset: { fact: "last_event" } },
        el("dt", null, "Last confirmed event"),
        el("dd", null, run.last_event ? eventButton(run.last_event.event, run.last_event.line, spans.last_event, "last_event") : "none"),
      ),
    );
    const t = run.timeout;
    facts.push(
      el(
        "div",
        { dataset: { fact: "timeout" } },
        el("dt", null, "Timeout"),
        el(
          "dd",
          null,
          t
            ? [
                eventButton(t.event, t.line, spans.timeout, "timeout"),
                t.phase ? [" in the ", el("code", null, t.phase), " phase"] : " (its phase cannot be told)",
                el("span", { class: "owner", dataset: { owner: t.owner || "" } }, t.owner ? `: owned by ${OWNERS[t.owner] || t.owner}` : ": owner unknown"),
                t.last_event ? ["; the last event it saw: ", el("code", null, t.last_event)] : "; it names no last event",
              ]
            : "none",
        ),
      ),
    );
    if (run.phase) {
      facts.push(
        el(
          "div",
          { dataset: { fact: "phase" } },
          el("dt", null, "Its messages"),
          el("dd", null, "phase ", el("code", null, run.phase.reached), " · last event ", el("code", null, run.phase.last_event)),
        ),
      );
    }
    if (run.unknown_events.length) {
      facts.push(
        el("div", { dataset: { fact: "unknown_events" } }, el("dt", null, "Unknown events"), el("dd", null, ...codeList(run.unknown_events))),
      );
    }

    const join = (parts) => parts.flatMap((p, k) => (k > 0 ? [" · ", p] : [p]));
    return el(
      "li",
      { dataset: { run: run.run_id ?? "" } },
      el(
        "article",
        { class: "run", "aria-labelledby": headingId },
        el("h4", { id: headingId }, run.run_id !== null ? ["Run ", el("code", null, run.run_id)] : "Run without a run_id"),
        el("p", { class: "run-meta" }, ...join(meta)),
        el(
          "dl",
          { class: "answers" },
          answer("started", "Process started", started.answer, join(startedDetails)),
          answer("initialized", "Initialization completed", run.initialized.answer),
          answer("tools", "Tools discoverable", tools.answer, join(toolDetails)),
          answer("external", "External channel reached", run.external.answer, hosts.length ? ["reached ", codeList(hosts)] : null),
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
    $("runs-heading").textContent = `Runs (${file.runs.length.toLocaleString("en")})`;
    if (file.runs.length === 0) {
      list.append(el("li", { class: "none" }, "No run: the log has no run event."));
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
      facts.push(fact("Format", el("code", null, file.input_format.name), ` (${file.input_format.reason})`));
    }
    const server = [d.name, d.version].filter((x) => x !== null && x !== undefined);
    facts.push(
      fact(
        "Server",
        server.length ? el("code", { dataset: { field: "server" } }, server.join(" ")) : "no name or version given",
      ),
    );
    if (file.protocol) {
      facts.push(fact("Protocol version", el("code", null, file.protocol.version), ` (${file.protocol.detected_by})`));
    }
    if (file.tools_digest !== undefined) {
      facts.push(
        fact(
          "Tool digest",
          file.tools_digest
            ? el("code", { class: "digest", dataset: { field: "tools_digest" } }, file.tools_digest)
            : "none (no tool listed)",
        ),
      );
    }
    $("definition-facts").replaceChildren(...facts);
    info.hidden = false;

    $("items-heading").textContent = `Advertised items (${d.items.length.toLocaleString("en")})`;
    if (d.items.length === 0) {
      body.append(el("tr", null, el("td", { colspan: 4 }, "No tool, prompt or resource is advertised.")));
    }
    appendPaged(body, $("items-more"), d.items, (item, i) => {
      const span = page.items[i];
      const name = item.name === null ? "(unnamed)" : item.name;
      return el(
        "tr",
        { dataset: { kind: item.kind } },
        el("td", { class: "item-kind" }, item.kind),
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
            ? "—"
            : el(
                "ul",
                { class: "schemas" },
                ...item.schemas.map((s) =>
                  el(
                    "li",
                    { class: `schema state-${s.state}`, dataset: { field: s.field, state: s.state } },
                    el("code", null, s.field),
                    " ",
                    el("span", { class: "state" }, s.state),
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

  function renderFindings(findings) {
    const list = $("findings");
    list.replaceChildren();
    $("findings-heading").textContent = `Findings (${findings.length.toLocaleString("en")})`;
    if (findings.length === 0) {
      list.append(el("li", { class: "none" }, "No findings."));
    }
    appendPaged(list, $("findings-more"), findings, (f, i) => {
      const where = `Line ${f.line}, column ${f.column}`;
      return el(
        "li",
        { class: `finding sev-${f.severity}`, dataset: { index: i, code: f.code } },
        el("span", { class: "severity" }, f.severity),
        el(
          "a",
          { class: "code", href: ruleHref(f.code), target: "_blank", rel: "noopener", title: `Rule ${f.code}${f.rule ? ` (${f.rule})` : ""}` },
          f.code,
        ),
        el(
          "button",
          { type: "button", class: "locate", dataset: { start: f.span.start, end: f.span.end } },
          el("span", { class: "message" }, f.message),
          el("span", { class: "where" }, where, f.path ? " · " : null, f.path ? el("code", { class: "path" }, f.path) : null),
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
    const how = fix.applicability === "safe" ? "fix" : "fix, to review";
    return el(
      "details",
      { class: "fix" },
      el("summary", null, `Suggested ${how}: ${fix.message}`),
      ...fix.edits.map((e) =>
        el(
          "div",
          { class: "edit" },
          el(
            "button",
            { type: "button", class: "locate-edit", dataset: { start: e.span.start, end: e.span.end } },
            e.replacement === ""
              ? `Remove the text at line ${e.line}, column ${e.column}`
              : e.span.start === e.span.end
                ? `Insert at line ${e.line}, column ${e.column}:`
                : `Replace the text at line ${e.line}, column ${e.column} with:`,
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
      more.textContent = `Show more (${(items.length - shown).toLocaleString("en")} not shown)`;
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
    $("servers-heading").textContent = `Servers (${file.servers.length})`;
    if (file.servers.length === 0) {
      body.append(el("tr", null, el("td", { colspan: 4 }, "No servers.")));
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
          el("td", null, server.target ? el("code", null, server.target) : "—"),
          el("td", null, server.disabled ? "disabled" : "enabled"),
        ),
      );
    });
    section.hidden = false;
  }

  const DIRECTIONS = { "client-to-server": "client → server", "server-to-client": "server → client" };

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
      listed < total ? `Messages (${total.toLocaleString("en")}, the first ${listed.toLocaleString("en")} listed)` : `Messages (${total.toLocaleString("en")})`;
    appendPaged(body, $("messages-more"), page.messages, (m) => {
      const label = m.item === null ? `#${m.index}` : `#${m.index}[${m.item}]`;
      const paired = m.paired === null ? "—" : m.paired ? "yes" : "no";
      return el(
        "tr",
        { class: m.paired === false ? "unpaired" : null, dataset: { index: m.index } },
        el("td", null, el("button", { type: "button", class: "locate", dataset: { start: m.start, end: m.end } }, label)),
        el("td", null, String(m.line)),
        el("td", null, DIRECTIONS[m.direction] || "unknown"),
        el("td", null, m.kind),
        el("td", null, m.method ? el("code", null, m.method) : "—"),
        el("td", null, m.id !== null ? el("code", null, m.id) : "—"),
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
      setStatus("Nothing to inspect: the input is empty. Paste a configuration, a session or a server definition, or load an example.", "error");
      return;
    }
    const started = performance.now();
    setStatus("Inspecting…", "info");
    $("inspect").disabled = true;
    // Let the status paint before the (synchronous) inspection of a large input.
    requestAnimationFrame(() => setTimeout(() => finishInspect(text, started), 0));
  }

  function finishInspect(text, clicked) {
    try {
      const started = performance.now();
      let page;
      try {
        page = inspectPage(selectedMode(), $("file-name").value.trim(), text);
      } catch (err) {
        // A trap (out of memory, a bug) leaves the instance unusable: start a fresh one.
        wasm = new WebAssembly.Instance(compiled, {}).exports;
        clearResult();
        setStatus(`mcpvet stopped on this input (${err.message}); please report it.`, "error");
        return;
      }
      if (page.error) {
        clearResult();
        setStatus(page.error, "error");
        return;
      }
      current = { text, page };
      render(page, performance.now() - started);
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
    setStatus("Cleared.", "info");
    $("input").focus();
  }

  function loadExample(name) {
    const sample = (globalThis.MCPVET_SAMPLES || {})[name];
    if (!sample) return;
    clearResult();
    setMode(sample.mode || name);
    $("input").value = sample.text;
    $("file-name").value = sample.file_name;
    setStatus(`Loaded the example ${EXAMPLE_NAMES[name] || KIND_NAMES[sample.mode] || name} (${sample.file_name}). Press Inspect.`, "info");
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
      setStatus(`Opened ${file.name} (${formatBytes(file.size)}). Press Inspect.`, "info");
    };
    reader.onerror = () => setStatus(`Could not read ${file.name}.`, "error");
    reader.readAsText(file);
  }

  // ---------------------------------------------------------------------------------------
  // Infer schema: an example payload in, the JSON Schema it implies out.

  /** The last example read by Infer schema: its text and the module's answer. */
  let inferred = null;

  function setInferStatus(message, tone) {
    const status = $("infer-status");
    status.textContent = message;
    status.dataset.tone = tone || "info";
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
      setInferStatus("Nothing to infer from: paste an example payload (JSON) first.", "error");
      return;
    }
    let result;
    try {
      result = inferSchema($("infer-required").value, text);
    } catch (err) {
      wasm = new WebAssembly.Instance(compiled, {}).exports;
      setInferStatus(`mcpvet stopped on this example (${err.message}); please report it.`, "error");
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
      setInferStatus("Inferred a JSON Schema (draft 2020-12) from the example: review it before use (types come from one example).", "ok");
      return;
    }
    const first = result.errors[0];
    setInferStatus(
      `The example is not one well-formed JSON value: ${first.message} (${first.code} at line ${first.line}, column ${first.column}).`,
      "error",
    );
    for (const e of result.errors) {
      errors.append(
        el(
          "li",
          { class: "finding sev-error", dataset: { code: e.code } },
          el("span", { class: "severity" }, "error"),
          el("a", { class: "code", href: ruleHref(e.code), target: "_blank", rel: "noopener", title: `Rule ${e.code}` }, e.code),
          el(
            "button",
            { type: "button", class: "locate", dataset: { start: e.start, end: e.end } },
            el("span", { class: "message" }, e.message),
            el("span", { class: "where" }, `Line ${e.line}, column ${e.column}`),
          ),
          e.help ? el("p", { class: "help" }, e.help) : null,
        ),
      );
    }
    errors.hidden = false;
  }

  async function copySchema() {
    const text = $("infer-schema").textContent;
    try {
      await navigator.clipboard.writeText(text);
      setInferStatus("Copied the schema to the clipboard.", "ok");
    } catch {
      // No clipboard access: select the text so that Ctrl+C copies it.
      const pre = $("infer-schema");
      pre.focus();
      const range = document.createRange();
      range.selectNodeContents(pre);
      const selection = getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      setInferStatus("The clipboard is not available here: the schema is selected, press Ctrl+C to copy it.", "warning");
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
    const status = $("compare-status");
    status.textContent = message;
    status.dataset.tone = tone || "info";
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
      `${which} line ${location.line}, column ${location.column}`,
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
      setCompareStatus("Paste both versions (or open their files), then press Compare.", "warning");
      return;
    }
    const out = callTexts("mcpvet_diff", old.name, old.text, now.name, now.text);
    if (out.error) {
      setCompareStatus(out.error, "error");
      return;
    }
    compared = { old: old.text, new: now.text };
    const diff = out.diff;
    const list = $("compare-changes");
    list.replaceChildren();
    for (const change of diff.changes) {
      const level = change.risk ? "breaking*" : change.level;
      list.append(
        el(
          "li",
          { class: `change level-${change.level}${change.risk ? " risk" : ""}`, dataset: { kind: change.kind, level } },
          el("span", { class: "badge level" }, level),
          el(
            "span",
            { class: "change-text" },
            el("span", { class: "message" }, change.message),
            change.subject ? el("span", { class: "subject" }, " · about ", el("code", null, change.subject)) : null,
          ),
          el("span", { class: "places" }, placeButton("old", change.old), " ", placeButton("new", change.new)),
        ),
      );
    }
    if (diff.changes.length === 0) list.append(el("li", { class: "none" }, "No change to the advertised interface."));
    $("compare-text").firstElementChild.textContent = out.text;
    result.hidden = false;
    const s = diff.summary;
    if (diff.changes.length === 0) {
      setCompareStatus("No change to the advertised interface.", "ok");
    } else {
      const risk = s.risk > 0 ? ` (${plural(s.risk, "risk", "risks")}, marked *)` : "";
      setCompareStatus(`${s.breaking.toLocaleString("en")} breaking${risk}, ${s.compatible.toLocaleString("en")} compatible.`, s.breaking > 0 ? "error" : "ok");
    }
  }

  function makeLock() {
    if (!wasm) return;
    const now = side("new");
    const output = $("lock-output");
    output.hidden = true;
    if (now.text.trim() === "") {
      setCompareStatus("Paste the new version (or open its file) to make its lock file.", "warning");
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
      `Lock file of ${plural(out.servers, "server", "servers")} and ${plural(out.tools, "tool", "tools")}: copy it, download it, or check later versions against it.`,
      "ok",
    );
  }

  async function copyLock() {
    const text = $("lock-text").textContent;
    try {
      await navigator.clipboard.writeText(text);
      setCompareStatus("Copied the lock file to the clipboard.", "ok");
    } catch {
      const pre = $("lock-text");
      pre.focus();
      const range = document.createRange();
      range.selectNodeContents(pre);
      const selection = getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
      setCompareStatus("The clipboard is not available here: the lock file is selected, press Ctrl+C to copy it.", "warning");
    }
  }

  function checkLock() {
    if (!wasm) return;
    const now = side("new");
    const lock = $("compare-lockfile").value;
    const section = $("lock-result");
    section.hidden = true;
    lockChecked = null;
    if (lock.trim() === "" || now.text.trim() === "") {
      setCompareStatus("Paste a lock file and the new version, then press Check.", "warning");
      return;
    }
    const out = callTexts("mcpvet_check_lock", lock, now.name, now.text);
    if (out.error) {
      setCompareStatus(out.error, "error");
      return;
    }
    lockChecked = now.text;
    const list = $("lock-findings");
    list.replaceChildren();
    for (const f of out.findings) {
      list.append(
        el(
          "li",
          { class: `finding sev-${f.severity}`, dataset: { code: f.code } },
          el("span", { class: "severity" }, f.severity),
          el("a", { class: "code", href: ruleHref(f.code), target: "_blank", rel: "noopener", title: `Rule ${f.code}` }, f.code),
          el(
            "button",
            { type: "button", class: "locate", dataset: { side: "new", start: f.start, end: f.end } },
            el("span", { class: "message" }, f.message),
            el("span", { class: "where" }, `Line ${f.line}, column ${f.column}`),
          ),
          f.help ? el("p", { class: "help" }, f.help) : null,
        ),
      );
    }
    if (out.findings.length === 0) list.append(el("li", { class: "none" }, "No change against the lock file."));
    section.hidden = false;
    if (out.findings.length === 0) {
      setCompareStatus("No change against the lock file.", "ok");
    } else {
      const errors = out.findings.filter((f) => f.severity === "error").length;
      setCompareStatus(`${plural(out.findings.length, "change", "changes")} against the lock file: run Compare for the details.`, errors > 0 ? "error" : "warning");
    }
  }

  /** Selects a span of a compared (or lock-checked) text in its textarea. */
  function selectCompared(button) {
    const which = button.dataset.side;
    const texts = button.closest("#lock-result") ? { new: lockChecked } : compared;
    const text = texts && texts[which];
    if (typeof text !== "string") return;
    const input = $(`compare-${which}`);
    if (input.value !== text) {
      setCompareStatus("The input has changed since: press Compare (or Check) again to select exact positions.", "warning");
    }
    selectInTextarea(input, text, Number(button.dataset.start), Number(button.dataset.end));
  }

  function openCompareFile(which, file) {
    const reader = new FileReader();
    reader.onload = () => {
      $(`compare-${which}`).value = String(reader.result);
      $(`compare-${which}-name`).value = file.name;
      setCompareStatus(`Opened ${file.name} (${formatBytes(file.size)}) as the ${which} version.`, "info");
    };
    reader.onerror = () => setCompareStatus(`Could not read ${file.name}.`, "error");
    reader.readAsText(file);
  }

  function wireCompare() {
    $("compare-run").addEventListener("click", compare);
    $("compare-lock").addEventListener("click", makeLock);
    $("compare-check").addEventListener("click", checkLock);
    $("lock-copy").addEventListener("click", copyLock);
    $("lock-use").addEventListener("click", () => {
      $("compare-lockfile").value = $("lock-text").textContent;
      setCompareStatus("The lock file is in the box below: change the new version, then press Check.", "info");
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
        setStatus("The input has changed since it was inspected: press Inspect to update the result.", "warning");
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
    $("infer-copy").addEventListener("click", copySchema);
    $("infer-input").addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        infer();
      }
    });
    $("infer-errors").addEventListener("click", (event) => {
      const button = event.target.closest("button.locate");
      if (button && inferred) {
        const input = $("infer-input");
        if (input.value !== inferred.text) {
          setInferStatus("The example has changed since it was read: press Infer schema to select exact positions.", "warning");
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
      $("inspect").disabled = false;
      $("infer-run").disabled = false;
      for (const id of ["compare-run", "compare-lock", "compare-check"]) $(id).disabled = false;
      setStatus("Ready. Paste a configuration, a session or a server definition, load an example, or open a file.", "info");
      document.body.dataset.ready = "true";
    } catch (err) {
      setStatus(`The inspector could not start: ${err.message}`, "error");
      document.body.dataset.ready = "failed";
    }
  }

  start();
})();
