""" "Download all" on hall wifi: the ~220 separate requests of before against the one gzip bundle of now.

In-process (Django test client, dev settings, the database `make setup` built): counts the requests and the bytes
on the wire (each page as it is served: uncompressed before, gzip now), times building the bundle, and models the
time on a hall's wifi (150 ms round trip, 1.5 Mbit/s, 4 requests at a time as static/js/pages/offline.js fetched them)
as round trips + bytes ÷ bandwidth. The model leaves out TCP slow start and server time, so it is a lower bound.
"""

import gzip
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.dev")

import django  # noqa: E402

django.setup()

from django.test import Client  # noqa: E402

from offline import bundle as bundles  # noqa: E402

LATENCY_S = 0.150
BANDWIDTH_BYTES_S = 1.5e6 / 8
PARALLEL = 4


def model(requests: int, wire_bytes: int, parallel: int) -> float:
    return -(-requests // parallel) * LATENCY_S + wire_bytes / BANDWIDTH_BYTES_S


def main() -> None:
    client = Client(HTTP_HOST="localhost")
    urls = client.get("/offline/pack.json").json()["urls"]
    plain = gzipped = 0
    for url in urls:
        body = client.get(url).content
        plain += len(body)
        gzipped += len(client.get(url, HTTP_ACCEPT_ENCODING="gzip").content)
    before_requests = len(urls) + 1  # the list, then each page
    print(
        f"before: {before_requests} requests, {plain / 1e6:.2f} MB uncompressed on the wire, "
        f"modelled {model(before_requests, plain, PARALLEL):.1f} s on 150 ms / 1.5 Mbit/s"
    )
    print(
        f"pages one by one, gzip (GZipMiddleware): {before_requests} requests, {gzipped / 1e6:.2f} MB, "
        f"modelled {model(before_requests, gzipped, PARALLEL):.1f} s"
    )
    bundles.forget()
    start = time.perf_counter()
    response = client.get("/offline/bundle.json", HTTP_ACCEPT_ENCODING="gzip")
    built_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    client.get("/offline/bundle.json", HTTP_ACCEPT_ENCODING="gzip")
    cached_ms = (time.perf_counter() - start) * 1000
    wire = len(response.content)
    print(
        f"now: 1 request, {wire / 1e6:.2f} MB gzip ({len(gzip.decompress(response.content)) / 1e6:.2f} MB JSON, "
        f"{response['X-Caipan-Bundle-Entries']} pages), modelled {model(1, wire, 1):.1f} s; "
        f"server builds it in {built_ms:.0f} ms once per version and language, then {cached_ms:.0f} ms"
    )
    page = client.get("/laws/27/")
    page_gz = client.get("/laws/27/", HTTP_ACCEPT_ENCODING="gzip")
    print(f"/laws/27/: {len(page.content) / 1e3:.1f} kB, gzip {len(page_gz.content) / 1e3:.1f} kB")


if __name__ == "__main__":
    main()
