"""Issue 19 item 1, the server side: "download all" in one compressed bundle, the version a tablet compares its copy
to, compression of pages, the favicon, the worker's configuration for calculators and a hanging network, the
calculators' tables (Law 77 breakdowns) and GET forms, and hashed static names in the worker's pre-cache."""

from __future__ import annotations

import gzip
import io
import json
import os
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client, override_settings
from django.utils import translation

from bridge import Seat, Vulnerability, adjusted
from bridge.scoring import score
from offline import bundle as bundles
from offline import data
from rulings.labels import score_item_label
from tests.offline.test_offline_views import STATIC, _code_numbers, sw_config

pytestmark = pytest.mark.django_db

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


@pytest.fixture(autouse=True)
def fresh_bundle():
    bundles.forget()
    yield
    bundles.forget()


def _bundle(client, **headers):
    response = client.get("/offline/bundle.json", **headers)
    assert response.status_code == 200
    return response


def test_bundle_holds_every_page_of_the_pack_as_a_separate_get_gives_it(client):
    response = _bundle(client)
    body = json.loads(response.content)
    pack = client.get("/offline/pack.json").json()
    assert [entry["url"] for entry in body["entries"]] == pack["urls"]
    assert body["version"] == pack["version"] and body["cache"] == pack["cache"]
    assert len(pack["urls"]) > 200
    by_url = {entry["url"]: entry for entry in body["entries"]}
    for url in ("/", "/laws/64/", "/tools/score/", "/offline/tables.json", "/api/laws/64/", "/offline/"):
        alone = client.get(url)
        assert by_url[url]["type"] == alone["Content-Type"]
        # The same bytes, but for the CSRF token of the language form (a fresh one per render).
        assert CSRF.sub("", by_url[url]["body"]) == CSRF.sub("", alone.content.decode())
    assert response["X-Caipan-Bundle-Entries"] == str(len(pack["urls"]))
    assert response["Cache-Control"] == "no-store"


