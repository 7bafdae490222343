// engine/wizard.js: the wizard's walk in screens against rulings/wizard_views.py, and urlencode against Python's.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Wizard from "../../static/js/engine/wizard.js";
import { golden, T, TREES } from "./golden.js";

const cases = golden("wizard.json");
/** @param {string} slug @returns {string[]} */
const members = (slug) => cases.groups[slug] || [];

test("the fewest and most screens left, from every question of every tree", () => {
  for (const [slug, node, expected] of cases.remaining) {
    assert.deepStrictEqual(Wizard.remainingQuestions(TREES[slug], members(slug), node), expected, slug + " " + node);
  }
  assert.ok(cases.remaining.length > 100);
});

test("the run of rare exceptions asked on one screen", () => {
  for (const [slug, base, fact, expected] of cases.rare) {
    assert.deepStrictEqual(Wizard.rareGroup(TREES[slug], members(slug), base, fact, T), expected, JSON.stringify([slug, base, fact]));
  }
  assert.ok(cases.rare.length > 0);
});

test("the screens an answered walk took, and the walk one screen back", () => {
  for (const [slug, names, screens, back] of cases.walks) {
    const steps = names.map((/** @type {string} */ name, /** @type {number} */ i) => ({ name: name, back_url: "back" + i }));
    assert.equal(Wizard.screens(members(slug), steps), screens, JSON.stringify([slug, names]));
    assert.equal(Wizard.backUrlOf(members(slug), steps), back, JSON.stringify([slug, names]));
  }
});

test("links' query strings as urllib.parse.urlencode writes them", () => {
  for (const [pairs, expected] of cases.urlencode) assert.equal(Wizard.urlencode(pairs), expected);
});

test("law links of the tree's edition, as {% section_url ref tree.edition %} writes them", () => {
  for (const [ref, edition, expected] of cases.edition_urls) assert.equal(Wizard.editionSectionUrl(ref, edition), expected, ref);
});
