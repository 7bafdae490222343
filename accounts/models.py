"""Sign-in state: failed logins and usual addresses of the login limiter (accounts.limiter), and the API tokens,
hashed (accounts.tokens)."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class LoginFailure(models.Model):
    """One failed login (accounts.views limits them per username and address). Old rows are pruned."""

    username = models.CharField(_("用户名"), max_length=150)
    address = models.GenericIPAddressField(_("地址"), null=True)
    at = models.DateTimeField(_("时间"), auto_now_add=True, db_index=True)

    class Meta:
        db_table = "rulings_loginfailure"  # born in the rulings app; the move kept the table
        verbose_name = _("登录失败")
        verbose_name_plural = _("登录失败")
        indexes = [
            models.Index(fields=["username", "address", "at"], name="rulings_log_usernam_e6fe58_idx"),
            models.Index(fields=["address", "at"], name="rulings_log_address_6c10f7_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.username} {self.address} {self.at:%Y-%m-%d %H:%M}"


class LoginAddress(models.Model):
    """An address an account signed in from (accounts.limiter): its usual addresses are never slowed down by
    other addresses' failures (security review N2)."""

    username = models.CharField(_("用户名"), max_length=150)
    address = models.GenericIPAddressField(_("地址"))
    last_at = models.DateTimeField(_("最近登录"))

    class Meta:
        verbose_name = _("常用登录地址")
        verbose_name_plural = _("常用登录地址")
        constraints = [
            models.UniqueConstraint(fields=["username", "address"], name="loginaddress_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.username} {self.address}"


class ApiToken(models.Model):
    """An API token (accounts.tokens), hashed at rest: the key is shown once when made; kept are its SHA-256,
    its first characters, a mark of the password hash it was issued under, and its expiry (security review L7)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens", verbose_name=_("用户")
    )
    digest = models.CharField(_("SHA-256"), max_length=64, unique=True)
    prefix = models.CharField(_("开头"), max_length=8)
    password_mark = models.CharField(_("密码标记"), max_length=64)
    created_at = models.DateTimeField(_("生成时间"), default=timezone.now)
    expires_at = models.DateTimeField(_("过期时间"))

    class Meta:
        verbose_name = _("API 令牌")
        verbose_name_plural = _("API 令牌")

    def __str__(self) -> str:
        return f"{self.user} {self.prefix}…"
