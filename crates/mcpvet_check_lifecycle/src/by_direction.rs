//! Tables kept per sender: ids and progress tokens are scoped to the party that sent the
//! request, and a message whose direction the capture does not show may belong to either.
use mcpvet_ast::transcript::Direction;

/// Sent by the client.
pub(crate) const C2S: Option<Direction> = Some(Direction::ClientToServer);
/// Sent by the server.
pub(crate) const S2C: Option<Direction> = Some(Direction::ServerToClient);

/// One `T` for what the client sent, one for the server, one for a sender the capture does not
/// show. A sender is named by the direction of its messages, `None` for the unknown one.
///
/// Every iterator visits the tables in the same order (client, server, unknown), so a search
/// over several of them settles ties the same way each time.
#[derive(Debug, Default)]
pub(crate) struct ByDirection<T> {
    client: T,
    server: T,
    unknown: T,
}

impl<T> ByDirection<T> {
    /// The table of what `sender` sent.
    pub(crate) fn of(&self, sender: Option<Direction>) -> &T {
        match sender {
            Some(Direction::ClientToServer) => &self.client,
            Some(Direction::ServerToClient) => &self.server,
            None => &self.unknown,
        }
    }

    /// The table of what `sender` sent, to change.
    pub(crate) fn of_mut(&mut self, sender: Option<Direction>) -> &mut T {
        match sender {
            Some(Direction::ClientToServer) => &mut self.client,
            Some(Direction::ServerToClient) => &mut self.server,
            None => &mut self.unknown,
        }
    }

    /// Every table, with its sender.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (Option<Direction>, &T)> {
        [
            (Some(Direction::ClientToServer), &self.client),
            (Some(Direction::ServerToClient), &self.server),
            (None, &self.unknown),
        ]
        .into_iter()
    }

    /// Every table, with its sender, to change.
    pub(crate) fn iter_mut(&mut self) -> impl Iterator<Item = (Option<Direction>, &mut T)> {
        [
            (Some(Direction::ClientToServer), &mut self.client),
            (Some(Direction::ServerToClient), &mut self.server),
            (None, &mut self.unknown),
        ]
        .into_iter()
    }

    /// The tables of what the sender of a message going `direction` may have sent itself:
    /// its own and the unknown sender's (all three when `direction` is unknown). A
    /// cancellation names a request of its own sender.
    pub(crate) fn own(
        &self,
        direction: Option<Direction>,
    ) -> impl Iterator<Item = (Option<Direction>, &T)> {
        self.iter()
            .filter(move |(sender, _)| own(*sender, direction))
    }

    /// [`own`](Self::own), to change.
    pub(crate) fn own_mut(
        &mut self,
        direction: Option<Direction>,
    ) -> impl Iterator<Item = (Option<Direction>, &mut T)> {
        self.iter_mut()
            .filter(move |(sender, _)| own(*sender, direction))
    }

    /// The tables of what a message going `direction` may be about when it comes from the
    /// other side: the other party's and the unknown sender's (all three when `direction` is
    /// unknown). A response answers, and a progress notification reports on, a request of
    /// the other party.
    pub(crate) fn other(
        &self,
        direction: Option<Direction>,
    ) -> impl Iterator<Item = (Option<Direction>, &T)> {
        self.iter()
            .filter(move |(sender, _)| other(*sender, direction))
    }

    /// [`other`](Self::other), to change.
    pub(crate) fn other_mut(
        &mut self,
        direction: Option<Direction>,
    ) -> impl Iterator<Item = (Option<Direction>, &mut T)> {
        self.iter_mut()
            .filter(move |(sender, _)| other(*sender, direction))
    }

    /// The other party's table alone (`None` when `direction` is unknown).
    pub(crate) fn opposite(&self, direction: Option<Direction>) -> Option<&T> {
        direction.map(|d| self.of(Some(d.opposite())))
    }
}

/// Whether what `sender` sent may be the sender's own for a message going `direction`.
fn own(sender: Option<Direction>, direction: Option<Direction>) -> bool {
    sender.is_none() || direction.is_none() || sender == direction
}

/// Whether what `sender` sent may be the other party's for a message going `direction`.
fn other(sender: Option<Direction>, direction: Option<Direction>) -> bool {
    sender.is_none() || direction.is_none() || sender != direction
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> ByDirection<&'static str> {
        ByDirection {
            client: "client",
            server: "server",
            unknown: "unknown",
        }
    }

    fn names<'a>(
        tables: impl Iterator<Item = (Option<Direction>, &'a &'static str)>,
    ) -> Vec<&'static str> {
        tables.map(|(_, t)| *t).collect()
    }

    #[test]
    fn own_and_other_tables_keep_one_order() {
        let t = table();
        assert_eq!(names(t.iter()), ["client", "server", "unknown"]);
        assert_eq!(names(t.own(C2S)), ["client", "unknown"]);
        assert_eq!(names(t.own(S2C)), ["server", "unknown"]);
        assert_eq!(names(t.own(None)), ["client", "server", "unknown"]);
        assert_eq!(names(t.other(C2S)), ["server", "unknown"]);
        assert_eq!(names(t.other(S2C)), ["client", "unknown"]);
        assert_eq!(names(t.other(None)), ["client", "server", "unknown"]);
        assert_eq!(t.opposite(C2S), Some(&"server"));
        assert_eq!(t.opposite(S2C), Some(&"client"));
        assert_eq!(t.opposite(None), None);
        for (sender, name) in t.iter() {
            assert_eq!(t.of(sender), name);
        }
    }

    #[test]
    fn tables_change_in_place() {
        let mut t = table();
        *t.of_mut(None) = "someone";
        for (sender, name) in t.own_mut(S2C) {
            if sender == S2C {
                *name = "the server";
            }
        }
        assert_eq!(names(t.iter()), ["client", "the server", "someone"]);
        assert_eq!(t.iter_mut().count(), 3);
    }
}
