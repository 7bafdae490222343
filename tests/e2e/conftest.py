"""Playwright driving Debian's chromium (/usr/bin/chromium, never a downloaded browser)."""

import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# The screenshot set for review (git-ignored, like everything under var/).
SCREENSHOTS = Path(__file__).resolve().parents[2] / "var" / "screenshots"
# Playwright's sync API runs an event loop in this thread; the Django server runs in its own thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

TABLET_PORTRAIT = {"width": 768, "height": 1024}
TABLET_LANDSCAPE = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}


def _chromium_missing() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"chromium not found at {CHROMIUM}: browser tests not run (apt-get install chromium fonts-wqy-microhei)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed: browser tests not run"
    return None


def pytest_collection_modifyitems(config, items):
    reason = _chromium_missing()
    if reason is None:
        return
    if os.environ.get("E2E_REQUIRED"):
        raise pytest.UsageError(f"E2E_REQUIRED is set but {reason}")
    print(f"\n*** {reason} ***")
    for item in items:
        if "tests/e2e" in str(item.fspath):
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser, server_url):
    """open_page(path, viewport, locale=…) → a Playwright page at that size, showing path, its browser asking for
    that language (Chinese unless told)."""
    contexts = []

    def open_(path: str, viewport=TABLET_PORTRAIT, locale: str = "zh-CN", **context_args):
        context = browser.new_context(viewport=viewport, locale=locale, **context_args)
        contexts.append(context)
        page = context.new_page()
        page.goto(server_url + path)
        return page

    yield open_
    for context in contexts:
        context.close()


def screenshot(page, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


def horizontal_overflow(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")


def _function_predicates() -> None:
    """The site's Content-Security-Policy refuses eval, and Playwright polls a bare-expression predicate of
    wait_for_function ("window.X && window.Y") with eval inside the page; a function it calls without eval. So a bare
    expression is handed over as `() => (expression)`: the tests keep their strings, the pages keep their policy."""
    try:
        from playwright.sync_api import Frame, Page
    except ImportError:  # reported by pytest_collection_modifyitems
        return

    def wrap(original):
        def wait_for_function(self, expression, *args, **kwargs):
            text = expression.strip()
            if "=>" not in text and not text.startswith(("function", "async")):
                expression = f"() => ({text})"
            return original(self, expression, *args, **kwargs)

        return wait_for_function

    for cls in (Page, Frame):
        if not getattr(cls.wait_for_function, "_function_predicates", False):
            cls.wait_for_function = wrap(cls.wait_for_function)
            cls.wait_for_function._function_predicates = True


_function_predicates()
