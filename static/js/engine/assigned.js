// 裁判助手 — the Law 12C2 assigned-score builder and the player poll in the browser, for the judgement pages
// offline (the builder page /tools/assigned/ and the ruling form /rulings/<slug>/form/).
//
// A port of bridge/assigned_builder.py (build_assigned) and bridge/poll.py (tally), line for line, that holds no
// number of its own: every Law 77 score comes from the table bridge computes (via trees.js's score()),
// the IMP scale, the matchpoint units, the board table, the limits and the field names from /offline/tables.json
// (offline/data.py judgement_tables). Bad input is refused as the engine refuses it — the same field, message
// code and params (messages.js formats them from the catalogue) — so the page says what the API would say.
// tests/js/assigned.test.js runs it in Node against the golden file Python writes (tests/golden/assigned.json)
// on good and bad input. An ES module with no DOM.
import * as Messages from "./messages.js";
import * as Tree from "./trees.js";
import { tally } from "./poll.js";
import { build2017 } from "./assigned2017.js";
import { FieldError, isFieldError, has, get, given, isInt, isObject, fsum, pyRound, percentage, unknownKey } from "./values.js";


// ------------------------------------------------------------------------------------- Law 78 (comparison.py)
/** @param {number} diff @param {any} T */
function imps(diff, T) {
  const size = Math.abs(diff);
  const scale = T.comparison.IMP_SCALE;
  for (let i = 0; i < scale.length; i++) {
    if (size <= scale[i][0]) return diff >= 0 ? scale[i][1] : -scale[i][1];
  }
  return diff >= 0 ? T.comparison.IMP_MAX : -T.comparison.IMP_MAX;
}
/** @param {number} score @param {any[]} others @param {any} T */
function matchpointUnits(score, others, T) {
  let lower = 0, equal = 0;
  others.forEach(function (/** @type {number} */ other) { if (other < score) lower++; else if (other === score) equal++; });
  return T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * lower + T.comparison.MATCHPOINTS_PER_TIE * equal;
}

// ------------------------------------------------------------------------------------------ the request
/** @param {any} value @param {string} field @param {any} T */
function flag(value, field, T) {
  if (value === null) return false;
  if (typeof value !== "boolean") {
    throw FieldError(T, field, "assigned.flag_not_bool", { name: field, value: value });
  }
  return value;
}

