//! Connections started together under one server name: a client that starts the same
//! server twice within milliseconds logs both connections' identical messages under one
//! name, and each message is given to one of them.

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashMap, HashMapExt as _};

use crate::flow::View;

/// Connections started together under one server name: each message goes to the first
/// connection that has not yet carried an identical one (same direction, kind, method and
/// id), so the doubled streams of two identical starts separate into two sessions, and a
/// message seen once belongs to the first connection.
#[derive(Debug)]
pub(crate) struct Lanes {
    /// The sessions of the connections, the first one first.
    pub(crate) sessions: Vec<usize>,
    /// How many times each message signature was seen.
    seen: HashMap<String, usize>,
}

impl Lanes {
    /// The connections of the session `first`, before a second one is added.
    pub(crate) fn new(first: usize) -> Self {
        Lanes {
            sessions: vec![first],
            seen: HashMap::new(),
        }
    }

    /// The session of the connection `view` belongs to.
    pub(crate) fn route(&mut self, view: &View<'_>) -> usize {
        let key = format!(
            "{:?} {:?} {} {}",
            view.direction,
            view.kind,
            view.method.map_or("", |m| m.value),
            view.id.map(ToString::to_string).unwrap_or_default()
        );
        let seen = self.seen.entry(key).or_insert(0);
        let lane = self.sessions[*seen % self.sessions.len()];
        *seen += 1;
        lane
    }
}
