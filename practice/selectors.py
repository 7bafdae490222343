"""Reads for practice: the scenario bank, drills, a learner's cards and progress, and rendered explanations."""

from __future__ import annotations

import random
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from html import escape

from django.conf import settings
from django.db.models import Count, Q
from django.http import Http404
from django.utils.translation import get_language

from bridge.references import find_references
from laws import editions
from laws.rendering import render
from laws.selectors import edition_or_default, render_context
from practice import labels
from practice.core import bank, drills, repetition, vocabulary
from practice.core.bank import Scenario
from practice.models import Attempt, Card, Topic
from rulings.trees import trees

SESSION_KEY = "practice_learner"
"""The browser session key holding an anonymous learner's token."""


# --- the bank and drills ---------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _bank() -> dict[str, Scenario]:
    """The scenario bank of every edition, loaded once: fixtures/scenarios/*.yaml are the base edition's,
    fixtures/scenarios/<edition>/*.yaml a further edition's (a broken file fails loudly, listing every problem;
    an id is unique across editions, so a learner's cards never mix them)."""
    folder = settings.FIXTURES_DIR / "scenarios"
    loaded = bank.load_scenarios(folder, editions.BASE)
    for sub in sorted(p for p in folder.iterdir() if p.is_dir()):
        for sid, scenario in bank.load_scenarios(sub, sub.name).items():
            if sid in loaded:
                raise bank.ScenarioError([f"{sub.name}: id {sid!r} is used by another edition's scenario"])
            loaded[sid] = scenario
    topic_order = {topic: index for index, topic in enumerate(vocabulary.TOPICS)}
    return dict(
        sorted(loaded.items(), key=lambda item: (topic_order[item[1].topic], item[1].difficulty, item[0]))
    )


def scenarios(edition: str | None = None) -> dict[str, Scenario]:
    """The bank's scenarios of one edition, by id; every edition's when none is named."""
    if edition is None:
        return _bank()
    return {sid: scenario for sid, scenario in _bank().items() if scenario.edition == edition}


def bank_list(
    *, topic: str | None = None, difficulty: int | None = None, edition: str | None = None
) -> list[Scenario]:
    return [
        scenario
        for scenario in scenarios(edition).values()
        if (topic is None or scenario.topic == topic)
        and (difficulty is None or scenario.difficulty == difficulty)
    ]


def changed_pairs(edition: str) -> list[tuple[Scenario, Scenario]]:
    """The "what changed" set of an edition: (the other edition's scenario, this edition's) for the same table
    situation ruled under both codes."""
    everything = _bank()
    return [
        (everything[scenario.same_situation_as], scenario)
        for scenario in scenarios(edition).values()
        if scenario.same_situation_as in everything
    ]


def drill_trees(edition: str | None = None) -> list:
    """The decision trees drills are generated from (the edition's; the site default's when none is named), in
    the wizard's order."""
    return [tree for slug, tree in trees(edition).items() if slug in drills.TREE_TOPICS]


@lru_cache(maxsize=512)
def _drill(slug: str, seed: int, language: str, edition: str) -> Scenario:
    tree = trees(edition).get(slug)
    if tree is None or slug not in drills.TREE_TOPICS:
        raise Http404(f"no drills for {slug!r}")
    return drills.make_drill(
        tree,
        seed,
        label=labels.drill_option,
        prompt=labels.drill_prompt,
        english=language.lower().startswith("en"),
    )


def drill_get(slug: str, seed: int, edition: str | None = None) -> Scenario:
    return _drill(slug, seed, get_language() or settings.LANGUAGE_CODE, edition or editions.BASE)


def item_get(item: str) -> Scenario:
    """A bank scenario or a drill (``drill-<tree>-<seed>``, ``drill-<edition>_<tree>-<seed>``) by id; Http404
    when there is none."""
    scenario = scenarios().get(item)
    if scenario is not None:
        return scenario
    drill = drills.parse_drill_id(item)
    if drill is not None and drill[0] in drills.TREE_TOPICS:
        return drill_get(*drill, drills.drill_edition(item))
    raise Http404(f"no practice scenario {item!r}")


# --- rendering -------------------------------------------------------------------------------------------------

_RED = re.compile(r"([♥♦])")
_TAG = re.compile(r"(<[^>]+>)")


def _enhance(html: str) -> str:
    """Law links open in the sheet (keeping the page); red suits coloured. Only text between tags is touched."""
    parts = _TAG.split(html)
    for index, part in enumerate(parts):
        if part.startswith("<"):
            if part.startswith("<a ") and 'data-ref="' in part:
                ref = part.split('data-ref="', 1)[1].split('"', 1)[0]
                parts[index] = part.replace("<a ", f'<a data-sheet-ref="{ref}" ', 1)
        else:
            parts[index] = _RED.sub(r'<span class="suit-red">\1</span>', part)
    return "".join(parts)


