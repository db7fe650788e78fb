// @ts-check
// Fair deals, checked by the page itself.
//
// Before each hand the server publishes SHA-256(key); after the hand it
// reveals the key. This module recomputes, without asking the server, the
// deal that key gives, exactly as the engine makes it
// (crates/league/src/fair.rs `deal_from_key`, crates/engine/src/deal.rs):
//
//   seed   = the key's first 8 bytes, a little-endian u64
//   rng    = ChaCha8Rng::seed_from_u64(seed) (rand_core's PCG32 seed
//            expansion), on stream `hand` (rand_chacha 0.9)
//   deal   = a Fisher-Yates shuffle of the set in index order whose swap
//            indices come in batches from one next_u64 each (the Dealer's
//            plan); seat s gets places s*h..s*h+h, the rest is the
//            boneyard, top first
//   redeal = deal again from the same generator while the pose rule has
//            nobody to pose (no double held, or 0-0 not held in French)
//
// and compares it with the hands the page was shown when the hand ended.
// The redeal rule is the one the server published with the commitment
// (`redeal` in the state's `fair` list), so the key gives exactly one deal.
// Test vectors: crates/server/tests/fair_vectors.json (e2e/fair.test.mjs).
// Its sentences come from words.js, like every word of the page.
// No dependencies, no build step: 32-bit integer arithmetic for ChaCha and
// SHA-256, BigInt for the few 64-bit and 128-bit products.

import { t } from "./words.js";

// Hex and SHA-256 are in sha256.js; the tests take them from here too.
export { hexToBytes, bytesToHex, sha256, sha256Hex } from "./sha256.js";
import { hexToBytes, sha256Hex, rotr } from "./sha256.js";

// ---- the generator: rand_chacha 0.9's ChaCha8Rng ----

const MASK64 = (1n << 64n) - 1n;

// The seed a hand key deals from: its first 8 bytes, little-endian.
export function keySeed(keyHex) {
  const b = hexToBytes(keyHex);
  let seed = 0n;
  for (let i = 7; i >= 0; i--) seed = (seed << 8n) | BigInt(b[i]);
  return seed;
}

// rand_core's `seed_from_u64`: eight PCG32 outputs, each written
// little-endian, fill the 32-byte ChaCha key; so they are the key words.
function expandSeed(seed) {
  const MUL = 6364136223846793005n;
  const INC = 11634580027462260723n;
  let state = BigInt.asUintN(64, BigInt(seed));
  const words = new Uint32Array(8);
  for (let i = 0; i < 8; i++) {
    state = (state * MUL + INC) & MASK64;
    const xorshifted = Number(((state >> 18n) ^ state) >> 27n & 0xffffffffn);
    const rot = Number(state >> 59n);
    words[i] = (xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31));
  }
  return words;
}

// ChaCha with 8 rounds, a 64-bit block counter (words 12-13) and a 64-bit
// stream id (words 14-15), read the way rand_core's BlockRng reads it: a
// buffer of four blocks (64 words), next_u32 takes one word, next_u64 two
// (low word first, straddling a refill when one word is left).
export class ChaCha8 {
  constructor(seed, stream = 0) {
    const s = BigInt.asUintN(64, BigInt(stream));
    this.state = new Uint32Array(16);
    this.state.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
    this.state.set(expandSeed(seed), 4);
    this.state[14] = Number(s & 0xffffffffn);
    this.state[15] = Number(s >> 32n);
    this.buf = new Uint32Array(64);
    this.index = 64;
  }

