// @ts-check
// The lobby: your name, a quick game against the computer, a table for
// friends with the seats you choose for them, the games in a line each,
// the open tables and the finished matches.

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { Conn } from "./conn.js";
import { store } from "./store.js";
import { profileCard } from "./profile.js";
import { optionField, readOptions, partnersIn } from "./options.js";
import { LEVELS, measured as measuredIn, levelText, seatWhere, seatsFor, openTableWho, finishedWords } from "./lobby/model.js";

/** @typedef {import("./types/GameInfo").GameInfo} Preset */
/** @typedef {import("./types/MatchSummary").MatchSummary} FinishedMatch */

/**
 * The lobby page in `app`.
 * @param {HTMLElement} app
 * @param {{ go: (path: string) => void }} nav
 */
export async function lobby(app, nav) {
  fill(app, h("p", { class: "muted" }, t("loading")));
  const [presets, ladder] = await Promise.all([
    fetch("/api/presets").then((r) => r.json()),
    fetch("/api/levels").then((r) => (r.ok ? r.json() : [])).catch(() => []),
  ]);
  const byName = (n) => presets.find((p) => p.name === n) || presets[0];
  const gameOptions = (sel) => presets.map((p) => h("option", { value: p.name, selected: p.name === sel }, t("game-title", { preset: p.name })));
  // Each level with its measured rating in the chosen game, its 95%
  // interval in brackets: the server sends the figures for each table size
  // (the ones it seeds bot ratings from); no count chosen yet reads the
  // game's default count.
  const measured = (preset, players) => measuredIn(ladder, byName(preset), players);
  const levelOptions = (sel, preset, players) => {
    const m = measured(preset, players);
    return LEVELS.map((b) => h("option", { value: b, selected: b === sel, title: t("level-tooltip", { bot: b }) }, levelText(b, m)));
  };
  const relabel = (select, preset, players) => {
    const m = measured(preset, players);
    for (const o of select.options) o.textContent = levelText(o.value, m);
    select.title = m ? t("level-rating-help") : "";
  };

  // ---- your name ----
  const name = h("input", { id: "name", value: store.name, maxlength: 24, placeholder: t("lobby-name-placeholder"), autocomplete: "nickname" });
  name.addEventListener("change", () => (store.name = name.value.trim()));
  const msg = h("p", { class: "error", id: "lobby-error", role: "alert" });
  const needName = () => {
    const n = name.value.trim();
    if (!n) { msg.textContent = t("lobby-need-name"); name.focus(); return null; }
    store.name = n;
    return n;
  };

  // ---- play now ----
  const quickGame = h("select", { id: "quickgame" }, gameOptions(store.game));
  const quickLevel = h("select", { id: "quicklevel" }, levelOptions(store.level, quickGame.value, byName(quickGame.value).default_players));
  const quickLine = h("p", { class: "muted", id: "quickline" });
  const showLine = () => {
    quickLine.textContent = t("game-line", { preset: quickGame.value });
    relabel(quickLevel, quickGame.value, byName(quickGame.value).default_players);
  };
  quickGame.addEventListener("change", showLine);
  showLine();
  async function quick() {
    const n = needName();
    if (!n) return;
    store.game = quickGame.value;
    store.level = quickLevel.value;
    const p = byName(quickGame.value);
    await create({ rules: { preset: p.name, players: p.default_players, options: {} }, seats: seatsFor(p.default_players, []), bot: quickLevel.value, private: true, name: n });
  }

  // ---- a table for friends ----
  const game = h("select", { id: "game" }, gameOptions(store.game));
  const players = h("select", { id: "players" });
  const plan = h("fieldset", { class: "seatplan", id: "seatplan" });
  const level = h("select", { id: "bot" }, levelOptions(store.level, store.game, null));
  const priv = h("input", { type: "checkbox", id: "private" });
  const hints = h("input", { type: "checkbox", id: "hints", checked: true });
  const botsOnly = h("input", { type: "checkbox", id: "botsonly" });
  const opts = h("div", { class: "opts", id: "opts" });
  const line = h("p", { class: "muted", id: "gameline" });
  function fillGame() {
    const p = byName(game.value);
    line.textContent = t("game-line", { preset: p.name });
    fill(players, p.players.map((n) => h("option", { value: n, selected: n === p.default_players }, String(n))));
    relabel(level, p.name, Number(players.value));
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
      const where = seatWhere(partners, s);
      const sel = h("select", { "data-seat": s, id: `plan-${s}`, "aria-label": where },
        h("option", { value: "bot" }, t("lobby-seat-bot")), h("option", { value: "invite" }, t("lobby-seat-invite")));
      if (chosen.has(String(s))) sel.value = chosen.get(String(s));
      plan.append(h("label", { class: "planrow" }, h("span", {}, where), sel));
    }
  }
  game.addEventListener("change", fillGame);
  players.addEventListener("change", () => { relabel(level, game.value, Number(players.value)); fillPlan(); });
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
    });
  }

  async function create(req) {
    msg.textContent = "";
    /** @type {import("./types/hand").Answer | null} */
    let answered = null;
    const conn = new Conn({ onOpen: async (c) => { answered = await c.request({ type: "create", ...req }); } });
    for (let i = 0; i < 200 && !answered; i++) await new Promise((ok) => setTimeout(ok, 25));
    conn.close();
    if (!answered || answered.type === "error") { msg.textContent = answered ? t("error", { code: answered.code, message: answered.message }) : t("offline-now"); return; }
    if (answered.token) store.setToken(answered.table, answered.token);
    nav.go("/t/" + answered.table);
  }

  // ---- the games ----
  const games = h("dl", { class: "games", id: "games" }, presets.map((p) => [
    h("dt", {}, h("button", { type: "button", class: "linkish", "data-game": p.name, onclick: () => { quickGame.value = p.name; showLine(); quickGame.focus(); } }, t("game-title", { preset: p.name })),
      " ", h("span", { class: "muted" }, t("players-count", { count: p.players.length > 1 ? `${p.players[0]}–${p.players[p.players.length - 1]}` : p.players[0] }))),
    h("dd", {}, t("game-line", { preset: p.name }), " ",
      h("a", { href: `/how/${p.name}`, class: "howlink", "data-how": p.name, "aria-label": t("howto-link-game", { game: t("game-title", { preset: p.name }) }) }, t("howto-link"))),
  ]));

  const profile = await profileCard(name);
  const tables = h("div", { id: "tables" }, t("loading"));
  const past = h("div", { id: "history" }, t("loading"));
  fill(app,
    h("div", { class: "lobby" },
      h("div", { class: "lobbymain" },
        h("section", { class: "card" }, h("h2", {}, h("label", { for: "name" }, t("lobby-you"))), name, msg),
        profile,
        h("section", { class: "card quick", id: "quick" }, h("h2", {}, t("lobby-quick")), h("p", { class: "muted" }, t("lobby-quick-help")),
          h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", quickGame), h("label", {}, t("lobby-level"), " ", quickLevel),
            h("button", { type: "button", id: "quickplay", class: "big", onclick: quick }, t("lobby-play"))), quickLine),
        h("section", { class: "card", id: "newtable" }, h("h2", {}, t("lobby-new")), h("p", { class: "muted" }, t("lobby-new-help")),
          h("div", { class: "row" }, h("label", {}, t("lobby-game"), " ", game), h("label", {}, t("lobby-players"), " ", players),
            h("label", {}, t("lobby-level"), " ", level)),
          line, plan,
          h("div", { class: "row" }, h("label", {}, priv, " ", t("lobby-private")), h("label", {}, botsOnly, " ", t("lobby-watch-bots")),
            h("label", {}, hints, " ", t("lobby-hints"))),
          h("details", { class: "houserules" }, h("summary", {}, t("lobby-house-rules")), opts),
          h("button", { type: "button", id: "create", onclick: createFriends }, t("lobby-create"))),
        h("section", { class: "card", id: "keepscore" }, h("h2", {}, t("keep-title")), h("p", { class: "muted" }, t("keep-lobby-help")),
          h("a", { href: "/keep", class: "button", id: "tokeep" }, t("keep-start"))),
        h("section", { class: "card", id: "tournaments" }, h("h2", {}, t("tourney-title")), h("p", { class: "muted" }, t("tourney-lobby-help")),
          h("a", { href: "/tournaments", class: "button", id: "totourney" }, t("tourney-see"))),
        h("section", { class: "card", id: "puzzlescard" }, h("h2", {}, t("puzzles-title")), h("p", { class: "muted" }, t("puzzles-lobby-help")),
          h("a", { href: "/puzzles?daily", class: "button", id: "todaily" }, t("puzzles-daily")), " ",
          h("a", { href: "/puzzles", class: "button", id: "topuzzles" }, t("puzzles-see"))),
        h("section", { class: "card" }, h("h2", {}, t("lobby-open"), " ", h("button", { type: "button", class: "quiet small", onclick: loadTables, "aria-label": t("lobby-refresh") }, "↻")), tables),
        h("section", { class: "card" }, h("h2", {}, t("lobby-finished")), past)),
      h("aside", { class: "card gamesbox" }, h("h2", {}, t("lobby-games")), games)));

  async function loadTables() {
    const list = await (await fetch("/api/tables")).json();
    fill(tables);
    if (!list.length) tables.append(h("p", { class: "muted" }, t("lobby-none-open")));
    for (const row of list) {
      const who = openTableWho(row);
      tables.append(h("div", { class: "tablerow" },
        h("b", {}, t("game-title", { preset: row.rules.preset })), " ",
        h("span", { class: "muted" }, `${who} · ${t("lobby-hand", { n: row.hand_number })}`),
        row.open_seats ? h("span", { class: "chip" }, t("lobby-free-seats", { count: row.open_seats })) : null,
        h("a", { href: "/t/" + row.id, class: "button small" }, row.open_seats ? t("lobby-join") : t("lobby-watch"))));
    }
  }
  loadTables();
  const done = await (await fetch("/api/history")).json();
  fill(past);
  if (!done.length) past.append(h("p", { class: "muted" }, t("lobby-none-finished")));
  for (const m of done) past.append(finishedRow(m));
}

// A finished match: the game, who really played, the winner, the final
// score, the date, and its replay and record.
/** @param {FinishedMatch} m */
function finishedRow(m) {
  const { players, winner } = finishedWords(m);
  return h("div", { class: "tablerow finished", "data-id": m.id },
    h("b", {}, t("game-title", { preset: m.rules.preset })), " ",
    h("span", { class: "players" }, players), " · ",
    m.scores ? h("span", { class: "winner" }, winner, " · ", m.scores.join(" – ")) : null, " · ",
    h("span", { class: "muted" }, t("lobby-hands", { count: m.hands }), " · ", m.finished_at ? h("time", { datetime: new Date(m.finished_at).toISOString() }, t("lobby-date", { at: m.finished_at })) : null), " ",
    h("a", { href: "/r/" + m.id, class: "button small" }, t("lobby-replay")), " ",
    h("a", { href: `/api/history/${m.id}/record`, download: true, title: t("lobby-record-help") }, t("lobby-record")));
}
