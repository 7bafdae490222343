"""`corpus_imported`: sent once an import has committed, so derived data (the search index) rebuilds."""

from django.dispatch import Signal

# Sent after a corpus import has committed (kwargs: edition). The search index rebuilds on it.
corpus_imported = Signal()
