"""Trainee practice, the pure part: scenarios, answer checking, spaced repetition, drills from the decision trees.

No Django here (like ``bridge``): the bank is data (``fixtures/scenarios/*.yaml``), the trees come from
``bridge.trees`` and the scores from ``bridge``. The Django side (``practice/selectors.py`` and
``practice/services.py``) stores attempts and card states and renders explanations with law links.

Scenario file schema (a file holds ``scenarios:``, a list of)::

    id: ib-01                      # [a-z0-9-]+, unique across the bank; "drill-" is reserved
    topic: insufficient_bid        # one of TOPICS
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

A check's field decides its question: a number question's answer must equal the engine's value; a single-choice
question's answer must be the one option whose ``value`` equals it. :func:`engine_disagreements` lists every
mismatch, so a scenario that contradicts the engine fails the tests.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import yaml

from bridge import artificial, imps, matchpoints, score
from bridge.errors import EngineError
from bridge.references import chinese_ref
from bridge.trees import Evaluation, Leaf, QuestionNode, Tree, evaluate

TOPICS: tuple[str, ...] = (
    "insufficient_bid",
    "lead_out_of_turn",
    "revoke",
    "scores",
    "adjusted_scores",
    "law_lookup",
)
KINDS: tuple[str, ...] = ("single", "multiple", "number")
DIFFICULTIES: tuple[int, ...] = (1, 2, 3)
TREE_TOPICS: dict[str, str] = {
    "insufficient-bid": "insufficient_bid",
    "lead-out-of-turn": "lead_out_of_turn",
    "revoke": "revoke",
}
"""The topic each decision tree's drills count towards."""

DRILL_PREFIX = "drill-"
DRILL_ID = re.compile(r"^drill-(?P<slug>[a-z][a-z0-9-]*?)-(?P<seed>\d{1,9})$")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,59}$")
_KEY = re.compile(r"^[a-z0-9_]{1,20}$")

CHECK_KINDS: dict[str, frozenset[str]] = {
    "tree": frozenset(),  # any outcome field of the tree
    "score": frozenset({"score_ns", "score_ew", "declarer_score", "result"}),
    "imps": frozenset({"imps"}),
    "matchpoints": frozenset({"matchpoints", "percentage", "top"}),
    "artificial": frozenset({"percent", "imps", "label"}),
}


class ScenarioError(ValueError):
    """A scenario file or entry that breaks the schema; ``problems`` lists every problem found."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("Invalid scenarios:\n- " + "\n- ".join(self.problems))


class AnswerError(ValueError):
    """An answer that cannot be checked (missing, not an option, not a number): ``field`` names it."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


# --- the model -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    key: str
    text: str
    value: object = None
    """What an engine field equals when this option is right (None: not tied to the engine)."""


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

    def question(self, question_id: str) -> Question | None:
        for question in self.questions:
            if question.id == question_id:
                return question
        return None

    @property
    def answers(self) -> dict[str, object]:
        return {question.id: _public_answer(question.answer) for question in self.questions}

    def summary(self) -> dict[str, object]:
        return {"id": self.id, "topic": self.topic, "difficulty": self.difficulty, "title": self.title}


def _public_answer(answer: object) -> object:
    return list(answer) if isinstance(answer, tuple) else answer


# --- loading ---------------------------------------------------------------------------------------------------


