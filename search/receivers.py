"""Keep the index in step with the law base: rebuild after every corpus import (laws.signals.corpus_imported).

`load_corpus` sends the signal once for its whole batch of files, and `import_laws` once per file, each after
the import has committed, so the rebuild runs once per import command. The build writes a fresh generation and
swaps it in, so queries keep answering from the old index meanwhile (search/index.py).
"""

from __future__ import annotations

from search import index


def rebuild_on_import(sender, edition=None, **kwargs) -> None:
    """The index holds every edition (issue 28): an import into any of them rebuilds it."""
    index.search_index_build(edition=edition)
