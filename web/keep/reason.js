// @ts-check
// A refused hand's reason in the page's words: the server sends what was
// wrong as facts (`{kind, facts}`, the engine's ReportError); here they
// become the catalog's `keep-reason` with players named as on the sheet.
// No page here: web/test/keep-reason.test.mjs runs it under node.

import { t, andList } from "../words.js";

// The kinds whose `first`/`second`/`side` are sides (a team or a player
// alone), not seats.
const SIDE_KINDS = new Set(["both_reach_target"]);
// The kinds whose bare fact is a seat.
const SEAT_FACT = new Set(["repeated", "domino_holds_double"]);
// The kinds whose bare fact is one of the report's things.
const THING_FACT = new Set(["not_in_game", "needs_domino", "last_tile_held"]);

/**
 * The reason in words.
 * @param {{ kind: string, facts?: unknown }} reason
 * @param {(seat: number) => string} seatName
 * @param {(side: number) => string} sideName
 */
export function reasonWords(reason, seatName, sideName) {
  /** @type {Record<string, string | number>} */
  const args = { kind: reason.kind };
  const f = reason.facts;
  if (f != null && typeof f === "object" && !Array.isArray(f)) {
    for (const [k, v] of Object.entries(/** @type {Record<string, unknown>} */ (f))) {
      if (k === "act") args.act = t("keep-act", { act: String(v) });
      else if (k === "seats" && Array.isArray(v)) args.seats = andList(v.map((s) => seatName(Number(s))));
      else if (k === "double") args.double = v == null ? "none" : String(v);
      else if (k === "side") args.side = sideName(Number(v));
      else if ((k === "first" || k === "second") && SIDE_KINDS.has(reason.kind)) args[k] = sideName(Number(v));
      else if ((k === "first" || k === "second" || k === "seat") && reason.kind !== "no_such_seat") args[k] = seatName(Number(v));
      else args[k] = typeof v === "number" ? v : String(v);
    }
  } else if (f != null) {
    if (SEAT_FACT.has(reason.kind)) args.value = seatName(Number(f));
    else if (THING_FACT.has(reason.kind)) args.thing = t("keep-thing", { thing: String(f) });
    else args.value = typeof f === "number" ? f : String(f);
  }
  return t("keep-reason", args);
}
