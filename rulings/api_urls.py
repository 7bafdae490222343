from django.urls import path

from rulings import api

urlpatterns = [
    path("boards/<int:number>/", api.board, name="api-board"),
    path("score/", api.score, name="api-score"),
    path("imps/", api.imps, name="api-imps"),
    path("matchpoints/", api.matchpoints, name="api-matchpoints"),
    path("adjusted-score/", api.adjusted_score, name="api-adjusted-score"),
]
