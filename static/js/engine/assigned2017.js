// 裁判助手 — the assigned-score builder under the 2017 code (edition wbf-2017) in the browser: a port of
// bridge/assigned_2017.py (build_assigned_2017), line for line. Law 12C1 (2017): the probable outcome had the
// infraction not occurred (one result for both sides), or the Director's weighting of several results (each side's
// points, IMPs and matchpoints weighted), no redress for the part of the damage the non-offending side caused
// itself (its own result row, or keeping the table result), and — where the event's regulations keep it — the
// likely / at-all-probable standard (its 2017 basis unverified, listed under `unverified`). Damage is 12B1's.
// engine/assigned.js sends a request with edition wbf-2017 here, passing its own readers (H) so the two modules
// share them without importing each other. Bad input is refused with the engine's field, code and params.
// tests/js/assigned.test.js runs it against tests/golden/assigned.json. An ES module with no DOM.
import * as Messages from "./messages.js";
import { FieldError, get, given, isObject, fsum, pyRound, unknownKey } from "./values.js";

/** @param {number} value @param {any} T */
function round2(value, T) { return pyRound(value, T.comparison.PERCENT_DECIMALS) + 0; }

// Python's f"{x:+g}" for a score (six significant digits, no trailing zeros).
/** @param {number} value */
function plusG(value) {
  const text = String(parseFloat(value.toPrecision(6)));
  return (value >= 0 ? "+" : "") + text;
}

// A row key of the other standard (or of the 1997 code), set: refused naming it.
/** @param {any} item @param {string} where @param {boolean} regulation @param {any} T */
function refuseOtherMode(item, where, regulation, T) {
  const W = T.assigned.WBF;
  const allowed = regulation ? W.ROW_KEYS_REGULATION : W.ROW_KEYS_STANDARD;
  W.ROW_KEYS_ALL.forEach(function (/** @type {string} */ key) {
    if (get(item, key) === null || allowed.indexOf(key) >= 0) return;
    if (key === "weight_offending") {
      throw FieldError(T, where + "." + key, "assigned.ccba_edition_only", { name: key });
    }
    throw FieldError(T, where + "." + key,
      regulation ? "assigned.wbf_regulation_no_weights" : "assigned.wbf_likely_needs_regulation", {});
  });
}

/** @param {any} item @param {string} where @param {number} number @param {any} vulnerability @param {any} T @param {any} H */
function rowOf(item, where, number, vulnerability, T, H) {
  const scored = H.scoreOf(item, vulnerability, where, T);
  const likely = H.flag(get(item, "likely"), where + ".likely", T);
  const atAll = H.flag(get(item, "at_all_probable"), where + ".at_all_probable", T);
  const probable = H.flag(get(item, "probable"), where + ".probable", T);
  const weight = H.weightOf(get(item, "weight"), where + ".weight", number, true, T);
  const role = get(item, "role");
  if (role !== null && role !== "non_offending") throw FieldError(T, where + ".role", "assigned.role_unknown", { value: role });
  if (role !== null) {
    if (likely || atAll || probable || weight !== null) {
      throw FieldError(T, where + ".role", "assigned.wbf_own_row_flags", { number: number });
    }
    return { score: scored, likely: false, at_all_probable: false, weight: null, own: true, weight_offending: null,
             probable: false };
  }
  if (likely && !atAll) {
    throw FieldError(T, where + ".at_all_probable", "assigned.wbf_likely_not_probable", { number: number });
  }
  return { score: scored, likely: likely, at_all_probable: atAll, weight: weight, own: false, weight_offending: null,
           probable: probable };
}

/** @param {any} request @param {any} vulnerability @param {boolean} regulation @param {any} T @param {any} H */
function resultsOf(request, vulnerability, regulation, T, H) {
  const A = T.assigned;
  const raw = get(request, "results");
  if (raw === null) throw FieldError(T, "results", "input.required", { name: "results" });
  if (!Array.isArray(raw)) throw FieldError(T, "results", "assigned.results_not_list", {});
  if (!raw.length) throw FieldError(T, "results", "assigned.results_empty", {});
  if (raw.length > A.MAX_RESULTS) throw FieldError(T, "results", "assigned.results_too_many", { max: A.MAX_RESULTS });
  /** @type {any[]} */
  const results = [];
  raw.forEach(function (item, index) {
    const where = "results[" + index + "]";
    if (!isObject(item)) throw FieldError(T, where, "assigned.result_not_object", { index: index });
    unknownKey(item, A.WBF.ROW_KEYS_ALL, where + ".", T);
    refuseOtherMode(item, where, regulation, T);
    const result = rowOf(item, where, index + 1, vulnerability, T, H);
    if (result.own && results.some(function (earlier) { return earlier.own; })) {
      throw FieldError(T, where + ".role", "assigned.own_row_twice", {});
    }
    results.push(result);
  });
  if (regulation) {
    if (!results.some(function (r) { return r.likely; })) throw FieldError(T, "results", "assigned.wbf_none_likely", {});
    return results;
  }
  const weights = results.filter(function (r) { return r.weight !== null; }).map(function (r) { return r.weight; });
  if (weights.length) {
    const total = fsum(weights);
    if (Math.abs(total - 1) > A.WEIGHT_TOLERANCE) throw FieldError(T, "results", "adjusted.weights_sum", { total: total });
    const marked = results.findIndex(function (r) { return r.probable; });
    if (marked >= 0) {
      throw FieldError(T, "results[" + marked + "].probable", "assigned.wbf_probable_and_weights", { number: marked + 1 });
    }
    return results;
  }
  const count = results.filter(function (r) { return r.probable; }).length;
  if (count !== 1) throw FieldError(T, "results", "assigned.wbf_probable_count", { count: count });
  return results;
}

