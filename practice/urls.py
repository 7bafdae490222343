"""Page routes of trainee practice (namespace ``practice``)."""

from django.urls import path

from practice import views

app_name = "practice"

urlpatterns = [
    path("practice/", views.index, name="index"),
    path("practice/next/", views.next_case, name="next"),
    path("practice/progress/", views.progress, name="progress"),
    path("practice/drills/<slug:slug>/", views.drill, name="drill"),
    path("practice/cases/<slug:item>/", views.case, name="case"),
    path("practice/clubs/<int:club_id>/", views.club, name="club"),
]
