//! The fictitious server: its tools (with varied input and output schemas), prompts,
//! resources and resource templates.
//!
//! Mostly data: `all_tools` is the table of the server's tools, one entry each.

use crate::json::Obj;
use crate::rng::Rng;
use crate::schema::{
    Format, Prop, TextKind, Ty, array, int, num, object, open_object, opt, req, text, text_max,
    write_schema,
};

/// What the text of a successful, unstructured result looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Payload {
    /// File contents, pages, query output: sized by the payload distribution (can be large).
    Document,
    /// A one-line confirmation.
    Ack,
}

/// Behavioural hints (`ToolAnnotations`), kept consistent (`destructiveHint` only when not
/// read-only).
#[derive(Debug, Clone, Copy)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "mirrors the four boolean ToolAnnotations hints"
)]
pub(crate) struct Hints {
    read_only: bool,
    destructive: bool,
    idempotent: bool,
    open_world: bool,
}

const READ: Hints = Hints {
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: false,
};
const READ_OPEN: Hints = Hints {
    read_only: true,
    destructive: false,
    idempotent: true,
    open_world: true,
};
const WRITE: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: false,
    open_world: false,
};
const DESTRUCTIVE: Hints = Hints {
    read_only: false,
    destructive: true,
    idempotent: true,
    open_world: false,
};

/// One tool of the server.
#[derive(Debug, Clone)]
pub(crate) struct Tool {
    pub(crate) name: &'static str,
    pub(crate) title: Option<&'static str>,
    pub(crate) description: &'static str,
    pub(crate) props: Vec<Prop>,
    /// `additionalProperties: false` on the input schema.
    pub(crate) closed: bool,
    /// Properties of an object `outputSchema`; results then carry `structuredContent`.
    pub(crate) output: Option<Vec<Prop>>,
    pub(crate) hints: Option<Hints>,
    pub(crate) payload: Payload,
    /// Relative call frequency.
    pub(crate) weight: u64,
    /// Long-running: calls usually ask for progress.
    pub(crate) slow: bool,
    /// Writes `"$schema"` into the input schema.
    pub(crate) dialect: bool,
}

const LANGS: &[&str] = &["rust", "python", "typescript", "go", "java", "sql"];
const HUMAN_LANGS: &[&str] = &["en", "fr", "de", "es", "ja", "pt", "zh", "ko"];
const UNITS: &[&str] = &[
    "meter",
    "kilometer",
    "mile",
    "foot",
    "celsius",
    "fahrenheit",
    "kilogram",
    "pound",
];