  refill() {
    const x = new Uint32Array(16);
    const qr = (a, b, c, d) => {
      x[a] += x[b]; x[d] = rotr(x[d] ^ x[a], 16);
      x[c] += x[d]; x[b] = rotr(x[b] ^ x[c], 20);
      x[a] += x[b]; x[d] = rotr(x[d] ^ x[a], 24);
      x[c] += x[d]; x[b] = rotr(x[b] ^ x[c], 25);
    };
    for (let block = 0; block < 4; block++) {
      x.set(this.state);
      for (let round = 0; round < 4; round++) {
        qr(0, 4, 8, 12); qr(1, 5, 9, 13); qr(2, 6, 10, 14); qr(3, 7, 11, 15);
        qr(0, 5, 10, 15); qr(1, 6, 11, 12); qr(2, 7, 8, 13); qr(3, 4, 9, 14);
      }
      for (let i = 0; i < 16; i++) this.buf[16 * block + i] = x[i] + this.state[i];
      // The 64-bit block counter.
      this.state[12] += 1;
      if (this.state[12] === 0) this.state[13] += 1;
    }
    this.index = 0;
  }

  nextU32() {
    if (this.index >= 64) this.refill();
    return this.buf[this.index++];
  }

  // A BigInt below 2^64.
  nextU64() {
    let lo, hi;
    if (this.index < 63) {
      lo = this.buf[this.index];
      hi = this.buf[this.index + 1];
      this.index += 2;
    } else if (this.index >= 64) {
      this.refill();
      lo = this.buf[0];
      hi = this.buf[1];
      this.index = 2;
    } else {
      lo = this.buf[63];
      this.refill();
      hi = this.buf[0];
      this.index = 1;
    }
    return (BigInt(hi) << 32n) | BigInt(lo);
  }
}

// deal.rs `hand_rng`: the match seed picks the key, the hand number the stream.
export function handRng(seed, hand) {
  return new ChaCha8(seed, hand);
}

// ---- tiles and games ----

// Tiles are numbered in the triangular order 0-0, 1-0, 1-1, 2-0, ...
export function tileIndex(name) {
  const [a, b] = name.split("-").map(Number);
  const [h, l] = a >= b ? [a, b] : [b, a];
  return (h * (h + 1)) / 2 + l;
}

export function tileName(index) {
  let h = 0;
  while (((h + 1) * (h + 2)) / 2 <= index) h++;
  return `${h}-${index - (h * (h + 1)) / 2}`;
}

const isDouble = (index) => {
  const [h, l] = tileName(index).split("-");
  return h === l;
};

// What dealing needs, from the `facts` the server sends with the state
// (the engine's TableFacts, read off the resolved rules): the set, the
// seats, the hand size, the tiles the game leaves out.
export function gameFacts(facts) {
  return {
    players: facts.players,
    maxPip: facts.max_pip,
    handSize: facts.deal.hand_size,
    removed: facts.deal.removed,
  };
}

// ---- dealing: deal.rs `Dealer` ----

const BATCH_LIMIT = 1n << 48n;

// The shuffle's batches: ranges n, n-1, ... down to stop+1, grouped (at
// most 16 at a time) while their product stays at most 2^48.
function plan(n, stop) {
  stop = Math.max(stop, 1);
  const batches = [];
  let i = n;
  while (i > stop) {
    let k = 0;
    let product = 1n;
    while (i - k > stop && k < 16 && product * BigInt(i - k) <= BATCH_LIMIT) {
      product *= BigInt(i - k);
      k++;
    }
    batches.push({ k, product });
    i -= k;
  }
  return batches;
}

// Fisher-Yates fixing places n-1 down, k swap indices per next_u64 (the
// high halves of successive 128-bit products), redrawn when the low word
// falls in the over-represented part.
function shuffle(items, batches, rng) {
  let i = items.length;
  for (const { k, product } of batches) {
    if (i <= 1 || k === 0 || k > i) break;
    const threshold = ((1n << 64n) - product) % product;
    let picks;
    for (;;) {
      let low = rng.nextU64();
      picks = [];
      for (let j = 0; j < k; j++) {
        const m = low * BigInt(i - j);
        picks.push(Number(m >> 64n));
        low = m & MASK64;
      }
      if (low >= threshold) break;
    }
    for (let j = 0; j < k; j++) {
      const a = i - 1 - j;
      const b = picks[j];
      [items[a], items[b]] = [items[b], items[a]];
    }
    i -= k;
  }
}

