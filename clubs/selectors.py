"""Reads of the club rulings log (issue 7): clubs and roles, the filtered review list, statistics, a record's
history and its replay against the current tree."""

from __future__ import annotations

import dataclasses
import datetime
import operator
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import (
    BooleanField,
    Count,
    ForeignKey,
    Q,
    QuerySet,
    Sum,
    Window,
    prefetch_related_objects,
)
from django.db.models.expressions import RawSQL
from django.utils.translation import gettext as _

from bridge import EngineError
from bridge.trees import evaluate
from clubs import fulltext
from clubs.models import (
    OTHER_IRREGULARITY,
    ROLE_CAPABILITIES,
    Appeal,
    Capability,
    Club,
    Membership,
    ReviewComment,
    RulingCount,
    RulingRecord,
    RulingRevision,
)
from core import language
from core.errors import error_text
from laws.editions import info
from rulings.trees import all_trees, tree_editions, trees

User = get_user_model()


def membership_get(*, user, club: Club | int) -> Membership | None:
    if user is None or not user.is_authenticated:
        return None
    return Membership.objects.filter(user=user, club=club).select_related("club").first()


def club_list_for_user(*, user) -> QuerySet[Membership]:
    return Membership.objects.filter(user=user).select_related("club").order_by("club__name")


def user_get(*, pk: int | None = None, username: str | None = None):
    """A user by id or by username; None if there is none."""
    if pk is not None:
        return User.objects.filter(pk=pk).first()
    return User.objects.filter(username=username).first() if username else None


def club_directors(*, club: Club) -> QuerySet:
    """Members who may direct (record rulings): the choices of the record form's director field."""
    roles = [role for role, capabilities in ROLE_CAPABILITIES.items() if Capability.RECORD in capabilities]
    return User.objects.filter(memberships__club=club, memberships__role__in=roles).order_by("username")


def club_members(*, club: Club) -> QuerySet[Membership]:
    return Membership.objects.filter(club=club).select_related("user").order_by("role", "user__username")


def edition_choices() -> list[tuple[str, str]]:
    """(code, short name in the reader's language) for every edition that has decision trees."""
    english = language.english()
    return [(code, info(code).short_en if english else info(code).short) for code in tree_editions()]


def irregularity_choices() -> list[tuple[str, str]]:
    """(code, name in the reader's language) for every tree, then 其他."""
    return [(slug, _tree_title(tree)) for slug, tree in trees().items()] + [
        (OTHER_IRREGULARITY, _("其他违规"))
    ]


def _tree_title(tree) -> str:
    """A tree's title in the reader's language (its title_en in English)."""
    return tree.title_en if language.english() and tree.title_en else tree.title


def edition_counts(*, club: Club) -> dict[str, int]:
    """How many of the club's records each edition holds (an index-only count per edition)."""
    rows = RulingRecord.objects.filter(club=club).order_by().values_list("edition").annotate(n=Count("pk"))
    return dict(rows)


def irregularity_label(code: str) -> str:
    tree = trees().get(code) or next((t for t in all_trees() if t.slug == code), None)
    if tree is not None:
        return _tree_title(tree)
    return _("其他违规") if code == OTHER_IRREGULARITY else code


@dataclass(frozen=True)
class RulingFilters:
    """The review list's filters; every field optional."""

    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    director: int | None = None
    irregularity: str | None = None
    status: str | None = None
    text: str | None = None
    edition: str | None = None


# A text filter's total is counted to this many and no further when the text is all the filter is: past it the
# list says "1,000+" (the API: ``count`` = this and ``count_capped``), and its page walks the log's order testing
# each record, instead of taking every match first (issue 32: a common character matches a tenth of a log).
TEXT_COUNT_CAP = 1000


# A record and its place in the log's order, as the text index's probe reads it: (id, date, number); the log reads
# them greatest (date, number) first.
LogKey = tuple[int, datetime.date, int]


