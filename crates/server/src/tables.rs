//! The tables as a feature's room may use them: open one. The hub keeps
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
}
