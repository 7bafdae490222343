"""The service worker, the manifest and the JSON the offline pages read, served by offline/views.py."""

from __future__ import annotations

import itertools
import json
import re
import struct
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils import translation

from bridge import messages, revoke
from bridge.scoring import score
from bridge.trees import Leaf
from core.field_labels import FIELD_LABELS
from laws.models import Definition, Edition, Section
from offline import data
from offline.middleware import PRIVATE_PREFIXES
from rulings.trees import trees

pytestmark = pytest.mark.django_db

STATIC = Path(settings.BASE_DIR) / "static"


def sw_config(client) -> dict:
    response = client.get("/sw.js")
    body = response.content.decode()
    first, _, rest = body.partition("\n")
    assert first.startswith("self.CAIPAN_SW = ") and first.endswith(";")
    return json.loads(first[len("self.CAIPAN_SW = ") : -1]), rest, response


def test_the_worker_is_served_from_the_root_uncached(client):
    config, source, response = sw_config(client)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Cache-Control"] == "no-cache"
    reference = (STATIC / "js" / "engine" / "reference.js").read_text(encoding="utf-8")
    assert source.endswith("})();\n" + (STATIC / "sw.js").read_text(encoding="utf-8"))
    assert source.startswith(
        "// js/engine/reference.js, as classic script\nself.CaipanReference = (function () {"
    )
    assert (
        reference.replace("export function ", "function ") in source
        and "export " not in source.split("})();")[0]
    )
    assert set(PRIVATE_PREFIXES) <= set(config["privatePrefixes"])
    assert {"/clubs/", "/accounts/", "/admin/", "/api/clubs/", "/practice/"} <= set(config["privatePrefixes"])
    assert config["staticCache"].endswith(config["version"]) and config["pagesCache"] == data.PAGES_CACHE
    assert "/api/search/" in config["neverCache"]
    for url in config["precache"]:
        response = client.get(url)
        if response.streaming:  # a static file (FileResponse): read to the end, the test client closes it
            b"".join(response.streaming_content)
        assert response.status_code == 200, url


def test_every_module_is_precached_so_the_pages_import_them_offline():
    """A page's module imports the engine's: the worker stores every file of static/js at install."""
    from offline.views import PRECACHED_STATIC

    files = {str(path.relative_to(STATIC)) for path in (STATIC / "js").rglob("*.js")}
    files.discard("js/pages/print.js")  # a club's print sheet: private, never stored
    assert files == {name for name in PRECACHED_STATIC if name.startswith("js/")}


def test_the_worker_runs_the_reference_parser_of_the_pages():
    """The worker's copy of engine/reference.js runs as a classic script and answers as the module does."""
    import shutil
    import subprocess

    from offline.views import sw_source

    node = shutil.which("node")
    if node is None:  # pragma: no cover - make setup installs Node
        pytest.skip("node is not installed")
    parser = sw_source().split("\n// ---")[0].split("})();\n")[0] + "})();\n"
    script = parser + (
        "const m = await import('./static/js/engine/reference.js');"
        "for (const q of ['27B1', '第64条', '第二十七条', 'law 12c', 'x']) {"
        "  if (CaipanReference.reference(q) !== m.reference(q)) throw new Error(q);"
        "  if (m.reference(q) && CaipanReference.sectionUrl(m.reference(q), '/laws/') !== m.sectionUrl(m.reference(q), '/laws/'))"
        "    throw new Error(q); }"
    )
    script = script.replace("self.CaipanReference =", "globalThis.CaipanReference =")
    subprocess.run([node, "--input-type=module", "-e", script], check=True, cwd=settings.BASE_DIR, timeout=60)


def test_the_worker_version_follows_the_precached_files(client, tmp_path, monkeypatch):
    """A changed static file means a new worker (the browser compares /sw.js byte for byte)."""
    from offline import views

    before = sw_config(client)[0]["version"]
    real = views._static_file
    monkeypatch.setattr(
        views,
        "_static_file",
        lambda name: real(name) + (b"/* changed */" if name == "js/pages/app.js" else b""),
    )
    assert sw_config(client)[0]["version"] != before


