// @ts-check
// The WebSocket to the server: requests with ids and their answers, pushed
// messages, and reconnecting by itself after a drop (1 s, then longer, up
// to 8 s between tries). `onOpen` runs on every (re)connection, so a page
// can take its seat again; `onStatus` hears "online" and "offline" (with
// the time of the next try).
//
// A node can also fall silent without closing the socket (stalled, or cut
// off behind a balancer that holds the connection open), and a page cannot
// see the socket's own pings. So after PING_EVERY with nothing heard the
// page sends a `ping`; with still nothing SILENT_AFTER later it drops the
// socket as if it had closed, and reconnects.
//
// A move is a request with patience (`request(msg, { patience })`): with no
// answer in that time the server is taken as not answering, whatever the
// socket says, and the page is told ("offline" with why "silent") and
// tries again at once. A connection that does not open within OPEN_WITHIN
// is given up the same way (a frozen server may accept and never answer).
const PING_EVERY = 4000;
const SILENT_AFTER = 3000;
const OPEN_WITHIN = 5000;

/** @typedef {import("./types/Answer").Answer} Answer */

/** The answer to every request while offline: an `error` of the page's
 * own (code `offline`, no request id), never sent by the server.
 * @type {Answer} */
const OFFLINE = Object.freeze({ id: null, type: "error", code: "offline", message: "" });

/**
 * @typedef {{
 *   onPush?: (m: any) => void,
 *   onOpen?: (conn: Conn) => Promise<void>,
 *   onStatus?: (what: "online" | "offline", at?: number, why?: "closed" | "silent") => void,
 * }} ConnHandlers
 */

/**
 * The refusal an answer is (an `error`, the page's own `offline` too), or
 * null: what a caller reads `code` and `message` from.
 * @param {Answer | null} r
 * @returns {Extract<Answer, { type: "error" }> | null}
 */
export function refused(r) {
  return r && r.type === "error" ? r : null;
}

export class Conn {
  /** @param {ConnHandlers} [on] */
  constructor({ onPush = () => {}, onOpen = async () => {}, onStatus = () => {} } = {}) {
    this.onPush = onPush;
    this.onOpen = onOpen;
    this.onStatus = onStatus;
    this.pending = new Map();
    this.id = 0;
    this.closed = false;
    this.delay = 1000;
    this.timer = null;
    this.ws = null;
    this.heard = Date.now();
    this.pinged = null; // when the unanswered ping left, if one did
    this.ready = false; // open, and `onOpen` has run
    /** @type {Array<() => void>} run once the next connection is ready */
    this.waiting = [];
    this.watch = setInterval(() => this.listen(), 1000);
    this.connect();
  }

  get online() {
    return this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  connect() {
    clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws`);
    this.ws = ws;
    this.ready = false;
    const opening = setTimeout(() => { if (ws.readyState === WebSocket.CONNECTING) this.drop(ws, "silent"); }, OPEN_WITHIN);
    ws.onopen = async () => {
      clearTimeout(opening);
      this.delay = 1000;
      this.heard = Date.now();
      this.pinged = null;
      try {
        await this.onOpen(this);
      } finally {
        if (this.ws === ws && this.online) {
          this.ready = true;
          this.onStatus("online");
          const waiting = this.waiting;
          this.waiting = [];
          for (const fn of waiting) fn();
        }
      }
    };
    ws.onmessage = (ev) => {
      this.heard = Date.now();
      let m;
      try { m = JSON.parse(ev.data); } catch (_) { return; }
      if (m.id != null && this.pending.has(m.id)) {
        const done = this.pending.get(m.id);
        this.pending.delete(m.id);
        done(m);
      } else this.onPush(m);
    };
    ws.onclose = () => this.lost(ws);
  }

  /** `ws` closed (or fell silent): answer what waits, and try again later
   * (at once when the server stopped answering a live socket: a new one
   * may reach it, or another node).
   * @param {WebSocket} ws
   * @param {"closed" | "silent"} [why]
   */
  lost(ws, why = "closed") {
    if (this.ws !== ws) return;
    for (const done of this.pending.values()) done(OFFLINE);
    this.pending.clear();
    if (this.closed) return;
    const wait = why === "silent" ? 0 : this.delay;
    this.onStatus("offline", Date.now() + wait, why);
    this.timer = setTimeout(() => this.connect(), wait);
    this.delay = Math.min(8000, this.delay * 2);
  }

  /** Give `ws` up as if it had closed.
   * @param {WebSocket} ws
   * @param {"closed" | "silent"} why
   */
  drop(ws, why) {
    ws.onclose = null;
    ws.close();
    this.lost(ws, why);
  }

  /** Every second: ping a quiet node, drop one that left its ping
   * unanswered (timed from the ping, not from the last message: a hidden
   * tab's timers may run once a minute). */
  listen() {
    if (!this.online) return;
    const now = Date.now();
    if (this.pinged != null && this.heard < this.pinged) {
      if (now - this.pinged < SILENT_AFTER) return;
      this.drop(this.ws, "silent");
    } else if (now - this.heard >= PING_EVERY) {
      this.pinged = now;
      this.request({ type: "ping" });
    } else {
      this.pinged = null;
    }
  }

  /** Run `fn` once connected: now, or when the next connection has
   * opened and `onOpen` has run (never if the page closes first).
   * @param {() => void} fn
   */
  whenReady(fn) {
    if (this.ready && this.online) fn();
    else if (!this.closed) this.waiting.push(fn);
  }

  /** Try again now instead of waiting. */
  retry() {
    if (!this.online && !this.closed) {
      if (this.ws) { this.ws.onclose = null; this.ws.close(); }
      this.connect();
    }
  }

  /** Send a request; resolves to its answer (an `error` when offline).
   * With `patience` (ms), no answer in that time drops the socket as
   * silent: the answer is then `offline` and the page tries again.
   * @param {import("./types/Request").Request} msg
   * @param {{ patience?: number }} [opts]
   * @returns {Promise<Answer>}
   */
  request(msg, { patience } = {}) {
    if (!this.online) return Promise.resolve(OFFLINE);
    const id = ++this.id;
    const ws = this.ws;
    return new Promise((resolve) => {
      const timer = patience ? setTimeout(() => { if (this.pending.has(id)) this.drop(ws, "silent"); }, patience) : null;
      this.pending.set(id, (m) => { clearTimeout(timer); resolve(m); });
      // The id first: of a request too large or over the rate the server
      // reads only the start for the id its refusal carries.
      this.ws.send(JSON.stringify({ id, ...msg }));
    });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.watch);
    if (this.ws) this.ws.close();
  }
}