/** @param {any[]} results */
function weightedLines(results) { return results.filter(function (r) { return r.weight; }); }

// One side's score under the standard (assigned_2017._standard_side).
/** @param {any[]} results @param {string} side @param {string} role @param {string} standard @param {any} T @param {any} H */
function standardSide(results, side, role, standard, T, H) {
  if (standard === "weighted") {
    const score = H.sideFigures(weightedLines(results), side, null, null, T)[0];
    return { side: side, role: role, basis: "weighted", result_index: null, score: null, points: score,
             imps: null, matchpoints: null, percentage: null };
  }
  if (standard === "probable") {
    const index = results.findIndex(function (r) { return r.probable; });
    return H.sideScore(side, role, "probable", index, results[index].score);
  }
  const nos = role === "non_offending";
  const index = H.pick(results, side, nos);
  return H.sideScore(side, role, nos ? "likely" : "at_all_probable", index, results[index].score);
}

/** @param {any} mine @param {any[]} results @param {any} other @param {any} field @param {any} T @param {any} H */
function compare(mine, results, other, field, T, H) {
  if (mine.basis === "weighted") {
    const figures = H.sideFigures(weightedLines(results), mine.side, other, field, T);
    mine.imps = figures[1];
    mine.matchpoints = figures[2];
    mine.percentage = figures[3];
  } else if (other !== null) {
    mine.imps = H.imps(mine.points - (mine.side === "NS" ? other : -other), T);
  } else if (field !== null) {
    const others = mine.side === "NS" ? field : field.map(function (/** @type {number} */ v) { return -v; });
    mine.matchpoints = H.matchpointUnits(mine.points, others, T);
    mine.percentage = H.percentage(mine.matchpoints, T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * others.length, T);
  }
  return mine;
}

/** @param {any} sideScore @param {any} H */
function shown(sideScore, H) {
  if (sideScore.score !== null) return H.shortText(sideScore.score, sideScore.side);
  return "weighted " + sideScore.side + " " + plusG(sideScore.points);
}

// The non-offending side's score (assigned_2017._non_offending): no redress for the self-inflicted part.
/** @param {any} expected @param {any[]} results @param {any} table @param {boolean} keepsTable @param {any} damage @param {any} T @param {any} H */
function nonOffendingOf(expected, results, table, keepsTable, damage, T, H) {
  const side = expected.side;
  if (damage === false || keepsTable) return H.sideScore(side, "non_offending", "table", null, table);
  const ownIndex = results.findIndex(function (r) { return r.own; });
  if (ownIndex < 0) return expected;
  const own = results[ownIndex].score;
  if (H.points(own, side) > expected.points) {
    throw FieldError(T, "results[" + ownIndex + "]", "assigned.wbf_own_row_better",
      { own: H.shortText(own, side), best: shown(expected, H) });
  }
  if (table !== null && H.points(own, side) <= H.points(table, side)) {
    return H.sideScore(side, "non_offending", "table", null, table);
  }
  return H.sideScore(side, "non_offending", "own_action", ownIndex, own);
}

