"""Site admin: its sign-in goes through the login limiter (security review H3); failed logins are read-only, each
shown with the lock or slow-down it holds now (N2), and a superuser lifts an account's locks early (the action
「解除所选账号的锁定」, or deleting rows). The accounts' usual addresses are listed too."""

from functools import wraps

from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.forms.utils import ErrorDict, ErrorList
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.authtoken.models import TokenProxy

from accounts import limiter
from accounts.models import ApiToken, LoginAddress, LoginFailure
from accounts.views import refusal_message


def limited_admin_login(site: admin.AdminSite):
    """Wrap ``site.login``: a refused attempt gets the admin's sign-in page with the reason and 429, without its
    password being checked; failures and successes are counted by the limiter's signal receivers."""
    login = site.login

    @wraps(login)
    def view(request, extra_context=None):
        if request.method == "POST":
            username = limiter.normalise_username(request.POST.get("username", ""))
            refused = limiter.refusal(username=username, address=limiter.client_key(request))
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


# The default admin site's login view, replaced on the instance by the rate-limited one above.
admin.site.login = limited_admin_login(admin.site)  # type: ignore[method-assign]


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin):
    list_display = ["username", "address", "at", "lock"]
    search_fields = ["username", "address"]
    actions = ["clear_locks"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser  # deleting an account's failures lifts its lock-out early

    @admin.display(description=gettext_lazy("现在"))
    def lock(self, obj: LoginFailure) -> str:
        """What this row's account and address are held to now: locked, slowed down, or nothing."""
        locked = limiter.lock_left(username=obj.username, address=obj.address)
        if locked:
            return _("已锁定，还剩 %(minutes)s 分钟") % {"minutes": limiter.Refusal(locked).minutes}
        slowed = limiter.slowdown_left(username=obj.username, address=obj.address)
        if slowed and not limiter.usual_address(username=obj.username, address=obj.address):
            return _("减速中，还需等待 %(seconds)s 秒") % {"seconds": int(slowed) + 1}
        return "—"

    @admin.action(description=gettext_lazy("解除所选账号的锁定"), permissions=["delete"])
    def clear_locks(self, request, queryset):
        usernames = set(queryset.values_list("username", flat=True))
        cleared = sum(limiter.failures_clear(username=name, everywhere=True) for name in usernames)
        self.message_user(
            request,
            _("已解除 %(accounts)s 个账号的锁定（删除 %(rows)s 条失败记录）。")
            % {"accounts": len(usernames), "rows": cleared},
            messages.SUCCESS,
        )


@admin.register(LoginAddress)
class LoginAddressAdmin(admin.ModelAdmin):
    list_display = ["username", "address", "last_at"]
    search_fields = ["username", "address"]

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser  # an address no longer trusted: its failures count again


# The plaintext tokens of rest_framework.authtoken are no longer read (accounts.tokens, security review L7): its
# admin would make keys that do not work. The app stays installed for its table's migrations.
if admin.site.is_registered(TokenProxy):
    admin.site.unregister(TokenProxy)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """The users' API tokens: who, the key's beginning, made and expiring when; the key itself is not kept."""

    list_display = ["user", "prefix", "created_at", "expires_at"]
    search_fields = ["user__username", "prefix"]
    exclude = ["digest", "password_mark"]

    def has_add_permission(self, request, obj=None):
        return False  # a token is made by its user at /accounts/token/, shown once

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser  # revoking a token
