"""The API's editions (issue 28): GET /api/editions/, ``edition=`` on the laws, definitions, search and trees
endpoints, an unknown edition a 400 naming ``edition``, every answer saying its edition."""

import pytest

from search import generation as serving
from tests.laws.edition_fixture import edition_2017  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_editions_list(client, edition_2017):  # noqa: F811
    data = client.get("/api/editions/").json()
    assert [e["code"] for e in data] == ["ccba-1999", "wbf-2017"]
    assert data[0]["default"] and data[0]["current"] and data[0]["laws"] == 93
    assert data[1]["laws"] == 4 and data[1]["changes_url"] == "/changes/?edition=wbf-2017"


def test_laws_of_an_edition(client, edition_2017):  # noqa: F811
    response = client.get("/api/laws/?edition=wbf-2017")
    assert response["X-Law-Edition"] == "wbf-2017"
    laws = response.json()
    assert [law["number"] for law in laws] == [1, 12, 23, 27]
    assert {law["edition"] for law in laws} == {"wbf-2017"}
    assert laws[2]["url"] == "/laws/23/?edition=wbf-2017"
    assert client.get("/api/laws/").json()[22]["title"] != "可比叫"


def test_law_detail_of_an_edition(client, edition_2017):  # noqa: F811
    law = client.get("/api/laws/23/?edition=wbf-2017").json()
    assert law["edition"] == "wbf-2017" and law["title_en"] == "Comparable Call"
    cites = {c["to"]: c for c in law["cites"]}
    assert cites["12C1"]["resolved"] and cites["12C1"]["url"] == "/laws/12/?edition=wbf-2017#12C1"
    assert law["other_edition"]["edition"] == "ccba-1999"
    assert law["other_edition"]["change"]["rank"] == 1
    assert client.get("/api/laws/93/?edition=wbf-2017").status_code == 404


def test_definitions_of_an_edition(client, edition_2017):  # noqa: F811
    rows = client.get("/api/definitions/?edition=wbf-2017").json()
    assert {(d["term"], d["change"]) for d in rows} == {
        ("人为叫牌", "new"),
        ("调整分", "changed"),
        ("不叫", ""),
    }


@pytest.mark.parametrize(
    "path", ["/api/laws/", "/api/laws/23/", "/api/definitions/", "/api/search/?q=x", "/api/rulings/trees/"]
)
def test_unknown_edition_is_a_400_naming_it(client, path):
    joiner = "&" if "?" in path else "?"
    response = client.get(f"{path}{joiner}edition=wbf-2099")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "edition" and "wbf-2099" in body["error"]


def test_trees_filter_by_edition(client):
    """Issue 29: the site's edition unless asked; each edition has its 13 trees; all lists both."""
    default = client.get("/api/rulings/trees/").json()
    assert len(default) == 13 and {t["edition"] for t in default} == {"ccba-1999"}
    assert client.get("/api/rulings/trees/?edition=ccba-1999").json() == default
    later = client.get("/api/rulings/trees/?edition=wbf-2017").json()
    assert len(later) == 13 and {t["edition"] for t in later} == {"wbf-2017"}
    assert client.get("/api/rulings/trees/?edition=all").json() == default + later
    assert client.get("/api/rulings/trees/?edition=wbf-1975").status_code == 400


@pytest.fixture
def index_2017(edition_2017, settings, tmp_path):  # noqa: F811
    """An index of its own holding the test edition beside the base one."""
    settings.SEARCH_INDEX_DIR = tmp_path / "index"
    serving.forget_generation()
    yield
    serving.forget_generation()


def test_search_in_an_edition(client, index_2017):
    data = client.get("/api/search/?q=可比叫&edition=wbf-2017").json()
    assert data["edition"] == "wbf-2017"
    assert data["results"] and {r["edition"] for r in data["results"]} == {"wbf-2017"}
    assert data["results"][0]["url"].startswith("/laws/23/?edition=wbf-2017")
    base = client.get("/api/search/?q=可比叫").json()
    assert base["edition"] == "ccba-1999"
    assert {r["edition"] for r in base["results"]} <= {"ccba-1999"}


def test_a_reference_jumps_inside_the_edition(client, index_2017):
    for q in ["12C1", "第12条C款1项", "Law 12C1"]:
        data = client.get("/api/search/", {"q": q, "edition": "wbf-2017"}).json()
        top = data["results"][0]
        assert top["jump"] and top["ref"] == "12C1" and top["edition"] == "wbf-2017", q
        assert top["url"] == "/laws/12/?edition=wbf-2017#12C1"
    assert client.get("/api/search/", {"q": "12C1"}).json()["results"][0]["url"] == "/laws/12/#12C1"


def test_search_both_editions(client, index_2017):
    data = client.get("/api/search/?q=不足叫牌&edition=all&limit=50").json()
    assert data["edition"] == "all"
    editions = [r["edition"] for r in data["results"]]
    assert set(editions) == {"ccba-1999", "wbf-2017"}
    assert editions.index("wbf-2017") > editions.index("ccba-1999")  # the working edition first
    client.cookies["edition"] = "wbf-2017"
    editions = [
        r["edition"] for r in client.get("/api/search/?q=不足叫牌&edition=all&limit=50").json()["results"]
    ]
    assert editions[0] == "wbf-2017"


def test_search_page_in_the_chosen_edition(client, index_2017):
    client.cookies["edition"] = "wbf-2017"
    page = client.get("/search/?q=可比叫").content.decode()
    assert "/laws/23/?edition=wbf-2017" in page and "搜索所有版本" in page
    response = client.get("/search/?q=27B1")
    assert response["Location"] == "/laws/27/?edition=wbf-2017#27B1"


def test_2017_terms_in_the_synonyms(client, index_2017):
    """comparable call / 可比叫 and weighted score / 加权分 are one idea each (fixtures/search/synonyms.txt)."""
    for q in ["comparable call", "kebijiao", "可比叫品"]:
        results = client.get("/api/search/", {"q": q, "edition": "wbf-2017"}).json()["results"]
        assert results and results[0]["law"] == 23, q
    for q in ["weighted score", "加权调整分"]:
        results = client.get("/api/search/", {"q": q, "edition": "wbf-2017"}).json()["results"]
        assert any(r["ref"] and r["ref"].startswith("12C1") for r in results[:3]), q
