"""API routes of the club rulings log: /api/clubs/<id>/rulings/ and …/<number>/."""

from django.urls import path

from clubs import api, api_appeal

urlpatterns = [
    path("clubs/<int:club_id>/rulings/", api.RulingListApi.as_view(), name="api-club-rulings"),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/",
        api.RulingDetailApi.as_view(),
        name="api-club-ruling",
    ),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/appeal-file/",
        api_appeal.AppealFileApi.as_view(),
        name="api-club-ruling-appeal-file",
    ),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/appeal-committee/",
        api_appeal.AppealCommitteeApi.as_view(),
        name="api-club-ruling-appeal-committee",
    ),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/comments/<int:comment_id>/hide/",
        api.CommentHideApi.as_view(),
        name="api-club-comment-hide",
    ),
]
