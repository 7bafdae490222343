import pytest
from django.db.models import F

pytestmark = pytest.mark.django_db


def test_home_lists_chapters_and_goto_box(client):
    html = client.get("/").content.decode()
    assert "准备事项" in html and "申诉" in html
    assert 'action="/laws/go/"' in html
    assert "本规则要领" in html


@pytest.mark.parametrize(
    ("query", "location"),
    [
        ("27", "/laws/27/"),
        ("27B1", "/laws/27/#27B1"),
        ("第27条", "/laws/27/"),
        ("第64条A款2项", "/laws/64/#64A2"),
        ("27b", "/laws/27/#27B"),
        ("27Z", "/laws/27/?missing=27Z"),
    ],
)
def test_goto(client, query, location):
    response = client.get("/laws/go/", {"q": query})
    assert response.status_code == 302 and response["Location"] == location


def test_goto_unknown_is_a_clear_404(client):
    response = client.get("/laws/go/", {"q": "xyz"})
    assert response.status_code == 404
    assert "没有找到" in response.content.decode()


@pytest.mark.parametrize("path", ["/laws/27X9/", "/laws/go/?q=27Z"])
def test_a_missing_section_says_so_on_the_law_page(client, path):
    """Bug 16: /laws/27X9/ and 转到 27Z land on Law 27 with a word that the section was not found."""
    page = client.get(path, follow=True)
    html = page.content.decode()
    assert page.status_code == 200 and page.redirect_chain[-1][0].startswith("/laws/27/?missing=")
    missing = "27X9" if "27X9" in path else "27Z"
    assert f"没有找到 {missing} 这一款" in html and "missing-section" in html


def test_the_missing_notice_shows_only_a_law_reference(client):
    html = client.get("/laws/27/", {"missing": "<script>"}).content.decode()
    assert "missing-section" not in html
    assert "missing-section" not in client.get("/laws/27/").content.decode()


def test_section_url_redirects_to_anchor(client):
    response = client.get("/laws/27B1/")
    assert response.status_code == 302 and response["Location"] == "/laws/27/#27B1"


def test_law_page_tree_anchors_links_and_xrefs(client):
    html = client.get("/laws/6/").content.decode()
    assert 'id="6D3"' in html and 'href="#6D3"' in html
    assert 'href="/laws/22/#22A"' in html and 'href="/laws/86/#86C"' in html
    assert "本条引用" in html and "被以下条款引用" in html
    assert "官方文本" in html
    assert 'rel="prev"' in html and 'rel="next"' in html


def test_summary_law_is_marked_as_summary(client):
    html = client.get("/laws/64/").content.decode()
    assert "不是官方条文" in html
    assert 'id="64A2"' in html


def test_law_8c_shows_it_is_cut_off(client):
    assert "在此中断" in client.get("/laws/8/").content.decode()


def test_law_2_table_is_a_table(client):
    html = client.get("/laws/2/").content.decode()
    assert "<table" in html and "<td>北家</td>" in html


def test_glossary_page(client):
    html = client.get("/glossary/").content.decode()
    assert "REVOKE" in html and "项目补充" in html


def test_unknown_law_404(client):
    assert client.get("/laws/94/").status_code == 404


def test_english_ui(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = client.get("/laws/27/").content.decode()
    assert 'lang="en"' in html
    # The English catalog is compiled and used: chrome and notices in English, the law text stays Chinese.
    assert '<a href="/">Laws</a>' in html and "not the official text" in html
    assert "不足叫牌" in html


def test_a_law_page_renders_its_text_once_per_edition_revision(client, monkeypatch):
    """Issue 32: the law text's HTML is rendered once and kept for the edition's revision; an import (which bumps
    the revision) is shown at once."""
    from laws import selectors
    from laws.models import Edition

    calls = []
    real = selectors.render
    monkeypatch.setattr(selectors, "render", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    monkeypatch.setattr(selectors, "_LAW_HTML", {})
    first = client.get("/laws/64/").content.decode()
    rendered = len(calls)
    assert rendered > 5 and "64A1" in first
    assert "64A1" in client.get("/laws/64/").content.decode()
    assert len(calls) == rendered  # nothing rendered again
    Edition.objects.filter(code="ccba-1999").update(revision=F("revision") + 1)
    client.get("/laws/64/")
    assert len(calls) == 2 * rendered


def test_a_law_page_reads_its_text_and_references_once_per_edition_revision(
    client, django_assert_max_num_queries
):
    """Issue 32: the law's text, references and neighbours are a cached fragment; a page after the first asks the
    database only for what is the reader's own (the edition chosen, the law itself): 3 queries, from 11 — the
    editions table once for the whole request (the choice, the top bar's switch, the other edition: it was read
    four times), the law, and whether the other edition has it."""
    client.get("/laws/64/")
    with django_assert_max_num_queries(3):
        page = client.get("/laws/64/").content.decode()
    assert "64A1" in page and "第63条" in page and "第65条" in page


def test_the_editions_table_is_read_again_by_the_next_request_and_after_an_import(
    client, django_assert_num_queries
):
    """The editions read once per request are not kept past it: a revision moved between two requests shows."""
    from laws import selectors, services
    from laws.models import Edition

    selectors.forget_editions()
    assert selectors.edition_default().revision == Edition.objects.get(code="ccba-1999").revision
    Edition.objects.filter(code="ccba-1999").update(revision=F("revision") + 1)
    with django_assert_num_queries(1):  # outside a request nothing is kept
        fresh = selectors.edition_default()
    assert fresh.revision == Edition.objects.get(code="ccba-1999").revision
    client.get("/laws/64/")
    with django_assert_num_queries(1):  # the request's memo ended with it
        selectors.edition_default()
    assert services.edition_get_or_create("ccba-1999").pk == fresh.pk
