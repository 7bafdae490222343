"""Issue 29: a director working in the 2017 edition downloads it and walks every 2017 tree offline in chromium,
the offline wizard drawing the 2017 ruling (its edition named, its law links to the 2017 text)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from rulings.trees import trees
from tests.e2e.conftest import TABLET_PORTRAIT, screenshot
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

EDITION = "wbf-2017"
CONTROLLED = "navigator.serviceWorker && navigator.serviceWorker.controller !== null"


@pytest.fixture(scope="module")
def downloaded_2017(browser, server_url):
    context = browser.new_context(viewport=TABLET_PORTRAIT, locale="zh-CN", service_workers="allow")
    host = server_url.split("//", 1)[1].split("/", 1)[0].split(":")[0]
    context.add_cookies([{"name": "edition", "value": EDITION, "domain": host, "path": "/"}])
    page = context.new_page()
    page.goto(server_url + "/")
    page.wait_for_function(CONTROLLED, timeout=30_000)
    page.click("[data-offline-download]")
    page.wait_for_selector("[data-offline-pack][data-offline-state]", timeout=180_000)
    yield context
    context.close()


@pytest.mark.parametrize("slug", sorted(trees(EDITION)))
def test_every_2017_tree_walks_to_a_2017_ruling_offline(downloaded_2017, server_url, slug):
    context = downloaded_2017
    page = context.new_page()
    context.set_offline(True)
    try:
        leaf, facts = next(iter(one_per_leaf(trees(EDITION)[slug]).items()))
        page.goto(f"{server_url}/rulings/{slug}/?{urlencode({'edition': EDITION, **as_url_values(facts)})}")
        page.wait_for_selector(".ruling-card", timeout=30_000)
        assert page.locator(".ruling-card h1.ruling-summary").inner_text().strip()
        assert page.locator(".ruling-card .script").inner_text().strip()
        hrefs = page.locator(".ruling-card a.ref").evaluate_all("els => els.map(e => e.getAttribute('href'))")
        assert hrefs and all(f"edition={EDITION}" in href for href in hrefs), (slug, leaf, hrefs)
        if slug == "revoke":
            screenshot(page, "offline-2017-revoke-ruling")
    finally:
        context.set_offline(False)
        page.close()
