"""Checking a learner's answers to a scenario: each answer read into its canonical form, then marked.

Answers come from a form or a JSON body, so they are read leniently (``"650"``, ``"−650"``, ``"62.5%"``, a
one-item list for a single choice, ``"a,b"`` for a multiple choice); anything that cannot be read is an
:class:`AnswerError` naming the answer's field (``answers.q1``), which the API answers as a 400 and the pages show
in their language.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from bridge.errors import FieldError
from practice.core import messages
from practice.core.bank import Question, Scenario, public_answer


class AnswerError(FieldError):
    """An answer that cannot be checked (missing, not an option, not a number): ``field`` names it."""


@dataclass(frozen=True)
class QuestionResult:
    id: str
    correct: bool
    given: object
    answer: object

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "correct": self.correct,
            "given": public_answer(self.given),
            "answer": public_answer(self.answer),
        }


@dataclass(frozen=True)
class Result:
    scenario: str
    correct: bool
    questions: tuple[QuestionResult, ...]

    def question(self, question_id: str) -> QuestionResult | None:
        for result in self.questions:
            if result.id == question_id:
                return result
        return None


def normalise_answer(question: Question, value: object, *, field: str) -> object:
    """A given answer in its canonical form (key, sorted tuple of keys, number); :class:`AnswerError` if it
    cannot be one."""
    keys = ", ".join(question.keys)
    if value is None or value == "" or value == []:
        raise AnswerError(messages.ANSWER_MISSING, field, question=question.id)
    if question.kind == "single":
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if not isinstance(value, str) or value not in question.keys:
            raise AnswerError(
                messages.ANSWER_NOT_AN_OPTION, field, question=question.id, keys=keys, given=repr(value)
            )
        return value
    if question.kind == "multiple":
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise AnswerError(messages.ANSWER_NOT_A_LIST, field, question=question.id, keys=keys)
        unknown = [item for item in value if item not in question.keys]
        if unknown:
            raise AnswerError(
                messages.ANSWER_UNKNOWN_OPTION, field, question=question.id, keys=keys, given=repr(unknown[0])
            )
        return tuple(sorted(set(value)))
    return _number(question, value, field=field)


def _number(question: Question, value: object, *, field: str) -> int | float:
    """A number answer: an int or float, or text such as ``"650"``, ``"−650"`` (a typographic minus), ``"62.5%"``."""
    if isinstance(value, str):
        text = value.strip().replace("＋", "+").replace("－", "-").replace("−", "-").removesuffix("%")
        try:
            value = float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            pass
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise AnswerError(messages.ANSWER_NOT_A_NUMBER, field, question=question.id, given=repr(value))
    return value


def check_answers(scenario: Scenario, answers: Mapping[str, object], *, prefix: str = "answers") -> Result:
    """Mark every question of ``scenario``. ``answers`` maps question ids to the given answers; every question
    must be answered, and no other key may appear (:class:`AnswerError` naming ``answers.<id>``)."""
    if not isinstance(answers, Mapping):
        raise AnswerError(messages.ANSWERS_NOT_A_MAPPING, prefix)
    for key in answers:
        if scenario.question(str(key)) is None:
            raise AnswerError(
                messages.ANSWERS_UNKNOWN_QUESTION,
                f"{prefix}.{key}",
                given=repr(key),
                scenario=scenario.id,
                questions=", ".join(question.id for question in scenario.questions),
            )
    results = []
    for question in scenario.questions:
        given = normalise_answer(question, answers.get(question.id), field=f"{prefix}.{question.id}")
        results.append(QuestionResult(question.id, _is_right(question, given), given, question.answer))
    return Result(scenario.id, all(result.correct for result in results), tuple(results))


def _is_right(question: Question, given: object) -> bool:
    if question.kind == "number":
        assert isinstance(given, int | float) and isinstance(question.answer, int | float)
        return abs(given - question.answer) <= question.tolerance + 1e-9
    return given == question.answer
