// @ts-check
// Who is who, and what happened, in words: one name per player everywhere
// (seat panels, the log, results, the score, chat), the sides of the
// partnership games named after their players, open ends named by where
// they are ("left end", "top"), events and hand results as sentences. All
// the words come from words.js.

import { t } from "./words.js";
import { sideOf as sideOfSeat, seatsOf } from "./sides.js";
import { isStation, trainOn } from "./trains.js";

/**
 * The people at a table as one viewer sees them: `seats` (the server's
 * seat list: name, human, ...), `state` (for the player and side counts)
 * `me` (the viewer's seat, or null for a spectator) and `game` (games.js
 * facts, where results are told).
 * @param {{ name?: string | null, invited?: boolean }[] | null} seats
 * @param {{ rules: { players?: number | null }, scores: number[] }} state
 * @param {number | null | undefined} me
 * @param {{ blockedByTeam?: boolean, seatSides?: number[] | null, layout?: string } | null} [game]
 */
export function people(seats, state, me, game = null) {
  const n = /** @type {number} */ (state.rules.players);
  const sides = state.scores.length;
  const partners = sides < n;
  // A seat kept for an invited friend is named as the invitation until she
  // comes, never as a bot.
  const label = (s) => {
    const x = seats && seats[s];
    if (x && x.name) return x.name;
    return t(x && x.invited ? "seat-invited-name" : "bot-name", { n: s + 1 });
  };
  const name = (s) => (s === me ? t("you") : label(s));
  const given = game && game.seatSides ? { sides: game.seatSides } : null;
  const sideSeats = (k) => seatsOf(k, sides, n, given);
  const sideOf = (s) => sideOfSeat(s, sides, given);
  const side = (k) => {
    const members = sideSeats(k);
    if (members.length < 2) return name(members[0]);
    // Yourself first in your own team.
    const order = members.includes(me) ? [me, ...members.filter((s) => s !== me)] : members;
    return t("team", { a: name(order[0]), b: name(order[1]) });
  };
  // Which form of a verb a side (or a seat) takes: "team" for a
  // partnership, "you" for the viewer alone, false for somebody else
  // (each language's catalog chooses its own forms from these).
  const sideMany = (k) => (partners ? "team" : k === me ? "you" : false);
  const many = (s) => (s === me ? "you" : false);
  const blockedByTeam = !!(game && game.blockedByTeam);
  // The layout's shape: the trains family names its lines (trains.js).
  const shape = (game && game.layout) || null;
  return { me, n, sides, partners, blockedByTeam, shape, label, name, side, sideSeats, sideOf, sideMany, many };
}

/** The name of chain `id`'s open end: where it is on the table. */
export function endName(layout, id) {
  const c = layout && layout.chains && layout.chains[id];
  if (!c || !c.from || c.from === layout.posed) {
    return t(["end-left", "end-right", "end-top", "end-bottom"][id] || "end-right");
  }
  // A branch out of a later double: the first or the second it opened.
  const siblings = layout.chains.filter((x) => x.from === c.from);
  const first = siblings[0] && siblings[0].id === id;
  return t("end-branch-side", { tile: c.from, side: t(first ? "side-up" : "side-down") });
}

/** Refine a branch end's side with where it is drawn (L/R/U/D). */
export function endNameAt(layout, end) {
  const c = layout && layout.chains && layout.chains[end.id];
  if (!c || !c.from || c.from === layout.posed) return endName(layout, end.id);
  const side = { U: "side-up", D: "side-down", L: "side-left", R: "side-right" }[end.out];
  return side ? t("end-branch-side", { tile: c.from, side: t(side) }) : endName(layout, end.id);
}

/**
 * An event of the hand as a sentence, or null for events not worth a line.
 * @param {People} P
 * @param {import("./types/Drawn").Drawn} layout
 * @param {import("./types/Event").Event} e
 * @param {import("./types/State").State} state
 * @param {import("./trains.js").PassKind | null} [how] what a pass did at a
 *   trains table (trains.js passKindsOf): ended a first-turn chain, or
 *   opened the passer's train
 * @returns {string | null}
 */
