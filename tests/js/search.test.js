// engine/search.js and engine/plan.js, the offline search, against the server's search (search.plan, search.query)
// on /offline/corpus.json of each edition: the golden files search-corpus.json and search.json (make golden).
// The plan (units, references, phrases) and the trees offered are the server's exactly; the results are ranked
// without BM25, so what the server puts first must be near the top (a single idea at the very top), and a
// reference jumps to the server's section, followed by the sections that cite it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { prepare, plan, answer, normalise } from "../../static/js/engine/search.js";
import { golden } from "./golden.js";

const CORPORA = golden("search-corpus.json");
const CASES = golden("search.json");
const LIMIT = 8;
/** @type {Record<string, any>} */
const prepared = {};
/** @param {string} edition */
function corpus(edition) {
  if (!prepared[edition]) prepared[edition] = prepare(CORPORA[edition]);
  return prepared[edition];
}
// Queries naming one idea: the server's first result is among the offline top three.
const STRICT = new Set(["藏牌", "revoke", "cangpai", "罚张", "opening lead", "insufficient bid", "claim", "revoek",
  "penalty card", "可比叫品", "comparable call", "kebijiao"]);

/** @param {any} u */
function unitShape(u) {
  return { text: u.text, chinese: u.chinese, latin: u.latin, pinyin: u.pinyin, fuzzy: u.fuzzy, stop: u.stop,
           weak: u.weak, related: u.related };
}

test("the golden cases cover both editions, jumps, trees and queries naming nothing", () => {
  assert.deepEqual(Object.keys(CORPORA).sort(), ["ccba-1999", "wbf-2017"]);
  for (const code of Object.keys(CORPORA)) {
    assert.equal(CORPORA[code].edition, code);
    assert.ok(CORPORA[code].trees.every((/** @type {any} */ t) => t.edition === code), code);
  }
  assert.ok(CASES.some((/** @type {any} */ c) => c.jump) && CASES.some((/** @type {any} */ c) => !c.trees.length));
});

test("the offline plan reads a query as the server does", () => {
  for (const c of CASES) {
    if (!c.plan) continue;
    const thePlan = plan(corpus(c.edition), normalise(c.query));
    const where = c.edition + " " + c.query;
    assert.deepEqual(thePlan.units.map(unitShape), c.plan.units, where);
    assert.deepEqual(thePlan.refs, c.plan.refs, where);
    assert.deepEqual(thePlan.phrases, c.plan.phrases, where);
  }
});

test("the offline search offers the server's trees, in the corpus's edition", () => {
  for (const c of CASES) {
    assert.deepEqual(answer(corpus(c.edition), c.query, LIMIT).trees, c.trees, c.edition + " " + c.query);
  }
  const comparable = CASES.find((/** @type {any} */ c) => c.edition === "wbf-2017" && c.query === "可比叫品");
  assert.equal(comparable.trees[0].url, "/rulings/insufficient-bid/?edition=wbf-2017");
});

test("a reference jumps to the server's section, then what cites it", () => {
  for (const c of CASES) {
    if (!c.jump) continue;
    const results = answer(corpus(c.edition), c.query, LIMIT).results;
    assert.ok(results[0].jump, c.query);
    assert.deepEqual(results.map((/** @type {any} */ r) => r.url), c.urls, c.edition + " " + c.query);
  }
});

// Where a result is: its law's page (/laws/64/, any section of it), or the glossary.
/** @param {string} url */
function place(url) { return url.split("#")[0].split("?")[0]; }

test("the offline ranking puts the server's best near the top", () => {
  /** @type {any[]} */
  const misses = [];
  for (const c of CASES) {
    if (c.jump) continue;
    const urls = answer(corpus(c.edition), c.query, LIMIT).results.map((/** @type {any} */ r) => r.url);
    if (!c.urls.length) continue;
    assert.ok(urls.length, "the offline search found nothing for " + c.query);
    const offline = urls.map(place);
    const near = STRICT.has(c.query) ? offline.slice(0, 3).includes(place(c.urls[0]))
      : c.urls.slice(0, 3).some((/** @type {string} */ u) => offline.slice(0, 5).includes(place(u)));
    if (!near) misses.push([c.edition, c.query, c.urls.slice(0, 3), urls.slice(0, 5)]);
  }
  assert.deepEqual(misses, []);
});
