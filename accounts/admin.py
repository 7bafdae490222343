"""Site admin: its sign-in goes through the login limiter (security review H3); failed logins are read-only, and
a superuser may delete an account's failures to lift a lock-out early."""

from functools import wraps

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.forms.utils import ErrorDict, ErrorList
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _

from accounts import limiter
from accounts.models import LoginFailure
from accounts.views import refusal_message


def limited_admin_login(site: admin.AdminSite):
    """Wrap ``site.login``: a refused attempt gets the admin's sign-in page with the reason and 429, without its
    password being checked; failures and successes are counted by the limiter's signal receivers."""
    login = site.login

    @wraps(login)
    def view(request, extra_context=None):
        if request.method == "POST":
            username = limiter.normalise_username(request.POST.get("username", ""))
            refused = limiter.refusal(username=username, address=limiter.client_address(request))
            if refused:
                form = (site.login_form or AdminAuthenticationForm)(request, initial={"username": username})
                form._errors = ErrorDict({"__all__": ErrorList([refusal_message(refused)])})
                context = {
                    **site.each_context(request),
                    "title": _("登录"),
                    "subtitle": None,
                    "app_path": request.get_full_path(),
                    "form": form,
                    "username": request.user.get_username(),
                    **(extra_context or {}),
                }
                request.current_app = site.name
                response = TemplateResponse(
                    request, site.login_template or "admin/login.html", context, status=429
                )
                response["Retry-After"] = str(int(refused.seconds) + 1)
                return response
        return login(request, extra_context)

    return view


admin.site.login = limited_admin_login(admin.site)


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    list_display = ["username", "address", "at"]
    search_fields = ["username", "address"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser  # deleting an account's failures lifts its lock-out early