@dataclass(frozen=True)
class TextMatches:
    """What the text index finds for a text that is the list's only filter, asked for at most
    :data:`TEXT_COUNT_CAP` and one more: every match's id (``common`` False), or ``common`` — more than the cap,
    so the total is "more than the cap" and the page is read in the log's order (ids empty).

    ``keys``: every match's :data:`LogKey`, in the log's order, when the index gave them with the ids and nothing
    else the text finds (a director, an appellant, a number) adds to them — then these are all the records, their
    total and their pages known without asking the index again (empty otherwise)."""

    ids: tuple[int, ...]
    common: bool
    keys: tuple[LogKey, ...] = ()


def ruling_text_matches(*, club: Club, filters: RulingFilters | None) -> TextMatches | None:
    """The text index's matches when ``filters`` is a text alone (the other arms of the text filter — a director,
    an appellant, a number — only add to them); None with any other filter (counted exactly, as before) or when
    no index answers. :func:`ruling_list` takes them. On PostgreSQL a dense text is told common by a bounded walk
    of the newest records before the index is asked (:func:`_text_walk`)."""
    if filters is None or not (filters.text and filters.text.strip()):
        return None
    if dataclasses.replace(filters, text=None) != RulingFilters():
        return None
    text = filters.text.strip()
    walked = _text_walk(club=club, text=text)
    if walked is not None:
        if walked.keys and _other_arms(club=club, text=text):  # the keys are the texts' matches only
            return dataclasses.replace(walked, keys=())
        return walked
    probe = fulltext.probe_sql(connection, text=text, club_id=club.pk, limit=TEXT_COUNT_CAP + 1)
    if probe is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(*probe)
        rows = cursor.fetchall()
    if len(rows) > TEXT_COUNT_CAP:
        return TextMatches((), common=True)
    ids = tuple(int(row[0]) for row in rows)
    if not rows or len(rows[0]) < 3 or _other_arms(club=club, text=text):
        return TextMatches(ids, common=False)
    if isinstance(rows[0][1], str):  # a driver that hands dates over as text (Django's SQLite converts them)
        rows = [(pk, datetime.date.fromisoformat(day), number) for pk, day, number in rows]
    rows.sort(key=_LOG_ORDER, reverse=True)  # the rows as they are: a thousand tuples, sorted in place
    return TextMatches(ids, common=False, keys=tuple(rows))


_LOG_ORDER = operator.itemgetter(1, 2)


# The walk of a dense text goes this many samples' rows at most (a sample: the cap and one more records), and
# only for a text in at least one sampled record in TEXT_WALK_SAMPLES / 2 (then cap + 1 matches are expected
# within half the walk).
TEXT_WALK_SAMPLES = 30


def _text_walk(*, club: Club, text: str) -> TextMatches | None:
    """PostgreSQL: whether ``text`` is common, told by testing the club's newest records one by one (the order
    index, as a common text's page reads them) when that takes a bounded number of rows; None when it cannot (a
    rarer text: the index is asked) and on SQLite.

    The text index answers by bitmap, and the bitmap holds every match before the probe's LIMIT stops it
    (190,000 for a character in a fifth of a log of a million records); a dense text is told common sooner
    by the walk, and the walk does not grow with the log. First the newest cap + 1 records (the sample): when
    they are the whole club, their matches are the answer (the row test finds what the index finds,
    :func:`clubs.fulltext.row_test_sql`); when at least one in ``TEXT_WALK_SAMPLES / 2`` of them holds the
    text, the walk goes on until cap + 1 matches (common) or ``TEXT_WALK_SAMPLES`` samples' rows (None). A text
    is called common only when cap + 1 records were seen to hold it, so a count stays exact up to the cap."""
    sample = TEXT_COUNT_CAP + 1
    walked = fulltext.walk_sql(connection, text=text, club_id=club.pk, rows=sample)
    if walked is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(*walked)
        rows = cursor.fetchall()
        keys = tuple((int(pk), day, int(number)) for pk, day, number, hit in rows if hit)  # the log's order
        hits = tuple(key[0] for key in keys)
        if len(rows) < sample:  # the whole club, tested: its matches, with their places in the log's order
            return TextMatches(hits, common=False, keys=keys)
        if len(hits) == sample:
            return TextMatches((), common=True)
        if len(hits) * TEXT_WALK_SAMPLES < 2 * sample:  # too rare to find cap + 1 soon: the index
            return None
        walk = fulltext.walk_hits_sql(
            connection, text=text, club_id=club.pk, rows=sample * TEXT_WALK_SAMPLES, limit=sample
        )
        assert walk is not None  # PostgreSQL, as walk_sql
        cursor.execute(*walk)
        if len(cursor.fetchall()) == sample:
            return TextMatches((), common=True)
    return None


