"""Security headers (security review L3): a Content-Security-Policy that allows this site's own files only, and
a Permissions-Policy; no template carries an inline script or event handler the policy would block."""

import re
from pathlib import Path

import pytest

from tests.clubs.conftest import PASSWORD, club, director, make_record, make_user, record  # noqa: F401

from .conftest import ROOT

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I)
HANDLER = re.compile(r"<[a-z][^>]*\s(on[a-z]+)\s*=", re.I)
JS_URL = re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.I)


def directives(response) -> dict[str, list[str]]:
    policy = response["Content-Security-Policy"]
    return {part.split()[0]: part.split()[1:] for part in policy.split(";") if part.strip()}


def assert_no_inline_code(html: str) -> None:
    assert not INLINE_SCRIPT.search(html), INLINE_SCRIPT.search(html)
    assert not HANDLER.search(html), HANDLER.search(html)
    assert not JS_URL.search(html)


PAGES = [
    "/",
    "/laws/27/",
    "/glossary/",
    "/rulings/",
    "/search/?q=藏牌",
    "/accounts/login/",
    "/admin/login/",
    "/tools/score/",
]


@pytest.mark.parametrize("path", PAGES)
def test_pages_carry_the_policies_and_no_inline_code(client, path):
    response = client.get(path)
    assert response.status_code == 200
    policy = directives(response)
    assert policy["default-src"] == ["'self'"]
    assert "script-src" not in policy and "style-src" not in policy  # default-src 'self': no inline, no eval
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["img-src"] == ["'self'", "data:"]
    assert (
        "camera=()" in response["Permissions-Policy"] and "geolocation=()" in response["Permissions-Policy"]
    )
    assert_no_inline_code(response.content.decode())


def test_the_print_sheet_prints_through_a_script_file(client, director, record):  # noqa: F811
    client.force_login(director)
    response = client.get(f"/clubs/{record.club_id}/rulings/{record.number}/print/")
    html = response.content.decode()
    assert response.status_code == 200 and "data-print" in html and "js/pages/print.js" in html
    assert_no_inline_code(html)  # was onclick="window.print()"


def test_the_api_docs_load_their_start_up_script_as_a_file(client):
    response = client.get("/api/docs/")
    html = response.content.decode()
    assert response.status_code == 200 and not INLINE_SCRIPT.search(html)
    script = re.search(r'<script src="([^"]*\?script=[^"]*)"', html)
    assert script, html
    assert client.get(script.group(1).replace("&amp;", "&")).status_code == 200
    assert directives(response)["style-src"] == ["'self'", "'unsafe-inline'"]  # Swagger UI's one <style>


def test_no_template_or_script_file_needs_inline_code():
    templates = [
        path
        for path in ROOT.glob("**/templates/**/*.html")
        if ".venv" not in path.parts and "var" not in path.parts
    ]
    assert len(templates) > 30
    for path in templates:
        text = path.read_text(encoding="utf-8")
        assert not INLINE_SCRIPT.search(text), path
        assert not HANDLER.search(text), path
    for path in Path(ROOT, "static").glob("**/*.js"):
        text = path.read_text(encoding="utf-8")
        assert "eval(" not in text and "new Function" not in text, path
