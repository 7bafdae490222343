// 裁判助手 — a query as the offline search reads it: search/analysis.py's text (NFKC, pinyin-free Latin), and
// search/plan.py and search/trees.py in small — the units a result must hold (names from the synonym table,
// pinyin of glossary terms, Chinese words by the longest match against the index's own words, English words by
// Porter stems, a typo or two forgiven), the references inside the query, and the ruling trees it names.
// An ES module with no DOM; engine/search.js scores the corpus against the plan.

import { parseRefQuery, arabicReferences, lawOf } from "./reference.js";

const CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
const CJK_RE = new RegExp("[" + CJK + "]");
const MAX_UNITS = 12;
const MAX_TREES = 3;
const MASK = "\u0000";

// --------------------------------------------------------------------------------- text and references
/** @param {string} text */
function normalise(text) {
  // eslint-disable-next-line no-control-regex -- the control characters are what it takes out, as the server does
  text = String(text || "").normalize("NFKC").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  return text.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}
/** @param {any} text */
function plainLatin(text) {
  let out = "";
  text = text.replace(/[üǖǘǚǜ]/g, "v");
  for (let i = 0; i < text.length; i++) {
    let ch = text[i];
    if (ch.charCodeAt(0) < 0x2e80) ch = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    out += ch;
  }
  return out;
}
/** @param {string} text */
function isCjk(text) { return CJK_RE.test(text); }

// search/query.py _INLINE_REF_RE: a reference inside a longer query.
const INLINE_REF = /第\s*\d{1,2}\s*条(?:\s*[a-z]\s*款(?:\s*\d{1,2}\s*项)?)?|\blaws?\s+\d{1,2}(?:[a-z](?:\d{1,2}[a-z]?)?)?\b|(?<![a-z0-9])\d{1,2}[a-z](?:\d{1,2}[a-z]?)?(?![a-z0-9])/g;