@dataclass(frozen=True)
class RulingSelection:
    """What the review list shows for ``filters``, the same for the API and the HTML list: the records, newest
    first, read as their text asks (:func:`ruling_text_matches`), and whether their total is capped — a common
    text alone, more than :data:`TEXT_COUNT_CAP` records: "1,000+" (the API's ``count_capped``)."""

    club: Club
    filters: RulingFilters
    records: QuerySet[RulingRecord]
    capped: bool
    # Every record's place in the log's order, when the text index gave them all (TextMatches.keys): the total
    # and the pages then come from here, not from another query that matches, sorts and counts them again.
    keys: tuple[LogKey, ...] | None = None

    def total(self) -> int:
        """The cap when ``capped``, else the exact total (:func:`ruling_total`; a text filter's counts the
        records it finds)."""
        if self.keys is not None:
            return len(self.keys)
        return TEXT_COUNT_CAP if self.capped else ruling_total(club=self.club, filters=self.filters)

    def ids_after(self, *, after: RulingRecord | None, offset: int, limit: int) -> list[int]:
        """With ``keys``: the ids of ``limit`` records from ``offset``, after ``after`` in the log's order (as
        :func:`ruling_after` and :func:`ruling_page` read them)."""
        assert self.keys is not None
        keys: Sequence[LogKey] = self.keys
        if after is not None:
            anchor = (after.date, after.number)
            keys = [key for key in keys if _LOG_ORDER(key) < anchor]
        return [key[0] for key in keys[offset : offset + limit]]

    def ids_before(self, *, before: RulingRecord, limit: int) -> list[int]:
        """With ``keys``: the ids of the ``limit`` records nearest before ``before``, nearest first (as
        :func:`ruling_before` reads them)."""
        assert self.keys is not None
        anchor = (before.date, before.number)
        nearer = [key[0] for key in reversed(self.keys) if _LOG_ORDER(key) > anchor]
        return nearer[:limit]


def ruling_selection(*, club: Club, filters: RulingFilters | None = None) -> RulingSelection:
    """The review list's records for ``filters`` (one path for the API and the HTML list): a common text alone is
    capped and its pages walk the log's order; any other filter is counted exactly, as before."""
    filters = filters or RulingFilters()
    matches = ruling_text_matches(club=club, filters=filters)
    if matches is not None and matches.keys:
        # Every match is known, in order; the queryset, for other readers, is the index's matches (nothing else
        # finds any here; the walk's row test finds the same records) — not the thousand ids, whose lookup Django
        # would prepare one by one.
        indexed = fulltext.match_sql(connection, text=(filters.text or "").strip(), club_id=club.pk)
        assert indexed is not None  # keys come from the probe of this index or from PostgreSQL's walk
        records = _listed(club).filter(pk__in=RawSQL(*indexed)).order_by("-date", "-number")
        return RulingSelection(club, filters, records, capped=False, keys=matches.keys)
    records = ruling_list(club=club, filters=filters, matches=matches)
    return RulingSelection(club, filters, records, capped=bool(matches and matches.common))


def _listed(club: Club) -> QuerySet[RulingRecord]:
    return RulingRecord.objects.filter(club=club).select_related("director", "appeal")


def ruling_list(
    *, club: Club, filters: RulingFilters | None = None, matches: TextMatches | None = None
) -> QuerySet[RulingRecord]:
    """The club's records ``filters`` select, newest first. ``matches`` (:func:`ruling_text_matches` of the same
    filters) says whether the text is common: then it is tested on each record as the log's order index is
    walked, so a page costs its own records and the few skipped between them, not every match; otherwise the
    matches are taken first from the index (a thousand at most when the text is the only filter; listing the
    probe's ids in the query instead was slower on SQLite). The same records either way."""
    filters = filters or RulingFilters()
    # Not the club: it is known, and joining it let SQLite's planner start from the club table and sort.
    records = _listed(club)
    if filters.date_from:
        records = records.filter(date__gte=filters.date_from)
    if filters.date_to:
        records = records.filter(date__lte=filters.date_to)
    records = _by_kind(records, filters)
    if filters.edition:
        records = records.filter(edition=filters.edition)
    if filters.text:
        text = filters.text.strip()
        if text:
            if matches is not None and matches.common:
                sql, params = _text_test_sql(club=club, text=text)
                records = records.filter(RawSQL(sql, params, output_field=BooleanField()))
            else:
                sql, params = _text_match_sql(club=club, text=text)
                records = records.filter(pk__in=RawSQL(sql, params))
    return records.order_by("-date", "-number")