def test_bundle_is_served_gzip_compressed_when_the_browser_accepts_it(client):
    plain = _bundle(client)
    assert not plain.has_header("Content-Encoding")
    packed = _bundle(client, HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"]
    assert gzip.decompress(packed.content) == plain.content
    assert len(packed.content) * 3 < len(plain.content)  # pages compress well
    assert int(packed["Content-Length"]) == len(packed.content)
    assert packed["X-Caipan-Bundle-Bytes"] == str(len(plain.content))


def test_bundle_is_in_the_request_language_and_has_nobodys_name(client, django_user_model):
    english = json.loads(_bundle(client, HTTP_ACCEPT_LANGUAGE="en").content)
    home = next(entry for entry in english["entries"] if entry["url"] == "/")
    assert english["language"] == "en" and 'lang="en"' in home["body"]
    chinese = json.loads(_bundle(client, HTTP_ACCEPT_LANGUAGE="zh-CN").content)
    assert chinese["language"] == "zh-hans"
    user = django_user_model.objects.create_user("zhang-director", password="x-pass-123")
    client.force_login(user)
    signed_in = _bundle(client)
    assert b"zhang-director" not in signed_in.content


def test_version_json_is_the_packs_version(client):
    response = client.get("/offline/version.json")
    pack = client.get("/offline/pack.json").json()
    assert response.json() == {
        "edition": pack["edition"],
        "revision": pack["revision"],
        "version": pack["version"],
    }
    assert response["Cache-Control"] == "no-store"
    assert len(response.content) < 200


def test_pages_and_json_are_gzip_compressed(client):
    for url in ("/", "/laws/27/", "/offline/corpus.json", "/tools/score/"):
        response = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
        assert response["Content-Encoding"] == "gzip", url
        assert "Accept-Encoding" in response["Vary"]
        assert gzip.decompress(response.content)  # a real gzip stream
    assert not client.get("/").has_header("Content-Encoding")  # only when asked for


def test_gzip_sits_below_whitenoise_and_above_the_rest():
    middleware = settings.MIDDLEWARE
    gzip_at = middleware.index("django.middleware.gzip.GZipMiddleware")
    assert middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") < gzip_at
    for name in middleware[gzip_at + 1 :]:
        assert "gzip" not in name.lower()
    assert gzip_at == middleware.index("whitenoise.middleware.WhiteNoiseMiddleware") + 1  # right below it


def test_favicon_is_served_and_precached(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    # A FileResponse: read to the end, the test client closes it (and its file).
    assert b"".join(response.streaming_content).startswith(b"\x89PNG")
    config, _, _ = sw_config(client)
    assert "/favicon.ico" in config["precache"]
    assert "/static/icons/icon.svg" in config["precache"]


def test_worker_configuration_for_calculators_forms_and_a_hanging_network(client):
    config, source, _ = sw_config(client)
    assert config["networkTimeoutMs"] == 2500
    assert config["calculatorPages"] == [
        "/tools/score/",
        "/tools/imps/",
        "/tools/matchpoints/",
        "/tools/adjusted/",
    ]
    for path in config["calculatorPages"]:
        assert (
            path in data.pack_urls()
        )  # the pads are downloaded, so a calculator's address has a stored page
    assert "/offline/bundle.json" in config["neverCache"] and "/offline/version.json" in config["neverCache"]
    assert 'request.mode === "navigate") event.respondWith(sent(event))' in source
    assert "NETWORK_TIMEOUT_MS = CONFIG.networkTimeoutMs" in source


def test_tables_json_breaks_every_score_down_as_the_engine():
    breakdowns = data.score_tables()["breakdowns"]
    items = breakdowns["items"]
    checked = 0
    for contract, by_vul in breakdowns["rows"].items():
        for vulnerable, vulnerability in (("false", Vulnerability.NONE), ("true", Vulnerability.BOTH)):
            for tricks, lines in enumerate(by_vul[vulnerable]):
                expected = score(contract, Seat.E, vulnerability, tricks).breakdown
                assert [tuple(items[i]) for i in lines] == [(i.item, i.label_zh, i.points) for i in expected]
                with translation.override("en"):
                    english = [score_item_label(i.item, i.label_zh) for i in expected]
                assert [breakdowns["labels_en"][i] for i in lines] == english
                checked += 1
    assert checked == 2940
    assert breakdowns["law"] == "77"


def test_tables_json_artificial_scores_carry_their_laws():
    artificial = data.score_tables()["artificial"]
    for form in adjusted.Form:
        for fault in adjusted.Fault:
            side = adjusted.artificial(form, {"NS": fault, "EW": fault})["NS"]
            assert artificial[form.value][fault.value]["laws"] == list(side.laws)
            assert artificial[form.value][fault.value]["label_zh"] == side.label_zh


def test_calculator_forms_are_get_forms_so_a_stored_pad_can_answer(client):
    for url in ("/tools/score/", "/tools/imps/", "/tools/matchpoints/", "/tools/adjusted/"):
        html = client.get(url).content.decode()
        main = html[html.index("<main") : html.index("</main>")]
        assert 'method="post"' not in main and main.count('method="get"') >= 1, url
        assert "data-calculator-result" in main and html.index("js/pages/calculators.js") > html.index(
            "<main"
        )
        assert "calculators.js" not in html[: html.index("</title>")]
    get = client.get("/tools/matchpoints/", {"scores": "420 420 450 -50 170 420 -100"}).content.decode()
    assert "<td>450</td><td>12</td><td>100.00</td>" in get


def test_adjusted_page_answers_a_get_as_the_post():
    fields = {
        "method": "assigned",
        "vulnerability": "NS",
        "NS_contract": "4S",
        "NS_declarer": "S",
        "NS_tricks": "11",
        "EW_contract": "4S",
        "EW_declarer": "S",
        "EW_tricks": "10",
    }
    by_post = Client().post("/tools/adjusted/", fields)
    by_get = Client().get("/tools/adjusted/", fields)
    assert by_get.status_code == by_post.status_code == 200
    assert CSRF.sub("", by_get.content.decode()).count("650") == CSRF.sub("", by_post.content.decode()).count(
        "650"
    )
    assert "→ 650" in by_get.content.decode()
    bad = Client().get("/tools/adjusted/", {"method": "artificial", "form": "pairs", "fault_NS": "direct"})
    assert bad.status_code == 400 and 'data-field="fault.EW"' in bad.content.decode()


def test_no_score_number_is_typed_into_the_calculators():
    numbers = _code_numbers(STATIC / "js" / "engine" / "calculators.js") | _code_numbers(
        STATIC / "js" / "pages" / "calculators.js"
    )
    assert numbers <= {0, 1, 2, 10, 15, 100, 1024}  # 15: bridge.inputs.MAX_DIGITS, held equal by tests/golden
    assert 1 in numbers and 0 in numbers


def test_precache_uses_the_hashed_names_of_a_manifest_storage(client, tmp_path):
    """With the deploy's compressed, hashed storage, the worker pre-caches the names the templates render, and
    WhiteNoise serves those files compressed with a long cache lifetime."""
    storages = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "offline.storage.StaticStorage"},
    }
    with override_settings(STORAGES=storages, STATIC_ROOT=tmp_path, WHITENOISE_USE_FINDERS=False):
        call_command("collectstatic", "--noinput", verbosity=0)
        config, _, _ = sw_config(Client())
        hashed = [url for url in config["precache"] if url.startswith("/static/")]
        assert hashed and all(re.search(r"\.[0-9a-f]{12}\.", url) for url in hashed), hashed
        home = Client().get("/").content.decode()
        for url in hashed:
            assert (Path(tmp_path) / url.removeprefix("/static/")).exists()
        assert any(url in home for url in hashed)  # the page and the worker name the same files
        js = next(url for url in hashed if url.endswith(".js"))
        assert (Path(tmp_path) / (js.removeprefix("/static/") + ".gz")).exists()
        served = Client().get(js, HTTP_ACCEPT_ENCODING="gzip")
        b"".join(served.streaming_content)  # a FileResponse: read to the end, the test client closes its file
        assert served.status_code == 200
        assert served["Content-Encoding"] == "gzip"
        assert "max-age=315360000" in served["Cache-Control"] and "immutable" in served["Cache-Control"]
        # The modules import the hashed names, which the worker stored: a page's imports work offline.
        for url in hashed:
            if url.startswith("/static/js/pages/") or url.startswith("/static/js/engine/"):
                source = (Path(tmp_path) / url.removeprefix("/static/")).read_text(encoding="utf-8")
                for target in re.findall(r'^import .*? from "(.+?)";', source, flags=re.MULTILINE):
                    assert re.search(r"\.[0-9a-f]{12}\.js$", target), (url, target)
                    absolute = str(Path(url).parent / target)
                    assert os.path.normpath(absolute) in hashed, (url, target)


