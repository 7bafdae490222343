"""/api/boards/<n>/: Law 2 from board 1 to 10,000 (L6: a 30-digit board answered 200); the score query too."""

import pytest
from django.test import Client


@pytest.mark.parametrize("number", [0, 10001, 10**30])
def test_a_board_beyond_the_range_is_400(number):
    response = Client().get(f"/api/boards/{number}/")
    assert response.status_code == 400
    assert response.json()["field"] == "board"


def test_boards_in_the_range_answer():
    assert Client().get("/api/boards/1/").json()["dealer"] == "N"
    assert Client().get("/api/boards/10000/").status_code == 200


@pytest.mark.parametrize("board", ["0", "10001", "99999999999999999999"])
def test_the_score_query_bounds_its_board_too(board):
    response = Client().get(
        "/api/score/", {"contract": "4S", "declarer": "N", "tricks": "10", "board": board}
    )
    assert response.status_code == 400 and response.json()["field"] == "board"
