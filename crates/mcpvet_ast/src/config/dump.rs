//! The readable dump of a [`ConfigFile`]: one item per line, spans as `a..b`.
use std::fmt::Write as _;

use mcpvet_json::NodeId;
use mcpvet_text::{Span, Spanned};

use super::{
    ConfigFile, EntryMap, Format, Http, MemberInfo, Server, Stdio, StringList, StringValue,
    Transport,
};
use crate::vars::Part;

struct Out<'c, 'a> {
    file: &'c ConfigFile<'a>,
    text: String,
}

impl Out<'_, '_> {
    /// A span as `a..b`, in the file (for a TOML or YAML file, mapped back from the JSON text
    /// it was read through).
    fn span(&self, s: Span) -> String {
        let s = self.file.file_span(s);
        format!("{}..{}", s.start, s.end)
    }

    fn line(&mut self, depth: usize, line: &str) {
        for _ in 0..depth {
            self.text.push_str("  ");
        }
        self.text.push_str(line);
        self.text.push('\n');
    }

    fn node_span(&self, id: NodeId) -> String {
        self.span(self.file.value(id).span())
    }

    fn string(&mut self, depth: usize, label: &str, s: &StringValue) {
        self.line(
            depth,
            &format!("{label} {:?} {}", s.value, self.span(s.span)),
        );
        if s.has_refs() {
            for part in &s.parts {
                let line = match part {
                    Part::Literal { text, span: sp } => format!("lit {text:?} {}", self.span(*sp)),
                    Part::Ref(r) => {
                        let mut l =
                            format!("ref {} {:?} {}", r.syntax.name(), r.name, self.span(r.span));
                        if let (Some(d), Some(ds)) = (&r.default, r.default_span) {
                            let _ = write!(l, " default {d:?} {}", self.span(ds));
                        }
                        l
                    }
                };
                self.line(depth + 1, &line);
            }
        }
    }

    fn opt_string(&mut self, depth: usize, label: &str, s: Option<&StringValue>) {
        if let Some(s) = s {
            self.string(depth, label, s);
        }
    }

    fn flag(&mut self, depth: usize, label: &str, b: Option<&Spanned<bool>>) {
        if let Some(b) = b {
            self.line(depth, &format!("{label} {} {}", b.value, self.span(b.span)));
        }
    }

    fn entries(&mut self, depth: usize, label: &str, map: Option<&EntryMap>) {
        let Some(map) = map else { return };
        self.line(depth, &format!("{label} {}", self.span(map.span)));
        for e in &map.entries {
            let key = format!("{:?} {}", e.key.value, self.span(e.key.span));
            match &e.string {
                Some(s) => self.string(depth + 1, &format!("{key} ="), s),
                None => self.line(
                    depth + 1,
                    &format!(
                        "{key} = {} {}",
                        e.value_kind.name(),
                        self.span(e.value_span)
                    ),
                ),
            }
        }
    }

    fn list(&mut self, depth: usize, label: &str, list: Option<&StringList>) {
        let Some(list) = list else { return };
        self.line(
            depth,
            &format!("{label} key={} {}", list.key.value, self.span(list.span)),
        );
        for (i, item) in list.items.iter().enumerate() {
            self.string(depth + 1, &format!("[{i}]"), item);
        }
    }

    fn stdio(&mut self, depth: usize, s: &Stdio) {
        match &s.command {
            Some(c) => self.string(depth, "command", c),
            None => self.line(depth, "command -"),
        }
        if let Some(node) = s.args_node {
            let args_span = self.node_span(node);
            self.line(depth, &format!("args {args_span}"));
            for (i, a) in s.args.iter().enumerate() {
                self.string(depth + 1, &format!("[{i}]"), a);
            }
        }
        self.opt_string(depth, "cwd", s.cwd.as_ref());
        self.opt_string(depth, "envFile", s.env_file.as_ref());
    }

    fn http(&mut self, depth: usize, h: &Http) {
        let label = format!(
            "{} ({} from {})",
            h.url_key.value.name(),
            h.kind.name(),
            match h.kind_source {
                super::KindSource::Type => "type",
                super::KindSource::UrlKey => "url key",
                super::KindSource::Default => "default",
            }
        );
        match &h.url {
            Some(u) => self.string(depth, &label, u),
            None => self.line(
                depth,
                &format!("{label} - key {}", self.span(h.url_key.span)),
            ),
        }
    }