@lru_cache(maxsize=2048)
def _render(text: str, edition_key: tuple[str, int]) -> str:
    return _enhance(render(text, render_context(edition_or_default(edition_key[0])), law_layout=True))


def text_html(text: str, edition: str | None = None) -> str:
    """Scenario text (situation or explanation) → safe HTML with law links (to the laws of the scenario's
    edition), tables and glossary terms."""
    found = edition_or_default(edition)
    return _render(text, (found.code, found.revision))


def inline_html(text: str) -> str:
    """A prompt or option text: escaped, red suits coloured — never a link, so tapping an option selects it."""
    return _RED.sub(r'<span class="suit-red">\1</span>', escape(text))


def scenario_laws(scenario: Scenario) -> list[str]:
    """The law references an explanation cites, in order, without repeats."""
    if scenario.laws:
        return list(scenario.laws)
    seen: dict[str, None] = {}
    for found in find_references(scenario.explanation):
        seen.setdefault(found.ref, None)
    return list(seen)


# --- learners --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Learner:
    """Whose progress: a signed-in user, or an anonymous browser session's token."""

    user_id: int | None = None
    token: str | None = None

    @property
    def filter(self) -> Q:
        if self.user_id is not None:
            return Q(user_id=self.user_id)
        return Q(session_token=self.token, user__isnull=True)

    @property
    def fields(self) -> dict[str, object]:
        if self.user_id is not None:
            return {"user_id": self.user_id, "session_token": None}
        return {"user_id": None, "session_token": self.token}

    @property
    def signed_in(self) -> bool:
        return self.user_id is not None


def learner_from_request(request) -> Learner | None:
    """The learner of this request, or None for an anonymous visitor who has not answered anything yet."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return Learner(user_id=user.pk)
    token = request.session.get(SESSION_KEY)
    return Learner(token=token) if token else None


def learner_step(learner: Learner | None) -> int:
    """Answers given so far: the clock spaced repetition counts in."""
    if learner is None:
        return 0
    return Attempt.objects.filter(learner.filter).count()


def learner_cards(learner: Learner | None, items=None) -> dict[str, repetition.Card]:
    if learner is None:
        return {}
    rows = Card.objects.filter(learner.filter)
    if items is not None:
        rows = rows.filter(item__in=list(items))
    return {
        row.item: repetition.Card(row.item, row.box, row.due_step, row.seen, row.right, row.last_correct)
        for row in rows
    }


def next_item(
    learner: Learner | None,
    *,
    topic: str | None = None,
    difficulty: int | None = None,
    exclude: str | None = None,
    edition: str | None = None,
) -> Scenario | None:
    """The bank scenario to practise next (spaced repetition order: due wrong answers, then new, then the rest),
    of one edition when named."""
    pool = bank_list(topic=topic, difficulty=difficulty, edition=edition)
    if not pool:
        return None
    cards = learner_cards(learner, [scenario.id for scenario in pool])
    seed = f"{learner.user_id or learner.token}" if learner else "anonymous"
    order = repetition.order(
        [(scenario.id, scenario.difficulty) for scenario in pool],
        cards,
        learner_step(learner),
        exclude=exclude,
        seed=seed,
    )
    return scenarios()[order[0]]


def next_drill_seed(
    learner: Learner | None, slug: str, *, exclude: str | None = None, edition: str | None = None
) -> int:
    """A drill of tree ``slug`` (of ``edition``) to practise: a due drill answered wrongly comes back first,
    otherwise a new seed."""
    prefix = f"{drills.drill_prefix(edition)}{slug}-"
    if learner is not None:
        step = learner_step(learner)
        due = (
            Card.objects.filter(learner.filter, item__startswith=prefix, due_step__lte=step, box=0)
            .exclude(item=exclude or "")
            .order_by("due_step", "item")
            .first()
        )
        if due is not None:
            parsed = drills.parse_drill_id(due.item)
            if (
                parsed is not None
                and parsed[0] == slug
                and drills.drill_edition(due.item) == (edition or editions.BASE)
            ):
                return parsed[1]
        seen = set(
            Card.objects.filter(learner.filter, item__startswith=prefix).values_list("item", flat=True)
        )
    else:
        seen = set()
    rng = random.Random()
    for _ in range(50):
        seed = rng.randrange(1, 1_000_000)
        if drills.drill_id(slug, seed, edition) not in seen:
            return seed
    return rng.randrange(1, 1_000_000)  # pragma: no cover - 50 collisions in a million


# --- progress --------------------------------------------------------------------------------------------------


@dataclass
class TopicProgress:
    topic: str
    label: str
    total: int = 0
    """Scenarios of the topic in the bank."""
    attempts: int = 0
    right: int = 0
    seen: int = 0
    """Bank scenarios answered at least once."""
    mastered: int = 0
    """Bank scenarios right several times in a row (Leitner box ≥ 3)."""
    due: int = 0
    drills: int = 0
    review: list[str] = field(default_factory=list)
    """Items whose last answer was wrong (to practise again)."""

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.right / self.attempts) if self.attempts else None

    @property
    def coverage(self) -> int:
        return round(100 * self.seen / self.total) if self.total else 0


def _edition_items(edition: str | None) -> Q:
    """The attempts and cards of one edition: its bank scenarios and its drills (every one when None)."""
    if edition is None:
        return Q()
    items = Q(item__in=list(scenarios(edition))) | Q(item__startswith=drills.drill_prefix(edition))
    for other in {s.edition for s in _bank().values()} | set(editions.KNOWN):
        if other != edition and other != editions.BASE and edition == editions.BASE:
            items &= ~Q(item__startswith=drills.drill_prefix(other))
    return items


def progress(learner: Learner | None, edition: str | None = None) -> list[TopicProgress]:
    """Progress by topic: attempts and right answers (bank and drills), bank coverage, mastered and due cards; of
    one edition's scenarios and drills when named (a director learning the 2017 code sees his progress in it)."""
    rows = {topic: TopicProgress(topic, labels.topic_label(topic)) for topic in vocabulary.TOPICS}
    for scenario in scenarios(edition).values():
        rows[scenario.topic].total += 1
    if learner is None:
        return list(rows.values())
    tallies = (
        Attempt.objects.filter(learner.filter)
        .filter(_edition_items(edition))
        .values("topic")
        .annotate(
            n=Count("id"),
            right=Count("id", filter=Q(correct=True)),
            drills=Count("id", filter=Q(source="drill")),
        )
    )
    for tally in tallies:
        row = rows.get(tally["topic"])
        if row is not None:
            row.attempts, row.right, row.drills = tally["n"], tally["right"], tally["drills"]
    step = learner_step(learner)
    bank = scenarios(edition)
    for card in Card.objects.filter(learner.filter).filter(_edition_items(edition)).order_by("item"):
        row = rows.get(card.topic)
        if row is None:
            continue
        if card.item in bank:
            row.seen += 1
            row.mastered += int(card.box >= repetition.MASTERED_BOX)
        if card.due_step <= step:
            row.due += 1
        if card.last_correct is False:
            row.review.append(card.item)
    return list(rows.values())


