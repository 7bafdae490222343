// engine/problem.js: the poll's problem as put, drafted as bridge/poll_problem.py drafts it (tests/golden/deals.json
// "problems"), in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";

import { pollProblem, pollTurn } from "../../static/js/engine/problem.js";
import { golden } from "./golden.js";

const cases = golden("deals.json").problems;

test("the problem is drafted as the server drafts it, in both languages", () => {
  assert.ok(cases.length >= 8);
  for (const [input, expected] of cases) {
    for (const language of ["zh", "en"]) {
      assert.equal(pollProblem({ ...input, language: language }), expected[language], JSON.stringify(input));
    }
  }
});

test("the pollee is the partner of the player who broke tempo, or the opponent after the alert", () => {
  const calls = [{ call: "1D" }, { call: "Pass", alert: true }, { call: "1S" }];
  assert.equal(pollTurn(calls, { call: 2 }, "ui"), 4);
  assert.equal(pollTurn(calls, { call: 2 }, "mi"), 2);
  assert.equal(pollTurn(calls, null, "ui"), 3);
});
