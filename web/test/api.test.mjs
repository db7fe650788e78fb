// The page's shared calls under node: which of a page's loads is still the latest (api.js latestLoads).

import { test } from "node:test";
import assert from "node:assert/strict";
import { latestLoads } from "../api.js";

test("a load is the latest until another begins, and each page counts its own", () => {
  const begin = latestLoads();
  const first = begin();
  assert.equal(first(), true);
  const second = begin();
  assert.equal(first(), false, "superseded by the second");
  assert.equal(second(), true);
  const other = latestLoads();
  other();
  assert.equal(second(), true, "another page's loads do not supersede this one's");
});
