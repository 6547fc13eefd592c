//! Shadowing across files: the tool names each file advertises ([`Advertised`], kept by the
//! checks of one file), and the pass that compares the files given together
//! ([`AcrossFiles`]): a tool name two servers of different files advertise
//! (`shadowed-tool-name`, MCP805), a tool description of one file naming a tool another
//! file's server advertises (`cross-server-tool-reference`, MCP806).
//!
//! Each file is compared with the files before it only, and its findings point into it: a
//! report can be written as soon as its file is read, and the pass keeps only names and
//! positions of the files already read, never their text.
//!
//! **Which servers are different.** A server is known by the name its file gives it (a
//! client log's label for each line, else `serverInfo.name` of the `initialize` result; the
//! `name` of a registry entry, manifest or definition file). Two servers of the same name are
//! one server, whatever their files (two captures of one server, an old and a new version). A
//! server whose file gives it no name (a bare listing, a session without an `initialize`
//! result) is the server of that file, different from every other file's; a file given twice
//! (the same name) is compared with nothing.
//!
//! ```
//! use mcpvet_ast::definition::read_definition;
//! use mcpvet_check_risks::{AcrossFiles, RisksOptions, check_definition};
//! use mcpvet_diagnostics::Findings;
//!
//! let mail = r#"{"tools": [{"name": "send_email", "description": "Send an email."}]}"#;
//! let facts = r#"{"tools": [{"name": "send_email", "description": "Send a fact."}]}"#;
//! let mut across = AcrossFiles::new();
//! let mut found = Vec::new();
//! for (name, text) in [("mail.json", mail), ("facts.json", facts)] {
//!     let file = read_definition(text, Some(name), None).value;
//!     let mut findings = Findings::new();
//!     let advertised = check_definition(&file, &RisksOptions::default(), &mut findings);
//!     let mut between = Findings::new();
//!     // Line 1, column offset + 1: the texts are one line each.
//!     across.add(name, &advertised, |offset| (1, offset + 1), &mut between);
//!     found.push(between.into_parts().0);
//! }
//! assert!(found[0].is_empty());
//! assert_eq!(found[1][0].code().as_str(), "MCP805");
//! assert_eq!(
//!     found[1][0].message(),
//!     "this file's server advertises tool `send_email`, which the server of `mail.json` \
//!      already advertises (mail.json:1:21)"
//! );
//! ```
use std::collections::HashMap;

use mcpvet_diagnostics::{Findings, JsonPath, Reporter, Site};
use mcpvet_text::Span;

use crate::items::short;
use crate::rules::cross_server_tool_reference::{self, is_own};
use crate::rules::shadowed_tool_name;

/// What one file advertises, kept for the checks across files: per server, its name and its
/// tools (each name once, at its first listing), and the words of its tool descriptions that
/// look like tool names. Spans are offsets in the file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Advertised {
    /// The servers, in order of first appearance.
    pub servers: Vec<AdvertisedServer>,
}

/// One server of a file, as [`Advertised`] keeps it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AdvertisedServer {
    /// The name the file gives the server: a client log's label, else `serverInfo.name` of
    /// the `initialize` result; the name of a registry entry, manifest or definition file.
    /// `None`: the file gives none, and the server is the file's.
    pub name: Option<String>,
    /// Its tools, each name once, in order of first listing.
    pub tools: Vec<AdvertisedTool>,
    /// The identifier-like words of its tool descriptions (`send_email`, `getUser`).
    pub mentions: Vec<ToolMention>,
}

/// A tool name as first listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AdvertisedTool {
    /// The name.
    pub name: String,
    /// The span of its value (quotes included) in the file.
    pub span: Span,
    /// The JSON path of its value.
    pub path: JsonPath,
    /// The index of the message that listed it (sessions).
    pub message: Option<u32>,
}

/// A word of a tool description that looks like a tool name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolMention {
    /// The word.
    pub word: String,
    /// The tool whose description holds it.
    pub tool: String,
    /// The span of the word in the file.
    pub span: Span,
    /// The JSON path of the description.
    pub path: JsonPath,
    /// The index of the message that listed the tool (sessions).
    pub message: Option<u32>,
}

impl Advertised {
    /// Whether no server lists a tool.
    pub fn is_empty(&self) -> bool {
        self.servers.iter().all(|s| s.tools.is_empty())
    }

    /// Every span kept (tool names, then mentions), for a reader that must know their
    /// positions.
    pub fn spans(&self) -> impl Iterator<Item = Span> + '_ {
        self.servers.iter().flat_map(|s| {
            s.tools
                .iter()
                .map(|t| t.span)
                .chain(s.mentions.iter().map(|m| m.span))
        })
    }

    /// Moves every span with `map` (a derived text's spans back into its file).
    pub fn map_spans(&mut self, map: impl Fn(Span) -> Span) {
        for server in &mut self.servers {
            for tool in &mut server.tools {
                tool.span = map(tool.span);
            }
            for mention in &mut server.mentions {
                mention.span = map(mention.span);
            }
        }
    }
}

/// Where something of an earlier file is: its line and column (1-based, in code points).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Place {
    line: u32,
    column: u32,
}

/// A mention of an earlier file: the tool whose description holds it, and its place.
#[derive(Debug, Clone)]
struct SeenMention {
    tool: String,
    place: Place,
}

/// A server of an earlier file: its name, its tools with their places, and the first
/// mention of each word its descriptions hold.
#[derive(Debug, Clone)]
struct SeenServer {
    name: Option<String>,
    tools: HashMap<String, Place>,
    mentions: HashMap<String, SeenMention>,
}

/// An earlier file.
#[derive(Debug, Clone)]
struct SeenFile {
    name: String,
    servers: Vec<SeenServer>,
}

