// @ts-check
// Taking a place at the table on every (re)connection: the seat this
// browser holds (its token), the seat an invite link names, any open seat,
// or watching; the name asked for first when there is none; a table that
// moved to another server tried again; a table that is gone.

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { store } from "../store.js";
import { refused } from "../conn.js";
import { sealedCard } from "../replay.js";

/** @typedef {Extract<import("../types/Answer").Answer, { type: "error" }>} Refusal */

/**
 * @param {{
 *   S: import("./model.js").Table, conn: import("../conn.js").Conn, id: string, app: HTMLElement,
 *   nav: { notFound: (what: string) => void }, status: HTMLElement,
 *   render: () => void, sendSettings: () => void,
 * }} ctx
 */
export function seating({ S, conn, id, app, nav, status, render, sendSettings }) {
  // Back to the seat this browser's token holds: null once seated, else
  // the refusal (the page's own `offline` too).
  async function resume(/** @type {string} */ token) {
    const r = await conn.request({ type: "resume", table: id, token });
    if (r.type === "joined") { settled(); sendSettings(); return null; }
    return refused(r);
  }

  async function sit() {
    const token = store.token(id);
    if (token) {
      const no = await resume(token);
      if (!no) return;
      if (no.code === "no_table") return gone();
      if (no.code === "moving") return soon(no, sit);
    }
    if (S.watching) return watch(S.watching);
    const params = new URLSearchParams(location.search);
    const want = params.get("seat");
    const seat = want == null ? null : Number(want);
    const invite = params.get("invite");
    if (store.name) return join(store.name, seat, invite);
    askName(seat, invite);
  }

  // `invite`: the code an invite link carries, without which the server
  // gives nobody the invited seat it names.
  async function join(name, seat, invite) {
    store.name = name;
    const named = seat != null && seat >= 0 ? { seat, ...(invite ? { invite } : {}) } : {};
    let r = await conn.request({ type: "join", table: id, name, ...named });
    // A seat taken, or kept for a friend whose link this is not: an open
    // seat if there is one, else watching (below).
    if (r.type === "error" && (r.code === "seat_taken" || r.code === "not_invited")) r = await conn.request({ type: "join", table: id, name });
    if (r.type === "joined") {
      if (r.token) store.setToken(id, r.token);
      settled();
      sendSettings();
      return;
    }
    const no = refused(r);
    if (!no) return;
    if (no.code === "table_full" || no.code === "match_over") return watch("full");
    if (no.code === "no_table") return gone();
    if (no.code === "moving") return soon(no, () => join(name, seat, invite));
    if (no.code !== "offline") S.note = t("error", { code: no.code, message: no.message });
    render();
  }

  async function watch(why) {
    S.watching = why;
    const r = await conn.request({ type: "spectate", table: id });
    if (r.type === "joined") return settled();
    const no = refused(r);
    if (no?.code === "no_table") return gone();
    if (no?.code === "moving") return soon(no, () => watch(why));
    if (no?.code === "round_not_over") return sealed();
  }

  // A duplicate round's table before the round is over: nothing to show.
  function sealed() {
    conn.close();
    sealedCard(app);
  }

  // The seat lost to timeouts, asked back with its token: a refusal is
  // said (falling back to watching, as `sit` does, would leave the player
  // wondering why the button did nothing).
  async function takeBack() {
    const token = store.token(id);
    if (!token) return;
    const no = await resume(token);
    if (!no) return;
    if (no.code === "moving") return soon(no, takeBack);
    // Offline: coming back with the token (`sit`) takes the seat back.
    if (no.code !== "offline") { S.note = t("error", { code: no.code, message: no.message }); render(); }
  }

  // The table's server stopped and another is taking the table over (a
  // server among several): say so, and try again in a moment.
  /** @param {Refusal} r @param {() => void} again */
  function soon(r, again) {
    S.note = S.movingNote = t("error", { code: r.code, message: r.message });
    render();
    // Offline by then (the old node dropped the socket): once reconnected.
    setTimeout(() => conn.whenReady(again), 1500);
  }

  // Seated again: the word about the move goes.
  function settled() {
    if (S.note && S.note === S.movingNote) S.note = null;
    S.movingNote = null;
  }

  // `seat`, `invite`: the seat an invite link names and its code, which only
  // a join carrying both takes.
  function askName(seat, invite) {
    const input = h("input", { id: "joinname", maxlength: 24, placeholder: t("lobby-name-placeholder"), "aria-label": t("lobby-you"), autocomplete: "nickname" });
    const go = (e) => { e.preventDefault(); const n = input.value.trim(); if (n) { fill(status); join(n, seat, invite); } };
    // The seat an invite link names is said, so the friend knows where she sits.
    const prompt = seat != null && seat >= 0 ? t("join-prompt-seat", { n: seat + 1 }) : t("join-prompt");
    const form = h("form", { class: "joinform", onsubmit: go },
      h("label", { for: "joinname" }, prompt, " "), input,
      h("button", { type: "submit", id: "joinbtn" }, t("act-join")),
      h("button", { type: "button", class: "quiet", id: "watchbtn", onclick: () => { fill(status); watch("choice"); } }, t("act-watch")));
    fill(status, form);
    // Show the table behind the form; at a table with no seat for this
    // visitor, the visitor is already watching it: the status says so
    // ("You are watching: every seat is taken"), with no button to watch.
    const full = () => {
      if (!S.msg || !status.contains(form) || freeSeat(S.msg, seat, invite)) return;
      fill(status);
      watch("full");
    };
    if (!S.msg) {
      conn.request({ type: "spectate", table: id }).then((r) => {
        const code = refused(r)?.code;
        if (code === "no_table") gone();
        else if (code === "round_not_over") sealed();
        else full();
      });
    } else full();
  }

  // The table does not exist (any more): a finished match has a replay.
  async function gone() {
    conn.close();
    const res = await fetch(`/api/history/${id}`, { method: "HEAD" }).catch(() => null);
    if (res && res.status === 403) return sealed();
    if (res && res.ok) {
      fill(app, h("section", { class: "card notfound", id: "notfound" }, h("h1", {}, t("table-over")),
        h("p", {}, h("a", { href: `/r/${id}`, class: "button", id: "replaylink" }, t("open-replay")), " ",
          h("a", { href: "/", class: "button quiet" }, t("not-found-lobby")))));
    } else nav.notFound("table");
  }

  return { sit, soon, takeBack };
}

/**
 * Whether `m`'s table has a seat a visitor may take: an open one nobody
 * holds, or the invited one her link names (with its code).
 * @param {import("../types/StateMessage").StateMessage} m
 * @param {number | null} seat
 * @param {string | null} invite
 */
export function freeSeat(m, seat, invite) {
  if (m.finished || m.state.phase === "match_over") return false;
  return m.seats.some((x, s) => x.human && x.name == null && !x.left && (!x.invited || (s === seat && !!invite)));
}
