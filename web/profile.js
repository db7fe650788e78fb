// @ts-check
// Profiles and ratings on the page: the lobby's profile card (create one,
// sign out, move it to another device with a one-time link and its QR
// code), a profile's page (ratings per game with a chart of their history,
// stats, recent matches), the page a one-time link opens,
// and the rating line of the match-end banner. Ratings are shown as plain
// numbers (no thousands separator: "1500", as players write them).

import { h, fill } from "./dom.js";
import { t } from "./words.js";
import { el } from "./draw.js";
import { botBadge } from "./badge.js";
import { botAccountSection } from "./botaccount.js";

async function api(method, path, body) {
  let r;
  try {
    r = await fetch(path, {
      method,
      // The server takes only JSON on requests that change anything, even
      // those with no body (sign out, a new link).
      headers: method === "GET" ? {} : { "Content-Type": "application/json" },
      body: body ? JSON.stringify(body) : undefined,
      credentials: "same-origin",
    });
  } catch {
    return { ok: false, status: 0, data: null };
  }
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  return { ok: r.ok, status: r.status, data };
}

/** The signed-in profile, or null. */
export async function me() {
  const r = await api("GET", "/api/profile");
  return (r.ok && r.data && r.data.profile) || null;
}

// Sockets carry the profile of the moment they opened: after signing in or
// out the page reloads, so every socket follows.
const reload = () => location.reload();

// A refusal in the page's words, by its code (the catalogs' `error`).
function refusal(r) {
  if (!r.data || !r.data.code) return t("offline-now");
  return t("error", { code: r.data.code, message: r.data.message || r.data.code });
}

/**
 * The lobby's card: who you are here, and what you can do about it.
 * @param {HTMLInputElement} nameInput
 */
export async function profileCard(nameInput) {
  const card = h("section", { class: "card", id: "profilecard" }, h("h2", {}, t("profile-title")));
  const msg = h("p", { class: "error", id: "profile-error", role: "alert" });
  const p = await me();
  if (!p) {
    // The profile is the name you play under (the lobby's one name field):
    // making one keeps that name, guests play under it without.
    const create = async () => {
      msg.textContent = "";
      const name = nameInput ? nameInput.value.trim() : "";
      if (!name) { msg.textContent = t("lobby-need-name"); if (nameInput) nameInput.focus(); return; }
      const r = await api("POST", "/api/profile", { name });
      if (r.ok) return reload();
      msg.textContent = refusal(r);
    };
    card.append(h("p", { class: "muted" }, t("profile-why")),
      h("div", { class: "row" }, h("button", { type: "button", id: "profilecreate", onclick: create }, t("profile-create")),
        h("a", { href: "/leaderboard", id: "leaderboardlink" }, t("leaderboard-title"))),
      msg);
    return card;
  }
  // Signed in, the name is the profile's: shown, not typed again.
  if (nameInput) { nameInput.value = p.name; nameInput.readOnly = true; nameInput.title = t("profile-name-fixed"); }
  const linkBox = h("div", { id: "linkbox", hidden: true });
  const showLink = async () => {
    const r = await api("POST", "/api/profile/link");
    if (!r.ok) { msg.textContent = t("offline-now"); return; }
    linkBox.hidden = false;
    const qr = h("div", { class: "qr", role: "img", "aria-label": t("profile-link-qr") });
    // The server's SVG: parsed as an image document, never as page markup.
    const svg = new DOMParser().parseFromString(r.data.qr, "image/svg+xml").documentElement;
    if (svg && svg.nodeName === "svg") qr.append(document.importNode(svg, true));
    fill(linkBox, h("p", {}, t("profile-link-help")),
      h("p", {}, h("input", { id: "linkurl", readonly: true, value: r.data.url, size: 40, "aria-label": t("profile-link") })), qr);
  };
  const signOut = async () => { await api("POST", "/api/profile/signout"); reload(); };
  card.append(
    h("p", { id: "profilewho" }, t("profile-signed-in", { name: p.name }), p.bot ? [" ", botBadge()] : null),
    h("div", { class: "row" },
      h("a", { href: "/p/" + p.id, class: "button small", id: "myprofile" }, t("profile-mine")),
      h("a", { href: "/leaderboard", class: "button small quiet", id: "leaderboardlink" }, t("leaderboard-title")),
      h("button", { type: "button", class: "small quiet", id: "profilelink", onclick: showLink }, t("profile-move")),
      h("button", { type: "button", class: "small quiet", id: "signout", onclick: signOut }, t("profile-sign-out"))),
    msg, linkBox);
  return card;
}