def progress_by_users(user_ids, edition: str | None = None) -> dict[int, dict[str, TopicProgress]]:
    """Progress by topic for several users at once (the club view), in one edition's scenarios and drills when
    named: user id → topic → progress."""
    out: dict[int, dict[str, TopicProgress]] = defaultdict(dict)
    totals: dict[str, int] = defaultdict(int)
    for scenario in scenarios(edition).values():
        totals[scenario.topic] += 1
    for user_id in user_ids:
        for topic in vocabulary.TOPICS:
            out[user_id][topic] = TopicProgress(topic, labels.topic_label(topic), total=totals[topic])
    tallies = (
        Attempt.objects.filter(user_id__in=list(user_ids))
        .filter(_edition_items(edition))
        .values("user_id", "topic")
        .annotate(
            n=Count("id"),
            right=Count("id", filter=Q(correct=True)),
            drills=Count("id", filter=Q(source="drill")),
        )
    )
    for tally in tallies:
        row = out[tally["user_id"]].get(tally["topic"])
        if row is not None:
            row.attempts, row.right, row.drills = tally["n"], tally["right"], tally["drills"]
    bank = scenarios(edition)
    for card in Card.objects.filter(user_id__in=list(user_ids)).filter(_edition_items(edition)):
        row = out[card.user_id].get(card.topic) if card.user_id is not None else None
        if row is not None and card.item in bank:
            row.seen += 1
            row.mastered += int(card.box >= repetition.MASTERED_BOX)
    return dict(out)


def topics_with_counts(edition: str | None = None) -> list[dict[str, object]]:
    """Each topic with its label and how many bank scenarios (of the edition) it has per difficulty."""
    counts: dict[str, dict[int, int]] = {
        topic: dict.fromkeys(vocabulary.DIFFICULTIES, 0) for topic in vocabulary.TOPICS
    }
    for scenario in scenarios(edition).values():
        counts[scenario.topic][scenario.difficulty] += 1
    return [
        {
            "value": topic,
            "label": labels.topic_label(topic),
            "total": sum(counts[topic].values()),
            "by_difficulty": counts[topic],
        }
        for topic in vocabulary.TOPICS
    ]


TOPIC_VALUES = frozenset(Topic.values)
