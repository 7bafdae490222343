"""Issue 29 item 4: the club log records the edition of every ruling, filters and counts by it, and shows it."""

from __future__ import annotations

import pytest

from clubs import selectors, services
from clubs.models import RulingRecord
from clubs.selectors import RulingFilters

pytestmark = pytest.mark.django_db

UI_2017 = {
    "information_source": "partner",
    "stage": "end_of_play",
    "information_established": True,
    "demonstrably_suggested": True,
    "logical_alternative": True,
    "damaged": True,
    "nos_irrational": False,
}


@pytest.fixture
def records(club, director):
    old = services.ruling_create(club=club, by=director, event="周三", board=1, irregularity="revoke")
    new = services.ruling_create(
        club=club,
        by=director,
        event="周四",
        board=2,
        irregularity="unauthorized-information",
        edition="wbf-2017",
        facts=UI_2017,
        status="final",
    )
    return old, new


def test_a_record_keeps_the_edition_it_was_given_under(records):
    old, new = records
    assert old.edition == "ccba-1999" and new.edition == "wbf-2017"
    assert new.outcome["rule"] == "16B1" and new.laws


def test_an_unknown_edition_is_refused_naming_the_field_and_nothing_is_saved(club, director):
    with pytest.raises(services.RecordError) as caught:
        services.ruling_create(
            club=club, by=director, event="周五", board=3, irregularity="revoke", edition="wbf-1975"
        )
    assert caught.value.field == "edition"
    assert not RulingRecord.objects.exists()


def test_a_club_whose_default_is_2017_logs_under_2017_unless_told(club, director):
    club.default_edition = "wbf-2017"
    club.save()
    record = services.ruling_create(
        club=club, by=director, event="周五", board=4, irregularity="unauthorized-information", facts=UI_2017
    )
    assert record.edition == "wbf-2017" and record.outcome["rule"] == "16B1"


def test_the_log_filters_and_counts_by_edition(club, records):
    old, new = records
    assert list(selectors.ruling_list(club=club, filters=RulingFilters(edition="wbf-2017"))) == [new]
    assert selectors.ruling_total(club=club, filters=RulingFilters(edition="ccba-1999")) == 1
    stats = selectors.ruling_statistics(club=club, filters=RulingFilters(edition="wbf-2017"))
    assert dict(stats.by_kind) == {"unauthorized-information": 1}
    assert selectors.edition_counts(club=club) == {"ccba-1999": 1, "wbf-2017": 1}


def test_the_list_page_filters_by_edition_and_marks_a_2017_ruling(client, club, director, records):
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/?edition=wbf-2017").content.decode()
    assert 'name="edition"' in html
    assert 'data-edition="wbf-2017"' in html and "#2" in html and "#1<" not in html
    page = client.get(records[1].get_absolute_url()).content.decode()
    assert 'data-edition="wbf-2017"' in page and "2017年版" in page
    assert (
        client.get(f"/api/clubs/{club.pk}/rulings/?edition=wbf-2017").json()["results"][0]["edition"]
        == "wbf-2017"
    )
