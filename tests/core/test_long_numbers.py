"""N1 (security review 2026-12b): a number of 5,000 digits — more than CPython's int() reads (4,300) — sent to every
numeric field of every endpoint and page is a 400 naming the field, never a 500; nothing is written.

Each case replaces one field of a request that is otherwise good with the long number (as text, and for JSON
bodies also as a bare JSON number)."""

import json

import pytest
from django.test import Client

from bridge import EngineError
from bridge.inputs import MAX_DIGITS, read_whole, too_long, whole_number
from clubs import services
from clubs.models import Role, RulingRecord
from tests.clubs.conftest import IB_FACTS, api_key, make_user

pytestmark = [pytest.mark.log, pytest.mark.django_db]

LONG = "9" * 5000

# --- the pure readers ----------------------------------------------------------------------------------------


def test_the_shared_reader_is_bounded():
    assert read_whole(" -" + "9" * MAX_DIGITS) == -int("9" * MAX_DIGITS)
    assert (
        read_whole("9" * (MAX_DIGITS + 1)) is None and read_whole(LONG) is None and read_whole("4.5") is None
    )
    assert too_long(LONG) and not too_long("+" + "1" * MAX_DIGITS)
    error = pytest.raises(EngineError, whole_number, LONG, "diff").value
    assert (error.field, error.code) == ("diff", "input.too_long")
    assert len(error.message) < 200  # the number is not echoed whole


# --- the API: JSON bodies and query strings --------------------------------------------------------------------

ASSIGNED = {
    "board": 5,
    "offending_side": "EW",
    "results": [{"contract": "4H", "declarer": "S", "tricks": 10, "likely": True, "at_all_probable": True}],
    "other_table_score_ns": 170,
}
ADJUSTED = {
    "method": "weighted",
    "appeals_committee": True,  # Law 12C3: weighted scores are the committee's
    "vulnerability": "None",
    "outcomes": [{"contract": "4S", "declarer": "N", "tricks": 10, "weight": 1}],
    "other_table_score_ns": 420,
}


def _set(body, path: list, value):
    body = json.loads(json.dumps(body))
    target = body
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return body


# (path, the good body, where the number goes, the field the 400 must name)
API_BODIES = [
    ("/api/matchpoints/", {"scores": [420, 450]}, ["scores", 0], "scores[0]"),
    ("/api/assigned-score/", ASSIGNED, ["board"], "board"),
    ("/api/assigned-score/", ASSIGNED, ["results", 0, "tricks"], "results[0].tricks"),
    ("/api/assigned-score/", ASSIGNED, ["other_table_score_ns"], "other_table_score_ns"),
    ("/api/adjusted-score/", ADJUSTED, ["outcomes", 0, "tricks"], "outcomes[0].tricks"),
    ("/api/adjusted-score/", ADJUSTED, ["outcomes", 0, "weight"], "outcomes[0].weight"),
    ("/api/adjusted-score/", ADJUSTED, ["other_table_score_ns"], "other_table_score_ns"),
    (
        "/api/rulings/trees/claim/evaluate/",
        {"facts": {"tricks_claimed": 12}},
        ["facts", "tricks_claimed"],
        None,
    ),
]


def api_error(response, *, short: bool = True) -> dict:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    body = response.json()
    assert set(body) == {"error", "field"}
    assert len(body["error"]) < 300 or not short  # the message does not echo the number whole
    return body


@pytest.mark.parametrize(("path", "good", "where", "field"), API_BODIES)
def test_a_bare_json_number_too_long_is_400_naming_the_field(path, good, where, field):
    raw = json.dumps(_set(good, where, 0)).replace(": 0", ": " + LONG, 1).replace("[0,", "[" + LONG + ",", 1)
    assert LONG in raw
    body = api_error(Client().post(path, data=raw, content_type="application/json"))
    expected = field or ".".join(str(part) for part in where)
    assert body["field"] == expected


@pytest.mark.parametrize(
    ("path", "good", "where", "field"),
    [
        *API_BODIES,
        ("/api/assigned-score/", ASSIGNED, ["results", 0, "contract"], "results[0].contract"),
        ("/api/adjusted-score/", ADJUSTED, ["outcomes", 0, "contract"], "outcomes[0].contract"),
    ],
)
def test_a_number_too_long_as_text_is_400_naming_the_field(path, good, where, field):
    assert Client().post(path, data=good, content_type="application/json").status_code == 200  # good as given
    value = LONG + "S" if where[-1] == "contract" else LONG
    response = Client().post(path, data=_set(good, where, value), content_type="application/json")
    body = api_error(response)
    if field is not None and where[0] != "scores" and where[-1] != "weight":  # a weight as text: "weights"
        assert body["field"] == field
    assert body["field"]