#[expect(clippy::too_many_lines, reason = "a flat table of tool definitions")]
fn all_tools() -> Vec<Tool> {
    let tool = |name, title, description, props, output, hints, payload, weight| Tool {
        name,
        title,
        description,
        props,
        closed: true,
        output,
        hints,
        payload,
        weight,
        slow: false,
        dialect: false,
    };
    let mut tools = vec![
        tool(
            "fs_read_file",
            Some("Read file"),
            "Read a text file from the workspace and return its contents.",
            vec![
                req(
                    "path",
                    "Path relative to the workspace root.",
                    text(TextKind::Path),
                ),
                opt(
                    "encoding",
                    "Text encoding of the file.",
                    Ty::Enum(&["utf-8", "latin1", "utf-16le"]),
                )
                .default("\"utf-8\""),
                opt(
                    "max_bytes",
                    "Stop reading after this many bytes.",
                    int(1, 10_485_760),
                ),
            ],
            None,
            Some(READ),
            Payload::Document,
            30,
        ),
        tool(
            "fs_write_file",
            Some("Write file"),
            "Create or overwrite a text file in the workspace.",
            vec![
                req(
                    "path",
                    "Path relative to the workspace root.",
                    text(TextKind::Path),
                ),
                req(
                    "content",
                    "The full new contents of the file.",
                    text(TextKind::Code),
                ),
                opt(
                    "create_dirs",
                    "Create missing parent directories.",
                    Ty::Bool,
                )
                .default("false"),
            ],
            None,
            Some(DESTRUCTIVE),
            Payload::Ack,
            6,
        ),
        tool(
            "fs_list_directory",
            Some("List directory"),
            "List the entries of a workspace directory.",
            vec![
                req(
                    "path",
                    "Directory relative to the workspace root.",
                    text(TextKind::Path),
                ),
                opt("recursive", "Descend into subdirectories.", Ty::Bool),
                opt("max_depth", "Maximum depth when recursive.", int(1, 16)),
            ],
            Some(vec![
                req(
                    "entries",
                    "Directory entries.",
                    array(
                        object(vec![
                            req("name", "Entry name.", text(TextKind::Path)),
                            req("kind", "Entry kind.", Ty::Enum(&["file", "dir", "symlink"])),
                            opt("size", "Size in bytes.", int(0, 1_000_000_000)),
                        ]),
                        0,
                        40,
                        false,
                    ),
                ),
                req("truncated", "Whether the listing was cut short.", Ty::Bool),
            ]),
            Some(READ),
            Payload::Document,
            10,
        ),
        tool(
            "search_code",
            Some("Search code"),
            "Full-text search over the repository. Supports globs to narrow the files searched.",
            vec![
                req(
                    "query",
                    "Text or regular expression to look for.",
                    text(TextKind::Query),
                ),
                opt(
                    "globs",
                    "Only search files matching these globs.",
                    array(text(TextKind::Glob), 0, 5, false),
                ),
                opt("case_sensitive", "Match case exactly.", Ty::Bool).default("false"),
                opt(
                    "max_results",
                    "Maximum number of matches to return.",
                    int(1, 500),
                )
                .default("50"),
            ],
            Some(vec![
                req(
                    "matches",
                    "Matching lines.",
                    array(
                        object(vec![
                            req("path", "File path.", text(TextKind::Path)),
                            req("line", "1-based line number.", int(1, 100_000)),
                            req(
                                "preview",
                                "The matching line.",
                                text_max(TextKind::Prose, 200),
                            ),
                        ]),
                        0,
                        25,
                        false,
                    ),
                ),
                req("total", "Total number of matches.", int(0, 100_000)),
            ]),
            Some(READ),
            Payload::Document,
            25,
        ),
        tool(
            "git-log",
            Some("Git log"),
            "Show the commit history of a repository, newest first.",
            vec![
                req("repo_path", "Repository path.", text(TextKind::Path)),
                opt("max_count", "Number of commits to show.", int(1, 200)).default("20"),
                opt(
                    "since",
                    "Only commits after this date.",
                    Ty::Format(Format::Date),
                ),
                opt(
                    "author",
                    "Only commits by this author.",
                    Ty::Format(Format::Email),
                ),
            ],
            None,
            Some(READ),
            Payload::Document,
            8,
        ),
        tool(
            "git-diff",
            None,
            "Show the diff between two revisions.",
            vec![
                req("repo_path", "Repository path.", text(TextKind::Path)),
                req("base", "Base revision (branch name).", Ty::Slug),
                opt(
                    "head",
                    "Head revision; defaults to the working tree.",
                    Ty::Slug,
                ),
                opt(
                    "context_lines",
                    "Lines of context around each change.",
                    int(0, 20),
                )
                .default("3"),
            ],
            None,
            Some(READ),
            Payload::Document,
            8,
        ),
        Tool {
            slow: true,
            ..tool(
                "run_tests",
                Some("Run tests"),
                "Run the test suite of a package and report the outcome.",
                vec![
                    req("package", "Package to test.", Ty::Slug),
                    opt(
                        "filter",
                        "Only run tests whose name contains this text.",
                        text(TextKind::Query),
                    ),
                    opt(
                        "timeout_seconds",
                        "Abort after this many seconds.",
                        Ty::Num {
                            min: 0.0,
                            max: 3600.0,
                            exclusive_min: true,
                        },
                    ),
                    opt(
                        "features",
                        "Cargo features to enable.",
                        array(
                            Ty::Enum(&["serde", "async", "simd", "tracing", "cli"]),
                            0,
                            5,
                            true,
                        ),
                    ),
                ],
                Some(vec![
                    req("passed", "Tests that passed.", int(0, 5000)),
                    req("failed", "Tests that failed.", int(0, 50)),
                    req("ignored", "Tests that were skipped.", int(0, 100)),
                    req(
                        "duration_ms",
                        "Wall time in milliseconds.",
                        num(0.0, 600_000.0),
                    ),
                    opt(
                        "failures",
                        "Names of the failing tests.",
                        array(Ty::Slug, 0, 10, true),
                    ),
                ]),
                Some(WRITE),
                Payload::Document,
                9,
            )
        },
        Tool {
            slow: true,
            ..tool(
                "db_query",
                Some("Query database"),
                "Run a read-only SQL query against the analytics replica and return the rows as text.",
                vec![
                    req("sql", "The SQL statement.", text(TextKind::Sql)),
                    opt(
                        "params",
                        "Positional parameters.",
                        array(text_max(TextKind::Query, 64), 0, 8, false),
                    ),
                    opt("limit", "Maximum rows.", int(1, 10_000)).default("100"),
                    opt("timeout_ms", "Statement timeout.", int(100, 60_000)),
                ],
                None,
                Some(READ),
                Payload::Document,
                10,
            )
        },
        tool(
            "http_fetch",
            Some("Fetch page"),
            "Fetch a documentation page and return it as Markdown.",
            vec![
                req("url", "Absolute URL of the page.", Ty::Format(Format::Uri)),
                opt("method", "HTTP method.", Ty::Enum(&["GET", "HEAD"])).default("\"GET\""),
                opt("timeout_ms", "Request timeout.", int(100, 60_000)),
            ],
            None,
            Some(READ_OPEN),
            Payload::Document,
            8,
        ),
        tool(
            "issues_create",
            Some("Create issue"),
            "Open a new issue in the tracker.",
            vec![
                req("title", "One-line summary.", text_max(TextKind::Prose, 120)),
                opt(
                    "body",
                    "Longer description (Markdown).",
                    text(TextKind::Prose),
                ),
                opt(
                    "labels",
                    "Labels to apply.",
                    array(
                        Ty::Enum(&["bug", "enhancement", "docs", "question", "performance"]),
                        0,
                        5,
                        true,
                    ),
                ),
                opt(
                    "priority",
                    "Triage priority.",
                    Ty::Enum(&["low", "medium", "high", "urgent"]),
                ),
                opt(
                    "assignee",
                    "E-mail of the assignee.",
                    Ty::Format(Format::Email),
                ),
                opt("due", "Due date and time.", Ty::Format(Format::DateTime)),
            ],
            Some(vec![
                req("number", "Issue number.", int(1, 99_999)),
                req("url", "Link to the issue.", Ty::Format(Format::Uri)),
                req("state", "Issue state.", Ty::Enum(&["open"])),
            ]),
            Some(WRITE),
            Payload::Ack,
            4,
        ),
        tool(
            "calendar_create_event",
            Some("Create calendar event"),
            "Schedule a meeting.",
            vec![
                req("title", "Event title.", text_max(TextKind::Prose, 80)),
                req("start", "Start time.", Ty::Format(Format::DateTime)),
                req("end", "End time.", Ty::Format(Format::DateTime)),
                opt(
                    "attendees",
                    "Invitees.",
                    array(Ty::Format(Format::Email), 0, 12, false),
                ),
                opt(
                    "location",
                    "Where the meeting takes place.",
                    object(vec![
                        req("name", "Building or venue.", text_max(TextKind::Name, 60)),
                        opt("room", "Room identifier.", Ty::Slug),
                        opt("floor", "Floor number.", int(-2, 80)),
                    ]),
                ),
                opt(
                    "reminder_minutes",
                    "Reminder before the start.",
                    int(0, 10_080),
                ),
            ],
            None,
            Some(WRITE),
            Payload::Ack,
            3,
        ),
        tool(
            "weather_forecast",
            Some("Weather forecast"),
            "Daily weather forecast for a city.",
            vec![
                req("location", "City name.", text_max(TextKind::Prose, 80)),
                opt("days", "Number of days.", int(1, 14)).default("3"),
                opt("units", "Unit system.", Ty::Enum(&["metric", "imperial"])),
                opt("include_hourly", "Add hourly detail.", Ty::Bool),
            ],
            Some(vec![
                req(
                    "location",
                    "Resolved location.",
                    text_max(TextKind::Prose, 80),
                ),
                req(
                    "days",
                    "One entry per day.",
                    array(
                        object(vec![
                            req("date", "Day.", Ty::Format(Format::Date)),
                            req("high", "Maximum temperature.", num(-60.0, 60.0)),
                            req("low", "Minimum temperature.", num(-80.0, 50.0)),
                            req("summary", "Conditions.", text_max(TextKind::Prose, 100)),
                        ]),
                        1,
                        14,
                        false,
                    ),
                ),
            ]),
            Some(READ_OPEN),
            Payload::Document,
            5,
        ),
        tool(
            "translate",
            Some("Translate text"),
            "Translate text between languages.",
            vec![
                req(
                    "text",
                    "Text to translate.",
                    text_max(TextKind::Prose, 5000),
                ),
                opt(
                    "source_lang",
                    "Source language; detected when absent.",
                    Ty::Enum(HUMAN_LANGS),
                ),
                req("target_lang", "Target language.", Ty::Enum(HUMAN_LANGS)),
                opt(
                    "formality",
                    "Register.",
                    Ty::Enum(&["default", "more", "less"]),
                ),
            ],
            None,
            Some(READ_OPEN),
            Payload::Document,
            6,
        ),
        tool(
            "math_evaluate",
            Some("Evaluate expression"),
            "Evaluate an arithmetic expression exactly.",
            vec![
                req(
                    "expression",
                    "Expression such as 2*(3+4).",
                    text_max(TextKind::Query, 200),
                ),
                opt("precision", "Significant digits.", int(1, 64)),
            ],
            Some(vec![
                req("result", "The value.", num(-1_000_000.0, 1_000_000.0)),
                opt(
                    "steps",
                    "Intermediate steps.",
                    array(text_max(TextKind::Prose, 80), 0, 6, false),
                ),
            ]),
            Some(READ),
            Payload::Ack,
            4,
        ),
        tool(
            "convert_units",
            None,
            "Convert a quantity between units.",
            vec![
                req(
                    "value",
                    "Quantity to convert.",
                    num(-1_000_000_000.0, 1_000_000_000.0),
                ),
                req("from", "Source unit.", Ty::Enum(UNITS)),
                req("to", "Target unit.", Ty::Enum(UNITS)),
            ],
            None,
            Some(READ),
            Payload::Ack,
            3,
        ),
        tool(
            "kv_get",
            None,
            "Read an entry from the team key-value store.",
            vec![
                req("namespace", "Store namespace.", Ty::Slug),
                req("entry", "Entry name.", Ty::Slug),
            ],
            None,
            Some(READ),
            Payload::Ack,
            4,
        ),
        tool(
            "kv_set",
            None,
            "Write an entry to the team key-value store.",
            vec![
                req("namespace", "Store namespace.", Ty::Slug),
                req("entry", "Entry name.", Ty::Slug),
                req("value", "Value to store.", text_max(TextKind::Prose, 2000)),
                opt(
                    "ttl_seconds",
                    "Expiry; 0 keeps it forever.",
                    int(0, 31_536_000),
                ),
                opt("labels", "Free-form labels.", Ty::Labels),
            ],
            None,
            Some(DESTRUCTIVE),
            Payload::Ack,
            3,
        ),
        tool(
            "summarize",
            Some("Summarize"),
            "Summarize a text in a few sentences.",
            vec![
                req("text", "Text to summarize.", text(TextKind::Prose)),
                opt("max_sentences", "Upper bound on sentences.", int(1, 20)),
                opt("style", "Output shape.", Ty::Enum(&["bullet", "paragraph"])),
            ],
            None,
            None,
            Payload::Document,
            6,
        ),
        tool(
            "lint_code",
            Some("Lint code"),
            "Run the linter for a language over a snippet.",
            vec![
                req("language", "Language of the snippet.", Ty::Enum(LANGS)),
                req("source", "Source code.", text(TextKind::Code)),
                opt("rules", "Only these rules.", array(Ty::Slug, 0, 10, true)),
            ],
            Some(vec![
                req(
                    "diagnostics",
                    "Findings.",
                    array(
                        object(vec![
                            req("line", "1-based line.", int(1, 5000)),
                            req("column", "1-based column.", int(1, 200)),
                            req(
                                "severity",
                                "Severity.",
                                Ty::Enum(&["error", "warning", "info"]),
                            ),
                            req("message", "What is wrong.", text_max(TextKind::Prose, 160)),
                        ]),
                        0,
                        12,
                        false,
                    ),
                ),
                req(
                    "fixable",
                    "How many can be fixed automatically.",
                    int(0, 12),
                ),
            ]),
            Some(READ),
            Payload::Document,
            5,
        ),
        tool(
            "format_code",
            Some("Format code"),
            "Reformat a snippet with the language's standard formatter.",
            vec![
                req("language", "Language of the snippet.", Ty::Enum(LANGS)),
                req("source", "Source code.", text(TextKind::Code)),
                opt(
                    "indent",
                    "Indentation settings.",
                    object(vec![
                        req("style", "Spaces or tabs.", Ty::Enum(&["spaces", "tabs"])),
                        opt("width", "Columns per level.", int(1, 8)),
                    ]),
                ),
            ],
            None,
            Some(READ),
            Payload::Document,
            4,
        ),
        tool(
            "time_now",
            Some("Current time"),
            "Current date and time in a time zone.",
            vec![opt(
                "timezone",
                "IANA time zone.",
                Ty::Enum(&["UTC", "Europe/Paris", "Asia/Tokyo", "America/New_York"]),
            )],
            Some(vec![
                req("iso", "Current time.", Ty::Format(Format::DateTime)),
                req(
                    "unix",
                    "Seconds since the epoch.",
                    int(1_700_000_000, 1_800_000_000),
                ),
            ]),
            Some(READ_OPEN),
            Payload::Ack,
            3,
        ),
        tool(
            "deploy_status",
            Some("Deployment status"),
            "Status of the latest deployment of a service.",
            vec![
                req("service", "Service name.", Ty::Slug),
                req(
                    "environment",
                    "Environment.",
                    Ty::Enum(&["dev", "staging", "production"]),
                ),
            ],
            None,
            Some(READ_OPEN),
            Payload::Ack,
            3,
        ),
        tool(
            "notes_append",
            Some("Append note"),
            "Append a paragraph to a notebook.",
            vec![
                req("notebook", "Notebook name.", Ty::Slug),
                req("text", "Paragraph to append.", text(TextKind::Prose)),
                opt(
                    "tags",
                    "Tags for the paragraph.",
                    array(Ty::Slug, 0, 6, true),
                ),
                opt("pinned", "Pin the paragraph.", Ty::Bool),
            ],
            None,
            Some(WRITE),
            Payload::Ack,
            4,
        ),
        Tool {
            closed: true,
            ..tool(
                "server_health",
                Some("Health check"),
                "Report whether the server and its backends are healthy. Takes no arguments.",
                vec![],
                None,
                Some(READ),
                Payload::Ack,
                2,
            )
        },
        Tool {
            closed: false,
            ..tool(
                "analytics_report",
                Some("Analytics report"),
                "Build a usage report over a date range; extra dimensions are accepted.",
                vec![
                    req("from", "First day.", Ty::Format(Format::Date)),
                    req("to", "Last day.", Ty::Format(Format::Date)),
                    opt(
                        "metrics",
                        "Metrics to include.",
                        array(
                            Ty::Enum(&[
                                "requests",
                                "errors",
                                "latency_p50",
                                "latency_p99",
                                "users",
                            ]),
                            1,
                            5,
                            true,
                        ),
                    ),
                    opt(
                        "group_by",
                        "Grouping.",
                        open_object(vec![opt("dimension", "Dimension name.", Ty::Slug)]),
                    ),
                ],
                None,
                Some(READ),
                Payload::Document,
                4,
            )
        },
    ];
    for t in &mut tools {
        // A few tools name the dialect explicitly, as some SDKs do.
        t.dialect = matches!(t.name, "search_code" | "run_tests" | "analytics_report");
    }
    tools
}

