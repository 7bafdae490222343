// 裁判助手 — the decision-tree evaluator in the browser, for the wizards offline (DESIGN.md §4).
//
// It interprets data the server generates from bridge/ (offline/data.py, served as /offline/tables.json)
// rather than porting the rules: the Law 77 score of every contract is looked up in a table computed by
// bridge/scoring.py, the Law 64 trick transfer in one computed by bridge/revoke.py, and a seat's side and
// vulnerability in tables from bridge/cards.py. What stays code is the walk over the tree JSON (a port of
// bridge/trees/evaluation.py and computations.py), the input checks with the engine's messages, and the
// contract, seat and vulnerability parsers of bridge/cards.py, whose name lists come from the same JSON. The
// tests (tests/e2e/test_offline_parity.py) run it in chromium against the Python engine on every state of
// every tree, all 2,940 Law 77 cases and every Law 64 input. Works in a page and in a worker: it defines
// self.CaipanTree.
(function (root) {
  "use strict";

  // ---------------------------------------------------------------------------------------------- errors
  // A FactError carries the fact it concerns (field) and the engine's message, as the API's 400 body does.
  function FactError(field, message) {
    var error = new Error(message);
    error.name = "FactError";
    error.field = field;
    error.message = message;
    return error;
  }
  function isFactError(error) { return error && error.name === "FactError"; }

  // Python's repr() of the values facts can hold, so messages read exactly like the server's.
  function repr(value) {
    if (value === null || value === undefined) return "None";
    if (value === true) return "True";
    if (value === false) return "False";
    if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(value);
    if (typeof value === "string") {
      var quote = value.indexOf("'") >= 0 && value.indexOf('"') < 0 ? '"' : "'";
      var body = value.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t");
      if (quote === "'") body = body.replace(/'/g, "\\'");
      return quote + body + quote;
    }
    if (Array.isArray(value)) return "[" + value.map(repr).join(", ") + "]";
    if (typeof value === "object") {
      return "{" + Object.keys(value).map(function (k) { return repr(k) + ": " + repr(value[k]); }).join(", ") + "}";
    }
    return String(value);
  }
  function isInt(value) { return typeof value === "number" && Number.isInteger(value); }
  function str(value) {
    // Python's str() of an outcome value, for the script's {field} placeholders.
    if (value === true) return "True";
    if (value === false) return "False";
    return String(value);
  }

  // ------------------------------------------------------------------------------------ cards (parsers)
  function key(text) { return text.replace(/\s+/g, "").toUpperCase(); }

  function parseSeat(value, field, T) {
    if (typeof value === "string") {
      var seat = T.cards.seats[key(value)];
      if (seat !== undefined && Object.prototype.hasOwnProperty.call(T.cards.seats, key(value))) return seat;
    }
    throw FactError(field || "seat", "Unknown seat " + repr(value) + ": expected N, E, S or W.");
  }

  function parseVulnerability(value, field, T) {
    if (typeof value === "string") {
      var k = key(value).replace(/-/g, "").replace(/\//g, "");
      if (Object.prototype.hasOwnProperty.call(T.cards.vulnerabilities, k)) return T.cards.vulnerabilities[k];
    }
    throw FactError(field || "vulnerability",
      "Unknown vulnerability " + repr(value) + ": expected None, NS, EW or Both (双无, 南北, 东西, 双有).");
  }

  // A contract: {level, strain, doubled}; a passed-out board is {level: 0, strain: null, doubled: 0}.
  function parseContract(value, field, T) {
    field = field || "contract";
    var C = T.cards;
    if (typeof value !== "string") {
      throw FactError(field, "A contract must be text such as 4SX or PASS, not " + repr(value) + ".");
    }
    var text = key(value);
    if (!text) throw FactError(field, "The contract is empty: give e.g. 4S, 3NTX or PASS.");
    if (C.pass_words.indexOf(text) >= 0) return { level: 0, strain: null, doubled: 0 };
    var match = /^(\d+)([\s\S]*)$/.exec(text);
    if (!match) {
      throw FactError(field, "Cannot read contract " + repr(value) + ": expected a level 1–7 then a strain.");
    }
    var level = parseInt(match[1], 10);
    if (!(C.MIN_LEVEL <= level && level <= C.MAX_LEVEL)) {
      throw FactError(field, "Contract level must be 1–7, not " + match[1] + " (in " + repr(value) + ").");
    }
    var rest = match[2];
    var doubled = 0;
    for (var i = 0; i < C.doubling_suffixes.length; i++) {
      var suffix = C.doubling_suffixes[i][0];
      if (rest.length > suffix.length && rest.slice(-suffix.length) === suffix) {
        rest = rest.slice(0, -suffix.length);
        doubled = C.doubling_suffixes[i][1];
        break;
      }
    }
    if (!Object.prototype.hasOwnProperty.call(C.strains, rest)) {
      throw FactError(field, "Cannot read contract " + repr(value) + ": unknown strain " +
        (rest ? repr(rest) : "'(none)'") + "; expected C, D, H, S or NT, then X or XX.");
    }
    return { level: level, strain: C.strains[rest], doubled: doubled };
  }

  // The canonical text of a parsed contract (4SX, 3NT), as bridge.cards.Contract prints it: the score table's key.
  function contractText(contract, T) {
    return contract.level + contract.strain + T.cards.doubling_marks[contract.doubled];
  }

  // bridge.scoring.validate_tricks: the declaring side's tricks, a whole number from 0 to 13.
  function validateTricks(tricks, T) {
    if (!isInt(tricks)) throw FactError("tricks", "Tricks must be a whole number from 0 to 13, not " + repr(tricks) + ".");
    if (tricks < 0 || tricks > T.cards.TOTAL_TRICKS) {
      throw FactError("tricks", "Tricks must be from 0 to 13, not " + tricks + ".");
    }
    return tricks;
  }

  // --------------------------------------------------------------------------------------- Law 77 score
  // Law 77: the score of `contract` (text or parsed) by `declarer` taking `tricks` (the declaring side's total),
  // looked up in T.scores (bridge.scoring.score of every contract, vulnerability and trick count).
  function score(contract, declarer, vulnerability, tricks, T) {
    if (typeof contract !== "object" || contract === null) contract = parseContract(contract, "contract", T);
    vulnerability = parseVulnerability(vulnerability, "vulnerability", T);
    if (contract.strain === null) {
      // Law 22A: a passed-out board scores zero for both sides; declarer and tricks may be left out.
      var given = declarer === null || declarer === undefined ? null : parseSeat(declarer, "declarer", T);
      var taken = tricks === null || tricks === undefined ? null : validateTricks(tricks, T);
      var zero = T.PASSED_OUT_SCORE;
      return { result: 0, score_ns: zero, score_ew: zero,
               vulnerable: given !== null && T.cards.vulnerable[vulnerability][given], tricks: taken };
    }
    if (declarer === null || declarer === undefined) {
      throw FactError("declarer", "Contract " + contractText(contract, T) + " needs a declarer (N, E, S or W).");
    }
    var seat = parseSeat(declarer, "declarer", T);
    validateTricks(tricks, T);
    var vulnerable = T.cards.vulnerable[vulnerability][seat];
    var points = T.scores[contractText(contract, T)][vulnerable ? "true" : "false"][tricks];
    var ns = T.cards.sides[seat] === "NS" ? points : -points;
    return { result: tricks - (contract.level + T.BOOK), score_ns: ns, score_ew: -ns, vulnerable: vulnerable,
             tricks: tricks };
  }

  // --------------------------------------------------------------------------------- Law 64 (revoke.py)
  function revokeError(field, message) { return FactError(field, message); }
  function checkBool(value, field) {
    if (typeof value !== "boolean") throw revokeError(field, field + " must be true or false, not " + repr(value));
    return value;
  }
  function checkInt(value, field, low, high) {
    if (!isInt(value) || value < low || value > high) {
      throw revokeError(field, field + " must be a whole number from " + low + " to " + high + ", not " + repr(value));
    }
    return value;
  }
  function tricksFromRevokeTrick(sideWon, later) { return (sideWon ? 1 : 0) + later; }

  // Law 64A/64B1: the tricks transferred, looked up in T.revoke.tricks_transferred (bridge.revoke
  // tricks_transferred for every answer), where facts that cannot all be true hold the engine's error.
  function tricksTransferred(T, a) {
    var offenderWon = checkBool(a.offender_won_revoke_trick, "offender_won_revoke_trick");
    var sideWon = checkBool(a.offending_side_won_revoke_trick, "offending_side_won_revoke_trick");
    var later = checkInt(a.offending_side_tricks_after_revoke_trick, "offending_side_tricks_after_revoke_trick",
      0, T.revoke.MAX_TRICKS_AFTER_REVOKE_TRICK);
    var playable = checkBool(a.offender_later_won_with_card_playable_to_revoke_trick,
      "offender_later_won_with_card_playable_to_revoke_trick");
    var cell = T.revoke.tricks_transferred[[offenderWon, sideWon, playable].join(",")][later];
    if (isInt(cell)) return cell;
    throw revokeError(cell.field, cell.error);
  }

  function adjustedDeclarerTricks(T, played, moved, side) {
    played = checkInt(played, "declarer_tricks", 0, T.cards.TOTAL_TRICKS);
    moved = checkInt(moved, "tricks_transferred", 0, T.revoke.MAX_TRANSFER);
    var adjusted;
    if (side === "declaring") adjusted = played - moved;
    else if (side === "defending") adjusted = played + moved;
    else throw revokeError("revoking_side", "revoking_side must be one of declaring, defending, not " + repr(side));
    if (!(adjusted >= 0 && adjusted <= T.cards.TOTAL_TRICKS)) {
      throw revokeError("declarer_tricks",
        "The offending side did not win " + moved + " trick(s) to transfer (declarer took " + played + ")");
    }
    return adjusted;
  }

  // -------------------------------------------------------------------------------- computations.py
  function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
  function get(object, name) { return has(object, name) ? object[name] : null; }

  function revokingSide(facts) {
    var given = get(facts, "revoking_side");
    var revoker = get(facts, "revoker");
    var derived = null;
    if (revoker === "declarer" || revoker === "dummy") derived = "declaring";
    else if (revoker === "defender") derived = "defending";
    if (given !== null && derived !== null && given !== derived) {
      throw FactError("revoking_side", "revoking_side " + repr(given) + " contradicts revoker " + repr(revoker) +
        " (the " + derived + " side revoked)");
    }
    var side = given !== null ? given : derived;
    return typeof side === "string" ? side : null;
  }

  var COMPUTATIONS = {
    tricks_transferred: function (T, facts) {
      var offenderWon = get(facts, "offender_won_revoke_trick") === true;
      return tricksTransferred(T, {
        offender_won_revoke_trick: offenderWon,
        offending_side_won_revoke_trick: offenderWon || get(facts, "offending_side_won_revoke_trick") === true,
        offending_side_tricks_after_revoke_trick: facts.offending_side_tricks_after_revoke_trick,
        offender_later_won_with_card_playable_to_revoke_trick:
          get(facts, "offender_later_won_with_card_playable_to_revoke_trick") === true
      });
    },
    adjusted_declarer_tricks: function (T, facts, outcome) {
      var played = get(facts, "declarer_tricks");
      var side = revokingSide(facts);
      var transferred = get(outcome, "tricks_transferred");
      if (played === null || !isInt(transferred)) return null;
      if (transferred === 0) return played;
      if (side === null) return null;
      if (has(facts, "offending_side_tricks_after_revoke_trick") && has(facts, "offender_won_revoke_trick")) {
        var wonFromRevokeOn = tricksFromRevokeTrick(
          get(facts, "offender_won_revoke_trick") === true || get(facts, "offending_side_won_revoke_trick") === true,
          facts.offending_side_tricks_after_revoke_trick);
        var offendingTotal = side === "declaring" ? played : T.cards.TOTAL_TRICKS - played;
        if (wonFromRevokeOn > offendingTotal) {
          throw FactError("declarer_tricks", "the " + side + " side won " + wonFromRevokeOn +
            " trick(s) from the revoke trick on, but declarer_tricks=" + played + " leaves it only " + offendingTotal);
        }
      }
      return adjustedDeclarerTricks(T, played, transferred, side === "declaring" ? "declaring" : "defending");
    },
    score_ns: function (T, facts, outcome) {
      var tricks = get(outcome, "adjusted_declarer_tricks");
      var contract = get(facts, "contract");
      var declarer = get(facts, "declarer");
      var vulnerability = get(facts, "vulnerability");
      if (tricks === null || contract === null || declarer === null || vulnerability === null) return null;
      if (contract.strain === null) {
        throw FactError("contract", "a passed-out board (PASS) has no play, so no revoke to adjust");
      }
      return score(contract, declarer, vulnerability, tricks, T).score_ns;
    }
  };

  // ---------------------------------------------------------------------------------- evaluation.py
  var INTEGER = /^[+-]?\d+$/;

  // `value` as the fact's type (tree JSON `facts[name]`), or a FactError. Accepts JSON values and, for
  // addresses, text ("true"/"false" for bools, digits for ints).
  function coerceFact(name, fact, value, T) {
    var type = fact.type;
    if (type === "bool") {
      if (typeof value === "boolean") return value;
      if (value === "true" || value === "false") return value === "true";
      throw FactError(name, name + " must be true or false, not " + repr(value));
    }
    var values = (fact.options || []).map(function (o) { return o.value; });
    if (type === "enum") {
      if (typeof value === "string" && values.indexOf(value) >= 0) return value;
      throw FactError(name, name + " must be one of " + values.map(String).join(", ") + ", not " + repr(value));
    }
    if (type === "int") {
      var number = null;
      if (isInt(value)) number = value;
      else if (typeof value === "string" && INTEGER.test(value.trim())) number = parseInt(value.trim(), 10);
      if (number === null) throw FactError(name, name + " must be a whole number, not " + repr(value));
      if (fact.min !== undefined && fact.min !== null && number < fact.min) {
        throw FactError(name, name + " must be at least " + fact.min + ", not " + number);
      }
      if (fact.max !== undefined && fact.max !== null && number > fact.max) {
        throw FactError(name, name + " must be at most " + fact.max + ", not " + number);
      }
      return number;
    }
    var parsers = { contract: parseContract, seat: parseSeat, vulnerability: parseVulnerability };
    if (!parsers[type]) throw FactError(name, name + " has an unknown type " + repr(type));
    if (typeof value !== "string") throw FactError(name, name + " must be text, not " + repr(value));
    return parsers[type](value, name, T);
  }

  function normaliseFacts(tree, facts, T) {
    var out = {};
    Object.keys(facts).forEach(function (name) {
      if (!has(tree.facts, name)) {
        throw FactError(name, repr(name) + " is not a fact of the tree " + repr(tree.slug));
      }
      var value = facts[name];
      if (value === null || value === undefined) return;
      out[name] = coerceFact(name, tree.facts[name], value, T);
    });
    return out;
  }

  function nextNode(node, value) {
    if (node.branches) {
      var k = typeof value === "boolean" ? (value ? "true" : "false") : value;
      if (typeof k === "string" && has(node.branches, k)) return node.branches[k];
    }
    if (isInt(value)) {
      var ranges = node.ranges || [];
      for (var i = 0; i < ranges.length; i++) {
        var r = ranges[i];
        if (r.min <= value && (r.max === undefined || r.max === null || value <= r.max)) return r.next;
      }
      if (node["default"] !== undefined && node["default"] !== null) return node["default"];
    }
    return null;
  }

  function question(tree, name) {
    var fact = tree.facts[name];
    return {
      fact: name,
      type: fact.type,
      text: fact.text,
      help: fact.help || null,
      laws: fact.laws || [],
      options: (fact.options || []).map(function (o) { return { value: o.value, label_zh: o.zh, label_en: o.en }; }),
      min: fact.min === undefined ? null : fact.min,
      max: fact.max === undefined ? null : fact.max
    };
  }

  var PLACEHOLDER = /\{([a-z_][a-z0-9_]*)\}/g;
  function fill(text, outcome) {
    return text.replace(PLACEHOLDER, function (whole, name) {
      if (!has(outcome, name)) return whole;
      var value = outcome[name];
      return value === null ? "—" : str(value);
    });
  }

  function ruling(tree, leafId, leaf, path, given, T) {
    var visible = {};
    path.forEach(function (step) { visible[step.fact] = step.value; });
    Object.keys(tree.facts).forEach(function (name) {
      if (tree.facts[name].optional && has(given, name)) visible[name] = given[name];
    });
    var outcome = {};
    Object.keys(tree.outcome_fields).forEach(function (name) {
      var spec = tree.outcome_fields[name];
      var value = leaf.outcome[name];
      if (value !== null && typeof value === "object" && has(value, "compute")) {
        value = COMPUTATIONS[value.compute](T, visible, outcome);
      } else if (spec.type === "enum" && isInt(value)) {
        value = String(value);
      }
      outcome[name] = value;
    });
    var result = {};
    Object.keys(outcome).forEach(function (name) { result[name] = outcome[name]; });
    result.leaf = leafId;
    result.script = { zh: fill(leaf.script.zh, outcome), en: fill(leaf.script.en, outcome) };
    result.laws = leaf.laws.slice();
    return result;
  }

  // The ruling `facts` lead to, or the first missing fact on their path as the next question: the same
  // object as POST /api/rulings/trees/<slug>/evaluate/ answers. Throws a FactError for bad facts.
  function evaluate(tree, facts, T) {
    var given = normaliseFacts(tree, facts || {}, T);
    var path = [];
    var nodeId = tree.start;
    var node = tree.nodes[nodeId];
    var seen = {};
    var base = { tree: tree.slug, version: tree.version, edition: tree.edition };
    function answer(status, rulingValue, questionValue) {
      return { tree: base.tree, version: base.version, edition: base.edition, status: status,
               ruling: rulingValue, question: questionValue, path: path };
    }
    while (node && has(node, "ask")) {
      if (seen[nodeId]) throw new Error("cycle at node " + repr(nodeId) + " of tree " + repr(tree.slug));
      seen[nodeId] = true;
      var name = node.ask;
      if (!has(given, name)) return answer("question", null, question(tree, name));
      var value = given[name];
      path.push({ fact: name, value: value });
      var target = nextNode(node, value);
      if (target === null) throw new Error("node " + repr(nodeId) + " has no branch for " + repr(value));
      nodeId = target;
      node = tree.nodes[nodeId];
    }
    if (!node) throw new Error("tree " + repr(tree.slug) + " has a branch to a missing node");
    return answer("ruling", ruling(tree, nodeId, node, path, given, T), null);
  }

  // {"status": "ruling"|"question"|"error", ...}: evaluate, with a FactError as {error, field} (the API's 400).
  function evaluateOrError(tree, facts, T) {
    try {
      return evaluate(tree, facts, T);
    } catch (error) {
      if (isFactError(error)) return { status: "error", error: error.message, field: error.field };
      throw error;
    }
  }

  // 64A1 → 第64条A款1项 (the wizard's ruling heading; bridge/references.py chinese_ref).
  function chineseRef(ref) {
    var m = /^(\d+)([A-Z])?(\d+)?([a-z])?$/.exec(String(ref));
    if (!m) return String(ref);
    return "第" + m[1] + "条" + (m[2] ? m[2] + "款" : "") + (m[3] ? m[3] + "项" : "") + (m[4] ? "(" + m[4] + ")" : "");
  }

  root.CaipanTree = {
    evaluate: evaluate,
    evaluateOrError: evaluateOrError,
    score: score,
    parseContract: parseContract,
    parseSeat: parseSeat,
    parseVulnerability: parseVulnerability,
    tricksTransferred: tricksTransferred,
    chineseRef: chineseRef,
    repr: repr,
    isFactError: isFactError
  };
})(typeof self !== "undefined" ? self : this);
