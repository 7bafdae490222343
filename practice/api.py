"""API v1 for practice (docs/design.md §7): the scenario list (never the answers), one scenario, checking an answer.

The API is stateless: it checks answers and explains them but records no progress (the pages do). Bad input is a
400 ``{"error", "field"}`` naming the field (``answers.q1``, ``topic``…) through the shared handler, which also
answers practice.core's :class:`~practice.core.answers.AnswerError` (its English text).
"""

from django.conf import settings
from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view, authentication_classes, permission_classes
from rest_framework.response import Response

from core.api import FieldError
from core.openapi import ANSWER_REQUEST, SCENARIO_SUMMARY, errors, integer
from laws.api_params import edition_code_param, schema_parameter
from practice import selectors
from practice.core import drills, vocabulary
from practice.core.answers import check_answers
from practice.core.bank import Scenario


def _public(scenario: Scenario) -> dict[str, object]:
    """A scenario as a client may see it before answering: no answers, no explanation."""
    return scenario.summary() | {
        "source": scenario.source,
        "situation": selectors.text_html(scenario.situation, scenario.edition),
        "questions": [
            {
                "id": question.id,
                "kind": question.kind,
                "prompt": question.prompt,
                "options": [{"key": option.key, "text": option.text} for option in question.options],
            }
            for question in scenario.questions
        ],
        "url": reverse("practice:case", args=[scenario.id]),
        "answer_url": reverse("api-practice-answer", args=[scenario.id]),
    }


@extend_schema(
    parameters=[
        # Empty means every topic (or difficulty), as the practice page's form sends it.
        OpenApiParameter("topic", str, enum=["", *vocabulary.TOPICS]),
        OpenApiParameter("difficulty", int, enum=list(vocabulary.DIFFICULTIES)),
        schema_parameter(),
    ],
    operation_id="practice_scenarios_list",
    responses={200: SCENARIO_SUMMARY, **errors(400)},
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([])
def scenario_list(request):
    topic = request.query_params.get("topic") or None
    if topic is not None and topic not in vocabulary.TOPICS:
        raise FieldError(f"topic must be one of {', '.join(vocabulary.TOPICS)}, not {topic!r}.", "topic")
    raw = request.query_params.get("difficulty") or None
    difficulty = None
    if raw is not None:
        if raw not in ("1", "2", "3"):
            raise FieldError(f"difficulty must be 1, 2 or 3, not {raw!r}.", "difficulty")
        difficulty = int(raw)
    edition = edition_code_param(request)  # left out: every edition's scenarios, each naming its edition
    return Response(
        [
            scenario.summary()
            for scenario in selectors.bank_list(topic=topic, difficulty=difficulty, edition=edition)
        ]
    )


@extend_schema(operation_id="practice_scenarios_read", responses={200: dict, **errors(404)})
@api_view(["GET"])
@authentication_classes([])
@permission_classes([])
def scenario_detail(request, item: str):
    return Response(_public(selectors.item_get(item)))


@extend_schema(
    request=ANSWER_REQUEST,
    responses={200: dict, **errors(400, 404)},
    description='Body: {"answers": {"q1": "b", "q2": ["a", "c"], "q3": 2}}, or {"answer": ...} for a one-question '
    "scenario. Returns whether it is right, the correct answers and the explanation (HTML with law links).",
)
@api_view(["POST"])
@authentication_classes([])
@permission_classes([])
def scenario_answer(request, item: str):
    scenario = selectors.item_get(item)
    body = request.data
    if not isinstance(body, dict):
        raise FieldError("the body must be a JSON object with an answers object.", None)
    if "answers" in body:
        answers = body["answers"]  # check_answers answers anything but an object with a 400 naming "answers"
    elif "answer" in body:
        if len(scenario.questions) != 1:
            raise FieldError(
                f"{scenario.id} has {len(scenario.questions)} questions: send answers as an object.",
                "answers",
            )
        answers = {scenario.questions[0].id: body["answer"]}
    else:
        raise FieldError("send answers: {question id: answer}.", "answers")
    result = check_answers(scenario, answers)  # an AnswerError is a 400 naming answers.<id> (core.api)
    return Response(
        {
            "id": scenario.id,
            "correct": result.correct,
            "questions": [question.as_dict() for question in result.questions],
            "answer": scenario.answers,
            "explanation": selectors.text_html(scenario.explanation, scenario.edition),
            "laws": selectors.scenario_laws(scenario),
        }
    )


@extend_schema(
    parameters=[
        OpenApiParameter("slug", str, OpenApiParameter.PATH, enum=list(drills.TREE_TOPICS)),
        OpenApiParameter(
            "seed",
            integer(0, 999_999_999),
            description="repeat a drill; a random one when absent",
        ),
        schema_parameter(),
    ],
    responses={200: dict, **errors(400, 404)},
)
@api_view(["GET"])
@authentication_classes([])
@permission_classes([])
def drill(request, slug: str):
    if slug not in drills.TREE_TOPICS:
        raise FieldError(f"no drills for {slug!r}: one of {', '.join(drills.TREE_TOPICS)}.", "slug")
    edition = edition_code_param(request) or settings.LAWS_DEFAULT_EDITION
    if slug not in selectors.trees(edition):
        raise FieldError(f"no drills for {slug!r} in edition {edition}.", "edition")
    raw = request.query_params.get("seed")
    if raw in (None, ""):
        seed = selectors.next_drill_seed(None, slug, edition=edition)
    elif raw.isdigit() and len(raw) <= 9:
        seed = int(raw)
    else:
        raise FieldError(f"seed must be a whole number (up to 9 digits), not {raw!r}.", "seed")
    return Response(_public(selectors.drill_get(slug, seed, edition)))
