// 裁判助手 — the judgement pages in the browser: the assigned-score builder (/tools/assigned/) and the ruling
// form (/rulings/<slug>/form/), online and offline alike.
//
// The form's fields are read as rulings/judgement.py reads them (builder_request, poll_request), the arithmetic
// is assigned-builder.js (a port of bridge/assigned_builder.py and bridge/poll.py, from /offline/tables.json),
// the tree is walked by tree-evaluator.js on the stored tree JSON. The ruling form keeps what was typed on the
// device (localStorage), takes the walk's facts from the address's #fragment (the wizard links here with them;
// a fragment never reaches the server, so the stored page serves every walk offline), and draws the one-page A4
// sheet that @media print shows. Errors are the engine's, in the page's language (messages.js).
(function () {
  "use strict";
  var form = document.querySelector("[data-builder-form]");
  if (!form || !window.CaipanAssigned || !window.CaipanTree || !window.CaipanMessages) return;
  var rulingForm = form.hasAttribute("data-ruling-form") ? form : null;
  var language = document.documentElement.lang || "zh-hans";
  var english = language.indexOf("en") === 0;
  var T = null;
  var tree = null;
  var submitted = false;

  // ------------------------------------------------------------------------------------------- helpers
  var labels = {};
  var template = document.getElementById("judgement-labels");
  if (template) {
    (template.content || template).querySelectorAll("[data-key]").forEach(function (node) {
      labels[node.getAttribute("data-key")] = node.textContent;
    });
  }
  function label(key, arg) {
    var text = labels[key] || key;
    return arg === undefined ? text : text.replace("%s", arg);
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined || value === false) return;
      if (name === "text") node.textContent = value;
      else node.setAttribute(name, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function fetchJson(url) {
    return fetch(url, { headers: { Accept: "application/json" } }).then(function (response) {
      if (!response.ok) throw new Error(url + " " + response.status);
      return response.json();
    });
  }
  function field(name) { return form.elements[name] || null; }
  function value(name) {
    var input = field(name);
    if (!input) return "";
    if (input.type === "checkbox") return input.checked ? "on" : "";
    return String(input.value || "").trim();
  }
  function checked(name) { return value(name) === "on"; }
  // rulings/templates/rulings/_error.html: the message in the page's language with the fields it names said by
  // their labels (config.errors.error_context, by messages.js).
  function errorNotice(error) {
    var M = window.CaipanMessages;
    var parts = M.errorParts(T.messages, error, M.labelsFor(T, language), language);
    var head = parts.label ? label("error_field", parts.label) : label("error");
    return el("p", { "class": "notice error", role: "alert", "data-field": error.field || "" }, [head + parts.message]);
  }
  function InputError(code, fieldName, params) {
    var error = new Error(code);
    error.name = "FactError";
    error.code = code;
    error.field = fieldName;
    error.params = params;
    return error;
  }

  // ------------------------------------------------------------------------- reading (rulings/judgement.py)
  var WHOLE = /^[+-]?\d+$/;
  function wholeNumber(text, name, low, high) {
    if (!WHOLE.test(text)) throw InputError("input.not_whole", name, { name: name, value: text });
    var number = parseInt(text, 10);
    if ((low !== null && number < low) || (high !== null && number > high)) {
      if (high === null) throw InputError("input.below", name, { name: name, low: low, value: number });
      throw InputError("input.out_of_range", name, { name: name, low: low, high: high, value: number });
    }
    return number;
  }
  function decimal(text, name) {
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) {
      throw InputError("input.not_number", name, { name: name, value: text });
    }
    return parseFloat(text);
  }
  function scoresFromText(text, name) {
    return text.trim().split(/[\s,，]+/).filter(Boolean).map(function (token) {
      if (!WHOLE.test(token)) throw InputError("input.not_score", name, { token: token });
      return parseInt(token, 10);
    });
  }
  function contractOf(prefix) {
    var level = value(prefix + "level");
    if (!level) return null;
    if (level.toUpperCase() === "PASS") return "PASS";
    return level + value(prefix + "strain") + value(prefix + "dbl");
  }
  function resultOf(prefix, where) {
    var tricks = value(prefix + "tricks");
    return {
      contract: contractOf(prefix),
      declarer: value(prefix + "declarer") || null,
      tricks: tricks ? wholeNumber(tricks, where + ".tricks", 0, 13) : null
    };
  }
  function builderRows() {
    return Array.prototype.map.call(form.querySelectorAll(".builder-row[data-row]"), function (row) {
      return "r" + row.getAttribute("data-row") + "_";
    });
  }
  function builderGiven() { return builderRows().some(function (prefix) { return contractOf(prefix) !== null; }); }
  function builderRequest() {
    var request = { offending_side: value("offending_side") || null };
    if (value("board")) request.board = wholeNumber(value("board"), "board", 1, null);
    if (value("vulnerability")) request.vulnerability = value("vulnerability");
    var committee = checked("committee");
    if (committee) request.appeals_committee = true;
    // J10, J11: the Director's 12C3 where the zone permits it; the offending side kept on its 12C2 score.
    var director = checked("director_12c3");
    if (director) request.director_12c3 = true;
    var weighting = committee || director;
    if (weighting && checked("offending_keeps_12c2")) request.offending_keeps_12c2 = true;
    var results = [];
    builderRows().forEach(function (prefix) {
      if (contractOf(prefix) === null) return;
      var where = "results[" + results.length + "]";
      var result = resultOf(prefix, where);
      result.likely = checked(prefix + "likely");
      result.at_all_probable = checked(prefix + "probable");
      if (weighting && value(prefix + "weight")) result.weight = decimal(value(prefix + "weight"), where + ".weight") / 100;
      if (weighting && value(prefix + "weight_os")) {
        result.weight_offending = decimal(value(prefix + "weight_os"), where + ".weight_offending") / 100;
      }
      results.push(result);
    });
    if (contractOf("n_") !== null) { // J5: the non-offending side's own result
      var own = resultOf("n_", "results[" + results.length + "]");
      own.role = "non_offending";
      results.push(own);
    }
    request.results = results;
    if (contractOf("t_") !== null) {
      request.table_result = resultOf("t_", "table_result");
      if (checked("keeps_table")) request.non_offending_keeps_table_result = true;
    }
    if (value("other_table")) {
      request.other_table_score_ns = wholeNumber(value("other_table"), "other_table_score_ns", null, null);
      if (checked("knockout")) request.knockout = true; // J13: Law 86B in a knockout only
    }
    if (value("field_scores")) request.field_scores_ns = scoresFromText(value("field_scores"), "field_scores_ns");
    return request;
  }
  function pollRows() { return Array.prototype.map.call(form.querySelectorAll(".poll-row"), function (row, i) { return "p" + i + "_"; }); }
  function pollRequest() {
    var calls = [];
    pollRows().forEach(function (prefix) {
      var call = value(prefix + "call");
      if (!call) return;
      var where = "calls[" + calls.length + "]";
      var entry = { call: call };
      ["chose", "considered"].forEach(function (name) {
        if (value(prefix + name)) entry[name] = wholeNumber(value(prefix + name), where + "." + name, null, null);
      });
      calls.push(entry);
    });
    if (!calls.length && !value("poll_action")) return null;
    return { action: value("poll_action") || null, calls: calls };
  }

  // ------------------------------------------------------------------------------------- the builder
  function attempt(fn) {
    try {
      return { status: "ok", answer: fn() };
    } catch (error) {
      if (error && error.name === "FactError") return { status: "error", error: error };
      throw error;
    }
  }
  var lastBuild = null;
  function sideRow(answer, side) {
    var s = answer[side];
    var result = s.contract + (s.declarer ? " " + s.declarer : "") + (s.tricks !== null ? " · " + s.tricks + label("tricks") : "");
    var comparison = "—";
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
  function builderCard(answer) {
    var nodes = [
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
      nodes.push(el("p", { "data-cell": "knockout", text: label("knockout", answer.comparison.knockout_imps_ns) }));
    }
    if (!answer.balanced) nodes.push(el("p", { "class": "hint", text: label("unbalanced") }));
    if (answer.equity) {
      var e = answer.equity;
      var line = label("NS") + " " + e.score_ns + (e.imps_ns !== null ? " · " + e.imps_ns + " IMP" : "") +
        (e.matchpoints_ns !== null ? " · " + e.matchpoints_ns + "/" + answer.comparison.top + " · " + e.percentage_ns + "%" : "");
      var equityNodes = [el("h3", { text: label("equity") }), el("p", { text: line })];
      if (e.offending !== "same") { // J11: the offending side's own figures
        equityNodes.push(el("p", { text: label("EW") + " " + e.score_ew + (e.imps_ew !== null ? " · " + e.imps_ew + " IMP" : "") +
          (e.matchpoints_ew !== null ? " · " + e.matchpoints_ew + "/" + answer.comparison.top + " · " + e.percentage_ew + "%" : "") }));
      }
      nodes.push(el("div", { "class": "equity", "data-cell": "equity" }, equityNodes));
    }
    nodes.push(el("p", { "class": "laws" }, answer.laws.map(function (ref) {
      return el("a", { "class": "ref tile-inline", "data-sheet-ref": ref, href: "/laws/" + ref + "/", text: ref });
    })));
    return nodes;
  }
  function updateBuilder(showErrors) {
    var box = form.querySelector("[data-builder-result]") || document.querySelector("[data-builder-result]");
    var errors = form.querySelector("[data-builder-error]") || document.querySelector("[data-builder-error]");
    if (!box || !T) return;
    if (!builderGiven() && !showErrors) {
      lastBuild = null;
      box.textContent = "";
      if (errors) errors.textContent = "";
      return;
    }
    var outcome = attempt(function () { return window.CaipanAssigned.build(builderRequest(), T); });
    if (errors) errors.textContent = "";
    if (outcome.status === "ok") {
      lastBuild = outcome.answer;
      box.textContent = "";
      builderCard(outcome.answer).forEach(function (node) { box.appendChild(node); });
    } else {
      lastBuild = null;
      box.textContent = "";
      if (showErrors && errors) errors.appendChild(errorNotice(outcome.error));
    }
  }

  // "Likely" implies "at all probable" (Law 12C2); the weights are the committee's only.
  form.addEventListener("change", function (event) {
    var target = event.target;
    var row = target.closest ? target.closest(".builder-row") : null;
    if (row && target.hasAttribute("data-likely") && target.checked) row.querySelector("[data-probable]").checked = true;
    if (row && target.hasAttribute("data-probable") && !target.checked) row.querySelector("[data-likely]").checked = false;
    if (target.hasAttribute("data-committee")) form.classList.toggle("committee-on", checked("committee") || checked("director_12c3"));
  });
  form.classList.toggle("committee-on", checked("committee") || checked("director_12c3"));

  // ------------------------------------------------------------------------------------------ the poll
  var lastPoll = null;
  function updatePoll() {
    var box = form.querySelector("[data-poll-result]");
    if (!box || !T) return;
    box.textContent = "";
    lastPoll = null;
    var outcome = attempt(function () {
      var request = pollRequest();
      return request === null ? null : window.CaipanAssigned.tally(request, T);
    });
    if (outcome.status === "error") {
      if (value("poll_action") && pollRows().some(function (p) { return value(p + "call"); })) box.appendChild(errorNotice(outcome.error));
      return;
    }
    if (outcome.answer === null) return;
    var poll = lastPoll = outcome.answer;
    box.appendChild(pollTable(poll));
    box.appendChild(el("p", { "data-reading": poll.reading, text: pollReading(poll) }));
  }
  function pollTable(poll) {
    return el("table", { "class": "law-table poll-table" }, [
      el("thead", {}, [el("tr", {}, ["call", "chose", "considered", "share"].map(function (key) {
        return el("th", { text: label(key) });
      }))]),
      el("tbody", {}, poll.calls.map(function (call) {
        return el("tr", { "data-taken": call.taken ? "true" : null }, [
          el("td", { text: call.call + (call.taken ? " " + label("taken") : "") }),
          el("td", { text: String(call.chose) }),
          el("td", { text: String(call.considered) }),
          el("td", { text: call.share + "%" })
        ]);
      }))
    ]);
  }
  function pollReading(poll) {
    var text = label("polled", poll.polled) + " ";
    if (poll.reading === "no_alternative") return text + label("no_alternative");
    return text + label(poll.reading, poll.alternatives.join("、"));
  }

  // ------------------------------------------------------------------------------------------ the tree
  var lastRuling = null;
  var outcomeLabels = (function () {
    var node = document.getElementById("outcome-labels");
    return node ? JSON.parse(node.textContent) : { fields: {}, values: {} };
  })();
  function factsFromForm() {
    var facts = {};
    form.querySelectorAll("[data-fact]").forEach(function (box) {
      var name = box.getAttribute("data-fact");
      if (value("fact." + name)) facts[name] = value("fact." + name);
    });
    return facts;
  }
  function refText(ref) { return english ? "Law " + ref : window.CaipanTree.chineseRef(ref); }
  function updateRuling() {
    if (!rulingForm || !tree || !T) return;
    var facts = factsFromForm();
    var evaluation;
    try {
      evaluation = window.CaipanTree.evaluate(tree, facts, T);
    } catch (error) {
      if (!window.CaipanTree.isFactError(error)) throw error;
      return;
    }
    var onPath = {};
    evaluation.path.forEach(function (step) { onPath[step.fact] = true; });
    if (evaluation.question) onPath[evaluation.question.fact] = true;
    form.querySelectorAll("[data-fact]").forEach(function (box) {
      // Only the questions on the walk's path are shown and posted (an answer off the path plays no part).
      box.hidden = !onPath[box.getAttribute("data-fact")];
      box.querySelector("select").disabled = box.hidden;
    });
    var box = form.querySelector("[data-ruling]");
    box.textContent = "";
    lastRuling = evaluation.ruling;
    if (evaluation.question) {
      box.appendChild(el("p", { "class": "notice", text: label("next_question", english ? evaluation.question.text.en : evaluation.question.text.zh) }));
      return;
    }
    var ruling = evaluation.ruling;
    box.appendChild(el("h3", { text: label("ruling") + "：" + refText(ruling.rule) }));
    var rows = Object.keys(tree.outcome_fields).map(function (name) {
      var raw = ruling[name];
      var shown = raw === null ? "—" : typeof raw === "boolean" ? (raw ? "✓" : "✗") : (outcomeLabels.values[name + ":" + raw] || String(raw));
      return el("tr", { "data-field": name }, [el("th", { text: outcomeLabels.fields[name] || name }), el("td", { text: shown })]);
    });
    box.appendChild(el("table", { "class": "law-table outcome-table" }, [el("tbody", {}, rows)]));
    box.appendChild(el("details", { "class": "script-box" }, [
      el("summary", { text: english ? "What to announce" : "向牌手宣布" }),
      el("p", { "class": "script", text: english ? ruling.script.en : ruling.script.zh })
    ]));
    box.appendChild(el("p", { "class": "laws" }, ruling.laws.map(function (ref) {
      return el("a", { "class": "ref tile-inline", "data-sheet-ref": ref, href: "/laws/" + ref + "/", text: ref });
    })));
  }
  function factsToHash() {
    var facts = factsFromForm();
    var text = Object.keys(facts).map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(facts[k]); }).join("&");
    if (window.history && window.history.replaceState) window.history.replaceState(null, "", text ? "#" + text : location.pathname);
  }
  function factsFromHash() {
    var hash = location.hash.replace(/^#/, "");
    if (!hash) return false;
    var given = false;
    hash.split("&").forEach(function (pair) {
      var parts = pair.split("=");
      var name = decodeURIComponent(parts[0] || "");
      var input = field("fact." + name);
      if (input && parts.length > 1) { input.value = decodeURIComponent(parts[1].replace(/\+/g, " ")); given = true; }
    });
    return given;
  }

  // ----------------------------------------------------------------------- the A4 sheet (@media print)
  function sheet() {
    var box = document.querySelector("[data-print-sheet]");
    if (!box || !rulingForm) return;
    box.textContent = "";
    var h = document.querySelector("h1");
    box.appendChild(el("h1", { text: h ? h.textContent : label("sheet_title") }));
    var meta = [["event", "event"], ["session", "session"], ["board", "board"], ["table_no", "table"], ["date", "date"]]
      .filter(function (pair) { return value(pair[1]); })
      .map(function (pair) { return label(pair[0]) + "：" + value(pair[1]); });
    var caller = field("called_by");
    if (caller && caller.value) meta.push(label("called_by") + "：" + caller.options[caller.selectedIndex].text);
    box.appendChild(el("p", { "class": "sheet-meta", text: meta.join("　") }));

    box.appendChild(el("h2", { text: label("facts") }));
    if (value("statement")) box.appendChild(el("p", { "class": "sheet-para", text: value("statement") }));
    var walk = [];
    form.querySelectorAll("[data-fact]").forEach(function (factBox) {
      var select = factBox.querySelector("select");
      if (factBox.hidden || !select || !select.value) return;
      walk.push(el("li", {}, [factBox.querySelector("label").firstChild.textContent.trim() + " ",
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
    if (lastBuild) builderCard(lastBuild).slice(1).forEach(function (node) { box.appendChild(node); });
    else box.appendChild(el("p", { text: label("no_scores") }));

    box.appendChild(el("h2", { text: label("appeal") }));
    var appeal = document.querySelector("[data-appeal-text]");
    if (appeal) box.appendChild(appeal.cloneNode(true));
    box.appendChild(el("p", { "class": "sheet-sign", text: label("director_signature") + "：＿＿＿＿＿＿＿＿　" + label("date") + "：＿＿＿＿＿＿" }));
  }

  // ------------------------------------------------------------------ keeping the form on the device
  var storeKey = rulingForm ? "caipan-ruling-form:" + rulingForm.getAttribute("data-slug") : null;
  function save() {
    if (!storeKey) return;
    var data = {};
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || input.name === "csrfmiddlewaretoken") return;
      if (input.type === "radio") { if (input.checked) data[input.name] = input.value; return; }
      data[input.name] = input.type === "checkbox" ? input.checked : input.value;
    });
    try { window.localStorage.setItem(storeKey, JSON.stringify(data)); } catch (e) { /* storage full or off */ }
  }
  function restore() {
    if (!storeKey) return;
    var data = null;
    try { data = JSON.parse(window.localStorage.getItem(storeKey) || "null"); } catch (e) { data = null; }
    if (!data || form.querySelector(".notice.error")) return; // a form the server sent back keeps its values
    Array.prototype.forEach.call(form.elements, function (input) {
      if (!input.name || !Object.prototype.hasOwnProperty.call(data, input.name)) return;
      if (input.type === "radio") input.checked = data[input.name] === input.value;
      else if (input.type === "checkbox") input.checked = data[input.name] === true;
      else input.value = data[input.name];
    });
  }

  // --------------------------------------------------------------------------------------- wiring
  function refresh() {
    updateBuilder(submitted);
    updatePoll();
    updateRuling();
    sheet();
  }
  form.addEventListener("input", function () { refresh(); save(); });
  form.addEventListener("change", function (event) {
    if (event.target.name && event.target.name.indexOf("fact.") === 0) factsToHash();
    refresh();
    save();
  });
  if (!rulingForm) {
    form.addEventListener("submit", function (event) {
      if (!T) return; // the tables are not loaded: let the server answer
      event.preventDefault();
      submitted = true;
      updateBuilder(true);
    });
  }
  var printButton = document.querySelector("[data-print]");
  if (printButton) printButton.addEventListener("click", function () { refresh(); window.print(); });
  window.addEventListener("beforeprint", sheet);

  restore();
  if (rulingForm) factsFromHash();
  form.classList.toggle("committee-on", checked("committee") || checked("director_12c3"));
  var loads = [fetchJson(form.getAttribute("data-tables-url")).then(function (tables) { T = tables; })];
  if (rulingForm) loads.push(fetchJson(rulingForm.getAttribute("data-tree-url")).then(function (data) { tree = data; }));
  Promise.all(loads).then(function () {
    refresh();
    document.documentElement.setAttribute("data-judgement-ready", "");
  }, function () {
    document.documentElement.setAttribute("data-judgement-ready", "offline-missing");
  });
})();
