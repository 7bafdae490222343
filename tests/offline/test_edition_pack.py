"""The offline pack of a chosen edition, or both (issue 28): ``?edition=`` on pack.json, version.json,
bundle.json and corpus.json; left out, exactly what the worker has always stored (the site default)."""

import json

import pytest

from offline import bundle as bundles
from tests.laws.edition_fixture import edition_2017  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_default_pack_is_unchanged(client, edition_2017):  # noqa: F811
    pack = client.get("/offline/pack.json").json()
    assert pack["edition"] == "ccba-1999" and pack["editions"] == ["ccba-1999"]
    assert not any("edition=" in url for url in pack["urls"])
    assert "/laws/27/" in pack["urls"]


def test_pack_of_both_editions(client, edition_2017):  # noqa: F811
    pack = client.get("/offline/pack.json?edition=all").json()
    assert pack["editions"] == ["ccba-1999", "wbf-2017"]
    assert "/laws/27/" in pack["urls"] and "/laws/27/?edition=wbf-2017" in pack["urls"]
    assert "/api/laws/23/?edition=wbf-2017" in pack["urls"]
    assert "/glossary/?edition=wbf-2017" in pack["urls"]
    assert pack["version"] != client.get("/offline/pack.json").json()["version"]


def test_pack_of_one_edition(client, edition_2017):  # noqa: F811
    pack = client.get("/offline/pack.json?edition=wbf-2017").json()
    assert pack["edition"] == "wbf-2017"
    assert "/laws/23/?edition=wbf-2017" in pack["urls"] and "/laws/93/" not in pack["urls"]


def test_unknown_edition_is_a_400(client):
    for url in [
        "/offline/pack.json",
        "/offline/version.json",
        "/offline/bundle.json",
        "/offline/corpus.json",
    ]:
        response = client.get(url + "?edition=nope")
        assert response.status_code == 400 and response.json()["field"] == "edition", url


def test_corpus_of_an_edition(client, edition_2017):  # noqa: F811
    corpus = client.get("/offline/corpus.json?edition=wbf-2017").json()
    assert corpus["edition"] == "wbf-2017"
    assert {s["law"] for s in corpus["sections"]} == {1, 12, 23, 27}
    assert any(s["url"] == "/laws/23/?edition=wbf-2017#23A" for s in corpus["sections"])
    # The edition's own trees, each opening the wizard in it (search.trees.offline_catalog): 2017 cites its Law 23.
    assert {t["edition"] for t in corpus["trees"]} == {"wbf-2017"}
    bid = next(t for t in corpus["trees"] if t["slug"] == "insufficient-bid")
    assert bid["url"] == "/rulings/insufficient-bid/?edition=wbf-2017" and "comparable call" in bid["names"]
    base = client.get("/offline/corpus.json").json()["trees"]
    assert {t["edition"] for t in base} == {"ccba-1999"}
    assert next(t for t in base if t["slug"] == "insufficient-bid")["url"] == "/rulings/insufficient-bid/"
    assert "comparable call" not in next(t for t in base if t["slug"] == "insufficient-bid")["names"]


def test_bundle_renders_the_edition_pages(client, edition_2017):  # noqa: F811
    bundles.forget()
    body = client.get("/offline/bundle.json?edition=wbf-2017").content
    data = json.loads(body)
    pages = {entry["url"]: entry["body"] for entry in data["entries"]}
    assert "可比叫" in pages["/laws/23/?edition=wbf-2017"]
    assert data["editions"] == ["wbf-2017"]
    bundles.forget()


def test_download_all_takes_the_readers_edition(client, edition_2017):  # noqa: F811
    """Issue 28: a director working in the 2017 edition downloads its pack ("download all" on the home page names
    it); the site default's box stays as it always was."""
    import re

    def urls(html: str) -> list[str]:
        return re.findall(r'data-(?:pack|bundle|version)-url="([^"]*)"', html)

    assert urls(client.get("/").content.decode()) == [
        "/offline/pack.json",
        "/offline/bundle.json",
        "/offline/version.json",
    ]
    chosen = urls(client.get("/?edition=wbf-2017").content.decode())
    assert chosen and all(url.endswith("?edition=wbf-2017") for url in chosen)
    assert client.get(chosen[0]).json()["edition"] == "wbf-2017"
