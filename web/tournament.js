// @ts-check
// Tournaments: the tournament lobby (/tournaments: create one, the open
// ones) and a tournament's page (/tournaments/ID: entrants, joining, the
// organiser's controls, live standings, each round's tables, the final
// results and the standings as CSV).
//
// The organiser's secret and each player's seat token stay in this
// browser; the links that carry them put them after the '#', which is
// never sent to the server in the address.

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { call } from "./api.js";
import { botBadge, nameWithBadge } from "./badge.js";
import { store } from "./store.js";
import { optionField, readOptions, partnersIn } from "./options.js";

const LEVELS = ["random", "heavy", "count", "heuristic", "expert"];
const FORMATS = ["swiss", "round_robin", "elimination"];
const orgKey = (id) => "domino.tournament.org." + id;
const meKey = (id) => "domino.tournament.me." + id;

function remember(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: the links still work */ }
}
function recall(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}

function api(method, url, body, secret) {
  return call(method, url, body, secret ? { "x-tournament-secret": secret } : {});
}

// ---- the tournament lobby ----

/**
 * The page at /tournaments.
 * @param {HTMLElement} app
 * @param {{ go: (path: string) => void }} nav
 */
export async function tournamentsPage(app, nav) {
  document.title = `${t("tourney-title")} · ${t("page-title")}`;
  fill(app, h("p", { class: "muted" }, t("loading")));
  const presets = await (await fetch("/api/presets")).json();
  const byName = (n) => presets.find((p) => p.name === n) || presets[0];
  const name = h("input", { id: "tn-name", maxlength: 24, autocomplete: "off", placeholder: t("tourney-name-placeholder") });
  const game = h("select", { id: "tn-game" }, presets.map((p) => h("option", { value: p.name }, t("game-title", { preset: p.name }))));
  const players = h("select", { id: "tn-players" });
  const opts = h("div", { class: "opts", id: "tn-opts" });
  const format = h("select", { id: "tn-format" }, FORMATS.map((f) => h("option", { value: f }, t("tourney-format", { format: f }))));
  const rounds = h("input", { id: "tn-rounds", type: "number", min: 1, max: 15, value: 3 });
  const roundsLabel = h("label", {}, t("tourney-rounds"), " ", rounds);
  const max = h("input", { id: "tn-max", type: "number", min: 2, max: 64, value: 8 });
  const level = h("select", { id: "tn-level" }, LEVELS.map((b) => h("option", { value: b, selected: b === store.level }, t("level", { bot: b }))));
  const starts = h("input", { id: "tn-starts", type: "datetime-local" });
  const duplicate = h("input", { id: "tn-duplicate", type: "checkbox" });
  const msg = h("p", { class: "error", id: "tn-error", role: "alert" });
  function fillGame() {
    const p = byName(game.value);
    fill(players, p.players.map((n) => h("option", { value: n, selected: n === p.default_players }, String(n))));
    fill(opts);
    for (const o of p.options) opts.append(optionField(o).label);
  }
  const showRounds = () => { roundsLabel.hidden = format.value !== "swiss"; };
  game.addEventListener("change", fillGame);
  format.addEventListener("change", showRounds);
  fillGame();
  showRounds();

  async function create() {
    msg.textContent = "";
    const p = byName(game.value);
    const n = Number(players.value);
    const when = starts.value ? Date.parse(starts.value) : null;
    const { data, error } = await api("POST", "/api/tournaments", {
      name: name.value.trim() || name.placeholder,
      rules: { preset: p.name, players: n, options: readOptions(opts, p) },
      format: format.value,
      rounds: format.value === "swiss" ? Number(rounds.value) : 0,
      teams: partnersIn(opts, p, n),
      max_entrants: Number(max.value),
      bot: level.value,
      starts_at: Number.isFinite(when) ? when : null,
      duplicate: duplicate.checked,
    });
    if (error) { msg.textContent = error; return; }
    remember(orgKey(data.id), data.secret);
    nav.go("/tournaments/" + data.id);
  }

  const list = h("ul", { class: "tables", id: "tn-list" });
  fill(app, h("div", { class: "tourney" },
    h("section", { class: "card", id: "tn-new" },
      h("h1", {}, t("tourney-title")),
      h("p", { class: "muted" }, t("tourney-help")),
      h("div", { class: "row" }, h("label", {}, t("tourney-name"), " ", name)),
      h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", game), h("label", {}, t("lobby-players"), " ", players)),
      h("details", { class: "houserules" }, h("summary", {}, t("lobby-house-rules")), opts),
      h("div", { class: "row" }, h("label", {}, t("tourney-format-label"), " ", format), roundsLabel),
      h("div", { class: "row" }, h("label", {}, t("tourney-max"), " ", max), h("label", {}, t("lobby-level"), " ", level)),
      h("div", { class: "row" }, h("label", {}, t("tourney-starts"), " ", starts)),
      h("div", { class: "row" }, h("label", { title: t("tourney-duplicate-help") }, duplicate, " ", t("tourney-duplicate"))),
      msg,
      h("button", { type: "button", id: "tn-create", class: "big", onclick: create }, t("tourney-create"))),
    h("section", { class: "card" }, h("h2", {}, t("tourney-open")), list)));
  const got = await api("GET", "/api/tournaments");
  const rows = got.data ? got.data.tournaments : [];
  if (!rows.length) list.append(h("li", { class: "muted" }, t("tourney-none")));
  for (const r of rows) {
    list.append(h("li", {}, h("a", { href: "/tournaments/" + r.id }, r.name), " · ",
      t("game-title", { preset: r.game }), " · ", t("tourney-format", { format: r.format }), " · ", t("tourney-state", { state: r.state })));
  }
}

