// 裁判助手 — search without the network: the engine of the top-bar box and the search page offline, which answer
// from /offline/corpus.json (stored by "下载全部规则供离线使用") when /api/search/ cannot be reached.
//
// A smaller cousin of search/query.py and search/plan.py: a reference (27B1, 第64条, 第二十七条, Law 12C) jumps to its
// section; otherwise the query becomes units — names from the synonym table (藏牌 = revoke = cangpai, 首攻 = 首引),
// pinyin of glossary terms, Chinese words (longest match against the index's own words, as the server does),
// English words (Porter stems from the server, a typo or two forgiven) — all of which a result must contain (if
// none does, any of them); lone characters and generic words (错误) only add to the score, as on the server. Titles
// and terms weigh more than text. The ruling trees the query names come with the results (search/trees.py), and
// their laws and other names count as on the server. Results have the API's shape, so pages/search-box.js renders
// them as it renders the server's. An ES module with no DOM: prepare(corpus) once, then answer(C, query, limit);
// pages/offline-search.js fetches the corpus and draws the page. The query's plan is engine/plan.js.
// tests/js/search.test.js holds its plan, trees, jumps and ranking to the server's on the golden corpus of each
// edition (tests/golden/search-corpus.json, search.json: make golden); tests/e2e/test_offline_parity.py does so in
// chromium on the stored /offline/corpus.json.

import { findReferences, reference, lawOf, ancestors } from "./reference.js";
import { normalise, isCjk, plan, matchingTrees, treeAnswer, stemOf, near } from "./plan.js";

const WEIGHTS = { title: 8, context: 1.7, body: 2.5, title_en: 5, context_en: 1.5, pinyin: 4 };
const DEFINITION_FACTOR = 1.15;
const EXACT_TITLE_FACTOR = 2.5;
const WITHIN_FACTOR = 3;
const OR_FACTOR = 0.5;
const FUZZY_WEIGHT = 0.6;
const WEAK_FACTOR = 1.25;
const TREE_LAW_FACTOR = 1.5;
const RELATED_WEIGHT = 0.5;

