// 裁判助手 — the installable app: registers the service worker (/sw.js), shows the offline badge, keeps the
// day/night choice, and runs "下载全部规则供离线使用" on the home page. Every page works without this file.
function start() {
  const script = /** @type {any} */ (document.querySelector("script[data-sw]"));
  const html = document.documentElement;
  const THEME_KEY = "caipan.theme";
  const PACK_KEY = "caipan.offline.pack";
  const PAGES_CACHE = "caipan-pages-v1"; // offline/data.py PAGES_CACHE

  // ------------------------------------------------------------------------------------ service worker
  if ("serviceWorker" in navigator && script && script.getAttribute("data-sw")) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register(script.getAttribute("data-sw"), { scope: "/" }).catch(function () {
        /* an old browser or a private window: the site works as before, online only */
      });
    });
    navigator.serviceWorker.addEventListener("message", function (/** @type {any} */ event) {
      if (event.data && event.data.type === "network-failed") markOffline(true);
      if (event.data && event.data.type === "pack") packState(event.data);
      if (event.data && event.data.type === "warmed") html.setAttribute("data-offline-warm", "done");
    });
    // Offline by default (issue 31): once the worker runs, tell it this page; it keeps what the page needs to
    // finish offline and downloads the reader's pack in the background (static/sw.js, "offline by default").
    navigator.serviceWorker.ready.then(function (/** @type {any} */ registration) {
      const status = /** @type {any} */ (document.querySelector("[data-net-status]"));
      if (!registration.active || !status || navigator.onLine === false) return;
      registration.active.postMessage({
        type: "hello", page: window.location.href, language: html.getAttribute("lang") || "",
        bundle: status.getAttribute("data-net-bundle"), version: status.getAttribute("data-net-version")
      });
    }).catch(function () { /* no worker: online only */ });
  }

  // ----------------------------------------------------------------------------------------- the badge
  // Shown when the browser says it is offline, when a request failed, or when this page came from the cache.
  let failed = html.hasAttribute("data-offline");
  function badges() { return document.querySelectorAll("[data-offline-badge]"); }
  // The status in the bar: 离线 when offline, else what the worker did in the background (saving, ready, …).
  let pack = readPack() ? "ready" : "";
  let updated = false;
  function updateBadge() {
    const offline = failed || navigator.onLine === false;
    html.classList.toggle("is-offline", offline);
    badges().forEach(function (/** @type {any} */ badge) {
      const state = offline ? "offline" : pack;
      const key = state === "ready" && updated ? "updated" : state;
      const text = key ? badge.getAttribute("data-label-" + key) : "";
      badge.hidden = !text;
      if (text) badge.textContent = text;
      badge.setAttribute("data-state", state);
      if (state === "ready") badge.setAttribute("title", text);
    });
    html.setAttribute("data-net-pack", pack || "none");
    document.querySelectorAll("[data-offline-download]").forEach(function (/** @type {any} */ button) {
      button.disabled = navigator.onLine === false;
    });
  }
  /** @param {boolean} value */
  function markOffline(value) { failed = value; updateBadge(); }
  /** @param {any} message */
  function packState(message) {
    if (message.record) writePack(message.record);
    pack = message.state === "none" ? "" : message.state;
    updated = !!message.updated;
    updateBadge();
    document.dispatchEvent(new CustomEvent("caipan:offline-pack", { detail: message }));
  }
  window.addEventListener("online", function () { failed = false; updateBadge(); });
  window.addEventListener("offline", updateBadge);
  document.addEventListener("caipan:network-failed", function () { markOffline(true); });

  // ---------------------------------------------------------------------------------------- day / night
  function systemDark() { return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches; }
  function currentTheme() {
    const set = html.getAttribute("data-theme");
    return set === "dark" || set === "light" ? set : (systemDark() ? "dark" : "light");
  }
  // A toggle button "夜间": pressed while the night theme shows (its name stays the same, its state changes).
  function updateToggle() {
    const dark = currentTheme() === "dark";
    document.querySelectorAll("[data-theme-toggle]").forEach(function (/** @type {any} */ button) {
      button.setAttribute("aria-pressed", dark ? "true" : "false");
    });
  }
  document.addEventListener("click", function (/** @type {any} */ event) {
    const button = /** @type {any} */ (/** @type {any} */ (event.target).closest("[data-theme-toggle]"));
    if (!button) return;
    const next = currentTheme() === "dark" ? "light" : "dark";
    html.setAttribute("data-theme", next);
    try { window.localStorage.setItem(THEME_KEY, next); } catch (e) { /* private mode: this page only */ }
    updateToggle();
  });

  // ------------------------------------------------------------------------------- download everything
  // One request: /offline/bundle.json holds every page of the pack (url, type, body), gzip-compressed; each is
  // stored as its own response, so the worker answers a navigation with it. An older server without the bundle
  // gets the pages one by one (/offline/pack.json). What was stored, when, and which version is kept in
  // localStorage; /offline/version.json (small, never cached) says whether that copy is stale.
  function readPack() {
    try { return JSON.parse(window.localStorage.getItem(PACK_KEY) || "null"); } catch (e) { return null; }
  }
  // "Download all" tapped: the worker's note of what is on the device says so too (it downloads nothing more).
  /** @param {any} record */
  function noteOnDevice(record) {
    const status = document.querySelector("[data-net-status]");
    const key = status && status.getAttribute("data-net-record");
    if (!key || !window.caches) return;
    caches.open(PAGES_CACHE).then(function (cache) {
      return cache.put(key, new Response(JSON.stringify(record), { headers: { "Content-Type": "application/json" } }));
    }).catch(function () { /* private mode */ });
    pack = "ready";
    updateBadge();
  }
  /** @param {any} record */
  function writePack(record) {
    try { window.localStorage.setItem(PACK_KEY, JSON.stringify(record)); } catch (e) { /* private mode */ }
  }
  const fill = function (/** @type {string} */ text, /** @type {any} */ values) {
    return text.replace(/\{(\w+)\}/g, function (/** @type {any} */ whole, /** @type {string} */ name) { return name in values ? values[name] : whole; });
  };
  /** @param {any} at */
  function when(at) {
    try { return new Date(at).toLocaleString(html.getAttribute("lang") || undefined); } catch (e) { return ""; }
  }

  // Is the stored copy older than the server's? Asked once per page when online; the answer marks <html>.
  /** @param {any} url */
  function checkVersion(url) {
    const saved = readPack();
    if (!saved || !url || navigator.onLine === false || !window.fetch) return Promise.resolve(null);
    return fetch(url, { cache: "no-store", credentials: "omit" })
      .then(function (r) { if (!r.ok) throw new Error("version " + r.status); return r.json(); })
      .then(function (server) {
        const stale = server.version !== saved.version;
        html.toggleAttribute("data-offline-stale", stale);
        return { stale: stale, server: server, saved: saved };
      })
      .catch(function () { return null; });
  }

  /** @param {any} box */
  function setupDownload(box) {
    const button = /** @type {any} */ (box.querySelector("[data-offline-download]"));
    const bar = /** @type {any} */ (box.querySelector("progress"));
    const status = /** @type {any} */ (box.querySelector("[data-offline-status]"));
    const label = function (/** @type {string} */ name) { return box.getAttribute("data-label-" + name) || ""; };
    if (!window.caches || !window.fetch) {
      button.disabled = true;
      status.textContent = label("unsupported");
      return;
    }
    /** @param {boolean | undefined} [stale] */
    function showStored(stale) {
      const saved = readPack();
      if (!saved) { status.textContent = label("none"); return; }
      let text = fill(label("stored"), { n: saved.stored, total: saved.total });
      if (saved.at && label("stored-at")) text = fill(label("stored-at"), { n: saved.stored, total: saved.total, date: when(saved.at) });
      const outdated = stale === true || (stale !== false && String(saved.revision) !== box.getAttribute("data-revision"));
      if (outdated) text += " " + label("outdated");
      box.toggleAttribute("data-offline-outdated", outdated);
      status.textContent = text;
      buttonState(outdated ? "update" : "done");
    }
    // The button says what a tap does now (issue 31, polish 15): download, download again, or update.
    const firstLabel = button.textContent;
    /** @param {string} state */
    function buttonState(state) {
      button.textContent = (state && label("button-" + state)) || firstLabel;
      box.setAttribute("data-offline-button", state || "none");
    }
    showStored();
    document.addEventListener("caipan:offline-pack", function (/** @type {any} */ event) {
      if (event.detail && event.detail.state === "ready" && !box.hasAttribute("aria-busy")) showStored(false);
    });
    checkVersion(box.getAttribute("data-version-url")).then(function (answer) { if (answer) showStored(answer.stale); });

    button.addEventListener("click", function () {
      button.disabled = true;
      box.setAttribute("aria-busy", "true");
      box.removeAttribute("data-offline-state");
      bar.hidden = false;
      bar.value = 0;
      status.textContent = label("starting");
      const started = Date.now();
      fromBundle().catch(function (error) {
        if (error && error.stored) throw error; // stored part of it: not a missing bundle
        return onePerUrl();
      }).then(function (result) {
        const record = { stored: result.stored, total: result.total, revision: result.revision,
                       version: result.version, at: Date.now(), language: html.getAttribute("lang"),
                       requests: result.requests, ms: Date.now() - started };
        writePack(record);
        noteOnDevice(record);
        html.removeAttribute("data-offline-stale");
        box.removeAttribute("data-offline-outdated");
        bar.max = 1;
        bar.value = 1;
        status.textContent = result.failed
          ? fill(label("partial"), { n: result.stored, total: result.total, failed: result.failed })
          : fill(label("done"), { n: result.stored, total: result.total });
        box.setAttribute("data-offline-stored", String(result.stored));
        box.setAttribute("data-offline-requests", String(result.requests));
        box.setAttribute("data-offline-ms", String(record.ms));
        box.setAttribute("data-offline-state", result.failed ? "partial" : "done");
        if (!result.failed) buttonState("done");
      }).catch(function () {
        status.textContent = label("error");
        box.setAttribute("data-offline-state", "error");
        document.dispatchEvent(new CustomEvent("caipan:network-failed"));
      }).then(function () {
        button.disabled = navigator.onLine === false;
        box.removeAttribute("aria-busy");
      });
    });

    /** @param {number} done @param {number} total */
    function progress(done, total) {
      bar.max = total || 1;
      bar.value = done;
      status.textContent = fill(label("progress"), { n: done, total: total });
    }

    // The bundle: read as it arrives (progress in bytes of the JSON), then each page stored as its own response.
    function fromBundle() {
      const url = box.getAttribute("data-bundle-url");
      if (!url) return Promise.reject(new Error("no bundle"));
      return fetch(url, { credentials: "omit", cache: "no-store", headers: { "X-Caipan-Download": "1" } })
        .then(function (response) {
          if (!response.ok) throw new Error("bundle " + response.status);
          const total = Number(response.headers.get("X-Caipan-Bundle-Bytes")) || 0;
          if (!response.body || !response.body.getReader || !total) return response.json();
          const reader = response.body.getReader();
          /** @type {any[]} */
          const chunks = [];
          let received = 0;
          const kb = function (/** @type {number} */ n) { return Math.round(n / 1024); };
          /** @returns {Promise<any>} */
          function pump() {
            return reader.read().then(function (/** @type {any} */ step) {
              if (step.done) return;
              chunks.push(step.value);
              received += step.value.length;
              bar.max = total;
              bar.value = Math.min(received, total);
              status.textContent = fill(label("receiving"), { n: kb(received), total: kb(total) });
              return pump();
            });
          }
          return pump().then(function () { return JSON.parse(new TextDecoder("utf-8").decode(concat(chunks, received))); });
        })
        .then(function (pack) {
          return caches.open(pack.cache).then(function (cache) {
            let stored = 0, failed = 0;
            const entries = pack.entries;
            return entries.reduce(function (/** @type {any} */ chain, /** @type {any} */ entry) {
              return chain.then(function () {
                const response = new Response(entry.body, { status: 200, headers: { "Content-Type": entry.type } });
                return cache.put(entry.url, response).then(function () { stored++; }, function () { failed++; })
                  .then(function () { progress(stored + failed, entries.length); });
              });
            }, Promise.resolve()).then(function () {
              if (failed && !stored) throw new Error("nothing stored");
              return { stored: stored, failed: failed, total: entries.length, revision: pack.revision,
                       version: pack.version, requests: 1 };
            });
          });
        });
    }
    /** @param {any[]} chunks @param {number} size */
    function concat(chunks, size) {
      const out = new Uint8Array(size);
      let at = 0;
      chunks.forEach(function (/** @type {any} */ chunk) { out.set(chunk, at); at += chunk.length; });
      return out;
    }

    // Without the bundle: the list, then each page (four at a time).
    function onePerUrl() {
      return fetch(box.getAttribute("data-pack-url"), { cache: "no-store", credentials: "omit" })
        .then(function (r) { if (!r.ok) throw new Error("pack " + r.status); return r.json(); })
        .then(function (pack) {
          return caches.open(pack.cache).then(function (cache) { return storeAll(cache, pack.urls); })
            .then(function (result) {
              return { stored: result.stored, failed: result.failed, total: pack.urls.length, revision: pack.revision,
                       version: pack.version, requests: pack.urls.length + 1 };
            });
        });
    }
    // Fetched without cookies, so what is kept is the page anyone would see (never a signed-in user's
    // top bar); the header tells the worker to let these pass untouched (this code stores them itself).
    /** @param {any} cache @param {any} urls */
    function storeAll(cache, urls) {
      let next = 0, stored = 0, failedCount = 0, done = 0;
      /** @returns {Promise<any>} */
      function one() {
        if (next >= urls.length) return Promise.resolve();
        const url = urls[next++];
        return fetch(url, { credentials: "omit", cache: "no-cache", headers: { "X-Caipan-Download": "1" } })
          .then(function (response) {
            if (!response.ok || response.redirected) throw new Error(url + " " + response.status);
            return cache.put(url, response);
          })
          .then(function () { stored++; }, function () { failedCount++; })
          .then(function () {
            done++;
            progress(done, urls.length);
            return one();
          });
      }
      /** @type {any[]} */
      const workers = [];
      for (let i = 0; i < 4; i++) workers.push(one());
      return Promise.all(workers).then(function () { return { stored: stored, failed: failedCount }; });
    }
  }

  // The offline page: honest about what is on this device (static/sw.js marks why it was shown).
  /** @param {any} section */
  function setupOfflinePage(section) {
    const saved = readPack();
    section.querySelectorAll("[data-offline-when]").forEach(function (/** @type {any} */ p) {
      p.hidden = p.getAttribute("data-offline-when") !== (saved ? "stored" : "none");
    });
    const back = /** @type {any} */ (section.querySelector("[data-offline-back]"));
    if (back) {
      back.addEventListener("click", function (/** @type {any} */ event) {
        if (window.history.length > 1) { event.preventDefault(); window.history.back(); }
      });
    }
    const retry = /** @type {any} */ (section.querySelector("[data-offline-retry]"));
    if (retry && html.getAttribute("data-offline-reason") === "network" && document.referrer) {
      retry.setAttribute("href", document.referrer); // a form sent offline: back to the page it was sent from
    }
  }

  function ready() {
    updateBadge();
    updateToggle();
    document.querySelectorAll("[data-offline-pack]").forEach(setupDownload);
    document.querySelectorAll("[data-offline-page]").forEach(setupOfflinePage);
    if (window.matchMedia) {
      const query = window.matchMedia("(prefers-color-scheme: dark)");
      if (query.addEventListener) query.addEventListener("change", updateToggle);
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
}
start();
