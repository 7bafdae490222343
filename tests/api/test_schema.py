"""The OpenAPI schema (issue 18 item 6): valid without warnings, every status an operation answers documented with
the real error body, the real body shapes, the required inputs and their bounds, enums, unique operationIds.

tests/ci/schemathesis.sh holds the running server to this schema; these tests hold the schema to the contract."""

import pytest
from django.core.management import call_command
from drf_spectacular.generators import SchemaGenerator

ERROR_REF = "#/components/schemas/Error"


@pytest.fixture(scope="module")
def schema():
    return SchemaGenerator().get_schema(request=None, public=True)


def operation(schema, path, method):
    return schema["paths"][path][method]


def parameter(schema, path, method, name):
    (found,) = [p for p in operation(schema, path, method).get("parameters", []) if p["name"] == name]
    return found


def resolve(schema, node):
    while "$ref" in node:
        node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
    return node


def body_schema(schema, path, method, status):
    return operation(schema, path, method)["responses"][str(status)]["content"]["application/json"]["schema"]


def test_spectacular_validates_without_warnings(tmp_path):
    # Raises SchemaGenerationError on any warning (W001 operationId collisions, enum naming…) or an invalid schema.
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(tmp_path / "schema.yaml"))
    assert (tmp_path / "schema.yaml").read_text(encoding="utf-8").startswith("openapi: 3")


def test_operation_ids_are_unique(schema):
    ids = [op["operationId"] for methods in schema["paths"].values() for op in methods.values()]
    assert len(ids) == len(set(ids)) and len(ids) >= 21
    assert "rulings_trees_list" in ids and "rulings_trees_read" in ids
    assert "practice_scenarios_list" in ids and "practice_scenarios_read" in ids


