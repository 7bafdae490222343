// 裁判助手 — the calculators in the browser: the score pad, IMPs, matchpoints and adjusted scores (Laws 77, 78,
// 12C1, 12C2) when the page came from the device (offline, or a hall's wifi that hangs).
//
// Online the server answers (rulings/views.py); this file only takes over on a page the service worker served
// from its store (<html data-offline>) or when the browser says it is offline. It holds no score number and no
// law arithmetic of its own: it reads /offline/tables.json, generated from bridge/ (offline/data.py): every Law 77
// score and breakdown, the IMP scale and matchpoint units of Law 78, the Law 12C1 artificial scores. It parses the
// query string as the server's views do (same fields, same checks, same order), so it refuses bad input with
// the engine's code and params (engine/calculators.js), said in the page's language by engine/messages.js; its
// result card mirrors the templates' (tests/e2e/test_offline_calculators.py compares the two).

import * as Messages from "../engine/messages.js";
import { given, required, wholeNumber, scoresFromText, scoreFromParams, imps, matchpoints, adjusted } from "../engine/calculators.js";

function start() {
  const box = /** @type {any} */ (document.querySelector("[data-calculator]"));
  if (!box) return;
  const kind = box.getAttribute("data-calculator");
  const html = document.documentElement;
  const language = html.getAttribute("lang") || "zh-hans";
  const chinese = language.toLowerCase().indexOf("zh") === 0;
  /** @type {any} */
  let tablesPromise = null;

  /** @param {string} name */
  function label(name) { return box.getAttribute("data-label-" + name) || ""; }
  /** @param {string} text @param {any} values */
  function fillText(text, values) {
    return text.replace(/\{(\w+)\}/g, function (/** @type {any} */ whole, /** @type {string} */ name) { return name in values ? values[name] : whole; });
  }
  function tables() {
    if (!tablesPromise) {
      tablesPromise = fetch(box.getAttribute("data-tables-url")).then(function (r) {
        if (!r.ok) throw new Error("tables " + r.status);
        return r.json();
      });
    }
    return tablesPromise;
  }
  function offline() { return html.hasAttribute("data-offline") || navigator.onLine === false; }

  // ------------------------------------------------------------------------------------------ drawing
  /** @param {string} tag @param {any} attrs @param {any[]} children @returns {any} */
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (/** @type {null | undefined} */ child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
    return node;
  }
  /** @param {any} x */
  function pyFloat(x) { return Number.isInteger(x) ? x.toFixed(1) : String(x); }
  /** @param {string} ref */
  function sectionUrl(ref) { return box.getAttribute("data-section-url").replace("__ref__", ref); }

  // rulings/templates/rulings/_error.html: the message in the page's language with the fields it names said by
  // their labels (core.errors.error_context, by messages.js).
  /** @param {any} error @param {any} T */
  function errorNode(error, T) {
    const M = Messages;
    const parts = M.errorParts(T.messages, error, M.labelsFor(T, language), language);
    const text = parts.message;
    const prefix = parts.label ? fillText(label("error-field"), { field: parts.label }) : label("error");
    return el("p", { "class": "notice error", role: "alert", "data-field": error.field || "", "data-offline-result": "" },
              [prefix + text]);
  }

  /** @param {any} r */
  function drawScore(r) {
    let heading = r.contract + (r.declarer ? " " + label("declarer") + " " + r.declarer : "");
    if (r.tricks !== null && r.contract !== "PASS") {
      heading += " · " + r.tricks + " " + label("tricks") + " (" +
        (r.result > 0 ? "+" + r.result : r.result === 0 ? "=" : String(r.result)) + ")";
    }
    const children = [el("h2", {}, [heading])];
    if (r.board) {
      children.push(el("p", {}, [fillText(label("board"), { n: r.board.number, d: r.board.dealer, v: r.board.vulnerability })]));
    }
    children.push(el("p", { "class": "big-score" }, [
      el("span", {}, [label("ns") + " ", el("b", {}, [r.score_ns])]), " ",
      el("span", {}, [label("ew") + " ", el("b", {}, [r.score_ew])])
    ]));
    if (r.breakdown.length) {
      const body = el("tbody", {}, r.breakdown.map(function (/** @type {any} */ item) {
        return el("tr", {}, [el("td", {}, [item.label]), el("td", {}, [item.points]),
          el("td", {}, [el("a", { href: box.getAttribute("data-law-url") }, [fillText(label("law"), { n: item.law })])])]);
      }));
      children.push(el("table", { "class": "law-table breakdown" }, [
        el("thead", {}, [el("tr", {}, [el("th", {}, [label("item")]), el("th", {}, [label("points")]), el("th", {}, [label("rule")])])]),
        body]));
      children.push(el("p", { "class": "hint" }, [label("hint")]));
    }
    return el("section", { "class": "result-card", "aria-live": "polite", "data-offline-result": "" }, children);
  }

  /** @param {any} r */
  function drawImps(r) {
    return el("p", { "class": "big-score", "aria-live": "polite", "data-offline-result": "" },
              [r.diff + " → ", el("b", {}, [r.imps + " IMP"])]);
  }

  /** @param {any} r */
  function drawMatchpoints(r) {
    // Both sides, percentages to two decimals (rulings/views.py matchpoints_page).
    const table = el("table", { "class": "law-table mp-table" }, [
      el("thead", {}, [el("tr", {}, [el("th", {}, [label("ns-score")]), el("th", {}, [label("mp")]), el("th", {}, ["%"]),
                                     el("th", {}, [label("ew-mp")]), el("th", {}, [label("ew-pct")])])]),
      el("tbody", {}, r.rows.map(function (/** @type {any} */ row) {
        return el("tr", {}, [el("td", {}, [row.score]), el("td", {}, [row.mp]), el("td", {}, [row.pct.toFixed(2)]),
                             el("td", {}, [String(r.top - row.mp)]), el("td", {}, [(100 - row.pct).toFixed(2)])]);
      }))
    ]);
    const wrap = el("div", { "data-offline-result": "" }, [table, el("p", {}, [fillText(label("top"), { top: r.top })])]);
    return wrap;
  }

  /**
     * @param {any} r
     */
  function drawAdjusted(r) {
    /** @type {any[]} */
    const children = [];
    if (r.method === "artificial") {
      children.push(el("h2", {}, [label("artificial")]));
      children.push(el("ul", { "class": "sides" }, ["NS", "EW"].map(function (side) {
        const s = r.sides[side];
        /** @type {any[]} */
        const laws = [];
        s.laws.forEach(function (/** @type {any} */ law, /** @type {number} */ i) {
          laws.push(el("a", { href: sectionUrl(law) }, [law]));
          if (i < s.laws.length - 1) laws.push("、");
        });
        return el("li", {}, [el("b", {}, [side]), "：" + s.label_text + " " +
          (s.percent !== null ? pyFloat(s.percent) + "%" : s.imps + " IMP") + " ",
          el("small", {}, ["（"].concat(laws).concat(["）"]))]);
      })));
    } else {
      children.push(el("h2", {}, [label("assigned")]));
      const line = function (/** @type {string} */ side, /** @type {string} */ key) {
        const o = r[side];
        return el("li", {}, [el("b", {}, [label(side.toLowerCase())]), "：" + o.contract + " " + (o.declarer === null ? "None" : o.declarer) + " " +
          (o.tricks === null ? "None" : o.tricks) + label("tricks") + " → " + r[key]]);
      };
      children.push(el("ul", { "class": "sides" }, [line("NS", "score_ns"), line("EW", "score_ew")]));
      children.push(el("p", {}, [el("a", { href: sectionUrl("12C2") }, [label("law-12c2")])]));
    }
    return el("section", { "class": "result-card", "aria-live": "polite", "data-offline-result": "" }, children);
  }

  // --------------------------------------------------------------------------------------------- flow
  /**
     * @param {any} params
     * @param {any} T
     */
  function compute(params, T) {
    if (kind === "score") return drawScore(scoreFromParams(params, T, chinese));
    if (kind === "imps") {
      const diff = wholeNumber(required(params, "diff"), "diff");
      return drawImps({ diff: diff, imps: imps(diff, T) });
    }
    if (kind === "matchpoints") return drawMatchpoints(matchpoints(scoresFromText(params.get("scores") || ""), T));
    if (kind === "adjusted") {
      const r = adjusted(params, T);
      if (r.needsNetwork) {
        return el("p", { "class": "notice", role: "status", "data-offline-result": "" }, [label("needs-network")]);
      }
      return drawAdjusted(r);
    }
    return null;
  }

  // Is there anything to compute? (the views compute only when their fields are there)
  /** @param {any} params */
  function wanted(params) {
    if (kind === "score") return params.get("passed") === "1" || (given(params, "level") && given(params, "strain")) || given(params, "contract");
    if (kind === "imps") return params.get("diff") !== null && params.get("diff") !== "";
    if (kind === "matchpoints") return (params.get("scores") || "").trim() !== "";
    if (kind === "adjusted") return given(params, "method");
    return false;
  }

  // The form's controls show what the address asks (the server checks the chips it was given).
  /** @param {URLSearchParams} params */
  function restoreForm(params) {
    const forms = document.querySelectorAll("main form");
    forms.forEach(function (/** @type {any} */ form) {
      const method = /** @type {any} */ (form.querySelector("input[type=hidden][name=method]"));
      if (method && method.value !== params.get("method")) return;
      Array.prototype.forEach.call(form.elements, function (control) {
        if (!control.name || control.type === "hidden" || control.type === "submit" || params.get(control.name) === null) return;
        if (control.type === "radio" || control.type === "checkbox") control.checked = control.value === params.get(control.name);
        else control.value = params.get(control.name);
      });
    });
    if (kind === "adjusted" && params.get("method")) {
      document.querySelectorAll("details.method").forEach(function (/** @type {any} */ details) {
        const method = /** @type {any} */ (details.querySelector("input[type=hidden][name=method]"));
        details.open = !!method && method.value === params.get("method");
      });
    }
  }

  /** @param {URLSearchParams} params */
  function show(params) {
    const anchor = /** @type {any} */ (document.querySelector("[data-calculator-result]"));
    if (!anchor) return Promise.resolve();
    return tables().then(function (/** @type {any} */ T) {
      let node;
      try {
        node = wanted(params) ? compute(params, T) : null;
      } catch (/** @type {any} */ error) {
        if (error && error.name === "FieldError") node = errorNode(error, T);
        else throw error;
      }
      anchor.innerHTML = "";
      if (node) anchor.appendChild(node);
      box.setAttribute("data-calculator-state", "done");
      // The answer changed where the director is not looking (issue 31, problem 3): bring it into view, below the bar.
      if (node && node.getBoundingClientRect) {
        const rect = node.getBoundingClientRect();
        const topbar = document.querySelector(".topbar");
        const bar = topbar ? topbar.getBoundingClientRect().bottom : 0;
        if (rect.top < bar || rect.bottom > window.innerHeight) window.scrollBy(0, rect.top - bar - 10);
      }
    }).catch(function () {
      box.setAttribute("data-calculator-state", "error");
    });
  }

  /** @param {any} form @param {any} submitter */
  function paramsOf(form, submitter) {
    const data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    const params = new URLSearchParams();
    data.forEach(function (value, name) { if (name !== "csrfmiddlewaretoken") params.append(name, /** @type {string} */ (value)); });
    return params;
  }

  document.addEventListener("submit", function (/** @type {any} */ event) {
    const form = /** @type {any} */ (event.target);
    if (!offline() || !/** @type {any} */ (form.closest("main")) || (form.getAttribute("method") || "get").toLowerCase() !== "get") return;
    event.preventDefault();
    const params = paramsOf(form, event.submitter);
    const url = (form.getAttribute("action") || location.pathname) + "?" + params.toString();
    history.pushState(null, "", url);
    show(params);
  });
  window.addEventListener("popstate", function () {
    if (!offline()) return;
    const params = new URLSearchParams(location.search);
    restoreForm(params);
    show(params);
  });

  if (html.hasAttribute("data-offline") && box.getAttribute("data-answered") !== "true") {
    // A stored pad answering an address the server did not see (a stored copy of the server's own answer to
    // this very address, data-answered, is shown as it is).
    const params = new URLSearchParams(location.search);
    restoreForm(params);
    show(params);
  } else {
    box.setAttribute("data-calculator-state", "server");
  }

}
start();
