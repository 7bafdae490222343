// engine/trees.js (and claims.js, messages.js under it) against the Python engine: tree states, Law 77, Law 64,
// and bad input of every kind — what tests/e2e/test_offline_parity.py checked in chromium.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Tree from "../../static/js/engine/trees.js";
import * as Messages from "../../static/js/engine/messages.js";
import { golden, T, TREES } from "./golden.js";

test("every chosen state of every tree answers as the API", () => {
  const cases = golden("trees.json");
  const mismatches = [];
  for (const [slug, facts, expected] of cases) {
    const got = Tree.evaluateOrError(TREES[slug], facts, T);
    try { assert.deepStrictEqual(got, expected); } catch { mismatches.push([slug, facts]); }
  }
  assert.deepStrictEqual(mismatches.slice(0, 3), []);
  assert.ok(cases.length > 1000);
});

test("all 2,940 Law 77 scores, passed-out boards and bad input, as bridge.scoring", () => {
  const cases = golden("law77.json");
  for (const [[c, d, v, t], expected] of cases) {
    let got;
    try {
      const s = Tree.score(c, d, v, t, T);
      got = [s.result, s.score_ns, s.score_ew, s.vulnerable, s.tricks];
    } catch (error) {
      if (!Tree.isFactError(error)) throw error;
      got = { error: error.message, field: error.field };
    }
    assert.deepStrictEqual(got, expected, JSON.stringify([c, d, v, t]));
  }
  assert.ok(cases.length > 2940);
});

test("every input of the Law 64 transfer, as bridge.revoke", () => {
  for (const [facts, expected] of golden("law64.json")) {
    let got;
    try { got = Tree.tricksTransferred(T, facts); } catch (error) {
      if (!Tree.isFactError(error)) throw error;
      got = { error: error.message, field: error.field };
    }
    assert.deepStrictEqual(got, expected, JSON.stringify(facts));
  }
});

test("the scores and transfers come from the tables, not the code", () => {
  const t = JSON.parse(JSON.stringify(T));
  t.scores["4S"]["false"][10] = 1;
  t.revoke.tricks_transferred["true,true,false"][3] = 1;
  assert.equal(Tree.score("4S", "N", "None", 10, t).score_ns, 1);
  assert.equal(Tree.score("4S", "E", "None", 10, t).score_ew, 1);
  assert.equal(Tree.score("4S", "N", "None", 10, T).score_ns, 420);
  assert.equal(Tree.tricksTransferred(t, { offender_won_revoke_trick: true, offending_side_won_revoke_trick: true,
    offending_side_tricks_after_revoke_trick: 3, offender_later_won_with_card_playable_to_revoke_trick: false }), 1);
});

test("bad input of every kind: the server's code, params, field and both texts", () => {
  for (const [kind, args, expected] of golden("errors.json")) {
    let got = null;
    try {
      if (kind === "tree") Tree.evaluate(TREES[args[0]], args[1], T);
      else if (kind === "fact_type") {
        const tree = JSON.parse(JSON.stringify(TREES[args[0]]));
        tree.facts[args[1]].type = args[2];
        Tree.evaluate(tree, { [args[1]]: args[3] }, T);
      } else if (kind === "score") Tree.score(args[0], args[1], args[2], args[3], T);
      else if (kind === "transfer") Tree.tricksTransferred(T, args);
      else if (kind === "hand") Tree.parseHand(args[0], "cards", T);
      else Tree.adjustedDeclarerTricks(T, args[0], args[1], args[2], args[3]);
    } catch (error) {
      if (!Tree.isFactError(error)) throw error;
      got = { code: error.code, params: error.params, field: error.field, en: error.message,
              zh: Messages.text(T.messages, error.code, error.params, "zh-hans") };
    }
    assert.deepStrictEqual(got, expected, JSON.stringify([kind, args]));
  }
});
