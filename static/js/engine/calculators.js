// 裁判助手 — the calculators' input checks and arithmetic in the browser (Laws 77, 78, 12C1, 12C2), for the
// calculator pages offline (pages/calculators.js draws them).
//
// A port of bridge/inputs.py and rulings/calculators.py (score_from_params, score_data, adjustment_from_post,
// adjusted_score) that holds no score number and no law arithmetic of its own: it reads /offline/tables.json,
// generated from bridge/ (offline/data.py): every Law 77 score and breakdown, the IMP scale and matchpoint units
// of Law 78, the Law 12C1 artificial scores. It parses the query string as the server's views do (same fields,
// same checks, same order), so it refuses bad input with the engine's code and params. An ES module with no DOM.

import * as Tree from "./trees.js";
import { PyFloat } from "./messages.js";
import { pyRound } from "./values.js";

// ---------------------------------------------------------------------------------------------- errors
/** @param {string} field @param {string | undefined} code @param {any} params */
function FieldError(field, code, params) {
  const error = /** @type {any} */ (new Error(code));
  error.name = "FieldError";
  error.field = field;
  error.code = code;
  error.params = params || {};
  return error;
}
/** @param {any} error @param {any} T */
function rethrow(error, T) {
  // The tree evaluator's FactError is the same error (field, code, params).
  if (Tree.isFactError(error)) throw FieldError(error.field, error.code, error.params);
  throw error;
}

// ------------------------------------------------------------------------------- bridge.inputs, in JS
const WHOLE = /^[+-]?[0-9]+$/;
const SEPARATORS = /[\s,，]+/;
const PY_FLOAT = /^[+-]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf(?:inity)?|nan)$/i;
/** @param {any} params @param {string} name */
function given(params, name) { const v = params.get(name); return v !== null && v !== ""; }
/** @param {any} params @param {string} field */
function required(params, field) {
  if (!given(params, field)) throw FieldError(field, "input.required", { name: field });
  return params.get(field);
}
// bridge/inputs.py MAX_DIGITS (security review N1): the most digits a whole number typed to the site may have;
// the golden files (calculators.json, judgement.json) hold the two equal.
const MAX_DIGITS = 15;
/** @param {string} text */
function tooLong(text) { return text.trim().replace(/^[+-]+/, "").length > MAX_DIGITS; }
/** @param {any} value @param {string} field @param {number | undefined} [low] @param {number | undefined} [high] */
function wholeNumber(value, field, low, high) {
  const text = String(value).trim();
  if (!WHOLE.test(text)) throw FieldError(field, "input.not_whole", { name: field, value: value });
  if (tooLong(text)) {  // bridge.inputs._too_long_error
    if (low !== undefined && high !== undefined) {
      throw FieldError(field, "input.out_of_range", { name: field, low: low, high: high, value: value });
    }
    throw FieldError(field, "input.too_long", { name: field, digits: MAX_DIGITS });
  }
  const number = parseInt(text, 10);
  if ((low !== undefined && number < low) || (high !== undefined && number > high)) {
    if (high === undefined) throw FieldError(field, "input.below", { name: field, low: low, value: number });
    throw FieldError(field, "input.out_of_range", { name: field, low: low, high: high, value: number });
  }
  return number;
}
/** @param {any} value @param {string} field */
function number(value, field) {
  const text = String(value).trim();
  if (!PY_FLOAT.test(text)) throw FieldError(field, "input.not_number", { name: field, value: value });
  if (text.length > MAX_DIGITS + 2) throw FieldError(field, "input.too_long", { name: field, digits: MAX_DIGITS });
  const lower = text.toLowerCase().replace(/^[+-]/, "");
  // bridge.inputs.number: finite only (inf and nan read as floats in Python, then are refused)
  if (lower === "nan" || lower.indexOf("inf") === 0) throw FieldError(field, "input.not_number", { name: field, value: value });
  return Number(text);
}
/** @param {string} text @param {any} [field] */
function scoresFromText(text, field) {
  /** @type {number[]} */
  const out = [];
  text.trim().split(SEPARATORS).forEach(function (/** @type {string} */ token) {
    if (!token) return;
    if (!WHOLE.test(token)) throw FieldError(field || "scores", "input.not_score", { token: token });
    if (tooLong(token)) throw FieldError(field || "scores", "input.too_long", { name: field || "scores", digits: MAX_DIGITS });
    out.push(parseInt(token, 10));
  });
  return out;
}

// ------------------------------------------------------------------------------------ the computations
/** @param {any} contract @param {any} T */
function contractKey(contract, T) { return contract.level + contract.strain + T.cards.doubling_marks[contract.doubled]; }
/** @param {any} contract @param {any} T */
function contractText(contract, T) { return contract.strain === null ? T.pass_text : contractKey(contract, T); }

