"""The service worker, the web app manifest, the offline pages (shells) and the JSON they read."""

from __future__ import annotations

import hashlib
import json
import re

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import FileResponse, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from bridge import Vulnerability
from laws import editions as edition_table
from laws.models import Edition
from laws.selectors import edition_default, edition_list
from offline import bundle as bundles
from offline import data
from offline.middleware import PRIVATE_PREFIXES
from rulings.choices import SEATS, VULNERABILITIES
from rulings.trees import trees

SW_SOURCE = "sw.js"
SW_REFERENCE = "js/engine/reference.js"
"""The reference parser (27B1, 第64条 → the law page), an ES module the worker reads as classic script text."""
# Files the worker stores when it installs, so the shells work offline before "download all".
PRECACHED_STATIC = (
    "css/app.css",
    # Every module of static/js (the pages import the engine's; tests/offline/test_offline_views.py checks the
    # list is whole), and the classic theme script.
    "js/theme.js",
    "js/engine/assigned.js",
    "js/engine/assigned2017.js",
    "js/engine/calculators.js",
    "js/engine/claims.js",
    "js/engine/deal.js",
    "js/engine/judgement.js",
    "js/engine/messages.js",
    "js/engine/plan.js",
    "js/engine/poll.js",
    "js/engine/problem.js",
    "js/engine/reference.js",
    "js/engine/search.js",
    "js/engine/summary.js",
    "js/engine/trees.js",
    "js/engine/values.js",
    "js/engine/wizard.js",
    "js/pages/app.js",
    "js/pages/appeal-dom.js",
    "js/pages/appeal-poll.js",
    "js/pages/appeal-results.js",
    "js/pages/appeal.js",
    "js/pages/calculators.js",
    "js/pages/callpad.js",
    "js/pages/judgement.js",
    "js/pages/offline-search.js",
    "js/pages/offline.js",
    "js/pages/pads.js",
    "js/pages/search-box.js",
    "js/pages/wizard.js",
    "css/judgement.css",
    "icons/icon.svg",
    "icons/icon-192.png",
    "icons/icon-512.png",
)
CACHE_PREFIX = "caipan-"
NETWORK_TIMEOUT_MS = 2500
"""A network that hangs rather than fails: the worker serves the stored copy after this long."""
PAGES_CACHE = data.PAGES_CACHE
DEVICE_RECORD = "/offline/device.json"
"""Not a route: the key under which the worker keeps, in its pages cache, what it downloaded and when."""
THEME_COLOR = "#0b5cad"
THEME_COLOR_DARK = "#121417"


def _static_file(name: str) -> bytes:
    path = finders.find(name)
    if not path:  # pragma: no cover - the files ship with the app
        raise FileNotFoundError(name)
    with open(path, "rb") as handle:
        return handle.read()


def sw_config() -> dict:
    """What the worker is told: cache names, what to store at install, which paths are private, the shells."""
    digest = hashlib.sha256(sw_source().encode("utf-8"))
    for name in PRECACHED_STATIC:
        digest.update(_static_file(name))
    version = digest.hexdigest()[:12]
    return {
        "version": version,
        "staticCache": f"{CACHE_PREFIX}static-{version}",
        "pagesCache": PAGES_CACHE,
        "cachePrefix": CACHE_PREFIX,
        "precache": [static(name) for name in PRECACHED_STATIC]
        + [
            reverse("offline:page"),
            reverse("offline:wizard-shell"),
            reverse("offline:search-shell"),
            reverse("offline:tables"),
            reverse("offline:manifest"),
            reverse("offline:favicon"),
        ],
        "networkTimeoutMs": NETWORK_TIMEOUT_MS,
        # A calculator's address with a query is answered offline by its stored pad (static/js/pages/calculators.js).
        "calculatorPages": [
            reverse("rulings:score"),
            reverse("rulings:imps"),
            reverse("rulings:matchpoints"),
            reverse("rulings:adjusted"),
        ],
        "staticPrefix": settings.STATIC_URL,
        "privatePrefixes": list(PRIVATE_PREFIXES),
        # Beside pages, only these GETs are kept (the search API and the calculators' APIs are never stored).
        "dataPrefixes": [
            "/offline/",
            "/api/laws/",
            "/api/definitions/",
            "/api/rulings/trees/",
            reverse("offline:manifest"),
            reverse("offline:favicon"),
        ],
        "neverCache": [
            "/api/search/",
            "/i18n/",
            "/sw.js",
            reverse("offline:pack"),
            reverse("offline:bundle"),
            reverse("offline:version"),
        ],
        "offlinePage": reverse("offline:page"),
        "wizardShell": reverse("offline:wizard-shell"),
        # Offline by default (issue 31): what a wizard page needs to finish its walk offline, kept as soon as
        # the page is opened; and where the worker notes what it downloaded in the background.
        "treeUrl": reverse("api-tree-detail", args=["__slug__"]),
        "wizardData": reverse("offline:wizard-data"),
        "deviceRecord": DEVICE_RECORD,
        "searchShell": reverse("offline:search-shell"),
        "wizardPrefix": reverse("rulings:wizard"),
        "searchPage": reverse("search:page"),
        "gotoPage": reverse("laws:goto"),
        "lawPrefix": "/laws/",
    }


