"""The deploy's static storage: WhiteNoise's compressed, hashed files, with the ES modules' imports hashed too."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    """static/js is ES modules loaded as they are (no build step). A page's module imports the engine's by a
    relative path (``import * as Tree from "../engine/trees.js";``); Django rewrites those paths to the hashed
    names, as it does for CSS ``url()``, so a module and what it imports are cached (far-future, by WhiteNoise)
    and precached by the service worker (offline/views.py PRECACHED_STATIC, by the same hashed names) together.
    Without it the modules would import the unhashed files, which the worker does not store. The modules may not
    import each other in a cycle: the hashes of a cycle never settle (collectstatic stops, "Max post-process passes
    exceeded"; tests/offline/test_bundle.py runs collectstatic with this storage)."""

    support_js_module_import_aggregation = True
