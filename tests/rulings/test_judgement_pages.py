"""The judgement pages: the assigned-score builder (/tools/assigned/), the ruling form (/rulings/<slug>/form/)
and its save to the club log as a draft (through clubs.services.ruling_create)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from clubs import services
from clubs.models import Role, RulingRecord, Status

pytestmark = pytest.mark.django_db

# Case 1 of tests/bridge/test_assigned_builder.py as the builder's form posts it: board 5 (NS vulnerable), EW
# offend; 4♥ by S = 620 (likely), 4♥−1 = −100 (at all probable); other table 170 → NS +10 IMPs, EW −10.
CASE_1 = {
    "offending_side": "EW",
    "board": "5",
    "r0_level": "4",
    "r0_strain": "H",
    "r0_dbl": "",
    "r0_declarer": "S",
    "r0_tricks": "10",
    "r0_likely": "on",
    "r0_probable": "on",
    "r1_level": "4",
    "r1_strain": "H",
    "r1_dbl": "",
    "r1_declarer": "S",
    "r1_tricks": "9",
    "r1_probable": "on",
    "other_table": "170",
}

UI_FACTS = {
    "fact.information_source": "partner",
    "fact.stage": "end_of_play",
    "fact.information_established": "true",
    "fact.demonstrably_suggested": "true",
    "fact.logical_alternative": "true",
    "fact.damaged": "true",
    "fact.nos_irrational": "false",
}
POLL = {
    "poll_action": "4♠",
    "p0_call": "Pass",
    "p0_chose": "5",
    "p0_considered": "1",
    "p1_call": "4♠",
    "p1_chose": "3",
    "p1_considered": "2",
    "poll_notes": "五人认为同伴已经表示了牌力，不叫。",
}


def test_builder_page_offers_the_pads_and_loads_the_offline_engine(client):
    response = client.get("/tools/assigned/")
    html = response.content.decode()
    assert response.status_code == 200
    assert 'name="r0_likely"' in html and 'name="r0_probable"' in html and 'name="offending_side"' in html
    assert "js/pages/judgement.js" in html
    assert 'data-tables-url="/offline/tables.json"' in html
    assert "美国桥协" in html and "不是规则条文" in html  # the thresholds are named as regulations
    assert 'href="/tools/assigned/"' in client.get("/tools/score/").content.decode()  # the tools nav


def test_builder_page_computes_without_javascript(client):
    response = client.post("/tools/assigned/", CASE_1)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'data-side="NS"' in html and "<b>620</b>" in html and "10 IMP" in html
    assert "<b>-620</b>" in html and "-10 IMP" in html


def test_builder_page_error_names_the_field(client):
    response = client.post("/tools/assigned/", {**CASE_1, "r0_probable": ""})
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-field="results[0].at_all_probable"' in html


def test_builder_page_with_no_rows_is_refused_like_the_api(client):
    response = client.post("/tools/assigned/", {"offending_side": "EW", "board": "5"})
    assert response.status_code == 400 and 'data-field="results"' in response.content.decode()


@pytest.mark.parametrize("slug", ["unauthorized-information", "misinformation"])
def test_ruling_form_has_facts_poll_decision_scores_and_appeal(client, slug):
    response = client.get(f"/rulings/{slug}/form/")
    assert response.status_code == 200
    html = response.content.decode()
    for part in ("一、事实", "二、牌手意见调查", "三、裁决", "四、调整分", "五、申诉"):
        assert part in html
    assert 'name="poll_action"' in html and 'name="p0_call"' in html and 'name="decision"' in html
    assert "30分钟" in html and "仲裁委员会" in html  # Law 92B time limit, Law 93 procedure
    assert "data-print-sheet" in html and "css/judgement.css" in html
    assert f'data-tree-url="/api/rulings/trees/{slug}/"' in html


def test_the_ruling_form_is_for_judgement_trees_only(client):
    assert client.get("/rulings/revoke/form/").status_code == 404


def test_the_wizard_links_a_judgement_ruling_to_its_form_with_the_walk(client):
    facts = {name.removeprefix("fact."): value for name, value in UI_FACTS.items()}
    html = client.get("/rulings/unauthorized-information/", facts).content.decode()
    assert 'href="/rulings/unauthorized-information/form/#information_source=partner' in html
    assert 'href="/tools/assigned/"' in html
    question = client.get(
        "/rulings/unauthorized-information/", {"information_source": "partner"}
    ).content.decode()
    assert "/rulings/unauthorized-information/form/#information_source=partner" in question
    revoke = client.get("/rulings/revoke/").content.decode()
    assert "/form/" not in revoke


# --- saving to the club log --------------------------------------------------------------------------------


@pytest.fixture
def director(db):
    club = services.club_create(name="测试俱乐部")
    user = get_user_model().objects.create_user(username="td", password="pw-td-123456")
    services.membership_set(club=club, user=user, role=Role.DIRECTOR)
    return user


def ruling_post(**extra):
    return {
        "event": "周三双人赛",
        "session": "1",
        "table": "3",
        "called_by": "N",
        "statement": "东长考后不叫，西叫4♠。",
        "decision": "同伴的长考暗示继续叫牌；不叫是合乎逻辑的选择。",
        **UI_FACTS,
        **POLL,
        **CASE_1,
        **extra,
    }


def test_saving_needs_a_signed_in_director(client):
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post())
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_save_creates_a_draft_with_facts_poll_decision_and_the_assigned_score(client, director):
    client.force_login(director)
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post())
    assert response.status_code == 302
    record = RulingRecord.objects.get()
    assert response["Location"] == record.get_absolute_url()
    assert record.status == Status.DRAFT and record.irregularity == "unauthorized-information"
    assert record.board == 5 and record.event == "周三双人赛" and record.called_by == "N"
    assert record.outcome["leaf"] == "partner_assigned" and record.outcome["rule"] == "73F"
    assert record.facts["logical_alternative"] is True
    assert record.statement.startswith("东长考后不叫")
    assert "牌手意见调查" in record.notes and "| Pass | 5 | 1 | 62.5% |" in record.notes
    assert "| 4♠ ✓ | 3 | 2 | 37.5% |" in record.notes
    assert "合乎逻辑的选择" in record.notes  # the decision
    # The log keeps the assigned form of POST /api/adjusted-score/, and the engine's answer beside it.
    assert record.adjustment == {
        "method": "assigned",
        "vulnerability": "NS",
        "NS": {"contract": "4H", "declarer": "S", "tricks": 10},
        "EW": {"contract": "4H", "declarer": "S", "tricks": 10},
    }
    assert record.adjustment_result["score_ns"] == 620 and record.adjustment_result["score_ew"] == -620


def test_save_without_scores_records_no_adjustment(client, director):
    client.force_login(director)
    post = {k: v for k, v in ruling_post().items() if not k.startswith(("r0_", "r1_"))}
    post.update({"fact.damaged": "false"})
    post.pop("fact.nos_irrational")
    assert client.post("/rulings/unauthorized-information/form/save/", post).status_code == 302
    record = RulingRecord.objects.get()
    assert record.adjustment is None and record.outcome["leaf"] == "partner_no_damage"


def test_a_bad_score_row_sends_the_form_back_naming_the_field(client, director):
    client.force_login(director)
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post(r0_probable=""))
    assert response.status_code == 400
    html = response.content.decode()
    assert 'data-field="results[0].at_all_probable"' in html
    assert 'value="周三双人赛"' in html  # what was typed is kept
    assert not RulingRecord.objects.exists()


def test_a_bad_poll_sends_the_form_back_naming_the_field(client, director):
    client.force_login(director)
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post(poll_action="5♣"))
    assert response.status_code == 400 and 'data-field="action"' in response.content.decode()


def test_the_log_s_own_checks_name_their_field(client, director):
    client.force_login(director)
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post(event=""))
    assert response.status_code == 400 and 'data-field="event"' in response.content.decode()


def test_a_director_of_two_clubs_chooses_one(client, director):
    second = services.club_create(name="第二俱乐部")
    services.membership_set(club=second, user=director, role=Role.DIRECTOR)
    client.force_login(director)
    response = client.post("/rulings/misinformation/form/save/", ruling_post())
    assert response.status_code == 200 and "保存到哪个俱乐部" in response.content.decode()
    assert not RulingRecord.objects.exists()
    post = ruling_post(**{"club": str(second.pk)})
    for name in [k for k in post if k.startswith("fact.")]:
        post.pop(name)
    post.update(
        {
            "fact.agreement_evidence": "no_evidence",
            "fact.stage": "end_of_play",
            "fact.damaged": "true",
            "fact.nos_irrational": "false",
        }
    )
    response = client.post("/rulings/misinformation/form/save/", post)
    assert response.status_code == 302
    record = RulingRecord.objects.get()
    assert record.club == second and record.outcome["leaf"] == "assigned"


def test_a_trainee_cannot_save(client):
    club = services.club_create(name="学员俱乐部")
    user = get_user_model().objects.create_user(username="learner", password="pw-learner-1")
    services.membership_set(club=club, user=user, role=Role.TRAINEE)
    client.force_login(user)
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post())
    assert response.status_code == 403 and not RulingRecord.objects.exists()


@pytest.mark.parametrize(
    ("slug", "facts", "rule"),
    [
        ("unauthorized-information", {k.removeprefix("fact."): v for k, v in UI_FACTS.items()}, "73F"),
        ("misinformation", {"agreement_evidence": "call_wrong", "implicit_agreement": "false"}, "75D"),
    ],
)
def test_the_club_log_takes_the_judgement_trees_like_any_tree(client, director, slug, facts, rule):
    """The log's record form asks the tree's facts and replays a wizard walk; its irregularity tiles list the tree."""
    club = director.memberships.get().club
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/new/", {"tree": slug, **facts}).content.decode()
    assert f'value="{slug}"' in html
    for name in facts:
        assert f'name="fact.{name}"' in html
    record = services.ruling_create(
        club=club, by=director, event="复盘", board=9, irregularity=slug, facts=facts
    )
    assert record.outcome["rule"] == rule and record.status == Status.DRAFT
    detail = client.get(record.get_absolute_url())
    assert detail.status_code == 200
    listing = client.get(f"/clubs/{club.pk}/rulings/", {"irregularity": slug})
    assert listing.status_code == 200 and "复盘" in listing.content.decode()


def test_j1_builder_page_says_there_is_no_damage(client):
    # Laws 16A2, 40C, 12C2: CASE_1 with a table result of 4♠ by N making 10 (NS +620 vulnerable) — the best likely
    # result (4♥ by S, +620) is no better: the table result stands.
    post = {**CASE_1, "t_level": "4", "t_strain": "S", "t_dbl": "", "t_declarer": "N", "t_tricks": "10"}
    html = client.post("/tools/assigned/", post).content.decode()
    assert 'data-cell="damage"' in html and "没有损害" in html


def test_j14_the_forms_offer_as_many_rows_as_the_engine_takes(client):
    """The builder takes 12 possible results (Law 12C2 lists) and the poll 8 calls: the form offers them all."""
    from bridge.assigned_builder import MAX_RESULTS
    from bridge.poll import MAX_POLL_CALLS
    from rulings import judgement

    assert (judgement.BUILDER_ROWS, judgement.POLL_ROWS) == (MAX_RESULTS, MAX_POLL_CALLS) == (12, 8)
    html = client.get("/rulings/unauthorized-information/form/").content.decode()
    assert f'name="r{MAX_RESULTS - 1}_level"' in html and f'name="p{MAX_POLL_CALLS - 1}_call"' in html
    assert 'name="r0_level"' in client.get("/tools/assigned/").content.decode()
    post = {**CASE_1, "r11_level": "3", "r11_strain": "NT", "r11_declarer": "N", "r11_tricks": "9"}
    post["r11_probable"] = "on"
    assert len(judgement.builder_request(post)["results"]) == 3


def test_j7e_the_misinformation_poll_asks_what_they_would_call_with_the_correct_explanation(client):
    """Laws 21B, 40C: an MI poll gives the correct explanation and asks for the call; the UI poll's wording
    ("without the unauthorised information") is for Law 16A."""
    mi = client.get("/rulings/misinformation/form/").content.decode()
    assert 'data-poll-question="misinformation"' in mi and "得到正确的解释，你会怎么叫" in mi
    assert "不含非法信息" not in mi
    ui = client.get("/rulings/unauthorized-information/form/").content.decode()
    assert 'data-poll-question="unauthorized-information"' in ui and "不含非法信息" in ui


def test_j5_j13_the_builder_form_takes_the_own_row_and_the_knockout(client):
    """J5 (WBF Code of Practice): the NOS's own result row; J13 (Law 86B): the knockout average only when asked."""
    from rulings import judgement

    html = client.get("/tools/assigned/").content.decode()
    assert 'name="n_level"' in html and 'name="knockout"' in html and 'name="offending_keeps_12c2"' in html
    assert 'name="director_12c3"' not in html  # the zone has not permitted the Director to apply 12C3
    post = {**CASE_1, "n_level": "3", "n_strain": "H", "n_declarer": "S", "n_tricks": "10", "knockout": "on"}
    request = judgement.builder_request(post)
    assert request["results"][-1] == {
        "contract": "3H",
        "declarer": "S",
        "tricks": 10,
        "role": "non_offending",
    }
    assert request["knockout"] is True
    html = client.post("/tools/assigned/", post).content.decode()
    assert "非违规方自己行动后的结果" in html and 'data-cell="knockout"' in html
    html = client.post("/tools/assigned/", CASE_1).content.decode()
    assert 'data-cell="knockout"' not in html