def _by_kind(rows: QuerySet, filters: RulingFilters) -> QuerySet:
    """The filters records and their kept counts share (the same columns on both): director, irregularity,
    status."""
    if filters.director:
        rows = rows.filter(director_id=filters.director)
    if filters.irregularity:
        rows = rows.filter(irregularity=filters.irregularity)
    if filters.status:
        rows = rows.filter(status=filters.status)
    return rows


_ESCAPE = " ESCAPE '\\'"


def _text_match_sql(*, club: Club, text: str) -> tuple[str, list]:
    """The ids of the club's records that ``text`` finds, as one UNION of indexed look-ups (a subquery PostgreSQL
    and SQLite plan on their own, then join by id): the texts through the free-text index (clubs.fulltext), the
    director's username, the appellant, and a number typed as a board or a record number."""
    table = RulingRecord._meta.db_table
    indexed = fulltext.match_sql(connection, text=text, club_id=club.pk)
    if indexed is not None:
        arms = [indexed]
    else:  # SQLite, one or two characters with punctuation or a space: no index can answer, so a scan
        where = " OR ".join(f'"{column}" LIKE %s{_ESCAPE}' for column in fulltext.TEXT_COLUMNS)
        arms = [
            (
                f"SELECT id FROM {table} WHERE club_id = %s AND ({where})",
                [club.pk] + [fulltext.like_pattern(text)] * 5,
            )
        ]
    arms += _other_arms(club=club, text=text)
    sql = " UNION ALL ".join(arm for arm, _params in arms)
    if connection.vendor == "postgresql":
        # The matches first, from their indexes, then the log's order over them: without the fence PostgreSQL
        # at a million records walked the club's order index and tested each row's text (5.4 s for 10,000
        # matches); a materialised CTE is planned on its own.
        sql = f"WITH matches AS MATERIALIZED ({sql}) SELECT id FROM matches"
    return sql, [param for _arm, params in arms for param in params]


def _other_arms(*, club: Club, text: str) -> list[tuple[str, list]]:
    """What else ``text`` finds beside the records' texts: the director by username, the appellant, a number
    typed as a board or a record number. Each a SELECT of record ids with its parameters."""
    table = RulingRecord._meta.db_table
    arms: list[tuple[str, list]] = []
    # The directors and appeals the text names are looked up first (few rows, small tables), so the union holds
    # only arms that find something: the planner then expects the few matches there are and joins by id, where
    # an arm it cannot estimate would make it scan the club's records.
    directors = list(User.objects.filter(username__icontains=text).values_list("pk", flat=True)[:200])
    if directors:
        marks = ", ".join(["%s"] * len(directors))
        arms.append(
            (f"SELECT id FROM {table} WHERE club_id = %s AND director_id IN ({marks})", [club.pk, *directors])
        )
    if Appeal.objects.filter(record__club=club, appellant__icontains=text).exists():
        arms.append(
            (
                f"SELECT record_id FROM {Appeal._meta.db_table} WHERE UPPER(appellant) LIKE UPPER(%s){_ESCAPE}",
                [fulltext.like_pattern(text)],
            )
        )
    if text.isascii() and text.isdigit() and len(text) <= 9:
        arms.append(
            (
                f"SELECT id FROM {table} WHERE club_id = %s AND (board = %s OR number = %s)",
                [club.pk, int(text), int(text)],
            )
        )
    return arms


