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

test("every house rule the engine names has a name and an explanation in every catalog", () => {
  const src = readFileSync(new URL("../../crates/engine/src/rules/options.rs", import.meta.url), "utf8");
  const names = [...src.matchAll(/OptionName::[A-Za-z]+ => "([a-z_]+)"/g)].map((m) => m[1]);
  assert.ok(names.length > 15, `${names}`);
  for (const lang of ["en", "es", "fr"]) {
    const ftl = catalog(lang);
    for (const key of ["option-name", "option-help"]) {
      const start = ftl.indexOf(`${key} = `);
      const block = ftl.slice(start, ftl.indexOf("\n}\n", start));
      const missing = names.filter((n) => !block.includes(`[${n}]`));
      assert.deepEqual(missing, [], `${lang} ${key}: no words for ${missing}`);
    }
  }
});
