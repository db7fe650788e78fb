// The page's own deal check (web/fair.js) against the engine: every vector
// of crates/server/tests/fair_vectors.json (which a Rust test keeps in step
// with what the engine deals), plus the plain-JS SHA-256. No browser:
//   node --test e2e/fair.test.mjs

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createHash, randomBytes } from "node:crypto";

import {
  ChaCha8, sha256, sha256Hex, bytesToHex, hexToBytes, keySeed, gameFacts,
  dealFromKey, redealCandidates, checkHand, tileIndex, tileName,
} from "../web/fair.js";

const vectors = JSON.parse(readFileSync(new URL("../crates/server/tests/fair_vectors.json", import.meta.url), "utf8"));
const text = (s) => bytesToHex(new TextEncoder().encode(s));

test("SHA-256 in plain JS gives the standard digests", () => {
  const known = [
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"],
    ["The quick brown fox jumps over the lazy dog", "d7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592"],
  ];
  for (const [s, d] of known) assert.equal(bytesToHex(sha256(hexToBytes(text(s)))), d, JSON.stringify(s));
  assert.equal(bytesToHex(sha256(new Uint8Array(1_000_000).fill(0x61))), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Every length around the padding boundaries, against node's own.
  for (let n = 0; n < 200; n++) {
    const b = randomBytes(n);
    assert.equal(bytesToHex(sha256(b)), createHash("sha256").update(b).digest("hex"), `length ${n}`);
  }
});

test("sha256Hex agrees with and without crypto.subtle", async () => {
  const { key, commit } = vectors.deals[0];
  assert.ok(globalThis.crypto?.subtle, "node has crypto.subtle");
  assert.equal(await sha256Hex(key), commit);
  // As on a page served over plain http from a LAN address.
  const saved = Object.getOwnPropertyDescriptor(globalThis, "crypto");
  Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true });
  try {
    assert.equal(globalThis.crypto, undefined);
    assert.equal(await sha256Hex(key), commit);
  } finally {
    Object.defineProperty(globalThis, "crypto", saved);
  }
});

test("tile names and indices", () => {
  for (let i = 0; i < 91; i++) assert.equal(tileIndex(tileName(i)), i);
  assert.equal(tileName(0), "0-0");
  assert.equal(tileName(27), "6-6");
  assert.equal(tileIndex("4-6"), tileIndex("6-4"));
});

test("ChaCha8 words are rand_chacha's", () => {
  for (const v of vectors.rng) {
    const rng = new ChaCha8(BigInt(v.seed), v.stream);
    const got = v.calls.map((c) => (c === "u32" ? rng.nextU32().toString(16).padStart(8, "0") : rng.nextU64().toString(16).padStart(16, "0")));
    assert.deepEqual(got, v.values, `seed ${v.seed} stream ${v.stream}`);
  }
});

test("every game's dealing facts read off the state's facts", () => {
  for (const g of vectors.games) {
    const f = gameFacts(g.facts);
    assert.deepEqual([f.maxPip, f.players, f.handSize, f.removed], [g.max_pip, g.players, g.hand_size, g.removed], JSON.stringify(g.rules));
  }
});

test("every game's first hand redeals as the engine does", () => {
  for (const g of vectors.games) {
    const preset = g.rules.preset;
    assert.deepEqual(redealCandidates(g.facts, 1), [vectors.first_rules[preset]], preset);
  }
});

test("every vector deals exactly what the engine dealt", async () => {
  for (const v of vectors.deals) {
    assert.equal(keySeed(v.key), BigInt(v.seed), v.name);
    assert.equal(bytesToHex(sha256(hexToBytes(v.key))), v.commit, v.name);
    assert.ok(redealCandidates(v.facts, v.hand).includes(v.redeal), v.name);
    const d = dealFromKey(gameFacts(v.facts), v.key, v.hand, v.redeal);
    assert.deepEqual(d.hands, v.deal.hands, v.name);
    assert.deepEqual(d.boneyard, v.deal.boneyard, v.name);
    assert.equal(d.poser, v.deal.poser, v.name);
    assert.equal(d.redeals, v.redeals, v.name);
  }
});

// A short made-up hand over a vector's deal: the poser plays, the next seat
// draws once if it can, and seat 1 plays a tile: what the page would be
// shown at the end, with the redeal rule published with the commitment.
function playSome(v) {
  const hands = v.deal.hands.map((h) => [...h]);
  const history = [];
  const poser = v.deal.poser ?? 0;
  const play = (seat) => {
    const tile = hands[seat].shift();
    history.push({ seat, action: { type: "play", tile, end: history.length ? 0 : undefined } });
  };
  play(poser);
  const next = (poser + 1) % hands.length;
  if (v.deal.boneyard.length) {
    hands[next].push(v.deal.boneyard[0]);
    history.push({ seat: next, action: { type: "draw" } });
    history.push({ seat: next, action: { type: "pass" } });
  }
  play(next);
  return { facts: v.facts, rules: v.rules, hand: v.hand, key: v.key, commit: v.commit, redeal: v.redeal, hands, history };
}

const name = (s) => ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"][s];

