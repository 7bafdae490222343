// engine/calculators.js: the score pad's query, IMPs and matchpoints against rulings.views / rulings.calculators
// and bridge (the page's drawing is tests/e2e/test_offline_calculators.py's).
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Calc from "../../static/js/engine/calculators.js";
import { golden, T } from "./golden.js";

const cases = golden("calculators.json");

/** @param {any} error */
function errorOf(error) {
  if (!error || error.name !== "FieldError") throw error;
  return { error: { code: error.code, field: error.field, params: error.params } };
}

test("the score pad's query: the same score, breakdown and board, or the same error", () => {
  for (const [query, expected] of cases.score) {
    let got;
    try {
      const r = Calc.scoreFromParams(new URLSearchParams(query), T, true);
      got = {
        contract: r.contract, declarer: r.declarer, tricks: r.tricks, result: r.result,
        score_ns: r.score_ns, score_ew: r.score_ew,
        breakdown: r.breakdown.map((/** @type {any} */ b) => [b.item, b.label, b.points, b.law]),
        board: r.board ? { board: r.board.number, dealer: r.board.dealer, vulnerability: r.board.vulnerability } : null,
      };
    } catch (error) { got = errorOf(error); }
    assert.deepStrictEqual(got, expected, query);
  }
});

test("IMPs on the Law 78B scale", () => {
  // === as Python's == compares: -0 (the JS port's "no IMPs" for a negative difference) equals 0.
  for (const [diff, expected] of cases.imps) assert.ok(Calc.imps(diff, T) === expected, String(diff));
});

test("matchpoints and percentages, and the scores' text refused alike", () => {
  for (const [text, expected] of cases.matchpoints) {
    let got;
    try {
      const r = Calc.matchpoints(Calc.scoresFromText(text), T);
      got = { matchpoints: r.rows.map((/** @type {any} */ row) => row.mp),
              percentages: r.rows.map((/** @type {any} */ row) => row.pct), top: r.top };
    } catch (error) { got = errorOf(error); }
    assert.deepStrictEqual(got, expected, text);
  }
});
