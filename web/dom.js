// @ts-check
// Building the page: elements with attributes and children. Text is always
// inserted as text nodes, never parsed as markup, so a name or a chat line
// cannot inject anything.

/**
 * An element `tag` with attributes (`on…` functions become listeners;
 * false and null are left out) and children (text, nodes, nested lists).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} kids
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  append(e, kids);
  return e;
}

/**
 * @template {Element} E
 * @param {E} e
 * @param {any} kids
 * @returns {E}
 */
export function append(e, kids) {
  for (const k of [kids].flat(Infinity)) {
    if (k == null || k === false) continue;
    e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return e;
}

/**
 * Replace an element's children.
 * @template {Element} E
 * @param {E} e
 * @param {...any} kids
 * @returns {E}
 */
export function fill(e, ...kids) {
  e.replaceChildren();
  return append(e, kids);
}

export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
