// engine/calculators.js: the score pad's query, IMPs and matchpoints against rulings.views / rulings.calculators
// and bridge (the page's drawing is tests/e2e/test_offline_calculators.py's).
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Calc from "../../static/js/engine/calculators.js";
import { PyFloat } from "../../static/js/engine/messages.js";
import { golden, T } from "./golden.js";

const cases = golden("calculators.json");

/** @param {any} error */
function errorOf(error) {
  if (!error || error.name !== "FieldError") throw error;
  // A PyFloat param (a float in Python, so the message prints 120.0) is its number in JSON.
  /** @type {Record<string, any>} */
  const params = {};
  for (const [k, v] of Object.entries(error.params)) params[k] = v instanceof PyFloat ? v.value : v;
  return { error: { code: error.code, field: error.field, params: params } };
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

test("adjusted scores: 12C1's artificial scores and 12C2's assigned pad, or the same error", () => {
  for (const [query, expected] of cases.adjusted) {
    let got;
    try {
      const r = Calc.adjusted(new URLSearchParams(query), T);
      if (r.sides) {
        got = {};
        for (const side of ["NS", "EW"]) {
          const s = r.sides[side];
          /** @type {Record<string, any>} */
          const entry = { label: s.label, label_zh: s.label_text, laws: s.laws };
          if (s.percent !== null) entry.percent = s.percent;
          if (s.imps !== null) entry.imps = s.imps;
          got[side] = entry;
        }
      } else {
        /** @param {any} o */
        const pick = (o) => ({ contract: o.contract, declarer: o.declarer, tricks: o.tricks, score_ns: o.score_ns, score_ew: o.score_ew });
        got = { NS: pick(r.NS), EW: pick(r.EW), score_ns: r.score_ns, score_ew: r.score_ew };
      }
    } catch (error) { got = errorOf(error); }
    assert.deepStrictEqual(got, expected, query);
  }
});
