// 裁判助手 — the search page and the top-bar box without the network: /offline/corpus.json (stored by
// "下载全部规则供离线使用") fetched once and prepared, answered by engine/search.js. The offline search page
// (/offline/search/, answered by the worker for /search/?q=…) is drawn here.

import { prepare, answer } from "../engine/search.js";
import { reference } from "../engine/reference.js";

/** @type {any} */
let corpusPromise = null;
const script = /** @type {any} */ (document.querySelector("script[data-corpus-url]"));
const corpusUrl = (script && script.getAttribute("data-corpus-url")) || "/offline/corpus.json";

/** @param {any} [url] */
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

// The answer GET /api/search/?q=&limit= would give, from the stored corpus: {query, results, took_ms, offline}.
/** @param {string} query @param {number} limit */
export function search(query, limit) {
  limit = limit || 10;
  const started = Date.now();
  return load().then(function (/** @type {any} */ C) {
    const found = answer(C, query, limit);
    return { query: found.query, results: found.results, trees: found.trees, took_ms: Date.now() - started,
             offline: true, revision: found.revision };
  });
}


// The offline search page (/offline/search/, answered by the worker for /search/?q=…): the same markup
// as search/templates/search/results.html, built from the stored corpus.
/** @param {string} tag @param {string | null} [className] @param {any} [text] @returns {any} */
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}
/** @param {Element} box */
function renderPage(box) {
  const label = function (/** @type {string} */ name) { return box.getAttribute("data-label-" + name) || ""; };
  const query = new URLSearchParams(window.location.search).get("q") || "";
  const input = /** @type {any} */ (document.getElementById("search-page-q"));
  if (input) input.value = query;
  const out = /** @type {any} */ (box.querySelector("[data-offline-results]"));
  if (!query.trim()) { out.appendChild(el("p", null, label("hint"))); return; }
  document.title = label("title").replace("{q}", query);
  const ref = reference(query);
  search(query, 50).then(function (/** @type {any} */ data) {
    if (ref && data.results.length && data.results[0].jump) {
      window.location.replace(data.results[0].url);
      return;
    }
    out.textContent = "";
    if (data.trees.length) {
      // The ruling trees the query names first, as search/templates/search/results.html shows them.
      const english = /^en/i.test(document.documentElement.lang || "");
      const trees = el("section", "search-trees");
      trees.appendChild(el("h2", null, label("trees")));
      const ul = el("ul");
      data.trees.forEach(function (/** @type {any} */ tree) {
        const li = el("li");
        const a = el("a", "search-tree", label("tree").replace("%s", english && tree.title_en ? tree.title_en : tree.title) + " ›");
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
    /** @type {any[]} */
    const groups = [];
    /** @type {Record<string, any>} */
    const byKey = {};
    data.results.forEach(function (/** @type {any} */ r) {
      const keyName = r.kind === "section" ? "law-" + r.law : "terms";
      if (!byKey[keyName]) {
        byKey[keyName] = { law: r.kind === "section" ? r.law : null, url: r.kind === "section" ? r.url.split("#")[0] : box.getAttribute("data-glossary-url"), title: r.kind === "section" ? null : label("terms"), hits: [] };
        groups.push(byKey[keyName]);
      }
      byKey[keyName].hits.push(r);
    });
    load().then(function (/** @type {any} */ C) {
      groups.forEach(function (group) {
        const section = el("section", "search-group");
        const h2 = el("h2");
        const a = el("a", null, group.title || (C.byRef[String(group.law)] || {}).title || label("law").replace("%s", group.law));
        a.href = group.url;
        h2.appendChild(a);
        section.appendChild(h2);
        const ol = el("ol", "search-hits");
        group.hits.forEach(function (/** @type {any} */ r) {
          const li = el("li");
          const link = el("a", "search-hit");
          link.href = r.url;
          link.appendChild(el("span", "search-title", r.title));
          if (r.snippet) {
            const snip = el("span", "search-snippet");
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
  const box = /** @type {any} */ (document.querySelector("[data-offline-search-page]"));
  if (box) renderPage(box);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
else ready();