/** A rating history as a line: our own small SVG chart. */
export function chart(history) {
  const W = 320, H = 120, pad = 24;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "ratingchart", role: "img", "aria-label": t("profile-chart", { count: history.length }) });
  if (!history.length) return svg;
  const ys = history.map((p) => p.rating);
  const lo = Math.min(...ys) - 10, hi = Math.max(...ys) + 10;
  const x = (i) => pad + (history.length === 1 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (history.length - 1));
  const y = (v) => H - pad + ((v - lo) * (2 * pad - H)) / (hi - lo);
  el("line", { x1: pad, y1: H - pad, x2: W - pad, y2: H - pad, stroke: "currentColor", "stroke-opacity": 0.3 }, svg);
  el("polyline", { points: history.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "), fill: "none", stroke: "currentColor", "stroke-width": 2 }, svg);
  history.forEach((p, i) => el("circle", { cx: x(i), cy: y(p.rating), r: 3, fill: "currentColor" }, svg));
  const label = (v, yy) => { const e = el("text", { x: 2, y: yy, "font-size": 10, fill: "currentColor" }, svg); e.textContent = String(Math.round(v)); };
  label(hi - 10, y(hi - 10) + 4);
  if (hi - lo > 20) label(lo + 10, y(lo + 10) + 4);
  return svg;
}

/**
 * A profile's page.
 * @param {HTMLElement} app
 * @param {string} id
 */
export async function profilePage(app, id) {
  fill(app, h("p", { class: "muted" }, t("loading")));
  const [r, mine] = await Promise.all([api("GET", "/api/profiles/" + id), me()]);
  if (!r.ok) { fill(app, h("p", { class: "error" }, t("offline-now"))); return; }
  const d = r.data;
  // The owner, signed in, may make it a bot account and keep its tokens.
  const own = mine && mine.id === d.profile.id ? botAccountSection({ ...mine, ...d.profile }, () => profilePage(app, id)) : null;
  document.title = `${d.profile.name} · ${t("page-title")}`;
  const s = d.stats;
  const stat = (key, n) => h("li", { "data-stat": key }, t("profile-stat-" + key, { count: n }));
  fill(app, h("section", { class: "card", id: "profilepage" },
    h("h1", { id: "profilename" }, d.profile.name, d.profile.bot ? [" ", botBadge()] : null),
    h("h2", {}, t("profile-ratings")),
    d.ratings.length ? h("div", { class: "ratings" }, d.ratings.map((g) => h("div", { class: "ratinggame", "data-game": g.game },
      h("h3", {}, t("game-title", { preset: g.game }), " ", h("b", { class: "rating" }, String(g.rating)),
        " ", h("span", { class: "muted" }, t("profile-rating-detail", { deviation: g.deviation, count: g.matches }))),
      chart(g.history))))
      : h("p", { class: "muted" }, t(d.profile.bot ? "profile-no-ratings-bot" : "profile-no-ratings")),
    h("h2", {}, t("profile-stats")),
    h("ul", { class: "stats", id: "stats" }, stat("matches", s.matches), stat("matches-won", s.matches_won), stat("hands", s.hands),
      stat("hands-won", s.hands_won), stat("dominoes", s.dominoes), stat("blocked-wins", s.blocked_wins), stat("capicus", s.capicus)),
    h("h2", {}, t("profile-recent")),
    d.recent.length ? h("div", { id: "recent" }, d.recent.map((m) => h("div", { class: "tablerow", "data-id": m.table },
      h("b", {}, t("game-title", { preset: m.game })), " ",
      h("span", {}, t(m.won ? "profile-won" : "profile-lost")), " ",
      m.after != null ? h("span", { class: "muted" }, t("rating-change", { before: String(m.before), after: String(m.after), delta: signed(m.after - m.before) })) : null, " ",
      h("span", { class: "muted" }, t("lobby-date", { at: m.at })), " ",
      h("a", { href: "/r/" + m.table, class: "button small" }, t("lobby-replay")))))
      : h("p", { class: "muted" }, t("lobby-none-finished")),
    own,
    h("p", {}, h("a", { href: "/leaderboard" }, t("leaderboard-title")), " · ", h("a", { href: "/" }, t("back-lobby")))));
}

const signed = (n) => (n > 0 ? "+" : n < 0 ? "−" : "±") + Math.abs(Math.round(n));

/**
 * The page a one-time link opens: confirm to sign in on this device.
 * @param {HTMLElement} app
 * @param {string} code
 */
export function linkPage(app, code) {
  const msg = h("p", { class: "error", role: "alert", id: "claim-error" });
  const go = async () => {
    const r = await api("POST", "/api/profile/claim", { code });
    if (r.ok) { location.href = "/"; return; }
    msg.textContent = refusal(r);
  };
  fill(app, h("section", { class: "card", id: "claim" }, h("h1", {}, t("profile-claim-title")), h("p", {}, t("profile-claim-help")),
    h("button", { type: "button", class: "big", id: "claimbtn", onclick: go }, t("profile-claim")), msg));
}

/**
 * The match-end banner's line: your rating change, if the match was rated.
 * @param {{ ratings?: { seat: number, before: number, after: number }[] | null, seat?: number | null }} msg
 */
export function ratingLine(msg) {
  const mine = (msg.ratings || []).find((r) => r.seat === msg.seat);
  if (!mine) return null;
  return h("p", { id: "ratingline" }, t("rating-change", { before: String(mine.before), after: String(mine.after), delta: signed(mine.after - mine.before) }));
}
