"""Issue 19 item 2: the ruling card leads with the outcome in words; progress, back, the grouped 64B exceptions;
「记录此裁决」 only for users who can record (bug 11)."""

from urllib.parse import parse_qsl, urlencode

import pytest
from django.utils import translation

from bridge.trees import evaluate
from rulings.summary import ruling_summary
from rulings.trees import tree_get, trees
from rulings.wizard_views import remaining_questions
from tests.clubs.conftest import make_user
from tests.offline.cases import one_per_leaf

pytestmark = pytest.mark.django_db

RARE_GROUPS = {"revoke": tree_get("revoke").rare_group}

# The review's walk 2a: a defender revoked, won the revoke trick and one trick after it (Law 64A1, 2 tricks).
WALK_64A1 = {
    "established": "true",
    "on_trick_12": "false",
    "revoker": "defender",
    "subsequent_revoke_same_suit_same_player": "false",
    "failure_to_play_faced_card": "false",
    "noticed_after_nos_called_next_deal": "false",
    "noticed_after_round_ended": "false",
    "both_sides_revoked": "false",
    "offender_won_revoke_trick": "true",
    "offending_side_tricks_after_revoke_trick": "1",
}
PLAYED = {
    "contract": "4S",
    "declarer": "S",
    "vulnerability": "NS",
    "declarer_tricks": "9",
    "revoking_side": "defending",
}


def _headline(html: str) -> str:
    start = html.index('<h1 class="ruling-summary">') + len('<h1 class="ruling-summary">')
    return html[start : html.index("</h1>", start)]


def test_the_card_opens_with_the_outcome_in_words(client):
    html = client.get("/rulings/revoke/", {**WALK_64A1, **PLAYED}).content.decode()
    assert _headline(html) == "转移2墩给庄家方：庄家实得9墩 → 11墩，南北+650"
    # outcome first, then what to announce, then the details and laws
    assert (
        html.index("ruling-summary")
        < html.index("向牌手宣布")
        < html.index("outcome-table")
        < html.index("依据条款")
    )
    assert '<p class="ruling-rule">裁决：<a class="ref" data-sheet-ref="64A1"' in html


def test_without_the_contract_the_card_names_the_non_offending_side(client):
    html = client.get("/rulings/revoke/", WALK_64A1).content.decode()
    assert _headline(html) == "转移2墩给非违规方"


def test_the_headline_in_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    html = client.get("/rulings/revoke/", {**WALK_64A1, **PLAYED}).content.decode()
    assert _headline(html) == "2 tricks transferred to declarer’s side: declarer took 9 → 11 tricks, NS +650"


@pytest.mark.parametrize(
    ("slug", "leaf", "expected"),
    [
        ("revoke", "not_established_defender_62", "必须改正藏牌，打牌继续；撤回的牌成为大罚张"),
        ("revoke", "next_deal_64b4", "不转移赢墩；裁判按第64条C款审查公平"),
        ("insufficient-bid", "free_27b1", "改为同一花色最低的足够叫：叫牌继续，同伴可以自由叫牌"),
        ("lead-out-of-turn", "refuse_forbid_54d", "庄家禁止违规者的同伴引该花色"),
        ("lead-out-of-turn", "spread_54a", "庄家摊牌作明手，他的同伴成为庄家"),
        ("lead-out-of-turn", "accept_54b", "庄家接受首引：明手摊牌，庄家从自己手中出第二张牌"),
    ],
)
def test_every_tree_gets_its_consequence_in_words(slug, leaf, expected):
    tree = trees()[slug]
    facts = one_per_leaf(tree)[leaf]
    evaluation = evaluate(tree, facts)
    with translation.override("zh-hans"):
        assert ruling_summary(slug, evaluation.ruling.outcome, facts) == expected


def test_every_leaf_of_every_tree_has_a_headline():
    for slug, tree in trees().items():
        for facts in one_per_leaf(tree).values():
            ruling = evaluate(tree, facts).ruling
            assert ruling_summary(slug, ruling.outcome, facts).strip(), (slug, ruling.leaf)


def test_the_result_screen_has_a_back_button_to_the_last_question(client):
    html = client.get("/rulings/revoke/", WALK_64A1).content.decode()
    previous = {k: v for k, v in WALK_64A1.items() if k != "offending_side_tricks_after_revoke_trick"}
    assert (
        f'<a class="button secondary" href="/rulings/revoke/?{urlencode(previous).replace("&", "&amp;")}">‹ 上一步</a>'
        in html
    )


