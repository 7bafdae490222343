"""The scenario bank: the model of a practice case, its YAML schema and the loader for ``fixtures/scenarios``.

A bank scenario is data written by hand; a drill (:mod:`practice.core.drills`) is the same model generated from a
decision tree. Loading checks every entry against the schema below and lists every problem at once
(:class:`ScenarioError`), so a broken file fails loudly when the bank is first read.

Scenario file schema (a file holds ``scenarios:``, a list of)::

    id: ib-01                      # [a-z0-9-]+, unique across the bank; "drill-" is reserved
    topic: insufficient_bid        # one of vocabulary.TOPICS
    difficulty: 1                  # 1–3
    title: ...
    situation: ...                 # Chinese; one paragraph a line, Markdown pipe tables for auctions and tricks
    questions:
      - id: q1
        kind: single               # single | multiple | number
        prompt: ...
        options:                   # single and multiple only
          - {key: a, text: ..., value: 27B1}   # value: what an engine field must equal for this option
        answer: a                  # a key; a list of keys (multiple); a number
        tolerance: 0.01            # number questions only, optional
    explanation: ...               # Chinese, citing laws as 第64条A款2项 (rendered as links)
    checks:                        # optional: how the engine decides the answers
      - tree: revoke               # a decision tree and its facts → outcome fields
        facts: {...}
        fields: {rule: q1, tricks_transferred: q2}
      - score: {contract: 4SX, declarer: N, vulnerability: NS, tricks: 8}
        fields: {score_ns: q1}     # score_ns, score_ew, declarer_score, result
      - imps: {diff: 620}
        fields: {imps: q1}
      - matchpoints: {scores: [420, 420, 170], index: 0}
        fields: {matchpoints: q1, percentage: q2, top: q3}
      - artificial: {form: pairs, fault: {NS: none, EW: direct}, session_percent: {NS: 63}, side: NS}
        fields: {percent: q1, imps: q2, label: q3}
      - assigned: {board: 5, offending_side: EW, results: [...], other_table_score_ns: 170}   # Law 12C2
        fields: {score_ns: q1, score_ew: q2, imps_ns: q3}     # the POST /api/assigned-score/ body

A check's field decides its question: a number question's answer must equal the engine's value; a single-choice
question's answer must be the one option whose ``value`` equals it (:meth:`Option.matches`).
:func:`practice.core.checks.engine_disagreements` lists every mismatch, so a scenario that contradicts the engine
fails the tests.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from practice.core.vocabulary import BASE_EDITION, DIFFICULTIES, DRILL_PREFIX, TOPICS

KINDS: tuple[str, ...] = ("single", "multiple", "number")
"""Question kinds: one option, a set of options, a number."""

CHECK_KINDS: dict[str, frozenset[str]] = {
    "tree": frozenset(),  # any outcome field of the tree
    "score": frozenset({"score_ns", "score_ew", "declarer_score", "result"}),
    "imps": frozenset({"imps"}),
    "matchpoints": frozenset({"matchpoints", "percentage", "top"}),
    "artificial": frozenset({"percent", "imps", "label"}),
    "assigned": frozenset(
        {
            "score_ns",
            "score_ew",
            "imps_ns",
            "imps_ew",
            "knockout_imps_ns",
            "matchpoints_ns",
            "matchpoints_ew",
            "percentage_ns",
            "percentage_ew",
            "balanced",
        }
    ),
}
"""The engine checks a scenario may name, and the fields each gives (see :mod:`practice.core.checks`)."""

_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")
_KEY = re.compile(r"^[a-z0-9_]{1,20}$")


class ScenarioError(ValueError):
    """A scenario file or entry that breaks the schema; ``problems`` lists every problem found.

    For the bank's authors, not for learners: it is raised while loading the fixtures (a broken bank is a bug that
    must fail loudly, never a 400), so it stays a plain ValueError with English text rather than a FieldError.
    """

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("Invalid scenarios:\n- " + "\n- ".join(self.problems))


# --- the model -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    key: str
    text: str
    value: object = None
    """What an engine field equals when this option is right (None: not tied to the engine)."""

    def matches(self, engine_value: object) -> bool:
        """Whether the engine's ``engine_value`` is this option's value (YAML ``27B1`` and ``"27B1"`` alike; a bool
        only equals a bool, so ``true`` never matches ``1``)."""
        if self.value is None:
            return False
        if isinstance(self.value, bool) or isinstance(engine_value, bool):
            return type(self.value) is type(engine_value) and self.value == engine_value
        return str(self.value) == str(engine_value)


@dataclass(frozen=True)
class Question:
    id: str
    kind: str
    prompt: str
    options: tuple[Option, ...] = ()
    answer: object = None
    """A key (single), a sorted tuple of keys (multiple) or a number."""
    tolerance: float = 0.0

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(option.key for option in self.options)

    def option(self, key: str) -> Option | None:
        for option in self.options:
            if option.key == key:
                return option
        return None


@dataclass(frozen=True)
class Check:
    """How the engine decides some of the answers: ``kind`` (tree, score, …), its inputs, field → question id."""

    kind: str
    inputs: Mapping[str, object]
    fields: tuple[tuple[str, str], ...]
    tree: str | None = None


@dataclass(frozen=True)
class Scenario:
    id: str
    topic: str
    difficulty: int
    title: str
    situation: str
    questions: tuple[Question, ...]
    explanation: str
    checks: tuple[Check, ...] = ()
    source: str = "bank"
    """``bank`` (fixtures/scenarios) or ``drill`` (generated from a decision tree)."""
    laws: tuple[str, ...] = ()
    edition: str = BASE_EDITION
    """The edition the scenario is ruled under (the folder it was loaded from; a drill's tree's)."""
    same_situation_as: str = ""
    """For the "what changed" set: the id of the other edition's scenario that rules the same table situation."""

    def question(self, question_id: str) -> Question | None:
        for question in self.questions:
            if question.id == question_id:
                return question
        return None

    @property
    def answers(self) -> dict[str, object]:
        return {question.id: public_answer(question.answer) for question in self.questions}

    def summary(self) -> dict[str, object]:
        return {
            "id": self.id,
            "edition": self.edition,
            "topic": self.topic,
            "difficulty": self.difficulty,
            "title": self.title,
        }