def load_scenarios(folder: str | Path) -> dict[str, Scenario]:
    """Every scenario of every ``*.yaml`` file in ``folder``, by id; raises :class:`ScenarioError` listing all
    problems (schema, duplicate ids)."""
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
                scenario = parse_scenario(entry, where=where)
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
    allowed = {"id", "topic", "difficulty", "title", "situation", "questions", "explanation", "checks"}
    for key in sorted(set(data) - allowed):
        problems.append(f"{where}: unknown key {key!r}")
    topic = data.get("topic")
    if topic not in TOPICS:
        problems.append(f"{where}: topic must be one of {', '.join(TOPICS)}, not {topic!r}")
    difficulty = data.get("difficulty")
    if difficulty not in DIFFICULTIES or isinstance(difficulty, bool):
        problems.append(f"{where}: difficulty must be 1, 2 or 3, not {difficulty!r}")
    texts = {}
    for key in ("title", "situation", "explanation"):
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            problems.append(f"{where}: {key} must be non-empty text")
            value = ""
        texts[key] = value.strip()
    questions: list[Question] = []
    raw_questions = data.get("questions")
    if not isinstance(raw_questions, list) or not raw_questions:
        problems.append(f"{where}: questions must be a non-empty list")
        raw_questions = []
    seen_ids: set[str] = set()
    for index, raw in enumerate(raw_questions):
        question = _parse_question(raw, f"{where} question {index + 1}", problems)
        if question is None:
            continue
        if question.id in seen_ids:
            problems.append(f"{where}: duplicate question id {question.id!r}")
        seen_ids.add(question.id)
        questions.append(question)
    checks: list[Check] = []
    raw_checks = data.get("checks", [])
    if not isinstance(raw_checks, list):
        problems.append(f"{where}: checks must be a list")
        raw_checks = []
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
    if problems:
        raise ScenarioError(problems)
    return Scenario(
        id=sid,
        topic=str(topic),
        difficulty=int(difficulty),  # type: ignore[arg-type]
        title=texts["title"],
        situation=texts["situation"],
        questions=tuple(questions),
        explanation=texts["explanation"],
        checks=tuple(checks),
    )


