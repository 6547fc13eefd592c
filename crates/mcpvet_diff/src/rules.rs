//! The rules of the tools lock check (`--lock`), in code order.
use mcpvet_diagnostics::{RuleMeta, declare_rule};

declare_rule! {
    /// A tool differs from its digest in the tools lock file.
    ///
    /// ## What it checks
    ///
    /// With `--lock PATH` (`mcpvet transcript`, `mcpvet server`, `mcpvet diff`), each tool the
    /// input advertises is digested as `mcpvet lock` digests it (SHA-256 of the canonical JSON of
    /// its name, description, input and output schemas: see [diff.md](../diff.md)) and compared
    /// with the lock's digest of the tool of that name, on the server of the same name. Reported
    /// at the tool's name when the digests differ.
    ///
    /// ## Why it matters
    ///
    /// A lock pins the tools a person approved. A server that changes a tool's description or
    /// schemas after approval (a "rug pull") can change what the model is told or what the tool
    /// receives without anyone noticing: hosts do not ask again. The lock keeps only digests, so
    /// the finding cannot say what changed; `mcpvet diff OLD NEW` against the file the lock was
    /// made from does.
    ///
    /// ## Examples
    ///
    /// A finding needs a lock file beside the input, so it cannot appear in this page: run
    /// `mcpvet lock tools.json`, change the listing, then `mcpvet server --lock
    /// mcp-tools.lock tools.json`. Without `--lock` the rule never reports.
    ///
    /// ### Flagged
    ///
    /// ### Accepted
    ///
    /// ```json file=tools.json
    /// {"tools": [{"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - [diff.md](../diff.md): the lock file, its canonical form and `--lock`
    /// - MCP specification, Server features: Tools, "List Changed Notification"
    pub static LOCKED_TOOL_CHANGED = {
        code: "MCP560",
        name: "locked-tool-changed",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A tool is advertised that the tools lock file does not hold.
    ///
    /// ## What it checks
    ///
    /// With `--lock PATH`, a tool the input advertises on a server of the lock (paired by name,
    /// or the only server of each) whose name the lock's `tools` of that server does not list.
    /// Reported at the tool's name.
    ///
    /// ## Why it matters
    ///
    /// A new tool is new capability nobody reviewed: more actions the model may take, another
    /// description it reads. Pinning means approving additions too; run `mcpvet lock` again once
    /// the tool is reviewed.
    ///
    /// ## Examples
    ///
    /// A finding needs a lock file beside the input, so it cannot appear in this page: run
    /// `mcpvet lock tools.json`, change the listing, then `mcpvet server --lock
    /// mcp-tools.lock tools.json`. Without `--lock` the rule never reports.
    ///
    /// ### Flagged
    ///
    /// ### Accepted
    ///
    /// ```json file=tools.json
    /// {"tools": [{"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - [diff.md](../diff.md): the lock file, its canonical form and `--lock`
    /// - MCP specification, Server features: Tools, "List Changed Notification"
    pub static TOOL_NOT_IN_LOCK = {
        code: "MCP561",
        name: "tool-not-in-lock",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A tool of the tools lock file is no longer advertised.
    ///
    /// ## What it checks
    ///
    /// With `--lock PATH`, a tool the lock holds for a server that the input's tool listing of
    /// that server does not have (an input that lists no tools for the server is not
    /// checked). Reported at the input's tool list.
    ///
    /// ## Why it matters
    ///
    /// Clients, prompts and workflows written against the approved interface call that tool; it
    /// is gone, or was renamed (a rename shows as one tool missing and one new).
    ///
    /// ## Examples
    ///
    /// A finding needs a lock file beside the input, so it cannot appear in this page: run
    /// `mcpvet lock tools.json`, change the listing, then `mcpvet server --lock
    /// mcp-tools.lock tools.json`. Without `--lock` the rule never reports.
    ///
    /// ### Flagged
    ///
    /// ### Accepted
    ///
    /// ```json file=tools.json
    /// {"tools": [{"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - [diff.md](../diff.md): the lock file, its canonical form and `--lock`
    /// - MCP specification, Server features: Tools, "List Changed Notification"
    pub static LOCKED_TOOL_MISSING = {
        code: "MCP562",
        name: "locked-tool-missing",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A server of the input is not in the tools lock file.
    ///
    /// ## What it checks
    ///
    /// With `--lock PATH`, a server of the input that pairs with no server of the lock: no lock
    /// server has its name, and it is not the case that the input and the lock each hold exactly
    /// one server. Reported at the server's first list.
    ///
    /// ## Why it matters
    ///
    /// Nothing of that server is pinned: none of its tools was approved through the lock. Lock
    /// it (`mcpvet lock`) or check the input against the lock of that server.
    ///
    /// ## Examples
    ///
    /// A finding needs a lock file beside the input, so it cannot appear in this page: run
    /// `mcpvet lock tools.json`, change the listing, then `mcpvet server --lock
    /// mcp-tools.lock tools.json`. Without `--lock` the rule never reports.
    ///
    /// ### Flagged
    ///
    /// ### Accepted
    ///
    /// ```json file=tools.json
    /// {"tools": [{"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - [diff.md](../diff.md): the lock file, its canonical form and `--lock`
    /// - MCP specification, Server features: Tools, "List Changed Notification"
    pub static SERVER_NOT_IN_LOCK = {
        code: "MCP563",
        name: "server-not-in-lock",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

declare_rule! {
    /// A prompt, resource or resource template differs from the tools lock file.
    ///
    /// ## What it checks
    ///
    /// With `--lock PATH`, for each kind of item other than tools that the lock holds for a
    /// server (`prompts`, `resources`, `resource_templates`): an item whose digest differs, an
    /// item the lock does not hold, and an item the lock holds that the input does not list.
    ///
    /// ## Why it matters
    ///
    /// Prompts and resources reach the model too: a prompt whose text changed after review, or a
    /// resource that moved, is drift of the interface that was approved.
    ///
    /// ## Examples
    ///
    /// A finding needs a lock file beside the input, so it cannot appear in this page: run
    /// `mcpvet lock tools.json`, change the listing, then `mcpvet server --lock
    /// mcp-tools.lock tools.json`. Without `--lock` the rule never reports.
    ///
    /// ### Flagged
    ///
    /// ### Accepted
    ///
    /// ```json file=tools.json
    /// {"tools": [{"name": "get_weather", "description": "Current weather for a city.", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]}
    /// ```
    ///
    /// ## References
    ///
    /// - [diff.md](../diff.md): the lock file, its canonical form and `--lock`
    /// - MCP specification, Server features: Tools, "List Changed Notification"
    pub static LOCKED_ITEM_CHANGED = {
        code: "MCP564",
        name: "locked-item-changed",
        severity: Warning,
        target: Server,
        since: "0.1.0",
    }
}

/// Every rule of this crate, sorted by code.
pub(crate) static RULES: &[&RuleMeta] = &[
    &LOCKED_TOOL_CHANGED,
    &TOOL_NOT_IN_LOCK,
    &LOCKED_TOOL_MISSING,
    &SERVER_NOT_IN_LOCK,
    &LOCKED_ITEM_CHANGED,
];
