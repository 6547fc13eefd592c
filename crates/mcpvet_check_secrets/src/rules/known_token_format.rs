use mcpvet_diagnostics::{Reporter, declare_rule};
use mcpvet_json::{Value, ValueKind};
use mcpvet_text::Span;

use crate::context::{Cx, Field, token_severity, variable_for, within};
use crate::tokens::{self, Found};
use crate::walk;
use mcpvet_diagnostics::redact::describe;

declare_rule! {
    /// A credential in a known provider format (GitHub, AWS, OpenAI, Anthropic, Slack, Stripe, a JWT, a private key...) is written in the configuration or server definition.
    ///
    /// ## What it checks
    ///
    /// Every string of the file (values, arguments, URLs, headers, `env`, `oauth.clientSecret`,
    /// Cline's stored `oauth.tokens`, any other member), every comment, and text the parser
    /// could not read (an unquoted token), for the token formats whose prefix and shape are
    /// reliable enough to need no context:
    ///
    /// | format | shape |
    /// |---|---|
    /// | GitHub | `ghp_`, `gho_`, `ghu_`, `ghs_`, `ghr_` + 36 letters or digits; `github_pat_` + 82 |
    /// | GitLab | `glpat-` + 20 to 64 base64url characters |
    /// | AWS access key ID | `AKIA`, `ASIA`, `ABIA`, `ACCA`, `A3T?` + 16 of `A-Z2-7` |
    /// | Slack | `xoxb-`, `xoxp-`, `xoxa-`, `xoxr-`, `xoxs-`, `xoxe-` tokens, `xapp-` app tokens, `hooks.slack.com` webhook paths |
    /// | OpenAI | `sk-…` holding `T3BlbkFJ`, `sk-proj-`, `sk-svcacct-`, `sk-admin-` keys |
    /// | Anthropic | `sk-ant-api03-`, `sk-ant-admin01-`, `sk-ant-oat01-` + 80 to 150 characters |
    /// | OpenRouter | `sk-or-v1-` + 64 hex digits |
    /// | Stripe | `sk_live_`, `rk_live_` (and `_test_`, reported as warnings), `whsec_` |
    /// | Google | `AIza` + 35 characters (API key), `GOCSPX-` + 28 (OAuth client secret) |
    /// | JSON Web Token | `eyJ….eyJ….signature`, header decoding to JSON with `alg` or `typ` |
    /// | Hugging Face, npm | `hf_` + 34 letters, `npm_` + 36 |
    /// | PEM private key | `-----BEGIN … PRIVATE KEY-----` block |
    /// | others | Perplexity `pplx-`, Linear `lin_api_`, Notion `ntn_`/`secret_`, SendGrid `SG.`, Sentry `sntryu_`, Supabase `sbp_`/`sb_secret_`, Tavily `tvly-`, Firecrawl `fc-`, Groq `gsk_`, xAI `xai-`, DigitalOcean `dop_v1_`, Docker Hub `dckr_pat_`, Replicate `r8_` |
    ///
    /// A token must stand alone (no letter or digit glued before or after it), have the exact
    /// alphabet and length of its format, and its random part must pass the guards: a minimum
    /// Shannon entropy (3.0 bits per character; 3.5 for OpenAI and Anthropic keys; 4.0 for
    /// Google API keys), no placeholder marker (`your`, runs of `x`, `EXAMPLE`, a repeated
    /// character, `abcdef`/`123456` sequences), and the format's own check. Hashes, UUIDs and
    /// ids match none of these shapes. A token-shaped placeholder (`ghp_xxxx…`, `sk-...`,
    /// `AKIAIOSFODNN7EXAMPLE`) is reported by `unfilled-placeholder` instead, and a variable
    /// reference is never a token.
    ///
    /// The finding points at the token alone (inside `Bearer …`, `--token=…` or a URL) and
    /// shows only its first four characters and its length; every renderer masks the rest.
    ///
    /// Server definitions are searched the same way, every string of the document: a
    /// tool's authentication, description or endpoint, a registry `server.json`'s inputs,
    /// an MCPB manifest's `user_config` defaults and `mcp_config`, a captured listing's
    /// descriptions and schemas.
    ///
    /// ## Why it matters
    ///
    /// These formats are what secret scanners and attackers search public repositories for;
    /// a project `.mcp.json` or `.vscode/mcp.json` is committed with the code, and clients
    /// have been seen writing resolved secrets back into such files (anthropics/claude-code
    /// issue 18692). A token that reached a shared file must be revoked, not just deleted.
    /// Server definitions are exported and published by design.
    ///
    /// ## Examples
    ///
    /// ### Flagged
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
    ///   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_mcpvetSyntheticDocToken0aB1cD2eF3gH4"}}}}
    /// ```
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"docs": {"type": "http", "url": "https://mcp.example.invalid/mcp",
    ///   "headers": {"Authorization": "Bearer ghp_mcpvetSyntheticDocToken0aB1cD2eF3gH4"}}}}
    /// ```
    ///
    /// ```json file=definition.json server
    /// {"name": "issues", "description": "Issue tracker tools.",
    ///  "tools": [{"name": "list_issues", "description": "List the open issues.", "type": "http",
    ///    "method": "GET", "endpoint": "https://api.github.com", "path": "/repos/acme/app/issues",
    ///    "authentication": {"type": "apiKey", "key": "Authorization", "value": "Bearer ghp_mcpvetSyntheticDocToken0aB1cD2eF3gH4"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ### Accepted
    ///
    /// ```jsonc file=.vscode/mcp.json
    /// {"servers": {"github": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
    ///   "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${input:github-token}"}}},
    ///  "inputs": [{"type": "promptString", "id": "github-token", "description": "GitHub token", "password": true}]}
    /// ```
    ///
    /// ```json file=claude_desktop_config.json
    /// {"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem",
    ///   "/home/me/da39a3ee5e6b4b0d3255bfef95601890afd80709"]}}}
    /// ```
    ///
    /// ```json file=definition.json server
    /// {"name": "issues", "description": "Issue tracker tools.",
    ///  "tools": [{"name": "list_issues", "description": "List the open issues.", "type": "http",
    ///    "method": "GET", "endpoint": "https://api.github.com", "path": "/repos/acme/app/issues",
    ///    "authentication": {"type": "apiKey", "key": "Authorization", "value": "Bearer {{ github_token }}"}}],
    ///  "publish": {"version": "1.0.0"}}
    /// ```
    ///
    /// ## References
    ///
    /// - gitleaks default rules (`config/gitleaks.toml`) and trufflehog detectors: the prefix
    ///   formats and entropy guards
    /// - GitHub: "About authentication to GitHub" (token prefixes)
    /// - MCP specification, Security Best Practices: token handling
    pub(crate) static KNOWN_TOKEN_FORMAT = {
        code: "MCP302",
        name: "known-token-format",
        severity: Error,
        target: ConfigAndServer,
        since: "0.1.0",
    }
}

/// One token found in the file.
struct Hit<'d> {
    found: Found,
    span: Span,
    text: String,
    /// The deepest node at the token (a string, a member name, unreadable text, or the
    /// container of a comment); `None` outside the JSON value.
    node: Option<Value<'d>>,
    /// `node`, when it is a string value (not a member name).
    value: Option<Value<'d>>,
    /// The token is the whole string.
    whole: bool,
}

