"""Routes of the offline app: /sw.js, the manifest, the offline shells and their JSON."""

from django.urls import path

from offline import views

app_name = "offline"

urlpatterns = [
    path("sw.js", views.service_worker, name="sw"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline_page, name="page"),
    path("offline/wizard/", views.wizard_shell, name="wizard-shell"),
    path("offline/search/", views.search_shell, name="search-shell"),
    path("offline/corpus.json", views.corpus, name="corpus"),
    path("offline/tables.json", views.tables, name="tables"),
    path("offline/wizard.json", views.wizard_data, name="wizard-data"),
    path("offline/pack.json", views.pack, name="pack"),
    path("offline/bundle.json", views.bundle, name="bundle"),
    path("offline/version.json", views.version, name="version"),
    path("favicon.ico", views.favicon, name="favicon"),
]
