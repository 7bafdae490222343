"""Sign-in for the club rulings log, with a login limiter, and the API token page.

The limiter counts failed logins in the database (LoginFailure), so it holds across worker processes and hosts
and needs no cache server: after LOGIN_FAILURE_LIMIT failures for one username from one address within
LOGIN_FAILURE_WINDOW_SECONDS (5 in 15 minutes), or LOGIN_FAILURE_LIMIT_PER_ADDRESS failures from one address for
any usernames, that address is refused with 429 until the window has passed, even with the right password.
A successful login clears the username's failures from that address.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from rest_framework.authtoken.models import Token

from accounts.models import LoginFailure

USERNAME_LIMIT = 150


def _window() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)


def client_address(request) -> str | None:
    """The peer address. X-Forwarded-For is not trusted: a proxy in front must set REMOTE_ADDR itself."""
    return request.META.get("REMOTE_ADDR") or None


def login_blocked(*, username: str, address: str | None) -> bool:
    since = timezone.now() - _window()
    recent = LoginFailure.objects.filter(at__gte=since, address=address)
    if recent.filter(username=username[:USERNAME_LIMIT]).count() >= settings.LOGIN_FAILURE_LIMIT:
        return True
    return recent.count() >= settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS


@transaction.atomic
def login_failure_record(*, username: str, address: str | None) -> None:
    LoginFailure.objects.create(username=username[:USERNAME_LIMIT], address=address)
    # Rows older than the window count for nothing: prune them as we go.
    LoginFailure.objects.filter(at__lt=timezone.now() - _window()).delete()


def login_failures_clear(*, username: str, address: str | None) -> None:
    LoginFailure.objects.filter(username=username[:USERNAME_LIMIT], address=address).delete()


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = request.POST.get("username", "")
        address = client_address(request)
        if login_blocked(username=username, address=address):
            # An unbound form: binding it would run authenticate() for a refused attempt.
            form = self.get_form_class()(request, initial={"username": username[:USERNAME_LIMIT]})
            message = _("登录失败次数过多。请 %(minutes)s 分钟后再试。") % {
                "minutes": settings.LOGIN_FAILURE_WINDOW_SECONDS // 60
            }
            return self.render_to_response(self.get_context_data(form=form, blocked=message), status=429)
        return super().post(request, *args, **kwargs)

    def form_invalid(self, form):
        login_failure_record(
            username=self.request.POST.get("username", ""), address=client_address(self.request)
        )
        return super().form_invalid(form)

    def form_valid(self, form):
        login_failures_clear(username=form.get_user().get_username(), address=client_address(self.request))
        return super().form_valid(form)


class LogoutView(auth_views.LogoutView):
    pass


@login_required
@require_http_methods(["GET", "POST"])
def token_page(request):
    """The signed-in user's API token (Authorization: Token …): shown, created or replaced."""
    token = Token.objects.filter(user=request.user).first()
    if request.method == "POST":
        with transaction.atomic():
            Token.objects.filter(user=request.user).delete()
            token = Token.objects.create(user=request.user)
        return redirect("accounts:token")
    return render(request, "registration/token.html", {"token": token})
