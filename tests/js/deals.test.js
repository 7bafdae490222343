// engine/deal.js: the card picker's deal and the call pad's auction against bridge/deals.py (Deal.from_hands) and
// bridge/appeal_file.py (parse_call, check_auction), on good and bad input; the messages in both languages.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Deal from "../../static/js/engine/deal.js";
import * as Messages from "../../static/js/engine/messages.js";
import { golden, T } from "./golden.js";

const cases = golden("deals.json");

test("the deal answers as the server on every case", () => {
  for (const [hands, expected] of cases.deals) {
    assert.deepStrictEqual(Deal.checkDeal(hands), expected, JSON.stringify(hands));
  }
  const codes = new Set(cases.deals.map((/** @type {any[]} */ c) => c[1].code || "ok"));
  assert.deepStrictEqual([...codes].sort(), ["deals.card_twice", "deals.hand_count", "deals.hands_missing", "ok"]);
});

test("the auction answers as the server, with the calls legal next", () => {
  for (const [calls, expected] of cases.auctions) {
    const got = Deal.checkAuction(calls);
    if (got.status === "ok") {
      const legal = Deal.legalCalls(got.calls);
      const inOrder = Deal.ALL_CALLS.filter((call) => legal.has(call));
      assert.deepStrictEqual({ ...got, legal: inOrder }, expected, JSON.stringify(calls));
    } else {
      assert.deepStrictEqual(got, expected, JSON.stringify(calls));
    }
  }
});

test("every error code is a message the page can say in both languages", () => {
  for (const [, expected] of [...cases.deals, ...cases.auctions]) {
    if (expected.status !== "error") continue;
    const zh = Messages.text(T.messages, expected.code, expected.params, "zh-hans");
    const en = Messages.text(T.messages, expected.code, expected.params, "en");
    assert.ok(zh && en && zh !== en, expected.code);
  }
});

test("a hand is written and read as Python writes it", () => {
  assert.equal(Deal.writeHand(["C2", "SA", "S10", "HK"]), "SA10 HK C2");
  assert.equal(Deal.writeHand([]), "-");
  assert.deepStrictEqual(Deal.readHand("SA10 HK C2"), ["SA", "S10", "HK", "C2"]);
  assert.equal(Deal.cardsLeft({ N: Deal.DECK.slice(0, 13), E: Deal.DECK.slice(13, 26) }).length, 26);
});
