// Types of the mcpvet npm package. The report is the versioned JSON report of the command
// line (docs/output-formats.md and docs/report.schema.json in the repository); the members
// typed here are those that version 1 promises, the others are left open.

/** What to read the input as. */
export type Kind = "auto" | "config" | "transcript" | "session" | "server" | "definition";

/** Options of every function; each mirrors a command-line option. */
export interface LintOptions {
  /** The file's path or name: it helps detect a configuration's client and syntax
   * (`.vscode/mcp.json`, `.codex/config.toml`) and is the report's `path`. */
  fileName?: string;
  /** A configuration's client dialect (`config --dialect`): `vscode`, `claude-desktop`, `codex`… */
  dialect?: string;
  /** The protocol version to check against (`--protocol`): `2024-11-05` … `2026-07-28`. */
  protocol?: string;
  /** A session format or a definition format (`--input-format`): `jsonl`, `har`, `listing`… */
  inputFormat?: string;
  /** The clients and model APIs of the compatibility checks (`--target`). */
  target?: string | string[];
  /** Also give every column in UTF-16 code units (`column_utf16`, `end_column_utf16`). */
  utf16Columns?: boolean;
  /** The language of the help sentences (`--lang`): `en` (default) or `es`, or a tag such as
   * `es-ES`; any other language is English. */
  lang?: string;
}

/** Options of {@link lintToString} and {@link inspect}. */
export interface InspectOptions extends LintOptions {
  kind?: Kind;
}

export type Severity = "error" | "warning" | "info";

/** A byte range of the input. */
export interface Span {
  start: number;
  end: number;
}

/** Where a finding, a related span or an edit is: byte span, 1-based lines and columns
 * (code points; `column_utf16` with the `utf16Columns` option). */
export interface Position {
  span: Span;
  line: number;
  column: number;
  end_line: number;
  end_column: number;
  column_utf16?: number;
  end_column_utf16?: number;
}

/** One edit of a fix: replace the span with `replacement`. */
export interface Edit extends Position {
  replacement: string;
}

/** A finding: a rule code, where, and what to do. */
export interface Finding extends Position {
  code: string;
  rule: string;
  severity: Severity;
  message: string;
  /** The JSON path of the value, such as `$.mcpServers.docs.url`. */
  path: string | null;
  pointer: string | null;
  label: string | null;
  help: string | null;
  secondary: Array<Position & { message: string }>;
  /** `safe` fixes may be applied unseen; `unsafe` ones need review. */
  fix: { message: string; applicability: "safe" | "unsafe"; edits: Edit[] } | null;
}

/** The report of one file. */
export interface FileReport {
  path: string;
  kind: "config" | "transcript" | "server" | "json";
  summary: { errors: number; warnings: number; infos: number; [key: string]: number };
  findings: Finding[];
  [key: string]: unknown;
}

/** The JSON report, version 1. */
export interface Report {
  version: 1;
  tool: { name: "mcpvet"; version: string };
  files: FileReport[];
}

/** A rule of the catalog. */
export interface Rule {
  code: string;
  name: string;
  severity: Severity;
  family: string;
  summary: string;
}

export type Input = string | Uint8Array | ArrayBuffer;

/** Inspects a client configuration (`mcpvet config`). */
export function lintConfig(text: Input, options?: LintOptions): Report;
/** Inspects a captured session or run log (`mcpvet transcript`). */
export function lintTranscript(data: Input, options?: LintOptions): Report;
/** Inspects a server definition (`mcpvet server`). */
export function lintServer(text: Input, options?: LintOptions): Report;
/** Inspects an input as what its content says it is (`mcpvet check`). */
export function inspect(data: Input, options?: InspectOptions): Report;
/** The report as the exact text the command line prints with `--format json`. */
export function lintToString(data: Input, options?: InspectOptions): string;
/** The rule catalog (`mcpvet rules --format json`). */
export function rules(): Rule[];
