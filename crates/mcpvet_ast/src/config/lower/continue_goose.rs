//! Continue's and Goose's own rules for a server entry, as their loaders apply them.
//!
//! **Continue** validates `config.yaml` and each block with zod (`mcpServerSchema` of
//! `@continuedev/config-yaml`): a member of the wrong type makes it refuse the whole file,
//! so each is an error; unknown members are dropped (the shared lowering reports them as
//! info). A `uses:` entry of `config.yaml` includes a block (from the hub or a local file)
//! whose server is not in this file: its `uses`, `with` and `override` are checked, nothing
//! is lowered.
//!
//! **Goose** reads each `extensions.<key>` entry on its own (`get_extensions_map` in
//! `crates/goose/src/config/extensions.rs`): an entry that does not deserialize
//! (`ExtensionEntry`: a required `enabled`, the `type` tag, the variant's required members)
//! is skipped with a warning, the others load; so a missing required member is an error
//! naming the entry. Unknown members are ignored (serde's default).
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{Value, ValueKind};

use crate::codes;
use crate::config::keys;
use crate::config::{DeclaredType, Transport, TransportKind};

use super::{Lowerer, tick};

impl<'d> Lowerer<'d> {
    /// Continue's checks of one item of a `mcpServers` list.
    pub(super) fn continue_server(&mut self, value: Value<'d>) {
        for m in value.members() {
            let key = m.key_str();
            let v = m.value;
            match key.as_ref() {
                "connectionTimeout" => {
                    let positive = v
                        .as_number()
                        .is_some_and(|n| !n.lexeme().starts_with('-') && n.lexeme() != "0");
                    if !positive && v.kind() != ValueKind::Error {
                        self.cx.wrong_type(
                            v,
                            "`connectionTimeout`",
                            "a number of milliseconds greater than 0",
                            Severity::Error,
                        );
                    }
                }
                "serverName" | "faviconUrl" | "sourceFile" => {
                    let _ = self.string(v, &tick(&key), true);
                }
                "requestOptions" => {
                    if let Some(obj) = self.cx.object(v, "`requestOptions`", Severity::Error) {
                        for option in obj.members() {
                            let name = option.key_str();
                            if !keys::CONTINUE_REQUEST_OPTIONS.contains(&name.as_ref()) {
                                self.cx.report(
                                    Diagnostic::new(
                                        codes::UNKNOWN_FIELD,
                                        Severity::Info,
                                        option.key.span(),
                                        format!("unknown field `{name}` in `requestOptions`: Continue does not read it"),
                                    )
                                    .with_path(option.value.path()),
                                );
                            }
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// A `uses:` entry of Continue's `config.yaml`: `uses` (the block's slug or path),
    /// `with` (its inputs, strings) and `override` (members replacing the block's).
    pub(super) fn continue_uses(&mut self, item: Value<'d>) {
        for m in item.members() {
            let key = m.key_str();
            let v = m.value;
            match key.as_ref() {
                "uses" => {
                    let _ = self.string(v, "`uses`", true);
                }
                "with" => {
                    if let Some(obj) = self.cx.object(v, "`with`", Severity::Error) {
                        for input in obj.members() {
                            let what = format!("`with.{}`", input.key_str());
                            let _ = self.string(input.value, &what, true);
                        }
                    }
                }
                "override" => {
                    let _ = self.cx.object(v, "`override`", Severity::Error);
                }
                other if !keys::CONTINUE_USES.contains(&other) => {
                    self.cx.report(
                        Diagnostic::new(
                            codes::UNKNOWN_FIELD,
                            Severity::Info,
                            m.key.span(),
                            format!("unknown field `{other}` in a `uses:` entry: Continue reads `uses`, `with` and `override`"),
                        )
                        .with_path(v.path()),
                    );
                }
                _ => {}
            }
        }
    }

    /// Goose's checks of one `extensions.<key>` entry (`label` names it in messages).
    pub(super) fn goose_server(
        &mut self,
        value: Value<'d>,
        label: &str,
        declared: Option<&DeclaredType>,
        transport: &Transport,
    ) {
        let skipped = "Goose skips the entry (`Skipping malformed extension config entry`) and loads the others";
        let missing = |l: &mut Self, message: String, help: String| {
            l.cx.report(
                Diagnostic::new(
                    codes::MISSING_FIELD,
                    Severity::Error,
                    crate::lower::object_opening(value),
                    message,
                )
                .with_path(value.path())
                .with_help(help),
            );
        };
        if value.get("type").is_none() {
            let ty = match transport {
                Transport::Http(_) => "streamable_http",
                _ => "stdio",
            };
            missing(
                self,
                format!("{label} has no `type`: {skipped}"),
                format!("add `type: {ty}`"),
            );
        }
        if value.get("enabled").is_none() {
            missing(
                self,
                format!("{label} has no `enabled`: {skipped}"),
                "add `enabled: true` (or `false` to keep the extension off)".to_owned(),
            );
        }
        let kind = declared.and_then(|t| t.kind);
        // Every variant but the legacy `sse` one requires `name`.
        if value.get("name").is_none() && kind != Some(TransportKind::Sse) && declared.is_some() {
            missing(
                self,
                format!("{label} has no `name`: {skipped}"),
                "add `name:` with the extension's display name".to_owned(),
            );
        }
        if kind == Some(TransportKind::Stdio)
            && value.get("cmd").is_some()
            && value.get("args").is_none()
        {
            missing(
                self,
                format!("{label} has no `args`: Goose requires the list, even empty; {skipped}"),
                "add `args: []`".to_owned(),
            );
        }
        for m in value.members() {
            let key = m.key_str();
            let v = m.value;
            match key.as_ref() {
                "env_keys" | "available_tools" | "dependencies" => {
                    let _ = self.string_array(v, &tick(&key), true);
                }
                "name" | "display_name" | "instructions" | "code" => {
                    let _ = self.string(v, &tick(&key), true);
                }
                // `description: null` reads as empty.
                "description" if v.kind() != ValueKind::Null => {
                    let _ = self.string(v, "`description`", true);
                }
                // `bundled: null`, as Goose writes it, reads as unset.
                "bundled" if v.kind() != ValueKind::Null => {
                    let _ = self.boolean(v, "`bundled`", true);
                }
                "timeout" => {
                    let whole = v
                        .as_number()
                        .is_some_and(|n| !n.lexeme().contains(['.', 'e', 'E', '-']));
                    if !whole && v.as_number().is_some() {
                        self.cx.wrong_type(
                            v,
                            "`timeout`",
                            "a whole number of seconds",
                            Severity::Error,
                        );
                    }
                }
                _ => {}
            }
        }
    }
}