def test_the_error_body_is_the_real_one(schema):
    error = schema["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"error", "field"}
    assert error["properties"]["error"]["type"] == "string"
    assert error["properties"]["field"]["nullable"] is True


EXPECTED_ERRORS = {
    ("/api/boards/{number}/", "get"): {400, 404},
    ("/api/score/", "get"): {400},
    ("/api/imps/", "get"): {400},
    ("/api/matchpoints/", "post"): {400},
    ("/api/adjusted-score/", "post"): {400},
    ("/api/assigned-score/", "post"): {400},
    ("/api/laws/", "get"): {400},
    ("/api/laws/{number}/", "get"): {400, 404},
    ("/api/definitions/", "get"): {400},
    ("/api/rulings/trees/", "get"): {400},
    ("/api/rulings/trees/{slug}/", "get"): {400, 404},
    ("/api/rulings/trees/{slug}/evaluate/", "post"): {400, 404},
    ("/api/search/", "get"): {400, 503},
    ("/api/practice/scenarios/", "get"): {400},
    ("/api/practice/scenarios/{item}/", "get"): {404},
    ("/api/practice/scenarios/{item}/answer/", "post"): {400, 404},
    ("/api/practice/drills/{slug}/", "get"): {400, 404},
    ("/api/clubs/{club_id}/rulings/", "get"): {400, 401, 403, 404},
    ("/api/clubs/{club_id}/rulings/", "post"): {400, 401, 403, 404},
    ("/api/clubs/{club_id}/rulings/{number}/", "get"): {401, 403, 404},
    ("/api/clubs/{club_id}/rulings/{number}/", "patch"): {400, 401, 403, 404, 409},
}


@pytest.mark.parametrize(("path", "method"), sorted(EXPECTED_ERRORS))
def test_every_error_status_is_documented_with_the_error_body(schema, path, method):
    responses = operation(schema, path, method)["responses"]
    errors = {int(code) for code in responses if int(code) >= 400}
    assert errors == EXPECTED_ERRORS[(path, method)]
    for code in errors:
        assert responses[str(code)]["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}


def test_the_lists_are_arrays(schema):
    for path in ("/api/rulings/trees/", "/api/practice/scenarios/", "/api/laws/", "/api/definitions/"):
        assert body_schema(schema, path, "get", 200)["type"] == "array", path
    page = resolve(schema, body_schema(schema, "/api/clubs/{club_id}/rulings/", "get", 200))
    assert page["type"] == "object" and {"count", "limit", "offset", "results"} <= set(page["required"])
    assert page["properties"]["results"]["type"] == "array"


def test_required_inputs_are_marked(schema):
    assert parameter(schema, "/api/imps/", "get", "diff")["required"] is True
    for name in ("contract", "declarer", "tricks"):
        assert parameter(schema, "/api/score/", "get", name)["required"] is True, name
    for name in ("vulnerability", "board"):  # one or the other
        assert not parameter(schema, "/api/score/", "get", name).get("required"), name
    patch = operation(schema, "/api/clubs/{club_id}/rulings/{number}/", "patch")
    body = resolve(schema, patch["requestBody"]["content"]["application/json"]["schema"])
    assert body["required"] == ["version"] and body["additionalProperties"] is False
    assert list(patch["requestBody"]["content"]) == ["application/json"]


def test_bounds_and_enums(schema):
    assert parameter(schema, "/api/boards/{number}/", "get", "number")["schema"]["minimum"] == 1
    assert parameter(schema, "/api/score/", "get", "board")["schema"]["minimum"] == 1
    tricks = parameter(schema, "/api/score/", "get", "tricks")["schema"]
    assert (tricks["minimum"], tricks["maximum"]) == (0, 13)
    limit = parameter(schema, "/api/search/", "get", "limit")["schema"]
    assert (limit["minimum"], limit["maximum"]) == (1, 50)
    assert parameter(schema, "/api/search/", "get", "q")["schema"]["maxLength"] == 200
    declarer = resolve(schema, parameter(schema, "/api/score/", "get", "declarer")["schema"])
    assert set(declarer["enum"]) == {"N", "E", "S", "W"}
    vulnerability = resolve(schema, parameter(schema, "/api/score/", "get", "vulnerability")["schema"])
    assert set(vulnerability["enum"]) == {"None", "NS", "EW", "Both"}
    topic = resolve(schema, parameter(schema, "/api/practice/scenarios/", "get", "topic")["schema"])
    assert "revoke" in topic["enum"] and "" in topic["enum"]  # empty: every topic
    difficulty = parameter(schema, "/api/practice/scenarios/", "get", "difficulty")["schema"]
    assert difficulty["enum"] == [1, 2, 3]


def test_an_empty_optional_query_parameter_is_allowed_as_the_api_reads_it(schema):
    for path, name in (("/api/clubs/{club_id}/rulings/", "date_to"), ("/api/search/", "limit")):
        assert parameter(schema, path, "get", name)["allowEmptyValue"] is True
    assert "allowEmptyValue" not in parameter(schema, "/api/imps/", "get", "diff")  # required: empty is a 400


def test_the_club_log_takes_a_token_or_the_session(schema):
    security = operation(schema, "/api/clubs/{club_id}/rulings/", "get")["security"]
    assert {"tokenAuth": []} in security and {"cookieAuth": []} in security
    assert "security" not in operation(schema, "/api/score/", "get") or operation(
        schema, "/api/score/", "get"
    )["security"] in ([], [{}])


@pytest.mark.parametrize(
    "path",
    ["/api/laws/", "/api/laws/{number}/", "/api/definitions/", "/api/search/", "/api/rulings/trees/"],
)
def test_the_edition_parameter_is_documented(schema, path):
    """Issue 28: every endpoint that reads the law base takes ``edition=``, its choices listed."""
    edition = parameter(schema, path, "get", "edition")
    assert {"ccba-1999", "wbf-2017"} <= set(resolve(schema, edition["schema"])["enum"])
    assert "400" in edition["description"] or "unknown" in edition["description"]


def test_the_editions_list_is_documented(schema):
    assert body_schema(schema, "/api/editions/", "get", 200)["type"] == "array"
