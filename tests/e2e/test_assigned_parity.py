"""The browser's builder and poll (static/js/assigned-builder.js) against the Python engine, in chromium.

Every request of tests/offline/assigned_cases.py — 400 generated good ones (every vulnerability and board form,
both offending sides, passed-out and doubled results, ties, the table result kept, IMPs and matchpoints, committee
weights) and every kind of bad input — and the poll's cases: the answer must be the same dict as the API's, or the
same error (field, English message, code and params); and each error's Chinese text must be the server's.
"""

from __future__ import annotations

import json

import pytest

from bridge.assigned_builder import build_assigned
from bridge.errors import FieldError
from bridge.poll import tally
from tests.offline.assigned_cases import builder_cases, poll_cases

pytestmark = [pytest.mark.e2e, pytest.mark.django_db]

LOAD = """async () => {
  const response = await fetch('/offline/tables.json');
  window.T = await response.json();
  return Object.keys(window.T.comparison).length;
}"""


def server(function, data) -> dict:
    try:
        return {"status": "ok", "answer": json.loads(json.dumps(function(data).as_dict()))}
    except FieldError as exc:
        return {
            "status": "error",
            "error": exc.message,
            "field": exc.field,
            "code": exc.code,
            "params": json.loads(json.dumps(exc.params)),
            "zh": exc.text("zh-hans"),
        }


@pytest.fixture
def builder_page(open_page):
    page = open_page("/tools/assigned/")
    page.wait_for_function("window.CaipanAssigned && window.CaipanTree && window.CaipanMessages")
    assert page.evaluate(LOAD) > 0
    return page


def browser(page, fn: str, cases: list) -> list:
    return page.evaluate(
        """([fn, cases]) => cases.map((c) => {
             const out = CaipanAssigned[fn](c, T);
             if (out.status === 'error') out.zh = CaipanMessages.text(T.messages, out.code, out.params, 'zh-hans');
             return out; })""",
        [fn, cases],
    )


def test_the_builder_answers_as_the_server_on_every_case(builder_page):
    cases = builder_cases()
    got = browser(builder_page, "buildOrError", cases)
    mismatches = [(case, server(build_assigned, case), mine) for case, mine in zip(cases, got, strict=True)]
    mismatches = [m for m in mismatches if m[1] != m[2]]
    assert not mismatches, json.dumps(mismatches[:2], ensure_ascii=False, indent=1)
    statuses = [server(build_assigned, case)["status"] for case in cases]
    assert statuses.count("ok") >= 400 and statuses.count("error") >= 60


def test_the_poll_answers_as_the_server_on_every_case(builder_page):
    cases = poll_cases()
    got = browser(builder_page, "tallyOrError", cases)
    mismatches = [(case, server(tally, case), mine) for case, mine in zip(cases, got, strict=True)]
    mismatches = [m for m in mismatches if m[1] != m[2]]
    assert not mismatches, json.dumps(mismatches[:2], ensure_ascii=False, indent=1)


ROUNDING = [
    0.125,
    0.375,
    2.675,
    1.005,
    3.125,
    -3.125,
    12.345,
    0.5,
    1.5,
    2.5,
    -0.0049,
    99.995,
    66.66666666666667,
    1e-7,
]


def test_python_rounding_in_the_browser(builder_page):
    """round(x, 2) rounds a tie to even on x's exact value; the port must too (percentages, weighted scores)."""
    got = builder_page.evaluate("(xs) => xs.map((x) => CaipanAssigned.pyRound(x, 2))", ROUNDING)
    assert got == [round(value, 2) for value in ROUNDING]
