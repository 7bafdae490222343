// engine/trees.js: the 2017 Law 64 transfer (computation revoke_transfer_2017, bridge.revoke.tricks_transferred_2017)
// — 64A2 gives one trick at most. Checked through the evaluator on the 1999 revoke tree with its transfer leaves
// renamed to the 2017 computation (the 2017 tree's own golden states come when the lead regenerates the golden).
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Tree from "../../static/js/engine/trees.js";
import { T, TREES } from "./golden.js";

/** @param {string} name */
function withComputation(name) {
  const tree = JSON.parse(JSON.stringify(TREES.revoke));
  for (const node of Object.values(tree.nodes)) {
    const outcome = /** @type {any} */ (node).outcome;
    if (outcome && outcome.tricks_transferred && outcome.tricks_transferred.compute) {
      outcome.tricks_transferred.compute = name;
    }
  }
  return tree;
}

const DEFENDER = {
  established: true, on_trick_12: false, revoker: "defender", subsequent_revoke_same_suit_same_player: false,
  failure_to_play_faced_card: false, noticed_after_nos_called_next_deal: false, noticed_after_round_ended: false,
  both_sides_revoked: false
};

test("64A2: the 1997 second trick is not given by the 2017 transfer", () => {
  const facts = { ...DEFENDER, offender_won_revoke_trick: false, offending_side_won_revoke_trick: true,
    offending_side_tricks_after_revoke_trick: 2, offender_later_won_with_card_playable_to_revoke_trick: true };
  assert.equal(Tree.evaluate(withComputation("tricks_transferred"), facts, T).ruling.tricks_transferred, 2);
  assert.equal(Tree.evaluate(withComputation("revoke_transfer_2017"), facts, T).ruling.tricks_transferred, 1);
});

test("64A1 and 64B1 are the same in both codes", () => {
  const tree = withComputation("revoke_transfer_2017");
  const a1 = { ...DEFENDER, offender_won_revoke_trick: true, offending_side_tricks_after_revoke_trick: 4 };
  assert.equal(Tree.evaluate(tree, a1, T).ruling.tricks_transferred, 2);
  const b1 = { ...DEFENDER, offender_won_revoke_trick: false, offending_side_won_revoke_trick: false,
    offending_side_tricks_after_revoke_trick: 0 };
  assert.equal(Tree.evaluate(tree, b1, T).ruling.tricks_transferred, 0);
});
