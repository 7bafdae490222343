// 裁判助手 — the ruling form's fields read as the server reads them (rulings/judgement.py builder_request,
// builder_given, poll_request): the 12C2 builder's request and the poll, from the form's values by name. The same
// checks, fields, codes and params as bridge/inputs.py (through engine/calculators.js, its port). An ES module with
// no DOM: pages/judgement.js hands it a getter of the form's trimmed values and the rows the form shows.
// tests/js/judgement.test.js holds it to Python (tests/golden/judgement.json).

import { wholeNumber, number, scoresFromText } from "./calculators.js";

/** @typedef {(name: string) => string} Getter the trimmed value of a field, "" when empty or absent */

const PASS = "PASS";

/** @param {Getter} get @param {string} name */
function isChecked(get, name) { return ["on", "true", "1"].indexOf(get(name)) >= 0; }

/** The contract a row's pads describe (4 S X → 4SX), PASS for a passed-out board, or null.
 * @param {Getter} get @param {string} prefix @returns {string | null} */
export function contractOf(get, prefix) {
  const level = get(prefix + "level");
  if (!level) return null;
  if (level.toUpperCase() === PASS) return PASS;
  return level + get(prefix + "strain") + get(prefix + "dbl");
}

/** @param {Getter} get @param {string} prefix @param {string} field @returns {Record<string, any>} */
function resultOf(get, prefix, field) {
  const tricks = get(prefix + "tricks");
  return {
    contract: contractOf(get, prefix),
    declarer: get(prefix + "declarer") || null,
    tricks: tricks ? wholeNumber(tricks, field + ".tricks", 0, 13) : null
  };
}

/** The POST /api/assigned-score/ body the builder's fields describe (rows without a contract are skipped).
 * @param {Getter} get @param {string[]} rows the builder rows' prefixes (r0_, r1_, …) @returns {Record<string, any>} */
export function builderRequest(get, rows) {
  /** @type {Record<string, any>} */
  const request = { offending_side: get("offending_side") || null };
  if (get("board")) request.board = wholeNumber(get("board"), "board", 1);
  if (get("vulnerability")) request.vulnerability = get("vulnerability");
  // The edition (the page's): wbf-2017 — the Director weights (12C1), the radio probable_row marks the probable
  // outcome, and "regulation" keeps likely / at all probable.
  const edition = get("edition");
  const wbf = Boolean(edition) && edition !== "ccba-1999";
  const regulation = wbf && isChecked(get, "regulation");
  let weighting;
  if (wbf) {
    request.edition = edition;
    weighting = !regulation;
    if (regulation) request.regulation_likely_standard = true;
  } else {
    weighting = weighting1997(get, request);
  }
  request.results = builderRows(get, rows, wbf && !regulation, weighting);
  builderRest(get, request);
  return request;
}

/** 1997 12C3 (J10, J11): a committee, or the Director where the zone permits it; the offending side kept on its
 * 12C2 score. @param {Getter} get @param {Record<string, any>} request @returns {boolean} */
function weighting1997(get, request) {
  const committee = isChecked(get, "committee");
  if (committee) request.appeals_committee = true;
  const director = isChecked(get, "director_12c3");
  if (director) request.director_12c3 = true;
  const weighting = committee || director;
  if (weighting && isChecked(get, "offending_keeps_12c2")) request.offending_keeps_12c2 = true;
  return weighting;
}

/** @param {Getter} get @param {string[]} rows @param {boolean} probableOutcome @param {boolean} weighting */
function builderRows(get, rows, probableOutcome, weighting) {
  /** @type {any[]} */
  const results = [];
  rows.forEach(function (prefix) {
    if (contractOf(get, prefix) === null) return;
    const field = "results[" + results.length + "]";
    const result = resultOf(get, prefix, field);
    if (probableOutcome) {
      if (get("probable_row") === prefix.slice(1, -1)) result.probable = true;
    } else {
      result.likely = isChecked(get, prefix + "likely");
      result.at_all_probable = isChecked(get, prefix + "probable");
    }
    if (weighting && get(prefix + "weight")) result.weight = number(get(prefix + "weight"), field + ".weight") / 100;
    if (weighting && !probableOutcome && get(prefix + "weight_os")) {
      result.weight_offending = number(get(prefix + "weight_os"), field + ".weight_offending") / 100;
    }
    results.push(result);
  });
  if (contractOf(get, "n_") !== null) {
    // J5: the non-offending side's own result after its own irrational, wild or gambling action.
    const own = resultOf(get, "n_", "results[" + results.length + "]");
    own.role = "non_offending";
    results.push(own);
  }
  return results;
}

/** The table result and the comparison. @param {Getter} get @param {Record<string, any>} request */
function builderRest(get, request) {
  if (contractOf(get, "t_") !== null) {
    request.table_result = resultOf(get, "t_", "table_result");
    if (isChecked(get, "keeps_table")) request.non_offending_keeps_table_result = true;
  }
  if (get("other_table")) {
    request.other_table_score_ns = wholeNumber(get("other_table"), "other_table_score_ns");
    if (isChecked(get, "knockout")) request.knockout = true; // J13: Law 86B in a knockout only
  }
  if (get("field_scores")) request.field_scores_ns = scoresFromText(get("field_scores"), "field_scores_ns");
}

/** Whether the director filled in any possible result. @param {Getter} get @param {string[]} rows */
export function builderGiven(get, rows) {
  return rows.some(function (prefix) { return contractOf(get, prefix) !== null; });
}

/** The poll the fields describe, for engine/assigned.js tally; null when nothing was filled in.
 * @param {Getter} get @param {string[]} rows the poll rows' prefixes (p0_, p1_, …) */
export function pollRequest(get, rows) {
  /** @type {any[]} */
  const calls = [];
  rows.forEach(function (prefix) {
    const call = get(prefix + "call");
    if (!call) return;
    const field = "calls[" + calls.length + "]";
    /** @type {Record<string, any>} */
    const entry = { call: call };
    ["chose", "considered"].forEach(function (name) {
      const value = get(prefix + name);
      if (value) entry[name] = wholeNumber(value, field + "." + name);
    });
    calls.push(entry);
  });
  if (!calls.length && !get("poll_action")) return null;
  return { action: get("poll_action") || null, calls: calls };
}
