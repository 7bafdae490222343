"""The login limiter, shared by /accounts/login/ and /admin/login/ (security review H3, M2, N2).

Failed logins are rows in the database (LoginFailure), so every worker process and every app server on one
database counts the same failures; no cache server is needed.

- A username is counted as Django's sign-in reads it: the sign-in form's UsernameField (whitespace stripped,
  NFKC) — ``"demo-director "`` and ``"ｄｅｍｏ-director"`` are the account ``demo-director``. The user model's
  usernames are case-sensitive (ModelBackend looks them up exactly), so case variants are other (unknown) names.
- **A known account is locked per account and address** (N2: a stranger's failures never lock the owner out):
  LOGIN_FAILURE_LIMIT failures for one account from one address lock that address out of that account for
  LOGIN_FAILURE_WINDOW_SECONDS after the last one; each failure after a lock doubles the next (back-off), up to
  LOGIN_LOCK_MAX_SECONDS. Failures older than that are forgotten.
- **Across addresses an account is slowed down, never locked**: once it has LOGIN_ACCOUNT_SLOWDOWN_AFTER failures
  in the window from all addresses together, an address that has failed for it waits, after its own last failure,
  LOGIN_SLOWDOWN_SECONDS, doubling with each further failure of the account, up to LOGIN_SLOWDOWN_MAX_SECONDS.
  An address that has not failed for the account has its password checked (one try before it is slowed too) while
  fewer than LOGIN_FRESH_ADDRESSES addresses have failed for it in the window (then new ones wait too), and
  the account's **usual addresses** — those it signed in from in the last LOGIN_USUAL_ADDRESS_DAYS
  (LoginAddress) — are never slowed by others' failures. The slow-down is logged (``accounts.limiter``) once an
  account reaches it, so the admin learns of an attack; the admin lists each row's lock and clears them.
- A successful sign-in clears that address's failures for the account (not the others': a stranger's count
  goes on) and marks the address as usual.
- **Unknown usernames are limited per address**: LOGIN_FAILURE_LIMIT_PER_ADDRESS failures for names that are no
  account, from one address within the window, refuse that address further unknown names. A known account is
  never refused for its address, so one shared address (a hall's NAT, a proxy) cannot lock a club out.
- The address is REMOTE_ADDR, or with TRUSTED_PROXY_COUNT = n proxies in front, the n-th X-Forwarded-For entry
  from the right (the one the outermost trusted proxy saw); an IPv6 address counts as its /64 (:func:`client_key`).

Failures are recorded from Django's ``user_login_failed`` signal (sent by ``authenticate()`` with the request),
so every sign-in form that authenticates is counted.

Why not django-axes: it locks per username and address, or per either, but has no slow-down across addresses
and no notion of the owner's usual address; this limiter was already shared through the database and tested,
and the change is a few queries, not a new dependency with its own middleware, backend and tables.
"""

from __future__ import annotations

import datetime
import ipaddress
import logging
import math
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UsernameField
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.models import LoginAddress, LoginFailure

USERNAME_LIMIT = 150

log = logging.getLogger(__name__)


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


def client_key(request) -> str | None:
    """The address the limiter counts by: :func:`client_address`, an IPv6 one as its /64 network (one host
    usually holds a whole /64: counting each address would give it 2^64 budgets)."""
    address = client_address(request)
    if address is None:
        return None
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:  # a REMOTE_ADDR that is no address (a test client's, a socket's): counted as it is
        return address
    if ip.version == 6 and ip.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{ip}/64", strict=False).network_address)
    return address


def _known(username: str) -> bool:
    User = get_user_model()
    return bool(username) and User._default_manager.filter(**{User.USERNAME_FIELD: username}).exists()


def _lock_seconds(failures: int) -> float:
    """How long an address stays locked out of an account after its last failure: the window at the limit,
    doubling after."""
    extra = failures - settings.LOGIN_FAILURE_LIMIT
    return min(settings.LOGIN_FAILURE_WINDOW_SECONDS * 2 ** min(extra, 32), settings.LOGIN_LOCK_MAX_SECONDS)


def _slowdown_seconds(failures: int) -> float:
    """How long an address that failed waits after its last failure, once the account has ``failures``."""
    extra = failures - settings.LOGIN_ACCOUNT_SLOWDOWN_AFTER
    return min(settings.LOGIN_SLOWDOWN_SECONDS * 2 ** min(extra, 32), settings.LOGIN_SLOWDOWN_MAX_SECONDS)


@dataclass(frozen=True)
class Refusal:
    seconds: float  # until the next attempt is heard

    @property
    def minutes(self) -> int:
        return max(1, math.ceil(self.seconds / 60))