export function eventText(P, layout, e, state, how = null) {
  switch (e.type) {
    case "action": return actionText(P, layout, e.seat, e.action, how);
    case "drew":
      if (e.tile) return t("ev-draw-seen", { who: P.name(e.seat), tile: e.tile });
      return t("ev-draw", { who: P.name(e.seat) });
    case "scored": return t("ev-scored", { who: P.side(e.side), many: P.sideMany(e.side), points: e.points, reason: e.reason });
    case "penalty": return t("ev-penalty", { who: P.name(e.seat), many: P.many(e.seat), points: e.points, reason: e.reason });
    case "unclaimed": return t("ev-unclaimed", { who: P.name(e.seat), points: e.points });
    case "out": return t("ev-out", { who: P.name(e.seat), many: P.many(e.seat) });
    case "hand_over": return t("ev-hand-over", { text: resultHeadline(P, state, e.result) });
    case "match_over":
      return e.winner ? t("ev-match-over", { who: P.side(e.winner.side), many: P.sideMany(e.winner.side) }) : t("ev-match-tie");
    default: return null;
  }
}

function actionText(P, layout, seat, a, how) {
  const who = P.name(seat);
  switch (a.type) {
    case "play": {
      const text = a.end == null ? t("ev-pose", { who, tile: a.tile })
        : isStation(P.shape) ? t("ev-play-train", { who, tile: a.tile, on: trainOn(P, layout, a.end) })
        : t("ev-play", { who, tile: a.tile, end: endName(layout, a.end) });
      return a.claim ? `${text}, ${t("ev-claim")}` : text;
    }
    // Your own draw is told with its tile by the `drew` event that follows.
    case "draw": return null;
    case "pass": return t(how === "chain" ? "ev-end-chain" : how === "opened" ? "ev-pass-opens" : "ev-pass", { who, many: P.many(seat) });
    case "choose_poser": return t("ev-choose-poser", { who, other: P.name(a.seat), self: a.seat === seat });
    case "muggins": return t("ev-muggins", { who });
    default: return null;
  }
}

/** @typedef {ReturnType<typeof people>} People */

/**
 * "You & Cy win the hand", or "A tied hand".
 * @param {People} P
 * @param {import("./types/State").State} state
 * @param {import("./types/HandResult").HandResult | null} r
 */
export function resultHeadline(P, state, r) {
  if (!r) return "";
  if (!r.winner) return t("result-tie");
  return t("result-wins", { who: P.side(r.winner.side), many: P.sideMany(r.winner.side) });
}

/**
 * How the hand ended, as a sentence.
 * @param {People} P
 * @param {import("./types/State").State} state
 * @param {import("./types/HandResult").HandResult | null} r
 */
export function resultHow(P, state, r) {
  if (!r) return "";
  // `many`: the verb's form for you ("you ran out", "you had").
  if (r.reason === "domino" && r.seat != null) return t("result-domino", { who: P.name(r.seat), many: P.many(r.seat) });
  if (r.reason === "target" && r.seat != null) {
    return t("result-target", { who: P.name(r.seat), many: P.many(r.seat), target: state.rules.options && state.rules.options.target });
  }
  if (r.reason === "blocked") {
    if (!r.winner || r.seat == null) return t("result-blocked-tie");
    // Where the lighter team wins, not the lightest player.
    if (P.blockedByTeam) {
      const count = P.sideSeats(r.winner.side).reduce((k, s) => k + (r.counts[s] || 0), 0);
      return t("result-blocked-team", { who: P.side(r.winner.side), count });
    }
    return t("result-blocked", { who: P.name(r.seat), many: P.many(r.seat), count: r.counts[r.seat] });
  }
  return "";
}

/** The short "how" of a score-sheet line. */
export function resultShort(P, r) {
  if (!r) return "";
  // `many`: "you dominoed", never "dominó de Tú".
  if (r.reason === "domino" && r.seat != null) return t("how-domino", { who: P.name(r.seat), many: P.many(r.seat) });
  if (r.reason === "target" && r.seat != null) return t("how-target", { who: P.name(r.seat), many: P.many(r.seat) });
  if (r.reason === "blocked" && r.seat != null && r.winner) return t("how-blocked", { who: P.name(r.seat), many: P.many(r.seat) });
  return t("how-blocked-tie");
}