test("the page's check accepts every vector's hand and names what differs", async () => {
  for (const v of vectors.deals) {
    const shown = playSome(v);
    const ok = await checkHand(shown, name);
    assert.equal(ok.ok, true, `${v.name}: ${ok.message}`);
    assert.match(ok.message, /^✓ Deal verified: the commitment and all hands match the revealed key/);
    assert.equal(ok.redeals, v.redeals, v.name);
    if (v.redeals) assert.match(ok.message, /after \d+ redeals?: nobody held/, v.name);
    // Without a published rule (an older server) the page still checks it.
    const { redeal: _, ...unpublished } = shown;
    assert.equal((await checkHand(unpublished, name)).ok, true, v.name);

    // Two seats' tiles swapped.
    const swapped = structuredClone(shown);
    [swapped.hands[0][0], swapped.hands[1][0]] = [swapped.hands[1][0], swapped.hands[0][0]];
    const bad = await checkHand(swapped, name);
    assert.equal(bad.ok, false, v.name);
    assert.match(bad.message, /^✗ Deal NOT verified: the hands of Ann, Bob are not the ones the revealed key deals/, v.name);

    // A tile played that the key dealt to somebody else.
    const stolen = structuredClone(shown);
    const victim = (stolen.history[0].seat + 1) % v.deal.hands.length;
    const tile = v.deal.hands[victim][v.deal.hands[victim].length - 1];
    stolen.history[0].action.tile = tile;
    stolen.hands[victim] = stolen.hands[victim].filter((t) => t !== tile);
    const theft = await checkHand(stolen, name);
    assert.equal(theft.ok, false, v.name);
    assert.match(theft.message, /played \d+-\d+, which the revealed key did not deal them/, v.name);

    // Another key (its own commitment, so only the deal differs).
    const other = structuredClone(shown);
    other.key = vectors.deals.find((w) => w.key !== v.key).key;
    other.commit = bytesToHex(sha256(hexToBytes(other.key)));
    assert.equal((await checkHand(other, name)).ok, false, v.name);

    // A key that does not match the commitment.
    const wrong = { ...shown, commit: "00".repeat(32) };
    assert.match((await checkHand(wrong, name)).message, /revealed key does not match the commitment/);
  }
});

test("club fives' first pose is checked against the turn-over", async () => {
  const v = vectors.deals.find((d) => d.redeal === "turn_over");
  const shown = playSome(v);
  assert.equal((await checkHand(shown, name)).ok, true);
  // The same deal, but the seat that lost the turn-over poses.
  const loser = 1 - v.deal.poser;
  const hands = v.deal.hands.map((h) => [...h]);
  const tile = hands[loser].shift();
  const r = await checkHand({ ...shown, hands, history: [{ seat: loser, action: { type: "play", tile } }] }, name);
  assert.equal(r.ok, false);
  assert.match(r.message, /gives the first pose to (Ann|Bob), but (Ann|Bob) posed/);
});

test("the deal is checked under the published redeal rule only", async () => {
  // A later hand that needed a redeal: the key gives one deal under
  // "double" (the engine's) and another under "never" (its first deal).
  const v = vectors.deals.find((d) => d.redeal === "double" && d.hand > 1 && d.redeals > 0);
  assert.ok(v, "a later-hand redeal vector");
  const game = gameFacts(v.facts);
  const first = dealFromKey(game, v.key, v.hand, "never");
  assert.notDeepEqual(first.hands, v.deal.hands);
  const underNever = playSome({ ...v, deal: { ...v.deal, hands: first.hands, boneyard: first.boneyard } });
  // The game's facts say every later hand of draw is dealt under "double"
  // only, so even without a published rule (an older server) the deal made
  // under "never" is refused.
  assert.deepEqual(redealCandidates(v.facts, v.hand), ["double"]);
  const { redeal: _, ...unpublished } = underNever;
  assert.equal((await checkHand(unpublished, name)).ok, false);
  // Published "double": the deal made under "never" is refused...
  const refused = await checkHand({ ...underNever, redeal: "double" }, name);
  assert.equal(refused.ok, false);
  assert.match(refused.message, /^✗ Deal NOT verified: /);
  // ...and the engine's deal is accepted, and refused under "never", a
  // rule the game never deals a later hand under.
  const shown = playSome(v);
  assert.equal((await checkHand(shown, name)).ok, true);
  const { redeal: __, ...shownUnpublished } = shown;
  assert.equal((await checkHand(shownUnpublished, name)).ok, true);
  for (const deal of [shown, underNever]) {
    const r = await checkHand({ ...deal, redeal: "never" }, name);
    assert.equal(r.ok, false);
    assert.match(r.message, /published redeal rule "never" is not one/);
  }

  // A game whose later hands may be dealt under either rule (the love
  // count: the lowest double after a tie, the winner's choice after a win)
  // lets an older server's unpublished rule be any of them.
  const love = vectors.games.find((g) => g.rules.preset === "jamaican").facts;
  assert.deepEqual(redealCandidates(love, 2), ["double", "never"]);
  assert.deepEqual(redealCandidates(love, 1), ["double"]);

  // A rule the game cannot deal that hand under is refused outright.
  for (const bad of ["0-0", "turn_over", "sometimes"]) {
    const r = await checkHand({ ...shown, redeal: bad }, name);
    assert.equal(r.ok, false, bad);
    assert.match(r.message, new RegExp(`published redeal rule "${bad}" is not one hand ${v.hand} of ${v.rules.preset} can be dealt under`), bad);
  }
  // The first hand's rule is the game's own.
  const french = vectors.deals.find((d) => d.rules.preset === "french" && d.hand === 1 && d.redeals > 0);
  const frenchShown = playSome(french);
  assert.equal((await checkHand(frenchShown, name)).ok, true);
  assert.equal((await checkHand({ ...frenchShown, redeal: "double" }, name)).ok, false);
});