def usual_address(*, username: str, address: str | None) -> bool:
    """Whether the account signed in from ``address`` in the last LOGIN_USUAL_ADDRESS_DAYS."""
    if address is None:
        return False
    since = timezone.now() - datetime.timedelta(days=settings.LOGIN_USUAL_ADDRESS_DAYS)
    return LoginAddress.objects.filter(username=username, address=address, last_at__gte=since).exists()


def lock_left(*, username: str, address: str | None, now: datetime.datetime | None = None) -> float:
    """Seconds this address is still locked out of this account by its own failures (0: not locked)."""
    now = now or timezone.now()
    since = now - datetime.timedelta(seconds=settings.LOGIN_LOCK_MAX_SECONDS)
    own = LoginFailure.objects.filter(username=username, address=address, at__gte=since)
    failures = own.count()
    if failures < settings.LOGIN_FAILURE_LIMIT:
        return 0.0
    last = own.order_by("-at").values_list("at", flat=True).first()
    assert last is not None
    return max(0.0, (last - now).total_seconds() + _lock_seconds(failures))


def slowdown_left(*, username: str, address: str | None, now: datetime.datetime | None = None) -> float:
    """Seconds this address still waits under the account's slow-down (0: none), not counting usual addresses."""
    now = now or timezone.now()
    window = now - datetime.timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    recent = LoginFailure.objects.filter(username=username, at__gte=window)
    failures = recent.count()
    if failures < settings.LOGIN_ACCOUNT_SLOWDOWN_AFTER:
        return 0.0
    last_own = recent.filter(address=address).order_by("-at").values_list("at", flat=True).first()
    if last_own is None:
        # An address that has not failed for the account has its password checked — while few have: an attacker
        # with many addresses (a botnet, an IPv6 range, a forged X-Forwarded-For behind a misconfigured proxy
        # count) then waits like the others, after the account's last failure.
        if recent.values("address").distinct().count() < settings.LOGIN_FRESH_ADDRESSES:
            return 0.0
        last_own = recent.order_by("-at").values_list("at", flat=True).first()
        assert last_own is not None
    return max(0.0, (last_own - now).total_seconds() + _slowdown_seconds(failures))


def refusal(*, username: str, address: str | None) -> Refusal | None:
    """Why this attempt is refused before its password is checked, or None."""
    now = timezone.now()
    if _known(username):
        left = lock_left(username=username, address=address, now=now)
        if not left and not usual_address(username=username, address=address):
            left = slowdown_left(username=username, address=address, now=now)
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
    username = username[:USERNAME_LIMIT]
    LoginFailure.objects.create(username=username, address=address)
    now = timezone.now()
    # Rows older than the longest lock count for nothing: prune them as we go.
    LoginFailure.objects.filter(
        at__lt=now - datetime.timedelta(seconds=settings.LOGIN_LOCK_MAX_SECONDS)
    ).delete()
    window = now - datetime.timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    recent = LoginFailure.objects.filter(username=username, at__gte=window)
    if recent.count() == settings.LOGIN_ACCOUNT_SLOWDOWN_AFTER and _known(username):
        addresses = recent.values("address").distinct().count()
        log.warning(
            "login: account %r slowed down: %d failed sign-ins from %d addresses in %d minutes",
            username,
            settings.LOGIN_ACCOUNT_SLOWDOWN_AFTER,
            addresses,
            settings.LOGIN_FAILURE_WINDOW_SECONDS // 60,
        )


def failures_clear(*, username: str, address: str | None = None, everywhere: bool = False) -> int:
    """Forget the account's failures from ``address`` (a successful sign-in there), or from every address (the
    admin lifting a lock). Returns how many were forgotten."""
    failures = LoginFailure.objects.filter(username=username[:USERNAME_LIMIT])
    if not everywhere:
        failures = failures.filter(address=address)
    return failures.delete()[0]


def success_record(*, username: str, address: str | None) -> None:
    """A successful sign-in: that address's failures are forgotten, and it is one of the account's usual ones."""
    failures_clear(username=username, address=address)
    if address is not None:
        LoginAddress.objects.update_or_create(
            username=username[:USERNAME_LIMIT], address=address, defaults={"last_at": timezone.now()}
        )


def on_login_failed(sender, credentials, request=None, **kwargs) -> None:
    """user_login_failed: count a failed web sign-in (calls without a request — scripts, tests — are not)."""
    if request is None:
        return
    User = get_user_model()
    raw = credentials.get("username", credentials.get(User.USERNAME_FIELD, ""))
    failure_record(username=normalise_username(raw), address=client_key(request))


def on_logged_in(sender, request, user, **kwargs) -> None:
    """user_logged_in: a successful sign-in clears the account's failures from its address and marks it usual
    (a sign-in without a request — force_login in tests — clears nothing)."""
    if request is None:
        return
    success_record(username=user.get_username(), address=client_key(request))
