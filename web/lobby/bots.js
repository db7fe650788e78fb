// @ts-check
// Bot accounts on the page, as data: which names belong to bots, the
// "Play a bot" list (bot accounts online with their rating in the chosen
// game, then the built-in levels), a challenge's body and what its answer
// means for the player, the Play now "opponents" choice, and a token's
// line. No page here: web/test/bots-model.test.mjs runs it under node;
// lobby/playbot.js, botaccount.js and the leaderboard draw it.

import { t } from "../words.js";

/**
 * A bot the server lists (`GET /api/bots`): a bot account online, or a
 * built-in level (`id` "bot:LEVEL", `builtin`).
 * @typedef {{ id: string, name: string, rating?: Record<string, number> | null, tables?: number, builtin?: boolean }} OnlineBot
 */

/**
 * A challenge as the server answers `GET /api/challenges/{id}`.
 * @typedef {{ id: string, state: "pending" | "accepted" | "declined" | "expired" | "cancelled", table?: string, seat?: number, reason?: string }} ChallengeStatus
 */

/**
 * A row of a list the server serialises with its `bot` mark: a profile,
 * a seat, a leader, a seek's member. Built-in levels on the leaderboard
 * carry their level's name there ("expert"), bot accounts `true`.
 * @param {{ bot?: boolean | string | null, player?: string, id?: string } | null | undefined} row
 */
export function isBot(row) {
  if (!row) return false;
  if (row.bot === true || (typeof row.bot === "string" && row.bot !== "")) return true;
  const id = row.player ?? row.id ?? "";
  return typeof id === "string" && id.startsWith("bot:");
}

/**
 * A built-in level's name from its id ("bot:expert" → "expert"), or null
 * for a bot account.
 * @param {{ id?: string, player?: string, builtin?: boolean, bot?: boolean | string | null, level?: string | null }} row
 */
export function builtinLevel(row) {
  if (row.level) return row.level;
  const id = row.id ?? row.player ?? "";
  if (typeof id === "string" && id.startsWith("bot:")) return id.slice(4);
  return typeof row.bot === "string" && row.bot ? row.bot : null;
}

/**
 * The "Play a bot" list in order: the accounts online, best rated in
 * `game` first (unrated last, then by name), and the built-in levels as
 * the server lists them (weakest first).
 * @param {OnlineBot[]} list
 * @param {string} game
 */
export function playBotList(list, game) {
  const rating = (/** @type {OnlineBot} */ b) => (b.rating && typeof b.rating[game] === "number" ? b.rating[game] : null);
  const accounts = list.filter((b) => !b.builtin && !builtinLevel(b))
    .sort((a, b) => (rating(b) ?? -Infinity) - (rating(a) ?? -Infinity) || a.name.localeCompare(b.name));
  const builtin = list.filter((b) => b.builtin || builtinLevel(b));
  return { accounts, builtin, rating };
}

/**
 * A bot's line in the list: its rating in the game and how busy it is.
 * @param {OnlineBot} b
 * @param {string} game
 */
export function botLine(b, game) {
  const r = b.rating && typeof b.rating[game] === "number" ? Math.round(b.rating[game]) : null;
  const parts = [r != null ? t("pb-rating", { rating: String(r) }) : t("pb-unrated")];
  if (!b.builtin && typeof b.tables === "number") parts.push(t("pb-tables", { count: b.tables }));
  return parts.join(" · ");
}

/**
 * The challenge sent to `to` (`POST /api/challenges`): a guest says who
 * they are as a seek does; the other seats of a partner game go to the
 * built-in `fill` level.
 * @param {{ to: string, rules: unknown, rated: boolean, name: string, guest: string, fill?: string }} c
 */
export function challengeBody({ to, rules, rated, name, guest, fill = "expert" }) {
  return { to, rules, rated, clock: null, fill, name, guest };
}

/**
 * What a challenge's status means on the page: wait on, go to the table,
 * or stop with words.
 * @param {ChallengeStatus} s
 * @param {string} botName
 * @returns {{ wait: true } | { table: string } | { done: string }}
 */
export function challengeOutcome(s, botName) {
  if (s.state === "pending") return { wait: true };
  if (s.state === "accepted" && s.table) return { table: s.table };
  // A bot whose events socket closed cannot answer: its challenges end.
  if (s.reason === "offline") return { done: t("pb-offline", { name: botName }) };
  if (s.state === "declined") return { done: t("pb-declined", { name: botName, reason: s.reason || "generic" }) };
  if (s.state === "expired") return { done: t("pb-expired", { name: botName }) };
  if (s.state === "cancelled") return { done: t("pb-cancelled") };
  return { done: t("pb-gone", { name: botName }) };
}

/**
 * Play now's "opponents": people only unless the player also admits bot
 * accounts (the server's default for a person is people).
 * @param {boolean} alsoBots
 */
export function opponentsFor(alsoBots) {
  return alsoBots ? "any" : "people";
}

/**
 * A token's line: when it was made and last used.
 * @param {{ created: number | string, last_used?: number | string | null }} tok
 */
export function tokenWhen(tok) {
  const at = (/** @type {number | string} */ v) => (typeof v === "number" ? v : Date.parse(v));
  const made = t("tokens-made", { at: at(tok.created) });
  const used = tok.last_used != null ? t("tokens-used", { at: at(tok.last_used) }) : t("tokens-never-used");
  return `${made} · ${used}`;
}
