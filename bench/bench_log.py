"""Time the club rulings log as it grows (issues 20 and 32): each figure at every size, on SQLite and on
PostgreSQL, with its ratio to the first size. `make bench` runs it; so can ``python bench/bench_log.py``. Prints one
line per database, figure and size:

    log[<sqlite|postgresql>] <figure> <N>: <median> ms (runs <a> <b> <c>); <ratio>× <first N>

* list: the API's first page (``GET /api/clubs/<id>/rulings/``, 50 records, with ``count``).
* list_q: the same with ``q=<a phrase>`` of four characters found in 1% of the records' notes (the trigram
  index); list_q2: ``q=9墩`` (two characters, 7.7% of the records: the gram index, issue 32); list_q1: ``q=癸``
  (one character, 10%). list_q_full: list_q with ``limit=10``, a page full at every size (the phrase finds 10
  records at 1k), so its ratio is the filter's alone — list_q's page holds 10 records at 1k and 50 from 5k on, and
  its ratio carries the 40 more records' reading and serialising (issue 32, third pass).
* deep: the page 90% down the log, read the way the API's ``next`` link reads it (``after=<number>``, keyset).
  ``BENCH_LOG_EXTRA=1`` adds ``deep_offset`` (the same page by ``offset``).
* html_list / html_deep: the HTML list's first page and its page 90% down (``after=``, keyset; the bench checks it
  holds the API's 50 records). html_q / html_q1: the HTML list's first page with list_q's phrase and with ``癸``.
* stats: the statistics page (``/clubs/<id>/rulings/stats/``: the chart and its table).
* admin_records / admin_revisions: the site admin's change lists of RulingRecord and RulingRevision, unfiltered,
  signed in as a superuser.
* csv_first_byte: the CSV export (streamed) until its first chunk is in hand.
* csv_whole (wall ms), csv_whole_cpu and csv_peak_rss (MB): the whole club's CSV read to its end in a process of
  its own (every row checked to be there), and how far that process's peak RSS (``ru_maxrss``) rose over it.

A figure is the median of BENCH_LOG_RUNS (3) runs, each a fresh process; within a run, the median CPU time of 5
requests after one warm-up, through Django's test client (the whole middleware stack, signed in, no network). CPU
is this process's plus, on PostgreSQL, the server backend's (read from ``/proc/<pid>/schedstat``; one connection
kept for the run), so a loaded machine inflates it far less than the wall clock.

Sizes: BENCH_LOG_SIZES (default 1000,10000, a few minutes; ``BENCH_LOG_SIZES=1000,100000`` or ``…,1000000`` for the
issue-32 goals, whose databases take minutes to hours to generate the first time). Databases:
BENCH_LOG_DATABASES (default ``sqlite,postgresql``; PostgreSQL only if one is installed, otherwise it says so).
PostgreSQL is ``DATABASE_URL`` when it names one, else the bench's own server (bench/pgcluster.py: data kept in
``var/bench/pg``); each size is a scratch database ``caipan_bench_log_<N>_<schema>`` there; SQLite's is a file
``var/bench/log-<N>-<schema>.sqlite3``. Both are reused while the clubs migrations and this generator are
unchanged. Records: the first SAMPLE are written through the services (ruling_create, appeal_lodge, sign-off);
the rest are bulk_create copies of their shapes (fields, ruling, adjustment, status, one ``created`` revision each
with its changes), numbered on, dated over three years, their statement and notes with the HTML the services store
beside them (rendered once per distinct text; generator 1 left it empty, so every read of a copy took the escaping
fallback, laws.rendering.stored_html, which no record the site writes takes).

A federation: ``BENCH_LOG_CLUBS=50`` spreads each size over 50 clubs (``100000``: 2,000 records each, every club
with its own directors); the first club, the measured one, gets the SAMPLE written through the services, the other
49 bulk copies of its shapes. The figures are that one club's (its list, filters, pages, statistics and CSV), and
the run checks the list's count and a text filter's count are the club's own, not the federation's. Its scratch
databases are ``…_<N>c<clubs>_…`` (``log-<N>c<clubs>-<schema>.sqlite3``).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1_000, 10_000)  # BENCH_LOG_SIZES=1000,100000 (or 1000000) for the issue-32 goals
SAMPLE = 300
ROUNDS = 5
GENERATOR_VERSION = "2"  # 2: the copies carry their texts' stored HTML
UNITS = ("ms", "MB")
FIGURE_UNITS = {"csv_peak_rss": "MB"}
BENCH_DIR = ROOT / "var" / "bench"
# 100 distinct four-character phrases; record i's notes carry phrase i % 100, so a phrase finds 1% of the log.
_A = "甲乙丙丁戊己庚辛壬癸"
PHRASES = [f"{_A[i // 10]}{_A[i % 10]}号桌" for i in range(100)]


def schema_key() -> str:
    digest = hashlib.sha256(GENERATOR_VERSION.encode())
    for path in sorted((ROOT / "clubs" / "migrations").glob("0*.py")):
        digest.update(path.name.encode() + path.read_bytes())
    return digest.hexdigest()[:10]


def clubs() -> int:
    """How many clubs share each size (BENCH_LOG_CLUBS, default 1: one club holds the whole log)."""
    count = int(os.environ.get("BENCH_LOG_CLUBS", "1") or 1)
    if count < 1:
        raise ValueError(f"BENCH_LOG_CLUBS={count}: at least 1")
    return count


def club_size(size: int) -> int:
    """The records of the measured club when ``size`` is spread over clubs()."""
    return size // clubs()


def size_key(size: int) -> str:
    return str(size) if clubs() == 1 else f"{size}c{clubs()}"


def sizes() -> tuple[int, ...]:
    raw = os.environ.get("BENCH_LOG_SIZES", "")
    return tuple(int(word) for word in raw.replace(",", " ").split()) or SIZES


def databases() -> list[str]:
    """sqlite and postgresql by default (postgresql when a server is installed); BENCH_LOG_DATABASES narrows."""
    from pgcluster import pg_bin

    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return ["postgresql"]
    wanted = os.environ.get("BENCH_LOG_DATABASES", "sqlite,postgresql").replace(",", " ").split()
    if "postgresql" in wanted and pg_bin() is None:
        print("(log: no PostgreSQL installed: SQLite only)", flush=True)
        wanted.remove("postgresql")
    return wanted


def main() -> int:
    status = 0
    for vendor in databases():
        with database(vendor) as url:
            env = (
                {**os.environ, "DATABASE_URL": url}
                if url
                else {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
            )
            status = bench_database(vendor, env) or status
    return status


@contextlib.contextmanager
def database(vendor: str):
    """The base URL the children use: DATABASE_URL if it names PostgreSQL, else the bench's own server; "" for
    SQLite (scratch files under var/bench)."""
    url = os.environ.get("DATABASE_URL", "")
    if vendor == "sqlite":
        yield ""
    elif url.startswith(("postgres://", "postgresql://")):
        yield url
    else:
        from pgcluster import server

        with server() as started:
            yield started


def child(env: dict, *args: str) -> tuple[int, dict[str, float]]:
    """Run this script with ``args``; echo what it prints except figures; return its status and figures."""
    result = subprocess.run(
        [sys.executable, __file__, *args], cwd=ROOT, stdout=subprocess.PIPE, text=True, env=env
    )
    figures = {}
    for line in result.stdout.splitlines():
        words = line.split()
        if len(words) == 5 and words[0] == "log" and words[4] in UNITS:
            figures[words[1]] = float(words[3])
        else:
            print(line, flush=True)
    return result.returncode, figures


def bench_database(vendor: str, env: dict) -> int:
    runs = int(os.environ.get("BENCH_LOG_RUNS", "3"))
    all_sizes = sizes()
    print(
        f"(log: {vendor}; sizes {', '.join(map(str, all_sizes))}; median of {runs} runs; "
        f"scratch databases keyed {schema_key()})",
        flush=True,
    )
    if clubs() > 1:
        print(f"(log: each size spread over {clubs()} clubs; the figures are one club's)", flush=True)
    status = 0
    medians: dict[int, dict[str, float]] = {}
    for size in all_sizes:
        code, _ = child(env, "--build", str(size))
        status = status or code
        if code:
            continue
        per_run: dict[str, list[float]] = {}
        for _run in range(runs):
            for mode in ("--measure", "--csv"):
                code, figures = child(env, mode, str(size))
                status = status or code
                for name, value in figures.items():
                    per_run.setdefault(name, []).append(value)
        medians[size] = {name: statistics.median(values) for name, values in per_run.items()}
        first = all_sizes[0]
        for name, value in medians[size].items():
            unit = FIGURE_UNITS.get(name, "ms")
            runs_text = " ".join(f"{v:.1f}" for v in per_run[name])
            line = f"log[{vendor}] {name} {size}: {value:.1f} {unit} (runs {runs_text})"
            base = medians.get(first, {}).get(name)
            if size != first and base:
                line += f"; {value / base:.2f}× {first}"
            print(line, flush=True)
    return status


def scratch_url(size: int) -> str:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        base, _slash, _name = url.rpartition("/")
        return f"{base}/caipan_bench_log_{size_key(size)}_{schema_key()}"
    BENCH_DIR.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{BENCH_DIR / f'log-{size_key(size)}-{schema_key()}.sqlite3'}"


def pg_prepare(url: str) -> bool:
    """Create the scratch database if it is missing; True if it was (and so must be filled)."""
    import psycopg

    base, _slash, name = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        if conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            done = True
            try:
                with psycopg.connect(url) as db:
                    done = bool(db.execute("SELECT 1 FROM bench_log_done").fetchone())
            except psycopg.Error:
                done = False
            if done:
                return False
            conn.execute(f'DROP DATABASE "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')
    return True


def django_setup(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def build(size: int) -> None:
    """Generate the scratch database of ``size`` records unless a complete one is kept."""
    url = scratch_url(size)
    sqlite_path = Path(url.removeprefix("sqlite:///")) if url.startswith("sqlite") else None
    building = None
    if sqlite_path is not None:
        fresh = not sqlite_path.exists()
        if fresh:  # build into a side file; renamed when complete, so a cut-short run leaves no half cache
            building = sqlite_path.with_suffix(".building")
            building.unlink(missing_ok=True)
            url = f"sqlite:///{building}"
    else:
        fresh = pg_prepare(url)
    if not fresh:
        return
    django_setup(url)
    from django.core.management import call_command
    from django.db import connection

    started = time.perf_counter()
    call_command("migrate", verbosity=0)
    generate(size)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("VACUUM ANALYZE")  # what autovacuum does after a bulk load: stats, visibility map
            cursor.execute("CREATE TABLE bench_log_done (done int)")
            cursor.execute("INSERT INTO bench_log_done VALUES (1)")
        else:
            cursor.execute("ANALYZE")
    connection.close()
    if building is not None:
        building.rename(sqlite_path)
    spread = f" over {clubs()} clubs" if clubs() > 1 else ""
    print(f"(log: {size} records{spread} generated in {time.perf_counter() - started:.0f} s)", flush=True)


def generate(size: int) -> None:
    import datetime

    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.utils import timezone

    from clubs import services
    from clubs.models import Action, Club, Role, RulingRecord, RulingRevision, Status
    from clubs.services.common import as_json, present, user_html

    rendered = functools.lru_cache(maxsize=None)(user_html)  # what the services store, once per distinct text

    user_model = get_user_model()

    def club_with_directors(name: str, prefix: str):
        club = services.club_create(name=name)
        directors = []
        for k in range(6):
            user = user_model.objects.create_user(username=f"{prefix}director{k}", password="bench-password")
            services.membership_set(club=club, user=user, role=Role.DIRECTOR if k else Role.CHIEF_DIRECTOR)
            directors.append(user)
        return club, directors

    club, directors = club_with_directors("基准俱乐部", "")
    chief = directors[0]
    per_club = club_size(size)
    start = datetime.date(2024, 1, 1)
    span = 3 * 365
    ib = {
        "inadvertent_corrected_at_once": False,
        "after_final_pass": False,
        "offender_obliged_to_pass": False,
        "in_rotation": True,
        "accepted": False,
        "replacement": "pass",
    }
    shapes = [
        {"irregularity": "insufficient-bid", "facts": ib, "status": Status.FINAL},
        {"irregularity": "revoke", "facts": {"established": False, "revoker": "dummy"}},
        {"irregularity": "other", "laws": ["16A", "73C"], "status": Status.FINAL},
        {"irregularity": "insufficient-bid", "facts": {"in_rotation": True}},
    ]

    def fields(i: int) -> dict:
        return {
            "event": f"第{i // 400 + 1}届周二双人赛",
            "date": start + datetime.timedelta(days=i * span // per_club),
            "session": f"第{i % 3 + 1}节",
            "board": i % 36 + 1,
            "table": str(i % 24 + 1),
            "statement": f"第{i % 36 + 1}副牌，庄家打出第{i % 13 + 1}墩后，防守方提出异议。" * 2,
            "notes": f"备注：{PHRASES[i % 100]}，已向双方宣布。",
        }

    sample = min(SAMPLE, per_club)
    for i in range(sample):
        shape = shapes[i % len(shapes)]
        record = services.ruling_create(club=club, by=directors[1 + i % 5], **shape, **fields(i))
        if record.status == Status.FINAL and i % 10 == 0:
            services.appeal_lodge(record=record, by=chief, appellant=f"南北 选手{i}", reason="认为裁决不当")
        elif record.status == Status.FINAL and i % 10 == 4:
            services.ruling_sign_off(record=record, by=chief)
    models = list(RulingRecord.objects.filter(club=club).select_related("director").order_by("number"))
    copied = (
        "irregularity facts outcome laws edition tree_version adjustment adjustment_result status "
        "signed_off_by_id signed_off_at called_by"
    ).split()
    now = timezone.now()

    def copies(club, directors, number: int) -> None:
        """Records number+1 … per_club of ``club``: bulk copies of the sample's shapes, a revision each."""
        batch = 2000
        for chunk_start in range(number, per_club, batch):
            copies_batch(club, directors, range(chunk_start, min(per_club, chunk_start + batch)))
        Club.objects.filter(pk=club.pk).update(last_ruling_number=per_club)

    def copies_batch(club, directors, positions: range) -> None:
        records = []
        for i in positions:
            model = models[i % len(models)]
            values = {name: getattr(model, name) for name in copied}
            if values["status"] == Status.APPEALED:
                values["status"] = Status.FINAL  # the appeal stays with the sample record
            if values["signed_off_by_id"] is not None:
                values["signed_off_by_id"] = directors[0].pk  # the club's own chief director
            number = i + 1
            texts = fields(i)
            records.append(
                RulingRecord(
                    club=club,
                    number=number,
                    version=1,
                    director=directors[1 + i % 5],
                    created_by=directors[1 + i % 5],
                    created_at=now,
                    updated_at=now,
                    statement_html=rendered(texts["statement"]),
                    notes_html=rendered(texts["notes"]),
                    **values,
                    **texts,
                )
            )
        with transaction.atomic():
            RulingRecord.objects.bulk_create(records)
            revisions = []
            for record in records:
                names = [
                    "event",
                    "date",
                    "session",
                    "board",
                    "table",
                    "director",
                    "called_by",
                    "irregularity",
                ]
                names += ["facts", "laws", "statement", "notes", "adjustment", "status", "outcome", "edition"]
                names += ["tree_version", "adjustment_result"]
                changes = {
                    name: {"old": None, "new": as_json(getattr(record, name))}
                    for name in names
                    if present(getattr(record, name))
                }
                revisions.append(
                    RulingRevision(
                        record=record,
                        number=1,
                        action=Action.CREATED,
                        author=record.director,
                        changes=changes,
                    )
                )
            RulingRevision.objects.bulk_create(revisions)

    copies(club, directors, sample)
    for k in range(2, clubs() + 1):  # the federation's other clubs (BENCH_LOG_CLUBS)
        other, theirs = club_with_directors(f"基准俱乐部{k}", f"c{k}-")
        copies(other, theirs, 0)


