"""API routes of the calculators (boards, scores, IMPs, matchpoints, adjusted scores, the 12C2 builder) and the
decision trees, and deals (PBN import, the double-dummy aid)."""

from django.urls import path

from rulings import api, deals_api, trees_api

urlpatterns = [
    path("boards/<int:number>/", api.board, name="api-board"),
    path("score/", api.score, name="api-score"),
    path("imps/", api.imps, name="api-imps"),
    path("matchpoints/", api.matchpoints, name="api-matchpoints"),
    path("adjusted-score/", api.adjusted_score, name="api-adjusted-score"),
    path("assigned-score/", api.assigned_score, name="api-assigned-score"),
    path("deals/import/", deals_api.deal_import, name="api-deal-import"),
    path("deals/double-dummy/", deals_api.deal_double_dummy, name="api-deal-double-dummy"),
    path("rulings/trees/", trees_api.tree_list, name="api-tree-list"),
    path("rulings/trees/<slug:slug>/", trees_api.tree_detail, name="api-tree-detail"),
    path("rulings/trees/<slug:slug>/evaluate/", trees_api.tree_evaluate, name="api-tree-evaluate"),
]
