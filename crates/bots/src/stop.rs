//! When a search gives up: a node limit and a deadline, the same for every
//! searcher. The clock is read only every `EVERY` nodes, since reading it
//! costs more than a node.

use std::time::Instant;

/// A search's node count and the limits it stops at.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stop<const EVERY: u64> {
    /// Nodes searched since the last `start`.
    pub(crate) nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// Whether a limit was reached: the search unwinds and its values are void.
    pub(crate) aborted: bool,
}

impl<const EVERY: u64> Default for Stop<EVERY> {
    fn default() -> Self {
        Stop {
            nodes: 0,
            limit: u64::MAX,
            deadline: None,
            aborted: false,
        }
    }
}

impl<const EVERY: u64> Stop<EVERY> {
    /// Stop after this many nodes or past this instant (`None`: no limit).
    pub(crate) fn set_limits(&mut self, nodes: Option<u64>, deadline: Option<Instant>) {
        self.limit = nodes.unwrap_or(u64::MAX);
        self.deadline = deadline;
    }

    /// A new search: no nodes yet, not aborted.
    pub(crate) fn start(&mut self) {
        self.nodes = 0;
        self.aborted = false;
    }

    /// Count one node; true when the search must give up.
    #[inline]
    pub(crate) fn node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % EVERY == 0 {
            let late = self.deadline.is_some_and(|d| Instant::now() >= d);
            if late || self.nodes >= self.limit {
                self.aborted = true;
            }
        }
        self.aborted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_the_node_limit_on_a_checked_node() {
        let mut s = Stop::<4>::default();
        s.set_limits(Some(6), None);
        s.start();
        let stopped: Vec<bool> = (0..9).map(|_| s.node()).collect();
        // Checked at 4 (under the limit) and 8 (over it).
        assert_eq!(
            stopped,
            [false, false, false, false, false, false, false, true, true]
        );
        s.start();
        assert!(!s.aborted && s.nodes == 0);
    }

    #[test]
    fn stops_past_the_deadline() {
        let mut s = Stop::<1>::default();
        s.set_limits(None, Some(Instant::now()));
        s.start();
        assert!(s.node());
    }
}
