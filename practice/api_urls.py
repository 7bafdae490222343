"""API routes of trainee practice: scenarios, answers, drills."""

from django.urls import path

from practice import api

urlpatterns = [
    path("practice/scenarios/", api.scenario_list, name="api-practice-scenarios"),
    path("practice/scenarios/<slug:item>/", api.scenario_detail, name="api-practice-scenario"),
    path("practice/scenarios/<slug:item>/answer/", api.scenario_answer, name="api-practice-answer"),
    path("practice/drills/<slug:slug>/", api.drill, name="api-practice-drill"),
]
