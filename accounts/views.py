"""Sign-in for the club rulings log, behind the login limiter (accounts.limiter), and the API token page."""

from __future__ import annotations

from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from accounts import limiter, tokens
from accounts.models import ApiToken

NEW_KEY = "accounts.new_api_token"


def refusal_message(refusal: limiter.Refusal) -> str:
    return _("登录失败次数过多。请 %(minutes)s 分钟后再试。") % {"minutes": refusal.minutes}


class LoginView(auth_views.LoginView):
    """/accounts/login/. Failures are counted by the limiter's signal receiver (authenticate() sends it)."""

    template_name = "registration/login.html"
    redirect_authenticated_user = True

    def post(self, request, *args, **kwargs):
        username = limiter.normalise_username(request.POST.get("username", ""))
        refused = limiter.refusal(username=username, address=limiter.client_key(request))
        if refused:
            # An unbound form: binding it would run authenticate() for a refused attempt.
            form = self.get_form_class()(request, initial={"username": username})
            context = self.get_context_data(form=form, blocked=refusal_message(refused))
            response = self.render_to_response(context, status=429)
            response["Retry-After"] = str(int(refused.seconds) + 1)
            return response
        return super().post(request, *args, **kwargs)


class LogoutView(auth_views.LogoutView):
    pass


@login_required
@require_http_methods(["GET", "POST"])
def token_page(request):
    """The signed-in user's API token (Authorization: Token …): made or replaced here, its key shown once (the
    database keeps only its hash: accounts.tokens); afterwards its beginning and expiry."""
    if request.method == "POST":
        with transaction.atomic():
            key, _token = tokens.token_issue(request.user)
        request.session[NEW_KEY] = key  # shown by the next GET, once
        return redirect("accounts:token")
    token = ApiToken.objects.filter(user=request.user).first()
    key = request.session.pop(NEW_KEY, None) if token is not None else None
    return render(request, "registration/token.html", {"token": token, "key": key})
