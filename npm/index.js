// mcpvet for JavaScript: the engine of the `mcpvet` command line, compiled to WebAssembly.
//
// Every function takes the text of one file (a string, or its bytes as a Uint8Array) and
// returns the JSON report that `mcpvet <command> --format json FILE` prints for the same file,
// parsed: `{version: 1, tool, files: [{path, kind, summary, findings, ...}]}`. Nothing is run,
// nothing is read from disk or the network, and no secret appears in a report.
//
// The module (mcpvet.wasm, beside this file) is loaded once, when this module is imported:
// from the file system under Node.js, with fetch elsewhere.

const MODULE_URL = new URL("./mcpvet.wasm", import.meta.url);

async function loadModule() {
  let bytes;
  if (typeof process !== "undefined" && process.versions != null && process.versions.node != null) {
    const { readFile } = await import("node:fs/promises");
    bytes = await readFile(MODULE_URL);
  } else {
    const response = await fetch(MODULE_URL);
    if (!response.ok) {
      throw new Error(`mcpvet: cannot load ${MODULE_URL}: HTTP ${response.status}`);
    }
    bytes = await response.arrayBuffer();
  }
  const { instance } = await WebAssembly.instantiate(bytes, {});
  return instance.exports;
}

const wasm = await loadModule();
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Copies `bytes` into a new buffer of the module; returns its handle. */
function put(bytes) {
  const handle = wasm.mcpvet_buffer_new(bytes.length);
  new Uint8Array(wasm.memory.buffer, wasm.mcpvet_buffer_ptr(handle), bytes.length).set(bytes);
  return handle;
}

/** Reads the buffer `handle` as UTF-8 text and frees it. */
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

function toBytes(data, what) {
  if (typeof data === "string") {
    return encoder.encode(data);
  }
  if (data instanceof Uint8Array) {
    return data;
  }
  if (data instanceof ArrayBuffer) {
    return new Uint8Array(data);
  }
  throw new TypeError(`mcpvet: ${what} must be a string, a Uint8Array or an ArrayBuffer`);
}

const OPTION_NAMES = {
  fileName: "fileName",
  dialect: "dialect",
  protocol: "protocol",
  inputFormat: "inputFormat",
  target: "target",
  utf16Columns: "utf16Columns",
  lang: "lang",
};

/**
 * The JSON report of `data` as text, exactly as `mcpvet --format json` prints it.
 *
 * @param {string | Uint8Array | ArrayBuffer} data the file's text or bytes
 * @param {object} [options] `kind` (`auto`, `config`, `transcript`, `server`), `fileName`,
 *   `dialect`, `protocol`, `inputFormat`, `target` (a list or a comma-separated string),
 *   `utf16Columns`, `lang` (`es`, or a tag such as `es-ES`: help sentences in Spanish, as
 *   `--lang` gives them; English by default)
 * @returns {string}
 */
export function lintToString(data, options = {}) {
  const request = {};
  if (options.kind !== undefined) {
    request.kind = options.kind;
  }
  for (const [name, key] of Object.entries(OPTION_NAMES)) {
    const value = options[name];
    if (value === undefined || value === null) {
      continue;
    }
    request[key] = Array.isArray(value) ? value.join(",") : value;
  }
  for (const name of Object.keys(options)) {
    if (name !== "kind" && !(name in OPTION_NAMES)) {
      throw new TypeError(`mcpvet: unknown option \`${name}\``);
    }
  }
  const requestHandle = put(encoder.encode(JSON.stringify(request)));
  const textHandle = put(toBytes(data, "the input"));
  let out;
  try {
    out = take(wasm.mcpvet_lint(requestHandle, textHandle));
  } finally {
    wasm.mcpvet_buffer_free(requestHandle);
    wasm.mcpvet_buffer_free(textHandle);
  }
  if (out.startsWith('{"error":')) {
    throw new TypeError(`mcpvet: ${JSON.parse(out).error}`);
  }
  return out;
}

/** Inspects `data` as what its content says it is (`mcpvet check`). */
export function inspect(data, options = {}) {
  return JSON.parse(lintToString(data, { ...options, kind: options.kind ?? "auto" }));
}

/** Inspects a client configuration (`mcpvet config`). */
export function lintConfig(text, options = {}) {
  return JSON.parse(lintToString(text, { ...options, kind: "config" }));
}

/** Inspects a captured session or run log (`mcpvet transcript`). */
export function lintTranscript(data, options = {}) {
  return JSON.parse(lintToString(data, { ...options, kind: "transcript" }));
}

/** Inspects a server definition (`mcpvet server`). */
export function lintServer(text, options = {}) {
  return JSON.parse(lintToString(text, { ...options, kind: "server" }));
}

/** The rule catalog, as `mcpvet rules --format json` prints it. */
export function rules() {
  return JSON.parse(take(wasm.mcpvet_rules())).rules;
}
