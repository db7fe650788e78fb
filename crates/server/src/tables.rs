//! The tables as a feature's room may use them: open them, and ask
//! whether one has started. The hub keeps
//! the registry of this node's tables; a room is given this handle instead
//! of the hub, so that what it can do to the tables is this and no more.

use domino_protocol::refusal::Refusal;

use crate::hub::Hub;
use crate::table::NewTable;

/// Opens tables on this node (as the lobby's are opened).
#[derive(Clone, Debug)]
pub struct Tables {
    hub: Hub,
}

impl Tables {
    pub fn new(hub: Hub) -> Tables {
        Tables { hub }
    }

    /// Open `new`, answering its id.
    pub async fn open(&self, new: NewTable) -> Result<String, Refusal> {
        self.hub.create(new).await.map(|(id, _)| id)
    }

    /// Open many at once (their rows stored in one transaction), answering
    /// each one's id or refusal, in order.
    pub async fn open_many(&self, news: Vec<NewTable>) -> Vec<Result<String, Refusal>> {
        self.hub.create_many(news).await
    }

    /// Whether table `id` counts against the creation limits of the
    /// address that made it: here and unfinished, or asleep.
    pub fn counts_for_limits(&self, id: &str) -> bool {
        self.hub.open(id)
    }

    /// Whether a stored table `id` has started: held here, or not still
    /// being started here (its row is written before its task takes
    /// players).
    pub fn started(&self, id: &str) -> bool {
        self.hub.holds(id) || !self.hub.starting(id)
    }
}