def _text_test_sql(*, club: Club, text: str) -> tuple[str, list]:
    """A condition on one record, true when ``text`` finds it — the same records as :func:`_text_match_sql`, for
    a plan that walks the log's order index and tests each record it meets (``common`` text)."""
    test, params = fulltext.row_test_sql(
        connection, text=text, club_id=club.pk, table=RulingRecord._meta.db_table
    )
    others = _other_arms(club=club, text=text)
    if others:
        test += (
            f' OR "{RulingRecord._meta.db_table}"."id" IN ({" UNION ALL ".join(arm for arm, _ in others)})'
        )
        params += [param for _arm, arm_params in others for param in arm_params]
    return f"({test})", params


def ruling_before(*, records: QuerySet[RulingRecord], before: RulingRecord) -> QuerySet[RulingRecord]:
    """Keyset pagination backwards: the records that come before ``before`` in the log's order, nearest first
    (date, then number, both ascending) — the previous page is the first of them, reversed. A range on the
    (club, date, number) index, read the other way."""
    return records.filter(
        Q(date__gt=before.date) | Q(date=before.date, number__gt=before.number), date__gte=before.date
    ).order_by("date", "number")


def ruling_after(*, records: QuerySet[RulingRecord], after: RulingRecord) -> QuerySet[RulingRecord]:
    """Keyset pagination: the records that come after ``after`` in the log's order (newest first: date, then
    number, both descending). A range on the (club, date, number) index, however deep the page."""
    return records.filter(
        Q(date__lt=after.date) | Q(date=after.date, number__lt=after.number), date__lte=after.date
    )


def ruling_page(*, records: QuerySet[RulingRecord], offset: int, limit: int) -> list[RulingRecord]:
    """``limit`` records from ``offset``: the ids first (read from the index alone), then those rows, so a deep
    offset walks index entries rather than whole rows."""
    return _rows(records, list(records.values_list("pk", flat=True)[offset : offset + limit]))


def ruling_page_counted(
    *, records: QuerySet[RulingRecord], offset: int, limit: int
) -> tuple[list[RulingRecord], int | None]:
    """:func:`ruling_page` and how many records ``records`` holds in all, from the same query (a window count):
    for a text filter, whose matches no kept count knows, so the text is matched once, not once more to count.
    The total is None when the page is empty (the window saw no row)."""
    window = records.annotate(total=Window(Count("pk"))).values_list("pk", "total")
    found = list(window[offset : offset + limit])
    total = found[0][1] if found else None
    return _rows(records, [pk for pk, _total in found]), total


def _rows(records: QuerySet[RulingRecord], ids: list[int]) -> list[RulingRecord]:
    related = records.query.select_related
    return ruling_rows(ids=ids, appeal=related is True or (isinstance(related, dict) and "appeal" in related))


def ruling_rows(*, ids: list[int], appeal: bool = True) -> list[RulingRecord]:
    """The records ``ids``, in that order, with their appeal (``appeal``: the few there are, by a query of their
    own rather than an empty join on every row) and the people they name (:func:`ruling_people`): a page of the
    log, read by id."""
    if not ids:
        return []
    rows = RulingRecord.objects.filter(pk__in=ids).order_by()  # put in order here, not by a sort in SQL
    by_id = {row.pk: row for row in rows}
    records = [by_id[pk] for pk in ids if pk in by_id]
    if appeal:
        prefetch_related_objects(records, "appeal")
    return ruling_people(records=records)


def ruling_people(*, records: list[RulingRecord]) -> list[RulingRecord]:
    """A page's directors, recorders and reviewers by name (username, first and last name): one query for the
    handful of people a page names, instead of a whole user row joined to every record or a query a role."""
    links: list[ForeignKey] = [
        RulingRecord.director.field,
        RulingRecord.created_by.field,
        RulingRecord.signed_off_by.field,
    ]
    wanted = {getattr(record, link.attname) for record in records for link in links} - {None}
    people = User.objects.only("id", "username", "first_name", "last_name").filter(pk__in=wanted)
    by_id = {person.pk: person for person in people} if wanted else {}
    for record in records:
        for link in links:
            key = getattr(record, link.attname)
            link.set_cached_value(record, by_id.get(key) if key is not None else None)
    return records


def ruling_get(*, club: Club, number: int) -> RulingRecord | None:
    return (
        RulingRecord.objects.filter(club=club, number=number)
        .select_related("director", "created_by", "signed_off_by", "club")
        .first()
    )