/// A prompt of the server.
#[derive(Debug, Clone)]
pub(crate) struct Prompt {
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) description: &'static str,
    /// `(name, description, required)`.
    pub(crate) args: &'static [(&'static str, &'static str, bool)],
}

const PROMPTS: &[Prompt] = &[
    Prompt {
        name: "code_review",
        title: "Code review",
        description: "Review a change for bugs, style and missing tests.",
        args: &[
            ("code", "The code or diff to review.", true),
            ("language", "Programming language.", false),
            ("focus", "What to concentrate on.", false),
        ],
    },
    Prompt {
        name: "explain_error",
        title: "Explain an error",
        description: "Explain a compiler or runtime error and suggest a fix.",
        args: &[
            ("error", "The error message.", true),
            ("context", "Surrounding code or logs.", false),
        ],
    },
    Prompt {
        name: "release_notes",
        title: "Write release notes",
        description: "Draft release notes from a list of merged changes.",
        args: &[
            ("version", "The version being released.", true),
            ("changes", "Merged changes, one per line.", true),
            ("audience", "Who will read the notes.", false),
        ],
    },
    Prompt {
        name: "daily_standup",
        title: "Daily stand-up",
        description: "Summarize yesterday's activity for the stand-up meeting.",
        args: &[],
    },
    Prompt {
        name: "translate_doc",
        title: "Translate a document",
        description: "Translate a document while keeping its Markdown structure.",
        args: &[
            ("document", "The Markdown source.", true),
            ("target_lang", "Target language code.", true),
        ],
    },
];

