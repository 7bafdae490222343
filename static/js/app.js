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
  window.caipan = { openSheet: openSheet, closeSheet: closeSheet };
})();