def test_manifest_and_icons(client):
    manifest = client.get("/manifest.webmanifest")
    assert manifest["Content-Type"].startswith("application/manifest+json")
    body = manifest.json()
    assert body["name"] == "裁判助手" and body["display"] == "standalone" and body["scope"] == "/"
    assert body["theme_color"] == "#0b5cad" and body["background_color"]
    sizes = set()
    for icon in body["icons"]:
        path = finders.find(icon["src"].removeprefix(settings.STATIC_URL))
        assert path, icon
        raw = Path(path).read_bytes()
        if icon["type"] == "image/png":
            assert raw[:8] == b"\x89PNG\r\n\x1a\n"
            width, height = struct.unpack(">II", raw[16:24])
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add(icon["sizes"])
        else:
            assert raw.lstrip().startswith(b"<svg")
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in body["icons"])


def test_every_page_links_the_manifest_and_loads_the_offline_scripts(client):
    html = client.get("/laws/27/").content.decode()
    assert 'rel="manifest" href="/manifest.webmanifest"' in html
    assert 'name="theme-color"' in html
    assert 'data-sw="/sw.js"' in html and "js/pages/offline-search.js" in html
    assert "data-offline-badge" in html and "data-theme-toggle" in html
    home = client.get("/").content.decode()
    assert "下载全部规则供离线使用" in home and 'data-pack-url="/offline/pack.json"' in home


