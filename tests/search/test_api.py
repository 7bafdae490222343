"""GET /api/search/ over real HTTP, and the /search/ page."""

import urllib.parse

import pytest

pytestmark = pytest.mark.django_db


def get(http, **params):
    return http("GET", "/api/search/?" + urllib.parse.urlencode(params))


def test_search_answers_in_the_documented_shape(http):
    response = get(http, q="藏牌", limit=5)
    assert response.status == 200
    data = response.json()
    assert data["query"] == "藏牌"
    assert isinstance(data["took_ms"], float | int) and data["took_ms"] >= 0
    assert 1 <= len(data["results"]) <= 5
    for result in data["results"]:
        assert {"ref", "law", "title", "snippet", "url", "score"} <= result.keys()
        assert isinstance(result["score"], float | int)
    top = data["results"][0]
    assert top["title"] == "藏牌（REVOKE）" and "<mark>藏牌</mark>" in top["snippet"]
    section = next(r for r in data["results"] if r["ref"] == "62")
    assert section == section | {"law": 62, "url": "/laws/62/", "kind": "section", "jump": False}


def test_a_reference_comes_back_first_and_flagged(http):
    data = get(http, q="27b1").json()
    assert data["results"][0] | {"snippet": "", "score": 0} == {
        "ref": "27B1",
        "law": 27,
        "title": "第27条B款1项 改叫同一定约名目的最低充足叫牌",
        "title_en": "Law 27B1",
        "snippet": "",
        "url": "/laws/27/#27B1",
        "score": 0,
        "kind": "section",
        "jump": True,
        "edition": "ccba-1999",
    }


def test_english_and_pinyin_over_http(http):
    for q in ["revoke", "cang pai", "cáng pái"]:
        results = get(http, q=q).json()["results"]
        assert results[0]["title"] == "藏牌（REVOKE）", q


def test_no_query_is_no_results(http):
    for path in ["/api/search/", "/api/search/?q=", "/api/search/?q=%20%20"]:
        response = http("GET", path)
        assert response.status == 200
        assert response.json()["results"] == []


@pytest.mark.parametrize(
    "q", ["%00", "%ED%A0%80", "%F0%9F%83%8F", "%3Cscript%3Ealert(1)%3C/script%3E", "*", "%22", "OR+AND"]
)
def test_garbage_is_never_a_500(http, q):
    response = http("GET", f"/api/search/?q={q}")
    assert response.status == 200
    assert isinstance(response.json()["results"], list)


def test_too_long_a_query_is_a_400(http):
    response = get(http, q="藏" * 201)
    assert response.status == 400
    assert response.json() == {
        "error": "搜索词太长了，请缩短到200字以内。",
        "field": "q",
    }  # Chinese by default
    english = http(
        "GET", "/api/search/?" + urllib.parse.urlencode({"q": "x" * 201}), headers={"Accept-Language": "en"}
    )
    assert english.json() == {"error": "q must be at most 200 characters", "field": "q"}
    assert get(http, q="藏" * 200).status == 200


@pytest.mark.parametrize("limit", ["0", "51", "-3", "abc", "2.5", "1e3", "", " 7 "])
def test_limit_must_be_a_whole_number_from_1_to_50(http, limit):
    response = get(http, q="藏牌", limit=limit)
    if limit in ("", " 7 "):
        assert response.status == 200
        return
    assert response.status == 400
    assert response.json() == {"error": "limit 必须是 1 到 50 的整数", "field": "limit"}


def test_limit_bounds(http):
    assert len(get(http, q="牌", limit=1).json()["results"]) == 1
    assert len(get(http, q="牌", limit=50).json()["results"]) == 50


def test_search_is_in_the_schema(http):
    assert b"/api/search/" in http("GET", "/api/schema/").body


# ------------------------------------------------------------------------------------------------- page


def test_page_jumps_to_a_reference(client):
    response = client.get("/search/", {"q": "27b1"})
    assert response.status_code == 302
    assert response["Location"] == "/laws/27/#27B1"
    assert client.get("/search/", {"q": "第64条"})["Location"] == "/laws/64/"


def test_page_lists_results_grouped_by_law(client):
    response = client.get("/search/", {"q": "藏牌"})
    assert response.status_code == 200
    html = response.content.decode()
    assert '<a href="/laws/62/">第62条 藏牌的改正</a>' in html
    assert '<a href="/glossary/">术语</a>' in html
    assert "<mark>藏牌</mark>" in html
    assert html.count('class="search-group"') >= 3


def test_page_escapes_the_query(client):
    html = client.get("/search/", {"q": "<script>x</script>"}).content.decode()
    assert "<script>x</script>" not in html
    assert "&lt;script&gt;x&lt;/script&gt;" in html


def test_page_without_results_and_without_query(client):
    assert "没有找到" in client.get("/search/", {"q": "zzzzqqq"}).content.decode()
    assert client.get("/search/").status_code == 200


def test_page_refuses_too_long_a_query(client):
    response = client.get("/search/", {"q": "藏" * 201})
    assert response.status_code == 400
    assert "200" in response.content.decode()
    assert "搜索词太长了，请缩短到200字以内。" in response.content.decode()


def test_page_refuses_too_long_a_query_in_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.get("/search/", {"q": "x" * 201})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-field="q">q must be at most 200 characters</p>' in html and "搜索词" not in html


def test_the_top_bar_searches_without_javascript(client):
    html = client.get("/laws/27/").content.decode()
    assert 'action="/search/"' in html and 'data-search-api="/api/search/"' in html
    assert "js/pages/search-box.js" in html
