"""Issue 29: the wizard, the API and the ruling card walk the 2017 trees — every leaf of every tree in both
languages, naming the edition on every screen, law links of the tree's own edition; a shared link keeps its
edition; switching edition mid-walk starts again and says so."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest

from laws.editions import COOKIE
from rulings.trees import trees
from tests.offline.cases import as_url_values, one_per_leaf

pytestmark = pytest.mark.django_db

EDITION = "wbf-2017"


def _query(facts: dict[str, object], **extra: str) -> str:
    return urlencode({**extra, **as_url_values(facts)})


@pytest.mark.parametrize("slug", sorted(trees(EDITION)))
def test_every_2017_leaf_is_a_ruling_card_in_both_languages_with_2017_law_links(client, slug):
    tree = trees(EDITION)[slug]
    for leaf, facts in one_per_leaf(tree).items():
        for language in ("zh-hans", "en"):
            response = client.get(
                f"/rulings/{slug}/?{_query(facts, edition=EDITION)}", HTTP_ACCEPT_LANGUAGE=language
            )
            html = response.content.decode()
            assert response.status_code == 200, (slug, leaf, language)
            assert 'class="ruling-card"' in html, (slug, leaf)
            assert f'data-edition="{EDITION}"' in html
            law_links = re.findall(r'href="(/laws/[^"]+)"', html.split('<main id="main">', 1)[1])
            assert law_links and all(f"edition={EDITION}" in link for link in law_links), (slug, leaf)


@pytest.mark.parametrize("slug", sorted(trees(EDITION)))
def test_every_2017_leaf_evaluates_through_the_api_under_its_edition(client, slug):
    tree = trees(EDITION)[slug]
    for leaf, facts in one_per_leaf(tree).items():
        response = client.post(
            f"/api/rulings/trees/{slug}/evaluate/?edition={EDITION}",
            {"facts": facts},
            content_type="application/json",
        )
        body = response.json()
        assert response.status_code == 200, body
        assert body["edition"] == EDITION and body["status"] == "ruling"
        assert body["ruling"]["leaf"] == leaf
        assert body["ruling"]["laws"]


def test_the_api_answers_the_sites_edition_unless_asked_and_refuses_an_unknown_one(client):
    base = client.get("/api/rulings/trees/revoke/").json()
    assert base["edition"] == "ccba-1999"
    assert client.get(f"/api/rulings/trees/revoke/?edition={EDITION}").json()["edition"] == EDITION
    refused = client.post(
        "/api/rulings/trees/revoke/evaluate/?edition=wbf-1975", {"facts": {}}, content_type="application/json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "edition"
    listed = client.get(f"/api/rulings/trees/?edition={EDITION}").json()
    assert len(listed) == 13 and {t["edition"] for t in listed} == {EDITION}
    assert len(client.get("/api/rulings/trees/").json()) == 13
    assert len(client.get("/api/rulings/trees/?edition=all").json()) == 26


def test_the_same_facts_rule_differently_under_the_two_codes(client):
    """A revoke where the revoker did not win the revoke trick but later won a trick with a card he could have
    played to it: two tricks under the 1997 code (64A2, second trick), one under 2017."""
    facts = {
        "established": True,
        "on_trick_12": False,
        "revoker": "defender",
        "subsequent_revoke_same_suit_same_player": False,
        "failure_to_play_faced_card": False,
        "noticed_after_nos_called_next_deal": False,
        "noticed_after_round_ended": False,
        "both_sides_revoked": False,
        "offender_won_revoke_trick": False,
        "offending_side_won_revoke_trick": True,
        "offending_side_tricks_after_revoke_trick": 2,
    }
    # Each code asks its own question besides: 1997 whether he later won with a card he could have played to
    # the revoke trick (the second trick), 2017 whether both sides revoked on the one trick (62C3).
    old_facts = {**facts, "offender_later_won_with_card_playable_to_revoke_trick": True}
    new_facts = {**facts, "corrected_under_62c3": False}
    old = client.post(
        "/api/rulings/trees/revoke/evaluate/", {"facts": old_facts}, content_type="application/json"
    )
    new = client.post(
        f"/api/rulings/trees/revoke/evaluate/?edition={EDITION}",
        {"facts": new_facts},
        content_type="application/json",
    )
    assert new.status_code == 200, new.json()
    assert old.status_code == 200, old.json()
    assert old.json()["ruling"]["tricks_transferred"] == 2
    assert new.json()["ruling"]["tricks_transferred"] == 1


def test_a_director_working_in_2017_walks_the_2017_tree_and_every_step_says_so(client):
    client.cookies[COOKIE] = EDITION
    html = client.get("/rulings/").content.decode()
    assert "WBF Laws of Duplicate Bridge 2017" in html or "2017年国际桥联" in html
    page = client.get("/rulings/insufficient-bid/").content.decode()
    assert f'data-edition="{EDITION}"' in page
    assert "2017年版" in page


def test_switching_edition_mid_walk_starts_the_walk_again_with_a_message(client):
    walk = "/rulings/revoke/?established=true&on_trick_12=false"
    page = client.get(walk).content.decode()
    target = re.search(r'name="next" type="hidden" value="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert target == "/rulings/revoke/?restarted_from=ccba-1999"
    action = re.search(r'class="edition-switch" action="([^"]+)"', page).group(1)
    response = client.post(action, {"edition": EDITION, "next": target})
    assert response.status_code == 302
    landed = client.get(response["Location"])
    html = landed.content.decode()
    assert landed.status_code == 200
    assert 'class="notice restarted"' in html and "2017年版" in html
    assert f'data-edition="{EDITION}"' in html
    assert "established=" not in response["Location"]
