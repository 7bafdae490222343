// Every further edition's trees (tests/golden/<edition>/, issue 29) against the Python engine: each state's
// answer, the ruling card's one-line summary in both languages, and the wizard's screens — the same checks the
// base edition's trees get in trees.test.js, summary.test.js and wizard.test.js.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Tree from "../../static/js/engine/trees.js";
import * as Wizard from "../../static/js/engine/wizard.js";
import { summariser } from "../../static/js/engine/summary.js";
import { FURTHER_EDITIONS, golden, T } from "./golden.js";

test("the golden files hold the 2017 trees", () => {
  assert.ok(FURTHER_EDITIONS.includes("wbf-2017"), JSON.stringify(FURTHER_EDITIONS));
});

for (const edition of FURTHER_EDITIONS) {
  const trees = golden(edition + "/trees-data.json");
  const wizard = golden(edition + "/wizard.json");
  /** @param {string} slug @returns {string[]} */
  const members = (slug) => wizard.groups[slug] || [];

  test(edition + ": every chosen state of every tree answers as the API", () => {
    const cases = golden(edition + "/trees.json");
    const mismatches = [];
    for (const [slug, facts, expected] of cases) {
      assert.equal(trees[slug].edition, edition);
      const got = Tree.evaluateOrError(trees[slug], facts, T);
      try { assert.deepStrictEqual(got, expected); } catch { mismatches.push([slug, facts]); }
    }
    assert.deepStrictEqual(mismatches.slice(0, 3), []);
    assert.ok(cases.length > 500);
  });

  const summaries = golden(edition + "/summary.json");
  for (const language of ["zh-hans", "en"]) {
    test(edition + ": every ruling's summary reads as the server's: " + language, () => {
      const summary = summariser(summaries[language].labels);
      for (const [slug, ruling, facts, expected] of summaries[language].cases) {
        assert.equal(summary(trees[slug], ruling, facts), expected, JSON.stringify([slug, ruling, facts]));
      }
      assert.ok(summaries[language].cases.length > 100);
    });
  }

  test(edition + ": the wizard's screens left, rare groups and walks, as the server's", () => {
    for (const [slug, node, expected] of wizard.remaining) {
      assert.deepStrictEqual(Wizard.remainingQuestions(trees[slug], members(slug), node), expected, slug + " " + node);
    }
    for (const [slug, base, fact, expected] of wizard.rare) {
      assert.deepStrictEqual(Wizard.rareGroup(trees[slug], members(slug), base, fact, T), expected, JSON.stringify([slug, base, fact]));
    }
    for (const [slug, names, screens, back] of wizard.walks) {
      const steps = names.map((/** @type {string} */ name, /** @type {number} */ i) => ({ name: name, back_url: "back" + i }));
      assert.equal(Wizard.screens(members(slug), steps), screens, JSON.stringify([slug, names]));
      assert.equal(Wizard.backUrlOf(members(slug), steps), back, JSON.stringify([slug, names]));
    }
    assert.ok(wizard.remaining.length > 50);
  });
}