/** @param {any} corpus */
function prepare(corpus) {
  /** @type {any[]} */
  const docs = [];
  corpus.sections.forEach(function (/** @type {any} */ s, /** @type {any} */ i) {
    docs.push({
      kind: "section", ref: s.ref, law: s.law, title: s.title, url: s.url, text: s.text || "", order: i,
      title_zh: (s.heading || "").toLowerCase(), context: (s.context || "").toLowerCase(),
      body: (s.text || "").toLowerCase(), en_title: s.en_title || [], en_context: s.en_context || [],
      pinyin: s.pinyin || [], cites: s.cites || []
    });
  });
  corpus.definitions.forEach(function (/** @type {any} */ d, /** @type {number} */ i) {
    docs.push({
      kind: "definition", ref: d.ref || "", law: d.law, title: d.title, url: d.url, text: d.text || "",
      order: 100000 + i, title_zh: d.term.toLowerCase(), context: "", body: (d.text || "").toLowerCase(),
      en_title: d.en_title || [], en_context: [], pinyin: d.pinyin || [], cites: d.cites || []
    });
  });
  /** @type {Record<string, any>} */
  const byRef = {};
  docs.forEach(function (doc) { if (doc.kind === "section") byRef[doc.ref] = doc; });
  const groups = corpus.synonyms.map(function (/** @type {any[]} */ names) {
    return {
      names: names,
      chinese: names.filter(isCjk),
      latin: names.filter(function (/** @type {any} */ n) { return !isCjk(n); }).map(function (/** @type {string} */ n) {
        return n.replace(/-/g, " ").replace(/'/g, "").split(/\s+/).filter(Boolean);
      })
    };
  });
  /** @type {Record<string, any>} */
  const latinNames = {};
  groups.forEach(function (/** @type {any} */ g) { g.latin.forEach(function (/** @type {any[]} */ words) { if (!latinNames[words.join(" ")]) latinNames[words.join(" ")] = g; }); });
  /** @type {Record<string, any>} */
  const lexicon = {};
  let maxWord = 1;
  (corpus.lexicon || []).forEach(function (/** @type {any} */ w) { lexicon[w] = true; maxWord = Math.max(maxWord, w.length); });
  /** @type {Record<string, any>} */
  const stems = {};
  Object.keys(corpus.english || {}).forEach(function (w) { stems[w] = corpus.english[w]; });
  return {
    raw: corpus, docs: docs, byRef: byRef, groups: groups, latinNames: latinNames, lexicon: lexicon,
    maxWord: maxWord, pinyin: corpus.pinyin || {}, english: stems,
    englishWords: Object.keys(stems), chineseStop: toSet(corpus.chinese_stop || []),
    englishStop: toSet(corpus.english_stop || []), generic: toSet(corpus.chinese_generic || []),
    trees: corpus.trees || []
  };
}
/** @param {any[]} list */
function toSet(list) {
  /** @type {Record<string, boolean>} */
  const s = {};
  list.forEach(function (/** @type {string} */ w) { s[w] = true; });
  return s;
}

// ------------------------------------------------------------------------------------------ scoring
/** @param {any} haystack @param {any} needle */
function count(haystack, needle) {
  let n = 0;
  let i = haystack.indexOf(needle);
  while (i !== -1 && n < 5) { n++; i = haystack.indexOf(needle, i + needle.length); }
  return n;
}
/** @param {any} C @param {any} u */
function unitStems(C, u) {
  return u.latin.map(function (/** @type {any[]} */ phrase) { return phrase.map(function (/** @type {any} */ w) { return stemOf(C, w); }); });
}
/** @param {any} list @param {any} stems */
function containsPhrase(list, stems) {
  if (!stems.length || !list.length) return false;
  for (let i = 0; i + stems.length <= list.length; i++) {
    let ok = true;
    for (let k = 0; k < stems.length; k++) if (list[i + k] !== stems[k]) { ok = false; break; }
    if (ok) return true;
  }
  return false;
}
/** @param {any} C @param {any} u @param {any} doc */
function unitScore(C, u, doc) {
  let best = 0;
  u.chinese.forEach(function (/** @type {any} */ zh) {
    let s = 0;
    if (doc.title_zh.indexOf(zh) >= 0) s += WEIGHTS.title;
    if (doc.context.indexOf(zh) >= 0) s += WEIGHTS.context;
    const n = count(doc.body, zh);
    if (n) s += WEIGHTS.body * (1 + 0.15 * (n - 1));
    best = Math.max(best, s);
  });
  unitStems(C, u).forEach(function (/** @type {any} */ stems) {
    let s = 0;
    if (containsPhrase(doc.en_title, stems)) s += WEIGHTS.title_en;
    if (containsPhrase(doc.en_context, stems)) s += WEIGHTS.context_en;
    if (!s && u.fuzzy && stems.length === 1) {
      near(C, u.latin[0][0]).forEach(function (/** @type {any} */ stem) {
        if (doc.en_title.indexOf(stem) >= 0) s = Math.max(s, WEIGHTS.title_en * FUZZY_WEIGHT);
        if (doc.en_context.indexOf(stem) >= 0) s = Math.max(s, WEIGHTS.context_en * FUZZY_WEIGHT);
      });
    }
    best = Math.max(best, s);
  });
  u.pinyin.forEach(function (/** @type {any} */ form) { if (doc.pinyin.indexOf(form) >= 0) best = Math.max(best, WEIGHTS.pinyin); });
  (u.related || []).forEach(function (/** @type {any} */ zh) {
    let s = 0;
    if (doc.title_zh.indexOf(zh) >= 0) s += WEIGHTS.title;
    if (doc.context.indexOf(zh) >= 0) s += WEIGHTS.context;
    if (doc.body.indexOf(zh) >= 0) s += WEIGHTS.body;
    best = Math.max(best, s * RELATED_WEIGHT);
  });
  return best;
}
/** @param {any} doc @param {any} thePlan @param {any[]} weak @param {any} treeLaws */
function docFactor(doc, thePlan, weak, treeLaws) {
  let factor = doc.kind === "definition" ? DEFINITION_FACTOR : 1;
  (weak || []).forEach(function (/** @type {any} */ w) {
    if (doc.title_zh.indexOf(w) >= 0 || doc.context.indexOf(w) >= 0 || doc.body.indexOf(w) >= 0) factor *= WEAK_FACTOR;
  });
  if (doc.kind === "section" && treeLaws && treeLaws[doc.law]) factor *= 1 + (TREE_LAW_FACTOR - 1) * treeLaws[doc.law];
  const term = doc.kind === "definition" ? doc.title.split("（")[0] : doc.title.split(" ").slice(1).join(" ");
  /** @type {Record<string, any>} */
  const asked = {};
  thePlan.units.forEach(function (/** @type {any} */ u) { asked[u.text] = true; u.chinese.forEach(function (/** @type {string | number} */ zh) { asked[zh] = true; }); });
  if (asked[term]) factor *= EXACT_TITLE_FACTOR;
  if (thePlan.refs.length && doc.kind === "section") {
    if (ancestors(doc.ref).some(function (r) { return thePlan.refs.indexOf(r) >= 0; })) factor *= WITHIN_FACTOR;
  }
  return factor;
}
/** @param {any} doc @param {any} thePlan */
function bonus(doc, thePlan) {
  let s = 0;
  thePlan.phrases.forEach(function (/** @type {any} */ run) {
    if (doc.title_zh.indexOf(run) >= 0) s += WEIGHTS.title * 2;
    if (doc.body.indexOf(run) >= 0) s += WEIGHTS.body * 2;
  });
  thePlan.refs.forEach(function (/** @type {any} */ ref) { if (doc.cites.indexOf(ref) >= 0) s += 10; });
  return s;
}

// ------------------------------------------------------------------------------------------ snippets
/** @param {string} text */
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
const WIDTH = 90;
const LEAD = 16;
/** @param {any} C @param {string} text @param {any[]} chinese @param {any} stems */
function spans(C, text, chinese, stems) {
  const lowered = text.toLowerCase();
  /** @type {any[]} */
  const out = [];
  chinese.filter(Boolean).filter(function (/** @type {any} */ n, /** @type {any} */ i, /** @type {any} */ a) { return a.indexOf(n) === i; })
    .sort(function (/** @type {any} */ a, /** @type {any} */ b) { return b.length - a.length; })
    .forEach(function (/** @type {any} */ needle) {
      let start = lowered.indexOf(needle);
      while (start !== -1) { out.push([start, start + needle.length]); start = lowered.indexOf(needle, start + needle.length); }
    });
  if (stems.length) {
    const re = /[A-Za-z]+/g;
    let m;
    while ((m = re.exec(text)) !== null) {
      const w = m[0].toLowerCase();
      if (stems.indexOf(stemOf(C, w)) >= 0 || stems.indexOf(w) >= 0) out.push([m.index, m.index + m[0].length]);
    }
  }
  out.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
  /** @type {any[]} */
  const merged = [];
  out.forEach(function (s) {
    if (merged.length && s[0] <= merged[merged.length - 1][1]) merged[merged.length - 1][1] = Math.max(merged[merged.length - 1][1], s[1]);
    else merged.push([s[0], s[1]]);
  });
  return merged;
}
/** @param {any} C @param {string} text @param {any[]} chinese @param {any[]} stems */
function snippet(C, text, chinese, stems) {
  text = text.split(/\s+/).filter(Boolean).join(" ");
  const marks = spans(C, text, chinese || [], stems || []);
  let start = 0, end = Math.min(text.length, WIDTH);
  if (text.length > WIDTH && marks.length) {
    let best = marks[0][0], bestCount = -1;
    marks.forEach(function (anchor) {
      const s = Math.max(0, anchor[0] - LEAD);
      const n = marks.filter(function (m) { return m[0] >= s && m[1] <= s + WIDTH; }).length;
      if (n > bestCount) { best = s; bestCount = n; }
    });
    start = Math.max(0, Math.min(best, text.length - WIDTH));
    end = Math.min(text.length, start + WIDTH);
    marks.forEach(function (m) { if (m[0] < end && end < m[1]) end = m[1]; });
  }
  let out = start > 0 ? "…" : "";
  let pos = start;
  marks.forEach(function (m) {
    if (m[1] <= start || m[0] >= end) return;
    const s = Math.max(m[0], start), e = Math.min(m[1], end);
    out += escapeHtml(text.slice(pos, s)) + "<mark>" + escapeHtml(text.slice(s, e)) + "</mark>";
    pos = e;
  });
  out += escapeHtml(text.slice(pos, end));
  if (end < text.length) out += "…";
  return out;
}

// ------------------------------------------------------------------------------------------- search
/** @param {any} doc @param {string} snippetHtml @param {number} score @param {boolean | undefined} [jump] */
function hit(doc, snippetHtml, score, jump) {
  return { ref: doc.ref || null, law: doc.law, title: doc.title, snippet: snippetHtml, url: doc.url,
           score: Math.round(score * 1000) / 1000, kind: doc.kind, jump: !!jump };
}

/** @param {any} C @param {string} query @param {number} limit */
function jumpHits(C, query, limit) {
  const ref = reference(query);
  if (!ref) return [];
  const doc = C.byRef[ref] || C.byRef[String(lawOf(ref))];
  if (!doc) return [];
  const citing = C.docs.filter(function (/** @type {any} */ d) { return d !== doc && d.cites.indexOf(doc.ref) >= 0; })
    .sort(function (/** @type {any} */ a, /** @type {any} */ b) { return (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || a.order - b.order; });
  const raw = function (/** @type {any} */ d) {
    return findReferences(d.text).filter(function (f) { return ancestors(f.ref).indexOf(doc.ref) >= 0; })
      .map(function (f) { return f.raw.toLowerCase(); });
  };
  return [hit(doc, snippet(C, doc.text, [], []), 1, true)].concat(citing.slice(0, limit - 1).map(function (/** @type {any} */ d) {
    return hit(d, snippet(C, d.text, raw(d), []), 0.5, false);
  }));
}

/** @param {any} C @param {any} thePlan @param {number} limit */
function ranked(C, thePlan, limit) {
  const lone = function (/** @type {any} */ u) { return u.text.length === 1 && isCjk(u.text); };
  let units = thePlan.units.filter(function (/** @type {any} */ u) { return u.chinese.length || u.latin.length || u.pinyin.length; });
  // search/plan.py compile_plan: weak units only count where a result has them; nothing but lone characters →
  // the characters as typed, as a substring.
  let strong = units.filter(function (/** @type {any} */ u) { return !u.weak; });
  let weakUnits = units.filter(function (/** @type {any} */ u) { return u.weak; });
  let literal = "";
  if (!strong.length) {
    strong = weakUnits.filter(function (/** @type {any} */ u) { return !lone(u); });
    weakUnits = strong.length ? weakUnits.filter(lone) : [];
    if (!strong.length) literal = units.map(function (/** @type {any} */ u) { return u.text; }).join("");
  }
  /** @type {any[]} */
  let weak = [];
  weakUnits.forEach(function (/** @type {any} */ u) { weak = weak.concat(u.chinese); });
  units = strong;
  /** @type {Record<string, any>} */
  const treeLaws = {};
  thePlan.trees.forEach(function (/** @type {any} */ tree) {
    Object.keys(tree.laws).forEach(function (law) { treeLaws[law] = Math.max(treeLaws[law] || 0, tree.laws[law]); });
  });
  /** @type {any[]} */
  let scored = [];
  if (literal) {
    C.docs.forEach(function (/** @type {any} */ doc) {
      const s = (doc.title_zh.indexOf(literal) >= 0 ? 5 : 0) + (doc.context.indexOf(literal) >= 0 ? 1 : 0) + (doc.body.indexOf(literal) >= 0 ? 1.5 : 0);
      if (s) scored.push({ tier: 0, score: s * docFactor(doc, thePlan, [], treeLaws), doc: doc });
    });
  } else if (!units.length && thePlan.refs.length) {
    C.docs.forEach(function (/** @type {any} */ doc) {
      let s = 0;
      thePlan.refs.forEach(function (/** @type {any} */ ref) { if (doc.ref === ref) s += 100; if (doc.cites.indexOf(ref) >= 0) s += 1; });
      if (s) scored.push({ tier: 0, score: s, doc: doc });
    });
  } else if (units.length) {
    /** @type {any[]} */
    const all = [];
    C.docs.forEach(function (/** @type {any} */ doc) {
      const parts = units.map(function (/** @type {any} */ u) { return unitScore(C, u, doc); });
      all.push({ doc: doc, parts: parts });
    });
    all.forEach(function (entry) {
      if (entry.parts.every(function (/** @type {number} */ s) { return s > 0; })) {
        const s = entry.parts.reduce(function (/** @type {any} */ a, /** @type {any} */ b) { return a + b; }, 0) + bonus(entry.doc, thePlan);
        scored.push({ tier: 0, score: s * docFactor(entry.doc, thePlan, weak, treeLaws), doc: entry.doc });
      }
    });
    if (units.length > 1 && scored.length < limit) {
      let strong = units.map(function (/** @type {any} */ u, /** @type {any} */ i) { return [u, i]; }).filter(function (/** @type {any} */ p) { return p[0].text.length > 1; });
      if (!strong.length) strong = units.map(function (/** @type {any} */ u, /** @type {any} */ i) { return [u, i]; });
      all.forEach(function (entry) {
        if (entry.parts.every(function (/** @type {number} */ s) { return s > 0; })) return;
        const s = strong.reduce(function (/** @type {any} */ sum, /** @type {any} */ p) { return sum + entry.parts[p[1]]; }, 0);
        if (s > 0) scored.push({ tier: 1, score: (s + bonus(entry.doc, thePlan)) * OR_FACTOR * docFactor(entry.doc, thePlan, weak, treeLaws), doc: entry.doc });
      });
    }
  }
  scored.sort(function (a, b) { return a.tier - b.tier || b.score - a.score || a.doc.order - b.doc.order; });
  scored = scored.slice(0, limit);
  /** @type {any[]} */
  let chinese = [];
  /** @type {any[]} */
  let stems = [];
  thePlan.units.forEach(function (/** @type {any} */ u) {
    chinese = chinese.concat(u.chinese, u.related || []);
    unitStems(C, u).forEach(function (/** @type {any} */ s) { stems = stems.concat(s); });
    if (u.fuzzy && u.latin.length === 1 && u.latin[0].length === 1) stems = stems.concat(near(C, u.latin[0][0]));
  });
  chinese = chinese.concat(thePlan.phrases, literal ? [literal] : []);
  return scored.map(function (entry) { return hit(entry.doc, snippet(C, entry.doc.text, chinese, stems), entry.score); });
}

// The answer GET /api/search/?q=&limit= would give, from the prepared corpus C, less took_ms (the page adds it).
/** @param {any} C @param {string} query @param {number} limit */
function answer(C, query, limit) {
  const text = normalise(query);
  /** @type {any[]} */
  let results = [];
  /** @type {any[]} */
  let trees = [];
  if (text) {
    results = jumpHits(C, query, limit);
    if (results.length) {
      trees = matchingTrees(C, text, null, reference(query));
    } else {
      const thePlan = plan(C, text);
      results = ranked(C, thePlan, limit);
      trees = thePlan.trees;
    }
  }
  return { query: query, results: results, trees: trees.map(treeAnswer), offline: true, revision: C.raw.revision };
}

export { prepare, plan, answer, normalise };
