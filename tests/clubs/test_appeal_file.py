"""The appeal file on a club-log record (issue 30): the director's part written through the API while the ruling
may be edited, read-only once the appeal is lodged (a revision, never an overwrite); the committee's part by a
committee member; the poll warning; the API, the CSV and the JSON export carry both."""

import copy
import io
import json

import pytest

from clubs import services
from clubs.backup import log_export
from clubs.models import Role, RulingRecord, Status
from tests.bridge.test_appeal_file import FILE

from .conftest import make_user
from .test_api import client_for

pytestmark = [pytest.mark.log, pytest.mark.django_db]


def file_url(club, number, part="appeal-file"):
    return f"/api/clubs/{club.pk}/rulings/{number}/{part}/"


@pytest.fixture
def committee(club):
    return make_user("committee", club=club, role=Role.COMMITTEE)


@pytest.fixture
def ruled(make_record):
    """Board 3 (S deals, EW vulnerable), a final ruling."""
    return make_record(board=3, status=Status.FINAL)


def put_file(club, user, record, file, version=None):
    body = {"version": version or record.version, "file": file}
    return client_for(user).put(file_url(club, record.number), body, format="json")


def test_the_director_writes_the_file_as_a_revision(club, director, ruled):
    response = put_file(club, director, ruled, FILE)
    assert response.status_code == 200, response.json()
    data = response.json()
    assert data["version"] == ruled.version + 1
    stored = data["appeal_file"]
    assert stored["deal"]["pbn"].startswith("N:A8653.T53.K62.J7")
    assert stored["auction"]["calls"][4] == {"call": "X", "alert": False, "explanation": ""}
    assert stored["auction"]["tempo"]["status"] == "disputed"
    assert stored["poll"]["tally"]["reading"] == "alternative_chosen"
    assert [r["score_ns"] for r in stored["results"]] == [420, 200]
    record = RulingRecord.objects.get(pk=ruled.pk)
    revision = record.revisions.order_by("-number").first()
    assert revision.changes["appeal_file"]["old"] is None
    assert revision.changes["appeal_file"]["new"] == stored


def test_bad_input_is_a_400_naming_the_field_and_writes_nothing(club, director, ruled):
    bad = copy.deepcopy(FILE)
    bad["auction"]["calls"][1] = {"call": "1D"}
    response = put_file(club, director, ruled, bad)
    assert response.status_code == 400
    assert response.json()["field"] == "file.auction.calls[1].call"
    deal = {**FILE, "deal": {"hands": {"N": "SAKQJT98765432", "E": "HAKQJT9876543"}, "board": 3}}
    response = put_file(club, director, ruled, deal)
    assert response.json()["field"] == "file.deal.hands"
    response = put_file(club, director, ruled, {"pollx": 1})
    assert response.status_code == 400 and response.json()["field"] == "file.pollx"
    response = put_file(club, director, ruled, {"play": "a\x00b"})
    assert response.status_code == 400
    record = RulingRecord.objects.get(pk=ruled.pk)
    assert record.appeal_file is None and record.version == ruled.version


def test_a_stale_version_is_a_409(club, director, ruled):
    put_file(club, director, ruled, FILE)
    response = put_file(club, director, ruled, {}, version=ruled.version)
    assert response.status_code == 409


def test_a_trainee_and_a_committee_member_may_not_write_the_director_part(club, trainee, committee, ruled):
    assert put_file(club, trainee, ruled, FILE).status_code == 403
    assert put_file(club, committee, ruled, FILE).status_code == 403


def test_once_appealed_the_director_part_is_read_only(club, director, ruled):
    put_file(club, director, ruled, FILE)
    record = RulingRecord.objects.get(pk=ruled.pk)
    services.appeal_lodge(record=record, by=director, appellant="EW", reason="The pause was short.")
    record = RulingRecord.objects.get(pk=ruled.pk)
    response = put_file(club, director, record, {})
    assert response.status_code == 400 and response.json()["field"] == "appeal_file"
    assert RulingRecord.objects.get(pk=ruled.pk).appeal_file["lead"] == "DQ"


def test_the_committee_fills_its_part_and_decides(club, director, committee, ruled):
    put_file(club, director, ruled, FILE)
    record = RulingRecord.objects.get(pk=ruled.pk)
    services.appeal_lodge(record=record, by=director, appellant="EW", reason="The pause was short.")
    record = RulingRecord.objects.get(pk=ruled.pk)
    body = {
        "version": record.version,
        "committee": {
            "submission": "NS: the pause lasted about 15 seconds.",
            "members": ["Chen (chair)", "Liu", "Sun"],
            "weights": [
                {"contract": "4H", "declarer": "N", "tricks": 10, "weight": 60},
                {"contract": "2DX", "declarer": "W", "tricks": 7, "weight": 40},
            ],
        },
        "decision": "changed",
        "decision_text": "12C3: 60% of 4♥ by N making, 40% of 2♦X down one.",
    }
    response = client_for(committee).put(
        file_url(club, record.number, "appeal-committee"), body, format="json"
    )
    assert response.status_code == 200, response.json()
    appeal = response.json()["appeal"]
    assert appeal["decision"] == "changed"
    assert appeal["committee"] == "Chen (chair); Liu; Sun"
    assert appeal["committee_file"]["equity"] == {"score_ns": 332.0, "score_ew": -332.0}
    actions = list(RulingRecord.objects.get(pk=ruled.pk).revisions.values_list("action", flat=True))
    assert actions[-2:] == ["appeal_committee", "appeal_decided"]


def test_the_committee_part_needs_an_appeal_and_the_role(club, director, committee, ruled):
    body = {"version": ruled.version, "committee": {"members": ["Chen"]}}
    response = client_for(committee).put(
        file_url(club, ruled.number, "appeal-committee"), body, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "appeal"
    response = client_for(director).put(file_url(club, ruled.number, "appeal-committee"), body, format="json")
    assert response.status_code == 403


def test_committee_bad_weights_name_the_field(club, director, committee, ruled):
    services.appeal_lodge(record=ruled, by=director, appellant="EW")
    record = RulingRecord.objects.get(pk=ruled.pk)
    weights = [{"contract": "4H", "declarer": "N", "tricks": 10, "weight": 50}]
    body = {"version": record.version, "committee": {"weights": weights}}
    response = client_for(committee).put(
        file_url(club, record.number, "appeal-committee"), body, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "committee.weights"
    assert RulingRecord.objects.get(pk=ruled.pk).appeal.committee_file is None


def test_the_poll_warning_follows_the_director_s_answer(club, director, make_record):
    ui = make_record(board=3, irregularity="unauthorized-information", facts={"logical_alternative": False})
    data = put_file(club, director, ui, FILE).json()
    assert data["poll_warning"] == "poll_alternative"
    other = make_record(board=3, irregularity="unauthorized-information", facts={"logical_alternative": True})
    assert put_file(club, director, other, FILE).json()["poll_warning"] is None


def test_csv_and_json_exports_carry_the_file(club, director, chief, ruled):
    put_file(club, director, ruled, FILE)
    client = client_for(chief, token=False)
    client.force_login(chief)
    csv_text = b"".join(client.get(f"/clubs/{club.pk}/rulings/export.csv").streaming_content).decode("utf-8")
    assert "N:A8653.T53.K62.J7" in csv_text and '""tempo"":' in csv_text
    out = io.StringIO()
    log_export(out)
    exported = json.loads(out.getvalue())
    (record,) = [r for c in exported["clubs"] for r in c["records"] if r["number"] == ruled.number]
    assert record["appeal_file"]["lead"] == "DQ"
