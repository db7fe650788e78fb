// Written by hand, not generated: the messages the page reads that are not
// yet Rust types with `ts-rs` (the server builds them with `json!`). Each
// is replaced by its generated declaration (crates/server/tests/page_types.rs)
// once it is a type there. The generated files beside this one are not to
// be edited: `DOMINO_BLESS=1 cargo test -p domino-server --test page_types`
// rewrites them.

import type { State } from "./State";
import type { Event } from "./Event";
import type { Drawn } from "./Drawn";
import type { TableFacts } from "./TableFacts";
import type { RulesSpec } from "./RulesSpec";
import type { Reveal } from "./Reveal";
import type { HandResult } from "./HandResult";
import type { SeatKind } from "./SeatKind";

/** By hand: a seat in the state message's `seats` (table/messages.rs). */
export type SeatInfo = {
  name: string | null;
  human: boolean;
  invited: boolean;
  /** The invited seat's code, told to the table's creator only. */
  invite: string | null;
  left: boolean;
  present: boolean;
  bot: boolean;
  /** A player's seat nobody is connected to: ms left before a computer plays it. */
  bot_in_ms?: number;
  level: string | null;
  ready: boolean;
};

/** By hand: one line of the score sheet the server keeps. */
export type SheetLine = { hand: number; result: HandResult; scores: number[] };

/** By hand: the `state` push of a table (table/messages.rs `state_message`). */
export type StateMessage = {
  type: "state";
  table: string;
  seq: number;
  seat: number | null;
  rules: RulesSpec;
  facts: TableFacts;
  bot: string;
  state: State;
  layout: Drawn;
  events: Event[];
  seats: SeatInfo[];
  /** Each hand's commitment; `redeal` always present here, maybe null. */
  fair: Reveal[];
  finished: boolean;
  move_at_us: number | null;
  started: boolean;
  host: number | null;
  sheet: SheetLine[] | null;
  watching: number;
  rematch: string | null;
  /** The rating changes once the match is over. */
  ratings: { seat: number; before: number; after: number }[];
  hints: boolean;
  /** Whether the match counts for ratings (casual otherwise). */
  rated: boolean;
  /** On joining or coming back: the hand's events so far, and the chat. */
  log?: Event[];
  chat?: ChatLine[];
};

/** By hand: a line of table talk (the `chat` push and the state's `chat`). */
export type ChatLine = { type?: "chat"; seat?: number | null; name?: string | null; text?: string; phrase?: string; at?: number };

/** By hand: the answer to a request over the socket (conn.js). */
export type Answer = {
  type: string;
  id?: number;
  code?: string;
  message?: string;
  [field: string]: any;
};

/** The people at a table as one viewer sees them (names.js `people`). */
export type People = ReturnType<typeof import("../names.js").people>;

/** By hand: a game of `/api/presets`. */
export type Preset = {
  name: string;
  default_players: number;
  players: number[];
  partnerships: number[];
  options: any[];
  summary: string;
};

/** By hand: a game's measured bot ratings at a table size (`/api/levels`). */
export type LadderGame = {
  preset: string;
  players: number;
  levels: { bot: string; rating: number; low: number; high: number }[];
};

/** By hand: a row of `/api/tables`. */
export type OpenTable = {
  id: string;
  names: (string | null)[];
  seats?: SeatKind[];
  humans?: number;
  rules: { preset: string; players?: number };
  hand_number: number;
  open_seats: number;
};

/** By hand: a row of `/api/history`. */
export type FinishedMatch = {
  id: string;
  names: (string | null)[];
  rules: { preset: string; players?: number };
  scores: number[] | null;
  winner: { side: number } | null;
  players?: ({ left?: boolean; moves?: number; bot_moves?: number } | null)[];
  hands: number;
  finished_at?: number | null;
};