def test_corpus_has_every_section_and_term_versioned_by_revision(client):
    edition = Edition.objects.get(code=settings.LAWS_DEFAULT_EDITION)
    response = client.get("/offline/corpus.json")
    body = response.json()
    assert body["revision"] == edition.revision and body["edition"] == edition.code
    assert response["ETag"] == data.corpus_etag(edition)
    assert client.get("/offline/corpus.json", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    assert len(body["sections"]) == Section.objects.filter(edition=edition).count()
    assert len(body["definitions"]) == Definition.objects.filter(edition=edition).count()
    by_ref = {s["ref"]: s for s in body["sections"]}
    assert by_ref["27B1"]["url"] == "/laws/27/#27B1" and by_ref["27B1"]["law"] == 27
    assert by_ref["64"]["title"].startswith("第64条")
    revoke = next(d for d in body["definitions"] if d["term"] == "藏牌")
    assert revoke["term_en"].lower() == "revoke" and "cangpai" in revoke["pinyin"]
    assert any("revoke" in group and "藏牌" in group for group in body["synonyms"])
    assert body["english"]["revoke"] == "revok"
    assert "怎么" in body["chinese_stop"] and "the" in body["english_stop"]


def test_corpus_follows_a_new_revision(client):
    edition = Edition.objects.get(code=settings.LAWS_DEFAULT_EDITION)
    old = client.get("/offline/corpus.json")["ETag"]
    Edition.objects.filter(pk=edition.pk).update(revision=edition.revision + 1)
    try:
        response = client.get("/offline/corpus.json", HTTP_IF_NONE_MATCH=old)
        assert response.status_code == 200 and response.json()["revision"] == edition.revision + 1
    finally:
        Edition.objects.filter(pk=edition.pk).update(revision=edition.revision)


def test_tables_json_scores_every_contract_as_the_engine(client):
    """All 2,940 Law 77 cases: for every seat and vulnerability, the side's sign times the looked-up declaring
    side's score (what the browser does) equals bridge.scoring.score."""
    body = client.get("/offline/tables.json").json()
    rows, sides, vulnerable = body["scores"], body["cards"]["sides"], body["cards"]["vulnerable"]
    assert len(rows) == 7 * 5 * 3
    cases = 0
    for contract in rows:
        for is_vulnerable in (False, True):
            assert len(rows[contract]["true" if is_vulnerable else "false"]) == 14
        for tricks, seat, vulnerability in itertools.product(range(14), "NESW", ("None", "NS", "EW", "Both")):
            engine = score(contract, seat, vulnerability, tricks)
            looked_up = rows[contract]["true" if vulnerable[vulnerability][seat] else "false"][tricks]
            assert (looked_up if sides[seat] == "NS" else -looked_up) == engine.score_ns, (
                contract,
                seat,
                tricks,
            )
            assert vulnerable[vulnerability][seat] is engine.vulnerable
        cases += 2 * 14
    assert cases == 2940
    # A few lines of the printed Law 77 table, so the table cannot drift with the engine unnoticed.
    assert (
        rows["4S"]["false"][10] == 420 and rows["3NT"]["true"][9] == 600 and rows["7NTXX"]["true"][13] == 2980
    )
    assert (
        rows["1C"]["false"][6] == -50 and rows["4HX"]["true"][6] == -1100 and rows["6D"]["false"][12] == 920
    )


def test_tables_json_transfers_tricks_as_the_engine(client):
    """Law 64: every answer's transfer, or the engine's error for facts that cannot all be true."""
    table = client.get("/offline/tables.json").json()["revoke"]["tricks_transferred"]
    assert len(table) == 8
    for offender_won, side_won, playable in itertools.product((False, True), repeat=3):
        row = table[",".join("true" if flag else "false" for flag in (offender_won, side_won, playable))]
        assert len(row) == revoke.MAX_TRICKS_AFTER_REVOKE_TRICK + 1
        for later, cell in enumerate(row):
            try:
                expected: object = revoke.tricks_transferred(
                    offender_won_revoke_trick=offender_won,
                    offending_side_won_revoke_trick=side_won,
                    offending_side_tricks_after_revoke_trick=later,
                    offender_later_won_with_card_playable_to_revoke_trick=playable,
                )
            except revoke.RevokeError as exc:
                expected = {"error": exc.message, "field": exc.field, "code": exc.code, "params": exc.params}
            assert cell == expected, (offender_won, side_won, playable, later)
    # 64A1: revoke trick won by the revoker and a later trick → two; 64B1: nothing won from the revoke on → none.
    assert table["true,true,false"][3] == 2 and table["false,false,false"][0] == 0
    assert table["true,false,false"][0]["field"] == "offending_side_won_revoke_trick"
    assert table["true,false,false"][0]["code"] == messages.REVOKE_REVOKER_WON_TRICK.code


def test_tables_json_carries_the_error_catalogue(client):
    """Every message of the rules core, by code, in both languages: the browser's only copy of them."""
    shipped = client.get("/offline/tables.json").json()["messages"]
    assert shipped == {code: {"en": m.en, "zh": m.zh} for code, m in messages.CATALOG.items()}
    assert "fact.too_large" in shipped and "revoke.revoker_won_trick" in shipped and len(shipped) >= 70


def test_tables_json_names_every_field_as_the_pages_do(client):
    """The browser says an error's fields by the labels the server's pages use (core.field_labels), in both
    languages: 分差 and "IMP difference", never the key ``diff``."""
    shipped = client.get("/offline/tables.json").json()["field_labels"]
    assert set(shipped) == {"zh", "en"}
    assert set(shipped["zh"]) == set(shipped["en"]) == set(FIELD_LABELS)
    for language, key in (("zh-hans", "zh"), ("en", "en")):
        with translation.override(language):
            assert shipped[key] == {name: str(label) for name, label in FIELD_LABELS.items()}
    assert shipped["zh"]["diff"] == "分差" and shipped["en"]["diff"] != "分差"


def test_tables_json_holds_the_parsers_vocabulary(client):
    cards = client.get("/offline/tables.json").json()["cards"]
    assert cards["strains"]["♠"] == "S" and cards["strains"]["无将"] == "NT" and "PASS" in cards["pass_words"]
    assert cards["doubling_marks"] == ["", "X", "XX"] and ["再加倍", 2] in cards["doubling_suffixes"]
    assert cards["seats"]["北家"] == "N" and cards["vulnerabilities"]["双有"] == "Both"
    assert cards["sides"] == {"N": "NS", "E": "EW", "S": "NS", "W": "EW"}


def test_tables_json_is_revalidated_by_its_etag(client):
    response = client.get("/offline/tables.json")
    assert response["ETag"] == data.tables_etag() and response["Cache-Control"] == "no-cache"
    assert client.get("/offline/tables.json", HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    assert client.get("/offline/tables.json", HTTP_IF_NONE_MATCH='"tables-old"').status_code == 200


def _code_numbers(path: Path) -> set[int]:
    """Numbers in a JS file's code: comments, strings and regular expressions left out (a small scanner)."""
    source = path.read_text(encoding="utf-8")
    code, i, last = [], 0, ""
    while i < len(source):
        ch, two = source[i], source[i : i + 2]
        if two == "//":
            i = source.find("\n", i)
            i = len(source) if i < 0 else i
        elif two == "/*":
            i = source.index("*/", i) + 2
        elif ch in "\"'":
            i += 1
            while source[i] != ch:
                i += 2 if source[i] == "\\" else 1
            i += 1
            code.append('""')
            last = '"'
        elif ch == "/" and (last in "(,=:[!&|?{};" or code[-1:] == ["return"]):
            i += 1
            in_class = False
            while in_class or source[i] != "/":
                if source[i] == "\\":
                    i += 1
                elif source[i] == "[":
                    in_class = True
                elif source[i] == "]":
                    in_class = False
                i += 1
            i += 1
            while i < len(source) and source[i].isalpha():
                i += 1
            code.append("/re/")
            last = "/"
        else:
            word = re.match(r"[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|\s+|.", source[i:], flags=re.S).group(0)
            code.append(word)
            if not word.isspace():
                last = word[-1]
            i += len(word)
    return {int(token) for token in code if token.isdigit()}


def test_no_score_number_is_typed_into_the_browser_code():
    """Every Law 77 number reaches the browser through /offline/tables.json: the evaluator's code holds only
    the small counting numbers of its arithmetic, regex group indices and the radix of parseInt — no book (6),
    no slam level (6, 7), no trick total (13), no score (20 and up)."""
    numbers = _code_numbers(STATIC / "js" / "engine" / "trees.js")
    assert numbers <= {0, 1, 2, 3, 4, 10, 16}
    assert 1 in numbers and 0 in numbers  # the scanner does see the code


def test_pack_lists_plain_pages_only(client):
    pack = client.get("/offline/pack.json").json()
    assert pack["cache"] == data.PAGES_CACHE and pack["version"]
    urls = pack["urls"]
    assert len(urls) == len(set(urls))
    for number in (1, 27, 64, 93):
        assert f"/laws/{number}/" in urls and f"/api/laws/{number}/" in urls
    for slug in trees():
        assert f"/rulings/{slug}/" in urls and f"/api/rulings/trees/{slug}/" in urls
    assert "/glossary/" in urls and "/offline/corpus.json" in urls and "/offline/tables.json" in urls
    assert not [url for url in urls if url.startswith(PRIVATE_PREFIXES)]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url  # a redirect could not answer a navigation
        assert "private" not in response.get("Cache-Control", ""), url


def test_wizard_data_has_every_leaf_rendered(client):
    body = client.get("/offline/wizard.json").json()
    assert [t["slug"] for t in body["trees"]] == list(trees())
    for slug, tree in trees().items():
        assert set(body["scripts"][slug]) == tree.leaf_ids
    script = body["scripts"]["revoke"]["offender_won_64a1"]["zh"]
    assert "{tricks_transferred}" in script and 'class="ref"' in script


@pytest.mark.parametrize("value", ["0", "1", "2", "—"])
def test_filling_a_rendered_script_equals_rendering_the_filled_script(value):
    """The browser fills {field} after the server rendered the script; that must equal what the wizard page
    shows (which fills first, then renders)."""
    html_escape = {"—": "—"}
    for tree in trees().values():
        for leaf in tree.nodes:
            if not isinstance(leaf, Leaf):
                continue
            for text in (leaf.script.zh, leaf.script.en):
                if "{" not in text:
                    continue
                filled_then_rendered = data.leaf_script_html(re.sub(r"\{([a-z_][a-z0-9_]*)\}", value, text))
                rendered_then_filled = re.sub(
                    r"\{([a-z_][a-z0-9_]*)\}", html_escape.get(value, value), data.leaf_script_html(text)
                )
                assert rendered_then_filled == filled_then_rendered, (tree.slug, leaf.id)


def test_shells_render(client):
    wizard = client.get("/offline/wizard/").content.decode()
    assert 'id="offline-wizard"' in wizard and 'data-tree-url="/api/rulings/trees/__slug__/"' in wizard
    assert "js/pages/wizard.js" in wizard and "data-outcome-labels=" in wizard
    search = client.get("/offline/search/").content.decode()
    assert "data-offline-search-page" in search and 'id="search-page-q"' in search
    page = client.get("/offline/").content.decode()
    assert "离线" in page


@pytest.mark.parametrize("path", ["/", "/laws/64/", "/offline/", "/offline/wizard/", "/offline/search/"])
def test_no_inline_script_or_handler(client, path):
    """Everything runs from /static/ files (a strict Content-Security-Policy stays possible)."""
    html = client.get(path).content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html)
    assert not re.search(r"<[a-z]+[^>]*\son[a-z]+=", html)
