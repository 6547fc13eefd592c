//! Typed leaves: strings (with their variable references), booleans, string arrays and
//! lists, `env` and `headers` maps; each reports a wrong type at its node.
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::{Member, Value, ValueKind};
use mcpvet_text::Spanned;

use crate::codes;
use crate::config::{Dialect, Entry, EntryMap, StringList, StringValue};

use super::{Lowerer, Origin, spanned_key, tick};

impl<'d> Lowerer<'d> {
    /// A string leaf; reports a wrong type when `report`.
    pub(super) fn string(&mut self, v: Value<'d>, what: &str, report: bool) -> Option<StringValue> {
        let s = StringValue::from_value(v);
        if s.is_none() && report && v.kind() != ValueKind::Error {
            self.cx.wrong_type(v, what, "a string", Severity::Error);
        }
        s
    }

    pub(super) fn boolean(
        &mut self,
        v: Value<'d>,
        what: &str,
        report: bool,
    ) -> Option<Spanned<bool>> {
        if let Some(b) = v.as_bool() {
            return Some(Spanned::new(b, v.span()));
        }
        if report && v.kind() != ValueKind::Error {
            self.cx
                .wrong_type(v, what, "true or false", Severity::Error);
        }
        None
    }

    pub(super) fn string_array(
        &mut self,
        v: Value<'d>,
        what: &str,
        report: bool,
    ) -> Vec<StringValue> {
        if v.kind() != ValueKind::Array {
            if report && v.kind() != ValueKind::Error {
                self.cx
                    .wrong_type(v, what, "an array of strings", Severity::Error);
            }
            return Vec::new();
        }
        let mut out = Vec::new();
        for (i, item) in v.items().enumerate() {
            let inner = format!("{}[{i}]`", what.trim_end_matches('`'));
            if let Some(s) = self.string(item, &inner, report) {
                out.push(s);
            }
        }
        out
    }

    pub(super) fn string_list(&mut self, m: Member<'d>, origin: Origin) -> Option<StringList> {
        let key = spanned_key(m.key);
        let report = self.reads(&key.value, origin);
        if m.value.kind() != ValueKind::Array {
            if report && m.value.kind() != ValueKind::Error {
                self.cx.wrong_type(
                    m.value,
                    &tick(&key.value),
                    "an array of strings",
                    Severity::Error,
                );
            }
            return None;
        }
        let items = self.string_array(m.value, &tick(&key.value), report);
        Some(StringList {
            node: m.value.id(),
            span: m.value.span(),
            key,
            items,
        })
    }

    /// `env` (`is_env`) or `headers`.
    pub(super) fn entry_map(&mut self, v: Value<'d>, what: &str, is_env: bool) -> Option<EntryMap> {
        let obj = self.cx.object(v, what, Severity::Error)?;
        let mut entries = Vec::new();
        for m in obj.members() {
            let key = spanned_key(m.key);
            let string = StringValue::from_value(m.value);
            if string.is_none() {
                let kind = m.value.kind();
                let inner = format!("{}.{}`", what.trim_end_matches('`'), key.value);
                let vscode_ok = is_env
                    && self.dialect == Dialect::VsCode
                    && matches!(kind, ValueKind::Number | ValueKind::Null);
                if kind != ValueKind::Error && !vscode_ok {
                    // Clients that spawn the process usually stringify scalars; VS Code's
                    // schema does not accept booleans.
                    let scalar = is_env
                        && self.dialect != Dialect::VsCode
                        && matches!(kind, ValueKind::Number | ValueKind::Bool | ValueKind::Null);
                    let severity = if scalar {
                        Severity::Warning
                    } else {
                        Severity::Error
                    };
                    let expected = if is_env && self.dialect == Dialect::VsCode {
                        "a string, a number or null"
                    } else {
                        "a string"
                    };
                    let mut d = Diagnostic::new(
                        codes::WRONG_TYPE,
                        severity,
                        m.value.span(),
                        format!("{inner} must be {expected}, found {}", kind.name()),
                    )
                    .with_path(m.value.path());
                    if scalar {
                        d = d.with_help("write the value as a string, in quotes");
                    }
                    self.cx.report(d);
                }
            }
            entries.push(Entry {
                key,
                key_node: m.key.id(),
                value: m.value.id(),
                value_span: m.value.span(),
                value_kind: m.value.kind(),
                string,
            });
        }
        Some(EntryMap {
            node: obj.id(),
            span: obj.span(),
            entries,
        })
    }
}