    fn members(&mut self, depth: usize, label: &str, members: &[MemberInfo]) {
        for m in members {
            self.line(
                depth,
                &format!(
                    "{label} {:?} {} {} value {}",
                    m.key.value,
                    m.status.name(),
                    self.span(m.key.span),
                    self.span(m.value_span)
                ),
            );
        }
    }

    fn server(&mut self, s: &Server) {
        self.line(
            0,
            &format!(
                "server {:?} {} {} node {} map {}",
                s.name.value,
                self.span(s.name.span),
                s.path,
                self.span(s.span),
                s.map
            ),
        );
        if let Some(z) = &s.zed {
            self.line(1, &format!("zed-shape {}", z.shape.name()));
            self.opt_string(1, "source", z.source.as_ref());
            if let Some(settings) = z.settings {
                let settings_span = self.node_span(settings);
                self.line(1, &format!("settings {settings_span}"));
            }
        }
        if let Some(t) = &s.declared_type {
            let kind = t.kind.map_or("unrecognised", super::TransportKind::name);
            self.string(1, &format!("{} -> {kind}:", t.key.value), &t.value);
        }
        self.line(1, &format!("transport {}", s.transport.name()));
        match &s.transport {
            Transport::Stdio(st) => self.stdio(2, st),
            Transport::Http(h) => self.http(2, h),
            Transport::Ambiguous { stdio, http } => {
                self.stdio(2, stdio);
                self.http(2, http);
            }
            Transport::Extension | Transport::Missing => {}
        }
        self.entries(1, "env", s.env.as_ref());
        self.entries(1, "headers", s.headers.as_ref());
        self.flag(1, "disabled", s.disabled.as_ref());
        self.flag(1, "enabled", s.enabled.as_ref());
        self.flag(1, "trust", s.trust.as_ref());
        self.list(1, "auto-approve", s.auto_approve.as_ref());
        self.list(1, "disabled-tools", s.disabled_tools.as_ref());
        self.list(1, "include-tools", s.include_tools.as_ref());
        self.list(1, "exclude-tools", s.exclude_tools.as_ref());
        if let Some(t) = &s.timeout {
            self.line(1, &format!("timeout {} {}", t.lexeme, self.span(t.span)));
        }
        if let Some(o) = s.oauth {
            let oauth_span = self.node_span(o);
            self.line(1, &format!("oauth {oauth_span}"));
        }
        self.opt_string(1, "description", s.description.as_ref());
        self.members(1, "member", &s.members);
    }
}

pub(super) fn dump(file: &ConfigFile<'_>) -> String {
    let mut out = Out {
        file,
        text: String::new(),
    };
    let format = match file.format {
        Format::Json => "json",
        Format::Toml => "toml",
        Format::Yaml => "yaml",
    };
    out.line(
        0,
        &format!(
            "config format={format} dialect={} by={} reason={:?}",
            file.dialect,
            file.detection.method.name(),
            file.detection.reason
        ),
    );
    let doc = file.document();
    if !doc.comments().is_empty() {
        let list: Vec<String> = doc.comments().iter().map(|s| out.span(*s)).collect();
        out.line(0, &format!("comments {}", list.join(" ")));
    }
    if !doc.trailing_commas().is_empty() {
        let list: Vec<String> = doc.trailing_commas().iter().map(|s| out.span(*s)).collect();
        out.line(0, &format!("trailing-commas {}", list.join(" ")));
    }
    out.members(0, "root-member", &file.root_members);
    for (i, m) in file.server_maps.iter().enumerate() {
        let mut line = format!(
            "map {i} {} {} node {}",
            m.kind.name(),
            m.path,
            out.node_span(m.node)
        );
        if let Some(k) = m.key_span {
            let _ = write!(line, " key {}", out.span(k));
        }
        if let Some(p) = &m.project {
            let _ = write!(line, " project {:?} {}", p.value, out.span(p.span));
        }
        if !m.expected {
            line.push_str(" unexpected");
        }
        out.line(0, &line);
    }
    for s in &file.servers {
        out.server(s);
    }
    for input in &file.inputs {
        out.line(0, &format!("input {} {}", input.path, out.span(input.span)));
        out.opt_string(1, "id", input.id.as_ref());
        out.opt_string(1, "type", input.kind.as_ref());
        out.opt_string(1, "description", input.description.as_ref());
        out.flag(1, "password", input.password.as_ref());
        if let Some(d) = input.default {
            let default_span = out.node_span(d);
            out.line(1, &format!("default {default_span}"));
        }
        out.members(1, "member", &input.members);
    }
    out.text
}
