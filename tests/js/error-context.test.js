// engine/messages.js errorParts and labelledText: how a page says an error (core.errors.error_context), in both
// languages, with the general field labels the tables carry.
import { test } from "node:test";
import assert from "node:assert/strict";

import * as Messages from "../../static/js/engine/messages.js";
import { golden, T } from "./golden.js";

const cases = golden("error-context.json");

for (const language of ["zh-hans", "en"]) {
  test("an error notice reads as the server's: " + language, () => {
    const known = Messages.labelsFor(T, language);
    for (const [code, field, params, said] of cases) {
      const parts = Messages.errorParts(T.messages, { code: code, field: field, params: params }, known, language);
      assert.deepStrictEqual([parts.message, parts.label], said[language], JSON.stringify([code, field, params]));
    }
    assert.ok(cases.length > 50);
  });
}
