"""The accounts app: sign-in, API tokens, the login limiter."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("账号与登录")
