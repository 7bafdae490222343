"""Forms of the club rulings log pages. They only read input into Python values; clubs.services checks the
meaning (the tree's facts, the adjusted score, the director's role) and raises RecordError naming the field."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import CalledBy, Decision, Role, Status
from clubs.selectors import RulingFilters, irregularity_choices
from rulings.choices import SIDES as SIDE_CHOICES

SIDES = tuple(value for value, _label in SIDE_CHOICES)
# <input type="date"> takes ISO dates only, whatever the language's date format.
DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class RulingFilterForm(forms.Form):
    """The review list's filters, from a query string (pages, CSV export, statistics and the API alike)."""

    date_from = forms.DateField(label=_("从"), required=False, widget=DATE_WIDGET)
    date_to = forms.DateField(label=_("到"), required=False, widget=DATE_WIDGET)
    director = forms.TypedChoiceField(label=_("裁判"), required=False, coerce=int, empty_value=None)
    irregularity = forms.ChoiceField(label=_("违规类型"), required=False)
    status = forms.ChoiceField(label=_("状态"), required=False, choices=[("", _("全部")), *Status.choices])
    q = forms.CharField(label=_("文字"), required=False, max_length=100)

    def __init__(self, *args, directors=(), **kwargs):
        super().__init__(*args, **kwargs)
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
        )


class RecordForm(forms.Form):
    """A ruling record's own fields; the tree's facts and the adjusted score are read by the view."""

    event = forms.CharField(label=_("赛事"), max_length=200)
    date = forms.DateField(label=_("日期"), widget=DATE_WIDGET)
    session = forms.CharField(label=_("节次"), max_length=50, required=False)
    board = forms.IntegerField(
        label=_("牌号"), min_value=1, max_value=999, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    table = forms.CharField(label=_("桌号"), max_length=20, required=False)
    director = forms.TypedChoiceField(label=_("裁判"), coerce=int)
    called_by = forms.ChoiceField(label=_("叫裁判者"), required=False, choices=[("", "—"), *CalledBy.choices])
    irregularity = forms.ChoiceField(label=_("违规类型"))
    laws = forms.CharField(
        label=_("依据条款（其他违规）"),
        required=False,
        max_length=300,
        help_text=_("用逗号分隔，如 16A, 73C"),
    )
    statement = forms.CharField(
        label=_("事实经过"), required=False, max_length=20000, widget=forms.Textarea(attrs={"rows": 5})
    )
    notes = forms.CharField(
        label=_("裁判备注"), required=False, max_length=20000, widget=forms.Textarea(attrs={"rows": 4})
    )

    def __init__(self, *args, directors=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["director"].choices = [
            (user.pk, user.get_full_name() or user.get_username()) for user in directors
        ]
        self.fields["irregularity"].choices = irregularity_choices()


class AppealForm(forms.Form):
    appellant = forms.CharField(label=_("申诉方"), max_length=200, help_text=_("如：南北 张三／李四"))
    lodged_at = forms.DateTimeField(
        label=_("申诉时间"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        required=False,
    )
    reason = forms.CharField(label=_("申诉理由"), required=False, widget=forms.Textarea(attrs={"rows": 3}))
    deposit = forms.DecimalField(
        label=_("保证金（元）"),
        required=False,
        min_value=0,
        max_digits=8,
        decimal_places=2,
        help_text=_("仅当本赛事的补充规程规定了申诉保证金时填写。"),
    )

    def clean_lodged_at(self):
        return self.cleaned_data.get("lodged_at") or timezone.now()


class DecisionForm(forms.Form):
    decision = forms.ChoiceField(
        label=_("仲裁决定"),
        choices=[(value, label) for value, label in Decision.choices if value != "pending"],
    )
    committee = forms.CharField(label=_("仲裁委员会"), max_length=200, required=False)
    decision_text = forms.CharField(
        label=_("决定说明"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    deposit_returned = forms.NullBooleanField(
        label=_("保证金"),
        required=False,
        widget=forms.Select(choices=[("unknown", _("不适用")), ("true", _("退还")), ("false", _("没收"))]),
    )


class CommentForm(forms.Form):
    text = forms.CharField(label=_("复核意见"), max_length=5000, widget=forms.Textarea(attrs={"rows": 3}))


class MemberForm(forms.Form):
    username = forms.CharField(label=_("用户名"), max_length=150)
    role = forms.ChoiceField(label=_("角色"), choices=Role.choices)