def test_progress_says_how_many_questions_are_left(client):
    first = client.get("/rulings/revoke/").content.decode()
    assert "第 1 问 · 约剩" in first
    tree = trees()["revoke"]
    low, high = remaining_questions(tree, tree.start, frozenset(RARE_GROUPS["revoke"]))
    assert f"约剩 {low - 1}–{high - 1} 问" in first
    # The review's walk: 10 screens one by one; the four 64B exceptions on one screen make it 7.
    assert low <= 7 <= high


def _links(html: str) -> list[dict[str, str]]:
    out = []
    for chunk in html.split('class="big-choice answer')[1:]:
        href = chunk[chunk.index('href="') + 6 :].split('"', 1)[0].replace("&amp;", "&")
        out.append(dict(parse_qsl(href.lstrip("?"))))
    return out


def test_the_four_64b_exceptions_are_asked_on_one_screen(client):
    before = {"established": "true", "on_trick_12": "false", "revoker": "defender"}
    html = client.get("/rulings/revoke/", before).content.decode()
    assert "是否有下列例外情况？" in html and "都没有（最常见）" in html
    assert "第 4 问" in html
    none, *exceptions = _links(html)
    assert {k: none[k] for k in RARE_GROUPS["revoke"]} == dict.fromkeys(RARE_GROUPS["revoke"], "false")
    tree = trees()["revoke"]
    # "none" goes on to the next question; each exception gives the ruling its one-by-one walk gives.
    assert evaluate(tree, none).question.fact == "both_sides_revoked"
    rules = [evaluate(tree, facts).ruling.outcome["rule"] for facts in exceptions]
    assert rules == ["64B2", "64B3", "64B4", "64B5"]
    # The next screen counts the group as one and steps back over all of it.
    after = client.get("/rulings/revoke/", none).content.decode()
    assert "第 5 问" in after
    assert f'href="/rulings/revoke/?{urlencode(before).replace("&", "&amp;")}">‹ 上一步</a>' in after


def test_a_lone_exception_is_asked_on_its_own(client):
    # Dummy's revoke goes straight to 64B3: no group.
    html = client.get("/rulings/revoke/", {"established": "true", "on_trick_12": "false", "revoker": "dummy"})
    assert "是否有下列例外情况？" not in html.content.decode()


def test_record_this_ruling_is_offered_only_to_who_can_record(client):
    from clubs import services
    from clubs.models import Role

    club = services.club_create(name="测试俱乐部")
    url = f"/rulings/revoke/?{urlencode(WALK_64A1)}"
    assert "记录此裁决" in client.get(url).content.decode()  # anonymous: sign-in comes first
    client.force_login(make_user("t1", club=club, role=Role.TRAINEE))
    assert "记录此裁决" not in client.get(url).content.decode()
    client.force_login(make_user("d1", club=club, role=Role.DIRECTOR))
    assert "记录此裁决" in client.get(url).content.decode()


@pytest.mark.parametrize("edition", ["ccba-1999", "wbf-2017"])
def test_the_claim_card_gives_the_score_once_the_contract_is_known(client, edition):
    """Issue 31 item 2: tricks first, then both sides' scores when the contract facts are given."""
    facts = {**one_per_leaf(trees(edition)["claim"])["claim_upheld_70"], "tricks_claimed": 10}
    query = {
        "edition": edition,
        **{k: str(v).lower() if isinstance(v, bool) else v for k, v in facts.items()},
    }
    tricks = 10
    played = {"contract": "4S", "declarer": "N", "vulnerability": "None"}
    bare = _headline(client.get("/rulings/claim/", query).content.decode())
    assert bare == f"声称方共得{tricks}墩，庄家方共{tricks}墩" and "南北" not in bare
    with_contract = _headline(client.get("/rulings/claim/", {**query, **played}).content.decode())
    ns = 420  # 4♠ by North, 10 tricks, not vulnerable
    assert with_contract == f"声称方共得{tricks}墩，庄家方共{tricks}墩：南北{ns:+d}，东西{-ns:+d}"
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    english = _headline(client.get("/rulings/claim/", {**query, **played}).content.decode())
    assert english.endswith(f": NS {ns:+d}, EW {-ns:+d}") and "：" not in english
