// The page: lobby, table and replay viewer, over the server's WebSocket
// protocol (see crates/server/src/ws.rs) and its history endpoints.

import { drawLayout, drawEnds, tileSvg, backSvg, parseTile } from "./draw.js";
import { checkHand } from "./fair.js";

const app = document.getElementById("app");
const store = {
  get name() { return localStorage.getItem("domino.name") || ""; },
  set name(v) { localStorage.setItem("domino.name", v); },
  token(table) { return localStorage.getItem("domino.token." + table); },
  setToken(table, t) { localStorage.setItem("domino.token." + table, t); },
};

function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids.flat()) if (k != null) e.append(k instanceof Node ? k : document.createTextNode(k));
  return e;
}

// ---- the socket ----
class Conn {
  constructor(onPush) {
    this.onPush = onPush;
    this.pending = new Map();
    this.id = 0;
    this.ready = this.open();
  }
  open() {
    return new Promise((resolve, reject) => {
      const proto = location.protocol === "https:" ? "wss" : "ws";
      this.ws = new WebSocket(`${proto}://${location.host}/ws`);
      this.ws.onopen = () => resolve();
      this.ws.onerror = (e) => reject(e);
      this.ws.onmessage = (ev) => {
        const m = JSON.parse(ev.data);
        if (m.id != null && this.pending.has(m.id)) {
          this.pending.get(m.id)(m);
          this.pending.delete(m.id);
        } else this.onPush(m);
      };
      this.ws.onclose = () => this.onClose && this.onClose();
    });
  }
  async request(msg) {
    await this.ready;
    const id = ++this.id;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }
}

// ---- routing ----
// What the current page must undo when another one opens (its socket).
let leavePage = null;
function route() {
  if (leavePage) { leavePage(); leavePage = null; }
  const p = location.pathname;
  let m;
  if ((m = p.match(/^\/t\/([0-9a-f]+)/))) return tablePage(m[1]);
  if ((m = p.match(/^\/r\/([0-9a-f]+)/))) return replayPage(m[1]);
  return lobby();
}