// --------------------------------------------------------------------------------------------- plan
/** @param {any} a @param {any} b @param {number} limit */
function distance(a, b, limit) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  /** @type {number[]} */
  let before = [];
  /** @type {any[]} */
  let previous = [];
  let j;
  for (j = 0; j <= b.length; j++) previous.push(j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (j = 1; j <= b.length; j++) {
      let cost = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cost = Math.min(cost, before[j - 2] + 1);
      current.push(cost);
    }
    if (Math.min.apply(null, current) > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[previous.length - 1];
}
/** @param {any} word */
function typoBudget(word) { return word.length < 4 ? 0 : word.length < 8 ? 1 : 2; }

/** @param {any} C @param {any} term */
function groupOf(C, term) {
  for (let i = 0; i < C.groups.length; i++) if (C.groups[i].chinese.indexOf(term) >= 0) return C.groups[i];
  return null;
}
/**
 * @param {string} text
 * @param {any[]} chinese
 * @param {any} [latin]
 * @param {any[] | undefined} [pinyin]
 * @param {boolean | undefined} [fuzzy]
 * @param {boolean | undefined} [stop]
 * @param {boolean | undefined} [weak]
 */
function unit(text, chinese, latin, pinyin, fuzzy, stop, weak) {
  return { text: text, chinese: chinese || [], latin: latin || [], pinyin: pinyin || [], fuzzy: !!fuzzy, stop: !!stop,
           weak: !!weak, related: [] };
}
/** @param {any} text @param {any} group @param {any[] | undefined} [chinese] */
function concept(text, group, chinese) {
  chinese = chinese || [];
  if (!group) return unit(text, chinese);
  const all = chinese.concat(group.chinese).filter(function (/** @type {any} */ w, /** @type {any} */ i, /** @type {any} */ a) { return a.indexOf(w) === i; });
  const pinyin = group.latin.filter(function (/** @type {any} */ n) { return n.length === 1; }).map(function (/** @type {any[]} */ n) { return n.join(""); });
  return unit(text, all, group.latin, pinyin);
}
/** @param {any} C @param {string} word */
function stemOf(C, word) {
  if (Object.prototype.hasOwnProperty.call(C.english, word)) return C.english[word];
  // Not a word of the corpus: a light stemmer is enough to meet the server's stems half way.
  return word.replace(/(ing|ed|es|s|e)$/, "");
}
/** @param {any} C @param {any[]} word */
function near(C, word) {
  const budget = typoBudget(word);
  if (!budget) return [];
  return C.englishWords.filter(function (/** @type {any[]} */ w) {
    return w !== word && w[0] === word[0] && distance(word, w, budget) <= budget;
  }).map(function (/** @type {string | number} */ w) { return C.english[w]; });
}

/** @param {any} C @param {any} run */
function chineseUnits(C, run) {
  /** @type {any[]} */
  const units = [];
  let i = 0;
  while (i < run.length) {
    let size = Math.min(C.maxWord, run.length - i);
    let word = run.slice(i, i + size);
    for (; size > 0; size--) {
      word = run.slice(i, i + size);
      if (size === 1 || C.lexicon[word] || C.chineseStop[word]) break;
    }
    const group = groupOf(C, word);
    const weak = word.length === 1 || !!C.generic[word];
    units.push(group ? concept(word, group, [word]) : unit(word, [word], [], [], false, !!C.chineseStop[word], weak));
    i += size;
  }
  return units;
}

/** @param {any} C @param {any[]} tokens */
function latinUnits(C, tokens) {
  const words = tokens.map(function (/** @type {string} */ t) { return /^\d+$/.test(t) ? t : t.replace(/[12345]+$/, ""); });
  /** @type {any[]} */
  const units = [];
  let i = 0;
  while (i < tokens.length) {
    /** @type {any} */
    let matched = null;
    /** @type {number} */
    let size;
    /** @type {string[]} */
    let windowText = [];
    for (size = Math.min(6, tokens.length - i); size > 0 && !matched; size--) {
      windowText = words.slice(i, i + size);
      const name = windowText.join(" ");
      if (C.latinNames[name]) { matched = [size, concept(name, C.latinNames[name])]; break; }
      const terms = C.pinyin[windowText.join("")];
      if (terms && terms.length) {
        let group = null;
        for (let t = 0; t < terms.length && !group; t++) group = groupOf(C, terms[t]);
        matched = [size, concept(name, group, terms.slice())];
        break;
      }
    }
    if (!matched) {
      for (size = Math.min(6, tokens.length - i); size > 0 && !matched; size--) {
        windowText = words.slice(i, i + size);
        const names = Object.keys(C.latinNames);
        for (let n = 0; n < names.length; n++) {
          const parts = names[n].split(" ");
          if (parts.length !== windowText.length || parts.join(" ") === windowText.join(" ")) continue;
          const ok = parts.every(function (p, k) { return p === windowText[k] || distance(windowText[k], p, typoBudget(p)) <= typoBudget(p); });
          if (ok) { matched = [size, concept(windowText.join(" "), C.latinNames[names[n]])]; break; }
        }
      }
    }
    if (!matched) {
      const word = words[i];
      matched = [1, /^\d+$/.test(word) ? unit(word, [word])
        : unit(word, [], [[word]], [word], word.length >= 4, !!C.englishStop[word])];
    }
    units.push(matched[1]);
    i += matched[0];
  }
  return units;
}

/** @param {any} C @param {string} text */
function plan(C, text) {
  /** @type {{units: any[], phrases: string[], refs: string[], trees: any[]}} */
  const result = { units: [], phrases: [], refs: [], trees: [] };
  text = arabicReferences(plainLatin(text), false).replace(INLINE_REF, function (whole) {
    const ref = parseRefQuery(whole.toUpperCase()) || parseRefQuery(whole);
    if (!ref) return whole;
    result.refs.push(ref);
    return " ";
  });
  /** @type {any[]} */
  const found = [];
  C.groups.forEach(function (/** @type {any} */ group) {
    group.chinese.forEach(function (/** @type {any} */ name) {
      let start = text.indexOf(name);
      while (start !== -1) {
        found.push([start, start + name.length, name, group]);
        start = text.indexOf(name, start + 1);
      }
    });
  });
  found.sort(function (a, b) { return (b[1] - b[0]) - (a[1] - a[0]) || a[0] - b[0]; });
  /** @type {any[]} */
  const taken = [];
  const masked = text.split("");
  found.forEach(function (f) {
    if (taken.some(function (t) { return f[0] < t[1] && t[0] < f[1]; })) return;
    taken.push([f[0], f[1]]);
    result.units.push(concept(f[2], f[3], [f[2]]));
    for (let i = f[0]; i < f[1]; i++) masked[i] = MASK;
  });
  const remaining = masked.join("");
  (text.match(new RegExp("[" + CJK + "]{3,}", "g")) || []).forEach(function (/** @type {any} */ run) { result.phrases.push(run); });
  const token = new RegExp("第\\d+[" + CJK + "]?|\\d+[墩张线副节轮条款项]|[" + CJK + "]+|[a-z]+[1-5]?|\\d+|" + MASK + "+", "g");
  /** @type {any[]} */
  let latinRun = [];
  let m;
  while ((m = token.exec(remaining)) !== null) {
    const tok = m[0];
    if (tok[0] === MASK || isCjk(tok)) {
      result.units = result.units.concat(latinUnits(C, latinRun));
      latinRun = [];
      if (/\d/.test(tok)) result.units.push(unit(tok, [tok]));
      else if (isCjk(tok)) result.units = result.units.concat(chineseUnits(C, tok));
    } else {
      latinRun.push(tok);
    }
  }
  result.units = result.units.concat(latinUnits(C, latinRun));
  /** @type {any} */
  const meaningful = result.units.filter(function (u) { return !u.stop; });
  result.units = (meaningful.length ? meaningful : result.units).slice(0, MAX_UNITS);
  result.trees = matchingTrees(C, text, result.units, null);
  result.units.forEach(function (u) { u.related = relatedNames(C, u); });
  return result;
}

// ------------------------------------------------------------------------------------------- trees
// search/trees.py: a tree is named by its title, English title or keywords (in the text, English as whole
// words, or as a name of one of the query's units); a reference names the trees ruling under its law.
/** @param {any} u */
function unitNames(u) {
  const names = [u.text].concat(u.chinese);
  u.latin.forEach(function (/** @type {any[]} */ words) { names.push(words.join(" ")); });
  return names;
}
/** @param {any} text @param {string} name */
function holds(text, name) {
  if (isCjk(name)) return text.indexOf(name) >= 0;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp("(?<![a-z0-9])" + escaped + "(?![a-z0-9])").test(text);
}
/** @param {any} C @param {any} text @param {any} units @param {string | null} ref */
function matchingTrees(C, text, units, ref) {
  /** @type {any[]} */
  const ranked = [];
  C.trees.forEach(function (/** @type {any} */ tree, /** @type {any} */ position) {
    if (ref) {
      const at = tree.laws_order.indexOf(lawOf(ref));
      if (at >= 0) ranked.push({ key: [at, position], tree: tree });
      return;
    }
    /** @type {Record<string, any>} */
    const asked = {};
    (units || []).forEach(function (/** @type {any} */ u) { unitNames(u).forEach(function (n) { asked[n] = true; }); });
    let best = 0;
    tree.names.forEach(function (/** @type {any} */ name) { if (asked[name] || holds(text, name)) best = Math.max(best, name.length); });
    if (best) ranked.push({ key: [-best, position], tree: tree });
  });
  ranked.sort(function (a, b) { return a.key[0] - b.key[0] || a.key[1] - b.key[1]; });
  return ranked.slice(0, MAX_TREES).map(function (r) { return r.tree; });
}
// search/plan.py _with_related: a unit naming a tree also goes by the tree's other names (Chinese ones here).
/** @param {any} C @param {any} u */
function relatedNames(C, u) {
  const names = unitNames(u);
  /** @type {any[]} */
  const out = [];
  C.trees.forEach(function (/** @type {any} */ tree) {
    if (!tree.names.some(function (/** @type {any} */ n) { return names.indexOf(n) >= 0; })) return;
    tree.names.forEach(function (/** @type {any} */ n) { if (isCjk(n) && names.indexOf(n) < 0 && out.indexOf(n) < 0) out.push(n); });
  });
  return out;
}
/** @param {any} tree */
function treeAnswer(tree) {
  return { slug: tree.slug, edition: tree.edition, title: tree.title, title_en: tree.title_en, url: tree.url };
}

export { normalise, isCjk, stemOf, near, plan, matchingTrees, treeAnswer };
