// @ts-check
// The scorekeeper for games played with real tiles: a new sheet (/keep:
// the game, its options and the names of the players or teams), and a
// sheet (/k/ID): the match score as the engine settles it, the hands so far,
// a form for the next hand in the game's own terms, undo, share and CSV.
// Every game is kept, the trains family too (Mexican Train, chicken foot:
// up to eight players, so many hands, the lowest total after the last
// winning).
//
// The sheet lives on the server. Its address shows it to anyone, and the
// page follows the changes (it asks for the sheet's version every few
// seconds while it is shown, and fetches the sheet when it changed); changing
// it needs its secret, which the keeper's browser remembers and the
// editing link carries after the '#' (never sent to the server in the
// address).

import { h, fill } from "./dom.js";
import { t, lang, andList } from "./words.js";
import { call } from "./api.js";
import { reasonWords } from "./keep/reason.js";
import { trainsMatch, leaders, places, ordinal } from "./keep/goal.js";
import { optionField, readOptions, partnersIn } from "./options.js";
import { sideOf } from "./sides.js";
import { TRAINS_PLAY_ONLY } from "./trains.js";
import { pipWord } from "./a11y.js";

const secretKey = (id) => "domino.sheet." + id;

function rememberSecret(id, secret) {
  try { localStorage.setItem(secretKey(id), secret); } catch { /* private mode: the link still works */ }
}

function secretFor(id) {
  const fromLink = location.hash.length > 1 ? decodeURIComponent(location.hash.slice(1)) : "";
  if (fromLink) rememberSecret(id, fromLink);
  try { return fromLink || localStorage.getItem(secretKey(id)) || ""; } catch { return fromLink; }
}

function api(method, url, body, secret) {
  return call(method, url, body, secret ? { "x-sheet-secret": secret } : {});
}

// ---- a new sheet ----

/**
 * The page at /keep: choose the game, its options and the names.
 * @param {HTMLElement} app
 * @param {{ go: (path: string) => void }} nav
 */
export async function newSheetPage(app, nav) {
  document.title = `${t("keep-title")} · ${t("page-title")}`;
  fill(app, h("p", { class: "muted" }, t("loading")));
  const presets = await (await fetch("/api/presets")).json();
  const byName = (n) => presets.find((p) => p.name === n) || presets[0];
  const game = h("select", { id: "keep-game" }, presets.map((p) => h("option", { value: p.name }, t("game-title", { preset: p.name }))));
  const players = h("select", { id: "keep-players" });
  const opts = h("div", { class: "opts", id: "keep-opts" });
  const names = h("fieldset", { class: "keepnames", id: "keep-names" });
  const msg = h("p", { class: "error", id: "keep-error", role: "alert" });
  function fillNames() {
    const p = byName(game.value);
    const n = Number(players.value);
    const sides = partnersIn(opts, p, n) ? 2 : n;
    // The names typed so far stay when a house rule or the count changes.
    const typed = [...names.querySelectorAll("input[data-side]")].map((i) => /** @type {HTMLInputElement} */ (i).value);
    fill(names, h("legend", {}, t(sides < n ? "keep-teams" : "keep-players")));
    for (let k = 0; k < sides; k++) {
      const label = sides < n ? t("keep-team-n", { n: k + 1 }) : t("keep-player-n", { n: k + 1 });
      names.append(h("label", { class: "planrow" }, h("span", {}, label),
        h("input", { "data-side": k, maxlength: 24, placeholder: label, autocomplete: "off", value: typed[k] ?? "" })));
    }
  }
  function fillGame() {
    const p = byName(game.value);
    fill(players, p.players.map((n) => h("option", { value: n, selected: n === p.default_players }, String(n))));
    fill(opts);
    // The trains family's options of play alone (how the first turn goes,
    // whether there is a Mexican train, ...) change no score: not asked.
    for (const o of p.options.filter((x) => !TRAINS_PLAY_ONLY.includes(x.name))) {
      const { input, label } = optionField(o);
      input.addEventListener("change", fillNames);
      opts.append(label);
    }
    fillNames();
  }
  game.addEventListener("change", fillGame);
  players.addEventListener("change", fillNames);
  fillGame();

  async function create() {
    msg.textContent = "";
    const p = byName(game.value);
    const options = readOptions(opts, p);
    const given = [...names.querySelectorAll("input")].filter((i) => i.hasAttribute("data-side")).map((i) => i.value.trim() || i.placeholder);
    const { data, error } = await api("POST", "/api/sheets", { rules: { preset: p.name, players: Number(players.value), options }, names: given });
    if (error) { msg.textContent = error; return; }
    rememberSecret(data.id, data.secret);
    nav.go("/k/" + data.id);
  }

  fill(app, h("section", { class: "card keep", id: "keep-new" },
    h("h1", {}, t("keep-title")),
    h("p", { class: "muted" }, t("keep-help")),
    h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", game), h("label", {}, t("lobby-players"), " ", players)),
    names,
    h("details", { class: "houserules" }, h("summary", {}, t("lobby-house-rules")), opts),
    msg,
    h("button", { type: "button", id: "keep-create", class: "big", onclick: create }, t("keep-create"))));
}