// One uniformly random deal: hands as sorted tile indices, the boneyard in
// order.
export function dealOnce(game, rng) {
  const removed = new Set(game.removed.map(tileIndex));
  const tiles = [];
  for (let t = 0; t < ((game.maxPip + 1) * (game.maxPip + 2)) / 2; t++) if (!removed.has(t)) tiles.push(t);
  shuffle(tiles, plan(tiles.length, game.handSize), rng);
  const h = game.handSize;
  const hands = [];
  for (let s = 0; s < game.players; s++) hands.push(tiles.slice(s * h, s * h + h).sort((a, b) => a - b));
  return { hands, boneyard: tiles.slice(h * game.players) };
}

// rand 0.9 `random_range(0..range)` for a small usize: a u32 by Canon's
// method (one extra word when the first product's low half is too high).
function below(rng, range) {
  const m = rng.nextU32() * range; // < 2^39: exact in a double
  let result = Math.floor(m / 2 ** 32);
  const lo = m % 2 ** 32;
  if (lo > 2 ** 32 - range) {
    const hi2 = Math.floor((rng.nextU32() * range) / 2 ** 32);
    if (lo + hi2 >= 2 ** 32) result += 1;
  }
  return result;
}

// game.rs `turn_over`: club fives' first hand; each player turns a tile and
// the heavier one sets. Returns the seat that poses.
function turnOver(game, rng) {
  const removed = new Set(game.removed.map(tileIndex));
  const tiles = [];
  for (let t = 0; t < ((game.maxPip + 1) * (game.maxPip + 2)) / 2; t++) if (!removed.has(t)) tiles.push(t);
  const pips = (t) => tileName(t).split("-").map(Number).reduce((x, y) => x + y);
  for (;;) {
    const a = below(rng, tiles.length);
    let b = below(rng, tiles.length - 1);
    if (b >= a) b += 1;
    const [pa, pb] = [pips(tiles[a]), pips(tiles[b])];
    if (pa !== pb) return pa > pb ? 0 : 1;
  }
}

// Whether a dealt hand has somebody to pose under `redeal` (see dealFromKey).
function poseable(deal, redeal) {
  const held = deal.hands.flat();
  if (redeal === "double") return held.some(isDouble);
  if (redeal === "never" || redeal === "turn_over") return true;
  return held.includes(tileIndex(redeal));
}

const MAX_REDEALS = 100000;

// The deal hand `hand` gets from `keyHex`. `redeal` is what makes the
// engine deal again: "never", "double" (until somebody holds a double), a
// tile such as "0-0" (until somebody holds it), or "turn_over" (club
// fives: the generator then also decides who poses). Tiles are named
// ("6-4"); `redeals` counts the deals thrown away.
export function dealFromKey(game, keyHex, hand, redeal = "never") {
  const rng = handRng(keySeed(keyHex), hand);
  for (let redeals = 0; redeals < MAX_REDEALS; redeals++) {
    const deal = dealOnce(game, rng);
    let poser;
    if (redeal === "turn_over") poser = hand === 1 ? turnOver(game, rng) : rng.nextU32() % 2;
    if (poseable(deal, redeal)) {
      const out = { hands: deal.hands.map((h) => h.map(tileName)), boneyard: deal.boneyard.map(tileName), redeals };
      if (poser != null) out.poser = poser;
      return out;
    }
  }
  throw new Error("no deal after " + MAX_REDEALS + " redeals");
}

// The redeal rules a hand may have been dealt under, from the facts: the
// first hand's is fixed by the game; a later one's depends on how the match
// went, which the page does not replay, so any the game can reach. The
// server publishes the hand's rule with its commitment (fair.rs
// `redeal_name`), and the page checks the deal under that one rule, which
// must be one of these; only without a published rule (an older server) is
// any of them accepted, each giving at most one deal from the key.
export function redealCandidates(facts, hand) {
  return hand === 1 ? [facts.deal.first_redeal] : facts.deal.later_redeals;
}

