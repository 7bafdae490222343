"""Pages of the club rulings log (namespace ``clubs``)."""

from django.urls import path

from clubs.views import clubs, committee, door, record, record_form, review

app_name = "clubs"

urlpatterns = [
    path("clubs/", clubs.clubs, name="clubs"),
    # The one door from a ruling into the log (clubs.views.door): the wizard's link and the judgement form's save
    # (its address kept under the form's own).
    path("clubs/new-ruling/", door.record_from_wizard, name="from-wizard"),
    path("rulings/<slug:slug>/form/save/", door.record_from_judgement, name="from-judgement"),
    path("clubs/<int:club_id>/members/", clubs.members, name="members"),
    path("clubs/<int:club_id>/rulings/", review.ruling_list, name="list"),
    path("clubs/<int:club_id>/rulings/new/", record_form.ruling_new, name="new"),
    path("clubs/<int:club_id>/rulings/export.csv", review.ruling_csv, name="csv"),
    path("clubs/<int:club_id>/rulings/stats/", review.ruling_stats, name="stats"),
    path("clubs/<int:club_id>/rulings/<int:number>/", record.ruling_detail, name="detail"),
    path("clubs/<int:club_id>/rulings/<int:number>/edit/", record_form.ruling_edit, name="edit"),
    path("clubs/<int:club_id>/rulings/<int:number>/print/", record.ruling_print, name="print"),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/appeal-file/", record.ruling_appeal_file, name="appeal-file"
    ),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/appeal-file/edit/",
        record.ruling_appeal_edit,
        name="appeal-file-edit",
    ),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/appeal-committee/",
        committee.appeal_committee,
        name="appeal-committee",
    ),
    path("clubs/<int:club_id>/rulings/<int:number>/comments/", record.comment_add, name="comment"),
    path(
        "clubs/<int:club_id>/rulings/<int:number>/comments/<int:comment_id>/hide/",
        record.comment_hide,
        name="comment-hide",
    ),
    path("clubs/<int:club_id>/rulings/<int:number>/appeal/", record.appeal_lodge, name="appeal"),
    path("clubs/<int:club_id>/rulings/<int:number>/decision/", record.appeal_decide, name="decision"),
    path("clubs/<int:club_id>/rulings/<int:number>/sign-off/", record.sign_off, name="sign-off"),
]
