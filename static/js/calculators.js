// 裁判助手 — the calculators in the browser: the score pad, IMPs, matchpoints and adjusted scores (Laws 77, 78,
// 12C1, 12C2) when the page came from the device (offline, or a hall's wifi that hangs).
//
// Online the server answers (rulings/views.py); this file only takes over on a page the service worker served
// from its store (<html data-offline>) or when the browser says it is offline. It holds no score number and no
// law arithmetic of its own: it reads /offline/tables.json, generated from bridge/ (offline/data.py): every Law 77
// score and breakdown, the IMP scale and matchpoint units of Law 78, the Law 12C1 artificial scores. It parses the
// query string as the server's views do (same fields, same checks, same order), so it refuses bad input with
// the engine's code and params, said in the page's language by messages.js; its result card mirrors the
// templates' (tests/e2e/test_offline_calculators.py compares the two). Needs messages.js and tree-evaluator.js.
(function () {
  "use strict";
  var root = window;
  var box = document.querySelector("[data-calculator]");
  if (!box) return;
  var kind = box.getAttribute("data-calculator");
  var html = document.documentElement;
  var language = html.getAttribute("lang") || "zh-hans";
  var chinese = language.toLowerCase().indexOf("zh") === 0;
  var tablesPromise = null;

  function label(name) { return box.getAttribute("data-label-" + name) || ""; }
  function fillText(text, values) {
    return text.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
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

  // ---------------------------------------------------------------------------------------------- errors
  function FieldError(field, code, params) {
    var error = new Error(code);
    error.name = "FieldError";
    error.field = field;
    error.code = code;
    error.params = params || {};
    return error;
  }
  function rethrow(error, T) {
    // The tree evaluator's FactError is the same error (field, code, params).
    if (root.CaipanTree && root.CaipanTree.isFactError(error)) throw FieldError(error.field, error.code, error.params);
    throw error;
  }

  // ------------------------------------------------------------------------------- bridge.inputs, in JS
  var WHOLE = /^[+-]?[0-9]+$/;
  var SEPARATORS = /[\s,，]+/;
  var PY_FLOAT = /^[+-]?(?:(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?|inf(?:inity)?|nan)$/i;
  function given(params, name) { var v = params.get(name); return v !== null && v !== ""; }
  function required(params, field) {
    if (!given(params, field)) throw FieldError(field, "input.required", { name: field });
    return params.get(field);
  }
  function wholeNumber(value, field, low, high) {
    var text = String(value).trim();
    if (!WHOLE.test(text)) throw FieldError(field, "input.not_whole", { name: field, value: value });
    var number = parseInt(text, 10);
    if ((low !== undefined && number < low) || (high !== undefined && number > high)) {
      if (high === undefined) throw FieldError(field, "input.below", { name: field, low: low, value: number });
      throw FieldError(field, "input.out_of_range", { name: field, low: low, high: high, value: number });
    }
    return number;
  }
  function number(value, field) {
    var text = String(value).trim();
    if (!PY_FLOAT.test(text)) throw FieldError(field, "input.not_number", { name: field, value: value });
    var lower = text.toLowerCase().replace(/^[+-]/, "");
    if (lower === "nan") return NaN;
    if (lower.indexOf("inf") === 0) return text.charAt(0) === "-" ? -Infinity : Infinity;
    return Number(text);
  }
  function scoresFromText(text, field) {
    var out = [];
    text.trim().split(SEPARATORS).forEach(function (token) {
      if (!token) return;
      if (!WHOLE.test(token)) throw FieldError(field || "scores", "input.not_score", { token: token });
      out.push(parseInt(token, 10));
    });
    return out;
  }

  // ------------------------------------------------------------------------------------ the computations
  function contractKey(contract, T) { return contract.level + contract.strain + T.cards.doubling_marks[contract.doubled]; }
  function contractText(contract, T) { return contract.strain === null ? T.pass_text : contractKey(contract, T); }

  // bridge.board_info: Law 2's dealer and vulnerability of a board.
  function boardInfo(n, T) {
    var dealers = T.boards.DEALER_CYCLE, vuls = T.boards.VULNERABILITY_CYCLE;
    return { number: n, dealer: dealers[(n - 1) % dealers.length], vulnerability: vuls[(n - 1) % vuls.length] };
  }

  // rulings.calculators.score_from_params + score_data, from the pad's query string.
  function scoreFromParams(params, T) {
    var contractValue = params.get("contract");
    if (params.get("passed") === "1") contractValue = "PASS";
    else if (given(params, "level") && given(params, "strain")) {
      contractValue = params.get("level") + params.get("strain") + (params.get("dbl") || "");
    }
    if (contractValue === null || contractValue === "") throw FieldError("contract", "input.required", { name: "contract" });
    try {
      var contract = root.CaipanTree.parseContract(contractValue, "contract", T);
      var board = null, vulnerability;
      if (given(params, "board")) {
        board = boardInfo(wholeNumber(params.get("board"), "board", 1), T);
        vulnerability = board.vulnerability;
      } else if (contract.strain === null && !given(params, "vulnerability")) {
        vulnerability = T.calculators.PASSED_OUT_VULNERABILITY;
      } else {
        vulnerability = root.CaipanTree.parseVulnerability(required(params, "vulnerability"), "vulnerability", T);
      }
      var declarer, tricks;
      if (contract.strain === null) {
        declarer = params.get("declarer") || null;
        tricks = given(params, "tricks") ? wholeNumber(params.get("tricks"), "tricks", 0, T.cards.TOTAL_TRICKS) : null;
      } else {
        declarer = root.CaipanTree.parseSeat(required(params, "declarer"), "declarer", T);
        tricks = wholeNumber(required(params, "tricks"), "tricks", 0, T.cards.TOTAL_TRICKS);
      }
      var result = root.CaipanTree.score(contract, declarer, vulnerability, tricks, T);
    } catch (error) { rethrow(error, T); }
    var breakdown = [];
    if (contract.strain !== null) {
      var B = T.breakdowns;
      breakdown = B.rows[contractKey(contract, T)][result.vulnerable ? "true" : "false"][tricks].map(function (i) {
        var line = B.items[i];  // [item, label_zh, points] and labels_en[i] (offline/data.py law77_breakdowns)
        return { item: line[0], label: chinese ? line[1] : B.labels_en[i], points: line[2], law: B.law };
      });
    }
    return {
      contract: contractText(contract, T),
      declarer: contract.strain === null ? (declarer ? root.CaipanTree.parseSeat(declarer, "declarer", T) : null) : declarer,
      tricks: result.tricks, result: result.result, score_ns: result.score_ns, score_ew: result.score_ew,
      breakdown: breakdown, board: board
    };
  }

  // bridge.imps (Law 78B) on the IMP scale of bridge/tables.py.
  function imps(diff, T) {
    var size = Math.abs(diff), scale = T.comparison.IMP_SCALE;
    for (var i = 0; i < scale.length; i++) if (size <= scale[i][0]) return diff >= 0 ? scale[i][1] : -scale[i][1];
    return diff >= 0 ? T.comparison.IMP_MAX : -T.comparison.IMP_MAX;
  }

  // bridge.matchpoints (Law 78A): 2 per score beaten, 1 per tie, top 2 × (n − 1), percentages to 2 decimals.
  function matchpoints(scores, T) {
    if (!scores.length) throw FieldError("scores", "comparison.scores_empty", {});
    var C = T.comparison;
    var top = C.MATCHPOINTS_PER_SCORE_BEATEN * (scores.length - 1);
    var rows = scores.map(function (score) {
      var lower = 0, equal = 0;
      scores.forEach(function (other) { if (other < score) lower++; else if (other === score) equal++; });
      var mp = C.MATCHPOINTS_PER_SCORE_BEATEN * lower + C.MATCHPOINTS_PER_TIE * (equal - 1);
      var pct = top === 0 ? C.LONE_SCORE_PERCENTAGE : root.CaipanAssigned.pyRound(mp / top * 100, C.PERCENT_DECIMALS);
      return { score: score, mp: mp, pct: pct };
    });
    return { rows: rows, top: top };
  }

  // rulings.forms.adjustment_from_post + rulings.calculators.adjusted_score for 12C1 and 12C2.
  function adjusted(params, T) {
    var method = (params.get("method") || "").trim();
    var get = function (name) { return (params.get(name) || "").trim(); };
    if (method === "artificial") {
      var sessions = {};
      ["NS", "EW"].forEach(function (side) {
        if (get("session_" + side)) sessions[side] = number(get("session_" + side), "session_percent." + side);
      });
      var form = get("form").toLowerCase();
      if (!Object.prototype.hasOwnProperty.call(T.artificial, form)) {
        throw FieldError("form", "adjusted.form_unknown", { value: get("form") });
      }
      var faults = {};
      ["NS", "EW"].forEach(function (side) {
        var fault = get("fault_" + side).toLowerCase();
        if (!Object.prototype.hasOwnProperty.call(T.artificial[form], fault)) {
          throw FieldError("fault." + side, "adjusted.fault_unknown", { value: get("fault_" + side) });
        }
        faults[side] = fault;
      });
      var usedSessions = form === "pairs" ? sessions : {};
      Object.keys(usedSessions).forEach(function (side) {
        var value = usedSessions[side], field = "session_percent." + side;
        var asFloat = root.CaipanMessages.PyFloat(value); // Python read it with float()
        if (!isFinite(value)) throw FieldError(field, "adjusted.session_not_number", { value: asFloat });
        if (!(value >= 0 && value <= 100)) throw FieldError(field, "adjusted.session_range", { value: asFloat });
        usedSessions[side] = root.CaipanAssigned.pyRound(value, T.comparison.PERCENT_DECIMALS);
      });
      var out = {};
      ["NS", "EW"].forEach(function (side) {
        var entry = T.artificial[form][faults[side]];
        var r = { label: entry.label, label_text: entry.label_zh, laws: entry.laws, percent: null, imps: null };
        if (form === "teams") r.imps = entry.imps;
        else {
          r.percent = T.ARTIFICIAL_PERCENT[entry.label];
          if (entry.laws.indexOf("88") >= 0 && side in usedSessions) r.percent = Math.max(r.percent, usedSessions[side]);
        }
        out[side] = r;
      });
      return { method: method, sides: out };
    }
    if (method === "assigned") {
      var outcome = function (side) {
        var tricks = get(side + "_tricks");
        return {
          contract: get(side + "_contract"), declarer: get(side + "_declarer") || null,
          tricks: tricks ? wholeNumber(tricks, side + ".tricks", 0, T.cards.TOTAL_TRICKS) : null
        };
      };
      var ns = outcome("NS"), ew = outcome("EW");
      var vulnerability = required({ get: function (n) { return get(n) || null; } }, "vulnerability");
      var scored = {};
      try {
        vulnerability = root.CaipanTree.parseVulnerability(vulnerability, "vulnerability", T);
      } catch (error) { rethrow(error, T); }
      [["NS", ns], ["EW", ew]].forEach(function (pair) {
        var o = pair[1];
        try {
          var contract = root.CaipanTree.parseContract(o.contract, "contract", T);
          var s = root.CaipanTree.score(contract, o.declarer, vulnerability, o.tricks, T);
          scored[pair[0]] = {
            contract: contractText(contract, T),
            declarer: o.declarer === null ? null : root.CaipanTree.parseSeat(o.declarer, "declarer", T),
            tricks: s.tricks, score_ns: s.score_ns, score_ew: s.score_ew
          };
        } catch (error) {
          if (root.CaipanTree.isFactError(error)) throw FieldError(pair[0] + "." + error.field, error.code, error.params);
          throw error;
        }
      });
      return { method: method, NS: scored.NS, EW: scored.EW, score_ns: scored.NS.score_ns, score_ew: scored.EW.score_ew };
    }
    if (method === "weighted") return { method: method, needsNetwork: true };
    throw FieldError("method", "adjusted.method_unknown", { value: method });
  }

  // ------------------------------------------------------------------------------------------ drawing
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" || typeof child === "number" ? document.createTextNode(String(child)) : child);
    });
    return node;
  }
  function pyFloat(x) { return Number.isInteger(x) ? x.toFixed(1) : String(x); }
  function sectionUrl(ref) { return box.getAttribute("data-section-url").replace("__ref__", ref); }

  // rulings/templates/rulings/_error.html: the message in the page's language with the fields it names said by
  // their labels (config.errors.error_context, by messages.js).
  function errorNode(error, T) {
    var M = root.CaipanMessages;
    var parts = M.errorParts(T.messages, error, M.labelsFor(T, language), language);
    var text = parts.message;
    var prefix = parts.label ? fillText(label("error-field"), { field: parts.label }) : label("error");
    return el("p", { "class": "notice error", role: "alert", "data-field": error.field || "", "data-offline-result": "" },
              [prefix + text]);
  }

  function drawScore(r) {
    var heading = r.contract + (r.declarer ? " " + label("declarer") + " " + r.declarer : "");
    if (r.tricks !== null && r.contract !== "PASS") {
      heading += " · " + r.tricks + " " + label("tricks") + " (" +
        (r.result > 0 ? "+" + r.result : r.result === 0 ? "=" : String(r.result)) + ")";
    }
    var children = [el("h2", {}, [heading])];
    if (r.board) {
      children.push(el("p", {}, [fillText(label("board"), { n: r.board.number, d: r.board.dealer, v: r.board.vulnerability })]));
    }
    children.push(el("p", { "class": "big-score" }, [
      el("span", {}, [label("ns") + " ", el("b", {}, [r.score_ns])]), " ",
      el("span", {}, [label("ew") + " ", el("b", {}, [r.score_ew])])
    ]));
    if (r.breakdown.length) {
      var body = el("tbody", {}, r.breakdown.map(function (item) {
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

  function drawImps(r) {
    return el("p", { "class": "big-score", "aria-live": "polite", "data-offline-result": "" },
              [r.diff + " → ", el("b", {}, [r.imps + " IMP"])]);
  }

  function drawMatchpoints(r) {
    var table = el("table", { "class": "law-table" }, [
      el("thead", {}, [el("tr", {}, [el("th", {}, [label("ns-score")]), el("th", {}, [label("mp")]), el("th", {}, ["%"])])]),
      el("tbody", {}, r.rows.map(function (row) {
        return el("tr", {}, [el("td", {}, [row.score]), el("td", {}, [row.mp]), el("td", {}, [pyFloat(row.pct)])]);
      }))
    ]);
    var wrap = el("div", { "data-offline-result": "" }, [table, el("p", {}, [fillText(label("top"), { top: r.top })])]);
    return wrap;
  }

  function drawAdjusted(r) {
    var children = [];
    if (r.method === "artificial") {
      children.push(el("h2", {}, [label("artificial")]));
      children.push(el("ul", { "class": "sides" }, ["NS", "EW"].map(function (side) {
        var s = r.sides[side];
        var laws = [];
        s.laws.forEach(function (law, i) {
          laws.push(el("a", { href: sectionUrl(law) }, [law]));
          if (i < s.laws.length - 1) laws.push("、");
        });
        return el("li", {}, [el("b", {}, [side]), "：" + s.label_text + " " +
          (s.percent !== null ? pyFloat(s.percent) + "%" : s.imps + " IMP") + " ",
          el("small", {}, ["（"].concat(laws).concat(["）"]))]);
      })));
    } else {
      children.push(el("h2", {}, [label("assigned")]));
      var line = function (side, key) {
        var o = r[side];
        return el("li", {}, [el("b", {}, [label(side.toLowerCase())]), "：" + o.contract + " " + (o.declarer === null ? "None" : o.declarer) + " " +
          (o.tricks === null ? "None" : o.tricks) + label("tricks") + " → " + r[key]]);
      };
      children.push(el("ul", { "class": "sides" }, [line("NS", "score_ns"), line("EW", "score_ew")]));
      children.push(el("p", {}, [el("a", { href: sectionUrl("12C2") }, [label("law-12c2")])]));
    }
    return el("section", { "class": "result-card", "aria-live": "polite", "data-offline-result": "" }, children);
  }

  // --------------------------------------------------------------------------------------------- flow
  function compute(params, T) {
    if (kind === "score") return drawScore(scoreFromParams(params, T));
    if (kind === "imps") {
      var diff = wholeNumber(required(params, "diff"), "diff");
      return drawImps({ diff: diff, imps: imps(diff, T) });
    }
    if (kind === "matchpoints") return drawMatchpoints(matchpoints(scoresFromText(params.get("scores") || ""), T));
    if (kind === "adjusted") {
      var r = adjusted(params, T);
      if (r.needsNetwork) {
        return el("p", { "class": "notice", role: "status", "data-offline-result": "" }, [label("needs-network")]);
      }
      return drawAdjusted(r);
    }
    return null;
  }

  // Is there anything to compute? (the views compute only when their fields are there)
  function wanted(params) {
    if (kind === "score") return params.get("passed") === "1" || (given(params, "level") && given(params, "strain")) || given(params, "contract");
    if (kind === "imps") return params.get("diff") !== null && params.get("diff") !== "";
    if (kind === "matchpoints") return (params.get("scores") || "").trim() !== "";
    if (kind === "adjusted") return given(params, "method");
    return false;
  }

  // The form's controls show what the address asks (the server checks the chips it was given).
  function restoreForm(params) {
    var forms = document.querySelectorAll("main form");
    forms.forEach(function (form) {
      var method = form.querySelector("input[type=hidden][name=method]");
      if (method && method.value !== params.get("method")) return;
      Array.prototype.forEach.call(form.elements, function (control) {
        if (!control.name || control.type === "hidden" || control.type === "submit" || params.get(control.name) === null) return;
        if (control.type === "radio" || control.type === "checkbox") control.checked = control.value === params.get(control.name);
        else control.value = params.get(control.name);
      });
    });
    if (kind === "adjusted" && params.get("method")) {
      document.querySelectorAll("details.method").forEach(function (details) {
        var method = details.querySelector("input[type=hidden][name=method]");
        details.open = !!method && method.value === params.get("method");
      });
    }
  }

  function show(params) {
    var anchor = document.querySelector("[data-calculator-result]");
    if (!anchor) return Promise.resolve();
    return tables().then(function (T) {
      var node;
      try {
        node = wanted(params) ? compute(params, T) : null;
      } catch (error) {
        if (error && error.name === "FieldError") node = errorNode(error, T);
        else throw error;
      }
      anchor.innerHTML = "";
      if (node) anchor.appendChild(node);
      box.setAttribute("data-calculator-state", "done");
    }).catch(function () {
      box.setAttribute("data-calculator-state", "error");
    });
  }

  function paramsOf(form, submitter) {
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    var params = new URLSearchParams();
    data.forEach(function (value, name) { if (name !== "csrfmiddlewaretoken") params.append(name, value); });
    return params;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!offline() || !form.closest("main") || (form.getAttribute("method") || "get").toLowerCase() !== "get") return;
    event.preventDefault();
    var params = paramsOf(form, event.submitter);
    var url = (form.getAttribute("action") || location.pathname) + "?" + params.toString();
    history.pushState(null, "", url);
    show(params);
  });
  window.addEventListener("popstate", function () {
    if (!offline()) return;
    var params = new URLSearchParams(location.search);
    restoreForm(params);
    show(params);
  });

  if (html.hasAttribute("data-offline") && box.getAttribute("data-answered") !== "true") {
    // A stored pad answering an address the server did not see (a stored copy of the server's own answer to
    // this very address, data-answered, is shown as it is).
    var params = new URLSearchParams(location.search);
    restoreForm(params);
    show(params);
  } else {
    box.setAttribute("data-calculator-state", "server");
  }

  root.CaipanCalculators = { scoreFromParams: scoreFromParams, imps: imps, matchpoints: matchpoints, adjusted: adjusted,
                             scoresFromText: scoresFromText, tables: tables };
})();