@pytest.mark.parametrize(
    ("path", "params", "field"),
    [
        (
            "/api/score/",
            {"contract": LONG + "S", "declarer": "N", "vulnerability": "None", "tricks": 9},
            "contract",
        ),
        (
            "/api/score/",
            {"contract": "3NT", "declarer": "N", "vulnerability": "None", "tricks": LONG},
            "tricks",
        ),
        ("/api/score/", {"contract": "3NT", "declarer": "N", "board": LONG, "tricks": 9}, "board"),
        ("/api/imps/", {"diff": LONG}, "diff"),
        ("/api/imps/", {"diff": "-" + LONG}, "diff"),
    ],
)
def test_query_numbers_too_long_are_400_naming_the_field(path, params, field):
    assert api_error(Client().get(path, params))["field"] == field


def test_a_board_path_too_long_is_a_json_404():
    response = Client().get(f"/api/boards/{LONG}/")
    assert response.status_code == 404 and response.json()["field"] is None


@pytest.fixture
def token_client(director):
    return Client(HTTP_AUTHORIZATION="Token " + api_key(director))


NEW = {"event": "e", "date": "2026-04-02", "board": 14, "irregularity": "insufficient-bid", "facts": IB_FACTS}


@pytest.mark.parametrize("field", ["board", "director"])
@pytest.mark.parametrize("bare", [True, False])
def test_the_club_log_api_refuses_long_numbers_and_writes_nothing(club, director, token_client, field, bare):
    body = {**NEW, field: 1}
    raw = json.dumps(body).replace(f'"{field}": 1', f'"{field}": ' + (LONG if bare else f'"{LONG}"'))
    response = token_client.post(f"/api/clubs/{club.pk}/rulings/", data=raw, content_type="application/json")
    assert api_error(response)["field"] == field
    assert not RulingRecord.objects.exists()


@pytest.mark.parametrize("bare", [True, False])
def test_the_club_log_api_refuses_a_long_version(club, record, token_client, bare):
    raw = '{"table": "9", "version": ' + (LONG if bare else f'"{LONG}"') + "}"
    response = token_client.patch(
        f"/api/clubs/{club.pk}/rulings/{record.number}/", data=raw, content_type="application/json"
    )
    assert api_error(response)["field"] == "version"
    record.refresh_from_db()
    assert record.version == 1


@pytest.mark.parametrize("param", ["board", "limit", "offset", "after", "number", "director"])
def test_the_club_log_api_list_refuses_long_query_numbers(club, record, token_client, param):
    response = token_client.get(f"/api/clubs/{club.pk}/rulings/", {param: LONG})
    assert response.status_code in (200, 400), response.content[:300]  # a filter may read it as text
    if response.status_code == 400:
        assert api_error(response, short=False)["field"] == param


# --- the pages --------------------------------------------------------------------------------------------------

CASE_1 = {
    "offending_side": "EW",
    "board": "5",
    "r0_level": "4",
    "r0_strain": "H",
    "r0_declarer": "S",
    "r0_tricks": "10",
    "r0_likely": "on",
    "r0_probable": "on",
    "t_level": "4",
    "t_strain": "H",
    "t_declarer": "S",
    "t_tricks": "9",
    "other_table": "170",
}
WEIGHTED = {
    "method": "weighted",
    "vulnerability": "None",
    "w0_contract": "4S",
    "w0_declarer": "N",
    "w0_tricks": "10",
    "w0_weight": "100",
    "other_table": "420",
}
ASSIGNED_PAGE = {
    "method": "assigned",
    "vulnerability": "NS",
    "NS_contract": "4S",
    "NS_declarer": "N",
    "NS_tricks": "10",
    "EW_contract": "4S",
    "EW_declarer": "N",
    "EW_tricks": "9",
}
ARTIFICIAL = {
    "method": "artificial",
    "form": "pairs",
    "fault_NS": "direct",
    "fault_EW": "none",
    "session_EW": "60",
}
SCORE = {"level": "4", "strain": "S", "declarer": "N", "vulnerability": "None", "tricks": "10"}