def ruling_revisions(*, record: RulingRecord) -> QuerySet[RulingRevision]:
    return record.revisions.select_related("author").order_by("number")


def ruling_comments(*, record: RulingRecord) -> QuerySet[ReviewComment]:
    return record.comments.select_related("author")


def ruling_revisions_since(*, record: RulingRecord, version: int) -> QuerySet[RulingRevision]:
    """The changes made after ``version``: what an editor who started from ``version`` has not seen."""
    return record.revisions.select_related("author").filter(number__gt=version).order_by("number")


STATS_MONTHS_MAX = 36


@dataclass
class Statistics:
    """Irregularities by type and month: ``counts[(code, month)]``, with the totals each way."""

    months: list[datetime.date] = field(default_factory=list)
    # Beyond STATS_MONTHS_MAX months the buckets are years (1 January of each), labelled by year.
    by_year: bool = False
    kinds: list[str] = field(default_factory=list)
    counts: dict[tuple[str, datetime.date], int] = field(default_factory=dict)
    by_kind: Counter = field(default_factory=Counter)
    by_month: Counter = field(default_factory=Counter)

    def label(self, bucket: datetime.date) -> str:
        return str(bucket.year) if self.by_year else f"{bucket.year}-{bucket.month:02d}"

    @property
    def total(self) -> int:
        return sum(self.by_kind.values())

    def rows(self) -> list[dict]:
        """One row per type: its label, its count per month, its total (for the table under the chart)."""
        return [
            {
                "code": kind,
                "label": irregularity_label(kind),
                "counts": [self.counts.get((kind, month), 0) for month in self.months],
                "total": self.by_kind[kind],
            }
            for kind in self.kinds
        ]


def _record_counts(records: QuerySet[RulingRecord]) -> Counter:
    """``{(irregularity, first of the month): records}`` counted from the records themselves: one row per type
    and day from the database, the months summed here (no per-row date function; SQLite's is Python)."""
    rows = records.order_by().values_list("irregularity", "date").annotate(n=Count("pk")).order_by()
    counts: Counter = Counter()
    for kind, date, n in rows:
        if isinstance(date, datetime.datetime):
            date = date.date()
        counts[(kind, date.replace(day=1))] += n
    return counts


def _month_end(day: datetime.date) -> datetime.date:
    if day.month == 12:
        return day.replace(day=31)
    return day.replace(month=day.month + 1, day=1) - datetime.timedelta(days=1)


def _date_split(
    low: datetime.date | None, high: datetime.date | None
) -> tuple[
    tuple[datetime.date | None, datetime.date | None] | None, list[tuple[datetime.date, datetime.date]]
]:
    """A date range as the months it holds whole (``(from, to)`` bounds on a month's first day, None for no
    bound; None when it holds no whole month) and the parts of months it holds in part."""
    partial: list[tuple[datetime.date, datetime.date]] = []
    whole_from, whole_to = low, high
    if low and low.day != 1:
        end = _month_end(low)
        partial.append((low, min(high, end) if high else end))
        if end == datetime.date.max:
            return None, partial
        whole_from = end + datetime.timedelta(days=1)
    if high and high != _month_end(high):
        first = high.replace(day=1)
        if not (partial and low and low.replace(day=1) == first):  # not the month the head already counts
            partial.append((max(low, first) if low else first, high))
        if first == datetime.date.min:
            return None, partial
        whole_to = first - datetime.timedelta(days=1)
    if whole_from and whole_to and whole_from > whole_to:
        return None, partial
    return (whole_from, whole_to), partial


