"""Forms of the club rulings log pages. They only read input into Python values; clubs.services checks the
meaning (the tree's facts, the adjusted score, the director's role) and raises RecordError naming the field.

The record, appeal, decision and comment forms are ModelForms: their labels, help texts, choices and limits come
from the model fields (:func:`model_formfield` reads a TextField's MaxLengthValidator as the form's max_length and
range validators as min/max), so each is written once, on the model."""

from __future__ import annotations

import re

from django import forms
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.errors import RecordError
from clubs.models import (
    Appeal,
    CalledBy,
    Decision,
    Membership,
    ReviewComment,
    Role,
    RulingRecord,
    Status,
    field_limits,
)
from clubs.selectors import RulingFilters, edition_choices, irregularity_choices
from rulings.choices import SIDES as SIDE_CHOICES

SIDES = tuple(value for value, _label in SIDE_CHOICES)
# <input type="date"> takes ISO dates only, whatever the language's date format.
DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


def model_formfield(model_field, **kwargs):
    """The model field's form field, with the limits its validators set (max_length, min_value, max_value)."""
    if model_field.model is not None and model_field.name:
        kwargs = {**field_limits(model_field.model, model_field.name), **kwargs}
    return model_field.formfield(**kwargs)


def form_error(form: forms.BaseForm) -> RecordError:
    """A bound, invalid form's first error as the RecordError the pages show (400, naming the field)."""
    field, errors = next(iter(form.errors.as_data().items()))
    error = errors[0]
    return RecordError(error.messages[0], None if field == "__all__" else field, code=error.code or "invalid")


