"""POST /api/deals/import/ and /api/deals/double-dummy/ over real HTTP (issue 30): PBN read into boards, one deal
solved double dummy and cached per deal, bad input → 400 naming the field (and the PBN line), nothing saved; both
in the OpenAPI schema."""

import pytest
from drf_spectacular.generators import SchemaGenerator

from tests.bridge.test_deals import SESSION, SOLID, SOLID_HANDS

pytestmark = pytest.mark.django_db

IMPORT = "/api/deals/import/"
SOLVE = "/api/deals/double-dummy/"


def test_import_a_session_file_lists_its_boards(http):
    response = http("POST", IMPORT, {"pbn": SESSION})
    assert response.status == 200
    data = response.json()
    assert [(b["board"], b["dealer"], b["vulnerability"]) for b in data["boards"]] == [
        (1, "N", "None"),
        (2, "E", "NS"),
        (3, "S", "EW"),
    ]
    assert data["deal"] is None
    assert data["boards"][0]["hands"]["N"] == "SA1097 HQJ8764 D83 C8"
    picked = http("POST", IMPORT, {"pbn": SESSION, "board": 3}).json()["deal"]
    assert picked == data["boards"][2]


def test_import_one_deal(http):
    data = http("POST", IMPORT, {"pbn": f'[Board "2"]\n[Deal "{SOLID}"]\n'}).json()
    assert data["deal"]["pbn"] == SOLID and data["deal"]["dealer"] == "E" and len(data["boards"]) == 1


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"pbn": SESSION.replace("AT97.QJ8764.83.8", "AT97.QJ8764.83.")}, "pbn", "Line 8: N holds 12 cards"),
        ({"pbn": SESSION.replace('[Board "2"]', '[Board "2"')}, "pbn", "Line 11 is not a PBN tag"),
        ({"pbn": SESSION.replace("Q42.T.AK752.T753", "Q42.T.AK752.T7532")}, "pbn", "Line 8: the card C2"),
        ({"pbn": SESSION, "board": 7}, "board", "Board 7 is not in the PBN file"),
        ({"pbn": SESSION, "board": "seven"}, "board", "board must be a whole number"),
        ({"pbn": ""}, "pbn", "No PBN text"),
        ({"pbn": 12}, "pbn", "No PBN text"),
        ({"pbn": SESSION, "extra": 1}, "extra", "Unknown field 'extra'"),
    ],
)
def test_import_bad_input_names_the_field(http, body, field, says):
    response = http("POST", IMPORT, body, headers={"Accept-Language": "en"})
    assert response.status == 400
    assert response.json()["field"] == field
    assert says in response.json()["error"]


def test_import_error_in_chinese(http):
    body = {"pbn": SESSION.replace("AT97.QJ8764.83.8", "AT97.QJ8764.83.")}
    response = http("POST", IMPORT, body, headers={"Accept-Language": "zh-hans"})
    assert response.status == 400 and "第 8 行" in response.json()["error"]


def test_import_body_not_an_object(http):
    response = http("POST", IMPORT, [1, 2])
    assert response.status == 400 and response.json()["field"] is None


def test_double_dummy_from_hands_is_solved_once(http):
    first = http("POST", SOLVE, {"hands": {**SOLID_HANDS, "W": ""}, "board": 1})
    assert first.status == 200
    data = first.json()
    assert data["cached"] is False
    assert data["tricks"]["N"] == {"C": 0, "D": 13, "H": 0, "S": 13, "NT": 0}
    assert data["tricks"]["W"] == {"C": 13, "D": 0, "H": 13, "S": 0, "NT": 0}
    assert data["par_score"] == 1510
    assert {(p["contract"], p["declarer"]) for p in data["par"]} == {("7S", "N"), ("7S", "S")}
    assert data["deal"]["hands"]["W"] == "CAKQJ1098765432"
    assert "not Law 12C2" in data["aid"]["en"] and "12C2" in data["aid"]["zh"]
    # The same deal again, also as PBN: from the cache.
    again = http("POST", SOLVE, {"pbn": f'[Board "1"]\n[Deal "{SOLID}"]'}).json()
    assert again["cached"] is True and again["tricks"] == data["tricks"]
    # Another vulnerability is another par: solved anew.
    other = http("POST", SOLVE, {"hands": SOLID_HANDS, "dealer": "N", "vulnerability": "Both"}).json()
    assert other["cached"] is False and other["par_score"] == 2210


