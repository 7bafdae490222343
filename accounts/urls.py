"""Sign-in, sign-out and the API token page (namespace ``accounts``)."""

from django.urls import path

from accounts import views

app_name = "accounts"

urlpatterns = [
    path("accounts/login/", views.LoginView.as_view(), name="login"),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path("accounts/token/", views.token_page, name="token"),
]
