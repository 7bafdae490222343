"""Practice pages: choose a topic, answer one case at a time, see right or wrong with the laws cited, continue."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib.auth.views import redirect_to_login
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from clubs.models import Capability, Club, Membership, Role
from clubs.permissions import club_access
from clubs.selectors import club_members
from core.errors import error_context
from laws.selectors import edition_for
from practice import labels, selectors, services
from practice.core import drills, vocabulary
from practice.core.answers import AnswerError, check_answers
from practice.core.bank import Scenario


def _filters(query) -> tuple[str | None, int | None]:
    """The topic and difficulty a practice run is limited to (anything unknown means "mixed")."""
    topic = query.get("topic") or None
    if topic not in vocabulary.TOPICS:
        topic = None
    difficulty = query.get("difficulty") or None
    difficulty = int(difficulty) if difficulty in ("1", "2", "3") else None
    return topic, difficulty


def _mode_query(topic, difficulty, drill: str | None = None) -> dict[str, str]:
    query: dict[str, str] = {}
    if drill:
        query["drill"] = drill
    if topic:
        query["topic"] = topic
    if difficulty:
        query["difficulty"] = str(difficulty)
    return query


def _edition(request) -> str:
    """The edition practice is in: the reader's working edition (a link's, his choice, his club's, the site's)."""
    return edition_for(request).code


def index(request):
    learner = selectors.learner_from_request(request)
    edition = _edition(request)
    rows = {row.topic: row for row in selectors.progress(learner, edition)}
    topics = selectors.topics_with_counts(edition)
    for topic in topics:
        topic["progress"] = rows[topic["value"]]
    context = {
        "topics": topics,
        "difficulties": sorted(labels.DIFFICULTY_LABELS.items()),
        "drill_trees": selectors.drill_trees(edition),
        "learner": learner,
        "total": len(selectors.scenarios(edition)),
        "edition": edition,
        "changed": selectors.changed_pairs(edition),
    }
    return render(request, "practice/index.html", context)


def next_case(request):
    """Redirect to the next case of the chosen topic and difficulty (spaced repetition order)."""
    topic, difficulty = _filters(request.GET)
    learner = selectors.learner_from_request(request)
    scenario = selectors.next_item(
        learner,
        topic=topic,
        difficulty=difficulty,
        exclude=request.GET.get("after"),
        edition=_edition(request),
    )
    if scenario is None:
        context = {"topic": labels.topic_label(topic) if topic else None, "difficulty": difficulty}
        return render(request, "practice/empty.html", context, status=404)
    query = urlencode(_mode_query(topic, difficulty))
    url = reverse("practice:case", args=[scenario.id])
    return redirect(f"{url}?{query}" if query else url)


def drill(request, slug: str):
    """Start (or continue) drills generated from one decision tree: a new random walk, or a wrong one due again."""
    if slug not in drills.TREE_TOPICS:
        raise Http404(f"no drills for {slug!r}")
    learner = selectors.learner_from_request(request)
    edition = _edition(request)
    if slug not in selectors.trees(edition):
        raise Http404(f"no drills for {slug!r} in {edition!r}")
    seed = selectors.next_drill_seed(learner, slug, exclude=request.GET.get("after"), edition=edition)
    url = reverse("practice:case", args=[drills.drill_id(slug, seed, edition)])
    return redirect(f"{url}?{urlencode({'drill': slug})}")


@require_http_methods(["GET", "POST"])
def case(request, item: str):
    scenario = selectors.item_get(item)
    topic, difficulty = _filters(request.GET)
    drill_slug = request.GET.get("drill") if request.GET.get("drill") in drills.TREE_TOPICS else None
    context = _case_context(scenario, topic, difficulty, drill_slug)
    if request.method == "GET":
        return render(request, "practice/case.html", context)
    given = {}
    for question in scenario.questions:
        if question.kind == "multiple":
            given[question.id] = request.POST.getlist(question.id)
        else:
            given[question.id] = request.POST.get(question.id)
    try:
        result = check_answers(scenario, given)
    except AnswerError as exc:
        context["error"] = error_context(exc)  # the message in the page's language
        context["questions"] = _questions(scenario, given=given)
        return render(request, "practice/case.html", context, status=400)
    learner = services.learner_ensure(request)
    services.attempt_record(learner=learner, scenario=scenario, result=result)
    context["set"] = _set_tally(request, _mode_query(topic, difficulty, drill_slug), scenario, result)
    context.update(
        result=result,
        questions=_questions(scenario, given=given, result=result),
        explanation_html=selectors.text_html(scenario.explanation, scenario.edition),
        laws=selectors.scenario_laws(scenario),
        progress=next(
            row for row in selectors.progress(learner, scenario.edition) if row.topic == scenario.topic
        ),
    )
    return render(request, "practice/case.html", context)


SET_SIZE = 5
"""Cases in a set: after this many answers in one mode, the page sums the set up (issue 31, polish 15)."""
SET_KEY = "practice.set"


def _set_tally(request, mode: dict, scenario: Scenario, result) -> dict[str, object]:
    """This browser's running set in the current mode (kept in its session): how many answered, how many right,
    which were missed; ``done`` when the set is complete (the next answer starts a new one)."""
    key = urlencode(sorted(mode.items()))
    tally = request.session.get(SET_KEY) or {}
    if tally.get("mode") != key or tally.get("answered", 0) >= SET_SIZE:
        tally = {"mode": key, "answered": 0, "right": 0, "missed": []}
    tally["answered"] += 1
    if result.correct:
        tally["right"] += 1
    else:
        tally["missed"] = [*tally["missed"], [scenario.id, _scenario_title(scenario)]]
    request.session[SET_KEY] = tally
    missed = [
        {"title": title, "url": reverse("practice:case", args=[item])} for item, title in tally["missed"]
    ]
    return {
        "answered": tally["answered"],
        "right": tally["right"],
        "size": SET_SIZE,
        "done": tally["answered"] >= SET_SIZE,
        "missed": missed,
    }


def _case_context(scenario: Scenario, topic, difficulty, drill_slug) -> dict[str, object]:
    if drill_slug:
        continue_url = reverse("practice:drill", args=[drill_slug]) + "?" + urlencode({"after": scenario.id})
    else:
        query = _mode_query(topic, difficulty) | {"after": scenario.id}
        continue_url = reverse("practice:next") + "?" + urlencode(query)
    mode = _mode_query(topic, difficulty, drill_slug)
    return {
        "scenario": scenario,
        "title": _scenario_title(scenario),
        "topic_label": labels.topic_label(scenario.topic),
        "difficulty_label": labels.DIFFICULTY_LABELS.get(scenario.difficulty, scenario.difficulty),
        "situation_html": selectors.text_html(scenario.situation, scenario.edition),
        "questions": _questions(scenario),
        "continue_url": continue_url,
        "action_url": reverse("practice:case", args=[scenario.id])
        + ("?" + urlencode(mode) if mode else "")
        + "#verdict",
        "mode_label": _mode_label(topic, difficulty, drill_slug),
    }


def _tree_title(slug: str) -> str:
    """A tree's title in the page's language (its ``title_en`` on an English page)."""
    tree = selectors.trees().get(slug)
    if tree is None:
        return slug
    return (
        tree.title_en if (translation.get_language() or "").startswith("en") and tree.title_en else tree.title
    )


def _scenario_title(scenario: Scenario) -> str:
    """A generated drill is titled in the page's language (the core names it in Chinese); a bank case as written."""
    drill = drills.parse_drill_id(scenario.id)
    if drill is None:
        return scenario.title
    # the seed is the drill's address, not its name (issue 31, polish: "Revoke · drill 530999")
    return _("%(title)s · 生成练习") % {"title": _tree_title(drill[0])}


