import re

import pytest

pytestmark = pytest.mark.django_db


def test_index_lists_the_irregularities(client):
    html = client.get("/rulings/").content.decode()
    for slug in (
        "insufficient-bid",
        "lead-out-of-turn",
        "revoke",
        "penalty-card",
        "dummy",
        "claim",
        "wrong-cards",
        "unauthorized-information",
        "misinformation",
    ):
        assert f'href="/rulings/{slug}/"' in html


def test_question_screen_has_choices_back_and_steps(client):
    html = client.get("/rulings/revoke/", {"established": "true"}).content.decode()
    assert html.count('class="big-choice answer"') >= 2
    assert "上一步" in html and "第 2 问" in html  # 第 2 问 · 约剩 …, the total depends on the answers
    assert 'href="/rulings/revoke/"' in html  # the answered step links back


def test_walk_to_a_ruling_card(client):
    facts = {
        "established": "true",
        "on_trick_12": "false",
        "revoker": "defender",
        "subsequent_revoke_same_suit_same_player": "false",
        "failure_to_play_faced_card": "false",
        "noticed_after_nos_called_next_deal": "false",
        "noticed_after_round_ended": "false",
        "both_sides_revoked": "false",
        "offender_won_revoke_trick": "true",
        "offending_side_won_revoke_trick": "true",
        "offending_side_tricks_after_revoke_trick": "1",
        "offender_later_won_with_card_playable_to_revoke_trick": "false",
        "contract": "4S",
        "declarer": "N",
        "vulnerability": "NS",
        "declarer_tricks": "10",
        "revoking_side": "defending",
    }
    html = client.get("/rulings/revoke/", facts).content.decode()
    assert "向牌手宣布" in html and "第64条A款1项" in html
    assert '<tr data-field="tricks_transferred"><th>转移赢墩数</th><td>2</td></tr>' in html
    assert '<tr data-field="score_ns"><th>调整后南北得分</th><td>680</td></tr>' in html
    assert 'data-sheet-ref="64A1"' in html


def test_bad_fact_in_url_is_a_clear_400(client):
    response = client.get("/rulings/revoke/", {"established": "maybe"})
    assert response.status_code == 400 and "established" in response.content.decode()


def test_unknown_tree_404(client):
    assert client.get("/rulings/nothing/").status_code == 404


def test_bad_fact_is_a_400_in_chinese(client):
    response = client.get("/rulings/revoke/", {"established": "maybe"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "输入有误：“藏牌是否已经成立？”必须是 true 或 false，而不是 &#x27;maybe&#x27;" in html


def test_bad_fact_is_a_400_in_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = client.get("/rulings/revoke/", {"offending_side_tricks_after_revoke_trick": "13"})
    html = response.content.decode()
    assert response.status_code == 400
    assert (
        "Invalid input: “How many tricks did the offending side win after the revoke trick (not counting it)?” "
        "must be at most 12, not 13"
    ) in html


def test_a_rulings_law_links_name_the_trees_edition_whatever_the_readers_working_edition(client):
    """Issues 28, 29: a director working in the 2017 edition (the top bar's choice) who opens a shared link to a
    1999 walk walks the 1999 tree, opens the 1999 text of the laws it cites (not the 2017 law of the same number),
    and every next step keeps naming the link's edition."""
    from laws.editions import COOKIE

    client.cookies[COOKIE] = "wbf-2017"
    html = client.get(
        "/rulings/insufficient-bid/?edition=ccba-1999&inadvertent_corrected_at_once=false"
    ).content.decode()
    links = re.findall(r'href="(/laws/[^"]+)"', html)
    assert links and all("edition=ccba-1999" in link for link in links), links
    steps = re.findall(r'href="(\?[^"]+)"', html)
    assert steps and all("edition=ccba-1999" in step for step in steps), steps
    assert 'data-edition="ccba-1999"' in html