// ---- a tournament ----

/**
 * The page at /tournaments/ID; returns a function that stops its updates.
 * @param {HTMLElement} app
 * @param {string} id
 * @param {{ go: (path: string) => void, notFound: (what: string) => void }} nav
 */
export function tournamentPage(app, id, nav) {
  document.title = `${t("tourney-title")} · ${t("page-title")}`;
  // Links: #org=SECRET (the organiser's), #seat=ENTRANT.TOKEN (a partner's).
  const hash = decodeURIComponent(location.hash.slice(1));
  if (hash.startsWith("org=")) remember(orgKey(id), hash.slice(4));
  if (hash.startsWith("seat=")) {
    const [entrant, token] = hash.slice(5).split(".");
    remember(meKey(id), JSON.stringify({ entrant: Number(entrant), tokens: [token] }));
  }
  let timer = null;
  let stopped = false;
  const msg = h("p", { class: "error", id: "tn-error", role: "alert" });
  const root = h("section", { class: "card tourney", id: "tn-page" }, h("p", { class: "muted" }, t("loading")));
  fill(app, root);
  let last = "";

  async function refresh() {
    const got = await api("GET", `/api/tournaments/${id}`);
    if (stopped) return;
    if (got.error) { if (!last) nav.notFound("tournament"); return; }
    const text = JSON.stringify(got.data);
    if (text !== last) { last = text; show(got.data); }
    if (got.data.state !== "finished") timer = setTimeout(refresh, 1500);
  }

  function show(tn) {
    const secret = recall(orgKey(id));
    const me = JSON.parse(recall(meKey(id)) || "null");
    /** @type {HTMLElement[]} */
  const parts = [
      h("h1", {}, tn.name),
      h("p", { class: "muted", id: "tn-facts" }, t("game-title", { preset: tn.rules.preset }), " · ",
        t("tourney-format", { format: tn.format }), " · ", t("tourney-state", { state: tn.state }),
        tn.starts_at ? [" · ", t("tourney-starts-at", { when: new Date(tn.starts_at).toLocaleString() })] : []),
      msg,
    ];
    if (tn.champion) parts.push(h("p", { class: "winner", id: "tn-champion" }, t("tourney-champion", { name: tn.champion.name }), tn.entrants[tn.champion.entrant]?.bot ? [" ", botBadge()] : null));
    if (tn.state === "open" && !me) parts.push(joinForm(tn));
    if (me) parts.push(h("p", { id: "tn-me" }, t("tourney-you-are", { name: tn.entrants[me.entrant]?.name || "?" })));
    if (me && me.tokens[1]) {
      parts.push(h("p", { class: "muted" }, t("tourney-partner-link"), " ", h("input", { readonly: "", id: "tn-partner-link", value: `${location.origin}/tournaments/${id}#seat=${me.entrant}.${me.tokens[1]}`, class: "sharelink", onclick: (e) => e.target.select() })));
    }
    if (secret && tn.state === "open") parts.push(organiserBox(tn, secret));
    parts.push(h("h2", {}, t("tourney-entrants", { count: tn.entrants.length, max: tn.max_entrants })),
      h("ol", { id: "tn-entrants" }, tn.entrants.map((e) => h("li", {}, e.name, e.members.length > 1 ? ` (${e.members.join(", ")})` : "", e.bot ? ` · ${t("tourney-bot")} · ${t("level", { bot: e.level })}` : ""))));
    if (tn.played.length) parts.push(standingsTable(tn), h("p", {}, h("a", { href: `/api/tournaments/${id}/csv`, id: "tn-csv", download: "" }, t("tourney-csv"))));
    for (const r of [...tn.played].reverse()) parts.push(roundBox(tn, r, me));
    parts.push(h("p", { class: "muted" }, t("tourney-share"), " ", h("input", { readonly: "", value: location.origin + "/tournaments/" + id, class: "sharelink", onclick: (e) => e.target.select() })));
    if (secret) parts.push(h("p", { class: "muted" }, t("tourney-organiser-link"), " ", h("input", { readonly: "", value: `${location.origin}/tournaments/${id}#org=${secret}`, class: "sharelink", onclick: (e) => e.target.select() })));
    fill(root, ...parts);
  }

  function joinForm(tn) {
    const name = h("input", { id: "tn-join-name", maxlength: 24, autocomplete: "off", value: store.name });
    const m1 = h("input", { id: "tn-member-1", maxlength: 24, autocomplete: "off", value: store.name });
    const m2 = h("input", { id: "tn-member-2", maxlength: 24, autocomplete: "off" });
    // A refused entry is said at the fields, where the fix is made.
    const joinError = h("p", { class: "error", id: "tn-join-error", role: "alert" });
    const fields = [name, ...(tn.teams ? [m1, m2] : [])];
    for (const f of fields) f.setAttribute("aria-describedby", "tn-join-error");
    async function join() {
      msg.textContent = joinError.textContent = "";
      for (const f of fields) f.removeAttribute("aria-invalid");
      const body = tn.teams ? { name: name.value, members: [m1.value, m2.value] } : { name: name.value };
      const { data, error } = await api("POST", `/api/tournaments/${id}/join`, body);
      if (error) {
        joinError.textContent = error;
        // The first empty field, else the first, is the one to mend.
        const bad = fields.find((f) => !f.value.trim()) || fields[0];
        bad.setAttribute("aria-invalid", "true");
        bad.focus();
        return;
      }
      if (!tn.teams) store.name = data.players[0];
      remember(meKey(id), JSON.stringify({ entrant: data.entrant, tokens: data.tokens, players: data.players }));
      last = "";
      clearTimeout(timer);
      refresh();
    }
    return h("div", { class: "card", id: "tn-join" }, h("h2", {}, t("tourney-join")),
      tn.teams
        ? h("div", { class: "row" }, h("label", {}, t("tourney-team-name"), " ", name), h("label", {}, t("tourney-member", { n: 1 }), " ", m1), h("label", {}, t("tourney-member", { n: 2 }), " ", m2))
        : h("div", { class: "row" }, h("label", {}, t("tourney-your-name"), " ", name)),
      joinError,
      h("button", { type: "button", id: "tn-join-button", onclick: join }, t("tourney-join")));
  }

  function organiserBox(tn, secret) {
    const count = h("input", { id: "tn-bots", type: "number", min: 1, max: 64, value: Math.max(1, tn.max_entrants - tn.entrants.length) });
    // Each batch of computer players has its level (the tournament's at first).
    const level = h("select", { id: "tn-bots-level" }, LEVELS.map((b) => h("option", { value: b, selected: b === tn.bot }, t("level", { bot: b }))));
    const act = async (path, body) => {
      msg.textContent = "";
      const { error } = await api("POST", `/api/tournaments/${id}/${path}`, body, secret);
      if (error) { msg.textContent = error; return; }
      last = "";
      clearTimeout(timer);
      refresh();
    };
    return h("div", { class: "card", id: "tn-organiser" }, h("h2", {}, t("tourney-organiser")),
      h("div", { class: "row" }, h("label", {}, t("tourney-add-bots"), " ", count), h("label", {}, t("lobby-level"), " ", level),
        h("button", { type: "button", id: "tn-add-bots", onclick: () => act("bots", { count: Number(count.value), level: level.value }) }, t("tourney-add"))),
      h("button", { type: "button", id: "tn-start", class: "big", onclick: () => act("start") }, t("tourney-start")));
  }

  function standingsTable(tn) {
    // A bye's points need their column, or "won 0, points 2" reads as a mistake.
    const byes = tn.standings.some((l) => l.byes > 0) ? ["byes"] : [];
    const head = ["rank", "name", ...(tn.duplicate ? ["duplicate", "compared"] : []), "played", "won", "drawn", "lost", ...byes, "points", "buchholz", "difference"];
    // On a phone the table keeps the columns that decide the order first.
    const wide = (c) => (["compared", "played", "drawn", "lost", "buchholz", "difference"].includes(c) ? { class: "wide" } : {});
    const label = (c) => (c === "compared" ? h("th", { scope: "col", title: t("tourney-compared-help"), ...wide(c) }, t("tourney-compared"))
      : h("th", { scope: "col", ...wide(c) }, t("tourney-col", { col: c })));
    return h("div", { class: "sheetwrap" }, h("table", { class: "standings", id: "tn-standings" },
      h("caption", {}, t("tourney-standings")),
      h("thead", {}, h("tr", {}, head.map(label))),
      h("tbody", {}, tn.standings.map((l) => h("tr", {}, head.map((c) => c === "name" ? h("th", { scope: "row" }, nameWithBadge(l.name, l.bot)) : h("td", wide(c), String(l[c]))))))));
  }

  function roundBox(tn, r, me) {
    const name = (e) => tn.entrants[e]?.name || "?";
    const tables = r.tables.map((tb, i) => {
      const mine = me && tb.entrants.includes(me.entrant);
      let link = h("span", { class: "muted" }, t("tourney-opening"));
      if (tb.table) {
        // A player's own table opens at their seat: the table page finds
        // the seat by the token it holds for that table.
        if (mine && me.tokens[0]) store.setToken(tb.table, me.tokens[0]);
        store.setTournamentOf(tb.table, id);
        // A duplicate round's tables hold the same cards: the server lets
        // nobody watch them (a player's own once over) until the round is.
        link = r.sealed && !(mine && !tb.finished)
          ? h("span", { class: "muted later", "data-table": tb.table }, t("tourney-watch-later"))
          : tb.finished
            // A finished table is watched again as its replay.
            ? h("a", { href: "/r/" + tb.table, class: "replaylink", "data-replay": tb.table }, t("tourney-replay"))
            : h("a", { href: "/t/" + tb.table, class: mine ? "button" : "", "data-table": tb.table }, t(mine ? "tourney-play" : "tourney-watch"));
      }
      const result = tb.result ? tb.result.entrants.map((e, k) => `${name(e)} ${tb.result.scores[k]}`).join(" · ") : "";
      return h("li", {}, t("tourney-table-n", { n: i + 1 }), " ", tb.names.join(" – "), " ", link, result ? [" ", h("span", { class: "muted" }, result)] : []);
    });
    if (r.byes.length) tables.push(h("li", { class: "muted" }, t("tourney-byes", { names: r.byes.map(name).join(", ") })));
    const deals = r.deals
      ? h("p", { class: "muted deals" }, r.deals.secret ? t("tourney-deals-revealed", { secret: r.deals.secret }) : t("tourney-deals-committed", { commit: r.deals.commit }))
      : null;
    return h("div", { class: "round" }, h("h3", {}, t("tourney-round", { n: r.round, total: tn.total_rounds })), h("ul", { class: "tables" }, tables), deals);
  }

  refresh();
  return () => { stopped = true; clearTimeout(timer); };
}
