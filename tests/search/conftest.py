"""The search index, built once per run from the session's corpus into settings.SEARCH_INDEX_DIR (a temp folder)."""

import pytest

from search.index import search_index_build


@pytest.fixture(scope="session")
def search_index(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        return search_index_build()


@pytest.fixture(autouse=True)
def _search_index(search_index):
    return search_index