/// A concrete resource of the server.
#[derive(Debug, Clone)]
pub(crate) struct Resource {
    pub(crate) uri: &'static str,
    pub(crate) name: &'static str,
    pub(crate) title: &'static str,
    pub(crate) mime: &'static str,
}

const RESOURCES: &[Resource] = &[
    Resource {
        uri: "file:///home/dev/acme-api/README.md",
        name: "README.md",
        title: "Project README",
        mime: "text/markdown",
    },
    Resource {
        uri: "file:///home/dev/acme-api/src/main.rs",
        name: "main.rs",
        title: "Service entry point",
        mime: "text/x-rust",
    },
    Resource {
        uri: "file:///home/dev/acme-api/Cargo.toml",
        name: "Cargo.toml",
        title: "Package manifest",
        mime: "application/toml",
    },
    Resource {
        uri: "file:///home/dev/acme-api/docs/architecture.md",
        name: "architecture.md",
        title: "Architecture notes",
        mime: "text/markdown",
    },
    Resource {
        uri: "db://analytics/schema/events",
        name: "events-schema",
        title: "Schema of the events table",
        mime: "text/plain",
    },
    Resource {
        uri: "https://docs.acme.dev/guides/getting-started",
        name: "getting-started",
        title: "Getting started guide",
        mime: "text/markdown",
    },
    Resource {
        uri: "git://acme-api/log/main",
        name: "main-log",
        title: "Recent commits on main",
        mime: "text/plain",
    },
];

