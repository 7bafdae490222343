// 裁判助手 — the Law 12C2 assigned-score builder and the player poll in the browser, for the judgement pages
// offline (the builder page /tools/assigned/ and the ruling form /rulings/<slug>/form/).
//
// A port of bridge/assigned_builder.py (build_assigned) and bridge/poll.py (tally), line for line, that holds no
// number of its own: every Law 77 score comes from the table bridge computes (via tree-evaluator.js's score()),
// the IMP scale, the matchpoint units, the board table, the limits and the field names from /offline/tables.json
// (offline/data.py judgement_tables). Bad input is refused as the engine refuses it — the same field, message
// code and params (messages.js formats them from the catalogue) — so the page says what the API would say.
// tests/e2e/test_assigned_parity.py runs it in chromium against the Python engine on good and bad input.
// Needs messages.js and tree-evaluator.js loaded first. Works in a page and in a worker: self.CaipanAssigned.
(function (root) {
  "use strict";

  // --------------------------------------------------------------------------------------------- errors
  // bridge.errors.FieldError: the field, the message's code and params, and its English text as the message.
  function FieldError(T, field, code, params) {
    params = params || {};
    var error = new Error(root.CaipanMessages.text(T.messages, code, params, "en"));
    error.name = "FactError";
    error.field = field;
    error.code = code;
    error.params = params;
    return error;
  }
  function isFieldError(error) { return error && error.name === "FactError"; }

  // ------------------------------------------------------------------------------------ Python's values
  function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
  function get(object, name) { return has(object, name) && object[name] !== undefined ? object[name] : null; }
  function given(object, name) { return get(object, name) !== null; }
  function isInt(value) { return typeof value === "number" && Number.isInteger(value); }
  function isObject(value) { return value !== null && typeof value === "object" && !Array.isArray(value); }

  // math.fsum: the sum of the values without the rounding errors of adding them in turn (Shewchuk's partials).
  function fsum(values) {
    var partials = [];
    values.forEach(function (value) {
      var x = value;
      var kept = 0;
      for (var j = 0; j < partials.length; j++) {
        var y = partials[j];
        if (Math.abs(x) < Math.abs(y)) { var swap = x; x = y; y = swap; }
        var hi = x + y;
        var lo = y - (hi - x);
        if (lo) partials[kept++] = lo;
        x = hi;
      }
      partials.length = kept;
      partials.push(x);
    });
    return partials.reduce(function (total, part) { return total + part; }, 0);
  }

  // round(x, digits) as Python rounds: to the nearest decimal, and a tie (x exactly halfway, judged on its exact
  // binary value) to the even digit. JavaScript's toFixed rounds a tie up, so a tie is looked for first.
  function pyRound(x, digits) {
    if (!isFinite(x) || x === 0) return x + 0;
    var exact = Math.abs(x).toFixed(100).split(".");
    var fraction = exact[1];
    var rest = fraction.slice(digits);
    if (/^50*$/.test(rest)) {
      var kept = exact[0] + fraction.slice(0, digits);
      var last = Number(kept.charAt(kept.length - 1));
      var whole = BigInt(kept) + (last % 2 === 1 ? 1n : 0n);
      var text = whole.toString().padStart(digits + 1, "0");
      var decimal = text.slice(0, text.length - digits) + (digits ? "." + text.slice(text.length - digits) : "");
      return (x < 0 ? -Number(decimal) : Number(decimal)) + 0;
    }
    return Number(x.toFixed(digits)) + 0;
  }

  // ------------------------------------------------------------------------------------- Law 78 (comparison.py)
  function percentage(points, top, T) {
    if (top === 0) return T.comparison.LONE_SCORE_PERCENTAGE;
    return pyRound(points / top * 100, T.comparison.PERCENT_DECIMALS);
  }
  function imps(diff, T) {
    var size = Math.abs(diff);
    var scale = T.comparison.IMP_SCALE;
    for (var i = 0; i < scale.length; i++) {
      if (size <= scale[i][0]) return diff >= 0 ? scale[i][1] : -scale[i][1];
    }
    return diff >= 0 ? T.comparison.IMP_MAX : -T.comparison.IMP_MAX;
  }
  function matchpointUnits(score, others, T) {
    var lower = 0, equal = 0;
    others.forEach(function (other) { if (other < score) lower++; else if (other === score) equal++; });
    return T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * lower + T.comparison.MATCHPOINTS_PER_TIE * equal;
  }

  // ------------------------------------------------------------------------------------------ the request
  function unknownKey(data, allowed, prefix, T) {
    var unknown = Object.keys(data).filter(function (key) { return allowed.indexOf(key) < 0; }).sort();
    if (unknown.length) throw FieldError(T, prefix + unknown[0], "request.unknown_key", { name: unknown[0] });
  }

  function flag(value, field, T) {
    if (value === null) return false;
    if (typeof value !== "boolean") {
      throw FieldError(T, field, "assigned.flag_not_bool", { name: field, value: value });
    }
    return value;
  }

  function parseSide(value, field, T) {
    if (typeof value === "string") {
      var key = value.replace(/\s+/g, "").toUpperCase().replace(/-/g, "").replace(/\//g, "");
      if (has(T.side_names, key)) return T.side_names[key];
    }
    throw FieldError(T, field, "cards.side_unknown", { value: value });
  }
  function opponents(side) { return side === "NS" ? "EW" : "NS"; }

  // Law 2: the board's vulnerability, from `board` when given (`vulnerability` must then agree).
  function vulnerabilityOf(request, T) {
    if (given(request, "board")) {
      var number = request.board;
      if (!isInt(number)) throw FieldError(T, "board", "board.not_whole", { number: number });
      if (number < 1) throw FieldError(T, "board", "board.below_one", { number: number });
      var cycle = T.boards.VULNERABILITY_CYCLE;
      var vulnerability = cycle[(number - 1) % cycle.length];
      if (given(request, "vulnerability")) {
        var stated = root.CaipanTree.parseVulnerability(request.vulnerability, "vulnerability", T);
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
    return { vulnerability: root.CaipanTree.parseVulnerability(request.vulnerability, "vulnerability", T), board: null };
  }

  // Law 77: a row's score (bridge.scoring.score), its errors naming `where.<field>`.
  function scoreOf(data, vulnerability, where, T) {
    try {
      var contract = root.CaipanTree.parseContract(get(data, "contract"), "contract", T);
      var declarer = get(data, "declarer");
      var scored = root.CaipanTree.score(contract, declarer, vulnerability, get(data, "tricks"), T);
      var text = contract.strain === null ? T.pass_text
        : contract.level + contract.strain + T.cards.doubling_marks[contract.doubled];
      return {
        contract: text,
        declarer: declarer === null ? null : root.CaipanTree.parseSeat(declarer, "declarer", T),
        tricks: scored.tricks,
        result: scored.result,
        score_ns: scored.score_ns,
        score_ew: scored.score_ew
      };
    } catch (error) {
      if (isFieldError(error)) error.field = where + "." + error.field;
      throw error;
    }
  }

  function weightOf(value, field, number, committee, T) {
    if (value === null) return null;
    if (!committee) throw FieldError(T, field, "assigned.weight_not_committee", {});
    if (typeof value !== "number" || !isFinite(value) || value < 0 || value > 1) {
      throw FieldError(T, field, "assigned.weight_range", { number: number, value: value });
    }
    return value;
  }

  function resultsOf(request, vulnerability, committee, T) {
    var A = T.assigned;
    var raw = get(request, "results");
    if (raw === null) throw FieldError(T, "results", "input.required", { name: "results" });
    if (!Array.isArray(raw)) throw FieldError(T, "results", "assigned.results_not_list", {});
    if (!raw.length) throw FieldError(T, "results", "assigned.results_empty", {});
    if (raw.length > A.MAX_RESULTS) throw FieldError(T, "results", "assigned.results_too_many", { max: A.MAX_RESULTS });
    var seenOwn = false;
    var results = raw.map(function (item, index) {
      var where = "results[" + index + "]";
      if (!isObject(item)) throw FieldError(T, where, "assigned.result_not_object", { index: index });
      unknownKey(item, A.RESULT_KEYS, where + ".", T);
      var scored = scoreOf(item, vulnerability, where, T);
      // J5: a row tagged role non_offending is the NOS's own result (assigned_builder._own_row).
      var role = get(item, "role");
      if (role !== null && role !== "non_offending") throw FieldError(T, where + ".role", "assigned.role_unknown", { value: role });
      var own = role !== null;
      var likely = flag(get(item, "likely"), where + ".likely", T);
      var probable = flag(get(item, "at_all_probable"), where + ".at_all_probable", T);
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
      var weight = weightOf(get(item, "weight"), where + ".weight", index + 1, committee, T);
      var weightOffending = weightOf(get(item, "weight_offending"), where + ".weight_offending", index + 1, committee, T);
      return { score: scored, likely: likely, at_all_probable: probable, weight: weight, own: false,
               weight_offending: weightOffending };
    });
    if (!results.some(function (result) { return result.likely; })) {
      throw FieldError(T, "results", "assigned.none_likely", {});
    }
    var weights = results.filter(function (r) { return r.weight !== null; }).map(function (r) { return r.weight; });
    if (weights.length) {
      var total = fsum(weights);
      if (Math.abs(total - 1) > A.WEIGHT_TOLERANCE) throw FieldError(T, "results", "adjusted.weights_sum", { total: total });
    }
    // J11: the offending side's own weights sum to 1 too, and need the NOS's weights beside them.
    var offendingWeights = results.filter(function (r) { return r.weight_offending !== null; })
      .map(function (r) { return r.weight_offending; });
    if (offendingWeights.length) {
      var totalOffending = fsum(offendingWeights);
      if (Math.abs(totalOffending - 1) > A.WEIGHT_TOLERANCE) {
        throw FieldError(T, "results", "adjusted.weights_sum", { total: totalOffending });
      }
      if (!weights.length) throw FieldError(T, "results", "assigned.offending_weights_missing", {});
    }
    return results;
  }

  function tableOf(request, vulnerability, T) {
    var raw = get(request, "table_result");
    if (raw === null) return null;
    if (!isObject(raw)) throw FieldError(T, "table_result", "assigned.table_not_object", {});
    unknownKey(raw, T.assigned.TABLE_KEYS, "table_result.", T);
    return scoreOf(raw, vulnerability, "table_result", T);
  }

  function otherTableOf(value, T) {
    if (value === null) return null;
    if (!isInt(value)) throw FieldError(T, "other_table_score_ns", "adjusted.other_table_not_whole", { value: value });
    return value;
  }

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
  function points(score, side) { return side === "NS" ? score.score_ns : score.score_ew; }

  // Law 12C2: the result most favourable (best) to `side` among the likely ones, or most unfavourable among the
  // at-all-probable ones; on a tie, the first listed.
  function pick(results, side, best) {
    var chosen = null;
    results.forEach(function (result, index) {
      if (!(best ? result.likely : result.at_all_probable)) return;
      if (chosen === null) { chosen = index; return; }
      var mine = points(result.score, side), kept = points(results[chosen].score, side);
      if (best ? mine > kept : mine < kept) chosen = index;
    });
    return chosen;
  }

  function sideScore(side, role, basis, index, score) {
    return { side: side, role: role, basis: basis, result_index: index, score: score, points: points(score, side),
             imps: null, matchpoints: null, percentage: null };
  }

  function equityOf(results, other, field, T) {
    var lines = results.filter(function (result) { return result.weight; });
    if (!lines.length) return null;
    var round = function (value) { return pyRound(value, T.comparison.PERCENT_DECIMALS); };
    var scoreNs = round(fsum(lines.map(function (l) { return l.weight * l.score.score_ns; })));
    var equity = { score_ns: scoreNs, score_ew: round(-scoreNs), imps_ns: null, imps_ew: null, matchpoints_ns: null,
                   matchpoints_ew: null, percentage_ns: null, percentage_ew: null, offending: "same", by: "appeals_committee" };
    if (other !== null) {
      var totalImps = round(fsum(lines.map(function (l) { return l.weight * imps(l.score.score_ns - other, T); })));
      equity.imps_ns = totalImps;
      equity.imps_ew = round(-totalImps);
    } else if (field !== null) {
      var top = T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * field.length;
      var total = round(fsum(lines.map(function (l) { return l.weight * matchpointUnits(l.score.score_ns, field, T); })));
      equity.matchpoints_ns = total;
      equity.matchpoints_ew = round(top - total);
      equity.percentage_ns = percentage(total, top, T);
      equity.percentage_ew = percentage(top - total, top, T);
    }
    return equity;
  }

  // J1: a result as the no-damage note names it, "4HX W 9: NS +200" (assigned_builder._short).
  function shortText(score, side) {
    var p = points(score, side);
    return score.contract + (score.declarer === null ? "" : " " + score.declarer) +
      (score.tricks === null ? "" : " " + score.tricks) + ": " + side + " " + (p >= 0 ? "+" : "") + p;
  }
  // J11: one side's 12C3 figures from its own weights (assigned_builder._side_figures).
  function sideFigures(lines, side, other, field, T) {
    var round = function (value) { return pyRound(value, T.comparison.PERCENT_DECIMALS); };
    var score = round(fsum(lines.map(function (l) { return l.weight * points(l.score, side); })));
    if (other !== null) {
      var counterpart = side === "NS" ? other : -other;
      return [score, round(fsum(lines.map(function (l) { return l.weight * imps(points(l.score, side) - counterpart, T); }))), null, null];
    }
    if (field !== null) {
      var others = side === "NS" ? field : field.map(function (value) { return -value; });
      var top = T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * others.length;
      var units = round(fsum(lines.map(function (l) { return l.weight * matchpointUnits(points(l.score, side), others, T); })));
      return [score, null, units, percentage(units, top, T)];
    }
    return [score, null, null, null];
  }
  // J11: the offending side weighted apart, or left on its 12C2 score (assigned_builder._equity_per_side).
  function equityPerSide(equity, results, offending, offending12c2, other, field, offendingKeeps, T) {
    var figures, basis;
    if (offendingKeeps) {
      figures = [offending12c2.points, offending12c2.imps, offending12c2.matchpoints, offending12c2.percentage];
      basis = "12c2";
    } else {
      var lines = results.filter(function (r) { return r.weight_offending; })
        .map(function (r) { return { score: r.score, weight: r.weight_offending }; });
      if (!lines.length) return equity;
      figures = sideFigures(lines, offending, other, field, T);
      basis = "own_weights";
    }
    var suffix = offending === "NS" ? "_ns" : "_ew";
    equity["score" + suffix] = figures[0];
    equity["imps" + suffix] = figures[1];
    equity["matchpoints" + suffix] = figures[2];
    equity["percentage" + suffix] = figures[3];
    equity.offending = basis;
    return equity;
  }
  function outcome(score) { return { contract: score.contract, declarer: score.declarer, tricks: score.tricks }; }
  function resultFields(score) {
    return { contract: score.contract, declarer: score.declarer, tricks: score.tricks, result: score.result };
  }
  function sideDict(side) {
    var out = { role: side.role, basis: side.basis, result_index: side.result_index };
    var fields = resultFields(side.score);
    Object.keys(fields).forEach(function (key) { out[key] = fields[key]; });
    out.score = side.points;
    out.imps = side.imps;
    out.matchpoints = side.matchpoints;
    out.percentage = side.percentage;
    return out;
  }

  // bridge.assigned_builder.build_assigned(request).as_dict(): both sides' assigned scores (Law 12C2), their IMPs
  // (78B, 86B) or matchpoints (78A), and the appeals committee's equity score (12C3). Throws a FieldError.
  function build(request, T) {
    if (!isObject(request)) throw FieldError(T, null, "request.body_not_object", {});
    unknownKey(request, T.assigned.REQUEST_KEYS, "", T);
    var board = vulnerabilityOf(request, T);
    var vulnerability = board.vulnerability;
    if (!given(request, "offending_side")) {
      throw FieldError(T, "offending_side", "input.required", { name: "offending_side" });
    }
    var offending = parseSide(request.offending_side, "offending_side", T);
    var committee = flag(get(request, "appeals_committee"), "appeals_committee", T);
    // J10: the Director applies 12C3 only where the zone permits it (settings → tables.json).
    var director = flag(get(request, "director_12c3"), "director_12c3", T);
    if (director && !T.assigned.ZONE_PERMITS_DIRECTOR_12C3) throw FieldError(T, "director_12c3", "assigned.zone_not_permitted", {});
    var results = resultsOf(request, vulnerability, committee || director, T);
    var table = tableOf(request, vulnerability, T);
    var keepsTable = flag(get(request, "non_offending_keeps_table_result"), "non_offending_keeps_table_result", T);
    if (keepsTable && table === null) throw FieldError(T, "table_result", "assigned.keeps_needs_table", {});
    var ownIndex = null;
    results.forEach(function (result, index) { if (result.own && ownIndex === null) ownIndex = index; });
    if (keepsTable && ownIndex !== null) {
      throw FieldError(T, "non_offending_keeps_table_result", "assigned.own_row_and_keeps", {});
    }
    var other = otherTableOf(get(request, "other_table_score_ns"), T);
    var field = fieldOf(get(request, "field_scores_ns"), T);
    if (other !== null && field !== null) throw FieldError(T, "field_scores_ns", "assigned.two_comparisons", {});
    var knockoutMatch = flag(get(request, "knockout"), "knockout", T); // J13
    var offendingKeeps = flag(get(request, "offending_keeps_12c2"), "offending_keeps_12c2", T); // J11
    var offendingWeighted = results.some(function (r) { return r.weight_offending !== null; });
    if (offendingKeeps && offendingWeighted) {
      throw FieldError(T, "offending_keeps_12c2", "assigned.offending_weights_conflict", {});
    }
    if (offendingKeeps && !results.some(function (r) { return r.weight !== null; })) {
      throw FieldError(T, "offending_keeps_12c2", "assigned.offending_weights_missing", {});
    }

    var nonOffending = opponents(offending);
    var sides = {};
    var best = pick(results, nonOffending, true);
    // J1 (Laws 16A2, 40C, 12C2): with the table result, no damage → the table result stands for both sides.
    var damage = table === null ? null : points(results[best].score, nonOffending) > points(table, nonOffending);
    if (damage === false) {
      sides[nonOffending] = sideScore(nonOffending, "non_offending", "table", null, table);
      sides[offending] = sideScore(offending, "offending", "table", null, table);
    } else if (keepsTable) {
      sides[nonOffending] = sideScore(nonOffending, "non_offending", "table", null, table);
    } else if (ownIndex !== null) {
      // J5: the NOS's own result, never better than its 12C2 result, never below the table.
      var own = results[ownIndex].score;
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
      var worst = pick(results, offending, false);
      sides[offending] = sideScore(offending, "offending", "at_all_probable", worst, results[worst].score);
    }
    if (table !== null && sides[offending].points > points(table, offending)) {
      throw FieldError(T, "table_result", "assigned.offenders_gain",
        { assigned: sides[offending].points, table: points(table, offending) });
    }
    var note = null;
    if (damage === false) {
      var noteParams = { best: shortText(results[best].score, nonOffending), table: shortText(table, nonOffending) };
      note = { code: "assigned.no_damage",
               en: root.CaipanMessages.text(T.messages, "assigned.no_damage", noteParams, "en"),
               zh: root.CaipanMessages.text(T.messages, "assigned.no_damage", noteParams, "zh") };
    }

    var laws = damage === false ? ["12C2", "16A2", "40C", "77"] : ["12C2", "77"];
    var top = null, knockout = null, comparison = null;
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
        var others = side === "NS" ? field : field.map(function (value) { return -value; });
        top = T.comparison.MATCHPOINTS_PER_SCORE_BEATEN * others.length;
        sides[side].matchpoints = matchpointUnits(sides[side].points, others, T);
        sides[side].percentage = percentage(sides[side].matchpoints, top, T);
      });
      laws.push("78A");
      comparison = { field_scores_ns: field, top: top };
    }
    var equity = null;
    if (damage !== false) { // no damage: no assigned score for a committee to vary
      equity = equityOf(results, other, field, T);
      if (equity !== null) {
        equity = equityPerSide(equity, results, offending, sides[offending], other, field, offendingKeeps, T);
        equity.by = committee ? "appeals_committee" : "director";
      }
    }
    if (equity !== null) laws.push("12C3");
    return {
      vulnerability: vulnerability,
      board: board.board,
      offending_side: offending,
      non_offending_side: nonOffending,
      results: results.map(function (result) {
        var out = resultFields(result.score);
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
        var out = resultFields(table);
        out.score_ns = table.score_ns;
        out.score_ew = table.score_ew;
        return out;
      })(),
      comparison: comparison,
      equity: equity,
      damage: damage,
      note: note,
      adjustment: damage === false ? null : { method: "assigned", vulnerability: vulnerability,
                                              NS: outcome(sides.NS.score), EW: outcome(sides.EW.score) },
      laws: laws
    };
  }

  // ---------------------------------------------------------------------------------------- the poll (poll.py)
  function sameCall(text) { return text.replace(/\s+/g, "").toUpperCase(); }

  function callText(value, field, T) {
    var max = T.poll.MAX_CALL_LENGTH;
    if (typeof value !== "string" || !value.trim() || Array.from(value.trim()).length > max) {
      throw FieldError(T, field, "poll.call_text", { name: field, max: max, value: value });
    }
    return value.trim().replace(/\s+/g, " ");
  }

  function count(value, field, T) {
    if (value === null) return 0;
    if (!isInt(value) || value < 0 || value > T.poll.MAX_PEERS) {
      throw FieldError(T, field, "poll.count", { name: field, max: T.poll.MAX_PEERS, value: value });
    }
    return value;
  }

  // bridge.poll.tally(poll).as_dict(): each call's choices and serious considerations, and the other calls
  // that came up. A count, not the Director's judgement of the logical alternative. Throws a FieldError.
  function tally(poll, T) {
    var P = T.poll;
    if (!isObject(poll)) throw FieldError(T, null, "request.body_not_object", {});
    unknownKey(poll, P.POLL_KEYS, "", T);
    var action = callText(get(poll, "action"), "action", T);
    var raw = get(poll, "calls");
    if (!Array.isArray(raw)) throw FieldError(T, "calls", "poll.calls_not_list", {});
    if (raw.length < 1 || raw.length > P.MAX_POLL_CALLS) {
      throw FieldError(T, "calls", "poll.calls_count", { max: P.MAX_POLL_CALLS });
    }
    var seen = [];
    var rows = raw.map(function (item, index) {
      var where = "calls[" + index + "]";
      if (!isObject(item)) throw FieldError(T, where, "poll.call_not_object", { index: index });
      unknownKey(item, P.CALL_KEYS, where + ".", T);
      var call = callText(get(item, "call"), where + ".call", T);
      if (seen.indexOf(sameCall(call)) >= 0) throw FieldError(T, where + ".call", "poll.call_duplicate", { value: call });
      seen.push(sameCall(call));
      var chose = count(get(item, "chose"), where + ".chose", T);
      var considered = count(get(item, "considered"), where + ".considered", T);
      return { call: call, chose: chose, considered: considered };
    });
    if (seen.indexOf(sameCall(action)) < 0) throw FieldError(T, "action", "poll.action_not_listed", { value: action });
    var polled = rows.reduce(function (sum, row) { return sum + row.chose; }, 0);
    if (polled === 0) throw FieldError(T, "calls", "poll.nobody", {});
    var calls = rows.map(function (row) {
      return { call: row.call, chose: row.chose, considered: row.considered,
               share: percentage(row.chose, polled, T), taken: sameCall(row.call) === sameCall(action) };
    });
    var others = calls.map(function (call, index) { return { index: index, call: call }; }).filter(function (item) {
      return !item.call.taken && (item.call.chose || item.call.considered);
    });
    others.sort(function (a, b) {
      return (b.call.chose - a.call.chose) || (b.call.considered - a.call.considered) || (a.index - b.index);
    });
    var reading = others.some(function (item) { return item.call.chose; }) ? "alternative_chosen"
      : others.length ? "alternative_considered" : "no_alternative";
    var taken = calls.filter(function (call) { return call.taken; })[0];
    return {
      action: action,
      polled: polled,
      calls: calls,
      action_chose: taken.chose,
      action_share: taken.share,
      alternatives: others.map(function (item) { return item.call.call; }),
      reading: reading
    };
  }

  // {"status": "ok", "answer": …} or {"status": "error", error, field, code, params}: the API's 400 body.
  function attempt(fn, input, T) {
    try {
      return { status: "ok", answer: fn(input, T) };
    } catch (error) {
      if (isFieldError(error)) {
        return { status: "error", error: error.message, field: error.field, code: error.code, params: error.params };
      }
      throw error;
    }
  }

  root.CaipanAssigned = {
    build: build,
    tally: tally,
    buildOrError: function (request, T) { return attempt(build, request, T); },
    tallyOrError: function (poll, T) { return attempt(tally, poll, T); },
    pyRound: pyRound,
    fsum: fsum,
    isFieldError: isFieldError
  };
})(typeof self !== "undefined" ? self : this);
