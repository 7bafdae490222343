"""A PostgreSQL server for the bench, started from the Debian packages (postgresql-15) the way `.ci/run` starts its
throwaway one: ``initdb`` as the ``postgres`` user (initdb refuses root), ``pg_ctl start`` on a free local port with
fsync off (a benchmark only), ``pg_ctl stop`` at the end. The data folder is kept (``var/bench/pg/data``), so the
generated scratch databases are reused by the next run as the SQLite files are. Not a helper for anything but the
bench."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_DIR = ROOT / "var" / "bench" / "pg"


def pg_bin() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None when there is none."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if found:
        return found[-1].parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _as_postgres(command: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def server() -> Iterator[str]:
    """Start the bench's PostgreSQL (initialised on first use); yield a URL of its ``postgres`` database."""
    bin_dir = pg_bin()
    if bin_dir is None:
        raise RuntimeError("no PostgreSQL found (apt-get install postgresql)")
    data = PG_DIR / "data"
    PG_DIR.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(PG_DIR, "postgres", "postgres")
    if not (data / "PG_VERSION").exists():
        shutil.rmtree(data, ignore_errors=True)
        subprocess.run(
            _as_postgres(
                [str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]
                + ["--locale=C.UTF-8"]
            ),
            check=True,
            stdout=subprocess.DEVNULL,
        )
    port = _free_port()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {PG_DIR} -c fsync=off -c full_page_writes=off"
    pg_ctl = str(bin_dir / "pg_ctl")
    subprocess.run(
        _as_postgres(
            [pg_ctl, "-D", str(data), "-l", str(PG_DIR / "server.log"), "-w", "-o", options, "start"]
        ),
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"]),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