/// `(uriTemplate, name, description, mimeType)`.
const TEMPLATES: &[(&str, &str, &str, &str)] = &[
    (
        "file:///home/dev/acme-api/{+path}",
        "workspace-file",
        "Any file of the workspace.",
        "text/plain",
    ),
    (
        "db://analytics/schema/{table}",
        "table-schema",
        "Schema of an analytics table.",
        "text/plain",
    ),
    (
        "git://acme-api/commits/{revision}",
        "commit",
        "One commit with its diff.",
        "text/x-diff",
    ),
];

/// Everything the server offers, with the serialised list entries.
#[derive(Debug)]
pub(crate) struct Catalog {
    pub(crate) tools: Vec<Tool>,
    /// Serialised `Tool` objects, same order as `tools`.
    pub(crate) tool_json: Vec<Vec<u8>>,
    /// Cumulative call weights, for weighted picks.
    cumulative: Vec<u64>,
    pub(crate) prompts: Vec<Prompt>,
    pub(crate) resources: Vec<Resource>,
}

impl Catalog {
    /// A deterministic selection of tools (always at least the ones defect injection needs),
    /// in a seed-dependent order; all prompts, resources and templates.
    pub(crate) fn new(rng: &mut Rng) -> Catalog {
        let mut tools: Vec<Tool> = all_tools()
            .into_iter()
            .filter(|t| {
                matches!(t.name, "fs_read_file" | "search_code" | "notes_append") || rng.chance(750)
            })
            .collect();
        rng.shuffle(&mut tools);
        let tool_json = tools.iter().map(tool_json).collect();
        let mut cumulative = Vec::with_capacity(tools.len());
        let mut total = 0;
        for t in &tools {
            total += t.weight;
            cumulative.push(total);
        }
        Catalog {
            tools,
            tool_json,
            cumulative,
            prompts: PROMPTS.to_vec(),
            resources: RESOURCES.to_vec(),
        }
    }

