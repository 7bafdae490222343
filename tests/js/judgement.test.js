// engine/judgement.js: the ruling form's fields read as rulings/judgement.py reads them.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Judgement from "../../static/js/engine/judgement.js";
import { golden } from "./golden.js";

const golden_ = golden("judgement.json");

/** @param {() => any} fn */
function answer(fn) {
  try { return { ok: fn() }; } catch (error) {
    const e = /** @type {any} */ (error);
    if (!e || e.name !== "FieldError") throw error;
    return { error: { code: e.code, field: e.field, params: e.params } };
  }
}

test("the builder's request, whether one was given, and the poll, as the server reads the form", () => {
  for (const [data, builder, given, poll] of golden_.cases) {
    /** @param {string} name */
    const get = (name) => (typeof data[name] === "string" ? data[name].trim() : "");
    assert.deepStrictEqual(answer(() => Judgement.builderRequest(get, golden_.builder_rows)), builder, JSON.stringify(data));
    assert.equal(Judgement.builderGiven(get, golden_.builder_rows), given, JSON.stringify(data));
    assert.deepStrictEqual(answer(() => Judgement.pollRequest(get, golden_.poll_rows)), poll, JSON.stringify(data));
  }
});
