// 裁判助手 — the decision-tree evaluator in the browser, for the wizards offline (DESIGN.md §4).
//
// It interprets data the server generates from bridge/ (offline/data.py, served as /offline/tables.json)
// rather than porting the rules: the Law 77 score of every contract is looked up in a table computed by
// bridge/scoring.py, the Law 64 trick transfer in one computed by bridge/revoke.py, and a seat's side and
// vulnerability in tables from bridge/cards.py. What stays code is the walk over the tree JSON (a port of
// bridge/trees/evaluation.py and computations.py), the input checks, and the contract, seat and vulnerability
// parsers of bridge/cards.py, whose name lists come from the same JSON. Bad input is refused as the engine
// refuses it: a FactError with the code and params of the Python raise site, its text formatted from the
// catalogue in the same JSON (T.messages, bridge/messages.py) by messages.js. The tests (tests/js/trees.test.js)
// run it in Node against golden files the Python engine writes (tests/golden/): every state of every tree, all
// 2,940 Law 77 cases and the Law 64 inputs. The claim tree's cards and helper are in claims.js; the artificial scores of Law 12C1 are looked up in a table computed
// by bridge/adjusted.py. An ES module with no DOM.
import * as Messages from "./messages.js";
import * as Claims from "./claims.js";


// ---------------------------------------------------------------------------------------------- errors
// A FactError is bridge.errors.FieldError in the browser: the fact it concerns (field), the message's code and
// params as the Python raise site passes them, and as its message the English text (what the API answers).
/** @param {any} T @param {string} field @param {string} code @param {any} [params] */
function FactError(T, field, code, params) {
  params = params || {};
  const error = /** @type {any} */ (new Error(Messages.text(T.messages, code, params, "en")));
  error.name = "FactError";
  error.field = field;
  error.code = code;
  error.params = params;
  return error;
}
/** @param {any} error */
function isFactError(error) { return error && error.name === "FactError"; }

/** @param {string | boolean | null | undefined} value */
function repr(value) { return Messages.repr(value); }
/** @param {any} value */
function isInt(value) { return typeof value === "number" && Number.isInteger(value); }
/** @param {boolean} value */
function str(value) {
  // Python's str() of an outcome value, for the script's {field} placeholders.
  if (value === true) return "True";
  if (value === false) return "False";
  return String(value);
}

// ------------------------------------------------------------------------------------ cards (parsers)
/** @param {string} text */
function key(text) { return text.replace(/\s+/g, "").toUpperCase(); }

/** @param {any} value @param {string} field @param {any} T */
function parseSeat(value, field, T) {
  if (typeof value === "string") {
    const seat = T.cards.seats[key(value)];
    if (seat !== undefined && Object.prototype.hasOwnProperty.call(T.cards.seats, key(value))) return seat;
  }
  throw FactError(T, field || "seat", "cards.seat_unknown", { value: value });
}

