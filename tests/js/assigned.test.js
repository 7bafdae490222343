// engine/assigned.js: the Law 12C2 builder and the player poll against bridge/assigned_builder.py and
// bridge/poll.py, on good and bad input (what tests/e2e/test_assigned_parity.py checked in chromium).
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Assigned from "../../static/js/engine/assigned.js";
import * as Messages from "../../static/js/engine/messages.js";
import { golden, T } from "./golden.js";

const cases = golden("assigned.json");

/** @param {(input: any, T: any) => any} fn @param {any[]} list */
function check(fn, list) {
  for (const [input, expected] of list) {
    const got = fn(input, T);
    if (got.status === "error") got.zh = Messages.text(T.messages, got.code, got.params, "zh-hans");
    assert.deepStrictEqual(got, expected, JSON.stringify(input));
  }
}

test("the builder answers as the server on every case", () => {
  check(Assigned.buildOrError, cases.build);
  const statuses = cases.build.map((/** @type {any[]} */ c) => c[1].status);
  assert.ok(statuses.filter((/** @type {string} */ s) => s === "ok").length >= 400);
  assert.ok(statuses.filter((/** @type {string} */ s) => s === "error").length >= 60);
});

test("the poll answers as the server on every case", () => check(Assigned.tallyOrError, cases.tally));

test("round(x, 2) as Python rounds", () => {
  // === as Python's == compares: round(-0.0049, 2) is -0.0 in Python, which equals 0.
  for (const [x, expected] of cases.round2) assert.ok(Assigned.pyRound(x, 2) === expected, String(x));
});