class RulingFilterForm(forms.Form):
    """The review list's filters, from a query string (pages, CSV export, statistics and the API alike)."""

    date_from = forms.DateField(label=_("从"), required=False, widget=DATE_WIDGET)
    date_to = forms.DateField(label=_("到"), required=False, widget=DATE_WIDGET)
    director = forms.TypedChoiceField(
        label=RulingRecord.label_of("director"), required=False, coerce=int, empty_value=None
    )
    irregularity = forms.ChoiceField(label=RulingRecord.label_of("irregularity"), required=False)
    status = forms.ChoiceField(
        label=RulingRecord.label_of("status"), required=False, choices=[("", _("全部")), *Status.choices]
    )
    q = forms.CharField(label=_("文字"), required=False, max_length=100)
    edition = forms.ChoiceField(label=RulingRecord.label_of("edition"), required=False)

    def __init__(self, *args, directors=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["edition"].choices = [("", _("全部")), *edition_choices()]
        self.fields["director"].choices = [("", _("全部"))] + [
            (user.pk, user.get_full_name() or user.get_username()) for user in directors
        ]
        self.fields["irregularity"].choices = [("", _("全部")), *irregularity_choices()]

    def clean(self):
        data = super().clean()
        if data.get("date_from") and data.get("date_to") and data["date_from"] > data["date_to"]:
            self.add_error("date_to", _("结束日期早于开始日期。"))
        return data

    def filters(self) -> RulingFilters:
        data = self.cleaned_data
        return RulingFilters(
            date_from=data.get("date_from"),
            date_to=data.get("date_to"),
            director=data.get("director"),
            irregularity=data.get("irregularity") or None,
            status=data.get("status") or None,
            text=data.get("q") or None,
            edition=data.get("edition") or None,
        )


class RecordForm(forms.ModelForm):
    """A ruling record's own fields; the tree's facts and the adjusted score are read by the view."""

    director = forms.TypedChoiceField(label=RulingRecord.label_of("director"), coerce=int)
    irregularity = forms.ChoiceField(label=RulingRecord.label_of("irregularity"))
    # The code the ruling is given under (docs/design.md §9): the wizard's, the club's default, or the site's.
    edition = forms.ChoiceField(label=RulingRecord.label_of("edition"), required=False)
    # Typed as text (16A, 73C), parsed by the service; the model keeps the list.
    laws = forms.CharField(
        label=_("依据条款（其他违规）"),
        required=False,
        max_length=300,
        help_text=_("用逗号分隔，如 16A, 73C"),
    )

    field_order = [
        "event",
        "date",
        "session",
        "board",
        "table",
        "director",
        "called_by",
        "irregularity",
        "edition",
        "laws",
        "statement",
        "notes",
    ]

    class Meta:
        model = RulingRecord
        fields = ["event", "date", "session", "board", "table", "called_by", "statement", "notes"]
        formfield_callback = model_formfield
        # The form's own hint under the texts says how Markdown and law references are shown.
        help_texts = {"statement": "", "notes": ""}
        widgets = {
            "date": DATE_WIDGET,
            # Tap targets (issue 31 item 3, static/js/pages/pads.js): the board by a stepper and its chips.
            "board": forms.NumberInput(attrs={"inputmode": "numeric", "data-pad": "board"}),
            "statement": forms.Textarea(attrs={"rows": 3}),
            "notes": forms.Textarea(attrs={"rows": 2}),
        }

    def __init__(self, *args, directors=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["called_by"].choices = [("", "—"), *CalledBy.choices]
        self.fields["called_by"].widget.attrs["data-pad"] = "seat"  # chips: 北 东 南 西 裁判自行发现 其他
        self.fields["director"].choices = [
            (user.pk, user.get_full_name() or user.get_username()) for user in directors
        ]
        self.fields["irregularity"].choices = irregularity_choices()
        self.fields["edition"].choices = edition_choices()

    def clean_board(self):
        """ASCII digits only (security review L6): int() would also read fullwidth and other scripts' digits."""
        raw = str(self.data.get(self.add_prefix("board"), "")).strip()
        if not re.fullmatch(r"[0-9]+", raw):
            raise forms.ValidationError(_("牌号必须是整数。"), code="invalid")
        return self.cleaned_data["board"]


class AppealForm(forms.ModelForm):
    """Law 92: who appeals, when, why, and the deposit if the event's regulations ask for one."""

    class Meta:
        model = Appeal
        fields = ["appellant", "lodged_at", "reason", "deposit"]
        formfield_callback = model_formfield
        labels = {"deposit": _("保证金（元）")}  # the form names the unit
        widgets = {
            "lodged_at": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
            "reason": forms.Textarea(attrs={"rows": 3}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["lodged_at"].required = False  # now, unless the director says when

    def clean_lodged_at(self):
        return self.cleaned_data.get("lodged_at") or timezone.now()


class DecisionForm(forms.ModelForm):
    """Law 93: the appeals committee's decision, who sat on it, and what became of the deposit."""

    class Meta:
        model = Appeal
        fields = ["decision", "committee", "decision_text", "deposit_returned"]
        formfield_callback = model_formfield
        labels = {"deposit_returned": _("保证金")}  # the choices say returned or forfeited
        widgets = {
            "decision_text": forms.Textarea(attrs={"rows": 3}),
            "deposit_returned": forms.Select(
                choices=[("unknown", _("不适用")), ("true", _("退还")), ("false", _("没收"))]
            ),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # A decision is recorded once: "pending" is what there is before it.
        self.fields["decision"].choices = [
            (value, label) for value, label in Decision.choices if value != Decision.PENDING
        ]


class CommentForm(forms.ModelForm):
    """A review comment (Markdown, sanitised when shown)."""

    class Meta:
        model = ReviewComment
        fields = ["text"]
        formfield_callback = model_formfield
        help_texts = {"text": ""}  # the model's note on Markdown is for the admin
        widgets = {"text": forms.Textarea(attrs={"rows": 3})}


class CommentHideForm(forms.Form):
    """A chief director hides a comment: why (kept in the record's history)."""

    reason = forms.CharField(
        label=_("隐藏理由"),
        max_length=field_limits(ReviewComment, "hidden_reason")["max_length"],
        widget=forms.TextInput(attrs={"placeholder": _("如：与本裁决无关")}),
    )


class MemberForm(forms.Form):
    """A member by username (the account exists already) and the role to give them."""

    username = forms.CharField(
        label=_("用户名"), max_length=field_limits(get_user_model(), "username")["max_length"]
    )
    role = forms.ChoiceField(label=Membership._meta.get_field("role").verbose_name, choices=Role.choices)