def _mode_label(topic, difficulty, drill_slug) -> str:
    if drill_slug:
        return _("生成练习：%(title)s") % {"title": _tree_title(drill_slug)}
    parts = [labels.topic_label(topic) if topic else _("综合")]
    if difficulty:
        parts.append(str(labels.DIFFICULTY_LABELS[difficulty]))
    return " · ".join(parts)


def _questions(scenario: Scenario, *, given=None, result=None) -> list[dict[str, object]]:
    """What the template shows for each question: options with their state after an answer."""
    out = []
    for question in scenario.questions:
        raw = (given or {}).get(question.id)
        chosen = set(raw if isinstance(raw, list) else [raw] if raw else [])
        mark = result.question(question.id) if result is not None else None
        expected = question.answer if isinstance(question.answer, tuple) else (question.answer,)
        options = []
        for option in question.options:
            state = ""
            if mark is not None:
                if option.key in expected:
                    state = "right"
                elif option.key in chosen:
                    state = "wrong"
            options.append(
                {
                    "key": option.key,
                    "html": selectors.inline_html(option.text),
                    "checked": option.key in chosen,
                    "state": state,
                }
            )
        out.append(
            {
                "id": question.id,
                "kind": question.kind,
                "prompt_html": selectors.inline_html(question.prompt),
                "options": options,
                "value": raw if question.kind == "number" and raw is not None else "",
                "mark": mark,
                "answer_text": _answer_text(question),
            }
        )
    return out


