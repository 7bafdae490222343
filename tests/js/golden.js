// The golden files Python writes (make golden, tests/golden/make_golden.py): what the JS engine must answer.
import { readdirSync, readFileSync } from "node:fs";

/** @param {string} name */
export function golden(name) {
  return JSON.parse(readFileSync(new URL("../golden/" + name, import.meta.url), "utf8"));
}

export const T = golden("tables.json");
export const TREES = golden("trees-data.json");

/** The folders of the further editions' golden trees (tests/golden/<edition>/), e.g. ["wbf-2017"]. */
export const FURTHER_EDITIONS = readdirSync(new URL("../golden/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_"))
  .map((entry) => entry.name)
  .sort();