def sw_source() -> str:
    """static/sw.js behind the reference parser (static/js/engine/reference.js) as classic script: its top-level
    ``export`` keywords taken off, inside a block of its own, so the worker (a classic script: module service
    workers are not on every tablet we target) calls ``CaipanReference.reference`` and ``sectionUrl`` — the same
    parser as the pages, with no copy to keep equal and no build step."""
    module = _static_file(SW_REFERENCE).decode("utf-8")
    names = re.findall(r"^export function (\w+)\(", module, flags=re.MULTILINE)
    if re.search(r"^(import|export (?!function ))", module, flags=re.MULTILINE):  # pragma: no cover - a guard
        raise ValueError(f"{SW_REFERENCE}: only exported functions and no imports can run in the worker")
    body = re.sub(r"^export function ", "function ", module, flags=re.MULTILINE)
    return (
        f"// {SW_REFERENCE}, as classic script\n"
        + 'self.CaipanReference = (function () {\n"use strict";\n'
        + body
        + "return { "
        + ", ".join(names)
        + " };\n})();\n"
        + _static_file(SW_SOURCE).decode("utf-8")
    )


@require_GET
def service_worker(request):
    """/sw.js: static/sw.js with its configuration in front. Served from the root so its scope is the whole site;
    never cached by the browser, so a changed file (or a changed precached asset, via the version) is seen at
    the next visit."""
    body = "self.CAIPAN_SW = " + json.dumps(sw_config(), ensure_ascii=False) + ";\n" + sw_source()
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def manifest(request):
    body = {
        "name": _("裁判助手"),
        "short_name": _("裁判助手"),
        "description": _("桥牌裁判的规则与裁决助手：查条款、走裁决流程，断网也能用。"),
        "lang": "zh-CN",
        "dir": "ltr",
        "id": "/",
        "start_url": reverse("laws:home"),
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#fbfaf7",
        "theme_color": THEME_COLOR,
        "categories": ["reference", "sports", "utilities"],
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {
                "src": static("icons/icon-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
        ],
        "shortcuts": [
            {"name": _("裁决向导"), "url": reverse("rulings:wizard")},
            {"name": _("术语表"), "url": reverse("laws:glossary")},
        ],
    }
    response = JsonResponse(body, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json; charset=utf-8"
    return response


def offline_page(request):
    """Shown by the worker for a page that is neither reachable nor stored."""
    return render(request, "offline/offline.html")


def wizard_shell(request):
    """The wizard, rendered in the browser from the stored tree (static/js/pages/wizard.js). The worker
    answers an unstored /rulings/<slug>/?… with this page; the script reads the address it was opened at."""
    context = {
        "labels_json": json.dumps(data.outcome_labels(), ensure_ascii=False),
        "vulnerabilities_json": json.dumps([v.value for v in Vulnerability]),
        "seats": SEATS,
        "vulnerability_labels": VULNERABILITIES,
        "tree_url": reverse("api-tree-detail", args=["__slug__"]),
        "wizard_data_url": reverse("offline:wizard-data"),
        "tables_url": reverse("offline:tables"),
        "default_edition": settings.LAWS_DEFAULT_EDITION,
        "editions": edition_list(),
        "wizard_url": reverse("rulings:wizard"),
        "section_url": reverse("laws:section", args=["__ref__"]),
        "record_url": reverse("clubs:from-wizard"),
        "ruling_form_url": reverse("rulings:ruling-form", args=["__slug__"]),
        "assigned_url": reverse("rulings:assigned"),
    }
    return render(request, "offline/wizard.html", context)


def search_shell(request):
    """The search page, answered in the browser from the stored corpus (static/js/pages/offline-search.js)."""
    return render(request, "offline/search.html")


def _json(request, body, etag: str | None = None):
    if etag and request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified()
    response = JsonResponse(body, safe=False, json_dumps_params={"ensure_ascii": False})
    if etag:
        response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    return response


def _bad_edition(code: str) -> JsonResponse:
    return JsonResponse({"error": f"unknown edition {code[:40]!r}", "field": "edition"}, status=400)


def _pack_editions(request) -> tuple[Edition, list[Edition]] | None:
    """``?edition=`` of the offline JSON (issue 28): left out, the site default (what the worker has always
    stored); a code, that edition; ``all``, the site default and every further edition. None: unknown."""
    code = request.GET.get(edition_table.PARAM, "")
    if not code:
        return edition_default(), []
    if code == edition_table.ALL:
        return edition_default(), [e for e in Edition.objects.order_by("code")]
    edition = Edition.objects.filter(code=code).first()
    return (edition, []) if edition is not None else None


@require_GET
def corpus(request):
    """/offline/corpus.json: sections and glossary for the offline search box, versioned by the edition's
    revision (in the body and the ETag). ``?edition=<code>`` for another edition than the site default."""
    chosen = _pack_editions(request)
    if chosen is None or request.GET.get(edition_table.PARAM) == edition_table.ALL:
        return _bad_edition(request.GET.get(edition_table.PARAM, ""))
    edition = chosen[0]
    return _json(request, data.corpus(edition), data.corpus_etag(edition))


@require_GET
def tables(request):
    """/offline/tables.json: the Law 77 scores, the Law 64 transfers, the contract vocabulary and the error
    messages, generated from the engine (offline.data.score_tables)."""
    return _json(request, data.score_tables(), data.tables_etag())


@require_GET
def wizard_data(request):
    """/offline/wizard.json: the leaves' scripts and the tree list of one edition (``?edition=``, else the site
    default)."""
    chosen = _pack_editions(request)
    if chosen is None or request.GET.get(edition_table.PARAM) == edition_table.ALL:
        return _bad_edition(request.GET.get(edition_table.PARAM, ""))
    edition = chosen[0]
    versions = ",".join(f"{slug}:{tree.version}" for slug, tree in trees(edition.code).items())
    return _json(request, data.wizard_data(edition), f'"wizard-{edition.code}-{edition.revision}-{versions}"')


@require_GET
def pack(request):
    """/offline/pack.json: what "download all" stores, and the version it amounts to; ``?edition=`` a code or
    ``all`` (both editions' law pages)."""
    chosen = _pack_editions(request)
    if chosen is None:
        return _bad_edition(request.GET.get(edition_table.PARAM, ""))
    response = _json(request, data.pack(chosen[0], also=chosen[1]))
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def version(request):
    """/offline/version.json: the version of what "download all" stores, small, so a tablet can tell whether its
    copy is stale (static/js/pages/offline.js) without fetching the list."""
    chosen = _pack_editions(request)
    if chosen is None:
        return _bad_edition(request.GET.get(edition_table.PARAM, ""))
    pack = data.pack(chosen[0], also=chosen[1])
    response = _json(
        request, {"edition": pack["edition"], "revision": pack["revision"], "version": pack["version"]}
    )
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def bundle(request):
    """/offline/bundle.json: every page of the pack in one JSON (url, Content-Type, body), gzip-compressed when
    the browser accepts it: "download all" in one request instead of ~220. ``?edition=`` as for the pack."""
    chosen = _pack_editions(request)
    if chosen is None:
        return _bad_edition(request.GET.get(edition_table.PARAM, ""))
    built = bundles.bundle(
        get_language() or settings.LANGUAGE_CODE, request.get_host(), edition=chosen[0], also=chosen[1]
    )
    etag = f'"bundle-{built.version}-{get_language()}"'
    if request.headers.get("If-None-Match") == etag:
        return HttpResponseNotModified()
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "").lower()
    response = HttpResponse(
        built.gzipped if gzipped else built.body, content_type="application/json; charset=utf-8"
    )
    if gzipped:
        response["Content-Encoding"] = "gzip"  # compressed once, when built; GZipMiddleware leaves it alone
    response["Content-Length"] = str(len(response.content))
    response["X-Caipan-Bundle-Entries"] = str(built.count)
    response["X-Caipan-Bundle-Bytes"] = str(len(built.body))
    response["ETag"] = etag
    response["Cache-Control"] = "no-store"
    patch_vary_headers(response, ("Accept-Encoding", "Accept-Language", "Cookie"))
    return response


@require_GET
def favicon(request):
    """/favicon.ico: the app's icon (PNG; every browser reads it under this name), for pages and files that do
    not link one (the print sheet, the manifest) — no more 404 in the console."""
    path = finders.find("icons/icon-192.png")
    response = FileResponse(open(path, "rb"), content_type="image/png")
    response["Cache-Control"] = "public, max-age=86400"
    return response