def public_answer(answer: object) -> object:
    """An answer as JSON shows it: a multiple-choice answer's tuple of keys becomes a list."""
    return list(answer) if isinstance(answer, tuple) else answer


# --- loading ---------------------------------------------------------------------------------------------------


def load_scenarios(folder: str | Path, edition: str = BASE_EDITION) -> dict[str, Scenario]:
    """Every scenario of every ``*.yaml`` file in ``folder`` (ruled under ``edition``), by id; raises
    :class:`ScenarioError` listing all problems (schema, duplicate ids)."""
    scenarios: dict[str, Scenario] = {}
    problems: list[str] = []
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            problems.append(f"{path.name}: not valid YAML: {exc}")
            continue
        entries = data.get("scenarios") if isinstance(data, dict) else None
        if not isinstance(entries, list):
            problems.append(f"{path.name}: expected a mapping with a 'scenarios' list")
            continue
        for index, entry in enumerate(entries):
            where = f"{path.name}[{index}]"
            try:
                scenario = replace(parse_scenario(entry, where=where), edition=edition)
            except ScenarioError as exc:
                problems.extend(exc.problems)
                continue
            if scenario.id in scenarios:
                problems.append(f"{where}: duplicate id {scenario.id!r}")
            scenarios[scenario.id] = scenario
    if problems:
        raise ScenarioError(problems)
    return scenarios


