"""API tokens (``Authorization: Token <key>``), hashed at rest, with an expiry (security review L7).

- A key is 40 random hex digits, shown once when it is made (/accounts/token/); the database keeps its SHA-256
  (:class:`accounts.models.ApiToken`), its first characters to recognise it, and when it expires
  (API_TOKEN_TTL_DAYS after it was made). A copy of the database gives no usable key. A key of 160 random bits
  needs no slow hash: SHA-256 cannot be searched back.
- A token ends with the password it was issued under: it carries a mark of the password hash (an HMAC keyed by
  SECRET_KEY), and a request whose user's password hash has changed since — through ``set_password``, the admin,
  or a ``QuerySet.update()`` behind the model's back — is refused; a saved password change also deletes the row.
- Signing out of the site (any session) revokes the user's tokens; so does making a new one, and deactivating
  the user refuses them.

Tokens of rest_framework.authtoken (plaintext) were converted by the migration accounts 0003: each key still
works, now hashed, and expires API_TOKEN_TTL_DAYS after the upgrade.
"""

from __future__ import annotations

import datetime
import hashlib
import hmac
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

KEY_BYTES = 20  # 40 hex digits, as rest_framework.authtoken's keys
PREFIX_LENGTH = 8
_MARK_SALT = "caipan.api-token.password"


def token_digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def password_mark(password_hash: str) -> str:
    """What a token keeps of the password hash it was issued under: an HMAC of it (never the hash itself)."""
    return salted_hmac(_MARK_SALT, password_hash or "", algorithm="sha256").hexdigest()


def token_expiry(now: datetime.datetime | None = None) -> datetime.datetime:
    return (now or timezone.now()) + datetime.timedelta(days=settings.API_TOKEN_TTL_DAYS)


def token_issue(user) -> tuple[str, object]:
    """A new token for ``user`` (the old one is revoked): the key, to be shown once, and its row."""
    from accounts.models import ApiToken

    key = secrets.token_hex(KEY_BYTES)
    ApiToken.objects.filter(user=user).delete()
    token = ApiToken.objects.create(
        user=user,
        digest=token_digest(key),
        prefix=key[:PREFIX_LENGTH],
        password_mark=password_mark(user.password),
        expires_at=token_expiry(),
    )
    return key, token


def tokens_revoke(user_id) -> int:
    from accounts.models import ApiToken

    return ApiToken.objects.filter(user_id=user_id).delete()[0]


class HashedTokenAuthentication(TokenAuthentication):
    """DRF's ``Authorization: Token <key>``, looked up by the key's SHA-256, refused once expired, once the user's
    password hash is not the one it was issued under, or for an inactive user."""

    def authenticate_credentials(self, key):
        from accounts.models import ApiToken

        token = ApiToken.objects.select_related("user").filter(digest=token_digest(key)).first()
        if token is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        if token.expires_at <= timezone.now():
            raise exceptions.AuthenticationFailed(_("令牌已过期，请在 /accounts/token/ 重新生成。"))
        user = token.user
        if not hmac.compare_digest(token.password_mark, password_mark(user.password)):
            raise exceptions.AuthenticationFailed(_("密码已更改，令牌已失效，请重新生成。"))
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return (user, token)


def on_user_saved(sender, instance, raw: bool = False, update_fields=None, **kwargs) -> None:
    """pre_save of the user model: the stored password hash is about to change → the tokens go."""
    if raw or instance.pk is None or (update_fields is not None and "password" not in update_fields):
        return
    stored = (
        get_user_model()._default_manager.filter(pk=instance.pk).values_list("password", flat=True).first()
    )
    if stored is not None and stored != instance.password:
        tokens_revoke(instance.pk)


def on_logged_out(sender, request=None, user=None, **kwargs) -> None:
    """user_logged_out: signing out revokes the user's API tokens (a token no longer outlives its session)."""
    if user is not None and user.pk is not None:
        tokens_revoke(user.pk)