// ---- lobby ----
async function lobby() {
  app.innerHTML = "";
  const presets = await (await fetch("/api/presets")).json();
  const name = h("input", { id: "name", value: store.name, placeholder: "Your display name", maxlength: 24 });
  name.addEventListener("change", () => (store.name = name.value.trim()));
  const game = h("select", { id: "game" }, presets.map((p) => h("option", { value: p.name }, p.name)));
  const players = h("select", { id: "players" });
  const humans = h("select", { id: "humans" });
  const opts = h("div", { class: "opts" });
  const summary = h("p", { class: "summary" });
  const bot = h("select", { id: "bot" }, ["random", "heavy", "count", "heuristic", "expert"].map((b) =>
    h("option", { value: b, selected: b === "heuristic" }, b)));
  const priv = h("input", { type: "checkbox", id: "private" });
  function fill() {
    const p = presets.find((x) => x.name === game.value);
    summary.textContent = p.summary;
    players.innerHTML = "";
    p.players.forEach((n) => players.append(h("option", { value: n, selected: n === p.default_players }, n)));
    fillHumans();
    opts.innerHTML = "";
    for (const o of p.options) {
      let input;
      if (Array.isArray(o.values) && typeof o.values[0] === "boolean") {
        input = h("input", { type: "checkbox", "data-opt": o.name, checked: o.default === true });
      } else if (Array.isArray(o.values)) {
        input = h("select", { "data-opt": o.name }, o.values.map((v) => h("option", { value: v, selected: v === o.default }, String(v))));
      } else {
        input = h("input", { type: "number", "data-opt": o.name, value: o.default, min: o.values.min, max: o.values.max });
      }
      opts.append(h("label", { title: o.help }, o.name.replace(/_/g, " "), " ", input));
    }
  }
  function fillHumans() {
    humans.innerHTML = "";
    // 0: every seat a bot, and the creator watches.
    for (let n = 0; n <= Number(players.value); n++) {
      humans.append(h("option", { value: n, selected: n === 1 }, n === 0 ? "0 (watch bots)" : n));
    }
  }
  game.addEventListener("change", fill);
  players.addEventListener("change", fillHumans);
  fill();
  const msg = h("p", { class: "error", id: "lobby-error" });
  async function create() {
    if (!name.value.trim()) { msg.textContent = "Choose a display name first."; return; }
    store.name = name.value.trim();
    const p = presets.find((x) => x.name === game.value);
    const options = {};
    opts.querySelectorAll("[data-opt]").forEach((i) => {
      const o = p.options.find((x) => x.name === i.dataset.opt);
      let v = i.type === "checkbox" ? i.checked : i.value;
      if (typeof o.default === "number") v = Number(v);
      if (JSON.stringify(v) !== JSON.stringify(o.default)) options[o.name] = v;
    });
    const conn = new Conn(() => {});
    const r = await conn.request({
      type: "create", name: store.name, humans: Number(humans.value), bot: bot.value,
      private: priv.checked, rules: { preset: game.value, players: Number(players.value), options },
    });
    if (r.type === "error") { msg.textContent = r.message; return; }
    if (r.token) store.setToken(r.table, r.token);
    conn.ws.close();
    history.pushState({}, "", "/t/" + r.table);
    route();
  }
  const tables = h("div", { id: "tables" }, "Loading…");
  const past = h("div", { id: "history" }, "Loading…");
  app.append(
    h("section", { class: "card" }, h("h2", {}, "You"), name),
    h("section", { class: "card" }, h("h2", {}, "New table"),
      h("div", { class: "row" }, h("label", {}, "Game ", game), h("label", {}, "Players ", players),
        h("label", {}, "Human seats ", humans), h("label", {}, "Bots ", bot), h("label", {}, priv, " private (link only)")),
      summary, opts, h("button", { id: "create", onclick: create }, "Create table"), msg),
    h("section", { class: "card" }, h("h2", {}, "Open tables ", h("button", { class: "small", onclick: loadTables }, "↻")), tables),
    h("section", { class: "card" }, h("h2", {}, "Finished matches"), past),
  );
  async function loadTables() {
    const list = await (await fetch("/api/tables")).json();
    tables.innerHTML = "";
    if (!list.length) tables.append("No open tables. Create one!");
    for (const t of list) {
      const who = t.names.map((n, i) => n || (i < t.humans ? "(free)" : "bot")).join(", ");
      tables.append(h("div", { class: "tablerow" },
        h("b", {}, t.rules.preset), ` ${t.rules.players || ""} players · ${who} · hand ${t.hand_number} `,
        h("a", { href: "/t/" + t.id, class: "button" }, t.open_seats ? "Join" : "Watch")));
    }
  }
  loadTables();
  const done = await (await fetch("/api/history")).json();
  past.innerHTML = "";
  if (!done.length) past.append("None yet.");
  for (const m of done) {
    past.append(h("div", { class: "tablerow" }, h("b", {}, m.rules.preset), ` · ${m.names.map((n) => n || "bot").join(", ")} · ${m.hands} hands `,
      h("a", { href: "/r/" + m.id, class: "button" }, "Replay"), " ",
      h("a", { href: `/api/history/${m.id}/record`, download: true }, "record")));
  }
}

