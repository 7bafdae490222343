"""The ``edition`` query parameter the API takes on the laws, definitions, search and trees endpoints (issue 28):
a loaded edition's code (``all`` where an endpoint can answer from every edition); unknown → a 400 naming
``edition``. Left out, the request's working edition (laws.editions: the choice cookie, the club's default, the
site default)."""

from __future__ import annotations

from typing import Literal, overload

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter

from bridge.errors import FieldError
from laws import editions, selectors
from laws.models import Edition


def _known() -> list[str]:
    return sorted(set(Edition.objects.values_list("code", flat=True)) | set(editions.KNOWN))


def unknown(code: str) -> FieldError:
    return FieldError(
        _("未知的规则版本：%(edition)s（可选：%(codes)s）"),
        "edition",
        edition=code[:40],
        codes=", ".join(_known()),
    )


@overload
def edition_param(request, *, allow_all: Literal[False] = False) -> Edition: ...
@overload
def edition_param(request, *, allow_all: bool) -> Edition | None: ...


def edition_param(request, *, allow_all: bool = False) -> Edition | None:
    """The edition an API request asks for; None for ``all`` (when allowed)."""
    try:
        return selectors.edition_for_api(request, allow_all=allow_all)
    except selectors.UnknownEdition as exc:
        raise unknown(exc.code) from None


def edition_code_param(request) -> str | None:
    """For data that is not in the database (the trees): a known code, or None when left out."""
    code = request.GET.get(editions.PARAM)
    if not code:
        return None
    if code not in _known():
        raise unknown(code)
    return code


def schema_parameter(*, allow_all: bool = False) -> OpenApiParameter:
    choices = list(editions.KNOWN) + ([editions.ALL] if allow_all else [])
    return OpenApiParameter(
        editions.PARAM,
        str,
        enum=choices,
        description=(
            "the edition of the law base (ccba-1999: the CCBA 1999 rulebook; wbf-2017: project summaries of the "
            "WBF 2017 Laws)"
            + ("; all: every edition, the working edition's results first" if allow_all else "")
            + ". Left out: the browser's chosen edition (cookie), the club's default, else the site default "
            f"({'ccba-1999'}). An unknown edition is a 400 naming `edition`."
        ),
    )
