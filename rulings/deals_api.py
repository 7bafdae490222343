"""API of deals (issue 30): read PBN hand records, and a deal's double-dummy table and par.

``POST /api/deals/import/`` reads PBN (a ``[Deal]`` with its tags, or a session's file) and answers its boards;
``POST /api/deals/double-dummy/`` solves one deal with endplay's solver (an aid for the director, not Law 12C's
"likely" test), cached per deal in Django's cache so each deal is solved once. Nothing is saved; bad input is a
400 naming the field (``pbn``, ``hands.E``, ``board``) with the PBN line in the message.

The solver is open to anyone and a new deal costs up to 2 s of CPU, so it is throttled (DRF's throttling, the rates
in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``): ``double_dummy_anon`` per client address (accounts.limiter's
``client_key``: REMOTE_ADDR, or behind ``TRUSTED_PROXY_COUNT`` proxies the address they saw, an IPv6 one as its
/64), ``double_dummy_user`` per signed-in user (a session or a token), higher. Over the rate: 429 with
``Retry-After`` and a message saying when to try again (core.api.exception_handler).
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from drf_spectacular.utils import OpenApiExample, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication
from rest_framework.decorators import api_view, authentication_classes, throttle_classes
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from accounts.limiter import client_key
from accounts.tokens import HashedTokenAuthentication
from bridge import messages
from bridge.deals import BOARD_MAX, PBN_LIMIT, Deal, double_dummy, read_deal, read_pbn
from bridge.errors import DealError, EngineError
from core.openapi import SEATS, VULNERABILITIES, errors

CACHE_SECONDS = 30 * 24 * 3600
STRAINS = ["C", "D", "H", "S", "NT"]

_HANDS = inline_serializer(
    "DealHands",
    {seat: serializers.CharField(required=False, allow_blank=True, allow_null=True) for seat in SEATS},
    help_text="by seat: SAK3 HQJ10 C54 or PBN's AK3.QJT..54; one hand may be left out (filled from the rest)",
)
DEAL = inline_serializer(
    "Deal",
    {
        "board": serializers.IntegerField(allow_null=True),
        "dealer": serializers.ChoiceField(SEATS),
        "vulnerability": serializers.ChoiceField(VULNERABILITIES),
        "hands": inline_serializer("DealHandsRead", {seat: serializers.CharField() for seat in SEATS}),
        "pbn": serializers.CharField(help_text="PBN's [Deal] value from North"),
    },
)
DEAL_REQUEST = inline_serializer(
    "DealRequest",
    {
        "hands": _HANDS,
        "pbn": serializers.CharField(
            required=False,
            max_length=PBN_LIMIT,
            help_text="instead of hands: a [Deal] with its tags, or a file",
        ),
        "board": serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=1,
            max_value=BOARD_MAX,
            help_text="Law 2 / the file's board",
        ),
        "dealer": serializers.ChoiceField(SEATS, required=False, allow_null=True),
        "vulnerability": serializers.ChoiceField(VULNERABILITIES, required=False, allow_null=True),
    },
)
IMPORT_REQUEST = inline_serializer(
    "DealImportRequest",
    {
        "pbn": serializers.CharField(
            max_length=PBN_LIMIT, help_text="a [Deal] with its tags, or a session's file"
        ),
        "board": serializers.IntegerField(
            required=False, allow_null=True, min_value=1, max_value=BOARD_MAX, help_text="the board to pick"
        ),
    },
)
IMPORT = inline_serializer(
    "DealImport",
    {
        "boards": serializers.ListField(child=DEAL, help_text="every deal of the text, in its order"),
        "deal": serializers.DictField(
            allow_null=True, help_text="the board asked for, or the only one (a Deal); null otherwise"
        ),
    },
)
DOUBLE_DUMMY = inline_serializer(
    "DoubleDummy",
    {
        "deal": DEAL,
        "tricks": serializers.DictField(
            child=serializers.DictField(child=serializers.IntegerField(min_value=0, max_value=13)),
            help_text="tricks by declarer (N E S W) then strain (C D H S NT), double dummy",
        ),
        "par_score": serializers.IntegerField(help_text="for North–South"),
        "par": serializers.ListField(
            child=inline_serializer(
                "ParContract",
                {
                    "contract": serializers.CharField(),
                    "declarer": serializers.ChoiceField(SEATS),
                    "tricks": serializers.IntegerField(),
                },
            )
        ),
        "cached": serializers.BooleanField(help_text="whether this deal was solved before"),
        "aid": serializers.DictField(
            child=serializers.CharField(), help_text="{zh, en}: what the table is, and is not"
        ),
    },
)

AID_NOTE = {
    "zh": "双明手分析（四手牌全部可见）：仅供裁判参考，不是第12C2条“很可能”或“有可能”的判断；"
    "那一判断要问的是牌桌上的牌手本会怎样做。",
    "en": "Double-dummy analysis with all four hands seen: an aid for the director. It is not Law 12C2's "
    "'likely' or 'at all probable' test, which asks what the players at the table would have done.",
}
EXAMPLE_PBN = (
    '[Board "3"]\n[Dealer "S"]\n[Vulnerable "EW"]\n'
    '[Deal "N:A8653.T53.K62.J7 JT742.Q76.J3.K85 K.AKJ842.A54.642 Q9.9.QT987.AQT93"]\n'
)


def _body(request) -> dict:
    if not isinstance(request.data, dict):
        raise EngineError(messages.BODY_NOT_OBJECT)
    return request.data


@extend_schema(
    operation_id="deal_import",
    description='Read PBN: a [Deal "N:…"] with [Board], [Dealer], [Vulnerable], or a session\'s whole file. '
    "Bad input → 400 {error, field} naming the field (pbn, board) and the PBN line in the message. Nothing is saved.",
    request=IMPORT_REQUEST,
    responses={200: IMPORT, **errors(400)},
    examples=[OpenApiExample("One board", request_only=True, value={"pbn": EXAMPLE_PBN})],
)
@api_view(["POST"])
def deal_import(request):
    body = _body(request)
    unknown = sorted(str(key) for key in body if key not in ("pbn", "board"))
    if unknown:
        raise DealError(messages.UNKNOWN_KEY, unknown[0], name=unknown[0])
    pbn = body.get("pbn")
    if not isinstance(pbn, str) or not pbn.strip():
        raise DealError(messages.PBN_EMPTY, "pbn")
    boards = read_pbn(pbn)
    deal = boards[0] if len(boards) == 1 else None
    if body.get("board") not in (None, ""):
        deal = read_deal({"pbn": pbn, "board": body["board"]})
    return Response({"boards": [b.as_dict() for b in boards], "deal": deal.as_dict() if deal else None})


def cache_key(pbn: str, dealer: str, vulnerability: str) -> str:
    """The cache key of a deal's double-dummy answer (the par depends on the dealer and the vulnerability)."""
    text = f"{pbn}|{dealer}|{vulnerability}"
    return "deals.dd." + hashlib.sha256(text.encode()).hexdigest()


