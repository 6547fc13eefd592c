//! What a generation run produced.

use crate::json::{Obj, push_u64};
use crate::{Defect, Framing, Position, Protocol};

/// One injected defect and where it landed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InjectedDefect {
    /// The kind of defect.
    pub kind: Defect,
    /// The position that was asked for.
    pub requested: Position,
    /// 1-based line number of the defective line.
    pub line: u64,
    /// Byte offset of the start of that line.
    pub offset: u64,
    /// 0-based index of the message among the JSON messages; for a non-JSON line, the number of
    /// JSON messages before it.
    pub message_index: u64,
    /// A short description (which id, tool, property or token position was involved).
    pub detail: String,
}

/// Counts and positions of a generated session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// Protocol version.
    pub protocol: Protocol,
    /// Seed used.
    pub seed: u64,
    /// Line framing used.
    pub framing: Framing,
    /// Requested size.
    pub target_bytes: u64,
    /// Bytes written.
    pub bytes: u64,
    /// Lines written (JSON messages plus non-JSON lines).
    pub lines: u64,
    /// JSON-RPC messages written.
    pub messages: u64,
    /// Requests (both directions).
    pub requests: u64,
    /// Responses, results and errors (both directions).
    pub responses: u64,
    /// Of the responses, JSON-RPC error responses.
    pub error_responses: u64,
    /// Notifications (both directions).
    pub notifications: u64,
    /// Non-JSON lines.
    pub non_json_lines: u64,
    /// `tools/call` requests.
    pub tool_calls: u64,
    /// `notifications/progress` messages.
    pub progress_notifications: u64,
    /// Text payloads of 20 KB or more.
    pub large_payloads: u64,
    /// Tools offered by the generated server.
    pub tools: u64,
    /// Prompts offered.
    pub prompts: u64,
    /// Resources offered.
    pub resources: u64,
    /// Injected defects, in output order.
    pub defects: Vec<InjectedDefect>,
}

impl Report {
    /// The report as a compact JSON object (stable key order).
    pub fn to_json(&self) -> String {
        let mut buf = Vec::new();
        let mut o = Obj::begin(&mut buf);
        o.str(&mut buf, "protocol", self.protocol.as_str());
        o.key(&mut buf, "seed");
        push_u64(&mut buf, self.seed);
        o.str(
            &mut buf,
            "framing",
            match self.framing {
                Framing::JsonLines => "jsonl",
                Framing::TraceEnvelope => "trace",
            },
        );
        let counts = [
            ("target_bytes", self.target_bytes),
            ("bytes", self.bytes),
            ("lines", self.lines),
            ("messages", self.messages),
            ("requests", self.requests),
            ("responses", self.responses),
            ("error_responses", self.error_responses),
            ("notifications", self.notifications),
            ("non_json_lines", self.non_json_lines),
            ("tool_calls", self.tool_calls),
            ("progress_notifications", self.progress_notifications),
            ("large_payloads", self.large_payloads),
            ("tools", self.tools),
            ("prompts", self.prompts),
            ("resources", self.resources),
        ];
        for (key, value) in counts {
            o.key(&mut buf, key);
            push_u64(&mut buf, value);
        }
        o.key(&mut buf, "defects");
        buf.push(b'[');
        for (i, d) in self.defects.iter().enumerate() {
            if i > 0 {
                buf.push(b',');
            }
            let mut od = Obj::begin(&mut buf);
            od.str(&mut buf, "kind", d.kind.name());
            od.str(&mut buf, "requested", &d.requested.to_string());
            for (key, value) in [
                ("line", d.line),
                ("offset", d.offset),
                ("message_index", d.message_index),
            ] {
                od.key(&mut buf, key);
                push_u64(&mut buf, value);
            }
            od.str(&mut buf, "detail", &d.detail);
            od.end(&mut buf);
        }
        buf.push(b']');
        o.end(&mut buf);
        String::from_utf8(buf).unwrap_or_default()
    }
}
