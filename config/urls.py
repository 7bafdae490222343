"""The site's routes: the API under /api/ (JSON errors for unknown API paths), admin, i18n, then each app's pages."""

from django.contrib import admin
from django.http import JsonResponse
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.health import healthz


def api_not_found(request, *args, **kwargs):
    return JsonResponse({"error": "Not found.", "field": None}, status=404)


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("laws.api_urls")),
    path("api/", include("rulings.api_urls")),
    path("api/", include("search.api_urls")),
    path("api/", include("clubs.api_urls")),
    path("api/", include("practice.api_urls")),
    re_path(r"^api/.*$", api_not_found),
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
