// @ts-check
// The lobby as data: the bot levels in words (their measured ratings are
// the leaderboard's), where a planned seat sits from you, the seat plan sent with a new table, and the
// words of an open table's and a finished match's row. No page here:
// web/test/lobby-model.test.mjs runs it under node; lobby.js draws it.

import { t } from "../words.js";
import { seatsOf } from "../sides.js";

/** @typedef {import("../types/GameInfo").GameInfo} Preset */
/** @typedef {import("../types/LadderGame").LadderGame} LadderGame */
/** @typedef {import("../types/LobbyTable").LobbyTable} OpenTable */
/** @typedef {import("../types/MatchSummary").MatchSummary} FinishedMatch */
/** @typedef {import("../types/SeatKind").SeatKind} SeatKind */

/** The bot levels, weakest first. */
export const LEVELS = ["random", "heavy", "count", "heuristic", "expert"];

/**
 * A game's measured ratings for `players` (the game's default count when
 * none is chosen yet), or null.
 * @param {LadderGame[]} ladder
 * @param {Preset} preset
 * @param {number | null} players
 */
export function measured(ladder, preset, players) {
  const n = players || preset.default_players;
  return ladder.find((g) => g.preset === preset.name && g.players === n) || null;
}

/**
 * A level as the lobby offers it: its name and how it plays, in words a
 * club player knows ("Strong: plays like a good club player").
 * @param {string} bot
 */
export function levelChoice(bot) {
  return t("level-choice", { bot });
}

/**
 * What the lobby's hint switch can promise for a new table, as the table
 * will decide it (the server's `hints_allowed`: a computer player seated,
 * and the match not rated): "on" (hints as chosen), "rated" (you are signed
 * in and play the computer only: rated, no hints), "if-casual" (hints only
 * if an invited friend has no profile) or "none" (nobody to hint: every
 * other seat a friend, or the computer alone plays).
 * @param {{ signedIn: boolean, count: number, invited: number, botsOnly: boolean }} plan
 * @returns {"on" | "rated" | "if-casual" | "none"}
 */
export function hintsFor({ signedIn, count, invited, botsOnly }) {
  if (botsOnly || invited >= count - 1) return "none";
  if (!signedIn) return "on";
  return invited ? "if-casual" : "rated";
}

/**
 * A level with its rating and 95% interval in brackets, when measured
 * (the leaderboard's computer levels).
 * @param {string} bot
 * @param {LadderGame | null} m
 */
export function levelText(bot, m) {
  const l = m && m.levels.find((x) => x.bot === bot);
  /** @param {number} x */
  const r = (x) => String(Math.round(x));
  return l ? t("level-rated", { level: t("level", { bot }), rating: r(l.rating), low: r(l.low), high: r(l.high) }) : t("level", { bot });
}

/**
 * Where seat `s` sits from you (seat 0) at a table of `count`: partner
 * across, opponents left and right, your one opponent across, or the next
 * seats in turn.
 * @param {boolean} partners
 * @param {number} s
 * @param {number} count
 */
export function seatWhere(partners, s, count) {
  if (partners) return t(s === 2 ? "seat-where-partner" : s === 1 ? "seat-where-left" : "seat-where-right");
  return count === 2 ? t("seat-where-opposite") : t("seat-where-next", { n: s + 1 });
}

/**
 * The seat plan: you in seat 0, `invited` seats for friends, bots elsewhere.
 * @param {number} count
 * @param {number[]} invited
 * @returns {("me" | SeatKind)[]}
 */
export function seatsFor(count, invited) {
  return Array.from({ length: count }, (_, s) => (s === 0 ? "me" : invited.includes(s) ? "invite" : "bot"));
}

/**
 * Whether seat `i` of an open table is for a person.
 * @param {OpenTable} row
 * @param {number} i
 */
export function isHuman(row, i) {
  if (Array.isArray(row.seats)) return row.seats[i] !== "bot";
  return i < (row.humans ?? 0);
}

/**
 * Who sits at each seat of an open table: a name, a seat kept for an
 * invited friend named as the invitation (only their link takes it), a
 * free seat said so, bots by number.
 * @param {OpenTable} row
 */
export function openSeatNames(row) {
  return row.names.map((n, i) => {
    if (n) return n;
    if (Array.isArray(row.seats) && row.seats[i] === "invite") return t("seat-invited-name", { n: i + 1 });
    return isHuman(row, i) ? t("lobby-seat-free") : t("bot-name", { n: i + 1 });
  });
}

/**
 * Who sits at an open table, in a line.
 * @param {OpenTable} row
 */
export function openTableWho(row) {
  return openSeatNames(row).join(", ");
}

/**
 * A seat of a finished match: its player's name, and whether a computer
 * player took over (they left, or were away for part of the match).
 * @param {FinishedMatch} m
 * @param {number} s
 */
export function playerWords(m, s) {
  const p = Array.isArray(m.players) ? m.players[s] : null;
  const name = m.names[s] || t("bot-name", { n: s + 1 });
  if (!p || !m.names[s]) return name;
  if (p.left) return t("left-match", { name });
  if (p.moves && p.bot_moves) return t("away-match", { name, share: Math.round((100 * p.bot_moves) / p.moves) });
  return name;
}

/**
 * A finished match's players and winner in words.
 * @param {FinishedMatch} m
 */
export function finishedWords(m) {
  const sides = Array.isArray(m.scores) ? m.scores.length : 0;
  const players = m.rules.players || m.names.length;
  const partners = !!sides && sides < players;
  /** @param {number} s */
  const who = (s) => playerWords(m, s);
  /** @param {number} k */
  const side = (k) => {
    const [a, b] = seatsOf(k, sides, players);
    return partners ? t("team", { a: who(a), b: who(b) }) : who(k);
  };
  return {
    players: m.names.map((_, s) => who(s)).join(", "),
    winner: m.winner ? t("lobby-won-by", { who: side(m.winner.side), many: partners }) : t("lobby-tie"),
  };
}
