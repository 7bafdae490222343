"""`make bench-serve`: runserver (dev settings) against `make serve`'s gunicorn (prod settings), N clients × T seconds.

Each client is a thread with its own keep-alive connection (reopened when the server closes it) sending a mix of
30 % law pages (/laws/<n>/), 40 % searches (/api/search/?q=, directors' queries) and 30 % scores (/api/score/?…).
Both servers use the database and search index `make setup` built (var/), one after the other, on 127.0.0.1:8821
(runserver) and :8822 (gunicorn); each is started here and stopped after its run. Stdlib only.

    .venv/bin/python bench/bench_serve.py [--clients 50] [--seconds 30] [--only runserver|gunicorn|pg2]

Prints `serve <runserver|gunicorn>: <req/s> req/s, p50 <ms> ms, p99 <ms> ms, errors <n>` and the p50/p99 of each kind.

``pg2`` (``--only pg2``, or ``--pg`` beside the two others): two `make serve` gunicorn instances (:8823 and :8824)
over one PostgreSQL, the bench's own server (bench/pgcluster.py; database ``caipan_bench_serve``, migrated and
loaded by `make serve` itself), the clients shared between them in turn, each instance with the workers of its half
of the cores (2 × cores/2 + 1; issue 32: the goal is p99 ≤ 300 ms on an idle machine).
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = str(ROOT / ".venv" / "bin" / "python")
HOST = "127.0.0.1"
PORTS = {"runserver": 8821, "gunicorn": 8822}
PG_PORTS = (8823, 8824)
QUERIES = [
    "藏牌",
    "首攻错误",
    "不够叫",
    "revoke",
    "lead out of turn",
    "27B1",
    "明手",
    "未经允许的信息",
    "cangpai",
    "叫品不足 替换",
    "第六十四条",
    "UI",
]
CONTRACTS = ["4S", "3NT", "4SX", "6H", "2DX", "7NTXX", "1C", "5C"]


KINDS = ("law", "search", "score")


def request_path(rng: random.Random) -> tuple[str, str]:
    """One request of the mix: its kind (a law page, a search, a score) and its path."""
    roll = rng.random()
    if roll < 0.3:
        return "law", f"/laws/{rng.randint(1, 93)}/"
    if roll < 0.7:
        return "search", "/api/search/?" + urllib.parse.urlencode({"q": rng.choice(QUERIES)})
    query = {
        "contract": rng.choice(CONTRACTS),
        "declarer": rng.choice("NESW"),
        "vulnerability": rng.choice(["None", "NS", "EW", "Both"]),
        "tricks": rng.randint(0, 13),
    }
    return "score", "/api/score/?" + urllib.parse.urlencode(query)


class Client(threading.Thread):
    def __init__(self, port: int, deadline: float, seed: int):
        super().__init__(daemon=True)
        self.port, self.deadline, self.rng = port, deadline, random.Random(seed)
        self.latencies: list[tuple[str, float]] = []  # (kind, milliseconds)
        self.errors = 0
        self.connection: http.client.HTTPConnection | None = None

    def _get(self, path: str) -> int:
        if self.connection is None:
            self.connection = http.client.HTTPConnection(HOST, self.port, timeout=30)
        self.connection.request("GET", path, headers={"Host": HOST, "Accept-Language": "zh-hans"})
        response = self.connection.getresponse()
        response.read()
        if (response.getheader("Connection") or "").lower() == "close":
            self.connection.close()
            self.connection = None
        return response.status

    def run(self) -> None:
        while time.monotonic() < self.deadline:
            kind, path = request_path(self.rng)
            start = time.perf_counter()
            try:
                status = self._get(path)
            except (OSError, http.client.HTTPException):
                status = 0
                if self.connection is not None:
                    self.connection.close()
                self.connection = None
            elapsed = (time.perf_counter() - start) * 1000
            if status == 200:
                self.latencies.append((kind, elapsed))
            else:
                self.errors += 1
        if self.connection is not None:
            self.connection.close()


def percentile(samples: list[float], fraction: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


@dataclass(frozen=True)
class Result:
    rate: float  # answered requests a second
    latencies: dict[str, list[float]]  # milliseconds of each answered request, by kind
    errors: int

    def summary(self) -> str:
        every = [value for values in self.latencies.values() for value in values]
        by_kind = ", ".join(
            f"{kind} p50 {statistics.median(values):.0f}/p99 {percentile(values, 0.99):.0f}"
            for kind, values in self.latencies.items()
            if values
        )
        return (
            f"{self.rate:.0f} req/s, p50 {statistics.median(every or [float('nan')]):.0f} ms, "
            f"p99 {percentile(every, 0.99):.0f} ms, errors {self.errors} ({by_kind} ms)"
        )


def load(ports: int | tuple[int, ...], clients: int, seconds: float) -> Result:
    """``clients`` threads for ``seconds``, spread over ``ports`` in turn."""
    ports = (ports,) if isinstance(ports, int) else ports
    deadline = time.monotonic() + seconds
    threads = [Client(ports[seed % len(ports)], deadline, seed) for seed in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    took = time.monotonic() - started
    latencies: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for thread in threads:
        for kind, value in thread.latencies:
            latencies[kind].append(value)
    answered = sum(len(values) for values in latencies.values())
    return Result(answered / took, latencies, sum(thread.errors for thread in threads))


def wait_ready(port: int, process: subprocess.Popen, timeout: float = 600) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server on :{port} exited with {process.returncode}")
        try:
            connection = http.client.HTTPConnection(HOST, port, timeout=5)
            connection.request("GET", "/laws/1/", headers={"Host": HOST})
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            pass
        time.sleep(1)
    raise SystemExit(f"the server on :{port} did not answer within {timeout:.0f} s")


def start(
    kind: str, log, port: int | None = None, database_url: str = "", workers: int = 0
) -> subprocess.Popen:
    port = port or PORTS[kind]
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    if workers:
        env.setdefault("GUNICORN_WORKERS", str(workers))
    if database_url:
        env["DATABASE_URL"] = database_url
    if kind == "runserver":
        command = [PYTHON, "manage.py", "runserver", f"{HOST}:{port}", "--noreload"]
        env["DJANGO_SETTINGS_MODULE"] = "config.settings.dev"
    else:
        command = ["make", "-o", ".venv/.installed", "serve"]
        env.update(
            DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
            DJANGO_ALLOWED_HOSTS=HOST,
            DJANGO_SECURE_SSL_REDIRECT="0",  # plain HTTP on loopback: no proxy in front to terminate TLS
            GUNICORN_BIND=f"{HOST}:{port}",
            GUNICORN_ACCESS_LOG="",
        )
    # A session of its own, so stopping it stops make's children too (and nothing else).
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


def bench(kind: str, clients: int, seconds: float, warmup: float) -> int:
    log_path = ROOT / "var" / f"bench-serve-{kind}.log"
    log_path.parent.mkdir(exist_ok=True)
    with open(log_path, "w") as log:
        process = start(kind, log)
        try:
            wait_ready(PORTS[kind], process)
            load(PORTS[kind], min(clients, 10), warmup)  # warm every process: templates, the index, jieba
            result = load(PORTS[kind], clients, seconds)
        finally:
            stop(process)
    print(f"serve {kind}: {result.summary()}", flush=True)
    return 1 if result.errors else 0


def bench_pg2(clients: int, seconds: float, warmup: float) -> int:
    """Two gunicorn instances over one PostgreSQL, the clients shared between them."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import psycopg
    from pgcluster import server

    processes = []
    # The two instances share this host: each gets the default formula (2 × cores + 1) for its half of the cores,
    # as docs/deploying.md tells a host that runs several (GUNICORN_WORKERS, if set, wins).
    workers = 2 * max(1, (os.cpu_count() or 1) // len(PG_PORTS)) + 1
    with server() as base:
        with psycopg.connect(base, autocommit=True) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = 'caipan_bench_serve'").fetchone():
                conn.execute("CREATE DATABASE caipan_bench_serve")
        url = base.rpartition("/")[0] + "/caipan_bench_serve"
        try:
            for n, port in enumerate(
                PG_PORTS
            ):  # one after the other: each runs make serve's migrate, collectstatic
                log = open(ROOT / "var" / f"bench-serve-pg2-{n}.log", "w")  # noqa: SIM115 (closed with the process)
                processes.append((start("gunicorn", log, port, url, workers), log))
                wait_ready(port, processes[-1][0])
            load(PG_PORTS, min(clients, 10), warmup)
            result = load(PG_PORTS, clients, seconds)
        finally:
            for process, log in processes:
                stop(process)
                log.close()
    print(f"serve gunicorn×2 over PostgreSQL: {result.summary()}", flush=True)
    return 1 if result.errors else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warmup", type=float, default=10, help="seconds of 10 clients before measuring")
    parser.add_argument("--only", choices=[*sorted(PORTS), "pg2"])
    parser.add_argument("--pg", action="store_true", help="also two gunicorn instances over one PostgreSQL")
    args = parser.parse_args()
    kinds = [args.only] if args.only else ["runserver", "gunicorn", *(["pg2"] if args.pg else [])]
    status = 0
    for kind in kinds:
        print(f"load average before {kind}: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)", flush=True)
        if kind == "pg2":
            status |= bench_pg2(args.clients, args.seconds, args.warmup)
        else:
            status |= bench(kind, args.clients, args.seconds, args.warmup)
    return status


if __name__ == "__main__":
    sys.exit(main())
