"""API routes of the law base: /api/laws/, /api/laws/<n>/, /api/definitions/, /api/editions/."""

from django.urls import path

from laws import api

urlpatterns = [
    path("editions/", api.edition_list, name="api-edition-list"),
    path("laws/", api.law_list, name="api-law-list"),
    path("laws/<int:number>/", api.law_detail, name="api-law-detail"),
    path("definitions/", api.definition_list, name="api-definition-list"),
]