def backend_cpu():
    """A function giving the CPU seconds used so far by the PostgreSQL backend that serves this process (its
    ``/proc/<pid>/schedstat``, in ns: the server runs on this machine), or 0 with SQLite, whose work is in this
    process's own time. The connection is kept across requests for this (as CONN_MAX_AGE does in service)."""
    from django.db import connection

    connection.settings_dict["CONN_MAX_AGE"] = (
        None  # one connection for the whole run: no close between requests
    )
    connection.close_at = None
    if connection.vendor != "postgresql":
        return lambda: 0.0
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    stat = Path(f"/proc/{pid}/schedstat")
    if not stat.exists():
        print("(log: the server's CPU is not readable here: the client's CPU only)", flush=True)
        return lambda: 0.0

    def used() -> float:
        if connection.connection is None or not stat.exists():
            raise RuntimeError("the bench's database connection was closed between requests")
        return int(stat.read_text().split()[0]) / 1e9

    return used


def timed(fn, server=lambda: 0.0) -> float:
    """The median CPU time of ROUNDS calls after a warm-up, in ms: this process's CPU (the whole request, and with
    SQLite the database's work too) plus the PostgreSQL backend's, which other work on a shared machine does not
    inflate as it does the wall clock."""
    fn()  # warm-up
    times = []
    for _ in range(ROUNDS):
        started, started_server = time.process_time(), server()
        fn()
        times.append((time.process_time() - started + server() - started_server) * 1000)
    return statistics.median(times)


