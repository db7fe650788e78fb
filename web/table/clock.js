// @ts-check
// The turn clock at the table: each seat's time left beside its name, the
// running one counted down between the server's states, and in the last
// seconds of your own turn a warning that is shown and said (once a turn)
// by the table's announcer. The times come from the server (`clock` in
// `state`); the page only counts down from when it got them.

import { h, fill } from "../dom.js";
import { t } from "../words.js";

/** Your own clock warns in its last this many ms. */
export const WARN_MS = 10_000;

/** Timeouts after which the seat is left to the computer (the engine's `TIMEOUTS_TO_LEAVE`). */
export const TIMEOUTS_TO_LEAVE = 3;

/**
 * What to tell the player when a new state's clock has counted a timeout
 * of theirs: the timeout with its count, or, at the last, that the seat is
 * now the computer's; null when nothing new happened to them.
 * @param {{ timeouts: number[] } | null} before the clock of the state before
 * @param {{ timeouts: number[] } | null} now
 * @param {number | null} me the seat the player held before
 * @returns {{ key: string, n: number, max: number } | null}
 */
export function timeoutNews(before, now, me) {
  if (me == null || !before || !now) return null;
  const was = before.timeouts[me] ?? 0, n = now.timeouts[me] ?? 0;
  if (n <= was) return null;
  return { key: n >= TIMEOUTS_TO_LEAVE ? "clock-timeout-left" : "clock-timeout", n, max: TIMEOUTS_TO_LEAVE };
}

/**
 * A time left, in the player's words: `m:ss` under an hour, hours and
 * minutes under two days, else days and hours. `scale` is the longest
 * time shown beside it: times over an hour read together take its units,
 * so one table's two clocks never read "23 h 59 min" and "1 d 0 h".
 * @param {number} ms
 * @param {number} [scale]
 */
export function clockText(ms, scale = ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const unit = Math.max(s, Math.ceil(scale / 1000));
  // The last hour always counts seconds, whatever is shown beside it.
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const hours = Math.floor(s / 3600);
  if (unit < 48 * 3600) return t("clock-hours", { h: hours, m: Math.floor((s % 3600) / 60) });
  return t("clock-days", { d: Math.floor(hours / 24), h: hours % 24 });
}

/**
 * Each seat's time left `now`, from the server's view got at `at`.
 * @param {{ left_ms: number[], running: number | null }} c
 * @param {number} at
 * @param {number} now
 */
export function leftNow(c, at, now) {
  return c.left_ms.map((ms, s) => (s === c.running ? Math.max(0, ms - (now - at)) : ms));
}

/**
 * Whether to offer the player the seat their timeouts lost: in a casual
 * match still being played, to a player who is now only watching (the
 * server gives it back on their coming back with the seat's token).
 * @param {boolean} lost the player's last timeout left the seat
 * @param {{ rated?: boolean, seat?: number | null, finished?: boolean }} m the state message
 */
export function mayTakeBack(lost, m) {
  return lost && m.rated === false && m.seat == null && !m.finished;
}

/**
 * The clock's box and its drawing.
 * @param {{ say: (s: string | string[], now?: boolean) => void }} announcer
 * @param {() => void} [takeBack] take the seat back (come back with its token)
 */
export function clockView(announcer, takeBack) {
  const box = h("div", { class: "clocks", id: "clocks", hidden: true });
  /** @type {{ m: any, c: any, at: number, me: number | null, timed: boolean[], names: string[] } | null} */
  let got = null;
  let warned = false;
  // The last timeout said, kept in view until the player moves again.
  /** @type {string | null} */
  let news = null;
  // The last news was the seat lost to timeouts, and the state offers it back.
  let lost = false, offer = false;
  // Outside the box, which is drawn again every second: the button keeps
  // the keyboard's focus.
  const back = h("button", { type: "button", id: "takeback", hidden: true, onclick: () => takeBack && takeBack() }, t("clock-take-back"));

  /**
   * A new state: its clock (if the table has one) and the seats' names.
   * @param {any} m the state message
   * @param {(s: number) => string} name
   */
  function take(m, name) {
    // The page redraws on other things too: the count goes on from the
    // state's own arrival.
    if (got && got.m === m) return draw();
    const was = got && got.c.running;
    // A seat lost to timeouts is no longer the state's own: the seat held
    // before tells whose timeouts to read.
    const said = got ? timeoutNews(got.c, m.clock, got.me) : null;
    if (said) {
      lost = said.key === "clock-timeout-left";
      news = t(lost && m.rated === false ? "clock-timeout-left-casual" : said.key, { n: said.n, max: said.max });
      announcer.say(news, true);
    } else if (lost && m.seat != null) {
      // The seat is the player's again.
      lost = false;
      news = null;
    } else if (got && m.seat != null && m.clock && m.clock.running !== m.seat && got.c.running === m.seat) {
      // The player moved in time: the old news is done with.
      news = null;
    }
    // Only people are timed: a bot's seat (or one its player left) shows no clock.
    const timed = m.clock ? m.clock.left_ms.map((_, s) => m.seats[s].human && !m.seats[s].left) : [];
    got = m.clock ? { m, c: m.clock, at: Date.now(), me: m.seat, timed, names: m.clock.left_ms.map((_, s) => name(s)) } : null;
    if (!got || got.c.running !== was) warned = false;
    offer = !!takeBack && mayTakeBack(lost, m);
    draw();
  }

  function draw() {
    box.hidden = !got;
    if (!got) return;
    const { c, at, me, timed, names } = got;
    const left = leftNow(c, at, Date.now());
    const mine = me != null && c.running === me;
    const low = mine && left[me] <= WARN_MS;
    box.dataset.timeouts = String(me != null ? c.timeouts[me] : 0);
    const scale = Math.max(0, ...left.filter((_, s) => timed[s]));
    fill(box, left.map((ms, s) => !timed[s] ? null : h("span", {
      class: "seatclock" + (s === c.running ? " running" : "") + (s === me ? " mine" : ""),
      "data-seat": s,
    }, h("span", { class: "who" }, names[s]), " ", h("time", {}, clockText(ms, scale)))),
    low ? h("p", { class: "clockwarn", id: "clockwarn" }, t("clock-warning", { secs: Math.ceil(left[me] / 1000) })) : null,
    news ? h("p", { class: "clockwarn", id: "clocknews", role: "status" }, news) : null);
    back.hidden = !offer;
    if (low && !warned) {
      warned = true;
      announcer.say(t("clock-warning", { secs: Math.ceil(left[me] / 1000) }), true);
    }
  }

  return { el: box, back, take, tick: draw };
}
