"""The installable, offline-capable tablet app (issue 9): service worker, manifest, the offline corpus and shells.

Pages stay server-rendered; the service worker (static/sw.js, served at /sw.js so its scope is the whole site)
keeps copies for when the hall's wifi drops, and the few things that must compute offline — the search box and
the rulings wizards — run in the browser from JSON this app serves (docs/design.md §6a).
"""