/** @param {string} value @param {string} field @param {any} T */
function parseSide(value, field, T) {
  if (typeof value === "string") {
    const key = value.replace(/\s+/g, "").toUpperCase().replace(/-/g, "").replace(/\//g, "");
    if (has(T.side_names, key)) return T.side_names[key];
  }
  throw FieldError(T, field, "cards.side_unknown", { value: value });
}
/** @param {string} side */
function opponents(side) { return side === "NS" ? "EW" : "NS"; }

// Law 2: the board's vulnerability, from `board` when given (`vulnerability` must then agree).
/** @param {any} request @param {any} T */
function vulnerabilityOf(request, T) {
  if (given(request, "board")) {
    const number = request.board;
    if (!isInt(number)) throw FieldError(T, "board", "board.not_whole", { number: number });
    if (number < 1) throw FieldError(T, "board", "board.below_one", { number: number });
    const cycle = T.boards.VULNERABILITY_CYCLE;
    const vulnerability = cycle[(number - 1) % cycle.length];
    if (given(request, "vulnerability")) {
      const stated = Tree.parseVulnerability(request.vulnerability, "vulnerability", T);
      if (stated !== vulnerability) {
        throw FieldError(T, "vulnerability", "assigned.vulnerability_contradicts",
          { value: request.vulnerability, board: number, expected: vulnerability });
      }
    }
    return { vulnerability: vulnerability, board: number };
  }
  if (!given(request, "vulnerability")) {
    throw FieldError(T, "vulnerability", "input.required", { name: "vulnerability" });
  }
  return { vulnerability: Tree.parseVulnerability(request.vulnerability, "vulnerability", T), board: null };
}

// Law 77: a row's score (bridge.scoring.score), its errors naming `where.<field>`.
/** @param {any} data @param {any} vulnerability @param {string} where @param {any} T */
function scoreOf(data, vulnerability, where, T) {
  try {
    const contract = Tree.parseContract(get(data, "contract"), "contract", T);
    const declarer = get(data, "declarer");
    const scored = Tree.score(contract, declarer, vulnerability, get(data, "tricks"), T);
    const text = contract.strain === null ? T.pass_text
      : contract.level + contract.strain + T.cards.doubling_marks[contract.doubled];
    return {
      contract: text,
      declarer: declarer === null ? null : Tree.parseSeat(declarer, "declarer", T),
      tricks: scored.tricks,
      result: scored.result,
      score_ns: scored.score_ns,
      score_ew: scored.score_ew
    };
  } catch (/** @type {any} */ error) {
    if (isFieldError(error)) error.field = where + "." + error.field;
    throw error;
  }
}

/** @param {number | null} value @param {string} field @param {number} number @param {any} committee @param {any} T */
function weightOf(value, field, number, committee, T) {
  if (value === null) return null;
  if (!committee) throw FieldError(T, field, "assigned.weight_not_committee", {});
  if (typeof value !== "number" || !isFinite(value) || value < 0 || value > 1) {
    throw FieldError(T, field, "assigned.weight_range", { number: number, value: value });
  }
  return value;
}

/** @param {any} request @param {any} vulnerability @param {boolean} committee @param {any} T */
function resultsOf(request, vulnerability, committee, T) {
  const A = T.assigned;
  const raw = get(request, "results");
  if (raw === null) throw FieldError(T, "results", "input.required", { name: "results" });
  if (!Array.isArray(raw)) throw FieldError(T, "results", "assigned.results_not_list", {});
  if (!raw.length) throw FieldError(T, "results", "assigned.results_empty", {});
  if (raw.length > A.MAX_RESULTS) throw FieldError(T, "results", "assigned.results_too_many", { max: A.MAX_RESULTS });
  let seenOwn = false;
  const results = raw.map(function (item, index) {
    const where = "results[" + index + "]";
    if (!isObject(item)) throw FieldError(T, where, "assigned.result_not_object", { index: index });
    if (has(item, "probable")) throw FieldError(T, where + ".probable", "assigned.needs_wbf_edition", { name: "probable" });
    unknownKey(item, A.RESULT_KEYS, where + ".", T);
    const scored = scoreOf(item, vulnerability, where, T);
    // J5: a row tagged role non_offending is the NOS's own result (assigned_builder._own_row).
    const role = get(item, "role");
    if (role !== null && role !== "non_offending") throw FieldError(T, where + ".role", "assigned.role_unknown", { value: role });
    const own = role !== null;
    const likely = flag(get(item, "likely"), where + ".likely", T);
    const probable = flag(get(item, "at_all_probable"), where + ".at_all_probable", T);
    if (own) {
      if (likely || probable || get(item, "weight") !== null || get(item, "weight_offending") !== null) {
        throw FieldError(T, where + ".role", "assigned.own_row_flags", { number: index + 1 });
      }
      if (seenOwn) throw FieldError(T, where + ".role", "assigned.own_row_twice", {});
      seenOwn = true;
      return { score: scored, likely: false, at_all_probable: false, weight: null, own: true, weight_offending: null };
    }
    if (likely && !probable) {
      throw FieldError(T, where + ".at_all_probable", "assigned.likely_not_probable", { number: index + 1 });
    }
    const weight = weightOf(get(item, "weight"), where + ".weight", index + 1, committee, T);
    const weightOffending = weightOf(get(item, "weight_offending"), where + ".weight_offending", index + 1, committee, T);
    return { score: scored, likely: likely, at_all_probable: probable, weight: weight, own: false,
             weight_offending: weightOffending };
  });
  if (!results.some(function (result) { return result.likely; })) {
    throw FieldError(T, "results", "assigned.none_likely", {});
  }
  const weights = results.filter(function (r) { return r.weight !== null; }).map(function (r) { return r.weight; });
  if (weights.length) {
    const total = fsum(weights);
    if (Math.abs(total - 1) > A.WEIGHT_TOLERANCE) throw FieldError(T, "results", "adjusted.weights_sum", { total: total });
  }
  // J11: the offending side's own weights sum to 1 too, and need the NOS's weights beside them.
  const offendingWeights = results.filter(function (r) { return r.weight_offending !== null; })
    .map(function (r) { return r.weight_offending; });
  if (offendingWeights.length) {
    const totalOffending = fsum(offendingWeights);
    if (Math.abs(totalOffending - 1) > A.WEIGHT_TOLERANCE) {
      throw FieldError(T, "results", "adjusted.weights_sum", { total: totalOffending });
    }
    if (!weights.length) throw FieldError(T, "results", "assigned.offending_weights_missing", {});
  }
  return results;
}

/** @param {any} request @param {any} vulnerability @param {any} T */
function tableOf(request, vulnerability, T) {
  const raw = get(request, "table_result");
  if (raw === null) return null;
  if (!isObject(raw)) throw FieldError(T, "table_result", "assigned.table_not_object", {});
  unknownKey(raw, T.assigned.TABLE_KEYS, "table_result.", T);
  return scoreOf(raw, vulnerability, "table_result", T);
}

/** @param {any} value @param {any} T */
function otherTableOf(value, T) {
  if (value === null) return null;
  if (!isInt(value)) throw FieldError(T, "other_table_score_ns", "adjusted.other_table_not_whole", { value: value });
  return value;
}

/** @param {any[] | null} value @param {any} T */
function fieldOf(value, T) {
  if (value === null) return null;
  if (!Array.isArray(value)) throw FieldError(T, "field_scores_ns", "adjusted.field_scores_not_list", {});
  if (!value.length) throw FieldError(T, "field_scores_ns", "adjusted.field_scores_empty", {});
  if (value.length > T.assigned.MAX_FIELD_SCORES) {
    throw FieldError(T, "field_scores_ns", "assigned.field_too_many", { max: T.assigned.MAX_FIELD_SCORES });
  }
  value.forEach(function (item, index) {
    if (!isInt(item)) {
      throw FieldError(T, "field_scores_ns", "comparison.scores_item_not_whole",
        { name: "field_scores_ns", index: index, value: item });
    }
  });
  return value.slice();
}

// ------------------------------------------------------------------------------------ the law's arithmetic
/** @param {any} score @param {string} side */
function points(score, side) { return side === "NS" ? score.score_ns : score.score_ew; }

// Law 12C2: the result most favourable (best) to `side` among the likely ones, or most unfavourable among the
// at-all-probable ones; on a tie, the first listed.
/** @param {any[]} results @param {string} side @param {boolean} best @returns {any} */
function pick(results, side, best) {
  /** @type {any} */
  let chosen = null;
  results.forEach(function (/** @type {any} */ result, /** @type {number} */ index) {
    if (!(best ? result.likely : result.at_all_probable)) return;
    if (chosen === null) { chosen = index; return; }
    const mine = points(result.score, side), kept = points(results[chosen].score, side);
    if (best ? mine > kept : mine < kept) chosen = index;
  });
  return chosen;
}

/** @param {string} side @param {string} role @param {string} basis @param {any} index @param {any} score */
function sideScore(side, role, basis, index, score) {
  return { side: side, role: role, basis: basis, result_index: index, score: score, points: points(score, side),
           imps: null, matchpoints: null, percentage: null };
}

/** @param {any[]} results @param {number | null} other @param {any} field @param {any} T */
function equityOf(results, other, field, T) {
  const lines = results.filter(function (/** @type {any} */ result) { return result.weight; });
  if (!lines.length) return null;
  const round = function (/** @type {number} */ value) { return pyRound(value, T.comparison.PERCENT_DECIMALS); };
  const scoreNs = round(fsum(lines.map(function (/** @type {any} */ l) { return l.weight * l.score.score_ns; })));
  /** @type {Record<string, any>} */
  const equity = { score_ns: scoreNs, score_ew: round(-scoreNs), imps_ns: null, imps_ew: null, matchpoints_ns: null,
                 matchpoints_ew: null, percentage_ns: null, percentage_ew: null, offending: "same", by: "appeals_committee" };
  if (other !== null) {
    const totalImps = round(fsum(lines.map(function (/** @type {any} */ l) { return l.weight * imps(l.score.score_ns - other, T); })));
    equity.imps_ns = totalImps;
    equity.imps_ew = round(-totalImps);
  } else if (field !== null) {
    const top = T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * field.length;
    const total = round(fsum(lines.map(function (/** @type {any} */ l) { return l.weight * matchpointUnits(l.score.score_ns, field, T); })));
    equity.matchpoints_ns = total;
    equity.matchpoints_ew = round(top - total);
    equity.percentage_ns = percentage(total, top, T);
    equity.percentage_ew = percentage(top - total, top, T);
  }
  return equity;
}

// J1: a result as the no-damage note names it, "4HX W 9: NS +200" (assigned_builder._short).
/** @param {any} score @param {string} side */
function shortText(score, side) {
  const p = points(score, side);
  return score.contract + (score.declarer === null ? "" : " " + score.declarer) +
    (score.tricks === null ? "" : " " + score.tricks) + ": " + side + " " + (p >= 0 ? "+" : "") + p;
}
// J11: one side's 12C3 figures from its own weights (assigned_builder._side_figures).
/** @param {any[]} lines @param {string} side @param {number | null} other @param {any[] | null} field @param {any} T */
function sideFigures(lines, side, other, field, T) {
  const round = function (/** @type {any} */ value) { return pyRound(value, T.comparison.PERCENT_DECIMALS); };
  const score = round(fsum(lines.map(function (/** @type {any} */ l) { return l.weight * points(l.score, side); })));
  if (other !== null) {
    const counterpart = side === "NS" ? other : -other;
    return [score, round(fsum(lines.map(function (/** @type {any} */ l) { return l.weight * imps(points(l.score, side) - counterpart, T); }))), null, null];
  }
  if (field !== null) {
    const others = side === "NS" ? field : field.map(function (/** @type {number} */ value) { return -value; });
    const top = T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * others.length;
    const units = round(fsum(lines.map(function (/** @type {any} */ l) { return l.weight * matchpointUnits(points(l.score, side), others, T); })));
    return [score, null, units, percentage(units, top, T)];
  }
  return [score, null, null, null];
}
// J11: the offending side weighted apart, or left on its 12C2 score (assigned_builder._equity_per_side).
/**
 * @param {any} equity
 * @param {any[]} results
 * @param {string} offending
 * @param {any} offending12c2
 * @param {any} other
 * @param {any[] | null} field
 * @param {boolean} offendingKeeps
 * @param {any} T
 */
function equityPerSide(equity, results, offending, offending12c2, other, field, offendingKeeps, T) {
  let figures, basis;
  if (offendingKeeps) {
    figures = [offending12c2.points, offending12c2.imps, offending12c2.matchpoints, offending12c2.percentage];
    basis = "12c2";
  } else {
    const lines = results.filter(function (/** @type {any} */ r) { return r.weight_offending; })
      .map(function (/** @type {any} */ r) { return { score: r.score, weight: r.weight_offending }; });
    if (!lines.length) return equity;
    figures = sideFigures(lines, offending, other, field, T);
    basis = "own_weights";
  }
  const suffix = offending === "NS" ? "_ns" : "_ew";
  equity["score" + suffix] = figures[0];
  equity["imps" + suffix] = figures[1];
  equity["matchpoints" + suffix] = figures[2];
  equity["percentage" + suffix] = figures[3];
  equity.offending = basis;
  return equity;
}
/** @param {any} score */
function outcome(score) { return { contract: score.contract, declarer: score.declarer, tricks: score.tricks }; }
/** @param {any} score @returns {Record<string, any>} */
function resultFields(score) {
  return { contract: score.contract, declarer: score.declarer, tricks: score.tricks, result: score.result };
}
/** @param {any} side */
function sideDict(side) {
  /** @type {Record<string, any>} */
  const out = { role: side.role, basis: side.basis, result_index: side.result_index };
  const fields = side.score === null ? { contract: null, declarer: null, tricks: null, result: null }
    : resultFields(side.score);
  Object.keys(fields).forEach(function (key) { out[key] = fields[key]; });
  out.score = side.points;
  out.imps = side.imps;
  out.matchpoints = side.matchpoints;
  out.percentage = side.percentage;
  return out;
}

// bridge.assigned_builder.build_assigned(request).as_dict(): both sides' assigned scores (Law 12C2), their IMPs
// (78B, 86B) or matchpoints (78A), and the appeals committee's equity score (12C3). Throws a FieldError.
/** @param {any} request @param {any} T */
function build(request, T) {
  if (!isObject(request)) throw FieldError(T, null, "request.body_not_object", {});
  const edition = get(request, "edition");
  if (edition !== null && (typeof edition !== "string" || T.assigned.EDITIONS.indexOf(edition) < 0)) {
    throw FieldError(T, "edition", "adjusted.edition_unknown", { value: edition, codes: T.assigned.EDITIONS.join(", ") });
  }
  if (edition !== null && edition !== T.assigned.EDITIONS[0]) return build2017(request, T, HELPERS);
  T.assigned.KEYS_2017_ONLY.forEach(function (/** @type {string} */ key) {
    if (has(request, key)) throw FieldError(T, key, "assigned.needs_wbf_edition", { name: key });
  });
  unknownKey(request, T.assigned.REQUEST_KEYS, "", T);
  const board = vulnerabilityOf(request, T);
  const vulnerability = board.vulnerability;
  if (!given(request, "offending_side")) {
    throw FieldError(T, "offending_side", "input.required", { name: "offending_side" });
  }
  const offending = parseSide(request.offending_side, "offending_side", T);
  const committee = flag(get(request, "appeals_committee"), "appeals_committee", T);
  // J10: the Director applies 12C3 only where the zone permits it (settings → tables.json).
  const director = flag(get(request, "director_12c3"), "director_12c3", T);
  if (director && !T.assigned.ZONE_PERMITS_DIRECTOR_12C3) throw FieldError(T, "director_12c3", "assigned.zone_not_permitted", {});
  const results = resultsOf(request, vulnerability, committee || director, T);
  const table = tableOf(request, vulnerability, T);
  const keepsTable = flag(get(request, "non_offending_keeps_table_result"), "non_offending_keeps_table_result", T);
  if (keepsTable && table === null) throw FieldError(T, "table_result", "assigned.keeps_needs_table", {});
  /** @type {string | number | null} */
  let ownIndex = null;
  results.forEach(function (result, index) { if (result.own && ownIndex === null) ownIndex = index; });
  if (keepsTable && ownIndex !== null) {
    throw FieldError(T, "non_offending_keeps_table_result", "assigned.own_row_and_keeps", {});
  }
  const other = otherTableOf(get(request, "other_table_score_ns"), T);
  const field = fieldOf(get(request, "field_scores_ns"), T);
  if (other !== null && field !== null) throw FieldError(T, "field_scores_ns", "assigned.two_comparisons", {});
  const knockoutMatch = flag(get(request, "knockout"), "knockout", T); // J13
  const offendingKeeps = flag(get(request, "offending_keeps_12c2"), "offending_keeps_12c2", T); // J11
  const offendingWeighted = results.some(function (r) { return r.weight_offending !== null; });
  if (offendingKeeps && offendingWeighted) {
    throw FieldError(T, "offending_keeps_12c2", "assigned.offending_weights_conflict", {});
  }
  if (offendingKeeps && !results.some(function (r) { return r.weight !== null; })) {
    throw FieldError(T, "offending_keeps_12c2", "assigned.offending_weights_missing", {});
  }

  const nonOffending = opponents(offending);
  /** @type {Record<string, any>} */
  const sides = {};
  const best = pick(results, nonOffending, true);
  // J1 (Laws 16A2, 40C, 12C2): with the table result, no damage → the table result stands for both sides.
  const damage = table === null ? null : points(results[best].score, nonOffending) > points(table, nonOffending);
  if (damage === false) {
    sides[nonOffending] = sideScore(nonOffending, "non_offending", "table", null, table);
    sides[offending] = sideScore(offending, "offending", "table", null, table);
  } else if (keepsTable) {
    sides[nonOffending] = sideScore(nonOffending, "non_offending", "table", null, table);
  } else if (ownIndex !== null) {
    // J5: the NOS's own result, never better than its 12C2 result, never below the table.
    const own = results[ownIndex].score;
    if (points(own, nonOffending) > points(results[best].score, nonOffending)) {
      throw FieldError(T, "results[" + ownIndex + "]", "assigned.own_row_better",
        { own: shortText(own, nonOffending), best: shortText(results[best].score, nonOffending) });
    }
    if (table !== null && points(own, nonOffending) <= points(table, nonOffending)) {
      sides[nonOffending] = sideScore(nonOffending, "non_offending", "table", null, table);
    } else {
      sides[nonOffending] = sideScore(nonOffending, "non_offending", "own_action", ownIndex, own);
    }
  } else {
    sides[nonOffending] = sideScore(nonOffending, "non_offending", "likely", best, results[best].score);
  }
  if (damage !== false) {
    const worst = pick(results, offending, false);
    sides[offending] = sideScore(offending, "offending", "at_all_probable", worst, results[worst].score);
  }
  if (table !== null && sides[offending].points > points(table, offending)) {
    throw FieldError(T, "table_result", "assigned.offenders_gain",
      { assigned: sides[offending].points, table: points(table, offending) });
  }
  let note = null;
  if (damage === false) {
    const noteParams = { best: shortText(results[best].score, nonOffending), table: shortText(table, nonOffending) };
    note = { code: "assigned.no_damage",
             en: Messages.text(T.messages, "assigned.no_damage", noteParams, "en"),
             zh: Messages.text(T.messages, "assigned.no_damage", noteParams, "zh") };
  }

  const laws = damage === false ? ["12C2", "16A2", "40C", "77"] : ["12C2", "77"];
  let top = null, knockout = null, comparison = null;
  if (other !== null) {
    sides.NS.imps = imps(sides.NS.points - other, T);
    sides.EW.imps = imps(sides.EW.points - (-other), T);
    laws.push("78B");
    if (knockoutMatch) { // J13: Law 86B, the average of the two given to both, in a knockout match only
      knockout = (sides.NS.imps - sides.EW.imps) / 2 + 0;
      laws.push("86B");
    }
    comparison = { other_table_score_ns: other, knockout_imps_ns: knockout };
  } else if (field !== null) {
    ["NS", "EW"].forEach(function (side) {
      const others = side === "NS" ? field : field.map(function (value) { return -value; });
      top = T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * others.length;
      sides[side].matchpoints = matchpointUnits(sides[side].points, others, T);
      sides[side].percentage = percentage(sides[side].matchpoints, top, T);
    });
    laws.push("78A");
    comparison = { field_scores_ns: field, top: top };
  }
  let equity = null;
  if (damage !== false) { // no damage: no assigned score for a committee to vary
    equity = equityOf(results, other, field, T);
    if (equity !== null) {
      equity = equityPerSide(equity, results, offending, sides[offending], other, field, offendingKeeps, T);
      equity.by = committee ? "appeals_committee" : "director";
    }
  }
  if (equity !== null) laws.push("12C3");
  const answer = answerOf(board, offending, results, sides, table, comparison, damage, note, laws);
  answer.equity = equity;
  answer.adjustment = damage === false ? null : { method: "assigned", vulnerability: vulnerability,
                                                  NS: outcome(sides.NS.score), EW: outcome(sides.EW.score) };
  return answer;
}

// The answer's fields both editions share (AssignedBuild._as_dict without equity and adjustment).
/**
 * @param {any} board @param {string} offending @param {any[]} results @param {any} sides @param {any} table
 * @param {any} comparison @param {any} damage @param {any} note @param {string[]} laws @returns {Record<string, any>}
 */
function answerOf(board, offending, results, sides, table, comparison, damage, note, laws) {
  return {
    vulnerability: board.vulnerability,
    board: board.board,
    offending_side: offending,
    non_offending_side: opponents(offending),
    results: results.map(function (result) {
      const out = resultFields(result.score);
      out.score_ns = result.score.score_ns;
      out.score_ew = result.score.score_ew;
      out.likely = result.likely;
      out.at_all_probable = result.at_all_probable;
      out.weight = result.weight;
      out.role = result.own ? "non_offending" : null;
      out.weight_offending = result.weight_offending;
      return out;
    }),
    NS: sideDict(sides.NS),
    EW: sideDict(sides.EW),
    score_ns: sides.NS.points,
    score_ew: sides.EW.points,
    balanced: sides.NS.points + sides.EW.points === 0,
    table_result: table === null ? null : (function () {
      const out = resultFields(table);
      out.score_ns = table.score_ns;
      out.score_ew = table.score_ew;
      return out;
    })(),
    comparison: comparison,
    damage: damage,
    note: note,
    laws: laws
  };
}

// The readers and the arithmetic engine/assigned2017.js shares (passed in, so neither module imports the other).
const HELPERS = {
  flag: flag, parseSide: parseSide, vulnerabilityOf: vulnerabilityOf, scoreOf: scoreOf, weightOf: weightOf,
  tableOf: tableOf, otherTableOf: otherTableOf, fieldOf: fieldOf, points: points, pick: pick, sideScore: sideScore,
  sideFigures: sideFigures, shortText: shortText, outcome: outcome, imps: imps, matchpointUnits: matchpointUnits,
  percentage: percentage, answer: answerOf
};

// {"status": "ok", "answer": …} or {"status": "error", error, field, code, params}: the API's 400 body.
/**
 * @param {any} fn
 * @param {any} input
 * @param {any} T
 */
function attempt(fn, input, T) {
  try {
    return { status: "ok", answer: fn(input, T) };
  } catch (/** @type {any} */ error) {
    if (isFieldError(error)) {
      return { status: "error", error: error.message, field: error.field, code: error.code, params: error.params };
    }
    throw error;
  }
}

/** @param {any} request @param {any} T */
function buildOrError(request, T) { return attempt(build, request, T); }
/** @param {any} poll @param {any} T */
function tallyOrError(poll, T) { return attempt(tally, poll, T); }

// The poll is bridge/poll.py's port (engine/poll.js); the values and errors both read are engine/values.js.
export { build, tally, buildOrError, tallyOrError, pyRound, fsum, isFieldError };
