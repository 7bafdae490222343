"""The search index of the session's corpus (as tests/search builds it), for /healthz."""

import pytest

from search.index import search_index_build


@pytest.fixture(scope="session")
def search_index(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return search_index_build()