// ---- words ----
function sideName(st, k) {
  const n = st.rules.players, sides = st.scores.length;
  if (sides < n) return `Team ${k + 1} (seats ${k + 1} & ${k + 3})`;
  return `Seat ${k + 1}`;
}
function seatName(msg, s) {
  const seat = msg.seats && msg.seats[s];
  const n = seat && seat.name ? seat.name : `Bot ${s + 1}`;
  return msg.seat === s ? `${n} (you)` : n;
}
function actionWords(msg, seat, a) {
  const who = seatName(msg, seat);
  switch (a.type) {
    case "play": return `${who} played ${a.tile}${a.end != null ? " on end " + a.end : " (pose)"}${a.claim ? ", claiming" : ""}`;
    case "draw": return seat === msg.seat ? null : `${who} drew`; // "You drew 5-5" follows
    case "pass": return `${who} passed`;
    case "choose_poser": return `${who} chose ${seatName(msg, a.seat)} to pose`;
    case "muggins": return `${who} called muggins`;
    default: return `${who}: ${a.type}`;
  }
}
export function eventWords(msg, e) {
  switch (e.type) {
    case "action": return actionWords(msg, e.seat, e.action);
    case "drew": return e.tile ? `${msg.seat === e.seat ? "You" : seatName(msg, e.seat)} drew ${e.tile}` : null;
    case "scored": return `${sideName(msg.state, e.side)} scored ${e.points} (${e.reason})`;
    case "penalty": return `${seatName(msg, e.seat)} penalised ${e.points} (${e.reason.replace(/_/g, " ")})`;
    case "unclaimed": return `${seatName(msg, e.seat)} left ${e.points} unclaimed`;
    case "out": return `${seatName(msg, e.seat)} is out`;
    case "hand_over": return resultWords(msg.state, e.result);
    case "match_over": return e.winner ? `Match over: ${sideName(msg.state, e.winner.side)} wins` : "Match over: a tie";
    default: return e.type;
  }
}
function resultWords(st, r) {
  if (!r) return "";
  const who = r.winner ? sideName(st, r.winner.side) : "Nobody";
  const pts = r.points.map((p, k) => `${sideName(st, k)} ${p}`).join(", ");
  return `Hand over (${r.reason}${r.notes && r.notes.length ? ", " + r.notes.join(", ") : ""}): ${who} wins · ${pts}`;
}

