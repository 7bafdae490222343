from django.dispatch import Signal

# Sent after a corpus import has committed (kwargs: edition). The search index rebuilds on it.
corpus_imported = Signal()