    /// A tool index, weighted by popularity.
    pub(crate) fn pick_tool(&self, rng: &mut Rng) -> usize {
        let total = self.cumulative.last().copied().unwrap_or(1);
        let r = rng.below(total);
        self.cumulative.partition_point(|&c| c <= r)
    }

    /// Whether `name` is one of the server's tools.
    pub(crate) fn has_tool(&self, name: &str) -> bool {
        self.tools.iter().any(|t| t.name == name)
    }

    /// Writes the `resources` array of `resources/list`.
    pub(crate) fn write_resources(&self, buf: &mut Vec<u8>) {
        buf.push(b'[');
        for (i, r) in self.resources.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            let mut o = Obj::begin(buf);
            o.str(buf, "uri", r.uri);
            o.str(buf, "name", r.name);
            o.str(buf, "title", r.title);
            o.str(buf, "mimeType", r.mime);
            o.end(buf);
        }
        buf.push(b']');
    }

    /// Writes the `resourceTemplates` array of `resources/templates/list`.
    pub(crate) fn write_templates(buf: &mut Vec<u8>) {
        buf.push(b'[');
        for (i, (uri, name, desc, mime)) in TEMPLATES.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            let mut o = Obj::begin(buf);
            o.str(buf, "uriTemplate", uri);
            o.str(buf, "name", name);
            o.str(buf, "description", desc);
            o.str(buf, "mimeType", mime);
            o.end(buf);
        }
        buf.push(b']');
    }

    /// Writes the `prompts` array of `prompts/list`.
    pub(crate) fn write_prompts(&self, buf: &mut Vec<u8>) {
        buf.push(b'[');
        for (i, p) in self.prompts.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            let mut o = Obj::begin(buf);
            o.str(buf, "name", p.name);
            o.str(buf, "title", p.title);
            o.str(buf, "description", p.description);
            if !p.args.is_empty() {
                o.key(buf, "arguments");
                buf.push(b'[');
                for (j, (name, desc, required)) in p.args.iter().enumerate() {
                    if j > 0 {
                        buf.push(b',');
                    }
                    let mut a = Obj::begin(buf);
                    a.str(buf, "name", name);
                    a.str(buf, "description", desc);
                    a.bool(buf, "required", *required);
                    a.end(buf);
                }
                buf.push(b']');
            }
            o.end(buf);
        }
        buf.push(b']');
    }
}

