"""The site's routes: the API under /api/ (JSON errors for unknown API paths), admin, i18n, then each app's pages."""

from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core.api import api_not_found
from ops.health import healthz

handler500 = "core.api.server_error"


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file (the Content-Security-Policy refuses inline
    # scripts); its page keeps one small inline <style>.
    path(
        "api/docs/",
        csp_update({"style-src": ["'self'", UNSAFE_INLINE]})(
            SpectacularSwaggerSplitView.as_view(url_name="schema")
        ),
        name="api-docs",
    ),
    path("api/", include("laws.api_urls")),
    path("api/", include("rulings.api_urls")),
    path("api/", include("search.api_urls")),
    path("api/", include("clubs.api_urls")),
    path("api/", include("practice.api_urls")),
    # [\s\S]: a path with an encoded line break (%0A) is an API path too, answered as JSON.
    re_path(r"^api/[\s\S]*$", api_not_found),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("rulings.urls")),
    path("", include("accounts.urls")),
    path("", include("clubs.urls")),
    path("search/", include("search.urls")),
    path("", include("practice.urls")),
    path("", include("offline.urls")),
    path("", include("laws.urls")),
]
