// engine/reference.js: the reference parser (search.query._reference) and laws.selectors.section_url.
import { test } from "node:test";
import assert from "node:assert/strict";

import { reference, sectionUrl } from "../../static/js/engine/reference.js";
import { golden } from "./golden.js";

test("the reference parser equals the server's", () => {
  for (const [query, ref, url] of golden("reference.json")) {
    assert.equal(reference(query), ref, query);
    if (ref) assert.equal(sectionUrl(ref, "/laws/"), url, query);
  }
});
