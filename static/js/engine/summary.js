// 裁判助手 — the one-line summary of a ruling in the wizard (rulings/summary.py): the revoke tree's own sentence
// (tricks transferred, the adjusted result, the score), else the outcome's headline fields. The words and rules
// come from the server (wizard data's outcome_labels: the summary's wording, which fields are quiet). An ES module
// with no DOM; pages/wizard.js draws it.

/** @param {any} object @param {string} name */
function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }

// laws.editions.BASE: the edition whose sentences are rulings/headlines.py QUIET.
const BASE_EDITION = "ccba-1999";

/** The summary function for the labels of one language. @param {any} outcomeLabels
 * @returns {(tree: any, outcome: any, facts: any) => string} */
export function summariser(outcomeLabels) {
  // rulings/summary.py ruling_summary: the outcome in words, from the ruling's outcome fields.
  const summaryRules = outcomeLabels.summary;
  /** @param {string} template @param {any} params */
  function format(template, params) {  // Python's "%(name)d" / "%(name)s" formatting
    return template.replace(/%\((\w+)\)[ds]/g, function (/** @type {any} */ whole, /** @type {string | number} */ name) { return String(params[name]); });
  }
  /** @param {string} key @param {any} [params] */
  function wording(key, params) { return format(summaryRules.wording[key], params || {}); }
  /** @param {any} facts */
  function nonOffendingSide(facts) {
    let side = has(facts, "revoking_side") ? facts.revoking_side : null;
    if (side === null || side === undefined) {
      const revoker = has(facts, "revoker") ? String(facts.revoker) : null;
      side = revoker !== null && has(summaryRules.revoker_side, revoker) ? summaryRules.revoker_side[revoker] : null;
    }
    return side === "declaring" || side === "defending" ? wording("side_" + side) : null;
  }
  /** @param {any} outcome @param {any} facts */
  function revokeSummary(outcome, facts) {
    const transferred = outcome.tricks_transferred || 0;
    const after = has(outcome, "adjusted_declarer_tricks") ? outcome.adjusted_declarer_tricks : null;
    const before = has(facts, "declarer_tricks") ? facts.declarer_tricks : null;
    let text;
    if (outcome.must_correct) {
      text = wording("must_correct");
      const card = outcome.penalty_card;
      if (card === "major" || card === "minor") text += wording("penalty_card", { card: outcomeLabels.values["penalty_card:" + card] });
      if (transferred === 1) text += words("correct_transfer_one");
      else if (transferred) text += wording("correct_transfer", { n: transferred });
      return text;
    }
    if (!transferred) {
      text = wording("no_transfer");
      if (outcome.equity_review) text += wording("equity_review");
      return text;
    }
    const side = nonOffendingSide(facts);
    if (after !== null && after !== undefined && before !== null && before !== undefined && side !== null) {
      text = wording("transfer_to", { n: transferred, side: side, before: before, after: after });
      const score = has(outcome, "score_ns") ? outcome.score_ns : null;
      if (score !== null && score !== undefined) {
        text += wording("score_ns", { score: typeof score === "number" && score >= 0 ? "+" + score : String(score) });
      }
      return text;
    }
    return transferred === 1 ? words("transfer_one") : wording("transfer", { n: transferred });
  }
  /** @param {any} value */
  function quiet(value) {
    return summaryRules.quiet.some(function (/** @type {any} */ q) { return q === value; }) || value === 0;
  }
  /** @param {string} key */
  function words(key) { return summaryRules.words[key]; }
  // rulings/summary.py _phrase: one consequence as a sentence; a field without one, its label and value.
  // A further edition's phrases over the base's, and its own rulings with nothing to rectify (rulings/headlines.py
  // EDITION_PHRASES, EDITION_QUIET): never the base's sentences for another code's rule letters.
  /** @param {any} tree */
  function further(tree) {
    const editions = summaryRules.editions || {};
    return tree.edition && has(editions, tree.edition) ? editions[tree.edition] : null;
  }
  /** @param {string} name @param {any} value @param {any} tree */
  function phrase(name, value, tree) {
    const key = name + ":" + (value === true ? "true" : String(value));
    const own = further(tree);
    if (own && has(own.phrases, key)) return own.phrases[key];
    if (has(summaryRules.phrases, key)) return summaryRules.phrases[key];
    const label = has(outcomeLabels.fields, name) ? outcomeLabels.fields[name] : name;
    if (value === true) return label;
    const valueKey = name + ":" + value;
    const shown = typeof value === "string" && has(outcomeLabels.values, valueKey) ? outcomeLabels.values[valueKey] : String(value);
    return label + words("colon") + shown;
  }
  /** @param {number} score */
  function signed(score) { return score >= 0 ? "+" + score : String(score); }
  /** @param {any} value */
  function isCount(value) { return typeof value === "number" && Number.isInteger(value); }
  /** @param {any} outcome */
  function claimSummary(outcome) {
    const tricks = has(outcome, "tricks_awarded") ? outcome.tricks_awarded : null;
    if (!isCount(tricks)) return null;
    let text = tricks === 1 ? words("claim_trick") : format(words("claim_tricks"), { n: tricks });
    const declarer = has(outcome, "adjusted_declarer_tricks") ? outcome.adjusted_declarer_tricks : null;
    if (isCount(declarer)) text += format(words("claim_declarer"), { d: declarer });
    // rulings/summary.py _claim: the contract is known, so the score, both sides.
    const score = has(outcome, "score_ns") ? outcome.score_ns : null;
    if (isCount(score)) text += format(words("claim_score"), { ns: signed(score), ew: signed(-score) });
    return text;
  }
  /** @param {string[]} parts */
  function joined(parts) {
    return parts.map(function (part, index) {
      if (!index) return part;
      const word = part.split(" ")[0];
      return word.slice(1) === word.slice(1).toLowerCase() ? part.charAt(0).toLowerCase() + part.slice(1) : part;
    }).join(words("sep"));
  }
  // rulings/summary.py _generic: what happens now and to whom, most telling first; nothing to rectify: what the
  // table does next, by tree and rule.
  /** @param {any} tree @param {any} outcome */
  function genericSummary(tree, outcome) {
    /** @type {Record<string, boolean>} */
    const loud = {};
    Object.keys(outcome).forEach(function (name) {
      if (summaryRules.not_headline.indexOf(name) < 0 && !quiet(outcome[name])) loud[name] = true;
    });
    /** @type {string[]} */
    const main = [];
    /** @type {string[]} */
    const low = [];
    const claim = claimSummary(outcome);
    if (claim) main.push(claim);
    Object.keys(tree.outcome_fields).forEach(function (name) {
      if (!loud[name]) return;
      const over = has(summaryRules.subsumed, name) ? summaryRules.subsumed[name] : [];
      if (over.some(function (/** @type {string} */ other) { return loud[other]; })) return;
      (summaryRules.low.indexOf(name) >= 0 ? low : main).push(phrase(name, outcome[name], tree));
    });
    const parts = main.concat(low).slice(0, summaryRules.max_parts);
    if (parts.length) return joined(parts);
    const key = tree.slug + ":" + outcome.rule;
    const own = further(tree);
    const table = own ? own.quiet_rulings : tree.edition && tree.edition !== BASE_EDITION ? {} : summaryRules.quiet_rulings;
    return has(table, key) ? table[key] : words("no_penalty");
  }
  /** @param {any} tree @param {any} outcome @param {any} facts */
  function rulingSummary(tree, outcome, facts) {
    return tree.slug === "revoke" ? revokeSummary(outcome, facts) : genericSummary(tree, outcome);
  }
  return rulingSummary;
}