// ---- the table ----
async function tablePage(id) {
  app.innerHTML = "";
  let msg = null, selected = null, log = [], joined = false;
  let watching = false; // no free seat: every render keeps saying so
  let dealCheck = null; // the page's own check of the last revealed key: {key, result}
  const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  board.setAttribute("class", "board");
  board.setAttribute("id", "board");
  const top = h("div", { class: "seats", id: "seats" });
  const handEl = h("div", { class: "hand", id: "hand" });
  const buttons = h("div", { class: "buttons", id: "buttons" });
  const scores = h("div", { class: "scores", id: "scores" });
  const logEl = h("ol", { class: "log", id: "log" });
  const result = h("div", { class: "result", id: "result" });
  const fair = h("div", { class: "fair", id: "fair" });
  const status = h("div", { class: "status", id: "status" });
  const share = h("div", { class: "share" }, "Invite friends: ", h("input", { readonly: true, value: location.href, id: "share", onclick: (e) => e.target.select() }));
  app.append(h("div", { class: "tablegrid" },
    h("div", { class: "main" }, top, status, board, buttons, handEl, result),
    h("aside", {}, scores, share, fair, h("h3", {}, "Play"), logEl)));

  const conn = new Conn(onPush);
  let retry = null;
  conn.onClose = () => {
    status.textContent = "Disconnected — reconnecting…";
    retry = setTimeout(() => { leavePage = null; tablePage(id); }, 1500);
  };
  // Leaving the table (lobby, replay, back button) closes its socket and
  // stops any reconnecting, so a closed table never redraws over a page.
  leavePage = () => { conn.onClose = null; clearTimeout(retry); conn.ws.close(); };
  try { await conn.ready; } catch (_) { return; } // onClose retries
  const token = store.token(id);
  let r;
  if (token) r = await conn.request({ type: "resume", table: id, token });
  if (!r || r.type === "error") {
    const name = store.name;
    const join = async (n) => {
      store.name = n;
      const r2 = await conn.request({ type: "join", table: id, name: n });
      if (r2.type === "error") {
        if (r2.code === "table_full" || r2.code === "match_over") {
          watching = true;
          await conn.request({ type: "spectate", table: id });
          status.textContent = "Watching (no free seat).";
        } else status.textContent = r2.message;
      } else { store.setToken(id, r2.token); joined = true; }
    };
    if (name) await join(name);
    else {
      const input = h("input", { placeholder: "Your display name", id: "joinname" });
      status.append(h("span", {}, "Join this table: ", input, h("button", { id: "joinbtn", onclick: () => { if (input.value.trim()) { status.innerHTML = ""; join(input.value.trim()); } } }, "Join"),
        " or ", h("button", { onclick: () => conn.request({ type: "spectate", table: id }) }, "watch")));
    }
  } else joined = true;

  function onPush(m) {
    if (m.type !== "state") return;
    const newHand = msg && msg.state.hand_number !== m.state.hand_number;
    msg = m;
    if (Array.isArray(m.log)) {
      // Sent on (re)joining: the hand's events so far, as this seat may see them.
      log = [`Hand ${m.state.hand_number}`];
      for (const e of m.log) {
        const w = eventWords(m, e);
        if (w) log.push(w);
      }
    } else if (newHand) log.push(`Hand ${m.state.hand_number}`);
    for (const e of m.events) {
      const w = eventWords(m, e);
      if (w) log.push(w);
    }
    if (m.events.length === 0 && log.length === 0) log.push(`Hand ${m.state.hand_number}`);
    render();
  }

  // A table of bots only is watched by choice, any other for want of a seat.
  function watchWords() {
    return msg && msg.seats.every((x) => !x.human) ? "Watching the bots play. " : "Watching (no free seat). ";
  }

  function act(a) {
    selected = null;
    conn.request({ type: "act", action: a }).then((r) => { if (r.type === "error") status.textContent = r.message; });
  }

  function render() {
    const st = msg.state;
    const me = msg.seat;
    const myTurn = me != null && st.to_act === me;
    // Seats: counts, passes, presence.
    top.innerHTML = "";
    st.hands.forEach((hand, s) => {
      const passes = st.history.filter((e) => e.seat === s && e.action.type === "pass").length;
      const info = msg.seats[s];
      const tag = info.human ? (info.present ? "" : info.bot ? " · bot playing (away)" : " · away") : " · bot";
      top.append(h("div", { class: "seat" + (st.to_act === s ? " toact" : "") + (s === me ? " me" : ""), "data-seat": s },
        h("b", {}, seatName(msg, s)), tag, h("br"),
        typeof hand === "number" ? h("span", { class: "backs" }, ...Array.from({ length: hand }, backSvg)) : `${hand.length} tile${hand.length === 1 ? "" : "s"}`,
        passes ? h("span", { class: "passes" }, ` passed ×${passes}`) : null,
        st.phase === "hand_over" && info.ready ? " ✓ ready" : null));
    });
    top.append(h("div", { class: "seat" }, `Boneyard: ${st.boneyard}`));
    // Board and ends.
    const ends = drawLayout(board, msg.layout, Math.max(600, board.clientWidth || 800), st.history, st.rules.preset === "double-nine-cross");
    const legal = myTurn ? st.legal : [];
    const plays = legal.filter((a) => a.type === "play");
    let choosable = null;
    if (selected) {
      choosable = new Set(plays.filter((a) => a.tile === selected && a.end != null).map((a) => a.end));
    }
    drawEnds(board, ends, (end) => {
      const claim = document.getElementById("claim");
      const wantClaim = claim ? claim.checked : false;
      const a = plays.find((x) => x.tile === selected && x.end === end && !!x.claim === wantClaim)
        || plays.find((x) => x.tile === selected && x.end === end);
      act(a);
    }, choosable);
    // Hand.
    handEl.innerHTML = "";
    if (me != null && Array.isArray(st.hands[me])) {
      for (const t of st.hands[me]) {
        const mine = plays.filter((a) => a.tile === t);
        const cls = mine.length ? "legal" + (selected === t ? " selected" : "") : "";
        const svg = tileSvg(t, cls);
        svg.dataset.tile = t;
        if (mine.length) svg.addEventListener("click", () => {
          const ends = new Set(mine.map((a) => a.end));
          if (ends.size === 1) {
            const claim = document.getElementById("claim");
            act(mine.find((a) => !!a.claim === (claim ? claim.checked : false)) || mine[0]);
          } else { selected = selected === t ? null : t; render(); }
        });
        handEl.append(svg);
      }
    }
    // Buttons only for legal non-play actions.
    buttons.innerHTML = "";
    if (myTurn) {
      if (legal.some((a) => a.type === "draw")) buttons.append(h("button", { id: "draw", onclick: () => act({ type: "draw" }) }, "Draw"));
      if (legal.some((a) => a.type === "pass")) buttons.append(h("button", { id: "pass", onclick: () => act({ type: "pass" }) }, "Pass"));
      if (legal.some((a) => a.type === "muggins")) buttons.append(h("button", { id: "muggins", onclick: () => act({ type: "muggins" }) }, `Muggins! (${st.muggins})`));
      for (const a of legal.filter((x) => x.type === "choose_poser")) buttons.append(h("button", { onclick: () => act(a) }, `${seatName(msg, a.seat)} poses`));
      if (plays.some((a) => a.claim)) buttons.append(h("label", {}, h("input", { type: "checkbox", id: "claim", checked: true }), " claim my points"));
      status.textContent = selected ? `Choose an end for ${selected} (highlighted).` : plays.length ? "Your turn: click a highlighted tile." : "Your turn.";
    } else if (st.phase === "play" || st.phase === "choose_poser") {
      status.textContent = (watching ? watchWords() : "")
        + (st.to_act != null ? `Waiting for ${seatName(msg, st.to_act)}…` : "");
    }
    // Score.
    scores.innerHTML = "";
    scores.append(h("h3", {}, `Hand ${st.hand_number} · ${st.rules.preset}`));
    st.scores.forEach((p, k) => scores.append(h("div", {}, `${sideName(st, k)}: `, h("b", {}, String(p)))));
    if (st.stake > 1) scores.append(h("div", {}, `Stake: ${st.stake}`));
    // Result with all hands.
    result.innerHTML = "";
    if (st.phase === "hand_over" || st.phase === "match_over") {
      result.append(h("h3", {}, st.phase === "match_over" ? "Match over" : "Hand over"), h("p", {}, resultWords(st, st.result)));
      st.hands.forEach((hand, s) => result.append(h("div", { class: "reveal" }, `${seatName(msg, s)}: `,
        ...(Array.isArray(hand) ? hand.map((t) => tileSvg(t, "small", false)) : []),
        st.result ? ` (${st.result.counts[s]} pips)` : "")));
      if (st.phase === "hand_over" && me != null && !msg.seats[me].ready) {
        result.append(h("button", { id: "ready", onclick: () => conn.request({ type: "ready" }) }, "Ready for the next hand"));
      }
      if (st.phase === "match_over" && msg.finished) result.append(h("a", { href: "/r/" + msg.table, class: "button", id: "replaylink" }, "Open the replay"));
      status.textContent = (watching ? watchWords() : "")
        + (st.phase === "hand_over" ? "Next hand when everyone is ready." : "");
    }
    // Fair deal: the commitment, then, once the key is revealed, the page's
    // own check (fair.js): the key against the commitment, and the deal
    // recomputed from the key, under the redeal rule published with the
    // commitment, against every hand shown at the end.
    fair.innerHTML = "";
    const cur = msg.fair[msg.fair.length - 1];
    if (cur) {
      fair.append(h("div", {}, `Hand ${cur.hand} seed commitment: `, h("code", {}, cur.commit.slice(0, 16) + "…"),
        cur.redeal ? ` (redeal rule: ${cur.redeal})` : ""));
      if (cur.key && cur.hand === st.hand_number) {
        const v = h("div", { id: "verified" }, "Checking the deal…");
        fair.append(h("div", {}, "Revealed key: ", h("code", {}, cur.key.slice(0, 16) + "…")), v);
        if (!dealCheck || dealCheck.key !== cur.key) {
          const shown = { rules: st.rules, hand: cur.hand, key: cur.key, commit: cur.commit, redeal: cur.redeal, hands: st.hands, history: st.history };
          dealCheck = { key: cur.key, result: checkHand(shown, (s) => seatName(msg, s)).catch((e) => ({ ok: false, message: `✗ Deal not checked: ${e.message}` })) };
        }
        dealCheck.result.then((r) => (v.textContent = r.message));
      }
    }
    logEl.innerHTML = "";
    log.slice(-60).forEach((l) => logEl.append(h("li", {}, l)));
    logEl.scrollTop = logEl.scrollHeight;
  }
}

