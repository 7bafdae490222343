// 裁判助手 — law references in the browser: bridge/references.py (REFERENCE_RE, find_references, parse_ref_query,
// make_ref), search/analysis.py arabic_references, search/plan.py reference and laws/selectors.py section_url.
//
// An ES module with no DOM and no imports. The service worker, a classic script, reads it too: offline/views.py
// puts this file in front of static/sw.js with its `export` keywords taken off (sw_source), so the worker's
// /laws/go/?q=27B1 and the search box's jump share one parser. tests/js/reference.test.js holds it to Python.

const MAX_LAW = 93;

// bridge/references.py: REFERENCE_RE, find_references, parse_ref_query, make_ref.
const CHINESE_REF = "(?:第\\s*)?(?<!\\d)(\\d{1,2})\\s*条(?:\\s*([A-Z])\\s*款(?:\\s*(\\d{1,2})\\s*项(?:\\s*[（(]([a-z])[)）])?)?)?";
const ENGLISH_REF = "\\bLaws?\\s+(\\d{1,2})(?:([A-Z])(?:(\\d{1,2})([a-z])?)?)?\\b";
const REFERENCE = CHINESE_REF + "|" + ENGLISH_REF;
const QUERY_RE = /^\s*(?:(?:law|laws|l)\s*)?(\d{1,2})\s*([a-z])?\s*(\d{1,2})?\s*([a-z])?\s*$/i;

/**
 * @param {string | number} law
 * @param {string} sec
 * @param {string | undefined} [sub]
 * @param {string | undefined} [item]
 */
export function makeRef(law, sec, sub, item) {
  let ref = String(parseInt(String(law), 10));
  if (sec) {
    ref += sec.toUpperCase();
    if (sub) {
      ref += String(parseInt(sub, 10));
      if (item) ref += item.toLowerCase();
    }
  }
  return ref;
}
/** @param {string} text */
export function findReferences(text) {
  /** @type {any[]} */
  const found = [];
  const re = new RegExp(REFERENCE, "g");
  let m;
  while ((m = re.exec(text)) !== null) {
    const chinese = m[1] !== undefined;
    const law = parseInt(chinese ? m[1] : m[5], 10);
    const ref = chinese ? makeRef(m[1], m[2], m[3], m[4]) : makeRef(m[5], m[6], m[7], m[8]);
    if (law >= 1 && law <= MAX_LAW) found.push({ raw: m[0], start: m.index, end: m.index + m[0].length, ref: ref, law: law });
    if (m[0] === "") re.lastIndex++;
  }
  return found;
}
/** @param {string} query */
export function parseRefQuery(query) {
  const text = query.trim();
  if (new RegExp("^(?:" + REFERENCE + ")$").test(text)) {
    const refs = findReferences(text);
    return refs.length ? refs[0].ref : null;
  }
  const m = QUERY_RE.exec(text);
  if (!m) return null;
  const law = parseInt(m[1], 10);
  if (!(law >= 1 && law <= MAX_LAW)) return null;
  if (m[3] && !m[2]) return null;
  return makeRef(law, m[2], m[3], m[4]);
}
// search/analysis.py arabic_references (laws/text.py from_chinese_numeral): 第二十七条B款一项 → 第27条B款1项; a bare
// 二十七条 only when the whole query is a reference.
const NUMERAL_DIGITS = "零一二三四五六七八九";
/** @param {any} numeral */
export function arabic(numeral) {
  const tenAt = numeral.indexOf("十");
  let n;
  if (tenAt >= 0) {
    const tens = numeral.slice(0, tenAt), units = numeral.slice(tenAt + 1);
    const t = tens ? NUMERAL_DIGITS.indexOf(tens) : 1, u = units ? NUMERAL_DIGITS.indexOf(units) : 0;
    n = t < 0 || u < 0 ? -1 : t * 10 + u;
  } else {
    n = NUMERAL_DIGITS.indexOf(numeral);
  }
  return n < 0 ? numeral : String(n);
}
/** @param {string} text @param {boolean} bare */
export function arabicReferences(text, bare) {
  text = text.replace(/(第\s*)?(?<![一二三四五六七八九十])([一二三四五六七八九十]{1,3})(?=\s*条)/g, function (/** @type {any} */ whole, /** @type {undefined} */ di, /** @type {any} */ numeral) {
    if (di === undefined && !bare) return whole;
    return (di || "") + arabic(numeral);
  });
  return text.replace(/(?<=款)(\s*)([一二三四五六七八九十]{1,3})(?=\s*项)/g, function (/** @type {any} */ whole, /** @type {any} */ space, /** @type {any} */ numeral) {
    return space + arabic(numeral);
  });
}
// search/plan.py reference: the ref a query names, if it is nothing but a reference.
/** @param {string} query */
export function reference(query) {
  let text = String(query || "").normalize("NFKC").split(/\s+/).filter(Boolean).join(" ");
  if (!text || text.length > 24) return null;
  text = arabicReferences(text, true);
  return parseRefQuery(text) || parseRefQuery(text.toUpperCase());
}
/** @param {string} ref */
export function lawOf(ref) { return parseInt(ref, 10); }
// laws/selectors.py section_url.
/** @param {string} ref @param {any} lawPrefix */
export function sectionUrl(ref, lawPrefix) {
  const url = (lawPrefix || "/laws/") + lawOf(ref) + "/";
  return /^\d+$/.test(ref) ? url : url + "#" + ref;
}
/** @param {string} ref */
export function ancestors(ref) {
  const m = /^(\d+)([A-Z])?(\d+)?([a-z])?$/.exec(ref);
  if (!m) return [ref];
  const out = [makeRef(m[1], m[2], m[3], m[4]), makeRef(m[1], m[2], m[3]), makeRef(m[1], m[2]), String(parseInt(m[1], 10))];
  return out.filter(function (r, i) { return out.indexOf(r) === i; });
}
