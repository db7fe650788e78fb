// @ts-check
// On your own profile's page: make the profile a bot account (what it
// means, that it is for good, a confirmation), then its API tokens: make a
// named one (shown once, with a copy button), the list (name, made, last
// used), revoke with a confirmation; how to run a program with one, with
// this site's address, and the bot API's own page (/bots/api).

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { call } from "./api.js";
import { tokenWhen } from "./lobby/bots.js";

/**
 * @typedef {{ id: string, name: string, created: number | string, last_used?: number | string | null }} TokenInfo
 */

/**
 * The section for the signed-in owner of the profile `p`.
 * @param {{ id: string, name: string, bot?: boolean }} p
 * @param {() => void} reload the profile page again (after it became a bot)
 */
export function botAccountSection(p, reload) {
  const msg = h("p", { class: "error", id: "botacct-error", role: "alert" });
  if (!p.bot) {
    const make = async () => {
      msg.textContent = "";
      if (!confirm(t("botacct-confirm", { name: p.name }))) return;
      const { error } = await call("POST", "/api/profile/bot", {});
      if (error) { msg.textContent = error; return; }
      reload();
    };
    return h("section", { class: "botacct", id: "botacct", "aria-labelledby": "botacct-title" },
      h("h2", { id: "botacct-title" }, t("botacct-title")),
      h("p", {}, t("botacct-help")),
      h("p", { class: "muted" }, t("botacct-for-good")),
      h("button", { type: "button", id: "botacct-make", onclick: make }, t("botacct-make")), msg);
  }
  return h("section", { class: "botacct", id: "botacct", "aria-labelledby": "botacct-title" },
    h("h2", { id: "botacct-title" }, t("tokens-title")),
    h("p", {}, t("botacct-is")),
    tokensPanel(msg), msg, runPanel(location.origin));
}

/**
 * How a program plays here with a token: `domino bot` and Python, with
 * this site's address; the token from the environment, never on the
 * command line where the process list shows it.
 * @param {string} origin
 */
export function runPanel(origin) {
  const cli = `export DOMINO_BOT_TOKEN=dbt_…\ndomino bot --server ${origin} --bot expert --game jamaican --seek`;
  const py = [
    "import os",
    "import domino",
    "",
    "def policy(observation, legal):",
    "    return legal[0]  # " + t("botacct-run-python-choice"),
    "",
    `domino.connect("${origin}", os.environ["DOMINO_BOT_TOKEN"], policy, game="jamaican", seek=True)`,
  ].join("\n");
  return h("div", { class: "botrun", id: "botacct-run" },
    h("h3", {}, t("botacct-run-title")),
    h("p", {}, t("botacct-run-cli")),
    h("pre", { id: "botacct-run-cli", tabindex: 0 }, h("code", {}, cli)),
    h("p", {}, t("botacct-run-python")),
    h("pre", { id: "botacct-run-python", tabindex: 0 }, h("code", {}, py)),
    h("p", {}, h("a", { href: "/bots/api", id: "botacct-docs" }, t("botacct-docs"))));
}

/**
 * The tokens: the form for a new one, the one just made (once), the list.
 * @param {HTMLElement} msg
 */
function tokensPanel(msg) {
  const name = h("input", { id: "token-name", maxlength: 40, autocomplete: "off", placeholder: t("tokens-name-placeholder") });
  const fresh = h("div", { id: "token-new", hidden: true, role: "status" });
  const list = h("ul", { class: "tokens", id: "tokens" });
  const note = h("p", { id: "tokens-note", role: "status", class: "muted" });

  async function load() {
    const { data, error } = await call("GET", "/api/tokens");
    if (error) { msg.textContent = error; return; }
    /** @type {TokenInfo[]} */
    const tokens = Array.isArray(data) ? data : [];
    fill(list, tokens.length ? tokens.map(tokenRow) : h("li", { class: "muted" }, t("tokens-none")));
  }
  /** @param {TokenInfo} tok */
  function tokenRow(tok) {
    const revoke = async () => {
      if (!confirm(t("tokens-revoke-confirm", { name: tok.name }))) return;
      const { error } = await call("DELETE", `/api/tokens/${encodeURIComponent(tok.id)}`);
      if (error) { msg.textContent = error; return; }
      note.textContent = t("tokens-revoked", { name: tok.name });
      load();
    };
    return h("li", { class: "tokenrow", "data-token": tok.id },
      h("b", { class: "tokenname" }, tok.name), " ",
      h("span", { class: "muted" }, tokenWhen(tok)), " ",
      h("button", { type: "button", class: "small quiet", onclick: revoke, "aria-label": t("tokens-revoke-named", { name: tok.name }) }, t("tokens-revoke")));
  }
  async function make() {
    msg.textContent = "";
    note.textContent = "";
    const n = name.value.trim() || name.placeholder;
    const { data, error } = await call("POST", "/api/tokens", { name: n });
    if (error) { msg.textContent = error; return; }
    const value = h("input", { id: "token-value", readonly: true, value: data.token, size: 48, "aria-label": t("tokens-value") });
    const copied = h("span", { class: "muted", id: "token-copied" });
    const copy = async () => {
      value.select();
      try { await navigator.clipboard.writeText(data.token); copied.textContent = t("tokens-copied"); } catch { copied.textContent = t("tokens-copy-yourself"); }
    };
    fresh.hidden = false;
    fill(fresh, h("p", {}, t("tokens-new", { name: data.name })),
      h("div", { class: "row" }, value, h("button", { type: "button", id: "token-copy", onclick: copy }, t("tokens-copy")), copied),
      h("p", { class: "warn", id: "token-once" }, t("tokens-once")));
    name.value = "";
    load();
  }
  load();
  return h("div", { class: "tokenspanel" },
    h("p", { class: "muted" }, t("tokens-help")),
    h("div", { class: "row" }, h("label", {}, t("tokens-name"), " ", name),
      h("button", { type: "button", id: "token-make", onclick: make }, t("tokens-make"))),
    fresh, list, note);
}
