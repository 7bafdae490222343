"""The record form's adjusted score: read by the calculator's parser (rulings.forms, fields prefixed ``adj_``),
prefilled from the stored request, and a method the form does not offer (12C3, set through the API) kept."""

import pytest

from clubs.models import RulingRecord

from .test_pages import form_post

pytestmark = [pytest.mark.log, pytest.mark.django_db]

ASSIGNED = {
    "method": "assigned",
    "NS": {"contract": "4S", "declarer": "N", "tricks": 10},
    "EW": {"contract": "4S", "declarer": "N", "tricks": 9},
}
WEIGHTED = {
    "method": "weighted",
    "vulnerability": "Both",
    "outcomes": [
        {"contract": "4S", "declarer": "N", "tricks": 10, "weight": 0.5},
        {"contract": "4S", "declarer": "N", "tricks": 9, "weight": 0.5},
    ],
}


def test_the_form_saves_an_assigned_score_at_the_boards_vulnerability(client, club, record, director):
    client.force_login(director)
    fields = {
        "adj_method": "assigned",
        "adj_NS_contract": "4S",
        "adj_NS_declarer": "N",
        "adj_NS_tricks": "10",
        "adj_EW_contract": "4S",
        "adj_EW_declarer": "N",
        "adj_EW_tricks": "9",
    }
    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, **fields))
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.adjustment == ASSIGNED
    # Board 7 is vulnerable both ways (Law 2): 4♠ made is 620, one down 100.
    assert (record.adjustment_result["score_ns"], record.adjustment_result["score_ew"]) == (620, 100)


def test_an_unreadable_trick_count_is_a_400_naming_the_adjustment_field(client, club, record, director):
    client.force_login(director)
    fields = {
        "adj_method": "assigned",
        "adj_NS_contract": "4S",
        "adj_NS_declarer": "N",
        "adj_NS_tricks": "ten",
    }
    response = client.post(f"/clubs/{club.pk}/rulings/1/edit/", form_post(record, **fields))
    assert response.status_code == 400
    assert 'data-field="adjustment.NS.tricks"' in response.content.decode()
    record.refresh_from_db()
    assert record.version == 1 and record.adjustment is None
    response = client.post(f"/clubs/{club.pk}/rulings/new/", form_post(record, **fields))
    assert response.status_code == 400 and RulingRecord.objects.count() == 1


def test_the_edit_form_is_prefilled_with_the_stored_adjustment(client, club, make_record, director):
    record = make_record(adjustment=ASSIGNED)
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/{record.number}/edit/").content.decode()
    assert 'name="adj_method" value="assigned" checked' in html
    assert 'name="adj_EW_contract" placeholder="定约，如 4SX" value="4S"' in html
    assert (
        'name="adj_EW_tricks" type="number" min="0" max="13" inputmode="numeric" placeholder="赢墩" value="9"'
        in html
    )


def test_a_weighted_score_set_through_the_api_is_kept(client, club, make_record, director):
    record = make_record(adjustment=WEIGHTED)
    client.force_login(director)
    html = client.get(f"/clubs/{club.pk}/rulings/{record.number}/edit/").content.decode()
    assert 'name="adj_method" value="keep" checked' in html
    response = client.post(
        f"/clubs/{club.pk}/rulings/{record.number}/edit/",
        form_post(record, adj_method="keep", notes="checked"),
    )
    assert response.status_code == 302
    record.refresh_from_db()
    assert record.notes == "checked" and record.adjustment == WEIGHTED
    assert record.version == 2