// ---- the page's check ----

// Play the hand's history over a deal: plays leave the player's hand,
// draws take the top of the boneyard. Returns the problems found, by seat.
function replay(deal, history, shown, seatName) {
  const hands = deal.hands.map((h) => new Set(h));
  let next = 0;
  for (const { seat, action } of history) {
    if (action.type === "play") {
      if (!hands[seat].has(action.tile)) return [{ seat, text: t("fair-stolen", { who: seatName(seat), tile: action.tile }) }];
      hands[seat].delete(action.tile);
    } else if (action.type === "draw") {
      if (next >= deal.boneyard.length) return [{ seat, text: t("fair-empty-boneyard", { who: seatName(seat) }) }];
      hands[seat].add(deal.boneyard[next++]);
    }
  }
  const problems = [];
  hands.forEach((h, s) => {
    const got = [...(shown[s] || [])].sort();
    const want = [...h].sort();
    if (got.join() !== want.join()) problems.push({ seat: s, text: t("fair-wrong-hand", { who: seatName(s) }) });
  });
  return problems;
}

// How many of the tiles each seat was seen with (held at the end or
// played) the deal gave that seat.
function closeness(deal, history, shown) {
  const seen = shown.map((h) => new Set(h));
  for (const { seat, action } of history) if (action.type === "play") seen[seat].add(action.tile);
  return deal.hands.reduce((n, h, s) => n + h.filter((t) => seen[s].has(t)).length, 0);
}

function describe(problems, seatName) {
  if (problems.length === 1) return problems[0].text;
  return t("fair-wrong-hands", { list: problems.map((p) => seatName(p.seat)).join(", ") });
}

// Check a finished hand against its revealed key, from what the page was
// shown: `facts` (the state's), `rules` (only to name the game), `hand`
// (its number), `key` and
// `commit` (hex), `redeal` (the redeal rule published with the commitment;
// null or absent from an older server), `hands` (every seat's tiles at the
// end) and `history` (the hand's actions). Resolves to {ok, message} (and
// `redeals` when ok).
export async function checkHand({ facts, rules, hand, key, commit, redeal: published, hands, history }, seatName = (s) => t("fair-seat", { n: s + 1 })) {
  if ((await sha256Hex(key)) !== String(commit).toLowerCase()) {
    return { ok: false, message: t("fair-bad-commit") };
  }
  if (!hands.every(Array.isArray)) return { ok: false, message: t("fair-not-all") };
  const game = gameFacts(facts);
  let candidates = redealCandidates(facts, hand);
  if (published != null) {
    if (!candidates.includes(published)) {
      return { ok: false, message: t("fair-bad-rule", { rule: published, hand, preset: rules.preset }) };
    }
    candidates = [published];
  }
  let best = null;
  for (const redeal of candidates) {
    const deal = dealFromKey(game, key, hand, redeal);
    const problems = replay(deal, history, hands, seatName);
    if (redeal === "turn_over" && problems.length === 0) {
      const pose = history.find((e) => e.action.type === "play");
      if (pose && pose.seat !== deal.poser) {
        problems.push({ seat: pose.seat, text: t("fair-wrong-poser", { poser: seatName(deal.poser), who: seatName(pose.seat) }) });
      }
    }
    if (problems.length === 0) {
      const why = redeal === "double" ? t("fair-why-double") : t("fair-why-tile", { tile: redeal });
      return { ok: true, redeals: deal.redeals, message: t("fair-ok", { redeals: deal.redeals, why }) };
    }
    // Report against the deal closest to what was shown.
    const agree = closeness(deal, history, hands);
    if (!best || agree > best.agree) best = { problems, agree };
  }
  const problems = best.problems;
  return { ok: false, seats: problems.map((p) => p.seat), message: t("fair-not-verified", { why: describe(problems, seatName) }) };
}
