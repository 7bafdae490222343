/* 裁判助手 — the service worker (DESIGN.md §6a): hand-written, network first.
 *
 * Served at /sw.js by offline/views.py, which puts its configuration in front of this file as self.CAIPAN_SW
 * (cache names, what to store at install, private paths, the offline shells), so nothing here names a URL
 * the server does not hand it.
 *
 *  - Pages: the network first; a copy is kept when the response may be kept (see cacheable); when the network
 *    fails (or is very slow and a copy exists) the copy is served, marked data-offline on <html>. With no copy:
 *    /rulings/<slug>/?… gets the offline wizard, a calculator's /tools/…/?… its stored pad (which computes in the
 *    browser), /search/?q=… the offline search, /laws/<ref>/ and
 *    /laws/go/?q=<ref> a redirect to the law page, anything else the offline page.
 *  - Static files: from the cache made at install (its name carries a hash of the files), else the network.
 *  - JSON the offline pages read (/offline/…, the laws API, the trees): the network first, then the copy.
 *  - A navigation that sends a form (POST, the language switch) goes to the network; offline it gets the
 *    offline page ("this needs the network"), never the browser's error page.
 *  - Never kept: anything but GET, other origins, the private paths (a club's pages, accounts, admin,
 *    practice and their APIs), responses marked private or no-store (the server marks responses to signed-in
 *    users and responses that set a cookie so: the worker cannot see Set-Cookie), redirects and errors.
 *    "Download all" (static/js/pages/offline.js) stores its own copies, fetched without cookies.
 */
/* global CaipanReference */
"use strict";

const CONFIG = self.CAIPAN_SW;
// A hall's wifi that hangs rather than fails: serve the stored copy after this long (pages and the JSON the
// offline pages read); the network's answer, if it comes, is still stored for next time.
const NETWORK_TIMEOUT_MS = CONFIG.networkTimeoutMs || 2500;

