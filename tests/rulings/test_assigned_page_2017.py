"""The builder page (/tools/assigned/) follows the reader's edition: ``?edition=wbf-2017`` (or the choice cookie)
gives the 2017 form — a hidden edition field, the probable-outcome radio, the Director's weights, the regulation
box — and posts are answered under that edition; without one the page is the 1997 builder it always was."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

URL = "/tools/assigned/"

# Board 1 (nobody vulnerable), EW offend: 4♠ by S making 10 = +420, 9 tricks = −50. Other table +420.
ROWS = {
    "offending_side": "EW",
    "board": "1",
    "r0_level": "4",
    "r0_strain": "S",
    "r0_declarer": "S",
    "r0_tricks": "10",
    "r1_level": "4",
    "r1_strain": "S",
    "r1_declarer": "S",
    "r1_tricks": "9",
    "other_table": "420",
}


def test_the_page_is_the_1997_builder_without_an_edition(client):
    html = client.get(URL).content.decode()
    assert 'name="edition" value="ccba-1999"' in html
    assert 'name="probable_row"' not in html and 'name="committee"' in html


def test_the_2017_page_offers_the_probable_outcome_and_the_director_s_weights(client):
    html = client.get(URL + "?edition=wbf-2017").content.decode()
    assert 'name="edition" value="wbf-2017"' in html
    assert 'name="probable_row"' in html and 'name="regulation"' in html
    assert 'name="committee"' not in html and 'name="r0_weight_os"' not in html
    assert "12C1" in html


def test_the_choice_cookie_gives_the_2017_page(client):
    client.cookies["edition"] = "wbf-2017"
    assert 'name="edition" value="wbf-2017"' in client.get(URL).content.decode()


def test_an_unknown_edition_is_a_404(client):
    assert client.get(URL + "?edition=wbf-1963").status_code == 404


def test_a_2017_post_with_the_director_s_weights(client):
    # 0.6 × 420 + 0.4 × −50 = +232 for NS; IMPs: 0.4 × −10 = −4.0 (NS), +4.0 (EW).
    post = {**ROWS, "edition": "wbf-2017", "r0_weight": "60", "r1_weight": "40"}
    response = client.post(URL, post)
    html = response.content.decode()
    assert response.status_code == 200
    assert "232.0" in html and "-4.0 IMP" in html and "4.0 IMP" in html
    assert "?edition=wbf-2017" in html  # the laws cited link to the 2017 text


def test_a_2017_post_with_the_probable_outcome(client):
    # The probable outcome 4♠= : NS +420, EW −420; against the other table's +420, 0 IMPs each.
    html = client.post(URL, {**ROWS, "edition": "wbf-2017", "probable_row": "0"}).content.decode()
    assert 'data-cell="score"><b>420</b>' in html and 'data-cell="score"><b>-420</b>' in html


def test_a_2017_post_without_a_probable_outcome_is_a_400(client):
    response = client.post(URL, {**ROWS, "edition": "wbf-2017"})
    assert response.status_code == 400
    assert 'data-field="results"' in response.content.decode() or "results" in response.content.decode()


def test_the_same_post_without_an_edition_is_the_1997_builder(client):
    # The 1997 code: weights are an appeals committee's (12C3), so without the committee box they are not read and
    # the 12C2 scores stand: NS the best likely (+420), EW the worst at all probable for them (NS +420, EW −420).
    response = client.post(URL, {**ROWS, "r0_likely": "on", "r0_probable": "on", "r1_probable": "on",
                                 "r0_weight": "60", "r1_weight": "40"})  # fmt: skip
    assert response.status_code == 200  # without committee the weights are not read
    html = response.content.decode()
    assert 'data-cell="score"><b>420</b>' in html and 'data-cell="score"><b>-420</b>' in html
    assert "232" not in html and "?edition=" not in html
