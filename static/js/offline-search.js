// 裁判助手 — search without the network: the top-bar box and the search page answer from /offline/corpus.json
// (stored by "下载全部规则供离线使用") when /api/search/ cannot be reached.
//
// A smaller cousin of search/query.py and search/plan.py: a reference (27B1, 第64条, 第二十七条, Law 12C) jumps to its
// section; otherwise the query becomes units — names from the synonym table (藏牌 = revoke = cangpai, 首攻 = 首引),
// pinyin of glossary terms, Chinese words (longest match against the index's own words, as the server does),
// English words (Porter stems from the server, a typo or two forgiven) — all of which a result must contain (if
// none does, any of them); lone characters and generic words (错误) only add to the score, as on the server. Titles
// and terms weigh more than text. The ruling trees the query names come with the results (search/trees.py), and
// their laws and other names count as on the server. Results have the API's shape, so static/js/search.js renders
// them as it renders the server's. Also loaded by the service worker (importScripts) for its reference parser: no
// DOM at load.
(function (root) {
  "use strict";
  var CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff";
  var CJK_RE = new RegExp("[" + CJK + "]");
  var MAX_LAW = 93;
  var MAX_UNITS = 12;
  var WEIGHTS = { title: 8, context: 1.7, body: 2.5, title_en: 5, context_en: 1.5, pinyin: 4 };
  var DEFINITION_FACTOR = 1.15;
  var EXACT_TITLE_FACTOR = 1.6;
  var WITHIN_FACTOR = 3;
  var OR_FACTOR = 0.5;
  var FUZZY_WEIGHT = 0.6;
  var WEAK_FACTOR = 1.25;
  var TREE_LAW_FACTOR = 1.5;
  var RELATED_WEIGHT = 0.5;
  var MAX_TREES = 3;
  var MASK = "\u0000";

  // --------------------------------------------------------------------------------- text and references
  function normalise(text) {
    text = String(text || "").normalize("NFKC").replace(/[\u0000-\u001f\u007f-\u009f]/g, " ");
    return text.toLowerCase().split(/\s+/).filter(Boolean).join(" ");
  }
  function plainLatin(text) {
    var out = "";
    text = text.replace(/[üǖǘǚǜ]/g, "v");
    for (var i = 0; i < text.length; i++) {
      var ch = text[i];
      if (ch.charCodeAt(0) < 0x2e80) ch = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += ch;
    }
    return out;
  }
  function isCjk(text) { return CJK_RE.test(text); }

  // bridge/references.py: REFERENCE_RE, find_references, parse_ref_query, make_ref.
  var CHINESE_REF = "(?:第\\s*)?(?<!\\d)(\\d{1,2})\\s*条(?:\\s*([A-Z])\\s*款(?:\\s*(\\d{1,2})\\s*项(?:\\s*[（(]([a-z])[)）])?)?)?";
  var ENGLISH_REF = "\\bLaws?\\s+(\\d{1,2})(?:([A-Z])(?:(\\d{1,2})([a-z])?)?)?\\b";
  var REFERENCE = CHINESE_REF + "|" + ENGLISH_REF;
  var QUERY_RE = /^\s*(?:(?:law|laws|l)\s*)?(\d{1,2})\s*([a-z])?\s*(\d{1,2})?\s*([a-z])?\s*$/i;

  function makeRef(law, sec, sub, item) {
    var ref = String(parseInt(law, 10));
    if (sec) {
      ref += sec.toUpperCase();
      if (sub) {
        ref += String(parseInt(sub, 10));
        if (item) ref += item.toLowerCase();
      }
    }
    return ref;
  }
  function findReferences(text) {
    var found = [];
    var re = new RegExp(REFERENCE, "g");
    var m;
    while ((m = re.exec(text)) !== null) {
      var chinese = m[1] !== undefined;
      var law = parseInt(chinese ? m[1] : m[5], 10);
      var ref = chinese ? makeRef(m[1], m[2], m[3], m[4]) : makeRef(m[5], m[6], m[7], m[8]);
      if (law >= 1 && law <= MAX_LAW) found.push({ raw: m[0], start: m.index, end: m.index + m[0].length, ref: ref, law: law });
      if (m[0] === "") re.lastIndex++;
    }
    return found;
  }
  function parseRefQuery(query) {
    var text = query.trim();
    if (new RegExp("^(?:" + REFERENCE + ")$").test(text)) {
      var refs = findReferences(text);
      return refs.length ? refs[0].ref : null;
    }
    var m = QUERY_RE.exec(text);
    if (!m) return null;
    var law = parseInt(m[1], 10);
    if (!(law >= 1 && law <= MAX_LAW)) return null;
    if (m[3] && !m[2]) return null;
    return makeRef(law, m[2], m[3], m[4]);
  }
  // search/analysis.py arabic_references (laws/text.py from_chinese_numeral): 第二十七条B款一项 → 第27条B款1项; a bare
  // 二十七条 only when the whole query is a reference.
  var NUMERAL_DIGITS = "零一二三四五六七八九";
  function arabic(numeral) {
    var tenAt = numeral.indexOf("十");
    var n;
    if (tenAt >= 0) {
      var tens = numeral.slice(0, tenAt), units = numeral.slice(tenAt + 1);
      var t = tens ? NUMERAL_DIGITS.indexOf(tens) : 1, u = units ? NUMERAL_DIGITS.indexOf(units) : 0;
      n = t < 0 || u < 0 ? -1 : t * 10 + u;
    } else {
      n = NUMERAL_DIGITS.indexOf(numeral);
    }
    return n < 0 ? numeral : String(n);
  }
  function arabicReferences(text, bare) {
    text = text.replace(/(第\s*)?(?<![一二三四五六七八九十])([一二三四五六七八九十]{1,3})(?=\s*条)/g, function (whole, di, numeral) {
      if (di === undefined && !bare) return whole;
      return (di || "") + arabic(numeral);
    });
    return text.replace(/(?<=款)(\s*)([一二三四五六七八九十]{1,3})(?=\s*项)/g, function (whole, space, numeral) {
      return space + arabic(numeral);
    });
  }
  // search/plan.py reference: the ref a query names, if it is nothing but a reference.
  function reference(query) {
    var text = String(query || "").normalize("NFKC").split(/\s+/).filter(Boolean).join(" ");
    if (!text || text.length > 24) return null;
    text = arabicReferences(text, true);
    return parseRefQuery(text) || parseRefQuery(text.toUpperCase());
  }
  function lawOf(ref) { return parseInt(ref, 10); }
  // laws/selectors.py section_url.
  function sectionUrl(ref, lawPrefix) {
    var url = (lawPrefix || "/laws/") + lawOf(ref) + "/";
    return /^\d+$/.test(ref) ? url : url + "#" + ref;
  }
  function ancestors(ref) {
    var m = /^(\d+)([A-Z])?(\d+)?([a-z])?$/.exec(ref);
    if (!m) return [ref];
    var out = [makeRef(m[1], m[2], m[3], m[4]), makeRef(m[1], m[2], m[3]), makeRef(m[1], m[2]), String(parseInt(m[1], 10))];
    return out.filter(function (r, i) { return out.indexOf(r) === i; });
  }

  // search/query.py _INLINE_REF_RE: a reference inside a longer query.
  var INLINE_REF = /第\s*\d{1,2}\s*条(?:\s*[a-z]\s*款(?:\s*\d{1,2}\s*项)?)?|\blaws?\s+\d{1,2}(?:[a-z](?:\d{1,2}[a-z]?)?)?\b|(?<![a-z0-9])\d{1,2}[a-z](?:\d{1,2}[a-z]?)?(?![a-z0-9])/g;

  // ------------------------------------------------------------------------------------------ corpus
  var corpusPromise = null;
  var corpusUrl = null;

  function prepare(corpus) {
    var docs = [];
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
    var byRef = {};
    docs.forEach(function (doc) { if (doc.kind === "section") byRef[doc.ref] = doc; });
    var groups = corpus.synonyms.map(function (names) {
      return {
        names: names,
        chinese: names.filter(isCjk),
        latin: names.filter(function (n) { return !isCjk(n); }).map(function (n) {
          return n.replace(/-/g, " ").replace(/'/g, "").split(/\s+/).filter(Boolean);
        })
      };
    });
    var latinNames = {};
    groups.forEach(function (g) { g.latin.forEach(function (words) { if (!latinNames[words.join(" ")]) latinNames[words.join(" ")] = g; }); });
    var lexicon = {};
    var maxWord = 1;
    (corpus.lexicon || []).forEach(function (w) { lexicon[w] = true; maxWord = Math.max(maxWord, w.length); });
    var stems = {};
    Object.keys(corpus.english || {}).forEach(function (w) { stems[w] = corpus.english[w]; });
    return {
      raw: corpus, docs: docs, byRef: byRef, groups: groups, latinNames: latinNames, lexicon: lexicon,
      maxWord: maxWord, pinyin: corpus.pinyin || {}, english: stems,
      englishWords: Object.keys(stems), chineseStop: toSet(corpus.chinese_stop || []),
      englishStop: toSet(corpus.english_stop || []), generic: toSet(corpus.chinese_generic || []),
      trees: corpus.trees || []
    };
  }
  function toSet(list) { var s = {}; list.forEach(function (w) { s[w] = true; }); return s; }

  function load(url) {
    url = url || corpusUrl;
    if (!corpusPromise) {
      corpusPromise = fetch(url, { headers: { Accept: "application/json" } })
        .then(function (r) { if (!r.ok) throw new Error("corpus " + r.status); return r.json(); })
        .then(prepare)
        .catch(function (error) { corpusPromise = null; throw error; });
    }
    return corpusPromise;
  }

  // --------------------------------------------------------------------------------------------- plan
  function distance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var before = [];
    var previous = [];
    for (var j = 0; j <= b.length; j++) previous.push(j);
    for (var i = 1; i <= a.length; i++) {
      var current = [i];
      for (j = 1; j <= b.length; j++) {
        var cost = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] !== b[j - 1] ? 1 : 0));
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
    for (var i = 0; i < C.groups.length; i++) if (C.groups[i].chinese.indexOf(term) >= 0) return C.groups[i];
    return null;
  }
  function unit(text, chinese, latin, pinyin, fuzzy, stop, weak) {
    return { text: text, chinese: chinese || [], latin: latin || [], pinyin: pinyin || [], fuzzy: !!fuzzy, stop: !!stop,
             weak: !!weak, related: [] };
  }
  function concept(text, group, chinese) {
    chinese = chinese || [];
    if (!group) return unit(text, chinese);
    var all = chinese.concat(group.chinese).filter(function (w, i, a) { return a.indexOf(w) === i; });
    var pinyin = group.latin.filter(function (n) { return n.length === 1; }).map(function (n) { return n.join(""); });
    return unit(text, all, group.latin, pinyin);
  }
  function stemOf(C, word) {
    if (Object.prototype.hasOwnProperty.call(C.english, word)) return C.english[word];
    // Not a word of the corpus: a light stemmer is enough to meet the server's stems half way.
    return word.replace(/(ing|ed|es|s|e)$/, "");
  }
  function near(C, word) {
    var budget = typoBudget(word);
    if (!budget) return [];
    return C.englishWords.filter(function (w) {
      return w !== word && w[0] === word[0] && distance(word, w, budget) <= budget;
    }).map(function (w) { return C.english[w]; });
  }

  function chineseUnits(C, run) {
    var units = [];
    var i = 0;
    while (i < run.length) {
      var size = Math.min(C.maxWord, run.length - i);
      var word = run.slice(i, i + size);
      for (; size > 0; size--) {
        word = run.slice(i, i + size);
        if (size === 1 || C.lexicon[word] || C.chineseStop[word]) break;
      }
      var group = groupOf(C, word);
      var weak = word.length === 1 || !!C.generic[word];
      units.push(group ? concept(word, group, [word]) : unit(word, [word], [], [], false, !!C.chineseStop[word], weak));
      i += size;
    }
    return units;
  }

  function latinUnits(C, tokens) {
    var words = tokens.map(function (t) { return /^\d+$/.test(t) ? t : t.replace(/[12345]+$/, ""); });
    var units = [];
    var i = 0;
    while (i < tokens.length) {
      var matched = null;
      var size, windowText;
      for (size = Math.min(6, tokens.length - i); size > 0 && !matched; size--) {
        windowText = words.slice(i, i + size);
        var name = windowText.join(" ");
        if (C.latinNames[name]) { matched = [size, concept(name, C.latinNames[name])]; break; }
        var terms = C.pinyin[windowText.join("")];
        if (terms && terms.length) {
          var group = null;
          for (var t = 0; t < terms.length && !group; t++) group = groupOf(C, terms[t]);
          matched = [size, concept(name, group, terms.slice())];
          break;
        }
      }
      if (!matched) {
        for (size = Math.min(6, tokens.length - i); size > 0 && !matched; size--) {
          windowText = words.slice(i, i + size);
          var names = Object.keys(C.latinNames);
          for (var n = 0; n < names.length; n++) {
            var parts = names[n].split(" ");
            if (parts.length !== windowText.length || parts.join(" ") === windowText.join(" ")) continue;
            var ok = parts.every(function (p, k) { return p === windowText[k] || distance(windowText[k], p, typoBudget(p)) <= typoBudget(p); });
            if (ok) { matched = [size, concept(windowText.join(" "), C.latinNames[names[n]])]; break; }
          }
        }
      }
      if (!matched) {
        var word = words[i];
        matched = [1, /^\d+$/.test(word) ? unit(word, [word])
          : unit(word, [], [[word]], [word], word.length >= 4, !!C.englishStop[word])];
      }
      units.push(matched[1]);
      i += matched[0];
    }
    return units;
  }

  function plan(C, text) {
    var result = { units: [], phrases: [], refs: [], trees: [] };
    text = arabicReferences(plainLatin(text), false).replace(INLINE_REF, function (whole) {
      var ref = parseRefQuery(whole.toUpperCase()) || parseRefQuery(whole);
      if (!ref) return whole;
      result.refs.push(ref);
      return " ";
    });
    var found = [];
    C.groups.forEach(function (group) {
      group.chinese.forEach(function (name) {
        var start = text.indexOf(name);
        while (start !== -1) {
          found.push([start, start + name.length, name, group]);
          start = text.indexOf(name, start + 1);
        }
      });
    });
    found.sort(function (a, b) { return (b[1] - b[0]) - (a[1] - a[0]) || a[0] - b[0]; });
    var taken = [];
    var masked = text.split("");
    found.forEach(function (f) {
      if (taken.some(function (t) { return f[0] < t[1] && t[0] < f[1]; })) return;
      taken.push([f[0], f[1]]);
      result.units.push(concept(f[2], f[3], [f[2]]));
      for (var i = f[0]; i < f[1]; i++) masked[i] = MASK;
    });
    var remaining = masked.join("");
    (text.match(new RegExp("[" + CJK + "]{3,}", "g")) || []).forEach(function (run) { result.phrases.push(run); });
    var token = new RegExp("第\\d+[" + CJK + "]?|\\d+[墩张线副节轮条款项]|[" + CJK + "]+|[a-z]+[1-5]?|\\d+|" + MASK + "+", "g");
    var latinRun = [];
    var m;
    while ((m = token.exec(remaining)) !== null) {
      var tok = m[0];
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
    var meaningful = result.units.filter(function (u) { return !u.stop; });
    result.units = (meaningful.length ? meaningful : result.units).slice(0, MAX_UNITS);
    result.trees = matchingTrees(C, text, result.units, null);
    result.units.forEach(function (u) { u.related = relatedNames(C, u); });
    return result;
  }

  // ------------------------------------------------------------------------------------------- trees
  // search/trees.py: a tree is named by its title, English title or keywords (in the text, English as whole
  // words, or as a name of one of the query's units); a reference names the trees ruling under its law.
  function unitNames(u) {
    var names = [u.text].concat(u.chinese);
    u.latin.forEach(function (words) { names.push(words.join(" ")); });
    return names;
  }
  function holds(text, name) {
    if (isCjk(name)) return text.indexOf(name) >= 0;
    var escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return new RegExp("(?<![a-z0-9])" + escaped + "(?![a-z0-9])").test(text);
  }
  function matchingTrees(C, text, units, ref) {
    var ranked = [];
    C.trees.forEach(function (tree, position) {
      if (ref) {
        var at = tree.laws_order.indexOf(lawOf(ref));
        if (at >= 0) ranked.push({ key: [at, position], tree: tree });
        return;
      }
      var asked = {};
      (units || []).forEach(function (u) { unitNames(u).forEach(function (n) { asked[n] = true; }); });
      var best = 0;
      tree.names.forEach(function (name) { if (asked[name] || holds(text, name)) best = Math.max(best, name.length); });
      if (best) ranked.push({ key: [-best, position], tree: tree });
    });
    ranked.sort(function (a, b) { return a.key[0] - b.key[0] || a.key[1] - b.key[1]; });
    return ranked.slice(0, MAX_TREES).map(function (r) { return r.tree; });
  }
  // search/plan.py _with_related: a unit naming a tree also goes by the tree's other names (Chinese ones here).
  function relatedNames(C, u) {
    var names = unitNames(u);
    var out = [];
    C.trees.forEach(function (tree) {
      if (!tree.names.some(function (n) { return names.indexOf(n) >= 0; })) return;
      tree.names.forEach(function (n) { if (isCjk(n) && names.indexOf(n) < 0 && out.indexOf(n) < 0) out.push(n); });
    });
    return out;
  }
  function treeAnswer(tree) { return { slug: tree.slug, title: tree.title, title_en: tree.title_en, url: tree.url }; }

  // ------------------------------------------------------------------------------------------ scoring
  function count(haystack, needle) {
    var n = 0;
    var i = haystack.indexOf(needle);
    while (i !== -1 && n < 5) { n++; i = haystack.indexOf(needle, i + needle.length); }
    return n;
  }
  function unitStems(C, u) {
    return u.latin.map(function (phrase) { return phrase.map(function (w) { return stemOf(C, w); }); });
  }
  function containsPhrase(list, stems) {
    if (!stems.length || !list.length) return false;
    for (var i = 0; i + stems.length <= list.length; i++) {
      var ok = true;
      for (var k = 0; k < stems.length; k++) if (list[i + k] !== stems[k]) { ok = false; break; }
      if (ok) return true;
    }
    return false;
  }
  function unitScore(C, u, doc) {
    var best = 0;
    u.chinese.forEach(function (zh) {
      var s = 0;
      if (doc.title_zh.indexOf(zh) >= 0) s += WEIGHTS.title;
      if (doc.context.indexOf(zh) >= 0) s += WEIGHTS.context;
      var n = count(doc.body, zh);
      if (n) s += WEIGHTS.body * (1 + 0.15 * (n - 1));
      best = Math.max(best, s);
    });
    unitStems(C, u).forEach(function (stems) {
      var s = 0;
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
      var s = 0;
      if (doc.title_zh.indexOf(zh) >= 0) s += WEIGHTS.title;
      if (doc.context.indexOf(zh) >= 0) s += WEIGHTS.context;
      if (doc.body.indexOf(zh) >= 0) s += WEIGHTS.body;
      best = Math.max(best, s * RELATED_WEIGHT);
    });
    return best;
  }
  function docFactor(doc, thePlan, weak, treeLaws) {
    var factor = doc.kind === "definition" ? DEFINITION_FACTOR : 1;
    (weak || []).forEach(function (w) {
      if (doc.title_zh.indexOf(w) >= 0 || doc.context.indexOf(w) >= 0 || doc.body.indexOf(w) >= 0) factor *= WEAK_FACTOR;
    });
    if (doc.kind === "section" && treeLaws && treeLaws[doc.law]) factor *= 1 + (TREE_LAW_FACTOR - 1) * treeLaws[doc.law];
    var term = doc.kind === "definition" ? doc.title.split("（")[0] : doc.title.split(" ").slice(1).join(" ");
    var asked = {};
    thePlan.units.forEach(function (u) { asked[u.text] = true; u.chinese.forEach(function (zh) { asked[zh] = true; }); });
    if (asked[term]) factor *= EXACT_TITLE_FACTOR;
    if (thePlan.refs.length && doc.kind === "section") {
      if (ancestors(doc.ref).some(function (r) { return thePlan.refs.indexOf(r) >= 0; })) factor *= WITHIN_FACTOR;
    }
    return factor;
  }
  function bonus(doc, thePlan) {
    var s = 0;
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
  var WIDTH = 90;
  var LEAD = 16;
  function spans(C, text, chinese, stems) {
    var lowered = text.toLowerCase();
    var out = [];
    chinese.filter(Boolean).filter(function (n, i, a) { return a.indexOf(n) === i; })
      .sort(function (a, b) { return b.length - a.length; })
      .forEach(function (needle) {
        var start = lowered.indexOf(needle);
        while (start !== -1) { out.push([start, start + needle.length]); start = lowered.indexOf(needle, start + needle.length); }
      });
    if (stems.length) {
      var re = /[A-Za-z]+/g;
      var m;
      while ((m = re.exec(text)) !== null) {
        var w = m[0].toLowerCase();
        if (stems.indexOf(stemOf(C, w)) >= 0 || stems.indexOf(w) >= 0) out.push([m.index, m.index + m[0].length]);
      }
    }
    out.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var merged = [];
    out.forEach(function (s) {
      if (merged.length && s[0] <= merged[merged.length - 1][1]) merged[merged.length - 1][1] = Math.max(merged[merged.length - 1][1], s[1]);
      else merged.push([s[0], s[1]]);
    });
    return merged;
  }
  function snippet(C, text, chinese, stems) {
    text = text.split(/\s+/).filter(Boolean).join(" ");
    var marks = spans(C, text, chinese || [], stems || []);
    var start = 0, end = Math.min(text.length, WIDTH);
    if (text.length > WIDTH && marks.length) {
      var best = marks[0][0], bestCount = -1;
      marks.forEach(function (anchor) {
        var s = Math.max(0, anchor[0] - LEAD);
        var n = marks.filter(function (m) { return m[0] >= s && m[1] <= s + WIDTH; }).length;
        if (n > bestCount) { best = s; bestCount = n; }
      });
      start = Math.max(0, Math.min(best, text.length - WIDTH));
      end = Math.min(text.length, start + WIDTH);
      marks.forEach(function (m) { if (m[0] < end && end < m[1]) end = m[1]; });
    }
    var out = start > 0 ? "…" : "";
    var pos = start;
    marks.forEach(function (m) {
      if (m[1] <= start || m[0] >= end) return;
      var s = Math.max(m[0], start), e = Math.min(m[1], end);
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
    var ref = reference(query);
    if (!ref) return [];
    var doc = C.byRef[ref] || C.byRef[String(lawOf(ref))];
    if (!doc) return [];
    var citing = C.docs.filter(function (d) { return d !== doc && d.cites.indexOf(doc.ref) >= 0; })
      .sort(function (a, b) { return (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || a.order - b.order; });
    var raw = function (d) {
      return findReferences(d.text).filter(function (f) { return ancestors(f.ref).indexOf(doc.ref) >= 0; })
        .map(function (f) { return f.raw.toLowerCase(); });
    };
    return [hit(doc, snippet(C, doc.text, [], []), 1, true)].concat(citing.slice(0, limit - 1).map(function (d) {
      return hit(d, snippet(C, d.text, raw(d), []), 0.5, false);
    }));
  }

  function ranked(C, thePlan, limit) {
    var lone = function (u) { return u.text.length === 1 && isCjk(u.text); };
    var units = thePlan.units.filter(function (u) { return u.chinese.length || u.latin.length || u.pinyin.length; });
    // search/plan.py compile_plan: weak units only count where a result has them; nothing but lone characters →
    // the characters as typed, as a substring.
    var strong = units.filter(function (u) { return !u.weak; });
    var weakUnits = units.filter(function (u) { return u.weak; });
    var literal = "";
    if (!strong.length) {
      strong = weakUnits.filter(function (u) { return !lone(u); });
      weakUnits = strong.length ? weakUnits.filter(lone) : [];
      if (!strong.length) literal = units.map(function (u) { return u.text; }).join("");
    }
    var weak = [];
    weakUnits.forEach(function (u) { weak = weak.concat(u.chinese); });
    units = strong;
    var treeLaws = {};
    thePlan.trees.forEach(function (tree) {
      Object.keys(tree.laws).forEach(function (law) { treeLaws[law] = Math.max(treeLaws[law] || 0, tree.laws[law]); });
    });
    var scored = [];
    if (literal) {
      C.docs.forEach(function (doc) {
        var s = (doc.title_zh.indexOf(literal) >= 0 ? 5 : 0) + (doc.context.indexOf(literal) >= 0 ? 1 : 0) + (doc.body.indexOf(literal) >= 0 ? 1.5 : 0);
        if (s) scored.push({ tier: 0, score: s * docFactor(doc, thePlan, [], treeLaws), doc: doc });
      });
    } else if (!units.length && thePlan.refs.length) {
      C.docs.forEach(function (doc) {
        var s = 0;
        thePlan.refs.forEach(function (ref) { if (doc.ref === ref) s += 100; if (doc.cites.indexOf(ref) >= 0) s += 1; });
        if (s) scored.push({ tier: 0, score: s, doc: doc });
      });
    } else if (units.length) {
      var all = [];
      C.docs.forEach(function (doc) {
        var parts = units.map(function (u) { return unitScore(C, u, doc); });
        all.push({ doc: doc, parts: parts });
      });
      all.forEach(function (entry) {
        if (entry.parts.every(function (s) { return s > 0; })) {
          var s = entry.parts.reduce(function (a, b) { return a + b; }, 0) + bonus(entry.doc, thePlan);
          scored.push({ tier: 0, score: s * docFactor(entry.doc, thePlan, weak, treeLaws), doc: entry.doc });
        }
      });
      if (units.length > 1 && scored.length < limit) {
        var strong = units.map(function (u, i) { return [u, i]; }).filter(function (p) { return p[0].text.length > 1; });
        if (!strong.length) strong = units.map(function (u, i) { return [u, i]; });
        all.forEach(function (entry) {
          if (entry.parts.every(function (s) { return s > 0; })) return;
          var s = strong.reduce(function (sum, p) { return sum + entry.parts[p[1]]; }, 0);
          if (s > 0) scored.push({ tier: 1, score: (s + bonus(entry.doc, thePlan)) * OR_FACTOR * docFactor(entry.doc, thePlan, weak, treeLaws), doc: entry.doc });
        });
      }
    }
    scored.sort(function (a, b) { return a.tier - b.tier || b.score - a.score || a.doc.order - b.doc.order; });
    scored = scored.slice(0, limit);
    var chinese = [];
    var stems = [];
    thePlan.units.forEach(function (u) {
      chinese = chinese.concat(u.chinese, u.related || []);
      unitStems(C, u).forEach(function (s) { stems = stems.concat(s); });
      if (u.fuzzy && u.latin.length === 1 && u.latin[0].length === 1) stems = stems.concat(near(C, u.latin[0][0]));
    });
    chinese = chinese.concat(thePlan.phrases, literal ? [literal] : []);
    return scored.map(function (entry) { return hit(entry.doc, snippet(C, entry.doc.text, chinese, stems), entry.score); });
  }

  // The answer GET /api/search/?q=&limit= would give, from the stored corpus: {query, results, took_ms, offline}.
  function search(query, limit) {
    limit = limit || 10;
    var started = Date.now();
    return load().then(function (C) {
      var text = normalise(query);
      var results = [];
      var trees = [];
      if (text) {
        results = jumpHits(C, query, limit);
        if (results.length) {
          trees = matchingTrees(C, text, null, reference(query));
        } else {
          var thePlan = plan(C, text);
          results = ranked(C, thePlan, limit);
          trees = thePlan.trees;
        }
      }
      return { query: query, results: results, trees: trees.map(treeAnswer), took_ms: Date.now() - started,
               offline: true, revision: C.raw.revision };
    });
  }

  root.CaipanOffline = {
    search: search,
    load: load,
    reference: reference,
    parseRefQuery: parseRefQuery,
    findReferences: findReferences,
    sectionUrl: sectionUrl,
    normalise: normalise,
    plan: function (query) { return load().then(function (C) { return plan(C, normalise(query)); }); },
    setCorpusUrl: function (url) { corpusUrl = url; }
  };

  // ------------------------------------------------------------------------------------------ the page
  if (typeof document === "undefined") return;
  var script = document.currentScript;
  corpusUrl = (script && script.getAttribute("data-corpus-url")) || "/offline/corpus.json";

  // The offline search page (/offline/search/, answered by the worker for /search/?q=…): the same markup
  // as search/templates/search/results.html, built from the stored corpus.
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }
  function renderPage(box) {
    var label = function (name) { return box.getAttribute("data-label-" + name) || ""; };
    var query = new URLSearchParams(window.location.search).get("q") || "";
    var input = document.getElementById("search-page-q");
    if (input) input.value = query;
    var out = box.querySelector("[data-offline-results]");
    if (!query.trim()) { out.appendChild(el("p", null, label("hint"))); return; }
    document.title = label("title").replace("{q}", query);
    var ref = reference(query);
    search(query, 50).then(function (data) {
      if (ref && data.results.length && data.results[0].jump) {
        window.location.replace(data.results[0].url);
        return;
      }
      out.textContent = "";
      if (data.trees.length) {
        // The ruling trees the query names first, as search/templates/search/results.html shows them.
        var english = /^en/i.test(document.documentElement.lang || "");
        var trees = el("section", "search-trees");
        trees.appendChild(el("h2", null, label("trees")));
        var ul = el("ul");
        data.trees.forEach(function (tree) {
          var li = el("li");
          var a = el("a", "search-tree", label("tree").replace("%s", english && tree.title_en ? tree.title_en : tree.title) + " ›");
          a.href = tree.url;
          li.appendChild(a);
          ul.appendChild(li);
        });
        trees.appendChild(ul);
        out.appendChild(trees);
      }
      if (!data.results.length) {
        out.appendChild(el("p", "notice", label("none").replace("{q}", query)));
        out.appendChild(el("p", null, label("try")));
        return;
      }
      out.appendChild(el("p", "search-count", label("count").replace("{n}", data.results.length)));
      var groups = [];
      var byKey = {};
      data.results.forEach(function (r) {
        var keyName = r.kind === "section" ? "law-" + r.law : "terms";
        if (!byKey[keyName]) {
          byKey[keyName] = { law: r.kind === "section" ? r.law : null, url: r.kind === "section" ? r.url.split("#")[0] : box.getAttribute("data-glossary-url"), title: r.kind === "section" ? null : label("terms"), hits: [] };
          groups.push(byKey[keyName]);
        }
        byKey[keyName].hits.push(r);
      });
      load().then(function (C) {
        groups.forEach(function (group) {
          var section = el("section", "search-group");
          var h2 = el("h2");
          var a = el("a", null, group.title || (C.byRef[String(group.law)] || {}).title || label("law").replace("%s", group.law));
          a.href = group.url;
          h2.appendChild(a);
          section.appendChild(h2);
          var ol = el("ol", "search-hits");
          group.hits.forEach(function (r) {
            var li = el("li");
            var link = el("a", "search-hit");
            link.href = r.url;
            link.appendChild(el("span", "search-title", r.title));
            if (r.snippet) {
              var snip = el("span", "search-snippet");
              snip.innerHTML = r.snippet; // escaped text and <mark> only, built above
              link.appendChild(snip);
            }
            li.appendChild(link);
            ol.appendChild(li);
          });
          section.appendChild(ol);
          out.appendChild(section);
        });
      });
    }).catch(function () {
      out.textContent = "";
      out.appendChild(el("p", "notice", label("missing")));
    });
  }
  function ready() {
    var box = document.querySelector("[data-offline-search-page]");
    if (box) renderPage(box);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})(typeof self !== "undefined" ? self : this);
