// The golden files Python writes (make golden, tests/golden/make_golden.py): what the JS engine must answer.
import { readFileSync } from "node:fs";

/** @param {string} name */
export function golden(name) {
  return JSON.parse(readFileSync(new URL("../golden/" + name, import.meta.url), "utf8"));
}

export const T = golden("tables.json");
export const TREES = golden("trees-data.json");