pub(crate) fn check(cx: &mut Cx<'_, '_>, report: &mut Reporter<'_>) {
    let doc = cx.doc;
    let mut escaped: Vec<Span> = Vec::new();
    let mut hits: Vec<Hit<'_>> = Vec::new();
    // Strings with escapes are scanned decoded, with offsets mapped back through the escapes.
    walk::nodes(doc, |v| {
        if !v.has_escapes() {
            return;
        }
        let Some(text) = v.decoded() else {
            return;
        };
        if let Some(content) = v.content_span() {
            escaped.push(content);
        }
        let value = cx.is_value(v, &v.path()).then_some(v);
        for found in tokens::find(text.text()) {
            hits.push(Hit {
                found,
                span: text.span(found.start..found.end),
                text: text.text()[found.start..found.end].to_owned(),
                node: Some(v),
                value,
                whole: found.start == 0 && found.end == text.text().len(),
            });
        }
    });
    // Everything else is scanned as written: strings, comments, unreadable text. Which node
    // holds a token is known only by its offset here.
    let source = doc.text();
    for found in tokens::find(source) {
        let span = Span::new(found.start as u32, found.end as u32);
        if escaped.iter().any(|c| c.contains(span.start)) {
            continue;
        }
        let node = doc.node_at(span.start);
        let string = node.filter(|n| n.kind() == ValueKind::String);
        hits.push(Hit {
            found,
            span,
            text: source[found.start..found.end].to_owned(),
            node,
            value: string.filter(|n| cx.is_value(*n, &n.path())),
            whole: string
                .and_then(Value::content_span)
                .is_some_and(|c| c == span),
        });
    }
    hits.sort_by_key(|h| (h.span.start, h.span.end));
    for hit in hits {
        check_hit(cx, &hit, report);
    }
}

fn check_hit(cx: &mut Cx<'_, '_>, hit: &Hit<'_>, report: &mut Reporter<'_>) {
    let kind = hit.found.kind;
    let in_comment = cx.doc.comments().iter().any(|c| c.contains(hit.span.start));
    let location = match hit.node {
        _ if in_comment => "a comment".to_owned(),
        Some(node) => cx.location(node),
        None => "text outside the JSON value".to_owned(),
    };
    if hit.found.placeholder {
        if let Some(value) = hit.value {
            cx.once.placeholder(
                report,
                within(value, hit.span),
                &hit.text,
                &location,
                &kind.with_article(),
            );
        }
        return;
    }
    let mut path = hit.node.map(Value::path);
    // A token used as a member name: point at the object, whose path does not hold it.
    if location.starts_with("a member name")
        && let Some(p) = &mut path
    {
        p.pop();
    }
    let rel = path.as_ref().map(|p| cx.relative(p)).unwrap_or_default();
    let field = Field::of(&rel);
    let name = if field == Field::Env
        && let Some(key) = rel.strip_prefix("env.")
    {
        key.to_owned()
    } else {
        let server = hit.node.and_then(|n| cx.server_name(n));
        variable_for(server.unwrap_or("mcp"), "TOKEN")
    };
    let mut d = KNOWN_TOKEN_FORMAT
        .diagnostic(
            hit.span,
            format!(
                "{location} holds {} (`{}`)",
                kind.with_article(),
                describe(&hit.text)
            ),
        )
        .with_severity(token_severity(&KNOWN_TOKEN_FORMAT, kind.test_mode))
        .with_help(if location == "a comment" {
            "revoke this credential and issue a new one, and delete it from the comment".to_owned()
        } else {
            format!(
                "revoke this credential and issue a new one; {}",
                cx.advice(field, &name, "")
            )
        });
    if let Some(p) = path {
        d.set_path(p);
    }
    // In `env` the reference is named after the key, so only a token that is the whole
    // value is replaced by it.
    if (hit.whole && field == Field::Env || matches!(field, Field::Header | Field::Args))
        && let Some(value) = hit.value
        && let Some(fix) = cx.secret_fix(value, hit.span, field, &name)
    {
        d = d.with_fix(fix);
    }
    cx.once.secret(report, d);
}
