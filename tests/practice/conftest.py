"""Practice test state, built in code: users, a club with a member of each role (through the rulings services)."""

import pytest
from django.contrib.auth import get_user_model

PASSWORD = "correct horse battery"


@pytest.fixture
def make_user(db):
    def make(username: str):
        return get_user_model().objects.create_user(username=username, password=PASSWORD)

    return make


def right_answers(scenario) -> dict[str, object]:
    """Form data answering every question of ``scenario`` correctly."""
    data = {}
    for question in scenario.questions:
        answer = question.answer
        data[question.id] = list(answer) if isinstance(answer, tuple) else str(answer)
    return data


def wrong_answers(scenario) -> dict[str, object]:
    """Form data answering the first question wrongly and the rest rightly."""
    data = right_answers(scenario)
    first = scenario.questions[0]
    if first.kind == "number":
        data[first.id] = str(first.answer + 1)
    else:
        expected = first.answer if isinstance(first.answer, tuple) else (first.answer,)
        other = next(option.key for option in first.options if option.key not in expected)
        data[first.id] = [other] if first.kind == "multiple" else other
    return data
