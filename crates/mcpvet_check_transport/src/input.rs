//! What every rule reads: [`ConfigInput`], built once per configuration.
use std::ops::Deref;

use mcpvet_ast::config::url::ServerUrl;
use mcpvet_ast::config::{ConfigFile, Http, Server, Stdio, StringValue, Transport};

use crate::url::{UrlVerdict, judge_url};

/// A configuration and what several rules would otherwise work out again each; it derefs
/// to the [`ConfigFile`], so a rule reads `input.servers` and `input.urls` alike.
#[derive(Debug)]
pub(crate) struct ConfigInput<'c> {
    /// The lowered configuration (read through `Deref`).
    config: &'c ConfigFile<'c>,
    /// Every remote server whose URL is a string, in source order, with its URL judged once
    /// for the URL rules; none when the client reads only stdio servers (it never connects
    /// to a URL there, and `unsupported-transport` reports those servers).
    pub(crate) urls: Vec<RemoteUrl<'c>>,
}

/// A remote server's URL and what the URL rules make of it.
#[derive(Debug)]
pub(crate) struct RemoteUrl<'c> {
    /// The server.
    pub(crate) server: &'c Server,
    /// Its remote transport.
    pub(crate) http: &'c Http,
    /// The URL as written.
    pub(crate) url: &'c StringValue,
    /// The URL as lowering read it (references masked, parsed).
    pub(crate) read: &'c ServerUrl,
    /// [`judge_url`] in the configuration's dialect.
    pub(crate) verdict: UrlVerdict<'c>,
}

impl<'c> ConfigInput<'c> {
    /// Reads what the rules share from `config`.
    pub(crate) fn new(config: &'c ConfigFile<'c>) -> Self {
        let urls = if config.dialect.stdio_only() {
            Vec::new()
        } else {
            config
                .http_servers()
                .map(|(server, http, url, read)| RemoteUrl {
                    server,
                    http,
                    url,
                    read,
                    verdict: judge_url(url, read, config.dialect),
                })
                .collect()
        };
        ConfigInput { config, urls }
    }

    /// The servers whose transport includes a process (`command`).
    pub(crate) fn stdio_servers(&self) -> impl Iterator<Item = (&'c Server, &'c Stdio)> {
        self.config
            .servers
            .iter()
            .filter_map(|s| match &s.transport {
                Transport::Stdio(st) | Transport::Ambiguous { stdio: st, .. } => Some((s, st)),
                _ => None,
            })
    }

    /// Every string value in a server entry, any member (keys excluded), server by server in
    /// source order.
    pub(crate) fn entry_strings(&self) -> impl Iterator<Item = StringValue> {
        let config = self.config;
        config
            .servers
            .iter()
            .flat_map(move |s| config.value(s.node).strings())
            .filter_map(StringValue::from_value)
    }
}

impl<'c> Deref for ConfigInput<'c> {
    type Target = ConfigFile<'c>;

    fn deref(&self) -> &ConfigFile<'c> {
        self.config
    }
}

#[cfg(test)]
mod tests {
    use super::{ConfigInput, RemoteUrl};
    use crate::url::UrlVerdict;
    use mcpvet_ast::config::read_config;

    #[test]
    fn urls_strings_and_stdio_servers() {
        let text = r#"{"mcpServers": {"a": {"url": "wss://x.example/mcp"},
            "b": {"command": "npx", "env": {"K": "v"}, "args": ["x", {"y": "z"}]}}}"#;
        let config = read_config(text, Some(".cursor/mcp.json"), None).value;
        let input = ConfigInput::new(&config);
        assert!(matches!(
            input.urls[..],
            [RemoteUrl {
                verdict: UrlVerdict::Invalid { .. },
                ..
            }]
        ));
        assert_eq!(input.stdio_servers().count(), 1);
        let strings: Vec<_> = input.entry_strings().map(|s| s.value).collect();
        assert_eq!(strings, ["wss://x.example/mcp", "npx", "v", "x", "z"]);
        // A stdio-only client connects to no URL.
        let desktop = read_config(text, Some("claude_desktop_config.json"), None).value;
        assert!(ConfigInput::new(&desktop).urls.is_empty());
    }
}