// self.CaipanReference: static/js/engine/reference.js (27B1, 第64条 → the law page), put in front of this file by
// offline/views.py (sw_source), as the configuration is.

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(CONFIG.staticCache).then(function (cache) {
      return Promise.all(CONFIG.precache.map(function (url) {
        // Without cookies: the shells must not carry a signed-in user's top bar.
        return fetch(new Request(url, { credentials: "omit", cache: "no-cache" })).then(function (response) {
          if (!response.ok) throw new Error("precache " + url + " " + response.status);
          return cache.put(url, response);
        });
      }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf(CONFIG.cachePrefix) === 0 && name !== CONFIG.staticCache && name !== CONFIG.pagesCache;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

// ------------------------------------------------------------------------------------------- the policy
function startsWithAny(path, prefixes) {
  return prefixes.some(function (prefix) { return path.indexOf(prefix) === 0; });
}
function isPrivatePath(path) { return startsWithAny(path, CONFIG.privatePrefixes); }

// May this response be kept for offline use?
function cacheable(request, response) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return false;
  if (isPrivatePath(url.pathname) || startsWithAny(url.pathname, CONFIG.neverCache)) return false;
  if (!response || !response.ok || response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  const control = (response.headers.get("Cache-Control") || "").toLowerCase();
  if (/(^|[\s,])(private|no-store)([\s,=]|$)/.test(control)) return false;
  if (response.headers.get("Set-Cookie")) return false; // never visible to a worker; kept for other runtimes
  if ((response.headers.get("Vary") || "").indexOf("*") >= 0) return false;
  return true;
}

// Keep the worker alive while a copy is stored; if the answer already went out (a slow network answered after
// the stored copy was served), the copy is still stored, just without holding the worker for it.
function extend(event, promise) {
  try { event.waitUntil(promise); } catch (e) { /* too late to extend: fine */ }
}

function keep(cacheName, request, response) {
  if (!cacheable(request, response)) return Promise.resolve(false);
  const copy = response.clone();
  return caches.open(cacheName).then(function (cache) { return cache.put(stripFragment(request.url), copy); })
    .then(function () { return true; }, function () { return false; });
}
function stripFragment(url) { return url.split("#")[0]; }

function fromCache(request) {
  return caches.match(stripFragment(typeof request === "string" ? request : request.url), { ignoreVary: true });
}

function tellClients(message) {
  self.clients.matchAll({ type: "window" }).then(function (clients) {
    clients.forEach(function (client) { client.postMessage(message); });
  });
}

// A stored page, marked so the page knows it came from the device (static/js/pages/offline.js shows the badge).
function markOffline(response, reason) {
  if (!response) return response;
  const type = response.headers.get("Content-Type") || "";
  if (type.indexOf("text/html") < 0) return response;
  const mark = '<html data-offline="cache"' + (reason ? ' data-offline-reason="' + reason + '"' : "");
  return response.text().then(function (text) {
    const headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(text.replace(/<html\b/i, mark), {
      status: 200, statusText: "OK", headers: headers
    });
  });
}

// ------------------------------------------------------------------------------------------ navigations
// The stored answer to a navigation: its own copy, or for a calculator's address (/tools/score/?level=4…) the
// stored pad, which computes the answer in the browser (static/js/pages/calculators.js).
function storedCopy(request) {
  return fromCache(request).then(function (stored) {
    if (stored) return stored;
    const url = new URL(request.url);
    if (url.search && CONFIG.calculatorPages.indexOf(url.pathname) >= 0) return fromCache(url.origin + url.pathname);
    return null;
  });
}

// The app's own offline page (never the browser's): `reason` "network" for what only the server can do (a form
// sent, the language switch), so the page does not tell a user who downloaded everything to download again.
function offlinePage(reason) {
  return fromCache(CONFIG.offlinePage).then(function (page) {
    if (!page) return new Response("offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return markOffline(page, reason);
  });
}

function offlineAnswer(request) {
  const url = new URL(request.url);
  const path = url.pathname;
  return storedCopy(request).then(function (stored) {
    if (stored) return markOffline(stored);
    let ref = null;
    if (self.CaipanReference) {
      if (path === CONFIG.gotoPage) ref = CaipanReference.reference(url.searchParams.get("q") || "");
      else if (path.indexOf(CONFIG.lawPrefix) === 0) {
        const rest = decodeURIComponent(path.slice(CONFIG.lawPrefix.length).replace(/\/$/, ""));
        if (rest && !/^\d+$/.test(rest)) ref = CaipanReference.reference(rest);
      }
    }
    if (ref) return Response.redirect(new URL(CaipanReference.sectionUrl(ref, CONFIG.lawPrefix), url).href, 302);
    if (path === CONFIG.gotoPage) {
      return Response.redirect(new URL(CONFIG.searchPage + url.search, url).href, 302);
    }
    let shell = null;
    if (path.indexOf(CONFIG.wizardPrefix) === 0 && /^[a-z0-9-]*\/?$/.test(path.slice(CONFIG.wizardPrefix.length))) {
      shell = CONFIG.wizardShell;
    } else if (path === CONFIG.searchPage) {
      shell = CONFIG.searchShell;
    }
    return (shell ? fromCache(shell) : Promise.resolve(null)).then(function (page) {
      return page ? markOffline(page) : offlinePage("missing");
    });
  });
}

function navigation(event) {
  const request = event.request;
  const path = new URL(request.url).pathname;
  const network = fetch(request);
  const answered = network.then(function (response) {
    extend(event, keep(CONFIG.pagesCache, request, response));
    return response;
  });
  if (isPrivatePath(path)) {
    // Never kept, so there is no copy to fall back to: the offline page says why.
    return answered.catch(function () {
      tellClients({ type: "network-failed" });
      return offlinePage("private");
    });
  }
  return new Promise(function (resolve) {
    let settled = false;
    const timer = setTimeout(function () {
      storedCopy(request).then(function (stored) {
        if (stored && !settled) { settled = true; resolve(markOffline(stored)); }
      });
    }, NETWORK_TIMEOUT_MS);
    answered.then(function (response) {
      clearTimeout(timer);
      if (!settled) { settled = true; resolve(response); }
    }, function () {
      clearTimeout(timer);
      tellClients({ type: "network-failed" });
      if (!settled) { settled = true; resolve(offlineAnswer(request)); }
    });
  });
}

// -------------------------------------------------------------------------------------- other requests
function staticFile(event) {
  const request = event.request;
  return fromCache(request).then(function (stored) {
    if (stored) return stored;
    return fetch(request).then(function (response) {
      extend(event, keep(CONFIG.staticCache, request, response));
      return response;
    });
  });
}

function data(event) {
  const request = event.request;
  const network = fetch(request).then(function (response) {
    extend(event, keep(CONFIG.pagesCache, request, response));
    return response;
  });
  return new Promise(function (resolve) {
    let settled = false;
    const timer = setTimeout(function () {
      fromCache(request).then(function (stored) {
        if (stored && !settled) { settled = true; resolve(stored); }
      });
    }, NETWORK_TIMEOUT_MS);
    network.then(function (response) {
      clearTimeout(timer);
      if (!settled) { settled = true; resolve(response); }
    }, function () {
      clearTimeout(timer);
      tellClients({ type: "network-failed" });
      fromCache(request).then(function (stored) {
        if (!settled) { settled = true; resolve(stored || Response.error()); }
      });
    });
  });
}

// A form sent (POST) or the language switch: only the server can answer; offline, the app's own page says so.
function sent(event) {
  return fetch(event.request).catch(function () {
    tellClients({ type: "network-failed" });
    return offlinePage("network");
  });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // POSTs go to the network and are never kept; a form sent offline gets the offline page, not the dinosaur.
    if (request.mode === "navigate") event.respondWith(sent(event));
    return;
  }
  if (request.headers.get("X-Caipan-Download")) return; // "download all" stores these itself
  const path = url.pathname;
  if (request.mode === "navigate") {
    event.respondWith(navigation(event));
  } else if (path.indexOf(CONFIG.staticPrefix) === 0) {
    event.respondWith(staticFile(event));
  } else if (!isPrivatePath(path) && !startsWithAny(path, CONFIG.neverCache) && startsWithAny(path, CONFIG.dataPrefixes)) {
    event.respondWith(data(event));
  }
  // Everything else (the search API, the calculators' APIs, private paths) is the browser's business.
});

// ------------------------------------------------------------------------------- offline by default
// Every page says hello once the worker is ready (static/js/pages/offline.js): the worker keeps what the page
// needs to finish offline (a wizard page: its tree and the wizard's JSON; any page: itself), then, in the
// background, downloads the reader's pack (/offline/bundle.json, the same as "download all") when the device has
// none, or an older version, or another language's. The worker does it, not the page, so a walk's page loads do
// not cut it off. What it stored is noted under CONFIG.deviceRecord; every open page hears the state
// ({type: "pack", state: "saving" | "updating" | "ready" | "stale" | "failed" | "none", record, n, total}).
let downloading = null;

function readRecord() {
  return caches.open(CONFIG.pagesCache).then(function (cache) { return cache.match(CONFIG.deviceRecord); })
    .then(function (r) { return r ? r.json() : null; })
    .catch(function () { return null; });
}
function writeRecord(record) {
  return caches.open(CONFIG.pagesCache).then(function (cache) {
    return cache.put(CONFIG.deviceRecord, new Response(JSON.stringify(record), { headers: { "Content-Type": "application/json" } }));
  });
}

// Fetched without cookies (the stored copy carries nobody's name), in the page's language.
function plainGet(url, language, extra) {
  const headers = Object.assign({ "X-Caipan-Download": "1" }, extra || {});
  if (language) headers["Accept-Language"] = language;
  return fetch(new Request(url, { credentials: "omit", cache: "no-store", headers: headers }));
}

function warm(message) {
  if (!message.page) return Promise.resolve();
  const url = new URL(message.page, self.location.href);
  if (url.origin !== self.location.origin || isPrivatePath(url.pathname)) return Promise.resolve();
  const wanted = [url.href.split("#")[0]];
  const rest = url.pathname.indexOf(CONFIG.wizardPrefix) === 0 ? url.pathname.slice(CONFIG.wizardPrefix.length) : null;
  const slug = rest !== null && /^[a-z0-9-]+\/$/.test(rest) ? rest.slice(0, -1) : null;
  if (slug) wanted.push(new URL(CONFIG.treeUrl.replace("__slug__", slug), url).href, new URL(CONFIG.wizardData, url).href);
  return caches.open(CONFIG.pagesCache).then(function (cache) {
    return Promise.all(wanted.map(function (href) {
      return cache.match(href).then(function (stored) {
        if (stored && href !== wanted[0]) return null; // the JSON is refreshed by the data policy as it is read
        return plainGet(href, message.language).then(function (response) {
          return keep(CONFIG.pagesCache, new Request(href), response);
        }).catch(function () { return null; });
      });
    }));
  });
}

function announce(state, extra) {
  tellClients(Object.assign({ type: "pack", state: state }, extra || {}));
}

function storeBundle(message) {
  return plainGet(message.bundle, message.language).then(function (response) {
    if (!response.ok) throw new Error("bundle " + response.status);
    return response.json();
  }).then(function (pack) {
    return caches.open(pack.cache).then(function (cache) {
      let stored = 0;
      return pack.entries.reduce(function (chain, entry, index) {
        return chain.then(function () {
          const body = new Response(entry.body, { status: 200, headers: { "Content-Type": entry.type } });
          return cache.put(entry.url, body).then(function () {
            stored++;
            if (index % 40 === 0) announce("saving", { n: index, total: pack.entries.length });
          }, function () { /* one page not stored: counted below */ });
        });
      }, Promise.resolve()).then(function () {
        if (!stored) throw new Error("nothing stored");
        return { stored: stored, total: pack.entries.length, failed: pack.entries.length - stored,
                 revision: pack.revision, version: pack.version, edition: pack.edition, requests: 1 };
      });
    });
  });
}

function backgroundDownload(message) {
  if (downloading) return downloading;
  downloading = readRecord().then(function (record) {
    return plainGet(message.version, message.language).then(function (r) { return r.ok ? r.json() : null; }, function () { return null; })
      .then(function (server) {
        const same = record && server && record.version === server.version && record.language === message.language;
        if (!server || same) { announce(record ? "ready" : "none", { record: record }); return null; }
        announce(record ? "updating" : "saving", { record: record });
        const started = Date.now();
        return storeBundle(message).then(function (result) {
          const next = Object.assign(result, { at: Date.now(), language: message.language, ms: Date.now() - started, auto: true });
          return writeRecord(next).then(function () { announce("ready", { record: next, updated: !!record }); });
        }, function () {
          announce(record ? "stale" : "failed", { record: record });
        });
      });
  }).then(function () { downloading = null; }, function () { downloading = null; });
  return downloading;
}

self.addEventListener("message", function (event) {
  const message = event.data || {};
  if (message.type !== "hello") return;
  const source = event.source;
  event.waitUntil(warm(message).then(function () {
    if (source) source.postMessage({ type: "warmed", page: message.page });
    return message.bundle && message.version ? backgroundDownload(message) : null;
  }));
});
