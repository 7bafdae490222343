// 裁判助手 — the rulings wizard without the network. The service worker answers a /rulings/<slug>/?<facts>
// page it has not stored with /offline/wizard/; this script reads the address, evaluates the stored tree
// (/api/rulings/trees/<slug>/) with engine/trees.js and draws what rulings/wizard_views.py would have drawn:
// the question with its answers as links adding the fact, or the ruling card (outcome, script, laws), or bad
// input's error in the page's language (messages.js, from the catalogue in /offline/tables.json). Same markup
// and classes as rulings/templates/rulings/wizard/*.html; tests/e2e/test_offline.py compares the two.

import * as Tree from "../engine/trees.js";
import * as Messages from "../engine/messages.js";
import { summariser } from "../engine/summary.js";
import * as Wizard from "../engine/wizard.js";
import { urlencode } from "../engine/wizard.js";
import { enhancePads } from "./pads.js";

function start() {
  const box = /** @type {any} */ (document.getElementById("offline-wizard"));
  if (!box) return;
  const main = box.parentNode;

  /** @type {Record<string, any>} */

  const labels = {};
  const template = /** @type {any} */ (document.getElementById("offline-wizard-labels"));
  (template.content || template).querySelectorAll("[data-key]").forEach(function (/** @type {any} */ node) {
    labels[node.getAttribute("data-key")] = node.textContent;
  });
  const outcomeLabels = JSON.parse(box.getAttribute("data-outcome-labels"));
  const vulnerabilities = JSON.parse(box.getAttribute("data-vulnerabilities"));
  const wizardUrl = box.getAttribute("data-wizard-url");

  // ------------------------------------------------------------------------------------------- helpers
  /** @param {string} tag @param {any} [attrs] @param {any[] | undefined} [children] @returns {any} */
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (attrs[name] === null || attrs[name] === undefined || attrs[name] === false) return;
      if (name === "text") node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name] === true ? "" : attrs[name]);
    });
    (children || []).forEach(function (/** @type {string | null | undefined} */ child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }
  /** @param {string} text */
  function escapeHtml(text) {
    return String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }
  /** @param {any} value */
  function queryValue(value) { return typeof value === "boolean" ? (value ? "true" : "false") : String(value); }
  /** @param {any} fact @param {any} value */
  function optionLabel(fact, value) {
    const options = fact.options || [];
    for (let i = 0; i < options.length; i++) {
      if (options[i].value === value && typeof options[i].value === typeof value) return options[i];
    }
    return null;
  }
  // The page's language picks a tree's text as rulings' templates do (core/language.py, the pick filter).
  const english = /^en/i.test(document.documentElement.getAttribute("lang") || "");
  /** @param {any} text */
  function pick(text) { return text ? (english ? (text.en || text.zh) : (text.zh || text.en)) : ""; }
  /** @param {any} o */
  function pickOption(o) { return english ? (o.label_en || o.label_zh) : (o.label_zh || o.label_en); }
  /** @param {any} tree */
  function treeTitle(tree) { return english && tree.title_en ? tree.title_en : tree.title; }
  /** @param {string} ref */
  function lawName(ref) { return english ? "Law " + ref : Tree.chineseRef(ref); }
  /** @param {any} ref @param {any} className @param {any} tree */
  function lawLink(ref, className, tree) {
    // {% section_url ref tree.edition %}: the law of the tree's edition, whatever the reader's working edition
    return el("a", { "class": className, "data-sheet-ref": ref, href: Wizard.editionSectionUrl(ref, tree.edition), text: ref });
  }
  /** @param {any[]} nodes */
  function setContent(nodes) {
    main.textContent = "";
    nodes.forEach(function (/** @type {any} */ node) { if (node) main.appendChild(node); });
  }
  /** @param {any} tree */
  function crumbs(tree) {
    // rulings/templates/rulings/wizard/*.html: the tree's edition named on every screen (issue 29).
    return el("nav", { "class": "crumbs" }, [el("a", { href: wizardUrl, text: labels.wizard }), " › " + treeTitle(tree) + " ",
      el("span", { "class": "edition-tag", "data-edition": tree.edition, text: labels["edition_short_" + tree.edition] || tree.edition })]);
  }
  /** @param {any} url */
  function fetchJson(url) {
    return fetch(url, { headers: { Accept: "application/json" } }).then(function (r) {
      if (!r.ok) throw new Error(url + " " + r.status);
      return r.json();
    });
  }

  // ------------------------------------------------------------------------------------------- screens
  /** @param {any} data */
  function renderIndex(data) {
    document.title = labels.wizard + " · " + labels.site;
    setContent([
      el("h1", { text: labels.index_title }),
      el("p", { text: labels.index_intro + (labels["under_" + data.edition] ? " " + labels["under_" + data.edition] : "") }),
      el("ul", { "class": "irregularities" }, data.trees.map(function (/** @type {any} */ tree) {
        return el("li", {}, [el("a", { "class": "big-choice", href: wizardUrl + tree.slug + "/" + (data.edition && data.edition !== box.getAttribute("data-default-edition") ? "?edition=" + encodeURIComponent(data.edition) : "") }, [
          el("b", { text: treeTitle(tree) }), english ? null : " ", english ? null : el("small", { lang: "en", text: tree.title_en }), " ",
          tree.description ? el("span", { "class": "desc", text: pick(tree.description) }) : null
        ])]);
      }))
    ]);
  }

  /** @param {any[]} steps */
  function stepsList(steps) {
    if (!steps.length) return null;
    return el("ol", { "class": "steps", "aria-label": labels.answered }, steps.map(function (/** @type {any} */ step) {
      return el("li", {}, [el("a", { href: step.back_url, title: labels.answer_again }, [
        pick(step.fact.text) + " ", el("b", { text: step.label ? pick(step.label) : String(step.value) })
      ])]);
    }));
  }

  // rulings/wizard_views.py: the rare exceptions asked on one screen (the tree's rare_group), the screens taken
  // and still to come.
  /** @param {any} tree */
  function groupMembers(tree) { return tree.rare_group || []; }
  // The walk's screens (rulings/wizard_views.py, in engine/wizard.js), with this tree's rare-exception group.
  /** @param {any} tree @param {any[]} base @param {string} fact @param {any} tables */
  function rareGroup(tree, base, fact, tables) { return Wizard.rareGroup(tree, groupMembers(tree), base, fact, tables); }
  /** @param {any} tree @param {any[]} steps */
  function screens(tree, steps) { return Wizard.screens(groupMembers(tree), steps); }
  /** @param {any} tree @param {any[]} steps */
  function backUrlOf(tree, steps) { return Wizard.backUrlOf(groupMembers(tree), steps); }
  /** @param {any} tree @param {string} nodeId */
  function remainingQuestions(tree, nodeId) { return Wizard.remainingQuestions(tree, groupMembers(tree), nodeId); }
  /** @param {any} tree @param {any[]} path */
  function questionNode(tree, path) {
    let id = tree.start;
    path.forEach(function (/** @type {any} */ step) { id = Tree.nextNode(tree.nodes[id], step.value); });
    return id;
  }
  /** @param {any[]} refs @param {string} className @param {any} tree */
  function lawLinks(refs, className, tree) { return refs.map(function (/** @type {any} */ ref) { return lawLink(ref, className, tree); }); }
  /** @param {string} summary @param {any} help @param {any} refs @param {any} tree */
  function helpBox(summary, help, refs, tree) {
    return el("details", { "class": "help" }, [
      el("summary", { text: summary }),
      el("p", { text: pick(help) }),
      english ? null : el("p", { "class": "en", lang: "en", text: help.en }),
      el("p", { "class": "laws" }, lawLinks(refs, "ref tile-inline", tree))
    ]);
  }
  /** @param {string} text @param {any} en */
  function withEnglish(text, en) {
    return english ? [text] : [text + " ", el("small", { lang: "en", text: en })];
  }

  /**
     * @param {any} tree
     * @param {any} evaluation
     * @param {any[]} steps
     * @param {any} answered
     * @param {any[]} optional
     * @param {any} path
     * @param {any} tables
     */
  function renderQuestion(tree, evaluation, steps, answered, optional, path, tables) {
    const question = evaluation.question;
    const base = answered.concat(optional);
    const group = rareGroup(tree, base, question.fact, tables);
    /** @type {any[]} */
    const choices = [];
    let noneUrl = null, numeric = false;
    if (group.length) {
      noneUrl = "?" + urlencode(base.concat(group.map(function (name) { return [name, "false"]; })));
      group.forEach(function (name, i) {
        const pairs = base.concat(group.slice(0, i).map(function (n) { return [n, "false"]; }), [[name, "true"]]);
        choices.push([tree.facts[name].text, "?" + urlencode(pairs)]);
      });
    } else if (question.options.length) {
      question.options.forEach(function (/** @type {any} */ o) {
        choices.push([o, "?" + urlencode(base.concat([[question.fact, queryValue(o.value)]]))]);
      });
    } else {
      numeric = true;
      const high = question.max !== null ? question.max : 13;
      for (let n = question.min || 0; n <= high; n++) choices.push([n, "?" + urlencode(base.concat([[question.fact, n]]))]);
    }
    const span = remainingQuestions(tree, questionNode(tree, evaluation.path));
    const low = span[0] - 1, most = span[1] - 1;
    const stepNumber = screens(tree, steps) + 1;
    const progress = low === most
      ? labels.step_of.replace("{n}", stepNumber).replace("{total}", stepNumber + most)
      : labels.step.replace("{n}", stepNumber) + " · " + labels.remaining.replace("{low}", low).replace("{high}", most);
    const backUrl = backUrlOf(tree, steps);
    document.title = treeTitle(tree) + " · " + labels.wizard;
    /** @type {any[]} */
    const side = [];
    let asked;
    if (group.length) {
      asked = [
        el("h1", { text: labels.group_title }),
        el("p", { "class": "hint", text: labels.group_hint }),
        el("div", { "class": "answers answers-group" }, [
          el("a", { "class": "big-choice answer answer-none", href: noneUrl }, withEnglish(labels.group_none, labels.group_none_en))
        ].concat(choices.map(function (choice) {
          return el("a", { "class": "big-choice answer", href: choice[1] }, withEnglish(pick(choice[0]), choice[0].en));
        })))
      ];
      group.forEach(function (name) {
        const fact = tree.facts[name];
        if (fact.help) side.push(helpBox(((fact.laws || [])[0] || "") + " · " + labels.help, fact.help, fact.laws || [], tree));
      });
    } else {
      asked = [
        el("h1", { text: pick(question.text) }),
        english ? null : el("p", { "class": "en", lang: "en", text: question.text.en }),
        el("div", { "class": numeric ? "answers answers-numbers" : "answers" }, choices.map(function (choice) {
          const label = choice[0];
          const content = typeof label === "object" ? withEnglish(pickOption(label), label.label_en) : [String(label)];
          return el("a", { "class": "big-choice answer", href: choice[1] }, content);
        }))
      ];
      if (question.help) side.push(helpBox(labels.help, question.help, question.laws, tree));
    }
    side.push(stepsList(steps));
    setContent([
      crumbs(tree),
      el("div", { "class": "wizard-panes" }, [
        el("section", { "class": "question", "aria-live": "polite" }, [
          el("p", { "class": "progress", "data-step": String(stepNumber), text: progress })
        ].concat(asked, [
          tree.group === "judgement" ? el("p", { "class": "hint" }, [
            el("a", { href: box.getAttribute("data-ruling-form-url").replace("__slug__", tree.slug) + "#" + urlencode(answered),
                      text: labels.poll_hint })
          ]) : null,
          el("div", { "class": "actions" }, [
            backUrl ? el("a", { "class": "button secondary", href: backUrl, text: "‹ " + labels.back }) : null,
            el("a", { "class": "button secondary", href: path, text: labels.restart })
          ])
        ])),
        el("aside", { "class": "wizard-side" }, side)
      ])
    ]);
  }

  const rulingSummary = summariser(outcomeLabels);

  /** @param {string} name @param {string | null} value */
  function displayValue(name, value) {
    if (typeof value === "boolean") return value ? labels.yes : labels.no;
    if (value === null) return "—";
    const key = name + ":" + value;
    return Object.prototype.hasOwnProperty.call(outcomeLabels.values, key) ? outcomeLabels.values[key] : String(value);
  }
  /** @param {string} html @param {any} ruling */
  function fillScript(html, ruling) {
    return html.replace(/\{([a-z_][a-z0-9_]*)\}/g, function (/** @type {any} */ whole, /** @type {string} */ name) {
      if (!Object.prototype.hasOwnProperty.call(ruling, name) || name === "leaf" || name === "script" || name === "laws") return whole;
      const value = ruling[name];
      return escapeHtml(value === null ? "—" : (typeof value === "boolean" ? (value ? "True" : "False") : String(value)));
    });
  }

  /**
     * @param {any} tree
     * @param {any} evaluation
     * @param {any[]} steps
     * @param {any[]} answered
     * @param {any[]} optional
     * @param {any} given
     * @param {any} scripts
     * @param {any} path
     */
  function renderRuling(tree, evaluation, steps, answered, optional, given, scripts, path) {
    const ruling = evaluation.ruling;
    document.title = treeTitle(tree) + " · " + labels.ruling;
    const leafScript = (scripts || {})[ruling.leaf];
    const script = el("div", { "class": "script" });
    // The script in the page's language first, the other language behind a disclosure (as the server draws it).
    const otherLang = english ? "zh-Hans" : "en";
    const scriptEn = el("div", { lang: otherLang });
    const first = english ? "en" : "zh", second = english ? "zh" : "en";
    if (leafScript) {
      // Rendered by the server from the tree (offline/data.py), only the {field} values filled in here.
      script.innerHTML = fillScript(leafScript[first], ruling);
      scriptEn.innerHTML = fillScript(leafScript[second], ruling);
    } else {
      script.textContent = ruling.script[first];
      scriptEn.textContent = ruling.script[second];
    }
    const rows = Object.keys(tree.outcome_fields).map(function (name) {
      const label = Object.prototype.hasOwnProperty.call(outcomeLabels.fields, name) ? outcomeLabels.fields[name] : name;
      return el("tr", { "data-field": name }, [el("th", { text: label }), el("td", { text: displayValue(name, ruling[name]) })]);
    });
    const optionalFacts = Object.keys(tree.facts).filter(function (name) { return tree.facts[name].optional; });
    let adjust = null;
    if (optionalFacts.length) {
      /** @type {Record<string, any>} */
      const givenOptional = {};
      optionalFacts.forEach(function (name) { if (Object.prototype.hasOwnProperty.call(given, name)) givenOptional[name] = given[name]; });
      // The same pads as the server's card (rulings/templates/rulings/wizard/ruling.html, static/js/pages/pads.js).
      const form = el("form", { method: "get", "class": "pad", "data-label-pass": labels.pad_pass, "data-label-change": labels.pad_change });
      answered.forEach(function (/** @type {any[]} */ pair) { form.appendChild(el("input", { type: "hidden", name: pair[0], value: pair[1] })); });
      optionalFacts.forEach(function (name) {
        const fact = tree.facts[name];
        const current = Object.prototype.hasOwnProperty.call(givenOptional, name) ? givenOptional[name] : null;
        let control;
        const selectOf = function (/** @type {any[]} */ values, /** @type {any} */ labelOf, /** @type {string | null} */ pad) {
          const select = el("select", { name: name, "data-pad": pad }, [el("option", { value: "", text: "—" })]);
          values.forEach(function (/** @type {any} */ value) {
            /** @type {Record<string, any>} */
            const attrs = { text: labelOf(value) };
            if (labelOf !== String) attrs.value = value;
            if (current === value) attrs.selected = true;
            select.appendChild(el("option", attrs));
          });
          return select;
        };
        if (fact.options && fact.options.length) {
          control = selectOf(fact.options.map(function (/** @type {any} */ o) { return o.value; }), function (/** @type {any} */ v) { return pick(optionLabel(fact, v)); }, null);
        } else if (fact.type === "seat") {
          control = selectOf(["N", "E", "S", "W"], function (/** @type {string} */ v) { return labels["seat_" + v] || v; }, "seat");
        } else if (fact.type === "vulnerability") {
          control = selectOf(vulnerabilities, function (/** @type {string} */ v) { return labels["vul_" + v] || v; }, "vulnerability");
        } else if (fact.type === "int") {
          control = el("input", { type: "number", name: name, min: String(fact.min || 0), max: String(fact.max || 13),
                                  inputmode: "numeric", value: current || "", "data-pad": name === "declarer_tricks" ? "tricks" : null });
        } else if (fact.type === "contract") {
          control = el("input", { name: name, placeholder: "4SX", value: current || "", "data-pad": "contract", "data-pad-double": true, "data-pad-open": true });
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
    /** @type {Record<string, any>} */
    const headlineFacts = {};
    evaluation.path.forEach(function (/** @type {any} */ step) { headlineFacts[step.fact] = step.value; });
    optional.forEach(function (/** @type {any[]} */ pair) {  // evaluation_facts: a whole number as a number
      headlineFacts[pair[0]] = /^\d+$/.test(String(pair[1]).replace(/^-+/, "")) ? parseInt(pair[1], 10) : pair[1];
    });
    const backUrl = backUrlOf(tree, steps);
    setContent([
      crumbs(tree),
      el("section", { "class": "ruling-card", "aria-live": "polite" }, [
        el("h1", { "class": "ruling-summary", text: rulingSummary(tree, ruling, headlineFacts) }),
        el("p", { "class": "ruling-rule" }, [labels.ruling_rule,
          el("a", { "class": "ref", "data-sheet-ref": ruling.rule, href: Wizard.editionSectionUrl(ruling.rule, tree.edition), text: lawName(ruling.rule) })]),
        el("div", { "class": "ruling-panes" }, [
          el("div", { "class": "ruling-main" }, [
            el("h2", { text: labels.announce }),
            script,
            el("details", { "class": "script-en" }, [el("summary", { lang: otherLang, text: english ? "中文" : "English" }), scriptEn])
          ]),
          el("div", { "class": "ruling-details" }, [
            el("h2", { text: labels.result }),
            el("table", { "class": "law-table outcome-table" }, [el("tbody", {}, rows)]),
            el("h2", { text: labels.laws }),
            el("p", { "class": "laws" }, lawLinks(ruling.laws, "ref tile-inline", tree))
          ])
        ])
      ]),
      adjust,
      tree.group === "judgement" ? el("div", { "class": "actions judgement-actions" }, [
        el("a", { "class": "button", text: labels.ruling_form,
                  href: box.getAttribute("data-ruling-form-url").replace("__slug__", tree.slug) + "#" +
                    urlencode(answered.concat(optional)) }),
        el("a", { "class": "button secondary", href: box.getAttribute("data-assigned-url"), text: labels.assigned })
      ]) : null,
      el("div", { "class": "actions ruling-actions" }, [
        backUrl ? el("a", { "class": "button secondary", href: backUrl, text: "‹ " + labels.back }) : null,
        el("a", { "class": "button secondary", href: path, text: labels.restart }),
        el("button", { type: "button", "class": "secondary", "data-share": true, "data-label-share": labels.share_label,
                       "data-label-copied": labels.share_copied, "data-label-shared": labels.share_shared,
                       "data-label-failed": labels.share_failed, text: labels.share }),
        el("a", { "class": "button", text: labels.record,
                  href: box.getAttribute("data-record-url") + "?tree=" + tree.slug + "&" + urlencode(answered.concat(optional)) })
      ]),
      el("p", { "class": "share-result", role: "status", hidden: true }, [el("span"), " ",
        el("input", { "class": "share-url", readonly: true, "aria-label": labels.share_url, hidden: true })]),
      stepsList(steps)
    ]);
  }

  // rulings/templates/rulings/wizard/error.html: the engine's message in the page's language (the server's
  // core.errors.error_text), formatted from the catalogue in the tables (messages.js).
  // The fields it names are said by the tree's questions, quoted, as core.errors.error_text(general=False) says
  // them: the name parameter, then (on a Chinese page) any fact key the message writes in Latin letters.
  /** @param {any} tree */
  function factLabels(tree) {
    /** @type {Record<string, any>} */
    const out = {};
    Object.keys(tree.facts).forEach(function (name) {
      const text = tree.facts[name].text;
      if (text) out[name] = "\u201c" + (english ? text.en : text.zh) + "\u201d";
    });
    return out;
  }
  /** @param {any} tree @param {any} error @param {any} path @param {any} tables */
  function renderError(tree, error, path, tables) {
    const language = document.documentElement.getAttribute("lang");
    const known = factLabels(tree);
    const parts = Messages.errorParts(tables.messages, error, known, language);
    const message = parts.message, name = parts.label;
    const label = name ? labels.input_error_field.replace("{field}", function () { return name; }) : labels.input_error;
    document.title = labels.site;
    setContent([
      el("h1", { text: treeTitle(tree) }),
      el("p", { "class": "notice error", role: "alert", "data-field": error.field || "", text: label + message }),
      el("p", {}, [el("a", { "class": "button", href: path, text: labels.restart })])
    ]);
  }

  // Not on this device (the background download has not finished): no dead end — 上一步 and 重试.
  function renderMissing() {
    const back = el("a", { "class": "button secondary", href: document.referrer || wizardUrl, "data-offline-back": "", text: "‹ " + labels.back });
    back.addEventListener("click", function (/** @type {any} */ event) {
      if (window.history.length > 1) { event.preventDefault(); window.history.back(); }
    });
    const retry = el("a", { "class": "button", href: window.location.href, "data-offline-retry": "", text: labels.retry });
    setContent([el("h1", { text: labels.wizard }), el("p", { "class": "notice", role: "alert", text: labels.missing }),
                el("p", { "class": "actions" }, [back, " ", retry])]);
  }

  // ---------------------------------------------------------------------------------------------- walk
  // rulings/wizard_views.py wizard_walk, in the browser.
  /** @param {string} slug @param {string} path @param {any} wizardData @param {any} tables @param {any} tree */
  function walk(slug, path, wizardData, tables, tree) {
    const query = new URLSearchParams(window.location.search);
    /** @type {Record<string, any>} */
    const facts = {};
    Object.keys(tree.facts).forEach(function (name) {
      const values = query.getAll(name);
      const value = values.length ? values[values.length - 1] : "";
      if (value !== "") facts[name] = value;
    });
    let evaluation;
    try {
      evaluation = Tree.evaluate(tree, facts, tables);
    } catch (/** @type {any} */ error) {
      if (Tree.isFactError(error)) { renderError(tree, error, path, tables); return; }
      throw error;
    }
    /** @type {any[]} */
    const steps = [];
    // rulings/wizard_views.py _edition_query: a walk opened by a link naming its edition keeps naming it.
    /** @type {any[]} */
    const answered = query.get("edition") ? [["edition", tree.edition]] : [];
    evaluation.path.forEach(function (step) {
      const fact = tree.facts[step.fact];
      const option = optionLabel(fact, step.value);
      steps.push({
        name: step.fact,
        fact: fact,
        value: step.value,
        label: option ? { zh: option.zh, en: option.en } : null,
        back_url: answered.length ? path + "?" + urlencode(answered) : path
      });
      answered.push([step.fact, queryValue(step.value)]);
    });
    /** @type {any[]} */
    const optional = [];
    Object.keys(tree.facts).forEach(function (name) {
      if (tree.facts[name].optional && Object.prototype.hasOwnProperty.call(facts, name)) optional.push([name, facts[name]]);
    });
    if (evaluation.status === "question") renderQuestion(tree, evaluation, steps, answered, optional, path, tables);
    else {
      renderRuling(tree, evaluation, steps, answered, optional, facts, wizardData.scripts[slug], path);
      enhancePads(main);
    }
    document.dispatchEvent(new CustomEvent("caipan:offline-wizard", { detail: evaluation }));
  }

  const match = new RegExp("^" + wizardUrl.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "([a-z0-9-]+)/$").exec(window.location.pathname);
  const slug = match ? match[1] : null;
  // laws.selectors.edition_choice: the link's edition, else the top bar's choice (the cookie), else the site's;
  // the stored URLs of the site's default edition are bare (laws.editions.with_edition).
  const cookie = /(?:^|;\s*)edition=([^;]+)/.exec(document.cookie);
  const edition = new URLSearchParams(window.location.search).get("edition") || (cookie ? decodeURIComponent(cookie[1]) : "");
  /** @param {string} url */
  function inEdition(url) {
    return edition && edition !== box.getAttribute("data-default-edition") ? url + "?edition=" + encodeURIComponent(edition) : url;
  }
  const wizardData = fetchJson(inEdition(box.getAttribute("data-wizard-data-url") || ""));
  if (!slug) {
    wizardData.then(renderIndex, renderMissing);
    return;
  }
  Promise.all([wizardData, fetchJson(box.getAttribute("data-tables-url")),
               fetchJson(inEdition((box.getAttribute("data-tree-url") || "").replace("__slug__", slug)))])
    .then(function (loaded) { walk(slug, window.location.pathname, loaded[0], loaded[1], loaded[2]); })
    .catch(renderMissing);
}
start();
