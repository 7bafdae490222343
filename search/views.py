from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from search.query import MAX_QUERY_LENGTH, SearchInputError, search

PAGE_LIMIT = 50


def search_page(request):
    """/search/?q=: a reference goes straight to its section; anything else lists results grouped by law."""
    query = request.GET.get("q", "")
    try:
        result = search(query, limit=PAGE_LIMIT)
    except SearchInputError:
        error = _("搜索词太长了，请缩短到%(max)s字以内。") % {"max": MAX_QUERY_LENGTH}
        context = {"query": query[:MAX_QUERY_LENGTH], "error": error}
        return render(request, "search/results.html", context, status=400)
    if result.jump is not None:
        return redirect(result.jump.url)
    return render(
        request, "search/results.html", {"query": query, "result": result, "groups": result.groups()}
    )
