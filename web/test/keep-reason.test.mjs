// A refused hand's reason in words (web/keep/reason.js) under node, no browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { reasonWords } from "../keep/reason.js";

const seat = (s) => ["Ann", "Bo", "Cy", "Di"][s];
const side = (k) => ["Ann & Cy", "Bo & Di"][k];

test("each kind of refusal names the players and the facts", () => {
  assert.equal(reasonWords({ kind: "two_dominoes", facts: { first: 0, second: 1 } }, seat, side),
    "Ann and Bo cannot both have gone out: only one player goes out");
  assert.equal(reasonWords({ kind: "both_reach_target", facts: { first: 0, second: 1 } }, seat, side),
    "Ann & Cy and Bo & Di cannot both reach the target during play: the hand stops at the first");
  assert.equal(reasonWords({ kind: "needs_domino", facts: "capicu" }, seat, side), "capicú needs somebody to have gone out");
  assert.equal(reasonWords({ kind: "domino_holds_double", facts: 2 }, seat, side), "Cy went out, so holds no double");
  assert.equal(reasonWords({ kind: "seat_cannot_hold", facts: { seat: 3, count: 1, most: 7, double: true } }, seat, side),
    "Di cannot hold 1 pips in 1 to 7 tiles with a double among them");
  assert.equal(reasonWords({ kind: "no_deal", facts: { seats: [0, 2] } }, seat, side),
    "Ann and Cy cannot hold these counts at once: the set has too few tiles of the counts they need");
  assert.equal(reasonWords({ kind: "nothing_to_undo" }, seat, side), "there is no hand to undo");
});

test("every reason the engine gives has words in every catalog", async () => {
  const { readFileSync } = await import("node:fs");
  const src = readFileSync(new URL("../../crates/engine/src/report/form.rs", import.meta.url), "utf8");
  const body = src.slice(src.indexOf("pub enum ReportError {"), src.indexOf("\n}\n", src.indexOf("pub enum ReportError {")));
  const kinds = [...body.matchAll(/^ {4}([A-Z][A-Za-z]+)\b/gm)].map((m) => m[1].replace(/[A-Z]/g, (c, i) => (i ? "_" : "") + c.toLowerCase()));
  assert.ok(kinds.length > 25, `${kinds}`);
  for (const lang of ["en", "es", "fr"]) {
    const ftl = readFileSync(new URL(`../locales/${lang}/domino.ftl`, import.meta.url), "utf8");
    const reason = ftl.slice(ftl.indexOf("keep-reason = "), ftl.indexOf("\n}\n", ftl.indexOf("keep-reason = ")));
    const missing = kinds.filter((k) => !reason.includes(`[${k}]`));
    assert.deepEqual(missing, [], `${lang}: no words for ${missing}`);
  }
});