def parse_scenario(data: object, *, where: str = "scenario") -> Scenario:
    """One scenario from its YAML mapping, checked against the schema in the module docstring."""
    problems: list[str] = []
    if not isinstance(data, dict):
        raise ScenarioError([f"{where}: expected a mapping"])
    sid = data.get("id")
    if not isinstance(sid, str) or not _ID.match(sid) or sid.startswith(DRILL_PREFIX):
        problems.append(f"{where}: id must match [a-z0-9-]+ and not start with 'drill-', not {sid!r}")
        sid = str(sid)
    where = f"{where} ({sid})"
    allowed = {
        "id",
        "topic",
        "difficulty",
        "title",
        "situation",
        "questions",
        "explanation",
        "checks",
        "same_situation_as",
    }
    for key in sorted(set(data) - allowed):
        problems.append(f"{where}: unknown key {key!r}")
    topic = data.get("topic")
    if topic not in TOPICS:
        problems.append(f"{where}: topic must be one of {', '.join(TOPICS)}, not {topic!r}")
    difficulty = data.get("difficulty")
    if not isinstance(difficulty, int) or isinstance(difficulty, bool) or difficulty not in DIFFICULTIES:
        problems.append(f"{where}: difficulty must be 1, 2 or 3, not {difficulty!r}")
        difficulty = 0
    texts = _parse_texts(data, where, problems)
    questions = _parse_questions(data.get("questions"), where, problems)
    checks = _parse_checks(data.get("checks", []), questions, where, problems)
    same = data.get("same_situation_as", "")
    if not isinstance(same, str) or (same and not _ID.match(same)):
        problems.append(f"{where}: same_situation_as must be a scenario id, not {same!r}")
        same = ""
    if problems:
        raise ScenarioError(problems)
    return Scenario(
        id=sid,
        topic=str(topic),
        difficulty=difficulty,
        title=texts["title"],
        situation=texts["situation"],
        questions=tuple(questions),
        explanation=texts["explanation"],
        checks=tuple(checks),
        same_situation_as=same,
    )


def _parse_texts(data: dict[str, object], where: str, problems: list[str]) -> dict[str, str]:
    """The scenario's title, situation and explanation, each non-empty text ("" and a problem if not)."""
    texts = {}
    for key in ("title", "situation", "explanation"):
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{where}: {key} must be non-empty text")
            value = ""
        texts[key] = value.strip()
    return texts


def _parse_questions(raw_questions: object, where: str, problems: list[str]) -> list[Question]:
    """The scenario's questions (a non-empty list, ids distinct); a bad one is left out and listed."""
    if not isinstance(raw_questions, list) or not raw_questions:
        problems.append(f"{where}: questions must be a non-empty list")
        raw_questions = []
    questions: list[Question] = []
    seen_ids: set[str] = set()
    for index, raw in enumerate(raw_questions):
        question = _parse_question(raw, f"{where} question {index + 1}", problems)
        if question is None:
            continue
        if question.id in seen_ids:
            problems.append(f"{where}: duplicate question id {question.id!r}")
        seen_ids.add(question.id)
        questions.append(question)
    return questions


def _parse_checks(
    raw_checks: object, questions: list[Question], where: str, problems: list[str]
) -> list[Check]:
    """The scenario's engine checks; each field must name one of its questions, never a multiple-choice one."""
    if not isinstance(raw_checks, list):
        problems.append(f"{where}: checks must be a list")
        raw_checks = []
    checks: list[Check] = []
    by_id = {question.id: question for question in questions}
    for index, raw in enumerate(raw_checks):
        check = _parse_check(raw, f"{where} check {index + 1}", problems)
        if check is None:
            continue
        for name, question_id in check.fields:
            question = by_id.get(question_id)
            if question is None:
                problems.append(f"{where}: check field {name!r} names no question {question_id!r}")
            elif question.kind == "multiple":
                problems.append(
                    f"{where}: check field {name!r} cannot decide multiple-choice {question_id!r}"
                )
        checks.append(check)
    return checks


def _parse_options(raw: dict[str, object], kind: str, where: str, problems: list[str]) -> list[Option]:
    """A choice question's options (at least two, keys distinct); a number question has none."""
    if kind not in ("single", "multiple"):
        if "options" in raw:
            problems.append(f"{where}: a number question has no options")
        return []
    raw_options = raw.get("options")
    if not isinstance(raw_options, list) or len(raw_options) < 2:
        problems.append(f"{where}: a choice question needs at least two options")
        raw_options = []
    options: list[Option] = []
    for option in raw_options:
        if not isinstance(option, dict) or set(option) - {"key", "text", "value"}:
            problems.append(f"{where}: an option is a mapping of key, text and optional value: {option!r}")
            continue
        key, text = option.get("key"), option.get("text")
        if not isinstance(key, str) or not _KEY.match(key) or not isinstance(text, str) or not text.strip():
            problems.append(f"{where}: an option needs a key [a-z0-9_]+ and a text: {option!r}")
            continue
        options.append(Option(key, text.strip(), option.get("value")))
    option_keys = [option.key for option in options]
    if len(set(option_keys)) != len(option_keys):
        problems.append(f"{where}: option keys repeat")
    return options