def signed_in(username: str):
    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    client.force_login(get_user_model().objects.get(username=username))
    return client


def measure(size: int) -> None:
    from django.contrib.auth import get_user_model

    from clubs.models import Club, RulingRecord

    if not get_user_model().objects.filter(username="bench-admin").exists():
        get_user_model().objects.create_superuser(username="bench-admin", password="bench-password")
    server = backend_cpu()
    club = Club.objects.get(name="基准俱乐部")
    client, admin = signed_in("director1"), signed_in("bench-admin")
    api = f"/api/clubs/{club.pk}/rulings/"
    html = f"/clubs/{club.pk}/rulings/"
    records = club_size(size)  # the measured club's (the whole size unless BENCH_LOG_CLUBS spreads it)
    position = int(records * 0.9)
    deep_after = RulingRecord.objects.filter(club=club).order_by("-date", "-number")[position - 1].number

    def get(path, by=client, **params):
        response = by.get(path, params)
        assert response.status_code == 200, (path, response.status_code, response.content[:300])
        return response

    def csv_first_byte():
        response = get(f"/clubs/{club.pk}/rulings/export.csv")
        if response.streaming:
            assert next(iter(response.streaming_content))
            response.close()
        else:  # a CSV built whole before it is sent (as before issue 20): its first byte is its last
            assert response.content

    figures = {
        "list": lambda: get(api),
        "list_q": lambda: get(api, q=PHRASES[7]),
        "list_q_full": lambda: get(api, q=PHRASES[7], limit=10),
        "list_q2": lambda: get(api, q="9墩"),
        "list_q1": lambda: get(api, q="癸"),
        "deep": lambda: get(api, after=deep_after),
        "html_list": lambda: get(html),
        "html_deep": lambda: get(html, after=deep_after),
        "html_q": lambda: get(html, q=PHRASES[7]),
        "html_q1": lambda: get(html, q="癸"),
        "stats": lambda: get(f"/clubs/{club.pk}/rulings/stats/"),
        "admin_records": lambda: get("/admin/clubs/rulingrecord/", by=admin),
        "admin_revisions": lambda: get("/admin/clubs/rulingrevision/", by=admin),
        "csv_first_byte": csv_first_byte,
    }
    # Every record carries the HTML of its texts, as the services write it (generator 2).
    assert not RulingRecord.objects.filter(club=club, statement_html="").exclude(statement="").exists()
    # The counts are the club's own, not the federation's (BENCH_LOG_CLUBS).
    assert get(api).json()["count"] == records
    # record i carries phrase i % 100; past the cap (a 1M club: 10,000 matches) the count is "1,000+" (issue 32)
    assert get(api, q=PHRASES[7]).json()["count"] == expected_count(len(range(7, records, 100)))
    deep = get(api, after=deep_after).json()
    assert len(deep["results"]) == min(50, records - position)
    # The HTML deep page holds the same 50 records as the API's (their numbers, in the rows' links).
    page = get(html, after=deep_after).content.decode()
    assert all(f">#{r['number']}</a>" in page for r in deep["results"]), "the HTML deep page's records"
    for name, fn in figures.items():
        print(f"log {name} {size}: {timed(fn, server):.1f} ms", flush=True)
    if os.environ.get("BENCH_LOG_EXTRA"):
        offset_page = get(api, offset=position).json()["results"]
        assert [r["number"] for r in offset_page] == [r["number"] for r in deep["results"]]
        print(
            f"log deep_offset {size}: {timed(lambda: get(api, offset=position), server):.1f} ms", flush=True
        )


