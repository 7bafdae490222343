from django.urls import path

from rulings import log_api

urlpatterns = [
    path("clubs/<int:club_id>/rulings/", log_api.RulingListApi.as_view(), name="api-club-rulings"),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/",
        log_api.RulingDetailApi.as_view(),
        name="api-club-ruling",
    ),
]
