// 裁判助手 — the rulings wizard without the network. The service worker answers a /rulings/<slug>/?<facts>
// page it has not stored with /offline/wizard/; this script reads the address, evaluates the stored tree
// (/api/rulings/trees/<slug>/) with tree-evaluator.js and draws what rulings/wizard_views.py would have drawn:
// the question with its answers as links adding the fact, or the ruling card (outcome, script, laws), or bad
// input's error in the page's language (messages.js, from the catalogue in /offline/tables.json). Same markup
// and classes as rulings/templates/rulings/wizard/*.html; tests/e2e/test_offline.py compares the two.
(function () {
  "use strict";
  var box = document.getElementById("offline-wizard");
  if (!box || !window.CaipanTree || !window.CaipanMessages) return;
  var main = box.parentNode;

  var labels = {};
  var template = document.getElementById("offline-wizard-labels");
  (template.content || template).querySelectorAll("[data-key]").forEach(function (node) {
    labels[node.getAttribute("data-key")] = node.textContent;
  });
  var outcomeLabels = JSON.parse(box.getAttribute("data-outcome-labels"));
  var vulnerabilities = JSON.parse(box.getAttribute("data-vulnerabilities"));
  var wizardUrl = box.getAttribute("data-wizard-url");
  var sectionUrl = function (ref) { return box.getAttribute("data-section-url").replace("__ref__", ref); };

  // ------------------------------------------------------------------------------------------- helpers
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (attrs[name] === null || attrs[name] === undefined || attrs[name] === false) return;
      if (name === "text") node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name] === true ? "" : attrs[name]);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  function escapeHtml(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }
  // Python's urllib.parse.urlencode (quote_plus), so links read exactly like the server's.
  function quotePlus(text) {
    return encodeURIComponent(text).replace(/[!'()*]/g, function (c) {
      return "%" + c.charCodeAt(0).toString(16).toUpperCase();
    }).replace(/%20/g, "+");
  }
  function urlencode(pairs) {
    return pairs.map(function (p) { return quotePlus(p[0]) + "=" + quotePlus(String(p[1])); }).join("&");
  }
  function queryValue(value) { return typeof value === "boolean" ? (value ? "true" : "false") : String(value); }
  function optionLabel(fact, value) {
    var options = fact.options || [];
    for (var i = 0; i < options.length; i++) {
      if (options[i].value === value && typeof options[i].value === typeof value) return options[i];
    }
    return null;
  }
  // The page's language picks a tree's text as rulings' templates do (config/language.py, the pick filter).
  var english = /^en/i.test(document.documentElement.getAttribute("lang") || "");
  function pick(text) { return text ? (english ? (text.en || text.zh) : (text.zh || text.en)) : ""; }
  function pickOption(o) { return english ? (o.label_en || o.label_zh) : (o.label_zh || o.label_en); }
  function treeTitle(tree) { return english && tree.title_en ? tree.title_en : tree.title; }
  function lawName(ref) { return english ? "Law " + ref : window.CaipanTree.chineseRef(ref); }
  function lawLink(ref, className) {
    return el("a", { "class": className, "data-sheet-ref": ref, href: sectionUrl(ref), text: ref });
  }
  function setContent(nodes) {
    main.textContent = "";
    nodes.forEach(function (node) { if (node) main.appendChild(node); });
  }
  function crumbs(tree) {
    return el("nav", { "class": "crumbs" }, [el("a", { href: wizardUrl, text: labels.wizard }), " › " + treeTitle(tree)]);
  }
  function fetchJson(url) {
    return fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
      if (!r.ok) throw new Error(url + " " + r.status);
      return r.json();
    });
  }

  // ------------------------------------------------------------------------------------------- screens
  function renderIndex(data) {
    document.title = labels.wizard + " · " + labels.site;
    setContent([
      el("h1", { text: labels.index_title }),
      el("p", { text: labels.index_intro }),
      el("ul", { "class": "irregularities" }, data.trees.map(function (tree) {
        return el("li", {}, [el("a", { "class": "big-choice", href: wizardUrl + tree.slug + "/" }, [
          el("b", { text: treeTitle(tree) }), english ? null : " ", english ? null : el("small", { lang: "en", text: tree.title_en }), " ",
          tree.description ? el("span", { "class": "desc", text: pick(tree.description) }) : null
        ])]);
      }))
    ]);
  }

  function stepsList(steps) {
    if (!steps.length) return null;
    return el("ol", { "class": "steps", "aria-label": labels.answered }, steps.map(function (step) {
      return el("li", {}, [el("a", { href: step.back_url, title: labels.answer_again }, [
        pick(step.fact.text) + " ", el("b", { text: step.label ? pick(step.label) : String(step.value) })
      ])]);
    }));
  }

  function renderQuestion(tree, evaluation, steps, answered, optional, path) {
    var question = evaluation.question;
    var base = answered.concat(optional);
    var choices = [];
    if (question.options.length) {
      question.options.forEach(function (o) {
        choices.push([o, "?" + urlencode(base.concat([[question.fact, queryValue(o.value)]]))]);
      });
    } else {
      var high = question.max !== null ? question.max : 13;
      for (var n = question.min || 0; n <= high; n++) choices.push([n, "?" + urlencode(base.concat([[question.fact, n]]))]);
    }
    var backUrl = steps.length ? steps[steps.length - 1].back_url : null;
    document.title = treeTitle(tree) + " · " + labels.wizard;
    var help = null;
    if (question.help) {
      var refs = [];
      question.laws.forEach(function (ref) { refs.push(lawLink(ref, "ref")); refs.push(" "); });
      help = el("details", { "class": "help" }, [
        el("summary", { text: labels.help }),
        el("p", { text: pick(question.help) }),
        english ? null : el("p", { "class": "en", lang: "en", text: question.help.en }),
        el("p", {}, refs)
      ]);
    }
    setContent([
      crumbs(tree),
      el("p", { "class": "progress", text: labels.step.replace("{n}", steps.length + 1) }),
      el("section", { "class": "question", "aria-live": "polite" }, [
        el("h1", { text: pick(question.text) }),
        english ? null : el("p", { "class": "en", lang: "en", text: question.text.en }),
        el("div", { "class": "answers" }, choices.map(function (choice) {
          var label = choice[0];
          var content = typeof label === "object"
            ? (english ? [pickOption(label)] : [label.label_zh + " ", el("small", { lang: "en", text: label.label_en })])
            : [String(label)];
          return el("a", { "class": "big-choice answer", href: choice[1] }, content);
        })),
        tree.group === "judgement" ? el("p", { "class": "hint" }, [
          el("a", { href: box.getAttribute("data-ruling-form-url").replace("__slug__", tree.slug) + "#" + urlencode(answered),
                    text: labels.poll_hint })
        ]) : null,
        help
      ]),
      el("div", { "class": "actions" }, [
        backUrl ? el("a", { "class": "button secondary", href: backUrl, text: "‹ " + labels.back }) : null,
        el("a", { "class": "button secondary", href: path, text: labels.restart })
      ]),
      stepsList(steps)
    ]);
  }

  function displayValue(name, value) {
    if (typeof value === "boolean") return value ? labels.yes : labels.no;
    if (value === null) return "—";
    var key = name + ":" + value;
    return Object.prototype.hasOwnProperty.call(outcomeLabels.values, key) ? outcomeLabels.values[key] : String(value);
  }
  function fillScript(html, ruling) {
    return html.replace(/\{([a-z_][a-z0-9_]*)\}/g, function (whole, name) {
      if (!Object.prototype.hasOwnProperty.call(ruling, name) || name === "leaf" || name === "script" || name === "laws") return whole;
      var value = ruling[name];
      return escapeHtml(value === null ? "—" : (typeof value === "boolean" ? (value ? "True" : "False") : String(value)));
    });
  }

  function renderRuling(tree, evaluation, steps, answered, optional, given, scripts, path) {
    var ruling = evaluation.ruling;
    document.title = treeTitle(tree) + " · " + labels.ruling;
    var leafScript = (scripts || {})[ruling.leaf];
    var script = el("div", { "class": "script" });
    // The script in the page's language first, the other language behind a disclosure (as the server draws it).
    var otherLang = english ? "zh-Hans" : "en";
    var scriptEn = el("div", { lang: otherLang });
    var first = english ? "en" : "zh", second = english ? "zh" : "en";
    if (leafScript) {
      // Rendered by the server from the tree (offline/data.py), only the {field} values filled in here.
      script.innerHTML = fillScript(leafScript[first], ruling);
      scriptEn.innerHTML = fillScript(leafScript[second], ruling);
    } else {
      script.textContent = ruling.script[first];
      scriptEn.textContent = ruling.script[second];
    }
    var rows = Object.keys(tree.outcome_fields).map(function (name) {
      var label = Object.prototype.hasOwnProperty.call(outcomeLabels.fields, name) ? outcomeLabels.fields[name] : name;
      return el("tr", { "data-field": name }, [el("th", { text: label }), el("td", { text: displayValue(name, ruling[name]) })]);
    });
    var optionalFacts = Object.keys(tree.facts).filter(function (name) { return tree.facts[name].optional; });
    var adjust = null;
    if (optionalFacts.length) {
      var givenOptional = {};
      optionalFacts.forEach(function (name) { if (Object.prototype.hasOwnProperty.call(given, name)) givenOptional[name] = given[name]; });
      var form = el("form", { method: "get", "class": "pad" });
      answered.forEach(function (pair) { form.appendChild(el("input", { type: "hidden", name: pair[0], value: pair[1] })); });
      optionalFacts.forEach(function (name) {
        var fact = tree.facts[name];
        var current = Object.prototype.hasOwnProperty.call(givenOptional, name) ? givenOptional[name] : null;
        var control;
        var selectOf = function (values, labelOf) {
          var select = el("select", { name: name }, [el("option", { value: "", text: "—" })]);
          values.forEach(function (value) {
            var attrs = { text: labelOf(value) };
            if (labelOf !== String) attrs.value = value;
            if (current === value) attrs.selected = true;
            select.appendChild(el("option", attrs));
          });
          return select;
        };
        if (fact.options && fact.options.length) {
          control = selectOf(fact.options.map(function (o) { return o.value; }), function (v) { return pick(optionLabel(fact, v)); });
        } else if (fact.type === "seat") {
          control = selectOf(["N", "E", "S", "W"], String);
        } else if (fact.type === "vulnerability") {
          control = selectOf(vulnerabilities, String);
        } else if (fact.type === "int") {
          control = el("input", { type: "number", name: name, min: String(fact.min || 0), max: String(fact.max || 13),
                                  inputmode: "numeric", value: current || "" });
        } else {
          control = el("input", { name: name, placeholder: fact.type === "hand" ? "SAK3 HQJ10 C54" : "4SX",
                                  value: current || "" });
        }
        form.appendChild(el("label", {}, [(fact.text && pick(fact.text) ? pick(fact.text) : name) + " ", control]));
      });
      form.appendChild(el("div", { "class": "actions" }, [el("button", { type: "submit", text: labels.compute })]));
      adjust = el("details", { "class": "adjust", open: Object.keys(givenOptional).length > 0 },
        [el("summary", { text: labels.adjust }), form]);
    }
    setContent([
      crumbs(tree),
      el("section", { "class": "ruling-card", "aria-live": "polite" }, [
        el("h1", { text: labels.ruling_title.replace("{rule}", function () { return lawName(ruling.rule); }) }),
        el("h2", { text: labels.announce }),
        script,
        el("details", { "class": "script-en" }, [el("summary", { lang: otherLang, text: english ? "中文" : "English" }), scriptEn]),
        el("h2", { text: labels.result }),
        el("table", { "class": "law-table outcome-table" }, [el("tbody", {}, rows)]),
        el("h2", { text: labels.laws }),
        el("p", { "class": "laws" }, ruling.laws.map(function (ref) { return lawLink(ref, "ref tile-inline"); }))
      ]),
      adjust,
      tree.group === "judgement" ? el("div", { "class": "actions judgement-actions" }, [
        el("a", { "class": "button", text: labels.ruling_form,
                  href: box.getAttribute("data-ruling-form-url").replace("__slug__", tree.slug) + "#" +
                    urlencode(answered.concat(optional)) }),
        el("a", { "class": "button secondary", href: box.getAttribute("data-assigned-url"), text: labels.assigned })
      ]) : null,
      el("div", { "class": "actions" }, [
        el("a", { "class": "button secondary", href: path, text: labels.restart }),
        el("button", { type: "button", "class": "secondary", "data-share": true, text: labels.share }),
        el("a", { "class": "button", text: labels.record,
                  href: box.getAttribute("data-record-url") + "?tree=" + tree.slug + "&" + urlencode(answered.concat(optional)) })
      ]),
      stepsList(steps)
    ]);
  }

  // rulings/templates/rulings/wizard/error.html: the engine's message in the page's language (the server's
  // config.errors.error_text), formatted from the catalogue in the tables (messages.js).
  // The fields it names are said by the tree's questions, quoted, as config.errors.error_text(general=False) says
  // them: the name parameter, then (on a Chinese page) any fact key the message writes in Latin letters.
  var JOINS = /[\u3400-\u9fff\u201d\uff09]$/;
  var KEY = /(?<![A-Za-z0-9_.\[])([a-z][a-z0-9_]*)(?![A-Za-z0-9_])( (?=[\u3400-\u9fff\u201c]))?/g;
  function factLabels(tree) {
    var out = {};
    Object.keys(tree.facts).forEach(function (name) {
      var text = tree.facts[name].text;
      if (text) out[name] = "\u201c" + (english ? text.en : text.zh) + "\u201d";
    });
    return out;
  }
  function fieldLabel(field, known) {  // config.field_labels.field_label
    if (!field) return null;
    if (Object.prototype.hasOwnProperty.call(known, field)) return known[field];
    var found = false;
    var parts = field.split(".").map(function (part) {
      var indexed = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]$/.exec(part);
      var name = indexed ? indexed[1] : part, suffix = indexed ? " " + (Number(indexed[2]) + 1) : "";
      if (Object.prototype.hasOwnProperty.call(known, name)) { found = true; return known[name] + suffix; }
      return part;
    });
    return found ? parts.join(" · ") : null;
  }
  function errorText(error, known, language, catalogue) {
    var params = error.params || {};
    var label = typeof params.name === "string" ? fieldLabel(params.name, known) : null;
    if (label !== null) params = Object.assign({}, params, { name: label });
    var text = window.CaipanMessages.text(catalogue, error.code, params, language);
    if (english) return text;
    if (label !== null && JOINS.test(label)) text = text.split(label + " ").join(label);
    return text.replace(KEY, function (whole, key, space) {
      if (!Object.prototype.hasOwnProperty.call(known, key)) return whole;
      return JOINS.test(known[key]) ? known[key] : known[key] + (space || "");
    });
  }
  function renderError(tree, error, path, tables) {
    var language = document.documentElement.getAttribute("lang");
    var known = factLabels(tree);
    var message = errorText(error, known, language, tables.messages);
    var name = error.field ? (fieldLabel(error.field, known) || error.field) : null;
    if (name && message.indexOf(name) >= 0) name = null;
    var label = name ? labels.input_error_field.replace("{field}", function () { return name; }) : labels.input_error;
    document.title = labels.site;
    setContent([
      el("h1", { text: treeTitle(tree) }),
      el("p", { "class": "notice error", role: "alert", "data-field": error.field || "", text: label + message }),
      el("p", {}, [el("a", { "class": "button", href: path, text: labels.restart })])
    ]);
  }

  function renderMissing() {
    setContent([el("h1", { text: labels.wizard }), el("p", { "class": "notice", text: labels.missing })]);
  }

  // ---------------------------------------------------------------------------------------------- walk
  // rulings/wizard_views.py wizard_walk, in the browser.
  function walk(slug, path, wizardData, tables, tree) {
    var query = new URLSearchParams(window.location.search);
    var facts = {};
    Object.keys(tree.facts).forEach(function (name) {
      var values = query.getAll(name);
      var value = values.length ? values[values.length - 1] : "";
      if (value !== "") facts[name] = value;
    });
    var evaluation;
    try {
      evaluation = window.CaipanTree.evaluate(tree, facts, tables);
    } catch (error) {
      if (window.CaipanTree.isFactError(error)) { renderError(tree, error, path, tables); return; }
      throw error;
    }
    var steps = [];
    var answered = [];
    evaluation.path.forEach(function (step) {
      var fact = tree.facts[step.fact];
      var option = optionLabel(fact, step.value);
      steps.push({
        fact: fact,
        value: step.value,
        label: option ? { zh: option.zh, en: option.en } : null,
        back_url: answered.length ? path + "?" + urlencode(answered) : path
      });
      answered.push([step.fact, queryValue(step.value)]);
    });
    var optional = [];
    Object.keys(tree.facts).forEach(function (name) {
      if (tree.facts[name].optional && Object.prototype.hasOwnProperty.call(facts, name)) optional.push([name, facts[name]]);
    });
    if (evaluation.status === "question") renderQuestion(tree, evaluation, steps, answered, optional, path);
    else renderRuling(tree, evaluation, steps, answered, optional, facts, wizardData.scripts[slug], path);
    document.dispatchEvent(new CustomEvent("caipan:offline-wizard", { detail: evaluation }));
  }

  var match = new RegExp("^" + wizardUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "([a-z0-9-]+)/$").exec(window.location.pathname);
  var slug = match ? match[1] : null;
  var wizardData = fetchJson(box.getAttribute("data-wizard-data-url"));
  if (!slug) {
    wizardData.then(renderIndex, renderMissing);
    return;
  }
  Promise.all([wizardData, fetchJson(box.getAttribute("data-tables-url")),
               fetchJson(box.getAttribute("data-tree-url").replace("__slug__", slug))])
    .then(function (loaded) { walk(slug, window.location.pathname, loaded[0], loaded[1], loaded[2]); })
    .catch(renderMissing);
})();