def _cache_key(deal: Deal) -> str:
    return cache_key(deal.pbn, deal.dealer.value, deal.vulnerability.value)


def _signed_in(request) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


class _SolverThrottle(SimpleRateThrottle):
    """The rate is read when asked (not when the class is made), so a changed setting takes effect at once."""

    def get_rate(self) -> str | None:
        rate = api_settings.DEFAULT_THROTTLE_RATES.get(self.scope) if self.scope else None
        return None if rate is None else str(rate)


class SolverAnonThrottle(_SolverThrottle):
    """Anyone not signed in: counted per client address."""

    scope = "double_dummy_anon"

    def get_cache_key(self, request, view) -> str | None:
        if _signed_in(request):
            return None
        return self.cache_format % {"scope": self.scope, "ident": client_key(request) or "unknown"}


class SolverUserThrottle(_SolverThrottle):
    """A signed-in user (a director at the table): counted per user, at a higher rate."""

    scope = "double_dummy_user"

    def get_cache_key(self, request, view) -> str | None:
        if not _signed_in(request):
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


@extend_schema(
    operation_id="deal_double_dummy",
    description="The double-dummy table (tricks for each declarer and strain) and the par score of one deal, by "
    "endplay's solver (Bo Haglund's DDS). " + AID_NOTE["en"] + " Cached per deal: each deal is solved once. "
    "Throttled: 30 a minute per address, 120 per signed-in user (429 with Retry-After over the rate).",
    request=DEAL_REQUEST,
    responses={200: DOUBLE_DUMMY, **errors(400, 429)},
    examples=[OpenApiExample("From PBN", request_only=True, value={"pbn": EXAMPLE_PBN})],
)
@api_view(["POST"])
@authentication_classes([HashedTokenAuthentication, SessionAuthentication])
@throttle_classes([SolverAnonThrottle, SolverUserThrottle])
def deal_double_dummy(request):
    deal = read_deal(_body(request))
    key = _cache_key(deal)
    solved = cache.get(key)
    cached = solved is not None
    if solved is None:
        solved = double_dummy(deal).as_dict()
        cache.set(key, solved, CACHE_SECONDS)
    return Response({"deal": deal.as_dict(), **solved, "cached": cached, "aid": AID_NOTE})