def _parse_answer(
    raw: dict[str, object], kind: str, options: list[Option], where: str, problems: list[str]
) -> object:
    """The answer as the kind wants it (a multiple-choice answer becomes a sorted tuple of keys); the tolerance
    is a number question's only."""
    answer = raw.get("answer")
    tolerance = raw.get("tolerance", 0.0)
    keys = {option.key for option in options}
    if kind == "single":
        if answer not in keys:
            problems.append(f"{where}: answer must be one option key, not {answer!r}")
    elif kind == "multiple":
        if (
            not isinstance(answer, list)
            or not answer
            or not set(answer) <= keys
            or len(set(answer)) != len(answer)
        ):
            problems.append(
                f"{where}: answer must be a non-empty list of distinct option keys, not {answer!r}"
            )
        else:
            answer = tuple(sorted(answer))
    elif kind == "number":
        if isinstance(answer, bool) or not isinstance(answer, int | float):
            problems.append(f"{where}: answer must be a number, not {answer!r}")
        if isinstance(tolerance, bool) or not isinstance(tolerance, int | float) or tolerance < 0:
            problems.append(f"{where}: tolerance must be a number ≥ 0")
    if kind != "number" and "tolerance" in raw:
        problems.append(f"{where}: only number questions take a tolerance")
    return answer


def _parse_question(raw: object, where: str, problems: list[str]) -> Question | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a mapping")
        return None
    allowed = {"id", "kind", "prompt", "options", "answer", "tolerance"}
    for key in sorted(set(raw) - allowed):
        problems.append(f"{where}: unknown key {key!r}")
    qid, kind, prompt = raw.get("id"), raw.get("kind"), raw.get("prompt")
    count = len(problems)
    # A bad id, kind or prompt is listed and replaced by "", so the checks below still run (the question is None).
    if not isinstance(qid, str) or not _KEY.match(qid):
        problems.append(f"{where}: id must match [a-z0-9_]+, not {qid!r}")
        qid = ""
    if not isinstance(kind, str) or kind not in KINDS:
        problems.append(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
        kind = ""
    if not isinstance(prompt, str) or not prompt.strip():
        problems.append(f"{where}: prompt must be non-empty text")
        prompt = ""
    options = _parse_options(raw, kind, where, problems)
    answer = _parse_answer(raw, kind, options, where, problems)
    if len(problems) > count:
        return None
    tolerance = raw.get("tolerance", 0.0)
    return Question(
        id=qid,
        kind=kind,
        prompt=prompt.strip(),
        options=tuple(options),
        answer=answer,
        tolerance=float(tolerance) if kind == "number" else 0.0,
    )


def _parse_check(raw: object, where: str, problems: list[str]) -> Check | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a mapping")
        return None
    kinds = [kind for kind in CHECK_KINDS if kind in raw]
    if len(kinds) != 1:
        problems.append(f"{where}: name exactly one of {', '.join(CHECK_KINDS)}")
        return None
    kind = kinds[0]
    extra = set(raw) - {kind, "fields"} - ({"facts"} if kind == "tree" else set())
    if extra:
        problems.append(f"{where}: unknown keys {sorted(extra)}")
    fields = raw.get("fields")
    if not isinstance(fields, dict) or not fields:
        problems.append(f"{where}: fields must map engine fields to question ids")
        return None
    allowed = CHECK_KINDS[kind]
    for name in fields:
        if allowed and name not in allowed:
            problems.append(f"{where}: {kind} has no field {name!r} (one of {', '.join(sorted(allowed))})")
    pairs = tuple((str(name), str(question)) for name, question in fields.items())
    if kind == "tree":
        slug, facts = raw.get("tree"), raw.get("facts")
        if not isinstance(slug, str) or not isinstance(facts, dict):
            problems.append(f"{where}: a tree check needs tree: <slug> and facts: {{...}}")
            return None
        return Check("tree", dict(facts), pairs, tree=slug)
    inputs = raw.get(kind)
    if not isinstance(inputs, dict):
        problems.append(f"{where}: {kind} must be a mapping of inputs")
        return None
    return Check(kind, dict(inputs), pairs)
