// Catalog phrases that the page puts inside a sentence of its own, read
// from the catalogs under node, no browser.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const catalog = (lang) => readFileSync(new URL(`../locales/${lang}/domino.ftl`, import.meta.url), "utf8");

test("the expert's reasons end without punctuation: the hint's line ('{ $what } — { $why }.') ends the sentence", () => {
  for (const lang of ["en", "es", "fr"]) {
    const ends = [...catalog(lang).matchAll(/^(term-why-[a-z-]+) = (.*)$/gm)].filter(([, , v]) => /[.!?;:]\s*$/.test(v)).map(([, k, v]) => `${k} = ${v}`);
    assert.deepEqual(ends, [], `${lang}: reasons ending in punctuation`);
  }
});
