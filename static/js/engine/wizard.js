// 裁判助手 — the wizard's walk in screens (rulings/wizard_views.py): the run of rare exceptions asked on one screen
// (_rare_group), which answered step began a screen (_starts_screen, _screens, _back_url), the fewest and most
// screens left (remaining_questions), and the links' query strings (urllib.parse.urlencode). An ES module with no
// DOM; pages/wizard.js draws the screens. tests/js/wizard.test.js holds it to Python (tests/golden/wizard.json).

import * as Tree from "./trees.js";
import { sectionUrl } from "./reference.js";

/** @param {any} object @param {string} name */
function has(object, name) { return Object.prototype.hasOwnProperty.call(object, name); }
/** @param {any[]} pairs */
function pairsObject(pairs) {
  /** @type {Record<string, any>} */
  const out = {};
  pairs.forEach(function (/** @type {any[]} */ p) { out[p[0]] = p[1]; });
  return out;
}

// Python's urllib.parse.urlencode (quote_plus), so links read exactly like the server's.
/** @param {string | number | boolean} text */
export function quotePlus(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, function (c) {
    return "%" + c.charCodeAt(0).toString(16).toUpperCase();
  }).replace(/%20/g, "+");
}
/** @param {any[]} pairs */
export function urlencode(pairs) {
  return pairs.map(function (/** @type {any[]} */ p) { return quotePlus(p[0]) + "=" + quotePlus(String(p[1])); }).join("&");
}

// _rare_group: answer every member "no" and see which the tree asks in a row from `fact`.
/** @param {any} tree @param {string[]} members @param {any[]} base @param {string} fact @param {any} tables */
export function rareGroup(tree, members, base, fact, tables) {
  if (members.indexOf(fact) < 0) return [];
  const trial = pairsObject(base);
  members.forEach(function (/** @type {string} */ name) { if (!has(trial, name)) trial[name] = "false"; });
  const path = Tree.evaluate(tree, trial, tables).path.map(function (step) { return step.fact; });
  /** @type {any[]} */
  const run = [];
  for (let i = path.indexOf(fact); i >= 0 && i < path.length; i++) {
    if (members.indexOf(path[i]) < 0) break;
    run.push(path[i]);
  }
  return run.length > 1 ? run : [];
}
/** @param {string[]} members @param {any[]} steps @param {number} i */
export function startsScreen(members, steps, i) {
  return i === 0 || !(members.indexOf(steps[i].name) >= 0 && members.indexOf(steps[i - 1].name) >= 0);
}
/** How many screens the answered steps took. @param {string[]} members @param {any[]} steps */
export function screens(members, steps) {
  let n = 0;
  for (let i = 0; i < steps.length; i++) if (startsScreen(members, steps, i)) n++;
  return n;
}
/** The walk one screen back. @param {string[]} members @param {any[]} steps */
export function backUrlOf(members, steps) {
  if (!steps.length) return null;
  let cut = steps.length - 1;
  while (!startsScreen(members, steps, cut)) cut--;
  return steps[cut].back_url;
}
/** @param {any} node */
export function targets(node) {
  /** @type {any[]} */
  const found = [];
  Object.keys(node.branches || {}).forEach(function (k) { found.push(node.branches[k]); });
  (node.ranges || []).forEach(function (/** @type {any} */ r) { found.push(r.next); });
  if (node["default"] !== undefined && node["default"] !== null) found.push(node["default"]);
  return found.filter(function (t, i) { return found.indexOf(t) === i; });
}
// remaining_questions: (fewest, most) screens from a node to a ruling, this one included.
/** @param {any} tree @param {string[]} members @param {string} nodeId @returns {number[]} */
export function remainingQuestions(tree, members, nodeId) {
  /** @type {Record<string, number[]>} */
  const memo = {};
  /** @param {string} id @param {boolean} inGroup @returns {number[]} */
  function span(id, inGroup) {
    const key = id + "|" + inGroup;
    if (!has(memo, key)) {
      const node = tree.nodes[id];
      if (!node || !has(node, "ask")) memo[key] = [0, 0];
      else {
        const grouped = members.indexOf(node.ask) >= 0;
        const cost = grouped && inGroup ? 0 : 1;
        const spans = targets(node).map(function (t) { return span(t, grouped); });
        memo[key] = [cost + Math.min.apply(null, spans.map(function (s) { return s[0]; })),
                     cost + Math.max.apply(null, spans.map(function (s) { return s[1]; }))];
      }
    }
    return memo[key];
  }
  return span(nodeId, false);
}

// laws.editions.explicit_with_edition: the link always names the edition (/laws/27/?edition=wbf-2017#27B1).
/** @param {string} url @param {string} code */
export function explicitWithEdition(url, code) {
  const at = url.indexOf("#");
  const path = at < 0 ? url : url.slice(0, at), hash = at < 0 ? "" : url.slice(at);
  return path + (path.indexOf("?") >= 0 ? "&" : "?") + urlencode([["edition", code]]) + hash;
}

// {% section_url ref tree.edition %} (laws/templatetags/laws_tags.py): a law link of the tree's own edition.
/** @param {string} ref @param {string | null | undefined} edition */
export function editionSectionUrl(ref, edition) {
  const url = sectionUrl(ref, "/laws/");
  return edition ? explicitWithEdition(url, edition) : url;
}
