"""The search page (/search/?q=): the same query service as the API, as HTML; bad input answers 400."""

from django.shortcuts import redirect, render

from core.errors import error_context
from laws import editions, selectors
from search.generation import SearchUnavailable
from search.query import MAX_QUERY_LENGTH, SearchInputError, search

PAGE_LIMIT = 50


def search_page(request):
    """/search/?q=: a reference goes straight to its section; anything else lists the ruling trees the query
    names, then the results grouped by law. A 503 while the index is being rebuilt."""
    query = request.GET.get("q", "")
    edition = selectors.edition_for(request) if request.GET.get("edition") != editions.ALL else None
    working = edition or selectors.edition_for_api_default(request)
    every = edition is None
    try:
        result = search(query, limit=PAGE_LIMIT, edition=working.code, all_editions=every)
    except (SearchInputError, SearchUnavailable) as exc:
        context = {"query": query[:MAX_QUERY_LENGTH], "error": error_context(exc)}
        return render(request, "search/results.html", context, status=getattr(exc, "status_code", 400))
    if result.jump is not None:
        return redirect(result.jump.url)
    return render(
        request,
        "search/results.html",
        {
            "query": query,
            "result": result,
            "groups": result.groups(),
            "searched_edition": working,
            "all_editions": every,
        },
    )