// bridge.board_info: Law 2's dealer and vulnerability of a board.
/** @param {number} n @param {any} T */
function boardInfo(n, T) {
  const dealers = T.boards.DEALER_CYCLE, vuls = T.boards.VULNERABILITY_CYCLE;
  return { number: n, dealer: dealers[(n - 1) % dealers.length], vulnerability: vuls[(n - 1) % vuls.length] };
}

// rulings.calculators.score_from_params + score_data, from the pad's query string; the breakdown's labels in Chinese
// or English.
/** @param {any} params @param {any} T @param {boolean} chinese */
function scoreFromParams(params, T, chinese) {
  let contractValue = params.get("contract");
  if (params.get("passed") === "1") contractValue = "PASS";
  else if (given(params, "level") && given(params, "strain")) {
    contractValue = params.get("level") + params.get("strain") + (params.get("dbl") || "");
  }
  if (contractValue === null || contractValue === "") throw FieldError("contract", "input.required", { name: "contract" });
  /** @type {any} */
  let contract;
  /** @type {any} */
  let result;
  /** @type {any} */
  let tricks;
  let board = null, vulnerability, declarer;
  try {
    contract = Tree.parseContract(contractValue, "contract", T);
    if (given(params, "board")) {
      // As the server: a whole number from 1, then at most BOARD_MAX (an older stored copy of the tables: no limit).
      const number = wholeNumber(params.get("board"), "board", 1);
      board = boardInfo(wholeNumber(number, "board", 1, T.calculators.BOARD_MAX), T);
      vulnerability = board.vulnerability;
    } else if (contract.strain === null && !given(params, "vulnerability")) {
      vulnerability = T.calculators.PASSED_OUT_VULNERABILITY;
    } else {
      vulnerability = Tree.parseVulnerability(required(params, "vulnerability"), "vulnerability", T);
    }
    if (contract.strain === null) {
      declarer = params.get("declarer") || null;
      tricks = given(params, "tricks") ? wholeNumber(params.get("tricks"), "tricks", 0, T.cards.TOTAL_TRICKS) : null;
    } else {
      declarer = Tree.parseSeat(required(params, "declarer"), "declarer", T);
      tricks = wholeNumber(required(params, "tricks"), "tricks", 0, T.cards.TOTAL_TRICKS);
    }
    result = Tree.score(contract, declarer, vulnerability, tricks, T);
  } catch (/** @type {any} */ error) { rethrow(error, T); }
  /** @type {any[]} */
  let breakdown = [];
  if (contract.strain !== null) {
    const B = T.breakdowns;
    breakdown = B.rows[contractKey(contract, T)][result.vulnerable ? "true" : "false"][tricks].map(function (/** @type {string | number} */ i) {
      const line = B.items[i];  // [item, label_zh, points] and labels_en[i] (offline/data.py law77_breakdowns)
      return { item: line[0], label: chinese ? line[1] : B.labels_en[i], points: line[2], law: B.law };
    });
  }
  return {
    contract: contractText(contract, T),
    declarer: contract.strain === null ? (declarer ? Tree.parseSeat(declarer, "declarer", T) : null) : declarer,
    tricks: result.tricks, result: result.result, score_ns: result.score_ns, score_ew: result.score_ew,
    breakdown: breakdown, board: board
  };
}

// bridge.imps (Law 78B) on the IMP scale of bridge/tables.py.
/** @param {number} diff @param {any} T */
function imps(diff, T) {
  const size = Math.abs(diff), scale = T.comparison.IMP_SCALE;
  for (let i = 0; i < scale.length; i++) if (size <= scale[i][0]) return diff >= 0 ? scale[i][1] : -scale[i][1];
  return diff >= 0 ? T.comparison.IMP_MAX : -T.comparison.IMP_MAX;
}

// bridge.matchpoints (Law 78A): 2 per score beaten, 1 per tie, top 2 × (n − 1), percentages to 2 decimals.
/** @param {any[]} scores @param {any} T */
function matchpoints(scores, T) {
  if (!scores.length) throw FieldError("scores", "comparison.scores_empty", {});
  const C = T.comparison;
  const top = C.MATCHPOINTS_PER_SCORE_BEATEN * (scores.length - 1);
  const rows = scores.map(function (/** @type {number} */ score) {
    let lower = 0, equal = 0;
    scores.forEach(function (/** @type {number} */ other) { if (other < score) lower++; else if (other === score) equal++; });
    const mp = C.MATCHPOINTS_PER_SCORE_BEATEN * lower + C.MATCHPOINTS_PER_TIE * (equal - 1);
    const pct = top === 0 ? C.LONE_SCORE_PERCENTAGE : pyRound(mp / top * 100, C.PERCENT_DECIMALS);
    return { score: score, mp: mp, pct: pct };
  });
  return { rows: rows, top: top };
}

