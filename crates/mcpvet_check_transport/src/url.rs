//! Server URLs: what the URL rules make of one ([`judge_url`]), and how messages show one
//! ([`display_url`]).
use ::url::Url;
use mcpvet_ast::config::url::ServerUrl;
use mcpvet_ast::config::{Dialect, StringValue};

use crate::strings::display_text;

/// The URL as shown in messages: references by name, without userinfo, query or fragment.
pub(crate) fn display_url(value: &StringValue) -> String {
    let text = display_text(value);
    let text = text.trim();
    let cut = text.find(['?', '#']).unwrap_or(text.len());
    let text = &text[..cut];
    let Some(scheme_end) = text.find("://").map(|i| i + 3) else {
        return text.to_owned();
    };
    let rest = &text[scheme_end..];
    let authority_end = rest.find('/').unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    format!("{}{host}{}", &text[..scheme_end], &rest[authority_end..])
}

/// What the URL rules make of a server's URL.
#[derive(Debug)]
pub(crate) enum UrlVerdict<'u> {
    /// Cannot be judged before expansion (a reference in the scheme, or the whole value).
    NotJudged,
    /// Not usable; the reason, phrased to follow "`url` ".
    Invalid {
        /// What is wrong and what to do.
        reason: String,
        /// Whether clients may still accept it (surrounding whitespace).
        tolerated: bool,
    },
    /// A valid absolute URL (references masked by [`URL_MASK`](mcpvet_ast::config::url::URL_MASK)).
    Valid(&'u Url),
}

/// Judges the URL of a remote server in `dialect`: `value` as written, `url` as lowering
/// read it (masked and parsed once).
pub(crate) fn judge_url<'u>(
    value: &StringValue,
    url: &'u ServerUrl,
    dialect: Dialect,
) -> UrlVerdict<'u> {
    let vscode = dialect == Dialect::VsCode;
    if value.value.trim().is_empty() {
        return UrlVerdict::Invalid {
            reason: "is empty; write the server's address, such as `https://host/mcp`".to_owned(),
            tolerated: false,
        };
    }
    let ServerUrl::Masked {
        text: masked,
        parsed,
    } = url
    else {
        return UrlVerdict::NotJudged;
    };
    let trimmed = masked.trim();
    let scheme_len = trimmed
        .char_indices()
        .take_while(|&(i, c)| {
            c.is_ascii_alphabetic()
                || (i > 0 && (c.is_ascii_digit() || matches!(c, '+' | '-' | '.')))
        })
        .count();
    let scheme = trimmed[..scheme_len].to_ascii_lowercase();
    let rest = &trimmed[scheme_len..];
    let allowed = if vscode {
        "`http://`, `https://`, `unix://` or `pipe://`"
    } else {
        "`http://` or `https://`"
    };
    if scheme.is_empty() || !rest.starts_with(':') {
        return UrlVerdict::Invalid {
            reason: format!("has no scheme; start it with {allowed}"),
            tolerated: false,
        };
    }
    if !rest.starts_with("://") {
        // `localhost:3000/mcp`: a host and port without a scheme.
        let port = rest[1..].split(['/', '?', '#']).next().unwrap_or("");
        if !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) {
            return UrlVerdict::Invalid {
                reason: format!("has no scheme; start it with {allowed}"),
                tolerated: false,
            };
        }
    }
    match scheme.as_str() {
        "http" | "https" => {}
        "unix" | "pipe" if vscode => {}
        "unix" | "pipe" => {
            return UrlVerdict::Invalid {
                reason: format!(
                    "uses `{scheme}://`, which only VS Code reads; use {allowed} with {}",
                    dialect.client_name()
                ),
                tolerated: false,
            };
        }
        _ => {
            // Show the scheme only when it reads as one (`wss`, `file`), never a long token.
            let shown = if scheme.len() <= 12 && scheme.bytes().all(|b| b.is_ascii_lowercase()) {
                format!("the `{scheme}` scheme")
            } else {
                "an unsupported scheme".to_owned()
            };
            return UrlVerdict::Invalid {
                reason: format!("uses {shown}, but MCP's HTTP transports need {allowed}"),
                tolerated: false,
            };
        }
    }
    if !rest.starts_with("://") {
        return UrlVerdict::Invalid {
            reason: format!("must start with `{scheme}://`"),
            tolerated: false,
        };
    }
    let parsed = match parsed {
        Ok(u) => u,
        Err(e) => {
            return UrlVerdict::Invalid {
                reason: format!("is not a valid URL ({e}); fix the address"),
                tolerated: false,
            };
        }
    };
    if trimmed.len() != masked.len() {
        return UrlVerdict::Invalid {
            reason: "has leading or trailing whitespace; remove it".to_owned(),
            tolerated: true,
        };
    }
    UrlVerdict::Valid(parsed)
}

#[cfg(test)]
mod tests {
    use super::display_url;
    use mcpvet_ast::config::read_config;
    use mcpvet_ast::config::url::ServerUrl;

    #[test]
    fn display_hides_userinfo_query_and_fragment() {
        let text =
            r#"{"mcpServers": {"a": {"url": "https://u:p@${HOST}:${PORT}/x/${P}?token=1#f"}}}"#;
        let config = read_config(text, Some(".mcp.json"), None).value;
        let (_, _, url, read) = config.http_servers().next().unwrap();
        let ServerUrl::Masked { text: masked, .. } = read else {
            panic!("{read:?}")
        };
        assert_eq!(
            masked,
            "https://u:p@mcpvet-masked:1/x/mcpvet-masked?token=1#f"
        );
        assert_eq!(display_url(url), "https://${HOST}:${PORT}/x/${P}");
    }
}
