// 裁判助手 — the judgement pages in the browser: the assigned-score builder (/tools/assigned/) and the ruling
// form (/rulings/<slug>/form/), online and offline alike.
//
// The form's fields are read as rulings/judgement.py reads them (builder_request, poll_request), the arithmetic
// is engine/assigned.js (a port of bridge/assigned_builder.py and bridge/poll.py, from /offline/tables.json),
// the tree is walked by engine/trees.js on the stored tree JSON. The ruling form keeps what was typed on the
// device (localStorage), takes the walk's facts from the address's #fragment (the wizard links here with them;
// a fragment never reaches the server, so the stored page serves every walk offline), and draws the one-page A4
// sheet that @media print shows. Errors are the engine's, in the page's language (messages.js).

import * as Tree from "../engine/trees.js";
import * as Messages from "../engine/messages.js";
import * as Assigned from "../engine/assigned.js";
import * as Judgement from "../engine/judgement.js";
import { enhancePads, refreshPads } from "./pads.js";

function start() {
  const form = /** @type {any} */ (document.querySelector("[data-builder-form]"));
  if (!form) return;
  const rulingForm = form.hasAttribute("data-ruling-form") ? form : null;
  const language = document.documentElement.lang || "zh-hans";
  const english = language.indexOf("en") === 0;
  /** @type {any} */
  let T = null;
  /** @type {any} */
  let tree = null;
  let submitted = false;

  // ------------------------------------------------------------------------------------------- helpers
  /** @type {Record<string, any>} */
  const labels = {};
  const template = /** @type {any} */ (document.getElementById("judgement-labels"));
  if (template) {
    (template.content || template).querySelectorAll("[data-key]").forEach(function (/** @type {any} */ node) {
      labels[node.getAttribute("data-key")] = node.textContent;
    });
  }
  /** @param {string} key @param {any} [arg] */
  function label(key, arg) {
    const text = labels[key] || key;
    return arg === undefined ? text : text.replace("%s", arg);
  }
  /** @param {string} tag @param {any} attrs @param {any[] | undefined} [children] @returns {any} */
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      const value = attrs[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (/** @type {string | null | undefined} */ child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  /** @param {any} url */
  function fetchJson(url) {
    return fetch(url, { headers: { Accept: "application/json" } }).then(function (response) {
      if (!response.ok) throw new Error(url + " " + response.status);
      return response.json();
    });
  }
  /** @param {string} name */
  function field(name) { return form.elements[name] || null; }
  /** @param {string} name */
  function value(name) {
    const input = field(name);
    if (!input) return "";
    if (input.type === "checkbox") return input.checked ? "on" : "";
    return String(input.value || "").trim();
  }
  /** @param {string} name */
  function checked(name) { return value(name) === "on"; }
  // rulings/templates/rulings/_error.html: the message in the page's language with the fields it names said by
  // their labels (config.errors.error_context, by messages.js).
  /** @param {any} error */
  function errorNotice(error) {
    const M = Messages;
    const parts = M.errorParts(T.messages, error, M.labelsFor(T, language), language);
    const head = parts.label ? label("error_field", parts.label) : label("error");
    return el("p", { "class": "notice error", role: "alert", "data-field": error.field || "" }, [head + parts.message]);
  }
  /** @returns {string[]} */
  function builderRows() {
    return /** @type {string[]} */ (Array.prototype.map.call(form.querySelectorAll(".builder-row[data-row]"), function (row) {
      return "r" + row.getAttribute("data-row") + "_";
    }));
  }
  // The builder's request and the poll, read from the fields as the server reads them (engine/judgement.js).
  function builderGiven() { return Judgement.builderGiven(value, builderRows()); }
  function builderRequest() { return Judgement.builderRequest(value, builderRows()); }
  /** @returns {string[]} */
  function pollRows() {
    return /** @type {string[]} */ (Array.prototype.map.call(form.querySelectorAll(".poll-row"), function (row, i) { return "p" + i + "_"; }));
  }
  function pollRequest() { return Judgement.pollRequest(value, pollRows()); }

  // ------------------------------------------------------------------------------------- the builder
  /**
     * @param {any} fn
     */
  function attempt(fn) {
    try {
      return { status: "ok", answer: fn() };
    } catch (/** @type {any} */ error) {
      // The engine's input errors (bridge.inputs: FieldError) and its rule errors (FactError) alike.
      if (error && (error.name === "FactError" || error.name === "FieldError")) return { status: "error", error: error };
      throw error;
    }
  }
  /** @type {null} */
  let lastBuild = null;
  /** @param {any} answer @param {string} side */
  function sideRow(answer, side) {
    const s = answer[side];
    const result = s.contract === null ? label("weighted_result") : s.contract + (s.declarer ? " " + s.declarer : "") + (s.tricks !== null ? " · " + s.tricks + label("tricks") : "");
    let comparison = "—";
    if (s.imps !== null) comparison = s.imps + " IMP";
    else if (s.matchpoints !== null) comparison = s.matchpoints + "/" + answer.comparison.top + " · " + s.percentage + "%";
    return el("tr", { "data-side": side }, [
      el("th", { text: label(side) }),
      el("td", { "data-cell": "role", text: label(s.role) }),
      el("td", { "data-cell": "basis", text: label(s.basis) }),
      el("td", { "data-cell": "result", text: result }),
      el("td", { "data-cell": "score" }, [el("b", { text: String(s.score) })]),
      el("td", { "data-cell": "comparison", text: comparison })
    ]);
  }
  /** @param {any} answer */
  function builderCard(answer) {
    const nodes = [
      el("h2", { text: label("title") }),
      el("table", { "class": "law-table assigned-table" }, [
        el("thead", {}, [el("tr", {}, ["side", "role_heading", "basis_heading", "result_heading", "score_heading",
          "comparison_heading"].map(function (key) { return el("th", { text: label(key) }); }))]),
        el("tbody", {}, [sideRow(answer, "NS"), sideRow(answer, "EW")])
      ])
    ];
    // J1: no damage (16A2, 40C, 12C2) — the table result stands; the engine's note in the page's language.
    if (answer.note) nodes.splice(1, 0, el("p", { "class": "notice", "data-cell": "damage", text: english ? answer.note.en : answer.note.zh }));
    if (answer.comparison && answer.comparison.knockout_imps_ns !== undefined && answer.comparison.knockout_imps_ns !== null) {
      nodes.push(el("p", { "data-cell": "knockout",
        text: label(answer.edition ? "knockout_wbf" : "knockout", answer.comparison.knockout_imps_ns) }));
    }
    if (!answer.balanced) nodes.push(el("p", { "class": "hint", text: label(answer.edition ? "unbalanced_wbf" : "unbalanced") }));
    if (answer.unverified && answer.unverified.length) {
      nodes.push(el("p", { "class": "hint", "data-cell": "unverified", text: label("unverified") + answer.unverified.join("、") }));
    }
    if (answer.equity) {
      const e = answer.equity;
      const line = label("NS") + " " + e.score_ns + (e.imps_ns !== null ? " · " + e.imps_ns + " IMP" : "") +
        (e.matchpoints_ns !== null ? " · " + e.matchpoints_ns + "/" + answer.comparison.top + " · " + e.percentage_ns + "%" : "");
      const equityNodes = [el("h3", { text: label("equity") }), el("p", { text: line })];
      if (e.offending !== "same") { // J11: the offending side's own figures
        equityNodes.push(el("p", { text: label("EW") + " " + e.score_ew + (e.imps_ew !== null ? " · " + e.imps_ew + " IMP" : "") +
          (e.matchpoints_ew !== null ? " · " + e.matchpoints_ew + "/" + answer.comparison.top + " · " + e.percentage_ew + "%" : "") }));
      }
      nodes.push(el("div", { "class": "equity", "data-cell": "equity" }, equityNodes));
    }
    nodes.push(el("p", { "class": "laws" }, answer.laws.map(function (/** @type {string} */ ref) {
      const href = "/laws/" + ref + "/" + (answer.edition ? "?edition=" + answer.edition : "");
      return el("a", { "class": "ref tile-inline", "data-sheet-ref": ref, href: href, text: ref });
    })));
    return nodes;
  }
  // The scores in one line pinned to the screen's lower edge while the builder's rows are being tapped (the
  // full card sits below them): the result is in view when it changes.
  /** @param {any} answer */
  function summary(answer) {
    const line = /** @type {any} */ (document.querySelector("[data-builder-summary]"));
    if (!line) return;
    line.hidden = !answer;
    line.textContent = answer ? label("summary") + (english ? ": " : "：") + label("NS") + " " + answer.NS.score + " · " + label("EW") + " " + answer.EW.score : "";
  }
  /** @param {boolean} showErrors */
  function updateBuilder(showErrors) {
    const box = /** @type {any} */ (form.querySelector("[data-builder-result]")) || /** @type {any} */ (document.querySelector("[data-builder-result]"));
    const errors = /** @type {any} */ (form.querySelector("[data-builder-error]")) || /** @type {any} */ (document.querySelector("[data-builder-error]"));
    if (!box || !T) return;
    summary(null);
    if (!builderGiven() && !showErrors) {
      lastBuild = null;
      box.textContent = "";
      if (errors) errors.textContent = "";
      return;
    }
    const outcome = attempt(function () { return Assigned.build(builderRequest(), T); });
    if (errors) errors.textContent = "";
    if (outcome.status === "ok") {
      lastBuild = outcome.answer;
      box.textContent = "";
      builderCard(outcome.answer).forEach(function (/** @type {any} */ node) { box.appendChild(node); });
      summary(outcome.answer);
    } else {
      lastBuild = null;
      box.textContent = "";
      if (showErrors && errors) errors.appendChild(errorNotice(outcome.error));
    }
  }

  // "Likely" implies "at all probable" (Law 12C2); the weights are the committee's only.
  form.addEventListener("change", function (/** @type {any} */ event) {
    const target = /** @type {any} */ (event.target);
    const row = target.closest ? /** @type {any} */ (target.closest(".builder-row")) : null;
    if (row && target.hasAttribute("data-likely") && target.checked) /** @type {any} */ (row.querySelector("[data-probable]")).checked = true;
    if (row && target.hasAttribute("data-probable") && !target.checked) /** @type {any} */ (row.querySelector("[data-likely]")).checked = false;
    if (target.hasAttribute("data-committee")) form.classList.toggle("committee-on", checked("committee") || checked("director_12c3"));
  });
  form.classList.toggle("committee-on", checked("committee") || checked("director_12c3"));

  // "Same as the row above": a second possible result starts from the first's contract, declarer and tricks,
  // so only what differs is tapped (the pads redraw from the change events).
  const COPIED = ["level", "strain", "dbl", "declarer", "tricks"];
  function updateCopyButtons() {
    form.querySelectorAll("[data-copy-row]").forEach(function (/** @type {any} */ copy) {
      const row = Number(copy.closest(".builder-row").getAttribute("data-row"));
      copy.hidden = false;
      copy.disabled = !value("r" + (row - 1) + "_level");
    });
  }
  form.addEventListener("click", function (/** @type {any} */ event) {
    const copy = event.target.closest ? event.target.closest("[data-copy-row]") : null;
    if (!copy) return;
    const row = Number(copy.closest(".builder-row").getAttribute("data-row"));
    COPIED.forEach(function (name) {
      const from = field("r" + (row - 1) + "_" + name);
      const to = field("r" + row + "_" + name);
      if (!from || !to || to.value === from.value) return;
      to.value = from.value;
      to.dispatchEvent(new Event("change", { bubbles: true }));
    });
  });

  // ------------------------------------------------------------------------------------------ the poll
  /** @type {null} */
  let lastPoll = null;
  function updatePoll() {
    const box = /** @type {any} */ (form.querySelector("[data-poll-result]"));
    if (!box || !T) return;
    box.textContent = "";
    lastPoll = null;
    const outcome = attempt(function () {
      const request = pollRequest();
      return request === null ? null : Assigned.tally(request, T);
    });
    if (outcome.status === "error") {
      if (value("poll_action") && pollRows().some(function (p) { return value(p + "call"); })) box.appendChild(errorNotice(outcome.error));
      return;
    }
    if (outcome.answer === null) return;
    const poll = lastPoll = outcome.answer;
    box.appendChild(pollTable(poll));
    box.appendChild(el("p", { "data-reading": poll.reading, text: pollReading(poll) }));
  }
  /** @param {any} poll */
  function pollTable(poll) {
    return el("table", { "class": "law-table poll-table" }, [
      el("thead", {}, [el("tr", {}, ["call", "chose", "considered", "share"].map(function (key) {
        return el("th", { text: label(key) });
      }))]),
      el("tbody", {}, poll.calls.map(function (/** @type {any} */ call) {
        return el("tr", { "data-taken": call.taken ? "true" : null }, [
          el("td", { text: call.call + (call.taken ? " " + label("taken") : "") }),
          el("td", { text: String(call.chose) }),
          el("td", { text: String(call.considered) }),
          el("td", { text: call.share + "%" })
        ]);
      }))
    ]);
  }
  /** @param {any} poll */
  function pollReading(poll) {
    const text = label("polled", poll.polled) + " ";
    if (poll.reading === "no_alternative") return text + label("no_alternative");
    return text + label(poll.reading, poll.alternatives.join("、"));
  }

  // ------------------------------------------------------------------------------------------ the tree
  /** @type {any} */
  let lastRuling = null;
  const outcomeLabels = (function () {
    const node = /** @type {any} */ (document.getElementById("outcome-labels"));
    return node ? JSON.parse(node.textContent) : { fields: {}, values: {} };
  })();
  function factsFromForm() {
    /** @type {Record<string, any>} */
    const facts = {};
    form.querySelectorAll("[data-fact]").forEach(function (/** @type {any} */ box) {
      const name = box.getAttribute("data-fact");
      if (value("fact." + name)) facts[name] = value("fact." + name);
    });
    return facts;
  }
  /** @param {string} ref */
  function refText(ref) { return english ? "Law " + ref : Tree.chineseRef(ref); }
  function updateRuling() {
    if (!rulingForm || !tree || !T) return;
    const facts = factsFromForm();
    let evaluation;
    try {
      evaluation = Tree.evaluate(tree, facts, T);
    } catch (/** @type {any} */ error) {
      if (!Tree.isFactError(error)) throw error;
      return;
    }
    /** @type {Record<string, any>} */
    const onPath = {};
    evaluation.path.forEach(function (step) { onPath[step.fact] = true; });
    if (evaluation.question) onPath[evaluation.question.fact] = true;
    form.querySelectorAll("[data-fact]").forEach(function (/** @type {any} */ box) {
      // Only the questions on the walk's path are shown and posted (an answer off the path plays no part).
      box.hidden = !onPath[box.getAttribute("data-fact")];
      /** @type {any} */ (box.querySelector("select")).disabled = box.hidden;
    });
    const box = /** @type {any} */ (form.querySelector("[data-ruling]"));
    box.textContent = "";
    lastRuling = evaluation.ruling;
    if (evaluation.question) {
      box.appendChild(el("p", { "class": "notice", text: label("next_question", english ? evaluation.question.text.en : evaluation.question.text.zh) }));
      return;
    }
    const ruling = evaluation.ruling;
    box.appendChild(el("h3", { text: label("ruling") + "：" + refText(ruling.rule) }));
    const rows = Object.keys(tree.outcome_fields).map(function (name) {
      const raw = ruling[name];
      const shown = raw === null ? "—" : typeof raw === "boolean" ? (raw ? "✓" : "✗") : (outcomeLabels.values[name + ":" + raw] || String(raw));
      return el("tr", { "data-field": name }, [el("th", { text: outcomeLabels.fields[name] || name }), el("td", { text: shown })]);
    });
    box.appendChild(el("table", { "class": "law-table outcome-table" }, [el("tbody", {}, rows)]));
    box.appendChild(el("details", { "class": "script-box" }, [
      el("summary", { text: english ? "What to announce" : "向牌手宣布" }),
      el("p", { "class": "script", text: english ? ruling.script.en : ruling.script.zh })
    ]));
    box.appendChild(el("p", { "class": "laws" }, ruling.laws.map(function (/** @type {string} */ ref) {
      return el("a", { "class": "ref tile-inline", "data-sheet-ref": ref, href: "/laws/" + ref + "/", text: ref });
    })));
  }
  function factsToHash() {
    const facts = factsFromForm();
    const text = Object.keys(facts).map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(facts[k]); }).join("&");
    if (window.history && window.history.replaceState) window.history.replaceState(null, "", text ? "#" + text : location.pathname);
  }
  function factsFromHash() {
    const hash = location.hash.replace(/^#/, "");
    if (!hash) return false;
    let given = false;
    hash.split("&").forEach(function (pair) {
      const parts = pair.split("=");
      const name = decodeURIComponent(parts[0] || "");
      const input = field("fact." + name);
      if (input && parts.length > 1) { input.value = decodeURIComponent(parts[1].replace(/\+/g, " ")); given = true; }
    });
    return given;
  }

  // ----------------------------------------------------------------------- the A4 sheet (@media print)
  function sheet() {
    const box = /** @type {any} */ (document.querySelector("[data-print-sheet]"));
    if (!box || !rulingForm) return;
    box.textContent = "";
    const h = /** @type {any} */ (document.querySelector("h1"));
    box.appendChild(el("h1", { text: h ? h.textContent : label("sheet_title") }));
    const meta = [["event", "event"], ["session", "session"], ["board", "board"], ["table_no", "table"], ["date", "date"]]
      .filter(function (pair) { return value(pair[1]); })
      .map(function (pair) { return label(pair[0]) + "：" + value(pair[1]); });
    const caller = field("called_by");
    if (caller && caller.value) meta.push(label("called_by") + "：" + caller.options[caller.selectedIndex].text);
    box.appendChild(el("p", { "class": "sheet-meta", text: meta.join("　") }));

    box.appendChild(el("h2", { text: label("facts") }));
    if (value("statement")) box.appendChild(el("p", { "class": "sheet-para", text: value("statement") }));
    /** @type {any[]} */
    const walk = [];
    form.querySelectorAll("[data-fact]").forEach(function (/** @type {any} */ factBox) {
      const select = /** @type {any} */ (factBox.querySelector("select"));
      if (factBox.hidden || !select || !select.value) return;
      walk.push(el("li", {}, [/** @type {any} */ (factBox.querySelector("label")).firstChild.textContent.trim() + " ",
        el("b", { text: select.options[select.selectedIndex].text })]));
    });
    if (walk.length) box.appendChild(el("ol", { "class": "sheet-walk" }, walk));

    box.appendChild(el("h2", { text: label("poll") }));
    if (lastPoll) {
      box.appendChild(pollTable(lastPoll));
      box.appendChild(el("p", { text: pollReading(lastPoll) }));
    } else {
      box.appendChild(el("p", { text: label("no_poll") }));
    }
    if (value("poll_notes")) box.appendChild(el("p", { "class": "sheet-para", text: value("poll_notes") }));

    box.appendChild(el("h2", { text: label("decision") }));
    if (lastRuling) {
      box.appendChild(el("p", {}, [el("b", { text: refText(lastRuling.rule) }), "　" + label("laws") + "：" + lastRuling.laws.join("、")]));
    }
    if (value("decision")) box.appendChild(el("p", { "class": "sheet-para", text: value("decision") }));

    box.appendChild(el("h2", { text: label("scores") }));
    if (lastBuild) builderCard(lastBuild).slice(1).forEach(function (/** @type {any} */ node) { box.appendChild(node); });
    else box.appendChild(el("p", { text: label("no_scores") }));

    box.appendChild(el("h2", { text: label("appeal") }));
    const appeal = /** @type {any} */ (document.querySelector("[data-appeal-text]"));
    if (appeal) box.appendChild(appeal.cloneNode(true));
    box.appendChild(el("p", { "class": "sheet-sign", text: label("director_signature") + "：＿＿＿＿＿＿＿＿　" + label("date") + "：＿＿＿＿＿＿" }));
  }

  // ------------------------------------------------------------------ keeping the form on the device
  const storeKey = rulingForm ? "caipan-ruling-form:" + rulingForm.getAttribute("data-slug") : null;
  function save() {
    if (!storeKey) return;
    /** @type {Record<string, any>} */
    const data = {};
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrfmiddlewaretoken") return;
      if (input.type === "radio") { if (input.checked) data[input.name] = input.value; return; }
      data[input.name] = input.type === "checkbox" ? input.checked : input.value;
    });
    try { window.localStorage.setItem(storeKey, JSON.stringify(data)); } catch (e) { /* storage full or off */ }
  }
  function restore() {
    if (!storeKey) return;
    let data = null;
    try { data = JSON.parse(window.localStorage.getItem(storeKey) || "null"); } catch (e) { data = null; }
    if (!data || /** @type {any} */ (form.querySelector(".notice.error"))) return; // a form the server sent back keeps its values
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || !Object.prototype.hasOwnProperty.call(data, input.name)) return;
      if (input.type === "radio") input.checked = data[input.name] === input.value;
      else if (input.type === "checkbox") input.checked = data[input.name] === true;
      else input.value = data[input.name];
    });
  }

  // --------------------------------------------------------------------------------------- wiring
  function refresh() {
    updateCopyButtons();
    updateBuilder(submitted);
    updatePoll();
    updateRuling();
    sheet();
  }
  form.addEventListener("input", function () { refresh(); save(); });
  form.addEventListener("change", function (/** @type {any} */ event) {
    if (/** @type {any} */ (event.target).name && /** @type {any} */ (event.target).name.indexOf("fact.") === 0) factsToHash();
    refresh();
    save();
  });
  if (!rulingForm) {
    form.addEventListener("submit", function (/** @type {any} */ event) {
      if (!T) return; // the tables are not loaded: let the server answer
      event.preventDefault();
      submitted = true;
      updateBuilder(true);
    });
  }
  const printButton = /** @type {any} */ (document.querySelector("[data-print]"));
  if (printButton) printButton.addEventListener("click", function () { refresh(); window.print(); });
  window.addEventListener("beforeprint", sheet);

  restore();
  if (rulingForm) factsFromHash();
  enhancePads(form);
  refreshPads(form);
  updateCopyButtons();
  form.classList.toggle("committee-on", checked("committee") || checked("director_12c3"));
  const loads = [fetchJson(form.getAttribute("data-tables-url")).then(function (tables) { T = tables; })];
  if (rulingForm) loads.push(fetchJson(rulingForm.getAttribute("data-tree-url")).then(function (/** @type {any} */ data) { tree = data; }));
  Promise.all(loads).then(function () {
    refresh();
    document.documentElement.setAttribute("data-judgement-ready", "");
  }, function () {
    document.documentElement.setAttribute("data-judgement-ready", "offline-missing");
  });
}
start();
