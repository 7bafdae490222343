"""The club fixtures (a club, its members, a record maker) for the API error tests that write to the log, and the
search index of the session's corpus (as tests/search builds it), for /healthz."""

import pytest

from search.index import search_index_build
from tests.clubs.conftest import club, director, make_record, other_club, record  # noqa: F401


@pytest.fixture(scope="session")
def search_index(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return search_index_build()
