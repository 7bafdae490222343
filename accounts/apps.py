"""The accounts app: sign-in, API tokens, the login limiter."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("账号与登录")

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
        from django.db.models.signals import pre_save

        from accounts import limiter, tokens

        user_login_failed.connect(limiter.on_login_failed, dispatch_uid="accounts.limiter.failed")
        user_logged_in.connect(limiter.on_logged_in, dispatch_uid="accounts.limiter.logged_in")
        user_logged_out.connect(tokens.on_logged_out, dispatch_uid="accounts.tokens.logged_out")
        pre_save.connect(
            tokens.on_user_saved, sender=get_user_model(), dispatch_uid="accounts.tokens.password"
        )
