"""Labels and limits come from one place, the model field: the record, appeal, decision and comment forms, the
services' checks, the API's input and the revision history all read them there."""

import pytest

from clubs.api import RecordInput
from clubs.errors import RecordError
from clubs.exports import COLUMNS
from clubs.forms import AppealForm, CommentForm, DecisionForm, RecordForm, RulingFilterForm
from clubs.models import Appeal, ReviewComment, RulingRecord, field_limits
from clubs.services.common import text_clean
from clubs.views.common import change_rows

pytestmark = pytest.mark.log

LIMITS = ("max_length", "min_value", "max_value")


def limits_of(field) -> dict:
    """The limits a form or serializer field enforces."""
    return {name: getattr(field, name) for name in LIMITS if getattr(field, name, None) is not None}


FORM_FIELDS = [
    (
        RecordForm,
        RulingRecord,
        ["event", "date", "session", "board", "table", "called_by", "statement", "notes"],
    ),
    (AppealForm, Appeal, ["appellant", "lodged_at", "reason"]),
    (DecisionForm, Appeal, ["decision", "committee", "decision_text"]),
    (CommentForm, ReviewComment, ["text"]),
]


@pytest.mark.parametrize(("form_class", "model", "names"), FORM_FIELDS)
def test_form_fields_take_label_and_limits_from_the_model(form_class, model, names):
    form = form_class()
    for name in names:
        field, model_field = form.fields[name], model._meta.get_field(name)
        assert field.label == model_field.verbose_name, name
        if not model_field.choices:  # a choice is its own limit
            assert limits_of(field) == field_limits(model, name), name


def test_the_limits_reach_the_browser():
    html = str(RecordForm()["notes"]) + str(RecordForm()["board"]) + str(CommentForm()["text"])
    assert 'maxlength="20000"' in html and 'min="1"' in html and 'max="999"' in html
    assert 'maxlength="5000"' in html


def test_the_deposit_keeps_its_unit_and_a_decision_is_not_pending():
    assert AppealForm().fields["deposit"].min_value == field_limits(Appeal, "deposit")["min_value"] == 0
    assert str(AppealForm().fields["deposit"].label) == "保证金（元）"
    assert "pending" not in dict(DecisionForm().fields["decision"].choices)
    assert AppealForm().fields["appellant"].help_text == Appeal._meta.get_field("appellant").help_text


def test_the_filter_form_names_the_fields_as_the_model_does():
    form = RulingFilterForm()
    for name in ("director", "irregularity", "status"):
        assert form.fields[name].label == RulingRecord._meta.get_field(name).verbose_name


@pytest.mark.parametrize(
    ("model", "name"), [(RulingRecord, "statement"), (ReviewComment, "text"), (Appeal, "reason")]
)
def test_the_services_check_the_model_fields_limit(model, name):
    limit = field_limits(model, name)["max_length"]
    assert text_clean(" " + "x" * limit + " ", model=model, name=name) == "x" * limit
    with pytest.raises(RecordError) as caught:
        text_clean("x" * (limit + 1), model=model, name=name)
    assert (caught.value.field, caught.value.code, caught.value.params["n"]) == (name, "too_long", limit)


@pytest.mark.parametrize("name", ["event", "session", "table", "statement", "notes", "irregularity", "board"])
def test_the_api_input_takes_the_model_fields_limits(name):
    assert limits_of(RecordInput().fields[name]) == field_limits(RulingRecord, name)


def test_history_and_csv_name_fields_as_the_model_does():
    rows = change_rows({"table": {"old": "5", "new": "6"}, "notes": {"old": "", "new": "x"}})
    assert [row["field"] for row in rows] == [
        RulingRecord._meta.get_field("table").verbose_name,
        RulingRecord._meta.get_field("notes").verbose_name,
    ]
    labels = dict(COLUMNS)
    for name in ("number", "date", "event", "board", "director", "status", "statement", "version"):
        assert labels[name] == RulingRecord._meta.get_field(name).verbose_name
    assert labels["appeal"] == Appeal._meta.verbose_name
