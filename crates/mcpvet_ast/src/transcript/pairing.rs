//! Direction inference and request/response pairing.
//!
//! 1. Entries whose direction the capture states keep it ([`DirectionSource::Explicit`],
//!    [`DirectionSource::Format`]).
//! 2. Requests and notifications whose method travels one way get that direction from the
//!    method table; within a batch, the directions found that way apply to the whole batch.
//! 3. One pass in order pairs messages, scoped per server (a Claude Desktop log interleaves
//!    servers) and per direction (ids are per sender): a response answers the earliest pending
//!    request with its id that travels the other way, and takes the opposite direction of it
//!    (or gives it one, when the response's direction is stated);
//!    `notifications/cancelled` takes the direction of the request it cancels and
//!    `notifications/progress` the opposite of the request that carries its token, when the
//!    pending requests decide it; a request whose method goes both ways (`ping`) takes the
//!    direction of the side whose request ids it continues (the next integer id of one side
//!    only, or an id that side used already; a string id with the stem of that side's
//!    ids), so that reusing an id with a `ping` is checked like any other reuse.
//! 4. What is still unknown is [`DirectionSource::Ambiguous`] (the method goes both ways, or
//!    candidates disagree) or [`DirectionSource::Unknown`].
use std::collections::VecDeque;

// foldhash: the keys are ids and names of one capture; SipHash cost about 3 % of a session's inspection.
use foldhash::{HashMap, HashMapExt as _};

use std::borrow::Cow;

use mcpvet_json::{JsonDocument, NodeId, Value, ValueKind};

use super::message::{IdValue, Message, NumericId, RequestId};
use super::methods::{MethodDirection, method_direction};
use super::{AbbreviatedKind, Direction, DirectionSource, Entry, EntryKind, Link, MessageRef};

