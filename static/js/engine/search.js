// 裁判助手 — search without the network: the engine of the top-bar box and the search page offline, which answer
// from /offline/corpus.json (stored by "下载全部规则供离线使用") when /api/search/ cannot be reached.
//
// A smaller cousin of search/query.py and search/plan.py: a reference (27B1, 第64条, 第二十七条, Law 12C) jumps to its
// section; otherwise the query becomes units — names from the synonym table (藏牌 = revoke = cangpai, 首攻 = 首引),
// pinyin of glossary terms, Chinese words (longest match against the index's own words, as the server does),
// English words (Porter stems from the server, a typo or two forgiven) — all of which a result must contain (if
// none does, any of them); lone characters and generic words (错误) only add to the score, as on the server. Titles
// and terms weigh more than text. The ruling trees the query names come with the results (search/trees.py), and
// their laws and other names count as on the server. Results have the API's shape, so static/js/pages/search-box.js renders
// their laws and other names count as on the server. Results have the API's shape, so pages/search-box.js renders
// them as it renders the server's. An ES module with no DOM: prepare(corpus) once, then answer(C, query, limit);
// pages/offline-search.js fetches the corpus and draws the page. tests/js/search.test.js holds the plans and the
// answers to Python's (tests/golden/search.json).

import { findReferences, parseRefQuery, arabicReferences, reference, lawOf, ancestors } from "./reference.js";

const CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
const CJK_RE = new RegExp("[" + CJK + "]");
const MAX_UNITS = 12;
const WEIGHTS = { title: 8, context: 1.7, body: 2.5, title_en: 5, context_en: 1.5, pinyin: 4 };
const DEFINITION_FACTOR = 1.15;
const EXACT_TITLE_FACTOR = 1.6;
const WITHIN_FACTOR = 3;
const OR_FACTOR = 0.5;
const FUZZY_WEIGHT = 0.6;
const WEAK_FACTOR = 1.25;
const TREE_LAW_FACTOR = 1.5;
const RELATED_WEIGHT = 0.5;
const MAX_TREES = 3;
const MASK = "\u0000";

// --------------------------------------------------------------------------------- text and references
function normalise(text) {
  // eslint-disable-next-line no-control-regex -- the control characters are what it takes out, as the server does
  text = String(text || "").normalize("NFKC").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
  return text.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
}
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
function isCjk(text) { return CJK_RE.test(text); }

// search/query.py _INLINE_REF_RE: a reference inside a longer query.
const INLINE_REF = /第\s*\d{1,2}\s*条(?:\s*[a-z]\s*款(?:\s*\d{1,2}\s*项)?)?|\blaws?\s+\d{1,2}(?:[a-z](?:\d{1,2}[a-z]?)?)?\b|(?<![a-z0-9])\d{1,2}[a-z](?:\d{1,2}[a-z]?)?(?![a-z0-9])/g;

