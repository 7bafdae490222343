"""Sign-in state: failed logins counted by the login limiter (accounts.views). Old rows are pruned."""

from django.db import models
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
