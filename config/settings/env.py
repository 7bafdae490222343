"""Reading settings from the environment: a bad value stops the start with ImproperlyConfigured naming it."""

from __future__ import annotations

import math
import os
import zlib
from collections import Counter

from django.core.exceptions import ImproperlyConfigured

TRUE = {"1", "true", "yes", "on"}
FALSE = {"0", "false", "no", "off", ""}


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in TRUE:
        return True
    if value in FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r}: use 1 or 0 (true/false, yes/no, on/off).")


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    raw = os.environ.get(name)
    if raw is None or not raw.strip():
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r}: a whole number is needed.") from None
    if value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r}: must be at least {minimum}.")
    return value


def env_list(name: str) -> list[str]:
    """A comma-separated list, blanks dropped."""
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


# A key's characters must carry this many bits (Shannon entropy of its characters × its length), and zlib must
# not shrink it below this share of its length: a repeated pattern ("changeme" × 8, "abcde" × 10) compresses to a
# third; random keys (token_urlsafe, token_hex, Django's generator) never below 0.85 at 50 characters and more.
SECRET_KEY_MIN_BITS = 128
SECRET_KEY_MIN_COMPRESSED = 0.75


def secret_key_bits(key: str) -> float:
    counts = Counter(key)
    return -sum(n * math.log2(n / len(key)) for n in counts.values())


def secret_key_predictable(key: str) -> bool:
    """Whether ``key`` has too little entropy or repeats itself (security review N5)."""
    compressed = len(zlib.compress(key.encode("utf-8"), 9))
    return secret_key_bits(key) < SECRET_KEY_MIN_BITS or compressed < SECRET_KEY_MIN_COMPRESSED * len(key)