fn tool_json(t: &Tool) -> Vec<u8> {
    let mut buf = Vec::new();
    let mut o = Obj::begin(&mut buf);
    o.str(&mut buf, "name", t.name);
    if let Some(title) = t.title {
        o.str(&mut buf, "title", title);
    }
    o.str(&mut buf, "description", t.description);
    o.key(&mut buf, "inputSchema");
    let root = Ty::Object {
        props: t.props.clone(),
        closed: t.closed,
    };
    let dialect = t
        .dialect
        .then_some("https://json-schema.org/draft/2020-12/schema");
    write_schema(&root, None, None, dialect, &mut buf);
    if let Some(output) = &t.output {
        o.key(&mut buf, "outputSchema");
        write_schema(&object(output.clone()), None, None, None, &mut buf);
    }
    if let Some(h) = t.hints {
        o.key(&mut buf, "annotations");
        let mut a = Obj::begin(&mut buf);
        if let Some(title) = t.title {
            a.str(&mut buf, "title", title);
        }
        a.bool(&mut buf, "readOnlyHint", h.read_only);
        if !h.read_only {
            a.bool(&mut buf, "destructiveHint", h.destructive);
            a.bool(&mut buf, "idempotentHint", h.idempotent);
        }
        a.bool(&mut buf, "openWorldHint", h.open_world);
        a.end(&mut buf);
    }
    o.end(&mut buf);
    buf
}