def test_j10_the_director_s_12c3_box_appears_where_the_zone_permits_it(client, settings):
    settings.ZONE_PERMITS_DIRECTOR_12C3 = True
    assert 'name="director_12c3"' in client.get("/tools/assigned/").content.decode()
    post = {**CASE_1, "director_12c3": "on", "r0_weight": "60", "r1_weight": "40"}
    html = client.post("/tools/assigned/", post).content.decode()
    assert 'data-cell="equity"' in html and "由裁判加权" in html


def test_j1_j7e_the_english_pages_say_it_in_english(client):
    """The no-damage note (16A2, 40C, 12C2), the MI poll question (21B, 40C) and the new builder fields in English."""
    client.cookies["django_language"] = "en"
    try:
        post = {**CASE_1, "t_level": "4", "t_strain": "S", "t_dbl": "", "t_declarer": "N", "t_tricks": "10"}
        html = client.post("/tools/assigned/", post).content.decode()
        assert "No damage" in html and "table result stands" in html
        assert "knockout match" in html and "own result" in html
        mi = client.get("/rulings/misinformation/form/").content.decode()
        assert "With the correct explanation, what would you have called?" in mi
    finally:
        del client.cookies["django_language"]


def test_j7e_the_misinformation_poll_reading_speaks_of_the_correct_explanation(client):
    mi = client.get("/rulings/misinformation/form/").content.decode()
    assert "得到正确解释时" in mi and "是否构成合乎逻辑的选择" not in mi
    assert "是否构成合乎逻辑的选择" in client.get("/rulings/unauthorized-information/form/").content.decode()
    client.cookies["django_language"] = "en"
    try:
        assert (
            "With the correct explanation, every peer"
            in client.get("/rulings/misinformation/form/").content.decode()
        )
    finally:
        del client.cookies["django_language"]