def _parse_question(raw: object, where: str, problems: list[str]) -> Question | None:
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected a mapping")
        return None
    allowed = {"id", "kind", "prompt", "options", "answer", "tolerance"}
    for key in sorted(set(raw) - allowed):
        problems.append(f"{where}: unknown key {key!r}")
    qid, kind, prompt = raw.get("id"), raw.get("kind"), raw.get("prompt")
    count = len(problems)
    if not isinstance(qid, str) or not _KEY.match(qid):
        problems.append(f"{where}: id must match [a-z0-9_]+, not {qid!r}")
    if kind not in KINDS:
        problems.append(f"{where}: kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if not isinstance(prompt, str) or not prompt.strip():
        problems.append(f"{where}: prompt must be non-empty text")
    options: list[Option] = []
    if kind in ("single", "multiple"):
        raw_options = raw.get("options")
        if not isinstance(raw_options, list) or len(raw_options) < 2:
            problems.append(f"{where}: a choice question needs at least two options")
            raw_options = []
        for option in raw_options:
            if not isinstance(option, dict) or set(option) - {"key", "text", "value"}:
                problems.append(
                    f"{where}: an option is a mapping of key, text and optional value: {option!r}"
                )
                continue
            key, text = option.get("key"), option.get("text")
            if (
                not isinstance(key, str)
                or not _KEY.match(key)
                or not isinstance(text, str)
                or not text.strip()
            ):
                problems.append(f"{where}: an option needs a key [a-z0-9_]+ and a text: {option!r}")
                continue
            options.append(Option(key, text.strip(), option.get("value")))
        keys = [option.key for option in options]
        if len(set(keys)) != len(keys):
            problems.append(f"{where}: option keys repeat")
    elif "options" in raw:
        problems.append(f"{where}: a number question has no options")
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
    if len(problems) > count:
        return None
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


# --- answers ---------------------------------------------------------------------------------------------------


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
            "given": _public_answer(self.given),
            "answer": _public_answer(self.answer),
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
    if value is None or value == "" or value == []:
        raise AnswerError(f"Answer question {question.id!r}.", field)
    if question.kind == "single":
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        if not isinstance(value, str) or value not in question.keys:
            raise AnswerError(
                f"{question.id}: choose one of {', '.join(question.keys)}, not {value!r}.", field
            )
        return value
    if question.kind == "multiple":
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise AnswerError(
                f"{question.id}: give a list of option keys ({', '.join(question.keys)}).", field
            )
        unknown = [item for item in value if item not in question.keys]
        if unknown:
            raise AnswerError(
                f"{question.id}: {unknown[0]!r} is not an option (one of {', '.join(question.keys)}).", field
            )
        return tuple(sorted(set(value)))
    if isinstance(value, bool):
        raise AnswerError(f"{question.id}: give a number, not {value!r}.", field)
    if isinstance(value, str):
        text = value.strip().replace("＋", "+").replace("－", "-").replace("−", "-").removesuffix("%")
        try:
            value = float(text) if any(c in text for c in ".eE") else int(text)
        except ValueError:
            raise AnswerError(f"{question.id}: give a number, not {value!r}.", field) from None
    if not isinstance(value, int | float) or not math.isfinite(value):
        raise AnswerError(f"{question.id}: give a number, not {value!r}.", field)
    return value


def check_answers(scenario: Scenario, answers: Mapping[str, object], *, prefix: str = "answers") -> Result:
    """Mark every question of ``scenario``. ``answers`` maps question ids to the given answers; every question
    must be answered, and no other key may appear (:class:`AnswerError` naming ``answers.<id>``)."""
    if not isinstance(answers, Mapping):
        raise AnswerError("answers must map each question id to an answer.", prefix)
    for key in answers:
        if scenario.question(str(key)) is None:
            raise AnswerError(
                f"{key!r} is not a question of {scenario.id} "
                f"(questions: {', '.join(q.id for q in scenario.questions)}).",
                f"{prefix}.{key}",
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


# --- the engine's verdict on a scenario --------------------------------------------------------------------------


def engine_values(check: Check, trees: Mapping[str, Tree]) -> dict[str, object]:
    """What the engine says for one check: every field it can compute (tree outcome, score, IMPs, …)."""
    inputs = check.inputs
    if check.kind == "tree":
        tree = trees.get(check.tree or "")
        if tree is None:
            raise ValueError(f"no decision tree {check.tree!r}")
        evaluation = evaluate(tree, inputs)
        if evaluation.status != "ruling" or evaluation.ruling is None:
            missing = evaluation.question.fact if evaluation.question else "?"
            raise ValueError(f"the facts do not reach a ruling in {tree.slug!r}: {missing!r} is missing")
        return dict(evaluation.ruling.outcome) | {"leaf": evaluation.ruling.leaf}
    if check.kind == "score":
        result = score(
            inputs["contract"], inputs.get("declarer"), inputs["vulnerability"], inputs.get("tricks")
        )
        return {
            "score_ns": result.score_ns,
            "score_ew": result.score_ew,
            "declarer_score": result.declaring_side_score,
            "result": result.result,
        }
    if check.kind == "imps":
        return {"imps": imps(inputs["diff"])}
    if check.kind == "matchpoints":
        board = matchpoints(inputs["scores"])
        index = int(inputs.get("index", 0))  # type: ignore[call-overload]
        return {
            "matchpoints": board.matchpoints[index],
            "percentage": board.percentages[index],
            "top": board.top,
        }
    if check.kind == "artificial":
        side = str(inputs.get("side", "NS"))
        scores = artificial(inputs["form"], inputs["fault"], inputs.get("session_percent"))  # type: ignore[arg-type]
        mine = scores[side]  # type: ignore[index]
        return {"percent": mine.percent, "imps": mine.imps, "label": mine.label.value}
    raise ValueError(f"unknown check kind {check.kind!r}")  # pragma: no cover - the parser rejects it


def engine_disagreements(scenario: Scenario, trees: Mapping[str, Tree]) -> list[str]:
    """Every way ``scenario``'s answers contradict the engine (empty when they agree or nothing is checked)."""
    problems: list[str] = []
    for number, check in enumerate(scenario.checks, start=1):
        label = f"{scenario.id} check {number} ({check.tree or check.kind})"
        try:
            values = engine_values(check, trees)
        except (EngineError, ValueError, KeyError, IndexError, TypeError) as exc:
            problems.append(f"{label}: the engine cannot decide it: {exc}")
            continue
        for name, question_id in check.fields:
            question = scenario.question(question_id)
            if question is None:  # pragma: no cover - the parser rejects it
                continue
            if name not in values:
                problems.append(f"{label}: the engine gives no field {name!r}")
                continue
            value = values[name]
            if question.kind == "number":
                if not isinstance(value, int | float) or isinstance(value, bool):
                    problems.append(f"{label}: {name} = {value!r} is not a number for {question_id}")
                elif abs(value - question.answer) > question.tolerance + 1e-9:  # type: ignore[operator]
                    problems.append(
                        f"{label}: {question_id} answers {question.answer}, the engine {name} = {value}"
                    )
                continue
            matching = sorted(option.key for option in question.options if _same(option.value, value))
            if matching != [question.answer]:
                problems.append(
                    f"{label}: {question_id} answers {question.answer!r}, but the engine's {name} = {value!r} "
                    f"matches option(s) {matching or 'none'}"
                )
    return problems


def _same(option_value: object, engine_value: object) -> bool:
    if option_value is None:
        return False
    if isinstance(option_value, bool) or isinstance(engine_value, bool):
        return type(option_value) is type(engine_value) and option_value == engine_value
    return str(option_value) == str(engine_value)


# --- spaced repetition -----------------------------------------------------------------------------------------

WRONG_GAP = 2
"""A wrong answer comes back after this many other answers."""
INTERVALS: tuple[int, ...] = (4, 8, 16, 32)
"""After 1, 2, 3, 4+ right answers in a row, an item comes back after this many answers (a Leitner ladder)."""
MASTERED_BOX = 3


@dataclass(frozen=True)
class Card:
    """A learner's state for one item: the Leitner ``box`` (right answers in a row, capped), when it is next
    due (``due_step``, counted in the learner's answers), and the tallies."""

    item: str
    box: int = 0
    due_step: int = 0
    seen: int = 0
    right: int = 0
    last_correct: bool | None = None

    @property
    def mastered(self) -> bool:
        return self.box >= MASTERED_BOX


def schedule(card: Card | None, item: str, correct: bool, step: int) -> Card:
    """The card after an answer given as the learner's ``step``-th answer (1-based).

    Wrong → back to box 0, due again after :data:`WRONG_GAP` more answers; right → one box up, due after the
    box's interval. A wrong answer therefore always comes back sooner than a right one given at the same step.
    """
    card = card or Card(item)
    if correct:
        box = min(card.box + 1, len(INTERVALS))
        due = step + INTERVALS[box - 1]
    else:
        box = 0
        due = step + WRONG_GAP
    return replace(
        card,
        box=box,
        due_step=due,
        seen=card.seen + 1,
        right=card.right + int(correct),
        last_correct=correct,
    )


def order(
    items: Sequence[tuple[str, int]],
    cards: Mapping[str, Card],
    step: int,
    *,
    exclude: str | None = None,
    seed: str = "",
) -> list[str]:
    """Items (id, difficulty) in the order to practise them at ``step`` (answers given so far).

    First the due cards (box ascending — wrong answers first — then the longest overdue), then unseen items
    (easier first, shuffled stably by ``seed`` within a difficulty), then the cards not yet due (soonest first).
    ``exclude`` (the item just answered) goes last, so an item never repeats at once when there is another.
    """

    def shuffle_key(item: str) -> int:
        return random.Random(f"{seed}:{item}").randrange(1 << 30)

    due, new, later = [], [], []
    for item, difficulty in items:
        card = cards.get(item)
        if card is None or card.seen == 0:
            new.append(((difficulty, shuffle_key(item)), item))
        elif card.due_step <= step:
            due.append(((card.box, card.due_step, item), item))
        else:
            later.append(((card.due_step, card.box, item), item))
    ordered = (
        [item for _, item in sorted(due)]
        + [item for _, item in sorted(new)]
        + [item for _, item in sorted(later)]
    )
    if exclude in ordered and len(ordered) > 1:
        ordered.remove(exclude)
        ordered.append(exclude)
    return ordered


# --- drills: random walks through the decision trees ---------------------------------------------------------

DRILL_FIELDS: dict[str, tuple[str, ...]] = {
    "insufficient-bid": ("rule", "partner_must_pass", "lead_penalties"),
    "lead-out-of-turn": ("rule", "penalty_card", "declarer_becomes_dummy"),
    "revoke": ("rule", "tricks_transferred", "penalty_card"),
}
"""The ruling fields a drill asks about, per tree (a field whose value is null on a leaf is skipped)."""
DRILL_RULE_OPTIONS = 4
INT_SPREAD = 4
"""A random int fact takes a value from the low end of its branch, at most this much above it (realistic)."""

Labeler = Callable[[str, object], str]


def zh_ref(ref: str) -> str:
    """64A2 → 第64条A款2项 (the form the law renderer links); anything else unchanged."""
    try:
        return chinese_ref(ref)
    except ValueError:
        return ref


def _default_label(name: str, value: object) -> str:
    if name == "rule" and isinstance(value, str):
        return zh_ref(value)
    if isinstance(value, bool):
        return "是" if value else "否"
    return str(value)


def _default_prompt(name: str) -> str:
    return name


def reachable_leaves(tree: Tree) -> dict[str, frozenset[str]]:
    """For each node, the leaves reachable from it."""
    memo: dict[str, frozenset[str]] = {}

    def leaves(node_id: str) -> frozenset[str]:
        if node_id in memo:
            return memo[node_id]
        node = tree.node(node_id)
        if isinstance(node, Leaf):
            found = frozenset({node.id})
        elif isinstance(node, QuestionNode):
            found = frozenset().union(*(leaves(target) for target in node.targets))
        else:  # pragma: no cover - the validator rejects dangling ids
            found = frozenset()
        memo[node_id] = found
        return found

    for node in tree.nodes:
        leaves(node.id)
    return memo


def walk(tree: Tree, rng: random.Random, *, leaf: str | None = None) -> tuple[dict[str, object], Evaluation]:
    """A random walk from the start to a leaf (to ``leaf`` when given): the facts chosen and the evaluation.

    At each question the walk picks a branch at random among those that can still reach the target leaf; an int
    fact takes a value inside the chosen branch's range.
    """
    reach = reachable_leaves(tree)
    if leaf is not None and leaf not in tree.leaf_ids:
        raise ValueError(f"{leaf!r} is not a leaf of {tree.slug!r}")
    facts: dict[str, object] = {}
    node = tree.node(tree.start)
    while isinstance(node, QuestionNode):
        choices = _branch_values(tree, node, rng)
        if leaf is not None:
            choices = [(value, target) for value, target in choices if leaf in reach[target]]
        value, target = rng.choice(choices)
        facts[node.fact] = value
        node = tree.node(target)
    return facts, evaluate(tree, facts)


def _branch_values(tree: Tree, node: QuestionNode, rng: random.Random) -> list[tuple[object, str]]:
    """(a value of the fact, the node it leads to) for every branch of ``node``."""
    if node.branches:
        return list(node.branches)
    fact = tree.fact(node.fact)
    top = fact.maximum if fact is not None and fact.maximum is not None else 13
    low_bound = fact.minimum if fact is not None and fact.minimum is not None else 0
    out: list[tuple[object, str]] = []
    covered: list[tuple[int, int]] = []
    for branch in node.ranges:
        high = min(branch.high if branch.high is not None else top, branch.low + INT_SPREAD)
        out.append((rng.randint(branch.low, high), branch.target))
        covered.append((branch.low, branch.high if branch.high is not None else top))
    if node.default is not None:
        free = [n for n in range(low_bound, top + 1) if not any(a <= n <= b for a, b in covered)]
        if free:
            start = rng.choice(free[: INT_SPREAD + 1])
            out.append((start, node.default))
    return out


def drill_id(slug: str, seed: int) -> str:
    return f"{DRILL_PREFIX}{slug}-{seed}"


def parse_drill_id(item: str) -> tuple[str, int] | None:
    match = DRILL_ID.match(item)
    if not match:
        return None
    return match["slug"], int(match["seed"])


def make_drill(
    tree: Tree,
    seed: int,
    *,
    leaf: str | None = None,
    label: Labeler = _default_label,
    prompt: Callable[[str], str] = _default_prompt,
    fact_label: Callable[[Tree, str, object], tuple[str, str]] | None = None,
) -> Scenario:
    """A practice case generated from ``tree`` by a seeded random walk; the engine's ruling is the answer.

    The seed picks a target leaf uniformly (so the rare leaves come up as often as the common ones) and then a
    random path to it. ``label(field, value)`` and ``prompt(field)`` give the option texts and question prompts
    (the Django side passes translated ones); ``fact_label(tree, fact, value)`` gives (question, answer) texts
    for the situation.
    """
    rng = random.Random(f"{tree.slug}:{seed}")
    target = leaf or rng.choice(sorted(tree.leaf_ids))
    evaluation = None
    for _ in range(20):  # a walk whose facts an engine check rejects is redrawn
        try:
            facts, evaluation = walk(tree, rng, leaf=target)
            break
        except EngineError:
            continue
    if evaluation is None or evaluation.ruling is None:  # pragma: no cover - every leaf is reachable
        raise ValueError(f"no drill reaches {target!r} in {tree.slug!r}")
    ruling = evaluation.ruling
    describe = fact_label or _fact_text
    lines = ["裁判到场后了解到以下情况："]
    for step in evaluation.path:
        question_text, answer_text = describe(tree, step.fact, step.value)
        lines.append(f"- {question_text} —— **{answer_text}**")
    questions: list[Question] = []
    specs = {spec.name: spec for spec in tree.outcome_fields}
    for name in DRILL_FIELDS.get(tree.slug, ("rule",)):
        value = ruling.outcome.get(name)
        spec = specs.get(name)
        if value is None or spec is None:
            continue
        qid = name
        if spec.type == "int":
            questions.append(Question(qid, "number", prompt(name), answer=value))
            continue
        if spec.type == "bool":
            values: list[object] = [True, False]
        else:
            values = list(spec.values)
            if name == "rule" and len(values) > DRILL_RULE_OPTIONS:
                others = [v for v in values if v != value]
                values = sorted([value, *rng.sample(others, DRILL_RULE_OPTIONS - 1)], key=values.index)
        options = tuple(
            Option(chr(ord("a") + index), label(name, option_value), option_value)
            for index, option_value in enumerate(values)
        )
        answer = next(option.key for option in options if _same(option.value, value))
        questions.append(Question(qid, "single", prompt(name), options, answer))
    laws = tuple(ruling.laws)
    explanation = ruling.script.zh + "\n依据条款：" + "、".join(zh_ref(ref) for ref in laws) + "。"
    depth = len(evaluation.path)
    difficulty = 1 if depth <= 2 else 2 if depth <= 5 else 3
    return Scenario(
        id=drill_id(tree.slug, seed),
        topic=TREE_TOPICS.get(tree.slug, "law_lookup"),
        difficulty=difficulty,
        title=f"{tree.title} · 练习 {seed}",
        situation="\n".join(lines),
        questions=tuple(questions),
        explanation=explanation,
        checks=(Check("tree", dict(facts), tuple((q.id, q.id) for q in questions), tree=tree.slug),),
        source="drill",
        laws=laws,
    )


def _fact_text(tree: Tree, name: str, value: object) -> tuple[str, str]:
    fact = tree.fact(name)
    if fact is None:  # pragma: no cover - facts come from the tree
        return name, str(value)
    question = fact.text.zh if fact.text is not None else name
    option = fact.label(value)
    return question, option.zh if option is not None else str(value)
