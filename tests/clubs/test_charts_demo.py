"""The SVG chart on its own, and the demo data command."""

import datetime
import io

import pytest
import yaml
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from clubs import charts
from clubs.models import Club, Membership, RulingRecord, RulingRevision, Status

pytestmark = pytest.mark.log


def test_chart_escapes_labels_and_stacks_counts():
    jan, feb = datetime.date(2026, 1, 1), datetime.date(2026, 2, 1)
    svg = charts.irregularities_by_month(
        months=[jan, feb],
        kinds=[("a", "<script>x</script>"), ("b", "藏牌")],
        counts={("a", jan): 2, ("b", jan): 3, ("b", feb): 1},
        title="统计 & <图>",
        empty_text="无",
    )
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and svg.endswith("</svg>")
    assert "<script" not in svg and "&lt;script&gt;x&lt;/script&gt;" in svg
    assert '<title id="chart-title">统计 &amp; &lt;图&gt;</title>' in svg
    assert svg.count("<rect") == 3 + 2  # three bars' segments, two legend keys
    assert ">5</text>" in svg and ">1</text>" in svg  # month totals above the bars
    assert "2026-01" in svg and "2026-02" in svg


def test_empty_chart_says_so():
    svg = charts.irregularities_by_month(months=[], kinds=[], counts={}, title="t", empty_text="没有记录")
    assert "没有记录" in svg and "<rect" not in svg


@pytest.mark.django_db
def test_load_demo_is_safe_to_rerun():
    with pytest.raises(CommandError, match="development only"):
        call_command("load_demo")  # the test settings run with DEBUG off
    call_command("load_demo", "--force")
    club = Club.objects.get(name="示范桥牌俱乐部")
    counts = (
        RulingRecord.objects.filter(club=club).count(),
        RulingRevision.objects.count(),
        Membership.objects.count(),
    )
    call_command("load_demo", "--force")
    assert (
        RulingRecord.objects.filter(club=club).count(),
        RulingRevision.objects.count(),
        Membership.objects.count(),
    ) == counts
    statuses = set(RulingRecord.objects.values_list("status", flat=True))
    assert statuses == {Status.DRAFT, Status.FINAL, Status.APPEALED, Status.REVIEWED}
    roles = dict(Membership.objects.values_list("user__username", "role"))
    assert roles == {
        "demo-director": "director",
        "demo-chief": "chief_director",
        "demo-trainee": "trainee",
        "demo-admin": "club_admin",
    }
    months = {record.date.month for record in RulingRecord.objects.all()}
    assert len(months) >= 4


@pytest.mark.django_db
def test_a_rerun_of_load_demo_keeps_the_accounts_passwords():
    """Each `make run` reruns load_demo: an existing account is not hashed again (a second or more per account)."""
    call_command("load_demo", "--force", stdout=io.StringIO())
    user = get_user_model().objects.get(username="demo-chief")
    user.set_password("changed-by-the-developer")
    user.save()
    call_command("load_demo", "--force", stdout=io.StringIO())
    user.refresh_from_db()
    assert user.check_password("changed-by-the-developer")
    password = yaml.safe_load((settings.FIXTURES_DIR / "demo" / "club.yaml").read_text(encoding="utf-8"))[
        "password"
    ]
    assert get_user_model().objects.get(username="demo-director").check_password(password)  # made with it
