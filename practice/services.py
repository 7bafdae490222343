"""Writes for practice: record an answer (attempt + spaced-repetition card), start or merge a learner."""

from __future__ import annotations

import secrets

from django.db import transaction

from practice.core import repetition
from practice.core.answers import Result
from practice.core.bank import Scenario
from practice.models import Attempt, Card
from practice.selectors import SESSION_KEY, Learner, learner_from_request, learner_step


def learner_ensure(request) -> Learner:
    """The learner of this request, giving an anonymous visitor a token in his browser session if he has none."""
    learner = learner_from_request(request)
    if learner is not None:
        return learner
    token = secrets.token_urlsafe(24)
    request.session[SESSION_KEY] = token
    return Learner(token=token)


@transaction.atomic
def attempt_record(*, learner: Learner, scenario: Scenario, result: Result) -> tuple[Attempt, Card]:
    """Store one answer and move the item's card along the Leitner ladder (a wrong answer comes back sooner)."""
    step = learner_step(learner) + 1
    attempt = Attempt.objects.create(
        **learner.fields,
        item=scenario.id,
        topic=scenario.topic,
        difficulty=scenario.difficulty,
        source=scenario.source,
        correct=result.correct,
        answers={question.id: _json(question.given) for question in result.questions},
    )
    row = Card.objects.select_for_update().filter(learner.filter, item=scenario.id).first()
    previous = (
        repetition.Card(row.item, row.box, row.due_step, row.seen, row.right, row.last_correct)
        if row is not None
        else None
    )
    card = repetition.schedule(previous, scenario.id, result.correct, step)
    if row is None:
        row = Card(**learner.fields, item=scenario.id, topic=scenario.topic, difficulty=scenario.difficulty)
    row.box, row.due_step, row.seen, row.right, row.last_correct = (
        card.box,
        card.due_step,
        card.seen,
        card.right,
        card.last_correct,
    )
    row.save()
    return attempt, row


@transaction.atomic
def learner_merge(*, token: str, user) -> int:
    """Move an anonymous session's practice to a user who has just signed in; returns the attempts moved.

    Attempts move as they are; a card moves unless the user already has one for that item (his own is kept).
    """
    moved = Attempt.objects.filter(session_token=token, user__isnull=True).update(
        user=user, session_token=None
    )
    owned = set(Card.objects.filter(user=user).values_list("item", flat=True))
    anonymous = Card.objects.filter(session_token=token, user__isnull=True)
    anonymous.exclude(item__in=owned).update(user=user, session_token=None)
    anonymous.filter(item__in=owned).delete()
    return moved


def _json(value: object) -> object:
    return list(value) if isinstance(value, tuple) else value
