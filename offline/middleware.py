"""Mark what must never be kept for another user, so the service worker (and any shared cache) leaves it alone.

Browsers hide ``Set-Cookie`` from service workers (a forbidden response header), so the worker cannot see it;
this middleware turns the rules into ``Cache-Control``, which the worker reads (static/sw.js ``cacheable``):

* a club's pages, accounts, the admin, practice (a trainee's progress) and their APIs → ``private, no-store``;
* a page served to a signed-in user (the top bar names him) → ``private``;
* a response that sets a cookie → ``private``. The one exception is the CSRF cookie, which Django re-sends on
  every page holding a form (the language switch is on every page): it is this browser's own token, not content,
  and the pages the worker keeps for offline use are fetched without cookies anyway (static/js/pages/offline.js).

It sits near the top of MIDDLEWARE so it sees the cookies the session and CSRF middlewares add on the way out.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.cache import patch_cache_control

PRIVATE_PREFIXES: tuple[str, ...] = (
    "/clubs/",
    "/accounts/",
    "/admin/",
    "/api/clubs/",
    "/practice/",
    "/api/practice/",
)
"""Paths whose responses belong to one user or club: never stored by the service worker (static/sw.js)."""


def is_private_path(path: str) -> bool:
    return path.startswith(PRIVATE_PREFIXES)


def _sets_personal_cookie(response) -> bool:
    exempt = {settings.CSRF_COOKIE_NAME}
    return any(name not in exempt for name in response.cookies)


class PrivateResponsesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if is_private_path(request.path):
            patch_cache_control(response, private=True, no_store=True)
        elif _sets_personal_cookie(response):
            patch_cache_control(response, private=True)
        else:
            user = getattr(request, "user", None)
            if user is not None and user.is_authenticated:
                patch_cache_control(response, private=True)
        return response
