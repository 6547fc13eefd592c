//! What only the end of a session shows (requests never answered, a missing handshake), and
//! the entries that move a session without a wire message (reconstructed records, a
//! transport closing).
use mcpvet_diagnostics::{Reporter, Site};

use crate::by_direction::C2S;
use crate::catalog::{self, Milestone};
use crate::key::Key;
use crate::phase::{Event, Init, Outcome, event_of};
use crate::rules::unanswered_request::{self, End};
use crate::rules::{missing_initialize, missing_initialized_notification};
use crate::session::{Pending, Session, sent_by};

impl Session {
    /// Records a phase event of a reconstructed message (SDK captures, server signatures).
    pub(crate) fn reconstructed(&mut self, method: Option<&str>, outcome: Outcome, request: bool) {
        self.traffic = true;
        if request {
            self.counts.requests += 1;
        } else {
            self.counts.responses += 1;
        }
        let Some(m) = method.and_then(catalog::method).and_then(|i| i.milestone) else {
            return;
        };
        if self.counts_as_milestone(m, C2S) {
            self.phase.record(event_of(m, outcome));
        }
    }

    /// Marks the session's transport as closed (a failed launch when nothing was sent).
    pub(crate) fn close_transport(&mut self) {
        self.closed = true;
        if !self.traffic {
            self.phase.record(Event::LaunchFailed);
        }
    }

    /// The server process exited (with `code`, when the capture gives it): the transport
    /// closes, a failed launch when nothing was received.
    pub(crate) fn exited(&mut self, code: Option<i64>) {
        if code.is_some() {
            self.exit_code = code;
        }
        self.close_transport();
    }

    /// A client's log says it received the server's tool list (VS Code `Discovered 4
    /// tools`): the session got as far as a listing, although the messages are not in the
    /// capture.
    pub(crate) fn tools_listed_by_client(&mut self) {
        self.traffic = true;
        self.phase.record(Event::ToolsListed);
    }

    /// Reports what only the end of the session shows; `stdio` tells how sure the capture is
    /// to hold the whole session.
    pub(crate) fn finish(&mut self, stdio: bool, restarted: bool, report: &mut Reporter<'_>) {
        let end = if restarted {
            End::Restarted
        } else if self.closed {
            End::Closed
        } else {
            End::Capture
        };
        // Ordered by position (message index, then offset: batch elements share an index), so
        // that the output does not depend on hash order.
        let mut unanswered: Vec<((u32, u32), &Key, &Pending)> = Vec::new();
        let mut latest_pending: Option<((u32, u32), Milestone)> = None;
        let stage = self.phase.stage;
        let pending = std::mem::take(&mut self.pending);
        for (sender, pending) in pending.iter() {
            for (key, p) in pending {
                if p.cancelled || p.exempt {
                    continue;
                }
                let at = (p.index, p.span.start);
                self.counts.unpaired += 1 + p.extra as usize;
                unanswered.push((at, key, p));
                if let Some(m) = p.method.milestone()
                    && self.counts_as_milestone(m, sent_by(sender))
                    && event_of(m, Outcome::Sent).stage() == stage
                    && latest_pending.is_none_or(|(i, _)| at > i)
                {
                    latest_pending = Some((at, m));
                }
            }
        }
        unanswered.sort_by_key(|(at, ..)| *at);
        for (_, key, p) in unanswered {
            let at = Site::new(p.span, p.path.clone());
            unanswered_request::check(p.method.name(), key, end, at, &mut report.message(p.index));
        }
        if let Some((_, m)) = latest_pending {
            self.phase.event = event_of(m, Outcome::Sent);
        }
        if !self.modern() {
            if self.init == Init::NotSeen
                && let Some(held) = self.first_pre_init.take()
            {
                let at = Site::new(held.span, held.path);
                missing_initialize::check(&held.method, stdio, at, &mut report.message(held.index));
            }
            if matches!(self.init, Init::Succeeded { .. })
                && !self.initialized
                && let Some(held) = self.unready.take()
            {
                // Reported on the `initialize` result that was never followed by the
                // notification, with the first request that came too early as its label.
                let first = (held.span, held.method);
                match self.init_answer.take() {
                    Some(answer) => missing_initialized_notification::check(
                        &first.1,
                        Site::new(answer.span, answer.path),
                        Some(first.0),
                        &mut report.message(answer.index),
                    ),
                    None => missing_initialized_notification::check(
                        &first.1,
                        Site::new(first.0, held.path),
                        None,
                        &mut report.message(held.index),
                    ),
                }
            }
        }
        self.forget();
    }
}
