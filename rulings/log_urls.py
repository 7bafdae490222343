from django.urls import path

from rulings import accounts, log_views

app_name = "log"

urlpatterns = [
    path("accounts/login/", accounts.LoginView.as_view(), name="login"),
    path("accounts/logout/", accounts.LogoutView.as_view(), name="logout"),
    path("accounts/token/", accounts.token_page, name="token"),
    path("clubs/", log_views.clubs, name="clubs"),
    path("clubs/new-ruling/", log_views.record_from_wizard, name="from-wizard"),
    path("clubs/<int:club_id>/members/", log_views.members, name="members"),
    path("clubs/<int:club_id>/rulings/", log_views.ruling_list, name="list"),
    path("clubs/<int:club_id>/rulings/new/", log_views.ruling_new, name="new"),
    path("clubs/<int:club_id>/rulings/export.csv", log_views.ruling_csv, name="csv"),
    path("clubs/<int:club_id>/rulings/stats/", log_views.ruling_stats, name="stats"),
    path("clubs/<int:club_id>/rulings/<int:number>/", log_views.ruling_detail, name="detail"),
    path("clubs/<int:club_id>/rulings/<int:number>/edit/", log_views.ruling_edit, name="edit"),
    path("clubs/<int:club_id>/rulings/<int:number>/print/", log_views.ruling_print, name="print"),
    path("clubs/<int:club_id>/rulings/<int:number>/comments/", log_views.comment_add, name="comment"),
    path("clubs/<int:club_id>/rulings/<int:number>/appeal/", log_views.appeal_lodge, name="appeal"),
    path("clubs/<int:club_id>/rulings/<int:number>/decision/", log_views.appeal_decide, name="decision"),
    path("clubs/<int:club_id>/rulings/<int:number>/sign-off/", log_views.sign_off, name="sign-off"),
]
