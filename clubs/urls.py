"""Pages of the club rulings log (namespace ``clubs``)."""

from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("clubs/", views.clubs, name="clubs"),
    path("clubs/new-ruling/", views.record_from_wizard, name="from-wizard"),
    path("clubs/<int:club_id>/members/", views.members, name="members"),
    path("clubs/<int:club_id>/rulings/", views.ruling_list, name="list"),
    path("clubs/<int:club_id>/rulings/new/", views.ruling_new, name="new"),
    path("clubs/<int:club_id>/rulings/export.csv", views.ruling_csv, name="csv"),
    path("clubs/<int:club_id>/rulings/stats/", views.ruling_stats, name="stats"),
    path("clubs/<int:club_id>/rulings/<int:number>/", views.ruling_detail, name="detail"),
    path("clubs/<int:club_id>/rulings/<int:number>/edit/", views.ruling_edit, name="edit"),
    path("clubs/<int:club_id>/rulings/<int:number>/print/", views.ruling_print, name="print"),
    path("clubs/<int:club_id>/rulings/<int:number>/comments/", views.comment_add, name="comment"),
    path("clubs/<int:club_id>/rulings/<int:number>/appeal/", views.appeal_lodge, name="appeal"),
    path("clubs/<int:club_id>/rulings/<int:number>/decision/", views.appeal_decide, name="decision"),
    path("clubs/<int:club_id>/rulings/<int:number>/sign-off/", views.sign_off, name="sign-off"),
]