# (method, path, good data, the field replaced, the field the 400 names)
PAGES = [
    ("get", "/tools/score/", SCORE, "level", "contract"),
    ("get", "/tools/score/", SCORE, "tricks", "tricks"),
    ("get", "/tools/score/", {**SCORE, "board": "5"}, "board", "board"),
    ("get", "/tools/imps/", {"diff": "50"}, "diff", "diff"),
    ("post", "/tools/matchpoints/", {"scores": "420 450"}, "scores", "scores"),
    ("post", "/tools/adjusted/", ARTIFICIAL, "session_EW", "session_percent.EW"),
    ("post", "/tools/adjusted/", ASSIGNED_PAGE, "NS_tricks", "NS.tricks"),
    ("post", "/tools/adjusted/", ASSIGNED_PAGE, "NS_contract", "NS.contract"),
    ("post", "/tools/adjusted/", WEIGHTED, "w0_tricks", "outcomes[0].tricks"),
    ("post", "/tools/adjusted/", WEIGHTED, "w0_weight", "outcomes[0].weight"),
    ("post", "/tools/adjusted/", WEIGHTED, "other_table", "other_table_score_ns"),
    (
        "post",
        "/tools/adjusted/",
        {**WEIGHTED, "other_table": "", "field_scores": "420"},
        "field_scores",
        None,
    ),
    ("post", "/tools/assigned/", CASE_1, "board", "board"),
    ("post", "/tools/assigned/", CASE_1, "r0_level", "results[0].contract"),
    ("post", "/tools/assigned/", CASE_1, "r0_tricks", "results[0].tricks"),
    ("post", "/tools/assigned/", {**CASE_1, "committee": "on", "r0_weight": "100"}, "r0_weight", None),
    ("post", "/tools/assigned/", CASE_1, "t_level", "table_result.contract"),
    ("post", "/tools/assigned/", CASE_1, "t_tricks", "table_result.tricks"),
    ("post", "/tools/assigned/", CASE_1, "other_table", "other_table_score_ns"),
    ("post", "/tools/assigned/", {**CASE_1, "other_table": "", "field_scores": "170"}, "field_scores", None),
]


def page_error(response, field: str | None) -> str:
    assert response.status_code == 400, (response.status_code, response.content[:300])
    html = response.content.decode()
    assert 'data-field="' in html
    if field is not None:
        assert f'data-field="{field}"' in html
    return html


@pytest.mark.parametrize(("verb", "path", "good", "name", "field"), PAGES)
def test_pages_refuse_long_numbers_naming_the_field(client, verb, path, good, name, field):
    assert getattr(client, verb)(path, good).status_code == 200
    page_error(getattr(client, verb)(path, {**good, name: LONG}), field)


def test_the_wizard_refuses_a_long_fact(client):
    response = client.get("/rulings/claim/", {"tricks_claimed": LONG})
    assert response.status_code in (200, 400)


UI_FACTS = {
    "fact.information_source": "partner",
    "fact.stage": "end_of_play",
    "fact.information_established": "true",
    "fact.demonstrably_suggested": "true",
    "fact.logical_alternative": "true",
    "fact.damaged": "true",
    "fact.nos_irrational": "false",
}
FORM = {
    "event": "周三双人赛",
    "called_by": "N",
    "statement": "东长考后不叫，西叫4♠。",
    "poll_action": "4♠",
    "p0_call": "Pass",
    "p0_chose": "5",
    "p0_considered": "1",
    "p1_call": "4♠",
    "p1_chose": "3",
    "p1_considered": "2",
    **UI_FACTS,
    **CASE_1,
}


@pytest.mark.parametrize(
    ("name", "field"),
    [
        ("board", "board"),
        ("p0_chose", "calls[0].chose"),
        ("p0_considered", "calls[0].considered"),
        ("r0_level", "results[0].contract"),
        ("r0_tricks", "results[0].tricks"),
        ("t_tricks", "table_result.tricks"),
        ("other_table", "other_table_score_ns"),
    ],
)
def test_the_ruling_form_save_refuses_long_numbers_and_writes_nothing(client, director, name, field):
    client.force_login(director)
    url = "/rulings/unauthorized-information/form/save/"
    assert client.post(url, FORM).status_code == 302
    page_error(client.post(url, {**FORM, name: LONG}), field)
    assert RulingRecord.objects.count() == 1


def test_the_ruling_form_save_with_a_long_club_asks_for_the_club(client, club, other_club, director):
    services.membership_set(club=other_club, user=director, role=Role.DIRECTOR)
    client.force_login(director)
    response = client.post("/rulings/unauthorized-information/form/save/", {**FORM, "club": LONG})
    assert response.status_code == 200 and not RulingRecord.objects.exists()


def test_club_pages_refuse_long_numbers(client, club, record, director):
    admin = make_user("admin-n1", club=club, role=Role.CLUB_ADMIN)
    client.force_login(director)
    for action in ("sign-off", "appeal"):
        response = client.post(f"/clubs/{club.pk}/rulings/{record.number}/{action}/", {"version": LONG})
        assert response.status_code in (400, 403), (action, response.status_code)
    response = client.post(f"/clubs/{club.pk}/rulings/new/", {**NEW, "board": LONG, "director": director.pk})
    assert response.status_code == 400
    response = client.get(f"/clubs/{club.pk}/rulings/", {"board": LONG, "page": LONG})
    assert response.status_code in (200, 400)
    client.force_login(admin)
    response = client.post(f"/clubs/{club.pk}/members/", {"remove": LONG})
    assert response.status_code == 400
    record.refresh_from_db()
    assert record.version == 1
