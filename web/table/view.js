// @ts-check
// The whole table drawn from the model: the title, the score, then each
// view of table/ (seats, board, hand and buttons, status, clocks, result,
// fair panel, sheet, story, chat, invitations).

import { h, fill } from "../dom.js";
import { t } from "../words.js";
import { facts } from "../games.js";
import { people } from "../names.js";
import { scoreSummary } from "../score.js";
import { statusLine, tableKind, inviteLink as linkFor } from "./model.js";
import { renderSeats } from "./seats.js";
import { renderBoard } from "./board.js";
import { renderHand, renderButtons } from "./hand.js";
import { renderResult, renderBanner } from "./result.js";
import { store } from "../store.js";
import { renderSheet, renderLog, renderChat, renderInvite } from "./side.js";
import { renderFair } from "./fairpanel.js";

/**
 * @param {{
 *   S: import("./model.js").Table, el: import("./parts.js").Parts, id: string,
 *   clock: ReturnType<typeof import("./clock.js").clockView>,
 *   hand: import("./hand.js").HandActions, ready: () => void,
 *   rematch: () => void, fillBots: () => void,
 * }} ctx
 */
export function tableView({ S, el, id, clock, hand, ready, rematch, fillBots }) {
  const { page, status, announcer } = el;

  function render() {
    const m = S.msg;
    if (!m) return;
    const st = m.state;
    const me = m.seat;
    const game = facts(m.facts);
    const P = people(m.seats, st, me, game);
    document.title = `${t("game-title", { preset: st.rules.preset })} · ${t("page-title")}`;
    el.title.textContent = t("game-title", { preset: st.rules.preset });
    el.howLink.href = `/how/${st.rules.preset}`;
    el.howLink.hidden = false;
    el.handNo.textContent = t("score-hand", { n: st.hand_number });
    // A tournament's table says so, not "Casual match".
    const kind = tableKind(S, !!store.tournamentOf(m.table));
    el.kind.textContent = kind ? kind.text : "";
    el.kind.classList.toggle("rated", !!kind && kind.rated);
    el.leaveBtn.hidden = me == null || st.phase === "match_over";
    // A tournament's match is played out (the server refuses both).
    el.endBtn.hidden = me == null || st.phase === "match_over" || !!store.tournamentOf(m.table) || (!m.started && !m.may_abort);
    el.endBtn.textContent = t(m.may_abort ? "act-abort" : "act-resign");
    fill(el.scoreBox, scoreSummary(P, game, st));
    renderSeats(S, el, P, inviteButton);
    renderBoard(S, el, hand.playAt, P);
    renderHand(S, el, hand);
    renderButtons(S, el, P, hand);
    renderStatus(P);
    clock.take(m, (s) => P.name(s));
    renderResult(S, el, P, ready);
    renderBanner(S, el, P, rematch);
    renderFair(S, el, P, fairAgain);
    renderSheet(S, el, P);
    renderLog(S, el, P);
    renderChat(S, el, P);
    renderInvite(S, el, P, { link: inviteLink, button: inviteButton, fillBots });
    page.dataset.phase = st.phase;
    page.dataset.preset = st.rules.preset;
    page.classList.toggle("watching", me == null);
    // Automatic passes are a seated player's setting.
    el.settings.hidden = me == null;
    page.classList.toggle("myturn", me != null && st.to_act === me && st.phase !== "hand_over");
  }

  // A deal check finished: its panel again.
  function fairAgain() {
    if (S.msg) renderFair(S, el, people(S.msg.seats, S.msg.state, S.msg.seat), fairAgain);
  }

  /** @param {import("../types/hand").People} P */
  function renderStatus(P) {
    if (status.querySelector("form")) return; // asking for a name
    fill(status, statusLine(S, P));
    if (S.note && S.note !== S.spokenNote) announcer.say(S.note, true);
    S.spokenNote = S.note;
  }

  /** @param {number | null} s @param {string | null} code */
  function inviteLink(s, code) {
    return linkFor(location.origin, id, s, code);
  }

  /** @param {number} s @param {string} code */
  function inviteButton(s, code) {
    return h("button", { type: "button", class: "chip", "data-invite": s, "data-link": inviteLink(s, code), onclick: () => copyInvite(s, code) }, t("copy-invite"));
  }

  /** @param {number} s @param {string} code */
  async function copyInvite(s, code) {
    const link = inviteLink(s, code);
    try { await navigator.clipboard.writeText(link); S.note = t("copied"); } catch (_) { S.note = link; }
    render();
  }

  return { render };
}
