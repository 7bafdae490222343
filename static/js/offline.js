// 裁判助手 — the installable app: registers the service worker (/sw.js), shows the offline badge, keeps the
// day/night choice, and runs "下载全部规则供离线使用" on the home page. Every page works without this file.
(function () {
  "use strict";
  var script = document.currentScript;
  var html = document.documentElement;
  var THEME_KEY = "caipan.theme";
  var PACK_KEY = "caipan.offline.pack";

  // ------------------------------------------------------------------------------------ service worker
  if ("serviceWorker" in navigator && script && script.getAttribute("data-sw")) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).catch(function () {
        /* an old browser or a private window: the site works as before, online only */
      });
    });
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "network-failed") markOffline(true);
    });
  }

  // ----------------------------------------------------------------------------------------- the badge
  // Shown when the browser says it is offline, when a request failed, or when this page came from the cache.
  var failed = html.hasAttribute("data-offline");
  function badges() { return document.querySelectorAll("[data-offline-badge]"); }
  function updateBadge() {
    var offline = failed || navigator.onLine === false;
    html.classList.toggle("is-offline", offline);
    badges().forEach(function (badge) { badge.hidden = !offline; });
    document.querySelectorAll("[data-offline-download]").forEach(function (button) {
      button.disabled = navigator.onLine === false;
    });
  }
  function markOffline(value) { failed = value; updateBadge(); }
  window.addEventListener("online", function () { failed = false; updateBadge(); });
  window.addEventListener("offline", updateBadge);
  document.addEventListener("caipan:network-failed", function () { markOffline(true); });

  // ---------------------------------------------------------------------------------------- day / night
  function systemDark() { return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches; }
  function currentTheme() {
    var set = html.getAttribute("data-theme");
    return set === "dark" || set === "light" ? set : (systemDark() ? "dark" : "light");
  }
  // A toggle button "夜间": pressed while the night theme shows (its name stays the same, its state changes).
  function updateToggle() {
    var dark = currentTheme() === "dark";
    document.querySelectorAll("[data-theme-toggle]").forEach(function (button) {
      button.setAttribute("aria-pressed", dark ? "true" : "false");
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-theme-toggle]");
    if (!button) return;
    var next = currentTheme() === "dark" ? "light" : "dark";
    html.setAttribute("data-theme", next);
    try { window.localStorage.setItem(THEME_KEY, next); } catch (e) { /* private mode: this page only */ }
    updateToggle();
  });

  // ------------------------------------------------------------------------------- download everything
  function readPack() {
    try { return JSON.parse(window.localStorage.getItem(PACK_KEY) || "null"); } catch (e) { return null; }
  }
  function setupDownload(box) {
    var button = box.querySelector("[data-offline-download]");
    var bar = box.querySelector("progress");
    var status = box.querySelector("[data-offline-status]");
    var label = function (name) { return box.getAttribute("data-label-" + name) || ""; };
    var fill = function (text, values) {
      return text.replace(/\{(\w+)\}/g, function (whole, name) { return name in values ? values[name] : whole; });
    };
    if (!window.caches || !window.fetch) {
      button.disabled = true;
      status.textContent = label("unsupported");
      return;
    }
    function showStored() {
      var saved = readPack();
      if (!saved) { status.textContent = label("none"); return; }
      var text = fill(label("stored"), { n: saved.stored, total: saved.total });
      if (String(saved.revision) !== box.getAttribute("data-revision")) text += " " + label("outdated");
      status.textContent = text;
    }
    showStored();
    button.addEventListener("click", function () {
      button.disabled = true;
      box.setAttribute("aria-busy", "true");
      bar.hidden = false;
      bar.value = 0;
      status.textContent = label("starting");
      var packInfo;
      fetch(box.getAttribute("data-pack-url"), { cache: "no-store", credentials: "omit" })
        .then(function (r) { if (!r.ok) throw new Error("pack " + r.status); return r.json(); })
        .then(function (pack) {
          packInfo = pack;
          return caches.open(pack.cache).then(function (cache) { return storeAll(cache, pack.urls); });
        })
        .then(function (result) {
          var record = { stored: result.stored, total: packInfo.urls.length, revision: packInfo.revision,
                         version: packInfo.version, at: Date.now() };
          try { window.localStorage.setItem(PACK_KEY, JSON.stringify(record)); } catch (e) { /* private mode */ }
          bar.value = bar.max;
          status.textContent = result.failed
            ? fill(label("partial"), { n: result.stored, total: packInfo.urls.length, failed: result.failed })
            : fill(label("done"), { n: result.stored, total: packInfo.urls.length });
          box.setAttribute("data-offline-state", result.failed ? "partial" : "done");
          box.setAttribute("data-offline-stored", String(result.stored));
        })
        .catch(function () {
          status.textContent = label("error");
          box.setAttribute("data-offline-state", "error");
          document.dispatchEvent(new CustomEvent("caipan:network-failed"));
        })
        .then(function () {
          button.disabled = navigator.onLine === false;
          box.removeAttribute("aria-busy");
        });

      // Fetched without cookies, so what is kept is the page anyone would see (never a signed-in user's
      // top bar); the header tells the worker to let these pass untouched (this code stores them itself).
      function storeAll(cache, urls) {
        var next = 0, stored = 0, failedCount = 0, done = 0;
        bar.max = urls.length;
        function one() {
          if (next >= urls.length) return Promise.resolve();
          var url = urls[next++];
          return fetch(url, { credentials: "omit", cache: "no-cache", headers: { "X-Caipan-Download": "1" } })
            .then(function (response) {
              if (!response.ok || response.redirected) throw new Error(url + " " + response.status);
              return cache.put(url, response);
            })
            .then(function () { stored++; }, function () { failedCount++; })
            .then(function () {
              done++;
              bar.value = done;
              status.textContent = fill(label("progress"), { n: done, total: urls.length });
              return one();
            });
        }
        var workers = [];
        for (var i = 0; i < 4; i++) workers.push(one());
        return Promise.all(workers).then(function () { return { stored: stored, failed: failedCount }; });
      }
    });
  }

  function ready() {
    updateBadge();
    updateToggle();
    document.querySelectorAll("[data-offline-pack]").forEach(setupDownload);
    if (window.matchMedia) {
      var query = window.matchMedia("(prefers-color-scheme: dark)");
      if (query.addEventListener) query.addEventListener("change", updateToggle);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
