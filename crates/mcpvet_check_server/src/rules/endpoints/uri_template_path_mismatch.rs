use std::collections::{HashMap, HashSet};
use std::ops::Range;

use mcpvet_ast::definition::Item;
use mcpvet_ast::uri_template::{self, Template};
use mcpvet_diagnostics::{Reporter, declare_rule};

use super::{Text, subject};
use crate::context::{Cx, name};

declare_rule! {
    /// A variable of a resource's `uriTemplate` is not a parameter of its `path`, or a `{param}` of its `path` is not a variable of its `uriTemplate`.
    ///
    /// ## What it checks
    ///
    /// A resource of a server definition that has both a `uriTemplate` (what clients read,
    /// `weather://forecast/{city}`) and a backend `path` (`/forecast/{city}`): the variables
    /// of the two must be the same names. Each variable of the template that the path lacks
    /// is reported at its `{…}` in the template, and each `{param}` of the path that the
    /// template lacks at its place in the path. A `uriTemplate` that is not a valid RFC 6570
    /// template is `invalid-resource-uri-template` (MCP629) instead.
    ///
    /// ## Why it matters
    ///
    /// The platform fills the path's parameters from the variables of the URI the client
    /// reads. A template variable missing from the path never reaches the backend (every
    /// URI reads the same data); a path parameter missing from the template is never filled
    /// in, and the backend receives a literal `{param}`.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=definition.json
    /// {"name": "weather", "description": "Weather data.",
    ///  "resources": [{"name": "forecast", "description": "The forecast of a city.",
    ///    "contentSource": "http", "mimeType": "application/json",
    ///    "uriTemplate": "weather://forecast/{city}/{day}", "method": "GET", "timeoutSeconds": 30,
    ///    "endpoint": "https://api.example.com", "path": "/forecast/{city}"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=definition.json
    /// {"name": "weather", "description": "Weather data.",
    ///  "resources": [{"name": "forecast", "description": "The forecast of a city.",
    ///    "contentSource": "http", "mimeType": "application/json",
    ///    "uriTemplate": "weather://forecast/{city}", "method": "GET", "timeoutSeconds": 30,
    ///    "endpoint": "https://api.example.com", "path": "/forecast/{city}"}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - RFC 6570, URI Template
    /// - MCP specification, Server features: Resources, "Resource Templates"
    /// - `docs/server-definition.md` (resources)
    pub(crate) static URI_TEMPLATE_PATH_MISMATCH = {
        code: "MCP628",
        name: "uri-template-path-mismatch",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// A variable or parameter: its name and where to point (the `{…}` around it when it is
/// alone there, else the name).
struct Param {
    name: String,
    range: Range<usize>,
}

fn params(template: &Template) -> Vec<Param> {
    let mut per_expression: HashMap<usize, usize> = HashMap::new();
    for v in &template.variables {
        *per_expression.entry(v.expression.start).or_default() += 1;
    }
    template
        .variables
        .iter()
        .map(|v| {
            let alone = per_expression.get(&v.expression.start) == Some(&1);
            Param {
                name: v.name.clone(),
                range: if alone {
                    v.expression.clone()
                } else {
                    v.range.clone()
                },
            }
        })
        .collect()
}

/// The `{param}`s of a path: read as a URI template, or, when it is not a valid one, each
/// `{…}` with the name inside it (operators, modifiers and extra braces dropped).
fn path_params(path: &str) -> Vec<Param> {
    if let Ok(template) = uri_template::parse(path) {
        return params(&template);
    }
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(open) = path[from..].find('{').map(|i| from + i) {
        let Some(close) = path[open..].find('}').map(|i| open + i) else {
            break;
        };
        let inner = path[open + 1..close]
            .trim_start_matches(['{', '+', '#', '.', '/', ';', '?', '&'])
            .trim();
        for spec in inner.split(',') {
            let n = spec.trim().trim_end_matches('*');
            let n = n.split(':').next().unwrap_or(n).trim();
            if !n.is_empty() {
                out.push(Param {
                    name: n.to_owned(),
                    range: open..close + 1,
                });
            }
        }
        from = close + 1;
    }
    out
}

/// Compares the variables of `parsed` (the `uriTemplate` `template`) with the parameters of
/// `path`.
pub(crate) fn check(
    cx: Cx<'_, '_>,
    item: &Item,
    template: &Text<'_>,
    parsed: &Template,
    path: &Text<'_>,
    report: &mut Reporter<'_>,
) {
    let of = subject(cx, item);
    let variables = params(parsed);
    let parameters = path_params(path.text());
    let in_template: HashSet<&str> = variables.iter().map(|v| v.name.as_str()).collect();
    let in_path: HashSet<&str> = parameters.iter().map(|p| p.name.as_str()).collect();
    let mut seen: HashSet<&str> = HashSet::new();
    for v in &variables {
        if in_path.contains(v.name.as_str()) || !seen.insert(&v.name) {
            continue;
        }
        let shown = name(&v.name);
        report.report(
            &URI_TEMPLATE_PATH_MISMATCH,
            template.site(v.range.clone()),
            format!(
                "the `uriTemplate` variable `{shown}` of {of} is not a parameter of its `path`, so its value never reaches the backend"
            ),
            format!("add `{{{shown}}}` to `path` where the backend expects it, or remove it from `uriTemplate`"),
        );
    }
    seen.clear();
    for p in &parameters {
        if in_template.contains(p.name.as_str()) || !seen.insert(&p.name) {
            continue;
        }
        let shown = name(&p.name);
        report.report(
            &URI_TEMPLATE_PATH_MISMATCH,
            path.site(p.range.clone()),
            format!(
                "the `path` parameter `{shown}` of {of} is not a variable of its `uriTemplate`, so nothing fills it in"
            ),
            format!("add `{{{shown}}}` to `uriTemplate`, or write the value into `path`"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::path_params;

    #[test]
    fn parameters_of_paths() {
        let names = |p: &str| -> Vec<(String, String)> {
            path_params(p)
                .into_iter()
                .map(|x| (x.name, p[x.range].to_owned()))
                .collect()
        };
        assert_eq!(
            names("/users/{id}/posts/{post}"),
            [
                ("id".into(), "{id}".into()),
                ("post".into(), "{post}".into())
            ]
        );
        assert_eq!(
            names("/search{?q,limit}"),
            [("q".into(), "q".into()), ("limit".into(), "limit".into())]
        );
        // Not RFC 6570 (a space, double braces): each `{…}` still names its parameter.
        assert_eq!(names("/users/{ id }"), [("id".into(), "{ id }".into())]);
        assert_eq!(names("/users/{{id}}"), [("id".into(), "{{id}".into())]);
        assert_eq!(names("/users/{id"), []);
        assert!(names("/users").is_empty());
    }
}
