use mcpvet_ast::definition::Item;
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{ContentSource, Needed, needed, require};
use crate::context::Cx;

declare_rule! {
    /// A resource of a server definition lacks a member its `contentSource` requires.
    ///
    /// ## What it checks
    ///
    /// Where a resource's content comes from decides what it must say:
    ///
    /// | `contentSource` | required members |
    /// |---|---|
    /// | `direct` | `uri`, `content` |
    /// | `file` | `uri` |
    /// | `http`, `api` | `method`, `timeoutSeconds`, `uriTemplate`, `endpoint`, `path` |
    ///
    /// An `api` resource is fetched like an `http` one (from an API of the platform rather
    /// than any HTTP service), so it requires the same members. Members that are missing are
    /// reported together, at the resource; a member that is an empty string (or only spaces)
    /// is reported at its value. A resource without a `contentSource`, or with one the format
    /// does not have, and a member of the wrong JSON type are reported by
    /// `definition-structure` (MCP600).
    ///
    /// ## Why it matters
    ///
    /// The format's JSON Schema cannot say that a member is required for one content source
    /// only, so such a definition imports, and then the resource has no URI clients can read
    /// it by, or no content to return: `resources/read` fails.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "resources": [{"name": "price_list", "contentSource": "http",
    ///   "mimeType": "application/json", "method": "GET", "timeoutSeconds": 30,
    ///   "endpoint": "https://shop.example.com", "path": "/prices"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "docs", "resources": [{"name": "price_list", "contentSource": "http",
    ///   "mimeType": "application/json", "method": "GET", "timeoutSeconds": 30,
    ///   "uriTemplate": "prices://{category}", "endpoint": "https://shop.example.com",
    ///   "path": "/prices/{category}"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP specification 2025-11-25, Server features: Resources
    /// - `docs/server-definition.md` (resources)
    pub(crate) static MISSING_RESOURCE_MEMBER = {
        code: "MCP618",
        name: "missing-resource-member",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// What a `direct` resource requires.
const DIRECT: &[Needed] = &[
    needed("uri", "the URI clients read the resource by"),
    needed("content", "the content itself"),
];

/// What a `file` resource requires.
const FILE: &[Needed] = &[needed("uri", "the URI clients read the resource by")];

/// What an `http` or `api` resource requires.
const FETCHED: &[Needed] = &[
    needed("method", "the HTTP method, such as `GET`"),
    needed("timeoutSeconds", "how long fetching may take, in seconds"),
    needed(
        "uriTemplate",
        "the URI template clients read the resource by",
    ),
    needed("endpoint", "the base URL of the service"),
    needed(
        "path",
        "the path the content is fetched from, starting with `/`",
    ),
];

/// Reports the members `resource`'s content source requires that it lacks.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    resource: &Item,
    source: ContentSource,
    subject: &str,
    report: &mut Reporter<'_>,
) {
    let needs = match source {
        ContentSource::Direct => DIRECT,
        ContentSource::File => FILE,
        ContentSource::Http | ContentSource::Api => FETCHED,
    };
    require(
        &MISSING_RESOURCE_MEMBER,
        cx.value(resource.node),
        needs,
        subject,
        "clients cannot read the resource",
        report,
    );
}
