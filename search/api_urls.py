"""API route of search: /api/search/."""

from django.urls import path

from search import api

urlpatterns = [
    path("search/", api.search_api, name="api-search"),
]
