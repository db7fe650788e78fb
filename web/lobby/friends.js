// @ts-check
// The lobby's table for friends: the game, how many play, who sits where
// (a friend invited or the computer), the opponent level, the house rules
// with their explanations, the clock, and the table's switches.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { store } from "../store.js";
import { optionField, readOptions, partnersIn } from "../options.js";
import { LEVELS, levelChoice, seatWhere, seatsFor, hintsFor } from "./model.js";
import { clockSelect } from "./clock.js";

/** @typedef {import("../types/GameInfo").GameInfo} Preset */

/**
 * The card, and what it asks `create` for when its button is pressed.
 * @param {Preset[]} presets
 * @param {(selected: string) => HTMLElement[]} gameOptions the games as a select's options
 * @param {() => string | null} needName your name, or null (then asked for)
 * @param {(req: object) => Promise<void>} create
 * @param {boolean} signedIn a profile plays here (its tables against the computer are rated)
 */
export function friendsCard(presets, gameOptions, needName, create, signedIn) {
  const byName = (n) => presets.find((p) => p.name === n) || presets[0];
  const game = h("select", { id: "game" }, gameOptions(store.game));
  const players = h("select", { id: "players" });
  const plan = h("fieldset", { class: "seatplan", id: "seatplan" });
  const clock = clockSelect();
  const level = h("select", { id: "bot" }, LEVELS.map((b) => h("option", { value: b, selected: b === store.level, title: t("level-tooltip", { bot: b }) }, levelChoice(b))));
  const priv = h("input", { type: "checkbox", id: "private" });
  const hints = h("input", { type: "checkbox", id: "hints", checked: true });
  const botsOnly = h("input", { type: "checkbox", id: "botsonly" });
  // The switch says what the table will do: where it can give no hints it
  // is off and says why, so the Hint button never goes missing unexplained.
  const hintsNote = h("p", { class: "muted", id: "hintsnote", hidden: true });
  let hintsWanted = true;
  hints.addEventListener("change", () => { if (!hints.disabled) hintsWanted = hints.checked; });
  function fitHints() {
    const invited = plan.querySelectorAll("select[data-seat]");
    const kind = hintsFor({ signedIn, count: Number(players.value), botsOnly: botsOnly.checked,
      invited: [.../** @type {NodeListOf<HTMLSelectElement>} */ (invited)].filter((x) => x.value === "invite").length });
    hints.disabled = kind === "rated" || kind === "none";
    hints.checked = hints.disabled ? false : hintsWanted;
    hintsNote.dataset.kind = kind;
    hintsNote.hidden = kind === "on" || (kind === "none" && botsOnly.checked);
    hintsNote.textContent = hintsNote.hidden ? "" : t("lobby-hints-" + kind);
  }
  const opts = h("div", { class: "opts", id: "opts" });
  const line = h("p", { class: "muted", id: "gameline" });
  function fillGame() {
    const p = byName(game.value);
    line.textContent = t("game-line", { preset: p.name });
    fill(players, p.players.map((n) => h("option", { value: n, selected: n === p.default_players }, String(n))));
    fill(opts);
    for (const o of p.options) {
      const { input, label } = optionField(o);
      input.addEventListener("change", fillPlan);
      opts.append(label);
    }
    fillPlan();
  }
  // Who sits where: you in seat 0; each other seat a friend to invite or a
  // computer player, named by where it is from you (partner across, the
  // opponents left and right).
  function fillPlan() {
    const p = byName(game.value);
    const n = Number(players.value);
    const partners = partnersIn(opts, p, n);
    // Redrawn when the players or the partnerships change: who was invited stays.
    const chosen = new Map([.../** @type {NodeListOf<HTMLSelectElement>} */ (plan.querySelectorAll("select[data-seat]"))].map((x) => [x.dataset.seat, x.value]));
    fill(plan, h("legend", {}, t("lobby-seats")));
    plan.append(h("div", { class: "planrow" }, h("span", {}, t("lobby-seat-you")), h("span", { class: "muted" }, t("seat-where-0"))));
    for (let s = 1; s < n; s++) {
      const where = seatWhere(partners, s, n);
      const sel = h("select", { "data-seat": s, id: `plan-${s}`, "aria-label": where },
        h("option", { value: "bot" }, t("lobby-seat-bot")), h("option", { value: "invite" }, t("lobby-seat-invite")));
      if (chosen.has(String(s))) sel.value = chosen.get(String(s));
      sel.addEventListener("change", fitHints);
      plan.append(h("label", { class: "planrow" }, h("span", {}, where), sel));
    }
    fitHints();
  }
  game.addEventListener("change", fillGame);
  players.addEventListener("change", fillPlan);
  botsOnly.addEventListener("change", fitHints);
  fillGame();
  async function createFriends() {
    const n = needName();
    if (!n) return;
    const p = byName(game.value);
    const options = readOptions(opts, p);
    const count = Number(players.value);
    const invited = [.../** @type {NodeListOf<HTMLSelectElement>} */ (plan.querySelectorAll("select[data-seat]"))].filter((x) => x.value === "invite").map((x) => Number(x.dataset.seat));
    store.level = level.value;
    await create({
      rules: { preset: p.name, players: count, options },
      seats: botsOnly.checked ? Array(count).fill("bot") : seatsFor(count, invited),
      bot: level.value, private: priv.checked, name: n, hints: hints.checked,
      clock: clock.value(),
    });
  }
  return h("section", { class: "card", id: "newtable" }, h("h2", {}, t("lobby-new")), h("p", { class: "muted" }, t("lobby-new-help")),
    h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", game), h("label", {}, t("lobby-players"), " ", players),
      h("label", {}, t("lobby-level"), " ", level), clock.label),
    line, plan,
    h("div", { class: "row" }, h("label", {}, priv, " ", t("lobby-private")), h("label", {}, botsOnly, " ", t("lobby-watch-bots")),
      h("label", {}, hints, " ", t("lobby-hints"))), hintsNote,
    h("details", { class: "houserules" }, h("summary", {}, t("lobby-house-rules")), opts),
    h("button", { type: "button", id: "create", onclick: createFriends }, t("lobby-create")));
}
