"""Issue 31 (polish 15): practice sums a set up — a running count on every answer, and after five answers in one
mode the set's score with the cases missed, another set and the progress page."""

import pytest

from practice import selectors

from .conftest import right_answers, wrong_answers

pytestmark = pytest.mark.django_db


def _answer(client, item: str, right: bool) -> str:
    scenario = selectors.scenarios()[item]
    data = right_answers(scenario) if right else wrong_answers(scenario)
    return client.post(f"/practice/cases/{item}/", data).content.decode()


def test_five_answers_make_a_set_with_its_summary(client):
    items = list(selectors.scenarios())[:6]
    plan = [True, False, True, True, False]
    for index, (item, right) in enumerate(zip(items, plan, strict=False), start=1):
        html = _answer(client, item, right)
        assert f'data-set-answered="{index}"' in html
        assert ("set-summary" in html) == (index == 5)
    assert "本组完成：5 题答对 3 题" in html
    summary = html[html.index("set-summary") :]
    missed = [selectors.scenarios()[items[i]] for i in (1, 4)]
    for scenario in missed:
        assert f'href="/practice/cases/{scenario.id}/"' in summary
    assert "再来一组" in summary and 'href="/practice/progress/"' in summary
    # the sixth answer starts a new set
    html = _answer(client, items[5], True)
    assert 'data-set-answered="1"' in html and "set-summary" not in html


def test_another_mode_starts_another_set(client):
    items = list(selectors.scenarios())[:2]
    _answer(client, items[0], True)
    scenario = selectors.scenarios()[items[1]]
    html = client.post(
        f"/practice/cases/{items[1]}/?topic={scenario.topic}", right_answers(scenario)
    ).content.decode()
    assert 'data-set-answered="1"' in html


def test_the_summary_in_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    items = list(selectors.scenarios())[:5]
    for item in items:
        html = _answer(client, item, True)
    assert "Set complete: 5 of 5 right" in html and "All right." in html