def test_the_2017_ruling_form_builds_under_the_2017_law_12_and_logs_the_2017_ruling(client, director):
    """Issue 29: the ruling form of a 2017 tree offers the 2017 builder (one probable outcome or the Director's
    weights, 12C1), its save keeps the link's edition, and the log records the ruling under wbf-2017."""
    page = client.get("/rulings/unauthorized-information/form/?edition=wbf-2017").content.decode()
    assert 'name="probable_row"' in page and 'name="edition" value="wbf-2017"' in page
    assert 'action="/rulings/unauthorized-information/form/save/?edition=wbf-2017"' in page
    client.force_login(director)
    rows = {k: v for k, v in CASE_1.items() if not k.endswith(("_likely", "_probable"))}
    post = {**ruling_post(), **rows, "edition": "wbf-2017", "probable_row": "0"}
    for key in ("r0_likely", "r0_probable", "r1_probable"):
        post.pop(key, None)
    response = client.post("/rulings/unauthorized-information/form/save/?edition=wbf-2017", post)
    assert response.status_code == 302, response.content.decode()[:2000]
    record = RulingRecord.objects.get()
    assert record.edition == "wbf-2017"
    assert record.outcome["leaf"] == "partner_assigned" and record.outcome["rule"] == "16B1"
    assert record.adjustment_result["score_ns"] == 620


def test_issue30_the_statement_of_facts_takes_3000_characters_and_the_record_offers_the_appeal_file(
    client, director
):
    html = client.get("/rulings/unauthorized-information/form/").content.decode()
    assert 'name="statement" rows="4" maxlength="3000"' in html
    client.force_login(director)
    statement = "东长考后不叫，西叫4♠。" * 250  # 3,000 characters
    assert len(statement) == 3000
    response = client.post("/rulings/unauthorized-information/form/save/", ruling_post(statement=statement))
    assert response.status_code == 302
    record = RulingRecord.objects.get()
    assert record.statement == statement
    page = client.get(response["Location"]).content.decode()
    edit = f'href="/clubs/{record.club_id}/rulings/{record.number}/appeal-file/edit/" data-action="build-appeal-file"'
    assert edit in page and "建立仲裁卷宗" in page
