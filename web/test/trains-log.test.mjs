// What a pass did at a trains table, in the log, the announcer and the
// hint (web/trains.js passKinds, names.js, table/model.js, speech.js),
// under node: real state messages of Mexican Train hands (fixtures/trains-*,
// recorded from `domino serve` with the viewer in seat 0; trains-chain and
// trains-chain-over with `first_turn: chain`) in, the words out. A pass
// that ends a first-turn chain ends the turn, and one that opens the
// passer's train says so.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { passKinds, passKindsOf, walkTrains } from "../trains.js";
import { newTable, takeState, seatView, logRows } from "../table/model.js";
import { spokenLines } from "../table/speech.js";
import { people, eventText } from "../names.js";
import { actionWords } from "../a11y.js";
import { facts } from "../games.js";
import { FluentBundle, FluentResource } from "../vendor/fluent-bundle/index.js";

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), "utf8"));
const peopleOf = (m) => people(m.seats, m.state, m.seat, facts(m.facts));
const tableOf = (m) => { const S = newTable(); takeState(S, m); return S; };
const logTexts = (S, P) => logRows(S, (e, how) => eventText(P, S.msg.layout, e, S.msg.state, how)).filter((x) => "text" in x).map((x) => x.text);
const asEvent = ({ seat, action }) => ({ type: "action", seat, action });

/** The hand of `m` as it stood just after its history's entry `i`, that entry the message's event. */
function at(m, i) {
  const history = m.state.history.slice(0, i + 1);
  return { ...m, events: [asEvent(history[i])], state: { ...m.state, phase: "play", result: null, history } };
}

test("the trains' open flags walked from the hand's history are the server's, on every recorded hand", () => {
  for (const name of ["trains-turn", "trains-owed", "trains-8", "trains-chain", "trains-chain-over", "foot-toes", "foot-deep"]) {
    const m = fixture(name);
    assert.deepEqual(walkTrains(m.facts.layout, m.state).open, [...m.state.trains.open].sort((a, b) => a - b), name);
  }
});

test("a first-turn chain ended by its button: 'You ended your turn', in the log, the announcer and the seat's passes", () => {
  const m = fixture("trains-chain");
  const P = peopleOf(m);
  assert.equal(m.state.rules.options.first_turn, "chain");
  assert.deepEqual(m.events, [{ type: "action", seat: 0, action: { type: "pass" } }]);
  assert.deepEqual(passKindsOf(m.facts.layout, m.state, m.events), ["chain"]);
  assert.equal(eventText(P, m.layout, m.events[0], m.state, "chain"), "You ended your turn");
  const S = tableOf(m);
  assert.equal(logTexts(S, P).at(-1), "You ended your turn");
  assert.equal(spokenLines(S, m, false).lines[0], "You ended your turn");
  // Your train stayed closed, and ending the chain is no pass on your seat.
  assert.deepEqual(m.state.trains.open, []);
  assert.equal(seatView(S, P, 0).passes, 0);
});

test("a whole chain hand: the chain's end, the passes that opened a train and the one that found it open already", () => {
  const m = fixture("trains-chain-over");
  const P = peopleOf(m);
  const kinds = passKinds(m.facts.layout, m.state);
  assert.deepEqual([...kinds], [[15, "chain"], [18, "opened"], [38, "opened"], [48, "opened"]]);
  const words = (i) => {
    const x = at(m, i);
    const how = passKindsOf(x.facts.layout, x.state, x.events);
    return eventText(P, x.layout, x.events[0], x.state, how[0]);
  };
  assert.equal(words(15), "You ended your turn");
  assert.equal(words(18), "Bot 3 passed: their train is open");
  // Bot 3's train has been open since its pass at 18: a plain pass.
  assert.equal(m.state.history[34].action.type, "pass");
  assert.equal(words(34), "Bot 3 passed");
  assert.equal(words(38), "You passed: your train is open");
  assert.equal(words(48), "Bot 2 passed: their train is open");
  // A bot's chain of its own first turn ran out by itself: no pass there.
  assert.ok(m.state.history.slice(1, 13).every((x) => x.seat === 2 && x.action.type === "play"));
  // Joining the finished hand: the log of the whole hand says the same.
  const joined = tableOf({ ...m, log: m.state.history.slice(0, -1).map(asEvent), events: m.events });
  const log = logTexts(joined, P);
  for (const line of ["You ended your turn", "Bot 3 passed: their train is open", "Bot 3 passed", "You passed: your train is open"]) {
    assert.ok(log.includes(line), `${line} in ${log}`);
  }
  assert.equal(log.filter((x) => /passed|ended/.test(x)).length, 5);
  // Passes on the seats: Bot 3 twice, you once (the chain's end is not one).
  assert.deepEqual([0, 1, 2, 3].map((s) => seatView(joined, P, s).passes), [1, 1, 2, 0]);
});

test("the passes of a Mexican Train hand with one tile a first turn: each one that opened a train says so", () => {
  const m = fixture("trains-turn");
  const P = peopleOf(m);
  assert.deepEqual(passKindsOf(m.facts.layout, m.state, m.events), ["opened"]);
  assert.equal(logTexts(tableOf(m), P).at(-1), "Bot 4 passed: their train is open");
  assert.equal(spokenLines(tableOf(m), m, false).lines[0], "Bot 4 passed: their train is open");
});

