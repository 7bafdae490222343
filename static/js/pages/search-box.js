// 裁判助手 — results as you type in the top bar's search box (GET /api/search/): the ruling trees the query names
// first, then the laws and terms. Without this file the box still works: it submits to /search/, which jumps to
// a reference or lists the results.

import { search as offlineSearch } from "./offline-search.js";

function start() {
  const form = /** @type {any} */ (document.querySelector("form.goto[data-search-api]"));
  if (!form || !window.fetch) return;
  const input = /** @type {any} */ (form.querySelector("input[name=q]"));
  const pop = /** @type {any} */ (form.querySelector(".search-pop"));
  const api = form.getAttribute("data-search-api");
  const label = function (/** @type {string} */ name) { return form.getAttribute("data-label-" + name) || ""; };
  const RECENT_KEY = "caipan.search.recent";
  const RECENT_MAX = 8;
  const DELAY = 180;
  /** @type {number | null | undefined} */
  let timer = null;
  /** @type {any} */
  let controller = null;
  let composing = false;
  /** @type {null} */
  let lastQuery = null;
  let active = -1;

  // ---- recent searches, remembered on this device
  function recent() {
    try {
      const list = JSON.parse(window.localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(list) ? list.filter(function (q) { return typeof q === "string"; }) : [];
    } catch (e) { return []; }
  }
  /** @param {string} query */
  function remember(query) {
    query = (query || "").trim();
    if (!query) return;
    const list = recent().filter(function (q) { return q !== query; });
    list.unshift(query);
    try { window.localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX))); } catch (e) { /* private mode */ }
  }
  function forget() {
    try { window.localStorage.removeItem(RECENT_KEY); } catch (e) { /* private mode */ }
  }
  /** @param {string | number | boolean} query */
  function searchUrl(query) { return form.getAttribute("action") + "?q=" + encodeURIComponent(query); }

  // ---- rendering
  /** @param {string} tag @param {string | null} [className] @param {any} [text] @returns {any} */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text != null) node.textContent = text;
    return node;
  }
  // The API's snippet is escaped text with <mark> only; rebuild it from text and <mark> nodes all the same.
  /** @param {string} html */
  function snippetNode(html) {
    const out = el("span", "search-snippet");
    const template = document.createElement("template");
    template.innerHTML = html || "";
    template.content.childNodes.forEach(function (/** @type {any} */ node) {
      if (node.nodeType === 3) out.appendChild(document.createTextNode(node.textContent));
      else if (node.nodeName === "MARK") out.appendChild(el("mark", null, node.textContent));
      else out.appendChild(document.createTextNode(node.textContent || ""));
    });
    return out;
  }
  function options() { return pop.querySelectorAll("[role=option]"); }
  function show() { pop.hidden = false; input.setAttribute("aria-expanded", "true"); }
  function hide() {
    pop.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  }
  /** @param {string} href @param {string} title @param {any} snippetHtml @param {string} query */
  function option(href, title, snippetHtml, query) {
    const a = el("a", "search-item");
    a.href = href;
    a.setAttribute("role", "option");
    a.id = "search-opt-" + options().length;
    a.appendChild(el("span", "search-title", title));
    if (snippetHtml) a.appendChild(snippetNode(snippetHtml));
    a.addEventListener("click", function () { remember(query); });
    return a;
  }
  // A ruling tree the query names comes first (藏牌 → the revoke walk): its title in the page's language.
  /** @param {any} tree */
  function treeName(tree) {
    const english = /^en/i.test(document.documentElement.lang || "");
    return english && tree.title_en ? tree.title_en : tree.title;
  }
  /** @param {any[]} trees @param {any} query */
  function renderTrees(trees, query) {
    if (!trees.length) return;
    const section = el("div", "search-group search-trees-list");
    section.setAttribute("role", "group");
    section.setAttribute("aria-label", label("trees"));
    section.appendChild(el("div", "search-group-head", label("trees")));
    trees.forEach(function (/** @type {any} */ tree) {
      const a = option(tree.url, label("tree").replace("%s", treeName(tree)), null, query);
      a.classList.add("search-tree-item");
      section.appendChild(a);
    });
    pop.appendChild(section);
  }
  /** @param {any} data */
  function renderResults(data) {
    pop.textContent = "";
    active = -1;
    const results = data.results || [];
    const trees = data.trees || [];
    if (!results.length && !trees.length) {
      pop.appendChild(el("p", "search-empty", label("empty")));
    }
    renderTrees(trees, data.query);
    /** @type {any[]} */
    const groups = [];
    /** @type {Record<string, any>} */
    const byKey = {};
    results.forEach(function (/** @type {any} */ r) {
      const key = r.kind === "definition" ? "terms" : "law-" + r.law;
      if (!byKey[key]) {
        const name = r.kind === "definition" ? label("terms") : label("law").replace("%s", r.law);
        byKey[key] = { name: name, items: [] };
        groups.push(byKey[key]);
      }
      byKey[key].items.push(r);
    });
    groups.forEach(function (group) {
      const section = el("div", "search-group");
      section.setAttribute("role", "group");
      section.setAttribute("aria-label", group.name);
      section.appendChild(el("div", "search-group-head", group.name));
      group.items.forEach(function (/** @type {any} */ r) {
        const a = option(r.url, /^en/i.test(document.documentElement.lang || "") && r.title_en ? r.title_en : r.title, r.snippet, data.query);
        if (r.jump) a.classList.add("search-jump");
        section.appendChild(a);
      });
      pop.appendChild(section);
    });
    if (results.length || trees.length) {
      const all = el("a", "search-all", label("all"));
      all.href = searchUrl(data.query);
      all.addEventListener("click", function () { remember(data.query); });
      pop.appendChild(all);
    }
    show();
  }
  function renderRecent() {
    const list = recent();
    pop.textContent = "";
    active = -1;
    if (!list.length) { hide(); return; }
    const section = el("div", "search-group search-recent-list");
    section.appendChild(el("div", "search-group-head", label("recent")));
    list.forEach(function (q) { section.appendChild(option(searchUrl(q), q, null, q)); });
    const clear = el("button", "search-clear secondary", label("clear"));
    clear.type = "button";
    clear.addEventListener("click", function () { forget(); hide(); input.focus(); });
    section.appendChild(clear);
    pop.appendChild(section);
    show();
  }

  // ---- querying
  function run() {
    timer = null;
    const query = input.value.trim();
    if (query === lastQuery && !pop.hidden) return;
    lastQuery = query;
    if (controller) controller.abort();
    if (!query) { renderRecent(); return; }
    controller = window.AbortController ? new AbortController() : null;
    const url = api + "?limit=8&q=" + encodeURIComponent(query.slice(0, 200));
    fetch(url, { headers: { Accept: "application/json" }, signal: controller ? controller.signal : undefined })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
      .then(function (/** @type {any} */ data) { if (input.value.trim() === query) renderResults(data); })
      .catch(function (error) {
        if (error && error.name === "AbortError") return;
        function showError() {
          pop.textContent = "";
          pop.appendChild(el("p", "search-empty", label("error")));
          show();
        }
        // Offline fallback (issue 9): no answer from the server (the hall's wifi dropped, or a 5xx) → search the
        // downloaded corpus in the browser (static/js/pages/offline-search.js); same result shape as the API.
        if ((typeof error !== "number" || error >= 500)) {
          if (typeof error !== "number") document.dispatchEvent(new CustomEvent("caipan:network-failed"));
          offlineSearch(query, 8).then(function (/** @type {any} */ data) {
            if (input.value.trim() === query) renderResults(data);
          }, showError);
          return;
        }
        showError();
      });
  }
  function schedule() {
    if (composing) return; // an IME is still composing: wait for compositionend
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, DELAY);
  }

  input.addEventListener("compositionstart", function () {
    composing = true;
    if (timer) { clearTimeout(timer); timer = null; }
  });
  input.addEventListener("compositionend", function () { composing = false; schedule(); });
  input.addEventListener("input", function (/** @type {any} */ event) {
    if (event.isComposing) return;
    schedule();
  });
  input.addEventListener("focus", function () { if (!input.value.trim()) renderRecent(); });
  input.addEventListener("keydown", function (/** @type {any} */ event) {
    if (event.isComposing || composing) return;
    const items = options();
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (pop.hidden || !items.length) return;
      event.preventDefault();
      if (active >= 0) items[active].classList.remove("active");
      active = event.key === "ArrowDown" ? (active + 1) % items.length : (active <= 0 ? items.length - 1 : active - 1);
      items[active].classList.add("active");
      items[active].scrollIntoView({ block: "nearest" });
      input.setAttribute("aria-activedescendant", items[active].id);
    } else if (event.key === "Enter" && active >= 0 && items[active]) {
      event.preventDefault();
      remember(input.value);
      window.location.href = items[active].href;
    } else if (event.key === "Escape") {
      hide();
    }
  });
  form.addEventListener("submit", function () { remember(input.value); });
  document.addEventListener("click", function (/** @type {any} */ event) { if (!form.contains(event.target)) hide(); });

  // ---- the search page lists the recent searches too
  const page = /** @type {any} */ (document.querySelector("[data-search-recent]"));
  if (page) {
    const pageQuery = new URLSearchParams(window.location.search).get("q");
    if (pageQuery && /** @type {any} */ (document.querySelector(".search-hits"))) remember(pageQuery);
    const list = recent();
    const ul = /** @type {any} */ (page.querySelector("ul"));
    list.forEach(function (q) {
      const li = el("li");
      const a = el("a", null, q);
      a.href = searchUrl(q);
      li.appendChild(a);
      ul.appendChild(li);
    });
    page.hidden = !list.length;
  }
}
start();