def _answer_text(question) -> str:
    if question.kind == "number":
        answer = question.answer
        return f"{answer:g}" if isinstance(answer, float) else str(answer)
    keys = question.answer if isinstance(question.answer, tuple) else (question.answer,)
    return "、".join(f"{key.upper()}. {question.option(key).text}" for key in keys)


def progress(request):
    learner = selectors.learner_from_request(request)
    rows = selectors.progress(learner, _edition(request))
    bank = selectors.scenarios()
    review = []
    for row in rows:
        for item in row.review:
            scenario = bank.get(item)
            if scenario is None and drills.parse_drill_id(item):
                try:
                    scenario = selectors.item_get(item)
                except Http404:
                    continue
            if scenario is not None:
                review.append(scenario)
    admin_of = []
    if request.user.is_authenticated:
        admin_of = [
            m.club
            for m in Membership.objects.filter(user=request.user, role=Role.CLUB_ADMIN).select_related("club")
        ]
    context = {
        "rows": rows,
        "learner": learner,
        "review": review,
        "attempts": sum(row.attempts for row in rows),
        "admin_of": admin_of,
    }
    return render(request, "practice/progress.html", context)


def club(request, club_id: int):
    """A club admin's view of the members' practice progress by topic (403 for anyone else)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    the_club = get_object_or_404(Club, pk=club_id)
    # Seeing the members' progress goes with managing them: the club's one role check decides.
    if not club_access(user=request.user, club=the_club, capability=Capability.MANAGE).allowed:
        message = _("只有本俱乐部的管理员可以查看成员的练习进度。")
        return render(request, "practice/forbidden.html", {"message": message}, status=403)
    members = list(club_members(club=the_club))
    by_user = selectors.progress_by_users([member.user_id for member in members], _edition(request))
    rows = []
    for member in members:
        topics = [by_user[member.user_id][topic] for topic in vocabulary.TOPICS]
        attempts = sum(row.attempts for row in topics)
        right = sum(row.right for row in topics)
        rows.append(
            {
                "member": member,
                "topics": topics,
                "attempts": attempts,
                "accuracy": round(100 * right / attempts) if attempts else None,
            }
        )
    context = {
        "club": the_club,
        "rows": rows,
        "topics": [labels.topic_label(topic) for topic in vocabulary.TOPICS],
    }
    return render(request, "practice/club.html", context)