test("trains open from the start, and chicken foot, which has none: plain passes", () => {
  const m = fixture("trains-chain-over");
  // Bot 3 draws and passes before any tile of its own: its train was open from the deal or not.
  const history = [m.state.history[0], { seat: 2, action: { type: "draw" } }, { seat: 2, action: { type: "pass" } }];
  const rules = (open_trains_start) => ({ ...m.state.rules, options: { ...m.state.rules.options, open_trains_start } });
  assert.deepEqual([...passKinds("trains", { ...m.state, history, rules: rules(true) })], []);
  assert.deepEqual([...passKinds("trains", { ...m.state, history, rules: rules(false) })], [[2, "opened"]]);
  // Open from the deal, a train closes by a tile of its owner's: its next pass opens it again.
  assert.deepEqual([...passKinds("trains", { ...m.state, rules: rules(true) })], [...passKinds("trains", m.state)]);
  const foot = fixture("foot-toes");
  assert.equal(foot.events[0].action.type, "pass");
  assert.deepEqual(passKindsOf(foot.facts.layout, foot.state, foot.events), [null]);
  assert.equal(logTexts(tableOf(foot), peopleOf(foot)).at(-1), `${peopleOf(foot).name(foot.events[0].seat)} passed`);
  // Not a trains game at all: nothing to tell.
  assert.deepEqual(passKindsOf("line", m.state, [asEvent(m.state.history[15])]), [null]);
});

test("events of an earlier hand in the same message are told plainly; the new hand's are read from its history", () => {
  const m = fixture("trains-chain-over");
  const st = { ...m.state, phase: "play", result: null, hand_number: 2, history: m.state.history.slice(0, 16) };
  const pass = asEvent(m.state.history[15]);
  const events = [pass, { type: "hand_over", result: m.state.result }, pass];
  assert.deepEqual(passKindsOf("trains", st, events), [null, null, "chain"]);
  // Events that do not match the history's end are left plain.
  assert.deepEqual(passKindsOf("trains", st, [{ type: "action", seat: 3, action: { type: "pass" } }]), [null]);
});

test("the hint while a chain is laid: 'end your turn', not 'pass'", () => {
  const m = fixture("trains-chain");
  const P = peopleOf(m);
  assert.equal(actionWords(P, m.layout, { type: "pass" }, 0, true), "end your turn");
  assert.equal(actionWords(P, m.layout, { type: "pass" }, 0), "pass");
});

test("every catalog words the chain's end, the pass that opens a train and the hint, for you and for another", () => {
  const expected = {
    en: ["You ended your turn", "Ana ended their turn", "You passed: your train is open", "Ana passed: their train is open", "end your turn"],
    es: ["Tú: fin de tu turno", "Ana: fin de su turno", "Tú: pase, tu tren queda abierto", "Ana: pase, su tren queda abierto", "terminar tu turno"],
    fr: ["Vous : fin de votre tour", "Ana : fin de son tour", "Vous : boudé, votre train est ouvert", "Ana : boudé, son train est ouvert", "finir votre tour"],
  };
  for (const [lang, want] of Object.entries(expected)) {
    const bundle = new FluentBundle(lang, { useIsolating: false });
    bundle.addResource(new FluentResource(readFileSync(new URL(`../locales/${lang}/domino.ftl`, import.meta.url), "utf8")));
    const say = (id, args = {}) => bundle.formatPattern(bundle.getMessage(id).value, args, []);
    const you = say("you");
    assert.deepEqual([
      say("ev-end-chain", { who: you, many: "you" }), say("ev-end-chain", { who: "Ana", many: "false" }),
      say("ev-pass-opens", { who: you, many: "you" }), say("ev-pass-opens", { who: "Ana", many: "false" }),
      say("a11y-hint-end-chain"),
    ], want, lang);
  }
});

test("the player who placed the engine still has a first turn: their chain's end is a chain's end", () => {
  // The engine's rule (crates/engine tests/mexican_train.rs, the placer's
  // chain): seat 1 places 12-12, seat 2 chains and ends it, seat 0 plays on
  // the Mexican train, seat 1 lays 12-1 on its own train and ends its chain.
  const play = (seat, tile, end) => ({ seat, action: { type: "play", tile, end } });
  const pass = (seat) => ({ seat, action: { type: "pass" } });
  const st = /** @type {any} */ ({
    rules: { players: 3, options: { first_turn: "chain" } },
    history: [play(1, "12-12", null), play(2, "12-9", 2), pass(2), play(0, "12-3", 3), play(1, "12-1", 1), pass(1), pass(2)],
  });
  const kinds = passKinds("trains", st);
  assert.equal(kinds.get(2), "chain");
  assert.equal(kinds.get(5), "chain", "the placer's first turn was a chain");
  assert.equal(kinds.get(6), "opened", "seat 2's next pass is an ordinary one, and opens its train");
});