function prepare(corpus) {
  const docs = [];
  corpus.sections.forEach(function (s, i) {
    docs.push({
      kind: "section", ref: s.ref, law: s.law, title: s.title, url: s.url, text: s.text || "", order: i,
      title_zh: (s.heading || "").toLowerCase(), context: (s.context || "").toLowerCase(),
      body: (s.text || "").toLowerCase(), en_title: s.en_title || [], en_context: s.en_context || [],
      pinyin: s.pinyin || [], cites: s.cites || []
    });
  });
  corpus.definitions.forEach(function (d, i) {
    docs.push({
      kind: "definition", ref: d.ref || "", law: d.law, title: d.title, url: d.url, text: d.text || "",
      order: 100000 + i, title_zh: d.term.toLowerCase(), context: "", body: (d.text || "").toLowerCase(),
      en_title: d.en_title || [], en_context: [], pinyin: d.pinyin || [], cites: d.cites || []
    });
  });
  const byRef = {};
  docs.forEach(function (doc) { if (doc.kind === "section") byRef[doc.ref] = doc; });
  const groups = corpus.synonyms.map(function (names) {
    return {
      names: names,
      chinese: names.filter(isCjk),
      latin: names.filter(function (n) { return !isCjk(n); }).map(function (n) {
        return n.replace(/-/g, " ").replace(/'/g, "").split(/\s+/).filter(Boolean);
      })
    };
  });
  const latinNames = {};
  groups.forEach(function (g) { g.latin.forEach(function (words) { if (!latinNames[words.join(" ")]) latinNames[words.join(" ")] = g; }); });
  const lexicon = {};
  let maxWord = 1;
  (corpus.lexicon || []).forEach(function (w) { lexicon[w] = true; maxWord = Math.max(maxWord, w.length); });
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
function toSet(list) { const s = {}; list.forEach(function (w) { s[w] = true; }); return s; }

// --------------------------------------------------------------------------------------------- plan
function distance(a, b, limit) {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = [];
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
function typoBudget(word) { return word.length < 4 ? 0 : word.length < 8 ? 1 : 2; }

function groupOf(C, term) {
  for (let i = 0; i < C.groups.length; i++) if (C.groups[i].chinese.indexOf(term) >= 0) return C.groups[i];
  return null;
}
function unit(text, chinese, latin, pinyin, fuzzy, stop, weak) {
  return { text: text, chinese: chinese || [], latin: latin || [], pinyin: pinyin || [], fuzzy: !!fuzzy, stop: !!stop,
           weak: !!weak, related: [] };
}
function concept(text, group, chinese) {
  chinese = chinese || [];
  if (!group) return unit(text, chinese);
  const all = chinese.concat(group.chinese).filter(function (w, i, a) { return a.indexOf(w) === i; });
  const pinyin = group.latin.filter(function (n) { return n.length === 1; }).map(function (n) { return n.join(""); });
  return unit(text, all, group.latin, pinyin);
}
function stemOf(C, word) {
  if (Object.prototype.hasOwnProperty.call(C.english, word)) return C.english[word];
  // Not a word of the corpus: a light stemmer is enough to meet the server's stems half way.
  return word.replace(/(ing|ed|es|s|e)$/, "");
}
function near(C, word) {
  const budget = typoBudget(word);
  if (!budget) return [];
  return C.englishWords.filter(function (w) {
    return w !== word && w[0] === word[0] && distance(word, w, budget) <= budget;
  }).map(function (w) { return C.english[w]; });
}

function chineseUnits(C, run) {
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

function latinUnits(C, tokens) {
  const words = tokens.map(function (t) { return /^\d+$/.test(t) ? t : t.replace(/[12345]+$/, ""); });
  const units = [];
  let i = 0;
  while (i < tokens.length) {
    let matched = null;
    let size, windowText;
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

function plan(C, text) {
  const result = { units: [], phrases: [], refs: [], trees: [] };
  text = arabicReferences(plainLatin(text), false).replace(INLINE_REF, function (whole) {
    const ref = parseRefQuery(whole.toUpperCase()) || parseRefQuery(whole);
    if (!ref) return whole;
    result.refs.push(ref);
    return " ";
  });
  const found = [];
  C.groups.forEach(function (group) {
    group.chinese.forEach(function (name) {
      let start = text.indexOf(name);
      while (start !== -1) {
        found.push([start, start + name.length, name, group]);
        start = text.indexOf(name, start + 1);
      }
    });
  });
  found.sort(function (a, b) { return (b[1] - b[0]) - (a[1] - a[0]) || a[0] - b[0]; });
  const taken = [];
  const masked = text.split("");
  found.forEach(function (f) {
    if (taken.some(function (t) { return f[0] < t[1] && t[0] < f[1]; })) return;
    taken.push([f[0], f[1]]);
    result.units.push(concept(f[2], f[3], [f[2]]));
    for (let i = f[0]; i < f[1]; i++) masked[i] = MASK;
  });
  const remaining = masked.join("");
  (text.match(new RegExp("[" + CJK + "]{3,}", "g")) || []).forEach(function (run) { result.phrases.push(run); });
  const token = new RegExp("第\\d+[" + CJK + "]?|\\d+[墩张线副节轮条款项]|[" + CJK + "]+|[a-z]+[1-5]?|\\d+|" + MASK + "+", "g");
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
  const meaningful = result.units.filter(function (u) { return !u.stop; });
  result.units = (meaningful.length ? meaningful : result.units).slice(0, MAX_UNITS);
  result.trees = matchingTrees(C, text, result.units, null);
  result.units.forEach(function (u) { u.related = relatedNames(C, u); });
  return result;
}

// ------------------------------------------------------------------------------------------- trees
// search/trees.py: a tree is named by its title, English title or keywords (in the text, English as whole
// words, or as a name of one of the query's units); a reference names the trees ruling under its law.
function unitNames(u) {
  const names = [u.text].concat(u.chinese);
  u.latin.forEach(function (words) { names.push(words.join(" ")); });
  return names;
}
function holds(text, name) {
  if (isCjk(name)) return text.indexOf(name) >= 0;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp("(?<![a-z0-9])" + escaped + "(?![a-z0-9])").test(text);
}
function matchingTrees(C, text, units, ref) {
  const ranked = [];
  C.trees.forEach(function (tree, position) {
    if (ref) {
      const at = tree.laws_order.indexOf(lawOf(ref));
      if (at >= 0) ranked.push({ key: [at, position], tree: tree });
      return;
    }
    const asked = {};
    (units || []).forEach(function (u) { unitNames(u).forEach(function (n) { asked[n] = true; }); });
    let best = 0;
    tree.names.forEach(function (name) { if (asked[name] || holds(text, name)) best = Math.max(best, name.length); });
    if (best) ranked.push({ key: [-best, position], tree: tree });
  });
  ranked.sort(function (a, b) { return a.key[0] - b.key[0] || a.key[1] - b.key[1]; });
  return ranked.slice(0, MAX_TREES).map(function (r) { return r.tree; });
}
// search/plan.py _with_related: a unit naming a tree also goes by the tree's other names (Chinese ones here).
function relatedNames(C, u) {
  const names = unitNames(u);
  const out = [];
  C.trees.forEach(function (tree) {
    if (!tree.names.some(function (n) { return names.indexOf(n) >= 0; })) return;
    tree.names.forEach(function (n) { if (isCjk(n) && names.indexOf(n) < 0 && out.indexOf(n) < 0) out.push(n); });
  });
  return out;
}
function treeAnswer(tree) { return { slug: tree.slug, title: tree.title, title_en: tree.title_en, url: tree.url }; }

// ------------------------------------------------------------------------------------------ scoring
function count(haystack, needle) {
  let n = 0;
  let i = haystack.indexOf(needle);
  while (i !== -1 && n < 5) { n++; i = haystack.indexOf(needle, i + needle.length); }
  return n;
}
function unitStems(C, u) {
  return u.latin.map(function (phrase) { return phrase.map(function (w) { return stemOf(C, w); }); });
}
function containsPhrase(list, stems) {
  if (!stems.length || !list.length) return false;
  for (let i = 0; i + stems.length <= list.length; i++) {
    let ok = true;
    for (let k = 0; k < stems.length; k++) if (list[i + k] !== stems[k]) { ok = false; break; }
    if (ok) return true;
  }
  return false;
}
function unitScore(C, u, doc) {
  let best = 0;
  u.chinese.forEach(function (zh) {
    let s = 0;
    if (doc.title_zh.indexOf(zh) >= 0) s += WEIGHTS.title;
    if (doc.context.indexOf(zh) >= 0) s += WEIGHTS.context;
    const n = count(doc.body, zh);
    if (n) s += WEIGHTS.body * (1 + 0.15 * (n - 1));
    best = Math.max(best, s);
  });
  unitStems(C, u).forEach(function (stems) {
    let s = 0;
    if (containsPhrase(doc.en_title, stems)) s += WEIGHTS.title_en;
    if (containsPhrase(doc.en_context, stems)) s += WEIGHTS.context_en;
    if (!s && u.fuzzy && stems.length === 1) {
      near(C, u.latin[0][0]).forEach(function (stem) {
        if (doc.en_title.indexOf(stem) >= 0) s = Math.max(s, WEIGHTS.title_en * FUZZY_WEIGHT);
        if (doc.en_context.indexOf(stem) >= 0) s = Math.max(s, WEIGHTS.context_en * FUZZY_WEIGHT);
      });
    }
    best = Math.max(best, s);
  });
  u.pinyin.forEach(function (form) { if (doc.pinyin.indexOf(form) >= 0) best = Math.max(best, WEIGHTS.pinyin); });
  (u.related || []).forEach(function (zh) {
    let s = 0;
    if (doc.title_zh.indexOf(zh) >= 0) s += WEIGHTS.title;
    if (doc.context.indexOf(zh) >= 0) s += WEIGHTS.context;
    if (doc.body.indexOf(zh) >= 0) s += WEIGHTS.body;
    best = Math.max(best, s * RELATED_WEIGHT);
  });
  return best;
}
function docFactor(doc, thePlan, weak, treeLaws) {
  let factor = doc.kind === "definition" ? DEFINITION_FACTOR : 1;
  (weak || []).forEach(function (w) {
    if (doc.title_zh.indexOf(w) >= 0 || doc.context.indexOf(w) >= 0 || doc.body.indexOf(w) >= 0) factor *= WEAK_FACTOR;
  });
  if (doc.kind === "section" && treeLaws && treeLaws[doc.law]) factor *= 1 + (TREE_LAW_FACTOR - 1) * treeLaws[doc.law];
  const term = doc.kind === "definition" ? doc.title.split("（")[0] : doc.title.split(" ").slice(1).join(" ");
  const asked = {};
  thePlan.units.forEach(function (u) { asked[u.text] = true; u.chinese.forEach(function (zh) { asked[zh] = true; }); });
  if (asked[term]) factor *= EXACT_TITLE_FACTOR;
  if (thePlan.refs.length && doc.kind === "section") {
    if (ancestors(doc.ref).some(function (r) { return thePlan.refs.indexOf(r) >= 0; })) factor *= WITHIN_FACTOR;
  }
  return factor;
}
function bonus(doc, thePlan) {
  let s = 0;
  thePlan.phrases.forEach(function (run) {
    if (doc.title_zh.indexOf(run) >= 0) s += WEIGHTS.title * 2;
    if (doc.body.indexOf(run) >= 0) s += WEIGHTS.body * 2;
  });
  thePlan.refs.forEach(function (ref) { if (doc.cites.indexOf(ref) >= 0) s += 10; });
  return s;
}

// ------------------------------------------------------------------------------------------ snippets
function escapeHtml(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
}
const WIDTH = 90;
const LEAD = 16;
function spans(C, text, chinese, stems) {
  const lowered = text.toLowerCase();
  const out = [];
  chinese.filter(Boolean).filter(function (n, i, a) { return a.indexOf(n) === i; })
    .sort(function (a, b) { return b.length - a.length; })
    .forEach(function (needle) {
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
  const merged = [];
  out.forEach(function (s) {
    if (merged.length && s[0] <= merged[merged.length - 1][1]) merged[merged.length - 1][1] = Math.max(merged[merged.length - 1][1], s[1]);
    else merged.push([s[0], s[1]]);
  });
  return merged;
}
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
function hit(doc, snippetHtml, score, jump) {
  return { ref: doc.ref || null, law: doc.law, title: doc.title, snippet: snippetHtml, url: doc.url,
           score: Math.round(score * 1000) / 1000, kind: doc.kind, jump: !!jump };
}

function jumpHits(C, query, limit) {
  const ref = reference(query);
  if (!ref) return [];
  const doc = C.byRef[ref] || C.byRef[String(lawOf(ref))];
  if (!doc) return [];
  const citing = C.docs.filter(function (d) { return d !== doc && d.cites.indexOf(doc.ref) >= 0; })
    .sort(function (a, b) { return (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || a.order - b.order; });
  const raw = function (d) {
    return findReferences(d.text).filter(function (f) { return ancestors(f.ref).indexOf(doc.ref) >= 0; })
      .map(function (f) { return f.raw.toLowerCase(); });
  };
  return [hit(doc, snippet(C, doc.text, [], []), 1, true)].concat(citing.slice(0, limit - 1).map(function (d) {
    return hit(d, snippet(C, d.text, raw(d), []), 0.5, false);
  }));
}

function ranked(C, thePlan, limit) {
  const lone = function (u) { return u.text.length === 1 && isCjk(u.text); };
  let units = thePlan.units.filter(function (u) { return u.chinese.length || u.latin.length || u.pinyin.length; });
  // search/plan.py compile_plan: weak units only count where a result has them; nothing but lone characters →
  // the characters as typed, as a substring.
  let strong = units.filter(function (u) { return !u.weak; });
  let weakUnits = units.filter(function (u) { return u.weak; });
  let literal = "";
  if (!strong.length) {
    strong = weakUnits.filter(function (u) { return !lone(u); });
    weakUnits = strong.length ? weakUnits.filter(lone) : [];
    if (!strong.length) literal = units.map(function (u) { return u.text; }).join("");
  }
  let weak = [];
  weakUnits.forEach(function (u) { weak = weak.concat(u.chinese); });
  units = strong;
  const treeLaws = {};
  thePlan.trees.forEach(function (tree) {
    Object.keys(tree.laws).forEach(function (law) { treeLaws[law] = Math.max(treeLaws[law] || 0, tree.laws[law]); });
  });
  let scored = [];
  if (literal) {
    C.docs.forEach(function (doc) {
      const s = (doc.title_zh.indexOf(literal) >= 0 ? 5 : 0) + (doc.context.indexOf(literal) >= 0 ? 1 : 0) + (doc.body.indexOf(literal) >= 0 ? 1.5 : 0);
      if (s) scored.push({ tier: 0, score: s * docFactor(doc, thePlan, [], treeLaws), doc: doc });
    });
  } else if (!units.length && thePlan.refs.length) {
    C.docs.forEach(function (doc) {
      let s = 0;
      thePlan.refs.forEach(function (ref) { if (doc.ref === ref) s += 100; if (doc.cites.indexOf(ref) >= 0) s += 1; });
      if (s) scored.push({ tier: 0, score: s, doc: doc });
    });
  } else if (units.length) {
    const all = [];
    C.docs.forEach(function (doc) {
      const parts = units.map(function (u) { return unitScore(C, u, doc); });
      all.push({ doc: doc, parts: parts });
    });
    all.forEach(function (entry) {
      if (entry.parts.every(function (s) { return s > 0; })) {
        const s = entry.parts.reduce(function (a, b) { return a + b; }, 0) + bonus(entry.doc, thePlan);
        scored.push({ tier: 0, score: s * docFactor(entry.doc, thePlan, weak, treeLaws), doc: entry.doc });
      }
    });
    if (units.length > 1 && scored.length < limit) {
      let strong = units.map(function (u, i) { return [u, i]; }).filter(function (p) { return p[0].text.length > 1; });
      if (!strong.length) strong = units.map(function (u, i) { return [u, i]; });
      all.forEach(function (entry) {
        if (entry.parts.every(function (s) { return s > 0; })) return;
        const s = strong.reduce(function (sum, p) { return sum + entry.parts[p[1]]; }, 0);
        if (s > 0) scored.push({ tier: 1, score: (s + bonus(entry.doc, thePlan)) * OR_FACTOR * docFactor(entry.doc, thePlan, weak, treeLaws), doc: entry.doc });
      });
    }
  }
  scored.sort(function (a, b) { return a.tier - b.tier || b.score - a.score || a.doc.order - b.doc.order; });
  scored = scored.slice(0, limit);
  let chinese = [];
  let stems = [];
  thePlan.units.forEach(function (u) {
    chinese = chinese.concat(u.chinese, u.related || []);
    unitStems(C, u).forEach(function (s) { stems = stems.concat(s); });
    if (u.fuzzy && u.latin.length === 1 && u.latin[0].length === 1) stems = stems.concat(near(C, u.latin[0][0]));
  });
  chinese = chinese.concat(thePlan.phrases, literal ? [literal] : []);
  return scored.map(function (entry) { return hit(entry.doc, snippet(C, entry.doc.text, chinese, stems), entry.score); });
}

// The answer GET /api/search/?q=&limit= would give, from the prepared corpus C, less took_ms (the page adds it).
function answer(C, query, limit) {
  const text = normalise(query);
  let results = [];
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
