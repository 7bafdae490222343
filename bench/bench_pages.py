"""Page and API latency in-process (Django test client, dev settings, the database `make setup` built)."""

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

import django  # noqa: E402

django.setup()

from django.test import Client  # noqa: E402


def timed(client: Client, paths: list[str], rounds: int = 3) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds per request (CPU: this process's, which another job on the machine does not
    inflate; SQLite's work is in it)."""
    wall, cpu = [], []
    for _ in range(rounds):
        for path in paths:
            start, start_cpu = time.perf_counter(), time.process_time()
            response = client.get(path)
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
            assert response.status_code == 200, (path, response.status_code)
    return wall, cpu


def report(name: str, samples: tuple[list[float], list[float]]) -> None:
    wall, cpu = sorted(samples[0]), sorted(samples[1])
    p95 = wall[int(len(wall) * 0.95) - 1]
    print(
        f"{name}: median {statistics.median(wall):.1f} ms, p95 {p95:.1f} ms, "
        f"CPU median {statistics.median(cpu):.1f} ms ({len(wall)} requests)"
    )


def main() -> None:
    client = Client(HTTP_HOST="localhost")
    client.get("/")  # warm up: caches, templates
    for n in range(1, 94):  # and each law's rendered text, kept per edition revision (issue 32)
        client.get(f"/laws/{n}/")
    report("law pages /laws/1–93/", timed(client, [f"/laws/{n}/" for n in range(1, 94)]))
    report("API /api/laws/<n>/", timed(client, [f"/api/laws/{n}/" for n in range(1, 94)]))
    report("home page", timed(client, ["/"] * 10))
    report("glossary page", timed(client, ["/glossary/"] * 10))
    walk = "/rulings/revoke/?established=true&on_trick_12=false&revoker=defender"
    report("wizard question page", timed(client, [walk] * 20))
    report(
        "score API", timed(client, ["/api/score/?contract=4SX&declarer=N&vulnerability=NS&tricks=10"] * 50)
    )


if __name__ == "__main__":
    main()