/** @param {any} value @param {string} field @param {any} T */
function parseVulnerability(value, field, T) {
  if (typeof value === "string") {
    const k = key(value).replace(/-/g, "").replace(/\//g, "");
    if (Object.prototype.hasOwnProperty.call(T.cards.vulnerabilities, k)) return T.cards.vulnerabilities[k];
  }
  throw FactError(T, field || "vulnerability", "cards.vulnerability_unknown", { value: value });
}

// A hand (bridge.cards.Hand.parse, in engine/claims.js): four suit masks.
/** @param {string} value @param {any} field @param {any} T */
function parseHand(value, field, T) {
  return Claims.parseHand(value, field || "cards", T, function (/** @type {string} */ name, /** @type {string} */ code, /** @type {any} */ params) {
    throw FactError(T, name, code, params);
  });
}

// A contract: {level, strain, doubled}; a passed-out board is {level: 0, strain: null, doubled: 0}.
/** @param {string} value @param {string} field @param {any} T */
function parseContract(value, field, T) {
  field = field || "contract";
  const C = T.cards;
  if (typeof value !== "string") throw FactError(T, field, "contract.not_text", { value: value });
  const text = key(value);
  if (!text) throw FactError(T, field, "contract.empty");
  if (C.pass_words.indexOf(text) >= 0) return { level: 0, strain: null, doubled: 0 };
  const match = /^(\d+)([\s\S]*)$/.exec(text);
  if (!match) throw FactError(T, field, "contract.unreadable", { value: value });
  const level = parseInt(match[1], 10);
  if (!(C.MIN_LEVEL <= level && level <= C.MAX_LEVEL)) {
    throw FactError(T, field, "contract.level_range_in", { level: match[1], value: value });
  }
  let rest = match[2];
  let doubled = 0;
  for (let i = 0; i < C.doubling_suffixes.length; i++) {
    const suffix = C.doubling_suffixes[i][0];
    if (rest.length > suffix.length && rest.slice(-suffix.length) === suffix) {
      rest = rest.slice(0, -suffix.length);
      doubled = C.doubling_suffixes[i][1];
      break;
    }
  }
  if (!Object.prototype.hasOwnProperty.call(C.strains, rest)) {
    throw FactError(T, field, "contract.strain_unknown", { value: value, strain: rest || "(none)" });
  }
  return { level: level, strain: C.strains[rest], doubled: doubled };
}

// The canonical text of a parsed contract (4SX, 3NT), as bridge.cards.Contract prints it: the score table's key.
/** @param {any} contract @param {any} T */
function contractText(contract, T) {
  return contract.level + contract.strain + T.cards.doubling_marks[contract.doubled];
}

// bridge.scoring.validate_tricks: the declaring side's tricks, a whole number from 0 to 13.
/** @param {any} tricks @param {any} T */
function validateTricks(tricks, T) {
  if (!isInt(tricks)) throw FactError(T, "tricks", "score.tricks_not_whole", { tricks: tricks });
  if (tricks < 0 || tricks > T.cards.TOTAL_TRICKS) {
    throw FactError(T, "tricks", "score.tricks_range", { tricks: tricks });
  }
  return tricks;
}

// --------------------------------------------------------------------------------------- Law 77 score
// Law 77: the score of `contract` (text or parsed) by `declarer` taking `tricks` (the declaring side's total),
// looked up in T.scores (bridge.scoring.score of every contract, vulnerability and trick count).
/** Input as the user gave it (checked here): @param {any} contract @param {any} declarer @param {any} vulnerability
 * @param {any} tricks @param {any} T */
function score(contract, declarer, vulnerability, tricks, T) {
  if (typeof contract !== "object" || contract === null) contract = parseContract(contract, "contract", T);
  vulnerability = parseVulnerability(vulnerability, "vulnerability", T);
  if (contract.strain === null) {
    // Law 22A: a passed-out board scores zero for both sides; declarer and tricks may be left out.
    const given = declarer === null || declarer === undefined ? null : parseSeat(declarer, "declarer", T);
    const taken = tricks === null || tricks === undefined ? null : validateTricks(tricks, T);
    const zero = T.PASSED_OUT_SCORE;
    return { result: 0, score_ns: zero, score_ew: zero,
             vulnerable: given !== null && T.cards.vulnerable[vulnerability][given], tricks: taken };
  }
  if (declarer === null || declarer === undefined) {
    throw FactError(T, "declarer", "score.declarer_missing", { contract: contractText(contract, T) });
  }
  const seat = parseSeat(declarer, "declarer", T);
  validateTricks(tricks, T);
  const vulnerable = T.cards.vulnerable[vulnerability][seat];
  const points = T.scores[contractText(contract, T)][vulnerable ? "true" : "false"][tricks];
  const ns = T.cards.sides[seat] === "NS" ? points : -points;
  return { result: tricks - (contract.level + T.BOOK), score_ns: ns, score_ew: -ns, vulnerable: vulnerable,
           tricks: tricks };
}

// --------------------------------------------------------------------------------- Law 64 (revoke.py)
/** @param {any} T @param {any} value @param {string} field */
function checkBool(T, value, field) {
  if (typeof value !== "boolean") throw FactError(T, field, "revoke.not_bool", { name: field, value: value });
  return value;
}
/** @param {any} T @param {number} value @param {string} field @param {number} low @param {number} high */
function checkInt(T, value, field, low, high) {
  if (!isInt(value) || value < low || value > high) {
    throw FactError(T, field, "revoke.not_in_range", { name: field, low: low, high: high, value: value });
  }
  return value;
}
/** @param {boolean} sideWon @param {number} later */
function tricksFromRevokeTrick(sideWon, later) { return (sideWon ? 1 : 0) + later; }

// Law 64A/64B1: the tricks transferred, looked up in T.revoke.tricks_transferred (bridge.revoke
// tricks_transferred for every answer), where facts that cannot all be true hold the engine's error (its
// field, code and params).
/** @param {any} T @param {any} a */
function tricksTransferred(T, a) {
  const offenderWon = checkBool(T, a.offender_won_revoke_trick, "offender_won_revoke_trick");
  const sideWon = checkBool(T, a.offending_side_won_revoke_trick, "offending_side_won_revoke_trick");
  const later = checkInt(T, a.offending_side_tricks_after_revoke_trick, "offending_side_tricks_after_revoke_trick",
    0, T.revoke.MAX_TRICKS_AFTER_REVOKE_TRICK);
  const playable = checkBool(T, a.offender_later_won_with_card_playable_to_revoke_trick,
    "offender_later_won_with_card_playable_to_revoke_trick");
  const cell = T.revoke.tricks_transferred[[offenderWon, sideWon, playable].join(",")][later];
  if (isInt(cell)) return cell;
  throw FactError(T, cell.field, cell.code, cell.params);
}

// Law 64: declarer's tricks after the transfer (bridge.revoke.adjusted_declarer_tricks), with what another
// penalised revoke by the same side transfers (`other`, 0 when not given).
/** @param {any} T @param {number} played @param {number} moved @param {string} side @param {any} other */
function adjustedDeclarerTricks(T, played, moved, side, other) {
  played = checkInt(T, played, "declarer_tricks", 0, T.cards.TOTAL_TRICKS);
  moved = checkInt(T, moved, "tricks_transferred", 0, T.revoke.MAX_TRANSFER);
  moved += checkInt(T, other === undefined ? 0 : other, "other_tricks_transferred", 0, T.cards.TOTAL_TRICKS);
  let adjusted;
  if (side === "declaring") adjusted = played - moved;
  else if (side === "defending") adjusted = played + moved;
  else {
    throw FactError(T, "revoking_side", "revoke.side_unknown",
      { sides: T.revoke.REVOKING_SIDES.join(", "), value: side });
  }
  if (!(adjusted >= 0 && adjusted <= T.cards.TOTAL_TRICKS)) {
    throw FactError(T, "declarer_tricks", "revoke.too_few_tricks", { moved: moved, played: played });
  }
  return adjusted;
}

// -------------------------------------------------------------------------------- computations.py
/** @param {any} object @param {string} name */
function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
/** @param {any} object @param {string} name */
function get(object, name) { return has(object, name) ? object[name] : null; }

/** @param {any} T @param {any} facts */
function revokingSide(T, facts) {
  const given = get(facts, "revoking_side");
  const revoker = get(facts, "revoker");
  let derived = null;
  if (revoker === "declarer" || revoker === "dummy") derived = "declaring";
  else if (revoker === "defender") derived = "defending";
  if (given !== null && derived !== null && given !== derived) {
    // One message per revoker, so the Chinese names no enum value (computations._SIDE_CONTRADICTS).
    throw FactError(T, "revoking_side", "fact.side_contradicts_" + revoker, {});
  }
  const side = given !== null ? given : derived;
  return typeof side === "string" ? side : null;
}

/** @type {Record<string, (T: any, facts: any, outcome?: any) => any>} */
const COMPUTATIONS = {
  tricks_transferred: function (/** @type {any} */ T, /** @type {any} */ facts) {
    const offenderWon = get(facts, "offender_won_revoke_trick") === true;
    return tricksTransferred(T, {
      offender_won_revoke_trick: offenderWon,
      offending_side_won_revoke_trick: offenderWon || get(facts, "offending_side_won_revoke_trick") === true,
      offending_side_tricks_after_revoke_trick: facts.offending_side_tricks_after_revoke_trick,
      offender_later_won_with_card_playable_to_revoke_trick:
        get(facts, "offender_later_won_with_card_playable_to_revoke_trick") === true
    });
  },
  // Law 64A (2017, computations.compute_revoke_transfer_2017): 64A2 gives one trick at most, which is the 1997
  // table's row for "he did not later win with a card playable to the revoke trick".
  revoke_transfer_2017: function (/** @type {any} */ T, /** @type {any} */ facts) {
    const offenderWon = get(facts, "offender_won_revoke_trick") === true;
    return tricksTransferred(T, {
      offender_won_revoke_trick: offenderWon,
      offending_side_won_revoke_trick: offenderWon || get(facts, "offending_side_won_revoke_trick") === true,
      offending_side_tricks_after_revoke_trick: facts.offending_side_tricks_after_revoke_trick,
      offender_later_won_with_card_playable_to_revoke_trick: false
    });
  },
  adjusted_declarer_tricks: function (/** @type {any} */ T, /** @type {any} */ facts, /** @type {any} */ outcome) {
    const played = get(facts, "declarer_tricks");
    const side = revokingSide(T, facts);
    const transferred = get(outcome, "tricks_transferred");
    const other = has(facts, "other_tricks_transferred") ? facts.other_tricks_transferred : 0;
    if (played === null || !isInt(transferred)) return null;
    if (transferred + other === 0) return played;
    if (side === null) return null;
    if (transferred && has(facts, "offending_side_tricks_after_revoke_trick") &&
        has(facts, "offender_won_revoke_trick")) {
      const wonFromRevokeOn = tricksFromRevokeTrick(
        get(facts, "offender_won_revoke_trick") === true || get(facts, "offending_side_won_revoke_trick") === true,
        facts.offending_side_tricks_after_revoke_trick);
      const offendingTotal = side === "declaring" ? played : T.cards.TOTAL_TRICKS - played;
      if (wonFromRevokeOn > offendingTotal) {
        throw FactError(T, "declarer_tricks",
          side === "declaring" ? "fact.tricks_short_declaring" : "fact.tricks_short_defending",
          { won: wonFromRevokeOn, played: played, total: offendingTotal });
      }
    }
    return adjustedDeclarerTricks(T, played, transferred, side === "declaring" ? "declaring" : "defending", other);
  },
  score_ns: function (/** @type {any} */ T, /** @type {any} */ facts, /** @type {any} */ outcome) {
    const tricks = get(outcome, "adjusted_declarer_tricks");
    const contract = get(facts, "contract");
    const declarer = get(facts, "declarer");
    const vulnerability = get(facts, "vulnerability");
    if (tricks === null || contract === null || declarer === null || vulnerability === null) return null;
    if (contract.strain === null) throw FactError(T, "contract", "fact.passed_out");
    return score(contract, declarer, vulnerability, tricks, T).score_ns;
  },
  // Laws 69–71: the claiming or conceding side's tricks (computations.compute_tricks_awarded).
  tricks_awarded: function (/** @type {any} */ T, /** @type {any} */ facts) {
    if (has(facts, "tricks_claimed")) {
      const claimed = facts.tricks_claimed, lost = has(facts, "tricks_lost") ? facts.tricks_lost : 0;
      if (lost > claimed) throw FactError(T, "tricks_lost", "fact.lost_exceeds_claimed", { lost: lost, claimed: claimed });
      return claimed - lost;
    }
    if (has(facts, "tricks_kept")) {
      const kept = facts.tricks_kept, restored = has(facts, "tricks_restored") ? facts.tricks_restored : 0;
      if (kept + restored > T.cards.TOTAL_TRICKS) {
        throw FactError(T, "tricks_restored", "fact.restored_exceeds", { kept: kept, restored: restored });
      }
      return kept + restored;
    }
    return null;
  },
  claim_declarer_tricks: function (/** @type {any} */ T, /** @type {any} */ facts, /** @type {any} */ outcome) {
    const contract = get(facts, "contract");
    if (contract !== null && contract.strain === null) throw FactError(T, "contract", "fact.claim_passed_out");
    const awarded = get(outcome, "tricks_awarded");
    if (!isInt(awarded)) return null;
    return get(facts, "made_by") === "declarer" ? awarded : T.cards.TOTAL_TRICKS - awarded;
  },
  claim_sure_tricks: function (/** @type {any} */ T, /** @type {any} */ facts) { const e = claimEnding(T, facts); return e && Claims.sureTricks(e); },
  claim_trump_risk: function (/** @type {any} */ T, /** @type {any} */ facts) { const e = claimEnding(T, facts); return e && Claims.trumpTricksAtRisk(e); },
  claim_positional_tricks: function (/** @type {any} */ T, /** @type {any} */ facts) {
    const e = claimEnding(T, facts);
    return e && Claims.positionalCount(e);
  }
};

// Laws 12C1, 86A, 88: one side's artificial score, looked up in T.artificial (bridge.adjusted.artificial).
/** @param {any} T @param {any} facts @param {string} side */
function artificialOf(T, facts, side) { return T.artificial[facts.form][facts["fault_" + side]]; }
["ns", "ew"].forEach(function (side) {
  COMPUTATIONS["artificial_" + side] = function (/** @type {any} */ T, /** @type {any} */ facts) { return artificialOf(T, facts, side).label; };
  COMPUTATIONS["percent_" + side] = function (/** @type {any} */ T, /** @type {any} */ facts) { return artificialOf(T, facts, side).percent; };
  COMPUTATIONS["imps_" + side] = function (/** @type {any} */ T, /** @type {any} */ facts) { return artificialOf(T, facts, side).imps; };
});

// The cards left at a claim (computations._ending): null unless the four hands and the contract are given.
/** @param {any} T @param {any} facts */
function claimEnding(T, facts) {
  const roles = ["claimer", "partner", "lho", "rho"];
  const contract = get(facts, "contract");
  if (contract === null || roles.some(function (role) { return get(facts, role + "_cards") === null; })) return null;
  if (contract.strain === null) throw FactError(T, "contract", "fact.claim_passed_out");
  /** @type {Record<string, any>} */
  /** @type {Record<string, any>} */
  const hands = {};
  roles.forEach(function (role) { hands[role] = facts[role + "_cards"]; });
  return Claims.ending(hands, T.cards.hands.suits.indexOf(contract.strain), get(facts, "on_lead"), T,
    function (/** @type {string} */ field, /** @type {string} */ code, /** @type {any} */ params) { throw FactError(T, field, code, params); });
}

// ---------------------------------------------------------------------------------- evaluation.py
const INTEGER = /^[+-]?\d+$/;

// `value` as the fact's type (tree JSON `facts[name]`), or a FactError. Accepts JSON values and, for
// addresses, text ("true"/"false" for bools, digits for ints).
/** @param {string} name @param {any} fact @param {string} value @param {any} T */
function coerceFact(name, fact, value, T) {
  const type = fact.type;
  if (type === "bool") {
    if (typeof value === "boolean") return value;
    if (value === "true" || value === "false") return value === "true";
    throw FactError(T, name, "fact.not_bool", { name: name, value: value });
  }
  const values = (fact.options || []).map(function (/** @type {any} */ o) { return o.value; });
  if (type === "enum") {
    if (typeof value === "string" && values.indexOf(value) >= 0) return value;
    const allowed = values.map(Messages.str).join(", ");
    throw FactError(T, name, "fact.not_in_values", { name: name, allowed: allowed, value: value });
  }
  if (type === "int") {
    let number = null;
    if (isInt(value)) number = value;
    else if (typeof value === "string" && INTEGER.test(value.trim())) number = parseInt(value.trim(), 10);
    if (number === null) throw FactError(T, name, "fact.not_whole", { name: name, value: value });
    if (fact.min !== undefined && fact.min !== null && number < fact.min) {
      throw FactError(T, name, "fact.too_small", { name: name, minimum: fact.min, value: number });
    }
    if (fact.max !== undefined && fact.max !== null && number > fact.max) {
      throw FactError(T, name, "fact.too_large", { name: name, maximum: fact.max, value: number });
    }
    return number;
  }
  /** @type {Record<string, (value: any, field: string, T: any) => any>} */
  const parsers = { contract: parseContract, seat: parseSeat, vulnerability: parseVulnerability, hand: parseHand };
  if (!parsers[type]) throw FactError(T, name, "fact.unknown_type", { name: name, type: type });
  if (typeof value !== "string") throw FactError(T, name, "fact.not_text", { name: name, value: value });
  return parsers[type](value, name, T);
}

/** @param {any} tree @param {any} facts @param {any} T */
function normaliseFacts(tree, facts, T) {
  /** @type {Record<string, any>} */
  const out = {};
  Object.keys(facts).forEach(function (name) {
    if (!has(tree.facts, name)) throw FactError(T, name, "fact.undeclared", { name: name, tree: tree.slug });
    const value = facts[name];
    if (value === null || value === undefined) return;
    out[name] = coerceFact(name, tree.facts[name], value, T);
  });
  return out;
}

/** @param {any} node @param {number} value */
function nextNode(node, value) {
  if (node.branches) {
    const k = typeof value === "boolean" ? (value ? "true" : "false") : value;
    if (typeof k === "string" && has(node.branches, k)) return node.branches[k];
  }
  if (isInt(value)) {
    const ranges = node.ranges || [];
    for (let i = 0; i < ranges.length; i++) {
      const r = ranges[i];
      if (r.min <= value && (r.max === undefined || r.max === null || value <= r.max)) return r.next;
    }
    if (node["default"] !== undefined && node["default"] !== null) return node["default"];
  }
  return null;
}

/** @param {any} tree @param {string | number} name */
function question(tree, name) {
  const fact = tree.facts[name];
  return {
    fact: name,
    type: fact.type,
    text: fact.text,
    help: fact.help || null,
    laws: fact.laws || [],
    options: (fact.options || []).map(function (/** @type {any} */ o) { return { value: o.value, label_zh: o.zh, label_en: o.en }; }),
    min: fact.min === undefined ? null : fact.min,
    max: fact.max === undefined ? null : fact.max
  };
}

const PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g;
/** @param {string} text @param {any} outcome */
function fill(text, outcome) {
  return text.replace(PLACEHOLDER, function (/** @type {any} */ whole, /** @type {string} */ name) {
    if (!has(outcome, name)) return whole;
    const value = outcome[name];
    return value === null ? "—" : str(value);
  });
}

/** @param {any} tree @param {any} leafId @param {any} leaf @param {any[]} path @param {any} given @param {any} T */
function ruling(tree, leafId, leaf, path, given, T) {
  /** @type {Record<string, any>} */
  const visible = {};
  path.forEach(function (/** @type {any} */ step) { visible[step.fact] = step.value; });
  Object.keys(tree.facts).forEach(function (name) {
    if (tree.facts[name].optional && has(given, name)) visible[name] = given[name];
  });
  /** @type {Record<string, any>} */
  const outcome = {};
  Object.keys(tree.outcome_fields).forEach(function (name) {
    const spec = tree.outcome_fields[name];
    let value = leaf.outcome[name];
    if (value !== null && typeof value === "object" && has(value, "compute")) {
      value = COMPUTATIONS[value.compute](T, visible, outcome);
    } else if (spec.type === "enum" && isInt(value)) {
      value = String(value);
    }
    outcome[name] = value;
  });
  /** @type {Record<string, any>} */
  const result = {};
  Object.keys(outcome).forEach(function (name) { result[name] = outcome[name]; });
  result.leaf = leafId;
  result.script = { zh: fill(leaf.script.zh, outcome), en: fill(leaf.script.en, outcome) };
  result.laws = leaf.laws.slice();
  return result;
}

// The ruling `facts` lead to, or the first missing fact on their path as the next question: the same
// object as POST /api/rulings/trees/<slug>/evaluate/ answers. Throws a FactError for bad facts.
/** @param {any} tree @param {any} facts @param {any} T */
function evaluate(tree, facts, T) {
  const given = normaliseFacts(tree, facts || {}, T);
  /** @type {any[]} */
  const path = [];
  let nodeId = tree.start;
  let node = tree.nodes[nodeId];
  /** @type {Record<string, any>} */
  const seen = {};
  const base = { tree: tree.slug, version: tree.version, edition: tree.edition };
  /** @param {string} status @param {any} rulingValue @param {any} questionValue */
  function answer(status, rulingValue, questionValue) {
    return { tree: base.tree, version: base.version, edition: base.edition, status: status,
             ruling: rulingValue, question: questionValue, path: path };
  }
  while (node && has(node, "ask")) {
    if (seen[nodeId]) throw new Error("cycle at node " + repr(nodeId) + " of tree " + repr(tree.slug));
    seen[nodeId] = true;
    const name = node.ask;
    if (!has(given, name)) return answer("question", null, question(tree, name));
    const value = given[name];
    path.push({ fact: name, value: value });
    const target = nextNode(node, value);
    if (target === null) throw new Error("node " + repr(nodeId) + " has no branch for " + repr(value));
    nodeId = target;
    node = tree.nodes[nodeId];
  }
  if (!node) throw new Error("tree " + repr(tree.slug) + " has a branch to a missing node");
  return answer("ruling", ruling(tree, nodeId, node, path, given, T), null);
}

// {"status": "ruling"|"question"|"error", ...}: evaluate, with a FactError as the API's 400 body ({error,
// field}) and the code and params to say it in another language.
/** @param {any} tree @param {any} facts @param {any} T */
function evaluateOrError(tree, facts, T) {
  try {
    return evaluate(tree, facts, T);
  } catch (/** @type {any} */ error) {
    if (isFactError(error)) {
      return { status: "error", error: error.message, field: error.field, code: error.code, params: error.params };
    }
    throw error;
  }
}

// 64A1 → 第64条A款1项 (the wizard's ruling heading; bridge/references.py chinese_ref).
/** @param {any} ref */
function chineseRef(ref) {
  const m = /^(\d+)([A-Z])?(\d+)?([a-z])?$/.exec(String(ref));
  if (!m) return String(ref);
  return "第" + m[1] + "条" + (m[2] ? m[2] + "款" : "") + (m[3] ? m[3] + "项" : "") + (m[4] ? "(" + m[4] + ")" : "");
}

export { evaluate, evaluateOrError, nextNode, score, parseContract, parseSeat, parseVulnerability, parseHand, tricksTransferred, adjustedDeclarerTricks, chineseRef, repr, isFactError };
