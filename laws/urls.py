"""Page routes of the law base (namespace ``laws``)."""

from django.urls import path

from laws import views

app_name = "laws"

urlpatterns = [
    path("", views.home, name="home"),
    path("laws/go/", views.goto, name="goto"),
    path("laws/<int:number>/", views.law, name="law"),
    path("laws/<int:number>/compare/", views.compare, name="compare"),
    path("changes/", views.changes_index, name="changes"),
    path("edition/", views.edition_choose, name="edition"),
    path("laws/<str:ref>/", views.section_redirect, name="section"),
    path("chapters/<int:number>/", views.chapter, name="chapter"),
    path("glossary/", views.glossary, name="glossary"),
]