/// A correlation key as [`RequestId::key`] gives it (an `IdKey`), borrowed from the message
/// or the document where it can be: most messages carry one or two, and copying each cost
/// an allocation and its release.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key<'a> {
    Number(Cow<'a, str>),
    String(Cow<'a, str>),
}

impl<'a> Key<'a> {
    /// The key of a lowered id.
    fn of_id(id: &'a RequestId) -> Option<Key<'a>> {
        match &id.value {
            IdValue::String(s) => Some(Key::String(Cow::Borrowed(s))),
            IdValue::Number(n) => Some(Key::Number(Cow::Borrowed(
                n.canonical().unwrap_or(&n.lexeme),
            ))),
            IdValue::Null | IdValue::Other(_) => None,
        }
    }

    /// The key of the id node `value`, as `RequestId::from_value(value).key()` gives it.
    fn of_value(value: Value<'a>) -> Option<Key<'a>> {
        match value.kind() {
            ValueKind::String => Some(Key::String(value.as_str().unwrap_or_default())),
            ValueKind::Number => {
                let lexeme = value.source();
                if NumericId::is_plain(lexeme) {
                    return Some(Key::Number(Cow::Borrowed(lexeme)));
                }
                let id = NumericId::from_lexeme(lexeme);
                Some(Key::Number(Cow::Owned(
                    id.canonical().unwrap_or(&id.lexeme).to_owned(),
                )))
            }
            _ => None,
        }
    }
}

#[derive(Debug)]
enum UnitKind<'a> {
    Request {
        key: Option<Key<'a>>,
        token: Option<Key<'a>>,
    },
    Notification {
        cancels: Option<Key<'a>>,
        progress: Option<Key<'a>>,
    },
    Response {
        key: Option<Key<'a>>,
    },
    Other,
}

/// A message (or batch element) being paired: where it is and what is known of its direction.
/// What it is ([`UnitKind`]) is kept apart, in a vector of the same length that the pairing
/// only reads, so that its maps can borrow the ids instead of copying them.
#[derive(Debug)]
struct Unit {
    at: MessageRef,
    /// The server it belongs to: 0 when the capture names none, else one more than the index
    /// of the name among the names of the capture.
    server: u32,
    dir: Option<Direction>,
    src: DirectionSource,
}

fn key_at<'d>(doc: &'d JsonDocument<'_>, node: Option<NodeId>, path: &[&str]) -> Option<Key<'d>> {
    let mut value = doc.value(node?);
    for key in path {
        value = value.get(key)?;
    }
    Key::of_value(value)
}

fn table(method: Option<&str>) -> (Option<Direction>, DirectionSource) {
    match method.map_or(MethodDirection::Unknown, method_direction) {
        MethodDirection::ClientToServer => (
            Some(Direction::ClientToServer),
            DirectionSource::MethodTable,
        ),
        MethodDirection::ServerToClient => (
            Some(Direction::ServerToClient),
            DirectionSource::MethodTable,
        ),
        MethodDirection::Both => (None, DirectionSource::Ambiguous),
        MethodDirection::Unknown => (None, DirectionSource::Unknown),
    }
}

fn unit_of_message<'a>(
    doc: &'a JsonDocument<'_>,
    message: &'a Message,
) -> (UnitKind<'a>, Option<Direction>, DirectionSource) {
    match message {
        Message::Request {
            id, method, params, ..
        } => {
            let (dir, src) = table(Some(method));
            let token = key_at(doc, *params, &["_meta", "progressToken"]);
            (
                UnitKind::Request {
                    key: Key::of_id(id),
                    token,
                },
                dir,
                src,
            )
        }
        Message::Notification { method, params, .. } => {
            let (dir, src) = table(Some(method));
            let kind = UnitKind::Notification {
                cancels: (method.value == "notifications/cancelled")
                    .then(|| key_at(doc, *params, &["requestId"]))
                    .flatten(),
                progress: (method.value == "notifications/progress")
                    .then(|| key_at(doc, *params, &["progressToken"]))
                    .flatten(),
            };
            (kind, dir, src)
        }
        Message::Response { id, .. } => (
            UnitKind::Response {
                key: Key::of_id(id),
            },
            None,
            DirectionSource::Unknown,
        ),
        Message::ErrorResponse { id, .. } => (
            UnitKind::Response {
                key: id.as_ref().and_then(Key::of_id),
            },
            None,
            DirectionSource::Unknown,
        ),
        Message::Invalid { method, .. } => {
            let (dir, src) = table(method.as_ref().map(|m| m.value.as_str()));
            (UnitKind::Other, dir, src)
        }
        Message::Batch { .. } => (UnitKind::Other, None, DirectionSource::Unknown),
    }
}

/// Infers directions and pairs requests with responses; appends to `links`.
pub(crate) fn infer(entries: &mut [Entry], doc: &JsonDocument<'_>, links: &mut Vec<Link>) {
    let mut units: Vec<Unit> = Vec::with_capacity(entries.len());
    let mut kinds: Vec<UnitKind<'_>> = Vec::with_capacity(entries.len());
    let mut servers: HashMap<&str, u32> = HashMap::new();
    for (i, entry) in entries.iter().enumerate() {
        let stated = matches!(
            entry.direction_source,
            DirectionSource::Explicit | DirectionSource::Format
        ) && entry.direction.is_some();
        let server = entry.server.as_ref().map_or(0, |s| {
            let next = u32::try_from(servers.len() + 1).unwrap_or(u32::MAX);
            *servers.entry(s.value.as_str()).or_insert(next)
        });
        let first = units.len();
        let mut push = |item: Option<usize>, kind, dir, src| {
            let (dir, src) = if stated {
                (entry.direction, entry.direction_source)
            } else {
                (dir, src)
            };
            units.push(Unit {
                at: MessageRef { entry: i, item },
                server,
                dir,
                src,
            });
            kinds.push(kind);
        };
        match &entry.kind {
            EntryKind::Message(Message::Batch { items, .. }) => {
                for (j, item) in items.iter().enumerate() {
                    let (kind, dir, src) = unit_of_message(doc, item);
                    push(Some(j), kind, dir, src);
                }
                if !stated {
                    spread_batch_direction(&mut units[first..]);
                }
            }
            EntryKind::Message(message) => {
                let (kind, dir, src) = unit_of_message(doc, message);
                push(None, kind, dir, src);
            }
            EntryKind::Abbreviated(a) => {
                let key = a.id.as_ref().and_then(Key::of_id);
                let method = a.method.as_ref().map(|m| m.value.as_str());
                let (dir, src) = table(method);
                let kind = match a.kind {
                    AbbreviatedKind::Request => UnitKind::Request { key, token: None },
                    AbbreviatedKind::Notification => UnitKind::Notification {
                        cancels: None,
                        progress: None,
                    },
                    AbbreviatedKind::Response | AbbreviatedKind::ErrorResponse => {
                        UnitKind::Response { key }
                    }
                };
                push(None, kind, dir, src);
            }
            _ => {}
        }
    }

    drop(servers);
    pair(&mut units, &kinds, links);

    // Write the directions back, aggregating batch elements.
    let mut u = 0;
    while u < units.len() {
        let entry_index = units[u].at.entry;
        let mut end = u;
        while end < units.len() && units[end].at.entry == entry_index {
            end += 1;
        }
        let entry = &mut entries[entry_index];
        if !matches!(
            entry.direction_source,
            DirectionSource::Explicit | DirectionSource::Format
        ) || entry.direction.is_none()
        {
            let (dir, src) = aggregate(&units[u..end]);
            entry.direction = dir;
            entry.direction_source = src;
        }
        u = end;
    }
}

/// Within one batch (sent by one party), directions known from the method table apply to the
/// elements that have none, when they agree.
fn spread_batch_direction(units: &mut [Unit]) {
    let mut found: Option<Direction> = None;
    for unit in units.iter() {
        if let Some(d) = unit.dir {
            if found.is_some_and(|f| f != d) {
                return;
            }
            found = Some(d);
        }
    }
    if let Some(d) = found {
        for unit in units.iter_mut().filter(|u| u.dir.is_none()) {
            unit.dir = Some(d);
            unit.src = DirectionSource::MethodTable;
        }
    }
}

fn aggregate(units: &[Unit]) -> (Option<Direction>, DirectionSource) {
    if let [one] = units
        && one.at.item.is_none()
    {
        return (one.dir, one.src);
    }
    let mut found: Option<(Direction, DirectionSource)> = None;
    let mut ambiguous = false;
    for unit in units {
        match (unit.dir, found) {
            (Some(d), None) => found = Some((d, unit.src)),
            (Some(d), Some((f, _))) if d != f => return (None, DirectionSource::Ambiguous),
            (Some(_), Some((f, src))) => {
                // Keep the weakest evidence.
                if unit.src == DirectionSource::Pairing {
                    found = Some((f, DirectionSource::Pairing));
                } else {
                    found = Some((f, src));
                }
            }
            (None, _) => ambiguous |= unit.src == DirectionSource::Ambiguous,
        }
    }
    match found {
        Some((d, src)) => (Some(d), src),
        None if ambiguous => (None, DirectionSource::Ambiguous),
        None => (None, DirectionSource::Unknown),
    }
}

/// Ids are scoped per server (see [`Unit::server`]).
type Scope<'k> = (u32, &'k Key<'k>);

/// Index of a direction class: client-to-server, server-to-client, unknown.
fn class(dir: Option<Direction>) -> usize {
    match dir {
        Some(Direction::ClientToServer) => 0,
        Some(Direction::ServerToClient) => 1,
        None => 2,
    }
}

/// The one known direction among the classes that are present, if exactly one is.
fn single_known(present: [bool; 3]) -> Option<Direction> {
    match (present[0], present[1]) {
        (true, false) => Some(Direction::ClientToServer),
        (false, true) => Some(Direction::ServerToClient),
        _ => None,
    }
}

/// Pending requests of one scope, in order, by direction class (so every step is O(1)
/// amortised, whatever the input). Most scopes only ever hold one request (ids are seldom
/// reused while pending): it is kept without the queues' allocation.
#[derive(Debug, Default)]
enum Queues {
    #[default]
    Empty,
    /// One pending request, of a direction class.
    One {
        unit: usize,
        class: usize,
    },
    Many(Box<[VecDeque<usize>; 3]>),
}

impl Queues {
    /// Adds the request `unit` (later than those pending) of direction class `class`.
    fn push(&mut self, class: usize, unit: usize) {
        match self {
            Queues::Empty => *self = Queues::One { unit, class },
            Queues::One {
                unit: first,
                class: first_class,
            } => {
                let mut queues: Box<[VecDeque<usize>; 3]> = Box::default();
                queues[*first_class].push_back(*first);
                queues[class].push_back(unit);
                *self = Queues::Many(queues);
            }
            Queues::Many(queues) => queues[class].push_back(unit),
        }
    }

    fn present(&self) -> [bool; 3] {
        match self {
            Queues::Empty => [false; 3],
            Queues::One { class, .. } => [0, 1, 2].map(|c| c == *class),
            Queues::Many(queues) => [0, 1, 2].map(|c| !queues[c].is_empty()),
        }
    }

    fn is_empty(&self) -> bool {
        match self {
            Queues::Empty => true,
            Queues::One { .. } => false,
            Queues::Many(queues) => queues.iter().all(VecDeque::is_empty),
        }
    }

    /// The earliest pending request among `classes`.
    fn pop_earliest(&mut self, classes: &[usize]) -> Option<usize> {
        match self {
            Queues::Empty => None,
            Queues::One { unit, class } => {
                let unit = *unit;
                classes.contains(class).then(|| {
                    *self = Queues::Empty;
                    unit
                })
            }
            Queues::Many(queues) => {
                let best = classes
                    .iter()
                    .copied()
                    .filter_map(|c| queues[c].front().map(|&u| (u, c)))
                    .min()?;
                queues[best.1].pop_front()
            }
        }
    }
}

/// The request ids one side has sent, as far as they tell who sends an id next.
#[derive(Debug, Default)]
struct SentIds {
    /// The largest integer id (as a number, when it fits).
    max: Option<i64>,
    /// The stems of string ids (without their trailing digits): `req-` for `req-7`.
    stems: Vec<String>,
    any: bool,
}

impl SentIds {
    fn add(&mut self, key: &Key<'_>) {
        self.any = true;
        match key {
            Key::Number(n) => {
                if let Ok(n) = n.parse::<i64>() {
                    self.max = Some(self.max.map_or(n, |m| m.max(n)));
                }
            }
            Key::String(s) => {
                let stem = stem(s);
                if !stem.is_empty()
                    && !self.stems.iter().any(|x| x == stem)
                    && self.stems.len() < 16
                {
                    self.stems.push(stem.to_owned());
                }
            }
        }
    }

    /// Whether this side could have sent `key` next: an integer up to one past its
    /// largest (a new id or a reused one), or a first id (`0` or `1`) from a side that
    /// sent nothing yet; a string with the stem of one of its string ids.
    fn may_send(&self, key: &Key<'_>) -> bool {
        match key {
            Key::Number(n) => match (n.parse::<i64>(), self.max) {
                (Ok(n), Some(max)) => n <= max.saturating_add(1),
                (Ok(n), None) => !self.any && (n == 0 || n == 1),
                (Err(_), _) => false,
            },
            Key::String(s) => {
                let stem = stem(s);
                !stem.is_empty() && self.stems.iter().any(|x| x == stem)
            }
        }
    }
}

/// A string id without its trailing digits.
fn stem(id: &str) -> &str {
    id.trim_end_matches(|c: char| c.is_ascii_digit())
}

/// The side that sent a request with `key`, when the ids sent so far point to one side
/// only.
fn continues(sent: &[SentIds; 2], key: &Key<'_>) -> Option<Direction> {
    match (sent[0].may_send(key), sent[1].may_send(key)) {
        (true, false) => Some(Direction::ClientToServer),
        (false, true) => Some(Direction::ServerToClient),
        _ => None,
    }
}

fn pair(units: &mut [Unit], kinds: &[UnitKind<'_>], links: &mut Vec<Link>) {
    let mut pending: HashMap<Scope<'_>, Queues> = HashMap::new();
    // The ids each side has sent requests with, per server.
    let mut senders: HashMap<u32, [SentIds; 2]> = HashMap::new();
    // Outstanding requests per progress token, by direction class.
    let mut tokens: HashMap<Scope<'_>, [usize; 3]> = HashMap::new();
    for u in 0..units.len() {
        let server = units[u].server;
        match &kinds[u] {
            UnitKind::Request { key, token } => {
                if units[u].dir.is_none()
                    && units[u].src == DirectionSource::Ambiguous
                    && let Some(key) = &key
                    && let Some(d) = senders.get(&server).and_then(|s| continues(s, key))
                {
                    // A request whose method goes both ways (`ping`): the side whose ids it
                    // continues sent it.
                    units[u].dir = Some(d);
                    units[u].src = DirectionSource::Pairing;
                }
                if let (Some(d), Some(key)) = (units[u].dir, key) {
                    senders.entry(server).or_default()[class(Some(d))].add(key);
                }
                let c = class(units[u].dir);
                if let Some(key) = key {
                    pending.entry((server, key)).or_default().push(c, u);
                }
                if let Some(token) = token {
                    tokens.entry((server, token)).or_default()[c] += 1;
                }
            }
            UnitKind::Notification { cancels, progress } => {
                if units[u].dir.is_some() {
                    continue;
                }
                let decided = if let Some(key) = cancels {
                    pending
                        .get(&(server, key))
                        .and_then(|q| single_known(q.present()))
                } else if let Some(token) = progress {
                    tokens
                        .get(&(server, token))
                        .and_then(|n| single_known(n.map(|k| k > 0)))
                        .map(Direction::opposite)
                } else {
                    None
                };
                if let Some(d) = decided {
                    units[u].dir = Some(d);
                    units[u].src = DirectionSource::Pairing;
                }
            }
            UnitKind::Response { key: Some(key) } => {
                let scope = (server, key);
                let Some(queues) = pending.get_mut(&scope) else {
                    continue;
                };
                let chosen = if let Some(d) = units[u].dir {
                    queues.pop_earliest(&[class(Some(d.opposite())), 2])
                } else {
                    let present = queues.present();
                    if present.iter().filter(|p| **p).count() == 1 {
                        queues.pop_earliest(&[0, 1, 2])
                    } else {
                        units[u].src = DirectionSource::Ambiguous;
                        None
                    }
                };
                if queues.is_empty() {
                    pending.remove(&scope);
                }
                let Some(c) = chosen else {
                    continue;
                };
                if let UnitKind::Request {
                    token: Some(token), ..
                } = &kinds[c]
                    && let Some(counts) = tokens.get_mut(&(units[c].server, token))
                {
                    let k = &mut counts[class(units[c].dir)];
                    *k = k.saturating_sub(1);
                }
                match (units[u].dir, units[c].dir) {
                    (Some(d), None) => {
                        units[c].dir = Some(d.opposite());
                        units[c].src = DirectionSource::Pairing;
                    }
                    (None, Some(cd)) => {
                        units[u].dir = Some(cd.opposite());
                        units[u].src = DirectionSource::Pairing;
                    }
                    (None, None) => units[u].src = DirectionSource::Ambiguous,
                    (Some(_), Some(_)) => {}
                }
                links.push(Link {
                    request: units[c].at,
                    response: units[u].at,
                });
            }
            UnitKind::Response { key: None } | UnitKind::Other => {}
        }
    }
    links.sort_by_key(|l| (l.response, l.request));
}

#[cfg(test)]
mod tests {
    use mcpvet_json::{JsonOptions, parse};

    use super::super::message::IdKey;
    use super::*;

    /// What `IdKey` a borrowed key stands for.
    fn owned(key: Option<Key<'_>>) -> Option<IdKey> {
        key.map(|k| match k {
            Key::Number(n) => IdKey::Number(n.into_owned()),
            Key::String(s) => IdKey::String(s.into_owned()),
        })
    }

    #[test]
    fn borrowed_keys_are_the_ids_keys() {
        let ids = [
            "1",
            "0",
            "-0",
            "-7",
            "42",
            "007",
            "1.0",
            "1e0",
            "1E2",
            "-1.5",
            "0.5e1",
            "123456789012345",
            "1234567890123456",
            "99999999999999999999",
            "1e400",
            "\"a\"",
            "\"\"",
            "\"1\"",
            "\"caf\\u00e9\"",
            "\"x\\ny\"",
            "null",
            "true",
            "[1]",
            "{}",
        ];
        for text in ids {
            let doc = parse(text, &JsonOptions::strict()).value;
            let value = doc.root().unwrap();
            let id = RequestId::from_value(value);
            assert_eq!(
                owned(Key::of_value(value)),
                id.key(),
                "{text} from the node"
            );
            assert_eq!(owned(Key::of_id(&id)), id.key(), "{text} from the id");
        }
    }
}