// ---- replay ----
async function replayPage(id) {
  app.innerHTML = "Loading…";
  const res = await fetch(`/api/history/${id}`);
  if (!res.ok) { app.textContent = "No finished match with that id."; return; }
  const data = await res.json();
  const frames = data.frames;
  let i = Math.min(frames.length - 1, Number(new URLSearchParams(location.search).get("step") || 0));
  app.innerHTML = "";
  const board = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  board.setAttribute("class", "board");
  const hands = h("div", { class: "hands" });
  const caption = h("div", { class: "status", id: "caption" });
  const slider = h("input", { type: "range", min: 0, max: frames.length - 1, value: 0, id: "slider" });
  slider.addEventListener("input", () => { i = Number(slider.value); show(); });
  const names = data.summary.names;
  const fake = (f) => ({ state: f.state, seats: names.map((n) => ({ name: n })), seat: null });
  app.append(
    h("h2", {}, `Replay: ${data.summary.rules.preset} · ${names.map((n) => n || "bot").join(", ")}`),
    h("div", { class: "buttons" },
      h("button", { id: "prev", onclick: () => { i = Math.max(0, i - 1); show(); } }, "◀ Step"),
      h("button", { id: "next", onclick: () => { i = Math.min(frames.length - 1, i + 1); show(); } }, "Step ▶"),
      slider, h("a", { href: `/api/history/${id}/record`, download: true, class: "button" }, "Download record")),
    caption, board, hands,
    h("p", { class: "fair" }, data.verified ? "✓ Every deal matches its revealed seed." : "✗ Deals do not match the revealed seeds."));
  function show() {
    slider.value = i;
    const f = frames[i];
    const m = fake(f);
    const words = f.events.map((e) => eventWords(m, e)).filter(Boolean).join(" · ");
    caption.textContent = `Hand ${f.hand}, step ${f.step == null ? "deal" : f.step + 1} — ${words || "dealt"} — scores ${f.state.scores.join(" : ")}`;
    drawLayout(board, f.layout, Math.max(600, board.clientWidth || 800), f.state.history, f.state.rules.preset === "double-nine-cross");
    hands.innerHTML = "";
    f.state.hands.forEach((hand, s) => hands.append(h("div", { class: "reveal" }, `${names[s] || "Bot " + (s + 1)}: `, ...hand.map((t) => tileSvg(t, "small", false)))));
  }
  show();
}

window.addEventListener("popstate", route);
document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[href^='/t/'], a[href^='/r/'], a.brand");
  if (a && !a.hasAttribute("download")) { e.preventDefault(); history.pushState({}, "", a.getAttribute("href")); route(); }
});
route();
