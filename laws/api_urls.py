"""API routes of the law base: /api/laws/, /api/laws/<n>/, /api/definitions/."""

from django.urls import path

from laws import api

urlpatterns = [
    path("laws/", api.law_list, name="api-law-list"),
    path("laws/<int:number>/", api.law_detail, name="api-law-detail"),
    path("definitions/", api.definition_list, name="api-definition-list"),
]
