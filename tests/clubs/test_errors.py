"""The log's errors: a RecordError is a FieldError with a code and parameters, its message a Chinese msgid
translated when it is read, so the API and each page say it in their own language; a stale edit is a 409."""

import pytest
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from bridge.errors import FieldError
from clubs import services
from clubs.errors import RecordError
from core.errors import error_context, error_text

pytestmark = pytest.mark.log


def test_a_record_error_is_a_field_error_with_a_code_and_parameters():
    error = RecordError(
        _("%(name)s 太长（最多 %(n)s 字）。"), "notes", code="too_long", name="notes", n=20000
    )
    assert isinstance(error, FieldError) and services.RecordError is RecordError
    assert (error.field, error.code, error.params) == ("notes", "too_long", {"name": "notes", "n": 20000})
    with translation.override("zh-hans"):
        assert error.as_dict() == {"error": "notes 太长（最多 20000 字）。", "field": "notes"}


def test_the_message_is_translated_when_it_is_read():
    with translation.override("zh-hans"):
        error = RecordError(_("俱乐部至少要有一名管理员。"), "role", code="last_admin")
    with translation.override("en"):
        assert error_text(error) == "A club must have at least one administrator."
        assert error_context(error) == {"message": error_text(error), "field": "role", "label": "Role"}
    with translation.override("zh-hans"):
        assert error_text(error) == "俱乐部至少要有一名管理员。"
    with translation.override("en"):
        board = RecordError(
            _("牌号必须是 %(low)s 到 %(high)s 的整数。"), "board", code="board_range", low=1, high=999
        )
        assert board.text("en") == "Board number must be an integer from 1 to 999."


def test_an_engine_error_keeps_its_code_and_parameters_under_the_records_field():
    engine = FieldError("in_rotation must be yes or no, not 'maybe'.", "in_rotation", value="maybe")
    engine.code = "fact_value"
    wrapped = RecordError.wrapping(engine, "facts.in_rotation")
    assert isinstance(wrapped, RecordError)
    assert (wrapped.field, wrapped.code, wrapped.params) == (
        "facts.in_rotation",
        "fact_value",
        {"value": "maybe"},
    )
    assert wrapped.message == engine.message


@pytest.mark.django_db
def test_pages_answer_in_their_language(client, club, club_admin):
    client.force_login(club_admin)
    url = f"/clubs/{club.pk}/members/"
    response = client.post(url, {"remove": str(club_admin.pk)})
    assert response.status_code == 400 and "俱乐部至少要有一名管理员。" in response.content.decode()
    client.cookies["django_language"] = "en"
    response = client.post(url, {"remove": str(club_admin.pk)})
    html = response.content.decode()
    assert response.status_code == 400 and "A club must have at least one administrator." in html
    assert 'data-field="role"' in html


@pytest.mark.django_db
def test_a_stale_edit_names_the_version(make_record, director, director2):
    record = make_record()
    services.ruling_update(record=record, expected_version=1, by=director, changes={"table": "6"})
    with pytest.raises(services.VersionConflict) as caught:
        services.ruling_update(record=record, expected_version=1, by=director2, changes={"table": "7"})
    assert caught.value.field == "version" and caught.value.current == 2