def test_double_dummy_of_a_board_of_a_file(http):
    data = http("POST", SOLVE, {"pbn": SESSION, "board": 1}).json()
    assert data["tricks"]["E"] == {"C": 10, "D": 10, "H": 7, "S": 9, "NT": 9} and data["par_score"] == -400


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"hands": {**SOLID_HANDS, "E": "HAKQJT9876543"}, "board": 1}, "hands.E"),
        ({"hands": {**SOLID_HANDS, "N": "SAKQJT98765432 HA"}, "board": 1}, "hands.E"),
        ({"hands": {"N": SOLID_HANDS["N"]}, "board": 1}, "hands"),
        ({"hands": SOLID_HANDS}, "dealer"),
        ({"hands": SOLID_HANDS, "dealer": "N", "vulnerability": "sometimes"}, "vulnerability"),
        ({"hands": SOLID_HANDS, "dealer": 3, "vulnerability": "None"}, "dealer"),
        ({"hands": SOLID_HANDS, "board": 0}, "board"),
        ({"hands": SOLID_HANDS, "board": 10**20}, "board"),
        ({"hands": "N:AK", "board": 1}, "hands"),
        ({"hands": SOLID_HANDS, "pbn": SESSION}, "pbn"),
        ({}, "hands"),
        ({"pbn": "[Deal 'x']"}, "pbn"),
        ({"hands": SOLID_HANDS, "board": 1, "contract": "4S"}, "contract"),
    ],
)
def test_double_dummy_bad_input_names_the_field(http, body, field):
    response = http("POST", SOLVE, body)
    assert response.status == 400, response.text
    assert response.json()["field"] == field


def test_get_is_not_allowed(http):
    assert http("GET", SOLVE).status == 405


def test_the_schema_describes_both():
    schema = SchemaGenerator().get_schema(request=None, public=True)
    for path, operation_id in ((IMPORT, "deal_import"), (SOLVE, "deal_double_dummy")):
        operation = schema["paths"][path]["post"]
        assert operation["operationId"] == operation_id
        assert {"200", "400"} <= set(operation["responses"])
    request = schema["components"]["schemas"]["DealImportRequest"]
    assert request["required"] == ["pbn"] and request["properties"]["pbn"]["maxLength"] == 200_000
    solved = schema["components"]["schemas"]["DoubleDummy"]
    assert {"tricks", "par_score", "par", "cached", "aid"} <= set(solved["properties"])


@pytest.fixture
def low_rates(settings):
    """The solver's throttle at 3 a minute per address and 5 per signed-in user (the settings' rates are read when
    asked, so the live server's thread sees these)."""
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {"double_dummy_anon": "3/min", "double_dummy_user": "5/min"},
    }


def test_the_solver_is_throttled_per_address_with_a_clear_429(http, low_rates):
    body = {"hands": SOLID_HANDS, "board": 1}
    assert [http("POST", SOLVE, body).status for _ in range(3)] == [200, 200, 200]
    refused = http("POST", SOLVE, body, headers={"Accept-Language": "en"})
    assert refused.status == 429
    seconds = int(refused.headers["Retry-After"])
    assert 1 <= seconds <= 60
    data = refused.json()
    assert data["field"] is None
    assert (
        data["error"].startswith("Too many requests: try again in") and "signed-in directors" in data["error"]
    )
    zh = http("POST", SOLVE, body, headers={"Accept-Language": "zh-hans"})
    assert zh.status == 429 and "请求太频繁" in zh.json()["error"]
    # Importing PBN costs no solving and is not throttled; a forged X-Forwarded-For is not another address.
    assert http("POST", IMPORT, {"pbn": f'[Board "2"]\n[Deal "{SOLID}"]\n'}).status == 200
    assert http("POST", SOLVE, body, headers={"X-Forwarded-For": "203.0.113.9"}).status == 429


def test_the_real_rate_is_30_a_minute_per_address_and_more_signed_in():
    from django.conf import settings

    rates = settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]
    assert rates == {"double_dummy_anon": "30/min", "double_dummy_user": "120/min"}


def test_a_signed_in_director_has_the_higher_rate(client, low_rates):
    """Through the test client (the session's test database is never flushed: a transactional test would empty
    the law base for every test after it)."""
    from django.contrib.auth import get_user_model

    from accounts.tokens import token_issue

    user = get_user_model().objects.create_user("dd-director", password="x" * 12)
    key, _ = token_issue(user)
    body = {"hands": SOLID_HANDS, "board": 1}
    signed = {"HTTP_AUTHORIZATION": "Token " + key}

    def post(**headers):
        return client.post(SOLVE, body, content_type="application/json", **headers).status_code

    assert [post(**signed) for _ in range(5)] == [200] * 5
    assert post(**signed) == 429
    # The anonymous budget of the same address is its own.
    assert post() == 200
