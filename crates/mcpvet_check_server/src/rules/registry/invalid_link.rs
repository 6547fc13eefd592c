use mcpvet_diagnostics::{Reporter, Severity, declare_rule};
use mcpvet_json::Value;

use super::{ServerJson, objects, string};
use crate::context::short;

declare_rule! {
    /// A link of a `server.json` is one the registry rejects: a `websiteUrl` or icon `src` that is not an absolute `https` URL, a `repository.url` that is not a repository of its `source`, or a `repository.subfolder` that is not a clean relative path.
    ///
    /// ## What it checks
    ///
    /// - `websiteUrl` and each `icons[].src`: an absolute URL with the `https` scheme
    ///   (`http:`, `data:` and relative URLs are rejected; icons are fetched and shown by
    ///   clients);
    /// - `repository.url`: for `"source": "github"`, `https://github.com/<owner>/<repo>`;
    ///   for `"gitlab"`, `https://gitlab.com/<group>/.../<project>`: the repository itself,
    ///   not a page of a file or a branch (`.../tree/main/server`); a `source` other than
    ///   `github` or `gitlab` is a warning (the official registry knows only those two);
    /// - `repository.subfolder`: a relative path of letters, digits, `-`, `_`, `.` and `/`,
    ///   without a leading or trailing `/` and without empty, `.` or `..` segments.
    ///
    /// ## Why it matters
    ///
    /// The registry rejects the file at publish time. The repository link is what users
    /// and reviewers follow to inspect the server's code: a link to a file, a branch or
    /// another host does not identify the repository.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/weather-mcp/tree/main/server", "source": "github"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```json file=server.json
    /// {"$schema": "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json",
    ///  "name": "io.github.acme/weather", "description": "Weather forecasts.", "version": "1.0.0",
    ///  "repository": {"url": "https://github.com/acme/weather-mcp", "source": "github", "subfolder": "server"}}
    /// ```
    ///
    /// ## References
    ///
    /// - MCP registry, `server.schema.json` (`websiteUrl`, `Icon.src`, `Repository`)
    /// - MCP registry, publish validation of the repository, website and icons
    pub(crate) static INVALID_REGISTRY_LINK = {
        code: "MCP652",
        name: "invalid-registry-link",
        severity: Error,
        target: Server,
        since: "0.1.0",
    }
}

/// Judges the website, icon and repository links.
pub(crate) fn check(file: ServerJson<'_>, report: &mut Reporter<'_>) {
    if let Some((value, text)) = string(file.root, "websiteUrl")
        && !text.is_empty()
    {
        https(value, &text, "`websiteUrl`", report);
    }
    for icon in objects(file.root, "icons") {
        if let Some((value, text)) = string(icon, "src") {
            https(value, &text, "the `src` of an icon", report);
        }
    }
    if let Some(repository) = file.root.get("repository") {
        self::repository(repository, report);
    }
}

/// What is wrong with `text` as an absolute `https` URL, if anything.
pub(crate) fn not_https(text: &str) -> Option<String> {
    match url::Url::parse(text.trim()) {
        Err(url::ParseError::RelativeUrlWithoutBase) => {
            Some("is not an absolute URL (it has no scheme)".to_owned())
        }
        Err(e) => Some(format!("is not a valid URL ({e})")),
        Ok(u) if u.scheme() != "https" => Some(format!(
            "uses the scheme `{}`: the registry accepts only `https`",
            short(u.scheme(), 20)
        )),
        Ok(_) => None,
    }
}

fn https(value: Value<'_>, text: &str, subject: &str, report: &mut Reporter<'_>) {
    if let Some(problem) = not_https(text) {
        report.report(
            &INVALID_REGISTRY_LINK,
            value,
            format!("{subject} {problem}"),
            "write an absolute `https://` URL",
        );
    }
}

