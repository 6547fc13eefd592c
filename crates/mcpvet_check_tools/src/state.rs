//! The compact state the checker keeps between entries: per server, the requests waiting for
//! their response, the tools seen (with their compiled schemas), the prompts' declared
//! arguments and the list being paged through. Nothing here refers to a JSON node, so the
//! state survives the document of the entry that produced it (streaming).

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::HashMap;

use mcpvet_ast::transcript::IdKey;
use mcpvet_schema::validate::InstanceValidator;
use mcpvet_text::Span;

/// A paginated list method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum ListMethod {
    /// `tools/list`.
    Tools,
    /// `prompts/list`.
    Prompts,
    /// `resources/list`.
    Resources,
    /// `resources/templates/list`.
    Templates,
}

impl ListMethod {
    /// The list method named `method`.
    pub(crate) fn from_method(method: &str) -> Option<ListMethod> {
        match method {
            "tools/list" => Some(ListMethod::Tools),
            "prompts/list" => Some(ListMethod::Prompts),
            "resources/list" => Some(ListMethod::Resources),
            "resources/templates/list" => Some(ListMethod::Templates),
            _ => None,
        }
    }

    /// The wire method.
    pub(crate) const fn method(self) -> &'static str {
        match self {
            ListMethod::Tools => "tools/list",
            ListMethod::Prompts => "prompts/list",
            ListMethod::Resources => "resources/list",
            ListMethod::Templates => "resources/templates/list",
        }
    }

    /// The result member holding the items.
    pub(crate) const fn member(self) -> &'static str {
        match self {
            ListMethod::Tools => "tools",
            ListMethod::Prompts => "prompts",
            ListMethod::Resources => "resources",
            ListMethod::Templates => "resourceTemplates",
        }
    }

    /// What one item is, for messages.
    pub(crate) const fn item(self) -> &'static str {
        match self {
            ListMethod::Tools => "tool",
            ListMethod::Prompts => "prompt",
            ListMethod::Resources => "resource",
            ListMethod::Templates => "resource template",
        }
    }

    pub(crate) const fn slot(self) -> usize {
        match self {
            ListMethod::Tools => 0,
            ListMethod::Prompts => 1,
            ListMethod::Resources => 2,
            ListMethod::Templates => 3,
        }
    }
}

/// A tool as advertised, ready for checking calls.
#[derive(Debug)]
pub(crate) struct ToolDef {
    /// The compiled `inputSchema`, when it is a usable schema.
    pub(crate) input: Option<InstanceValidator>,
    /// The compiled `outputSchema`, when one was declared and is usable.
    pub(crate) output: Option<InstanceValidator>,
    /// An `outputSchema` was declared (usable or not).
    pub(crate) has_output: bool,
    /// The tool's canonical JSON for the digest (see the crate docs).
    pub(crate) canonical: String,
    /// 2026-07-28: the paths of the integer properties mirrored into HTTP headers.
    pub(crate) header_integers: Vec<Vec<String>>,
}

/// One listing of a paginated list: its pages so far.
#[derive(Debug, Default)]
pub(crate) struct Listing {
    /// Tool names seen on the listing's pages, with the span of the first.
    pub(crate) names: HashMap<String, Span>,
    /// Lower-cased name to the first name spelled that way, and its span.
    pub(crate) folded: HashMap<String, (String, Span)>,
    /// Items on the listing's pages.
    pub(crate) count: usize,
}

/// A prompt argument declared by `prompts/list`.
#[derive(Debug, Clone)]
pub(crate) struct PromptArg {
    pub(crate) name: String,
    pub(crate) required: bool,
}

/// What a `tools/call` request said, kept for its response.
#[derive(Debug, Clone, Default)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent facts about one call, not a state machine"
)]
pub(crate) struct CallInfo {
    /// The tool name.
    pub(crate) tool: Option<String>,
    /// The tool was not in the server's tool list.
    pub(crate) unknown: bool,
    /// The tool lists are cached views (2026-07-28): a tool they lack may still exist, so
    /// a result answering the call is not judged.
    pub(crate) cached: bool,
    /// The arguments violated the tool's `inputSchema`.
    pub(crate) bad_arguments: bool,
    /// Task-augmented (`params.task`): the result is a task, not a `CallToolResult`.
    pub(crate) task: bool,
    /// Where the call names its tool: the secondary span of findings on the answer.
    pub(crate) name_at: Option<Span>,
}

/// A request waiting for its response.
#[derive(Debug, Clone)]
pub(crate) enum Pending {
    /// A list request; `first_page` when it had no `cursor`.
    List {
        method: ListMethod,
        first_page: bool,
    },
    /// `tools/call`.
    Call(CallInfo),
    /// `prompts/get`; the prompt's name when the request lacked a required argument.
    PromptGet(Option<String>),
    /// `resources/read`.
    Read,
    /// `initialize` or `server/discover`: the result declares the server's capabilities.
    Capabilities(&'static str),
}

/// What the checker knows about one server of the capture.
#[derive(Debug, Default)]
pub(crate) struct Server {
    /// The server name the capture gives (Claude Desktop logs), if any.
    pub(crate) name: Option<String>,
    /// Client requests waiting for their response, by id.
    pub(crate) pending: HashMap<IdKey, Pending>,
    /// SDK calls waiting for their result, by the capture's correlation key.
    pub(crate) sdk_pending: HashMap<String, Pending>,
    /// Every tool advertised in the session, the latest definition of each name.
    pub(crate) tools: HashMap<String, ToolDef>,
    /// A `tools/list` result was seen.
    pub(crate) tools_listed: bool,
    /// The tool listing being paged through.
    pub(crate) tool_listing: Option<Listing>,
    /// Every prompt advertised, with its declared arguments (latest definition).
    pub(crate) prompts: HashMap<String, Vec<PromptArg>>,
    /// A `prompts/list` result was seen.
    pub(crate) prompts_listed: bool,
    /// The `cacheScope` of the first page of the current listing, per list method (2026).
    pub(crate) scopes: [Option<String>; 4],
    /// Whether the server's declared capabilities hold `resources`, once a result shows
    /// them.
    pub(crate) resources_declared: Option<bool>,
    /// The result that declared them, for messages.
    pub(crate) caps_source: &'static str,
}
