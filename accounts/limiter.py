"""The login limiter, shared by /accounts/login/ and /admin/login/ (security review H3, M2).

Failed logins are rows in the database (LoginFailure), so every worker process and every app server on one
database counts the same failures; no cache server is needed.

- A username is counted as Django's sign-in reads it: the sign-in form's UsernameField (whitespace stripped,
  NFKC) — ``"demo-director "`` and ``"ｄｅｍｏ-director"`` are the account ``demo-director``. The user model's
  usernames are case-sensitive (ModelBackend looks them up exactly), so case variants are other (unknown) names.
- **Known accounts are locked per account, from every address**: LOGIN_FAILURE_LIMIT failures lock the account for
  LOGIN_FAILURE_WINDOW_SECONDS after the last one; each failure after a lock doubles the next lock (back-off), up
  to LOGIN_LOCK_MAX_SECONDS. Failures older than that are forgotten; a successful sign-in clears the account's.
- **Unknown usernames are limited per address**: LOGIN_FAILURE_LIMIT_PER_ADDRESS failures for names that are no
  account, from one address within the window, refuse that address further unknown names. A known account is
  never refused for its address, so one shared address (a hall's NAT, a proxy) cannot lock a club out.
- The address is REMOTE_ADDR, or with TRUSTED_PROXY_COUNT = n proxies in front, the n-th X-Forwarded-For entry
  from the right (the one the outermost trusted proxy saw).

Failures are recorded from Django's ``user_login_failed`` signal (sent by ``authenticate()`` with the request),
so every sign-in form that authenticates is counted.
"""

from __future__ import annotations

import datetime
import ipaddress
import math
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UsernameField
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.models import LoginFailure

USERNAME_LIMIT = 150


def normalise_username(raw: object) -> str:
    """The username as the sign-in form hands it to authenticate(): the same field class, so the same rules."""
    try:
        value = UsernameField().to_python(raw if isinstance(raw, str) else "")
    except ValidationError:
        value = ""
    return (value or "")[:USERNAME_LIMIT]


def client_address(request) -> str | None:
    """The client's address: REMOTE_ADDR, or behind TRUSTED_PROXY_COUNT proxies the X-Forwarded-For entry the
    outermost of them appended. Anything that is not an IP address falls back to REMOTE_ADDR."""
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies <= 0:
        return remote
    entries = [
        part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
    ]
    if len(entries) < proxies:
        return remote
    candidate = entries[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote


def _known(username: str) -> bool:
    User = get_user_model()
    return bool(username) and User._default_manager.filter(**{User.USERNAME_FIELD: username}).exists()


def _lock_seconds(failures: int) -> float:
    """How long an account stays locked after its last failure: the window at the limit, doubling after."""
    extra = failures - settings.LOGIN_FAILURE_LIMIT
    return min(settings.LOGIN_FAILURE_WINDOW_SECONDS * 2 ** min(extra, 32), settings.LOGIN_LOCK_MAX_SECONDS)


@dataclass(frozen=True)
class Refusal:
    seconds: float  # until the next attempt is heard

    @property
    def minutes(self) -> int:
        return max(1, math.ceil(self.seconds / 60))


def refusal(*, username: str, address: str | None) -> Refusal | None:
    """Why this attempt is refused before its password is checked, or None."""
    now = timezone.now()
    if _known(username):
        since = now - datetime.timedelta(seconds=settings.LOGIN_LOCK_MAX_SECONDS)
        recent = LoginFailure.objects.filter(username=username, at__gte=since)
        failures = recent.count()
        if failures < settings.LOGIN_FAILURE_LIMIT:
            return None
        last = recent.order_by("-at").values_list("at", flat=True).first()
        assert last is not None
        left = (last - now).total_seconds() + _lock_seconds(failures)
        return Refusal(left) if left > 0 else None
    if address is None:
        return None
    window = datetime.timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    User = get_user_model()
    accounts = User._default_manager.values(User.USERNAME_FIELD)
    unknown = LoginFailure.objects.filter(address=address, at__gte=now - window).exclude(
        username__in=accounts
    )
    if unknown.count() < settings.LOGIN_FAILURE_LIMIT_PER_ADDRESS:
        return None
    first = unknown.order_by("at").values_list("at", flat=True).first()
    assert first is not None
    return Refusal(max(1.0, (first + window - now).total_seconds()))


@transaction.atomic
def failure_record(*, username: str, address: str | None) -> None:
    LoginFailure.objects.create(username=username[:USERNAME_LIMIT], address=address)
    # Rows older than the longest lock count for nothing: prune them as we go.
    forgotten = timezone.now() - datetime.timedelta(seconds=settings.LOGIN_LOCK_MAX_SECONDS)
    LoginFailure.objects.filter(at__lt=forgotten).delete()


def failures_clear(*, username: str) -> None:
    LoginFailure.objects.filter(username=username[:USERNAME_LIMIT]).delete()


def on_login_failed(sender, credentials, request=None, **kwargs) -> None:
    """user_login_failed: count a failed web sign-in (calls without a request — scripts, tests — are not)."""
    if request is None:
        return
    User = get_user_model()
    raw = credentials.get("username", credentials.get(User.USERNAME_FIELD, ""))
    failure_record(username=normalise_username(raw), address=client_address(request))


def on_logged_in(sender, request, user, **kwargs) -> None:
    """user_logged_in: a successful sign-in clears the account's failures."""
    failures_clear(username=user.get_username())
