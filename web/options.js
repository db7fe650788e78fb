// @ts-check
// A game's house rules as form fields, shared by the lobby's table form,
// the tournament's and the scorekeeper's: one field per option, its meaning
// written under it (a switch, a list, a number, or
// points with named choices beside them), and the options read back as the
// rules' `options` (only those changed from their default).

import { h } from "./dom.js";
import { t } from "./words.js";

/**
 * The labelled field for option `o` of the presets list.
 * @param {{ name: string, [field: string]: any }} o an option as the presets list gives it (types/OptionInfo)
 */
export function optionField(o) {
  let input;
  if (Array.isArray(o.values) && typeof o.values[0] === "boolean") {
    input = h("input", { type: "checkbox", "data-opt": o.name, checked: o.default === true });
  } else if (o.values && Array.isArray(o.values.choices)) {
    // Points, or one of some named choices (club fives' skunk).
    const named = typeof o.default === "string";
    const num = h("input", { type: "number", "data-part": "points", value: named ? 0 : o.default, min: o.values.min, max: o.values.max, "aria-label": t("option-name", { name: o.name }) });
    const pick = h("select", { "data-part": "pick", "aria-label": t("option-name", { name: o.name }) },
      h("option", { value: "", selected: !named }, t("lobby-option-points")),
      o.values.choices.map((c) => h("option", { value: c, selected: c === o.default }, t("option-choice", { choice: c }))));
    const sync = () => { num.hidden = pick.value !== ""; };
    pick.addEventListener("change", sync);
    sync();
    input = h("span", { "data-opt": o.name, "data-kind": "points-or" }, pick, " ", num);
  } else if (Array.isArray(o.values)) {
    input = h("select", { "data-opt": o.name }, o.values.map((v) => h("option", { value: v, selected: v === o.default }, t("option-choice", { choice: String(v) }))));
  } else {
    input = h("input", { type: "number", "data-opt": o.name, value: o.default, min: o.values.min, max: o.values.max });
  }
  // The rule's meaning is written under it, not in a tooltip: a phone
  // has no hover.
  const label = h("label", { class: "option" },
    h("span", { class: "optfield" }, h("span", { class: "optname" }, t("option-name", { name: o.name })), input),
    h("span", { class: "optionhelp" }, t("option-help", { name: o.name, help: o.help })));
  return { input, label };
}

/**
 * The value option `name`'s field in `box` holds, or undefined.
 * @param {Element} box
 * @param {string} name
 */
export function fieldValue(box, name) {
  // An input or select, or the points-or pair's box holding one of each.
  const i = /** @type {HTMLInputElement | null} */ (box.querySelector(`[data-opt="${name}"]`));
  if (!i) return undefined;
  if (i.dataset.kind === "points-or") {
    const pick = /** @type {HTMLSelectElement} */ (i.querySelector('[data-part="pick"]')).value;
    return pick || Number(/** @type {HTMLInputElement} */ (i.querySelector('[data-part="points"]')).value);
  }
  return i.type === "checkbox" ? i.checked : i.value;
}

/**
 * The options of game `p` as the fields in `box` set them: those changed only.
 * @param {Element} box
 * @param {import("./types/GameInfo").GameInfo} p
 */
export function readOptions(box, p) {
  /** @type {Record<string, unknown>} */
  const options = {};
  box.querySelectorAll("[data-opt]").forEach((/** @type {HTMLElement} */ i) => {
    const o = p.options.find((x) => x.name === i.dataset.opt);
    if (!o) return;
    let v = fieldValue(box, o.name);
    if (i.dataset.kind !== "points-or" && typeof o.default === "number") v = Number(v);
    if (JSON.stringify(v) !== JSON.stringify(o.default)) options[o.name] = v;
  });
  return options;
}

/**
 * Whether game `p` for `n` players, with the fields in `box`, is played in two partnerships.
 * @param {Element} box
 * @param {import("./types/GameInfo").GameInfo} p
 * @param {number} n
 */
export function partnersIn(box, p, n) {
  const chosen = fieldValue(box, "partners");
  return chosen === undefined ? p.partnerships.includes(n) : n === 4 && chosen === true;
}
