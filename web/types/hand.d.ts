// Written by hand, not generated: what the page reads that has no Rust type
// of its own. Every message is generated from the server's Rust types
// beside this file (crates/server/tests/page_types.rs); those files are
// not to be edited: `DOMINO_BLESS=1 cargo test -p domino-server --test
// page_types` rewrites them.

import type { Answer as Sent } from "./Answer";

type Fields<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;

/**
 * An answer to a request over the socket as the page reads it before
 * looking at its `type` (conn.js): the generated `Answer` with every
 * variant's fields optional. Offline, conn.js answers an `error` of its
 * own (code `offline`, no `id`).
 */
export type Answer = { type: Sent["type"] } & { [K in Exclude<Fields<Sent>, "type">]?: FieldOf<Sent, K> };

/** The people at a table as one viewer sees them (names.js `people`). */
export type People = ReturnType<typeof import("../names.js").people>;
