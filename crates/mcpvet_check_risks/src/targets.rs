//! The clients and model APIs whose limits the compatibility rules know (`--target`).
use std::collections::HashSet;

use mcpvet_diagnostics::Reporter;
use mcpvet_json::Value;

use crate::RisksOptions;
use crate::rules::too_many_tools;

/// A client or model API with limits of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Client {
    /// The `OpenAI` API (function calling, strict mode).
    OpenAi,
    /// The Claude API.
    Anthropic,
    /// The Gemini API (function declarations).
    Gemini,
    /// Visual Studio Code (Copilot agent mode).
    VsCode,
    /// Cursor.
    Cursor,
}

impl Client {
    /// Every client, in `--target` order.
    pub const ALL: [Client; 5] = [
        Client::OpenAi,
        Client::Anthropic,
        Client::Gemini,
        Client::VsCode,
        Client::Cursor,
    ];

    /// `openai`, `anthropic`, `gemini`, `vscode` or `cursor`: the `--target` value.
    pub const fn name(self) -> &'static str {
        match self {
            Client::OpenAi => "openai",
            Client::Anthropic => "anthropic",
            Client::Gemini => "gemini",
            Client::VsCode => "vscode",
            Client::Cursor => "cursor",
        }
    }

    /// For messages: `OpenAI`, `the Claude API`...
    pub const fn title(self) -> &'static str {
        match self {
            Client::OpenAi => "OpenAI",
            Client::Anthropic => "the Claude API",
            Client::Gemini => "Gemini",
            Client::VsCode => "VS Code",
            Client::Cursor => "Cursor",
        }
    }

    /// The client named `name` ([`Self::name`]; also `claude`, `google`, `vs-code`,
    /// `copilot`).
    pub fn parse(name: &str) -> Option<Client> {
        match name.trim().to_ascii_lowercase().as_str() {
            "openai" => Some(Client::OpenAi),
            "anthropic" | "claude" => Some(Client::Anthropic),
            "gemini" | "google" => Some(Client::Gemini),
            "vscode" | "vs-code" | "copilot" => Some(Client::VsCode),
            "cursor" => Some(Client::Cursor),
            _ => None,
        }
    }

    const fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of clients, and whether the `OpenAI` API's strict mode is checked: only when the
/// set was asked for by name (`openai` or `all`), since hosts opt into strict mode tool by
/// tool and most send MCP tools without it. The default set holds every client without strict mode.
///
/// ```
/// use mcpvet_check_risks::{Client, Clients};
///
/// let clients = Clients::parse("openai,cursor").unwrap();
/// assert!(clients.contains(Client::Cursor) && !clients.contains(Client::Gemini));
/// assert!(clients.openai_strict());
/// assert!(Clients::parse("all").unwrap().openai_strict());
/// assert!(!Clients::default().openai_strict() && Clients::default().contains(Client::OpenAi));
/// assert!(Clients::parse("netscape").is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Clients(u8);

impl Default for Clients {
    fn default() -> Self {
        Clients::DEFAULT
    }
}

impl Clients {
    /// Every client, the `OpenAI` API's strict mode included (`--target all`).
    pub const ALL: Clients = Clients(0b11_1111);
    /// Every client, the `OpenAI` API's strict mode left out (no `--target`).
    pub const DEFAULT: Clients = Clients(0b1_1111);
    /// The bit of the `OpenAI` API's strict mode.
    const STRICT: u8 = 1 << 5;
    /// None.
    pub const NONE: Clients = Clients(0);

    /// This set with `client` added.
    #[must_use]
    pub const fn with(self, client: Client) -> Clients {
        Clients(self.0 | client.bit())
    }

    /// Whether the `OpenAI` API's strict mode is checked.
    pub const fn openai_strict(self) -> bool {
        self.0 & Clients::STRICT != 0
    }

    /// Whether `client` is in the set.
    pub const fn contains(self, client: Client) -> bool {
        self.0 & client.bit() != 0
    }

    /// The clients of the set, in [`Client::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Client> {
        Client::ALL.into_iter().filter(move |c| self.contains(*c))
    }

    /// A comma-separated list of client names, or `all`.
    ///
    /// # Errors
    ///
    /// A message naming the unknown client and the known ones.
    pub fn parse(list: &str) -> Result<Clients, String> {
        let mut out = Clients::NONE;
        for name in list.split(',').filter(|n| !n.trim().is_empty()) {
            if name.trim().eq_ignore_ascii_case("all") {
                out = Clients::ALL;
                continue;
            }
            let client = Client::parse(name).ok_or_else(|| {
                format!(
                    "unknown target `{}`; known: openai, anthropic, gemini, vscode, cursor, all",
                    name.trim()
                )
            })?;
            out = out.with(client);
            if client == Client::OpenAi {
                out = Clients(out.0 | Clients::STRICT);
            }
        }
        Ok(out)
    }
}

/// After the tool `name` raised the capture's tool count to `total`: the limits it passed.
pub(crate) fn check_count(
    total: usize,
    name: &str,
    at: Value<'_>,
    options: &RisksOptions,
    over: &mut HashSet<Client>,
    report: &mut Reporter<'_>,
) {
    for client in options.clients.iter() {
        if let Some(limit) = too_many_tools::limit(client)
            && total > limit
            && over.insert(client)
        {
            too_many_tools::check(client, limit, total, name, at, report);
        }
    }
}
