// 裁判助手 — small progressive enhancements; every page works without this file.
import { enhancePads } from "./pads.js";

function start() {
  const sheet = /** @type {any} */ (document.getElementById("sheet"));
  /** @param {string | null} title @param {string} html */
  function openSheet(title, html) {
    if (!sheet) return;
    /** @type {any} */ (sheet.querySelector("#sheet-title")).textContent = title;
    /** @type {any} */ (sheet.querySelector(".sheet-text")).innerHTML = html;
    sheet.hidden = false;
    /** @type {any} */ (sheet.querySelector(".sheet-close")).focus();
  }
  function closeSheet() { if (sheet) sheet.hidden = true; }
  document.addEventListener("click", function (/** @type {any} */ event) {
    const term = /** @type {any} */ (/** @type {any} */ (event.target).closest("abbr.term"));
    if (term) {
      const p = document.createElement("p");
      p.textContent = term.getAttribute("title");
      openSheet(term.textContent, p.outerHTML);
      return;
    }
    // An editorial correction of the official text: a tap shows the original (its title, in the page's language).
    const fix = /** @type {any} */ (/** @type {any} */ (event.target).closest("ins.editorial"));
    if (fix) {
      const q = document.createElement("p");
      q.textContent = fix.getAttribute("title");
      openSheet(fix.textContent, q.outerHTML);
      return;
    }
    if (/** @type {any} */ (/** @type {any} */ (event.target).closest(".sheet-close")) || /** @type {any} */ (event.target) === sheet) closeSheet();
  });
  document.addEventListener("keydown", function (/** @type {any} */ event) { if (event.key === "Escape") closeSheet(); });
  // Landscape (issue 31, problem 7): a question's help and laws open beside the answers, not folded away.
  function openHelpBeside() {
    if (!window.matchMedia || !window.matchMedia("(min-width: 1000px)").matches) return;
    document.querySelectorAll(".wizard-side details.help").forEach(function (/** @type {any} */ help) { help.open = true; });
  }
  openHelpBeside();
  document.addEventListener("caipan:offline-wizard", openHelpBeside);
  // Calculator pads: recompute as soon as a choice changes (the button still works without JS).
  document.querySelectorAll("form[data-autosubmit]").forEach(function (/** @type {any} */ form) {
    form.addEventListener("change", function (/** @type {any} */ event) {
      if (/** @type {any} */ (event.target).type === "radio" && /** @type {any} */ (form.querySelector("[name=level]:checked")) &&
          /** @type {any} */ (form.querySelector("[name=strain]:checked")) && /** @type {any} */ (form.querySelector("[name=declarer]:checked")) &&
          /** @type {any} */ (form.querySelector("[name=tricks]:checked"))) form.requestSubmit();
    });
  });
  // Law references in the wizard open the section in a sheet, so the walk is not lost.
  /** @param {any} nodes @param {any} ref @returns {any} */
  function findNode(nodes, ref) {
    for (let i = 0; i < nodes.length; i++) {
      if (nodes[i].ref === ref) return nodes[i];
      const found = findNode(nodes[i].children || [], ref);
      if (found) return found;
    }
    return null;
  }
  document.addEventListener("click", function (/** @type {any} */ event) {
    const link = /** @type {any} */ (/** @type {any} */ (event.target).closest("a[data-sheet-ref]")) || scriptLink(event.target);
    if (!link || event.metaKey || event.ctrlKey) return;
    const ref = link.getAttribute("data-sheet-ref") || refOf(link);
    const law = parseInt(ref, 10);
    event.preventDefault();
    fetch("/api/laws/" + law + "/", { headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
      .then(function (/** @type {any} */ data) {
        const node = String(law) === ref ? { heading: data.title, html: data.html, children: data.sections }
                                       : findNode(data.sections, ref);
        if (!node) throw new Error("no section " + ref);
        const html = (node.html || "") + (node.children || []).map(function (/** @type {any} */ c) {
          return "<h3>" + c.ref + " " + c.heading + "</h3>" + (c.html || "");
        }).join("");
        openSheet("第" + law + "条 " + ref + " " + (node.heading || data.title),
                  html + '<p><a href="' + link.getAttribute("href") + '">打开全文 ›</a></p>');
      })
      .catch(function () { window.location = link.getAttribute("href"); });
  });
  // Law references inside a ruling's script or a question's help (rendered law text) open the sheet as well.
  /** @param {any} link */
  function refOf(link) {
    const m = /^\/laws\/(\d+)\/(?:#([0-9A-Za-z]+))?$/.exec(link.getAttribute("href") || "") ||
            /^\/laws\/([0-9][0-9A-Za-z]*)\/$/.exec(link.getAttribute("href") || "");
    return m ? (m[2] || m[1]) : null;
  }
  /** @param {any} target */
  function scriptLink(target) {
    const link = /** @type {any} */ (target.closest(".ruling-card a.ref, .question a.ref, .wizard-side a.ref, .explanation a.ref"));
    return link && refOf(link) ? link : null;
  }
  // Share: the device's share sheet where there is one, else the clipboard — and say truthfully what happened.
  document.addEventListener("click", function (/** @type {any} */ event) {
    const share = /** @type {any} */ (/** @type {any} */ (event.target).closest("[data-share]"));
    if (!share) return;
    const url = window.location.href;
    const result = /** @type {any} */ (document.querySelector(".share-result"));
    /** @param {string | null} text @param {boolean} showUrl */
    function say(text, showUrl) {
      if (!result) return;
      result.hidden = false;
      /** @type {any} */ (result.querySelector("span")).textContent = text;
      const box = /** @type {any} */ (result.querySelector(".share-url"));
      box.hidden = !showUrl;
      if (showUrl) { box.value = url; box.focus(); box.select(); }
    }
    function copyByHand() {
      // Without the Clipboard API (plain HTTP on a LAN, permission refused): try the old way, else show the link.
      const box = result && /** @type {any} */ (result.querySelector(".share-url"));
      let copied = false;
      if (box) {
        box.hidden = false; box.value = url; box.select();
        try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
      }
      if (copied) say(share.getAttribute("data-label-copied"), false);
      else say(share.getAttribute("data-label-failed"), true);
    }
    if (/** @type {any} */ (navigator).share) {
      navigator.share({ title: document.title, url: url })
        .then(function () { say(share.getAttribute("data-label-shared"), false); })
        .catch(function (error) { if (!error || error.name !== "AbortError") copyByHand(); });
    } else if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(url)
        .then(function () { say(share.getAttribute("data-label-copied"), false); }, copyByHand);
    } else {
      copyByHand();
    }
  });
  if (/** @type {any} */ (navigator).share) {
    document.querySelectorAll("[data-share][data-label-share]").forEach(function (b) {
      b.textContent = b.getAttribute("data-label-share");
    });
  }
  // The top bar's real height, for section jumps (html's scroll-padding-top) and the sticky side panes.
  const bar = /** @type {any} */ (document.querySelector(".topbar"));
  function measureBar() {
    if (!bar) return;
    const sticky = getComputedStyle(bar).position === "sticky" || getComputedStyle(bar).position === "fixed";
    document.documentElement.style.setProperty("--bar-h", (sticky ? bar.offsetHeight : 0) + "px");
  }
  measureBar();
  if (window.ResizeObserver && bar) new ResizeObserver(measureBar).observe(bar);
  window.addEventListener("resize", measureBar);
  // The browser jumped to the #section before the bar was measured: jump again, below the bar.
  if (location.hash.length > 1) {
    const target = /** @type {any} */ (document.getElementById(decodeURIComponent(location.hash.slice(1))));
    if (target) target.scrollIntoView();
  }
  // The current section in the top bar and the current tab of the tools.
  const path = location.pathname;
  /** @type {Record<string, string[]>} */
  const sections = { "laws:": ["/", "/laws/", "/chapters/"], "glossary": ["/glossary/"], "rulings": ["/rulings/"],
                   "tools": ["/tools/"], "practice": ["/practice/"], "clubs": ["/clubs/"] };
  document.querySelectorAll(".mainnav a[href]").forEach(function (a) {
    const href = /** @type {string} */ (a.getAttribute("href"));  // a[href]
    const match = Object.keys(sections).some(function (k) {
      const prefixes = sections[k];
      const mine = prefixes.some(function (/** @type {string} */ p) { return href === p || (p !== "/" && href.indexOf(p) === 0); });
      return mine && prefixes.some(function (/** @type {string} */ p) { return p === "/" ? path === "/" : path.indexOf(p) === 0; });
    });
    if (match) a.setAttribute("aria-current", "page");
  });
  document.querySelectorAll(".tools-nav a[href]").forEach(function (a) {
    if (a.getAttribute("href") === path) a.setAttribute("aria-current", "page");
  });
  /** @type {any} */ (window).caipan = { openSheet: openSheet, closeSheet: closeSheet };
  // Pads instead of forms (issue 31 item 3): any field a server page marks data-pad (the ruling card's adjusted
  // score, the club record form); a page with its own module (judgement.js) enhancing its form too is harmless.
  enhancePads(document.body);
}
start();
