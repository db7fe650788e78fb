//! Several nodes on one PostgreSQL database: the way from one node to
//! another's tables (`relay`), a part of its own as `web/`'s are: the
//! relay serves the hub, and the hub asks the relay. Which node runs which
//! table (leases renewed, taken over, given up) is the hub's own
//! (`hub/owner.rs`), as it reads the hub's private parts.

pub mod relay;
