//! VS Code's `inputs`: the declared `${input:id}` prompts.
use mcpvet_diagnostics::{Diagnostic, Severity};
use mcpvet_json::Value;

use crate::codes;
use crate::config::keys::{self};
use crate::config::{Input, KeyStatus, MemberInfo};

use super::{Lowerer, spanned_key};

impl<'d> Lowerer<'d> {
    pub(super) fn lower_inputs(&mut self, inputs: Value<'d>) {
        let Some(array) = self.cx.array(inputs, "`inputs`", Severity::Error) else {
            return;
        };
        self.out.inputs_node = Some(array.id());
        for (i, item) in array.items().enumerate() {
            let Some(obj) = self
                .cx
                .object(item, &format!("`inputs[{i}]`"), Severity::Error)
            else {
                continue;
            };
            let mut members = Vec::new();
            for m in obj.members() {
                let key = spanned_key(m.key);
                let status = if keys::VSCODE_INPUT.contains(&key.value.as_str()) {
                    KeyStatus::Known
                } else {
                    self.cx.report(
                        Diagnostic::new(
                            codes::UNKNOWN_FIELD,
                            Severity::Error,
                            m.key.span(),
                            format!(
                                "unknown field `{}` in input {i}: VS Code does not read it",
                                key.value
                            ),
                        )
                        .with_path(m.value.path()),
                    );
                    KeyStatus::Unknown
                };
                members.push(MemberInfo {
                    key,
                    key_node: m.key.id(),
                    value: m.value.id(),
                    value_span: m.value.span(),
                    status,
                });
            }
            let id = obj.get("id").and_then(|v| self.string(v, "`id`", true));
            let kind = obj.get("type").and_then(|v| self.string(v, "`type`", true));
            for (field, present) in [
                ("id", obj.get("id").is_some()),
                ("type", obj.get("type").is_some()),
            ] {
                if !present {
                    self.cx.missing(
                        codes::MISSING_FIELD,
                        obj,
                        field,
                        format!("input {i} has no `{field}`"),
                        Severity::Error,
                    );
                }
            }
            let description = obj
                .get("description")
                .and_then(|v| self.string(v, "`description`", true));
            let password = obj
                .get("password")
                .and_then(|v| self.boolean(v, "`password`", true));
            self.out.inputs.push(Input {
                node: obj.id(),
                span: obj.span(),
                path: obj.path(),
                id,
                kind,
                description,
                password,
                default: obj.get("default").map(Value::id),
                members,
            });
        }
    }
}