/** @param {any} request @param {any} T @param {any} H */
function readRequest(request, T, H) {
  const W = T.assigned.WBF;
  W.KEYS_1997_ONLY.forEach(function (/** @type {string} */ key) {
    const value = get(request, key);
    if (value !== null && value !== false && value !== 0) {
      throw FieldError(T, key, "assigned.ccba_edition_only", { name: key });
    }
  });
  unknownKey(request, W.REQUEST_KEYS.concat(W.KEYS_1997_ONLY), "", T);
  const board = H.vulnerabilityOf(request, T);
  if (!given(request, "offending_side")) throw FieldError(T, "offending_side", "input.required", { name: "offending_side" });
  const offending = H.parseSide(request.offending_side, "offending_side", T);
  const regulation = H.flag(get(request, "regulation_likely_standard"), "regulation_likely_standard", T);
  const results = resultsOf(request, board.vulnerability, regulation, T, H);
  const table = H.tableOf(request, board.vulnerability, T);
  const keepsTable = H.flag(get(request, "non_offending_keeps_table_result"), "non_offending_keeps_table_result", T);
  if (keepsTable && table === null) throw FieldError(T, "table_result", "assigned.keeps_needs_table", {});
  if (keepsTable && results.some(function (r) { return r.own; })) {
    throw FieldError(T, "non_offending_keeps_table_result", "assigned.own_row_and_keeps", {});
  }
  const other = H.otherTableOf(get(request, "other_table_score_ns"), T);
  const field = H.fieldOf(get(request, "field_scores_ns"), T);
  if (other !== null && field !== null) throw FieldError(T, "field_scores_ns", "assigned.two_comparisons", {});
  const knockoutMatch = H.flag(get(request, "knockout"), "knockout", T);
  const standard = regulation ? "likely_at_all_probable"
    : results.some(function (r) { return r.weight !== null; }) ? "weighted" : "probable";
  return { board: board, offending: offending, regulation: regulation, results: results, table: table,
           keepsTable: keepsTable, other: other, field: field, knockoutMatch: knockoutMatch, standard: standard };
}

/** @param {any} r the read request @param {any} sides @param {any} T @param {any} H */
function adjustmentOf(r, sides, T, H) {
  const vulnerability = r.board.vulnerability;
  if (sides.NS.score !== null && sides.EW.score !== null) {
    return { method: "assigned", vulnerability: vulnerability, NS: H.outcome(sides.NS.score), EW: H.outcome(sides.EW.score) };
  }
  /** @type {Record<string, any>} */
  const body = { method: "weighted", vulnerability: vulnerability, edition: "wbf-2017",
                 outcomes: weightedLines(r.results).map(function (result) {
                   const out = H.outcome(result.score);
                   out.weight = result.weight;
                   return out;
                 }) };
  ["NS", "EW"].forEach(function (side) { if (sides[side].score !== null) body[side] = H.outcome(sides[side].score); });
  return body;
}

// bridge.assigned_2017.build_assigned_2017(request).as_dict(). Throws a FieldError.
/** @param {any} request @param {any} T @param {any} H */
function build2017(request, T, H) {
  const r = readRequest(request, T, H);
  const offending = r.offending, nonOffending = offending === "NS" ? "EW" : "NS", table = r.table;
  const expected = standardSide(r.results, nonOffending, "non_offending", r.standard, T, H);
  // 12B1: damage is a table result worse for the non-offending side than its expectation without the infraction.
  const damage = table === null ? null : expected.points > H.points(table, nonOffending);
  /** @type {Record<string, any>} */
  const sides = {};
  sides[nonOffending] = nonOffendingOf(expected, r.results, table, r.keepsTable, damage, T, H);
  sides[offending] = damage === false ? H.sideScore(offending, "offending", "table", null, table)
    : standardSide(r.results, offending, "offending", r.standard, T, H);
  if (table !== null && sides[offending].points > H.points(table, offending)) {
    throw FieldError(T, "table_result", "assigned.wbf_offenders_gain",
      { assigned: round2(sides[offending].points, T), table: H.points(table, offending) });
  }
  const laws = damage === false ? ["12B1", "12C1", "77"] : ["12C1", "77"];
  const unverified = r.regulation ? ["12C1"] : [];
  let comparison = null;
  if (r.other !== null || r.field !== null) {
    ["NS", "EW"].forEach(function (side) { sides[side] = compare(sides[side], r.results, r.other, r.field, T, H); });
  }
  if (r.other !== null) {
    laws.push("78B");
    let knockout = null;
    if (r.knockoutMatch) {
      knockout = round2((sides.NS.imps - sides.EW.imps) / 2, T);
      laws.push("86");
      unverified.push("86");
    }
    comparison = { other_table_score_ns: r.other, knockout_imps_ns: knockout };
  } else if (r.field !== null) {
    laws.push("78A");
    comparison = { field_scores_ns: r.field, top: T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * r.field.length };
  }
  let note = null;
  if (damage === false) {
    const params = { best: shown(expected, H), table: H.shortText(table, nonOffending) };
    note = { code: "assigned.wbf_no_damage",
             en: Messages.text(T.messages, "assigned.wbf_no_damage", params, "en"),
             zh: Messages.text(T.messages, "assigned.wbf_no_damage", params, "zh") };
  }
  const answer = H.answer(r.board, offending, r.results, sides, table, comparison, damage, note, laws);
  answer.equity = null;
  answer.adjustment = damage === false ? null : adjustmentOf(r, sides, T, H);
  answer.results.forEach(function (/** @type {any} */ row, /** @type {number} */ index) { row.probable = r.results[index].probable; });
  answer.edition = "wbf-2017";
  answer.standard = r.standard;
  answer.unverified = unverified;
  return answer;
}

export { build2017 };
