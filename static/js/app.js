// 裁判助手 — small progressive enhancements; every page works without this file.
(function () {
  "use strict";
  var sheet = document.getElementById("sheet");
  function openSheet(title, html) {
    if (!sheet) return;
    sheet.querySelector("#sheet-title").textContent = title;
    sheet.querySelector(".sheet-text").innerHTML = html;
    sheet.hidden = false;
    sheet.querySelector(".sheet-close").focus();
  }
  function closeSheet() { if (sheet) sheet.hidden = true; }
  document.addEventListener("click", function (event) {
    var term = event.target.closest("abbr.term");
    if (term) {
      var p = document.createElement("p");
      p.textContent = term.getAttribute("title");
      openSheet(term.textContent, p.outerHTML);
      return;
    }
    // An editorial correction of the official text: a tap shows the original (its title, in the page's language).
    var fix = event.target.closest("ins.editorial");
    if (fix) {
      var q = document.createElement("p");
      q.textContent = fix.getAttribute("title");
      openSheet(fix.textContent, q.outerHTML);
      return;
    }
    if (event.target.closest(".sheet-close") || event.target === sheet) closeSheet();
  });
  document.addEventListener("keydown", function (event) { if (event.key === "Escape") closeSheet(); });
  // Calculator pads: recompute as soon as a choice changes (the button still works without JS).
  document.querySelectorAll("form[data-autosubmit]").forEach(function (form) {
    form.addEventListener("change", function (event) {
      if (event.target.type === "radio" && form.querySelector("[name=level]:checked") &&
          form.querySelector("[name=strain]:checked") && form.querySelector("[name=declarer]:checked") &&
          form.querySelector("[name=tricks]:checked")) form.requestSubmit();
    });
  });
  // Law references in the wizard open the section in a sheet, so the walk is not lost.
  function findNode(nodes, ref) {
    for (var i = 0; i < nodes.length; i++) {
      if (nodes[i].ref === ref) return nodes[i];
      var found = findNode(nodes[i].children || [], ref);
      if (found) return found;
    }
    return null;
  }
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-sheet-ref]");
    if (!link || event.metaKey || event.ctrlKey) return;
    var ref = link.getAttribute("data-sheet-ref");
    var law = parseInt(ref, 10);
    event.preventDefault();
    fetch("/api/laws/" + law + "/", { headers: { Accept: "application/json" } })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        var node = String(law) === ref ? { heading: data.title, html: data.html, children: data.sections }
                                       : findNode(data.sections, ref);
        if (!node) throw new Error("no section " + ref);
        var html = (node.html || "") + (node.children || []).map(function (c) {
          return "<h3>" + c.ref + " " + c.heading + "</h3>" + (c.html || "");
        }).join("");
        openSheet("第" + law + "条 " + ref + " " + (node.heading || data.title),
                  html + '<p><a href="' + link.getAttribute("href") + '">打开全文 ›</a></p>');
      })
      .catch(function () { window.location = link.getAttribute("href"); });
  });
  document.addEventListener("click", function (event) {
    var share = event.target.closest("[data-share]");
    if (!share) return;
    var url = window.location.href;
    if (navigator.clipboard) navigator.clipboard.writeText(url);
    share.textContent = "✓ " + url.replace(/^https?:\/\/[^/]+/, "").slice(0, 40) + "…";
  });
  window.caipan = { openSheet: openSheet, closeSheet: closeSheet };
})();
