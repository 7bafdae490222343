"""Page routes of the calculators and the rulings wizard (namespace ``rulings``)."""

from django.urls import path

from rulings import judgement_views, views, wizard_views

app_name = "rulings"

urlpatterns = [
    path("tools/score/", views.score_page, name="score"),
    path("tools/imps/", views.imps_page, name="imps"),
    path("tools/matchpoints/", views.matchpoints_page, name="matchpoints"),
    path("tools/adjusted/", views.adjusted_page, name="adjusted"),
    path("tools/assigned/", judgement_views.assigned_page, name="assigned"),
    path("rulings/", wizard_views.wizard_index, name="wizard"),
    path("rulings/<slug:slug>/", wizard_views.wizard_walk, name="wizard-walk"),
    path("rulings/<slug:slug>/form/", judgement_views.ruling_form, name="ruling-form"),
]
