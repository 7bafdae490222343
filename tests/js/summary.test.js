// engine/summary.js: the wizard's one-line ruling summary against rulings/summary.py, in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";

import { summariser } from "../../static/js/engine/summary.js";
import { golden, TREES } from "./golden.js";

const cases = golden("summary.json");

for (const language of ["zh-hans", "en"]) {
  test("every ruling's summary reads as the server's: " + language, () => {
    const summary = summariser(cases[language].labels);
    for (const [slug, ruling, facts, expected] of cases[language].cases) {
      assert.equal(summary(TREES[slug], ruling, facts), expected, JSON.stringify([slug, ruling, facts]));
    }
    assert.ok(cases[language].cases.length > 200);
  });
}
