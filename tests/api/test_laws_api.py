"""API v1 for the law base, over real HTTP."""

import pytest

pytestmark = pytest.mark.django_db


def test_law_list(http):
    response = http("GET", "/api/laws/")
    assert response.status == 200
    laws = response.json()
    assert len(laws) == 93
    assert laws[0] == {
        "number": 1,
        "title": "牌——牌张大小及花色等级",
        "title_en": "The Pack – Rank of Cards and Suits",
        "chapter": "II",
        "source": "official",
        "url": "/laws/1/",
        "edition": "ccba-1999",
    }
    assert sum(law["source"] == "official" for law in laws) == 8
    assert sum(law["source"] == "summary" for law in laws) == 85
    assert {law["chapter"] for law in laws} == {"II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"}


def test_law_2_carries_its_table(http):
    law = http("GET", "/api/laws/2/").json()
    (table,) = law["sections"] or [None] if law["sections"] else [None]
    tables = [t for t in [*([] if not law.get("text") else [])]]
    assert tables == []
    # Law 2 has no lettered sections: its table is in the law's own text.
    from laws.text import tables as parse_tables

    rows = parse_tables(law["text"])[0].rows
    assert rows[0][:5] == ["北家", "1", "5", "9", "13"] and rows[3][5:] == ["双有", "4", "7", "10", "13"]
    assert "<table" in law["html"]


def test_law_6_cites_22a_and_86c(http):
    law = http("GET", "/api/laws/6/").json()
    cites = {c["to"]: c for c in law["cites"]}
    assert cites["22A"]["resolved"] and cites["22A"]["url"] == "/laws/22/#22A"
    assert cites["86C"]["resolved"]
    assert law["sections"][3]["ref"] == "6D"
    assert [c["ref"] for c in law["sections"][3]["children"]] == ["6D1", "6D2", "6D3"]


def test_law_64_sections(http):
    law = http("GET", "/api/laws/64/").json()
    refs = [s["ref"] for s in law["sections"]] + [c["ref"] for s in law["sections"] for c in s["children"]]
    assert {"64A", "64A1", "64A2", "64B", "64B1", "64B6", "64C"} <= set(refs)
    assert law["source"] == "summary"
    assert law["cited_by"]


def test_definitions(http):
    definitions = http("GET", "/api/definitions/").json()
    assert len(definitions) >= 70
    assert {"term": "藏牌", "term_en": "REVOKE"}.items() <= next(
        d for d in definitions if d["term"] == "藏牌"
    ).items()


def test_unknown_law_is_json_404(http):
    response = http("GET", "/api/laws/999/")
    assert response.status == 404
    assert response.json() == {"error": "law 999 is not in the corpus", "field": None}
    assert http("GET", "/api/nowhere/").json()["field"] is None


def test_schema_and_local_docs(http):
    schema = http("GET", "/api/schema/")
    assert schema.status == 200 and b"/api/laws/{number}/" in schema.body
    docs = http("GET", "/api/docs/")
    assert docs.status == 200
    assert "cdn" not in docs.text.lower() and "/static/drf_spectacular_sidecar/" in docs.text