fn repository(repository: Value<'_>, report: &mut Reporter<'_>) {
    let url = string(repository, "url");
    let source = string(repository, "source");
    if url.as_ref().is_none_or(|(_, u)| u.is_empty())
        && source.as_ref().is_none_or(|(_, s)| s.is_empty())
    {
        return;
    }
    match (&source, &url) {
        (Some((source_value, source)), _) if !matches!(source.as_ref(), "github" | "gitlab") => {
            report.report_as(
                &INVALID_REGISTRY_LINK,
                Severity::Warning,
                *source_value,
                format!(
                    "`repository.source` is `{}`: the official registry accepts only `github` and `gitlab`",
                    short(source, 40)
                ),
                "publish the source on GitHub or GitLab, or leave `repository` out for the official registry",
            );
        }
        (Some((_, source)), Some((url_value, url))) if !repository_url(source, url) => {
            let host = if source == "github" {
                "https://github.com/<owner>/<repo>"
            } else {
                "https://gitlab.com/<group>/<project>"
            };
            report.report(
                &INVALID_REGISTRY_LINK,
                *url_value,
                format!("`repository.url` is not the URL of a {source} repository, `{host}`"),
                "link the repository itself, not a page of a file or a branch; a server in a folder of the repository names it in `subfolder`",
            );
        }
        _ => {}
    }
    if let Some((value, path)) = string(repository, "subfolder")
        && !path.is_empty()
        && !clean_subfolder(&path)
    {
        report.report(
            &INVALID_REGISTRY_LINK,
            value,
            format!("`repository.subfolder` `{}` is not a clean relative path", short(&path, 60)),
            "write the folder relative to the repository root, such as `src/server`: no leading or trailing `/`, no `.` or `..`",
        );
    }
}

/// Whether `url` is a repository URL of `source` as the registry reads it.
pub(crate) fn repository_url(source: &str, url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return false;
    };
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    let (host, min_segments, max_segments) = match source {
        "github" => ("github.com/", 2, 2),
        "gitlab" => ("gitlab.com/", 2, usize::MAX),
        _ => return false,
    };
    let Some(path) = rest.strip_prefix(host) else {
        return false;
    };
    let path = path.strip_suffix('/').unwrap_or(path);
    let segments: Vec<&str> = path.split('/').collect();
    (min_segments..=max_segments).contains(&segments.len())
        && segments.iter().all(|s| {
            !s.is_empty()
                && s.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-'))
        })
}

/// A relative path of safe characters without empty, `.` or `..` segments.
pub(crate) fn clean_subfolder(path: &str) -> bool {
    !path.starts_with('/')
        && !path.ends_with('/')
        && path
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/'))
        && path
            .split('/')
            .all(|s| !s.is_empty() && s != "." && s != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repository_links() {
        assert!(repository_url(
            "github",
            "https://github.com/acme/weather-mcp"
        ));
        assert!(repository_url(
            "github",
            "https://www.github.com/acme/weather.mcp/"
        ));
        assert!(!repository_url(
            "github",
            "https://github.com/acme/weather-mcp/tree/main"
        ));
        assert!(!repository_url("github", "https://github.com/acme"));
        assert!(!repository_url(
            "github",
            "git@github.com:acme/weather-mcp.git"
        ));
        assert!(!repository_url("github", "https://gitlab.com/acme/weather"));
        assert!(repository_url(
            "gitlab",
            "https://gitlab.com/acme/tools/weather"
        ));
        assert!(!repository_url("gitlab", "https://gitlab.com/acme"));
        assert!(clean_subfolder("src/everything"));
        for bad in ["/src", "src/", "src//x", "./src", "src/../x", "my src"] {
            assert!(!clean_subfolder(bad), "{bad}");
        }
        assert_eq!(not_https("https://example.com/icon.png"), None);
        assert!(not_https("http://example.com").is_some());
        assert!(not_https("example.com").is_some());
        assert!(not_https("data:image/png;base64,AAAA").is_some());
    }
}
