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
  window.caipan = { openSheet: openSheet, closeSheet: closeSheet };
})();