def ruling_counts(*, club: Club, filters: RulingFilters | None = None) -> Counter:
    """``{(irregularity, first of the month): records}`` of the records ``filters`` select.

    Read from the counts the database keeps (clubs.counts: a few rows per month, however many records) for every
    month the date range holds whole; a range that starts or ends inside a month counts that month's records in
    it, and a text filter (which no count can know) counts the records it finds."""
    filters = filters or RulingFilters()
    if (filters.text and filters.text.strip()) or filters.edition:
        # The kept counts have no edition column: an edition's counts come from its records (an index of its own).
        return _record_counts(ruling_list(club=club, filters=filters))
    low, high = filters.date_from, filters.date_to
    counts: Counter = Counter()
    if low and high and low > high:
        return counts
    whole, partial = _date_split(low, high)
    if whole is not None:
        kept = RulingCount.objects.filter(club=club)
        if whole[0]:
            kept = kept.filter(month__gte=whole[0])
        if whole[1]:
            kept = kept.filter(month__lte=whole[1])
        kept = _by_kind(kept, filters)
        for kind, month, n in kept.order_by().values_list("irregularity", "month").annotate(total=Sum("n")):
            if isinstance(month, datetime.datetime):
                month = month.date()
            counts[(kind, month)] += n
    for start, end in partial:
        edge = dataclasses.replace(filters, date_from=start, date_to=end)
        counts.update(_record_counts(ruling_list(club=club, filters=edge)))
    return +counts


def ruling_total(*, club: Club, filters: RulingFilters | None = None) -> int:
    """How many records ``filters`` select: the list's total, from the kept counts (:func:`ruling_counts`); a text
    filter's from the records it finds."""
    if filters and ((filters.text and filters.text.strip()) or filters.edition):
        return ruling_list(club=club, filters=filters).count()
    return sum(ruling_counts(club=club, filters=filters).values())


def ruling_statistics(*, club: Club, filters: RulingFilters | None = None) -> Statistics:
    stats = Statistics()
    counts = ruling_counts(club=club, filters=filters)
    if not counts:
        return stats
    first = min(month for _, month in counts)
    last = max(month for _, month in counts)
    # Months as whole numbers (year × 12 + month), so the span's end (December 9999) never overflows a date.
    first_index, last_index = first.year * 12 + first.month - 1, last.year * 12 + last.month - 1
    if last_index - first_index + 1 <= STATS_MONTHS_MAX:
        # every month in the span, so a quiet month shows as a gap, not a skip
        stats.months = [datetime.date(i // 12, i % 12 + 1, 1) for i in range(first_index, last_index + 1)]
    else:
        stats.by_year = True
        yearly: Counter = Counter()
        for (kind, month), count in counts.items():
            yearly[(kind, datetime.date(month.year, 1, 1))] += count
        counts = yearly
        if last.year - first.year + 1 <= STATS_MONTHS_MAX:
            stats.months = [datetime.date(year, 1, 1) for year in range(first.year, last.year + 1)]
        else:  # legacy dates centuries apart: only the years there are
            stats.months = sorted({year for _, year in counts})
    for (kind, month), count in counts.items():
        stats.by_kind[kind] += count
        stats.by_month[month] += count
    order = [code for code, _ in irregularity_choices()]
    stats.kinds = sorted(stats.by_kind, key=lambda kind: (order.index(kind) if kind in order else 99, kind))
    stats.counts = dict(counts)
    return stats


@dataclass(frozen=True)
class Replay:
    """The record's facts evaluated with the tree as it is now, beside the ruling as it was given."""

    tree_version: int | None
    same: bool
    outcome: Mapping | None = None
    laws: tuple[str, ...] = ()
    error: str | None = None


def ruling_replay(*, record: RulingRecord) -> Replay | None:
    """None for an irregularity without a tree or a walk not finished when it was recorded."""
    tree = trees(record.edition).get(record.irregularity)
    if tree is None or record.outcome is None:
        return None
    try:
        evaluation = evaluate(tree, record.facts)
    except EngineError as exc:
        return Replay(tree.version, False, error=error_text(exc))  # shown on the page, in its language
    if evaluation.ruling is None:
        question = language.pick(evaluation.question.text) if evaluation.question else ""
        return Replay(tree.version, False, error=_("当前的决策树还需要回答：%(q)s") % {"q": question})
    data = evaluation.ruling.as_dict()
    given_laws = data.pop("laws")
    laws = tuple(str(law) for law in given_laws) if isinstance(given_laws, (list, tuple)) else ()
    given = {key: value for key, value in record.outcome.items() if key != "script"}
    now = {key: value for key, value in data.items() if key != "script"}
    return Replay(tree.version, given == now and list(laws) == list(record.laws), data, laws)
