// 裁判助手 — the print sheet's 「打印」 button (a script file, not an inline handler: the Content-Security-Policy
// allows scripts from this site only).
function start() {
  const button = /** @type {any} */ (document.querySelector("[data-print]"));
  if (button) button.addEventListener("click", function () { window.print(); });
}
start();