def test_the_bundle_is_built_at_deploy_and_no_visitor_renders_it(client, monkeypatch):
    """Issue 32: `make serve` builds the bundle before the workers start (build_offline_bundle); a worker that
    has not built it (its memory empty) reads the file instead of rendering the pack in a visitor's request."""
    call_command("build_offline_bundle", stdout=io.StringIO())
    assert list(Path(settings.OFFLINE_BUNDLE_DIR).glob("bundle-*.json.gz"))
    with bundles._lock:
        bundles._built.clear()  # another worker: nothing in memory

    def no_render(*args, **kwargs):
        raise AssertionError("a visitor's request rendered the bundle")

    monkeypatch.setattr(bundles, "_render", no_render)
    for language in ("zh-hans", "en"):
        response = client.get("/offline/bundle.json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200 and json.loads(response.content)["language"] == language


def test_a_damaged_stored_bundle_is_built_again(client):
    call_command("build_offline_bundle", stdout=io.StringIO())
    for path in Path(settings.OFFLINE_BUNDLE_DIR).glob("bundle-*.json.gz"):
        path.write_bytes(b"not gzip")
    with bundles._lock:
        bundles._built.clear()
    body = json.loads(_bundle(client).content)
    assert len(body["entries"]) > 200


@override_settings(SECURE_SSL_REDIRECT=True)
def test_the_bundle_renders_where_the_site_redirects_plain_http(client):
    """Production redirects plain HTTP to HTTPS (DJANGO_SECURE_SSL_REDIRECT defaults to 1): the bundle's pages are
    rendered as the browser asks for them, over HTTPS, not answered with the redirect (a BundleError, a 500)."""
    response = client.get("/offline/bundle.json", secure=True)
    assert response.status_code == 200
    assert len(json.loads(response.content)["entries"]) > 200
