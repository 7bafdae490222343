"""Run in a subprocess by test_health.py: requests against the database named by DATABASE_URL, with the test client.

`python -m tests.ops.db_probe PHASE` prints one JSON line: for each path, the status, the content type and
the body (JSON decoded when it is JSON). PHASE `replace` first answers from the database, then replaces its file
with an empty one (as deleting db.sqlite3 under a running server does) and asks again.
"""

import json
import os
import sys
from pathlib import Path

import django

PATHS = ("/laws/27/", "/api/laws/", "/healthz", "/api/imps/?diff=450")


def ask(client) -> dict:
    out = {}
    for path in PATHS:
        response = client.get(path)
        body = response.content.decode()
        if response["Content-Type"].startswith("application/json"):
            body = json.loads(body)
        out[path] = {
            "status": response.status_code,
            "type": response["Content-Type"],
            "body": body,
            "cache": response.get("Cache-Control"),
            "cookies": list(response.cookies),
        }
    return out


def main(phase: str) -> None:
    django.setup()
    from django.conf import settings
    from django.db import connections

    settings.SEARCH_INDEX_DIR = Path(os.environ["PROBE_INDEX_DIR"])  # the test settings make a fresh one
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()
    client = Client()
    result = {"before": ask(client)}
    if phase == "replace":
        connections.close_all()
        path = Path(os.environ["DATABASE_URL"].removeprefix("sqlite:///"))
        path.unlink()
        path.write_bytes(b"")
        result["after"] = ask(client)
    print(json.dumps(result, ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1])