/// The checks across the files given together: call [`add`](Self::add) with each file's
/// [`Advertised`], in order; each file gets the findings against the files before it.
#[derive(Debug, Clone, Default)]
pub struct AcrossFiles {
    files: Vec<SeenFile>,
}

/// Who a server is, for messages: ``server `mail` ``, or the server of a file.
fn label(server: Option<&str>, file: Option<&str>) -> String {
    match (server, file) {
        (Some(name), _) => format!("server `{}`", short(name, 60)),
        (None, Some(file)) => format!("the server of `{}`", short(file, 80)),
        (None, None) => "this file's server".to_owned(),
    }
}

/// `file:line:column`.
fn at(file: &str, place: Place) -> String {
    format!("{}:{}:{}", short(file, 80), place.line, place.column)
}

impl AcrossFiles {
    /// No file yet.
    pub fn new() -> Self {
        AcrossFiles::default()
    }

    /// Checks what the file `name` advertises against the files added before it (findings
    /// in `findings`, at spans of this file), then keeps its names; `locate` gives the line
    /// and column (1-based, in code points) of an offset of this file, for the messages of
    /// the files after it.
    ///
    /// - `shadowed-tool-name` (MCP805) at a tool name that a server of an earlier file, not
    ///   of the same name, advertises (the first such file is named);
    /// - `cross-server-tool-reference` (MCP806) at a word of a tool description of this
    ///   file that names a tool of such a server (and not of the description's own server),
    ///   and at a tool name of this file that a description of an earlier file names.
    pub fn add(
        &mut self,
        name: &str,
        advertised: &Advertised,
        locate: impl Fn(u32) -> (u32, u32),
        findings: &mut Findings,
    ) {
        let earlier: Vec<&SeenFile> = self.files.iter().filter(|f| f.name != name).collect();
        let mut report = Reporter::new(findings);
        for server in &advertised.servers {
            // The earlier servers that are not this one.
            let others: Vec<(&SeenFile, &SeenServer)> = earlier
                .iter()
                .flat_map(|f| f.servers.iter().map(move |s| (*f, s)))
                .filter(|(_, s)| server.name.is_none() || s.name != server.name)
                .collect();
            // Tools of earlier files of the same server: its own.
            let own_elsewhere = |word: &str| {
                server.name.is_some()
                    && earlier
                        .iter()
                        .flat_map(|f| &f.servers)
                        .any(|s| s.name == server.name && s.tools.contains_key(word))
            };
            let this = label(server.name.as_deref(), None);
            for tool in &server.tools {
                let mut at_tool = match tool.message {
                    Some(index) => report.message(index),
                    None => report.unindexed(),
                };
                let site = Site::new(tool.span, Some(tool.path.clone()));
                if let Some((file, other, place)) = others
                    .iter()
                    .find_map(|(f, s)| s.tools.get(&tool.name).map(|p| (f, s, *p)))
                {
                    let message = format!(
                        "{this} advertises tool `{}`, which {} already advertises ({})",
                        short(&tool.name, 60),
                        label(other.name.as_deref(), Some(&file.name)),
                        at(&file.name, place)
                    );
                    shadowed_tool_name::report_across(site.clone(), message, &mut at_tool);
                }
                // Descriptions of earlier files' other servers that name this tool.
                let named_by = others.iter().find_map(|(f, s)| {
                    s.mentions
                        .get(&tool.name)
                        .filter(|_| !is_own(&tool.name, s.tools.keys().map(String::as_str)))
                        .map(|m| (f, s, m))
                });
                if let Some((file, other, mention)) = named_by {
                    let message = format!(
                        "tool `{}` of {} is named by the description of tool `{}` of {} ({})",
                        short(&tool.name, 60),
                        this,
                        short(&mention.tool, 60),
                        label(other.name.as_deref(), Some(&file.name)),
                        at(&file.name, mention.place)
                    );
                    cross_server_tool_reference::report_across(site, message, &mut at_tool);
                }
            }
            for mention in &server.mentions {
                if is_own(&mention.word, server.tools.iter().map(|t| t.name.as_str()))
                    || own_elsewhere(&mention.word)
                {
                    continue;
                }
                let Some((file, other, place)) = others
                    .iter()
                    .find_map(|(f, s)| s.tools.get(&mention.word).map(|p| (f, s, *p)))
                else {
                    continue;
                };
                let mut at_mention = match mention.message {
                    Some(index) => report.message(index),
                    None => report.unindexed(),
                };
                let message = format!(
                    "the description of tool `{}` names `{}`, a tool of {} ({})",
                    short(&mention.tool, 60),
                    short(&mention.word, 60),
                    label(other.name.as_deref(), Some(&file.name)),
                    at(&file.name, place)
                );
                cross_server_tool_reference::report_across(
                    Site::new(mention.span, Some(mention.path.clone())),
                    message,
                    &mut at_mention,
                );
            }
        }
        if earlier.len() < self.files.len() {
            // The same file again: its names are known already.
            return;
        }
        let place = |offset: u32| {
            let (line, column) = locate(offset);
            Place { line, column }
        };
        self.files.push(SeenFile {
            name: name.to_owned(),
            servers: advertised
                .servers
                .iter()
                .map(|s| SeenServer {
                    name: s.name.clone(),
                    tools: s
                        .tools
                        .iter()
                        .map(|t| (t.name.clone(), place(t.span.start)))
                        .collect(),
                    mentions: s.mentions.iter().rev().fold(HashMap::new(), |mut map, m| {
                        // Folded from the last, so that the first mention of a word stays.
                        map.insert(
                            m.word.clone(),
                            SeenMention {
                                tool: m.tool.clone(),
                                place: place(m.span.start),
                            },
                        );
                        map
                    }),
                })
                .collect(),
        });
    }
}
