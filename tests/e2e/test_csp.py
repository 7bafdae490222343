"""The Content-Security-Policy in chromium (security review L3): no page, script or the service worker trips it,
and the API docs still draw."""

from __future__ import annotations

import pytest

from tests.e2e.conftest import TABLET_PORTRAIT

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"
# Playwright's init script is not subject to the page's policy: it records every violation the page causes.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI + " " + (e.sourceFile || "") + ":" + e.lineNumber);
});
"""
PAGES = [
    "/",
    "/laws/27/",
    "/glossary/",
    "/rulings/revoke/?established=true",
    "/tools/score/",
    "/tools/assigned/",
    "/search/?q=藏牌",
    "/practice/",
    "/accounts/login/",
]


@pytest.fixture
def context(browser):
    context = browser.new_context(viewport=TABLET_PORTRAIT, locale="zh-CN", service_workers="allow")
    context.add_init_script(WATCH)
    yield context
    context.close()


def violations(page) -> list[str]:
    return page.evaluate("window.__violations")


def test_pages_and_the_service_worker_run_under_the_policy(context, server_url):
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=60_000)  # the worker registered and took over
    for path in PAGES:
        page.goto(server_url + path)
        page.wait_for_load_state("networkidle")
        assert violations(page) == [], path
    page.goto(server_url + "/laws/27/")
    page.fill("input[type=search]", "藏牌")  # the live search box (fetch → /api/search/)
    page.wait_for_timeout(1500)
    assert violations(page) == []
    assert not [e for e in errors if "Content Security Policy" in e], errors


def test_the_api_docs_draw_under_the_policy(context, server_url):
    page = context.new_page()
    page.goto(server_url + "/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock", timeout=60_000)
    assert violations(page) == []
