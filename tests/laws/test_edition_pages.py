"""Choosing the edition and comparing two (issue 28): every page says its edition, links carry it, the top bar's
choice is remembered, a club's default applies, the compare view and the "what changed" index."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from clubs.models import Club, Membership, Role
from tests.laws.edition_fixture import edition_2017  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_default_edition_stays_the_1999_rulebook(client, edition_2017):  # noqa: F811
    page = client.get("/laws/23/").content.decode()
    assert "中国桥牌竞赛规则（1999年中国桥牌协会审定）" in page
    assert "可比叫" not in page.split("<main")[1].split("edition-links")[0]


def test_a_link_carries_its_edition(client, edition_2017):  # noqa: F811
    response = client.get("/laws/23/?edition=wbf-2017")
    page = response.content.decode()
    assert response.status_code == 200
    assert "可比叫" in page
    assert "2017年国际桥联《复式桥牌规则》撰写的中文摘要" in page  # a project summary of the 2017 code
    # links inside the page stay in the edition
    assert "/laws/12/?edition=wbf-2017#12C1" in page
    # the same law in the other edition, one tap away, and the compare view
    assert "/laws/23/?edition=ccba-1999" in page
    assert "/laws/23/compare/?left=ccba-1999&amp;right=wbf-2017" in page
    assert "Cookie" in response["Vary"]


def test_unknown_edition_in_a_link_is_404(client, edition_2017):  # noqa: F811
    assert client.get("/laws/23/?edition=wbf-2099").status_code == 404


def test_top_bar_choice_is_remembered(client, edition_2017):  # noqa: F811
    response = client.post("/edition/", {"edition": "wbf-2017", "next": "/laws/27/?edition=ccba-1999"})
    assert response.status_code == 302
    assert response["Location"] == "/laws/27/"  # the link's own edition would override the choice
    assert response.cookies["edition"].value == "wbf-2017"
    assert "以可比叫更正" in client.get("/laws/27/").content.decode()
    assert (
        "wbf-2017" in client.get("/glossary/").content.decode()
        or "人为叫牌" in client.get("/glossary/").content.decode()
    )
    # the switch back forgets the choice
    client.post("/edition/", {"edition": "ccba-1999", "next": "/laws/27/"})
    assert "以可比叫更正" not in client.get("/laws/27/").content.decode()


def test_choice_refuses_unknown_edition_and_foreign_next(client, edition_2017):  # noqa: F811
    assert client.post("/edition/", {"edition": "nope"}).status_code == 404
    response = client.post("/edition/", {"edition": "wbf-2017", "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_top_bar_offers_the_other_edition(client, edition_2017):  # noqa: F811
    page = client.get("/laws/1/").content.decode()
    assert 'class="edition-switch"' in page
    assert 'value="wbf-2017"' in page


def test_club_default_edition(edition_2017):  # noqa: F811
    user = get_user_model().objects.create_user("td2017", password="pw-12345-long")
    club = Club.objects.create(name="2017 club", default_edition="wbf-2017")
    Membership.objects.create(user=user, club=club, role=Role.DIRECTOR)
    client = Client()
    client.force_login(user)
    assert "以可比叫更正" in client.get("/laws/27/").content.decode()
    # the director's own choice comes first
    client.post("/edition/", {"edition": "ccba-1999", "next": "/laws/27/"})
    assert "以可比叫更正" not in client.get("/laws/27/").content.decode()


def test_glossary_marks_new_and_changed_terms(client, edition_2017):  # noqa: F811
    page = client.get("/glossary/?edition=wbf-2017").content.decode()
    assert "人为叫牌" in page and "badge-new" in page and "badge-changed" in page


def test_goto_jumps_inside_the_edition(client, edition_2017):  # noqa: F811
    response = client.get("/laws/go/?q=12C1&edition=wbf-2017")
    assert response["Location"] == "/laws/12/?edition=wbf-2017#12C1"
    response = client.get("/laws/go/?q=12C1")
    assert response["Location"] == "/laws/12/#12C1"


def test_compare_view(client, edition_2017):  # noqa: F811
    page = client.get("/laws/23/compare/?left=ccba-1999&right=wbf-2017").content.decode()
    assert "测试：第23条整条改写为可比叫。" in page
    assert page.count('class="changed') >= 3  # 23A 23B 23C are marked
    assert "可比叫的定义" in page


def test_compare_view_in_english(client, edition_2017):  # noqa: F811
    client.cookies["django_language"] = "en"
    page = client.get("/laws/23/compare/?left=ccba-1999&right=wbf-2017", HTTP_ACCEPT_LANGUAGE="en").content
    page = page.decode()
    assert "Test: Law 23 is rewritten as the comparable call." in page
    assert "Comparable Call" in page


def test_what_changed_index_by_rank(client, edition_2017):  # noqa: F811
    page = client.get("/changes/").content.decode()
    assert page.index("law-23") < page.index("law-12")
    assert "测试：加权分进入规则。" in page
    assert 'id="law-1"' not in page  # unchanged


def test_every_page_says_its_edition(client, edition_2017):  # noqa: F811
    for url in ["/", "/laws/27/", "/glossary/"]:
        assert "1999年版" in client.get(url).content.decode(), url
        assert "2017年版" in client.get(url + "?edition=wbf-2017").content.decode(), url


def test_edition_pages_in_english(client, edition_2017):  # noqa: F811
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    client.cookies["django_language"] = "en"
    page = client.get("/laws/23/?edition=wbf-2017", **english).content.decode()
    assert "a Chinese summary of the WBF 2017 Laws written by this project" in page
    assert "Compare the two editions" in page and "CCBA 1999 Law 23" in page
    assert 'title="Switch to CCBA 1999"' in page
    page = client.get("/changes/", **english).content.decode()
    assert "What changed" in page and "Test: weighted scores enter the laws." in page
    assert "Unknown edition" in client.get("/api/laws/?edition=x", **english).json()["error"]


def test_club_admin_sets_the_club_edition(edition_2017):  # noqa: F811
    from clubs import services

    admin = get_user_model().objects.create_user("clubadmin", password="pw-12345-long")
    director = get_user_model().objects.create_user("dir", password="pw-12345-long")
    club = services.club_create(name="设版本的俱乐部")
    services.membership_set(club=club, user=admin, role=Role.CLUB_ADMIN)
    services.membership_set(club=club, user=director, role=Role.DIRECTOR)
    client = Client()
    client.force_login(admin)
    members = f"/clubs/{club.pk}/members/"
    assert 'name="default_edition"' in client.get(members).content.decode()
    assert client.post(members, {"default_edition": "wbf-2099"}).status_code == 400
    assert client.post(members, {"default_edition": "wbf-2017"}).status_code == 302
    club.refresh_from_db()
    assert club.default_edition == "wbf-2017"
    other = Client()
    other.force_login(director)
    assert "以可比叫更正" in other.get("/laws/27/").content.decode()
    assert other.post(members, {"default_edition": ""}).status_code == 403  # a director may not


def test_home_of_the_2017_edition_links_its_glossary(client, edition_2017):  # noqa: F811
    page = client.get("/?edition=wbf-2017").content.decode()
    assert "/glossary/?edition=wbf-2017" in page
    assert "/laws/23/?edition=wbf-2017" in page and "/chapters/5/?edition=wbf-2017" in page
    assert 'href="/glossary/"' in client.get("/").content.decode()