// ---- a sheet ----

/** How often a shown sheet asks whether it changed. */
const FOLLOW_MS = 2500;

/**
 * The page at /k/ID; returns a function that stops its updates.
 * @param {HTMLElement} app
 * @param {string} id
 * @param {{ go: (path: string) => void, notFound: (what: string) => void }} nav
 */
export async function sheetPage(app, id, nav) {
  document.title = `${t("keep-title")} · ${t("page-title")}`;
  fill(app, h("p", { class: "muted" }, t("loading")));
  const secret = secretFor(id);
  const got = await api("GET", `/api/sheets/${id}`);
  if (got.error) { nav.notFound("sheet"); return () => {}; }
  let sheet = got.data;
  const msg = h("p", { class: "error", id: "keep-error", role: "alert" });
  const root = h("section", { class: "card keep", id: "keep-sheet" });
  fill(app, root);

  // The player in a seat: a team's name with a number in partnerships.
  const seatName = (s) => {
    const f = sheet.fields;
    if (f.sides < f.players) return t("keep-seat-of-team", { team: sheet.names[sideOf(s, f.sides)], n: Math.floor(s / f.sides) + 1 });
    return sheet.names[s];
  };

  async function send(method, url, body) {
    msg.textContent = "";
    const r = await api(method, url, body, secret);
    if (r.error) {
      // A refused hand says exactly what is wrong, in the page's language,
      // its players named as on the sheet.
      msg.textContent = r.reason ? t("keep-refused", { code: r.code, why: reasonWords(r.reason, seatName, (k) => sheet.names[k] ?? String(k)) }) : r.error;
      return false;
    }
    sheet = r.data;
    render();
    return true;
  }

  function render() {
    const f = sheet.fields;
    const trains = trainsMatch(sheet);
    const lead = leaders(sheet.scores, sheet.low_wins);
    const goal = sheet.love_goal ? t("keep-goal-love", { goal: sheet.love_goal })
      : trains ? (trains.count == null ? t("keep-goal-trains-last") : t("keep-goal-trains", { count: trains.count, played: trains.played }))
      : t(sheet.low_wins ? "keep-goal-low" : "keep-goal-points", { target: sheet.target });
    // The trains family's many players: each total with its place, 1 for
    // the lowest (equal totals share a place).
    const place = trains ? places(sheet.scores, true) : null;
    const totals = h("ul", { class: "sides", id: "keep-scores" }, sheet.scores.map((pts, k) =>
      h("li", { class: "side" + (lead.includes(k) ? " lead" : ""), "data-side": k },
        place ? h("span", { class: "place" }, t("keep-place", { place: place[k], ord: ordinal(place[k], lang) })) : null,
        h("span", { class: "sname" }, sheet.names[k]), " ", h("span", { class: "pts" }, String(pts)))));
    const extra = [];
    if (sheet.love_goal && sheet.stake > 1) extra.push(h("span", { class: "stake" }, t("score-stake", { stake: sheet.stake })));
    if (sheet.love_goal && sheet.playoff) extra.push(h("span", { class: "playoff" }, t("score-playoff")));
    // The trains family: equal lowest totals after the last hand share the win.
    const shared = trains && !sheet.winner ? leaders(sheet.scores, true) : [];
    const over = sheet.over ? h("p", { class: "winner", id: "keep-winner", role: "status" },
      sheet.winner ? t("keep-won", { who: sheet.names[sheet.winner.side] })
        : shared.length > 1 ? t("keep-shared", { who: andList(shared.map((k) => sheet.names[k])) })
        : t("keep-drawn"),
      sheet.skunk ? ` · ${t("result-note", { note: "skunk" })}` : "") : null;
    const view = `${location.origin}/k/${sheet.id}`;
    fill(root,
      h("h1", {}, t("keep-title"), " · ", t("game-title", { preset: sheet.rules.preset })),
      // A lowest-wins score marks its leader with a downward arrow (style.css).
      h("div", { class: "scores" + (trains ? " kind-hands" : sheet.low_wins ? " kind-penalty" : "") },
        h("div", { class: "goal", id: "keep-goal" }, goal), totals, extra.length ? h("div", { class: "extra" }, extra) : null),
      over,
      table(),
      secret && !sheet.over ? form(f) : null,
      msg,
      h("div", { class: "row keepactions" },
        secret && sheet.hands.length ? h("button", { type: "button", id: "keep-undo", class: "quiet", onclick: () => send("DELETE", `/api/sheets/${id}/hands/last`) }, t("keep-undo")) : null,
        h("a", { href: `/api/sheets/${id}/csv`, download: true, id: "keep-csv", class: "button small" }, t("keep-csv"))),
      h("div", { class: "share", id: "keep-share" },
        h("label", {}, t("keep-share-view"), " ", h("input", { readonly: true, id: "keep-view-link", value: view, onfocus: (e) => e.target.select() })),
        secret ? h("label", {}, t("keep-share-edit"), " ", h("input", { readonly: true, id: "keep-edit-link", value: `${view}#${secret}`, onfocus: (e) => e.target.select() })) : h("p", { class: "muted" }, t("keep-read-only"))));
  }

  function table() {
    if (!sheet.hands.length) return h("p", { class: "muted", id: "sheet" }, t("sheet-empty"));
    const head = h("tr", {}, h("th", { scope: "col" }, t("sheet-hand")),
      ...sheet.names.map((n) => h("th", { scope: "col" }, n)), h("th", { scope: "col" }, t("sheet-how")));
    const rows = sheet.hands.map((line) => {
      const r = line.result;
      return h("tr", { "data-hand": line.number },
        h("th", { scope: "row" }, String(line.number)),
        ...line.scores.map((total, k) => {
          const p = r.points[k] || 0;
          return h("td", {}, h("span", { class: "hp" }, p ? (p > 0 ? `+${p}` : String(p)) : "·"), " ", h("span", { class: "tot" }, String(total)));
        }),
        h("td", { class: "how" }, how(r), r.notes.length ? h("span", { class: "notes" }, ` · ${r.notes.map((n) => t("result-note", { note: n })).join(", ")}`) : null));
    });
    // "many": more than four sides' columns, which a phone makes narrow
    // (lobby.css: the names stand upright, a hand's points over the total).
    const grid = h("table", { class: "sheet" + (sheet.names.length > 4 ? " many" : ""), id: "sheet" }, h("thead", {}, head), h("tbody", {}, rows));
    // --sides: a phone lays each hand out as a grid of that many score
    // columns, its comment on a line of its own (lobby.css). Set through
    // the style object: the page's policy refuses style attributes.
    grid.style.setProperty("--sides", String(sheet.names.length));
    return h("div", { class: "sheetwrap" }, grid);
  }

  function how(r) {
    if (r.reason === "target") return t("keep-how-target", { who: sheet.names[r.winner.side] });
    if (r.reason === "domino" && r.seat != null) return t("how-domino", { who: seatName(r.seat) });
    if (r.reason === "blocked" && r.winner && r.seat != null) return t("how-blocked", { who: seatName(r.seat) });
    return t("how-blocked-tie");
  }

  // The next hand, in the game's own terms: who went out, each player's
  // count, and what else this game scores.
  function form(f) {
    const rows = [];
    for (let s = 0; s < f.players; s++) {
      const cells = [
        h("th", { scope: "row" }, seatName(s)),
        h("td", {}, h("input", { type: "checkbox", "data-out": s, "aria-label": t("keep-went-out-of", { who: seatName(s) }) })),
        h("td", {}, h("input", { type: "number", inputmode: "numeric", min: 0, max: f.max_count, value: 0, "data-count": s, "aria-label": t("keep-count-of", { who: seatName(s) }) })),
      ];
      if (f.doubles) cells.push(h("td", {}, h("input", { type: "checkbox", "data-double": s, "aria-label": t("keep-holds-double-of", { who: seatName(s) }) })));
      for (const act of f.acts) {
        cells.push(h("td", {}, h("input", { type: "number", inputmode: "numeric", min: 0, value: 0, "data-act": act, "data-seat": s, "aria-label": t("keep-act-of", { act, who: seatName(s) }) })));
      }
      rows.push(h("tr", {}, cells));
    }
    const head = h("tr", {}, h("th", { scope: "col" }, t("keep-player")), h("th", { scope: "col" }, t("keep-went-out")), h("th", { scope: "col" }, t("keep-count")),
      f.doubles ? h("th", { scope: "col" }, t("keep-holds-double")) : null,
      f.acts.map((act) => h("th", { scope: "col", title: t("keep-act-help", { act }) }, t("keep-act", { act }))));
    const points = f.play_points ? h("fieldset", { class: "keeppoints" }, h("legend", {}, t(f.fives ? "keep-play-points-fives" : "keep-play-points")),
      sheet.names.map((n, k) => h("label", {}, n, " ", h("input", { type: "number", inputmode: "numeric", min: 0, step: f.fives ? 5 : 1, value: 0, "data-points": k })))) : null;
    const flag = (on, name) => (on ? h("label", {}, h("input", { type: "checkbox", "data-flag": name }), " ", t("keep-flag", { flag: name })) : null);
    const flags = [flag(f.doubles, "double"), flag(f.key_tile, "key_tile"), flag(f.capicu, "capicu"), flag(f.chuchazo, "chuchazo")].filter(Boolean);
    // The trains family: which hand of how many, and the double that opens it.
    const trains = trainsMatch(sheet);
    const heading = trains && trains.count != null && trains.next != null
      ? t(trains.engine == null ? "keep-next-of" : "keep-next-engine", {
        n: trains.next, count: trains.count,
        engine: trains.engine == null ? "" : t("a11y-tile-double", { a: pipWord(trains.engine) }),
      })
      : t("keep-next", { n: sheet.hands.length + 1 });
    const blank = trains ? sheet.rules.options?.double_blank : undefined;
    const el = h("form", { id: "keep-form", class: "keepform" },
      h("h2", { id: "keep-next" }, heading),
      h("p", { class: "muted" }, t(f.both_partners_out ? "keep-form-help-both" : "keep-form-help"),
        typeof blank === "number" ? ` ${t("keep-form-help-blank", { points: blank })}` : null),
      h("div", { class: "sheetwrap" }, h("table", { class: "sheet entry" }, h("thead", {}, head), h("tbody", {}, rows))),
      points,
      flags.length ? h("div", { class: "row flags" }, flags) : null,
      h("button", { type: "submit", id: "keep-enter", class: "big" }, t("keep-enter")));
    // Who went out holds nothing: ticking them sets their count to 0.
    el.addEventListener("change", (e) => {
      const box = /** @type {HTMLInputElement} */ (e.target);
      if (box.dataset.out == null || !box.checked) return;
      const count = /** @type {HTMLInputElement | null} */ (el.querySelector(`[data-count="${box.dataset.out}"]`));
      if (count) count.value = "0";
    });
    el.addEventListener("submit", async (e) => {
      e.preventDefault();
      await send("POST", `/api/sheets/${id}/hands`, report(el, f));
    });
    return el;
  }

  function report(el, f) {
    const num = (i) => Number(i.value || 0);
    const r = {
      dominoed: [...el.querySelectorAll("[data-out]")].filter((i) => i.checked).map((i) => Number(i.dataset.out)),
      counts: [...el.querySelectorAll("[data-count]")].map(num),
    };
    if (f.doubles) r.doubles = [...el.querySelectorAll("[data-double]")].filter((i) => i.checked).map((i) => Number(i.dataset.double));
    if (f.play_points) r.points = [...el.querySelectorAll("[data-points]")].map(num);
    el.querySelectorAll("[data-flag]").forEach((i) => { if (i.checked) r[i.dataset.flag] = true; });
    const acts = [];
    el.querySelectorAll("[data-act]").forEach((i) => {
      const n = num(i);
      if (n <= 0) return;
      const seat = Number(i.dataset.seat);
      // The French acts are counted (how many times); the club acts give
      // the points they cancel.
      if (["over_draw", "boneyard_trip", "exposed"].includes(i.dataset.act)) acts.push({ seat, act: i.dataset.act, points: n });
      else for (let k = 0; k < n; k++) acts.push({ seat, act: i.dataset.act });
    });
    if (acts.length) r.acts = acts;
    return r;
  }

  // Follow the sheet while the page is shown: its version is a few bytes,
  // the sheet is fetched only when someone entered or took back a hand.
  // A hidden page asks nothing until it is shown again.
  let timer = null;
  let asking = false;
  let stopped = false;
  async function follow() {
    timer = null;
    if (stopped || asking || document.hidden) return;
    asking = true;
    const v = await api("GET", `/api/sheets/${id}/version`);
    if (!stopped && !v.error && v.data.version !== sheet.version) {
      const got = await api("GET", `/api/sheets/${id}`);
      if (!stopped && !got.error && got.data.version !== sheet.version) { sheet = got.data; render(); }
    }
    asking = false;
    later();
  }
  function later() {
    if (!stopped && timer === null && !document.hidden) timer = setTimeout(follow, FOLLOW_MS);
  }
  function shownOrHidden() {
    if (document.hidden) { clearTimeout(timer); timer = null; } else follow();
  }
  document.addEventListener("visibilitychange", shownOrHidden);

  render();
  later();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", shownOrHidden);
  };
}
