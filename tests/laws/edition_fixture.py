"""A small wbf-2017 edition (tests/laws/editions_fixture/) loaded inside a test, for the tests of the edition
machinery: it replaces whatever wbf-2017 the session loaded, and the test's transaction rolls it back."""

from pathlib import Path

import pytest

FIXTURE = Path(__file__).parent / "editions_fixture"


@pytest.fixture
def edition_2017(settings, db):
    from laws import editions
    from laws.models import Edition, Law
    from laws.services import corpus_load_default

    settings.LAWS_EDITIONS_DIR = FIXTURE
    Law.objects.filter(edition__code="wbf-2017").delete()
    Edition.objects.filter(code="wbf-2017").delete()
    editions._CODES.clear()
    corpus_load_default(edition_code="wbf-2017")
    yield Edition.objects.get(code="wbf-2017")
    editions._CODES.clear()