// rulings.forms.adjustment_from_post + rulings.calculators.adjusted_score for 12C1 and 12C2.
/** @param {any} params @param {any} T */
function adjusted(params, T) {
  const method = (params.get("method") || "").trim();
  const get = function (/** @type {string} */ name) { return (params.get(name) || "").trim(); };
  if (method === "artificial") {
    /** @type {Record<string, any>} */
    const sessions = {};
    ["NS", "EW"].forEach(function (side) {
      if (get("session_" + side)) sessions[side] = number(get("session_" + side), "session_percent." + side);
    });
    const form = get("form").toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(T.artificial, form)) {
      throw FieldError("form", "adjusted.form_unknown", { value: get("form") });
    }
    /** @type {Record<string, any>} */
    const faults = {};
    ["NS", "EW"].forEach(function (side) {
      const fault = get("fault_" + side).toLowerCase();
      if (!Object.prototype.hasOwnProperty.call(T.artificial[form], fault)) {
        throw FieldError("fault." + side, "adjusted.fault_unknown", { value: get("fault_" + side) });
      }
      faults[side] = fault;
    });
    const usedSessions = form === "pairs" ? sessions : {};
    Object.keys(usedSessions).forEach(function (side) {
      const value = usedSessions[side], field = "session_percent." + side;
      const asFloat = new PyFloat(value); // Python read it with float()
      if (!isFinite(value)) throw FieldError(field, "adjusted.session_not_number", { value: asFloat });
      if (!(value >= 0 && value <= 100)) throw FieldError(field, "adjusted.session_range", { value: asFloat });
      usedSessions[side] = pyRound(value, T.comparison.PERCENT_DECIMALS);
    });
    /** @type {Record<string, any>} */
    const out = {};
    ["NS", "EW"].forEach(function (side) {
      const entry = T.artificial[form][faults[side]];
      /** @type {Record<string, any>} */
      const r = { label: entry.label, label_text: entry.label_zh, laws: entry.laws, percent: null, imps: null };
      if (form === "teams") r.imps = entry.imps;
      else {
        r.percent = T.ARTIFICIAL_PERCENT[entry.label];
        if (entry.laws.indexOf("88") >= 0 && side in usedSessions) r.percent = Math.max(r.percent, usedSessions[side]);
      }
      out[side] = r;
    });
    return { method: method, sides: out };
  }
  if (method === "assigned") {
    const outcome = function (/** @type {string} */ side) {
      const tricks = get(side + "_tricks");
      return {
        contract: get(side + "_contract"), declarer: get(side + "_declarer") || null,
        tricks: tricks ? wholeNumber(tricks, side + ".tricks", 0, T.cards.TOTAL_TRICKS) : null
      };
    };
    const ns = outcome("NS"), ew = outcome("EW");
    let vulnerability = required({ get: function (/** @type {any} */ n) { return get(n) || null; } }, "vulnerability");
    /** @type {Record<string, any>} */
    const scored = {};
    try {
      vulnerability = Tree.parseVulnerability(vulnerability, "vulnerability", T);
    } catch (/** @type {any} */ error) { rethrow(error, T); }
    /** @type {[string, any][]} */ ([["NS", ns], ["EW", ew]]).forEach(function (pair) {
      const o = pair[1];
      try {
        const contract = Tree.parseContract(o.contract, "contract", T);
        const s = Tree.score(contract, o.declarer, vulnerability, o.tricks, T);
        scored[pair[0]] = {
          contract: contractText(contract, T),
          declarer: o.declarer === null ? null : Tree.parseSeat(o.declarer, "declarer", T),
          tricks: s.tricks, score_ns: s.score_ns, score_ew: s.score_ew
        };
      } catch (/** @type {any} */ error) {
        if (Tree.isFactError(error)) throw FieldError(pair[0] + "." + error.field, error.code, error.params);
        throw error;
      }
    });
    return { method: method, NS: scored.NS, EW: scored.EW, score_ns: scored.NS.score_ns, score_ew: scored.EW.score_ew };
  }
  if (method === "weighted") return { method: method, needsNetwork: true };
  throw FieldError("method", "adjusted.method_unknown", {});  // as rulings.calculators: no params
}

export { FieldError, given, required, wholeNumber, number, scoresFromText, scoreFromParams, imps, matchpoints, adjusted };