def expected_count(matches: int) -> int:
    """The API's ``count`` for a text alone that finds ``matches`` records: exact up to the cap, the cap past it
    (``count_capped``, clubs.selectors.TEXT_COUNT_CAP)."""
    from clubs.selectors import TEXT_COUNT_CAP

    return min(matches, TEXT_COUNT_CAP)


def rss_bytes() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def csv_whole(size: int) -> None:
    """The whole club's CSV, streamed and read to its end, in a process of its own: its wall time, and how far the
        process's peak memory (``ru_maxrss``) rose above its size before the request (``csv_whole``: wall, the time a
    worker is held; ``csv_whole_cpu``: this process's CPU and the PostgreSQL backend's). Every record must be in it."""
    import resource

    from clubs.models import Club

    server = backend_cpu()
    club = Club.objects.get(name="基准俱乐部")
    client = signed_in("director1")
    client.get(f"/clubs/{club.pk}/rulings/?q=x")  # warm: templates, translations, the connection
    before = rss_bytes()
    started, started_cpu, started_server = time.perf_counter(), time.process_time(), server()
    response = client.get(f"/clubs/{club.pk}/rulings/export.csv")
    assert response.status_code == 200, response.status_code
    rows = sent = 0
    for chunk in response.streaming_content:
        sent += len(chunk)
        rows += chunk.count(b"\n")
    response.close()
    seconds = time.perf_counter() - started
    cpu = time.process_time() - started_cpu + server() - started_server
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    records = club_size(size)
    assert rows - 1 >= records, f"the CSV holds {rows - 1} rows of {records}"
    print(f"(log: the whole CSV of {records} records: {sent / 1e6:.1f} MB, {rows - 1} rows)", flush=True)
    print(f"log csv_whole {size}: {seconds * 1000:.1f} ms", flush=True)
    print(f"log csv_whole_cpu {size}: {cpu * 1000:.1f} ms", flush=True)
    print(f"log csv_peak_rss {size}: {max(0, peak - before) / 1e6:.1f} MB", flush=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] in ("--build", "--measure", "--csv"):
        mode, number = sys.argv[1], int(sys.argv[2])
        if mode == "--build":
            build(number)
        else:
            django_setup(scratch_url(number))
            (measure if mode == "--measure" else csv_whole)(number)
        sys.exit(0)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    sys.exit(main())
