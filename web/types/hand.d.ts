// Written by hand, not generated: what the page reads that has no Rust type
// of its own. Every message is generated from the server's Rust types
// beside this file (crates/protocol/tests/page_types.rs); those files are
// not to be edited: `DOMINO_BLESS=1 cargo test -p domino-protocol --test
// page_types` rewrites them.

/** The people at a table as one viewer sees them (names.js `people`). */
export type People = ReturnType<typeof import("../names.js").people>;
