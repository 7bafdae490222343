// engine/messages.js: Python's str.format, repr() and format(x, "g") on every message of the catalogue.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Messages from "../../static/js/engine/messages.js";
import { golden, T } from "./golden.js";

const cases = golden("messages.json");

test("every message reads as Python's, in both languages", () => {
  for (const [code, params, en, zh] of cases.texts) {
    assert.equal(Messages.text(T.messages, code, params, "en"), en, code);
    assert.equal(Messages.text(T.messages, code, params, "zh-hans"), zh, code);
  }
  assert.ok(cases.texts.length > 100);
});

test("the formatter refuses a placeholder it does not know", () => {
  for (const template of cases.refused) assert.throws(() => Messages.format(template, { x: 1 }), template);
  const [template, params, text] = cases.escaped;
  assert.equal(Messages.format(template, params), text);
});
