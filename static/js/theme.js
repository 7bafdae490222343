// 裁判助手 — the saved day/night choice, applied before the first paint (static/js/pages/offline.js changes it).
(function () {
  try {
    const theme = window.localStorage.getItem("caipan.theme");
    if (theme === "dark" || theme === "light") document.documentElement.setAttribute("data-theme", theme);
  } catch (e) { /* storage blocked: follow the system */ }
})();
