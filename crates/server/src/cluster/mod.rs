//! Several nodes on one PostgreSQL database: which node runs which table
//! (`owner`: leases renewed, taken over, given up) and the way from one
//! node to another's tables (`relay`). Each is a part of its own, as
//! `web/`'s are: the relay serves the hub, and the hub asks the relay.

pub mod owner;
pub mod relay;
