// @ts-check
// The bot mark beside a bot account's name (seats, lobby lists,
// leaderboard, standings, profile, replays): a small framed word, not a
// colour, so a screen reader reads "bot" and every eye sees it.

import { h } from "./dom.js";
import { t } from "./words.js";

/** The mark, to put after a name. */
export function botBadge() {
  return h("span", { class: "botbadge", title: t("bot-badge-title") }, t("bot-badge"));
}

/**
 * A name with the mark when `bot` is set.
 * @param {string} name
 * @param {unknown} bot
 */
export function nameWithBadge(name, bot) {
  return bot ? [name, " ", botBadge()] : [name];
}
